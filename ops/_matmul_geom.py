"""Pairwise and structural products: NMSWithMask, diff, trapz, vander,
cartesian_prod, cov."""
import numpy as np
import jax.numpy as jnp
from jax import lax

from mscompat._checkparam import check_is_tensor
from mscompat.common import dtype as mstype
from ._args import arr, Tensor
from ._registry import op, primitive

_wrap = Tensor._wrap
_F32 = np.dtype(np.float32)
_BOOL = np.dtype(np.bool_)


def _ms(dt):
    return mstype.from_numpy_dtype(np.dtype(dt))


def _nms_with_mask(bboxes, iou_threshold=0.5):
    if not isinstance(iou_threshold, float):
        raise TypeError(f"For 'NMSWithMask', the type of 'iou_threshold' should be 'float', "
                        f"but got type '{type(iou_threshold).__name__}'.")
    check_is_tensor("bboxes", bboxes, "NMSWithMask", form="a")
    b = arr(bboxes)
    if b.dtype not in (np.float16, np.float32):
        raise TypeError(f"For primitive[NMSWithMask], the input argument[bboxes] must be a type of "
                        f"{{Tensor[Float16], Tensor[Float32]}}, but got Tensor[{_ms(b.dtype)}].")
    if b.ndim != 2:
        raise ValueError(f"For primitive[NMSWithMask], the shape of bboxes must be equal to 2 , but got {b.ndim}.")
    if b.shape[1] != 5:
        raise ValueError(f" For NMSWithMask, the 2nd dim in shape of bboxes should equal to 5 or 8, "
                         f"but got {b.shape[1]}")
    n = b.shape[0]
    order = jnp.argsort(-b[:, 4].astype(_F32), stable=True)
    s = b[order]
    c = s.astype(_F32)
    x1, y1, x2, y2 = c[:, 0], c[:, 1], c[:, 2], c[:, 3]
    area = (x2 - x1) * (y2 - y1)
    w = jnp.maximum(jnp.minimum(x2[:, None], x2[None, :]) - jnp.maximum(x1[:, None], x1[None, :]), 0)
    h = jnp.maximum(jnp.minimum(y2[:, None], y2[None, :]) - jnp.maximum(y1[:, None], y1[None, :]), 0)
    inter = w * h
    over = inter / (area[:, None] + area[None, :] - inter) > iou_threshold
    earlier = jnp.arange(n)[:, None] < jnp.arange(n)[None, :]

    def body(i, keep):
        hit = jnp.any(keep & over[:, i] & earlier[:, i])
        return keep.at[i].set(~hit)

    keep = lax.fori_loop(0, n, body, jnp.ones((n,), bool)) if n else jnp.ones((0,), bool)
    return _wrap(s), _wrap(jnp.arange(n, dtype=np.int32)), _wrap(keep)


primitive("NMSWithMask", _nms_with_mask, attrs=(("iou_threshold", 0.5),),
          call=lambda p, x: _nms_with_mask(x, p.iou_threshold))


@op("diff")
def diff(x, n=1, axis=-1, prepend=None, append=None):
    """First difference along ``axis`` (``n`` must be 1), after adding ``prepend``/``append``;
    bool inputs give ``x[i+1] != x[i]``."""
    if not isinstance(x, Tensor):
        raise TypeError(f"For 'diff', 'x' must be a Tensor, but got {type(x).__name__}.")
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"For 'diff', 'n' must be an int, but got {type(n).__name__}.")
    if n != 1:
        raise RuntimeError(f"For 'diff', 'n' must be 1, but got {n}")
    a = arr(x)
    if a.ndim == 0:
        raise TypeError(f"For 'diff', the dimension 'x' must be at least 1, but got {a.ndim}")
    if not -a.ndim <= axis < a.ndim:   # MindSpore indexes x.shape[axis]: an IndexError
        raise IndexError(f"For 'diff', 'axis' {axis} is out of range for a {a.ndim}-D input (tuple index out of range).")
    parts = [arr(t) for t in (prepend,) if t is not None] + [a] + [arr(t) for t in (append,) if t is not None]
    a = jnp.concatenate(parts, axis=axis) if len(parts) > 1 else a
    hi = lax.slice_in_dim(a, 1, a.shape[axis], axis=axis)
    lo = lax.slice_in_dim(a, 0, a.shape[axis] - 1, axis=axis)
    if a.dtype == _BOOL:
        return _wrap(hi != lo)
    return _wrap((hi - lo).astype(a.dtype))


