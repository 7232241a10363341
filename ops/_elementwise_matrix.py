"""Small matrix and stacking helpers of the elementwise family's name list: determinants
(det/MatrixDeterminant, slogdet/LogMatrixDeterminant), inverses, solves, Cholesky (cholesky/
Cholesky), matrix power, triangular indices, stacking, windows."""
import itertools
import numbers

import numpy as np
import jax.numpy as jnp
import jax.scipy.linalg as jsl

from mscompat.common import _layout
from mscompat.common import dtype as mstype
from mscompat.common._promotion import promote_types
from ._args import arr, Tensor, to_np_dtype
from ._registry import op, primitive, WHITE
from ._elementwise import _kind, _dtype_error, _need_tensor
from ._creation import _linspace
from ._creation import scalar_to_tensor

_wrap = Tensor._wrap
_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)


def _square_matrix(prim, x, allowed="fc", arg="x"):
    a = _need_tensor(prim, x, arg)
    if _kind(a.dtype) not in allowed:
        raise _dtype_error(prim, arg, a.dtype, allowed)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"For '{prim}', the input must be a batch of square matrices (shape [..., M, M]), "
                         f"but got shape {tuple(a.shape)}.")
    return a


def _failed_call(name, attrs, arg, x):
    return TypeError(f'Failed calling {name} with "{name}({attrs})({arg}={type(x).__name__.capitalize()})".')


def _det_input(name, x):
    """The input of MatrixDeterminant / LogMatrixDeterminant (ops.det, ops.slogdet): a batch
    of square float or complex matrices, checked with MindSpore's messages."""
    if not isinstance(x, Tensor):
        raise _failed_call(name, "", "input", x)
    a = arr(x)
    if _kind(a.dtype) not in "fc":
        raise _dtype_error(name, "x", a.dtype, "fc")
    if a.ndim < 2:
        raise ValueError(f"For primitive[{name}], the x rank must be greater than or equal to 2, but got {a.ndim}.")
    if a.shape[-1] != a.shape[-2]:
        raise ValueError(f"For primitive[{name}], the row size must be equal to {a.shape[-2]}, "
                         f"but got {a.shape[-1]}.")
    return a


# --- transposes ------------------------------------------------------------------------------


@op("adjoint")
def adjoint(x):
    """Conjugate transpose of the last two dimensions."""
    a = _need_tensor("adjoint", x, "x")
    if a.ndim < 2:
        raise ValueError(f"For 'adjoint', the input must have at least 2 dimensions, but got {a.ndim}.")
    a = jnp.swapaxes(a, -1, -2)
    return _wrap(jnp.conj(a) if _kind(a.dtype) == "c" else a)


@op("t", method="t")
def t(input):
    """Transpose of a 2-D Tensor; other ranks are returned unchanged (as MindSpore, 3-D included)."""
    a = _need_tensor("t", input)
    return _layout.permuted(_wrap(a.T), input, (1, 0)) if a.ndim == 2 else _wrap(a)


@op("view_as_real")
def view_as_real(input):
    """A complex Tensor as a real one with a trailing dimension of size 2 (real, imag)."""
    a = _need_tensor("view_as_real", input)
    if _kind(a.dtype) != "c":
        raise TypeError(f"For 'view_as_real', the dtype of input must be complex, but got {a.dtype}.")
    return _wrap(jnp.stack([jnp.real(a), jnp.imag(a)], axis=-1))


# --- at-least / stacking ----------------------------------------------------------------------


def _atleast(name, fn):
    def impl(inputs):
        if isinstance(inputs, Tensor):
            return _wrap(fn(arr(inputs)))
        if isinstance(inputs, (list, tuple)):
            out = []
            for v in inputs:
                if not isinstance(v, Tensor):
                    raise TypeError(f"For '{name}', each element of 'inputs' must be a Tensor, but got "
                                    f"{type(v).__name__}.")
                out.append(_wrap(fn(arr(v))))
            return type(inputs)(out)
        raise TypeError(f"For '{name}', the input must be a Tensor or a list/tuple of Tensors, but got "
                        f"{type(inputs).__name__}.")
    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = f"``{name}``: view the input(s) with at least that many dimensions (numpy semantics)."
    return op(name)(impl)


