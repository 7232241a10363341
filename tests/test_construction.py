"""Building a model compiles no XLA program per weight shape, and compiled programs persist
between processes (issue #17). Everything here counts programs (JAX's monitoring events),
never time.

* initializers, Parameter and Tensor creation, clone and copy move host data with one
  transfer: 30 new conv shapes compile nothing; a new Parameter's random values are drawn on
  first read (seed taken at creation), so a re-initialization before that skips the draw;
* the persistent compilation cache is on by default (``set_context(enable_compile_cache=...,
  compile_cache_path=...)``, ``MS_COMPILER_CACHE_ENABLE`` / ``MS_COMPILER_CACHE_PATH``): a
  second process running the same training step loads every program instead of compiling it.
"""
import contextlib
import copy
import json
import os
import pathlib
import subprocess
import sys
import textwrap

import jax
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, Parameter, ParameterTuple, Tensor
from mscompat.common import _compile_cache, _init_random
from mscompat.common.initializer import initializer, _INITIALIZER_ALIAS, _PendingInit

ROOT = pathlib.Path(__file__).resolve().parent.parent


class _Programs:
    """XLA programs built (``n``: compiled or loaded from the persistent cache) and functions
    traced to jaxprs (``traces``) while active."""

    def __init__(self):
        self.n = self.traces = 0
        self.active = False
        jax.monitoring.register_event_duration_secs_listener(self._on)

    def _on(self, event, _secs, **_kw):
        if self.active and event == "/jax/core/compile/backend_compile_duration":
            self.n += 1
        if self.active and event == "/jax/core/compile/jaxpr_trace_duration":
            self.traces += 1

    @contextlib.contextmanager
    def count(self):
        self.n, self.traces, self.active = 0, 0, True
        try:
            yield self
        finally:
            self.active = False


_PROGRAMS = _Programs()


def test_30_conv_layers_build_no_program_per_shape():
    ms.set_seed(3)
    with _PROGRAMS.count() as seen:
        layers = [nn.Conv2d(101 + i, 53 + i, 3, has_bias=True) for i in range(30)]
    assert seen.n <= 1, f"building 30 conv layers built {seen.n} XLA programs (one per weight shape?)"
    assert layers[7].weight.shape == (60, 108, 3, 3)
    assert float(np.abs(layers[7].weight.asnumpy()).max()) > 0


def test_dense_stack_and_other_layers_build_no_program():
    with _PROGRAMS.count() as seen:
        [nn.Dense(71 + i, 43 + i) for i in range(30)]
        nn.BatchNorm2d(57)
        nn.LayerNorm((59,))
        nn.Embedding(211, 29)
        nn.LSTM(13, 27, 2)
        nn.Conv3d(3, 7, 3)
        nn.Conv2dTranspose(5, 9, 3)
    assert seen.n <= 1, f"building the layers built {seen.n} XLA programs"


@pytest.mark.parametrize("dtype", [ms.float32, ms.float16])
def test_every_named_initializer_builds_no_program(dtype):
    names = sorted(set(_INITIALIZER_ALIAS) - {"sparse"})     # Sparse needs its sparsity argument
    with _PROGRAMS.count() as seen:
        for k, name in enumerate(names):
            shape = (6 + k, 3, 3, 3) if name == "dirac" else (17 + k, 23 + k)
            out = initializer(name, shape, dtype).init_data()
            assert out.shape == shape and out.dtype == dtype
    assert seen.n == 0, f"the initializers built {seen.n} XLA programs"


def test_parameter_and_tensor_creation_build_no_program():
    with _PROGRAMS.count() as seen:
        p = Parameter(initializer("he_uniform", (37, 19)), name="w")
        q = Parameter(np.ones((37, 21), np.float32), name="b", requires_grad=False)
        Parameter(Tensor(np.arange(7), ms.int32), name="i")
        Tensor(np.ones((31, 3), np.float64))
        Tensor([[1.5, 2.0], [3.0, 4.0]], ms.float16)
        Tensor(shape=(5, 33), dtype=ms.float32)
        ms.from_numpy(np.ones((4, 35), np.float32))
        clone = p.clone()
        copy.deepcopy(p)
        copy.deepcopy(Tensor(np.ones((9, 39), np.float32)))
        Tensor(np.ones((9, 41), np.float32)).copy()
        ParameterTuple([p, q]).clone("pre")
        p.set_data(initializer("zeros", (37, 19)))
    assert seen.n == 0, f"creating Parameters and Tensors built {seen.n} XLA programs"
    # the clone is a copy with its own buffer, same name and flags
    assert clone.name == "w" and clone.requires_grad
    assert clone._data.unsafe_buffer_pointer() != p._data.unsafe_buffer_pointer()
    assert not np.array_equal(clone.asnumpy(), p.asnumpy())   # p was zeroed after the clone


