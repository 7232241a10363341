"""Function transforms, Python control flow on Tensor values inside compiled code: ``if`` / ``elif``
/ ``while`` / ``for`` / ``break`` / ``and`` / ``or`` / ``not`` / ternaries in ``ms.jit``
functions and GRAPH_MODE cells (branches on Parameters, loop carries, dtypes of branches,
gradients through a branch), in PyNative and GRAPH_MODE.

MindSpore compiles these functions by parsing their source, so every compiled function is a
nested ``def`` or a Cell class (never a lambda). Most cases run in both modes (``both_modes``).
"""
import numpy as np

from parity_tests.harness import both_modes
from parity_tests.cases._transforms_common import X43, V3, POS, NEG, _param


def _cf_jit_if(ms, x):
    @ms.jit
    def f(a):
        if a.sum() > 0:
            out = a * 2
        else:
            out = a - 1
        return out
    return f(x)


def _cf_jit_if_no_else(ms, x):
    @ms.jit
    def f(a):
        out = a + 1
        if a.max() > 1:
            out = out * 3
        return out
    return f(x)


def _cf_jit_elif(ms, x):
    @ms.jit
    def f(a):
        s = a.sum()
        if s > 5:
            out = a * 2
        elif s > 0:
            out = a + 10
        else:
            out = -a
        return out
    return f(x)


def _cf_jit_if_return(ms, x):
    @ms.jit
    def f(a):
        if a[0] > 0:
            return a * 3
        return a - 3
    return f(x)


def _cf_jit_while(ms, x):
    @ms.jit
    def f(a):
        n = ms.Tensor(0, ms.int32)
        while a.sum() < 20:
            a = a * 2 + 1
            n = n + 1
        return a, n
    return f(x)


def _cf_jit_for_range(ms, x):
    @ms.jit
    def f(a):
        out = a
        for i in range(4):
            out = out * 0.5 + i
        return out
    return f(x)


def _cf_jit_for_with_if(ms, x):
    @ms.jit
    def f(a):
        out = a
        for _ in range(3):
            if out.sum() > 0:
                out = out - 1
            else:
                out = out + 2
        return out
    return f(x)


def _cf_jit_if_static_arg(ms, x):
    @ms.jit
    def f(a, flag):
        if flag:
            return a * 2
        return a + 2
    return f(x, True), f(x, False)


def _cf_jit_for_tuple(ms, x, y):
    @ms.jit
    def f(a, b):
        out = a * 0
        for t in (a, b, a * b):
            out = out + t
        return out
    return f(x, y)


def _cf_jit_while_counter(ms, x):
    @ms.jit
    def f(a):
        i = 0
        out = a
        while i < 3:
            out = out + a * i
            i = i + 1
        return out
    return f(x)


