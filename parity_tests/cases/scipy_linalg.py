"""``mindspore.scipy.linalg``: inv, cholesky/cho_factor/cho_solve, eigh, lu/lu_factor/lu_solve,
det, solve_triangular, block_diag, lstsq, with MindSpore's dtype rules (integer input computed
in float64) and argument checks.

Eigenvectors are unique only up to sign (phase): eigh cases compare the reconstruction
``v diag(w) v^H`` and ``|v|``. Values computed through a float32 factorization differ between
LAPACK (JAX) and Eigen (MindSpore) by a few ulps times the condition number: those cases widen
the tolerance to ``_LA``.
"""
import importlib

import numpy as np

from parity_tests.harness import case, Raw, F32, F64, I32

_LA = dict(rtol=1e-4, atol=1e-5)  # float32 factorizations: LAPACK vs Eigen rounding


def _spd(n, seed=3, dtype=np.float32):
    rs = np.random.RandomState(seed)
    m = rs.uniform(-1, 1, size=(n, n))
    return (m @ m.T + n * np.eye(n)).astype(dtype)


def _sym(n, seed=5, dtype=np.float32):
    rs = np.random.RandomState(seed)
    m = rs.uniform(-1, 1, size=(n, n))
    return ((m + m.T) / 2 + np.diag(np.arange(n) * 2.0)).astype(dtype)


def _diag_dominant(n, seed=7, dtype=np.float32):
    rs = np.random.RandomState(seed)
    return (rs.uniform(-1, 1, size=(n, n)) + np.diag(rs.uniform(2, 4, size=n) * np.where(np.arange(n) % 2, 1, -1))
            ).astype(dtype)


def _tri(n, lower, seed=9, dtype=np.float32, batch=()):
    rs = np.random.RandomState(seed)
    m = rs.uniform(-1, 1, size=batch + (n, n)) + 3 * np.eye(n)
    return (np.tril(m) if lower else np.triu(m)).astype(dtype)


def _np(t):
    return np.asarray(t.asnumpy())


def _eigh_inv(out):
    w, v = _np(out[0]), _np(out[1])
    return w, (v * w[None, :]) @ np.conj(v.T), np.abs(v)


def L(ms):
    return importlib.import_module(ms.__name__ + ".scipy.linalg")  # not imported with mindspore


def _import_paths(ms):
    import importlib
    mod = importlib.import_module(ms.__name__ + ".scipy.linalg")
    return sorted(n for n in mod.__all__), callable(mod.eigh), callable(mod.det), callable(mod.lu_solve)


def _graph_cho_solve(ms, a, b):
    lin = L(ms)

    def solve(m, v):
        return lin.cho_solve(lin.cho_factor(m, lower=True), v)
    return ms.jit(solve)(a, b)


def _graph_solve_triangular(ms, a, b):
    lin = L(ms)

    def solve(m, v):
        return lin.solve_triangular(m, v, trans='T')
    return ms.jit(solve)(a, b)


def _graph_inv_det(ms, a):
    lin = L(ms)

    def both(m):
        return lin.inv(m), lin.det(m)
    return ms.jit(both)(a)


def _graph_eigvals(ms, a):
    lin = L(ms)

    def vals(m):
        return lin.eigh(m, eigvals_only=True)
    return ms.jit(vals)(a)


