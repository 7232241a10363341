"""Gradients of a Cell called with Parameters as its inputs: the Parameters given at differentiated
positions still take what the Cell assigns to them (MindSpore runs the forward pass on them), and
their gradients are those of their values."""
import numpy as np

from parity_tests.harness import case


def _net(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.z = ms.Parameter(ms.Tensor(np.array([[1.0, 4.0], [-1.0, 8.0]], np.float32)), name="z")

        def construct(self, param, x, y):
            ms.ops.Assign()(param, x * self.z)
            ms.ops.Assign()(x, x + y)
            ms.ops.Assign()(y, param)
            return param * 2.0
    return Net()


def _params(ms):
    p = ms.Parameter(ms.Tensor(np.zeros((2, 2), np.float32)), name="p")
    x = ms.Parameter(ms.Tensor(np.array([[4.0, -8.0], [-2.0, -5.0]], np.float32)), name="x")
    y = ms.Parameter(ms.Tensor(np.array([[1.0, 0.0], [1.0, 1.0]], np.float32)), name="y")
    return p, x, y


def _by_list(ms):
    net = _net(ms)
    p, x, y = _params(ms)
    grads = ms.ops.GradOperation(get_by_list=True)(net, ms.ParameterTuple(net.trainable_params()))(p, x, y)
    return [grads, p.asnumpy(), x.asnumpy(), y.asnumpy()]


def _reads_input(ms):
    class Scale(ms.nn.Cell):
        def construct(self, w, x):
            ms.ops.Assign()(w, w * 3.0)
            return (w * x).sum()
    w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")
    x = ms.Tensor(np.array([5.0, 7.0], np.float32))
    grads = ms.ops.GradOperation(get_all=True)(Scale())(w, x)
    return [grads, w.asnumpy()]


CASES = [
    case("grad_param_inputs/assigned_by_list_pynative", _by_list),
    case("grad_param_inputs/assigned_by_list_graph", _by_list, mode="graph"),
    case("grad_param_inputs/read_after_assign_pynative", _reads_input),
]
