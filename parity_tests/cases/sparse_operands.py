"""Sparse tensors as operands: ``dense + coo`` / ``dense - coo`` (dense results), ``dense * coo`` and
``dense * csr`` (sparse results) through the Tensor operators, while the functional ``ops.add`` /
``ops.mul`` and ``dense / coo`` reject them; ``F.dtype`` / ``F.shape`` of a COOTensor or CSRTensor
(its values' dtype, its dense shape), and their errors for other inputs."""
import numpy as np

from parity_tests.harness import case, F32

_D = F32(3, 4)


def _coo(ms):
    return ms.COOTensor(ms.Tensor(np.array([[0, 1], [1, 2]], np.int64)), ms.Tensor(np.array([-1., 2.], np.float32)),
                        (3, 4))


def _csr(ms):
    return ms.CSRTensor(ms.Tensor(np.array([0, 1, 2, 2], np.int32)), ms.Tensor(np.array([0, 3], np.int32)),
                        ms.Tensor(np.array([1.5, 2.], np.float16)), (3, 4))


def _coo_parts(r):
    return r.indices, r.values, tuple(r.shape)


def _csr_parts(r):
    return r.indptr, r.indices, r.values, tuple(r.shape)


def _jit_sub(ms):
    def f(d, i, v):
        return d - ms.COOTensor(i, v, (3, 4))
    return ms.jit(f)


def _f(ms):
    return ms.ops.functional


CASES = [
    case("sparse_operands/dense_add_coo", lambda ms, d: d + _coo(ms), _D),
    case("sparse_operands/dense_sub_coo", lambda ms, d: d - _coo(ms), _D),
    case("sparse_operands/dense_mul_coo", lambda ms, d: _coo_parts(d * _coo(ms)), _D),
    case("sparse_operands/dense_mul_csr", lambda ms, d: _csr_parts(d * _csr(ms).astype(ms.float32)), _D),
    case("sparse_operands/jit_dense_sub_coo", lambda ms, d: _jit_sub(ms)(d, _coo(ms).indices, _coo(ms).values), _D),
    case("sparse_operands/ops_add_coo", lambda ms, d: ms.ops.add(d, _coo(ms)), _D, error=True),
    case("sparse_operands/ops_mul_coo", lambda ms, d: ms.ops.mul(d, _coo(ms)), _D, error=True),
    case("sparse_operands/dense_div_coo", lambda ms, d: d / _coo(ms), _D, error=True),
    case("sparse_operands/dtype_coo", lambda ms: str(_f(ms).dtype(_coo(ms)))),
    case("sparse_operands/dtype_csr", lambda ms: str(_f(ms).dtype(_csr(ms)))),
    case("sparse_operands/shape_coo", lambda ms: _f(ms).shape(_coo(ms))),
    case("sparse_operands/shape_csr", lambda ms: ms.ops.shape(_csr(ms))),
    case("sparse_operands/dtype_float", lambda ms: _f(ms).dtype(1.0), error=True),
    case("sparse_operands/dtype_ndarray", lambda ms: _f(ms).dtype(np.ones(2)), error=True),
    case("sparse_operands/rank_coo", lambda ms: _f(ms).rank(_coo(ms)), error=True),
]

