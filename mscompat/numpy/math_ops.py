"""``mindspore.numpy`` math: element-wise arithmetic and transcendental functions,
reductions (with ``initial``/``where``), nan-aware reductions, products and linear algebra
helpers, polynomials, histograms, ``norm``.

Each function runs MindSpore's ops (``mscompat.ops``) on the Tensor form of its inputs,
so dtypes and argument errors follow MindSpore's ops; Python values become int32/float32.
"""
import builtins
import functools
import itertools
import operator
import sys

import numpy as onp
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat import ops
from .dtypes import nan, pi, inf, dtype_map, rule_for_trigonometric
from .utils import (to_tensor, to_tensor_origin, wrap, check_tensor, check_dtype, raise_type, raise_value,
                    check_axes, check_axis, canonical_axis, is_float, np_dtype, _expand)
from .utils_const import _tile_size
from .array_ops import (promote, concatenate, flip, where as _where, broadcast_to, stack, atleast_1d, expand_dims,
                        _broadcast_shape)
from .array_creations import (full, zeros, ones, empty, eye, _const_array, histogram_bin_edges, arange,
                              diag, full_like)

__all__ = ["absolute", "count_nonzero", "clip", "deg2rad", "rad2deg", "add", "subtract", "multiply", "divide",
           "true_divide", "power", "float_power", "minimum", "mean", "inner", "dot", "outer", "tensordot", "std",
           "var", "ptp", "average", "matmul", "square", "sqrt", "reciprocal", "log", "maximum", "heaviside",
           "amax", "amin", "hypot", "floor", "floor_divide", "remainder", "fix", "fmod", "trunc", "exp", "expm1",
           "divmod_", "diff", "ediff1d", "trapz", "gcd", "lcm", "convolve", "cov", "nanmax", "nanmin", "nansum",
           "nanmean", "nanvar", "nanstd", "exp2", "kron", "cross", "ceil", "positive", "negative", "cumsum",
           "nancumsum", "cbrt", "log1p", "logaddexp", "log2", "logaddexp2", "log10", "sin", "cos", "tan",
           "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "arctan2",
           "promote_types", "corrcoef", "gradient", "sum_", "multi_dot", "argmax", "argmin", "searchsorted",
           "interp", "sign", "copysign", "digitize", "bincount", "histogram", "histogramdd", "histogram2d",
           "matrix_power", "around", "polyadd", "polysub", "polyval", "polyder", "polymul", "polyint",
           "result_type", "unwrap", "cumprod", "ravel_multi_index", "norm", "bitwise_and", "bitwise_or",
           "bitwise_xor", "invert", "rint", "correlate", "radians"]

def _apply(fn, *args, dtype=None):
    """``fn`` on the Tensor form of ``args``, cast to ``dtype`` when one is given."""
    args = to_tensor(*args)
    res = fn(args) if isinstance(args, Tensor) else fn(*args)
    if dtype is not None and res.dtype != check_dtype(dtype):
        res = ops.cast(res, check_dtype(dtype))
    return res


def _isnan(x):
    return ops.isnan(x)


def _cast(x, dtype):
    return x if x.dtype == dtype else ops.cast(x, dtype)


# --- element-wise arithmetic -------------------------------------------------------------

def absolute(x, dtype=None):
    """Element-wise absolute value."""
    orig = x.dtype
    if orig not in (mstype.int32, mstype.float16, mstype.float32, mstype.float64) and dtype is None:
        return _apply(ops.absolute, x.astype(mstype.float32)).astype(orig)
    return _apply(ops.absolute, x, dtype=dtype)


def count_nonzero(x, axis=None, keepdims=False):
    """The number of non-zero values (along ``axis``)."""
    if 0 in x.shape:
        return Tensor(0, mstype.int32)
    return ops.count_nonzero(x, axis=() if axis is None else axis, keep_dims=keepdims)


def clip(x, xmin, xmax, dtype=None):
    """``x`` limited to [xmin, xmax]."""
    if xmin is None and xmax is None:
        raise_value("One of max or min must be given.")
    if xmin is not None:
        x = maximum(x, xmin, dtype=dtype)
    if xmax is not None:
        x = minimum(x, xmax, dtype=dtype)
    return x


def deg2rad(x, dtype=None):
    """Degrees to radians."""
    check_tensor(x)
    return _apply(lambda a: a * pi / 180.0, x, dtype=dtype)


def rad2deg(x, dtype=None):
    """Radians to degrees."""
    check_tensor(x)
    return _apply(lambda a: a * 180.0 / pi, x, dtype=dtype)


def radians(x, dtype=None):
    """Degrees to radians."""
    return deg2rad(x, dtype=dtype)


def subtract(x1, x2, dtype=None):
    """Element-wise ``x1 - x2``."""
    return _apply(ops.sub, x1, x2, dtype=dtype)


def add(x1, x2, dtype=None):
    """Element-wise ``x1 + x2`` (on CPU computed as ``x1 - (-x2)``, as MindSpore does)."""
    return subtract(x1, ops.neg(to_tensor(x2)), dtype=dtype)


def multiply(x1, x2, dtype=None):
    """Element-wise ``x1 * x2``."""
    check_tensor(x1, x2)
    shape = _broadcast_shape(x1.shape, x2.shape)
    return _apply(ops.mul, broadcast_to(x1, shape), broadcast_to(x2, shape), dtype=dtype)


def divide(x1, x2, dtype=None):
    """Element-wise true division (integers divide as float32)."""
    x1, x2 = to_tensor(x1, x2)
    if not is_float(x1.dtype) and not is_float(x2.dtype):
        x1 = ops.cast(x1, mstype.float32)
        x2 = ops.cast(x2, mstype.float32)
    return _apply(ops.div, x1, x2, dtype=dtype)


def true_divide(x1, x2, dtype=None):
    """Element-wise true division."""
    return divide(x1, x2, dtype=dtype)


def power(x1, x2, dtype=None):
    """Element-wise ``x1 ** x2``."""
    return _apply(ops.pow, x1, x2, dtype=dtype)


def float_power(x1, x2, dtype=None):
    """``x1 ** x2`` computed in float32 (both must be Tensors)."""
    check_tensor(x1, x2)
    x1 = _cast(x1, mstype.float32)
    x2 = _cast(x2, mstype.float32)
    return _apply(ops.pow, x1, x2, dtype=dtype)


def _prop_nan(fn, x1, x2):
    has_nan = ops.logical_or(_isnan(x1), _isnan(x2))
    res = fn(x1, x2)
    fill = ops.fill(promote(x1.dtype, x2.dtype), has_nan.shape, nan)
    return ops.select(has_nan, fill, res)


def _extremum(fn, x1, x2, dtype):
    for name, v in (("x1", x1), ("x2", x2)):
        if not isinstance(v, (int, float, bool, list, tuple, Tensor)):
            raise_type(f"Input {name} is expected to be array_like")
    x1 = x1 if isinstance(x1, Tensor) else _const_array(x1)
    x2 = x2 if isinstance(x2, Tensor) else _const_array(x2)
    if x1.ndim == 0 and x2.ndim == 0:
        return _apply(functools.partial(_prop_nan, fn), expand_dims(x1, 0), x2, dtype=dtype).squeeze()
    if x1.ndim == 0:
        dtype = x2.dtype
    elif x2.ndim == 0:
        dtype = x1.dtype
    return _apply(functools.partial(_prop_nan, fn), x1, x2, dtype=dtype)


def minimum(x1, x2, dtype=None):
    """Element-wise minimum (NaN propagates)."""
    return _extremum(ops.minimum, x1, x2, dtype)


