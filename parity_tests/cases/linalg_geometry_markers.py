"""Gap cases (round 3, helper H2): linear algebra, geometry, einsum, metrics, embedding-cache,
device-move, store and graph-marker names.

Names whose kernel MindSpore 2.10's CPU build lacks (cpu_untestable.tsv: ConfusionMatrix,
Einsum, einsum_ext, MatrixExp, ormqr, Randperm, MoveTo, move_to, stop_gradient_) use
``ms_ref``: real MindSpore runs the op's documented math with ops its CPU build can run.
Their bad-input cases are the validations MindSpore runs before kernel selection.
"""
import socket
from datetime import timedelta

import numpy as np

from parity_tests.harness import case, F32, F16, F64, I32, I64


def _np(a, dt=np.float32):
    return np.array(a, dt)


# ---------------------------------------------------------------------------------------
# ConfusionMatrix: out[label, prediction] += weight (kernel missing on CPU)

_LAB = np.array([0, 1, 1, 3, 2, 1], np.int32)
_PRED = np.array([1, 2, 1, 3, 2, 0], np.int32)
_W = np.array([1.0, 2.0, 3.0, 4.0, 0.5, 2.0], np.float32)


def _cm_ref(ms, lab, pred, w=None, n=4):
    one = ms.Tensor(1.0, ms.float32)
    zero = ms.Tensor(0.0, ms.float32)
    lo = ms.ops.one_hot(lab, n, one, zero)
    po = ms.ops.one_hot(pred, n, one, zero)
    if w is not None:
        lo = lo * w.reshape(-1, 1)
    return ms.ops.matmul(lo.T, po).astype(lab.dtype)


CASES = [
    case("ConfusionMatrix/i32", lambda ms, l, p: ms.ops.ConfusionMatrix(4)(l, p), _LAB, _PRED,
         ms_ref=lambda ms, l, p: _cm_ref(ms, l, p)),
    case("ConfusionMatrix/weights", lambda ms, l, p, w: ms.ops.ConfusionMatrix(4)(l, p, w), _LAB, _PRED, _W,
         ms_ref=lambda ms, l, p, w: _cm_ref(ms, l, p, w)),
    case("ConfusionMatrix/i64_classes5", lambda ms, l, p: ms.ops.ConfusionMatrix(5)(l, p),
         _LAB.astype(np.int64), _PRED.astype(np.int64),
         ms_ref=lambda ms, l, p: _cm_ref(ms, l, p, n=5)),
    case("ConfusionMatrix/bad_num_classes", lambda ms: ms.ops.ConfusionMatrix(4.0), error=True),
    case("ConfusionMatrix/bad_dtype_arg", lambda ms: ms.ops.ConfusionMatrix(4, 1), error=True),
    case("ConfusionMatrix/bad_shape", lambda ms, l, p: ms.ops.ConfusionMatrix(4)(l, p), _LAB[:4], _PRED,
         error=True),
    case("ConfusionMatrix/bad_rank", lambda ms, l, p: ms.ops.ConfusionMatrix(4)(l, p),
         _LAB.reshape(2, 3), _PRED.reshape(2, 3), error=True),
]

# ---------------------------------------------------------------------------------------
# Einsum / einsum_ext (kernels missing on CPU; references written with matmul/sum/transpose)

_A = F32(2, 3)
_B = F32(3, 4, seed=11)
_V = F32(3, seed=12)
_U = F32(4, seed=13)

