"""``mindspore.scipy.linalg`` on JAX.

Every function checks its arguments the way MindSpore 2.10 does (2-D square inputs, a dtype
among int32/int64/float32/float64, bool flags that must really be bools) and returns MindSpore's
layouts: ``lu_factor`` gives int32 pivots, ``lu`` an int32 permutation matrix, integer inputs are
computed in float64. ``solve_triangular`` and ``lstsq`` follow MindSpore's batched kernels.
"""
from __future__ import absolute_import

import jax
import jax.numpy as jnp
from jax import lax

from mscompat._checkparam import check_is_tensor
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.ops._args import arr
from mscompat import numpy as mnp  # noqa: F401  (module names MindSpore's linalg exposes)
from mscompat import ops  # noqa: F401
from mscompat.ops import functional as F, operations as P  # noqa: F401
from mscompat.ops import Cholesky  # noqa: F401  (re-exported, as MindSpore's linalg does)
from .ops import LU, SolveTriangular, Eigh, _TRANS, _triangular, _solve_triangular_checked  # noqa: F401
from .utils_const import (FLOAT_OR_INT, _raise_value_error, check_dtype, check_square, check_solve,
                          check_tensor, check_type, check_value)

__all__ = ['block_diag', 'inv', 'cho_factor', 'cholesky',
           'cho_solve', 'eigh', 'lu_factor', 'lu', 'solve_triangular', 'lstsq']

_wrap = Tensor._wrap


def _is_concrete(a):
    return not isinstance(a, jax.core.Tracer)


def _as_float(a):
    """Integer matrices are computed in float64, as MindSpore casts them."""
    return a.astype(jnp.float64) if jnp.issubdtype(a.dtype, jnp.integer) else a


def _mT(a):
    return jnp.swapaxes(a, -1, -2)


def _bools(func_name, **flags):
    for name, value in flags.items():
        check_type(func_name, value, bool, name)


# ---------------------------------------------------------------------------------------
# triangular solves


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False, debug=None,
                     check_finite=True):
    """Solve ``a x = b`` (``trans`` 0/'N'), ``a^T x = b`` (1/'T') or ``a^H x = b`` (2/'C') for a
    triangular ``a`` of shape (*, M, M); ``b`` is (*, M) or (*, M, N). Only the triangle chosen
    by ``lower`` is read; ``unit_diagonal`` takes the diagonal as ones."""
    if isinstance(trans, str):
        code = _TRANS.get(trans)
        if code is None:
            _raise_value_error("For SolveTriangular, Augment[trans] must be one of [1, 2, 3,'N', 'T', 'C'].")
        trans = code
    return _solve_triangular_checked(a, b, trans, lower, unit_diagonal)


# ---------------------------------------------------------------------------------------
# block_diag, inv


def block_diag(*arrs):
    """Place the 0-D, 1-D or 2-D Tensors ``arrs`` along the diagonal of one matrix."""
    if not arrs:
        return _wrap(jnp.zeros((1, 0), jnp.float32))
    if any(arr(a).ndim > 2 for a in arrs):
        _raise_value_error("Arguments to mindspore.scipy.linalg.block_diag must have at most 2 dimensions.")
    mats = [jnp.atleast_2d(arr(a)) for a in arrs]
    kind = jnp.result_type(*mats)
    rows = sum(m.shape[0] for m in mats)
    cols = sum(m.shape[1] for m in mats)
    out = jnp.zeros((rows, cols), kind)
    r = c = 0
    for m in mats:
        out = out.at[r:r + m.shape[0], c:c + m.shape[1]].set(m.astype(kind))
        r += m.shape[0]
        c += m.shape[1]
    return _wrap(out)


def inv(a, overwrite_a=False, check_finite=True):
    """Inverse of the square matrix ``a`` (integer input gives float64)."""
    _bools("inv", overwrite_a=overwrite_a, check_finite=check_finite)
    check_tensor("inv", a)
    check_square("inv", a)
    check_dtype("inv", a, FLOAT_OR_INT)
    if a.shape[0] < 2:
        raise ValueError(f"For primitive[MatrixInverse], the row size must be greater than or equal to 2, but got "
                         f"{a.shape[0]}.")
    return _wrap(jnp.linalg.inv(_as_float(arr(a))))


# ---------------------------------------------------------------------------------------
# Cholesky


