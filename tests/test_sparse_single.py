"""Behaviour tests for CSR ops that MindSpore 2.10 runs on GPU only (no CPU kernel, so no
parity oracle): csr_mul/csr_div with a dense Tensor, csr_mv, csr_reduce_sum, csr_gather,
csr2coo, coo2csr, csr_mm, make_sparse_tensor/make_row_tensor. Expected values come from
the dense equivalents computed with numpy."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import ops

DENSE = np.array([[0, 1.5, 0, 2.0], [0, 0, 0, 0], [-1.0, 0, 3.0, 0]], np.float32)


def _csr():
    return ops.dense_to_sparse_csr(ms.Tensor(DENSE))


def test_csr_mul_div_dense():
    y = np.arange(1, 13, dtype=np.float32).reshape(3, 4)
    r = ops.csr_mul(_csr(), ms.Tensor(y))
    assert isinstance(r, ms.CSRTensor)
    np.testing.assert_allclose(ops.csr_to_dense(r).asnumpy(), DENSE * y)
    r = ops.csr_div(_csr(), ms.Tensor(y[0]))   # broadcast over rows
    np.testing.assert_allclose(ops.csr_to_dense(r).asnumpy(), DENSE / y[0], rtol=1e-6)


def test_csr_mv_and_reduce_sum():
    v = np.array([[1.0], [2.0], [3.0], [4.0]], np.float32)
    np.testing.assert_allclose(ops.csr_mv(_csr(), ms.Tensor(v)).asnumpy(), DENSE @ v)
    np.testing.assert_allclose(ops.csr_reduce_sum(_csr(), 1).asnumpy(), DENSE.sum(1, keepdims=True))
    np.testing.assert_allclose(ops.csr_reduce_sum(_csr(), 0).asnumpy(), DENSE.sum(0, keepdims=True))


def test_csr_gather_and_index_conversions():
    c = _csr()
    dense = np.arange(12, dtype=np.float32).reshape(3, 4)
    out = ops.csr_gather(c.indptr, c.indices, ms.Tensor(dense), (3, 4))
    np.testing.assert_array_equal(out.asnumpy(), dense[DENSE != 0])
    rows = ops.csr2coo(c.indptr, 4)
    assert rows.dtype == ms.int32
    np.testing.assert_array_equal(rows.asnumpy(), [0, 0, 2, 2])
    np.testing.assert_array_equal(ops.coo2csr(rows, 3).asnumpy(), c.indptr.asnumpy())
    with pytest.raises(ValueError):
        ops.csr2coo(c.indptr, 3)


def test_csr_mm():
    b = np.array([[1.0, 0], [0, 2.0], [0, 0], [1.0, 1.0]], np.float32)
    r = ops.csr_mm(_csr(), ops.dense_to_sparse_csr(ms.Tensor(b)))
    assert isinstance(r, ms.CSRTensor) and r.shape == (3, 2)
    np.testing.assert_allclose(ops.csr_to_dense(r).asnumpy(), DENSE @ b)
    with pytest.raises(TypeError):
        ops.csr_mm(_csr(), ms.Tensor(b))


def test_make_sparse_and_row_tensor():
    t = ops.make_sparse_tensor(ms.Tensor(np.array([[0, 1]], np.int32)), ms.Tensor([2.0]), (2, 2))
    assert isinstance(t, ms.COOTensor) and t.shape == (2, 2)
    r = ops.make_row_tensor(ms.Tensor(np.array([1], np.int32)), ms.Tensor([[1.0, 2.0]]), (2, 2))
    assert isinstance(r, ms.RowTensor) and r.dense_shape == (2, 2)
