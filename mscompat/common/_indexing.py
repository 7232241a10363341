"""Tensor indexing (``x[idx]``) and index assignment (``x[idx] = v``) with MindSpore semantics.

Supported indices: int, slice, None, Ellipsis, bool, lists of ints/bools, Tensors of
integer or bool dtype, and tuples of these. Python int indices are range-checked
(IndexError); list and concrete Tensor indices too. A list that holds sequences,
slices, None or Tensors is read as a tuple (as MindSpore does).

Index assignment casts the value to the Tensor's dtype, broadcasts it to the indexed
region and rebinds ``_data`` (so a Parameter mutates through its binding).
"""
import numbers

import numpy as np
import jax
import jax.numpy as jnp

from . import _layout
from ._scope import _CURRENT
from .tensor import Tensor, _to_array

__all__ = ["getitem", "setitem"]

_UNSUPPORTED = ("Only support integers, slices(`:`), ellipsis(`...`), None, bool, tensor, int, list and "
                "tuple as index, but got {} with type {}")


def _is_tracer(a):
    return isinstance(a, jax.core.Tracer)


def _bad_type(idx):
    if isinstance(idx, (float, np.ndarray)):
        return IndexError(_UNSUPPORTED.format(idx, type(idx)))
    return IndexError(f"Unsupported Python object type received: {type(idx)}. Supported types for tensor "
                      "indexing are: list, int, float, tuple, slice, ellipsis, None, array")


def _as_tuple(index):
    if isinstance(index, tuple):
        return index
    if isinstance(index, list) and any(isinstance(i, (list, tuple, slice, Tensor)) or i is None or i is Ellipsis
                                       for i in index):
        return tuple(index)
    return (index,)


def _consumes(i):
    """How many dimensions of the indexed Tensor the index item ``i`` consumes."""
    if i is None or i is Ellipsis or isinstance(i, bool):
        return 0
    if isinstance(i, (np.ndarray, jax.Array)) and i.dtype == np.bool_:
        return i.ndim
    return 1


def _convert(index, shape, setting):
    """The index as a tuple usable on a ``jax.Array`` of ``shape``, with MindSpore's checks."""
    items = _as_tuple(index)
    if sum(1 for i in items if i is Ellipsis) > 1:
        raise IndexError("An index can only have a single ellipsis('...')")
    out = []
    for i in items:
        if i is None or i is Ellipsis:
            out.append(i)
        elif isinstance(i, bool):
            if not i:
                raise IndexError("When tensor is indexed by a bool object, the value only support 'True'.")
            out.append(None)
        elif isinstance(i, int):
            out.append(i)
        elif isinstance(i, slice):
            for v in (i.start, i.stop, i.step):
                if v is not None and not isinstance(v, (int, Tensor)):
                    raise TypeError(f"The start, stop and step of a slice must be int or None, but got {v}.")
            s = slice(*(int(v) if isinstance(v, Tensor) else v for v in (i.start, i.stop, i.step)))
            if s.step == 0:
                raise ValueError("For 'StridedSlice', 'strides' cannot contain 0")
            out.append(s)
        elif isinstance(i, Tensor):
            a = i._data
            if a.dtype == np.bool_:
                out.append(a if _is_tracer(a) else np.asarray(a))
            elif np.dtype(a.dtype).kind in "iu":
                out.append(a)
            else:
                raise IndexError(f"The tensor index must be int or bool type, but got {i}")
        elif isinstance(i, list):
            if not i:
                raise IndexError("When tensor is indexed by list, the list can't be empty.")
            if not all(isinstance(v, (int, np.integer)) for v in i):
                raise _bad_type(i)
            arr = np.asarray(i)
            out.append(arr if arr.dtype == np.bool_ else arr.astype(np.int64))
        else:
            raise _bad_type(i)
    # range checks against the dimensions each item indexes
    n_consumed = sum(_consumes(i) for i in out)
    if n_consumed > len(shape):
        if not shape and not setting and any(isinstance(i, int) and not isinstance(i, bool) for i in out):
            raise TypeError("Cannot iterate over a scalar tensor.")
        raise IndexError(f"too many indices for tensor of dimension{len(shape)}")
    dim = 0
    for pos, i in enumerate(out):
        if i is Ellipsis:
            dim = len(shape) - sum(_consumes(j) for j in out[pos + 1:])
            continue
        c = _consumes(i)
        if c == 1 and dim < len(shape):
            n = shape[dim]
            if isinstance(i, int):
                if not -n <= i < n:
                    if setting:
                        raise IndexError(f"Index {i} is out of bounds for axis {dim} with size {n}")
                    raise IndexError(f"index {i} is out of bounds for dimension with size {n}")
            elif isinstance(i, np.ndarray) and i.size:
                bad = i[(i >= n) | (i < -n)]
                if bad.size:
                    raise IndexError(f"index {bad.flat[0]} out of bounds for dimension with size {n}")
            elif isinstance(i, jax.Array) and not _is_tracer(i) and i.size:
                v = np.asarray(i)
                bad = v[(v >= n) | (v < -n)]
                if bad.size:
                    raise RuntimeError(f"For 'Gather', the 'input_indices' should be in the range [0, {n}), "
                                       f"but got {bad.flat[0]}")
        dim += c
    return tuple(out)


