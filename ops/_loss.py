"""Loss functions: cross_entropy, nll_loss, binary cross entropies, mse/l1/smooth_l1/huber,
kl_div, margin losses, and their primitives (SigmoidCrossEntropyWithLogits,
SoftmaxCrossEntropyWithLogits, SparseSoftmaxCrossEntropyWithLogits, BCEWithLogitsLoss,
NLLLoss, KLDivLoss, SmoothL1Loss, SoftMarginLoss, L2Loss)."""
import math

import jax
import jax.numpy as jnp
from jax import lax

from mscompat.common import dtype as mstype
from ._args import Tensor
from ._nn import need_tensor, check_dtype, is_number, F16_32, F16_32_64, FLOATS
from ._programs import one_program
from ._registry import op, primitive, BLACK
from mscompat._runtime_checks import check_index_range

_wrap = Tensor._wrap


def _reduction(name, reduction, allowed=("none", "mean", "sum")):
    if reduction not in allowed:
        raise ValueError(f"For '{name}', the 'reduction' must be in {list(allowed)}, but got {reduction}.")
    return reduction


def _need_tensors(name, names, *inputs):
    """The arrays of Tensor ``inputs`` (named ``names`` in the TypeError), checked in order."""
    return [need_tensor(name, arg_name, x) for arg_name, x in zip(names, inputs)]


def _inputs_reduction(name, names, x, y, reduction, allowed=("none", "mean", "sum")):
    """Arrays of two Tensor inputs (named ``names``), then the ``reduction`` check."""
    a, b = _need_tensors(name, names, x, y)
    _reduction(name, reduction, allowed)
    return a, b


def _reduce(x, reduction):
    if reduction == "mean":
        return jnp.mean(x)
    if reduction == "sum":
        return jnp.sum(x)
    return x


def _same_shape(name, a, b, an="logits", bn="labels"):
    if a.shape != b.shape:
        raise ValueError(f"For '{name}', the shape of '{an}' and '{bn}' must be the same, but got "
                         f"{list(a.shape)} and {list(b.shape)}.")


def _same_dtype(name, a, b):
    if a.dtype != b.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same, but got "
                        f"{mstype.from_numpy_dtype(a.dtype)} and {mstype.from_numpy_dtype(b.dtype)}.")


# ---------------------------------------------------------------------------------------
# Cross entropy family


def _nll(name, logp, target, weight, ignore_index, reduction, label_smoothing=0.0, from_logits=False):
    """Negative log likelihood of log-probabilities ``logp`` (N, C, *) at class ``target`` (N, *)
    (``from_logits``: of the log-softmax of ``logp`` over C)."""
    c = logp.shape[1]
    # MindSpore picks with GatherD: a class index outside [-C, C) (ignore_index aside) is an error
    check_index_range(target, -c, c, lambda v: f"For 'GatherD', the value of 'index' must be in [{-c}, {c}), "
                                               f"but got: {v}", skip=ignore_index)
    return _nll_program(logp, target, weight, ignore_index, reduction, label_smoothing, from_logits)


@one_program(static_argnums=(3, 4, 5, 6))
def _nll_program(logp, target, weight, ignore_index, reduction, label_smoothing, from_logits):
    if from_logits:
        logp = jax.nn.log_softmax(logp, axis=1)
    c = logp.shape[1]
    w = jnp.ones((c,), logp.dtype) if weight is None else weight.astype(logp.dtype)
    tgt = target.astype(jnp.int32)
    valid = tgt != ignore_index
    safe = jnp.where(valid, tgt, 0)
    picked = jnp.take_along_axis(logp, jnp.expand_dims(safe, 1), axis=1)[:, 0]
    wt = jnp.where(valid, w[safe], jnp.zeros((), logp.dtype))
    loss = -picked * wt
    if label_smoothing > 0:
        shape = (1, c) + (1,) * (logp.ndim - 2)
        smooth = -jnp.sum(logp * w.reshape(shape), axis=1)
        smooth = jnp.where(valid, smooth, 0)
        loss = (1 - label_smoothing) * loss + label_smoothing / c * smooth
    if reduction == "none":
        return loss
    if reduction == "sum":
        return jnp.sum(loss)
    return jnp.sum(loss) / jnp.sum(wt)


