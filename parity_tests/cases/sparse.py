"""Sparse ops: element-wise coo_*/csr_* functions, conversions, coalesce, coo_add, coo_concat,
csr_add, csr_softmax and the Sparse* Primitives.

COOTensor/CSRTensor results are compared through their parts: ``(indices, values, shape)``
and ``(indptr, indices, values, shape)``.
"""
import numpy as np

from parity_tests.harness import case, Raw, F32, F64, I32, I64

_UNARY_FLOAT = ["abs", "acos", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "exp", "expm1",
                "floor", "inv", "isfinite", "isinf", "isnan", "log1p", "neg", "relu", "relu6", "round",
                "sigmoid", "sin", "sinh", "softsign", "square", "tan", "tanh"]
_UNARY_POS = ["acosh", "log", "sqrt"]          # need values > 1 / > 0


def _coo_parts(r):
    return r.indices, r.values, tuple(r.shape)


def _csr_parts(r):
    return r.indptr, r.indices, r.values, tuple(r.shape)


def _coo(ms, values, idx_dtype="int32", shape=(3, 4)):
    idx = np.array([[0, 1], [1, 2], [2, 0], [2, 3]][: len(values)], np.int32)
    return ms.COOTensor(ms.Tensor(idx.astype(idx_dtype)), ms.Tensor(values), shape)


def _csr(ms, values, shape=(3, 4)):
    indptr = np.array([0, 1, 2, len(values)], np.int32)
    indices = np.array([1, 2, 0, 3][: len(values)], np.int32)
    return ms.CSRTensor(ms.Tensor(indptr), ms.Tensor(indices), ms.Tensor(values), shape)


_V = np.array([0.5, -0.25, 0.75, -0.9], np.float32)
_VP = np.array([1.5, 2.25, 3.0, 1.25], np.float32)

CASES = []
for _n in _UNARY_FLOAT:
    CASES.append(case(f"coo_{_n}/f32", lambda ms, v, n=_n: _coo_parts(getattr(ms.ops, f"coo_{n}")(_coo(ms, v))),
                      Raw(_V)))
    CASES.append(case(f"csr_{_n}/f32", lambda ms, v, n=_n: _csr_parts(getattr(ms.ops, f"csr_{n}")(_csr(ms, v))),
                      Raw(_V)))
for _n in _UNARY_POS:
    CASES.append(case(f"coo_{_n}/f32", lambda ms, v, n=_n: _coo_parts(getattr(ms.ops, f"coo_{n}")(_coo(ms, v))),
                      Raw(_VP)))
    CASES.append(case(f"csr_{_n}/f32", lambda ms, v, n=_n: _csr_parts(getattr(ms.ops, f"csr_{n}")(_csr(ms, v))),
                      Raw(_VP)))

_VI = np.array([3, -2, 1, -1], np.int32)

