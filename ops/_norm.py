"""Norms (LpNorm, EuclideanNorm, vector_norm, matrix_norm, norm, renorm), clipping by norm
(clip_by_norm, clip_by_global_norm) and SquareSumAll."""
import math

import numpy as np
import jax.numpy as jnp

from mscompat._checkparam import check_non_negative_int, check_value_type
from mscompat.common import dtype as mstype
from ._args import arr, Tensor, to_np_dtype
from ._registry import op, primitive, BLACK
from ._reduce import _tensor_in, _is_int, _kind, _axes, _acc, _F32, _BOOL

_wrap = Tensor._wrap


def _ms(dt):
    return mstype.from_numpy_dtype(np.dtype(dt))


# ---------------------------------------------------------------------------------------
# Norms


def _pnorm(a, axes, p, keep):
    """Vector p-norm of ``a`` over ``axes`` (computed in ``a``'s accumulation dtype)."""
    c = a.astype(_acc(a))
    if p == 0:
        out = jnp.sum((c != 0).astype(c.dtype), axis=axes, keepdims=keep)
    elif p == 1:
        out = jnp.sum(jnp.abs(c), axis=axes, keepdims=keep)
    elif p == 2:
        out = jnp.sqrt(jnp.sum(jnp.square(jnp.abs(c)), axis=axes, keepdims=keep))
    elif p == math.inf:
        out = jnp.max(jnp.abs(c), axis=axes, keepdims=keep)
    elif p == -math.inf:
        out = jnp.min(jnp.abs(c), axis=axes, keepdims=keep)
    else:
        out = jnp.sum(jnp.abs(c) ** p, axis=axes, keepdims=keep) ** (1.0 / p)
    return out


def _lp_norm(x, axis, p=2, keep_dims=False, epsilon=1e-12):
    check_value_type('p', p, [int], 'LpNorm')
    check_non_negative_int(p, "p", "LpNorm")
    a = _tensor_in("LpNorm", "input", x)
    if a.dtype not in (np.float16, np.float32):
        raise TypeError(f"For primitive[LpNorm], the input argument[input] must be a type of {{Tensor[Float16], "
                        f"Tensor[Float32]}}, but got Tensor[{_ms(a.dtype)}].")
    axes = _axes("LpNorm", a.ndim, axis, prefix="primitive")
    out = _pnorm(a, axes, p, bool(keep_dims))
    if p != 0:
        out = jnp.maximum(out, epsilon)
    return _wrap(out.astype(a.dtype))


primitive("LpNorm", _lp_norm, attrs=(("axis", 0), ("p", 2), ("keep_dims", False), ("epsilon", 1e-12)),
          call=lambda prim, x: _lp_norm(x, prim.axis, prim.p, prim.keep_dims, prim.epsilon))


def _float_in(name, x, dtype=None):
    a = _tensor_in(name, "input", x)
    if dtype is not None:
        a = a.astype(to_np_dtype(dtype))
    if _kind(a.dtype) in "bi":
        a = a.astype(_F32)
    return a


def _vector_norm_ord(ord):
    if isinstance(ord, bool) or not isinstance(ord, (int, float)):
        raise ValueError(f"For vector_norm, the ord mode must be in [0, 2, float('inf'), -float('inf')] "
                         f"or must be int or float, but got {ord}.")


@op("vector_norm")
def vector_norm(x, ord=2, axis=None, keepdims=False, *, dtype=None):
    """Vector ``ord``-norm over ``axis`` (the flattened input when None)."""
    _vector_norm_ord(ord)
    a = _float_in("vector_norm", x, dtype)
    if axis is None:
        axes = tuple(range(a.ndim))
    else:
        axes = _axes("vector_norm", a.ndim, axis, dup_error=ValueError)
    return _wrap(_pnorm(a, axes, ord, bool(keepdims)).astype(a.dtype))


def _matrix_norm(a, ord, axes, keep):
    r, c = axes
    c_ = a.astype(_acc(a))
    if ord == "fro":
        out = jnp.sqrt(jnp.sum(jnp.square(jnp.abs(c_)), axis=axes, keepdims=True))
    elif ord == "nuc" or ord in (2, -2):
        m = jnp.moveaxis(c_, (r, c), (-2, -1))
        s = jnp.linalg.svd(m, compute_uv=False)
        v = jnp.sum(s, -1) if ord == "nuc" else (jnp.max(s, -1) if ord == 2 else jnp.min(s, -1))
        out = jnp.expand_dims(v, (r, c)) if r < c else jnp.expand_dims(v, (c, r))
    elif ord in (1, -1):
        s = jnp.sum(jnp.abs(c_), axis=r, keepdims=True)
        out = jnp.max(s, axis=c, keepdims=True) if ord == 1 else jnp.min(s, axis=c, keepdims=True)
    elif ord in (math.inf, -math.inf):
        s = jnp.sum(jnp.abs(c_), axis=c, keepdims=True)
        out = jnp.max(s, axis=r, keepdims=True) if ord > 0 else jnp.min(s, axis=r, keepdims=True)
    else:
        raise ValueError(f"For norm, the ord mode {ord} is not supported for matrix norm.")
    if not keep:
        out = jnp.squeeze(out, axis=axes)
    return out.astype(a.dtype)


