"""XLA:CPU compile options per program (``mscompat._compile_options``): every program compiles
with YNNPACK's matrix-product and reduction fusions only and LLVM's cheaper passes, small
programs also with the IR emitters, large ones with the memory-optimized scheduler; the user's
``XLA_FLAGS`` and ``MSCOMPAT_CPU_COMPILE_OPTIONS=0`` win. The options change how XLA compiles,
not what the program computes."""
import json
import os
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax._src import xla_bridge

import mscompat as ms
from mscompat import _compile_options, _graph, nn

EVERY = {"xla_cpu_experimental_ynn_fusion_type":
         "LIBRARY_FUSION_TYPE_DOT,LIBRARY_FUSION_TYPE_REDUCE,LIBRARY_FUSION_TYPE_INDIVIDUAL_DOT",
         "xla_backend_optimization_level": 1, "xla_llvm_disable_expensive_passes": True}
SMALL = {"xla_cpu_use_fusion_emitters": False}


def _closed(fn, *shapes):
    return jax.make_jaxpr(fn)(*(jax.ShapeDtypeStruct(s, jnp.float32) for s in shapes))


def test_array_sizes_count_every_computed_array_nested_programs_included():
    inner = jax.jit(lambda x: x * 2)
    closed = _closed(lambda x: inner(x + 1).sum(), (8, 4))
    largest, total = _compile_options.array_sizes(closed.jaxpr)
    assert largest == 8 * 4 * 4
    # x + 1, the jit call's output, x * 2 inside it, the sum
    assert total == 3 * 8 * 4 * 4 + 4


def test_small_programs_get_the_ir_emitters_large_ones_the_memory_scheduler(monkeypatch):
    monkeypatch.delenv("XLA_FLAGS", raising=False)
    monkeypatch.delenv("MSCOMPAT_CPU_COMPILE_OPTIONS", raising=False)
    small = _compile_options.cpu_options(_closed(lambda x: jnp.tanh(x) * 2, (64, 64)))
    assert small == dict(EVERY, **SMALL)
    middle = _compile_options.cpu_options(_closed(lambda x: jnp.tanh(x) * 2, (2048, 2048)))
    assert middle == EVERY
    # 1 GiB computed (shapes only: nothing is allocated)
    large = _compile_options.cpu_options(_closed(lambda x: jnp.tanh(x) * 2, (16384, 8192)))
    assert large == dict(EVERY, xla_cpu_scheduler_type="CPU_SCHEDULER_TYPE_MEMORY_OPTIMIZED")


def test_an_option_this_jaxlib_does_not_know_is_left_out(monkeypatch):
    monkeypatch.delenv("XLA_FLAGS", raising=False)
    monkeypatch.delenv("MSCOMPAT_CPU_COMPILE_OPTIONS", raising=False)
    monkeypatch.setattr(_compile_options, "_unknown", set())
    monkeypatch.setenv("MSCOMPAT_CPU_COMPILE_OPTIONS", "0")
    reference, _ = _train()
    monkeypatch.delenv("MSCOMPAT_CPU_COMPILE_OPTIONS")
    monkeypatch.setattr(_compile_options, "_SMALL", dict(SMALL, xla_cpu_no_such_option_anywhere=True))
    losses, _ = _train()      # the compile that names it fails; the program compiles again without it
    np.testing.assert_allclose(losses, reference, rtol=1e-5, atol=1e-6)
    assert _compile_options._unknown == {"xla_cpu_no_such_option_anywhere"}
    assert _compile_options.cpu_options(_closed(lambda x: x + 1, (4,))) == dict(EVERY, **SMALL)
    other = RuntimeError("INVALID_ARGUMENT: something else")
    assert not _compile_options.drop_unknown(other, {"xla_cpu_use_fusion_emitters": False})
    renamed = RuntimeError("INVALID_ARGUMENT: While setting option xla_cpu_experimental_ynn_fusion_type, "
                           "'LIBRARY_FUSION_TYPE_DOT' is not a valid enum value.")
    assert _compile_options.drop_unknown(renamed, EVERY)
    assert "xla_cpu_experimental_ynn_fusion_type" in _compile_options._unknown