CASES += [
    case("Einsum/matmul", lambda ms, a, b: ms.ops.Einsum("ij,jk->ik")((a, b)), _A, _B,
         ms_ref=lambda ms, a, b: ms.ops.matmul(a, b)),
    case("Einsum/transpose", lambda ms, a: ms.ops.Einsum("ij->ji")((a,)), _A,
         ms_ref=lambda ms, a: a.T),
    case("Einsum/outer", lambda ms, v, u: ms.ops.Einsum("i,j->ij")((v, u)), _V, _U,
         ms_ref=lambda ms, v, u: v.reshape(3, 1) * u.reshape(1, 4)),
    case("Einsum/bad_equation_type", lambda ms: ms.ops.Einsum(3), error=True),
    case("Einsum/bad_two_arrows", lambda ms: ms.ops.Einsum("i->j->k"), error=True),
    case("einsum_ext/matmul", lambda ms, a, b: ms.ops.einsum_ext("ij,jk->ik", a, b), _A, _B,
         ms_ref=lambda ms, a, b: ms.ops.matmul(a, b)),
    case("einsum_ext/col_sum", lambda ms, a: ms.ops.einsum_ext("ij->j", a), _A,
         ms_ref=lambda ms, a: a.sum(0)),
    case("einsum_ext/outer_ji", lambda ms, v, u: ms.ops.einsum_ext("j,i->ji", v, u), _V, _U,
         ms_ref=lambda ms, v, u: v.reshape(3, 1) * u.reshape(1, 4)),
    case("einsum_ext/sublist", lambda ms, v, u: ms.ops.einsum_ext(v, [Ellipsis, 1], u, [Ellipsis, 2],
                                                                   [Ellipsis, 1, 2]), F32(2, 3), F32(2, 4),
         ms_ref=lambda ms, v, u: v.reshape(2, 3, 1) * u.reshape(2, 1, 4)),
    case("einsum_ext/sublist_no_out", lambda ms, a, b: ms.ops.einsum_ext(a, [0, 1], b, [1, 2]), _A, _B,
         ms_ref=lambda ms, a, b: ms.ops.matmul(a, b)),
    case("einsum_ext/bad_no_operands", lambda ms: ms.ops.einsum_ext("i->"), error=True),
    case("einsum_ext/bad_sublist_label", lambda ms, v: ms.ops.einsum_ext(v, [0, 60]), F32(2, 2), error=True),
]

# ---------------------------------------------------------------------------------------
# LuSolve (runs on CPU); pivots are 1-based row swaps of LU factorization

_LU = np.array([[4.0, 1.0, 2.0], [0.5, 3.0, -1.0], [0.25, 0.4, 2.5]], np.float32)

CASES += [
    case("LuSolve/f32", lambda ms, b, lu, p: ms.ops.LuSolve()(b, lu, p), F32(3, 2), _LU,
         _np([1, 2, 3], np.int32), rtol=1e-4, atol=1e-5),
    case("LuSolve/pivots", lambda ms, b, lu, p: ms.ops.LuSolve()(b, lu, p), F32(3, 1), _LU,
         _np([3, 3, 3], np.int32), rtol=1e-4, atol=1e-5),
    case("LuSolve/batched", lambda ms, b, lu, p: ms.ops.LuSolve()(b, lu, p), F32(2, 3, 2),
         np.stack([_LU, _LU.T + 2 * np.eye(3, dtype=np.float32)]), _np([[2, 2, 3], [1, 3, 3]], np.int32),
         rtol=1e-4, atol=1e-5),
    case("LuSolve/f16", lambda ms, b, lu, p: ms.ops.LuSolve()(b, lu, p), F16(3, 2), _LU.astype(np.float16),
         _np([1, 2, 3], np.int32), rtol=1e-2, atol=1e-2),
    # MindSpore's CPU kernel returns float64 but solves in float32 precision: float32 tolerance.
    case("LuSolve/f64", lambda ms, b, lu, p: ms.ops.LuSolve()(b, lu, p), F64(3, 2), _LU.astype(np.float64),
         _np([2, 3, 3], np.int32), rtol=1e-5, atol=1e-6),
    case("LuSolve/bad_pivots_rank", lambda ms, b, lu, p: ms.ops.LuSolve()(b, lu, p), F32(3, 2), _LU,
         np.array(1, np.int32), error=True),
    case("LuSolve/bad_pivots_dtype", lambda ms, b, lu, p: ms.ops.LuSolve()(b, lu, p), F32(3, 2), _LU,
         _np([1, 2, 3], np.int64), error=True),
    case("LuSolve/bad_x_dtype", lambda ms, b, lu, p: ms.ops.LuSolve()(b, lu, p), I32(3, 2),
         _LU.astype(np.int32), _np([1, 2, 3], np.int32), error=True),
    case("LuSolve/bad_dtype_mismatch", lambda ms, b, lu, p: ms.ops.LuSolve()(b, lu, p), F16(3, 2), _LU,
         _np([1, 2, 3], np.int32), error=True),
    case("LuSolve/bad_rank", lambda ms, b, lu, p: ms.ops.LuSolve()(b, lu, p), F32(3), _LU,
         _np([1, 2, 3], np.int32), error=True),
]

