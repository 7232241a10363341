"""Linear algebra: trace, diagonal, cross/Cross, determinants, QR, SVD, Eig, pinv, cond,
matrix_exp, lstsq; and the square-root ops ``sqrt``/``rsqrt`` (assigned to this family).

Decompositions return MindSpore's layouts: ``svd`` gives ``(s, u, v)`` (``v``, not its
adjoint), ``Eig`` gives complex results (float32 -> complex64, float64 -> complex128),
``LogMatrixDeterminant`` gives ``(sign, log|det|)``.
"""
import functools

import numpy as np
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
from jax._src.lax import linalg as _lax_linalg  # geqrf is not re-exported by jax.lax.linalg

from mscompat.common import _layout
from mscompat.common import dtype as mstype
from ._args import arr, check_bool as _bool, check_int as _int, Tensor, tensor_arg
from ._registry import op, primitive, BLACK, PROMOTE
from .primitive import Primitive

_wrap = Tensor._wrap
_tensor = functools.partial(tensor_arg, form="input")   # "the input 'x' must be a Tensor"

_F = (np.float32, np.float64)
_FC = (np.float32, np.float64, np.complex64, np.complex128)
_COMPLEX_OF = {np.dtype(np.float32): np.complex64, np.dtype(np.float64): np.complex128,
               np.dtype(np.complex64): np.complex64, np.dtype(np.complex128): np.complex128}


def _dtype_in(name, a, allowed, arg="x"):
    if a.dtype not in tuple(np.dtype(t) for t in allowed):
        names = ", ".join(f"Tensor[{mstype.from_numpy_dtype(np.dtype(t))}]" for t in allowed)
        raise TypeError(f"For '{name}', the input argument[{arg}] must be a type of {{{names}}}, "
                        f"but got Tensor[{mstype.from_numpy_dtype(a.dtype)}].")


def _square(name, a, arg="x", min_rank=2):
    if a.ndim < min_rank:
        raise ValueError(f"For '{name}', the dimension of '{arg}' must be at least {min_rank}, but got {a.ndim}.")
    if a.shape[-1] != a.shape[-2]:
        raise ValueError(f"For '{name}', the last two dimensions of '{arg}' must be equal (square matrices), "
                         f"but got shape {list(a.shape)}.")


def _mT(a):
    return jnp.swapaxes(a, -1, -2)


# ---------------------------------------------------------------------------------------
# square roots

_INT_KINDS = "biu"


@op("sqrt")
def sqrt(x):
    """Element-wise square root; integer and bool inputs give float32."""
    a = _tensor("Sqrt", "input", x)
    if a.dtype.kind in _INT_KINDS:
        a = a.astype(np.float32)
    elif a.dtype == jnp.bfloat16:
        raise TypeError("For 'Sqrt', the input dtype BFloat16 is not supported on CPU.")
    return _wrap(jnp.sqrt(a))


@op("rsqrt", amp=BLACK)
def rsqrt(input):
    """Element-wise ``1 / sqrt(input)``; float and complex inputs only."""
    a = _tensor("Rsqrt", "input", input)
    if a.dtype.kind in _INT_KINDS or a.dtype == jnp.bfloat16:
        raise TypeError(f"For 'Rsqrt', the input dtype {mstype.from_numpy_dtype(a.dtype)} is not supported: "
                        "Unsupported data type!")
    return _wrap(jax.lax.rsqrt(a))


primitive("Sqrt", sqrt)
primitive("Rsqrt", rsqrt, amp=BLACK)


# ---------------------------------------------------------------------------------------
# trace, diagonal, cross

_TRACE_TYPES = (np.complex128, np.complex64, np.float16, np.float32, np.float64, np.int16, np.int32, np.int64,
                np.int8, np.uint16, np.uint32, np.uint64, np.uint8)


