"""State, writes inside differentiated functions: moving statistics updated under ``ms.grad`` /
``value_and_grad``, and how MindSpore's Assign routes gradients (the output gradient goes to the
variable, none to the value), up to second order.

Every case runs in PyNative and GRAPH_MODE (``both_modes``); in GRAPH_MODE real MindSpore
compiles the outermost Cell call. Each case returns the outputs of every step AND the final
Parameter values, so the mutated state is compared, not only return values. Cells are
classes defined inside the case (MindSpore parses their source); no lambdas are compiled.
"""
import numpy as np

from parity_tests.harness import both_modes
from parity_tests.cases._state_common import X3, W3, _p, _v


# --- writes inside a differentiated function -----------------------------------------------------
def _grad_cell_with_moving_stat(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, W3, "w")
            self.moving = _p(ms, np.zeros(3, np.float32), "moving", requires_grad=False)

        def construct(self, a):
            ops.assign(self.moving, self.moving * 0.9 + a * 0.1)
            return (a * self.w * self.w).sum()

    class GradNet(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = ms.ParameterTuple([net.w])
            self.grad = ops.GradOperation(get_all=True, get_by_list=True)

        def construct(self, a):
            return self.grad(self.net, self.weights)(a)

    net = Net()
    g = GradNet(net)
    outs = [g(x), g(x * 2.0)]
    return outs, [_v(net.w), _v(net.moving)]


def _value_and_grad_moving_stat(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, W3, "w")
            self.moving = _p(ms, np.zeros(3, np.float32), "moving", requires_grad=False)

        def construct(self, a):
            m = a.mean()
            ops.assign(self.moving, self.moving * 0.5 + a * m)
            return (ops.sin(a * self.w)).sum()

    class Step(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = ms.ParameterTuple([net.w])
            self.vg = ms.value_and_grad(net, None, self.weights)

        def construct(self, a):
            return self.vg(a)

    net = Net()
    s = Step(net)
    outs = [s(x), s(x + 1.0)]
    return outs, [_v(net.w), _v(net.moving)]


# MindSpore's Assign passes the output gradient to the variable and none to the value: a write
# inside a differentiated function cuts the gradient of the written value, and reads after the
# write send their gradient to the Parameter (same in PyNative and GRAPH_MODE).
def _grad_defs(ms):
    ops = ms.ops

    class MovingRead(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.m = _p(ms, np.zeros(3, np.float32), "m", requires_grad=False)

        def construct(self, a):
            ops.assign(self.m, self.m * 0.5 + a * 0.5)
            return (a * a - self.m).sum()

    class FromOther(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.array([0.5, 1.0, 2.0], np.float32), "w")
            self.v = _p(ms, np.array([3.0, 1.0, -1.0], np.float32), "v")

        def construct(self, a):
            ops.assign(self.w, self.v * 2.0)
            return (self.w * a).sum() + (self.v * self.v).sum()

    class ReadWriteRead(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.array([0.5, 1.0, 2.0], np.float32), "w")

        def construct(self, a):
            y = (a + self.w).sum()
            ops.assign(self.w, self.w * 2.0)
            return y + (self.w * a).sum()

    class AddThenSquare(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.array([0.5, 1.0, 2.0], np.float32), "w")

        def construct(self, a):
            ops.assign_add(self.w, a)
            return (self.w * self.w).sum()

    class UseAssignResult(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.array([0.5, 1.0, 2.0], np.float32), "w")

        def construct(self, a):
            r = ops.assign(self.w, a * 3.0)
            return (r * a).sum()

    return {"moving_read": MovingRead, "from_other": FromOther, "read_write_read": ReadWriteRead,
            "add_then_square": AddThenSquare, "use_assign_result": UseAssignResult}


def _grad_write_case(which, inputs_too=True):
    def run(ms, x):
        net = _grad_defs(ms)[which]()
        weights = net.trainable_params()
        if weights:
            g = ms.grad(net, 0 if inputs_too else None, weights)
        else:
            g = ms.grad(net)
        first = g(x)
        second = g(x * 0.5)
        return first, second, [_v(p) for _, p in net.parameters_and_names()]
    return run


def _grad_write_second_order(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.m = _p(ms, np.zeros(3, np.float32), "m", requires_grad=False)

        def construct(self, a):
            ops.assign(self.m, self.m * 0.5 + a)
            return (a * a * a).sum() + (self.m * a).sum()

    net = Net()

    def first(a):
        return ms.grad(net)(a).sum()

    g1 = ms.grad(first)(x)
    g2 = ms.grad(first)(x * 2.0)
    return g1, g2, _v(net.m)


def _forward_then_grad_two_inputs(ms, x):
    # A forward call and a grad call of the same cell in one construct, on different inputs:
    # both update the moving statistic (on identical inputs MindSpore 2.10 GRAPH_MODE merges
    # the two calls and updates once, PyNative twice; not compared here).
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.m = _p(ms, np.zeros(3, np.float32), "m", requires_grad=False)
            self.w = _p(ms, np.ones(3, np.float32), "w")

        def construct(self, a):
            ops.assign(self.m, self.m * 0.5 + a * 0.5)
            return (a * self.w * self.w).sum()

    class Step(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = ms.ParameterTuple([net.w])
            self.grad = ops.GradOperation(get_by_list=True)

        def construct(self, a):
            loss = self.net(a)
            g = self.grad(self.net, self.weights)(a * 2.0)
            return loss, g

    net = Net()
    step = Step(net)
    outs = [step(x), step(x)]
    return outs, [_v(net.m), _v(net.w)]


CASES = (
    both_modes("state/grad_cell_with_moving_stat", _grad_cell_with_moving_stat, X3)
    + both_modes("state/value_and_grad_moving_stat", _value_and_grad_moving_stat, X3)
    + both_modes("state/grad_write/moving_read_after_write", _grad_write_case("moving_read"), X3)
    + both_modes("state/grad_write/assign_from_other_weight", _grad_write_case("from_other", False), X3)
    + both_modes("state/grad_write/read_write_read", _grad_write_case("read_write_read"), X3)
    + both_modes("state/grad_write/assign_add_then_square", _grad_write_case("add_then_square"), X3)
    + both_modes("state/grad_write/use_assign_result", _grad_write_case("use_assign_result"), X3)
    + both_modes("state/grad_write/second_order", _grad_write_second_order, X3)
    + both_modes("state/forward_then_grad_two_inputs", _forward_then_grad_two_inputs, X3)
)
