"""State, other Parameter writes inside ``construct``: index assignment, attribute assignment and
in-place ``+=``, writes in unrolled loops and under Tensor ``if`` / ``while`` / ``for``,
branches on an int Parameter, scatter updates, and ``ops.depend`` ordering a read after a write.

Every case runs in PyNative and GRAPH_MODE (``both_modes``); in GRAPH_MODE real MindSpore
compiles the outermost Cell call. Each case returns the outputs of every step AND the final
Parameter values, so the mutated state is compared, not only return values. Cells are
classes defined inside the case (MindSpore parses their source); no lambdas are compiled.
"""
import numpy as np

from parity_tests.harness import both_modes, F32
from parity_tests.cases._state_common import X3, _p, _v


# --- index assignment on a Parameter inside construct ---------------------------------------
def _index_assign(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.arange(6, dtype=np.float32).reshape(2, 3), "w")

        def construct(self, a):
            self.w[0] = a
            return self.w * 2.0

    net = Net()
    outs = [net(x), net(x + 5.0)]
    return outs, _v(net.w)


def _index_assign_int_indices(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(4, np.float32), "w")

        def construct(self, a):
            self.w[1] = 7.0
            self.w[3] = a[0]
            return self.w + a.sum()

    net = Net()
    outs = [net(x), net(x * 2.0)]
    return outs, _v(net.w)


def _index_augassign_row(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros((2, 3), np.float32), "w")

        def construct(self, a):
            self.w[1] += a
            return self.w * 1.0

    net = Net()
    outs = [net(x), net(x), net(x * -0.5)]
    return outs, _v(net.w)


def _index_assign_slice_outputs(ms, x):
    # MindSpore 2.10 GRAPH_MODE does not write a slice/mask assignment on a Parameter back
    # to the Parameter (it rebinds self.w to a new tensor inside the graph), so only the
    # outputs, which agree in both modes, are compared here.
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(4, np.float32), "w")

        def construct(self, a):
            self.w[1:3] = a[0:2]
            return self.w + a.sum()

    net = Net()
    return [net(x), net(x * 2.0)]


def _attr_assign_in_construct(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(3, np.float32), "w")

        def construct(self, a):
            self.w = a * 2.0 + self.w
            return self.w + 1.0

    net = Net()
    outs = [net(x), net(x)]
    return outs, _v(net.w), type(net.w).__name__


def _inplace_add_in_construct(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.ones(3, np.float32), "w")

        def construct(self, a):
            self.w += a
            self.w *= 2.0
            return self.w * 1.0

    net = Net()
    outs = [net(x), net(x)]
    return outs, _v(net.w)