def test_the_users_xla_flags_and_the_switch_win(monkeypatch):
    closed = _closed(lambda x: x + 1, (4,))
    monkeypatch.setenv("XLA_FLAGS", "--xla_cpu_use_fusion_emitters=true")
    assert _compile_options.cpu_options(closed) == EVERY
    monkeypatch.setenv("XLA_FLAGS", "--xla_cpu_use_fusion_emitters=true --xla_backend_optimization_level=3 "
                       "--xla_llvm_disable_expensive_passes=false --xla_cpu_experimental_ynn_fusion_type=dot")
    assert _compile_options.cpu_options(closed) is None
    monkeypatch.delenv("XLA_FLAGS")
    monkeypatch.setenv("MSCOMPAT_CPU_COMPILE_OPTIONS", "0")
    assert _compile_options.cpu_options(closed) is None


def _train(steps=4):
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(0)
    net = nn.SequentialCell([nn.Conv2d(1, 4, 3), nn.BatchNorm2d(4), nn.ReLU(), nn.Flatten(), nn.Dense(4 * 8 * 8, 3)])
    loss = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
    step = nn.TrainOneStepCell(loss, nn.Momentum(net.trainable_params(), 0.1, 0.9))
    rs = np.random.RandomState(0)
    x = ms.Tensor(rs.randn(8, 1, 8, 8).astype(np.float32))
    y = ms.Tensor(rs.randint(0, 3, 8).astype(np.int32))
    return [float(step(x, y).asnumpy()) for _ in range(steps)], net


@pytest.mark.parametrize("switch", ["", "0"])
def test_a_compiled_training_step_compiles_with_them_and_computes_the_same(monkeypatch, switch):
    seen = []
    real_jit = _graph.jax.jit

    def spy(fn, *args, **kwargs):
        seen.append(kwargs.get("compiler_options"))
        return real_jit(fn, *args, **kwargs)

    monkeypatch.setenv("MSCOMPAT_CPU_COMPILE_OPTIONS", "0")
    reference, ref_net = _train()
    monkeypatch.setenv("MSCOMPAT_CPU_COMPILE_OPTIONS", switch)
    monkeypatch.setattr(_graph.jax, "jit", spy)
    losses, net = _train()
    assert seen, "the training step was not compiled through _graph"
    if switch == "0":
        assert all(o is None for o in seen)
    else:
        assert dict(EVERY, **SMALL) in seen
    np.testing.assert_allclose(losses, reference, rtol=1e-5, atol=1e-6)
    for p, q in zip(net.get_parameters(), ref_net.get_parameters()):
        np.testing.assert_allclose(p.asnumpy(), q.asnumpy(), rtol=1e-5, atol=1e-6)


def test_a_program_with_options_also_runs_inside_the_users_own_jax_jit():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.Dense(4, 3)
    x = np.random.RandomState(0).randn(2, 4).astype(np.float32)
    outside = net(ms.Tensor(x)).asnumpy()                      # compiled with the options
    inside = jax.jit(lambda a: net(ms.Tensor(a))._data)(x)      # JAX takes no options there
    np.testing.assert_allclose(np.asarray(inside), outside, rtol=1e-6, atol=1e-6)


# --- programs compiled without options: PyNative's one-op programs, a plain jax.jit -------------
def _default_options(fn, *shapes):
    lowered = jax.jit(fn).lower(*(jax.ShapeDtypeStruct(s, jnp.float32) for s in shapes))
    return dict(lowered._lowering._compiler_options_kvs)


def test_small_programs_without_options_get_the_ir_emitters(monkeypatch):
    monkeypatch.delenv("XLA_FLAGS", raising=False)
    monkeypatch.delenv("MSCOMPAT_CPU_COMPILE_OPTIONS", raising=False)
    assert _default_options(lambda x: jnp.tanh(x) * 2, (64, 64)) == SMALL
    # an array of 8 MiB taken or computed: XLA's defaults (its fusion emitters vectorize big ones)
    assert _default_options(lambda x: jnp.tanh(x) * 2, (2048, 1024)) == {}
    assert _default_options(lambda x: x.sum(), (2048, 1024)) == {}
    assert _default_options(lambda x: jnp.broadcast_to(x, (2048, 1024)) + 1, (1024,)) == {}
    # the options a program names are its own
    named = jax.jit(lambda x: x + 1, compiler_options={"xla_cpu_use_fusion_emitters": True})
    lowered = named.lower(jax.ShapeDtypeStruct((4,), jnp.float32))
    assert dict(lowered._lowering._compiler_options_kvs) == {"xla_cpu_use_fusion_emitters": True}


