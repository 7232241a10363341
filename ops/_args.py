"""Argument handling shared by every op: unwrap/wrap Tensors, MindSpore promotion, checks.

Ops take Tensors (or Python scalars where MindSpore allows them) and return Tensors.
Inside an op, work on ``jax.Array`` values: :func:`arr` unwraps, :func:`wrap` wraps.
Error helpers raise MindSpore's exception classes with messages that name the op and
the argument ("For 'MatMul', ...").
"""
import numbers

import numpy as np
import jax
import jax.numpy as jnp
from jax._src.array import ArrayImpl

from mscompat.common import dtype as mstype
from mscompat.common._promotion import promote_types, scalar_result_dtype
from mscompat.common.tensor import Tensor
from mscompat._checkparam import check_is_tensor, check_value_type
from mscompat._state import concrete as _primal

__all__ = ["arr", "wrap", "binary", "to_np_dtype", "check_tensor", "check_int", "check_bool",
           "check_axis", "normalize_axis", "type_error", "value_error", "is_tensor", "ms_dtype",
           "Tensor", "maybe_tensor", "check_tensors", "check_same_dtype", "is_int", "CONCRETE"]

_wrap = Tensor._wrap
_SCALAR = (bool, int, float, complex)
# The class of a concrete (eager) jax array; a tracer never is one. Eager fast paths test
# ``type(a) is CONCRETE`` and then read ``a.aval`` (one attribute: ``a.dtype`` and ``a.shape``
# are Python properties that each cost several times more).
CONCRETE = ArrayImpl


def wrap(x):
    """Wrap a ``jax.Array`` as a Tensor (tuples/lists of arrays element-wise)."""
    if isinstance(x, (tuple, list)):
        return type(x)(wrap(v) for v in x)
    return _wrap(x)


def shape_value(a, what="the output shape of this op depends on its input's values"):
    """numpy value of the array ``a`` for an op whose output shape depends on it (NonZero,
    MaskedSelect, Unique, bincount, ...): under an eager differentiation the value under the
    tracers (not differentiated). Inside a compiled call the value is unknown while tracing: a
    concretization error, on which the call runs eagerly (MindSpore compiles a dynamic-shape graph)
    rather than failing as a user's numpy conversion does under the strict syntax level."""
    v = _primal(a)
    if v is None and isinstance(a, jax.core.Tracer):
        raise jax.errors.ConcretizationTypeError(a, what)
    return np.asarray(a if v is None else v)


def arr(x, dtype=None):
    """The ``jax.Array`` behind ``x`` (a Tensor, array, numpy value or Python scalar)."""
    if type(x) is Tensor or isinstance(x, Tensor):
        a = x._data
        if a is None:
            x.init_data()
            a = x._data
    elif isinstance(x, (jax.Array, np.ndarray, np.generic)):
        a = jnp.asarray(x)
    elif isinstance(x, _SCALAR):
        a = jnp.asarray(x, dtype=dtype if dtype is not None else _default_scalar_dtype(x))
        return a
    elif isinstance(x, (list, tuple)):
        a = jnp.asarray(Tensor(x)._data)
    else:
        a = jnp.asarray(x)
    if dtype is not None and a.dtype != dtype:
        a = a.astype(dtype)
    return a


def maybe_tensor(x):
    """``x`` as a Tensor when it is array-like, unchanged when it is ``None``."""
    return x if x is None or isinstance(x, Tensor) else Tensor(x)


def _default_scalar_dtype(x):
    if isinstance(x, bool):
        return np.bool_
    if isinstance(x, int):
        return np.int64
    if isinstance(x, float):
        return np.float32
    return np.complex64


def is_tensor(x):
    return isinstance(x, Tensor)


def is_int(v):
    """True for a Python or numpy integer; bools are not ints here (MindSpore's int checks)."""
    return isinstance(v, (numbers.Integral, np.integer)) and not isinstance(v, (bool, np.bool_))