def _cf_cell_if(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _param(ms, V3, "cf_w")

        def construct(self, a):
            if (a * self.w).sum() > 0:
                out = a * self.w
            else:
                out = a + self.w
            return out
    net = Net()
    return net(x)


def _cf_cell_while(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, a):
            while a.max() < 10:
                a = a * 3
            return a
    return Net()(x)


def _cf_cell_for_if(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.b = _param(ms, np.array([0.25, -0.5, 1.0], np.float32), "cf_b")

        def construct(self, a):
            out = a
            for i in range(3):
                if out.sum() > 1:
                    out = out * 0.5
                else:
                    out = out + self.b
            return out
    return Net()(x)


def _cf_cell_grad_if(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, a):
            if a.sum() > 0:
                out = a * a
            else:
                out = a * 3
            return out.sum()
    return ms.grad(Net())(x)


def _cf_jit_while_break(ms, x):
    @ms.jit
    def f(a):
        i = 0
        while i < 10:
            a = a + 1
            if a.sum() > 8:
                break
            i = i + 1
        return a
    return f(x)


def _cf_jit_and_or(ms, x):
    @ms.jit
    def f(a):
        if a.max() > 1 and a.min() < 0:
            out = a * 2
        elif a.max() > 10 or a.min() > 0:
            out = a + 1
        else:
            out = a
        return out
    return f(x)


def _cf_jit_not(ms, x):
    @ms.jit
    def f(a):
        if not a.sum() > 0:
            return a - 5
        return a + 5
    return f(x)


def _cf_jit_ternary(ms, x):
    @ms.jit
    def f(a):
        b = a * 2 if a.sum() > 0 else a * -2
        return b + 1
    return f(x)


def _cf_jit_nested_if_in_while(ms, x):
    @ms.jit
    def f(a):
        n = 0
        while n < 4:
            if a[0] > 0:
                a = a - 0.5
            else:
                a = a + 0.25
            n = n + 1
        return a
    return f(x)


def _cf_jit_for_index(ms, x):
    @ms.jit
    def f(a):
        out = ms.ops.zeros_like(a[0])
        for i in range(3):
            if a[i].sum() > 0:
                out = out + a[i]
        return out
    return f(x)


def _cf_cell_param_branch(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.count = _param(ms, np.zeros(3, np.float32), "cfp_count", requires_grad=False)

        def construct(self, a):
            if a.sum() > 0:
                ms.ops.assign_add(self.count, a)
            else:
                ms.ops.assign_sub(self.count, a)
            return self.count + 0
    net = Net()
    net(x)
    return net(x * -1), net.count.value()


def _cf_cell_while_tensor_counter(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, a):
            i = ms.Tensor(0, ms.int32)
            total = a * 0
            while i < 5:
                total = total + a * ms.ops.cast(i, ms.float32)
                i = i + 1
            return total, i
    return Net()(x)


def _cf_jit_float_of_tensor(ms, x):
    @ms.jit
    def f(a):
        if float(a.sum()) > 0:
            return a * 10
        return a / 10
    return f(x)


def _cf_jit_branch_dtypes(ms, x):
    @ms.jit
    def f(a):
        if a.sum() > 0:
            out = a * 2
        else:
            out = a * 3
        return out, ms.ops.cast(out > 1, ms.int32)
    return f(x)


def _cf_jit_while_two_carries(ms, x):
    @ms.jit
    def f(a):
        b = a * 0 + 1
        while (a * b).sum() < 50:
            a = a + 1
            b = b * 2
        return a, b
    return f(x)


CASES = (
    both_modes("control_flow/tf_jit_if_pos", _cf_jit_if, POS)
    + both_modes("control_flow/tf_jit_if_neg", _cf_jit_if, NEG)
    + both_modes("control_flow/tf_jit_if_no_else", _cf_jit_if_no_else, POS)
    + both_modes("control_flow/tf_jit_elif", _cf_jit_elif, V3)
    + both_modes("control_flow/tf_jit_elif_neg", _cf_jit_elif, NEG)
    + both_modes("control_flow/tf_jit_if_return", _cf_jit_if_return, NEG)
    + both_modes("control_flow/tf_jit_while", _cf_jit_while, V3)
    + both_modes("control_flow/tf_jit_for_range", _cf_jit_for_range, V3)
    + both_modes("control_flow/tf_jit_for_with_if", _cf_jit_for_with_if, V3)
    + both_modes("control_flow/tf_jit_if_static_arg", _cf_jit_if_static_arg, V3)
    + both_modes("control_flow/tf_jit_for_tuple", _cf_jit_for_tuple, V3, POS)
    + both_modes("control_flow/tf_jit_while_counter", _cf_jit_while_counter, V3)
    + both_modes("control_flow/tf_cell_if_pos", _cf_cell_if, POS)
    + both_modes("control_flow/tf_cell_if_neg", _cf_cell_if, NEG)
    + both_modes("control_flow/tf_cell_while", _cf_cell_while, POS)
    + both_modes("control_flow/tf_cell_for_if", _cf_cell_for_if, V3)
    + both_modes("control_flow/tf_cell_grad_if", _cf_cell_grad_if, NEG)
    + both_modes("control_flow/tf_jit_while_break", _cf_jit_while_break, V3)
    + both_modes("control_flow/tf_jit_and_or", _cf_jit_and_or, V3)
    + both_modes("control_flow/tf_jit_and_or_pos", _cf_jit_and_or, POS)
    + both_modes("control_flow/tf_jit_not", _cf_jit_not, NEG)
    + both_modes("control_flow/tf_jit_ternary", _cf_jit_ternary, NEG)
    + both_modes("control_flow/tf_jit_nested_if_in_while", _cf_jit_nested_if_in_while, V3)
    + both_modes("control_flow/tf_jit_for_index", _cf_jit_for_index, X43)
    + both_modes("control_flow/tf_cell_param_branch", _cf_cell_param_branch, V3)
    + both_modes("control_flow/tf_cell_while_tensor_counter", _cf_cell_while_tensor_counter, V3)
    + both_modes("control_flow/tf_jit_float_of_tensor", _cf_jit_float_of_tensor, NEG)
    + both_modes("control_flow/tf_jit_branch_dtypes", _cf_jit_branch_dtypes, V3)
    + both_modes("control_flow/tf_jit_while_two_carries", _cf_jit_while_two_carries, POS)
)