_atleast("atleast_1d", jnp.atleast_1d)
_atleast("atleast_2d", jnp.atleast_2d)
_atleast("atleast_3d", jnp.atleast_3d)


def _tensor_seq(name, tensors):
    if not isinstance(tensors, (list, tuple)) or not tensors:
        raise TypeError(f"For '{name}', the input must be a non-empty list or tuple of Tensors, but got "
                        f"{type(tensors).__name__}.")
    arrs = []
    for v in tensors:
        if not isinstance(v, Tensor):
            raise TypeError(f"For '{name}', each element of the input must be a Tensor, but got {type(v).__name__}.")
        arrs.append(arr(v))
    dt = arrs[0].dtype
    for v in arrs[1:]:
        dt = promote_types(dt, v.dtype, name)
    return [v.astype(dt) for v in arrs]


@op("vstack")
def vstack(inputs):
    """Stack Tensors row-wise (1-D inputs become rows)."""
    return _wrap(jnp.vstack(_tensor_seq("vstack", inputs)))


@op("row_stack")
def row_stack(tensors):
    """Alias of :func:`vstack`."""
    return _wrap(jnp.vstack(_tensor_seq("row_stack", tensors)))


@op("dstack")
def dstack(tensors):
    """Stack Tensors along a third axis (numpy semantics)."""
    return _wrap(jnp.dstack(_tensor_seq("dstack", tensors)))


@op("block_diag")
def block_diag(*inputs):
    """A block-diagonal matrix of the inputs (0-D and 1-D inputs are taken as one row)."""
    arrs = _tensor_seq("block_diag", list(inputs))
    mats = []
    for v in arrs:
        if v.ndim > 2:
            raise ValueError(f"For 'block_diag', each input must have at most 2 dimensions, but got {v.ndim}.")
        mats.append(v.reshape(1, -1) if v.ndim < 2 else v)
    return _wrap(jsl.block_diag(*mats))


@op("rot90")
def rot90(input, k, dims):
    """Rotate by 90 degrees ``k`` times in the plane of the two axes ``dims``."""
    a = _need_tensor("rot90", input)
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise TypeError(f"For 'rot90', the type of 'k' must be int, but got {type(k).__name__}.")
    if not isinstance(dims, (list, tuple)) or len(dims) != 2:
        raise ValueError(f"For 'rot90', 'dims' must be a list or tuple of 2 axes, but got {dims}.")
    d0, d1 = (int(d) % a.ndim for d in dims)
    if d0 == d1:
        raise ValueError(f"For 'rot90', the two axes in 'dims' must differ, but got {dims}.")
    return _wrap(jnp.rot90(a, int(k), axes=(d0, d1)))


@op("diag_embed")
def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """Tensor whose diagonals (planes ``dim1``, ``dim2``, shifted by ``offset``) hold the last axis of ``input``."""
    a = _need_tensor("diag_embed", input)
    n = a.shape[-1] + abs(offset)
    nd = a.ndim + 1
    d1, d2 = dim1 % nd, dim2 % nd
    if d1 == d2:
        raise ValueError("For 'diag_embed', 'dim1' and 'dim2' must be different.")
    eye = jnp.eye(n, k=offset, dtype=a.dtype)
    idx = jnp.arange(a.shape[-1])
    rows = idx + max(-offset, 0)
    cols = idx + max(offset, 0)
    out = jnp.zeros(a.shape[:-1] + (n, n), a.dtype).at[..., rows, cols].set(a)
    del eye
    # the new axes are the last two; move them to (d1, d2)
    order = [None] * nd
    order[d1], order[d2] = nd - 2, nd - 1
    rest = iter(range(nd - 2))
    order = [o if o is not None else next(rest) for o in order]
    return _wrap(jnp.transpose(out, order))


@op("mv", amp=WHITE, ascend_cube=True)
def mv(mat, vec):
    """Matrix-vector product."""
    m, v = _need_tensor("mv", mat, "mat"), _need_tensor("mv", vec, "vec")
    if m.ndim != 2 or v.ndim != 1:
        raise ValueError(f"For 'mv', 'mat' must be 2-D and 'vec' 1-D, but got shapes {tuple(m.shape)} and "
                         f"{tuple(v.shape)}.")
    if m.shape[1] != v.shape[0]:
        raise ValueError(f"For 'mv', the columns of 'mat' ({m.shape[1]}) must equal the size of 'vec' ({v.shape[0]}).")
    if m.dtype != v.dtype:
        raise TypeError(f"For 'mv', 'mat' and 'vec' must have the same dtype, but got {m.dtype} and {v.dtype}.")
    return _wrap(jnp.matmul(m, v))


