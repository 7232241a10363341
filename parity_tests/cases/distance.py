"""Pairwise distances: ``ops.pdist`` / ``ops.Pdist`` for every p (0, fractional, 1, 2, 3, inf),
float16/32/64, their gradient, and the errors for bad inputs."""
import numpy as np

from parity_tests.harness import case, F16, F32, F64, I32


def _x():
    return np.array([[1., 1.5, 0], [2., 2., -1], [3., 3., .5], [0, 1, 2]], np.float32)


def _graph(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, a):
            return ms.ops.pdist(a, 2.0) * 2
    return Net()(x)


CASES = (
    [case(f"distance/pdist/p{p}", lambda ms, x, _p=p: ms.ops.pdist(x, p=_p), _x())
     for p in (0.0, 0.5, 1.0, 2.0, 3.0, float("inf"))]
    + [
        case("distance/pdist/f16", lambda ms, x: ms.ops.pdist(x), F16(5, 3)),
        case("distance/pdist/f64", lambda ms, x: ms.ops.pdist(x, 1.5), F64(4, 6)),
        case("distance/pdist/one_row", lambda ms, x: ms.ops.pdist(x), F32(1, 3)),
        case("distance/pdist/functional", lambda ms, x: ms.ops.functional.pdist(x, p=2.0), F32(6, 2)),
        case("distance/Pdist/prim", lambda ms, x: ms.ops.Pdist(p=1.0)(x), F32(5, 4)),
        case("distance/pdist/grad", lambda ms, x: ms.grad(lambda a: ms.ops.pdist(a).sum())(x), _x()),
        case("distance/pdist/graph", _graph, F32(4, 3), mode="graph"),
        case("distance/pdist/negative_p", lambda ms, x: ms.ops.pdist(x, p=-1.0), F32(3, 2), error=True),
        case("distance/pdist/int_p", lambda ms, x: ms.ops.pdist(x, p=2), F32(3, 2), error=True),
        case("distance/pdist/rank3", lambda ms, x: ms.ops.pdist(x), F32(2, 3, 4), error=True),
        case("distance/pdist/rank1", lambda ms, x: ms.ops.pdist(x), F32(3), error=True),
        case("distance/pdist/int_input", lambda ms, x: ms.ops.pdist(x), I32(3, 2), error=True),
        case("distance/pdist/not_tensor", lambda ms: ms.ops.pdist(np.ones((3, 2), np.float32)), error=True),
        case("distance/Pdist/int_attr", lambda ms: ms.ops.Pdist(p=1), error=True),
    ]
)