def to_np_dtype(dtype):
    """numpy dtype of an mstype / numpy dtype / python type."""
    return np.dtype(mstype.dtype_to_nptype(mstype.to_dtype(dtype)))


def ms_dtype(np_dtype):
    return mstype.from_numpy_dtype(np_dtype)


def check_broadcast(name, a, b, names=("input", "other")):
    """ValueError (as MindSpore) when two Tensor operands' shapes do not broadcast; ``names`` are
    the operands' names in the message."""
    try:
        np.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        x, y = names
        raise ValueError(f"For '{name}', {x}.shape and {y}.shape need to broadcast, but got "
                         f"{x}.shape = {list(a.shape)} and {y}.shape = {list(b.shape)}.") from None


def binary(name, x, y, allow_scalar=True, broadcast=True):
    """Operands of a binary op as two jax arrays of MindSpore's promoted dtype.

    Raises TypeError (as MindSpore) when neither is a Tensor-like or when an input is
    of an unsupported type, and ValueError when two Tensors' shapes do not broadcast
    (``broadcast=False``: ops that combine shapes otherwise, like ``kron``).
    """
    tx, ty = type(x), type(y)
    if tx is Tensor and ty is Tensor:
        a, b = x._data, y._data
        if a is None or b is None:
            a, b = arr(x), arr(y)
        if broadcast and a.shape != b.shape:
            check_broadcast(name, a, b)
        if a.dtype == b.dtype:
            return a, b
        dt = promote_types(a.dtype, b.dtype, name)
        return a.astype(dt), b.astype(dt)
    x_t, y_t = isinstance(x, Tensor), isinstance(y, Tensor)
    if x_t and y_t:
        a, b = arr(x), arr(y)
        if broadcast and a.shape != b.shape:
            check_broadcast(name, a, b)
        dt = promote_types(a.dtype, b.dtype, name)
        return a.astype(dt), b.astype(dt)
    if x_t or y_t:
        t, s = (x, y) if x_t else (y, x)
        a = arr(t)
        if isinstance(s, _SCALAR) and allow_scalar:
            dt = scalar_result_dtype(a.dtype, s)
            a = a.astype(dt) if a.dtype != dt else a
            b = jnp.asarray(s, dtype=dt)
        elif isinstance(s, np.generic) and not isinstance(s, np.ndarray):
            b = jnp.asarray(s)
            dt = promote_types(a.dtype, b.dtype, name)
            a, b = a.astype(dt), b.astype(dt)
        elif isinstance(s, (list, tuple)) and allow_scalar:
            b = arr(s)
            dt = promote_types(a.dtype, b.dtype, name)
            a, b = a.astype(dt), b.astype(dt)
        else:
            raise TypeError(f"Failed calling {name} with \"{name}()(input={type(x).__name__}, "
                            f"other={type(y).__name__})\": the inputs should be Tensor, Number or bool.")
        return (a, b) if x_t else (b, a)
    if isinstance(x, _SCALAR) and isinstance(y, _SCALAR):
        a, b = arr(x), arr(y)
        dt = promote_types(a.dtype, b.dtype, name)
        return a.astype(dt), b.astype(dt)
    for v in (x, y):
        if not isinstance(v, (_SCALAR, np.ndarray, np.generic, jax.Array, list, tuple)):
            raise TypeError(f"For '{name}', the type of input should be Tensor, Number or bool, "
                            f"but got '{type(v).__name__}'.")
    a, b = arr(x), arr(y)
    dt = promote_types(a.dtype, b.dtype, name)
    return a.astype(dt), b.astype(dt)


def type_error(op_name, msg):
    return TypeError(f"For '{op_name}', {msg}")


def value_error(op_name, msg):
    return ValueError(f"For '{op_name}', {msg}")


def check_tensor(op_name, arg_name, x):
    """Raise TypeError unless ``x`` is a Tensor (``_checkparam.check_is_tensor``, op name first)."""
    return check_is_tensor(arg_name, x, op_name)