@op("trace")
def trace(input):
    """Sum of the main diagonal of a 2-D Tensor (dtype kept)."""
    a = _tensor("Trace", "input", input)
    _dtype_in("Trace", a, _TRACE_TYPES)
    if a.ndim != 2:
        raise RuntimeError(f"For Primitive[Trace], the rank of the input must be 2, but got {a.ndim}!")
    return _wrap(jnp.trace(a).astype(a.dtype))


primitive("Trace", trace)


@op("diagonal")
def diagonal(input, offset=0, dim1=0, dim2=1):
    """Diagonals of ``input`` w.r.t. axes ``dim1``/``dim2``, appended as the last axis."""
    a = _tensor("Diagonal", "input", input)
    offset = _int("Diagonal", "offset", offset)
    dim1, dim2 = _int("Diagonal", "dim1", dim1), _int("Diagonal", "dim2", dim2)
    if a.ndim < 2:
        raise ValueError(f"For 'Diagonal', input must be at least 2-dimensional, but got : {a.ndim}.")
    for d, n in ((dim1, "dim1"), (dim2, "dim2")):
        if not -a.ndim <= d < a.ndim:
            raise ValueError(f"For 'Diagonal', {n} should be in range of [{-a.ndim},{a.ndim - 1}], but got : {d}.")
    if dim1 % a.ndim == dim2 % a.ndim:
        raise ValueError(f"For 'Diagonal', dim1 and dim2 cannot be identical, but got : dim1 ={dim1} and "
                         f"dim2 = {dim2}.")
    out = _wrap(jnp.diagonal(a, offset, dim1 % a.ndim, dim2 % a.ndim))
    return _layout.diagonal_of(out, input, offset, dim1 % a.ndim, dim2 % a.ndim)


_DEFAULT_DIM = -65530


def _cross(input, other, dim=_DEFAULT_DIM):
    a, b = _tensor("Cross", "input", input), _tensor("Cross", "other", other)
    dim = _int("Cross", "dim", dim)
    if a.dtype != b.dtype:
        raise TypeError(f"For 'Cross', input and other must have the same dtype, but got "
                        f"{mstype.from_numpy_dtype(a.dtype)} and {mstype.from_numpy_dtype(b.dtype)}.")
    if a.dtype == np.bool_:
        raise TypeError("For 'Cross', the input dtype Bool is not supported.")
    try:
        shape = jnp.broadcast_shapes(a.shape, b.shape) if a.shape != b.shape else a.shape
    except ValueError:
        raise ValueError(f"For 'Cross', input.shape and other.shape need to broadcast, but got {list(a.shape)} "
                         f"and {list(b.shape)}.") from None
    if dim == _DEFAULT_DIM:
        dims = [i for i, s in enumerate(shape) if s == 3]
        if not dims:
            raise ValueError(f"For 'Cross', no dimension of size 3 in the input shape {list(shape)}.")
        dim = dims[0]
    if not -len(shape) <= dim < len(shape):
        raise ValueError(f"For 'Cross', 'dim' must be in range [{-len(shape)}, {len(shape)}), but got {dim}.")
    at = dim % len(shape)
    sizes = [x.shape[at - len(shape) + x.ndim] for x in (a, b) if x.ndim > len(shape) - 1 - at] + [shape[at]]
    bad = [n for n in sizes if n != 3]
    if bad:
        raise ValueError(f"For 'Cross', the size of inputs in dimension 'dim' must be 3, but got {bad[0]}.")
    a, b = jnp.broadcast_to(a, shape), jnp.broadcast_to(b, shape)
    return _wrap(jnp.cross(a, b, axis=dim).astype(a.dtype))


@op("cross", amp=PROMOTE)
def cross(input, other, dim=None):
    """Cross product along ``dim`` (the first axis of size 3 when None); the inputs broadcast."""
    return _cross(input, other, _DEFAULT_DIM if dim is None else dim)


primitive("Cross", _cross, attrs=(("dim", _DEFAULT_DIM),), call=lambda p, x, y: _cross(x, y, p.dim), amp=PROMOTE)


# ---------------------------------------------------------------------------------------
# determinants




