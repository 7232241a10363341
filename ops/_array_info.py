"""Array metadata and identity ops: shape, rank, size, dtype, DynamicShape, identity, deepcopy, ..."""
import numpy as np
import jax.numpy as jnp

from mscompat.common.tensor import COOTensor, CSRTensor
from ._args import arr, check_tensor, Tensor, to_np_dtype
from ._registry import op, primitive
from ._array import reshape

_wrap = Tensor._wrap


def _need_tensor(name, x, arg="input_x"):
    check_tensor(name, arg, x)


@op("shape")
def shape(input_x):
    """The shape of ``input_x`` (a Tensor, COOTensor or CSRTensor: its dense shape) as a tuple of ints."""
    if not isinstance(input_x, (COOTensor, CSRTensor)):
        _need_tensor("Shape", input_x)
    return tuple(int(s) for s in input_x.shape)


@op("shape_")
def shape_(x):
    return shape(x)


primitive("Shape", shape)


@op("dyn_shape")
def dyn_shape(input_x):
    """The shape of ``input_x`` as an int64 Tensor."""
    _need_tensor("TensorShape", input_x)
    return _wrap(jnp.asarray(input_x.shape, dtype=jnp.int64).reshape(-1))


primitive("TensorShape", dyn_shape)


@op("rank")
def rank(input_x):
    """The number of dimensions of ``input_x`` (an int)."""
    _need_tensor("Rank", input_x)
    return len(input_x.shape)


primitive("Rank", rank)


@op("size")
def size(input_x):
    """The number of elements of ``input_x`` (an int)."""
    _need_tensor("Size", input_x)
    return int(np.prod(input_x.shape, dtype=np.int64))


primitive("Size", size)


@op("shape_mul")
def shape_mul(input_data):
    if not isinstance(input_data, tuple):
        raise TypeError(f"For 'shape_mul', the input must be a tuple, but got {type(input_data).__name__}.")
    return int(np.prod(input_data, dtype=np.int64))


@op("dtype")
def dtype(x):
    """The mstype of ``x`` (of a COOTensor's or CSRTensor's values)."""
    if not isinstance(x, (Tensor, COOTensor, CSRTensor)):
        raise TypeError(f"For Primitive[Dtype], the input argument[input_x] must be a Tensor, CSRTensor or "
                        f"COOTensor, but got {type(x)}.")
    return x.dtype


primitive("DType", dtype)


@op("identity")
def identity(x):
    """A Tensor equal to ``x`` (``Identity``'s kernel; ``ops.deepcopy`` runs it too)."""
    if not isinstance(x, Tensor):
        word = type(x).__name__.capitalize() if isinstance(x, (list, tuple)) else type(x).__name__
        raise TypeError(f'Failed calling Identity with "Identity()(input_x={word})".')
    return _wrap(arr(x))


primitive("Identity", identity)


def _identity_n(x):
    """``IdentityN()(x)``: the list/tuple of Tensors ``x`` returned unchanged."""
    if not isinstance(x, (list, tuple)) or not x or not all(isinstance(t, Tensor) for t in x):
        raise TypeError(f"For 'IdentityN', the input must be a non-empty list or tuple of Tensors, "
                        f"but got {type(x).__name__}.")
    return tuple(_wrap(arr(t)) for t in x)


primitive("IdentityN", _identity_n)


@op("deepcopy")
def deepcopy(input_x):
    """A copy of ``input_x``: MindSpore runs ``Identity`` (JAX arrays are immutable, so the new
    Tensor may share the array)."""
    return identity(input_x)


@op("is_tensor")
def is_tensor(obj):
    return isinstance(obj, Tensor)


@op("type_as", method="type_as")
def type_as(input, other):
    check_tensor("type_as", "input", input)
    check_tensor("type_as", "other", other)
    if input.dtype == other.dtype:     # MindSpore returns the input itself
        return input
    a = arr(input)
    return _wrap(a.astype(other._np_dtype()))


@op("view_as", method="view_as")
def view_as(input, other):
    check_tensor("view_as", "input", input)
    check_tensor("view_as", "other", other)
    return reshape(input, other.shape)


@op("is_nonzero")
def is_nonzero(input):
    check_tensor("is_nonzero", "input", input)
    if input.size != 1:
        raise ValueError(f"For 'is_nonzero', the input must have exactly one element, but got {input.size}.")
    return bool(np.asarray(arr(input)).reshape(()) != 0)


def _tensor_to_tuple(x):
    _need_tensor("TensorToTuple", x)
    return tuple(np.asarray(arr(x)).reshape(-1).tolist())


primitive("TensorToTuple", _tensor_to_tuple)


def _tensor_to_scalar(x):
    """The Python scalar of a 0-D (or one-element 1-D) Tensor; None for anything else, as
    MindSpore's TensorToScalar gives."""
    if isinstance(x, Tensor) and x.shape in ((), (1,)):
        return x.item()
    return None


primitive("TensorToScalar", _tensor_to_scalar)


def _dynamic_shape(prim, x):
    check_tensor("DynamicShape", "input_x", x)
    dt = prim.dtype
    np_dt = np.int64 if dt in (9, None) else to_np_dtype(dt)
    return _wrap(jnp.asarray(x.shape, dtype=np_dt).reshape(-1))


primitive("DynamicShape", None, attrs=(("dtype", 9),), call=_dynamic_shape)
