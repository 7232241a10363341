"""The gradient of ``ops.nextafter(x1, x2)``: 1 for ``x1`` (the result moves with it), 0 for
``x2``; float32 and float64, PyNative and GRAPH_MODE (MindSpore's own rule fails on broadcast shapes)."""
from parity_tests.harness import case, F32, F64


def _grad(ms, x, y):
    return ms.grad(lambda a, b: ms.ops.nextafter(a, b), grad_position=(0, 1))(x, y)


def _grad_sum(ms, x, y):
    return ms.grad(lambda a, b: ms.ops.nextafter(a, b).sum(), grad_position=(0, 1))(x, y)


def _graph(ms, x, y):
    class Net(ms.nn.Cell):
        def construct(self, a, b):
            return ms.ops.nextafter(a, b) * 2
    return ms.ops.GradOperation(get_all=True)(Net())(x, y)


CASES = [
    case("nextafter_grad/f32", _grad, F32(4), F32(4)),
    case("nextafter_grad/f64_sum", _grad_sum, F64(2, 3), F64(2, 3)),
    case("nextafter_grad/graph", _graph, F32(3), F32(3), mode="graph"),
]
