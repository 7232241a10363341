"""Global seed and RNG state (``mindspore.set_seed``/``get_seed``, ``Generator``).

RNG is state (DESIGN section 2): the context holds one JAX key, its *binding*; every
random op takes a fresh subkey with :func:`next_key`, which splits and rebinds it. The
state threading of compiled calls binds a traced key here and reads back the new one, so
compiled steps draw new numbers every call and never use a fixed key.

``set_seed`` also seeds numpy's global RNG, from which the initializers draw (as in
MindSpore, so initial weights match MindSpore's for the same seed). The default
:class:`Generator` (``mindspore.default_generator``) is the global key: ``manual_seed``,
``get_rng_state`` and ``set_rng_state`` act on it; its state is a 16-byte uint8 Tensor
(key as int64, then the number of draws, little-endian) as MindSpore's (seed, offset).

>>> import mscompat as ms
>>> ms.set_seed(1); ms.get_seed()
1
"""
import os
import threading

import numpy as np
import jax
import jax.numpy as jnp
from .tensor import Tensor
from ._scope import compiling

__all__ = ["set_seed", "get_seed", "next_key", "get_rng_state", "set_rng_state", "op_key", "Generator",
           "default_generator", "seed", "manual_seed", "initial_seed"]



class _Bindings(threading.local):
    """Per thread: the stack of RNG keys bound by the active transforms (traced keys)."""

    def __init__(self):
        super().__init__()
        self.stack = []


_BOUND = _Bindings()
_LOCK = threading.RLock()   # draws from the process-global key are atomic across threads


class _RngState(dict):
    """The global RNG state. ``"key"`` is the binding: while a transform of this thread has
    bound a (traced) key, ``state["key"]`` reads and writes that thread's binding, so threads
    tracing at once never see each other's keys; otherwise the process-global key (MindSpore's
    global seed is process-wide)."""

    def __getitem__(self, name):
        if name == "key":
            stack = _BOUND.stack
            if stack:
                return stack[-1]
        return dict.__getitem__(self, name)

    def get(self, name, default=None):
        if name == "key" and _BOUND.stack:
            return _BOUND.stack[-1]
        return dict.get(self, name, default)

    def __setitem__(self, name, value):
        if name == "key":
            stack = _BOUND.stack
            if stack:
                stack[-1] = value
                return
        dict.__setitem__(self, name, value)


def bind_key(key):
    """Bind ``key`` as this thread's RNG key until the matching :func:`unbind_key`."""
    _BOUND.stack.append(key)


def unbind_key():
    """Remove this thread's innermost key binding; returns the key it ended with."""
    return _BOUND.stack.pop()


# "key": the global JAX key (the binding); "gen_seed": the default generator's initial seed;
# "offset": draws taken since the key was last set.
_state = _RngState(seed=None, key=None, gen_seed=0, offset=0)
_KERNEL_SEED = {}
_DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2 ** 31 - 1
_KEY_STEP = 3528531795 ^ 3449720151


def set_seed(seed):
    """Set the global seed: random ops, numpy's global RNG and initializers become reproducible."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"The argument 'seed' must be type of int, but got {type(seed)}.")
    if seed < 0:
        raise ValueError(f"The argument 'seed' must be greater than or equal to 0, but got {seed}.")
    _state["seed"] = seed
    _state["key"] = jax.random.key(seed)
    _state["offset"] = 0
    for k in list(_KERNEL_SEED):
        _KERNEL_SEED[k] = k[1]
    np.random.seed(seed % (2 ** 32))
    from mscompat.dataset import config as _dataset_config   # as in MindSpore: the pipeline's seed too
    _dataset_config.set_seed(seed)


def get_seed():
    """The global seed, or ``None`` if it was never set."""
    return _state["seed"]


def _random_key():
    return jax.random.key(int.from_bytes(os.urandom(4), "little"))


def next_key():
    """A fresh subkey from the global RNG state (splits and rebinds the state)."""
    if _BOUND.stack:
        key, sub = jax.random.split(_BOUND.stack[-1])
        _BOUND.stack[-1] = key
        _state["offset"] += 1
        return sub
    with _LOCK:
        key = _state["key"]
        if key is None:
            key = _random_key()
        key, sub = jax.random.split(key)
        _state["key"] = key
        _state["offset"] += 1
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


def _graph_seed(op_seed, kernel_name):
    """MindSpore's (seed, seed2) pair for an op: from the global seed and a per-op counter."""
    global_seed = get_seed()
    if global_seed == 0:
        global_seed = _DEFAULT_GRAPH_SEED
    elif global_seed is None:
        global_seed = 0
    if op_seed is None:
        op_seed = 0
    if global_seed == 0 and op_seed == 0:
        return 0, 0
    if not isinstance(op_seed, int) or isinstance(op_seed, bool):
        raise TypeError(f"For '{kernel_name}', the type of 'seed' must be int, but got {type(op_seed).__name__}.")
    if op_seed < 0:
        raise ValueError(f"For '{kernel_name}', the 'seed' must be a non-negative int, but got {op_seed}.")
    key = (kernel_name, op_seed)
    temp = _KERNEL_SEED.setdefault(key, op_seed)
    _KERNEL_SEED[key] = temp + _KEY_STEP
    return global_seed % _MAXINT32, temp % _MAXINT32


