"""Python control flow on Tensor values inside ``construct`` in GRAPH_MODE: converted to
``lax.cond``/``while_loop``/``fori_loop`` and compiled, or (where the source cannot be
converted) run eagerly with one warning naming the file and line. Always PyNative's answer."""
import warnings

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops, _graph


@pytest.fixture(autouse=True)
def _restore_mode():
    yield
    ms.set_context(mode=ms.GRAPH_MODE)


class IfNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(np.array([1.5, -2.0], np.float32)), name="w")

    def construct(self, x):
        s = (x * self.w).sum()
        if s > 0:
            y = x * 2
        elif s > -3:
            y = x - 1
        else:
            y = -x
        return y + s


class WhileNet(nn.Cell):
    def construct(self, x):
        n = ms.Tensor(0, ms.int32)
        while x.sum() < 100:
            x = x * 2
            n = n + 1
        return x, n


class ForNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.acc = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="acc", requires_grad=False)

    def construct(self, x, k):
        total = x * 0
        for i in range(k):               # k is a Tensor: a traced trip count
            total = total + x * i
        ops.assign_add(self.acc, total)
        return total


class Unconvertible(nn.Cell):
    def construct(self, x):
        out = []
        if x.sum() > 0:
            out.append(x * 2)              # a side effect on a Python list inside a traced branch
        else:
            out.append(x)
        return out[0]


def _run(make, inputs, mode, calls=1):
    ms.set_context(mode=mode)
    net = make()
    outs = [net(*inputs) for _ in range(calls)]
    return net, outs


def _values(x):
    if isinstance(x, (tuple, list)):
        return [_values(v) for v in x]
    return np.asarray(x.asnumpy())


@pytest.mark.parametrize("x", [[1.0, 0.5], [0.5, 1.0], [-3.0, 2.0]])
def test_if_elif_else_compiles_once_and_matches_pynative(x):
    inp = (ms.Tensor(np.array(x, np.float32)),)
    _, ref = _run(IfNet, inp, ms.PYNATIVE_MODE)
    with warnings.catch_warnings():
        warnings.simplefilter("error", _graph.GraphFallbackWarning)
        net, got = _run(IfNet, inp, ms.GRAPH_MODE, calls=2)
    np.testing.assert_allclose(_values(got[0]), _values(ref[0]), rtol=1e-6)
    assert sum(c.traces for c in net.__dict__["_compiled"].values()) == 1
    assert not any(c.eager for c in net.__dict__["_compiled"].values())


def test_while_on_tensor_condition():
    inp = (ms.Tensor(np.array([1.0, 2.0], np.float32)),)
    _, ref = _run(WhileNet, inp, ms.PYNATIVE_MODE)
    with warnings.catch_warnings():
        warnings.simplefilter("error", _graph.GraphFallbackWarning)
        _, got = _run(WhileNet, inp, ms.GRAPH_MODE)
    assert [v.tolist() for v in _values(got[0])] == [v.tolist() for v in _values(ref[0])]
    assert int(got[0][1].asnumpy()) == 6


def test_for_over_traced_range_with_parameter_update():
    inp = (ms.Tensor(np.array([1.0, 2.0], np.float32)), ms.Tensor(4, ms.int32))
    ref_net, ref = _run(ForNet, inp, ms.PYNATIVE_MODE, calls=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error", _graph.GraphFallbackWarning)
        net, got = _run(ForNet, inp, ms.GRAPH_MODE, calls=2)
    np.testing.assert_allclose(_values(got[1]), _values(ref[1]))
    np.testing.assert_allclose(net.acc.asnumpy(), ref_net.acc.asnumpy())
    np.testing.assert_allclose(net.acc.asnumpy(), [12.0, 24.0])


def test_unconvertible_code_falls_back_once_with_file_and_line():
    pos = (ms.Tensor(np.array([1.0, 2.0], np.float32)),)
    neg = (ms.Tensor(np.array([-1.0, -2.0], np.float32)),)
    ms.set_context(mode=ms.GRAPH_MODE)
    net = Unconvertible()
    with pytest.warns(_graph.GraphFallbackWarning) as record:
        first = net(*pos)
    messages = [str(w.message) for w in record if issubclass(w.category, _graph.GraphFallbackWarning)]
    assert len(messages) == 1
    assert "test_graph_control_flow.py:" in messages[0]
    with warnings.catch_warnings():
        warnings.simplefilter("error", _graph.GraphFallbackWarning)   # no second warning
        second = net(*neg)
    np.testing.assert_allclose(first.asnumpy(), [2.0, 4.0])
    np.testing.assert_allclose(second.asnumpy(), [-1.0, -2.0])
    _, ref = _run(Unconvertible, neg, ms.PYNATIVE_MODE)
    np.testing.assert_allclose(second.asnumpy(), ref[0].asnumpy())


def test_jit_function_with_control_flow_is_converted():
    @ms.jit
    def clip_loop(x):
        while x.max() > 1:
            x = x / 2
        if x.min() < 0.1:
            x = x + 0.1
        return x

    x = ms.Tensor(np.array([8.0, 0.5], np.float32))
    with warnings.catch_warnings():
        warnings.simplefilter("error", _graph.GraphFallbackWarning)
        out = clip_loop(x)
    np.testing.assert_allclose(out.asnumpy(), [1.1, 0.0625 + 0.1], rtol=1e-6)


def test_jit_function_with_control_flow_inside_a_compiled_cell_and_grad_is_converted():
    # MindSpore 2.10 compiles the jit function into the outer graph: [3, 3, 3] / [-1, -1, -1] for
    # the cell, [2, 2, 2] / [1, 1, 1] for its gradient (read from the oracle)
    @ms.jit
    def branch(x):
        if x.sum() > 0:
            return x * 2
        return x - 1

    class Outer(nn.Cell):
        def construct(self, x):
            return branch(x) + 1

    x = ms.Tensor(np.ones(3, np.float32))
    with warnings.catch_warnings():
        warnings.simplefilter("error", _graph.GraphFallbackWarning)
        net = Outer()
        np.testing.assert_allclose(net(x).asnumpy(), [3, 3, 3])
        np.testing.assert_allclose(net(-x).asnumpy(), [-1, -1, -1])
        np.testing.assert_allclose(ms.grad(branch)(x).asnumpy(), [2, 2, 2])
        np.testing.assert_allclose(ms.grad(branch)(-x).asnumpy(), [1, 1, 1])


def test_grad_through_converted_branch_in_graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)

    def f(x):
        if x.sum() > 0:
            y = x * x
        else:
            y = x * 3
        return y.sum()

    g = ms.grad(f)
    np.testing.assert_allclose(g(ms.Tensor(np.array([1.0, 2.0], np.float32))).asnumpy(), [2.0, 4.0])
    np.testing.assert_allclose(g(ms.Tensor(np.array([-1.0, -2.0], np.float32))).asnumpy(), [3.0, 3.0])
