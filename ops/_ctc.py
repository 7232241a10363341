"""Connectionist temporal classification: ``ops.ctc_loss`` and its Primitive ``CTCLossV2``
(log-probabilities ``(T, N, C)``, padded targets, any blank index; what ``nn.CTCLoss`` uses) and
the older ``CTCLoss`` Primitive (TensorFlow-style: logits, sparse labels, the last class is the
blank, the loss and its gradient with respect to the logits as outputs), and the greedy decoder
``ops.ctc_greedy_decoder`` / ``CTCGreedyDecoder`` (sparse decoded labels, data-dependent shape).

One forward recursion (:func:`_ctc_forward`, in log space over the blank-extended label) serves
both; gradients come from differentiating it."""
import functools

import numpy as np
import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat._checkparam import check_value_type, check_string
from mscompat._runtime_checks import check_index_range
from mscompat._state import concrete
from ._args import Tensor, arr, wrap, prim_dtype_error, shape_value, tensor_arg
from ._registry import op, primitive

__all__ = ["ctc_loss", "ctc_greedy_decoder"]

_REDUCTIONS = ('none', 'sum', 'mean')


def _need_dtype(prim, arg, a, allowed):
    """TypeError (MindSpore's wording for a Primitive input) unless ``a``'s dtype is in ``allowed``
    (MindSpore dtype names)."""
    got = str(mstype.from_numpy_dtype(a.dtype))
    if got not in allowed:
        raise prim_dtype_error(prim, arg, allowed, f"Tensor[{got}]")


def _lse(*xs):
    """log(sum(exp(xs))) that is -inf (with zero gradients) when every term is -inf."""
    m = functools.reduce(jnp.maximum, xs)
    finite = jnp.isfinite(m)
    m0 = jnp.where(finite, m, 0)
    s = sum(jnp.exp(v - m0) for v in xs)
    return jnp.where(finite, m0 + jnp.log(jnp.where(finite, s, 1)), -jnp.inf)


def _ctc_forward(lp, targets, in_len, tg_len, blank, merge_repeated=True):
    """Negative log likelihoods (N,) and log-alphas (N, T, 2S+1) of ``lp`` (T, N, C) for the padded
    ``targets`` (N, S). Without ``merge_repeated`` (the simplified CTC of ``CTCLoss``) a label does
    not repeat over frames and two equal labels need no blank between them."""
    t_max, n, _ = lp.shape
    s = targets.shape[1]
    width = 2 * s + 1
    ext = jnp.full((n, width), blank, jnp.int32).at[:, 1::2].set(targets.astype(jnp.int32))
    pos = jnp.arange(width)
    ninf = jnp.asarray(-jnp.inf, lp.dtype)
    usable = pos[None, :] < (2 * tg_len[:, None] + 1)
    prev2 = jnp.concatenate([jnp.full((n, 2), blank, jnp.int32), ext[:, :-2]], axis=1)
    skip = (ext != blank) & (pos[None, :] >= 2)
    if merge_repeated:
        skip = skip & (ext != prev2)
    stay = jnp.ones_like(skip) if merge_repeated else ext == blank
    emit = jnp.take_along_axis(jnp.transpose(lp, (1, 0, 2)), jnp.broadcast_to(ext[:, None, :], (n, t_max, width)),
                               axis=2)                                                   # (N, T, W)
    a0 = jnp.where((pos[None, :] < 2) & usable, emit[:, 0], ninf)

    def step(alpha, t):
        shift1 = jnp.concatenate([jnp.full((n, 1), ninf), alpha[:, :-1]], axis=1)
        shift2 = jnp.concatenate([jnp.full((n, 2), ninf), alpha[:, :-2]], axis=1)
        new = _lse(jnp.where(stay, alpha, ninf), shift1, jnp.where(skip, shift2, ninf)) + emit[:, t]
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


# ---------------------------------------------------------------------------------------------
# ctc_loss / CTCLossV2


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


def _lengths(prim, v):
    """The array of ``input_lengths`` / ``target_lengths``: a Tensor, or a tuple of ints."""
    if isinstance(v, Tensor):
        return arr(v)
    if isinstance(v, tuple) and all(isinstance(e, int) and not isinstance(e, bool) for e in v):
        return jnp.asarray(v, jnp.int64)
    raise TypeError(f"For primitive[{prim}], the input {type(v).__name__} must be a tuple or a tensor with "
                    f"all Int elements, but got {v}.")


