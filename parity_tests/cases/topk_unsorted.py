"""Unsorted ``TopK`` (``sorted=False``): MindSpore's CPU kernel returns the first ``k`` slots that
``std::nth_element`` leaves (``k`` equal to the length: the input order); ``largest=False`` and
``dim`` go through the same kernel on the negated / transposed input; gradients reach the selected
elements; GRAPH_MODE gives the same order."""
import numpy as np

from parity_tests.harness import case, Raw, F32, I32

_X = Raw(np.array([[0.3, 0.9, 0.1, 0.5, 0.7], [5, 1, 4, 2, 3]], np.float32))
_TIES = Raw(np.array([[1, 3, 3, 0, 3, 1, 3, 2, 2, 3, 0, 1]], np.float32))


def _prim(ms, x, k):
    return ms.ops.operations.TopK(False)(x, k)


def _grad(ms, x):
    def f(t):
        return ms.ops.topk(t, 3, sorted=False)[0] * ms.Tensor(np.array([1., 2., 3.], np.float32))
    return ms.ops.grad(f)(x)


def _graph(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, t):
            return ms.ops.topk(t, 4, sorted=False)
    return Net()(x)


CASES = [
    case("topk_unsorted/prim_k2", lambda ms, x: _prim(ms, x, 2), _X),
    case("topk_unsorted/prim_k3", lambda ms, x: _prim(ms, x, 3), _X),
    case("topk_unsorted/prim_full", lambda ms, x: _prim(ms, x, 5), _X),
    case("topk_unsorted/ties", lambda ms, x: _prim(ms, x, 5), _TIES),
    case("topk_unsorted/random_rows", lambda ms, x: _prim(ms, x, 7), F32(6, 40)),
    case("topk_unsorted/long_rows", lambda ms, x: _prim(ms, x, 300), F32(3, 1000)),
    case("topk_unsorted/int32", lambda ms, x: _prim(ms, x, 4), I32(3, 9)),
    case("topk_unsorted/smallest", lambda ms, x: ms.ops.topk(x, 3, largest=False, sorted=False), _X),
    case("topk_unsorted/dim0", lambda ms, x: ms.ops.topk(x, 3, dim=0, sorted=False), F32(6, 4)),
    case("topk_unsorted/method", lambda ms, x: x.topk(2, sorted=False), F32(3, 8)),
    case("topk_unsorted/grad", _grad, F32(2, 6)),
    case("topk_unsorted/graph", _graph, F32(3, 10), mode="graph"),
]
