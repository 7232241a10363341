"""The emulated Ascend target (docs/ascend_emulation.md): device queries, cube precision,
unsupported operators, device memory and its out-of-memory error, roofline timing, HCCL names,
and the README's LeNet example run with device_target="Ascend"."""
import gc
import os
import subprocess
import sys
import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import mscompat as ms
from mscompat import backends, context, nn, ops, runtime

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def ascend():
    old_mode = context._context["mode"]
    ms.set_context(device_target="Ascend")
    yield backends.current()
    backends.activate("CPU", 0)
    context._context["ascend_config"] = {}
    context._context["mode"] = old_mode
    context._context["max_device_memory"] = 1024.0
    runtime._conf.pop("set_memory", None)
    backends.get("Ascend").max_size = None


def _rand(shape, seed):
    return np.random.RandomState(seed).randn(*shape).astype(np.float32)


def _hand_fp16_matmul(a, b):
    """float16 inputs, exact products, float32 accumulation (numpy, in float64 then float32),
    rounded to float16 as the cube's output."""
    a16, b16 = a.astype(np.float16).astype(np.float64), b.astype(np.float16).astype(np.float64)
    return (a16 @ b16).astype(np.float32).astype(np.float16)


# --- devices ---------------------------------------------------------------------------
def test_device_queries(ascend, monkeypatch):
    assert ms.get_context("device_target") == "Ascend"
    assert ms.get_current_device() == ("Ascend", 0)
    assert ms.hal.get_device_name(0) == "Ascend910A"
    assert ms.hal.device_count() == jax.local_device_count()
    monkeypatch.setenv("MSCOMPAT_ASCEND_DEVICE_NUM", "16")
    assert ms.hal.device_count("Ascend") == 16
    with pytest.raises(ValueError, match="must be less than device count: 16, but got 16"):
        ms.hal.get_device_name(16)
    props = ms.hal.get_device_properties(0)
    assert props.name == "Ascend910A" and props.total_memory == 32 * 1024 ** 3
    assert ms.hal.is_initialized("Ascend") and not ms.hal.is_initialized("CPU")
    assert ascend.comm_backend == "hccl" and ascend.world_group == "hccl_world_group"


def test_device_id_places_arrays(ascend):
    n = jax.local_device_count()
    if n < 2:
        pytest.skip("one host device")
    ms.set_device("Ascend", 1)
    x = ops.ones((2, 2))
    assert x._data.devices() == {jax.local_devices()[1]}
    ms.set_device("Ascend", 0)
    assert ops.ones((2, 2))._data.devices() == {jax.local_devices()[0]}


# --- cube precision -----------------------------------------------------------------
def test_matmul_fp32_default_force_fp16_equals_hand_math(ascend):
    a, b = _rand((8, 40), 0), _rand((40, 6), 1)
    out = ops.matmul(ms.Tensor(a), ms.Tensor(b))
    assert out.dtype == ms.float32
    want = _hand_fp16_matmul(a, b).astype(np.float32)
    np.testing.assert_array_equal(out.asnumpy(), want)
    # and the same through jax: float16 operands, float32 accumulation
    a16, b16 = jnp.asarray(a, jnp.float16), jnp.asarray(b, jnp.float16)
    jx = lax.dot(a16, b16, preferred_element_type=jnp.float32).astype(jnp.float16).astype(jnp.float32)
    np.testing.assert_array_equal(out.asnumpy(), np.asarray(jx))
    assert not np.array_equal(out.asnumpy(), a @ b)          # not plain float32
    assert np.abs(out.asnumpy() - a @ b).max() < 0.05


def test_matmul_float16_inputs_accumulate_in_float32(ascend):
    a, b = _rand((4, 300), 2).astype(np.float16), _rand((300, 5), 3).astype(np.float16)
    for mode in ("force_fp16", "must_keep_origin_dtype"):
        ms.set_context(ascend_config={"precision_mode": mode})
        out = ops.MatMul()(ms.Tensor(a), ms.Tensor(b))
        assert out.dtype == ms.float16
        np.testing.assert_array_equal(out.asnumpy(), _hand_fp16_matmul(a, b))
    # float16 accumulation would differ
    acc16 = np.zeros((4, 5), np.float16)
    for k in range(300):
        acc16 = (acc16 + a[:, k:k + 1] * b[k:k + 1, :]).astype(np.float16)
    assert not np.array_equal(out.asnumpy(), acc16)


