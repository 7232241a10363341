"""Primitive-style wrappers of ``mindspore.scipy.ops`` (``SolveTriangular``, ``LU``, ``Eig``,
``LinearSumAssignment``) over the functional implementations."""
import numpy as np
import jax.numpy as jnp
from jax import lax
from scipy.optimize import linear_sum_assignment as _host_lsa

from mscompat._checkparam import check_is_tensor
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.ops._args import arr
from mscompat.ops.primitive import Primitive
from mscompat.ops import eig as _eig
from mscompat.ops._linalg import Eigh  # noqa: F401  (MindSpore's ops.operations.linalg_ops.Eigh)

__all__ = []

_wrap = Tensor._wrap


_TRANS = {'N': 0, 'T': 1, 'C': 2}


def _triangular(a, b, trans, lower, unit_diagonal):
    """Solve ``op(a) x = b`` for batched ``a`` (..., M, M) and ``b`` (..., M) or (..., M, N)."""
    vector = b.ndim == a.ndim - 1
    rhs = b[..., None] if vector else b
    batch = jnp.broadcast_shapes(a.shape[:-2], rhs.shape[:-2])
    a_b = jnp.broadcast_to(a, batch + a.shape[-2:])
    rhs = jnp.broadcast_to(rhs, batch + rhs.shape[-2:])
    x = lax.linalg.triangular_solve(a_b, rhs, left_side=True, lower=lower, transpose_a=trans != 0,
                                    conjugate_a=trans == 2, unit_diagonal=unit_diagonal)
    return x[..., 0] if vector else x


def _solve_triangular_checked(a, b, trans, lower, unit_diagonal):
    name = "SolveTriangular"
    for arg, value in (("a", a), ("b", b)):
        check_is_tensor(arg, value, name, form="input")
    for arg, value in (("lower", lower), ("unit_diagonal", unit_diagonal)):
        if not isinstance(value, bool):
            raise TypeError(f"For '{name}', the argument '{arg}' must be bool, but got {type(value).__name__}.")
    if isinstance(trans, bool) or not isinstance(trans, int):
        raise TypeError(f"For '{name}', the argument 'trans' must be int or str, but got {type(trans).__name__}.")
    if trans not in (0, 1, 2):
        raise RuntimeError(f"For '{name}', 'trans' must be in [0, 1, 2, 'N', 'T', 'C'], but got [{trans}].")
    x, y = arr(a), arr(b)
    if x.ndim < 2:
        raise ValueError(f"For '{name}', dim of matrix a must greater or equal to 2, but got a at "
                         f"{x.ndim}-dimensional.")
    if x.shape[-1] != x.shape[-2]:
        raise ValueError(f"For '{name}', the last two dimensions of `a` should be the same, but got shape of "
                         f"{list(x.shape)}. Please make sure that the shape of `a` be like [..., N, N].")
    if y.ndim not in (x.ndim, x.ndim - 1):
        raise ValueError(f"For '{name}', the dimension of `b` should be 'a.dim' or 'a.dim' - 1, which is "
                         f"{x.ndim} or {x.ndim - 1}, but got {y.ndim}-dimensions.")
    vector = y.ndim == x.ndim - 1
    rows = y.shape[-1] if vector else y.shape[-2]
    if y.ndim < 1 or rows != x.shape[-1]:
        raise ValueError(f"For '{name}', the last two dimensions of `a` and `b` should be matched, but got shape "
                         f"of {list(x.shape)} and {list(y.shape)}. Please make sure that the shape of `a` and `b` "
                         f"be like [..., N, N] X [..., N, M] or [..., N, N] X [..., N].")
    batch_b = y.shape[:-1] if vector else y.shape[:-2]
    if tuple(batch_b) != tuple(x.shape[:-2]):
        raise ValueError(f"For '{name}', the batch dimensions of `a` and `b` should all be the same, but got shape "
                         f"of {list(x.shape)} and {list(y.shape)}. Please make sure that the shape of `a` and `b` "
                         f"be like [a, b, c, ..., N, N] X [a, b, c, ..., N, M] or [a, b, c, ..., N, N] X "
                         f"[a, b, c, ..., N].")
    if x.dtype != y.dtype:
        raise TypeError(f"For '{name}' the type of a and b must be same, but got type of a is "
                        f"{a.dtype} and type of b is {b.dtype}.")
    kind = x.dtype
    if jnp.issubdtype(kind, jnp.integer) or kind == jnp.bool_:
        x, y = x.astype(jnp.float32), y.astype(jnp.float32)
    elif kind == jnp.float16:
        out = _triangular(x.astype(jnp.float32), y.astype(jnp.float32), trans, lower, unit_diagonal)
        return _wrap(out.astype(jnp.float16))
    return _wrap(_triangular(x, y, trans, lower, unit_diagonal))