def _ctc_v2(log_probs, targets, input_lengths, target_lengths, blank, zero_infinity):
    """(per-sample negative log likelihood (N,), log_alpha (N, T, 2S+1)) with CTCLossV2's checks."""
    prim = "CTCLossV2"
    il, tl = _lengths(prim, input_lengths), _lengths(prim, target_lengths)
    lp, tg = arr(log_probs), arr(targets)
    _need_dtype(prim, "log_probs", lp, ("Float32", "Float64"))
    _need_dtype(prim, "targets", tg, ("Int32", "Int64"))
    _need_dtype(prim, "input_lengths", il, ("Int32", "Int64"))
    _need_dtype(prim, "target_lengths", tl, ("Int32", "Int64"))
    if lp.ndim != 3:
        raise ValueError(f"For primitive[{prim}], the log_probs's dim must be 3, but got {lp.ndim}.")
    if tg.ndim != 2:
        raise ValueError(f"For primitive[{prim}], the targets's dim must be 2, but got {tg.ndim}.")
    _, n, c = lp.shape
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
    inside = jnp.arange(lp.shape[0])[None, :] < il32[:, None]            # frames past the input length: -inf
    log_alpha = jnp.where(inside[:, :, None], log_alpha, jnp.asarray(-jnp.inf, log_alpha.dtype))
    return nll, log_alpha, tl


def _check_ctc_args(name, blank, reduction, zero_infinity, reductions=_REDUCTIONS):
    check_value_type('blank', blank, [int], name)
    check_value_type('reduction', reduction, [str], name)
    check_string(reduction, list(reductions), 'reduction', name)
    check_value_type('zero_infinity', zero_infinity, [bool], name)


@op("ctc_loss")
def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    """(loss, log_alpha) of ``log_probs`` (T, N, C) and padded ``targets`` (N, S); ``mean`` divides each
    sample's loss by its target length (at least 1) before averaging."""
    _check_ctc_args("ctc_loss", blank, reduction, zero_infinity)
    nll, log_alpha, tl = _ctc_v2(log_probs, targets, input_lengths, target_lengths, blank, zero_infinity)
    if reduction == 'sum':
        nll = jnp.sum(nll)
    elif reduction == 'mean':
        nll = jnp.mean(nll.astype(jnp.float32) / jnp.maximum(tl.astype(jnp.float32), 1.0)).astype(nll.dtype)
    return wrap(nll), wrap(log_alpha)


def _ctc_v2_attrs(prim):
    _check_ctc_args(prim.name, prim.blank, prim.reduction, prim.zero_infinity, reductions=("none",))


def _ctc_v2_call(prim, log_probs, targets, input_lengths, target_lengths):
    nll, log_alpha, _ = _ctc_v2(log_probs, targets, input_lengths, target_lengths, prim.blank, prim.zero_infinity)
    return wrap(nll), wrap(log_alpha)


primitive("CTCLossV2", _ctc_v2, (("blank", 0, (int,)), ("reduction", "none", (str,)), ("zero_infinity", False, (bool,))),
          call=_ctc_v2_call, init=_ctc_v2_attrs,
          doc="``CTCLossV2(blank=0, reduction='none', zero_infinity=False)(log_probs, targets, input_lengths, "
              "target_lengths)``: the unreduced CTC loss (N,) and log_alpha (N, T, 2S+1); see ``ops.ctc_loss``.")


# ---------------------------------------------------------------------------------------------
# CTCLoss (logits, sparse labels, blank = C - 1)


def _dense_labels(idx, vals, n, collapse):
    """Padded labels (N, L) and their lengths (N,) from the sparse ``idx`` (L, 2) / ``vals`` (L,):
    a sample's labels are the values of the rows whose ``idx[:, 0]`` is that sample, in row order.
    ``collapse`` merges runs of equal labels into one."""
    b = idx[:, 0].astype(jnp.int32)
    onehot = (b[:, None] == jnp.arange(n)[None, :]).astype(jnp.int32)          # (L, N)
    pos = jnp.take_along_axis(jnp.cumsum(onehot, axis=0) - 1, jnp.clip(b, 0, n - 1)[:, None], axis=1)[:, 0]
    if collapse:
        # the previous label of the same sample: the latest earlier row of that sample
        rows = jnp.arange(vals.shape[0])
        earlier = (b[None, :] == b[:, None]) & (rows[None, :] < rows[:, None])
        prev_row = jnp.max(jnp.where(earlier, rows[None, :], -1), axis=1)
        keep = (prev_row < 0) | (vals != vals[jnp.maximum(prev_row, 0)])
        kept = onehot * keep[:, None].astype(jnp.int32)
        pos = jnp.take_along_axis(jnp.cumsum(kept, axis=0) - 1, jnp.clip(b, 0, n - 1)[:, None], axis=1)[:, 0]
        onehot = kept
        pos = jnp.where(keep, pos, vals.shape[0])            # dropped rows write past the end (discarded)
    width = max(vals.shape[0], 1)
    labels = jnp.zeros((n, width), jnp.int32).at[b, pos].set(vals.astype(jnp.int32), mode="drop")
    return labels, jnp.sum(onehot, axis=0)