@op("matrix_exp")
def matrix_exp(input):
    """Matrix exponential of each square matrix in ``input`` (..., n, n)."""
    if not isinstance(input, Tensor):
        raise TypeError(f'Failed calling MatrixExp with "MatrixExp()(input={type(input).__name__.capitalize()})".')
    a = arr(input)
    _dtype_in("MatrixExp", a, (np.float16, np.float32, np.float64, np.complex64, np.complex128), "input")
    if a.ndim < 2:
        raise ValueError(f"For primitive[MatrixExp], the x rank must be greater than or equal to 2, but got {a.ndim}.")
    if a.shape[-1] != a.shape[-2]:
        raise ValueError(f"For MatrixExp, the input expects a tensor of squared matrices, but got shape "
                         f"{list(a.shape)}.")
    work = a.astype(np.float32) if a.dtype == np.float16 else a
    flat = work.reshape((-1,) + work.shape[-2:])
    out = jax.vmap(jsl.expm)(flat).reshape(work.shape)
    return _wrap(out.astype(a.dtype))


primitive("MatrixExp", matrix_exp)


# ---------------------------------------------------------------------------------------
# QR, geqrf


def _qr(x, full_matrices=False):
    a = _tensor("Qr", "x", x)
    full_matrices = _bool("Qr", "full_matrices", full_matrices)
    _dtype_in("Qr", a, (np.float16,) + _FC)
    if a.ndim < 2:
        raise ValueError(f"For 'Qr', the dimension of 'x' must be at least 2, but got {a.ndim}.")
    work = a.astype(np.float32) if a.dtype == np.float16 else a
    q, r = jnp.linalg.qr(work, mode="complete" if full_matrices else "reduced")
    return _wrap(q.astype(a.dtype)), _wrap(r.astype(a.dtype))


primitive("Qr", _qr, attrs=(("full_matrices", False),))


@op("qr")
def qr(input, mode="reduced"):
    """``(Q, R)`` with ``input = Q @ R``; ``mode`` 'reduced' or 'complete'."""
    if mode not in ("reduced", "complete"):
        raise TypeError(f"For qr, the arg mode must be 'reduced' or 'complete', but got {mode}.")
    return _qr(input, mode == "complete")


@op("geqrf")
def geqrf(input):
    """LAPACK-style Householder QR: ``(a, tau)`` with R in the upper triangle of ``a``."""
    a = _tensor("Geqrf", "input", input)
    _dtype_in("Geqrf", a, _FC, "input")
    if a.ndim < 2:
        raise ValueError(f"For 'Geqrf', the dimension of 'x' must be at least 2, but got {a.ndim}.")
    out, tau = _lax_linalg.geqrf(a)
    return _wrap(out), _wrap(tau)


primitive("Geqrf", geqrf)


# ---------------------------------------------------------------------------------------
# SVD, pinv, cond


def _svd(input, full_matrices=False, compute_uv=True):
    a = _tensor("Svd", "input", input)
    full_matrices = _bool("Svd", "full_matrices", full_matrices)
    compute_uv = _bool("Svd", "compute_uv", compute_uv)
    _dtype_in("Svd", a, _FC, "input")
    if a.ndim < 2:
        raise ValueError(f"For 'Svd', the dimension of 'input' must be at least 2, but got {a.ndim}.")
    if not compute_uv:
        s = jnp.linalg.svd(a, compute_uv=False)
        # MindSpore returns placeholder u, v of shape (1,)
        return _wrap(s), _wrap(jnp.zeros((1,), a.dtype)), _wrap(jnp.zeros((1,), a.dtype))
    u, s, vh = jnp.linalg.svd(a, full_matrices=full_matrices)
    return _wrap(s.astype(_real(a.dtype))), _wrap(u), _wrap(jnp.conj(_mT(vh)))


def _real(dt):
    return {np.dtype(np.complex64): np.float32, np.dtype(np.complex128): np.float64}.get(np.dtype(dt), dt)


