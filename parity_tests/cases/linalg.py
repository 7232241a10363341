"""Linear algebra: trace, diagonal, Cross, determinants, Cholesky, QR, SVD, Eig, pinv, cond, sqrt.

Decompositions are unique only up to signs/phases and ordering (QR, SVD, Eig): those cases
compare invariants computed inside the case (reconstructions, |entries|, sorted values).
Values computed through a factorization in float32 differ between LAPACK (JAX) and Eigen
(MindSpore) by a few ulps times the condition number, so such cases widen rtol/atol
to 1e-4 (documented per case by the ``_LA`` tolerance).
"""
import numpy as np

from parity_tests.harness import case, Raw, F32, F64, I32, I64, BOOL

_LA = dict(rtol=1e-4, atol=1e-5)  # float32 factorizations: LAPACK vs Eigen rounding


def _spd(n, batch=(), seed=3, dtype=np.float32):
    rs = np.random.RandomState(seed)
    m = rs.uniform(-1, 1, size=batch + (n, n))
    return (m @ np.swapaxes(m, -1, -2) + n * np.eye(n)).astype(dtype)


def _np(t):
    return np.asarray(t.asnumpy())


def _svd_recon(ms, x, full=False):
    s, u, v = ms.ops.svd(x, full_matrices=full)
    s, u, v = _np(s), _np(u), _np(v)
    k = s.shape[-1]
    return s, (u[..., :, :k] * s[..., None, :]) @ np.conj(np.swapaxes(v[..., :, :k], -1, -2)), \
        np.abs(u[..., :, :k]), np.abs(v[..., :, :k])


def _qr_inv(q, r):
    q, r = _np(q), _np(r)
    return q @ r, np.abs(r), np.abs(q), q.shape, r.shape


def _eig_inv(w, v=None):
    w = _np(w)
    idx = np.lexsort((np.round(w.imag, 4), np.round(w.real, 4)))
    if v is None:
        return w.real[idx], w.imag[idx]
    return w.real[idx], w.imag[idx], np.abs(_np(v))[:, idx]


def _geqrf_inv(out):
    a, tau = out
    a, tau = _np(a), _np(tau)
    return np.abs(np.diagonal(a, axis1=-2, axis2=-1)), np.abs(np.triu(a)), a.dtype.name, tau.shape


_SQ = F32(3, 3)
_SQ4 = F32(4, 4, seed=11)

