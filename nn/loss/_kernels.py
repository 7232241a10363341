"""JAX kernels of the losses whose MindSpore primitives mscompat's ops don't expose
(MultiMarginLoss, MultilabelMarginLoss, CTCLossV2, SameTypeShape), with MindSpore's checks."""
import functools

import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.ops._loss import _reduce
from mscompat._checkparam import check_value_type, check_string

_wrap = Tensor._wrap
_REDUCTIONS = ('none', 'sum', 'mean')


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


# ---------------------------------------------------------------------------------------------
# CTC (MindSpore's CTCLossV2 and ops.ctc_loss)


def _lse(*xs):
    """log(sum(exp(xs))) that is -inf (with zero gradients) when every term is -inf."""
    m = functools.reduce(jnp.maximum, xs)
    finite = jnp.isfinite(m)
    ms_ = jnp.where(finite, m, 0)
    s = sum(jnp.exp(v - ms_) for v in xs)
    s_safe = jnp.where(finite, s, 1)
    return jnp.where(finite, ms_ + jnp.log(s_safe), -jnp.inf)


def _ctc_forward(lp, targets, in_len, tg_len, blank):
    """Negative log likelihoods (N,) and log-alphas (N, T, 2S+1) of ``lp`` (T, N, C)."""
    t_max, n, _ = lp.shape
    s = targets.shape[1]
    width = 2 * s + 1
    ext = jnp.full((n, width), blank, jnp.int32).at[:, 1::2].set(targets.astype(jnp.int32))
    pos = jnp.arange(width)
    ninf = jnp.asarray(-jnp.inf, lp.dtype)
    usable = pos[None, :] < (2 * tg_len[:, None] + 1)
    prev2 = jnp.concatenate([jnp.full((n, 2), blank, jnp.int32), ext[:, :-2]], axis=1)
    skip = (ext != blank) & (ext != prev2) & (pos[None, :] >= 2)
    emit = jnp.take_along_axis(jnp.transpose(lp, (1, 0, 2)), jnp.broadcast_to(ext[:, None, :], (n, t_max, width)),
                               axis=2)                                                   # (N, T, W)
    a0 = jnp.where((pos[None, :] < 2) & usable, emit[:, 0], ninf)

    def step(alpha, t):
        shift1 = jnp.concatenate([jnp.full((n, 1), ninf), alpha[:, :-1]], axis=1)
        shift2 = jnp.concatenate([jnp.full((n, 2), ninf), alpha[:, :-2]], axis=1)
        shift2 = jnp.where(skip, shift2, ninf)
        new = _lse(alpha, shift1, shift2) + emit[:, t]
        new = jnp.where(usable, new, ninf)
        new = jnp.where((t < in_len)[:, None], new, alpha)      # frames past the input length keep the last alpha
        return new, new

    last, rest = jax.lax.scan(step, a0, jnp.arange(1, t_max))
    alphas = jnp.concatenate([a0[None], rest], axis=0)          # (T, N, W)
    end = 2 * tg_len
    a_end = jnp.take_along_axis(last, end[:, None], axis=1)[:, 0]
    a_end1 = jnp.where(tg_len > 0, jnp.take_along_axis(last, jnp.maximum(end - 1, 0)[:, None], axis=1)[:, 0], ninf)
    nll = -_lse(a_end, a_end1)
    return nll, jnp.transpose(alphas, (1, 0, 2))


@functools.partial(jax.custom_vjp, nondiff_argnums=(4, 5))
def _ctc_nll(lp, targets, in_len, tg_len, blank, zero_infinity):
    return _ctc_forward(lp, targets, in_len, tg_len, blank)[0]


def _ctc_nll_fwd(lp, targets, in_len, tg_len, blank, zero_infinity):
    nll, vjp = jax.vjp(lambda v: _ctc_forward(v, targets, in_len, tg_len, blank)[0], lp)
    return nll, (lp, nll, vjp, in_len)