def _cholesky_lower(name, a):
    low = jnp.linalg.cholesky(a)
    if _is_concrete(low) and bool(jnp.isnan(low).any()):
        raise RuntimeError(f"For '{name}', Cholesky expects symmetric positive definite matrices as inputs.")
    return low


def _check_cholesky_args(func_name, a, lower, overwrite_a, check_finite):
    _bools(func_name, overwrite_a=overwrite_a, check_finite=check_finite, lower=lower)
    check_tensor(func_name, a)
    check_dtype(func_name, a, FLOAT_OR_INT)
    check_square(func_name, a)


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    """Cholesky factor of a Hermitian positive-definite ``a`` for :func:`cho_solve`: returns
    ``(c, lower)`` where ``c`` holds the factor (lower ``L`` or upper ``U = L^T``)."""
    _check_cholesky_args("cho_factor", a, lower, overwrite_a, check_finite)
    low = _cholesky_lower("cho_factor", _as_float(arr(a)))
    return _wrap(low if lower else _mT(low)), lower


def cholesky(a, lower=False, overwrite_a=False, check_finite=True):
    """Cholesky factor of ``a``: ``L`` with ``a = L L^*`` if ``lower`` else ``U`` with ``a = U^* U``."""
    _check_cholesky_args("cholesky", a, lower, overwrite_a, check_finite)
    low = _cholesky_lower("cholesky", _as_float(arr(a)))
    return _wrap(low if lower else _mT(low))


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    """Solve ``A x = b`` given ``cho_factor(A)``."""
    name = "cho_solve"
    c, lower = c_and_lower
    _bools(name, overwrite_b=overwrite_b, check_finite=check_finite, lower=lower)
    check_tensor(name, c, 'c')
    check_tensor(name, b, 'b')
    check_dtype(name, c, FLOAT_OR_INT, 'c')
    check_dtype(name, b, FLOAT_OR_INT, 'b')
    check_solve(name, c, b, 'c', 'b')
    cm, bm = arr(c), arr(b)
    if jnp.issubdtype(cm.dtype, jnp.integer):
        cm, bm = cm.astype(jnp.float64), bm.astype(jnp.float64)
    if lower:
        y = _triangular(cm, bm, 0, True, False)
        x = _triangular(cm, y, 1, True, False)
    else:
        y = _triangular(cm, bm, 1, False, False)
        x = _triangular(cm, y, 0, False, False)
    return _wrap(x)


# ---------------------------------------------------------------------------------------
# eigh


def eigh(a, b=None, lower=True, eigvals_only=False, overwrite_a=False,
         overwrite_b=False, turbo=True, eigvals=None, type=1, check_finite=True):  # pylint: disable=redefined-builtin
    """Eigenvalues (ascending) and, unless ``eigvals_only``, eigenvectors (columns) of a real
    symmetric or complex Hermitian ``a``, read from its ``lower`` (or upper) triangle. Only the
    standard problem (``b=None``, ``eigvals=None``) is supported, as in MindSpore."""
    name = 'eigh'
    _bools(name, lower=lower, eigvals_only=eigvals_only, overwrite_a=overwrite_a, overwrite_b=overwrite_b,
           turbo=turbo)
    check_type(name, type, int, 'type')
    _bools(name, check_finite=check_finite)
    check_tensor(name, a)
    check_dtype(name, a, FLOAT_OR_INT + (mstype.complex64, mstype.complex128))
    check_square(name, a)
    if b is not None:
        _raise_value_error(f"For '{name}', currently only case b=None of '{name}' is implemented.")
    if eigvals is not None:
        _raise_value_error(f"For '{name}', currently only case eigvals=None of '{name}' is implemented.")
    m = _as_float(arr(a))
    w, v = jnp.linalg.eigh(m, UPLO='L' if lower else 'U', symmetrize_input=False)
    w = w.astype(m.dtype)
    if eigvals_only:
        return _wrap(w)
    return _wrap(w), _wrap(v)


# ---------------------------------------------------------------------------------------
# LU


def lu_pivots_to_permutation(pivots, permutation_size: int):
    """Turn LAPACK-style row interchanges ``pivots`` (..., K) into a permutation (..., N)."""
    piv = arr(pivots)
    perm = lax.linalg.lu_pivots_to_permutation(piv.astype(jnp.int32), permutation_size)
    return _wrap(perm.astype(piv.dtype))


