"""JAX interop: Tensors as ``jax.Array`` s and Cells as pure functions of their Parameters.

A :class:`~mscompat.Tensor` is a JAX pytree and has ``__jax_array__``, so ``jnp`` functions,
``jax.jit``, ``jax.grad`` and ``jax.vmap`` take it as it is; ``Tensor(jax_array)`` wraps an array
without copying it. :func:`to_jax` and :func:`from_jax` convert whole structures.

A Cell keeps its Parameters as state. Called inside a user's ``jax.jit``, it would read them as
constants of the trace (a later ``set_data`` or optimizer step is not seen by the compiled
function) and a Cell that writes state (BatchNorm statistics, random ops such as Dropout) would
leave tracers behind. :func:`functional` turns a Cell into a pure function of its Parameter values,
JAX style:

>>> import jax, numpy as np
>>> import mscompat as ms
>>> from mscompat import nn
>>> from mscompat.interop import functional
>>> net = nn.Dense(3, 2)
>>> apply, params = functional(net)
>>> sorted(params)
['bias', 'weight']
>>> out, new_params = jax.jit(apply)(params, ms.Tensor(np.ones((4, 3), np.float32)))
>>> out.shape, out.dtype
((4, 2), mindspore.float32)
"""
import jax

from . import _state
from .common.seed import next_key
from .common.tensor import Tensor

__all__ = ["to_jax", "from_jax", "functional"]


def _is_tensor(x):
    return isinstance(x, Tensor)


def to_jax(tree):
    """``tree`` with every Tensor (and Parameter) replaced by its ``jax.Array``; other leaves
    are kept."""
    return jax.tree_util.tree_map(lambda x: x._data if isinstance(x, Tensor) else x, tree,
                                  is_leaf=_is_tensor)


def from_jax(tree):
    """``tree`` with every ``jax.Array`` (traced ones included) wrapped as a Tensor of the same
    dtype, without a copy; other leaves are kept."""
    def wrap(x):
        if isinstance(x, Tensor):
            return x
        if isinstance(x, (jax.Array, jax.core.Tracer)):
            return Tensor._wrap(x)
        return x
    return jax.tree_util.tree_map(wrap, tree, is_leaf=_is_tensor)


def functional(cell):
    """``(apply, params)``: ``cell`` as a pure function of its Parameter values.

    ``params`` is a dict ``{parameter name: jax.Array}`` of the current values of all the
    Parameters of ``cell`` (``cell.parameters_dict()``, trainable or not).

    ``apply(params, *args, rng=None, **kwargs)`` calls ``cell(*args, **kwargs)`` with each
    Parameter bound to ``params[name]`` (a Parameter missing from ``params`` keeps its own
    value) and returns ``(outputs, new_params)``: ``new_params`` is ``params`` with the values the
    call wrote (BatchNorm moving statistics in training mode, ``ops.assign``, ...). Nothing is
    written to the Cell: pass ``new_params`` to the next call, or write them back with
    ``ms.load_param_into_net(cell, {k: ms.Parameter(v, name=k) for k, v in new_params.items()})``.
    ``apply`` can be traced by ``jax.jit``, ``jax.grad``, ``jax.vmap``.

    Random ops in the Cell (Dropout in training mode, ...) draw from ``rng`` (a key of
    ``jax.random.key``) when given. Without it they draw from a key taken from mscompat's
    global RNG state when ``apply`` runs (under ``jax.jit``: when it is traced, so the compiled
    function then draws the same numbers every call; pass ``rng`` to vary them).
    """
    named = list(cell.parameters_dict().items())
    names = dict(named)
    params = {name: p._data for name, p in named}

    def apply(params, *args, rng=None, **kwargs):
        missing = [name for name in params if name not in names]
        if missing:
            raise KeyError(f"For 'functional', the Cell has no Parameter named {missing[0]!r}; "
                           f"its Parameters are {[name for name, _ in named]}.")
        bound = [(name, p) for name, p in named if name in params]
        values = [_value_of(params[name]) for name, _ in bound]
        if rng is None:
            with jax.ensure_compile_time_eval():
                rng = next_key()
        plist = [p for _, p in bound]
        with _state.Scope(plist, values, key=rng) as scope:
            out = cell(*args, **kwargs)
        new = dict(params)
        for (name, _), value in zip(bound, scope.updates(plist)):
            if value is not None:
                new[name] = value
        return out, new

    return apply, params


def _value_of(v):
    return v._data if isinstance(v, Tensor) else v
