"""Gradients in PyNative through ops whose output shape depends on the input's values
(``Tensor.to_coo`` / ``to_csr``, ``masked_select``, ``nonzero``): the positions come from the
values, the selected values carry the gradient. In a GRAPH_MODE Cell these ops (and ``bincount``,
``unique``, ``dense_to_sparse_coo``) give the same results (MindSpore compiles a dynamic shape,
mscompat runs that call eagerly)."""
import numpy as np

from parity_tests.harness import case, Raw

_X = Raw(np.array([[2, 0, -1], [0, 0, 1]], np.float32))


def _grad(ms, body):
    class Net(ms.nn.Cell):
        def construct(self, x):
            return body(ms, x)
    return ms.ops.GradOperation(get_all=True)(Net())


def _coo(ms, x):
    c = x.to_coo()
    return c.indices, c.values * 3


def _csr(ms, x):
    c = x.to_csr()
    return c.indptr, c.indices, c.values


def _nonzero_gather(ms, x):
    idx = ms.ops.nonzero(x)
    return ms.ops.gather_nd(x, idx) * x.sum()


def _graph_counts(ms, x, w):
    class Net(ms.nn.Cell):
        def construct(self, t, u):
            return t.bincount(u, 2), ms.ops.unique(t)[0], ms.ops.dense_to_sparse_coo(u.reshape(2, 2)).values
    return Net()(x, w)


def _graph_net(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, t):
            return ms.ops.nonzero(t), ms.ops.masked_select(t, t > 0)
    return Net()(x)


CASES = [
    case("data_dependent_shape_grad/graph_forward", _graph_net, _X, mode="graph"),
    case("data_dependent_shape_grad/graph_counts", _graph_counts, Raw(np.array([2, 4, 1, 0], np.int64)),
         Raw(np.array([0., 0.25, 0.5, 0.75], np.float32)), mode="graph"),
    case("data_dependent_shape_grad/to_coo", lambda ms, x: _grad(ms, _coo)(x), _X),
    case("data_dependent_shape_grad/to_csr", lambda ms, x: _grad(ms, _csr)(x), _X),
    case("data_dependent_shape_grad/masked_select",
         lambda ms, x: _grad(ms, lambda m, t: m.ops.masked_select(t, t > 0) * 2)(x), _X),
    case("data_dependent_shape_grad/nonzero_gather", lambda ms, x: _grad(ms, _nonzero_gather)(x), _X),
]
