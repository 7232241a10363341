"""Collective ops with one process (world size 1): behaviour, not parity.

MindSpore cannot run its collectives without ``init()`` and a launcher, so these tests
check mscompat's single-device semantics directly: reductions and gathers over a group
of one rank return the input, the in-place functions write their output argument, and
bad arguments raise MindSpore's exception classes.
"""
import numpy as np
import pytest

import mscompat as ms
from mscompat import ops
from tests._mp_util import free_port


def _x(dtype=np.float32):
    return ms.Tensor(np.arange(6).reshape(2, 3).astype(dtype))


@pytest.mark.parametrize("reduce_op", [ops.ReduceOp.SUM, ops.ReduceOp.MAX, ops.ReduceOp.MIN, ops.ReduceOp.PROD])
def test_allreduce_identity(reduce_op):
    x = _x()
    out = ops.AllReduce(reduce_op)(x)
    assert out.dtype == ms.float32 and out.shape == (2, 3)
    np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())


def test_reduceop_constants():
    assert (ops.ReduceOp.SUM, ops.ReduceOp.MAX, ops.ReduceOp.MIN, ops.ReduceOp.PROD) == ("sum", "max", "min", "prod")


def test_allreduce_attrs_and_groups():
    p = ops.AllReduce(group="nccl_world_group")
    assert p.attrs["op"] == "sum" and p.attrs["group"] == "nccl_world_group"
    with pytest.raises(TypeError):
        ops.AllReduce(op=1)
    with pytest.raises(TypeError):
        ops.AllReduce(group=3)
    with pytest.raises(TypeError):  # bool input is rejected, as in MindSpore
        ops.AllReduce()(ms.Tensor(np.array([True])))


def test_allgather():
    x = _x(np.int32)
    out = ops.AllGather()(x)
    assert out.shape == (2, 3) and out.dtype == ms.int32
    np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())
    assert ops.AllGather().attrs["rank_size"] == 1
    with pytest.raises(ValueError):
        ops.AllGather()(ms.Tensor(np.float32(1.0)))


def test_allreduce_under_jit():
    import jax
    f = jax.jit(lambda t: ops.AllReduce()(t) * 2)
    np.testing.assert_array_equal(f(_x()).asnumpy(), _x().asnumpy() * 2)


def test_broadcast_reduce_scatter_alltoall():
    x = _x()
    (b,) = ops.Broadcast(0)((x,))
    np.testing.assert_array_equal(b.asnumpy(), x.asnumpy())
    with pytest.raises(ValueError):   # MindSpore accepts root_rank 1 at construction; it fails on use
        ops.Broadcast(1)((x,))
    np.testing.assert_array_equal(ops.ReduceScatter()(x).asnumpy(), x.asnumpy())
    np.testing.assert_array_equal(ops.Reduce(0)(x).asnumpy(), x.asnumpy())
    np.testing.assert_array_equal(ops.AlltoAll(1, 0, 1)(x).asnumpy(), x.asnumpy())
    with pytest.raises(ValueError):
        ops.AlltoAll(2, 0, 0)(x)


def test_functional_world():
    assert ops.get_rank() == 0 and ops.get_world_size() == 1
    assert ops.get_backend() == "hccl" and ops.is_available()
    assert ops.get_process_group_ranks() == [0]
    assert ops.get_global_rank("hccl_world_group", 0) == 0
    with pytest.raises(TypeError):
        ops.get_rank(group=1)


def test_all_reduce_inplace_and_out_of_place():
    x = _x()
    assert ops.all_reduce(x) is None
    np.testing.assert_array_equal(x.asnumpy(), _x().asnumpy())
    h = ops.all_reduce(x, async_op=True)
    assert h.wait() is None
    with pytest.raises(TypeError):
        ops.all_reduce(x, op="mean")
    ops.set_comm_ops_inplace(False, ["all_reduce"])
    try:
        out, handle = ops.all_reduce(x, "max")
        assert handle is None
        np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())
    finally:
        ops.set_comm_ops_inplace(True, ["all_reduce"])