# ---------------------------------------------------------------------------------------
# MatrixExp (kernel missing on CPU): reference = Taylor series of a small-norm matrix


def _expm_ref(ms, a, terms=24):
    n = a.shape[-1]
    term = ms.ops.eye(n, n, a.dtype)
    if a.ndim == 3:
        term = ms.ops.tile(term.reshape(1, n, n), (a.shape[0], 1, 1))
    out = term
    for k in range(1, terms):
        term = ms.ops.matmul(term, a) / float(k)
        out = out + term
    return out


CASES += [
    case("MatrixExp/f32", lambda ms, a: ms.ops.MatrixExp()(a), F32(3, 3, low=-0.5, high=0.5),
         ms_ref=_expm_ref, rtol=1e-5, atol=1e-5),
    case("MatrixExp/f64_batched", lambda ms, a: ms.ops.MatrixExp()(a), F64(2, 2, 2, low=-0.5, high=0.5),
         ms_ref=_expm_ref, rtol=1e-10, atol=1e-10),
    case("MatrixExp/bad_nonsquare", lambda ms, a: ms.ops.MatrixExp()(a), F32(2, 3), error=True),
    case("MatrixExp/bad_rank", lambda ms, a: ms.ops.MatrixExp()(a), F32(3), error=True),
]

# ---------------------------------------------------------------------------------------
# NMSWithMask (runs on CPU)

_BOXES = np.array([[0, 0, 10, 10, 0.9], [1, 1, 11, 11, 0.8], [20, 20, 30, 30, 0.7],
                   [21, 19, 31, 29, 0.95], [0, 0, 5, 5, 0.6]], np.float32)

CASES += [
    case("NMSWithMask/f32", lambda ms, b: ms.ops.NMSWithMask(0.5)(b), _BOXES),
    case("NMSWithMask/low_threshold", lambda ms, b: ms.ops.NMSWithMask(0.1)(b), _BOXES),
    case("NMSWithMask/f16", lambda ms, b: ms.ops.NMSWithMask(0.3)(b), _BOXES.astype(np.float16)),
    case("NMSWithMask/bad_threshold_type", lambda ms, b: ms.ops.NMSWithMask(1)(b), _BOXES, error=True),
    case("NMSWithMask/bad_box_cols", lambda ms, b: ms.ops.NMSWithMask(0.5)(b), _BOXES[:, :4], error=True),
    case("NMSWithMask/bad_dtype", lambda ms, b: ms.ops.NMSWithMask(0.5)(b), _BOXES.astype(np.int32), error=True),
]

# ---------------------------------------------------------------------------------------
# Orgqr (runs on CPU) and ormqr (kernel missing: reference = Orgqr's Q times `other`)

_QA = F32(3, 3, seed=21)
_QT = F32(2, seed=22)
_QC = F32(3, 2, seed=23)

CASES += [
    case("Orgqr/f32", lambda ms, a, t: ms.ops.Orgqr()(a, t), _QA, _QT),
    case("Orgqr/tall", lambda ms, a, t: ms.ops.Orgqr()(a, t), F32(4, 3, seed=24), F32(3, seed=25)),
    case("Orgqr/f64_batched", lambda ms, a, t: ms.ops.Orgqr()(a, t), F64(2, 3, 2), F64(2, 2)),
    case("Orgqr/bad_tau_len", lambda ms, a, t: ms.ops.Orgqr()(a, t), _QA, F32(4), error=True),
    case("Orgqr/bad_dtype_mismatch", lambda ms, a, t: ms.ops.Orgqr()(a, t), _QA, F64(2), error=True),
    case("Orgqr/bad_wide", lambda ms, a, t: ms.ops.Orgqr()(a, t), F32(2, 3), F32(2), error=True),
    case("ormqr/left", lambda ms, a, t, c: ms.ops.ormqr(a, t, c), _QA, _QT, _QC,
         ms_ref=lambda ms, a, t, c: ms.ops.matmul(ms.ops.Orgqr()(a, t), c), atol=1e-5),
    case("ormqr/left_transpose", lambda ms, a, t, c: ms.ops.ormqr(a, t, c, True, True), _QA, _QT, _QC,
         ms_ref=lambda ms, a, t, c: ms.ops.matmul(ms.ops.Orgqr()(a, t).T, c), atol=1e-5),
    case("ormqr/right", lambda ms, a, t, c: ms.ops.ormqr(a, t, c, left=False), _QA, _QT, F32(2, 3, seed=26),
         ms_ref=lambda ms, a, t, c: ms.ops.matmul(c, ms.ops.Orgqr()(a, t)), atol=1e-5),
    case("ormqr/bad_rank", lambda ms, a, t, c: ms.ops.ormqr(a, t, c), F32(3), _QT, _QC, error=True),
    case("ormqr/bad_dtype_mismatch", lambda ms, a, t, c: ms.ops.ormqr(a, t, c), _QA, F64(2), _QC, error=True),
]