def _ctc_v1_loss_grad(x, labels, seq, lab_len, merge_repeated):
    """Loss (N,) and its gradient with respect to the logits ``x`` (T, N, C); samples whose loss is
    infinite (no alignment fits) get a zero gradient."""
    xf = x.astype(jnp.float32) if x.dtype == jnp.float16 else x
    blank = x.shape[2] - 1
    fwd = lambda v: _ctc_forward(jax.nn.log_softmax(v, axis=2), labels, seq, lab_len, blank, merge_repeated)[0]
    nll, vjp = jax.vjp(fwd, xf)
    grad = vjp(jnp.ones_like(nll))[0]
    grad = jnp.where(jnp.isinf(nll)[None, :, None], jnp.zeros((), grad.dtype), grad)
    return nll.astype(x.dtype), grad.astype(x.dtype)


@functools.partial(jax.custom_vjp, nondiff_argnums=(4,))
def _ctc_v1(x, labels, seq, lab_len, merge_repeated):
    return _ctc_v1_loss_grad(x, labels, seq, lab_len, merge_repeated)


def _ctc_v1_fwd(x, labels, seq, lab_len, merge_repeated):
    loss, grad = _ctc_v1_loss_grad(x, labels, seq, lab_len, merge_repeated)
    return (loss, grad), (grad, labels, seq, lab_len)


def _ctc_v1_bwd(merge_repeated, res, g):
    # MindSpore's bprop of CTCLoss: the gradient output scaled by the loss cotangent (the gradient
    # output itself is not differentiated)
    grad, labels, seq, lab_len = res
    zero = lambda a: np.zeros(a.shape, jax.dtypes.float0)
    return grad * g[0][None, :, None].astype(grad.dtype), zero(labels), zero(seq), zero(lab_len)


_ctc_v1.defvjp(_ctc_v1_fwd, _ctc_v1_bwd)


def _ctc_v1_call(prim, inputs, labels_indices, labels_values, sequence_length):
    name = prim.name
    x, idx, vals, seq = (arr(t) for t in (inputs, labels_indices, labels_values, sequence_length))
    _need_dtype(name, "inputs", x, ("Float16", "Float32", "Float64"))
    _need_dtype(name, "labels_indices", idx, ("Int64",))
    _need_dtype(name, "labels_values", vals, ("Int32",))
    _need_dtype(name, "sequence_length", seq, ("Int32",))
    if x.ndim != 3:
        raise ValueError(f"For primitive[{name}], the inputs rank must be equal to 3, but got {x.ndim}.")
    if idx.ndim != 2:
        raise ValueError(f"For primitive[{name}], the labels_indices rank must be equal to 2, but got {idx.ndim}.")
    if vals.ndim != 1:
        raise ValueError(f"For primitive[{name}], the labels_values rank must be equal to 1, but got {vals.ndim}.")
    if seq.ndim != 1:
        raise ValueError(f"For primitive[{name}], the sequence_length rank must be equal to 1, but got {seq.ndim}.")
    if idx.shape[0] != vals.shape[0]:
        raise ValueError(f"For '{name}', the first dim of 'label_indices' and 'label_value' must be same, but got "
                         f"'label_indices':{idx.shape[0]}, 'label_value': {vals.shape[0]}.")
    t_max, n, _ = x.shape
    if seq.shape[0] != n:
        raise ValueError(f"For '{name}', input batch_size must be same with 'sequence_length' batch_size, but got "
                         f"input batch_size:{n}, 'sequence_length' batch_size: {seq.shape[0]}.")
    check_index_range(idx[:, 0], 0, n, lambda v: f"For '{name}, 'index' must be less than the length of 'label', "
                                                 f"but got 'index': {v} and the length of 'label': {n}")
    check_index_range(seq, 1, t_max + 1, lambda v: (
        f"For '{name}, the 'sequence_length' must be greater than 0, but got {v}." if v < 1 else
        f"For '{name}, the 'max_time'(the 1st dimension value of 'probs') must be greater than or equal to "
        f"'sequence_length', but got 'max_time': {t_max} and 'sequence_length': {v}"))
    labels, lab_len = _dense_labels(idx, vals, n, prim.preprocess_collapse_repeated)
    if not prim.ignore_longer_outputs_than_inputs:
        c_seq, c_len = concrete(seq), concrete(lab_len)
        if c_seq is not None and c_len is not None:
            bad = np.flatnonzero(np.asarray(c_len) > np.asarray(c_seq))
            if bad.size:
                raise RuntimeError(f"For '{name}, input time(sequence length) must be greater than output size(label "
                                   f"length), but got sequence length: {int(c_seq[bad[0]])} and label length: "
                                   f"{int(c_len[bad[0]])}")
        else:
            check_index_range(seq - lab_len, 0, np.iinfo(np.int32).max, lambda v: (
                f"For '{name}, input time(sequence length) must be greater than output size(label length), but "
                f"the label length exceeds the sequence length by {-v}"))
    # a sample whose labels do not fit (ignored when ignore_longer_outputs_than_inputs) has no alignment:
    # an infinite loss and a zero gradient, as MindSpore's kernel gives
    loss, grad = _ctc_v1(x, labels, seq.astype(jnp.int32), lab_len.astype(jnp.int32), prim.ctc_merge_repeated)
    return wrap(loss), wrap(grad)


