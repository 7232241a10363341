"""Row updates, index_add, LU unpack/solve, Householder products, ragged range, batch-to-space,
binary cross entropy, Bernoulli sampling, linspace/ScalarToTensor."""
import numpy as np

from parity_tests.harness import case, Raw, F32, I32

X23 = np.arange(6).reshape(2, 3).astype(np.float32)
ONE13 = np.ones((1, 3), np.float32)
ONE23 = np.ones((2, 3), np.float32)
LU = np.array([[2.0, 1, 1], [4, 3, 3], [8, 7, 9]], np.float32)
QR_A = np.array([[-114.6, 10.9, 1.1], [-0.3, -203.1, -0.8], [1.6, 0.2, -116.4]], np.float32)
TAU = np.array([1.1, 1.3, 0.0], np.float32)


def _param_after(ms, fn, x):
    p = ms.Parameter(x, name="p")
    out = fn(p)
    return out, p.value()


CASES = [
    case("inplace_add/int_index", lambda ms, x, v: ms.ops.inplace_add(x, v, 1), X23, ONE13),
    case("inplace_add/duplicate_rows", lambda ms, x, v: ms.ops.inplace_add(x, v, (1, 1)), X23, ONE23),
    case("inplace_add/int32", lambda ms: ms.ops.inplace_add(ms.Tensor(np.ones((2, 3), np.int32)),
                                                            ms.Tensor(np.ones((1, 3), np.int32)), 1)),
    case("inplace_add/size_bad", lambda ms, x, v: ms.ops.inplace_add(x, v, 1), X23, ONE23, error=True),
    case("inplace_add/not_mutating", lambda ms, x, v: (ms.ops.inplace_add(x, v, 0), x), X23, ONE13),
    case("inplace_sub/tuple", lambda ms, x, v: ms.ops.inplace_sub(x, v, (0, 1)), X23, ONE23),
    case("inplace_update/row", lambda ms, x, v: ms.ops.inplace_update(x, v, (1,)), X23, ONE13),
    case("InplaceAdd/prim", lambda ms, x, v: ms.ops.InplaceAdd((0, 1))(x, v), X23, ONE23),
    case("InplaceSub/prim", lambda ms, x, v: ms.ops.InplaceSub(1)(x, v), X23, ONE13),
    case("InplaceUpdate/prim", lambda ms, x, v: ms.ops.InplaceUpdate((1,))(x, v), X23, ONE13),
    case("InplaceUpdateV2/prim", lambda ms, x, v: ms.ops.InplaceUpdateV2()(x, ms.Tensor(np.array([1], np.int32)), v),
         X23, ONE13),
    case("inplace_index_add/axis1", lambda ms, x, u: _param_after(
        ms, lambda p: ms.ops.inplace_index_add(p, ms.Tensor(np.array([0, 1, 0], np.int32)), u, 1), x), X23, ONE23),
    case("InplaceIndexAdd/axis0", lambda ms, x, u: _param_after(
        ms, lambda p: ms.ops.InplaceIndexAdd(0)(p, ms.Tensor(np.array([1], np.int32)), u), x), X23, ONE13),
    case("IndexAdd/axis1", lambda ms, x: _param_after(
        ms, lambda p: ms.ops.IndexAdd(1)(p, ms.Tensor(np.array([0, 2], np.int32)),
                                         ms.Tensor(np.ones((2, 2), np.float32))), x), X23),
    case("lu_unpack/pivots", lambda ms, a: ms.ops.lu_unpack(a, ms.Tensor(np.array([3, 3, 3], np.int32))), LU),
    case("LuUnpack/prim", lambda ms, a: ms.ops.LuUnpack()(a, ms.Tensor(np.array([2, 3, 3], np.int32))), LU),
    case("lu_solve/f32", lambda ms, a: ms.ops.lu_solve(ms.Tensor(np.array([[1.0], [2], [3]], np.float32)), a,
                                                       ms.Tensor(np.array([2, 3, 3], np.int32))), LU),
    case("orgqr/f32", lambda ms, a, t: ms.ops.orgqr(a, t), QR_A, TAU, rtol=1e-4, atol=1e-4),
    case("RaggedRange/int", lambda ms: ms.ops.RaggedRange(ms.int64)(
        ms.Tensor(np.array([2, 5, 8], np.int32)), ms.Tensor(np.array([3, 5, 12], np.int32)),
        ms.Tensor(np.array([1, 1, 1], np.int32)))),
    case("RaggedRange/float_step", lambda ms: ms.ops.RaggedRange(ms.int32)(
        ms.Tensor(np.array([0.0, 1.0], np.float32)), ms.Tensor(np.array([1.0, 2.0], np.float32)),
        ms.Tensor(np.array([0.25, 0.5], np.float32)))),
    case("BatchToSpaceND/2x2", lambda ms: ms.ops.BatchToSpaceND([2, 2], [[0, 0], [0, 0]])(
        ms.Tensor(np.arange(4).reshape(4, 1, 1, 1).astype(np.float32)))),
    case("BatchToSpaceND/crops", lambda ms: ms.ops.BatchToSpaceND([2, 2], [[0, 1], [1, 0]])(
        ms.Tensor(np.arange(32).reshape(4, 2, 2, 2).astype(np.float32)))),
    case("BinaryCrossEntropy/mean_weight", lambda ms: ms.ops.BinaryCrossEntropy()(
        ms.Tensor(np.array([0.2, 0.7], np.float32)), ms.Tensor(np.array([0.0, 1.0], np.float32)),
        ms.Tensor(np.array([1.0, 2.0], np.float32)))),
    case("BinaryCrossEntropy/none", lambda ms, x, y: ms.ops.BinaryCrossEntropy("none")(x, y),
         F32(2, 3, low=0.05, high=0.95), F32(2, 3, low=0.0, high=1.0)),
    case("BinaryCrossEntropy/sum", lambda ms, x, y: ms.ops.BinaryCrossEntropy("sum")(x, y),
         F32(4, low=0.05, high=0.95), F32(4, low=0.0, high=1.0)),
    case("BinaryCrossEntropy/int_bad", lambda ms: ms.ops.BinaryCrossEntropy()(
        ms.Tensor(np.array([0, 1], np.int32)), ms.Tensor(np.array([0, 1], np.int32))), error=True),
    case("bernoulli/shape_dtype", lambda ms, x: ms.ops.bernoulli(x, 0.5, 1), X23, check_values=False),
    case("bernoulli/p_one", lambda ms, x: ms.ops.bernoulli(x, 1.0), X23),
    case("bernoulli/p_zero_values", lambda ms, x: ms.ops.bernoulli(x, 0.0), F32(3, 4)),
    case("bernoulli/binary_values", lambda ms, x: (lambda b: ms.ops.logical_or(ms.ops.equal(b, 0), ms.ops.equal(b, 1)))(
        ms.ops.bernoulli(x, 0.3)), F32(4, 5)),
    case("linspace/floats", lambda ms: ms.ops.linspace(0.0, 1.0, 5)),
    case("linspace/tensors", lambda ms: ms.ops.linspace(ms.Tensor(1.0), ms.Tensor(10.0), 4)),
    case("ScalarToTensor/int", lambda ms: ms.ops.ScalarToTensor()(3)),
    case("ScalarToTensor/dtype", lambda ms: ms.ops.ScalarToTensor()(3.5, ms.float16)),
]