def maximum(x1, x2, dtype=None):
    """Element-wise maximum (NaN propagates)."""
    return _extremum(ops.maximum, x1, x2, dtype)


def heaviside(x1, x2, dtype=None):
    """The Heaviside step function (``x2`` where ``x1 == 0``)."""
    def step(a, b):
        dt = promote(a.dtype, b.dtype)
        shape = _broadcast_shape(a.shape, b.shape)
        a = broadcast_to(_cast(a, dt), shape)
        b = broadcast_to(_cast(b, dt), shape)
        b = ops.select(a < 0, zeros(shape, dt), b)
        return ops.select(a > 0, ones(shape, dt), b)
    return _apply(step, x1, x2, dtype=dtype)


def hypot(x1, x2, dtype=None):
    """Element-wise ``sqrt(x1**2 + x2**2)``."""
    return _apply(lambda a, b: ops.sqrt(ops.sub(ops.square(a), ops.neg(ops.square(b)))), x1, x2, dtype=dtype)


def square(x, dtype=None):
    """Element-wise square."""
    return _apply(ops.square, x, dtype=dtype)


def sqrt(x, dtype=None):
    """Element-wise square root."""
    return _apply(ops.sqrt, x, dtype=dtype)


def reciprocal(x, dtype=None):
    """Element-wise ``1 / x``."""
    return _apply(lambda a: ops.tensor_div(1, a), x, dtype=dtype)


def log(x, dtype=None):
    """Element-wise natural logarithm."""
    return _apply(ops.log, x, dtype=dtype)


def floor(x, dtype=None):
    """Element-wise floor."""
    return _apply(ops.floor, x, dtype=dtype)


def floor_divide(x1, x2, dtype=None):
    """Element-wise floor division."""
    return _apply(ops.floor_divide, x1, x2, dtype=dtype)


def _remainder(x1, x2, c_style=False):
    dt = promote(x1.dtype, x2.dtype)
    if not is_float(dt):
        x1 = ops.cast(x1, mstype.float32)
        x2 = ops.cast(x2, mstype.float32)
    q = ops.div(x1, x2)
    q = fix(q) if c_style else ops.floor(q)
    res = ops.sub(x1, ops.mul(x2, q))
    if isinstance(dt, mstype.Int):
        z = zeros(q.shape, q.dtype)
        res = ops.select(ops.equal(x2, z), z, res)
    return _cast(res, dt)


def remainder(x1, x2, dtype=None):
    """Element-wise remainder with the sign of the divisor."""
    return _apply(_remainder, x1, x2, dtype=dtype)


def fmod(x1, x2, dtype=None):
    """Element-wise remainder with the sign of the dividend."""
    return _apply(lambda a, b: _remainder(a, b, c_style=True), x1, x2, dtype=dtype)


def fix(x):
    """Round towards zero (as float)."""
    check_tensor(x)
    if not is_float(x.dtype):
        x = ops.cast(x, mstype.float32)
    floored = ops.floor(x)
    ceiled = ops.neg(ops.floor(ops.neg(x)))
    return ops.select(ops.less(x, zeros(x.shape, x.dtype)), ceiled, floored)


def trunc(x, dtype=None):
    """Round towards zero (as float)."""
    return _apply(fix, x, dtype=dtype)


def exp(x, dtype=None):
    """Element-wise exponential."""
    return _apply(ops.exp, x, dtype=dtype)


def expm1(x, dtype=None):
    """Element-wise ``exp(x) - 1``."""
    return _apply(ops.expm1, x, dtype=dtype)


def exp2(x, dtype=None):
    """Element-wise ``2 ** x``."""
    return _apply(lambda a: ops.pow(2, a), x, dtype=dtype)


def divmod_(x1, x2, dtype=None):
    """``(floor_divide(x1, x2), remainder(x1, x2))``."""
    q = ops.floor_divide(x1, x2)
    r = remainder(x1, x2)
    if dtype is not None:
        q = q.astype(dtype)
        r = r.astype(dtype)
    return (q, r)


def ceil(x, dtype=None):
    """Element-wise ceiling (as float32)."""
    return _apply(lambda a: ops.neg(ops.floor(ops.neg(a.astype(mstype.float32)))), x, dtype=dtype)


def positive(a, dtype=None):
    """Element-wise ``+a``."""
    check_tensor(a)
    return _apply(ops.neg, ops.neg(a), dtype=dtype)


def negative(a, dtype=None):
    """Element-wise ``-a``."""
    return _apply(ops.neg, a, dtype=dtype)


def cbrt(x, dtype=None):
    """Element-wise cube root."""
    def fn(a):
        a = a.astype(promote(a.dtype, mstype.float32))
        mag = ops.absolute(a)
        return (mag / a) * ops.pow(mag, 1. / 3.)
    return _apply(fn, x, dtype=dtype)


def log1p(x, dtype=None):
    """Element-wise ``log(1 + x)``."""
    return _apply(lambda a: ops.log(a + 1), x, dtype=dtype)


def logaddexp(x1, x2, dtype=None):
    """``log(exp(x1) + exp(x2))``."""
    return _apply(lambda a, b: ops.log(ops.add(ops.exp(a), ops.exp(b))), x1, x2, dtype=dtype)


def _log_base(x, base, dtype):
    b = Tensor(base, x.dtype)
    return _apply(lambda a: ops.log(a) / ops.log(b), x, dtype=dtype)


def log2(x, dtype=None):
    """Element-wise base-2 logarithm."""
    return _log_base(x, 2, dtype)


def log10(x, dtype=None):
    """Element-wise base-10 logarithm."""
    return _log_base(x, 10, dtype)


def logaddexp2(x1, x2, dtype=None):
    """``log2(2**x1 + 2**x2)``."""
    check_tensor(x1, x2)
    return log2(ops.add(ops.pow(2, x1), ops.pow(2, x2)), dtype=dtype)


def _trig_input(x):
    check_tensor(x)
    res = rule_for_trigonometric.get(x.dtype)
    if res is None:
        raise TypeError(f"input dtype: {x.dtype} is not a mindspore datatype.")
    return ops.cast(x, res)


def _trig(op):
    def fn(x, dtype=None):
        return _apply(op, _trig_input(x), dtype=dtype)
    return fn


sin = _trig(ops.sin)
cos = _trig(ops.cos)
tan = _trig(ops.tan)
arcsin = _trig(ops.asin)
arctan = _trig(ops.atan)
sinh = _trig(ops.sinh)
cosh = _trig(ops.cosh)
tanh = _trig(ops.tanh)
arcsinh = _trig(ops.asinh)
arccosh = _trig(ops.acosh)
arctanh = _trig(ops.atanh)
for _name, _f in (("sin", sin), ("cos", cos), ("tan", tan), ("arcsin", arcsin), ("arctan", arctan),
                  ("sinh", sinh), ("cosh", cosh), ("tanh", tanh), ("arcsinh", arcsinh), ("arccosh", arccosh),
                  ("arctanh", arctanh)):
    _f.__name__ = _f.__qualname__ = _name
    _f.__doc__ = f"Element-wise {_name} (integer inputs compute in float)."


def arccos(input, dtype=None):  # pylint: disable=redefined-builtin
    """Element-wise inverse cosine."""
    return _apply(ops.acos, _trig_input(input), dtype=dtype)


def arctan2(x1, x2, dtype=None):
    """Element-wise ``arctan(x1 / x2)`` choosing the quadrant."""
    return _apply(ops.atan2, _trig_input(x1), _trig_input(x2), dtype=dtype)