CASES += [
    # integer values: MindSpore's dtype rules per op
    case("coo_relu/int32", lambda ms, v: _coo_parts(ms.ops.coo_relu(_coo(ms, v, "int64"))), Raw(_VI)),
    case("coo_inv/int32", lambda ms, v: _coo_parts(ms.ops.coo_inv(_coo(ms, v))), Raw(_VI)),
    case("coo_square/int32", lambda ms, v: _coo_parts(ms.ops.coo_square(_coo(ms, v))), Raw(_VI)),
    case("csr_abs/int32", lambda ms, v: _csr_parts(ms.ops.csr_abs(_csr(ms, v))), Raw(_VI)),
    case("csr_neg/int32", lambda ms, v: _csr_parts(ms.ops.csr_neg(_csr(ms, v))), Raw(_VI)),
    case("coo_round/int32", lambda ms, v: _coo_parts(ms.ops.coo_round(_coo(ms, v))), Raw(_VI)),
    case("coo_sqrt/int32", lambda ms, v: _coo_parts(ms.ops.coo_sqrt(_coo(ms, v))), Raw(np.array([4, 9, 2], np.int32))),
    case("coo_isnan/f64_nan", lambda ms, v: _coo_parts(ms.ops.coo_isnan(_coo(ms, v))),
         Raw(np.array([np.nan, 1.0, np.inf], np.float64))),
    case("csr_isinf/f64_inf", lambda ms, v: _csr_parts(ms.ops.csr_isinf(_csr(ms, v))),
         Raw(np.array([np.nan, -np.inf, np.inf], np.float64))),
    case("coo_exp/f64", lambda ms, v: _coo_parts(ms.ops.coo_exp(_coo(ms, v))), Raw(_V.astype(np.float64))),
    case("coo_sin/bad_int32", lambda ms, v: _coo_parts(ms.ops.coo_sin(_coo(ms, v))), Raw(_VI), error=True),
    case("csr_exp/bad_int32", lambda ms, v: _csr_parts(ms.ops.csr_exp(_csr(ms, v))), Raw(_VI), error=True),
    case("coo_sigmoid/bad_int32", lambda ms, v: _coo_parts(ms.ops.coo_sigmoid(_coo(ms, v))), Raw(_VI),
         error=True),
    case("coo_relu6/bad_int32", lambda ms, v: _coo_parts(ms.ops.coo_relu6(_coo(ms, v))), Raw(_VI), error=True),
    case("coo_sin/bad_dense", lambda ms, x: ms.ops.coo_sin(x), F32(3), error=True),
    case("csr_cos/bad_coo", lambda ms, v: ms.ops.csr_cos(_coo(ms, v)), Raw(_V), error=True),
    # conversions
    case("csr_to_dense/f32", lambda ms, v: ms.ops.csr_to_dense(_csr(ms, v)), Raw(_V)),
    case("csr_to_dense/bad_int32", lambda ms, v: ms.ops.csr_to_dense(_csr(ms, v, (3, 5))), Raw(_VI), error=True),
    case("csr_to_dense/f64", lambda ms, v: ms.ops.csr_to_dense(_csr(ms, v, (3, 5))), Raw(_V.astype(np.float64))),
    case("csr_to_dense/bad_dense", lambda ms, x: ms.ops.csr_to_dense(x), F32(3, 4), error=True),
    case("csr_to_coo/f32", lambda ms, v: _coo_parts(ms.ops.csr_to_coo(_csr(ms, v))), Raw(_V)),
    case("csr_to_coo/bad_coo", lambda ms, v: ms.ops.csr_to_coo(_coo(ms, v)), Raw(_V), error=True),
    case("dense_to_sparse_coo/f32", lambda ms, x: _coo_parts(ms.ops.dense_to_sparse_coo(x)),
         np.array([[0, 1.5, 0], [2, 0, -1]], np.float32)),
    case("dense_to_sparse_coo/int64", lambda ms: _coo_parts(ms.ops.dense_to_sparse_coo(ms.Tensor([[0, 3], [4, 0]])))),
    case("dense_to_sparse_coo/bad_3d", lambda ms, x: ms.ops.dense_to_sparse_coo(x), F32(2, 2, 2), error=True),
    case("dense_to_sparse_csr/f32", lambda ms, x: _csr_parts(ms.ops.dense_to_sparse_csr(x)),
         np.array([[0, 1.5, 0, 2], [0, 0, 0, 0], [2, 0, -1, 0]], np.float32)),
    case("dense_to_sparse_csr/bad_list", lambda ms: ms.ops.dense_to_sparse_csr([[1, 0]]), error=True),
    case("coalesce/dups", lambda ms: ms.ops.coalesce(ms.Tensor(np.array([[0, 0, 1, 0], [1, 1, 2, 0]], np.int64)),
                                                     ms.Tensor(np.array([1., 2., 3., 4.], np.float32)),
                                                     ms.Tensor(np.array([3, 4], np.int64)))),
    case("coalesce/bad_int32_indices", lambda ms: ms.ops.coalesce(ms.Tensor(np.array([[0], [1]], np.int32)),
                                                                  ms.Tensor(np.array([1.], np.float32)),
                                                                  ms.Tensor(np.array([3, 4], np.int64))),
         error=True),
    # coo_add / coo_concat / csr_add / csr_softmax
    case("coo_add/overlap", lambda ms, v: _coo_parts(ms.ops.coo_add(
        _coo(ms, v, "int64"), ms.COOTensor(ms.Tensor(np.array([[1, 2], [0, 0]], np.int64)),
                                           ms.Tensor(np.array([0.25, 1.0], np.float32)), (3, 4)),
        ms.Tensor(0.0))), Raw(_V)),
    case("coo_add/thresh_drops", lambda ms, v: _coo_parts(ms.ops.coo_add(
        _coo(ms, v, "int64"), _coo(ms, v, "int64"), ms.Tensor(1.2))), Raw(_V)),
    case("coo_add/thresh_mixed", lambda ms, v: _coo_parts(ms.ops.coo_add(
        _coo(ms, v, "int64"), ms.COOTensor(ms.Tensor(np.array([[0, 0], [1, 2], [2, 3]], np.int64)),
                                           ms.Tensor(np.array([0.1, 0.2, 0.85], np.float32)), (3, 4)),
        ms.Tensor(0.3))), Raw(_V)),
    case("coo_add/bad_int32_indices", lambda ms, v: _coo_parts(ms.ops.coo_add(_coo(ms, v), _coo(ms, v),
                                                                              ms.Tensor(0.0))),
         Raw(_V), error=True),
    case("coo_concat/dim0", lambda ms, v: _coo_parts(ms.ops.coo_concat((_coo(ms, v, "int64"),
                                                                        _coo(ms, v[:2], "int64")), 0)), Raw(_V)),
    case("coo_concat/dim1", lambda ms, v: _coo_parts(ms.ops.coo_concat((_coo(ms, v, "int64"),
                                                                        _coo(ms, v[:3], "int64")), 1)), Raw(_V)),
    case("coo_concat/bad_single", lambda ms, v: ms.ops.coo_concat((_coo(ms, v, "int64"),), 0), Raw(_V),
         error=True),
    case("csr_add/alpha_beta", lambda ms, v: _csr_parts(ms.ops.csr_add(_csr(ms, v), _csr(ms, v[::-1].copy()),
                                                                       ms.Tensor(1.0), ms.Tensor(2.0))), Raw(_V)),
    case("csr_add/bad_dense_alpha", lambda ms, v: ms.ops.csr_add(_csr(ms, v), _csr(ms, v), 1.0, 2.0), Raw(_V),
         error=True),
    case("csr_softmax/f32", lambda ms: _csr_parts(ms.ops.csr_softmax(ms.CSRTensor(
        ms.Tensor(np.array([0, 2, 2, 5], np.int32)), ms.Tensor(np.array([0, 3, 1, 2, 3], np.int32)),
        ms.Tensor(np.array([1.0, 2.0, 0.5, -1.0, 3.0], np.float32)), (3, 4)), ms.float32))),
    # Primitives
    case("SparseToDense/f32", lambda ms: ms.ops.SparseToDense()(ms.Tensor(np.array([[0, 1], [1, 2]], np.int32)),
                                                                ms.Tensor(np.array([1., 2.], np.float32)), (3, 4))),
    case("SparseToDense/int64_3d", lambda ms: ms.ops.SparseToDense()(
        ms.Tensor(np.array([[0, 1, 1], [1, 0, 2]], np.int64)), ms.Tensor(np.array([5, 7], np.int32)), (2, 2, 3))),
    case("SparseToDense/bad_rank", lambda ms: ms.ops.SparseToDense()(
        ms.Tensor(np.array([[0, 1], [1, 2]], np.int32)), ms.Tensor(np.array([1., 2.], np.float32)), (3, 4, 5)),
        error=True),
    case("SparseTensorDenseAdd/f32", lambda ms, d: ms.ops.SparseTensorDenseAdd()(
        ms.Tensor(np.array([[0, 1], [1, 2]], np.int32)), ms.Tensor(np.array([1., 2.], np.float32)),
        ms.Tensor(np.array([3, 4], np.int32)), d), F32(3, 4)),
    case("SparseTensorDenseMatmul/f32", lambda ms, d: ms.ops.SparseTensorDenseMatmul()(
        ms.Tensor(np.array([[0, 1], [1, 2], [2, 3]], np.int32)), ms.Tensor(np.array([1., 2., -1.], np.float32)),
        (3, 4), d), F32(4, 2)),
    case("SparseTensorDenseMatmul/adjoint", lambda ms, d: ms.ops.SparseTensorDenseMatmul(True, True)(
        ms.Tensor(np.array([[0, 1], [1, 2], [2, 3]], np.int64)), ms.Tensor(np.array([1., 2., -1.], np.float32)),
        (3, 4), d), F32(2, 3)),
    case("SparseTensorDenseMatmul/bad_dtype_mix", lambda ms, d: ms.ops.SparseTensorDenseMatmul()(
        ms.Tensor(np.array([[0, 1]], np.int32)), ms.Tensor(np.array([1.], np.float32)), (3, 4), d), F64(4, 2),
        error=True),
    case("SparseSlice/basic", lambda ms: ms.ops.SparseSlice()(
        ms.Tensor(np.array([[0, 1], [1, 2], [2, 3], [1, 0]], np.int64)),
        ms.Tensor(np.array([1., 2., 3., 4.], np.float32)), ms.Tensor(np.array([3, 4], np.int64)),
        ms.Tensor(np.array([1, 1], np.int64)), ms.Tensor(np.array([2, 5], np.int64)))),
]