@pytest.mark.parametrize("name", ["normal", "uniform", "truncatedNormal", "he_uniform", "he_normal",
                                  "xavier_uniform", "xavier_normal", "variancescaling"])
def test_parameter_values_drawn_on_first_read_equal_eager_ones(name):
    """A new Parameter takes its seed at once and draws its values on first read: the same
    values, and the same numpy RNG state afterwards, as drawing them at once."""
    shape = (7, 5, 3)
    ms.set_seed(21)
    eager = initializer(name, shape, ms.float16).init_data().asnumpy()
    after_eager = np.random.randint(0, 1 << 30)
    ms.set_seed(21)
    p = Parameter(initializer(name, shape, ms.float16), name="w")
    after_lazy = np.random.randint(0, 1 << 30)
    assert type(p._stored) is _PendingInit          # not drawn yet ...
    assert p.shape == shape and p.dtype == ms.float16 and not p.has_init
    assert type(p._stored) is _PendingInit          # ... not even by shape/dtype/has_init
    np.testing.assert_array_equal(p.asnumpy(), eager)
    assert after_lazy == after_eager


def test_set_data_before_first_read_skips_the_draw(monkeypatch):
    draws = []
    real = _init_random.random_uniform
    monkeypatch.setattr(_init_random, "random_uniform", lambda *a: draws.append(a[1]) or real(*a))
    ms.set_seed(4)
    p = Parameter(initializer("uniform", (64, 32)), name="w")
    p.set_data(initializer("zeros", p.shape, p.dtype))      # mindcv's re-initialization
    assert draws == [(0,)]        # only the argument check of the deferred draw, never the values
    assert not p.asnumpy().any()
    with pytest.raises(ValueError):                         # errors still come at creation
        Parameter(initializer("he_uniform", (5,)), name="bad")


def test_seeded_initializer_values_do_not_depend_on_shape_history():
    """The same seed gives the same weights whether or not other shapes were drawn before."""
    ms.set_seed(11)
    first = nn.Conv2d(4, 6, 3).weight.asnumpy()
    ms.set_seed(11)
    again = nn.Conv2d(4, 6, 3).weight.asnumpy()
    np.testing.assert_array_equal(first, again)


def _small_net():
    return nn.SequentialCell([nn.Conv2d(1, 4, 3, pad_mode="valid"), nn.ReLU(), nn.Flatten(), nn.Dense(4 * 6 * 6, 5)])


@pytest.mark.parametrize("mode", ["pynative", "jit", "graph"])
def test_repeated_training_step_neither_retraces_nor_compiles(mode):
    """After the first step, the same step with the same shapes reuses what it built: no
    retrace of the forward/gradient graph and no new program, in every execution mode."""
    ms.set_seed(0)
    net = _small_net()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    rng = np.random.RandomState(0)
    x = Tensor(rng.rand(6, 1, 8, 8).astype(np.float32))
    y = Tensor(rng.randint(0, 5, 6).astype(np.int32))
    if mode == "graph":
        ms.set_context(mode=ms.GRAPH_MODE)     # restored by conftest
        step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
    else:
        grad_fn = ms.value_and_grad(lambda a, b: loss_fn(net(a), b), None, opt.parameters)

        def step(a, b):
            loss, grads = grad_fn(a, b)
            opt(grads)
            return loss
        if mode == "jit":
            step = ms.jit(step)
    losses = [float(step(x, y).asnumpy())]
    with _PROGRAMS.count() as seen:
        for _ in range(3):
            losses.append(float(step(x, y).asnumpy()))
    assert (seen.n, seen.traces) == (0, 0), f"steps 2-4 built {seen.n} programs and traced {seen.traces} times"
    assert losses[-1] < losses[0]


# --- the persistent compilation cache ------------------------------------------------------------

@pytest.fixture
def restore_cache_context():
    saved = {k: ms.context._context.get(k) for k in ("enable_compile_cache", "compile_cache_path")}
    yield
    for key, value in saved.items():
        if value is None:
            ms.context._context.pop(key, None)
        else:
            ms.context._context[key] = value
    _compile_cache.configure(saved["enable_compile_cache"], saved["compile_cache_path"])


