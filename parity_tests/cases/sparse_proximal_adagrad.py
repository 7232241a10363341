"""``ops.FusedSparseProximalAdagrad``: proximal Adagrad on the rows named by ``indices`` (repeated
indices sum their gradients, out-of-range ones are skipped), ``var``/``accum`` updated in place,
in PyNative and GRAPH_MODE; the dtype and shape errors."""
import numpy as np

from parity_tests.harness import case, F32, I32


def _run(ms, var, acc, g, idx, lr=0.1, l1=0.05, l2=0.2, graph=False):
    v = ms.Parameter(ms.Tensor(var), name="v")
    a = ms.Parameter(ms.Tensor(acc), name="a")
    op = ms.ops.FusedSparseProximalAdagrad()
    scalars = [ms.Tensor(np.array(x, var.dtype)) for x in (lr, l1, l2)]
    if graph:
        class Net(ms.nn.Cell):
            def __init__(self):
                super().__init__()
                self.v, self.a = v, a

            def construct(self, grad, index):
                return op(self.v, self.a, *scalars, grad, index)
        out = Net()(ms.Tensor(g), ms.Tensor(idx))
    else:
        out = op(v, a, *scalars, ms.Tensor(g), ms.Tensor(idx))
    return out, v.value(), a.value()


_V, _A, _G = F32(4, 2), F32(4, 2, low=0.5, high=1.5), F32(3, 2, low=-1, high=1)

CASES = [
    case("fused_sparse_prox_adagrad/duplicates", lambda ms, v, a, g: _run(ms, v, a, g, np.array([0, 2, 2], np.int32)),
         _V, _A, _G),
    case("fused_sparse_prox_adagrad/int64_no_reg", lambda ms, v, a, g: _run(
        ms, v, a, g, np.array([3, 1, 0], np.int64), 0.1, 0.0, 0.0), _V, _A, _G),
    case("fused_sparse_prox_adagrad/out_of_range", lambda ms, v, a, g: _run(
        ms, v, a, g, np.array([0, 2, 5], np.int32)), _V, _A, _G),
    case("fused_sparse_prox_adagrad/negative_index", lambda ms, v, a, g: _run(
        ms, v, a, g, np.array([-1, 1, 1], np.int32)), _V, _A, _G),
    case("fused_sparse_prox_adagrad/graph", lambda ms, v, a, g: _run(
        ms, v, a, g, np.array([1, 0, 3], np.int32), graph=True), _V, _A, _G, mode="graph"),
    case("fused_sparse_prox_adagrad/f16", lambda ms, v, a, g: _run(ms, v, a, g, np.array([0, 1, 2], np.int32)),
         _V.astype(np.float16), _A.astype(np.float16), _G.astype(np.float16), error=True),
    case("fused_sparse_prox_adagrad/float_indices", lambda ms, v, a, g: _run(
        ms, v, a, g, np.array([0, 1, 2], np.float32)), _V, _A, _G, error=True),
    case("fused_sparse_prox_adagrad/shape_mismatch", lambda ms, v, a, g: _run(
        ms, v, a, g, np.array([0, 1, 2], np.int32)), _V, F32(4, 3), _G, error=True),
    case("fused_sparse_prox_adagrad/grad_indices_mismatch", lambda ms, v, a, g: _run(
        ms, v, a, g, np.array([0, 1], np.int32)), _V, _A, _G, error=True),
    case("fused_sparse_prox_adagrad/bad_lock", lambda ms: ms.ops.FusedSparseProximalAdagrad(1), error=True),
]