# ---------------------------------------------------------------------------------------
# Randperm (kernel missing on CPU): dtype/shape plus the permutation property


def _randperm_prop(ms, n, max_length, pad, dtype):
    out = ms.ops.Randperm(max_length=max_length, pad=pad, dtype=dtype)(ms.Tensor([n], ms.int32))
    head = ms.ops.sort(out[:n].astype(ms.float32))[0].astype(dtype)
    return out.dtype, out.shape, head, out[n:]


def _randperm_ref(ms, n, max_length, pad, dtype):
    return (dtype, (max_length,), ms.ops.arange(0, n, dtype=ms.int32).astype(dtype),
            ms.ops.full((max_length - n,), pad, dtype=dtype))


CASES += [
    case("Randperm/shape_dtype", lambda ms: ms.ops.Randperm(max_length=8)(ms.Tensor([5], ms.int32)),
         check_values=False, ms_ref=lambda ms: ms.ops.full((8,), -1, dtype=ms.int32)),
    case("Randperm/perm_i32", lambda ms: _randperm_prop(ms, 5, 8, -1, ms.int32),
         ms_ref=lambda ms: _randperm_ref(ms, 5, 8, -1, ms.int32)),
    case("Randperm/perm_f32_pad", lambda ms: _randperm_prop(ms, 6, 9, 7, ms.float32),
         ms_ref=lambda ms: _randperm_ref(ms, 6, 9, 7, ms.float32)),
    case("Randperm/perm_full_i64", lambda ms: _randperm_prop(ms, 4, 4, -1, ms.int64)[:3],
         ms_ref=lambda ms: _randperm_ref(ms, 4, 4, -1, ms.int64)[:3]),
    case("Randperm/bad_max_length", lambda ms: ms.ops.Randperm(max_length=0), error=True),
    case("Randperm/bad_pad", lambda ms: ms.ops.Randperm(max_length=3, pad=1.5), error=True),
    case("Randperm/bad_dtype", lambda ms: ms.ops.Randperm(max_length=3, dtype=ms.bool_), error=True),
]

# ---------------------------------------------------------------------------------------
# cartesian_prod, cov, cross, iou, trapz, vander (run on CPU)

_IOU_A = np.array([[0, 0, 10, 10], [1, 1, 5, 5], [2, 3, 8, 9]], np.float32)
_IOU_B = np.array([[0, 0, 5, 5], [4, 4, 12, 12]], np.float32)

