"""GRAPH_MODE and ms.jit: compile once per input signature, state written back, modes agree."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops, _graph


@pytest.fixture(autouse=True)
def _graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(np.full((3, 2), 0.5, np.float32)), name="w")
        self.b = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="b")
        self.steps = ms.Parameter(ms.Tensor(0, ms.int32), name="steps", requires_grad=False)

    def construct(self, x):
        ops.assign_add(self.steps, ms.Tensor(1, ms.int32))
        return ops.matmul(x, self.w) + self.b


class Loss(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def construct(self, x, y):
        return ((self.net(x) - y) ** 2).mean()


class TrainStep(nn.Cell):
    def __init__(self, loss, lr=0.1):
        super().__init__()
        self.loss = loss
        self.weights = ms.ParameterTuple(loss.trainable_params())
        self.grad = ops.GradOperation(get_by_list=True)
        self.lr = lr

    def construct(self, x, y):
        loss = self.loss(x, y)
        grads = self.grad(self.loss, self.weights)(x, y)
        for w, g in zip(self.weights, grads):
            ops.assign(w, w - self.lr * g)
        return loss


def _compiles(cell):
    return sum(c.traces for c in cell.__dict__.get("_compiled", {}).values())


def _numpy_training(x, y, steps, lr=0.1):
    w, b = np.full((3, 2), 0.5, np.float32), np.zeros(2, np.float32)
    losses = []
    for _ in range(steps):
        err = x @ w + b - y
        losses.append((err ** 2).mean())
        gw = 2 * x.T @ err / err.size
        gb = 2 * err.sum(0) / err.size
        w, b = w - lr * gw, b - lr * gb
    return w, b, losses


def test_hundred_steps_compile_once_and_match_numpy():
    rs = np.random.RandomState(0)
    x, y = rs.randn(4, 3).astype(np.float32), rs.randn(4, 2).astype(np.float32)
    net = Net()
    step = TrainStep(Loss(net))
    losses = [float(step(ms.Tensor(x), ms.Tensor(y)).asnumpy()) for _ in range(100)]
    assert _compiles(step) == 1
    w, b, ref = _numpy_training(x, y, 100)
    np.testing.assert_allclose(net.w.asnumpy(), w, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(net.b.asnumpy(), b, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(losses, ref, rtol=1e-4, atol=1e-6)
    # the forward pass runs twice per step (loss and its gradient): the counter says so
    assert int(net.steps.asnumpy()) == 200
    # a second input shape compiles once more, and only once
    x2, y2 = rs.randn(6, 3).astype(np.float32), rs.randn(6, 2).astype(np.float32)
    for _ in range(5):
        step(ms.Tensor(x2), ms.Tensor(y2))
    assert _compiles(step) == 2
    step(ms.Tensor(x), ms.Tensor(y))
    assert _compiles(step) == 2


def test_parameter_values_change_without_recompiling():
    net = Net()
    x = ms.Tensor(np.ones((2, 3), np.float32))
    first = net(x).asnumpy()
    net.w.set_data(ms.Tensor(np.full((3, 2), 2.0, np.float32)))
    second = net(x).asnumpy()
    assert _compiles(net) == 1
    np.testing.assert_allclose(first, np.full((2, 2), 1.5))
    np.testing.assert_allclose(second, np.full((2, 2), 6.0))


def test_modes_agree_and_state_is_written_back():
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    results = {}
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        net = Net()
        outs = [net(x).asnumpy() for _ in range(3)]
        results[mode] = (outs, int(net.steps.asnumpy()))
    np.testing.assert_allclose(results[0][0], results[1][0])
    assert results[0][1] == results[1][1] == 3


def test_jit_function_closure_parameters_and_static_args():
    p = ms.Parameter(ms.Tensor(np.ones(3, np.float32)), name="p")

    @ms.jit
    def step(x, scale):
        ops.assign(p, p * scale + x)
        return p.sum()

    x = ms.Tensor(np.ones(3, np.float32))
    assert float(step(x, 2.0).asnumpy()) == 9.0
    assert float(step(x, 2.0).asnumpy()) == 21.0
    np.testing.assert_allclose(p.asnumpy(), np.full(3, 7.0))
    assert step._compiled.traces == 1
    step(x, 3.0)  # a Python number is a compile-time constant, as in MindSpore
    assert step._compiled.traces == 2


def test_dropout_masks_differ_between_compiled_steps_and_repeat_with_seed():
    @ms.jit
    def drop(x):
        return ops.dropout(x, p=0.5)

    x = ms.Tensor(np.ones((64,), np.float32))
    ms.set_seed(3)
    a, b = drop(x).asnumpy(), drop(x).asnumpy()
    assert not np.array_equal(a, b)
    ms.set_seed(3)
    np.testing.assert_array_equal(drop(x).asnumpy(), a)


def test_nested_cells_run_inline_in_one_program():
    net = Loss(Net())
    x, y = ms.Tensor(np.ones((2, 3), np.float32)), ms.Tensor(np.zeros((2, 2), np.float32))
    net(x, y)
    net(x, y)
    assert _compiles(net) == 1
    assert "_compiled" not in net.net.__dict__ or not net.net.__dict__["_compiled"]


def test_exception_inside_compiled_call_restores_state():
    class Bad(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="p")

        def construct(self, x):
            ops.assign(self.p, self.p + 1)
            return ops.reshape(x, (2, 2))  # 3 elements cannot become (2, 2): raises

    net = Bad()
    with pytest.raises(ValueError):
        net(ms.Tensor(np.ones(3, np.float32)))
    assert not _graph.tracing()
    np.testing.assert_allclose(net.p.asnumpy(), np.ones(2))