CASES = [
    # --- sqrt / rsqrt
    case("sqrt/f32", lambda ms, x: ms.ops.sqrt(x), F32(2, 3, low=0.1)),
    case("sqrt/int32_to_float", lambda ms, x: ms.ops.sqrt(x), I32(5) + 10),
    case("sqrt/int64", lambda ms: ms.ops.sqrt(ms.Tensor([4, 9, 2]))),
    case("sqrt/bool", lambda ms, x: ms.ops.sqrt(x), BOOL(4)),
    case("sqrt/f64", lambda ms, x: ms.ops.sqrt(x), F64(3, low=0.0)),
    case("sqrt/negative_nan", lambda ms, x: ms.ops.sqrt(x), F32(4, low=-2, high=-1)),
    case("sqrt/uint8", lambda ms: ms.ops.sqrt(ms.Tensor(np.array([1, 4, 200], np.uint8)))),
    case("sqrt/prim", lambda ms, x: ms.ops.Sqrt()(x), F32(3, low=0.5)),
    case("sqrt/bad_python_float", lambda ms: ms.ops.sqrt(4.0), error=True),
    case("sqrt/negative_int_nan", lambda ms: ms.ops.sqrt(ms.Tensor(np.array([-4, 0, 9], np.int32)))),
    case("sqrt/empty", lambda ms: ms.ops.sqrt(ms.Tensor(np.zeros((0, 3), np.float32)))),
    case("sqrt/c128", lambda ms: ms.ops.sqrt(ms.Tensor(np.array([-4 + 0j, 3 + 4j], np.complex128)))),
    case("sqrt/f16", lambda ms, x: ms.ops.sqrt(x), F32(5, low=0.0).astype(np.float16)),
    case("sqrt/bad_bf16", lambda ms: ms.ops.Sqrt()(ms.Tensor(np.ones(2, np.float32), ms.bfloat16)), error=True),
    case("sqrt/bad_list", lambda ms: ms.ops.sqrt([1.0, 4.0]), error=True),
    case("rsqrt/f32", lambda ms, x: ms.ops.rsqrt(x), F32(2, 3, low=0.5)),
    case("rsqrt/f64", lambda ms, x: ms.ops.rsqrt(x), F64(4, low=0.5)),
    case("rsqrt/prim", lambda ms, x: ms.ops.Rsqrt()(x), F32(3, low=0.5)),
    case("rsqrt/bad_int64", lambda ms: ms.ops.rsqrt(ms.Tensor([4, 9])), error=True),
    # --- trace / diagonal
    case("trace/f32", lambda ms, x: ms.ops.trace(x), F32(3, 4)),
    case("trace/int32", lambda ms, x: ms.ops.trace(x), I32(3, 3)),
    case("trace/int8", lambda ms: ms.ops.trace(ms.Tensor(np.arange(9, dtype=np.int8).reshape(3, 3)))),
    case("trace/prim", lambda ms, x: ms.ops.Trace()(x), F64(2, 2)),
    case("trace/bad_3d", lambda ms, x: ms.ops.trace(x), F32(2, 2, 2), error=True),
    case("trace/bad_bool", lambda ms, x: ms.ops.trace(x), BOOL(2, 2), error=True),
    case("diagonal/default", lambda ms, x: ms.ops.diagonal(x), F32(3, 4)),
    case("diagonal/offset_dims", lambda ms, x: ms.ops.diagonal(x, 1, 0, 2), F32(2, 3, 4)),
    case("diagonal/neg_offset", lambda ms, x: ms.ops.diagonal(x, -1, -1, -2), I32(2, 4, 3)),
    case("diagonal/bad_same_dim", lambda ms, x: ms.ops.diagonal(x, 0, 1, 1), F32(3, 3), error=True),
    case("diagonal/bad_1d", lambda ms, x: ms.ops.diagonal(x), F32(3), error=True),
    # --- Cross
    case("Cross/default_dim", lambda ms, x, y: ms.ops.Cross()(x, y), F32(2, 3), F32(2, 3, seed=5)),
    case("Cross/dim0_int32", lambda ms, x, y: ms.ops.Cross(dim=0)(x, y), I32(3, 2), I32(3, 2, seed=9)),
    case("Cross/f64_neg_dim", lambda ms, x, y: ms.ops.Cross(dim=-1)(x, y), F64(4, 3), F64(4, 3, seed=2)),
    case("Cross/bad_size", lambda ms, x, y: ms.ops.Cross(dim=1)(x, y), F32(3, 2), F32(3, 2), error=True),
    # --- determinants
    case("MatrixDeterminant/f32", lambda ms, x: ms.ops.MatrixDeterminant()(x), _SQ, **_LA),
    case("MatrixDeterminant/batch_f64", lambda ms, x: ms.ops.MatrixDeterminant()(x), F64(2, 3, 3)),
    case("MatrixDeterminant/bad_nonsquare", lambda ms, x: ms.ops.MatrixDeterminant()(x), F32(2, 3),
         error=True),
    case("MatrixDeterminant/bad_int", lambda ms, x: ms.ops.MatrixDeterminant()(x), I32(3, 3), error=True),
    case("LogMatrixDeterminant/f32", lambda ms, x: ms.ops.LogMatrixDeterminant()(x), _SQ4, **_LA),
    case("LogMatrixDeterminant/batch_f64", lambda ms, x: ms.ops.LogMatrixDeterminant()(x), F64(3, 2, 2)),
    case("LogMatrixDeterminant/bad_nonsquare", lambda ms, x: ms.ops.LogMatrixDeterminant()(x), F32(3, 2),
         error=True),
    # --- Cholesky
    case("Cholesky/lower", lambda ms, x: ms.ops.Cholesky()(x), _spd(3), **_LA),
    case("Cholesky/upper_batch", lambda ms, x: ms.ops.Cholesky(upper=True)(x), _spd(3, (2,)), **_LA),
    case("Cholesky/f64", lambda ms, x: ms.ops.Cholesky()(x), _spd(4, dtype=np.float64)),
    case("Cholesky/bad_nonsquare", lambda ms, x: ms.ops.Cholesky()(x), F32(2, 3), error=True),
    case("CholeskyInverse/lower", lambda ms, x: ms.ops.CholeskyInverse()(x),
         np.linalg.cholesky(_spd(3, dtype=np.float64)).astype(np.float32), **_LA),
    case("CholeskyInverse/upper_f64", lambda ms, x: ms.ops.CholeskyInverse(upper=True)(x),
         np.linalg.cholesky(_spd(3, seed=8, dtype=np.float64)).T.copy()),
    # --- QR (compared through Q@R, |Q| and |R|: signs of Q's columns are not unique)
    case("qr/reduced", lambda ms, x: _qr_inv(*ms.ops.qr(x)), F32(4, 3), **_LA),
    case("qr/complete", lambda ms, x: _qr_inv(*ms.ops.qr(x, "complete")), F32(4, 3), **_LA),
    case("qr/wide_f64", lambda ms, x: _qr_inv(*ms.ops.qr(x)), F64(2, 4)),
    case("qr/bad_mode", lambda ms, x: ms.ops.qr(x, "r"), F32(3, 3), error=True),
    case("Qr/full_matrices", lambda ms, x: _qr_inv(*ms.ops.Qr(True)(x)), F32(5, 3), **_LA),
    case("Qr/dtypes", lambda ms, x: [t.dtype for t in ms.ops.Qr()(x)] + [t.shape for t in ms.ops.Qr()(x)],
         F64(2, 4, 3)),
    case("geqrf/tall", lambda ms, x: _geqrf_inv(ms.ops.geqrf(x)), F32(4, 3), **_LA),
    case("geqrf/values_f64", lambda ms, x: ms.ops.geqrf(x), F64(3, 3)),
    case("Geqrf/prim", lambda ms, x: _geqrf_inv(ms.ops.Geqrf()(x)), F64(3, 5)),
    # --- SVD (s is unique; u, v up to signs: compare the reconstruction and |u|, |v|)
    case("svd/values_only", lambda ms, x: ms.ops.svd(x, compute_uv=False), F32(4, 3), **_LA),
    case("svd/reconstruct", lambda ms, x: _svd_recon(ms, x), F32(4, 3), **_LA),
    case("svd/wide_f64", lambda ms, x: _svd_recon(ms, x), F64(2, 5)),
    case("svd/batch", lambda ms, x: _svd_recon(ms, x), F64(2, 3, 3)),
    case("svd/shapes_full", lambda ms, x: [t.shape for t in ms.ops.svd(x, full_matrices=True)], F32(4, 2)),
    case("Svd/prim_dtypes", lambda ms, x: [t.dtype for t in ms.ops.Svd()(x)], F64(3, 3)),
    case("svd/bad_1d", lambda ms, x: ms.ops.svd(x), F32(4), error=True),
    # --- pinv, cond
    case("pinv/square", lambda ms, x: ms.ops.pinv(x), F64(3, 3)),
    case("pinv/tall_f32", lambda ms, x: ms.ops.pinv(x), F32(5, 3), **_LA),
    case("pinv/rank_deficient", lambda ms: ms.ops.pinv(ms.Tensor(np.array([[1., 2.], [2., 4.]], np.float64)))),
    case("pinv/hermitian", lambda ms, x: ms.ops.pinv(x, hermitian=True), _spd(3, dtype=np.float64)),
    case("pinv/bad_int", lambda ms, x: ms.ops.pinv(x), I32(3, 3), error=True),
    case("pinv/bad_1d", lambda ms, x: ms.ops.pinv(x), F32(3), error=True),
    case("cond/default", lambda ms, x: ms.ops.cond(x), _SQ4, **_LA),
    case("cond/fro", lambda ms, x: ms.ops.cond(x, "fro"), _SQ4, **_LA),
    case("cond/inf_f64", lambda ms, x: ms.ops.cond(x, float("inf")), F64(3, 3)),
    # --- eig (order and phase are not unique: sorted eigenvalues, |eigenvector entries|)
    case("eigvals/f32", lambda ms, x: _eig_inv(ms.ops.eigvals(x)), _SQ4, **_LA),
    case("eigvals/symmetric_f64", lambda ms, x: _eig_inv(ms.ops.eigvals(x)), _spd(4, dtype=np.float64),
         rtol=1e-9, atol=1e-9),
    case("eig/symmetric", lambda ms, x: _eig_inv(*ms.ops.eig(x)), _spd(3, dtype=np.float64),
         rtol=1e-9, atol=1e-9),
    case("eig/dtypes", lambda ms, x: [(t.dtype, t.shape) for t in ms.ops.eig(x)], F32(3, 3)),
    case("Eig/no_vectors", lambda ms, x: [(t.dtype, t.shape) for t in ms.ops.Eig()(x)], F64(3, 3)),
    case("eig/bad_nonsquare", lambda ms, x: ms.ops.eig(x), F32(2, 3), error=True),
]