def sign(x, dtype=None):
    """Element-wise sign (-1, 0, 1)."""
    if not isinstance(x, (int, float, list, tuple, Tensor)):
        raise_type("integer, float, list, tuple or Tensor are expected, but got", x)
    x = to_tensor(x)
    if x.dtype == mstype.bool_:
        raise_type("sign does not accept dtype bool.")
    nonzero = x / absolute(x)
    zero = broadcast_to(Tensor(0, x.dtype), x.shape)
    res = ops.select(ops.equal(x, 0), zero, nonzero)
    if dtype is not None:
        res = _cast(res, check_dtype(dtype))
    return res


def copysign(x1, x2, dtype=None):
    """The magnitude of ``x1`` with the sign of ``x2``."""
    for v in (x1, x2):
        if not isinstance(v, (int, float, list, tuple, Tensor)):
            raise_type("integer, float, list, tuple or Tensor are expected, but got", v)
    x1, x2 = to_tensor(x1, x2)
    shape = _broadcast_shape(x1.shape, x2.shape)
    x1 = broadcast_to(x1, shape)
    x2 = broadcast_to(x2, shape)
    if x1.dtype == mstype.bool_ or x2.dtype == mstype.bool_:
        raise_type("sign does not accept dtype bool.")
    if not is_float(x1.dtype):
        pos = ops.absolute(x1.astype(mstype.float32)).astype(x1.dtype)
    else:
        pos = ops.absolute(x1)
    res = ops.select(ops.less(x2, 0), ops.neg(pos), pos)
    if dtype is not None:
        res = _cast(res, check_dtype(dtype))
    return res


def bitwise_and(x1, x2, dtype=None):
    """Element-wise bit-wise AND."""
    return _apply(ops.bitwise_and, x1, x2, dtype=dtype)


def bitwise_or(x1, x2, dtype=None):
    """Element-wise bit-wise OR."""
    return _apply(ops.bitwise_or, x1, x2, dtype=dtype)


def bitwise_xor(x1, x2, dtype=None):
    """Element-wise bit-wise XOR."""
    return _apply(ops.bitwise_xor, x1, x2, dtype=dtype)


def invert(x, dtype=None):
    """Element-wise bit-wise NOT."""
    return _apply(ops.invert, x, dtype=dtype)


def rint(x, dtype=None):
    """Round to the nearest integer (half to even), as float."""
    x = to_tensor_origin(x)
    if x.dtype not in (mstype.float16, mstype.float32, mstype.float64):
        raise TypeError(f"For primitive[Rint], the input argument[x] must be a type of {{Tensor[Float16], "
                        f"Tensor[Float32], Tensor[Float64]}}, but got Tensor[{x.dtype}].")
    if x.ndim == 0:
        res = ops.round(x.expand_dims(0)).squeeze()
    else:
        res = ops.round(x)
    if dtype is not None:
        res = _cast(res, check_dtype(dtype))
    return res


def around(a, decimals=0):
    """Round to ``decimals`` decimals (half to even)."""
    a = to_tensor_origin(a)
    if not isinstance(decimals, int):
        raise_type("decimals must be an integer")
    if decimals < 0:
        raise_value("decimals < 0 is not supported now.")
    if decimals == 0:
        return ops.round(a)
    return ops.tensor_div(ops.round(a * 10 ** decimals), 10 ** decimals)


def gcd(x1, x2, dtype=None):
    """Element-wise greatest common divisor."""
    def fn(a, b):
        dt = promote(a.dtype, b.dtype)
        r = jnp.gcd(a._data.astype(jnp.int64), b._data.astype(jnp.int64)) if isinstance(dt, mstype.Int) else \
            _float_gcd(a._data, b._data)
        return wrap(r.astype(np_dtype(dt)))
    return _apply(fn, x1, x2, dtype=dtype)


def _float_gcd(a, b):
    a = jnp.abs(a.astype(jnp.float32))
    b = jnp.abs(b.astype(jnp.float32))
    return jnp.gcd(a.astype(jnp.int64), b.astype(jnp.int64)).astype(jnp.float32)


def lcm(x1, x2, dtype=None):
    """Element-wise least common multiple."""
    def fn(a, b):
        dt = promote(a.dtype, b.dtype)
        r = jnp.lcm(a._data.astype(jnp.int64), b._data.astype(jnp.int64))
        return wrap(jnp.abs(r).astype(np_dtype(dt)))
    return _apply(fn, x1, x2, dtype=dtype)


# --- reductions ---------------------------------------------------------------------------

def _reduce(a, reduce_fn, cmp_fn=None, axis=None, keepdims=False, initial=None, where=True, dtype=None):
    a = to_tensor(a)
    shape = a.shape
    ndim = a.ndim
    dtype = a.dtype if dtype is None else check_dtype(dtype)
    axes = check_axes(axis, ndim)
    if initial is not None and ((isinstance(initial, Tensor) and initial.ndim > 0)
                                or not isinstance(initial, (int, float, bool, Tensor))):
        raise_type("initial should be scalar")
    if 0 in shape:
        if not axes:
            return a
        if keepdims:
            out = tuple(1 if i in axes else s for i, s in enumerate(shape))
        else:
            out = tuple(s for i, s in enumerate(shape) if i not in axes)
        if 0 in out:
            return empty(out, dtype)
        if initial is not None and cmp_fn is not None:
            raise ValueError("zero-size tensors are not supported.")
        if initial is None:
            if cmp_fn is None:
                initial = nan
            else:
                raise_value("initial value must be provided for zero-size arrays")
        return full(out, initial, dtype)
    if initial is not None:
        init_t = full(shape, initial, dtype)
        a = cmp_fn(a, init_t)
    if isinstance(where, Tensor):
        if initial is None:
            raise_value("initial value must be provided for where masks")
        before = a.ndim
        a = _where(where, a, init_t)
        extra = a.ndim - before
        axes = tuple(range(extra)) + tuple(ax + extra for ax in axes)
    return reduce_fn(a, axes).astype(dtype)


def _reducer(prim, keepdims):
    def fn(a, axes):
        return prim(keepdims)(a, axes)
    return fn


def mean(a, axis=None, keepdims=False, dtype=None):
    """The arithmetic mean (along ``axis``)."""
    return _reduce(a, _reducer(ops.ReduceMean, keepdims), axis=axis, keepdims=keepdims, dtype=dtype)


def amax(a, axis=None, keepdims=False, initial=None, where=True):
    """The maximum (along ``axis``)."""
    return _reduce(a, _reducer(ops.ReduceMax, keepdims), cmp_fn=ops.maximum, axis=axis, keepdims=keepdims,
                   initial=initial, where=where)


def amin(a, axis=None, keepdims=False, initial=None, where=True):
    """The minimum (along ``axis``)."""
    return _reduce(a, _reducer(ops.ReduceMin, keepdims), cmp_fn=ops.minimum, axis=axis, keepdims=keepdims,
                   initial=initial, where=where)


def sum_(a, axis=None, dtype=None, keepdims=False, initial=None):
    """The sum (along ``axis``), plus ``initial``."""
    a = to_tensor(a)
    return a.sum(axis, dtype, keepdims, initial)


def _var(x, axis, ddof, keepdims):
    """Variance as MindSpore's Tensor.var computes it: the mean in the input's dtype (an
    integer mean truncates), the squared deviations in float32."""
    x = to_tensor(x)
    if x.dtype in (mstype.float16, mstype.float32, mstype.float64):
        return x.var(axis, ddof, keepdims)
    axes = check_axes(axis, x.ndim)
    m = ops.ReduceMean(True)(x, axes)
    dev = ops.sub(x, m).astype(mstype.float32)
    n = 1
    for ax in axes:
        n *= x.shape[ax]
    return ops.ReduceSum(keepdims)(ops.square(dev), axes) / (n - ddof)