def _ctc_nll_bwd(blank, zero_infinity, res, g):
    # MindSpore's (and the usual) CTC gradient: exp(log_probs) - posterior occupancy, per frame inside
    # the input length, i.e. the gradient with respect to the logits of a log_softmax input.
    lp, nll, vjp, in_len = res
    occupancy = vjp(g)[0]                        # -posterior * g
    inside = (jnp.arange(lp.shape[0])[:, None] < in_len[None, :])[:, :, None]
    grad = jnp.where(inside, jnp.exp(lp) * g[None, :, None] + occupancy, jnp.zeros((), lp.dtype))
    bad = jnp.isinf(nll)[None, :, None]
    grad = jnp.where(bad, jnp.zeros((), lp.dtype) if zero_infinity else jnp.asarray(jnp.nan, lp.dtype), grad)
    return grad, None, None, None


_ctc_nll.defvjp(_ctc_nll_fwd, _ctc_nll_bwd)


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    """``ops.ctc_loss``: (loss, log_alpha) of ``log_probs`` (T, N, C) and padded ``targets`` (N, S)."""
    name = "ctc_loss"
    check_value_type('blank', blank, [int], name)
    check_value_type('reduction', reduction, [str], name)
    check_string(reduction, list(_REDUCTIONS), 'reduction', name)
    check_value_type('zero_infinity', zero_infinity, [bool], name)
    prim = "CTCLossV2"
    vals = []
    for arg, v in (("input_lengths", input_lengths), ("target_lengths", target_lengths)):
        if isinstance(v, Tensor):
            vals.append(_arr(v))
        elif isinstance(v, tuple) and all(isinstance(e, int) and not isinstance(e, bool) for e in v):
            vals.append(jnp.asarray(v, jnp.int64))
        else:
            raise TypeError(f"For primitive[{prim}], the input {type(v).__name__} must be a tuple or a tensor with "
                            f"all Int elements, but got {v}.")
    lp, tg = _arr(log_probs), _arr(targets)
    il, tl = vals
    _check(prim, "log_probs", lp, ("Float32", "Float64"))
    _check(prim, "targets", tg, ("Int32", "Int64"))
    _check(prim, "input_lengths", il, ("Int32", "Int64"))
    _check(prim, "target_lengths", tl, ("Int32", "Int64"))
    if lp.ndim != 3:
        raise ValueError(f"For primitive[{prim}], the log_probs's dim must be 3, but got {lp.ndim}.")
    if tg.ndim != 2:
        raise ValueError(f"For primitive[{prim}], the targets's dim must be 2, but got {tg.ndim}.")
    t_max, n, c = lp.shape
    if not 0 <= blank < c:
        raise ValueError(f"For primitive[{prim}], the blank must be in [0,{c}), but got {blank}.")
    if tg.shape[0] != n:
        raise ValueError(f"For primitive[{prim}], the targets.shape[0] must be equal to {n} , but got {tg.shape[0]}.")
    for arg, v in (("input_lengths", il), ("target_lengths", tl)):
        if v.ndim != 1 or v.shape[0] != n:
            raise ValueError(f"For primitive[{prim}], the {arg}.shape[0] must be equal to {n} , but got "
                             f"{v.shape[0] if v.ndim else v.shape}.")
    il32, tl32 = il.astype(jnp.int32), tl.astype(jnp.int32)
    nll = _ctc_nll(lp, tg.astype(jnp.int32), il32, tl32, blank, zero_infinity)
    log_alpha = jax.lax.stop_gradient(_ctc_forward(lp, tg, il32, tl32, blank)[1])
    if reduction == 'sum':
        nll = jnp.sum(nll)
    elif reduction == 'mean':
        nll = jnp.mean(nll.astype(jnp.float32) / jnp.maximum(tl.astype(jnp.float32), 1.0)).astype(lp.dtype)
    return _wrap(nll), _wrap(log_alpha)