# --- ResizeNearestNeighbor (assigned to this helper's list; NCHW nearest-neighbour resize)
CASES += [
    case("ResizeNearestNeighbor/up", lambda ms, x: ms.ops.ResizeNearestNeighbor((5, 7))(x), F32(1, 2, 3, 4)),
    case("ResizeNearestNeighbor/down", lambda ms, x: ms.ops.ResizeNearestNeighbor([2, 3])(x), F32(2, 1, 5, 7)),
    case("ResizeNearestNeighbor/align_corners", lambda ms, x: ms.ops.ResizeNearestNeighbor((5, 6), True)(x),
         F32(1, 1, 3, 4)),
    case("ResizeNearestNeighbor/int32", lambda ms, x: ms.ops.ResizeNearestNeighbor((4, 4))(x), I32(1, 1, 3, 3)),
    case("ResizeNearestNeighbor/bad_size_len", lambda ms, x: ms.ops.ResizeNearestNeighbor((4,))(x),
         F32(1, 1, 3, 3), error=True),
    case("ResizeNearestNeighbor/bad_3d", lambda ms, x: ms.ops.ResizeNearestNeighbor((4, 4))(x), F32(1, 3, 3),
         error=True),
    case("ResizeNearestNeighborV2/up", lambda ms, x: ms.ops.ResizeNearestNeighborV2()(
        x, ms.Tensor(np.array([6, 5], np.int32))), F32(1, 2, 3, 4)),
    case("ResizeNearestNeighborV2/align", lambda ms, x: ms.ops.ResizeNearestNeighborV2(True)(
        x, ms.Tensor(np.array([2, 7], np.int32))), F32(1, 1, 5, 4)),
    case("ResizeNearestNeighborV2/half_pixel", lambda ms, x: ms.ops.ResizeNearestNeighborV2(False, True)(
        x, ms.Tensor(np.array([3, 9], np.int32))), F32(2, 1, 4, 4)),
]


