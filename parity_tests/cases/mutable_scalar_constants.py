"""A ``mutable`` scalar input that an op needs as a constant (``scipy.fft.dct``/``idct``'s ``n`` and
``axis``) in a GRAPH_MODE Cell with ``set_inputs``: MindSpore compiles a dynamic-shape graph, mscompat runs the call
eagerly; the results agree for each new value without recompiling the user's code."""
import importlib

from parity_tests.harness import case, F32


def _net(ms, name):
    fn = getattr(importlib.import_module(f"{ms.__name__}.scipy.fft"), name)

    class Net(ms.nn.Cell):
        def construct(self, x, n, axis):
            return fn(x, 2, n, axis, "ortho")
    return Net()


def _two_calls(ms, x, y, name):
    net = _net(ms, name)
    n, axis = ms.mutable(3), ms.mutable(-1)
    net.set_inputs(ms.Tensor(shape=[None] * x.ndim, dtype=ms.float32), n, axis)
    return net(x, n, axis), net(y, ms.mutable(2), ms.mutable(0))


CASES = [
    case("mutable_scalar_constants/dct", lambda ms, x, y: _two_calls(ms, x, y, "dct"), F32(2, 4), F32(3, 5),
         mode="graph", rtol=1e-4, atol=1e-4),
    case("mutable_scalar_constants/idct", lambda ms, x, y: _two_calls(ms, x, y, "idct"), F32(2, 3, 4), F32(4, 3, 2),
         mode="graph", rtol=1e-4, atol=1e-4),
]