_get_graph_seed = _graph_seed


# --- Generator ---------------------------------------------------------------------------------
def _key_from_seed(seed):
    seed = int(seed) & 0xFFFFFFFFFFFFFFFF
    return jax.random.key(seed - (1 << 64) if seed >= (1 << 63) else seed)


def _encode_state(key, offset):
    data = np.asarray(jax.random.key_data(key)).astype(np.uint32).reshape(-1)
    if data.size == 2:  # threefry: (hi, lo) -> one little-endian int64, as MindSpore's seed
        raw = np.array([(int(data[0]) << 32) | int(data[1])], np.uint64).view(np.uint8)
    else:
        raw = data.view(np.uint8)
    off = np.array([offset & 0xFFFFFFFFFFFFFFFF], np.uint64).view(np.uint8)
    return Tensor(np.concatenate([raw, off]))


def _decode_state(state, like):
    if not isinstance(state, Tensor):
        raise TypeError(f"The state must be a Tensor, but got {type(state).__name__}.")
    raw = np.asarray(state.asnumpy()).astype(np.uint8).reshape(-1)
    template = np.asarray(jax.random.key_data(like)).reshape(-1)
    need = 8 if template.size == 2 else template.size * 4
    if raw.size != need + 8:
        raise ValueError(f"The state must be a uint8 Tensor of {need + 8} bytes, but got {raw.size}.")
    if template.size == 2:
        v = int(raw[:8].copy().view(np.uint64)[0])
        data = np.array([v >> 32, v & 0xFFFFFFFF], np.uint32)
    else:
        data = raw[:need].copy().view(np.uint32)
    impl = jax.random.key_impl(like)
    key = jax.random.wrap_key_data(data.reshape(np.asarray(jax.random.key_data(like)).shape), impl=impl)
    return key, int(raw[need:].copy().view(np.uint64)[0])


