"""JAX kernels of the losses whose MindSpore primitives mscompat's ops don't expose
(MultiMarginLoss, MultilabelMarginLoss, SameTypeShape), with MindSpore's checks."""
import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.ops._loss import _reduce
from mscompat.ops._ctc import ctc_loss  # noqa: F401  (nn.CTCLoss's kernel: ops.ctc_loss, with CTCLossV2)

_wrap = Tensor._wrap


def _arr(x):
    return x._data if x._data is not None else (x.init_data(), x._data)[1]


def _ms(dt):
    return mstype.from_numpy_dtype(dt)


def _type_error(prim, arg, a, allowed):
    names = ", ".join(f"Tensor[{n}]" for n in allowed)
    raise TypeError(f"For primitive[{prim}], the input argument[{arg}] must be a type of {{{names}}}, but got "
                    f"Tensor[{_ms(a.dtype)}].")


def _check(prim, arg, a, allowed):
    if str(_ms(a.dtype)) not in allowed:
        _type_error(prim, arg, a, allowed)


_F3 = ("Float16", "Float32", "Float64")


# ---------------------------------------------------------------------------------------------
# MultiMarginLoss


def multi_margin_loss(x, target, weight, p, margin, reduction):
    """``sum_{j != y} w[y] * max(0, margin - x[y] + x[j])**p / C`` per row of ``x`` (N, C)."""
    name = "MultiMarginLoss"
    a, t = _arr(x), _arr(target)
    w = jnp.ones(a.shape[1:2] if a.ndim == 2 else a.shape[:1], a.dtype) if weight is None else _arr(weight)
    _check(name, "x", a, _F3)
    _check(name, "target", t, ("Int64",))
    _check(name, "weight", w, _F3)
    if w.dtype != a.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    if a.ndim != 2 or t.ndim != 1:
        raise ValueError(f"For {name}, the rank of input x and target should be 2 and 1, while rank of x is {a.ndim}, "
                         f"rank of target is  {t.ndim}")
    if a.shape[0] != t.shape[0]:
        raise ValueError(f"For {name} x_shape[0] and target_shape[0] should be the same, while x_shape[0] is "
                         f"{a.shape[0]}, target_shape[0] is {t.shape[0]}")
    if w.ndim != 1 or a.shape[1] != w.shape[0]:
        raise ValueError(f"For {name} x_shape[1] and weight_shape[0] should be the same, while x_shape[1] is "
                         f"{a.shape[1]}, weight_shape[0] is {w.shape[0] if w.ndim else w.shape}")
    c = a.shape[1]
    tt = t.astype(jnp.int32)
    xy = jnp.take_along_axis(a, tt[:, None], axis=1)
    # the margin is a float32 attribute; the weight gets no gradient (MindSpore's bprop)
    z = jnp.maximum(jnp.asarray(margin, jnp.float32).astype(a.dtype) - xy + a, 0)
    if p == 2:
        z = z * z
    z = z * jax.lax.stop_gradient(w)[tt][:, None]
    z = jnp.where(jnp.arange(c)[None, :] == tt[:, None], jnp.zeros((), a.dtype), z)
    loss = jnp.sum(z, axis=1) / jnp.asarray(c, a.dtype)
    return _wrap(_reduce(loss, reduction).astype(a.dtype))


# ---------------------------------------------------------------------------------------------
# MultilabelMarginLoss


def multilabel_margin_loss(x, target, reduction):
    """Multi-label hinge loss; returns ``(loss, is_target)``."""
    name = "MultilabelMarginLoss"
    a, t = _arr(x), _arr(target)
    _check(name, "x", a, ("Float16", "Float32"))
    _check(name, "target", t, ("Int32",))
    if a.ndim not in (1, 2) or a.shape != t.shape:
        raise ValueError(f"For '{name}', the rank of 'x' must be 1 or 2 and 'x' and 'target' must have the same "
                         f"shape, but got {list(a.shape)} and {list(t.shape)}.")
    squeeze = a.ndim == 1
    if squeeze:
        a, t = a[None], t[None]
    c = a.shape[1]
    valid = jnp.cumprod((t != -1).astype(jnp.int32), axis=1).astype(bool)          # (N, P) before the first -1
    safe = jnp.where(valid, t, 0)
    hits = (safe[:, :, None] == jnp.arange(c)[None, None, :]) & valid[:, :, None]  # (N, P, C)
    is_target = jnp.any(hits, axis=1)                                              # (N, C)
    xt = jnp.take_along_axis(a, safe, axis=1)                                      # (N, P)
    z = jnp.maximum(1 - (xt[:, :, None] - a[:, None, :]), 0)                       # (N, P, C)
    z = jnp.where(valid[:, :, None] & ~is_target[:, None, :], z, jnp.zeros((), a.dtype))
    loss = jnp.sum(z, axis=(1, 2)) / jnp.asarray(c, a.dtype)
    if squeeze:
        loss, is_target = loss[0], is_target[0]
    return _wrap(_reduce(loss, reduction).astype(a.dtype)), _wrap(is_target.astype(jnp.int32))