LS_A = np.array([[2.0, 1, 1], [4, 3, 3], [8, 7, 9], [1, 1, 1]], np.float32)
LS_B = np.array([[1.0], [2], [3], [4]], np.float32)

CASES += [
    case("gumbel_softmax/shape_dtype", lambda ms, x: ms.ops.gumbel_softmax(x), F32(2, 3), check_values=False),
    case("gumbel_softmax/rows_sum_to_one", lambda ms, x: ms.ops.gumbel_softmax(x, 0.7).sum(-1), F32(3, 4)),
    case("gumbel_softmax/hard_one_hot", lambda ms, x: (lambda y: (y.sum(0), ms.ops.logical_or(
        ms.ops.equal(y, 0), ms.ops.equal(y, 1))))(ms.ops.gumbel_softmax(x, 0.5, True, 0)), F32(3, 4)),
    case("gumbel_softmax/f16", lambda ms, x: ms.ops.gumbel_softmax(x.astype(ms.float16)), F32(2, 3),
         check_values=False),
    case("gumbel_softmax/int_bad", lambda ms: ms.ops.gumbel_softmax(ms.Tensor([1, 2])), error=True),
    case("gumbel_softmax/tau_bad", lambda ms, x: ms.ops.gumbel_softmax(x, 0.0), F32(2, 3), error=True),
    case("gumbel_softmax/dim_bad", lambda ms, x: ms.ops.gumbel_softmax(x, 1.0, False, 2), F32(2, 3), error=True),
    case("Cauchy/shape_dtype", lambda ms: ms.ops.Cauchy([2, 3], 1.0, 0.5)(), check_values=False),
    case("MatrixSolveLs/fast_l2", lambda ms, a, b: ms.ops.MatrixSolveLs()(a, b, ms.Tensor(0.5, ms.float64)), LS_A, LS_B,
         rtol=1e-4, atol=1e-4),
    case("MatrixSolveLs/not_fast", lambda ms, a, b: ms.ops.MatrixSolveLs(False)(a, b, ms.Tensor(0.5, ms.float64)),
         LS_A, LS_B, rtol=1e-3, atol=1e-3),
]