def test_precision_modes(ascend):
    a, b = _rand((6, 33), 4), _rand((33, 7), 5)
    ms.set_context(ascend_config={"precision_mode": "must_keep_origin_dtype"})
    keep = ops.matmul(ms.Tensor(a), ms.Tensor(b)).asnumpy()
    np.testing.assert_allclose(keep, a @ b, rtol=1e-5, atol=1e-5)
    ms.set_context(ascend_config={"precision_mode": "allow_fp32_to_bf16"})
    bf = ops.matmul(ms.Tensor(a), ms.Tensor(b)).asnumpy()
    a_b = np.asarray(jnp.asarray(a, jnp.bfloat16).astype(jnp.float32), np.float64)
    b_b = np.asarray(jnp.asarray(b, jnp.bfloat16).astype(jnp.float32), np.float64)
    want = np.asarray(jnp.asarray((a_b @ b_b).astype(np.float32), jnp.bfloat16).astype(jnp.float32))
    np.testing.assert_array_equal(bf, want)


def test_device_context_precision_mode_drives_the_cube(ascend):
    from mscompat.device_context.ascend import op_precision
    a, b = _rand((5, 20), 11), _rand((20, 3), 12)
    np.testing.assert_array_equal(ops.matmul(ms.Tensor(a), ms.Tensor(b)).asnumpy(),
                                  _hand_fp16_matmul(a, b).astype(np.float32))
    try:
        with pytest.raises(ValueError, match="must be one of"):
            op_precision.precision_mode("fp8")
        op_precision.precision_mode("must_keep_origin_dtype")
        assert ms.get_context("ascend_config")["precision_mode"] == "must_keep_origin_dtype"
        np.testing.assert_allclose(ops.matmul(ms.Tensor(a), ms.Tensor(b)).asnumpy(), a @ b, rtol=1e-5, atol=1e-5)
        with pytest.raises(RuntimeError, match="The 'precision_mode' can not be set repeatedly."):
            op_precision.precision_mode("force_fp16")
    finally:
        op_precision._configured.clear()
    assert ms.device_context.ascend.is_available() and ms.device_context.ascend.device_count() >= 1


def test_conv2d_cube_precision(ascend):
    x, w = _rand((2, 3, 9, 9), 6), _rand((4, 3, 3, 3), 7)
    out = ops.conv2d(ms.Tensor(x), ms.Tensor(w), pad_mode="pad", padding=1).asnumpy()
    xr = jnp.asarray(x, jnp.float16).astype(jnp.float32)
    wr = jnp.asarray(w, jnp.float16).astype(jnp.float32)
    hand = lax.conv_general_dilated(xr, wr, (1, 1), [(1, 1), (1, 1)], precision=lax.Precision.HIGHEST)
    np.testing.assert_array_equal(out, np.asarray(hand.astype(jnp.float16).astype(jnp.float32)))
    plain = lax.conv_general_dilated(jnp.asarray(x), jnp.asarray(w), (1, 1), [(1, 1), (1, 1)],
                                     precision=lax.Precision.HIGHEST)
    assert not np.array_equal(out, np.asarray(plain))


def test_cube_inside_graph_mode_and_grad(ascend):
    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.Dense(16, 4)
    x = ms.Tensor(_rand((3, 16), 8))
    out = net(x).asnumpy()
    w, bias = net.weight.asnumpy(), net.bias.asnumpy()
    want = _hand_fp16_matmul(x.asnumpy(), w.T).astype(np.float32) + bias
    np.testing.assert_array_equal(out, want)
    g = ms.grad(lambda t: net(t).sum())(x)
    assert g.shape == (3, 16) and np.isfinite(g.asnumpy()).all()