def std(x, axis=None, ddof=0, keepdims=False):
    """The standard deviation."""
    return ops.sqrt(_var(x, axis, ddof, keepdims))


def var(x, axis=None, ddof=0, keepdims=False):
    """The variance."""
    return _var(x, axis, ddof, keepdims)


def ptp(x, axis=None, keepdims=False):
    """Range of values (max - min)."""
    check_tensor(x)
    if axis is not None and (isinstance(axis, bool) or not isinstance(axis, (int, tuple, list))):
        raise TypeError(f"For 'Tensor.ptp', the type of 'axis' should be int or tuple, but got {type(axis)}.")
    axes = check_axes(axis, x.ndim)
    return ops.sub(x.max(axes, keepdims), x.min(axes, keepdims))


def _sum_keep(keepdims):
    return lambda x, axes: ops.ReduceSum(keepdims)(x, axes)


def _masked_nan(a, fill):
    return ops.select(_isnan(a), fill, a)


def nanmax(a, axis=None, dtype=None, keepdims=False):
    """The maximum ignoring NaNs."""
    a = to_tensor(a)
    if not isinstance(keepdims, int):
        raise_type("integer argument expected, got", keepdims)
    a = _masked_nan(a, ops.fill(a.dtype, a.shape, -sys.maxsize - 1))
    return _reduce(a, _reducer(ops.ReduceMax, keepdims), axis=axis, keepdims=keepdims, dtype=dtype)


def nanmin(a, axis=None, dtype=None, keepdims=False):
    """The minimum ignoring NaNs."""
    a = to_tensor(a)
    if not isinstance(keepdims, int):
        raise_type("integer argument expected, got", keepdims)
    a = _masked_nan(a, ops.fill(a.dtype, a.shape, sys.maxsize))
    return _reduce(a, _reducer(ops.ReduceMin, keepdims), axis=axis, keepdims=keepdims, dtype=dtype)


def _nansum_axes(x, axes, keepdims):
    return ops.ReduceSum(keepdims)(_masked_nan(x, zeros(x.shape, x.dtype)), axes)


def nansum(a, axis=None, dtype=None, keepdims=False):
    """The sum treating NaNs as zero."""
    a = to_tensor(a)
    a = _masked_nan(a, zeros(a.shape, a.dtype))
    return _reduce(a, lambda x, axes: _nansum_axes(x, axes, keepdims), axis=axis, keepdims=keepdims, dtype=dtype)


def _count_nonnan(a, axes, keepdims):
    mask = ops.select(_isnan(a), zeros(a.shape, a.dtype), ones(a.shape, a.dtype))
    return ops.ReduceSum(keepdims)(mask, axes)


def nanmean(a, axis=None, dtype=None, keepdims=False):
    """The mean ignoring NaNs."""
    dtype = mstype.float32 if dtype is None else dtype
    a = to_tensor(a)
    axes = check_axes(axis, a.ndim)
    total = nansum(a, axis=axes, dtype=dtype, keepdims=keepdims)
    return ops.div(total, _count_nonnan(a, axes, keepdims))


def _nanvar(a, axes, ddof=0, keepdims=False):
    m = nanmean(a, axis=axes, keepdims=True)
    sq = ops.pow(ops.sub(a, m), 2)
    return divide(_nansum_axes(sq, axes, keepdims), ops.sub(_count_nonnan(a, axes, keepdims), ddof))


def nanvar(a, axis=None, dtype=None, ddof=0, keepdims=False):
    """The variance ignoring NaNs."""
    dtype = mstype.float32 if dtype is None else dtype
    return _reduce(a, lambda x, axes: _nanvar(x, axes, ddof, keepdims), axis=axis, keepdims=keepdims,
                   dtype=dtype)


def nanstd(a, axis=None, dtype=None, ddof=0, keepdims=False):
    """The standard deviation ignoring NaNs."""
    dtype = mstype.float32 if dtype is None else dtype
    return _reduce(a, lambda x, axes: ops.sqrt(_nanvar(x, axes, ddof, keepdims)), axis=axis, keepdims=keepdims,
                   dtype=dtype)


def average(x, axis=None, weights=None, returned=False):
    """The (weighted) average along ``axis``."""
    check_tensor(x)
    if axis is not None:
        if not isinstance(axis, (int, tuple)) or isinstance(axis, bool):
            raise TypeError(f"axis should be int or tuple of ints, but got {type(axis)}")
        axis = canonical_axis(axis, x.ndim)
    if weights is None:
        avg = mean(x, axis)
        if axis is None:
            wsum = full((), x.size, x.dtype)
        else:
            axes = (axis,) if isinstance(axis, int) else axis
            n = 1
            for ax in axes:
                n *= x.shape[ax]
            wsum = full_like(avg, n, x.dtype)
    else:
        check_tensor(weights)
        if x.shape != weights.shape:
            if weights.ndim != 1:
                raise_type("Weights should be None, 1-D or the same shape as input x.")
            if not isinstance(axis, int):
                raise_type("Axis must be specified when shapes of x and weights differ.")
            shape = [1] * x.ndim
            shape[axis] = weights.shape[0]
            weights = weights.reshape(tuple(shape))
        axes = () if axis is None else axis
        total = ops.ReduceSum()(ops.mul(x, weights), axes)
        wsum = ops.ReduceSum()(weights, axes)
        avg = ops.div(total, wsum)
    if returned:
        if avg.shape != wsum.shape:
            wsum = broadcast_to(wsum, avg.shape)
        return (avg, wsum)
    return avg


def cumsum(a, axis=None, dtype=None):
    """Cumulative sum (of the flattened array when ``axis`` is None)."""
    check_tensor(a)
    return a.cumsum(axis, dtype)


def nancumsum(a, axis=None, dtype=None):
    """Cumulative sum treating NaNs as zero."""
    a = _masked_nan(a, zeros(a.shape, a.dtype))
    return a.cumsum(axis, dtype)


def cumprod(a, axis=None, dtype=None):
    """Cumulative product (small integer types accumulate in (u)int32)."""
    a = to_tensor_origin(a)
    orig = a.dtype
    if axis is not None and not isinstance(axis, int):
        raise_type("integer axis is expected, but got", axis)
    if axis is None:
        a = a.ravel()
        axis = 0
    check_axis(axis, a.ndim)
    work = a._data if orig == mstype.float64 else a._data.astype(jnp.float32)
    if dtype is None:
        if orig in (mstype.int8, mstype.int16, mstype.bool_):
            dtype = mstype.int32
        elif orig in (mstype.uint8, mstype.uint16):
            dtype = mstype.uint32
        else:
            dtype = orig
    return wrap(jnp.cumprod(work, axis=axis).astype(np_dtype(check_dtype(dtype))))


def argmax(a, axis=None):
    """Indices of the maximum values."""
    a = to_tensor(a)
    if a.dtype == mstype.bool_:
        a = a.astype(mstype.int32)
    return a.argmax(axis)


def argmin(a, axis=None):
    """Indices of the minimum values."""
    a = to_tensor(a)
    if a.dtype == mstype.bool_:
        a = a.astype(mstype.int32)
    return a.argmin(axis)


# --- products -------------------------------------------------------------------------------

def matmul(x1, x2, dtype=None):
    """Matrix product."""
    res = ops.matmul(x1, x2)
    return res if dtype is None else res.astype(dtype)


def _check_aligned(s1, s2, msg="shapes are not aligned"):
    if s1 != s2:
        raise ValueError(msg)


