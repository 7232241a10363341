"""``CSRTensor`` methods (``add``, ``mv``, ``mm`` with a dense or CSR matrix, ``sum``, ``to_coo``,
``to_tuple``, ``astype``, ``abs``, ``ndim`` / ``size`` / ``itemsize``, ``-``, ``*`` / ``/`` by a dense
Tensor, ``+`` / ``-`` of CSRTensors) and the ``SparseMatrixAdd`` Primitive on CSR parts."""
import importlib

import numpy as np

from parity_tests.harness import case


def _csr(ms, values=(1., -2.), dtype=np.float32):
    return ms.CSRTensor(ms.Tensor(np.array([0, 1, 2], np.int32)), ms.Tensor(np.array([0, 3], np.int32)),
                        ms.Tensor(np.array(values, dtype)), (2, 4))


def _csr2(ms):
    return ms.CSRTensor(ms.Tensor(np.array([0, 2, 2], np.int32)), ms.Tensor(np.array([0, 1], np.int32)),
                        ms.Tensor(np.array([3., 5.], np.float32)), (2, 4))


def _parts(c):
    return c.indptr, c.indices, c.values, tuple(c.shape)


def _f32(ms, v):
    return ms.Tensor(v, ms.float32)


def _matrix_add(ms):
    a, b = _csr(ms), _csr2(ms)
    add = importlib.import_module(f"{ms.__name__}.ops.operations.sparse_ops").SparseMatrixAdd()
    shape = ms.Tensor(np.array([2, 4], np.int32))
    ptr = ms.Tensor(np.array([0, 2], np.int32))
    return add(shape, ptr, a.indptr, a.indices, a.values, shape, ptr, b.indptr, b.indices, b.values,
               _f32(ms, 2), _f32(ms, -1))


_DENSE = np.arange(8, dtype=np.float32).reshape(2, 4) + 1

CASES = [
    case("csr_tensor_methods/add", lambda ms: _parts(_csr(ms).add(_csr2(ms), _f32(ms, 1), _f32(ms, 2)))),
    case("csr_tensor_methods/mv", lambda ms: _csr(ms).mv(ms.Tensor(np.ones((4, 1), np.float32)))),
    case("csr_tensor_methods/mm_dense", lambda ms: _csr(ms).mm(ms.Tensor(np.ones((4, 3), np.float32)))),
    case("csr_tensor_methods/sum", lambda ms: _csr(ms).sum(1)),
    case("csr_tensor_methods/to_coo", lambda ms: (_csr(ms).to_coo().indices, _csr(ms).to_coo().values)),
    case("csr_tensor_methods/to_tuple_astype_abs", lambda ms: (_csr(ms).to_tuple()[2], _csr(ms).astype(ms.float16).values,
                                                                _csr(ms).abs().values)),
    case("csr_tensor_methods/attrs", lambda ms: (_csr(ms).ndim, _csr(ms).size, _csr(ms).itemsize)),
    case("csr_tensor_methods/neg_mul_div", lambda ms: ((-_csr(ms)).values, (_csr(ms) * ms.Tensor(_DENSE)).values,
                                                       (_csr(ms) / ms.Tensor(_DENSE)).values)),
    case("csr_tensor_methods/add_sub", lambda ms: (_parts(_csr(ms) + _csr2(ms)), _parts(_csr(ms) - _csr2(ms)))),
    case("csr_tensor_methods/sparse_matrix_add", _matrix_add),
    case("csr_tensor_methods/add_shape_mismatch", lambda ms: _csr(ms) + ms.CSRTensor(
        ms.Tensor(np.array([0, 1], np.int32)), ms.Tensor(np.array([0], np.int32)),
        ms.Tensor(np.array([1.], np.float32)), (1, 4)), error=True),
]

CASES += [
    case("csr_tensor_methods/mul_float16", lambda ms: _csr(ms, dtype=np.float16) * ms.Tensor(_DENSE.astype(np.float16)),
         error=True),
    case("csr_tensor_methods/csr_mul_float64", lambda ms: ms.ops.csr_mul(_csr(ms, dtype=np.float64),
                                                                        ms.Tensor(_DENSE.astype(np.float64))),
         error=True),
]