@op("matrix_norm")
def matrix_norm(A, ord="fro", axis=(-2, -1), keepdims=False, *, dtype=None):
    """Matrix norm (``'fro'``, ``'nuc'``, +-1, +-2, +-inf) over the two axes ``axis``."""
    a = _float_in("matrix_norm", A, dtype)
    if a.ndim < 2:
        raise ValueError("For norm, the dim is out of range.")
    if not isinstance(axis, (tuple, list)) or len(axis) != 2:
        raise TypeError(f"For 'matrix_norm', the 'axis' must be a tuple of two ints, but got {axis}.")
    ax = tuple(int(v) % a.ndim for v in _axes_checked("matrix_norm", a.ndim, axis))
    if ax[0] == ax[1]:
        raise ValueError(f"For 'matrix_norm', the elements of 'axis' must be different, but got {axis}.")
    return _wrap(_matrix_norm(a, ord, ax, bool(keepdims)))


def _axes_checked(name, ndim, axis):
    for v in axis:
        if not _is_int(v) or not -ndim <= v < ndim:
            raise ValueError("For norm, the dim is out of range.")
    return axis


@op("norm", method="norm")
def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """Vector or matrix norm: ``dim`` of one axis (or a 1-D input) gives a vector norm,
    two axes (or a 2-D input with a string ``ord``) a matrix norm."""
    a = _float_in("norm", A, dtype)
    if isinstance(dim, int) and not isinstance(dim, bool):
        dim = (dim,)
    if dim is None:
        if ord is None:
            return _wrap(_pnorm(a, tuple(range(a.ndim)), 2, bool(keepdim)).astype(a.dtype))
        dim = tuple(range(a.ndim))
        if len(dim) > 2:
            raise ValueError("For norm, the input must be 1-D or 2-D when dim is None and ord is given.")
    dim = tuple(_axes_checked("norm", max(a.ndim, 1), dim))
    if len(dim) == 1:
        if isinstance(ord, str):
            raise ValueError(f"For norm, ord '{ord}' is only supported for matrices.")
        return _wrap(_pnorm(a, (dim[0] % a.ndim,), 2 if ord is None else ord, bool(keepdim)).astype(a.dtype))
    if len(dim) == 2:
        ax = (dim[0] % a.ndim, dim[1] % a.ndim)
        return _wrap(_matrix_norm(a, "fro" if ord is None else ord, ax, bool(keepdim)))
    raise ValueError(f"For norm, 'dim' must be an int or a tuple of 1 or 2 ints, but got {dim}.")


def _renorm(input, p, dim, maxnorm):
    check_value_type('p', p, [int], 'Renorm')
    check_value_type('dim', dim, [int], 'Renorm')
    if not isinstance(maxnorm, (float, int)) or isinstance(maxnorm, bool):
        raise TypeError(f"For 'Renorm', the type of 'maxnorm' should be 'float', "
                        f"but got type '{type(maxnorm).__name__}'.")
    if p <= 0:
        raise ValueError(f"For 'Renorm', the 'p' must be greater than 0, but got {p}.")
    if maxnorm < 0:
        raise ValueError(f"For 'Renorm', the 'maxnorm' must be greater than or equal to 0, but got {maxnorm}.")
    a = _tensor_in("Renorm", "x", input)
    if _kind(a.dtype) not in "fc":
        raise TypeError(f"For primitive[Renorm], the input argument[x] must be a type of {{Tensor[Complex128], "
                        f"Tensor[Complex64], Tensor[Float16], Tensor[Float32], Tensor[Float64]}}, "
                        f"but got Tensor[{_ms(a.dtype)}].")
    rank = max(a.ndim, 1)
    if not -rank <= dim < rank:
        raise RuntimeError(f"For 'Renorm, the attribute 'dim' must be in range [{-rank}, {rank}), but got {dim}")
    d = dim % rank
    axes = tuple(i for i in range(a.ndim) if i != d)
    n = _pnorm(a, axes, p, True)
    scale = jnp.where(n > maxnorm, maxnorm / (n + 1e-7), 1.0)
    return _wrap((a.astype(n.dtype) * scale).astype(a.dtype))


@op("renorm", amp=BLACK)
def renorm(input, p, axis, maxnorm):
    """Rescale each slice along ``axis`` whose ``p``-norm exceeds ``maxnorm`` to ``maxnorm``."""
    return _renorm(input, p, axis, maxnorm)


primitive("Renorm", lambda x, p, dim, maxnorm: _renorm(x, p, dim, maxnorm),
          attrs=(("p", 1), ("dim", 0), ("maxnorm", 1.0)), amp=BLACK)