def inner(a, b):
    """Inner product over the last axes."""
    if a.ndim == 0 or b.ndim == 0:
        return ops.mul(a, b)
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(f"shapes {a.shape} {b.shape} not aligned: {a.shape[-1]} (dim 0) != {b.shape[-1]} (dim 0)")
    a2 = a.reshape((-1, a.shape[-1]))
    b2 = b.reshape((-1, b.shape[-1]))
    res = ops.matmul(a2, b2.T)
    return res.reshape(a.shape[:-1] + b.shape[:-1])


def dot(a, b):
    """Dot product (matrix product for 2-D inputs)."""
    if a.ndim == 0 or b.ndim == 0:
        return ops.mul(a, b)
    if b.ndim >= 2:
        perm = tuple(range(b.ndim - 2)) + (b.ndim - 1, b.ndim - 2)
        b = ops.transpose(b, perm)
    _check_aligned(a.shape[-1], b.shape[-1])
    res = ops.matmul(a.reshape((-1, a.shape[-1])), b.reshape((-1, b.shape[-1])).T)
    return res.reshape(a.shape[:-1] + b.shape[:-1])


def outer(a, b):
    """Outer product of two vectors (inputs are flattened)."""
    check_tensor(a, b)
    a = a.ravel() if a.ndim != 1 else a
    b = b.ravel() if b.ndim != 1 else b
    return ops.matmul(a.reshape((a.shape[0], 1)), b.reshape((1, b.shape[0])))


def tensordot(a, b, axes=2):
    """Tensor dot product over ``axes``."""
    if a.ndim * b.ndim == 0 and axes == 0:
        return ops.mul(a, b)
    return ops.tensor_dot(a, b, axes)


