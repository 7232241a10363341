"""Host-level data exchange between the PROCESSES of a job (rank = process).

Every host-level collective of ``_comm.py`` reduces to one primitive: :func:`group_gather`
stacks each group member's array along a new leading axis, in group-rank order. With one
process (or a group of one rank) that is ``x[None]``; with several processes the arrays
travel through a jitted resharding over a mesh of one device per member process (JAX's
distributed runtime, gloo CPU collectives on the host platform), so what crosses between
processes is real data. Arrays of different shapes (uneven gathers, pickled objects) are
padded to the largest shape after a first gather of the shapes.

Inside ``shard_map`` the collectives act over mesh devices instead (``_comm_prims.py``).
"""
import functools
import pickle

import numpy as np
import jax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def _jax():
    return jax


def process_devices(ranks):
    """One device per process of ``ranks`` (the lowest-id device each process owns)."""
    jax = _jax()
    first = {}
    for d in jax.devices():
        if d.process_index not in first or d.id < first[d.process_index].id:
            first[d.process_index] = d
    missing = [r for r in ranks if r not in first]
    if missing:
        raise RuntimeError(f"The ranks {missing} are not processes of this job "
                           f"({jax.process_count()} processes).")
    return [first[r] for r in ranks]


@functools.lru_cache(maxsize=64)
def _gatherer(ranks):
    """(mesh, jitted replicate) for the processes ``ranks``."""
    jax = _jax()
    mesh = Mesh(np.array(process_devices(list(ranks))), ("_comm_ranks",))
    fn = jax.jit(lambda x: x, out_shardings=NamedSharding(mesh, P()))
    return mesh, fn


def _gather_same(a, ranks, me):
    """Stack ``a`` (same shape and dtype on every member) over the processes ``ranks``."""
    jax = _jax()
    mesh, fn = _gatherer(tuple(ranks))
    dev = process_devices([me])[0]
    local = jax.device_put(np.asarray(a)[None], dev)
    glob = jax.make_array_from_single_device_arrays(
        (len(ranks),) + tuple(np.shape(a)), NamedSharding(mesh, P("_comm_ranks")), [local])
    try:
        out = fn(glob)
        return np.asarray(out.addressable_data(0))
    except Exception as e:   # a peer died or the runtime failed: MindSpore-style RuntimeError
        raise RuntimeError(f"Distributed communication failed: the collective over ranks {list(ranks)} "
                           f"could not complete ({type(e).__name__}: {str(e).splitlines()[0][:300]}). "
                           "Another process of the job may have exited; check its log.") from e


def group_gather(a, ranks, me, same_shape=True):
    """``np.stack`` of every member's ``a`` in the order of ``ranks`` (world ranks, this process is
    ``me``). ``same_shape=False`` allows different shapes (same ndim and dtype): the result is then a
    list of arrays."""
    a = np.asarray(a)
    if len(ranks) == 1:
        return a[None] if same_shape else [a]
    if same_shape:
        return _gather_same(a, ranks, me)
    shapes = _gather_same(np.array(a.shape, np.int64), ranks, me)
    top = shapes.max(axis=0) if a.ndim else ()
    padded = np.zeros(tuple(int(s) for s in top), a.dtype)
    padded[tuple(slice(0, s) for s in a.shape)] = a
    stacked = _gather_same(padded, ranks, me)
    return [stacked[i][tuple(slice(0, int(s)) for s in shapes[i])] for i in range(len(ranks))]


def gather_objects(obj, ranks, me):
    """Every member's Python object (pickled), in the order of ``ranks``."""
    raw = np.frombuffer(pickle.dumps(obj), np.uint8)
    return [pickle.loads(b.tobytes()) for b in group_gather(raw, ranks, me, same_shape=False)]