CASES += [
    case("cartesian_prod/i32", lambda ms, a, b: ms.ops.cartesian_prod(a, b), _np([1, 2], np.int32),
         _np([3, 4, 5], np.int32)),
    case("cartesian_prod/three_f32", lambda ms, a, b, c: ms.ops.cartesian_prod(a, b, c), F32(2), F32(3, seed=3),
         F32(2, seed=4)),
    case("cartesian_prod/single", lambda ms, a: ms.ops.cartesian_prod(a), I64(4)),
    case("cartesian_prod/bad_rank", lambda ms, a, b: ms.ops.cartesian_prod(a, b), F32(2, 2), F32(3),
         error=True),
    case("cartesian_prod/bad_type", lambda ms: ms.ops.cartesian_prod([1, 2], [3]), error=True),
    case("cov/f32", lambda ms, x: ms.ops.cov(x), F32(3, 5)),
    case("cov/correction0", lambda ms, x: ms.ops.cov(x, correction=0), F32(2, 6)),
    case("cov/vector", lambda ms, x: ms.ops.cov(x), F32(6)),
    case("cov/fweights", lambda ms, x, f: ms.ops.cov(x, fweights=f), F32(2, 4), _np([1, 2, 3, 1], np.int32)),
    case("cov/aweights", lambda ms, x, a: ms.ops.cov(x, aweights=a), F32(2, 4), _np([0.5, 1.0, 2.0, 1.5])),
    case("cov/both_weights", lambda ms, x, f, a: ms.ops.cov(x, fweights=f, aweights=a), F32(3, 4),
         _np([1, 2, 1, 3], np.int32), _np([0.5, 1.0, 2.0, 1.5])),
    case("cov/bad_rank", lambda ms, x: ms.ops.cov(x), F32(2, 3, 4), error=True),
    case("cov/correction_float", lambda ms, x: ms.ops.cov(x, correction=1.5), F32(2, 5)),
    case("cov/bad_fweights_len", lambda ms, x, f: ms.ops.cov(x, fweights=f), F32(2, 4), _np([1, 2], np.int32),
         error=True),
    case("cov/bad_bool", lambda ms, x: ms.ops.cov(x), np.array([[True, False], [False, True]]), error=True),
    case("cov/bad_fweights_float", lambda ms, x, f: ms.ops.cov(x, fweights=f), F32(2, 4), F32(4), error=True),
    case("cross/f32", lambda ms, a, b: ms.ops.cross(a, b), F32(2, 3), F32(2, 3, seed=5)),
    case("cross/dim0", lambda ms, a, b: ms.ops.cross(a, b, dim=0), F32(3, 4), F32(3, 4, seed=6)),
    case("cross/i32", lambda ms, a, b: ms.ops.cross(a, b), I32(4, 3), I32(4, 3, seed=7)),
    case("cross/f64", lambda ms, a, b: ms.ops.cross(a, b, -1), F64(2, 2, 3), F64(2, 2, 3, seed=8)),
    case("cross/bad_no_dim3", lambda ms, a, b: ms.ops.cross(a, b), F32(2, 4), F32(2, 4), error=True),
    case("cross/bad_dim_size", lambda ms, a, b: ms.ops.cross(a, b, dim=1), F32(3, 4), F32(3, 4), error=True),
    case("cross/bad_dtype_mismatch", lambda ms, a, b: ms.ops.cross(a, b), F32(2, 3), I32(2, 3), error=True),
    case("iou/iou", lambda ms, a, b: ms.ops.iou(a, b), _IOU_A, _IOU_B),
    case("iou/iof", lambda ms, a, b: ms.ops.iou(a, b, mode="iof"), _IOU_A, _IOU_B),
    case("iou/f16", lambda ms, a, b: ms.ops.iou(a, b), _IOU_A.astype(np.float16), _IOU_B.astype(np.float16)),
    case("iou/bad_mode", lambda ms, a, b: ms.ops.iou(a, b, mode="bad"), _IOU_A, _IOU_B, error=True),
    case("iou/bad_cols", lambda ms, a, b: ms.ops.iou(a, b), _IOU_A[:, :3], _IOU_B, error=True),
    case("iou/bad_dtype", lambda ms, a, b: ms.ops.iou(a, b), _IOU_A.astype(np.int32), _IOU_B.astype(np.int32),
         error=True),
    case("trapz/f32", lambda ms, y: ms.ops.trapz(y), F32(2, 5)),
    case("trapz/dx", lambda ms, y: ms.ops.trapz(y, dx=0.5, dim=0), F32(4, 3)),
    case("trapz/x", lambda ms, y, x: ms.ops.trapz(y, x), F32(2, 4), _np([0.0, 0.5, 1.5, 3.0])),
    case("trapz/x_same_shape", lambda ms, y, x: ms.ops.trapz(y, x, dim=0), F32(3, 2), F32(3, 2, low=0, high=4)),
    case("trapz/f64", lambda ms, y: ms.ops.trapz(y), F64(6)),
    case("trapz/bad_dim", lambda ms, y: ms.ops.trapz(y, dim=3), F32(2, 3), error=True),
    case("trapz/bad_dx", lambda ms, y: ms.ops.trapz(y, dx="a"), F32(2, 3), error=True),
    case("trapz/bad_y", lambda ms: ms.ops.trapz([1.0, 2.0]), error=True),
    case("vander/f32", lambda ms, x: ms.ops.vander(x), _np([1.0, 2.0, 3.0])),
    case("vander/N", lambda ms, x: ms.ops.vander(x, N=4), F32(3)),
    case("vander/i32", lambda ms, x: ms.ops.vander(x, 3), _np([1, 2, -3, 4], np.int32)),
    case("vander/N0", lambda ms, x: ms.ops.vander(x, 0), F32(3)),
    case("vander/bad_rank", lambda ms, x: ms.ops.vander(x), F32(2, 2), error=True),
    case("vander/bad_N_neg", lambda ms, x: ms.ops.vander(x, -1), F32(3), error=True),
    case("vander/bad_N_type", lambda ms, x: ms.ops.vander(x, 2.0), F32(3), error=True),
    case("vander/bad_input", lambda ms: ms.ops.vander([1, 2]), error=True),
]