class Generator:
    """A random number generator: MindSpore's (seed, offset) pair, held in two int64 Parameters as
    MindSpore holds them, so a compiled call that draws from it (or calls ``_step``) reads them and
    writes the advanced offset back, as any Parameter.

    ``manual_seed(s)`` reseeds it, ``seed()`` reseeds it randomly, ``get_state`` / ``set_state`` save
    and restore it (a uint8 Tensor: the seed and the offset as little-endian int64, MindSpore's
    layout), ``_step(n)`` hands out the current (seed, offset) and advances the offset by ``n``.
    Random ops with a ``generator`` argument draw from it: the key of a draw is the seed's key folded
    with the offset, which then advances by one. ``default_generator`` is the global RNG state (a
    key split at each draw, threaded through compiled calls).
    """

    def __init__(self):
        from .parameter import Parameter   # noqa: PLC0415  (cycle: parameter -> initializer -> seed)
        self._st = None
        self._seed = Parameter(Tensor(np.array(0, np.int64)), name="generator_seed", requires_grad=False)
        self._offset = Parameter(Tensor(np.array(0, np.int64)), name="generator_offset", requires_grad=False)

    @classmethod
    def _global(cls):
        g = object.__new__(cls)
        g._st = _state
        return g

    def _key(self):
        if self._st is None:
            return jax.random.key(self._seed._data)
        if self._st["key"] is None:
            self._st["key"] = _random_key()
        return self._st["key"]

    def _next_key(self):
        if self._st is _state:
            return next_key()
        offset = self._offset._data
        sub = jax.random.fold_in(self._key(), (offset & 0xFFFFFFFF).astype(np.uint32))
        self._offset._data = offset + 1
        return sub

    def _step(self, step):
        """The current seed and offset (int64 Tensors); the offset then advances by ``step``."""
        step = step._data if isinstance(step, Tensor) else np.int64(step)
        if self._st is None:
            seed, offset = self._seed._data, self._offset._data
            self._offset._data = offset + step.astype(offset.dtype)
            if compiling():     # MindSpore's compiled generator op gives them as 1-element Tensors
                seed, offset = seed.reshape(1), offset.reshape(1)
            return Tensor._wrap(seed), Tensor._wrap(offset)
        if isinstance(step, jax.core.Tracer):
            # the global offset is host state (the global key is what compiled calls thread)
            raise RuntimeError("For 'Generator._step', the default generator's step must be known when the call "
                               "is compiled (a constant), but it is computed in the graph.")
        out = (Tensor(np.array(self._st["gen_seed"], np.int64)), Tensor(np.array(self._st["offset"], np.int64)))
        self._st["offset"] += int(np.asarray(step))
        return out

    def manual_seed(self, seed):  # pylint: disable=redefined-outer-name
        """Reseed with ``seed`` (int); returns the generator."""
        if not isinstance(seed, int):
            raise TypeError("Seed must be an integer.")
        if self._st is None:
            self._seed._data = jnp.asarray(np.int64(seed))
            self._offset._data = jnp.asarray(np.int64(0))
            return self
        self._st["gen_seed"] = int(seed)
        self._st["key"] = _key_from_seed(seed)
        self._st["offset"] = 0
        return self

    def initial_seed(self):
        """The seed last given to ``manual_seed``/``seed``/``set_state`` (0 if none)."""
        if self._st is None:
            return int(np.asarray(self._seed._data))
        return self._st["gen_seed"]

    def seed(self):  # pylint: disable=redefined-outer-name
        """Reseed with a random seed and return it."""
        s = int.from_bytes(os.urandom(4), "little")
        self.manual_seed(s)
        return s

    def get_state(self):
        """The state: a uint8 Tensor of 16 bytes."""
        if self._st is not None:
            return _encode_state(self._key(), self._st["offset"])
        pair = np.array([np.asarray(self._seed._data), np.asarray(self._offset._data)], np.int64)
        return Tensor(pair.view(np.uint8))

    def set_state(self, state):
        """Restore a state from :meth:`get_state`."""
        if self._st is not None:
            self._st["key"], self._st["offset"] = _decode_state(state, self._key())
            return
        if not isinstance(state, Tensor):
            raise TypeError(f"The state must be a Tensor, but got {type(state).__name__}.")
        raw = np.asarray(state.asnumpy()).astype(np.uint8).reshape(-1)
        if raw.size != 16:
            raise ValueError(f"The state must be a uint8 Tensor of 16 bytes, but got {raw.size}.")
        seed, offset = raw.copy().view(np.int64)
        self._seed._data = jnp.asarray(np.int64(seed))
        self._offset._data = jnp.asarray(np.int64(offset))


default_generator = Generator._global()


def seed():  # pylint: disable=redefined-outer-name
    """Reseed the default generator randomly; returns the seed."""
    return default_generator.seed()


def manual_seed(seed):  # pylint: disable=redefined-outer-name
    """Reseed the default generator (the global RNG state); returns it."""
    return default_generator.manual_seed(seed)


def initial_seed():
    """The initial seed of the default generator."""
    return default_generator.initial_seed()


def get_rng_state():
    """The global RNG state as a uint8 Tensor, for :func:`set_rng_state`."""
    return default_generator.get_state()


def set_rng_state(state):
    """Restore the global RNG state saved by :func:`get_rng_state`."""
    default_generator.set_state(state)


def _get_binding():
    return _state["key"]


def _set_binding(key):
    _state["key"] = key
