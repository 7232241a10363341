"""Dropout ops: dropout/Dropout, dropout1d/2d/3d, Dropout2D/Dropout3D.

Masks are drawn from the global RNG state (``mscompat.common.seed``): a fresh key every
call, reproducible after ``set_seed``, never a fixed key.
"""
import jax
import jax.numpy as jnp

from mscompat.common.seed import op_key, next_key
from ._args import Tensor
from ._nn import need_tensor, check_dtype, is_number, FLOATS
from ._registry import op, primitive

_wrap = Tensor._wrap


def _check_training(name, training):
    if not isinstance(training, bool):
        raise TypeError(f"For '{name}', the type of 'training' should be 'bool', "
                        f"but got type '{type(training).__name__}'.")


def _dropout_core(x, keep_prob, key):
    a = need_tensor("Dropout", "x", x)
    check_dtype("Dropout", "x", a, FLOATS)
    if not 0.0 < keep_prob <= 1.0:
        raise RuntimeError(f"For 'Dropout, the 'keep_prob' must be in (0.0, 1.0], but got {keep_prob}")
    keep = jax.random.bernoulli(key, keep_prob, a.shape)
    mask = keep.astype(a.dtype)
    return _wrap(a * mask / jnp.asarray(keep_prob, a.dtype)), _wrap(mask)


@op("dropout")
def dropout(input, p=0.5, training=True, seed=None):
    """Zero each element with probability ``p`` and scale the rest by ``1 / (1 - p)``."""
    _check_training("dropout", training)
    if training is False:
        return input
    if not is_number(p):
        raise TypeError(f"For 'dropout', the type of 'p' should be float, but got {type(p).__name__}.")
    seed = 0 if seed is None else seed
    return _dropout_core(input, 1.0 - p, op_key(seed, 0))[0]


def _dropout_prim(prim, x):
    return _dropout_core(x, prim.keep_prob, op_key(prim.Seed0, prim.Seed1))


primitive("Dropout", None, attrs=(("keep_prob", 0.5), ("Seed0", 0), ("Seed1", 0)), call=_dropout_prim)


def _channel_dropout(name, x, keep_prob, rank):
    a = need_tensor(name, "x", x)
    if a.ndim != rank:
        raise ValueError(f"For primitive[{name}], the rank of input  must be equal to {rank} , but got {a.ndim}.")
    keep = jax.random.bernoulli(next_key(), keep_prob, a.shape[:2] + (1,) * (rank - 2))
    keep = jnp.broadcast_to(keep, a.shape)
    if keep_prob == 0:
        out = jnp.zeros_like(a)
    elif jnp.issubdtype(a.dtype, jnp.floating):
        out = jnp.where(keep, a / jnp.asarray(keep_prob, a.dtype), jnp.zeros((), a.dtype))
    else:
        out = jnp.where(keep, a.astype(jnp.float32) / jnp.float32(keep_prob), 0).astype(a.dtype)
    return _wrap(out), _wrap(keep)


def _check_keep(name, keep_prob):
    if not isinstance(keep_prob, float):
        raise TypeError(f"For '{name}', the type of 'keep_prob' should be 'float', "
                        f"but got type '{type(keep_prob).__name__}'.")
    if not 0.0 <= keep_prob <= 1.0:
        raise ValueError(f"For '{name}', the 'keep_prob' must be in range [0.0, 1.0], but got {keep_prob}.")


def _make_channel_prim(name, rank):
    def call(prim, x):
        return _channel_dropout(name, x, prim.keep_prob, rank)
    cls = primitive(name, None, attrs=(("keep_prob", 0.5),), call=call)
    base_init = cls.__init__

    def __init__(self, keep_prob=0.5):
        _check_keep(name, keep_prob)
        base_init(self, keep_prob)
    cls.__init__ = __init__
    return cls


_make_channel_prim("Dropout2D", 4)
_make_channel_prim("Dropout3D", 5)


def _p_check(name, p):
    if not is_number(p) or not 0 <= p <= 1:
        raise ValueError(f"For {name}, the 'p' must be a number in range [0, 1], but got {p}.")


@op("dropout1d")
def dropout1d(input, p=0.5, training=True):
    """Zero whole channels of a (N, C, L) or (C, L) input with probability ``p``."""
    _p_check("dropout1d", p)
    if not isinstance(input, Tensor):
        raise TypeError(f"For dropout1d, 'input' must be Tensor, but got type {type(input)}.")
    _check_training("dropout1d", training)
    if training is False:
        return input
    a = need_tensor("dropout1d", "input", input)
    if a.ndim == 2:
        out, _ = _channel_dropout("Dropout2D", _wrap(a[None, :, :, None]), 1.0 - p, 4)
        return _wrap(out._data[0, :, :, 0])
    if a.ndim == 3:
        out, _ = _channel_dropout("Dropout2D", _wrap(a[..., None]), 1.0 - p, 4)
        return _wrap(out._data[..., 0])
    raise ValueError(f"For dropout1d, input shape should be 2D or 3D, but got {a.ndim}.")


def _dropout_nd(fname, prim, input, p, training, rank):
    """dropout2d / dropout3d: whole channels of a rank-``rank`` input zeroed with probability ``p``."""
    _check_training(fname, training)
    if training is False:
        return input
    _check_keep(prim, 1.0 - p)
    return _channel_dropout(prim, input, 1.0 - p, rank)[0]


@op("dropout2d")
def dropout2d(input, p=0.5, training=True):
    """Zero whole channels of an (N, C, H, W) input with probability ``p``."""
    return _dropout_nd("dropout2d", "Dropout2D", input, p, training, 4)


@op("dropout3d")
def dropout3d(input, p=0.5, training=True):
    """Zero whole channels of an (N, C, D, H, W) input with probability ``p``."""
    return _dropout_nd("dropout3d", "Dropout3D", input, p, training, 5)