primitive("Svd", _svd, attrs=(("full_matrices", False), ("compute_uv", True)))


@op("svd")
def svd(input, full_matrices=False, compute_uv=True):
    """``(s, u, v)`` with ``input = u @ diag(s) @ v^H``; only ``s`` when ``compute_uv`` is False."""
    s, u, v = _svd(input, full_matrices, compute_uv)
    return (s, u, v) if compute_uv else s


@op("pinv")
def pinv(x, *, atol=None, rtol=None, hermitian=False):
    """Moore-Penrose pseudo-inverse; singular values <= max(atol, rtol * s_max) are dropped."""
    if not isinstance(x, Tensor):
        raise TypeError("The input x must be tensor")
    if x.shape == ():
        raise TypeError("For pinv, the 0-D input is not supported")
    a = arr(x)
    if a.ndim < 2:
        raise ValueError(f"input x should have 2 or more dimensions, but got {a.ndim}.")
    _dtype_in("pinv", a, _F)
    _bool("pinv", "hermitian", hermitian)

    def tol(v, default):
        if v is None:
            return jnp.asarray(default, a.dtype)
        return arr(v).astype(a.dtype) if isinstance(v, Tensor) else jnp.asarray(v, a.dtype)

    atol_a = tol(atol, 0.0)
    if rtol is None:
        rtol_a = jnp.asarray(0.0 if atol is not None else max(a.shape) * np.finfo(a.dtype).eps, a.dtype)
    else:
        rtol_a = tol(rtol, 0.0)
    if not hermitian:
        u, s, vh = jnp.linalg.svd(a, full_matrices=False)
        thr = jnp.maximum(atol_a[..., None], rtol_a[..., None] * s[..., :1])
        s_inv = jnp.where(s > thr, 1.0 / s, 0.0).astype(a.dtype)
        return _wrap(jnp.matmul(_mT(vh) * s_inv[..., None, :], _mT(u)))
    w, v = jnp.linalg.eigh(a)
    thr = jnp.maximum(atol_a[..., None], rtol_a[..., None] * jnp.max(jnp.abs(w), -1, keepdims=True))
    w_inv = jnp.where(jnp.abs(w) > thr, 1.0 / w, 0.0).astype(a.dtype)
    return _wrap(jnp.matmul(v * w_inv[..., None, :], _mT(v)))


def _matrix_norm(m, p):
    if p == "fro":
        return jnp.sqrt(jnp.sum(jnp.abs(m) ** 2, axis=(-2, -1)))
    if p == "nuc":
        return jnp.sum(jnp.linalg.svd(m, compute_uv=False), -1)
    if p in (2, -2):
        s = jnp.linalg.svd(m, compute_uv=False)
        return s[..., 0] if p == 2 else s[..., -1]
    if p in (1, -1):
        col = jnp.sum(jnp.abs(m), -2)
        return jnp.max(col, -1) if p == 1 else jnp.min(col, -1)
    if p in (float("inf"), float("-inf")):
        row = jnp.sum(jnp.abs(m), -1)
        return jnp.max(row, -1) if p > 0 else jnp.min(row, -1)
    raise ValueError(f"For 'cond', the norm type 'p' must be one of None, 'fro', 'nuc', inf, -inf, 1, -1, 2, -2, "
                     f"but got {p}.")


@op("cond")
def cond(A, p=None):
    """Condition number ``norm(A, p) * norm(inv(A), p)`` of each matrix (p=None: 2-norm)."""
    a = _tensor("cond", "A", A)
    if p is None:
        p = 2
    _dtype_in("MatrixInverse", a, _FC)
    _square("MatrixInverse", a)
    out = _matrix_norm(a, p) * _matrix_norm(jnp.linalg.inv(a), p)
    # MindSpore assembles batched results (rank >= 3) in a float32 Tensor
    return _wrap(out.astype(np.float32 if a.ndim >= 3 else _real(a.dtype)))