def _check_lu_args(name, a, **flags):
    _bools(name, **flags)
    check_tensor(name, a)
    check_dtype(name, a, FLOAT_OR_INT)


def lu_factor(a, overwrite_a=False, check_finite=True):
    """Pivoted LU of a square ``a``: the packed ``L\\U`` matrix and int32 pivot indices (row i
    was interchanged with row ``piv[i]``), ready for :func:`lu_solve`."""
    _check_lu_args("lu_factor", a, overwrite_a=overwrite_a, check_finite=check_finite)
    check_square("lu_factor", a)
    packed, pivots, _ = lax.linalg.lu(_as_float(arr(a)))
    return _wrap(packed), _wrap(pivots.astype(jnp.int32))


def lu(a, permute_l=False, overwrite_a=False, check_finite=True):
    """Pivoted LU ``a = P L U`` of an (M, N) matrix with M <= N: returns ``(P, L, U)`` (``P`` an
    int32 permutation matrix). ``permute_l=True`` raises TypeError as in MindSpore 2.10, whose
    int32 ``P`` cannot be multiplied with the float ``L``."""
    _check_lu_args("lu", a, permute_l=permute_l, overwrite_a=overwrite_a, check_finite=check_finite)
    check_value("lu", a.ndim, 2, 'a', 'dimension')
    m_a = _as_float(arr(a))
    packed, _, perm = lax.linalg.lu(m_a)
    m, n = m_a.shape
    if m > n:
        _raise_value_error("last two dimensions of LU decomposition must be row less or equal to col.")
    k = min(m, n)
    p = jnp.eye(m, dtype=jnp.int32)[perm].T
    low = jnp.tril(packed, -1)[:, :k] + jnp.eye(m, k, dtype=m_a.dtype)
    up = jnp.triu(packed)[:k, :]
    if permute_l:
        # MindSpore 2.10 multiplies its int32 P with the float L here, which its MatMul rejects
        raise TypeError(f"For 'MatMul', the type of 'x2' should be same as 'x1', but got 'x1' with type "
                        f"Tensor[Int32] and 'x2' with type Tensor[{mstype.from_numpy_dtype(low.dtype)}].")
    return _wrap(p), _wrap(low), _wrap(up)


def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    """Solve ``a x = b`` (``trans`` 0) or ``a^T x = b`` (1, 2) from ``lu_factor(a)``; ``b`` is
    (N, K). A 1-D ``b`` raises IndexError, as in MindSpore."""
    name = "lu_solve"
    lu_matrix, pivot = lu_and_piv
    _bools(name, overwrite_b=overwrite_b, check_finite=check_finite)
    check_tensor(name, lu_matrix, 'lu_matrix')
    check_tensor(name, b, 'b')
    check_tensor(name, pivot, 'pivot')
    check_dtype(name, lu_matrix, FLOAT_OR_INT, 'lu_matrix')
    check_dtype(name, b, FLOAT_OR_INT, 'b')
    check_dtype(name, pivot, (mstype.int32,), 'pivot')
    check_solve(name, lu_matrix, b, 'lu_matrix', 'b')
    check_value(name, pivot.ndim, 1, 'pivot', 'dimension')
    if lu_matrix.shape[1] != pivot.shape[0]:
        _raise_value_error(f"For '{name}', the last two dimensions of 'lu_matrix' and 'pivot' should be matched, "
                           f"but got shape of {tuple(lu_matrix.shape)} and {tuple(pivot.shape)}.")
    check_value(name, trans, (0, 1, 2), 'trans', 'value')
    packed, rhs = arr(lu_matrix), arr(b)
    if jnp.issubdtype(packed.dtype, jnp.integer):
        packed, rhs = packed.astype(jnp.float64), rhs.astype(jnp.float64)
    if rhs.ndim == 1:
        raise IndexError("too many indices for tensor of dimension1")
    perm = lax.linalg.lu_pivots_to_permutation(arr(pivot), pivot.shape[0])
    x = rhs[perm, :]
    if trans == 0:
        x = _triangular(packed, x, 0, True, True)
        x = _triangular(packed, x, 0, False, False)
    else:
        x = _triangular(packed, x, 1, False, False)
        x = _triangular(packed, x, 1, True, True)
    return _wrap(x.reshape(rhs.shape))


# ---------------------------------------------------------------------------------------
# det, lstsq