CASES = [
    case("scipy.linalg/all_names", _import_paths),
    # --- inv
    case("scipy.linalg/inv/f32", lambda ms, a: L(ms).inv(a), _diag_dominant(3), **_LA),
    case("scipy.linalg/inv/f64", lambda ms, a: L(ms).inv(a), _diag_dominant(4, dtype=np.float64)),
    case("scipy.linalg/inv/int32_to_f64", lambda ms: L(ms).inv(ms.Tensor(np.array([[1, 2], [3, 4]], np.int32)))),
    case("scipy.linalg/inv/int64_to_f64", lambda ms: L(ms).inv(ms.Tensor(np.array([[2, 1], [1, 3]], np.int64)))),
    case("scipy.linalg/inv/err_1x1", lambda ms: L(ms).inv(ms.Tensor(np.array([[4.0]], np.float32))), error=True),
    case("scipy.linalg/inv/flags", lambda ms, a: L(ms).inv(a, overwrite_a=True, check_finite=False),
         _diag_dominant(3, dtype=np.float64)),
    case("scipy.linalg/inv/err_f16", lambda ms: L(ms).inv(ms.Tensor(np.eye(2, dtype=np.float16))), error=True),
    case("scipy.linalg/inv/err_3d", lambda ms, a: L(ms).inv(a), F32(2, 2, 2), error=True),
    case("scipy.linalg/inv/err_nonsquare", lambda ms, a: L(ms).inv(a), F32(2, 3), error=True),
    case("scipy.linalg/inv/err_ndarray", lambda ms: L(ms).inv(np.eye(2)), error=True),
    case("scipy.linalg/inv/err_overwrite_int", lambda ms, a: L(ms).inv(a, overwrite_a=1), F32(2, 2), error=True),
    case("scipy.linalg/inv/err_check_finite_none", lambda ms, a: L(ms).inv(a, check_finite=None), F32(2, 2),
         error=True),
    # --- cholesky, cho_factor, cho_solve
    case("scipy.linalg/cholesky/upper_f32", lambda ms, a: L(ms).cholesky(a), _spd(4), **_LA),
    case("scipy.linalg/cholesky/lower_f32", lambda ms, a: L(ms).cholesky(a, lower=True), _spd(4), **_LA),
    case("scipy.linalg/cholesky/f64", lambda ms, a: L(ms).cholesky(a, lower=True), _spd(5, dtype=np.float64)),
    case("scipy.linalg/cholesky/int_to_f64",
         lambda ms: L(ms).cholesky(ms.Tensor(np.array([[4, 2], [2, 3]], np.int32)), lower=True)),
    case("scipy.linalg/cholesky/doc_example",
         lambda ms: L(ms).cholesky(ms.Tensor(np.array([[1, 2], [2, 5]], np.float32)), lower=True)),
    case("scipy.linalg/cholesky/err_not_pd",
         lambda ms: L(ms).cholesky(ms.Tensor(np.array([[1., 2], [2, 1]], np.float32))), error=True),
    case("scipy.linalg/cholesky/err_lower_int", lambda ms, a: L(ms).cholesky(a, lower=1), _spd(2), error=True),
    case("scipy.linalg/cholesky/err_nonsquare", lambda ms, a: L(ms).cholesky(a), F32(2, 3), error=True),
    case("scipy.linalg/cholesky/err_bool", lambda ms: L(ms).cholesky(ms.Tensor(np.eye(2, dtype=np.bool_))),
         error=True),
    case("scipy.linalg/cholesky/err_list", lambda ms: L(ms).cholesky([[1.0, 0.0], [0.0, 1.0]]), error=True),
    case("scipy.linalg/cho_factor/upper", lambda ms, a: L(ms).cho_factor(a)[0], _spd(4), **_LA),
    case("scipy.linalg/cho_factor/lower_flag", lambda ms, a: L(ms).cho_factor(a, lower=True)[1], _spd(3)),
    case("scipy.linalg/cho_factor/lower_triangle",
         lambda ms, a: np.tril(_np(L(ms).cho_factor(a, lower=True)[0])), _spd(4), **_LA),
    case("scipy.linalg/cho_factor/err_1d", lambda ms, a: L(ms).cho_factor(a), F32(3), error=True),
    case("scipy.linalg/cho_solve/upper_vec",
         lambda ms, a, b: L(ms).cho_solve(L(ms).cho_factor(a), b), _spd(4), F32(4), **_LA),
    case("scipy.linalg/cho_solve/lower_mat",
         lambda ms, a, b: L(ms).cho_solve(L(ms).cho_factor(a, lower=True), b), _spd(4), F32(4, 2), **_LA),
    case("scipy.linalg/cho_solve/f64",
         lambda ms, a, b: L(ms).cho_solve(L(ms).cho_factor(a), b), _spd(5, dtype=np.float64), F64(5, 3)),
    case("scipy.linalg/cho_solve/int_factor",
         lambda ms: L(ms).cho_solve((ms.Tensor(np.array([[2, 0], [1, 3]], np.int32)), True),
                                    ms.Tensor(np.array([1, 2], np.int32)))),
    case("scipy.linalg/cho_solve/err_shape",
         lambda ms, a, b: L(ms).cho_solve(L(ms).cho_factor(a), b), _spd(2), F32(3), error=True),
    case("scipy.linalg/cho_solve/err_dtype",
         lambda ms, a, b: L(ms).cho_solve(L(ms).cho_factor(a), b), _spd(2), F64(2), error=True),
    case("scipy.linalg/cho_solve/err_b_3d",
         lambda ms, a, b: L(ms).cho_solve(L(ms).cho_factor(a), b), _spd(2), F32(2, 1, 1), error=True),
    case("scipy.linalg/cho_solve/err_lower_str",
         lambda ms, a, b: L(ms).cho_solve((a, "lower"), b), _spd(2), F32(2), error=True),
    case("scipy.linalg/cho_solve/err_b_ndarray",
         lambda ms, a: L(ms).cho_solve((a, True), np.ones(2, np.float32)), _spd(2), error=True),
    # --- eigh
    case("scipy.linalg/eigh/f32", lambda ms, a: _eigh_inv(L(ms).eigh(a)), _sym(4), **_LA),
    case("scipy.linalg/eigh/f64", lambda ms, a: _eigh_inv(L(ms).eigh(a)), _sym(5, dtype=np.float64)),
    case("scipy.linalg/eigh/upper", lambda ms, a: _eigh_inv(L(ms).eigh(a, lower=False)),
         _sym(4, dtype=np.float64)),
    case("scipy.linalg/eigh/reads_lower_only",
         lambda ms, a: L(ms).eigh(ms.Tensor(np.tril(_np(a))), eigvals_only=True), _sym(4, dtype=np.float64)),
    case("scipy.linalg/eigh/reads_upper_only",
         lambda ms, a: L(ms).eigh(ms.Tensor(np.triu(_np(a))), lower=False, eigvals_only=True),
         _sym(4, dtype=np.float64)),
    case("scipy.linalg/eigh/eigvals_only", lambda ms, a: L(ms).eigh(a, eigvals_only=True), _sym(4), **_LA),
    case("scipy.linalg/eigh/int_to_f64",
         lambda ms: _eigh_inv(L(ms).eigh(ms.Tensor(np.array([[2, 1], [1, 3]], np.int64))))),
    case("scipy.linalg/eigh/complex128",
         lambda ms: _eigh_inv(L(ms).eigh(ms.Tensor(np.array([[2, 1j], [-1j, 3]], np.complex128)))),
         rtol=1e-12, atol=1e-12),  # reconstruction rounding (LAPACK vs Eigen); complex128 has no default
    case("scipy.linalg/eigh/doc_example",
         lambda ms: _eigh_inv(L(ms).eigh(ms.Tensor([[6, 3, 1, 5], [3, 0, 5, 1], [1, 5, 6, 2], [5, 1, 2, 2]],
                                                   ms.float64)))),
    case("scipy.linalg/eigh/err_b", lambda ms, a: L(ms).eigh(a, b=a), _sym(2), error=True),
    case("scipy.linalg/eigh/err_eigvals", lambda ms, a: L(ms).eigh(a, eigvals=(0, 1)), _sym(2), error=True),
    case("scipy.linalg/eigh/err_lower_int", lambda ms, a: L(ms).eigh(a, lower=0), _sym(2), error=True),
    case("scipy.linalg/eigh/err_type_float", lambda ms, a: L(ms).eigh(a, type=1.0), _sym(2), error=True),
    case("scipy.linalg/eigh/err_turbo", lambda ms, a: L(ms).eigh(a, turbo="yes"), _sym(2), error=True),
    case("scipy.linalg/eigh/err_nonsquare", lambda ms, a: L(ms).eigh(a), F32(2, 3), error=True),
    case("scipy.linalg/eigh/err_f16", lambda ms: L(ms).eigh(ms.Tensor(np.eye(2, dtype=np.float16))), error=True),
    # --- lu_factor, lu, lu_solve
    case("scipy.linalg/lu_factor/f64", lambda ms, a: L(ms).lu_factor(a), _diag_dominant(4, dtype=np.float64)),
    case("scipy.linalg/lu_factor/f32", lambda ms, a: L(ms).lu_factor(a), F32(4, 4, seed=21), **_LA),
    case("scipy.linalg/lu_factor/pivots_swap",
         lambda ms: L(ms).lu_factor(ms.Tensor(np.array([[2, 5, 8, 7], [5, 2, 2, 8], [7, 5, 6, 6], [5, 4, 4, 8]],
                                                       np.float64)))),
    case("scipy.linalg/lu_factor/int_to_f64",
         lambda ms: L(ms).lu_factor(ms.Tensor(np.array([[1, 3], [4, 2]], np.int32)))),
    case("scipy.linalg/lu_factor/err_nonsquare", lambda ms, a: L(ms).lu_factor(a), F32(2, 3), error=True),
    case("scipy.linalg/lu_factor/err_flag", lambda ms, a: L(ms).lu_factor(a, overwrite_a="no"), F32(2, 2),
         error=True),
    case("scipy.linalg/lu/square_f64", lambda ms, a: L(ms).lu(a), F64(4, 4, seed=22)),
    case("scipy.linalg/lu/square_f32", lambda ms, a: L(ms).lu(a), F32(3, 3, seed=23), **_LA),
    case("scipy.linalg/lu/wide", lambda ms, a: L(ms).lu(a), F64(2, 4, seed=24)),
    # MindSpore 2.10 multiplies its int32 permutation matrix with the float L and fails
    case("scipy.linalg/lu/err_permute_l_matmul", lambda ms, a: L(ms).lu(a, permute_l=True), F64(3, 3, seed=25),
         error=True),
    case("scipy.linalg/lu/int_to_f64",
         lambda ms: L(ms).lu(ms.Tensor(np.array([[1, 3, 2], [4, 2, 1], [2, 7, 5]], np.int64)))),
    case("scipy.linalg/lu/reconstruct",
         lambda ms, a: (lambda p, l, u: _np(p).astype(np.float64) @ _np(l) @ _np(u))(*L(ms).lu(a)),
         F64(4, 4, seed=26)),
    case("scipy.linalg/lu/err_tall", lambda ms, a: L(ms).lu(a), F32(3, 2), error=True),
    case("scipy.linalg/lu/err_3d", lambda ms, a: L(ms).lu(a), F32(2, 2, 2), error=True),
    case("scipy.linalg/lu/err_permute_int", lambda ms, a: L(ms).lu(a, permute_l=1), F32(2, 2), error=True),
    case("scipy.linalg/lu_solve/mat_f64",
         lambda ms, a, b: L(ms).lu_solve(L(ms).lu_factor(a), b), _diag_dominant(4, dtype=np.float64), F64(4, 2)),
    case("scipy.linalg/lu_solve/trans1",
         lambda ms, a, b: L(ms).lu_solve(L(ms).lu_factor(a), b, trans=1), _diag_dominant(4, dtype=np.float64),
         F64(4, 3)),
    case("scipy.linalg/lu_solve/trans2",
         lambda ms, a, b: L(ms).lu_solve(L(ms).lu_factor(a), b, trans=2), _diag_dominant(3, dtype=np.float64),
         F64(3, 1)),
    case("scipy.linalg/lu_solve/f32",
         lambda ms, a, b: L(ms).lu_solve(L(ms).lu_factor(a), b), _diag_dominant(3), F32(3, 2), **_LA),
    case("scipy.linalg/lu_solve/err_vector_b",
         lambda ms, a, b: L(ms).lu_solve(L(ms).lu_factor(a), b), _diag_dominant(3), F32(3), error=True),
    case("scipy.linalg/lu_solve/err_trans3",
         lambda ms, a, b: L(ms).lu_solve(L(ms).lu_factor(a), b, trans=3), _diag_dominant(2), F32(2, 1), error=True),
    case("scipy.linalg/lu_solve/err_pivot_int64",
         lambda ms, a, b: L(ms).lu_solve((a, ms.Tensor(np.array([0, 1], np.int64))), b), _diag_dominant(2),
         F32(2, 1), error=True),
    case("scipy.linalg/lu_solve/err_pivot_len",
         lambda ms, a, b: L(ms).lu_solve((a, ms.Tensor(np.array([0, 1, 2], np.int32))), b), _diag_dominant(2),
         F32(2, 1), error=True),
    case("scipy.linalg/lu_solve/err_shape",
         lambda ms, a, b: L(ms).lu_solve(L(ms).lu_factor(a), b), _diag_dominant(2), F32(3, 1), error=True),
    case("scipy.linalg/lu_solve/err_dtype",
         lambda ms, a, b: L(ms).lu_solve(L(ms).lu_factor(a), b), _diag_dominant(2), F64(2, 1), error=True),
    # --- det
    case("scipy.linalg/det/2x2", lambda ms, a: L(ms).det(a), F32(2, 2, seed=31)),
    case("scipy.linalg/det/3x3", lambda ms, a: L(ms).det(a), F32(3, 3, seed=32)),
    case("scipy.linalg/det/4x4_f32", lambda ms, a: L(ms).det(a), F32(4, 4, seed=33), **_LA),
    case("scipy.linalg/det/5x5_f64", lambda ms, a: L(ms).det(a), F64(5, 5, seed=34)),
    case("scipy.linalg/det/1x1", lambda ms: L(ms).det(ms.Tensor(np.array([[-3.5]], np.float64)))),
    case("scipy.linalg/det/int_to_f64", lambda ms: L(ms).det(ms.Tensor(np.array([[1, 2], [3, 4]])))),
    case("scipy.linalg/det/doc_example",
         lambda ms: L(ms).det(ms.Tensor(np.array([[0, 2, 3], [4, 5, 6], [7, 8, 9]]).astype(np.float64)))),
    case("scipy.linalg/det/odd_permutation",
         lambda ms: L(ms).det(ms.Tensor(np.array([[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 3.]])))),
    case("scipy.linalg/det/err_nonsquare", lambda ms, a: L(ms).det(a), F32(2, 3), error=True),
    case("scipy.linalg/det/err_batch", lambda ms, a: L(ms).det(a), F32(2, 2, 2), error=True),
    case("scipy.linalg/det/err_f16", lambda ms: L(ms).det(ms.Tensor(np.eye(2, dtype=np.float16))), error=True),
    # --- solve_triangular
    case("scipy.linalg/solve_triangular/lower_vec",
         lambda ms, a, b: L(ms).solve_triangular(a, b, lower=True), _tri(4, True), F32(4)),
    case("scipy.linalg/solve_triangular/upper_mat",
         lambda ms, a, b: L(ms).solve_triangular(a, b), _tri(4, False), F32(4, 3)),
    case("scipy.linalg/solve_triangular/trans_T",
         lambda ms, a, b: L(ms).solve_triangular(a, b, trans='T', lower=True), _tri(3, True, dtype=np.float64),
         F64(3, 2)),
    case("scipy.linalg/solve_triangular/trans_1",
         lambda ms, a, b: L(ms).solve_triangular(a, b, trans=1), _tri(3, False, dtype=np.float64), F64(3)),
    case("scipy.linalg/solve_triangular/trans_C_real",
         lambda ms, a, b: L(ms).solve_triangular(a, b, trans='C'), _tri(3, False, dtype=np.float64), F64(3)),
    case("scipy.linalg/solve_triangular/unit_diagonal",
         lambda ms, a, b: L(ms).solve_triangular(a, b, lower=True, unit_diagonal=True), _tri(4, True), F32(4, 2)),
    case("scipy.linalg/solve_triangular/ignores_other_triangle",
         lambda ms, a, b: L(ms).solve_triangular(a, b, lower=True), F64(3, 3, seed=41) + 3 * np.eye(3), F64(3)),
    case("scipy.linalg/solve_triangular/batched",
         lambda ms, a, b: L(ms).solve_triangular(a, b, lower=True), _tri(3, True, batch=(2,)), F32(2, 3, 2)),
    case("scipy.linalg/solve_triangular/batched_vec",
         lambda ms, a, b: L(ms).solve_triangular(a, b), _tri(3, False, batch=(2,)), F32(2, 3)),
    case("scipy.linalg/solve_triangular/int32_to_f32",
         lambda ms: L(ms).solve_triangular(ms.Tensor(np.array([[2, 0], [1, 4]], np.int32)),
                                           ms.Tensor(np.array([2, 5], np.int32)), lower=True)),
    case("scipy.linalg/solve_triangular/complex_C",
         lambda ms: L(ms).solve_triangular(ms.Tensor(np.array([[2, 1j], [0, 3]], np.complex128)),
                                           ms.Tensor(np.array([1, 1j], np.complex128)), trans='C')),
    case("scipy.linalg/solve_triangular/doc_example",
         lambda ms: L(ms).solve_triangular(ms.Tensor(np.array([[3, 0, 0, 0], [2, 1, 0, 0], [1, 0, 1, 0],
                                                               [1, 1, 1, 1]], np.float32)),
                                           ms.Tensor(np.array([3, 1, 3, 4], np.float32)), lower=True)),
    case("scipy.linalg/solve_triangular/err_trans_str",
         lambda ms, a, b: L(ms).solve_triangular(a, b, trans='X'), _tri(2, True), F32(2), error=True),
    case("scipy.linalg/solve_triangular/err_trans_int",
         lambda ms, a, b: L(ms).solve_triangular(a, b, trans=5), _tri(2, True), F32(2), error=True),
    case("scipy.linalg/solve_triangular/err_dtype",
         lambda ms, a, b: L(ms).solve_triangular(a, b), _tri(2, True), F64(2), error=True),
    case("scipy.linalg/solve_triangular/err_shape",
         lambda ms, a, b: L(ms).solve_triangular(a, b), _tri(3, True), F32(2), error=True),
    case("scipy.linalg/solve_triangular/err_1d_a",
         lambda ms, a, b: L(ms).solve_triangular(a, b), F32(3), F32(3), error=True),
    case("scipy.linalg/solve_triangular/err_nonsquare",
         lambda ms, a, b: L(ms).solve_triangular(a, b), F32(2, 3), F32(2), error=True),
    case("scipy.linalg/solve_triangular/err_lower_int",
         lambda ms, a, b: L(ms).solve_triangular(a, b, lower=1), _tri(2, True), F32(2), error=True),
    case("scipy.linalg/solve_triangular/err_ndarray",
         lambda ms: L(ms).solve_triangular(np.eye(2), np.ones(2)), error=True),
    # --- block_diag
    case("scipy.linalg/block_diag/two", lambda ms, a, b: L(ms).block_diag(a, b), F32(2, 2), F32(1, 3)),
    case("scipy.linalg/block_diag/mixed_ranks",
         lambda ms: L(ms).block_diag(ms.Tensor(np.ones((2, 2), np.int32)), ms.Tensor(np.ones((1,), np.float32)),
                                     ms.Tensor(np.array(3, np.int32)))),
    case("scipy.linalg/block_diag/ints", lambda ms, a, b: L(ms).block_diag(a, b), I32(2, 3), I32(1, 1)),
    case("scipy.linalg/block_diag/single", lambda ms, a: L(ms).block_diag(a), F64(2, 3)),
    case("scipy.linalg/block_diag/empty", lambda ms: L(ms).block_diag()),
    case("scipy.linalg/block_diag/err_3d", lambda ms, a: L(ms).block_diag(a), F32(1, 1, 1), error=True),
    # --- inside compiled functions (GRAPH_MODE)
    case("scipy.linalg/graph/cho_solve", _graph_cho_solve, _spd(4), F32(4, 2), mode="graph", **_LA),
    case("scipy.linalg/graph/solve_triangular", _graph_solve_triangular, _tri(3, False, dtype=np.float64), F64(3),
         mode="graph"),
    case("scipy.linalg/graph/inv_det", _graph_inv_det, _diag_dominant(3, dtype=np.float64), mode="graph"),
    case("scipy.linalg/graph/eigvals", _graph_eigvals, _sym(4, dtype=np.float64), mode="graph"),
    # --- lstsq
    case("scipy.linalg/lstsq/square_default", lambda ms, a, b: L(ms).lstsq(a, b), _diag_dominant(4), F32(4, 2),
         **_LA),
    case("scipy.linalg/lstsq/tall_gelsd", lambda ms, a, b: L(ms).lstsq(a, b, driver="gelsd"), F64(6, 3, seed=51),
         F64(6, 2, seed=52)),
    case("scipy.linalg/lstsq/tall_gelss", lambda ms, a, b: L(ms).lstsq(a, b, driver="gelss"), F64(5, 2, seed=53),
         F64(5, 1, seed=54)),
    case("scipy.linalg/lstsq/tall_gels", lambda ms, a, b: L(ms).lstsq(a, b, driver="gels"), F64(5, 3, seed=55),
         F64(5, 2, seed=56)),
    case("scipy.linalg/lstsq/tall_gelsy", lambda ms, a, b: L(ms).lstsq(a, b, driver="gelsy"), F64(5, 3, seed=57),
         F64(5, 2, seed=58)),
    case("scipy.linalg/lstsq/vector_b", lambda ms, a, b: L(ms).lstsq(a, b, driver="gelsd"), F64(4, 2, seed=59),
         F64(4, seed=60)),
    case("scipy.linalg/lstsq/wide_gelsd", lambda ms, a, b: L(ms).lstsq(a, b, driver="gelsd"), F64(2, 4, seed=61),
         F64(2, 3, seed=62)),
    case("scipy.linalg/lstsq/batched", lambda ms, a, b: L(ms).lstsq(a, b, driver="gelsd"), F64(3, 4, 2, seed=63),
         F64(3, 4, 1, seed=64)),
    case("scipy.linalg/lstsq/err_driver", lambda ms, a, b: L(ms).lstsq(a, b, driver="xx"), F32(4, 2), F32(4, 1),
         error=True),
    case("scipy.linalg/lstsq/err_int", lambda ms, a, b: L(ms).lstsq(a, b), I32(4, 2), I32(4, 1), error=True),
    case("scipy.linalg/lstsq/err_dtype", lambda ms, a, b: L(ms).lstsq(a, b), F32(4, 2), F64(4, 1), error=True),
    case("scipy.linalg/lstsq/err_shape", lambda ms, a, b: L(ms).lstsq(a, b), F32(4, 2), F32(3, 1), error=True),
    case("scipy.linalg/lstsq/err_1d", lambda ms, a, b: L(ms).lstsq(a, b), F32(4), F32(4), error=True),
]