@op("trapz")
def trapz(y, x=None, *, dx=1.0, dim=-1):
    """Trapezoidal integral of ``y`` along ``dim`` with sample points ``x`` or spacing ``dx``."""
    if not isinstance(y, Tensor):
        raise TypeError(f"For `trapz`, the input `y` must be Tensor, but get {type(y)}.")
    if not isinstance(dx, float):
        raise TypeError(f"For `trapz`, the input `dx` must be float, but get f{type(dx)}.")
    if isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError(f"For `trapz`, the input `dim` must be int, but get {type(dim)}.")
    a = arr(y)
    if a.dtype not in (np.float16, np.float32):   # MindSpore computes float64/bfloat16/int in float32
        a = a.astype(_F32)
    if not -a.ndim <= dim < a.ndim:
        raise ValueError(f"For `trapz`, the input `dim` must be in range [{-a.ndim}, {a.ndim}), but got {dim}.")
    d = dim % a.ndim
    n = a.shape[d]
    mid = (lax.slice_in_dim(a, 1, n, axis=d) + lax.slice_in_dim(a, 0, n - 1, axis=d)) / 2
    if x is None:
        return _wrap((jnp.sum(mid, axis=d) * jnp.asarray(dx, a.dtype)).astype(a.dtype))
    if not isinstance(x, Tensor):
        raise TypeError(f"For `trapz`, the input `x` must be Tensor, but get {type(x)}.")
    xs = arr(x).astype(_F32)
    if xs.ndim == 1:
        shape = [1] * a.ndim
        shape[d] = xs.shape[0]
        xs = xs.reshape(shape)
        dxs = lax.slice_in_dim(xs, 1, n, axis=d) - lax.slice_in_dim(xs, 0, n - 1, axis=d)
    else:
        dxs = jnp.diff(xs, axis=d)
    return _wrap(jnp.sum(mid * dxs, axis=d))


@op("vander")
def vander(x, N=None):
    """Vandermonde matrix of the 1-D ``x``: columns ``x**(N-1), ..., x**0``; integer inputs give int64."""
    if not isinstance(x, Tensor):
        raise TypeError(f"For vander, x must be Tensor, but got {type(x).__name__}.")
    a = arr(x)
    if a.dtype not in (np.float16, np.float32, np.float64, np.int32, np.int64):
        raise TypeError(f"For vander, the input x must be float16, float32, float64, int32 or int64, "
                        f"but got {_ms(a.dtype)}.")
    if a.ndim != 1:
        raise ValueError(f"For vander, x must be 1-D, but got dimension = {a.ndim}")
    if N is None:
        N = a.shape[0]
    if isinstance(N, bool) or not isinstance(N, int):
        raise TypeError(f"For vander, N must be an integer, but got {type(N).__name__}.")
    if N <= 0:
        raise ValueError(f"For vander, N must be greater than 0, but got {N}.")
    if a.dtype.kind == "i":
        a = a.astype(np.int64)
    powers = jnp.arange(N - 1, -1, -1)
    return _wrap((a[:, None] ** powers.astype(a.dtype)[None, :]).astype(a.dtype))


@op("cartesian_prod")
def cartesian_prod(*inputs):
    """Cartesian product of 1-D tensors as an ``(prod(len), len(inputs))`` tensor."""
    arrays = []
    for t in inputs:
        if not isinstance(t, Tensor):
            raise TypeError(f"For 'cartesian_prod', the inputs must be Tensors, but got {type(t).__name__}.")
        arrays.append(arr(t))
    if not arrays:
        raise ValueError("For 'cartesian_prod', at least one input is needed.")
    if len({a.dtype for a in arrays}) > 1:
        raise TypeError("For 'cartesian_prod', all inputs must have the same dtype.")
    for a in arrays:
        if a.ndim != 1:
            raise ValueError(f"For 'cartesian_prod', every input must be 1-D, but got {a.ndim}-D.")
    grids = jnp.meshgrid(*arrays, indexing="ij")
    return _wrap(jnp.stack([g.reshape(-1) for g in grids], axis=1))


@op("cov")
def cov(input, *, correction=1, fweights=None, aweights=None):
    """Covariance of the rows (variables) of ``input`` over its columns (observations)."""
    if not isinstance(input, Tensor):
        raise TypeError(f"For cov, the input must be a Tensor, but got {type(input).__name__}.")
    a = arr(input)
    if a.ndim > 2:
        raise ValueError(f"For cov, the input must have two or fewer dimensions, but got {a.ndim} dimensions.")
    if a.dtype == _BOOL:
        raise TypeError("For cov, the input dtype can not be bool.")
    a = a.reshape(1, -1) if a.ndim < 2 else a
    if a.dtype.kind != "f" or a.dtype == np.float16 or a.dtype.name == "bfloat16":
        a = a.astype(_F32) if a.dtype.kind != "c" else a
    nobs = a.shape[1]
    w = None
    for name, wt, kinds in (("fweights", fweights, "iu"), ("aweights", aweights, "f")):
        if wt is None:
            continue
        wa = arr(wt)
        if wa.ndim > 1 or wa.shape[0] != nobs:
            raise ValueError(f"For cov, {name} must be 1-D with {nobs} elements, but got shape {wa.shape}.")
        if wa.dtype.kind not in kinds:
            raise TypeError(f"For cov, the dtype of {name} must be "
                            f"{'an integer' if kinds == 'iu' else 'a floating point'}, but got {_ms(wa.dtype)}.")
        wa = wa.astype(a.dtype)
        w = wa if w is None else w * wa
    if w is not None:
        w_sum = jnp.sum(w)
        avg = jnp.sum(a * w, axis=1) / w_sum
    else:
        w_sum = jnp.asarray(nobs, a.dtype)
        avg = jnp.sum(a, axis=1) / w_sum
    if w is not None and aweights is not None and correction != 0:
        norm = w_sum - correction * jnp.sum(w * arr(aweights).astype(a.dtype)) / w_sum
    else:
        norm = w_sum - correction
    norm = jnp.maximum(norm, 0)
    c = a - avg[:, None]
    out = c @ (c * w if w is not None else c).T.conj()
    out = out / norm.astype(_F32)
    return _wrap(jnp.squeeze(out).astype(a.dtype))
