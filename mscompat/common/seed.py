"""Global seed and RNG state (``mindspore.set_seed``/``get_seed``).

RNG is state (DESIGN section 2): the context holds one JAX key, its *binding*; every
random op takes a fresh subkey with :func:`next_key`, which splits and rebinds it. The
state threading of compiled calls binds a traced key here and reads back the new one, so
compiled steps draw new numbers every call and never use a fixed key.

>>> import mscompat as ms
>>> ms.set_seed(1); ms.get_seed()
1
"""
import os

import numpy as np
import jax

__all__ = ["set_seed", "get_seed", "next_key", "get_rng_state", "set_rng_state", "op_key"]

_state = {"seed": None, "key": None}


def set_seed(seed):
    """Set the global seed: random ops and initializers become reproducible."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"The argument 'seed' must be type of int, but got {type(seed)}.")
    if seed < 0:
        raise ValueError(f"The argument 'seed' must be greater than or equal to 0, but got {seed}.")
    _state["seed"] = seed
    _state["key"] = jax.random.key(seed)
    np.random.seed(seed % (2 ** 32))


def get_seed():
    """The global seed, or ``None`` if it was never set."""
    return _state["seed"]


def next_key():
    """A fresh subkey from the global RNG state (splits and rebinds the state)."""
    key = _state["key"]
    if key is None:
        key = jax.random.key(int.from_bytes(os.urandom(4), "little"))
    key, sub = jax.random.split(key)
    _state["key"] = key
    return sub


def op_key(seed=0, seed2=0):
    """Key for a random op with MindSpore's ``seed``/``seed2`` arguments.

    Both zero: draw from the global state. Otherwise the op seed is folded into a fresh
    global subkey, so the same op seeds give different numbers on each call (as in
    MindSpore, where an op keeps its own advancing stream) but a reproducible sequence
    after ``set_seed``.
    """
    key = next_key()
    if seed or seed2:
        key = jax.random.fold_in(jax.random.fold_in(key, int(seed) & 0x7FFFFFFF), int(seed2) & 0x7FFFFFFF)
    return key


def get_rng_state():
    """Snapshot of the global RNG state (a key array), for ``set_rng_state``."""
    return _state["key"]


def set_rng_state(state):
    _state["key"] = state


def _get_binding():
    return _state["key"]


def _set_binding(key):
    _state["key"] = key
