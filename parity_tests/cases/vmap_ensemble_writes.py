"""``ops.vmap`` over a ``CellList`` (model ensembling) whose cells write their own Parameters: each
cell's Parameters get its example's write, in PyNative and GRAPH_MODE, and a gradient through the
vmapped ensemble passes nothing through the written value (as ``Assign`` outside vmap); ``ops.jvp``
with integer inputs and tangents (integer results)."""
import numpy as np

from parity_tests.harness import case


def _assign_net(ms, scale):
    class AssignNet(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.assign = ms.ops.Assign()
            self.ref_a = ms.Parameter(ms.Tensor([0, 1, 2], ms.float32), name="ref_a")
            self.ref_b = ms.Parameter(ms.Tensor([5, 6, 7], ms.float32), name="ref_b")

        def construct(self, x):
            x = x * scale
            self.assign(self.ref_a, x)
            return self.ref_b + self.ref_a + x
    return AssignNet()


X = np.arange(9, dtype=np.float32).reshape(3, 3)


def _ensemble_writes(ms):
    cells = [_assign_net(ms, 2.0) for _ in range(3)]
    out = ms.ops.vmap(ms.nn.CellList(cells))(ms.Tensor(X))
    return (out, *[c.ref_a.value() for c in cells], *[c.ref_b.value() for c in cells])


def _ensemble_grad(ms):
    cells = [_assign_net(ms, 3.0) for _ in range(3)]
    g = ms.ops.grad(ms.ops.vmap(ms.nn.CellList(cells)))(ms.Tensor(X))
    return (g, *[c.ref_a.value() for c in cells])


def _ensemble_in_axis_1(ms):
    cells = [_assign_net(ms, 1.0) for _ in range(3)]
    out = ms.ops.vmap(ms.nn.CellList(cells), in_axes=1)(ms.Tensor(X))
    return (out, *[c.ref_a.value() for c in cells])


def _jvp_int(dt):
    def fn(ms):
        def f(x, y):
            return x * y + x
        a = ms.Tensor(np.array([[1, 2, 3], [4, 5, 6]]), dt(ms))
        b = ms.Tensor(np.array([[2, 0, 1], [1, 3, 2]]), dt(ms))
        return ms.ops.jvp(f, (a, b), (b, a))
    return fn


def _jvp_int_single(ms):
    def f(x):
        return x * x * 3
    a = ms.Tensor(np.array([1, -2, 3], np.int32))
    return ms.ops.jvp(f, a, ms.Tensor(np.array([1, 1, 2], np.int32)))


CASES = [
    case("vmap_ensemble/writes", _ensemble_writes),
    case("vmap_ensemble/writes_graph", _ensemble_writes, mode="graph"),
    case("vmap_ensemble/grad_graph", _ensemble_grad, mode="graph"),
    case("vmap_ensemble/grad", _ensemble_grad),
    case("vmap_ensemble/in_axis_1", _ensemble_in_axis_1),
    case("jvp_int/int32", _jvp_int(lambda ms: ms.int32)),
    case("jvp_int/int64_graph", _jvp_int(lambda ms: ms.int64), mode="graph"),
    case("jvp_int/single_input", _jvp_int_single),
]
