"""Argument handling shared by ``mscompat.numpy``: MindSpore numpy's conversion of Python
values to Tensors (Python ints become int32 and floats float32, as in ``mindspore.numpy``),
its dtype, shape and axis checks, and the exception classes it raises.
The public functions convert their inputs with :func:`to_tensor` and wrap ``jax.Array``
results with :func:`wrap`.
"""

import numpy as onp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from .dtypes import dtype_map, dtype_tuple

__all__ = ["to_tensor", "to_tensor_origin", "wrap", "check_dtype", "np_dtype", "check_shape", "check_axis",
           "check_axes", "canonical_axis", "raise_type", "raise_value", "is_float", "scalar_dtype", "check_tensor",
           "ARRAY_TYPES", "size_of_shape"]

ARRAY_TYPES = (int, float, bool, list, tuple, Tensor)
_all_types = ["np.int_", "np.int8", "np.int16", "np.int32", "np.int64", "np.uint", "np.uint8", "np.uint16",
              "np.uint32", "np.uint64", "np.float64", "np.float16", "np.float32", "np.float64", "np.bool_"]

wrap = Tensor._wrap


def raise_type(info, param=None):
    raise TypeError(info if param is None else f"{info}{type(param)}")


def raise_value(info, param=None):
    raise ValueError(info if param is None else f"{info}{param}")


_NARROWED = {onp.dtype(onp.float64): onp.float32, onp.dtype(onp.int64): onp.int32,
             mstype.float64: mstype.float32, mstype.int64: mstype.int32}


def _narrow(arr):
    """float64 -> float32 and int64 -> int32 (an ndarray or a Tensor; other dtypes unchanged): the
    dtypes ``mindspore.numpy`` gives Python values."""
    narrowed = _NARROWED.get(arr.dtype)
    return arr if narrowed is None else arr.astype(narrowed)


def _from_python(value):
    """numpy array of a Python scalar or (nested) list/tuple, as MindSpore's Tensor makes it."""
    return Tensor(value)._data


def to_tensor(*args):
    """Each argument as a Tensor: Tensors as they are, Python scalars, lists and tuples as
    int32/float32/bool Tensors. Anything else is a TypeError."""
    out = []
    for a in args:
        if isinstance(a, Tensor):
            pass
        elif isinstance(a, (int, float, bool, list, tuple)):
            if isinstance(a, (list, tuple)) and not a:
                a = Tensor(a)
            else:
                a = wrap(_narrow(_from_python(a)))
        else:
            raise_type("Expect input to be array like.")
        out.append(a)
    return out[0] if len(out) == 1 else tuple(out)


def to_tensor_origin(*args):
    """Like :func:`to_tensor` but Python values keep MindSpore's Tensor dtypes (int64, float32)."""
    out = []
    for a in args:
        if isinstance(a, (int, float, bool, list, tuple)):
            a = Tensor(a)
        elif not isinstance(a, Tensor):
            raise_type("Expect input to be array like.")
        out.append(a)
    return out[0] if len(out) == 1 else out



def check_tensor(*tensors):
    for t in tensors:
        if not isinstance(t, Tensor):
            raise_type("expect Tensor, but got ", t)


def check_dtype(dtype):
    """The mstype of a dtype argument: an mstype, a name ('int' and 'float' are 32-bit), a
    numpy type, or Python's int/float/bool."""
    if isinstance(dtype, str):
        dtype = dtype_map.get(dtype.lower(), "")
    elif isinstance(dtype, type):
        if dtype is int:
            dtype = mstype.int32
        elif dtype is float:
            dtype = mstype.float32
        else:
            try:
                dtype = mstype.pytype_to_dtype(dtype)
            except NotImplementedError:
                pass
    elif isinstance(dtype, onp.dtype):
        dtype = mstype.pytype_to_dtype(dtype)
    if not isinstance(dtype, mstype.Type) or dtype not in dtype_tuple:
        raise TypeError(f"only {_all_types} are allowed for dtype, but got {type(dtype)}")
    return dtype


def np_dtype(dtype):
    return onp.dtype(mstype.dtype_to_nptype(dtype))


def check_shape(shape):
    """A shape argument as a tuple of non-negative ints."""
    if not isinstance(shape, (int, tuple, list, Tensor)):
        raise TypeError(f"only int, tuple, list and tensor are allowed for shape, but got {type(shape)}")
    if isinstance(shape, Tensor):
        shape = shape.asnumpy().tolist()
    if isinstance(shape, int):
        shape = (shape,)
    shape = tuple(shape)
    for s in shape:
        if not isinstance(s, int):
            raise TypeError("each entry in shape should be int.")
        if s < 0:
            raise ValueError("each entry in shape should no less than 0.")
    return shape


def size_of_shape(shape):
    n = 1
    for s in shape:
        n *= s
    return n



def _axis_in_range(axis, ndim):
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"axes should be integers, not {type(axis)}")
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim if ndim else axis


def check_axis(axis, ndim):
    """One axis, normalized to ``[0, ndim)``."""
    return _axis_in_range(axis, ndim)


def check_axes(axes, ndim):
    """``None`` (every axis), an int or a sequence of ints as a tuple of normalized axes;
    ValueError for a duplicate or out-of-range axis."""
    if axes is None:
        return tuple(range(ndim))
    if isinstance(axes, (tuple, list)):
        out = tuple(_axis_in_range(a, ndim) for a in axes)
        if len(set(out)) != len(out):
            raise ValueError('duplicate value in "axis"')
        return out
    return (_axis_in_range(axes, ndim),)


def canonical_axis(axis, ndim):
    """An int or tuple of axes, normalized (int stays int), checked for duplicates."""
    if isinstance(axis, (tuple, list)):
        out = tuple(_axis_in_range(a, ndim) for a in axis)
        if len(set(out)) != len(out):
            raise ValueError(f"duplicate axes in {tuple(axis)}.")
        return out
    return _axis_in_range(axis, ndim)


def is_float(dtype):
    """True for float16/float32 (the dtypes MindSpore numpy treats as float inputs)."""
    return dtype in (mstype.float16, mstype.float32)



def scalar_dtype(*numbers_):
    """bool if every given value is a bool, int32 if every one is an int, else float32."""
    vals = [n for n in numbers_ if n is not None]
    if all(isinstance(n, bool) for n in vals):
        return mstype.bool_
    if all(isinstance(n, int) for n in vals):
        return mstype.int32
    return mstype.float32



# MindSpore's private helper names, which model code imports from mindspore.numpy.utils
_to_tensor = to_tensor
_to_tensor_origin_dtype = to_tensor_origin
_check_input_tensor = check_tensor


_convert_64_to_32 = _narrow


def _get_dtype_from_scalar(*input_numbers):
    return scalar_dtype(*input_numbers)


def _expand(x, ndim, axis=0):
    """``x`` reshaped to ``ndim`` dimensions with unit axes in front (``axis=-1``: behind)."""
    pad = (1,) * max(ndim - x.ndim, 0)
    return x.reshape(tuple(x.shape) + pad if axis == -1 else pad + tuple(x.shape))