@op("dist")
def dist(input, other, p=2):
    """``p``-norm of ``input - other`` (broadcast), as a 0-D Tensor; ``p`` an int."""
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'dist', 'input' must be a tensor, but got {type(input)}")
    if not isinstance(other, Tensor):
        raise TypeError(f"For 'dist', 'other' must be a tensor, but got {type(other)}")
    if isinstance(p, bool) or not isinstance(p, numbers.Integral):
        raise TypeError(f"For 'LpNorm', the type of 'p' should be 'int', but got type '{type(p).__name__}'.")
    a, b = arr(input), arr(other)
    dt = promote_types(a.dtype, b.dtype, "dist")
    z = (a.astype(dt) - b.astype(dt)).reshape(-1)
    az = jnp.abs(z)
    if p == 0:
        return _wrap(jnp.sum(az != 0).astype(dt))
    if p == 1:
        return _wrap(jnp.sum(az))
    if p == 2:
        return _wrap(jnp.sqrt(jnp.sum(az * az)))
    return _wrap(jnp.sum(az ** p) ** (1.0 / p))


@op("cosine_similarity")
def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    """``sum(x1 * x2, dim) / max(||x1|| * ||x2||, eps)``."""
    a, b = _need_tensor("cosine_similarity", x1, "x1"), _need_tensor("cosine_similarity", x2, "x2")
    dt = promote_types(a.dtype, b.dtype, "cosine_similarity")
    a, b = a.astype(dt), b.astype(dt)
    num = jnp.sum(a * b, axis=dim)
    den = jnp.sqrt(jnp.sum(a * a, axis=dim)) * jnp.sqrt(jnp.sum(b * b, axis=dim))
    return _wrap(num / jnp.maximum(den, jnp.asarray(eps, dt)))


@op("combinations")
def combinations(input, r=2, with_replacement=False):
    """All length-``r`` combinations of the elements of a 1-D Tensor, one per row."""
    a = _need_tensor("combinations", input)
    if a.ndim != 1:
        raise ValueError(f"For 'combinations', the input must be 1-D, but got {a.ndim}-D.")
    if isinstance(r, bool) or not isinstance(r, int):
        raise TypeError(f"For 'combinations', the type of 'r' must be int, but got {type(r).__name__}.")
    gen = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    idx = np.asarray(list(gen(range(a.shape[0]), r)), np.int64).reshape(-1, r)
    if idx.size == 0:
        return _wrap(jnp.zeros((0,) if r != 0 else (0,), a.dtype))
    return _wrap(a[jnp.asarray(idx)])


def _tri_indices(row, col, offset, lower, dtype):
    for n, v in (("row", row), ("col", col), ("offset", offset)):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise TypeError(f"For '{'tril' if lower else 'triu'}_indices', the type of '{n}' must be int, but got "
                            f"{type(v).__name__}.")
    if row < 0 or col < 0:
        raise ValueError(f"For '{'tril' if lower else 'triu'}_indices', 'row' and 'col' must be non-negative.")
    fn = np.tril_indices if lower else np.triu_indices
    r, c = fn(int(row), int(offset), int(col))
    return _wrap(jnp.asarray(np.stack([r, c]).astype(to_np_dtype(dtype))))


@op("tril_indices")
def tril_indices(row, col, offset=0, *, dtype=mstype.int64):
    """Indices (2, N) of the lower triangle of a ``row`` x ``col`` matrix."""
    return _tri_indices(row, col, offset, True, dtype)


@op("triu_indices")
def triu_indices(row, col, offset=0, *, dtype=mstype.int64):
    """Indices (2, N) of the upper triangle of a ``row`` x ``col`` matrix."""
    return _tri_indices(row, col, offset, False, dtype)


primitive("TrilIndices", None, attrs=(("row", 0), ("col", 0), ("offset", 0), ("dtype", mstype.int32)),
          call=lambda prim: _tri_indices(prim.row, prim.col, prim.offset, True, prim.dtype))