def test_the_users_flag_and_the_switch_win_for_programs_without_options(monkeypatch):
    monkeypatch.setenv("XLA_FLAGS", "--xla_cpu_use_fusion_emitters=true")
    assert _default_options(lambda x: x * 3 + 1, (5, 7)) == {}
    monkeypatch.delenv("XLA_FLAGS")
    monkeypatch.setenv("MSCOMPAT_CPU_COMPILE_OPTIONS", "0")
    assert _default_options(lambda x: x * 3 + 2, (5, 7)) == {}


def test_pynative_ops_compile_with_them_and_compute_the_same(monkeypatch):
    """An op run eagerly compiles a one-op program with the IR emitters; its values are bit for
    bit those of XLA's fusion emitters (elementwise transcendental functions included)."""
    monkeypatch.delenv("XLA_FLAGS", raising=False)
    monkeypatch.delenv("MSCOMPAT_CPU_COMPILE_OPTIONS", raising=False)
    seen = []
    real = _compile_options._small_default

    def spy(jaxpr):
        options = real(jaxpr)
        seen.append(options)
        return options
    monkeypatch.setattr(_compile_options, "_small_default", spy)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    x = np.random.RandomState(1).randn(3, 37, 11).astype(np.float32) * 3
    got = ms.ops.tanh(ms.Tensor(x)) * ms.ops.erf(ms.Tensor(x)) + ms.ops.exp(ms.Tensor(x) / 4)
    assert tuple(SMALL.items()) in seen

    def emitted(fn, *args):        # the same one-op program, compiled with the fusion emitters
        return jax.jit(fn, compiler_options={"xla_cpu_use_fusion_emitters": True})(*args)
    tanh, erf = emitted(jnp.tanh, x), emitted(jax.scipy.special.erf, x)
    exp = emitted(jnp.exp, emitted(lambda a: a / jnp.float32(4), x))
    expected = emitted(jnp.add, emitted(jnp.multiply, tanh, erf), exp)
    np.testing.assert_array_equal(got.asnumpy(), np.asarray(expected))


_LLVM_PROBE = """
import os, sys, json
import mscompat
import jax, jax.numpy as jnp, numpy as np
from jax._src import xla_bridge
x = jnp.asarray(np.linspace(-3, 3, 3000, dtype=np.float32))
y = jax.jit(lambda a: jnp.tanh(jnp.exp(a) * 0.5 + a))(x)
print(json.dumps({"flags": os.environ.get("XLA_FLAGS", ""), "sum": np.asarray(y).astype(np.float64).tolist()}))
"""


def _llvm_probe(**env):
    full = {k: v for k, v in os.environ.items() if k not in ("XLA_FLAGS", "MSCOMPAT_CPU_COMPILE_OPTIONS")}
    full.update(env, JAX_PLATFORMS=env.get("JAX_PLATFORMS", "cpu"), MS_COMPILER_CACHE_ENABLE="0")
    out = subprocess.run([sys.executable, "-c", _LLVM_PROBE], env=full, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_llvm_loop_unrolling_is_off_for_xla_cpu_and_elementwise_numbers_stay_the_same():
    on = _llvm_probe()
    assert "--xla_backend_extra_options=-unroll-threshold=0" in on["flags"]
    off = _llvm_probe(MSCOMPAT_CPU_COMPILE_OPTIONS="0")
    assert "xla_backend_extra_options" not in off["flags"]
    assert on["sum"] == off["sum"]          # elementwise results: bit for bit
    mine = _llvm_probe(XLA_FLAGS="--xla_backend_extra_options=-unroll-threshold=100")
    assert mine["flags"] == "--xla_backend_extra_options=-unroll-threshold=100"
    assert mine["sum"] == on["sum"]


def test_llvm_options_are_left_out_once_the_backend_started_or_for_another_platform(monkeypatch):
    monkeypatch.delenv("XLA_FLAGS", raising=False)
    monkeypatch.delenv("MSCOMPAT_CPU_COMPILE_OPTIONS", raising=False)
    jax.devices()                                       # this process's backend has started
    assert not _compile_options.install_llvm_options()
    assert "XLA_FLAGS" not in os.environ
    monkeypatch.setattr(xla_bridge, "_backends", {})    # as before it starts
    monkeypatch.setenv("JAX_PLATFORMS", "cuda")
    assert not _compile_options.install_llvm_options()
    monkeypatch.setenv("JAX_PLATFORMS", "cpu")
    assert _compile_options.install_llvm_options()
    assert os.environ["XLA_FLAGS"] == "--xla_backend_extra_options=-unroll-threshold=0"