# csr_mul / csr_div with a scalar return the new values (MindSpore's CPU has no kernel for the dense form)
CASES += [
    case("csr_mul/scalar", lambda ms, v: ms.ops.csr_mul(_csr(ms, v), 2.0), Raw(_V)),
    case("csr_mul/scalar_tensor", lambda ms, v: ms.ops.csr_mul(_csr(ms, v), ms.Tensor([[3.0]])), Raw(_V)),
    case("csr_div/scalar", lambda ms, v: ms.ops.csr_div(_csr(ms, v), 4.0), Raw(_V)),
    case("csr_div/int_values_scalar", lambda ms, v: ms.ops.csr_div(_csr(ms, v), 2), Raw(_VI)),
]

_VB = np.array([True, False, True])
# integer and bool values (MindSpore's CPU kernels accept only some of them)
CASES += [
    case("coo_abs/bool", lambda ms, v: _coo_parts(ms.ops.coo_abs(_coo(ms, v))), Raw(_VB)),
    case("csr_relu/bool", lambda ms, v: _csr_parts(ms.ops.csr_relu(_csr(ms, v))), Raw(_VB)),
    case("coo_isfinite/int64", lambda ms, v: _coo_parts(ms.ops.coo_isfinite(_coo(ms, v))), Raw(_VI.astype(np.int64))),
    case("csr_isnan/bool", lambda ms, v: _csr_parts(ms.ops.csr_isnan(_csr(ms, v))), Raw(_VB)),
    case("coo_sqrt/bool", lambda ms, v: _coo_parts(ms.ops.coo_sqrt(_coo(ms, v))), Raw(_VB)),
    case("coo_inv/int64", lambda ms, v: _coo_parts(ms.ops.coo_inv(_coo(ms, v))), Raw(_VI.astype(np.int64))),
    case("coo_exp/bad_int64", lambda ms, v: _coo_parts(ms.ops.coo_exp(_coo(ms, v))), Raw(_VI.astype(np.int64)),
         error=True),
    case("csr_log/bad_bool", lambda ms, v: _csr_parts(ms.ops.csr_log(_csr(ms, v))), Raw(_VB), error=True),
    case("coo_isinf/bad_int32", lambda ms, v: _coo_parts(ms.ops.coo_isinf(_coo(ms, v))), Raw(_VI), error=True),
    case("coo_round/bad_bool", lambda ms, v: _coo_parts(ms.ops.coo_round(_coo(ms, v))), Raw(_VB), error=True),
    case("csr_ceil/bad_int32", lambda ms, v: _csr_parts(ms.ops.csr_ceil(_csr(ms, v))), Raw(_VI), error=True),
    case("coo_neg/bad_bool", lambda ms, v: _coo_parts(ms.ops.coo_neg(_coo(ms, v))), Raw(_VB), error=True),
    case("coo_tanh/f16", lambda ms, v: _coo_parts(ms.ops.coo_tanh(_coo(ms, v))), Raw(_V.astype(np.float16))),
    case("csr_acosh/f16", lambda ms, v: _csr_parts(ms.ops.csr_acosh(_csr(ms, v))), Raw(_VP.astype(np.float16))),
]
