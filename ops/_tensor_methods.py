"""Tensor methods: MindSpore's Tensor method signatures, mapped onto the functional ops.

Every ``Tensor.x`` method that is not defined in the Tensor class body is registered here
with ``@tensor_method`` (one place per concept: op families never register methods).
"""
import numbers

import jax.numpy as jnp

from ._args import arr, Tensor
from ._registry import tensor_method, OPS
from ._array import reshape, transpose

_wrap = Tensor._wrap


@tensor_method("reshape", "view")
def _reshape_method(self, *shape):
    if len(shape) == 1 and not isinstance(shape[0], numbers.Integral):
        shape = shape[0]
    return reshape(self, shape)


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
