"""Autodiff of Cells: ``ms.grad`` / ``value_and_grad`` / GradOperation / vjp / jacrev of Cells
w.r.t. inputs and weights (frozen Parameters, ``return_ids``, second order, Parameter writes,
training steps), and gradients taken inside compiled code (``ms.jit`` functions and a Cell's
``construct``), in PyNative and GRAPH_MODE.

MindSpore's GRAPH_MODE parses the source of the functions it compiles, so every
differentiated function is a nested ``def`` (never a lambda) and graph-compatible. Every case
runs in PyNative and GRAPH_MODE through ``both_modes``, except where noted.
"""
import numpy as np

from parity_tests.harness import both_modes
from parity_tests.cases._autodiff_common import W3, _param, _a


# --- differentiating Cells ----------------------------------------------------------------------------
class _CellDefs:
    """Small cells built from Parameters and ops, defined against framework module ``ms``."""

    def __init__(self, ms):
        nn, ops = ms.nn, ms.ops

        class Affine(nn.Cell):
            def __init__(self):
                super().__init__()
                self.weight = ms.Parameter(ms.Tensor(np.arange(6, dtype=np.float32).reshape(3, 2) * 0.25 - 0.5),
                                           name="weight")
                self.bias = ms.Parameter(ms.Tensor(np.array([0.1, -0.2], np.float32)), name="bias")

            def construct(self, x):
                return ops.tanh(ops.matmul(x, self.weight) + self.bias)

        class MLP(nn.Cell):
            def __init__(self):
                super().__init__()
                self.fc1 = Affine()
                self.scale = ms.Parameter(ms.Tensor(np.array([1.5, -0.5], np.float32)), name="scale")

            def construct(self, x):
                h = self.fc1(x)
                return ops.relu(h * self.scale + 0.1).sum(axis=1)

        class Frozen(nn.Cell):
            def __init__(self):
                super().__init__()
                self.gamma = ms.Parameter(ms.Tensor(np.array([2.0, 0.5, -1.0], np.float32)), name="gamma")
                self.moving = ms.Parameter(ms.Tensor(np.array([0.5, 0.5, 0.5], np.float32)), name="moving",
                                           requires_grad=False)

            def construct(self, x):
                return x * self.gamma * self.moving + self.gamma * self.gamma

        class WithLoss(nn.Cell):
            def __init__(self, net):
                super().__init__()
                self.net = net

            def construct(self, x, label):
                d = self.net(x) - label
                return (d * d).mean()

        class TwoOut(nn.Cell):
            def __init__(self):
                super().__init__()
                self.w = ms.Parameter(ms.Tensor(np.array([0.5, -1.5, 2.0], np.float32)), name="w")

            def construct(self, x, y):
                return x * self.w, ops.exp(y * self.w)

        class Counter(nn.Cell):
            def __init__(self):
                super().__init__()
                self.w = ms.Parameter(ms.Tensor(np.array([0.5, -1.5, 2.0], np.float32)), name="w")
                self.count = ms.Parameter(ms.Tensor(np.array([0.0], np.float32)), name="count",
                                          requires_grad=False)

            def construct(self, x):
                ops.assign(self.count, self.count + 1)
                return x * self.w * self.w

        self.Affine, self.MLP, self.Frozen, self.WithLoss = Affine, MLP, Frozen, WithLoss
        self.TwoOut, self.Counter = TwoOut, Counter


def _cell_grad_input(ms, x):
    net = _CellDefs(ms).Affine()
    return ms.grad(net)(x)


def _cell_grad_weights(ms, x):
    net = _CellDefs(ms).Affine()
    return ms.grad(net, None, net.trainable_params())(x)


def _cell_grad_input_and_weights(ms, x):
    net = _CellDefs(ms).MLP()
    return ms.grad(net, 0, net.trainable_params())(x)


def _cell_gradop_by_list(ms, x):
    net = _CellDefs(ms).MLP()
    return ms.ops.GradOperation(get_by_list=True)(net, ms.ParameterTuple(net.trainable_params()))(x)


def _cell_gradop_all_by_list_sens(ms, x, s):
    net = _CellDefs(ms).Affine()
    grad_op = ms.ops.GradOperation(get_all=True, get_by_list=True, sens_param=True)
    return grad_op(net, ms.ParameterTuple(net.trainable_params()))(x, s)


def _cell_value_and_grad(ms, x, label):
    defs = _CellDefs(ms)
    net = defs.WithLoss(defs.MLP())
    return ms.value_and_grad(net, None, net.trainable_params())(x, label)


def _cell_frozen(ms, x):
    net = _CellDefs(ms).Frozen()
    return ms.grad(net, 0, net.trainable_params())(x), len(net.trainable_params())


def _cell_frozen_all_params(ms, x):
    net = _CellDefs(ms).Frozen()
    return ms.grad(net, None, net.get_parameters())(x)


def _cell_return_ids(ms, x):
    net = _CellDefs(ms).Affine()
    return ms.grad(net, 0, net.trainable_params(), return_ids=True)(x)


def _cell_tuple_output(ms, x, y):
    net = _CellDefs(ms).TwoOut()
    return ms.grad(net, (0, 1), net.trainable_params())(x, y)


def _cell_second_order(ms, x):
    net = _CellDefs(ms).Affine()
    return ms.grad(ms.grad(net))(x)