primitive("TriuIndices", None, attrs=(("row", 0), ("col", 0), ("offset", 0), ("dtype", mstype.int32)),
          call=lambda prim: _tri_indices(prim.row, prim.col, prim.offset, False, prim.dtype))


# --- windows and spaces -----------------------------------------------------------------------


def _window_len(name, n):
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise TypeError(f"For '{name}', 'window_length' must be int, but got {type(n).__name__}.")
    if n < 0:
        raise ValueError(f"For '{name}', 'window_length' must be non-negative, but got {n}.")
    return int(n)


def _window_dtype(name, dtype):
    if dtype is None:
        return _F64
    dt = to_np_dtype(dtype)
    if _kind(dt) != "f":
        raise TypeError(f"For '{name}', 'dtype' must be a float type, but got {dtype}.")
    return dt


def _window(name, window_length, periodic, dtype, fn):
    """Window ``fn(k, m)`` over points ``k = 0..n-1`` (float64 numpy; ``m = n + 1`` when periodic)."""
    n = _window_len(name, window_length)
    dt = _window_dtype(name, dtype)
    if n == 1:
        return _wrap(jnp.ones((1,), dt))
    m = n + 1 if periodic else n
    k = np.arange(n, dtype=np.float64)
    return _wrap(jnp.asarray(fn(k, m).astype(dt)))


@op("hann_window")
def hann_window(window_length, periodic=True, *, dtype=None):
    """Hann window (float64 unless ``dtype`` is given)."""
    return _window("hann_window", window_length, periodic, dtype,
                   lambda k, m: 0.5 - 0.5 * np.cos(2 * np.pi * k / (m - 1)))


@op("kaiser_window")
def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None):
    """Kaiser window with shape parameter ``beta`` (float64 unless ``dtype`` is given)."""
    def kaiser(k, m):
        ratio = 2.0 * k / (m - 1) - 1.0
        return np.i0(beta * np.sqrt(np.clip(1 - ratio * ratio, 0, None))) / np.i0(beta)
    return _window("kaiser_window", window_length, periodic, dtype, kaiser)


# --- determinants, inverses and solves ------------------------------------------------------------


@op("det", aliases=("matrix_determinant",))
def det(input):
    """Determinant of each square matrix in the batch."""
    return _wrap(jnp.linalg.det(_det_input("MatrixDeterminant", input)))


@op("slogdet", aliases=("log_matrix_determinant",))
def slogdet(input):
    """``(sign, log|det|)`` of each square matrix in the batch."""
    a = _det_input("LogMatrixDeterminant", input)
    sign, logabs = jnp.linalg.slogdet(a)
    return _wrap(sign.astype(a.dtype)), _wrap(logabs.astype(a.dtype))


primitive("MatrixDeterminant", det)
primitive("LogMatrixDeterminant", slogdet)


@op("logdet")
def logdet(input):
    """``log(det(input))`` (nan where the determinant is negative)."""
    a = _square_matrix("logdet", input)
    sign, logabs = jnp.linalg.slogdet(a)
    return _wrap(jnp.where(sign < 0, jnp.nan, jnp.where(sign == 0, -jnp.inf, logabs)).astype(a.dtype))


def _matrix_inverse(x, adjoint=False):
    a = _square_matrix("MatrixInverse", x)
    if adjoint:
        a = jnp.conj(jnp.swapaxes(a, -1, -2)) if _kind(a.dtype) == "c" else jnp.swapaxes(a, -1, -2)
    return _wrap(jnp.linalg.inv(a))


@op("inverse")
def inverse(input):
    """Inverse of each square matrix in the batch."""
    return _matrix_inverse(input)


primitive("MatrixInverse", _matrix_inverse, attrs=(("adjoint", False),))


@op("matrix_power")
def matrix_power(input, n):
    """``input`` raised to the integer power ``n`` (negative powers invert)."""
    a = _square_matrix("MatrixPower", input, "iuf")
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise TypeError(f"For 'MatrixPower', the type of 'n' must be int, but got {type(n).__name__}.")
    return _wrap(jnp.linalg.matrix_power(a, int(n)))


primitive("MatrixPower", lambda x, n=0: matrix_power(x, n), attrs=(("n", 0),))