def _assign_in_unrolled_loop(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.acc = _p(ms, np.zeros(3, np.float32), "acc")

        def construct(self, a):
            outs = []
            for i in range(3):
                ops.assign_add(self.acc, a * (i + 1))
                outs.append(self.acc * 1.0)
            return outs[0], outs[1], outs[2]

    net = Net()
    outs = [net(x), net(x)]
    return outs, _v(net.acc)


def _assign_under_tensor_if(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.acc = _p(ms, np.zeros(3, np.float32), "acc")

        def construct(self, a):
            if a.sum() > 0:
                ops.assign_add(self.acc, a)
            else:
                ops.assign_sub(self.acc, a * 2.0)
            return self.acc * 1.0

    net = Net()
    outs = [net(x), net(-x), net(x)]
    return outs, _v(net.acc)


def _assign_in_tensor_while(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.count = ms.Parameter(ms.Tensor(0, ms.int32), name="count", requires_grad=False)
            self.acc = _p(ms, np.zeros(3, np.float32), "acc")

        def construct(self, a, n):
            while self.count < n:
                ops.assign_add(self.count, ms.Tensor(1, ms.int32))
                ops.assign_add(self.acc, a)
            return self.acc * 1.0

    net = Net()
    outs = [net(x, ms.Tensor(3, ms.int32)), net(x, ms.Tensor(5, ms.int32)), net(x, ms.Tensor(2, ms.int32))]
    return outs, _v(net.count), _v(net.acc)


def _branch_on_int_param(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.step = ms.Parameter(ms.Tensor(0, ms.int32), name="step", requires_grad=False)
            self.acc = _p(ms, np.zeros(3, np.float32), "acc")

        def construct(self, a):
            if self.step % 2 == 0:
                ops.assign_add(self.acc, a)
            else:
                ops.assign_sub(self.acc, a * 0.5)
            ops.assign_add(self.step, ms.Tensor(1, ms.int32))
            return self.acc * 1.0

    net = Net()
    outs = [net(x) for _ in range(5)]
    return outs, _v(net.step), _v(net.acc)


def _python_attr_changed_after_call(ms, x):
    # GRAPH_MODE: a Python attribute read in construct is a constant of the compiled graph;
    # changing it later does not recompile (PyNative reads the new value).
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.scale = 2.0
            self.acc = _p(ms, np.zeros(3, np.float32), "acc")

        def construct(self, a):
            ops.assign_add(self.acc, a * self.scale)
            return self.acc * 1.0

    net = Net()
    o1 = net(x)
    net.scale = 10.0
    o2 = net(x)
    return o1, o2, _v(net.acc)


def _assign_in_for_over_tensor(ms, x23):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.acc = _p(ms, np.zeros(3, np.float32), "acc")

        def construct(self, rows):
            for r in rows:
                ops.assign_add(self.acc, r)
            return self.acc * 1.0

    net = Net()
    return [net(x23), net(x23 * 2.0)], _v(net.acc)


def _scatter_update_param(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.table = _p(ms, np.zeros((4, 3), np.float32), "table")
            self.idx = ms.Tensor(np.array([2, 0], np.int32))

        def construct(self, a):
            upd = ops.stack([a, a * 2.0])
            ops.scatter_update(self.table, self.idx, upd)
            return self.table * 1.0

    net = Net()
    outs = [net(x), net(x + 1.0)]
    return outs, _v(net.table)


def _scatter_add_param(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.table = _p(ms, np.ones((3, 3), np.float32), "table")
            self.idx = ms.Tensor(np.array([1, 1], np.int32))
            self.scatter_add = ops.ScatterAdd()

        def construct(self, a):
            upd = ops.stack([a, a * 3.0])
            r = self.scatter_add(self.table, self.idx, upd)
            return r * 1.0

    net = Net()
    outs = [net(x), net(x)]
    return outs, _v(net.table)


def _depend_read_after_write(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.ones(3, np.float32), "w")

        def construct(self, a):
            u = ops.assign(self.w, a * 4.0)
            y = ops.depend(self.w * 1.0, u)
            return y + 1.0

    net = Net()
    outs = [net(x), net(x * 0.5)]
    return outs, _v(net.w)


CASES = (
    both_modes("state/attr_assign_in_construct", _attr_assign_in_construct, X3)
    + both_modes("state/inplace_add_in_construct", _inplace_add_in_construct, X3)
    + both_modes("state/depend_read_after_write", _depend_read_after_write, X3)
    + both_modes("state/assign_in_unrolled_loop", _assign_in_unrolled_loop, X3)
    + both_modes("state/assign_under_tensor_if", _assign_under_tensor_if, X3)
    + both_modes("state/assign_in_tensor_while", _assign_in_tensor_while, X3)
    + both_modes("state/branch_on_int_param", _branch_on_int_param, X3)
    + both_modes("state/python_attr_changed_after_call", _python_attr_changed_after_call, X3)
    + both_modes("state/assign_in_for_over_tensor", _assign_in_for_over_tensor, F32(2, 3, seed=5))
    + both_modes("state/index_assign_row", _index_assign, X3)
    + both_modes("state/index_assign_int_indices", _index_assign_int_indices, X3)
    + both_modes("state/index_augassign_row", _index_augassign_row, X3)
    + both_modes("state/index_assign_slice_outputs", _index_assign_slice_outputs, X3)
    + both_modes("state/scatter_update_param", _scatter_update_param, X3)
    + both_modes("state/scatter_add_param", _scatter_add_param, X3)
)
