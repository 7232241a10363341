"""Taylor-mode and linearized differentiation: ``ops.jet`` (higher-order derivatives from input
series), ``ops.derivative`` (the order-th derivative) and ``ops.functional.linearize`` (a reusable
Jacobian-vector product), in PyNative and GRAPH_MODE, with their input checks."""
import numpy as np

from parity_tests.harness import case, F32, F64, I32


def _net(ms):
    class Net(ms.nn.Cell):
        def construct(self, x):
            a = ms.ops.sin(x)
            return a + ms.ops.cos(a) - ms.ops.exp(ms.ops.cos(a))
    return Net()


def _two_in(ms):
    class Net(ms.nn.Cell):
        def construct(self, x, y):
            a, b = ms.ops.sin(x), ms.ops.cos(y)
            return ms.ops.exp(a * b + a / b)
    return Net()


def _two_out(ms):
    class Net(ms.nn.Cell):
        def construct(self, x, y):
            return ms.ops.sin(x), ms.ops.cos(y)
    return Net()


def _series(*shape, order=3):
    s = np.zeros((order,) + shape, np.float32)
    s[0] = 1
    return s


def _jet_in_graph(ms, x, s):
    class Outer(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.net = _net(ms)

        def construct(self, a, b):
            return ms.ops.jet(self.net, a, b)
    return Outer()(x, s)


def _cube(a):
    return a ** 3


def _jet_tan(ms, x, s):
    class TanExp(ms.nn.Cell):
        def construct(self, a):
            return ms.ops.tan(ms.ops.exp(a))
    return ms.ops.jet(TanExp(), x, s)


def _linearize(ms, x, v0, v1):
    out, fn = ms.ops.functional.linearize(_cube, x)
    return out, fn(v0), fn(v1)


def _linearize_two(ms, x, y, v0, v1):
    class Net(ms.nn.Cell):
        def construct(self, a, b):
            return 2 * a, b ** 3
    out, fn = ms.ops.functional.linearize(Net(), (x, y))
    return out, fn((v0, v1))


CASES = [
    case("taylor/jet/single", lambda ms, x, s: ms.ops.jet(_net(ms), x, s), F32(2, 3), _series(2, 3)),
    case("taylor/jet/f64", lambda ms, x, s: ms.ops.jet(_net(ms), x, s), F64(4), _series(4).astype(np.float64)),
    case("taylor/jet/first_order_only", lambda ms, x, s: ms.ops.jet(_net(ms), x, s), F32(3), np.ones(3, np.float32)),
    case("taylor/jet/int_input", lambda ms, x, s: ms.ops.jet(_net(ms), x, s), I32(3), _series(3).astype(np.int32)),
    case("taylor/jet/two_inputs", lambda ms, x, y, s, t: ms.ops.jet(_two_in(ms), (x, y), (s, t)),
         F32(2, low=0.5, high=1), F32(2, low=0.5, high=1), _series(2), _series(2)),
    case("taylor/jet/two_outputs", lambda ms, x, y, s, t: ms.ops.jet(_two_out(ms), (x, y), (s, t)),
         F32(3), F32(3), _series(3), _series(3)),
    # tan's series is propagated as sin / cos here, by MindSpore's own tan rule there: float32
    # rounding of the higher terms differs by ~3e-5 relative
    case("taylor/jet/tan", _jet_tan, F32(2, low=0.2, high=0.4), _series(2), rtol=1e-4),
    case("taylor/jet/graph", _jet_in_graph, F32(3), _series(3), mode="graph"),
    case("taylor/jet/mixed_kinds", lambda ms, x, s: ms.ops.jet(_net(ms), x, (s,)), F32(3), _series(3), error=True),
    case("taylor/jet/bad_shape", lambda ms, x, s: ms.ops.jet(_net(ms), x, s), F32(3), _series(4), error=True),
    case("taylor/jet/dtype_mismatch", lambda ms, x, s: ms.ops.jet(_net(ms), x, s), F32(3),
         _series(3).astype(np.float64), error=True),
    case("taylor/jet/length_mismatch", lambda ms, x, s: ms.ops.jet(_two_in(ms), (x, x), (s,)), F32(3), _series(3),
         error=True),
    case("taylor/derivative/order3", lambda ms, x: ms.ops.derivative(_net(ms), x, 3), F32(2, 2)),
    case("taylor/derivative/order1", lambda ms, x: ms.ops.derivative(_net(ms), x, 1), F32(3)),
    case("taylor/derivative/two_inputs", lambda ms, x, y: ms.ops.derivative(_two_in(ms), (x, y), 2),
         F32(2, low=0.5, high=1), F32(2, low=0.5, high=1)),
    case("taylor/derivative/order0", lambda ms, x: ms.ops.derivative(_net(ms), x, 0), F32(3), error=True),
    case("taylor/derivative/order_float", lambda ms, x: ms.ops.derivative(_net(ms), x, 2.0), F32(3), error=True),
    case("taylor/linearize/single", _linearize, F32(2, 2), F32(2, 2), F32(2, 2)),
    case("taylor/linearize/two_in_two_out", _linearize_two, F32(3), F32(3), F32(3), F32(3)),
    case("taylor/linearize/not_tensor", lambda ms: ms.ops.functional.linearize(_cube, 1.0), error=True),
]
