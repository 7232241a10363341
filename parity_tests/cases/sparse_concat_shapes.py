"""``ops.coo_concat``: COOTensors whose shapes differ outside ``concat_dim`` fail when the kernel runs
(RuntimeError, as MindSpore's SparseConcat); matching shapes concatenate; values of different dtypes
and a non-int ``concat_dim`` are TypeErrors, an out-of-range one an IndexError."""
import numpy as np

from parity_tests.harness import case


def _coo(ms, idx, vals, shape, dtype="float32"):
    return ms.COOTensor(ms.Tensor(np.array(idx, np.int64)), ms.Tensor(np.array(vals, dtype)), shape)


def _concat(ms, shape1, dim, dtype1="float32"):
    a = _coo(ms, [[0, 1], [2, 3]], [1., 2.], (3, 4))
    b = _coo(ms, [[1, 0]], [3.], shape1, dtype1)
    r = ms.ops.coo_concat((a, b), dim)
    return r.indices, r.values, tuple(r.shape)


CASES = [
    case("sparse_concat_shapes/dim1", lambda ms: _concat(ms, (3, 2), 1)),
    case("sparse_concat_shapes/dim0", lambda ms: _concat(ms, (2, 4), 0)),
    case("sparse_concat_shapes/mismatch_dim1", lambda ms: _concat(ms, (4, 2), 1), error=True),
    case("sparse_concat_shapes/mismatch_dim0", lambda ms: _concat(ms, (2, 5), 0), error=True),
    case("sparse_concat_shapes/mixed_dtypes", lambda ms: _concat(ms, (3, 2), 1, "int32"), error=True),
    case("sparse_concat_shapes/dim_out_of_range", lambda ms: _concat(ms, (3, 2), 2), error=True),
    case("sparse_concat_shapes/float_dim", lambda ms: _concat(ms, (3, 2), -1.0), error=True),
]
