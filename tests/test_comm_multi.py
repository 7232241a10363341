"""Collective Primitives inside shard_map over the host devices, against numpy.

Inside ``shard_map`` MindSpore's collectives act over the mesh devices (one MindSpore rank per
device): the world group spans every manual axis, a ``create_group`` group names device
positions in row-major mesh order. The count of devices comes from ``jax.device_count()``
(the root conftest sets it).
"""
import jax
import numpy as np
import pytest
from jax.sharding import Mesh, PartitionSpec as P

import mscompat as ms
from mscompat import ops
from mscompat.communication import create_group, destroy_group, init, get_group_size, get_rank

N = jax.device_count()
pytestmark = pytest.mark.skipif(N < 2 or N % 2, reason="needs an even number (>= 2) of host devices")


def _run(fn, x, mesh=None, in_spec=None, out_spec=None):
    """Apply ``fn`` (Tensor -> Tensor) per device in shard_map; x's axis 0 is split over all devices."""
    mesh = mesh or Mesh(np.array(jax.devices()), ("d",))
    axes = tuple(mesh.axis_names)
    spec = P(axes)
    body = lambda a: fn(ms.Tensor._wrap(a))._data   # noqa: E731
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=spec if in_spec is None else in_spec,
                                 out_specs=spec if out_spec is None else out_spec))
    return np.asarray(f(x))


def _blocks(x):
    return np.split(x, N)   # what each device holds


@pytest.fixture(autouse=True, scope="module")
def _init():
    init()


def test_allreduce_ops():
    x = np.arange(N * 6, dtype=np.float32).reshape(N * 2, 3) - 7
    b = _blocks(x)
    for op, ref in ((ops.ReduceOp.SUM, np.sum), (ops.ReduceOp.MAX, np.max), (ops.ReduceOp.MIN, np.min),
                    (ops.ReduceOp.PROD, np.prod)):
        got = _run(lambda t: ops.AllReduce(op)(t), x)
        np.testing.assert_allclose(got, np.concatenate([ref(np.stack(b), axis=0)] * N), rtol=1e-6)


