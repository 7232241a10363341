"""Compiled calls (GRAPH_MODE cells, ``ms.jit``) behave as MindSpore's graphs: Cells created inside a
compiled function, attributes set in a compiled construct, bounded recompilation with logged causes,
``mutable`` inputs and jit syntax levels; never a hang, never a tracer left visible."""
import os
import subprocess
import sys
import threading

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops, _graph

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _with_timeout(fn, seconds=120):
    """``fn()`` in a daemon thread: its result, or a failure (never a hang of the test run)."""
    box = {}

    def run():
        try:
            box["out"] = fn()
        except BaseException as e:  # noqa: BLE001 - re-raised below
            box["err"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"no result after {seconds} s: the call hangs"
    if "err" in box:
        raise box["err"]
    return box["out"]


@pytest.fixture
def graph_mode():
    old = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=old)


def _is_tracer_free(value):
    import jax
    leaves = jax.tree_util.tree_leaves(value, is_leaf=lambda v: isinstance(v, ms.Tensor))
    return not any(isinstance(getattr(v, "_data", v), jax.core.Tracer) for v in leaves)


# --- a Cell created inside a compiled function ----------------------------------------------------
def test_cell_created_inside_jit_runs_and_keeps_its_weights():
    """MindSpore compiles ``nn.Dense(4, 2)(x)`` with the new weights as constants of the graph: the
    call returns, and a second call with the same input gives the same result."""
    @ms.jit
    def run(x):
        return nn.Dense(4, 2)(x)

    x = ms.Tensor(np.ones((3, 4), np.float32))
    first = _with_timeout(lambda: run(x).asnumpy())
    second = _with_timeout(lambda: run(x).asnumpy())
    assert first.shape == (3, 2)
    np.testing.assert_array_equal(first, second)
    np.testing.assert_array_equal(first[0], first[1])


def test_cell_created_inside_graph_construct(graph_mode):
    class Net(nn.Cell):
        def construct(self, x):
            return nn.Dense(4, 2, weight_init="ones", bias_init="zeros")(x) * 2

    out = _with_timeout(lambda: Net()(ms.Tensor(np.ones((2, 4), np.float32))).asnumpy())
    np.testing.assert_array_equal(out, np.full((2, 2), 8.0, np.float32))


def test_state_changing_every_trace_raises_instead_of_hanging():
    """A function that touches another (outside) Parameter each time it is traced cannot be
    compiled: a clear RuntimeError after a few discoveries, never an endless retrace."""
    pool = iter([ms.Parameter(ms.Tensor(np.float32(i)), name=f"pool_{i}") for i in range(1000)])

    @ms.jit
    def run(x):
        return x * next(pool)

    with pytest.raises(RuntimeError, match="change every time"):
        _with_timeout(lambda: run(ms.Tensor(np.float32(2.0))))


# --- attributes set in a compiled construct --------------------------------------------------------
def test_attribute_set_in_compiled_construct_is_its_value(graph_mode):
    """As MindSpore: after the call the attribute holds the Tensor computed in the graph."""
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.attr = 0
            self.pair = None

        def construct(self, x):
            self.attr = x + 1
            self.pair = (x * 3, "tag")
            return x * 2

    net = Net()
    x = ms.Tensor(np.ones((2, 3), np.float32))
    out = net(x)
    np.testing.assert_array_equal(out.asnumpy(), np.full((2, 3), 2.0))
    assert isinstance(net.attr, ms.Tensor) and _is_tracer_free(net.attr)
    np.testing.assert_array_equal(net.attr.asnumpy(), np.full((2, 3), 2.0))
    assert net.pair[1] == "tag" and _is_tracer_free(net.pair)
    np.testing.assert_array_equal(net.pair[0].asnumpy(), np.full((2, 3), 3.0))
    # as MindSpore: the attribute is set by the call that compiles, not by cached calls
    net(x + 1)
    np.testing.assert_array_equal(net.attr.asnumpy(), np.full((2, 3), 2.0))
    net(ms.Tensor(np.ones((3,), np.float32)) * 5)
    np.testing.assert_array_equal(net.attr.asnumpy(), [6.0, 6.0, 6.0])


