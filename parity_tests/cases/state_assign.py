"""State, Parameter writes with ``ops.assign`` / ``assign_add`` / ``assign_sub`` (functions and
primitives) and ``set_data`` inside ``construct``: several writes, write then read, nested cells
and shared Parameters, int counters, returning a Parameter, and a write of the wrong shape.

Every case runs in PyNative and GRAPH_MODE (``both_modes``); in GRAPH_MODE real MindSpore
compiles the outermost Cell call. Each case returns the outputs of every step AND the final
Parameter values, so the mutated state is compared, not only return values. Cells are
classes defined inside the case (MindSpore parses their source); no lambdas are compiled.
"""
import numpy as np

from parity_tests.harness import both_modes, case
from parity_tests.cases._state_common import X3, W3, _p, _v


# --- ops.assign / assign_add / assign_sub inside construct ------------------------------------
def _assign_steps(ms, x, y):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(3, np.float32), "w")

        def construct(self, a):
            ops.assign(self.w, a * 2.0)
            return self.w + 1.0

    net = Net()
    outs = [net(x), net(y), net(x + y)]
    return outs, _v(net.w)


def _assign_return_value(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.ones(3, np.float32), "w")

        def construct(self, a):
            r = ops.assign(self.w, a - 1.0)
            return r * 3.0

    net = Net()
    return [net(x), net(x * 2.0)], _v(net.w)


def _assign_add_steps(ms, x, y):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.acc = _p(ms, np.full(3, 0.5, np.float32), "acc")

        def construct(self, a):
            ops.assign_add(self.acc, a)
            return self.acc * 2.0

    net = Net()
    outs = [net(x), net(y), net(x)]
    return outs, _v(net.acc)


def _assign_sub_steps(ms, x, y):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.acc = _p(ms, np.full(3, 10.0, np.float32), "acc")

        def construct(self, a):
            ops.assign_sub(self.acc, a * a)
            return self.acc - a

    net = Net()
    outs = [net(x), net(y), net(y)]
    return outs, _v(net.acc)


def _assign_primitives(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = _p(ms, np.zeros(3, np.float32), "a")
            self.b = _p(ms, np.ones(3, np.float32), "b")
            self.c = _p(ms, np.full(3, 4.0, np.float32), "c")
            self.assign = ops.Assign()
            self.assign_add = ops.AssignAdd()
            self.assign_sub = ops.AssignSub()

        def construct(self, v):
            self.assign(self.a, v)
            self.assign_add(self.b, v)
            self.assign_sub(self.c, v)
            return self.a + self.b + self.c

    net = Net()
    outs = [net(x), net(x * 0.5)]
    return outs, [_v(net.a), _v(net.b), _v(net.c)]


def _set_data_in_construct(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(3, np.float32), "w")

        def construct(self, a):
            self.w.set_data(a * 3.0)
            return a + 1.0

    net = Net()
    outs = [net(x), net(x + 1.0)]
    return outs, _v(net.w)


# --- several writes, write then read, nested cells -------------------------------------------
def _write_then_read(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.full(3, 2.0, np.float32), "w")

        def construct(self, a):
            before = self.w * 1.0
            ops.assign(self.w, a)
            after = self.w * 1.0
            ops.assign_add(self.w, after)
            return before, after, self.w * 1.0

    net = Net()
    outs = [net(x), net(x * 3.0)]
    return outs, _v(net.w)


def _nested_cells(ms, x):
    ops = ms.ops

    class Inner(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.count = _p(ms, np.zeros(3, np.float32), "count")

        def construct(self, a):
            ops.assign_add(self.count, a)
            return self.count * 1.0

    class Outer(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = Inner()
            self.scale = _p(ms, np.full(3, 2.0, np.float32), "scale")

        def construct(self, a):
            y = self.inner(a)
            ops.assign(self.scale, self.scale * 1.5)
            return y * self.scale + self.inner(a)

    net = Outer()
    outs = [net(x), net(x)]
    return outs, [_v(net.inner.count), _v(net.scale)]


def _shared_param_two_cells(ms, x):
    ops = ms.ops
    shared = _p(ms, np.zeros(3, np.float32), "shared")

    class Adder(ms.nn.Cell):
        def __init__(self, p):
            super().__init__()
            self.p = p

        def construct(self, a):
            ops.assign_add(self.p, a)
            return self.p * 1.0

    n1, n2 = Adder(shared), Adder(shared)
    outs = [n1(x), n2(x * 2.0), n1(x)]
    return outs, _v(shared)


# --- counters ----------------------------------------------------------------------------------
def _int_counter(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.steps = ms.Parameter(ms.Tensor(0, ms.int32), name="steps", requires_grad=False)
            self.one = ms.Tensor(1, ms.int32)

        def construct(self, a):
            ops.assign_add(self.steps, self.one)
            return a * 2.0, self.steps * 1

    net = Net()
    outs = [net(x) for _ in range(4)]
    return outs, _v(net.steps)


def _int_counter_vector(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.hist = ms.Parameter(ms.Tensor(np.zeros(3, np.int32)), name="hist", requires_grad=False)

        def construct(self, a):
            ops.assign_add(self.hist, (a > 1.5).astype(ms.int32))
            return self.hist + 0

    net = Net()
    outs = [net(x), net(x * 0.5), net(x)]
    return outs, _v(net.hist)


# --- returning a Parameter; a write of the wrong shape -------------------------------------------
def _return_param_from_construct(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(3, np.float32), "w")

        def construct(self, a):
            ops.assign(self.w, a)
            return self.w, a * 1.0

    net = Net()
    o1 = net(x)
    o2 = net(x * 2.0)
    return o1, o2, _v(net.w), type(o1[0]).__name__


def _return_param_from_jit(ms, x):
    ops = ms.ops
    p = _p(ms, np.zeros(3, np.float32), "ret_p")

    @ms.jit
    def step(a):
        ops.assign_add(p, a)
        return p

    o1 = step(x)
    o2 = step(x)
    return o1, o2, _v(p), type(o1).__name__


def _assign_shape_mismatch(ms, x4):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(3, np.float32), "w")

        def construct(self, a):
            ops.assign(self.w, a)
            return self.w * 1.0

    return Net()(x4)


CASES = (
    both_modes("state/assign_steps", _assign_steps, X3, W3)
    + both_modes("state/assign_return_value", _assign_return_value, X3)
    + both_modes("state/assign_add_steps", _assign_add_steps, X3, W3)
    + both_modes("state/assign_sub_steps", _assign_sub_steps, X3, W3)
    + both_modes("state/assign_primitives", _assign_primitives, X3)
    # MindSpore 2.10 GRAPH_MODE rejects Parameter.set_data inside construct (RuntimeError at
    # compile time); mscompat performs the write, so this case runs in PyNative only.
    + [case("state/set_data_in_construct/pynative", _set_data_in_construct, X3)]
    + both_modes("state/write_then_read", _write_then_read, X3)
    + both_modes("state/nested_cells", _nested_cells, X3)
    + both_modes("state/shared_param_two_cells", _shared_param_two_cells, X3)
    + both_modes("state/int_counter", _int_counter, X3)
    + both_modes("state/int_counter_vector", _int_counter_vector, X3)
    + both_modes("state/return_param_from_construct", _return_param_from_construct, X3)
    + both_modes("state/return_param_from_jit", _return_param_from_jit, X3)
    + both_modes("state/assign_shape_mismatch", _assign_shape_mismatch, np.zeros(4, np.float32), error=True)
)