def _ce_check(name, input, target, weight, reduction, label_smoothing):
    x = need_tensor(name, "input", input)
    t = need_tensor(name, "target", target)
    w = None if weight is None else need_tensor(name, "weight", weight)
    _reduction(name, reduction)
    if not is_number(label_smoothing) or not 0.0 <= label_smoothing <= 1.0:
        raise ValueError(f"For '{name}', the 'label_smoothing' must be in range [0.0, 1.0], "
                         f"but got {label_smoothing}.")
    check_dtype(name, "input", x, F16_32_64 + ("bfloat16",))
    return x, t, w


@op("cross_entropy")
def cross_entropy(input, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
    """Cross entropy of logits ``input`` (C,), (N, C) or (N, C, d...) against class indices or
    class probabilities ``target``."""
    x, t, w = _ce_check("cross_entropy", input, target, weight, reduction, label_smoothing)
    if x.ndim == 1:
        x = x[None]
        t = t[None]
    c = x.shape[1]
    if t.shape == x.shape and jnp.issubdtype(t.dtype, jnp.floating):
        logp = jax.nn.log_softmax(x, axis=1)
        tp = t.astype(x.dtype)
        if label_smoothing > 0:
            tp = tp * (1 - label_smoothing) + label_smoothing / c
        shape = (1, c) + (1,) * (x.ndim - 2)
        wv = jnp.ones(shape, x.dtype) if w is None else w.astype(x.dtype).reshape(shape)
        loss = -jnp.sum(logp * tp * wv, axis=1)
        if reduction == "mean":
            return _wrap(jnp.sum(loss) / (loss.size if loss.size else 1))
        return _wrap(_reduce(loss, reduction))
    if jnp.issubdtype(t.dtype, jnp.floating):
        raise TypeError("For 'cross_entropy', the 'target' must be class indices (an int Tensor) or class "
                        "probabilities with the shape of 'input'.")
    if t.shape != (x.shape[0],) + x.shape[2:]:
        raise ValueError(f"For 'cross_entropy', the shape of 'target' must be {[x.shape[0]] + list(x.shape[2:])}, "
                         f"but got {list(t.shape)}.")
    return _wrap(_nll("cross_entropy", x, t, w, ignore_index, reduction, label_smoothing, from_logits=True))


@op("nll_loss", amp=BLACK)
def nll_loss(inputs, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
    """Negative log likelihood of log-probabilities ``inputs`` (N, C, *) at ``target`` (N, *)."""
    x, t, w = _ce_check("nll_loss", inputs, target, weight, reduction, label_smoothing)
    if x.ndim == 1:
        x, t = x[None], t[None]
    if jnp.issubdtype(t.dtype, jnp.floating):
        raise TypeError(f"For 'nll_loss', the 'target' must be an int Tensor, but got "
                        f"{mstype.from_numpy_dtype(t.dtype)}.")
    if t.shape != (x.shape[0],) + x.shape[2:]:
        raise ValueError(f"For 'nll_loss', the shape of 'target' must be {[x.shape[0]] + list(x.shape[2:])}, "
                         f"but got {list(t.shape)}.")
    return _wrap(_nll("nll_loss", x, t, w, ignore_index, reduction, label_smoothing))


def _nll_prim(prim, logits, labels, weight):
    name = "NLLLoss"
    x = need_tensor(name, "logits", logits)
    t = need_tensor(name, "labels", labels)
    w = need_tensor(name, "weight", weight)
    check_dtype(name, "logits", x, F16_32 + ("bfloat16",))
    check_dtype(name, "labels", t, ("int32", "int64", "uint8"))
    _reduction(name, prim.reduction)
    if x.ndim not in (1, 2) or t.ndim != 1 or t.shape[0] != (x.shape[0] if x.ndim == 2 else 1):
        raise ValueError(f"For '{name}', the shapes of 'logits' {list(x.shape)} and 'labels' {list(t.shape)} "
                         "do not match.")
    if x.ndim == 1:
        x = x[None]
    c = x.shape[1]
    if w.shape != (c,):
        raise ValueError(f"For '{name}', the shape of 'weight' must be ({c},), but got {list(w.shape)}.")
    check_index_range(t, 0, c, lambda v: f"For '{name}', the label must in scope[0, C-1], but got{v}",
                      exc_type=ValueError, skip=prim.ignore_index)
    tgt = t.astype(jnp.int32)
    valid = tgt != prim.ignore_index
    safe = jnp.where(valid, tgt, 0)
    wt = jnp.where(valid, w[safe].astype(x.dtype), 0)
    loss = -jnp.take_along_axis(x, safe[:, None], axis=1)[:, 0] * wt
    total = jnp.sum(wt)
    if prim.reduction == "sum":
        loss = jnp.sum(loss)
    elif prim.reduction == "mean":
        loss = jnp.sum(loss) / total
    return _wrap(loss), _wrap(total.astype(w.dtype))


primitive("NLLLoss", None, attrs=(("reduction", "mean"), ("ignore_index", -100)), call=_nll_prim, amp=BLACK)


def _logits_labels(name, logits, labels, allowed, label_arg="labels"):
    """Arrays of Tensors ``logits`` (dtype in ``allowed``) and ``labels`` of the same dtype."""
    x = need_tensor(name, "logits", logits)
    y = need_tensor(name, label_arg, labels)
    check_dtype(name, "logits", x, allowed)
    _same_dtype(name, x, y)
    return x, y


def _softmax_ce(logits, labels):
    name = "SoftmaxCrossEntropyWithLogits"
    x, y = _logits_labels(name, logits, labels, F16_32)
    if x.ndim != 2:
        raise ValueError(f"For '{name}', the rank of 'logits' must be 2, but got {x.ndim}.")
    _same_shape(name, x, y)
    f = x.astype(jnp.float32)
    logp = jax.nn.log_softmax(f, axis=1)
    loss = -jnp.sum(y.astype(jnp.float32) * logp, axis=1)
    grad = jnp.exp(logp) - y.astype(jnp.float32)
    return _wrap(loss.astype(x.dtype)), _wrap(grad.astype(x.dtype))


primitive("SoftmaxCrossEntropyWithLogits", _softmax_ce)


def _sparse_softmax_ce(prim, logits, labels):
    name = "SparseSoftmaxCrossEntropyWithLogits"
    x = need_tensor(name, "logits", logits)
    t = need_tensor(name, "labels", labels)
    check_dtype(name, "logits", x, F16_32)
    check_dtype(name, "labels", t, ("int32", "int64"))
    if x.ndim < 2 or t.shape != x.shape[:-1]:
        raise ValueError(f"For '{name}', the shape of 'labels' must be the shape of 'logits' without its last "
                         f"dimension, but got {list(t.shape)} and {list(x.shape)}.")
    return _wrap(_sparse_softmax_ce_program(x, t, prim.is_grad))


@one_program(static_argnums=(2,))
def _sparse_softmax_ce_program(x, t, is_grad):
    """The mean cross entropy of ``x``'s softmax against the classes ``t`` (``is_grad``: its
    gradient with respect to ``x``), in ``x``'s dtype."""
    # lax, not jnp (each jnp call traces a nested program): the formulas of jax.nn.log_softmax
    # and jax.nn.one_hot
    f = lax.convert_element_type(x, jnp.float32)
    last = f.ndim - 1
    keep = tuple(range(last))
    peak = lax.broadcast_in_dim(lax.stop_gradient(lax.reduce_max(f, (last,))), f.shape, keep)
    shifted = lax.sub(f, peak)
    logp = lax.sub(shifted, lax.broadcast_in_dim(lax.log(lax.reduce_sum(lax.exp(shifted), (last,))), f.shape, keep))
    onehot = lax.convert_element_type(
        lax.eq(lax.broadcast_in_dim(t, f.shape, keep), lax.broadcasted_iota(t.dtype, f.shape, last)), jnp.float32)
    n = jnp.float32(t.size)
    if is_grad:
        out = lax.div(lax.sub(lax.exp(logp), onehot), n)
    else:
        out = lax.div(lax.neg(lax.reduce_sum(lax.mul(onehot, logp), tuple(range(f.ndim)))), n)
    return lax.convert_element_type(out, x.dtype)


primitive("SparseSoftmaxCrossEntropyWithLogits", None, attrs=(("is_grad", False, (bool,)),),
          call=_sparse_softmax_ce)


# ---------------------------------------------------------------------------------------
# Binary cross entropy


def _bce_logits(x, y, w, pw):
    """Elementwise BCE of logits ``x``: -(pw*y*logsig(x) + (1-y)*logsig(-x)) * w."""
    ls = jax.nn.log_sigmoid(x)
    lns = jax.nn.log_sigmoid(-x)
    if pw is None:
        loss = -(y * ls + (1 - y) * lns)
    else:
        loss = -(pw * y * ls + (1 - y) * lns)
    return loss if w is None else loss * w


@op("binary_cross_entropy_with_logits", amp=BLACK)
def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction="mean"):
    name = "BCEWithLogitsLoss"
    x, y = _inputs_reduction(name, ("input", "target"), input, target, reduction)
    check_dtype(name, "input", x, F16_32 + ("bfloat16",))
    _same_dtype(name, x, y)
    _same_shape(name, x, y, "input", "target")
    w = None if weight is None else need_tensor(name, "weight", weight).astype(x.dtype)
    pw = None if pos_weight is None else need_tensor(name, "pos_weight", pos_weight).astype(x.dtype)
    try:
        for v in (w, pw):
            if v is not None:
                jnp.broadcast_shapes(v.shape, x.shape)
    except ValueError:
        raise ValueError(f"For '{name}', 'weight' and 'pos_weight' must be broadcastable to the shape of "
                         f"'input' {list(x.shape)}.") from None
    return _wrap(_reduce(_bce_logits(x, y, w, pw), reduction).astype(x.dtype))


primitive("BCEWithLogitsLoss", None, attrs=(("reduction", "mean"),),
          call=lambda p, logits, label, weight=None, pos_weight=None: binary_cross_entropy_with_logits(
              logits, label, weight, pos_weight, p.reduction), amp=BLACK)


@op("binary_cross_entropy")
def binary_cross_entropy(logits, labels, weight=None, reduction="mean"):
    """BCE of probabilities ``logits``; logs are clamped at -100 like MindSpore's kernel."""
    name = "BinaryCrossEntropy"
    x, y = _inputs_reduction(name, ("logits", "labels"), logits, labels, reduction)
    check_dtype(name, "logits", x, F16_32 + ("bfloat16",))
    _same_dtype(name, x, y)
    _same_shape(name, x, y)
    f = x.astype(jnp.float32)
    lx = jnp.maximum(jnp.log(f), -100.0)
    l1x = jnp.maximum(jnp.log(1 - f), -100.0)
    yf = y.astype(jnp.float32)
    loss = -(yf * lx + (1 - yf) * l1x)
    if weight is not None:
        loss = loss * need_tensor(name, "weight", weight).astype(jnp.float32)
    return _wrap(_reduce(loss, reduction).astype(x.dtype))


primitive("BinaryCrossEntropy", binary_cross_entropy, attrs=(("reduction", "mean"),),
          call=lambda p, logits, labels, weight=None: binary_cross_entropy(logits, labels, weight, p.reduction),
          init=lambda p: _reduction("BinaryCrossEntropy", p.reduction))


def _sigmoid_ce(logits, labels):
    name = "SigmoidCrossEntropyWithLogits"
    x, y = _logits_labels(name, logits, labels, F16_32_64, "label")
    _same_shape(name, x, y, "logits", "label")
    return _wrap(_bce_logits(x, y, None, None))


primitive("SigmoidCrossEntropyWithLogits", _sigmoid_ce)


# ---------------------------------------------------------------------------------------
# Regression losses


def _input_and_target(name, input, target, allowed=FLOATS):
    """A loss's ``input`` and ``target`` Tensors as jax arrays, ``input`` of a dtype in ``allowed``."""
    x = need_tensor(name, "input", input)
    y = need_tensor(name, "target", target)
    check_dtype(name, "input", x, allowed)
    return x, y


def _bcast(name, x, y):
    try:
        shape = jnp.broadcast_shapes(x.shape, y.shape)
    except ValueError:
        raise ValueError(f"For '{name}', the shape of 'input' {list(x.shape)} and 'target' {list(y.shape)} "
                         "must be broadcastable.") from None
    dt = jnp.promote_types(x.dtype, y.dtype)
    return jnp.broadcast_to(x, shape).astype(dt), jnp.broadcast_to(y, shape).astype(dt)


def _pointwise_loss(name, input, target, reduction, fn):
    """``reduce(fn(input - target))`` after the checks of mse_loss / l1_loss (inputs broadcast)."""
    x, y = _input_and_target(name, input, target)
    _reduction(name, reduction)
    x, y = _bcast(name, x, y)
    return _wrap(_reduce(fn(x - y), reduction))


@op("mse_loss")
def mse_loss(input, target, reduction="mean"):
    return _pointwise_loss("mse_loss", input, target, reduction, jnp.square)


@op("mse_loss_ext")
def mse_loss_ext(input, target, reduction="mean"):
    return mse_loss(input, target, reduction)


@op("l1_loss")
def l1_loss(input, target, reduction="mean"):
    return _pointwise_loss("l1_loss", input, target, reduction, jnp.abs)


def _smooth_l1(x, y, beta, reduction, name="SmoothL1Loss"):
    if not isinstance(beta, (int, float)) or isinstance(beta, bool):
        raise TypeError(f"For '{name}', the type of 'beta' should be float, but got {type(beta).__name__}.")
    if beta <= 0:
        raise RuntimeError(f"For '{name}', the values for beta should greater than 0, but got {beta}.")
    _reduction(name, reduction)
    _same_dtype(name, x, y)
    _same_shape(name, x, y, "logits", "labels")
    d = jnp.abs(x - y)
    b = jnp.asarray(beta, x.dtype)
    loss = jnp.where(d < b, 0.5 * d * d / b, d - 0.5 * b)
    return _wrap(_reduce(loss, reduction))


@op("smooth_l1_loss", amp=BLACK)
def smooth_l1_loss(input, target, beta=1.0, reduction="none"):
    x, y = _input_and_target("SmoothL1Loss", input, target, F16_32_64 + ("bfloat16",))
    return _smooth_l1(x, y, beta, reduction)


primitive("SmoothL1Loss", None, attrs=(("beta", 1.0), ("reduction", "none")),
          call=lambda p, logits, labels: smooth_l1_loss(logits, labels, p.beta, p.reduction), amp=BLACK)


@op("huber_loss")
def huber_loss(input, target, reduction="mean", delta=1.0):
    x, y = _input_and_target("huber_loss", input, target)
    _reduction("huber_loss", reduction)
    if not is_number(delta) or delta <= 0:
        raise ValueError(f"For 'huber_loss', 'delta' must be a positive number, but got {delta}.")
    x, y = _bcast("huber_loss", x, y)
    d = jnp.abs(x - y)
    dl = jnp.asarray(delta, x.dtype)
    loss = jnp.where(d < dl, 0.5 * d * d, dl * (d - 0.5 * dl))
    return _wrap(_reduce(loss, reduction))


def _l2_loss(x):
    a = need_tensor("L2Loss", "input", x)
    check_dtype("L2Loss", "input", a, F16_32_64)
    return _wrap(jnp.sum(jnp.square(a)) / 2)


primitive("L2Loss", _l2_loss)


def _kl_div(name, logits, labels, reduction, allowed):
    x, y = _inputs_reduction(name, ("logits", "labels"), logits, labels, reduction, allowed)
    check_dtype(name, "logits", x, F16_32_64 + ("bfloat16",))
    _same_dtype(name, x, y)
    _same_shape(name, x, y)
    loss = jnp.where(y > 0, y * (jnp.log(jnp.where(y > 0, y, 1)) - x), -y * x * 0)
    if reduction == "batchmean":
        return jnp.sum(loss) / (x.shape[0] if x.ndim else 1)
    return _reduce(loss, reduction)


@op("kl_div", amp=BLACK)
def kl_div(logits, labels, reduction="mean"):
    """``labels * (log(labels) - logits)``, reduced ('none', 'mean', 'sum', 'batchmean')."""
    return _wrap(_kl_div("kl_div", logits, labels, reduction, ("none", "mean", "sum", "batchmean")))


primitive("KLDivLoss", None, attrs=(("reduction", "mean"),),
          call=lambda p, logits, labels: _wrap(_kl_div("KLDivLoss", logits, labels, p.reduction,
                                                       ("none", "mean", "sum", "batchmean"))), amp=BLACK)


# ---------------------------------------------------------------------------------------
# Margin and other losses


def _soft_margin(input, target, reduction="mean"):
    name = "SoftMarginLoss"
    x = need_tensor(name, "input", input)
    y = need_tensor(name, "target", target)
    check_dtype(name, "input", x, F16_32 + ("bfloat16",))
    if not isinstance(reduction, str):
        raise TypeError(f"For 'soft_margin_loss', the input 'reduction' should be a str, but got {type(reduction)}.")
    _reduction(name, reduction)
    _same_dtype(name, x, y)
    _same_shape(name, x, y, "input", "target")
    f = x.astype(jnp.float32)
    loss = jnp.logaddexp(0.0, -y.astype(jnp.float32) * f)
    return _wrap(_reduce(loss, reduction).astype(x.dtype))


@op("soft_margin_loss", amp=BLACK)
def soft_margin_loss(input, target, reduction="mean"):
    return _soft_margin(input, target, reduction)


primitive("SoftMarginLoss", None, attrs=(("reduction", "mean"),),
          call=lambda p, x, y: _soft_margin(x, y, p.reduction), amp=BLACK)


@op("margin_ranking_loss")
def margin_ranking_loss(input1, input2, target, margin=0.0, reduction="mean"):
    name = "margin_ranking_loss"
    a, b, t = _need_tensors(name, ("input1", "input2", "target"), input1, input2, target)
    if not isinstance(margin, float):
        raise TypeError(f"For '{name}', the type of 'margin' should be float, but got {type(margin).__name__}.")
    _reduction(name, reduction)
    _same_dtype(name, a, b)
    _same_dtype(name, a, t)
    loss = jnp.maximum(0, -t * (a - b) + jnp.asarray(margin, a.dtype))
    return _wrap(_reduce(loss, reduction))


@op("hinge_embedding_loss")
def hinge_embedding_loss(inputs, targets, margin=1.0, reduction="mean"):
    name = "hinge_embedding_loss"
    x, t = _need_tensors(name, ("inputs", "targets"), inputs, targets)
    if not isinstance(margin, (float, int)) or isinstance(margin, bool):
        raise TypeError(f"For '{name}', 'margin' must be a float or int, but got {type(margin).__name__}.")
    _reduction(name, reduction)
    x, t = _bcast(name, x, t)
    m = jnp.asarray(margin, x.dtype)
    loss = jnp.where(t == 1, x, 0) + jnp.where(t == -1, jnp.maximum(0, m - x), 0)
    return _wrap(_reduce(loss, reduction))


@op("cosine_embedding_loss")
def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction="mean"):
    name = "cosine_embedding_loss"
    a, b, t = _need_tensors(name, ("input1", "input2", "target"), input1, input2, target)
    if not is_number(margin) or not -1 <= margin <= 1:
        raise ValueError(f"For '{name}', the 'margin' must be in range [-1, 1], but got {margin}.")
    _reduction(name, reduction)
    _same_shape(name, a, b, "input1", "input2")
    if not jnp.issubdtype(a.dtype, jnp.floating):   # integer inputs: a float32 loss (not float64)
        a, b = a.astype(jnp.float32), b.astype(jnp.float32)
    eps = 1e-12
    prod = jnp.sum(a * b, axis=-1)
    na = jnp.sum(a * a, axis=-1) + eps
    nb = jnp.sum(b * b, axis=-1) + eps
    cos = prod / jnp.sqrt(na * nb)
    zeros = jnp.zeros_like(cos)
    pos = jnp.where(t == 1, 1 - cos, zeros)
    neg = jnp.where(t == -1, jnp.maximum(zeros, cos - jnp.asarray(margin, cos.dtype)), zeros)
    return _wrap(_reduce(pos + neg, reduction))