def test_attribute_set_in_jit_method_is_never_a_tracer():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.last = None

        @ms.jit
        def construct(self, x):
            self.last = ops.relu(x)
            return x + 1

    net = Net()
    net(ms.Tensor(np.array([-1.0, 2.0], np.float32)))
    assert _is_tracer_free(net.last)
    np.testing.assert_array_equal(net.last.asnumpy(), [0.0, 2.0])


# --- compile cache: bounded, each compilation logged ------------------------------------------------
def test_compile_cache_is_bounded(monkeypatch):
    monkeypatch.setenv("MSCOMPAT_JIT_CACHE_SIZE", "3")

    @ms.jit
    def f(x):
        return x * 2

    for n in range(1, 9):
        f(ms.Tensor(np.ones((n,), np.float32)))
    compiled = f._compiled
    assert len(compiled.programs.entries) == 3
    assert compiled.traces == 8
    f(ms.Tensor(np.ones((8,), np.float32)))       # the most recent ones are kept
    assert compiled.traces == 8
    f(ms.Tensor(np.ones((1,), np.float32)))       # the oldest were dropped: compiled again
    assert compiled.traces == 9
    assert len(compiled.programs.entries) == 3


def test_compile_cache_size_must_be_positive(monkeypatch):
    monkeypatch.setenv("MSCOMPAT_JIT_CACHE_SIZE", "0")
    with pytest.raises(ValueError, match="MSCOMPAT_JIT_CACHE_SIZE"):
        _graph.cache_size()


def test_compiles_are_logged_with_their_cause_at_glog_v_1(tmp_path):
    script = tmp_path / "compile_log.py"
    script.write_text(
        "import numpy as np\n"
        "import mscompat as ms\n"
        "@ms.jit\n"
        "def step(x, scale):\n"
        "    return x * scale\n"
        "step(ms.Tensor(np.ones((2,), np.float32)), 2)\n"
        "step(ms.Tensor(np.ones((2,), np.float32)), 2)\n"
        "step(ms.Tensor(np.ones((5,), np.float32)), 2)\n"
        "step(ms.Tensor(np.ones((5,), np.float32)), 3)\n")
    env = dict(os.environ, GLOG_v="1", PYTHONPATH=ROOT)
    res = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert res.returncode == 0, res.stderr
    lines = [l for l in res.stderr.splitlines() if "ompiling 'step'" in l]
    assert len(lines) == 3, res.stderr
    assert lines[0].startswith("[INFO] ME(") and "first call" in lines[0] and "compile time" in lines[0]
    assert "the shape of Tensor argument 0 changed from [2] to [5]" in lines[1]
    assert "non-Tensor argument 0 changed from 2 to 3" in lines[2]
    env["GLOG_v"] = "2"
    res = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert "ompiling" not in res.stderr


# --- mutable inputs ------------------------------------------------------------------------------
def test_mutable_scalar_is_a_variable_input():
    @ms.jit
    def f(x, s):
        return x * s

    x = ms.Tensor(np.ones(2, np.float32))
    np.testing.assert_array_equal(f(x, ms.mutable(2)).asnumpy(), [2.0, 2.0])
    np.testing.assert_array_equal(f(x, ms.mutable(3)).asnumpy(), [3.0, 3.0])
    np.testing.assert_array_equal(f(x, ms.mutable(0.5)).asnumpy(), [0.5, 0.5])
    assert f._compiled.traces == 2            # one per scalar type, never per value
    f(x, 4)
    f(x, 5)                                   # plain scalars are constants: one compile each
    assert f._compiled.traces == 4


def test_mutable_containers_of_tensors(graph_mode):
    class Net(nn.Cell):
        def construct(self, pair, table):
            return pair[0] * pair[1] + table["b"]

    net = Net()
    x = ms.Tensor(np.full((2,), 2.0, np.float32))
    for k in range(1, 4):
        out = net(ms.mutable((x, x * k)), ms.mutable({"b": x}))
        np.testing.assert_array_equal(out.asnumpy(), np.full((2,), 4.0 * k + 2.0))
    assert sum(c.traces for c in net.__dict__["_compiled"].values()) == 1