def kron(a, b):
    """Kronecker product."""
    a, b = to_tensor(a, b)
    if max(a.ndim, b.ndim) == 0:
        return ops.mul(a, b)
    dt = promote(a.dtype, b.dtype)
    res = jnp.kron(a._data, b._data)
    return wrap(res.astype(np_dtype(dt)))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of 2- or 3-element vectors."""
    a, b = to_tensor(a, b)
    if axis is not None:
        axisa = axisb = axisc = axis
    check_axis(axisa, a.ndim)
    check_axis(axisb, b.ndim)
    am = jnp.moveaxis(a._data, axisa, -1)
    bm = jnp.moveaxis(b._data, axisb, -1)
    if am.shape[-1] not in (2, 3) or bm.shape[-1] not in (2, 3):
        raise_value("incompatible dimensions for cross product (dimension must be 2 or 3)")
    out = _broadcast_shape(am.shape[:-1], bm.shape[:-1])
    if am.shape[-1] == 3 or bm.shape[-1] == 3:
        out += (3,)
    check_axis(axisc, len(out))
    dt = promote(a.dtype, b.dtype)
    res = jnp.cross(am.astype(jnp.float32) if not is_float(a.dtype) else am,
                    bm.astype(jnp.float32) if not is_float(b.dtype) else bm)
    if len(out) > res.ndim or (am.shape[-1] == 3 or bm.shape[-1] == 3):
        res = jnp.moveaxis(res, -1, axisc)
    return wrap(res.astype(np_dtype(dt)))


def multi_dot(arrays):
    """Chain of dot products, multiplied in the cheapest order."""
    if len(arrays) < 2:
        raise_value("Expecting at least 2 arrays")
    if isinstance(arrays, (tuple, list)):
        arrays = list(to_tensor(*arrays))
    else:
        arrays = to_tensor(arrays)
        arrays = [wrap(a) for a in arrays._data]
    if len(arrays) == 2:
        return dot(*arrays)
    out_shape = ()
    if arrays[0].ndim == 1:
        arrays[0] = arrays[0].reshape((1, arrays[0].size))
    else:
        out_shape += (arrays[0].shape[0],)
    if arrays[-1].ndim == 1:
        arrays[-1] = arrays[-1].reshape((arrays[-1].size, 1))
    else:
        out_shape += (arrays[-1].shape[1],)
    shapes = [a.shape for a in arrays]
    if any(len(s) != 2 for s in shapes):
        raise ValueError("Array must be 2 dimensional")
    dims = tuple(s[0] for s in shapes)
    if any(s[1] != d for s, d in zip(shapes[:-1], dims[1:])):
        raise ValueError(f"Shapes{tuple(shapes)} are not aligned")
    dims += (shapes[-1][1],)
    order = _chain_order(dims)

    def chain(i, j):
        if i == j:
            return arrays[i]
        return dot(chain(i, order[i][j]), chain(order[i][j] + 1, j))
    return chain(0, len(arrays) - 1).reshape(out_shape)


def _chain_order(dims):
    n = len(dims) - 1
    cost = [[0] * n for _ in range(n)]
    split_at = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = sys.maxsize
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                if c < cost[i][j]:
                    cost[i][j] = c
                    split_at[i][j] = k
    return split_at


def matrix_power(a, n):
    """``a`` (square matrices) raised to the integer power ``n >= 0``."""
    a = to_tensor(a)
    if not isinstance(n, int):
        raise_type("exponent must be an integer")
    if a.ndim < 2:
        raise_value("Array must be at least two-dimensional")
    if a.shape[-2] != a.shape[-1]:
        raise_value("Last 2 dimensions of the array must be square")
    if n < 0:
        raise_value("n < 0 is not supported now.")
    if n == 0:
        return broadcast_to(eye(a.shape[-1], a.shape[-1], dtype=a.dtype), a.shape)
    res = a
    for _ in range(n - 1):
        res = ops.matmul(res, a)
    return res


def norm(x, ord=None, axis=None, keepdims=False):  # pylint: disable=redefined-builtin
    """Vector or matrix norm."""
    if not isinstance(ord, (int, float)) and ord not in (None, "fro", "nuc", inf, -inf):
        raise_value("invalid value for `ord`")
    x = to_tensor(x)
    ndim = x.ndim
    if axis is None:
        if ord is None:
            x = x.ravel()
        if x.ndim not in (1, 2):
            raise_value("for None axis, array must a vector or a 2-D matrix")
        axis = tuple(range(x.ndim))
    axes = check_axes(axis, x.ndim)
    if len(axes) == 1:
        res = _vector_norm(x, ord, axes, keepdims)
    elif len(axes) == 2:
        res = _matrix_norm(x, ord, axes, keepdims)
    else:
        return raise_value("invalid number of dimensions to norm")
    if keepdims and ndim > res.ndim:
        res = res.reshape((1,) * (ndim - res.ndim) + res.shape)
    return res


def _vector_norm(x, o, axes, keepdims):
    if o in ("fro", "nuc"):
        raise_value("Frobenius norm and nuclear norm are only defined for vectors")
    if o is None:
        o = 2
    if o == inf:
        return ops.ReduceMax(keepdims)(absolute(x), axes)
    if o == -inf:
        return ops.ReduceMin(keepdims)(absolute(x), axes)
    if o == 0:
        return ops.ReduceSum(keepdims)(ops.not_equal(x, 0).astype(mstype.float32), axes)
    return power(ops.ReduceSum(keepdims)(power(absolute(x), o), axes), 1. / o)


def _matrix_norm(x, o, axes, keepdims):
    if o == 0:
        raise_value("for 0 axis, norm is defined only for 2-D matrices")
    if o == "nuc":
        raise NotImplementedError("nuclear norm is not implemented")
    if o in (2, -2):
        raise NotImplementedError("2-norm is not implemented for matrices")
    if o in (None, "fro"):
        return ops.sqrt(ops.ReduceSum(keepdims)(ops.square(x), axes))
    a0, a1 = axes
    if not keepdims:
        if abs(o) == inf and a0 > a1:
            a0 -= 1
        elif abs(o) == 1 and a1 > a0:
            a1 -= 1
    if o == inf:
        return ops.ReduceMax(keepdims)(ops.ReduceSum(keepdims)(absolute(x), a1), a0)
    if o == -inf:
        return ops.ReduceMin(keepdims)(ops.ReduceSum(keepdims)(absolute(x), a1), a0)
    if o == 1:
        return ops.ReduceMax(keepdims)(ops.ReduceSum(keepdims)(absolute(x), a0), a1)
    if o == -1:
        return ops.ReduceMin(keepdims)(ops.ReduceSum(keepdims)(absolute(x), a0), a1)
    return raise_value("invalid norm order for matrices")


# --- differences, integration, convolution ------------------------------------------------------

def _edge_value(value, a, axis):
    if isinstance(value, (int, float, bool)):
        value = _const_array(value)
    elif not isinstance(value, Tensor):
        raise_type("prepend must be scalar or Tensor, but got ", value)
    shape = list(a.shape)
    shape[axis] = 1
    # MindSpore tiles (not broadcasts) the value to that shape: each dimension that differs is
    # repeated the target's size times, so an array of ``a``'s shape is kept as it is
    value = _expand(value, a.ndim)
    return ops.tile(value, _tile_size(value.shape, shape, a.ndim))


def diff(a, n=1, axis=-1, prepend=None, append=None):
    """The ``n``-th discrete difference along ``axis``."""
    check_tensor(a)
    ax = canonical_axis(axis, a.ndim)
    if not isinstance(n, int):
        raise_type("Input n should be int, but got ", n)
    if n < 0:
        raise_value("Input n must > 0.")
    if n == 0:
        return a
    parts = []
    if prepend is not None:
        parts.append(_edge_value(prepend, a, ax))
    parts.append(a)
    if append is not None:
        parts.append(_edge_value(append, a, ax))
    a = concatenate(tuple(parts), ax)
    if n >= a.shape[ax]:
        raise_value("n is bigger then the specified dimension, this will result in an empty tensor.")
    orig = a.dtype
    d = a._data if is_float(orig) else a._data.astype(jnp.float32)
    d = jnp.diff(d, n=n, axis=ax)
    return wrap(d.astype(np_dtype(orig)))


def ediff1d(ary, to_end=None, to_begin=None):
    """Differences between consecutive elements of the flattened array."""
    check_tensor(ary)
    parts = []
    if to_begin is not None:
        parts.append(to_tensor(to_begin).ravel().astype(ary.dtype))
    parts.append(diff(ary.ravel()))
    if to_end is not None:
        parts.append(to_tensor(to_end).ravel().astype(ary.dtype))
    return ops.concat(tuple(parts), 0)


def trapz(y, x=None, dx=1.0, axis=-1):
    """Integral by the trapezoidal rule."""
    y = to_tensor(y)
    ndim = y.ndim
    axis = check_axis(axis, ndim)
    if x is not None:
        d = diff(to_tensor(x))
    else:
        d = to_tensor(dx)
    yd = y._data if is_float(y.dtype) else y._data.astype(jnp.float32)
    dd = d._data
    dd = jnp.reshape(dd, dd.shape + (1,) * (ndim - axis - 1)) if dd.ndim else dd
    n = yd.shape[axis]
    left = jnp.take(yd, jnp.arange(0, n - 1), axis=axis)
    right = jnp.take(yd, jnp.arange(1, n), axis=axis)
    dd = jnp.broadcast_to(dd, left.shape).astype(yd.dtype)
    return wrap(jnp.sum((left * dd + right * dd) / jnp.asarray(2.0, yd.dtype), axis=axis))


def _conv1d(a, v, mode):
    if mode not in ("same", "full", "valid"):
        raise_value("mode must be one of ['full', 'same', 'valid']")
    return jnp.convolve(a, v, mode=mode)


def convolve(a, v, mode="full"):
    """Discrete linear convolution of two 1-D sequences."""
    a = a if isinstance(a, Tensor) else _const_array(a)
    v = v if isinstance(v, Tensor) else _const_array(v)
    if a.size == 0 or v.size == 0:
        raise_value("Inputs cannot be empty.")
    a = atleast_1d(a)
    v = atleast_1d(v)
    dt = promote(a.dtype, v.dtype)
    if a.ndim != 1 or v.ndim != 1:
        raise_value("a and v must be 1-D tensor.")
    ad = a._data.astype(jnp.float32)
    vd = v._data.astype(jnp.float32)
    if ad.size < vd.size:
        ad, vd = vd, ad
    return wrap(_conv1d(ad, vd, mode).astype(np_dtype(dt)))


def correlate(a, v, mode="valid"):
    """Cross-correlation of two 1-D sequences."""
    a, v = to_tensor_origin(a, v)
    if mode not in ("same", "full", "valid"):
        raise ValueError(f"For 'correlate', the mode must be one of ['same', 'valid', 'full'], but got {mode}.")
    if a.ndim != 1 or v.ndim != 1:
        raise ValueError("For 'correlate', the inputs must be 1-D tensors.")
    if a.size == 0 or v.size == 0:
        raise ValueError("For 'correlate', the inputs can not be empty.")
    dt = a.dtype if a.dtype == v.dtype else promote(a.dtype, v.dtype)
    work = jnp.promote_types(np_dtype(dt), jnp.float32)
    return wrap(jnp.correlate(a._data.astype(work), v._data.astype(work), mode=mode).astype(work))


# --- statistics -------------------------------------------------------------------------------

def _cov_weights(weights, n):
    weights = _const_array(weights) if not isinstance(weights, Tensor) else weights
    if not isinstance(weights.dtype, mstype.Int):
        raise_type("weights must be integer")
    weights = weights.astype(mstype.float32)
    if weights.ndim > 1:
        raise RuntimeError("cannot handle multidimensional weights")
    if weights.shape[0] != n:
        raise RuntimeError("incompatible numbers of samples and weights")
    return absolute(weights)


def _cov_input(m, rowvar):
    if not isinstance(m, Tensor):
        m = _const_array(m)
    if m.ndim > 2:
        raise_value("input array has dimension more than 2.")
    m = m.astype(mstype.float32)
    if m.size == 0:
        raise_value(f"The value of cov_input should not be None, but got {m}.")
    if m.ndim < 2:
        m = m.reshape((1,) * (2 - m.ndim) + m.shape)
    if not isinstance(rowvar, bool):
        raise_type("input rowvar should be boolean.")
    if not rowvar and m.shape[0] != 1:
        m = m.T
    return m


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, dtype=None):
    """Covariance matrix estimate."""
    m = _cov_input(m, rowvar)
    if y is not None:
        m = concatenate((m, _cov_input(y, rowvar)), axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    w = _cov_weights(fweights, m.shape[1]) if fweights is not None else None
    if aweights is not None:
        aweights = _cov_weights(aweights, m.shape[1])
        w = aweights if w is None else w * aweights
    avg = average(m, axis=1, weights=w)
    if w is None:
        fact = m.shape[1] - ddof
    else:
        wsum = ops.ReduceSum()(w, -1)
        if ddof == 0:
            fact = wsum
        elif aweights is None:
            fact = wsum - ddof
        else:
            fact = wsum - ddof * ops.ReduceSum()(w * aweights) / wsum
    m = m - ops.expand_dims(avg, -1)
    mt = m.T if w is None else (m * w).T
    res = true_divide(dot(m, mt), fact).squeeze()
    return res.astype(dtype) if dtype is not None else res


def corrcoef(x, y=None, rowvar=True, dtype=None):
    """Pearson correlation coefficients."""
    c = cov(x, y, rowvar)
    if not c.shape:
        return ops.div(c, c)
    sd = sqrt(diag(c))
    c = c / ops.expand_dims(sd, -1)
    c = c / ops.expand_dims(sd, 0)
    c = clip(c, -1, 1)
    return c.astype(dtype) if dtype is not None else c


def gradient(f, *varargs, axis=None, edge_order=1):
    """Gradient by central differences inside, one-sided at the edges."""
    if edge_order != 1:
        raise NotImplementedError("edge_order != 1 not implemented")
    if not isinstance(f, Tensor):
        f = _const_array(f)
    if f.dtype != mstype.float64:
        f = f.astype(mstype.float32)
    if axis is None:
        axes = tuple(range(f.ndim))
    else:
        if not isinstance(axis, (int, tuple, list)) or isinstance(axis, bool):
            raise TypeError(f"axis should be int, tuple or list, but got {type(axis)}")
        axes = canonical_axis(axis, f.ndim)
        axes = (axes,) if isinstance(axes, int) else axes
    n = len(varargs)
    if n == 0:
        dx = (1,) * len(axes)
    elif n == 1:
        dx = varargs * len(axes)
    elif n == len(axes):
        dx = varargs
    else:
        raise_type("Invalid number of arguments")
    out = []
    d = f._data
    for h, ax in zip(dx, axes):
        if f.shape[ax] < 2:
            raise_value("Shape of array too small to calculate a numerical gradient, at least 2 elements are "
                        "required.")
        if not (isinstance(h, (int, float, bool)) or (isinstance(h, Tensor) and h.ndim == 0)):
            raise NotImplementedError("Non-constant spacing not implemented")
        end = d.shape[ax]
        take = functools.partial(jnp.take, d, axis=ax)
        upper = take(jnp.arange(1, 2)) - take(jnp.arange(0, 1))
        lower = take(jnp.arange(end - 1, end)) - take(jnp.arange(end - 2, end - 1))
        if end <= 2:
            g = jnp.concatenate((upper, lower), ax)
        else:
            mid = (take(jnp.arange(2, end)) - take(jnp.arange(0, end - 2))) * 0.5
            g = jnp.concatenate((upper, mid, lower), ax)
        hv = h._data if isinstance(h, Tensor) else h
        out.append(wrap((g / hv).astype(d.dtype)))
    return out[0] if len(axes) == 1 else out


# --- searching, counting, histograms ----------------------------------------------------------------

def searchsorted(a, v, side="left", sorter=None):
    """Indices where ``v`` would be inserted into the sorted 1-D ``a`` (int32)."""
    if side not in ("left", "right"):
        raise_value('invalid value for keyword "side"')
    a = to_tensor(a).astype(mstype.float32)
    if a.ndim != 1:
        raise_value("`a` should be 1-D array")
    v = to_tensor(v)
    if sorter is not None:
        if sorter.ndim != 1 or sorter.size != a.size:
            raise_value("sorter must be 1-D array with the same size as `a`")
        a = wrap(a._data[to_tensor(sorter)._data])
    res = jnp.searchsorted(a._data, v._data.astype(jnp.float32), side=side)
    return wrap(res.astype(jnp.int32))


def interp(x, xp, fp, left=None, right=None):
    """One-dimensional linear interpolation (float32)."""
    x, xp, fp = to_tensor(x, xp, fp)
    if xp.ndim != 1 or fp.ndim != 1:
        raise_value("xp and fp must be 1-d sequences")
    if fp.size != xp.size:
        raise_value("the y-coordinates must have the same length as `xp`")
    xd = x._data.astype(jnp.float32)
    xpd = xp._data.astype(jnp.float32)
    fpd = fp._data.astype(jnp.float32)
    n = xpd.shape[0]
    i1 = jnp.clip(jnp.searchsorted(xpd, xd, side="left"), 0, n - 1)
    i0 = jnp.clip(i1 - 1, 0, n - 1)
    x0, x1, y0, y1 = xpd[i0], xpd[i1], fpd[i0], fpd[i1]
    res = (y0 * (x1 - xd) + y1 * (xd - x0)) / (x1 - x0)
    res = jnp.where(x0 == x1, y0, res)
    lv = fpd[0] if left is None else jnp.asarray(left._data if isinstance(left, Tensor) else left, jnp.float32)
    rv = fpd[-1] if right is None else jnp.asarray(right._data if isinstance(right, Tensor) else right,
                                                   jnp.float32)
    res = jnp.where(xd < xpd[0], lv, res)
    res = jnp.where(xd > xpd[-1], rv, res)
    return wrap(res.astype(jnp.float32))


def digitize(x, bins, right=False):
    """Indices of the bins each value of ``x`` falls in."""
    x, bins = to_tensor(x, bins)
    if bins.ndim != 1:
        raise_value("bins should be 1-dimensional")
    if x.size == 0:
        return x
    if bins.size == 0:
        return zeros(x.shape, mstype.int32)
    side = "left" if right else "right"
    incr = searchsorted(bins, x, side)
    decr = ops.sub(Tensor(bins.size, mstype.int32), searchsorted(flip(bins), x, side))
    return wrap(jnp.where(bins._data[0] <= bins._data[-1], incr._data, decr._data))


def bincount(x, weights=None, minlength=0, length=None):
    """Counts (or summed weights) of each non-negative integer value, as float32."""
    x = to_tensor(x)
    if x.ndim != 1:
        raise_value("`x` should be one-dimensional")
    if not isinstance(x.dtype, mstype.Int):
        raise_type("`x` should be an array of ints")
    xd = jnp.maximum(x._data, 0)
    if length is None:
        length = int(max(float(jnp.max(xd.astype(jnp.float32))) if xd.size else 0.0, minlength - 1)) + 1
    w = None
    if weights is not None:
        weights = to_tensor(weights)
        if x.shape != weights.shape:
            raise_value("`x` and `weights` must have the same length")
        w = weights._data.astype(jnp.float32)
    res = jnp.bincount(xd, weights=w, length=length)
    return wrap(res.astype(jnp.float32))


def histogram(a, bins=10, range=None, weights=None, density=False):  # pylint: disable=redefined-builtin
    """Histogram of ``a``: (counts, bin edges)."""
    a = to_tensor(a)
    if weights is not None:
        weights = to_tensor(weights)
        if a.shape != weights.shape:
            raise_value("weights should have the same shape as a")
        weights = weights.ravel()
    a = a.ravel()
    edges = histogram_bin_edges(a, bins, range, weights)
    idx = searchsorted(edges, a, "right")._data
    nb = edges.size
    idx = jnp.where(a._data == edges._data[-1], nb - 1, idx)
    count = bincount(wrap(idx), weights, length=nb)[1:]
    if count.size == 0:
        return count, edges
    if density:
        c = count._data.astype(jnp.float32)
        count = wrap(c / jnp.diff(edges._data.astype(jnp.float32)) / jnp.sum(c))
    return count, edges


def histogramdd(sample, bins=10, range=None, weights=None, density=False):  # pylint: disable=redefined-builtin
    """Multidimensional histogram: (counts, list of bin edges)."""
    if isinstance(sample, (tuple, list)):
        sample = stack(list(to_tensor(*sample)), -1)
    elif not isinstance(sample, Tensor):
        raise_type("sample should be (N, D) array, or (D, N) array_like")
    if sample.ndim != 2:
        raise_value("when an array, sample should be 2-dimensional")
    ndim = sample.shape[1]
    if isinstance(bins, int):
        bins = [bins] * ndim
    if isinstance(bins, (tuple, list, Tensor)):
        if len(bins) != ndim:
            raise_value("The dimension of bins must be equal to the dimension of the sample")
    else:
        raise_type("bins should be int or sequence")
    if range is None:
        range = [None] * ndim
    elif len(range) != ndim:
        raise_value("range argument must have one entry per dimension")
    edges = [histogram_bin_edges(wrap(sample._data[:, i]), bins[i], range[i], weights) for i in builtins.range(ndim)]
    nbin = tuple(e.size + 1 for e in edges)
    flat = jnp.zeros(sample.shape[0], jnp.int32)
    factors = list(itertools.accumulate(nbin[1:][::-1], operator.mul))[::-1] + [1]
    for i in builtins.range(ndim):
        col = sample._data[:, i]
        idx = searchsorted(edges[i], wrap(col), "right")._data
        idx = jnp.where(col == edges[i]._data[-1], edges[i].size - 1, idx)
        flat = flat + idx * factors[i]
    total = 1
    for nb in nbin:
        total *= nb
    count = bincount(wrap(flat), weights, length=total)._data.reshape(nbin)
    count = count[tuple(slice(1, -1) for _ in builtins.range(ndim))]
    if density:
        s = jnp.sum(count)
        for i in builtins.range(ndim):
            shape = [1] * ndim
            d = jnp.diff(edges[i]._data.astype(jnp.float32))
            shape[i] = d.shape[0]
            count = count / d.reshape(shape)
        count = count / s
    return wrap(count), edges



def histogram2d(x, y, bins=10, range=None, weights=None, density=False):  # pylint: disable=redefined-builtin
    """Two-dimensional histogram: (counts, x edges, y edges)."""
    count, edges = histogramdd((x, y), bins=bins, range=range, weights=weights, density=density)
    return count, edges[0], edges[1]


# --- polynomials ------------------------------------------------------------------------------------

def _poly1d(x):
    x = atleast_1d(to_tensor(x))
    if x.ndim > 1:
        raise_value("input array must be scalar or 1-d sequence")
    return x


def polyadd(a1, a2):
    """Sum of two polynomials."""
    a1 = _poly1d(a1)
    a2 = _poly1d(a2)
    d = a1.size - a2.size
    if d == 0:
        return add(a1, a2)
    if d > 0:
        return concatenate((a1[:d], add(a1[d:], a2)))
    return concatenate((a2[:-d], add(a1, a2[-d:])))


def polysub(a1, a2):
    """Difference of two polynomials."""
    return polyadd(a1, ops.neg(to_tensor(a2)))


def polyval(p, x):
    """Polynomial ``p`` evaluated at ``x``."""
    p = _poly1d(p)
    x = to_tensor(x)
    exps = arange(p.size - 1, -1, -1).astype(mstype.float32)
    powers = x.reshape(x.shape + (1,)) ** exps
    return ops.ReduceSum()(p * powers, -1)


def polyder(p, m=1):
    """The ``m``-th derivative of a polynomial."""
    p = _poly1d(p)
    if m < 0:
        raise_value("Order of derivative must be positive")
    if m >= p.size:
        return to_tensor([])
    for _ in builtins.range(m):
        coeff = to_tensor(tuple(builtins.range(p.size - 1, 0, -1)))
        p = p[:-1] * coeff
    return p


def polymul(a1, a2):
    """Product of two polynomials."""
    return convolve(_poly1d(a1), _poly1d(a2))


def polyint(p, m=1, k=None):
    """The ``m``-th antiderivative of a polynomial."""
    p = _poly1d(p)
    if m < 0:
        raise_value("Order of derivative must be positive")
    if m == 0:
        return p
    if k is None:
        k = zeros(m, p.dtype)
    k = atleast_1d(to_tensor(k))
    if k.size == 1:
        k = ops.tile(k, (m,))
    k = ops.expand_dims(k, -1)
    for i in builtins.range(m):
        coeff = to_tensor(tuple(builtins.range(p.size, 0, -1)))
        p = concatenate((true_divide(p, coeff), k[i]))
    return p


# --- dtypes and indices ---------------------------------------------------------------------------

def promote_types(type1, type2):
    """The dtype both ``type1`` and ``type2`` convert to."""
    return promote(check_dtype(type1), check_dtype(type2))


def _dtype_of(x):
    if isinstance(x, Tensor):
        return x.dtype
    if isinstance(x, bool):
        return mstype.bool_
    if isinstance(x, int):
        return mstype.int32
    if isinstance(x, float):
        return mstype.float32
    if isinstance(x, mstype.Number):
        return x
    if isinstance(x, str):
        t = dtype_map.get(x)
        if t is None:
            t = dtype_map.get(str(onp.dtype(x)))
        return t
    raise TypeError("data type not understood")


def result_type(*arrays_and_dtypes):
    """The dtype that applying the promotion rules to the arguments gives."""
    out = _dtype_of(arrays_and_dtypes[0])
    for x in arrays_and_dtypes[1:]:
        out = promote(out, _dtype_of(x))
    return out


def unwrap(p, discont=3.141592653589793, axis=-1):
    """Unwrap phase jumps larger than ``discont``."""
    if not isinstance(discont, (int, float)):
        raise_type("discont should be a float")
    p = to_tensor(p)
    axis = check_axis(axis, p.ndim)
    dd = diff(p, axis=axis)
    ddmod = remainder(add(dd, pi), 2 * pi) - pi
    ddmod = ops.masked_fill(ddmod, ops.logical_and(ddmod == -pi, dd > 0), ops.cast(pi, ddmod.dtype))
    correct = ddmod - dd
    correct = ops.masked_fill(correct, absolute(dd) < discont, ops.cast(0, correct.dtype))
    n = p.shape[axis]
    head = wrap(jnp.take(p._data, jnp.arange(0, 1), axis=axis))
    tail = add(wrap(jnp.take(p._data, jnp.arange(1, n), axis=axis)), cumsum(correct, axis))
    return concatenate((head, tail), axis=axis)


def ravel_multi_index(multi_index, dims, mode="clip", order="C"):
    """Flat indices of coordinate arrays in an array of shape ``dims``."""
    if isinstance(dims, int):
        dims = (dims,)
    dims_t = to_tensor(dims)
    if dims_t.ndim > 1 or dims_t.dtype in (mstype.float16, mstype.float32, mstype.float64, mstype.bool_):
        raise_type("only 1-D integer arrays are accepted.")
    multi_index = to_tensor(multi_index)
    if len(multi_index) != len(dims_t):
        raise_value("parameter multi_index must be a sequence of length ", len(dims_t))
    if multi_index.dtype in (mstype.float16, mstype.float32, mstype.float64):
        raise_type("only int indices permitted")
    if mode == "raise":
        raise NotImplementedError("'raise' mode is not implemented")
    if mode not in ("clip", "wrap"):
        raise_value("invalid mode. Expected 'wrap' or 'clip'")
    if order not in ("C", "F"):
        raise_value("invalid order. Expected 'C' or 'F'")
    dl = [int(d) for d in dims_t.asnumpy().tolist()]
    idx = multi_index._data
    rows = []
    for i, d in enumerate(dl):
        r = idx[i]
        r = jnp.clip(r, 0, d - 1) if mode == "clip" else jnp.mod(r, d)
        rows.append(r)
    strides = []
    seq = dl[1:][::-1] if order == "C" else dl[:-1]
    s = 1
    strides.append(1)
    for d in seq:
        s *= d
        strides.append(s)
    if order == "C":
        strides = strides[::-1]
    total = sum(r.astype(jnp.float32) * st for r, st in zip(rows, strides))
    return wrap(jnp.asarray(total, jnp.float32))