@op("gaussian_nll_loss")
def gaussian_nll_loss(x, target, var, full=False, eps=1e-6, reduction="mean"):
    name = "gaussian_nll_loss"
    a, t, v = _need_tensors(name, ("x", "target", "var"), x, target, var)
    if not isinstance(full, bool):
        raise TypeError(f"For '{name}', 'full' must be a bool, but got {type(full).__name__}.")
    if not isinstance(eps, float) or eps <= 0:
        raise ValueError(f"For '{name}', 'eps' must be a positive float, but got {eps}.")
    _reduction(name, reduction)
    if v.ndim == a.ndim - 1 and v.shape == a.shape[:-1]:
        v = v[..., None]
    vc = jnp.maximum(v, jnp.asarray(eps, v.dtype))
    loss = 0.5 * (jnp.log(vc) + jnp.square(a - t) / vc)
    if full:
        loss = loss + 0.5 * jnp.log(jnp.asarray(2 * math.pi, loss.dtype))
    return _wrap(_reduce(loss, reduction))


@op("multilabel_soft_margin_loss")
def multilabel_soft_margin_loss(input, target, weight=None, reduction="mean"):
    name = "multilabel_soft_margin_loss"
    x, y = _inputs_reduction(name, ("input", "target"), input, target, reduction)
    if x.ndim != 2 or x.shape != y.shape:
        raise ValueError(f"For '{name}', 'input' must be 2-D with the shape of 'target', but got "
                         f"{list(x.shape)} and {list(y.shape)}.")
    yf = y.astype(x.dtype)
    loss = -(yf * jax.nn.log_sigmoid(x) + (1 - yf) * jax.nn.log_sigmoid(-x))
    if weight is not None:
        loss = loss * need_tensor(name, "weight", weight).astype(x.dtype)
    loss = jnp.mean(loss, axis=1)
    return _wrap(_reduce(loss, reduction))


@op("triplet_margin_loss", amp=BLACK)
def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, reduction="mean"):
    name = "TripletMarginLoss"
    a, pz, n = _need_tensors(name, ("anchor", "positive", "negative"), anchor, positive, negative)
    _reduction(name, reduction)
    if not isinstance(margin, (int, float, Tensor)):
        raise TypeError(f"For 'Tensor', the type of 'input_data' is not supported, but got type "
                        f"'{type(margin).__name__}'.")
    if a.shape != pz.shape or a.shape != n.shape:
        raise ValueError(f"For '{name}', 'anchor', 'positive' and 'negative' must have the same shape.")

    def dist(u, v):
        return jnp.power(jnp.sum(jnp.power(jnp.abs(u - v + eps), p), axis=-1), 1.0 / p)
    dp = dist(a, pz)
    dn = dist(a, n)
    if swap:
        dn = jnp.minimum(dn, dist(pz, n))
    loss = jnp.maximum(dp - dn + jnp.asarray(margin, a.dtype), 0)
    return _wrap(_reduce(loss, reduction).astype(a.dtype))
