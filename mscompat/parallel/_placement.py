"""Placement of a compiled call's inputs and Parameters on the mesh (DESIGN section 9).

Called by :class:`mscompat._graph.Compiled` only when a parallel mode is active:

* array inputs are the *batch*: with ``full_batch=False`` (MindSpore's default) their batch
  axis is split over the data axis of the mesh (``shard_batch``); with ``full_batch=True``
  they are replicated; a ``dataset_strategy`` tuple gives each input its own strategy. An input
  whose batch axis does not divide by the device number is replicated (same numbers).
  With several processes each process passes its local part and the global array is built
  with ``jax.make_array_from_process_local_data`` (``full_batch=True``: every process passes
  the whole batch).
* Parameters get their layout: the one a ``shard``/``parameter_plan`` or an operator strategy
  gave them (found while tracing), the layout of the weight an optimizer state belongs to
  (``moment1.<weight name>`` of the same shape), split over all devices on the first dimension
  that divides when ``enable_parallel_optimizer`` is set (optimizer states only), else
  replicated. Updated Parameter values are constrained to the same layout inside the compiled
  program, so the next call finds them in place and reuses the executable. With several
  processes a Parameter's first placement takes process 0's value (MindSpore's
  ``parameter_broadcast``).
"""
import contextlib
import threading

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax.experimental import multihost_utils

from mscompat.common.tensor import Tensor
from ._mesh import _ACTIVE, DATA_AXIS, in_per_device
from ._layout import strategy_sharding, layout_sharding, Layout
from ._checkpoint import save_strategy_file

__all__ = ["shard_batch", "replicate", "place_inputs", "place_params", "constrain_updates", "layout_of",
           "no_batch"]

_LOCAL = threading.local()


@contextlib.contextmanager
def no_batch():
    """The compiled calls made inside take no batch (an optimizer's gradients, ...): their array
    inputs are replicated, each process (in data parallel: each device) keeping its own value."""
    old = getattr(_LOCAL, "no_batch", False)
    _LOCAL.no_batch = True
    try:
        yield
    finally:
        _LOCAL.no_batch = old


def _multi():
    return jax.process_count() > 1


def _array(x):
    if isinstance(x, Tensor):
        return x._data
    return x


def _put(a, sharding, local_is_part=False, broadcast=False):
    """``a`` as a global array with ``sharding``; with several processes ``a`` is this process's
    local part (``local_is_part``) or a full copy present on every process (``broadcast``: the
    copy of process 0 is taken, as MindSpore's ``parameter_broadcast``, so that Parameters
    initialised differently on different processes still form one consistent global array)."""
    if isinstance(a, jax.Array) and a.sharding == sharding:
        return a
    if not _multi():
        return jax.device_put(a, sharding)
    if isinstance(a, jax.Array) and not a.is_fully_addressable:
        return jax.device_put(a, sharding)   # already global: reshard
    local = np.asarray(a)
    if local_is_part:
        return jax.make_array_from_process_local_data(sharding, local)
    if broadcast:
        local = np.asarray(multihost_utils.broadcast_one_to_all(local))
    return jax.make_array_from_callback(local.shape, sharding, lambda idx: local[idx])


def _rewrap(x, a):
    return Tensor._wrap(a) if isinstance(x, Tensor) else a


def shard_batch(array, axis=0):
    """``array`` with its batch ``axis`` split over the mesh's data axis (``"dp"``). With several
    processes ``array`` is this process's local part of the global batch. Unchanged in STAND_ALONE."""
    st = _ACTIVE[0]
    if st is None:
        return array
    a = _array(array)
    return _rewrap(array, _put(a, st.batch_sharding(np.ndim(a), axis), local_is_part=True))


def replicate(array):
    """``array`` replicated on every device of the mesh (with several processes: each process
    holds the same full value). Unchanged in STAND_ALONE."""
    st = _ACTIVE[0]
    if st is None:
        return array
    return _rewrap(array, _put(_array(array), st.replicated()))