def _cell_vjp_weights(ms, x, y, v):
    # (distinct input Tensors: MindSpore's PyNative gives one Tensor passed twice the summed gradient twice)
    net = _CellDefs(ms).TwoOut()
    out, fn = ms.ops.vjp(net, x, y, weights=net.trainable_params())
    return out, fn(v, v)


def _cell_jacrev(ms, x):
    net = _CellDefs(ms).Frozen()
    return ms.ops.jacrev(net)(x)


def _cell_state_write(ms, x):
    net = _CellDefs(ms).Counter()
    g = ms.grad(net, 0, net.trainable_params())(x)
    return g, net.count.value()


def _cell_train_step(ms, x, label):
    defs = _CellDefs(ms)
    net = defs.WithLoss(defs.Affine())
    params = net.trainable_params()
    grad_fn = ms.value_and_grad(net, None, params)
    losses = []
    for _ in range(3):
        loss, grads = grad_fn(x, label)
        for p, g in zip(params, grads):
            ms.ops.assign(p, p - g * 0.5)
        losses.append(loss)
    return losses, params[0].value()


CASES = []
for _args in [
    ("grad/cell_input", _cell_grad_input, _a(4, 3)),
    ("grad/cell_weights", _cell_grad_weights, _a(4, 3)),
    ("grad/cell_nested_input_and_weights", _cell_grad_input_and_weights, _a(4, 3)),
    ("GradOperation/cell_get_by_list", _cell_gradop_by_list, _a(4, 3)),
    ("GradOperation/cell_all_flags", _cell_gradop_all_by_list_sens, _a(4, 3), _a(4, 2, seed=6)),
    ("value_and_grad/cell_loss_weights", _cell_value_and_grad, _a(4, 3), _a(4, seed=6)),
    ("grad/cell_frozen_parameter", _cell_frozen, _a(3)),
    ("grad/cell_frozen_get_parameters", _cell_frozen_all_params, _a(3)),
    ("grad/cell_return_ids", _cell_return_ids, _a(4, 3)),
    ("grad/cell_tuple_output", _cell_tuple_output, _a(3), _a(3, seed=2)),
    ("grad/cell_second_order", _cell_second_order, _a(2, 3)),
    ("vjp/cell_weights", _cell_vjp_weights, _a(3), _a(3, seed=2), _a(3, seed=6)),
    ("jacrev/cell", _cell_jacrev, _a(3)),
    ("grad/cell_parameter_write", _cell_state_write, _a(3)),
    ("value_and_grad/cell_train_steps", _cell_train_step, _a(4, 3), _a(4, seed=6)),
]:
    CASES += both_modes(*_args)


# --- gradients taken inside compiled code: ms.jit functions and a Cell's construct ---------------------
def _jit_grad(ms, x, y):
    def f(a, b):
        return ms.ops.sin(a) * b * b
    @ms.jit
    def step(a, b):
        return ms.grad(f, (0, 1))(a, b)
    return step(x, y)


def _jit_value_and_grad_weights(ms, x):
    w = _param(ms, W3, "w_jit")
    def f(a):
        return (ms.ops.tanh(a * w)).sum()
    @ms.jit
    def step(a):
        return ms.value_and_grad(f, 0, [w])(a)
    return step(x)


def _jit_second_order(ms, x):
    def f(a):
        return a * a * ms.ops.exp(a)
    @ms.jit
    def step(a):
        return ms.grad(ms.grad(f))(a)
    return step(x)


def _cell_grad_net(ms, x):
    defs = _CellDefs(ms)

    class GradNet(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = ms.ParameterTuple(net.trainable_params())
            self.grad_op = ms.ops.GradOperation(get_all=True, get_by_list=True)

        def construct(self, a):
            return self.grad_op(self.net, self.weights)(a)

    return GradNet(defs.MLP())(x)


def _cell_grad_net_sens(ms, x, s):
    defs = _CellDefs(ms)

    class GradNet(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = ms.ParameterTuple(net.trainable_params())
            self.grad_op = ms.ops.GradOperation(get_by_list=True, sens_param=True)

        def construct(self, a, sens):
            return self.grad_op(self.net, self.weights)(a, sens)

    return GradNet(defs.Affine())(x, s)


def _cell_train_one_step(ms, x, label):
    defs = _CellDefs(ms)

    class TrainStep(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = ms.ParameterTuple(net.trainable_params())

        def construct(self, a, b):
            loss, grads = ms.value_and_grad(self.net, None, self.weights)(a, b)
            for p, g in zip(self.weights, grads):
                ms.ops.assign(p, p - g * 0.5)
            return loss

    step = TrainStep(defs.WithLoss(defs.Affine()))
    losses = [step(x, label) for _ in range(3)]
    return losses, step.weights[0].value()


for _args in [
    ("grad/inside_jit", _jit_grad, _a(3), _a(3, seed=2)),
    ("value_and_grad/inside_jit_weights", _jit_value_and_grad_weights, _a(3)),
    ("grad/inside_jit_second_order", _jit_second_order, _a(3)),
    ("GradOperation/inside_cell_construct", _cell_grad_net, _a(4, 3)),
    ("GradOperation/inside_cell_construct_sens", _cell_grad_net_sens, _a(4, 3), _a(4, 2, seed=6)),
    ("value_and_grad/inside_cell_train_step", _cell_train_one_step, _a(4, 3), _a(4, seed=6)),
]:
    CASES += both_modes(*_args)