class SolveTriangular:
    """Callable ``(a, b) -> x`` solving a triangular system with fixed options."""

    def __init__(self, lower: bool = False, unit_diagonal: bool = False, trans: str = 'N'):
        self.lower = lower
        self.unit_diagonal = unit_diagonal
        self.trans = {'N': 0, 'T': 1, 'C': 2}.get(trans)

    def __call__(self, a, b):
        return _solve_triangular_checked(a, b, self.trans, self.lower, self.unit_diagonal)


class LU(Primitive):
    """Pivoted LU: ``(lu, pivots, permutation)`` with int32 pivots and permutation matrix."""

    def __init__(self):
        super().__init__("LU")

    def __call__(self, x):
        a = arr(x)
        packed, pivots, perm = lax.linalg.lu(a)
        k = min(a.shape[-2:])
        eye = jnp.eye(a.shape[-2], dtype=jnp.int32)
        p = jnp.swapaxes(eye[perm], -1, -2)[..., :k, :k]
        return _wrap(packed), _wrap(pivots.astype(jnp.int32)), _wrap(p)


class Eig(Primitive):
    """Eigenvalues (and eigenvectors if ``compute_v``) of a general square matrix, complex."""

    def __init__(self, compute_v=True):
        super().__init__("Eig")
        if not isinstance(compute_v, bool):
            raise TypeError(f"For 'Eig', the type of 'compute_v' should be bool, but got "
                            f"{type(compute_v).__name__}.")
        self.compute_v = compute_v
        self.add_prim_attr("compute_v", compute_v)

    def __call__(self, a):
        w, v = _eig(a)
        if self.compute_v:
            return w, v
        # eigenvalues only: the vectors' place holds a 0-d zero of the eigenvalues' dtype, as MindSpore's
        return w, Tensor._wrap(jnp.zeros((), w._data.dtype))


_LSA_TYPES = (mstype.float16, mstype.float32, mstype.float64, mstype.int8, mstype.int16, mstype.int32,
              mstype.int64, mstype.uint8, mstype.uint16, mstype.uint32, mstype.uint64, mstype.bool_)


class LinearSumAssignment(Primitive):
    """Optimal assignment of rows to columns of a 2-D cost matrix; the rows beyond
    ``dimension_limit`` columns are padded with -1."""

    def __init__(self):
        super().__init__("LinearSumAssignment")

    def __call__(self, cost_matrix, dimension_limit, maximize):
        name = "LinearSumAssignment"
        if not isinstance(cost_matrix, Tensor):
            raise TypeError(f"For primitive[{name}], the input argument[cost_matrix] must be a Tensor, but got "
                            f"{type(cost_matrix).__name__}.")
        if cost_matrix.dtype not in _LSA_TYPES:
            raise TypeError(f"For primitive[{name}], the input argument[cost_matrix] must be a type of a number "
                            f"or bool, but got {cost_matrix.dtype}.")
        if not isinstance(maximize, bool):
            raise TypeError(f"For primitive[{name}], the input argument[maximize] must be a type of {{Bool}}, "
                            f"but got {type(maximize).__name__.capitalize()}.")
        if not isinstance(dimension_limit, Tensor) or dimension_limit.dtype != mstype.int64:
            got = dimension_limit.dtype if isinstance(dimension_limit, Tensor) else type(dimension_limit).__name__
            raise TypeError(f"For primitive[{name}], the input argument[dimension_limit] must be a type of "
                            f"{{Int64}}, but got {got}.")
        cost = np.asarray(cost_matrix.asnumpy())
        if cost.ndim != 2:
            raise ValueError(f"For primitive[{name}], the cost_matrix rank must be equal to 2, but got "
                             f"{cost.ndim}.")
        limit = int(dimension_limit.asnumpy())
        cols = min(limit, cost.shape[1])
        size = min(cost.shape)
        rows_out = -np.ones(size, np.int64)
        cols_out = -np.ones(size, np.int64)
        if cols > 0 and cost.shape[0] > 0:
            r, c = _host_lsa(cost[:, :cols].astype(np.float64), maximize=maximize)
            rows_out[:len(r)] = r
            cols_out[:len(c)] = c
        return _wrap(jnp.asarray(rows_out)), _wrap(jnp.asarray(cols_out))