def test_cache_on_by_default_and_get_context_keeps_mindspores_values():
    # this session's conftest points MS_COMPILER_CACHE_PATH at its own directory
    assert _compile_cache.active_dir() == os.path.join(os.environ["MS_COMPILER_CACHE_PATH"], "xla")
    assert ms.get_context("enable_compile_cache") is None
    assert ms.get_context("compile_cache_path") == ""
    assert _compile_cache.default_dir().endswith(os.path.join("mscompat", "xla"))


def test_set_context_moves_disables_and_validates_the_cache(tmp_path, restore_cache_context):
    ms.set_context(compile_cache_path=str(tmp_path))
    assert _compile_cache.active_dir() == str(tmp_path / "xla")
    assert ms.get_context("compile_cache_path") == str(tmp_path)
    (Tensor(np.ones((3, 61), np.float32)) * 2).asnumpy()
    assert any(f.endswith("-cache") for f in os.listdir(tmp_path / "xla"))
    ms.set_context(enable_compile_cache=False)
    assert _compile_cache.active_dir() is None
    assert ms.get_context("enable_compile_cache") is False
    ms.set_context(enable_compile_cache=True)
    assert _compile_cache.active_dir() == str(tmp_path / "xla")
    with pytest.raises(TypeError, match="enable_compile_cache"):
        ms.set_context(enable_compile_cache=1)
    with pytest.raises(RuntimeError, match="compile_cache_path"):
        ms.set_context(compile_cache_path=3)


def test_unwritable_cache_directory_leaves_the_cache_off(tmp_path, restore_cache_context):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a directory")
    ms.set_context(compile_cache_path=str(blocker))
    assert _compile_cache.active_dir() is None
    assert (Tensor(np.ones(3, np.float32)) + 1).asnumpy().tolist() == [2.0, 2.0, 2.0]


def test_environment_disables_the_cache(monkeypatch, restore_cache_context):
    monkeypatch.setenv("MS_COMPILER_CACHE_ENABLE", "0")
    _compile_cache.configure()
    assert _compile_cache.active_dir() is None
    monkeypatch.setenv("MS_COMPILER_CACHE_ENABLE", "1")
    _compile_cache.configure()
    assert _compile_cache.active_dir() == os.path.join(os.environ["MS_COMPILER_CACHE_PATH"], "xla")


_STEP = textwrap.dedent("""
    import json, sys
    import jax
    import numpy as np
    counts = {"programs": 0, "loaded": 0}
    def on_duration(event, _s, **_k):
        if event == "/jax/core/compile/backend_compile_duration":
            counts["programs"] += 1
    def on_event(event, **_k):
        if event == "/jax/compilation_cache/cache_hits":
            counts["loaded"] += 1
    jax.monitoring.register_event_duration_secs_listener(on_duration)
    jax.monitoring.register_event_listener(on_event)
    import mindspore as ms
    from mindspore import nn
    ms.set_seed(0)
    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.SequentialCell([nn.Dense(12, 16), nn.ReLU(), nn.Dense(16, 3)])
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    rng = np.random.RandomState(0)
    x = ms.Tensor(rng.rand(8, 12).astype(np.float32))
    y = ms.Tensor(rng.randint(0, 3, 8).astype(np.int32))
    losses = [float(step(x, y).asnumpy()) for _ in range(3)]
    print(json.dumps({"losses": losses, "compiled": counts["programs"] - counts["loaded"], **counts}))
""")


def _run_step(tmp_path, env):
    script = tmp_path / "step.py"
    script.write_text(_STEP)
    proc = subprocess.run([sys.executable, "-m", "mscompat", str(script)], capture_output=True, text=True,
                          cwd=str(ROOT), env={**os.environ, **env}, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_second_process_loads_the_training_step_from_the_cache(tmp_path):
    env = {"MS_COMPILER_CACHE_PATH": str(tmp_path / "cache")}
    first = _run_step(tmp_path, env)
    second = _run_step(tmp_path, env)
    assert first["compiled"] >= 1
    assert second["compiled"] == 0, second
    assert second["loaded"] >= first["compiled"]
    assert second["losses"] == first["losses"]          # the same program, the same numbers
    off = _run_step(tmp_path, {"MS_COMPILER_CACHE_ENABLE": "0"})
    assert off["loaded"] == 0 and off["compiled"] == first["programs"]
    assert off["losses"] == first["losses"]