def test_mutable_dynamic_len_list():
    @ms.jit
    def total(items):
        s = ops.zeros_like(items[0])
        for t in items:
            s = s + t
        return s, items[0] * len(items)

    x = ms.Tensor(np.ones(2, np.float32))
    out, scaled = total(ms.mutable([x, x], dynamic_len=True))
    np.testing.assert_array_equal(out.asnumpy(), [2.0, 2.0])
    np.testing.assert_array_equal(scaled.asnumpy(), [2.0, 2.0])
    out, scaled = total(ms.mutable([x, x * 2, x], dynamic_len=True))
    np.testing.assert_array_equal(out.asnumpy(), [4.0, 4.0])
    np.testing.assert_array_equal(scaled.asnumpy(), [3.0, 3.0])


def test_mutable_values_and_errors():
    assert ms.mutable(2) + 1 == 3 and isinstance(ms.mutable(2), int)
    flag = ms.mutable(True)
    assert isinstance(flag, bool) and repr(flag) == "True" and (flag & False) is False
    assert ms.common.mutable is ms.mutable
    with pytest.raises(TypeError):
        ms.mutable("text")
    with pytest.raises(TypeError):
        ms.mutable([1, "a"])
    with pytest.raises(TypeError):
        ms.mutable(None)
    with pytest.raises(TypeError):
        ms.mutable(1, dynamic_len=1)
    with pytest.raises(TypeError):
        ms.mutable(1, dynamic_len=True)
    loop = [1]
    loop.append(loop)
    with pytest.raises(TypeError):
        ms.mutable(loop)


# --- jit syntax levels ---------------------------------------------------------------------------
def _reads_value(x):
    return ms.Tensor(x.asnumpy() * 2)


def test_strict_syntax_level_rejects_jit_fallback(graph_mode):
    x = ms.Tensor(np.ones(2, np.float32))
    with pytest.raises(AttributeError, match="strict mode"):
        ms.jit(_reads_value, fullgraph=True)(x)
    with pytest.warns(_graph.GraphFallbackWarning):
        np.testing.assert_array_equal(ms.jit(_reads_value)(x).asnumpy(), [2.0, 2.0])

    class Net(nn.Cell):
        def construct(self, x):
            return _reads_value(x)

    old = ms.get_context("jit_syntax_level")
    try:
        ms.set_context(jit_syntax_level=ms.STRICT)
        with pytest.raises(AttributeError, match="strict mode"):
            Net()(x)
        lax = Net()
        lax.set_jit_config(ms.JitConfig(jit_syntax_level="LAX"))    # the cell's config comes first
        with pytest.warns(_graph.GraphFallbackWarning):
            np.testing.assert_array_equal(lax(x).asnumpy(), [2.0, 2.0])
    finally:
        ms.set_context(jit_syntax_level=old)


def test_jit_syntax_level_values_are_validated():
    assert (ms.STRICT, ms.COMPATIBLE, ms.LAX) == (0, 1, 2)
    assert ms.get_context("jit_syntax_level") == ms.LAX
    with pytest.raises(TypeError):
        ms.set_context(jit_syntax_level="LAX")
    with pytest.raises(ValueError):
        ms.set_context(jit_syntax_level=5)
    with pytest.raises(ValueError):
        ms.JitConfig(jit_syntax_level="BAD")
    assert ms.JitConfig(jit_syntax_level="STRICT").jit_config_dict["jit_syntax_level"] == "STRICT"


# --- hooks of eagerly differentiated calls see values (numbers from MindSpore 2.10) ----------------
class _Hooked(nn.Cell):
    def __init__(self):
        super().__init__()
        self.d = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        return self.d(x) * 2


@pytest.fixture
def pynative():
    old = ms.get_context("mode")
    ms.set_context(mode=ms.PYNATIVE_MODE)
    yield
    ms.set_context(mode=old)


