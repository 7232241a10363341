"""mindspore.mint.distributed on one process (world size 1, rank 0, CPU world group), as real
MindSpore 2.10 CPU behaves after ``mindspore.communication.init()``: rank and size queries, group
helpers, the collectives on one rank (results written into the given tensors, ``None`` returned
for synchronous calls), object collectives, the group helpers, ``P2POp``/``TCPStore``, and bad arguments
(MindSpore's TypeError/ValueError/RuntimeError/KeyError, checked before any communication). What
MindSpore's CPU build cannot run (missing kernels, the object and point-to-point functions that look
up the Ascend world group) is compared with PyTorch in ``mint_distributed_torch``.

``NEEDS_COMM``: the oracle runs this table in its ``msrun`` worker after ``init()``; mscompat runs it
after ``ops.init_process_group()`` (see parity_tests/README.md)."""
import socket

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
for name, fn, ref in (("all_gather", _gather_list, None),
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


# ---------------------------------------------------------------------------------------
# gather / scatter (tensor lists on the root), several dtypes


def _gather(ms, x):
    out = [ms.Tensor(np.zeros_like(x.asnumpy()))]
    ret = _D(ms).gather(x, out)
    return ret, out


def _gather_async(ms, x):
    out = [ms.Tensor(np.zeros_like(x.asnumpy()))]
    h = _D(ms).gather(x, out, dst=0, async_op=True)
    return h is not None, h.wait(), out


def _scatter(ms, x):
    out = ms.Tensor(np.zeros_like(x.asnumpy()))
    ret = _D(ms).scatter(out, [x])
    return ret, out


for tag, x in (("f32", F32(2, 3, seed=620)), ("i32", I32(4, seed=621)), ("f16", F32(3, 2, seed=622).astype(np.float16)),
               ("i8", I32(2, 2, seed=623).astype(np.int8))):
    CASES += [case(f"mint.distributed.gather/{tag}", _gather, x), case(f"mint.distributed.scatter/{tag}", _scatter, x)]
_X = F32(2, 3, seed=624)
CASES += [
    case("mint.distributed.gather/async", _gather_async, _X),
    case("mint.distributed.gather/bad_not_tensor", lambda ms, x: _D(ms).gather(x.asnumpy(), [x]), _X, error=True),
    case("mint.distributed.gather/bad_list_len", lambda ms, x: _D(ms).gather(x, [x, x]), _X, error=True),
    case("mint.distributed.gather/bad_dst_type", lambda ms, x: _D(ms).gather(x, [x], dst="0"), _X, error=True),
    case("mint.distributed.gather/bad_no_list", lambda ms, x: _D(ms).gather(x), _X, error=True),
    case("mint.distributed.gather/bad_list_none", lambda ms, x: _D(ms).gather(x, None), _X, error=True),
    case("mint.distributed.gather/bad_list_dtype", lambda ms, x: _D(ms).gather(x, [ms.Tensor(np.zeros((2, 3), np.int32))]),
         _X, error=True),
    case("mint.distributed.scatter/bad_not_tensor", lambda ms, x: _D(ms).scatter(x.asnumpy(), [x]), _X, error=True),
    case("mint.distributed.scatter/bad_list_len", lambda ms, x: _D(ms).scatter(x, [x, x]), _X, error=True),
    case("mint.distributed.scatter/bad_src_type", lambda ms, x: _D(ms).scatter(x, [x], src="0"), _X, error=True),
    case("mint.distributed.scatter/bad_no_list", lambda ms, x: _D(ms).scatter(x), _X, error=True),
    case("mint.distributed.scatter/bad_list_shape", lambda ms, x: _D(ms).scatter(x, [ms.Tensor(np.zeros((3, 2), np.float32))]),
         _X, error=True),
]

# ---------------------------------------------------------------------------------------
# bad arguments of the tensor collectives (checked before MindSpore's CPU reaches a missing kernel)

CASES += [
    case("mint.distributed.all_gather_into_tensor/bad_input_not_tensor",
         lambda ms, x: _D(ms).all_gather_into_tensor(x, x.asnumpy()), _X, error=True),
    case("mint.distributed.all_gather_into_tensor/bad_output_not_tensor",
         lambda ms, x: _D(ms).all_gather_into_tensor(x.asnumpy(), x), _X, error=True),
    case("mint.distributed.all_gather_into_tensor/bad_output_shape",
         lambda ms, x: _D(ms).all_gather_into_tensor(ms.Tensor(np.zeros((4, 3), np.float32)), x), _X, error=True),
    case("mint.distributed.all_gather_into_tensor/bad_output_dtype",
         lambda ms, x: _D(ms).all_gather_into_tensor(ms.Tensor(np.zeros((2, 3), np.int32)), x), _X, error=True),
    case("mint.distributed.all_gather_into_tensor_uneven/bad_input_not_tensor",
         lambda ms, x: _D(ms).all_gather_into_tensor_uneven(x.asnumpy(), x), _X, error=True),
    case("mint.distributed.all_gather_into_tensor_uneven/bad_group_type",
         lambda ms, x: _D(ms).all_gather_into_tensor_uneven(x, x, group=1), _X, error=True),
    case("mint.distributed.all_gather_into_tensor_uneven/bad_async_type",
         lambda ms, x: _D(ms).all_gather_into_tensor_uneven(x, x, async_op=1), _X, error=True),
    case("mint.distributed.reduce_scatter_tensor_uneven/bad_op_prod",
         lambda ms, x: _D(ms).reduce_scatter_tensor_uneven(x, x, [2], op="prod"), _X, error=True),
    case("mint.distributed.reduce_scatter_tensor_uneven/bad_op_type",
         lambda ms, x: _D(ms).reduce_scatter_tensor_uneven(x, x, op=1), _X, error=True),
    case("mint.distributed.reduce_scatter_tensor_uneven/bad_f64",
         lambda ms, x: _D(ms).reduce_scatter_tensor_uneven(x, x, [2]), F32(2, 3, seed=625).astype(np.float64),
         error=True),
    case("mint.distributed.reduce_scatter_tensor_uneven/bad_u8",
         lambda ms, x: _D(ms).reduce_scatter_tensor_uneven(x, x, [2]), I32(2, 3, seed=626).astype(np.uint8),
         error=True),
    case("mint.distributed.reduce_scatter_tensor_uneven/bad_input_not_tensor",
         lambda ms, x: _D(ms).reduce_scatter_tensor_uneven(x.asnumpy(), x), _X, error=True),
    case("mint.distributed.reduce_scatter_tensor/bad_op", lambda ms, x: _D(ms).reduce_scatter_tensor(x, x, op="mean"),
         _X, error=True),
    case("mint.distributed.reduce_scatter_tensor/bad_input_not_tensor",
         lambda ms, x: _D(ms).reduce_scatter_tensor(x, x.asnumpy()), _X, error=True),
    case("mint.distributed.reduce_scatter/bad_op", lambda ms, x: _D(ms).reduce_scatter(x, [x], op="bad"), _X, error=True),
    case("mint.distributed.reduce_scatter/bad_not_list", lambda ms, x: _D(ms).reduce_scatter(x, x), _X, error=True),
    case("mint.distributed.reduce_scatter/bad_list_len", lambda ms, x: _D(ms).reduce_scatter(x, [x, x]), _X, error=True),
    case("mint.distributed.reduce/bad_dst_type", lambda ms, x: _D(ms).reduce(x, "0"), _X, error=True),
    case("mint.distributed.reduce/bad_op", lambda ms, x: _D(ms).reduce(x, 0, op="mean"), _X, error=True),
    case("mint.distributed.reduce/bad_not_tensor", lambda ms, x: _D(ms).reduce(x.asnumpy(), 0), _X, error=True),
    case("mint.distributed.all_to_all/bad_not_list", lambda ms, x: _D(ms).all_to_all(x, [x]), _X, error=True),
    case("mint.distributed.all_to_all/bad_not_tensor", lambda ms, x: _D(ms).all_to_all([x], [x.asnumpy()]), _X,
         error=True),
    case("mint.distributed.all_to_all/bad_mixed_dtypes",
         lambda ms, x: _D(ms).all_to_all([x, x], [x, ms.Tensor(np.zeros((2, 3), np.int32))]), _X, error=True),
    case("mint.distributed.all_to_all_single/bad_input_not_tensor",
         lambda ms, x: _D(ms).all_to_all_single(x, x.asnumpy()), _X, error=True),
    case("mint.distributed.all_to_all_single/bad_output_not_tensor",
         lambda ms, x: _D(ms).all_to_all_single([x], x), _X, error=True),
]

# ---------------------------------------------------------------------------------------
# barrier, process-group queries, groups


def _group_info(ms, g):
    D = _D(ms)
    return g, D.get_rank(g), D.get_world_size(g), D.get_process_group_ranks(g), D.get_group_rank(g, 0), \
        D.get_global_rank(g, 0), D.get_backend(g)


def _destroyed(ms):
    D = _D(ms)
    g = D.new_group([0], backend="mccl")
    return D.destroy_process_group(g), D.get_rank(g), D.get_world_size(g), D.is_initialized()


CASES += [
    case("mint.distributed.barrier/async", lambda ms: (lambda h: (h is not None, h.wait()))(_D(ms).barrier(async_op=True))),
    case("mint.distributed.barrier/named_world", lambda ms: _D(ms).barrier(group="mccl_world_group")),
    case("mint.distributed.barrier/bad_group_type", lambda ms: _D(ms).barrier(group=1), error=True),
    case("mint.distributed.barrier/bad_async_type", lambda ms: _D(ms).barrier(async_op=1), error=True),
    case("mint.distributed.is_available/bad_arg", lambda ms: _D(ms).is_available(1), error=True),
    case("mint.distributed.is_initialized/bad_arg", lambda ms: _D(ms).is_initialized(1), error=True),
    case("mint.distributed.get_backend/default", lambda ms: _D(ms).get_backend()),
    case("mint.distributed.get_backend/named_groups", lambda ms: [_D(ms).get_backend(g) for g in (
        "mccl_world_group", "hccl_world_group", "mccl_2_abc", "hccl_2_abc", "my_group")]),
    case("mint.distributed.get_backend/bad_group_type", lambda ms: _D(ms).get_backend(1), error=True),
    case("mint.distributed.get_global_rank/named_world", lambda ms: _D(ms).get_global_rank("mccl_world_group", 0)),
    case("mint.distributed.get_global_rank/bad_group_type", lambda ms: _D(ms).get_global_rank(1, 0), error=True),
    case("mint.distributed.get_group_rank/named_world", lambda ms: _D(ms).get_group_rank("mccl_world_group", 0)),
    case("mint.distributed.get_group_rank/bad_group_type", lambda ms: _D(ms).get_group_rank(1, 0), error=True),
    case("mint.distributed.get_group_rank/bad_rank_type", lambda ms: _D(ms).get_group_rank(None, "0"), error=True),
    case("mint.distributed.get_group_rank/bad_unknown_group", lambda ms: _D(ms).get_group_rank("no_such_group", 0),
         error=True),
    case("mint.distributed.get_process_group_ranks/named_world",
         lambda ms: _D(ms).get_process_group_ranks("mccl_world_group")),
    case("mint.distributed.get_process_group_ranks/bad_group_type", lambda ms: _D(ms).get_process_group_ranks(1),
         error=True),
    case("mint.distributed.get_process_group_ranks/bad_unknown_group",
         lambda ms: _D(ms).get_process_group_ranks("no_such_group"), error=True),
    case("mint.distributed.get_rank/unknown_group", lambda ms: _D(ms).get_rank("no_such_group")),
    case("mint.distributed.get_world_size/unknown_group", lambda ms: _D(ms).get_world_size("no_such_group")),
    case("mint.distributed.new_group/world", lambda ms: _D(ms).new_group()),
    case("mint.distributed.new_group/rank0", lambda ms: _group_info(ms, _D(ms).new_group([0]))),
    # (no case of an explicit backend="mccl" subgroup: MindSpore's CPU build made it in one oracle run
    # and raised "Group mccl_1_... doesn't include this rank 0 process" / "AllReduce failed" in another)
    case("mint.distributed.new_group/ranks_outside_world", lambda ms: _D(ms).new_group([0, 1])),
    case("mint.distributed.new_group/bad_ranks_type", lambda ms: _D(ms).new_group(0), error=True),
    case("mint.distributed.new_group/bad_backend", lambda ms: _D(ms).new_group([0], backend="nccl"), error=True),
    case("mint.distributed.destroy_process_group/new_group", _destroyed),
    case("mint.distributed.destroy_process_group/bad_group_type", lambda ms: _D(ms).destroy_process_group(1),
         error=True),
    case("mint.distributed.destroy_process_group/bad_unknown_group",
         lambda ms: _D(ms).destroy_process_group("no_such_group"), error=True),
    case("mint.distributed.init_process_group/bad_backend", lambda ms: _D(ms).init_process_group("nccl"), error=True),
    case("mint.distributed.init_process_group/bad_world_size_type",
         lambda ms: _D(ms).init_process_group(world_size="1"), error=True),
    case("mint.distributed.init_process_group/bad_rank_type", lambda ms: _D(ms).init_process_group(rank="0"),
         error=True),
    case("mint.distributed.init_process_group/bad_timeout_type", lambda ms: _D(ms).init_process_group(timeout=5),
         error=True),
    case("mint.distributed.init_process_group/bad_store_type", lambda ms: _D(ms).init_process_group(store=1),
         error=True),
    case("mint.distributed.init_process_group/bad_group_name_type",
         lambda ms: _D(ms).init_process_group(group_name=1), error=True),
]

# ---------------------------------------------------------------------------------------
# object collectives: the arguments MindSpore checks before communicating

CASES += [
    case("mint.distributed.all_gather_object/tuple_of_builtins", lambda ms: (lambda out: (
        _D(ms).all_gather_object(out, (1, 2.5, None, "s", b"b")), out))([0])),
    case("mint.distributed.all_gather_object/bad_list_len", lambda ms: _D(ms).all_gather_object([None, None], 1),
         error=True),
    case("mint.distributed.all_gather_object/bad_not_list", lambda ms: _D(ms).all_gather_object(None, 1), error=True),
    case("mint.distributed.all_gather_object/bad_group_type", lambda ms: _D(ms).all_gather_object([None], 1, group=1),
         error=True),
    case("mint.distributed.gather_object/bad_dst_type", lambda ms: _D(ms).gather_object(1, [None], dst="0"),
         error=True),
    case("mint.distributed.gather_object/bad_group_type", lambda ms: _D(ms).gather_object(1, [None], group=1),
         error=True),
    case("mint.distributed.scatter_object_list/bad_empty_output", lambda ms: _D(ms).scatter_object_list([], [1]),
         error=True),
    case("mint.distributed.scatter_object_list/bad_src_type",
         lambda ms: _D(ms).scatter_object_list([None], [1], src="0"), error=True),
    case("mint.distributed.scatter_object_list/bad_group_type",
         lambda ms: _D(ms).scatter_object_list([None], [1], group=2), error=True),
    case("mint.distributed.broadcast_object_list/bad_empty", lambda ms: _D(ms).broadcast_object_list([]), error=True),
    case("mint.distributed.broadcast_object_list/bad_tuple", lambda ms: _D(ms).broadcast_object_list((1,)),
         error=True),
    case("mint.distributed.broadcast_object_list/bad_src_type",
         lambda ms: _D(ms).broadcast_object_list([1], src="0"), error=True),
    case("mint.distributed.send_object_list/bad_to_itself", lambda ms: _D(ms).send_object_list([1], 0), error=True),
    case("mint.distributed.send_object_list/bad_dst_type", lambda ms: _D(ms).send_object_list([1], "1"), error=True),
    case("mint.distributed.send_object_list/bad_not_list", lambda ms: _D(ms).send_object_list((1,), 1), error=True),
    case("mint.distributed.send_object_list/bad_group_type", lambda ms: _D(ms).send_object_list([1], 1, group=1),
         error=True),
    case("mint.distributed.recv_object_list/bad_src_type", lambda ms: _D(ms).recv_object_list([None], "0"),
         error=True),
    case("mint.distributed.recv_object_list/bad_not_list", lambda ms: _D(ms).recv_object_list((None,), 1),
         error=True),
    case("mint.distributed.recv_object_list/bad_group_type", lambda ms: _D(ms).recv_object_list([None], 1, group=1),
         error=True),
]

# ---------------------------------------------------------------------------------------
# point to point: P2POp and the arguments of send/recv/isend/irecv/batch_isend_irecv


def _p2p(ms, x, op, peer):
    p = _D(ms).P2POp(op, x, peer)
    return (p.op if isinstance(p.op, str) else p.op.__name__), p.tensor, p.peer, p.group, p.tag


CASES += [
    case("mint.distributed.P2POp/isend_name_f32", lambda ms, x: _p2p(ms, x, "isend", 0), F32(2, 3, seed=630)),
    case("mint.distributed.P2POp/irecv_name_i32", lambda ms, x: _p2p(ms, x, "irecv", 1), I32(4, seed=631)),
    case("mint.distributed.P2POp/isend_function_f16", lambda ms, x: _p2p(ms, x, _D(ms).isend, 1),
         F32(3, seed=632).astype(np.float16)),
    case("mint.distributed.P2POp/irecv_function_i8", lambda ms, x: _p2p(ms, x, _D(ms).irecv, 0),
         I32(2, 2, seed=633).astype(np.int8)),
    case("mint.distributed.P2POp/bad_op_name", lambda ms, x: _D(ms).P2POp("send", x, 0), _X, error=True),
    case("mint.distributed.P2POp/bad_op_function", lambda ms, x: _D(ms).P2POp(_D(ms).send, x, 0), _X, error=True),
    case("mint.distributed.P2POp/bad_not_tensor", lambda ms, x: _D(ms).P2POp("isend", x.asnumpy(), 0), _X,
         error=True),
    case("mint.distributed.P2POp/bad_peer_type", lambda ms, x: _D(ms).P2POp("isend", x, "0"), _X, error=True),
    case("mint.distributed.P2POp/bad_tag", lambda ms, x: _D(ms).P2POp("isend", x, 0, tag=3), _X, error=True),
    case("mint.distributed.batch_isend_irecv/bad_empty", lambda ms: _D(ms).batch_isend_irecv([]), error=True),
    case("mint.distributed.batch_isend_irecv/bad_not_p2pop", lambda ms: _D(ms).batch_isend_irecv([1]), error=True),
    case("mint.distributed.batch_isend_irecv/bad_mixed_groups", lambda ms, x: _D(ms).batch_isend_irecv(
        [_D(ms).P2POp("isend", x, 1), _D(ms).P2POp("irecv", x, 1, group="mccl_world_group")]), _X, error=True),
]
for fn_name, peer in (("send", "dst"), ("isend", "dst"), ("recv", "src"), ("irecv", "src")):
    CASES += [
        case(f"mint.distributed.{fn_name}/bad_not_tensor",
             lambda ms, x, f=fn_name: getattr(_D(ms), f)(x.asnumpy(), 1), _X, error=True),
        case(f"mint.distributed.{fn_name}/bad_{peer}_type",
             lambda ms, x, f=fn_name: getattr(_D(ms), f)(x, "1"), _X, error=True),
        case(f"mint.distributed.{fn_name}/bad_group_type",
             lambda ms, x, f=fn_name: getattr(_D(ms), f)(x, 1, group=1), _X, error=True),
    ]

# ---------------------------------------------------------------------------------------
# TCPStore: a one-process store (this process is the master) on a free port


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_STORES = {}


def _store(ms):
    """One master store per framework and process (``world_size=None``: it waits for no client).
    Each case used to start its own server; MindSpore's process died once in CI (a segfault)
    while a fourth server started and earlier ones were being torn down."""
    if ms.__name__ not in _STORES:
        _STORES[ms.__name__] = _D(ms).TCPStore("127.0.0.1", _free_port(), None, True)
    return _STORES[ms.__name__]


def _store_round_trip(ms):
    st = _store(ms)
    st.delete_key("n")
    st.set("k", "v")
    st.set("b", b"\x00\x01")
    return st.get("k"), st.get("b"), st.add("n", 2), st.add("n", 3), st.get("n"), st.delete_key("k"), \
        st.delete_key("missing")


CASES += [
    case("mint.distributed.TCPStore/round_trip", _store_round_trip),
    case("mint.distributed.TCPStore/world_size_none", lambda ms: (_store(ms).delete_key("w"), _store(ms).add("w", 1))),
    case("mint.distributed.TCPStore/bad_host_type", lambda ms: _D(ms).TCPStore(1, 1234), error=True),
    case("mint.distributed.TCPStore/bad_port_type", lambda ms: _D(ms).TCPStore("127.0.0.1", "1"), error=True),
    case("mint.distributed.TCPStore/bad_port_range", lambda ms: _D(ms).TCPStore("127.0.0.1", 70000), error=True),
    case("mint.distributed.TCPStore/bad_world_size", lambda ms: _D(ms).TCPStore("127.0.0.1", 1234, world_size=0),
         error=True),
    case("mint.distributed.TCPStore/bad_is_master_type", lambda ms: _D(ms).TCPStore("127.0.0.1", 1234, is_master=1),
         error=True),
    case("mint.distributed.TCPStore/bad_timeout_type", lambda ms: _D(ms).TCPStore("127.0.0.1", 1234, timeout=5),
         error=True),
    case("mint.distributed.TCPStore/bad_set_value", lambda ms: _store(ms).set("k", 1), error=True),
    case("mint.distributed.TCPStore/bad_get_key", lambda ms: _store(ms).get(1), error=True),
    case("mint.distributed.TCPStore/bad_add_amount", lambda ms: _store(ms).add("k", "1"), error=True),
]