primitive("CTCLoss", None, (("preprocess_collapse_repeated", False, (bool,)), ("ctc_merge_repeated", True, (bool,)),
                            ("ignore_longer_outputs_than_inputs", False, (bool,))),
          call=_ctc_v1_call,
          doc="``CTCLoss(preprocess_collapse_repeated=False, ctc_merge_repeated=True, "
              "ignore_longer_outputs_than_inputs=False)(inputs, labels_indices, labels_values, sequence_length)``: "
              "the CTC loss (N,) of logits (T, N, C) whose last class is the blank, and its gradient (T, N, C).")


# ---------------------------------------------------------------------------------------------
# CTCGreedyDecoder: the most likely class per frame, repeats merged, blanks (C - 1) dropped


def _greedy_decode(inputs, sequence_length, merge_repeated=True):
    name = "CTCGreedyDecoder"
    x, seq = tensor_arg(name, "inputs", inputs, form="input"), tensor_arg(name, "sequence_length", sequence_length,
                                                                          form="input")
    _need_dtype(name, "inputs type", x, ("Float32", "Float64"))
    _need_dtype(name, "sequence length dtype", seq, ("Int32",))
    if x.ndim != 3:
        raise ValueError(f"For '{name}', inputs's dim must be 3, but got: {x.ndim}.")
    if seq.ndim != 1 or seq.shape[0] != x.shape[1]:
        raise ValueError(f"For '{name}', inputs batch_size must be the same with sequence_length batch_size, but now "
                         f"inputs batch_size: {x.shape[1]} and sequence_length batch_size: "
                         f"{seq.shape[0] if seq.ndim else seq.shape}.")
    t_max, n, c = x.shape
    xv, sv = shape_value(x), shape_value(seq)     # the output shape depends on the values
    bad = np.flatnonzero((sv > t_max) | (sv < 0))
    if bad.size:
        raise RuntimeError(f"For '{name}', sequence_length[{bad[0]}] {sv[bad[0]]} should be less than {t_max}.")
    blank = c - 1
    best = np.argmax(xv, axis=2)                  # (T, N)
    inside = np.arange(t_max)[:, None] < sv[None, :]
    log_prob = (0.0 - np.sum(np.where(inside, np.max(xv, axis=2), 0), axis=0)).astype(xv.dtype)[:, None]
    rows, vals = [], []
    for b in range(n):
        labels = best[:sv[b], b]
        if merge_repeated and labels.size:
            labels = labels[np.concatenate([[True], labels[1:] != labels[:-1]])]
        labels = labels[labels != blank]
        rows += [(b, i) for i in range(labels.size)]
        vals += labels.tolist()
    longest = max([i + 1 for _, i in rows], default=0)
    return (wrap(jnp.asarray(np.array(rows, np.int64).reshape(-1, 2))), wrap(jnp.asarray(np.array(vals, np.int64))),
            wrap(jnp.asarray(np.array([n, longest], np.int64))), wrap(jnp.asarray(log_prob)))


primitive("CTCGreedyDecoder", _greedy_decode, (("merge_repeated", True, (bool,)),),
          doc="``CTCGreedyDecoder(merge_repeated=True)(inputs, sequence_length)``: greedy CTC decoding of "
              "(T, N, C) scores (blank = C - 1): decoded indices (M, 2), values (M,), shape (2,) and the negative "
              "sum of the frame maxima (N, 1).")


@op("ctc_greedy_decoder")
def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True):
    """(decoded_indices, decoded_values, decoded_shape, log_probability) of ``CTCGreedyDecoder``."""
    check_value_type("merge_repeated", merge_repeated, [bool], "CTCGreedyDecoder")
    return _greedy_decode(inputs, sequence_length, merge_repeated)