def test_gather_functions_write_output():
    x = _x()
    out = ms.Tensor(np.zeros((2, 3), np.float32))
    ops.all_gather_into_tensor(out, x)
    np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())
    lst = [ms.Tensor(np.zeros((2, 3), np.float32))]
    ops.all_gather(lst, x)
    np.testing.assert_array_equal(lst[0].asnumpy(), x.asnumpy())
    out2 = ms.Tensor(np.zeros((2, 3), np.float32))
    ops.reduce_scatter_tensor(out2, x)
    np.testing.assert_array_equal(out2.asnumpy(), x.asnumpy())
    with pytest.raises(ValueError):
        ops.all_gather_into_tensor(ms.Tensor(np.zeros((4, 3), np.float32)), x)
    objs = [None]
    ops.all_gather_object(objs, {"a": 1})
    assert objs == [{"a": 1}]
    ops.barrier()


def test_new_group():
    g = ops.new_group([0])
    assert ops.get_world_size(g) == 1 and ops.get_group_rank(g, 0) == 0
    np.testing.assert_array_equal(ops.AllReduce(group=g)(_x()).asnumpy(), _x().asnumpy())
    ops.destroy_process_group(g)
    assert ops.get_rank(g) == -1   # MindSpore: -1 for a group that does not exist
    assert ops.new_group([0, 1]) == ""   # MindSpore: a warning and no group for ranks outside the world


def test_alltoallv_single_rank():
    x = ms.Tensor(np.arange(5, dtype=np.float32))
    np.testing.assert_array_equal(ops.AlltoAllV()(x, [5], [5]).asnumpy(), np.arange(5))
    np.testing.assert_array_equal(ops.AlltoAllV()(x, (3,), (3,)).asnumpy(), np.arange(3))
    np.testing.assert_array_equal(ops.AlltoAllVC()(x, [4]).asnumpy(), np.arange(4))
    assert ops.AlltoAllVC()(x, [0]).shape == ()
    with pytest.raises(ValueError):
        ops.AlltoAllV()(x, [5, 0], [5, 0])
    with pytest.raises(TypeError):
        ops.AlltoAllVC(block_size=1.0)


def test_allgatherv_reducescatterv_single_rank():
    x = ms.Tensor(np.arange(6, dtype=np.int32).reshape(2, 3))
    np.testing.assert_array_equal(ops.AllGatherV()(x, [6]).asnumpy(), np.arange(6))
    np.testing.assert_array_equal(ops.ReduceScatterV()(x, [6]).asnumpy(), np.arange(6))
    with pytest.raises(ValueError):
        ops.AllGatherV()(x, [5])


def test_register_group_for_communication_module():
    from mscompat.ops._comm import register_group
    register_group("my_group", [0])
    assert ops.get_world_size("my_group") == 1
    np.testing.assert_array_equal(ops.AllGather("my_group")(_x()).asnumpy(), _x().asnumpy())
    with pytest.raises(ValueError):   # neither a process nor a device
        register_group("two", [0, 10 ** 6])
    ops.destroy_process_group("my_group")


def test_tcpstore_master_and_worker():
    """A master and a worker (threads standing in for two processes) share the store."""
    import threading
    from datetime import timedelta
    port, got, box = free_port(), {}, {}

    def master():
        box["m"] = ops.TCPStore("127.0.0.1", port, 2, True, timedelta(seconds=20))   # waits for the worker

    def worker():
        w = ops.TCPStore("127.0.0.1", port, 2, False, timedelta(seconds=20))
        got["v"] = w.get("k")          # blocks until the master sets it
        got["n"] = w.add("cnt", 5)

    tm, tw = threading.Thread(target=master), threading.Thread(target=worker)
    tm.start()
    tw.start()
    tm.join(20)
    m = box["m"]
    m.set("k", "hello")
    tw.join(20)
    assert got == {"v": b"hello", "n": 5}
    assert m.add("cnt", 2) == 7 and m.get("cnt") == b"7"
    assert m.delete_key("k") is True and m.delete_key("k") is False
    with pytest.raises(TypeError):
        m.set("x", 3)
    with pytest.raises(ValueError):
        ops.TCPStore("127.0.0.1", 70000)
    short = ops.TCPStore("127.0.0.1", free_port(), 1, True, timedelta(seconds=0.2))
    with pytest.raises(RuntimeError):
        short.get("missing")