# ---------------------------------------------------------------------------------------
# eigen-decomposition


def _eig(x, compute_v=False):
    a = _tensor("Eig", "x", x)
    compute_v = _bool("Eig", "compute_v", compute_v)
    _dtype_in("Eig", a, _FC)
    _square("Eig", a)
    cdt = _COMPLEX_OF[np.dtype(a.dtype)]
    w, v = _host_eig(a, compute_v)
    return _wrap(w.astype(cdt)), _wrap(v.astype(cdt) if compute_v else jnp.zeros((), cdt))


def _host_eig(a, compute_v):
    """``jnp.linalg.eig`` runs on CPU only: evaluate there when the default device is not a CPU."""
    if jax.default_backend() == "cpu" or isinstance(a, jax.core.Tracer):
        return jnp.linalg.eig(a) if compute_v else (jnp.linalg.eigvals(a), None)
    cpu = jax.devices("cpu")[0]
    with jax.default_device(cpu):
        h = jax.device_put(a, cpu)
        w, v = jnp.linalg.eig(h) if compute_v else (jnp.linalg.eigvals(h), None)
    dev = list(a.devices())[0]
    return jax.device_put(w, dev), (None if v is None else jax.device_put(v, dev))


primitive("Eig", _eig, attrs=(("compute_v", False),))


@op("eig")
def eig(A):
    """``(eigenvalues, eigenvectors)`` of square ``A`` (complex results)."""
    return _eig(A, True)


@op("eigvals")
def eigvals(A):
    """Eigenvalues of square ``A`` (complex results)."""
    return _eig(A, False)[0]


class Eigh(Primitive):
    """Eigenvalues (ascending) and, with ``compute_eigenvectors``, eigenvectors of a symmetric
    or Hermitian matrix, read from its ``lower`` (or upper) triangle."""

    def __init__(self, compute_eigenvectors=True, lower=True):
        super().__init__("Eigh")
        for name, value in (("compute_eigenvectors", compute_eigenvectors), ("lower", lower)):
            if not isinstance(value, bool):
                raise TypeError(f"For 'Eigh', the type of '{name}' should be bool, but got {type(value).__name__}.")
            self.add_prim_attr(name, value)
        self.compute_eigenvectors = compute_eigenvectors
        self.lower = lower

    def __call__(self, a):
        m = arr(a)
        w, v = jnp.linalg.eigh(m, UPLO='L' if self.lower else 'U', symmetrize_input=False)
        w = w.astype(m.dtype)
        return (_wrap(w), _wrap(v)) if self.compute_eigenvectors else _wrap(w)


@op("lstsq", targets_lacking=("Ascend", "GPU"), kernel="Lstsq")
def lstsq(input, A):
    """Least-squares solution ``X`` of ``input @ X = A``."""
    x = _tensor("Lstsq", "input", input)
    b = _tensor("Lstsq", "A", A)
    if x.dtype not in (np.float16, np.float32, np.float64) or x.dtype != b.dtype:
        raise TypeError(f"For 'Lstsq', 'input' and 'A' must be float tensors of the same dtype, but got "
                        f"{input.dtype} and {A.dtype}.")
    if x.ndim != 2 or b.ndim not in (1, 2) or b.shape[0] != x.shape[0]:
        raise ValueError(f"For 'Lstsq', 'input' must be 2-D and 'A' 1-D or 2-D with the same number of rows, "
                         f"but got {x.shape} and {b.shape}.")
    sol = jnp.linalg.lstsq(x.astype(jnp.float64 if x.dtype == np.float64 else jnp.float32),
                           b.astype(jnp.float64 if x.dtype == np.float64 else jnp.float32))[0]
    return _wrap(sol.astype(x.dtype))


primitive("Lstsq", lambda x, a, fast=True, l2_regularizer=0.0: lstsq(x, a),
          attrs=(("fast", True, (bool,)), ("l2_regularizer", 0.0, (float,))), targets_lacking=("Ascend", "GPU"))
