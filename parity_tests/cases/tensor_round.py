"""``Tensor.round(decimals=0)``: half to even, ``decimals`` by position or keyword, in PyNative
and GRAPH_MODE; a non-int ``decimals`` is an error."""
import numpy as np

from parity_tests.harness import case, F32, I32

_X = np.array([0.8, 1.5, 2.3, 2.5, -4.5, -0.5], np.float32)


def _graph(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, a, decimals=0):
            return a.round(decimals)
    return Net()(x), Net()(x, 0)


CASES = [
    case("tensor_round/default", lambda ms, x: x.round(), _X),
    case("tensor_round/positional_zero", lambda ms, x: x.round(0), _X),
    case("tensor_round/keyword_zero", lambda ms, x: x.round(decimals=0), _X),
    case("tensor_round/int_tensor", lambda ms, x: x.round(0), I32(4)),
    case("tensor_round/graph", _graph, _X, mode="graph"),
    case("tensor_round/float_decimals", lambda ms, x: x.round(1.5), F32(3), error=True),
]
