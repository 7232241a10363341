"""mindspore.mint.distributed on one process (world size 1, rank 0, CPU world group), as real
MindSpore 2.10 CPU behaves after ``mindspore.communication.init()``: rank and size queries, group
helpers, the collectives on one rank (results written into the given tensors, ``None`` returned
for synchronous calls), object collectives, and bad arguments (MindSpore's TypeError/ValueError).

``NEEDS_COMM``: the oracle runs this table in its ``msrun`` worker after ``init()``; mscompat runs it
after ``ops.init_process_group()`` (see parity_tests/README.md)."""
import numpy as np

from parity_tests.harness import case, F32, I32

NEEDS_COMM = True


def _D(ms):
    return ms.mint.distributed


def _written(ms, call, x):
    """The call's return value and the tensor it wrote into."""
    t = ms.Tensor(x)
    ret = call(t)
    return ret, t


CASES = [
    case("mint.distributed.is_available/init", lambda ms: _D(ms).is_available()),
    case("mint.distributed.is_initialized/init", lambda ms: _D(ms).is_initialized()),
    case("mint.distributed.get_rank/world", lambda ms: _D(ms).get_rank()),
    case("mint.distributed.get_world_size/world", lambda ms: _D(ms).get_world_size()),
    case("mint.distributed.get_global_rank/world", lambda ms: _D(ms).get_global_rank(None, 0)),
    case("mint.distributed.get_group_rank/world", lambda ms: _D(ms).get_group_rank(None, 0)),
    case("mint.distributed.get_process_group_ranks/world", lambda ms: _D(ms).get_process_group_ranks()),
    case("mint.distributed.get_rank/bad_group_type", lambda ms: _D(ms).get_rank(1), error=True),
    case("mint.distributed.get_world_size/bad_group_type", lambda ms: _D(ms).get_world_size(1), error=True),
    case("mint.distributed.get_global_rank/bad_rank_type", lambda ms: _D(ms).get_global_rank(None, "0"), error=True),
    case("mint.distributed.barrier/world", lambda ms: _D(ms).barrier()),
]

# the collectives on one rank, several dtypes and shapes
COLL = {
    "all_reduce_sum": lambda ms, t: _D(ms).all_reduce(t),
    "all_reduce_max": lambda ms, t: _D(ms).all_reduce(t, op="max"),
    "all_reduce_min": lambda ms, t: _D(ms).all_reduce(t, op="min"),
    "all_reduce_prod": lambda ms, t: _D(ms).all_reduce(t, op="prod"),
    "broadcast": lambda ms, t: _D(ms).broadcast(t, 0),
}
for name, fn in COLL.items():
    for tag, x in (("f32", F32(2, 3, seed=600)), ("i32", I32(4, seed=601)), ("f32_3d", F32(2, 2, 2, seed=602))):
        CASES.append(case(f"mint.distributed.{name}/{tag}", lambda ms, x, fn=fn: _written(ms, lambda t: fn(ms, t), x), x))


def _gather_list(ms, x):
    out = [ms.Tensor(np.zeros_like(x))]
    ret = _D(ms).all_gather(out, ms.Tensor(x))
    return ret, out


def _into_tensor(ms, x):
    out = ms.Tensor(np.zeros((x.shape[0],) + x.shape[1:], x.dtype))
    ret = _D(ms).all_gather_into_tensor(out, ms.Tensor(x))
    return ret, out


def _reduce_scatter_tensor(ms, x):
    out = ms.Tensor(np.zeros_like(x))
    ret = _D(ms).reduce_scatter_tensor(out, ms.Tensor(x))
    return ret, out


def _reduce_scatter(ms, x):
    out = ms.Tensor(np.zeros_like(x))
    ret = _D(ms).reduce_scatter(out, [ms.Tensor(x)])
    return ret, out


def _all_to_all(ms, x):
    out = [ms.Tensor(np.zeros_like(x))]
    ret = _D(ms).all_to_all(out, [ms.Tensor(x)])
    return ret, out


def _all_to_all_single(ms, x):
    out = ms.Tensor(np.zeros_like(x))
    ret = _D(ms).all_to_all_single(out, ms.Tensor(x))
    return ret, out


def _same(ms, x):
    """On one rank these collectives return None and write the input's values unchanged."""
    return None, ms.Tensor(x)


def _same_list(ms, x):
    return None, [ms.Tensor(x)]


def _reduce(ms, x):
    t = ms.Tensor(x)
    return _D(ms).reduce(t, 0), t


# MindSpore's CPU build lacks DistCommReduce, DistCommReduceScatter(Tensor) and DistCommAllToAllV(Single):
# real MindSpore gives the one-rank result (``ms_ref``)
for name, fn, ref in (("all_gather", _gather_list, None), ("all_gather_into_tensor", _into_tensor, None),
                      ("reduce", _reduce, _same),
                      ("reduce_scatter_tensor", _reduce_scatter_tensor, _same), ("reduce_scatter", _reduce_scatter, _same),
                      ("all_to_all", _all_to_all, _same_list), ("all_to_all_single", _all_to_all_single, _same)):
    for tag, x in (("f32", F32(2, 3, seed=610)), ("i32", I32(3, 2, seed=611))):
        CASES.append(case(f"mint.distributed.{name}/{tag}", fn, x, ms_ref=ref))
CASES += [
    case("mint.distributed.all_reduce/async_handle", lambda ms, x: (lambda t: (
        (lambda h: (h is not None, h.wait() if h is not None else None))(_D(ms).all_reduce(t, async_op=True)), t))(
        ms.Tensor(x)), F32(3)),
    case("mint.distributed.all_gather_object/world", lambda ms: (lambda out: (
        _D(ms).all_gather_object(out, {"a": 1, "b": [2, 3]}), out))([None])),
    case("mint.distributed.all_reduce/not_tensor", lambda ms: _D(ms).all_reduce(np.ones(3, np.float32)), error=True),
    case("mint.distributed.broadcast/bad_src_type", lambda ms, x: _D(ms).broadcast(ms.Tensor(x), "0"), F32(3),
         error=True),
    case("mint.distributed.all_gather/not_list", lambda ms, x: _D(ms).all_gather(ms.Tensor(x), ms.Tensor(x)), F32(3),
         error=True),
]