def _adamw(ms, w, m, v, g, decay=0.01):
    """AdamWeightDecay on Parameters: the Parameters after the in-place update, and the outputs'
    dtypes/shapes (MindSpore's CPU kernel leaves the returned Tensors' values undefined)."""
    pw, pm, pv = ms.Parameter(w, name="w"), ms.Parameter(m, name="m"), ms.Parameter(v, name="v")
    out = ms.ops.AdamWeightDecay()(pw, pm, pv, 0.01, 0.9, 0.999, 1e-8, decay, g)
    return [(t.dtype, t.shape) for t in out], pw.asnumpy(), pm.asnumpy(), pv.asnumpy()


CASES += [
    case("AdamWeightDecay/step", lambda ms, w, m, v, g: _adamw(ms, w, m, v, g), F32(3, 2), F32(3, 2, seed=4),
         F32(3, 2, low=0.0, high=1.0, seed=5), F32(3, 2, seed=6)),
    case("AdamWeightDecay/no_decay", lambda ms, w, m, v, g: _adamw(ms, w, m, v, g, 0.0), F32(4), F32(4, seed=4),
         F32(4, low=0.0, high=1.0, seed=5), F32(4, seed=6)),
    case("AdamWeightDecay/bad_shape", lambda ms, w, m, v, g: _adamw(ms, w, m, v, g), F32(3), F32(3), F32(3),
         F32(4), error=True),
]

# --- NonDeterministicInts (random: dtype and shape, plus a seed-independent property)
CASES += [
    case("NonDeterministicInts/int64", lambda ms: ms.ops.NonDeterministicInts()(ms.Tensor(np.array([2, 3], np.int32))),
         check_values=False),
    case("NonDeterministicInts/uint32", lambda ms: ms.ops.NonDeterministicInts(ms.uint32)(
        ms.Tensor(np.array([4, 2], np.int64))), check_values=False),
    case("NonDeterministicInts/int32_spread", lambda ms: bool(np.unique(ms.ops.NonDeterministicInts(ms.int32)(
        ms.Tensor(np.array([8, 8], np.int64))).asnumpy()).size > 32)),
    case("NonDeterministicInts/bad_1d_shape", lambda ms: ms.ops.NonDeterministicInts()(
        ms.Tensor(np.array([5], np.int64))), error=True),
    case("NonDeterministicInts/bad_tuple_shape", lambda ms: ms.ops.NonDeterministicInts()((2, 3)), error=True),
]

CASES += [
    case("Svd/no_uv_shapes", lambda ms, x: [(t.dtype, t.shape) for t in ms.ops.Svd(compute_uv=False)(x)],
         F32(3, 2)),
    case("Svd/bad_full_matrices_type", lambda ms, x: ms.ops.Svd(full_matrices=1)(x), F32(3, 3), error=True),
    case("cond/batch_f64", lambda ms, x: ms.ops.cond(x), F64(2, 3, 3), rtol=1e-9),
    case("Cholesky/bad_int", lambda ms, x: ms.ops.Cholesky()(x), I32(3, 3), error=True),
    case("Qr/bad_1d", lambda ms, x: ms.ops.Qr()(x), F32(4), error=True),
    case("geqrf/bad_int", lambda ms, x: ms.ops.geqrf(x), I32(3, 3), error=True),
    case("eigvals/bad_int", lambda ms, x: ms.ops.eigvals(x), I32(3, 3), error=True),
    case("diagonal/bad_dim_range", lambda ms, x: ms.ops.diagonal(x, 0, 0, 3), F32(3, 3), error=True),
]