def _input_sharding(st, a, i, axis):
    ndim = np.ndim(a)
    if st.data_parallel and isinstance(a, jax.Array) and isinstance(a.sharding, NamedSharding) \
            and a.sharding.mesh == st.data_mesh():
        # already laid out on the mesh (an output of a per-device program: each device keeps its value)
        return a.sharding, False
    ds = st.settings.get("dataset_strategy", "data_parallel")
    if isinstance(ds, tuple):
        if i < len(ds) and ds[i] is not None and len(ds[i]) == ndim:
            return (layout_sharding(st, ds[i]) if isinstance(ds[i], Layout)
                    else strategy_sharding(st, ds[i])), False
        return st.replicated(), False
    if st.settings.get("full_batch") or ds == "full_batch" or ndim <= axis or getattr(_LOCAL, "no_batch", False):
        return st.replicated(), False
    n = np.shape(a)[axis] * (jax.process_count() if _multi() else 1)
    if n % st.size:
        return st.replicated(), False
    return st.batch_sharding(ndim, axis), True


def place_inputs(st, dyn, batch_axis=0):
    """The compiled call's array inputs placed on the mesh (see the module docstring)."""
    out = []
    for i, x in enumerate(dyn):
        a = _array(x)
        if isinstance(a, np.generic) or (not isinstance(a, (jax.Array, np.ndarray))):
            out.append(x)
            continue
        sharding, is_batch = _input_sharding(st, a, i, batch_axis)
        out.append(_rewrap(x, _put(a, sharding, local_is_part=is_batch and not st.settings.get("full_batch"))))
    return out


def _state_owner(st, p, by_name):
    """The weight ``p`` is the optimizer state of (``<prefix>.<weight name>``, same shape), or None."""
    name = getattr(p, "name", None) or ""
    parts = name.split(".")
    for k in range(1, len(parts)):
        w = by_name.get(".".join(parts[k:]))
        if w is not None and w is not p and tuple(w.shape) == tuple(p.shape):
            return w
    return None


def _split_first_dim(st, sharding, shape):
    """``sharding`` further split over all devices on the first dimension that divides (ZeRO-style
    optimizer-state sharding); ``sharding`` itself if it already splits the array or none divides."""
    if not sharding.is_fully_replicated:
        return sharding
    for d, n in enumerate(shape):
        if n % st.size == 0:
            spec = [None] * len(shape)
            spec[d] = DATA_AXIS
            return NamedSharding(st.data_mesh(), P(*spec))
    return sharding


def _own_layout(st, p):
    plan = st.param_plans.get(id(p))
    if plan is not None:
        s = plan[1]
        return layout_sharding(st, s) if isinstance(s, Layout) else strategy_sharding(st, s)
    rec = st.param_layouts.get(id(p))
    return None if rec is None else rec[1]


def layout_of(st, p, by_name=None):
    """The sharding Parameter ``p`` is kept in (see the module docstring)."""
    own = _own_layout(st, p)
    if own is not None:
        return own
    owner = _state_owner(st, p, by_name) if by_name else None
    base = None
    if owner is not None:
        base = _own_layout(st, owner)
    if base is None:
        base = st.replicated()
    if owner is not None and st.settings.get("enable_parallel_optimizer") and np.ndim(p._value) > 0:
        base = _split_first_dim(st, base, tuple(p.shape))
    return base


def _by_name(params):
    return {getattr(p, "name", None): p for p in params}


def param_shardings(st, params):
    """The layouts of ``params`` (cached per Parameter tuple until a layout is added)."""
    key = (id(params), len(st.param_layouts), len(st.param_plans))
    hit = st.shard_cache.get(key)
    if hit is not None and hit[0] is params:
        return hit[1]
    by_name = _by_name(params)
    out = [layout_of(st, p, by_name) for p in params]
    if isinstance(params, tuple):
        st.shard_cache[key] = (params, out)
    return out


def save_strategy(st, params):
    """Write the Parameters' layouts to the strategy file the context names, if any."""
    path = st.settings.get("strategy_ckpt_save_file") or (st.settings.get("strategy_ckpt_config") or {}).get(
        "save_file")
    if path and params:
        save_strategy_file(path, params, param_shardings(st, params))


def place_params(st, params, values):
    """Parameter values placed in their layouts (no copy when already there)."""
    out = []
    for s, v in zip(param_shardings(st, params), values):
        out.append(_put(v, s, broadcast=True) if isinstance(v, (jax.Array, np.ndarray)) else v)
    return out


def constrain_updates(st, params, updates):
    """Inside the compiled program: new Parameter values constrained to their layouts (by the
    caller of the per-device function in data parallel: nothing to do inside it)."""
    if in_per_device():
        return updates
    shardings = param_shardings(st, params)
    return tuple(v if v is None or not hasattr(v, "shape")
                 else jax.lax.with_sharding_constraint(v, s) for v, s in zip(updates, shardings))