# --- collectives ------------------------------------------------------------------------
def test_hccl_collectives_across_emulated_devices(ascend):
    from jax.sharding import Mesh, PartitionSpec as P
    from mscompat.communication import GlobalComm, HCCL_WORLD_COMM_GROUP, init
    n = ms.hal.device_count()
    if n < 2 or jax.device_count() < n:
        pytest.skip("needs several host devices")
    init()
    assert GlobalComm.BACKEND == "hccl" and GlobalComm.WORLD_COMM_GROUP == HCCL_WORLD_COMM_GROUP == "hccl_world_group"
    a, b = _rand((2 * n, 24), 13), _rand((24, 5), 14)
    mesh = Mesh(np.array(jax.devices()[:n]), ("d",))

    def body(x, w):          # each emulated device: a cube matmul of its rows, then an HCCL AllReduce
        y = ops.matmul(ms.Tensor._wrap(x), ms.Tensor._wrap(w))
        return ops.AllReduce(ops.ReduceOp.SUM)(y)._data

    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P("d"), P()), out_specs=P()))
    assert "all-reduce" in f.lower(a, b).compile().as_text()
    got = np.asarray(f(a, b))
    per_device = [_hand_fp16_matmul(blk, b).astype(np.float32) for blk in np.split(a, n)]
    np.testing.assert_allclose(got, np.sum(per_device, axis=0), rtol=1e-6, atol=1e-6)


# --- kernel library -------------------------------------------------------------------
def test_unsupported_operator_pynative(ascend):
    x = ms.Tensor(np.array([1.5, 2.5], np.float32))
    with pytest.raises(RuntimeError, match=r"The current \[Default/Digamma-op\d+\] operator did not match any "
                                           r"operator prototype library\."):
        ops.digamma(x)
    with pytest.raises(RuntimeError, match=r"\[Default/Lgamma-op\d+\] operator did not match"):
        ops.Lgamma()(x)
    backends.activate("CPU")
    np.testing.assert_allclose(ops.digamma(x).asnumpy(), [0.03649, 0.70316], atol=1e-4)   # CPU has it


def test_unsupported_operator_graph_mode_backoff_or_error(ascend):
    ms.set_context(mode=ms.GRAPH_MODE)

    class CpuBackoff(nn.Cell):
        def construct(self, x):
            return ops.lgamma(x) * 2

    class GpuOnly(nn.Cell):
        def construct(self, x):
            return ops.einsum("ij,jk->ik", x, x)

    x = ms.Tensor(np.array([[1.5, 2.5], [3.0, 0.5]], np.float32))
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        out = CpuBackoff()(x)          # MindSpore backs off to a CPU kernel in kernel-by-kernel mode
    np.testing.assert_allclose(out.asnumpy(), 2 * np.array([[-0.12078, 0.28468], [0.69315, 0.57236]]), atol=1e-4)
    with pytest.raises(RuntimeError, match=r"Ascend operator selection failed info: The current "
                                           r"\[Default/Einsum-op\d+\] operator did not match any operator "
                                           r"prototype library\.[\s\S]*CPU operator selection failed"):
        GpuOnly()(x)


def test_ascend_only_primitive_runs(ascend):
    x, w = _rand((2, 3, 7, 7), 9), _rand((1, 3, 3, 3), 10)
    op = ops.DepthwiseConv2dNative(channel_multiplier=1, kernel_size=3, pad_mode="same")
    out = op(ms.Tensor(x), ms.Tensor(w))
    want = ops.conv2d(ms.Tensor(x), ms.Tensor(w.reshape(3, 1, 3, 3)), pad_mode="same", groups=3)
    np.testing.assert_array_equal(out.asnumpy(), want.asnumpy())
    backends.activate("CPU")
    with pytest.raises(RuntimeError, match=r"Unsupported op \[DepthwiseConv2dNative\] on CPU"):
        op(ms.Tensor(x), ms.Tensor(w))


# --- memory ---------------------------------------------------------------------------
class _Wide(nn.Cell):
    def __init__(self, n):
        super().__init__()
        self.dense = nn.Dense(n, 8 * n)

    def construct(self, x):
        return ops.relu(self.dense(x))


def test_out_of_memory_error_graph_mode(ascend):
    ms.set_context(mode=ms.GRAPH_MODE)
    used = ascend.allocated()
    limit_gb = (used + (2 << 20)) / 1024 ** 3             # 2 MiB above what is in use now
    runtime.set_memory(max_size=f"{limit_gb:.6f}GB")
    net = _Wide(64)
    net(ms.Tensor(np.ones((8, 64), np.float32))).asnumpy()   # 16 KiB output: fits
    with pytest.raises(RuntimeError, match=r"Device\(id:0\) memory isn't enough and alloc failed, kernel name: "
                                           r"_Wide, alloc size: \d+B\.") as e:
        net(ms.Tensor(np.ones((4096, 64), np.float32)))   # 8 MiB output
    assert str(e.value).startswith("Memory not enough:")


