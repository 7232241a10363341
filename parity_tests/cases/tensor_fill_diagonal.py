"""``Tensor.fill_diagonal(fill_value, wrap=False)``: a copy with the main diagonal filled (tall
matrices with and without wrap, wide, cubes, int tensors), the input unchanged, and the errors."""
import numpy as np

from parity_tests.harness import case, F32, I32


def _copy(ms, x):
    y = x.fill_diagonal(2.0)
    return x, y


def _graph(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, a):
            return a.fill_diagonal(5.0, True)
    return Net()(x)


CASES = [
    case("fill_diagonal/tall", lambda ms, x: x.fill_diagonal(5.0), F32(6, 3)),
    case("fill_diagonal/tall_wrap", lambda ms, x: x.fill_diagonal(5.0, wrap=True), F32(7, 3)),
    case("fill_diagonal/wide", lambda ms, x: x.fill_diagonal(-1.5, True), F32(3, 5)),
    case("fill_diagonal/cube", lambda ms, x: x.fill_diagonal(1.0), F32(3, 3, 3)),
    case("fill_diagonal/int_tensor", lambda ms, x: x.fill_diagonal(2.7), I32(4, 4)),
    case("fill_diagonal/copy", _copy, F32(3, 3)),
    case("fill_diagonal/graph", _graph, F32(5, 2), mode="graph"),
    case("fill_diagonal/int_value", lambda ms, x: x.fill_diagonal(1), F32(3, 3), error=True),
    case("fill_diagonal/int_wrap", lambda ms, x: x.fill_diagonal(1.0, 1), F32(3, 3), error=True),
    case("fill_diagonal/rank1", lambda ms, x: x.fill_diagonal(1.0), F32(3), error=True),
    case("fill_diagonal/uneven_cube", lambda ms, x: x.fill_diagonal(1.0), F32(2, 2, 3), error=True),
]