def tensor_arg(op_name, arg_name, x, form="a"):
    """The jax array of Tensor argument ``x`` (``_checkparam.check_is_tensor``'s TypeError, in the
    wording ``form``, otherwise)."""
    return arr(check_is_tensor(arg_name, x, op_name, form=form))


def prim_dtype_error(prim, arg, allowed, got):
    """MindSpore's TypeError for a Primitive input of a dtype outside ``allowed``."""
    names = ", ".join(f"Tensor[{t}]" for t in allowed)
    return TypeError(f"For primitive[{prim}], the input argument[{arg}] must be a type of {{{names}}}, "
                     f"but got {got}.")


def tensor_of_dtypes(prim, arg, x, allowed):
    """The jax array of Tensor argument ``x`` whose numpy dtype must be in ``allowed``."""
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{prim}', the '{arg}' should be a Tensor, but got {type(x).__name__}.")
    a = arr(x)
    if a.dtype not in [np.dtype(t) for t in allowed]:
        raise prim_dtype_error(prim, arg, [mstype.from_numpy_dtype(t) for t in allowed], f"Tensor[{x.dtype}]")
    return a


def check_arg_type(prim, name, value, types_):
    """TypeError unless ``value`` is one of ``types_`` (a bool only where ``bool`` is listed):
    ``check_value_type`` with the op name first."""
    check_value_type(name, value, types_, prim)


def check_tensors(op_name, names, *values):
    """:func:`check_tensor` for each of ``values`` (named by ``names``), in order; their jax arrays."""
    for n, v in zip(names, values):
        check_tensor(op_name, n, v)
    return tuple(arr(v) for v in values)


def check_same_dtype(op_name, names, x, y):
    """Two Tensors of one dtype (TypeError otherwise, as MindSpore); their jax arrays."""
    a, b = check_tensors(op_name, names, x, y)
    if a.dtype != b.dtype:
        raise TypeError(f"For '{op_name}', the dtype of '{names[0]}' and '{names[1]}' must be the same, but got "
                        f"{a.dtype} and {b.dtype}.")
    return a, b


def check_int(op_name, arg_name, v, allow_none=False):
    """An int (a numpy integer too; not a bool) as a Python int: ``check_value_type`` op name first."""
    if v is None and allow_none:
        return v
    return int(check_value_type(arg_name, int(v) if isinstance(v, np.integer) else v, [int], op_name))


def check_bool(op_name, arg_name, v):
    """A bool (``numpy.bool_`` too) as a Python bool: ``check_value_type`` op name first."""
    return check_value_type(arg_name, bool(v) if isinstance(v, np.bool_) else v, [bool], op_name)


def normalize_axis(op_name, axis, ndim, arg_name="axis"):
    """``axis`` (int) mapped into ``[0, ndim)``; ValueError if out of range (MindSpore)."""
    axis = check_int(op_name, arg_name, axis)
    rank = max(ndim, 1)
    if not -rank <= axis < rank:
        raise ValueError(f"For '{op_name}', the '{arg_name}' must be in range [{-rank}, {rank}), "
                         f"but got {axis}.")
    return axis % rank


def check_axis(op_name, axis, ndim, arg_name="axis"):
    """Reduction axis: None, int, tuple or list -> tuple of non-negative ints (or None)."""
    if axis is None:
        return None
    if isinstance(axis, Tensor):
        axis = axis.tolist()
    if isinstance(axis, (tuple, list)):
        out = tuple(normalize_axis(op_name, a, ndim, arg_name) for a in axis)
        if len(set(out)) != len(out):
            raise ValueError(f"For '{op_name}', the element of '{arg_name}' should be unique, but got {axis}.")
        return out
    if isinstance(axis, bool) or not isinstance(axis, numbers.Integral):
        raise TypeError(f"For '{op_name}', the type of '{arg_name}' should be one of '['int', 'tuple', "
                        f"'list']', but got type '{type(axis).__name__}'.")
    return (normalize_axis(op_name, axis, ndim, arg_name),)