def test_forward_hooks_under_grad_receive_values(pynative, capsys):
    net = _Hooked()
    seen = []
    net.d.register_forward_pre_hook(lambda cell, inputs: seen.append(("pre", inputs[0].asnumpy().tolist())))

    def fwd(cell, inputs, out):
        print("hook", out)
        seen.append(("fwd", type(out).__name__, out.asnumpy().tolist(), float(out.asnumpy().sum())))

    net.d.register_forward_hook(fwd)
    x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
    g = ms.grad(lambda x: net(x).sum())(x)
    np.testing.assert_array_equal(g.asnumpy(), [[4.0, 4.0]])
    assert seen == [("pre", [[1.0, 2.0]]), ("fwd", "Tensor", [[3.0, 3.0]], 6.0)]
    assert "[[3. 3.]]" in capsys.readouterr().out
    seen.clear()
    loss, grads = ms.value_and_grad(lambda x: net(x).sum(), None, net.trainable_params())(x)
    assert float(loss.asnumpy()) == 12.0 and len(grads) == 2
    assert seen[1][2] == [[3.0, 3.0]]


def test_hooks_that_change_values_keep_gradients(pynative):
    net = _Hooked()
    net.d.register_forward_pre_hook(lambda cell, inputs: (inputs[0] + 1,))

    def fwd(cell, inputs, out):
        assert out.asnumpy().tolist() == [[5.0, 5.0]]
        return out * 3

    net.d.register_forward_hook(fwd)
    grads_seen = []
    net.d.register_backward_hook(lambda cell, gin, gout: grads_seen.append(
        (gin[0].asnumpy().tolist(), gout[0].asnumpy().tolist())))
    x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
    loss, (gx, (gw, gb)) = ms.value_and_grad(lambda x: net(x).sum(), 0, net.trainable_params())(x)
    assert float(loss.asnumpy()) == 60.0
    # the backward hook sees the gradient of the output the forward hook returned
    assert grads_seen == [([[12.0, 12.0]], [[2.0, 2.0]])]
    np.testing.assert_array_equal(gx.asnumpy(), [[12.0, 12.0]])
    np.testing.assert_array_equal(gw.asnumpy(), [[12.0, 18.0], [12.0, 18.0]])


def test_hook_backward_gets_the_tuple_of_gradients(pynative):
    seen = []

    def hook(grads):
        seen.append((type(grads).__name__, [g.asnumpy().tolist() for g in grads]))

    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    hb = ops.HookBackward(hook)
    ms.grad(lambda x, y: (hb(x, y)[0] * 3 + hb(x, y)[1] * 5).sum(), (0, 1))(x, x + 1)
    assert seen[0][0] == "tuple" and len(seen[0][1]) == 2
    double = ops.HookBackward(lambda g: (g[0] * 2, g[1] * 10))
    gx, gy = ms.grad(lambda x, y: (double(x, y)[0] * 3 + double(x, y)[1]).sum(), (0, 1))(x, x + 1)
    np.testing.assert_array_equal(gx.asnumpy(), [6.0, 6.0])
    np.testing.assert_array_equal(gy.asnumpy(), [10.0, 10.0])
    single = ops.HookBackward(lambda g: g[0] * 2)        # one input: a Tensor is accepted too
    np.testing.assert_array_equal(ms.grad(lambda x: (single(x) * 3).sum())(x).asnumpy(), [6.0, 6.0])
    with pytest.raises(TypeError):
        ms.grad(lambda x: (ops.HookBackward(lambda g: [g[0]])(x) * 3).sum())(x)


def test_attribute_set_under_pynative_grad_is_its_value(pynative):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.attr = 0
            self.w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")

        def construct(self, x):
            self.attr = x * self.w + 1
            return (self.attr * 2).sum()

    net = Net()
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    np.testing.assert_array_equal(ms.grad(net)(x).asnumpy(), [2.0, 2.0])
    assert _is_tracer_free(net.attr)
    np.testing.assert_array_equal(net.attr.asnumpy(), [2.0, 3.0])
    ms.vmap(net)(ms.Tensor(np.ones((3, 2), np.float32)))
    assert _is_tracer_free(net.attr)