def test_out_of_memory_error_eager_and_context_limit(ascend):
    used = ascend.allocated()
    ms.set_context(max_device_memory=f"{(used + (1 << 20)) / 1024 ** 3:.6f}GB")
    a = ms.Tensor(np.ones((1024, 16), np.float32))
    ops.matmul(a, ms.Tensor(np.ones((16, 64), np.float32)))          # 256 KiB
    with pytest.raises(RuntimeError, match="memory isn't enough and alloc failed"):
        ops.matmul(a, ms.Tensor(np.ones((16, 1024), np.float32)))    # 4 MiB


def test_memory_accounting(ascend):
    gc.collect()
    ms.runtime.reset_peak_memory_stats()
    before = ms.runtime.memory_allocated()
    big = ops.matmul(ops.ones((512, 64)), ops.ones((64, 512)))         # 1 MiB
    after = ms.runtime.memory_allocated()
    assert after - before >= 512 * 512 * 4
    assert ms.runtime.max_memory_allocated() >= after
    stats = ms.hal.memory_stats()
    assert stats["total_allocated_memory"] == after
    assert stats["total_reserved_memory"] >= after and stats["common_mem_pool_stats"]["block_unit_size"] == 1 << 30
    del big
    assert ms.runtime.memory_allocated() <= after - 512 * 512 * 4
    assert ms.runtime.max_memory_allocated() >= after


# --- timing estimate ----------------------------------------------------------------------
class _MLP(nn.Cell):
    def __init__(self, n):
        super().__init__()
        self.a = nn.Dense(n, n)
        self.b = nn.Dense(n, n)

    def construct(self, x):
        return self.b(ops.relu(self.a(x)))


def test_roofline_estimate(ascend):
    small = backends.estimate(_MLP(128), ms.Tensor(np.ones((64, 128), np.float32)))
    big = backends.estimate(_MLP(512), ms.Tensor(np.ones((256, 512), np.float32)))
    want_flops = 2 * (2 * 64 * 128 * 128)
    assert want_flops <= small.flops <= 1.2 * want_flops
    assert small.bytes_accessed >= 4 * (2 * 128 * 128)           # reads both weight matrices
    assert big.flops / small.flops > 50                          # 64x the matmul work
    for est in (small, big):
        assert est.time == max(est.compute_time, est.memory_time) > 0
        assert est.compute_time == pytest.approx(est.flops / 256e12)
        assert est.memory_time == pytest.approx(est.bytes_accessed / 1.2e12)
        assert est.bound in ("compute", "memory")
    assert big.time > small.time and big.time < 1e-3
    # a GRAPH_MODE call records its estimate
    ms.set_context(mode=ms.GRAPH_MODE)
    net = _MLP(128)
    net(ms.Tensor(np.ones((64, 128), np.float32)))
    last = backends.last_estimate()
    assert last.name == "_MLP" and last.flops == small.flops
    assert "estimated" in str(last)


def test_roofline_of_a_training_step_scales_with_batch(ascend):
    net = _MLP(64)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1))
    e1 = backends.estimate(step, ms.Tensor(np.ones((32, 64), np.float32)), ms.Tensor(np.ones((32, 64), np.float32)))
    e4 = backends.estimate(step, ms.Tensor(np.ones((128, 64), np.float32)),
                           ms.Tensor(np.ones((128, 64), np.float32)))
    assert 3 < e4.flops / e1.flops < 5
    assert e1.flops > 2.5 * 2 * (2 * 32 * 64 * 64)              # forward (2 matmuls) plus backward (3)


# --- the README's LeNet example -------------------------------------------------------
def _run_lenet(tmp_path, epochs):
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    env.pop("XLA_FLAGS", None)
    cmd = [sys.executable, "-m", "mscompat", os.path.join(ROOT, "examples", "lenet", "train.py"),
           "--device_target", "Ascend", "--epochs", str(epochs), "--data-dir", str(tmp_path / "data"),
           "--ckpt-dir", str(tmp_path / "ckpt")]
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout


def test_lenet_example_runs_on_ascend(tmp_path):
    out = _run_lenet(tmp_path, 1)
    assert "epoch: 1 step: 42, loss is" in out
    assert "test accuracy of the reloaded network" in out


@pytest.mark.slow
def test_lenet_example_trains_on_ascend(tmp_path):
    out = _run_lenet(tmp_path, 20)
    acc = float(out.rsplit("test accuracy of the reloaded network: ", 1)[1].split()[0])
    assert acc > 0.9