def _euclidean_norm_call(prim, x, axes):
    if not isinstance(axes, Tensor):
        raise TypeError(f"For Primitive[EuclideanNorm], the type of input argument[axes] must be Tensor "
                        f"but got {type(axes).__name__}.")
    a = _tensor_in("EuclideanNorm", "x", x)
    ax = _axes("EuclideanNorm", a.ndim, arr(axes).tolist())
    c = a.astype(_acc(a)) if _kind(a.dtype) != "i" else a.astype(np.float64)
    out = jnp.sqrt(jnp.sum(jnp.square(jnp.abs(c)), axis=ax, keepdims=bool(prim.keep_dims)))
    return _wrap(out.astype(a.dtype))


primitive("EuclideanNorm", None, attrs=(("keep_dims", False),), call=_euclidean_norm_call)


def _square_sum_all(x, y):
    a = _tensor_in("SquareSumAll", "x", x)
    b = _tensor_in("SquareSumAll", "y", y)
    if a.dtype != b.dtype:
        raise TypeError(f"For 'SquareSumAll', the type of 'y' should be same as 'x', but got {_ms(a.dtype)} "
                        f"and {_ms(b.dtype)}.")
    if a.dtype not in (np.float16, np.float32):
        raise TypeError(f"For 'SquareSumAll', the input must be float16 or float32, but got {_ms(a.dtype)}.")
    sa = jnp.sum(jnp.square(a.astype(_F32))).astype(a.dtype)
    sb = jnp.sum(jnp.square(b.astype(_F32))).astype(b.dtype)
    return _wrap(sa), _wrap(sb)


primitive("SquareSumAll", _square_sum_all)


# ---------------------------------------------------------------------------------------
# Clipping


def _as_seq(x):
    if isinstance(x, Tensor):
        return [x], None
    if isinstance(x, (tuple, list)):
        return list(x), type(x)
    raise TypeError(f"For 'clip', the type of 'x' must be Tensor or tuple[Tensor] or list[Tensor], "
                    f"but got {type(x).__name__}.")


@op("clip_by_global_norm")
def clip_by_global_norm(x, clip_norm=1.0, use_norm=None):
    """Scale every tensor of ``x`` by ``clip_norm / max(global_norm, clip_norm)``."""
    if isinstance(clip_norm, bool) or not isinstance(clip_norm, (int, float)):
        raise TypeError(f"For 'clip_by_global_norm', the type of 'clip_norm' should be 'int' or 'float', "
                        f"but got type '{type(clip_norm).__name__}'.")
    if not clip_norm > 0.0:
        raise ValueError(f"For 'clip_by_global_norm', the argument 'clip_norm' must > 0.0, but got {clip_norm}.")
    if use_norm is not None:
        raise ValueError(f"For '_ClipByGlobalNorm', input 'use_norm' only supports None currently, "
                         f"but got 'use_norm': {use_norm}")
    items, kind = _as_seq(x)
    arrays = [_tensor_in("clip_by_global_norm", "x", t) for t in items]
    sq = [jnp.sum(jnp.square(a), dtype=a.dtype if a.dtype != _BOOL else None).astype(_F32) for a in arrays]
    gnorm = jnp.sqrt(sum(sq[1:], sq[0]))
    cn = jnp.asarray(clip_norm, _F32)
    gnorm = jnp.where(gnorm >= cn, gnorm, cn)
    out = []
    for a in arrays:
        work = a if _kind(a.dtype) in "fc" else a.astype(_F32)
        out.append(_wrap((work * cn.astype(work.dtype) / gnorm.astype(work.dtype)).astype(a.dtype)))
    return out[0] if kind is None else tuple(out)


@op("clip_by_norm")
def clip_by_norm(x, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """Scale ``x`` (a Tensor or a sequence) so that its total ``norm_type``-norm is at most
    ``max_norm``; the total norm is the norm of the per-tensor norms."""
    items, kind = _as_seq(x)
    arrays = [_tensor_in("clip_by_norm", "x", t) for t in items]
    if norm_type == float("inf"):
        norms = [jnp.max(jnp.abs(a)) for a in arrays]
        total = norms[0]
        for n in norms[1:]:
            total = jnp.maximum(total, n)
    else:
        def old_norm(v):
            return (jnp.sum(jnp.power(v, norm_type)) ** (1.0 / norm_type)).astype(v.dtype)
        total = old_norm(jnp.stack([old_norm(a) for a in arrays]))
    if error_if_nonfinite and not bool(jnp.isfinite(total)):
        raise RuntimeError(f"For clip_by_norm, the total norm of order {norm_type} from input is non-finite.")
    coef = max_norm / (total + 1e-6)
    out = [_wrap(jnp.where(coef < 1, a * coef.astype(a.dtype), a)) for a in arrays]
    return out[0] if kind is None else tuple(out)