def test_allreduce_2d_mesh_and_int():
    mesh = Mesh(np.array(jax.devices()).reshape(2, N // 2), ("a", "b"))
    x = np.arange(N * 2, dtype=np.int32).reshape(N, 2)
    got = _run(lambda t: ops.AllReduce()(t), x, mesh)
    np.testing.assert_array_equal(got, np.tile(x.sum(0, keepdims=True), (N, 1)))
    assert got.dtype == np.int32


def test_allgather_reducescatter_broadcast():
    x = np.arange(N * 4, dtype=np.float32).reshape(N * 2, 2)
    g = _run(lambda t: ops.AllGather()(t), x)          # every device: the whole x
    np.testing.assert_array_equal(g, np.concatenate([x] * N))
    y = np.arange(N * N * 2, dtype=np.float32).reshape(N * N, 2)
    rs = _run(lambda t: ops.ReduceScatter()(t), y)     # device i: block i of the sum of the inputs
    total = np.sum(np.stack(_blocks(y)), axis=0)
    np.testing.assert_array_equal(rs, total)
    rmax = _run(lambda t: ops.ReduceScatter(ops.ReduceOp.MAX)(t), y)
    np.testing.assert_array_equal(rmax, np.max(np.stack(_blocks(y)), axis=0))
    bc = _run(lambda t: ops.Broadcast(1)((t,))[0], x)
    np.testing.assert_array_equal(bc, np.concatenate([_blocks(x)[1]] * N))


def test_alltoall_and_scatter():
    x = np.arange(N * N * 3, dtype=np.float32).reshape(N * N, 3)
    got = _run(lambda t: ops.AlltoAll(N, 0, 0)(t), x)
    b = _blocks(x)   # device i sends its piece j to device j; device j concatenates pieces from 0..N-1
    ref = np.concatenate([np.concatenate([b[i][j:j + 1] for i in range(N)]) for j in range(N)])
    np.testing.assert_array_equal(got, ref)
    sc = _run(lambda t: ops.CollectiveScatter(0)(t), x)   # device 0's block split among devices
    np.testing.assert_array_equal(sc, b[0])
    with pytest.raises(ValueError):
        _run(lambda t: ops.AlltoAll(N + 1, 0, 0)(t), x)


def test_reduce_to_dest():
    x = np.arange(N * 2, dtype=np.float32).reshape(N, 2) + 1
    got = _run(lambda t: ops.Reduce(1)(t), x)
    ref = x.copy()
    ref[1] = x.sum(0)
    np.testing.assert_array_equal(got, ref)


def test_create_group_inside_shard_map():
    half = list(range(N // 2))
    create_group("low_half", half)
    try:
        assert get_group_size("low_half") == N // 2 and get_rank("low_half") == 0
        x = np.arange(N * 2, dtype=np.float32).reshape(N, 2)
        got = _run(lambda t: ops.AllReduce(group="low_half")(t), x)
        ref = x.copy()
        ref[:N // 2] = x[:N // 2].sum(0)       # members get the group's sum, the others keep their input
        np.testing.assert_array_equal(got, ref)
        g = _run(lambda t: ops.AllGather(group="low_half")(t), x)   # every device: the members' inputs
        assert g.shape == (N * N // 2, 2)
        np.testing.assert_array_equal(g, np.concatenate([x[:N // 2]] * N))
        bc = _run(lambda t: ops.Broadcast(1, group="low_half")((t,))[0], x)
        ref = x.copy()
        ref[:N // 2] = x[1]
        np.testing.assert_array_equal(bc, ref)
    finally:
        destroy_group("low_half")


def test_hlo_has_collectives():
    mesh = Mesh(np.array(jax.devices()), ("d",))
    body = lambda a: ops.AllReduce()(ms.Tensor._wrap(a))._data   # noqa: E731
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("d"), out_specs=P("d")))
    text = f.lower(np.ones((N, 2), np.float32)).as_text()
    assert "all_reduce" in text or "all-reduce" in text


def test_group_api_errors():
    with pytest.raises(TypeError):
        create_group(1, [0])
    with pytest.raises(TypeError):
        create_group("g1", (0,))
    with pytest.raises(ValueError):
        create_group("g1", [])
    with pytest.raises(ValueError):
        create_group("g1", [0, 0])
    with pytest.raises(RuntimeError):
        create_group("g1", [10 ** 6])
    with pytest.raises(ValueError):
        destroy_group(ms.communication.GlobalComm.WORLD_COMM_GROUP)
    create_group("g2", [0])
    with pytest.raises(ValueError):   # same name, other ranks
        create_group("g2", [1])
    destroy_group("g2")


def test_before_init(monkeypatch):
    """Before init(): rank and size come from the launcher's variables; the rest raises MindSpore's error."""
    from mscompat.communication import GlobalComm, get_process_group_ranks, get_local_rank
    monkeypatch.setattr(GlobalComm, "INITED", False)
    monkeypatch.setenv("RANK_ID", "3")
    monkeypatch.setenv("RANK_SIZE", "8")
    assert get_rank() == 3 and get_group_size() == 8 and get_local_rank() == 0
    for f in (lambda: create_group("x", [0]), lambda: get_process_group_ranks(), lambda: destroy_group("x")):
        with pytest.raises(RuntimeError, match="has not been inited"):
            f()
    with pytest.raises(TypeError):
        get_rank(1)


def test_init_errors():
    with pytest.raises(TypeError):
        init(1)
    with pytest.raises(RuntimeError):
        init("abc")
    if ms.get_context("device_target") == "CPU":
        with pytest.raises(RuntimeError, match="should be 'mccl'"):
            init("hccl")


def test_launcher_arguments():
    from mscompat import run
    a = run.get_args(["--worker_num", "4", "--local_worker_num", "2", "--node_rank", "1", "--join", "True",
                      "train.py", "--lr", "0.1"])
    assert (a.worker_num, a.local_worker_num, a.node_rank, a.join, a.master_port, a.master_addr) == \
        (4, 2, 1, True, 8118, "127.0.0.1")
    assert a.task_script == "train.py" and a.task_script_args == ["--lr", "0.1"]
    with pytest.raises(ValueError):
        run._Launcher(run.get_args(["--worker_num", "0", "x.py"]))
    with pytest.raises(ValueError):
        run._Launcher(run.get_args(["--worker_num", "2", "--local_worker_num", "4", "x.py"]))


def test_send_receive_need_a_peer_process():
    with pytest.raises(ValueError):          # one process: no other rank to send to
        ops.Send(0, 0)(ms.Tensor(np.ones(2, np.float32)))
    with pytest.raises(TypeError):
        ops.Receive(0, 0, (2,), ms.bool_)
    assert ops.Receive(3, 0, (2,), ms.float32).attrs["sr_tag"] == 3
    with pytest.raises(RuntimeError):        # no point-to-point inside shard_map
        _run(lambda t: ops.Send(0, 1)(t), np.ones((N, 2), np.float32))


def test_comm_func_one_process():
    """comm_func in a job of one process: results equal the input (a group of one rank)."""
    from mscompat.communication import comm_func as cf
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(3, 2))
    for out in (cf.all_reduce(x)[0], cf.all_gather_into_tensor(x)[0], cf.reduce_scatter_tensor(x)[0],
                cf.reduce(x, 0), cf.broadcast(x, 0), cf.scatter_tensor(x), cf.gather_into_tensor(x),
                cf.all_to_all_single_with_output_shape((3, 2), x)[0],
                cf.all_to_all_with_output_shape([(3, 2)], [x])[0][0]):
        np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())
    out, handle = cf.all_reduce(x, "max", async_op=True)
    assert handle.wait() is None
    cf.barrier()
    with pytest.raises(TypeError):
        cf.all_reduce(x, "avg")
    with pytest.raises(TypeError):
        cf.broadcast(x.asnumpy(), 0)
    with pytest.raises(ValueError):          # no other process to talk to
        cf.send(x, 0)
