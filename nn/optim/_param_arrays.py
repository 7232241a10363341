"""The array helpers every optimizer's update uses: read a Parameter's array, write one back
through the state threading. (Argument checks are ``mscompat._checkparam``'s.)"""
import jax.numpy as jnp

from mscompat.common.tensor import Tensor

__all__ = []


def data(x):
    """The jax array of a Tensor/Parameter (its current binding), or of a number (float32)."""
    if isinstance(x, Tensor):
        return x._data
    if isinstance(x, float):
        return jnp.float32(x)
    return jnp.asarray(x)


def write(param, value):
    """Write ``value`` into ``param`` (cast to its dtype) through the state threading."""
    value = data(value)
    old = param._data
    if value.dtype != old.dtype:
        value = value.astype(old.dtype)
    if value.shape != old.shape:
        value = value.reshape(old.shape)
    param._data = value
