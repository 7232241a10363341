"""``mindspore.numpy`` comparisons and logic: element-wise comparisons, ``isnan``/``isinf``
and friends, logical operators, set membership, array equality."""
import numbers

import numpy as onp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat import ops
from .utils import to_tensor, check_tensor, check_dtype, raise_type, canonical_axis
from .array_creations import asarray, zeros, ones
from .math_ops import _apply, _isnan, _cast
from .array_ops import _broadcast_shape

__all__ = ["not_equal", "less_equal", "less", "greater_equal", "greater", "equal", "isfinite", "isnan", "isinf",
           "isposinf", "isneginf", "isscalar", "logical_and", "logical_not", "logical_or", "logical_xor", "in1d",
           "isin", "isclose", "signbit", "sometrue", "array_equal", "array_equiv", "setdiff1d"]


def not_equal(x1, x2, dtype=None):
    """Element-wise ``x1 != x2``."""
    check_tensor(x1, x2)
    return _apply(ops.not_equal, x1, x2, dtype=dtype)


def less_equal(x1, x2, dtype=None):
    """Element-wise ``x1 <= x2``."""
    check_tensor(x1, x2)
    return _apply(ops.less_equal, x1, x2, dtype=dtype)


def less(x1, x2, dtype=None):
    """Element-wise ``x1 < x2``."""
    return _apply(ops.less, x1, x2, dtype=dtype)


def greater_equal(x1, x2, dtype=None):
    """Element-wise ``x1 >= x2``."""
    return _apply(ops.greater_equal, x1, x2, dtype=dtype)


def greater(x1, x2, dtype=None):
    """Element-wise ``x1 > x2``."""
    return _apply(ops.greater, x1, x2, dtype=dtype)


def equal(x1, x2, dtype=None):
    """Element-wise ``x1 == x2``."""
    return _apply(ops.equal, x1, x2, dtype=dtype)


def isfinite(x, dtype=None):
    """Element-wise test for finiteness."""
    return _apply(ops.isfinite, x, dtype=dtype)


def isnan(x, dtype=None):
    """Element-wise test for NaN."""
    return _apply(_isnan, x, dtype=dtype)


def _isinf(x):
    z = zeros(x.shape, mstype.float32)
    o = ones(x.shape, mstype.float32)
    res = ops.select(ops.isfinite(x), z, o)
    res = ops.select(_isnan(x), z, res)
    return ops.cast(res, mstype.bool_)


def isinf(x, dtype=None):
    """Element-wise test for positive or negative infinity."""
    return _apply(_isinf, x, dtype=dtype)


def _sign_inf(x, cmp):
    z = zeros(x.shape, mstype.float32)
    o = ones(x.shape, mstype.float32)
    res = ops.select(ops.isfinite(x), z, o)
    res = ops.select(cmp(x, z), res, z)
    return ops.cast(res, mstype.bool_)


def isposinf(x):
    """Element-wise test for positive infinity."""
    check_tensor(x)
    return _sign_inf(x, ops.greater)


def isneginf(x):
    """Element-wise test for negative infinity."""
    return _sign_inf(x, ops.less)


def isscalar(element):
    """True for a Python number or string (a Tensor is never a scalar here)."""
    return isinstance(element, (numbers.Number, str, onp.generic)) and not isinstance(element, Tensor)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Element-wise ``|a - b| <= atol + rtol * |b|``."""
    a, b = to_tensor(a, b)
    return ops.IsClose(rtol=rtol, atol=atol, equal_nan=equal_nan)(a, b)


def in1d(ar1, ar2, invert=False):
    """Whether each element of ``ar1`` (flattened) is in ``ar2``."""
    ar1, ar2 = to_tensor(ar1, ar2)
    hits = ops.equal(ops.expand_dims(ar1.ravel(), -1), ar2.ravel())
    res = ops.ReduceSum()(hits.astype(mstype.float32), -1).astype(mstype.bool_)
    return ops.logical_not(res) if invert else res


def isin(element, test_elements, invert=False):
    """Whether each element of ``element`` is in ``test_elements`` (shape of ``element``)."""
    element = to_tensor(element)
    return ops.reshape(in1d(element, test_elements, invert=invert), element.shape)


def logical_not(a, dtype=None):
    """Element-wise logical NOT."""
    return _apply(ops.logical_not, a, dtype=dtype)


def _logical(op):
    def fn(a, b):
        _broadcast_shape(a.shape, b.shape)  # ValueError, as MindSpore's logical ops raise
        return op(a, b)
    return fn


def logical_or(x1, x2, dtype=None):
    """Element-wise logical OR."""
    return _apply(_logical(ops.logical_or), x1, x2, dtype=dtype)


def logical_and(x1, x2, dtype=None):
    """Element-wise logical AND."""
    return _apply(_logical(ops.logical_and), x1, x2, dtype=dtype)


def logical_xor(x1, x2, dtype=None):
    """Element-wise logical XOR."""
    check_tensor(x1)
    check_tensor(x2)
    either = _logical(ops.logical_or)(x1, x2)
    not_both = ops.logical_or(ops.logical_not(x1), ops.logical_not(x2))
    return _apply(ops.logical_and, either, not_both, dtype=dtype)


def array_equal(a1, a2, equal_nan=False):
    """True when both have the same shape and elements."""
    a1 = asarray(a1)
    a2 = asarray(a2)
    if not isinstance(equal_nan, bool):
        raise_type("equal_nan must be bool.")
    if a1.shape == a2.shape:
        res = equal(a1, a2)
        if equal_nan:
            res = logical_or(res, logical_and(isnan(a1), isnan(a2)))
        return res.all()
    return to_tensor(False)


def array_equiv(a1, a2):
    """True when the inputs broadcast to each other and are equal element-wise."""
    a1 = asarray(a1)
    a2 = asarray(a2)
    try:
        onp.broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return to_tensor(False)
    return equal(a1, a2).all()


def signbit(x, dtype=None):
    """Element-wise ``x < 0``."""
    if dtype is not None and check_dtype(dtype) != mstype.bool_:
        raise_type("Casting was not allowed for signbit.")
    res = ops.less(to_tensor(x), 0)
    return res if dtype is None else _cast(res, check_dtype(dtype))


def sometrue(a, axis=None, keepdims=False):
    """Whether any element (along ``axis``) is non-zero."""
    if not isinstance(keepdims, int):
        raise_type("integer argument expected, but got ", keepdims)
    if axis is not None:
        if not isinstance(axis, (int, tuple)) or isinstance(axis, bool):
            raise TypeError(f"axis should be int or tuple of ints, but got {type(axis)}")
        axis = canonical_axis(axis, a.ndim)
    a = to_tensor(a)
    return ops.not_equal(a, 0).any(axis, keepdims not in (0, False))


def setdiff1d(ar1, ar2, assume_unique=False):
    """The sorted unique values of ``ar1`` that are not in ``ar2``."""
    if not isinstance(assume_unique, bool):
        raise_type("assume_unique is not bool type.")
    ar1, ar2 = to_tensor(ar1, ar2)
    if assume_unique:
        ar1 = ar1.ravel()
    else:
        ar1 = ops.unique(ar1)[0].sort()[0]
        ar2 = ops.unique(ar2)[0].sort()[0]
    return ops.masked_select(ar1, in1d(ar1, ar2, invert=True))