def det(a, overwrite_a=False, check_finite=True):
    """Determinant of a square matrix (integer input gives float64); 2x2 and 3x3 use the
    explicit expansion, larger matrices the LU product."""
    _bools("det", overwrite_a=overwrite_a, check_finite=check_finite)
    check_tensor("det", a)
    check_square("det", a)
    check_dtype("det", a, FLOAT_OR_INT)
    m = _as_float(arr(a))
    if m.shape[-2] == 2:
        return _wrap(m[0, 0] * m[1, 1] - m[0, 1] * m[1, 0])
    if m.shape[-2] == 3:
        return _wrap(m[0, 0] * m[1, 1] * m[2, 2] + m[0, 1] * m[1, 2] * m[2, 0] + m[0, 2] * m[1, 0] * m[2, 1]
                     - m[0, 2] * m[1, 1] * m[2, 0] - m[0, 0] * m[1, 2] * m[2, 1] - m[0, 1] * m[1, 0] * m[2, 2])
    packed, pivots, _ = lax.linalg.lu(m)
    swaps = jnp.count_nonzero(pivots != jnp.arange(m.shape[-1]), axis=-1)
    sign = -2. * (swaps % 2) + 1.
    return _wrap((sign * jnp.prod(jnp.diagonal(packed, axis1=-2, axis2=-1), axis=-1)).astype(m.dtype))


_DRIVERS = (None, "gels", "gelsy", "gelss", "gelsd")


def lstsq(A, B, rcond=None, driver=None):
    """Least-squares solution of ``A X = B`` for (*, M, N) ``A`` and (*, M, K) or (M,) ``B``.

    Returns ``(solution, residual, rank, singular_value)``; as in MindSpore's LstsqV2 the
    residuals exist for drivers gels/gelss/gelsd when M > N, the rank for gelsy/gelss/gelsd and
    the singular values for gelss/gelsd; the others are empty Tensors.
    """
    name = "LstsqV2"
    for arg, value in (("a", A), ("b", B)):
        check_is_tensor(arg, value, name, form="input")
    if driver not in _DRIVERS:
        raise ValueError(f"Failed to convert the value \"{driver}\" of input 'driver' of '{name}' to enum.")
    a, b = arr(A), arr(B)
    if a.dtype not in (jnp.float32, jnp.float64, jnp.complex64, jnp.complex128):
        raise TypeError(f"For '{name}', the type of 'a' should be one of [Float32, Float64, Complex64, "
                        f"Complex128], but got {A.dtype}.")
    if a.dtype != b.dtype:
        raise TypeError(f"For '{name}' the type of a and b must be same, but got type of a is {A.dtype} "
                        f"and type of b is {B.dtype}.")
    if a.ndim < 2:
        raise ValueError(f"For '{name}', dim of matrix a must greater or equal to 2, but got a at "
                         f"{a.ndim}-dimensional.")
    vector = b.ndim == a.ndim - 1
    if b.ndim < 1 or (b.shape[-1] if vector else b.shape[-2]) != a.shape[-2]:
        raise ValueError(f"For '{name}', the last two dimensions of `a` and `b` should be matched, but got shape "
                         f"of {list(a.shape)} and {list(b.shape)}.")
    driver = driver or "gelsy"
    rhs = b[..., None] if vector else b
    m, n = a.shape[-2:]
    u, s, vh = jnp.linalg.svd(a, full_matrices=False)
    cutoff = (jnp.finfo(a.dtype).eps * max(m, n)) * s[..., :1]
    keep = s > cutoff
    s_inv = jnp.where(keep, 1.0 / jnp.where(keep, s, 1.0), 0.0).astype(s.dtype)
    coeff = jnp.matmul(jnp.conj(_mT(u)), rhs) * s_inv[..., None]
    x = jnp.matmul(jnp.conj(_mT(vh)), coeff)
    real = s.dtype
    empty = jnp.zeros((0,), real)
    if driver in ("gels", "gelss", "gelsd") and m > n:
        resid = jnp.sum(jnp.abs(jnp.matmul(a, x) - rhs) ** 2, axis=-2).astype(real)
    else:
        resid = empty
    rank = (jnp.sum(keep, axis=-1).astype(jnp.int64) if driver != "gels" else jnp.zeros((0,), jnp.int64))
    sv = s if driver in ("gelss", "gelsd") else empty
    return _wrap(x[..., 0] if vector else x), _wrap(resid), _wrap(rank), _wrap(sv)