def getitem(self, index):
    """``self[index]``."""
    data = self._data
    if data is None:
        self.init_data()
        data = self._data
    idx = _convert(index, tuple(data.shape), False)
    out = Tensor._wrap(data[idx])
    return out if _is_tracer(data) else _layout.indexed(out, self, idx)


def _value_array(value, np_dtype):
    if isinstance(value, Tensor):
        v = value._data
        if v is None:
            v = value.init_data()._data
        return v.astype(np_dtype) if v.dtype != np_dtype else v
    if isinstance(value, numbers.Number):
        return jnp.asarray(np.asarray(value).astype(np_dtype) if not isinstance(value, complex)
                           else np.asarray(value), dtype=np_dtype)
    if isinstance(value, (list, tuple)):
        return jnp.asarray(_to_array(list(value), None)).astype(np_dtype)
    raise TypeError(f"only support numbers, Tensor, tuple, list as value, but got {value} with type "
                    f"{type(value)}")


def setitem(self, index, value):
    """``self[index] = value``: rebinds ``self._data``. In a compiled call it rebinds the name, as
    MindSpore's graph parser makes it (``x = setitem(x, index, value)``): an input Tensor so set
    is not written back to the caller (in-place ops on it are, see ``_graph._flat_program``)."""
    if _CURRENT.value is not None:
        self.__dict__["_rebound"] = True
    data = self._data
    if data is None:
        self.init_data()
        data = self._data
    if isinstance(value, str):
        raise _bad_type(value)
    if isinstance(value, np.ndarray) or value is None or not isinstance(
            value, (Tensor, numbers.Number, list, tuple)):
        raise TypeError(f"only support numbers, Tensor, tuple, list as value, but got {value} with type "
                        f"{type(value)}")
    idx = _convert(index, tuple(data.shape), True)
    v = _value_array(value, data.dtype)
    # a full-shape boolean mask: select (works on traced masks too)
    if (len(idx) == 1 and isinstance(idx[0], (jax.Array, np.ndarray)) and idx[0].dtype == np.bool_
            and tuple(idx[0].shape) == tuple(data.shape) and v.size == 1):
        self._data = jnp.where(idx[0], v.reshape(()), data)
        return
    target = data[idx].shape
    try:
        v = jnp.broadcast_to(v, target)
    except ValueError as e:
        raise ValueError(f"For 'BroadcastTo', in order to broadcast, each dimension pair must be equal or "
                         f"input dimension is 1 or target dimension is -1. But got x_shape: {tuple(v.shape)}, "
                         f"target shape: {tuple(target)}.") from e
    self._data = data.at[idx].set(v)


Tensor.__getitem__ = getitem
Tensor.__setitem__ = setitem