# ---------------------------------------------------------------------------------------
# SubAndFilter (runs on CPU)

_SF = np.array([1, 3, 5, 8, 9, 16, 14, 6], np.int32)

CASES += [
    case("SubAndFilter/i32", lambda ms, x: ms.ops.SubAndFilter()(x, 10, 5), _SF),
    case("SubAndFilter/i64", lambda ms, x: ms.ops.SubAndFilter()(x, 4, 0), _SF.astype(np.int64)),
    case("SubAndFilter/tensor_args", lambda ms, x: ms.ops.SubAndFilter()(x, ms.Tensor(7), ms.Tensor(3)), _SF),
    case("SubAndFilter/none_left", lambda ms, x: ms.ops.SubAndFilter()(x, 3, 100), _SF),
    case("SubAndFilter/bad_dtype", lambda ms, x: ms.ops.SubAndFilter()(x, 10, 5), _SF.astype(np.float32),
         error=True),
]

# ---------------------------------------------------------------------------------------
# stop_gradient_ (pyboost kernel missing on CPU): reference = out-of-place stop_gradient


def _sg_net(ms, x, y):
    out1 = ms.ops.matmul(x, y)
    out2 = ms.ops.matmul(x, y)
    ms.ops.stop_gradient_(out2)
    return out1, out2


def _sg_ref(ms, x, y):
    out1 = ms.ops.matmul(x, y)
    out2 = ms.ops.stop_gradient(ms.ops.matmul(x, y))
    return out1, out2


def _sg_mul(ms, x):
    y = x * 2.0
    ms.ops.stop_gradient_(y)
    return (y * x).sum()


CASES += [
    case("stop_gradient_/grad", lambda ms, x, y: ms.ops.grad(lambda a, b: _sg_net(ms, a, b))(x, y),
         F32(2, 3), F32(3, 3), ms_ref=lambda ms, x, y: ms.ops.grad(lambda a, b: _sg_ref(ms, a, b))(x, y)),
    case("stop_gradient_/forward", lambda ms, x, y: _sg_net(ms, x, y), F32(2, 3), F32(3, 3),
         ms_ref=_sg_ref),
    case("stop_gradient_/grad_mul", lambda ms, x: ms.ops.grad(lambda a: _sg_mul(ms, a))(x), F32(4),
         ms_ref=lambda ms, x: ms.ops.grad(lambda a: (ms.ops.stop_gradient(a * 2.0) * a).sum())(x)),
    case("stop_gradient_/bad_int", lambda ms: ms.ops.stop_gradient_(3), error=True),
    case("stop_gradient_/bad_list", lambda ms: ms.ops.stop_gradient_([1.0, 2.0]), error=True),
]

# ---------------------------------------------------------------------------------------
# MoveTo / move_to (kernel missing on CPU): a copy of the input on the target device


def _copy_ref(ms, x, *args):
    return ms.Tensor(x.asnumpy())