def _solve(matrix, rhs, adjoint=False):
    a = _square_matrix("MatrixSolve", matrix, arg="matrix")
    b = _need_tensor("MatrixSolve", rhs, "rhs")
    if a.dtype != b.dtype:
        raise TypeError(f"For 'MatrixSolve', 'matrix' and 'rhs' must have the same dtype, but got {a.dtype} "
                        f"and {b.dtype}.")
    if adjoint:
        a = jnp.conj(jnp.swapaxes(a, -1, -2)) if _kind(a.dtype) == "c" else jnp.swapaxes(a, -1, -2)
    return _wrap(jnp.linalg.solve(a, b))


@op("matrix_solve")
def matrix_solve(matrix, rhs, adjoint=False):
    """Solve ``matrix @ X = rhs`` (with the adjoint of ``matrix`` when ``adjoint``)."""
    return _solve(matrix, rhs, adjoint)


primitive("MatrixSolve", _solve, attrs=(("adjoint", False),))


def _triangular_solve(matrix, rhs, lower=True, adjoint=False):
    a = _square_matrix("MatrixTriangularSolve", matrix, arg="matrix")
    b = _need_tensor("MatrixTriangularSolve", rhs, "rhs")
    return _wrap(jsl.solve_triangular(a, b, lower=lower, trans="C" if adjoint else 0))


primitive("MatrixTriangularSolve", _triangular_solve, attrs=(("lower", True), ("adjoint", False)))


@op("cholesky", targets_lacking=("Ascend",), kernel="Cholesky")
def cholesky(input_x, upper=False):
    """Cholesky factor of a symmetric positive-definite matrix (lower, or upper when ``upper``)."""
    if not isinstance(input_x, Tensor):
        raise _failed_call("Cholesky", "upper=bool", "input_x", input_x)
    if not isinstance(upper, bool):
        raise _failed_call("Cholesky", f"upper={type(upper).__name__}", "input_x", input_x)
    a = arr(input_x)
    if _kind(a.dtype) != "f":
        raise _dtype_error("Cholesky", "input_x", a.dtype, "f")
    if a.ndim < 2:
        raise ValueError(f"For Cholesky, the dimension of input x must be greater than or equal to 2, but got a "
                         f"{a.ndim}-D Tensor.")
    if a.shape[-1] != a.shape[-2]:
        raise ValueError(f"For Cholesky, input x must be batch squares, but got batch {a.shape[-2]} x {a.shape[-1]} "
                         f"matrices.")
    low = jnp.linalg.cholesky(a)
    return _wrap(jnp.swapaxes(low, -1, -2) if upper else low)


primitive("Cholesky", cholesky, attrs=(("upper", False),), targets_lacking=("Ascend",))


@op("cholesky_inverse")
def cholesky_inverse(input_x, upper=False):
    """Inverse of ``A`` from its Cholesky factor ``input_x``."""
    u = _square_matrix("CholeskyInverse", input_x, "f", "input_x")
    full = jnp.swapaxes(u, -1, -2) @ u if upper else u @ jnp.swapaxes(u, -1, -2)
    return _wrap(jnp.linalg.inv(full).astype(u.dtype))


primitive("CholeskyInverse", cholesky_inverse, attrs=(("upper", False),), targets_lacking=("Ascend",))


def _cholesky_solve(input, input2, upper=False):
    b = _need_tensor("CholeskySolve", input, "input")
    f = _square_matrix("CholeskySolve", input2, "f", "input2")
    if b.dtype != f.dtype:
        raise TypeError(f"For 'CholeskySolve', 'input' and 'input2' must have the same dtype, but got {b.dtype} "
                        f"and {f.dtype}.")
    return _wrap(jsl.cho_solve((f, not upper), b))


@op("cholesky_solve")
def cholesky_solve(input, input2, upper=False):
    """Solve ``A X = input`` given the Cholesky factor ``input2`` of ``A``."""
    return _cholesky_solve(input, input2, upper)


primitive("CholeskySolve", _cholesky_solve, attrs=(("upper", False),))


@op("linspace")
def linspace(start, end, steps):
    """``steps`` evenly spaced values from ``start`` to ``end`` (the ``LinSpace`` primitive)."""
    return _linspace(start, end, steps)


def _scalar_to_tensor(input_x, dtype=mstype.float32):
    return scalar_to_tensor(input_x, dtype)


primitive("ScalarToTensor", None, call=lambda p, x, dtype=mstype.float32: _scalar_to_tensor(x, dtype))
