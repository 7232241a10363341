"""Collective communication with one process (world size 1, rank 0).

``NEEDS_COMM``: the oracle runs this table in its own worker, launched by MindSpore's
``msrun`` with one worker and ``mindspore.communication.init()`` called first (CPU world
group ``mccl_world_group``); mscompat runs it after ``ops.init_process_group()``.
"""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, I32, BOOL

NEEDS_COMM = True

W = "mccl_world_group"   # MindSpore's CPU world group (GlobalComm.WORLD_COMM_GROUP after init)


def X(dtype=np.float32):
    return np.arange(6).reshape(2, 3).astype(dtype)


def Z():
    """A zero output Tensor for the in-place functions."""
    return np.zeros((2, 3), np.float32)


def _attrs(p, *names):
    return tuple(p.attrs[n] for n in names)


CASES = [
    # ---- process-group functions
    case("get_rank/default", lambda ms: ms.ops.get_rank()),
    case("get_rank/world", lambda ms: ms.ops.get_rank(W)),
    case("get_rank/bad_group_type", lambda ms: ms.ops.get_rank(1), error=True),
    case("get_rank/unknown_group", lambda ms: ms.ops.get_rank("no_such_group")),   # -1, not an error
    case("get_world_size/default", lambda ms: ms.ops.get_world_size()),
    case("get_world_size/world", lambda ms: ms.ops.get_world_size(W)),
    case("get_world_size/bad_group_type", lambda ms: ms.ops.get_world_size(2.0), error=True),
    case("get_world_size/unknown_group", lambda ms: ms.ops.get_world_size("no_such_group")),
    case("is_available/true", lambda ms: ms.ops.is_available()),
    case("is_initialized/after_init", lambda ms: ms.ops.is_initialized()),
    case("get_backend/default", lambda ms: ms.ops.get_backend()),
    case("get_backend/world", lambda ms: ms.ops.get_backend(W)),
    case("get_backend/bad_group_type", lambda ms: ms.ops.get_backend(1), error=True),
    case("get_process_group_ranks/default", lambda ms: ms.ops.get_process_group_ranks()),
    case("get_process_group_ranks/world", lambda ms: ms.ops.get_process_group_ranks(W)),
    case("get_process_group_ranks/bad_group_type", lambda ms: ms.ops.get_process_group_ranks(3), error=True),
    case("get_global_rank/world", lambda ms: ms.ops.get_global_rank(W, 0)),
    case("get_global_rank/none_group", lambda ms: ms.ops.get_global_rank(None, 0)),
    case("get_global_rank/bad_rank_type", lambda ms: ms.ops.get_global_rank(W, "0"), error=True),
    case("get_global_rank/bad_group_type", lambda ms: ms.ops.get_global_rank(1, 0), error=True),
    case("get_global_rank/out_of_range", lambda ms: ms.ops.get_global_rank(W, 3)),
    case("get_group_rank/world", lambda ms: ms.ops.get_group_rank(W, 0)),
    case("get_group_rank/none_group", lambda ms: ms.ops.get_group_rank(None, 0)),
    case("get_group_rank/bad_rank_type", lambda ms: ms.ops.get_group_rank(W, 0.0), error=True),
    case("get_group_rank/bad_group_type", lambda ms: ms.ops.get_group_rank(1, 0), error=True),
    case("get_group_rank/not_member", lambda ms: ms.ops.get_group_rank(W, 5)),
    case("new_group/rank0", lambda ms: ms.ops.new_group([0])),
    case("new_group/rank0_mccl", lambda ms: ms.ops.new_group([0], backend="mccl")),
    case("new_group/rank0_size", lambda ms: ms.ops.get_world_size(ms.ops.new_group([0]))),
    case("new_group/rank0_rank", lambda ms: ms.ops.get_rank(ms.ops.new_group([0]))),
    case("new_group/rank0_group_rank", lambda ms: ms.ops.get_group_rank(ms.ops.new_group([0]), 0)),
    case("new_group/rank0_global_rank", lambda ms: ms.ops.get_global_rank(ms.ops.new_group([0]), 0)),
    case("new_group/rank0_ranks", lambda ms: ms.ops.get_process_group_ranks(ms.ops.new_group([0]))),
    case("new_group/rank0_allreduce", lambda ms, x: ms.ops.AllReduce(group=ms.ops.new_group([0]))(x), X()),
    case("new_group/none_is_world", lambda ms: ms.ops.get_world_size(ms.ops.new_group())),
    case("new_group/tuple_ranks", lambda ms: ms.ops.new_group((0,)), error=True),
    case("new_group/bad_ranks_type", lambda ms: ms.ops.new_group("0"), error=True),
    case("new_group/bad_backend", lambda ms: ms.ops.new_group([0], backend="nccl"), error=True),
    case("init_process_group/bad_backend", lambda ms: ms.ops.init_process_group(backend="nccl"), error=True),
    case("init_process_group/bad_world_size_type", lambda ms: ms.ops.init_process_group(world_size="1"),
         error=True),
    case("get_backend/new_group", lambda ms: ms.ops.get_backend(ms.ops.new_group([0]))),
    case("get_backend/new_group_mccl", lambda ms: ms.ops.get_backend(ms.ops.new_group([0], backend="mccl"))),
    case("init_process_group/bad_rank_type", lambda ms: ms.ops.init_process_group(rank="0"), error=True),
    case("init_process_group/bad_group_name_type", lambda ms: ms.ops.init_process_group(group_name=1), error=True),
    case("destroy_process_group/new_group", lambda ms: _destroy(ms)),
    case("destroy_process_group/bad_group_type", lambda ms: ms.ops.destroy_process_group(1), error=True),
    case("set_comm_ops_inplace/enable", lambda ms: ms.ops.set_comm_ops_inplace(True)),
    case("set_comm_ops_inplace/list", lambda ms: ms.ops.set_comm_ops_inplace(True, ["all_reduce", "broadcast"])),
    case("set_comm_ops_inplace/bad_flag", lambda ms: ms.ops.set_comm_ops_inplace(1), error=True),
    case("set_comm_ops_inplace/bad_list_type", lambda ms: ms.ops.set_comm_ops_inplace(True, "all_reduce"),
         error=True),
    case("set_comm_ops_inplace/bad_name", lambda ms: ms.ops.set_comm_ops_inplace(True, ["nope"]), error=True),
    case("ReduceOp/values", lambda ms: (ms.ops.ReduceOp.SUM, ms.ops.ReduceOp.MAX, ms.ops.ReduceOp.MIN,
                                        ms.ops.ReduceOp.PROD)),
    case("ReduceOp/has_avg", lambda ms: hasattr(ms.ops.ReduceOp, "AVG")),

    # ---- Primitives
    case("AllReduce/f32", lambda ms, x: ms.ops.AllReduce()(x), X()),
    case("AllReduce/f16", lambda ms, x: ms.ops.AllReduce()(x), X(np.float16)),
    case("AllReduce/i64", lambda ms, x: ms.ops.AllReduce()(x), X(np.int64), error=True),
    case("AllReduce/f64", lambda ms, x: ms.ops.AllReduce()(x), X(np.float64), error=True),
    case("AllReduce/bool", lambda ms, x: ms.ops.AllReduce()(x), BOOL(3), error=True),
    case("AllReduce/sum_world", lambda ms, x: ms.ops.AllReduce(ms.ops.ReduceOp.SUM, W)(x), F32(4)),
    # the CPU kernel reduces with SUM only; on one rank every reduction is the identity
    case("AllReduce/max", lambda ms, x: ms.ops.AllReduce(ms.ops.ReduceOp.MAX)(x), F32(4),
         ms_ref=lambda ms, x: (ms.ops.AllReduce(ms.ops.ReduceOp.MAX), ms.ops.AllReduce()(x))[1]),
    case("AllReduce/min_f16", lambda ms, x: ms.ops.AllReduce(ms.ops.ReduceOp.MIN, W)(x), F16(3, 2),
         ms_ref=lambda ms, x: (ms.ops.AllReduce(ms.ops.ReduceOp.MIN, W), ms.ops.AllReduce()(x))[1]),
    case("AllReduce/attrs", lambda ms: _attrs(ms.ops.AllReduce(ms.ops.ReduceOp.MIN, W), "op", "group", "fusion",
                                              "index")),
    case("AllReduce/bad_op_type", lambda ms: ms.ops.AllReduce(op=1), error=True),
    case("AllReduce/unknown_op_accepted", lambda ms: _attrs(ms.ops.AllReduce(op="mean"), "op")),
    case("AllReduce/bad_group_type", lambda ms: ms.ops.AllReduce(group=3), error=True),
    case("AllReduce/not_tensor", lambda ms: ms.ops.AllReduce()(Raw(1.0)), error=True),
    case("AllGather/f32", lambda ms, x: ms.ops.AllGather()(x), X()),
    case("AllGather/i32_1d", lambda ms, x: ms.ops.AllGather(W)(x), I32(5)),
    case("AllGather/attrs", lambda ms: _attrs(ms.ops.AllGather(W), "group", "rank_size", "fusion", "mean_flag")),
    case("AllGather/f16_3d", lambda ms, x: ms.ops.AllGather()(x), F16(2, 1, 3)),
    case("AllGather/bool", lambda ms, x: ms.ops.AllGather()(x), BOOL(3), error=True),
    case("AllGather/bad_group_type", lambda ms: ms.ops.AllGather(group=1), error=True),
    # AllGatherV ... AlltoAllVC: MindSpore's CPU build has no kernel for them ("RuntimeError" at launch);
    # ms_ref builds the Primitive (its argument checks run) and computes the one-rank result
    case("AllGatherV/f32", lambda ms, x: ms.ops.AllGatherV()(x, [6]), X(),
         ms_ref=lambda ms, x: (ms.ops.AllGatherV(), x.reshape(-1))[1]),
    case("AllGatherV/attrs", lambda ms: _attrs(ms.ops.AllGatherV(W), "group")),
    case("AllGatherV/bad_group_type", lambda ms: ms.ops.AllGatherV(group=1), error=True),
    case("ReduceScatter/bad_group_type", lambda ms: ms.ops.ReduceScatter(group=1), error=True),
    case("ReduceScatter/f32", lambda ms, x: ms.ops.ReduceScatter()(x), X(),
         ms_ref=lambda ms, x: (ms.ops.ReduceScatter(), ms.ops.AllReduce()(x))[1]),
    case("ReduceScatter/i32_max", lambda ms, x: ms.ops.ReduceScatter(ms.ops.ReduceOp.MAX)(x), I32(4, 2),
         ms_ref=lambda ms, x: (ms.ops.ReduceScatter(ms.ops.ReduceOp.MAX), ms.ops.AllGather()(x))[1]),
    case("ReduceScatter/attrs", lambda ms: _attrs(ms.ops.ReduceScatter(ms.ops.ReduceOp.SUM, W), "op", "group",
                                                  "rank_size", "fusion")),
    case("ReduceScatter/bad_op_type", lambda ms: ms.ops.ReduceScatter(op=2), error=True),
    case("ReduceScatterV/f32", lambda ms, x: ms.ops.ReduceScatterV()(x, [6]), X(),
         ms_ref=lambda ms, x: (ms.ops.ReduceScatterV(), x.reshape(-1))[1]),
    case("ReduceScatterV/attrs", lambda ms: _attrs(ms.ops.ReduceScatterV(ms.ops.ReduceOp.SUM, W), "op", "group")),
    case("ReduceScatterV/bad_op_type", lambda ms: ms.ops.ReduceScatterV(op=1), error=True),
    case("Reduce/f32", lambda ms, x: ms.ops.Reduce(0)(x), X(),
         ms_ref=lambda ms, x: (ms.ops.Reduce(0), ms.ops.AllReduce()(x))[1]),
    case("Reduce/attrs", lambda ms: _attrs(ms.ops.Reduce(0, ms.ops.ReduceOp.SUM, W), "dest_rank", "op", "group")),
    case("Reduce/bad_op_type", lambda ms: ms.ops.Reduce(0, op=1), error=True),
    case("Reduce/bad_group_type", lambda ms: ms.ops.Reduce(0, group=1), error=True),
    case("Reduce/str_rank_accepted", lambda ms: _attrs(ms.ops.Reduce("0"), "dest_rank")),
    case("Reduce/rank1_accepted", lambda ms: _attrs(ms.ops.Reduce(1), "dest_rank")),
    # MindSpore's CPU Broadcast kernel sends only the first tensor of the tuple (the others come back as
    # uninitialized memory): ms_ref broadcasts them one at a time
    case("Broadcast/two_f32", lambda ms, x, y: ms.ops.Broadcast(0)((x, y)), X(), F32(3),
         ms_ref=lambda ms, x, y: (ms.ops.Broadcast(0)((x,))[0], ms.ops.Broadcast(0)((y,))[0])),
    case("Broadcast/one", lambda ms, x: ms.ops.Broadcast(0, W)((x,)), F32(4)),
    case("Broadcast/attrs", lambda ms: _attrs(ms.ops.Broadcast(0, W), "root_rank", "group")),
    case("Broadcast/bad_rank_type", lambda ms: ms.ops.Broadcast(0.0), error=True),
    case("Broadcast/rank1_accepted", lambda ms: _attrs(ms.ops.Broadcast(1), "root_rank")),
    case("Broadcast/bad_group_type", lambda ms: ms.ops.Broadcast(0, group=2), error=True),
    case("Broadcast/not_tuple", lambda ms, x: ms.ops.Broadcast(0)(x), X()),
    case("Barrier/run", lambda ms: ms.ops.Barrier()(), check_values=False,
         ms_ref=lambda ms: (ms.ops.Barrier(), ms.ops.zeros((1,), ms.float32))[1]),
    case("Barrier/group_unchecked", lambda ms: ms.ops.Barrier(group=1).group),
    case("Barrier/attrs", lambda ms: _attrs(ms.ops.Barrier(), "side_effect_mem")),
    case("AlltoAll/f32", lambda ms, x: ms.ops.AlltoAll(1, 0, 1)(x), X(),
         ms_ref=lambda ms, x: (ms.ops.AlltoAll(1, 0, 1), ms.ops.AllGather()(x))[1]),
    case("AlltoAll/attrs", lambda ms: _attrs(ms.ops.AlltoAll(1, 1, 0, W), "split_count", "split_dim", "concat_dim",
                                             "group")),
    case("AlltoAll/count2_accepted", lambda ms: _attrs(ms.ops.AlltoAll(2, 0, 0), "split_count", "rank_size")),
    case("AlltoAll/bad_group_type", lambda ms: ms.ops.AlltoAll(1, 0, 0, group=1), error=True),
    case("AlltoAll/bad_count_type", lambda ms: ms.ops.AlltoAll(1.0, 0, 0), error=True),
    case("CollectiveGather/f32", lambda ms, x: ms.ops.CollectiveGather(0)(x), X(),
         ms_ref=lambda ms, x: (ms.ops.CollectiveGather(0), ms.ops.AllGather()(x))[1]),
    case("CollectiveGather/attrs", lambda ms: _attrs(ms.ops.CollectiveGather(0, W), "dest_rank", "group", "rank_size",
                                                     "rank_id")),
    case("CollectiveGather/str_rank_accepted", lambda ms: _attrs(ms.ops.CollectiveGather("0"), "dest_rank")),
    case("CollectiveGather/rank1_accepted", lambda ms: _attrs(ms.ops.CollectiveGather(1), "dest_rank")),
    case("CollectiveGather/bad_group_type", lambda ms: ms.ops.CollectiveGather(0, group=1), error=True),
    case("CollectiveScatter/f32", lambda ms, x: ms.ops.CollectiveScatter(0)(x), X(),
         ms_ref=lambda ms, x: (ms.ops.CollectiveScatter(0), ms.ops.AllGather()(x))[1]),
    case("CollectiveScatter/attrs", lambda ms: _attrs(ms.ops.CollectiveScatter(0, W), "src_rank", "group",
                                                      "rank_size", "rank_id")),
    case("CollectiveScatter/float_rank_accepted", lambda ms: _attrs(ms.ops.CollectiveScatter(src_rank=1.0),
                                                                    "src_rank")),
    case("CollectiveScatter/bad_group_type", lambda ms: ms.ops.CollectiveScatter(0, group=1), error=True),
    case("AlltoAllV/f32", lambda ms, x: ms.ops.AlltoAllV()(x, [5], [5]), F32(5),
         ms_ref=lambda ms, x: (ms.ops.AlltoAllV(), x)[1]),
    case("AlltoAllV/attrs", lambda ms: _attrs(ms.ops.AlltoAllV(W, 2), "group", "block_size")),
    case("AlltoAllV/bad_block_type", lambda ms: ms.ops.AlltoAllV(block_size=1.0), error=True),
    case("AlltoAllV/bad_group_type", lambda ms: ms.ops.AlltoAllV(group=1), error=True),
    case("AlltoAllVC/f32", lambda ms, x: ms.ops.AlltoAllVC()(x, [5]), F32(5),
         ms_ref=lambda ms, x: (ms.ops.AlltoAllVC(), x)[1]),
    case("AlltoAllVC/attrs", lambda ms: _attrs(ms.ops.AlltoAllVC(W, 1, True), "group", "block_size", "transpose")),
    case("AlltoAllVC/int_transpose_accepted", lambda ms: _attrs(ms.ops.AlltoAllVC(transpose=1), "transpose")),
    case("AlltoAllVC/bad_block_type", lambda ms: ms.ops.AlltoAllVC(block_size="1"), error=True),

    # ---- functional forms
    case("all_reduce/f32", lambda ms, x: (ms.ops.all_reduce(x), x), X()),
    case("all_reduce/bad_tensor", lambda ms: ms.ops.all_reduce(Raw(1)), error=True),
    case("all_reduce/bad_op_type", lambda ms, x: ms.ops.all_reduce(x, 1), X(), error=True),
    case("all_reduce/bad_op_value", lambda ms, x: ms.ops.all_reduce(x, "mean"), X(), error=True),
    case("all_reduce/bad_group_type", lambda ms, x: ms.ops.all_reduce(x, group=1), X(), error=True),
    case("all_reduce/bad_async", lambda ms, x: ms.ops.all_reduce(x, async_op=1), X(), error=True),
    case("all_reduce/f16_world", lambda ms, x: (ms.ops.all_reduce(x, group=W), x), F16(4)),
    case("all_reduce/async_wait", lambda ms, x: (ms.ops.all_reduce(x, async_op=True).wait(), x), X()),
    case("all_reduce/not_inplace", lambda ms, x: _not_inplace(ms, x), X(),   # InnerCommAllReduce: no CPU kernel
         ms_ref=lambda ms, x: (ms.ops.AllReduce()(x), None)),
    # the ms_ref cases below: "The kernel DistComm... unregistered" on MindSpore's CPU build (all_to_all_v_c:
    # NameError inside MindSpore 2.10); ms_ref runs the one-rank result with the collective Primitives
    case("all_gather_into_tensor/f32", lambda ms, o, x: (ms.ops.all_gather_into_tensor(o, x), o), Z(), X(),
         ms_ref=lambda ms, o, x: (None, ms.ops.AllGather()(x))),
    case("all_gather_into_tensor/bad_input", lambda ms, o: ms.ops.all_gather_into_tensor(o, 1), Z(), error=True),
    case("all_gather_into_tensor/bad_output", lambda ms, x: ms.ops.all_gather_into_tensor(1, x), X(), error=True),
    case("all_gather_into_tensor/bad_shape", lambda ms, o, x: ms.ops.all_gather_into_tensor(o, x),
         np.zeros((4, 3), np.float32), X(), error=True),
    case("all_gather_into_tensor_uneven/f32",
         lambda ms, o, x: (ms.ops.all_gather_into_tensor_uneven(o, x, [2]), o), Z(), X(),
         ms_ref=lambda ms, o, x: (None, ms.ops.AllGather()(x))),
    case("reduce_scatter_tensor/f32", lambda ms, o, x: (ms.ops.reduce_scatter_tensor(o, x), o), Z(), X(),
         ms_ref=lambda ms, o, x: (None, ms.ops.AllReduce()(x))),
    case("reduce_scatter_tensor/bad_op", lambda ms, o, x: ms.ops.reduce_scatter_tensor(o, x, 1), Z(), X(), error=True),
    case("reduce_scatter_tensor_uneven/f32",
         lambda ms, o, x: (ms.ops.reduce_scatter_tensor_uneven(o, x, [2]), o), Z(), X(),
         ms_ref=lambda ms, o, x: (None, ms.ops.AllReduce()(x))),
    case("reduce_scatter_tensor_uneven/bad_op",
         lambda ms, o, x: ms.ops.reduce_scatter_tensor_uneven(o, x, [2], "mean"), Z(), X(), error=True),
    case("reduce/f32", lambda ms, x: (ms.ops.reduce(x, 0), x), X(),
         ms_ref=lambda ms, x: (None, ms.ops.AllReduce()(x))),
    case("reduce/bad_dst", lambda ms, x: ms.ops.reduce(x, "0"), X(), error=True),
    case("reduce/bad_async", lambda ms, x: ms.ops.reduce(x, 0, async_op=1), X(), error=True),
    case("broadcast/f32", lambda ms, x: (ms.ops.broadcast(x, 0), x), X()),
    case("broadcast/bad_tensor", lambda ms: ms.ops.broadcast(Raw(np.ones(3)), 0), error=True),
    case("broadcast/bad_src", lambda ms, x: ms.ops.broadcast(x, 0.0), X(), error=True),
    case("barrier/run", lambda ms: ms.ops.barrier()),
    case("barrier/bad_group", lambda ms: ms.ops.barrier(group=1), error=True),
    case("all_gather/f32", lambda ms, o, x: (ms.ops.all_gather([o], x), o), Z(), X(),
         ms_ref=lambda ms, o, x: (None, ms.ops.AllGather()(x))),
    case("all_gather/bad_list", lambda ms, x: ms.ops.all_gather(x, x), X(), error=True),
    case("reduce_scatter/f32", lambda ms, o, x: (ms.ops.reduce_scatter(o, [x]), o), Z(), X(),
         ms_ref=lambda ms, o, x: (None, ms.ops.AllReduce()(x))),
    case("reduce_scatter/bad_op", lambda ms, o, x: ms.ops.reduce_scatter(o, [x], 1), Z(), X(), error=True),
    case("all_to_all/f32", lambda ms, o, x: (ms.ops.all_to_all([o], [x]), o), Z(), X(),
         ms_ref=lambda ms, o, x: (None, ms.ops.AllGather()(x))),
    case("all_to_all/bad_list", lambda ms, o, x: ms.ops.all_to_all([o], x), Z(), X(), error=True),
    case("all_to_all_single/f32", lambda ms, o, x: (ms.ops.all_to_all_single(o, x), o), Z(), X(),
         ms_ref=lambda ms, o, x: (None, ms.ops.AllGather()(x))),
    case("all_to_all_v_c/f32", lambda ms, o, x: (ms.ops.all_to_all_v_c(o, x, [6]), o), Z(), X(),
         ms_ref=lambda ms, o, x: (None, ms.ops.AllGather()(x))),
    case("scatter_tensor/f32", lambda ms, o, x: (ms.ops.scatter_tensor(o, x), o), Z(), X(),
         ms_ref=lambda ms, o, x: (None, ms.ops.AllGather()(x))),
    case("scatter_tensor/bad_src", lambda ms, o, x: ms.ops.scatter_tensor(o, x, "0"), Z(), X(), error=True),
    case("gather_into_tensor/f32", lambda ms, o, x: (ms.ops.gather_into_tensor(o, x), o), Z(), X(),
         ms_ref=lambda ms, o, x: (None, ms.ops.AllGather()(x))),
    case("gather_into_tensor/bad_dst", lambda ms, o, x: ms.ops.gather_into_tensor(o, x, "0"), Z(), X(), error=True),
    # MindSpore 2.10 on CPU runs the object functions (and all_gather, reduce_scatter) through group
    # 'hccl_world_group', which does not exist there (RuntimeError): ms_ref gives the one-rank result
    case("all_gather_object/dict", lambda ms: _obj_gather(ms), ms_ref=lambda ms: str([{"a": 1}])),
    case("all_gather_object/bad_list", lambda ms: ms.ops.all_gather_object((None,), 1), error=True),
    case("broadcast_object_list/list", lambda ms: _obj_bcast(ms), ms_ref=lambda ms: str(["a", 2])),
    case("broadcast_object_list/bad_list", lambda ms: ms.ops.broadcast_object_list(("a",), 0), error=True),
    case("gather_object/str", lambda ms: _obj_gather2(ms), ms_ref=lambda ms: str(["z"])),
    case("scatter_object_list/dict", lambda ms: _obj_scatter(ms), ms_ref=lambda ms: str([{"k": 1}])),
    case("scatter_object_list/bad_list", lambda ms: ms.ops.scatter_object_list(None, [1]), error=True),
]


def _obj_gather(ms):
    out = [None]
    ms.ops.all_gather_object(out, {"a": 1})
    return str(out)


def _obj_bcast(ms):
    objs = ["a", 2]
    ms.ops.broadcast_object_list(objs, 0)
    return str(objs)


def _obj_gather2(ms):
    out = [None]
    ms.ops.gather_object("z", out)
    return str(out)


def _obj_scatter(ms):
    out = [None]
    ms.ops.scatter_object_list(out, [{"k": 1}])
    return str(out)


def _not_inplace(ms, x):
    """set_comm_ops_inplace(False): all_reduce returns ``(output, handle)``."""
    ms.ops.set_comm_ops_inplace(False, ["all_reduce"])
    try:
        return ms.ops.all_reduce(x)
    finally:
        ms.ops.set_comm_ops_inplace(True, ["all_reduce"])


def _destroy(ms):
    """A group made by new_group, destroyed: it no longer exists (get_world_size -1)."""
    g = ms.ops.new_group([0], backend="mccl")
    before = ms.ops.get_world_size(g)
    out = ms.ops.destroy_process_group(g)
    return before, out, ms.ops.get_world_size(g)
