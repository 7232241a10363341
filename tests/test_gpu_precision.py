"""MindSpore's GPU precision switches (TF32 for float32 matmuls and convolutions) and how the
kernels ask XLA for precision: full float32 for matrix products unless ``matmul_allow_tf32``,
TF32 allowed for convolutions unless ``conv_allow_tf32(False)``, and only on a GPU."""
import logging

import jax
import jax.extend
import numpy as np
import pytest
from jax import lax

import mscompat as ms
from mscompat import context, nn, ops
from mscompat.log import _get_logger
from mscompat.backends import precision
from mscompat.device_context.gpu import op_precision, op_tuning


@pytest.fixture
def gpu_target(monkeypatch):
    """Pretend the active target is a GPU (the precision module reads it when an op is traced)."""
    monkeypatch.setattr(precision, "device_target", lambda: "GPU")
    monkeypatch.setattr(op_precision, "device_target", lambda: "GPU")
    monkeypatch.setattr(context, "device_target", lambda: "GPU")
    saved = dict(precision._gpu), dict(precision._algos)
    yield
    precision._gpu.clear(), precision._gpu.update(saved[0])
    precision._algos.clear(), precision._algos.update(saved[1])


def _precisions(fn, *args):
    """The ``precision`` params of every dot/conv equation in ``fn``'s jaxpr."""
    found = []

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            if eqn.primitive.name in ("dot_general", "conv_general_dilated"):
                found.append((eqn.primitive.name, eqn.params["precision"]))
            for sub in jax.extend.core.jaxprs_in_params(eqn.params):
                walk(sub)
    walk(jax.make_jaxpr(lambda *a: fn(*a))(*args).jaxpr)     # a new function: make_jaxpr caches traces by function
    return found


def _highest(p):
    return p in (lax.Precision.HIGHEST, (lax.Precision.HIGHEST, lax.Precision.HIGHEST))


def test_defaults_are_mindspores():
    assert precision.gpu_flag("matmul_allow_tf32") is False
    assert precision.gpu_flag("conv_allow_tf32") is True


def test_cpu_matmuls_are_full_float32():
    a = np.random.RandomState(0).rand(4, 8).astype(np.float32)

    def f(x):
        t = ms.Tensor(x)
        return ops.matmul(t, t.T)._data + ops.dense(t, t)._data
    found = _precisions(f, a)
    assert [n for n, _ in found] == ["dot_general", "dot_general"]
    # nothing asked on CPU (XLA:CPU's float32 products are float32): the jaxpr's default
    assert all(p is None for _, p in found)
    # and the values are those XLA:CPU gave before the precision was asked for (float32 either way)
    np.testing.assert_array_equal(ops.matmul(ms.Tensor(a), ms.Tensor(a.T)).asnumpy(),
                                  np.asarray(jax.numpy.matmul(a, a.T)))


def test_gpu_matmul_tf32_switch(gpu_target):
    a = np.ones((4, 8), np.float32)

    def f(x):
        t = ms.Tensor(x)
        return ops.matmul(t, t.T)._data + ops.BatchMatMul()(t[None], t.T[None])._data[0]
    assert all(_highest(p) for _, p in _precisions(f, a))
    op_precision.matmul_allow_tf32(True)
    assert all(p in (None, lax.Precision.DEFAULT, (lax.Precision.DEFAULT, lax.Precision.DEFAULT))
               for _, p in _precisions(f, a))


def test_gpu_conv_tf32_switch_and_half_operands(gpu_target):
    x = np.ones((1, 3, 8, 8), np.float32)
    conv = nn.Conv2d(3, 4, 3)

    def f(v):
        return conv(ms.Tensor(v))._data
    (name, p), = _precisions(f, x)
    assert name == "conv_general_dilated" and not _highest(p)        # TF32 allowed by default
    op_precision.conv_allow_tf32(False)
    (_, p), = _precisions(f, x)
    assert _highest(p)
    # float16 operands stay float16 on a GPU and accumulate in float32
    a, b, acc = precision.conv_operands(jax.numpy.ones((2,), jax.numpy.float16), jax.numpy.ones((2,), jax.numpy.float32))
    assert a.dtype == b.dtype == jax.numpy.float16 and acc == jax.numpy.float32


def test_half_conv_operands_are_widened_off_gpu():
    a, b, acc = precision.conv_operands(jax.numpy.ones((2,), jax.numpy.float16), jax.numpy.ones((2,), jax.numpy.float16))
    assert a.dtype == b.dtype == jax.numpy.float32 and acc is None


def test_switches_check_their_argument_and_log_off_gpu():
    with pytest.raises(TypeError, match="must be <class 'bool'>"):
        op_precision.matmul_allow_tf32(1)
    with pytest.raises(TypeError, match="must be <class 'bool'>"):
        op_precision.conv_allow_tf32("yes")
    records = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = records.append
    logger = _get_logger()
    logger.addHandler(handler)
    try:
        op_precision.matmul_allow_tf32(True)
        op_tuning.conv_fprop_algo("not-an-algo")       # off a GPU: logged, not checked, nothing set
    finally:
        logger.removeHandler(handler)
    text = " ".join(r.getMessage() for r in records)
    assert "CPU device is not supported" in text
    assert precision.gpu_flag("matmul_allow_tf32") is False and "conv_fprop_algo" not in precision.conv_algos()


def test_set_context_gpu_config_is_ignored_off_gpu():
    ms.set_context(gpu_config={"matmul_allow_tf32": True})
    assert precision.gpu_flag("matmul_allow_tf32") is False


def test_set_context_gpu_config_on_gpu(gpu_target):
    ms.set_context(gpu_config={"matmul_allow_tf32": True, "conv_allow_tf32": False, "conv_fprop_algo": "fft"})
    assert precision.gpu_flag("matmul_allow_tf32") and not precision.gpu_flag("conv_allow_tf32")
    assert precision.conv_algos() == {"conv_fprop_algo": "fft"}
    with pytest.raises(ValueError, match="the key of argument 'gpu_config' must be one of"):
        ms.set_context(gpu_config={"allow_tf32": True})
    with pytest.raises(ValueError, match="the value of argument conv_wgrad_algo must be one of"):
        ms.set_context(gpu_config={"conv_wgrad_algo": "winograd"})
    with pytest.raises(ValueError, match="conv_dgrad_algo', the argument must be in"):
        op_tuning.conv_dgrad_algo("gemm")