def test_barrier_and_collective_gather_scatter():
    out = ops.Barrier()()
    assert out.dtype == ms.float32
    x = _x()
    np.testing.assert_array_equal(ops.CollectiveGather(0)(x).asnumpy(), x.asnumpy())
    np.testing.assert_array_equal(ops.CollectiveScatter(0)(x).asnumpy(), x.asnumpy())
    # MindSpore checks the rank arguments of these two only when they run
    with pytest.raises(TypeError):
        ops.CollectiveGather("0")(x)
    with pytest.raises(ValueError):
        ops.CollectiveGather(1)(x)
    with pytest.raises(TypeError):
        ops.CollectiveScatter(src_rank=1.0)(x)


def test_inplace_functional_single_rank():
    x = _x()
    assert ops.broadcast(x, 0) is None
    np.testing.assert_array_equal(x.asnumpy(), _x().asnumpy())
    assert ops.reduce(x, 0) is None
    out = ms.Tensor(np.zeros((2, 3), np.float32))
    ops.reduce_scatter(out, [x])
    np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())
    with pytest.raises(TypeError):
        ops.reduce_scatter(out, [x, x])
    out = ms.Tensor(np.zeros((2, 3), np.float32))
    ops.scatter_tensor(out, x)
    np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())
    out = ms.Tensor(np.zeros((2, 3), np.float32))
    ops.gather_into_tensor(out, x)
    np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())
    with pytest.raises(TypeError):
        ops.broadcast(np.ones(3), 0)
    with pytest.raises(TypeError):
        ops.reduce(x, 0, async_op=1)


def test_uneven_and_all_to_all_single_rank():
    x = _x()
    out = ms.Tensor(np.zeros((2, 3), np.float32))
    assert ops.all_gather_into_tensor_uneven(out, x, [2]) is None
    np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())
    with pytest.raises(ValueError):
        ops.all_gather_into_tensor_uneven(out, x, [3])
    out = ms.Tensor(np.zeros((2, 3), np.float32))
    ops.reduce_scatter_tensor_uneven(out, x, [2])
    np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())
    with pytest.raises(TypeError):
        ops.reduce_scatter_tensor_uneven(out, x, op="mean")
    outs = [ms.Tensor(np.zeros((2, 3), np.float32))]
    ops.all_to_all(outs, [x])
    np.testing.assert_array_equal(outs[0].asnumpy(), x.asnumpy())
    with pytest.raises(ValueError):
        ops.all_to_all(outs, [x, x])
    with pytest.raises(TypeError):
        ops.all_to_all(outs, x)
    out = ms.Tensor(np.zeros((2, 3), np.float32))
    ops.all_to_all_single(out, x)
    np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())
    out = ms.Tensor(np.zeros((2, 3), np.float32))
    ops.all_to_all_v_c(out, x, [6])
    np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())
    with pytest.raises(ValueError):
        ops.all_to_all_v_c(out, x, [5])


def test_object_lists_and_process_group():
    objs = ["a", 2]
    ops.broadcast_object_list(objs, 0)
    assert objs == ["a", 2]
    with pytest.raises(TypeError):
        ops.broadcast_object_list(("a",), 0)
    got = [None]
    ops.scatter_object_list(got, [{"k": 1}])
    assert got == [{"k": 1}]
    with pytest.raises(TypeError):
        ops.scatter_object_list(got, [1, 2])
    gl = [None]
    ops.gather_object("z", gl)
    assert gl == ["z"]
    with pytest.raises(ValueError):
        ops.init_process_group(backend="nccl")
    with pytest.raises(TypeError):
        ops.init_process_group(world_size="1")
    ops.init_process_group()
    try:
        assert ops.is_initialized() is True
    finally:
        ops.destroy_process_group()
    assert ops.is_initialized() is False