CASES += [
    case("move_to/cpu_f32", lambda ms, x: ms.ops.move_to(x, "CPU"), F32(2, 3), ms_ref=_copy_ref),
    case("move_to/default_i32", lambda ms, x: ms.ops.move_to(x), I32(4), ms_ref=_copy_ref),
    case("move_to/nonblocking", lambda ms, x: ms.ops.move_to(x, "CPU", False), F16(3), ms_ref=_copy_ref),
    case("move_to/list", lambda ms: ms.ops.move_to([1, 2, 3], "CPU"),
         ms_ref=lambda ms: ms.Tensor([1, 2, 3])),
    case("MoveTo/cpu", lambda ms, x: ms.ops.MoveTo()(x, "CPU"), F32(3, 2), ms_ref=_copy_ref),
    case("MoveTo/default", lambda ms, x: ms.ops.MoveTo()(x), I64(5), ms_ref=_copy_ref),
]

# ---------------------------------------------------------------------------------------
# ReduceOp constants, recompute_block (a graph marker: PyNative call returns None), TCPStore

CASES += [
    case("ReduceOp/constants", lambda ms: (ms.ops.ReduceOp.SUM, ms.ops.ReduceOp.MAX, ms.ops.ReduceOp.MIN,
                                            ms.ops.ReduceOp.PROD, ms.ops.ReduceOp.AVG)),
    case("ReduceOp/names", lambda ms: sorted(k for k in vars(ms.ops.ReduceOp) if not k.startswith("_"))),
    case("ReduceOp/operations", lambda ms: ms.ops.operations.ReduceOp.SUM == ms.ops.ReduceOp.SUM),
    case("recompute_block/call_fn", lambda ms: ms.ops.recompute_block(lambda x: x * 2)),
    case("recompute_block/call_tensor", lambda ms, x: ms.ops.recompute_block(x, True), F32(2)),
    case("recompute_block/composite", lambda ms: ms.ops.composite.recompute_block(3) is None),
]


_STORES = {}


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _store(ms):
    """One master store per framework process (MindSpore's C++ store is not robust to many)."""
    if ms.__name__ not in _STORES:
        _STORES[ms.__name__] = ms.ops.TCPStore("127.0.0.1", _free_port(), 1, True, timedelta(seconds=2))
    return _STORES[ms.__name__]


def _store_roundtrip(ms):
    s = _store(ms)
    s.delete_key("c")   # the counter starts unset even if the case runs twice in one process
    out = [s.set("k", "v1"), s.get("k"), s.set("kb", b"\x00\x01"), s.get("kb"), s.set("k", "v2"), s.get("k")]
    out += [s.add("c", 5), s.add("c", -2), s.get("c"), s.delete_key("k"), s.delete_key("k")]
    return [o if not isinstance(o, bytes) else o.decode("latin-1") for o in out]


CASES += [
    case("TCPStore/roundtrip", _store_roundtrip),
    case("TCPStore/attrs", lambda ms: sorted(k for k in dir(ms.ops.TCPStore) if not k.startswith("_"))),
    case("TCPStore/host", lambda ms: _store(ms).host),
    case("TCPStore/bad_port", lambda ms: ms.ops.TCPStore("127.0.0.1", 70000), error=True),
    case("TCPStore/bad_world_size", lambda ms: ms.ops.TCPStore("127.0.0.1", 1234, 0), error=True),
    case("TCPStore/bad_host", lambda ms: ms.ops.TCPStore(1, 1234), error=True),
    case("TCPStore/bad_port_type", lambda ms: ms.ops.TCPStore("127.0.0.1", "1234"), error=True),
    case("TCPStore/bad_timeout", lambda ms: ms.ops.TCPStore("127.0.0.1", 1234, 1, True, 5), error=True),
    case("TCPStore/bad_is_master", lambda ms: ms.ops.TCPStore("127.0.0.1", 1234, 1, 1), error=True),
    case("TCPStore/bad_set_value", lambda ms: _store(ms).set("k", 3), error=True),
    case("TCPStore/bad_add_amount", lambda ms: _store(ms).add("k", 1.5), error=True),
    case("TCPStore/bad_get_key", lambda ms: _store(ms).get(3), error=True),
    case("TCPStore/bad_delete_key", lambda ms: _store(ms).delete_key(None), error=True),
]
