"""Array ops: dtype casts and shape manipulation (cast, reshape, transpose, ...)."""
import numbers

import numpy as np
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from ._args import arr, check_tensor, Tensor, to_np_dtype
from ._registry import op, primitive, tensor_method

_wrap = Tensor._wrap


@op("cast")
def cast(input, dtype):
    """``input`` converted to ``dtype`` (an mstype)."""
    if not isinstance(dtype, mstype.Type):
        if isinstance(dtype, type) and issubclass(dtype, np.generic):
            dtype = mstype.pytype_to_dtype(dtype)
        else:
            raise TypeError(f"For 'Cast', the input 'dtype' should be mindspore dtype, but got {dtype}.")
    a = arr(input)
    target = to_np_dtype(dtype)
    return _wrap(a if a.dtype == target else a.astype(target))


primitive("Cast", cast)


def _shape_arg(op_name, shape):
    if isinstance(shape, Tensor):
        shape = tuple(int(s) for s in shape.asnumpy().reshape(-1))
    if isinstance(shape, numbers.Integral) and not isinstance(shape, bool):
        return (int(shape),)
    if not isinstance(shape, (tuple, list)):
        raise TypeError(f"For '{op_name}', the type of 'shape' should be one of '['tuple', 'list', 'int']', "
                        f"but got type '{type(shape).__name__}'.")
    out = []
    for s in shape:
        if isinstance(s, Tensor):
            s = int(s)
        if isinstance(s, bool) or not isinstance(s, numbers.Integral):
            raise TypeError(f"For '{op_name}', each element of 'shape' should be 'int', but got {shape}.")
        out.append(int(s))
    return tuple(out)


@op("reshape")
def reshape(input, shape):
    """``input`` with a new ``shape`` (one -1 is inferred)."""
    a = arr(input)
    shape = _shape_arg("Reshape", shape)
    if shape.count(-1) > 1 or any(s < -1 for s in shape):
        raise ValueError(f"For 'Reshape', the shape {list(shape)} is invalid: at most one -1 and no other "
                         "negative values are allowed.")
    known = int(np.prod([s for s in shape if s != -1], dtype=np.int64))
    size = a.size
    if (-1 not in shape and known != size) or (-1 in shape and (known == 0 or size % known)):
        raise ValueError(f"proposed_shape '{list(shape)}' is invalid for input of size {size}")
    return _wrap(jnp.reshape(a, shape))


@tensor_method("reshape", "view")
def _reshape_method(self, *shape):
    if len(shape) == 1 and not isinstance(shape[0], numbers.Integral):
        shape = shape[0]
    return reshape(self, shape)


primitive("Reshape", reshape)


@op("transpose")
def transpose(input, input_perm):
    """``input`` with its axes permuted by ``input_perm``."""
    a = arr(input)
    perm = tuple(input_perm)
    if len(perm) != a.ndim:
        raise ValueError(f"For 'Transpose', size of perm should equal to rank of x, but got {len(perm)} "
                         f"and {a.ndim}!")
    norm = tuple(p % a.ndim if a.ndim else p for p in perm)
    if sorted(norm) != list(range(a.ndim)):
        raise ValueError(f"For 'Transpose', the perm {perm} must be a permutation of the axes of x.")
    return _wrap(jnp.transpose(a, norm))


@tensor_method("transpose")
def _transpose_method(self, *axes):
    if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
        axes = tuple(axes[0])
    if not axes:
        return _wrap(jnp.transpose(arr(self)))
    return transpose(self, axes)


@tensor_method("permute")
def _permute_method(self, *dims):
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        dims = tuple(dims[0])
    return transpose(self, dims)


@op("permute")
def permute(input, dims):
    return transpose(input, dims)


primitive("Transpose", transpose)
