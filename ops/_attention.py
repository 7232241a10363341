"""Fused scaled-dot-product attention: the ``FlashAttentionScore`` Primitive and ``ops.flash_attention_score``.

MindSpore 2.10 has this kernel on Ascend only: on CPU and GPU it checks the argument types and
``keep_prob``, then reports "The kernel FlashAttentionScore unregistered" (a RuntimeError);
mscompat does the same. On the emulated Ascend (DESIGN section 8) it computes the attention it
fuses, per the documented semantics:
``Dropout(Softmax(Mask(scale * q @ k^T + pse)), keep_prob) @ v`` for the layouts BSH, BNSD, SBH,
BSND and TND (packed variable-length sequences cut by ``actual_seq_qlen``/``actual_seq_kvlen``),
grouped key/value heads, ``attn_mask`` (1 = left out) and the sparse modes 0-5."""
import numpy as np
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from ._args import Tensor, arr, wrap
from ._ascend_only import _on_ascend
from ._registry import op, primitive, PRIMITIVES, REQUIRED

__all__ = ["flash_attention_score"]

_LAYOUTS = ("BSH", "BNSD", "SBH", "BSND", "TND")
_INT_MAX = 2147483647
_OPTIONAL = ("real_shift", "drop_mask", "padding_mask", "attn_mask", "prefix", "actual_seq_qlen", "actual_seq_kvlen")
_ATTRS = ("head_num", "keep_prob", "scale_value", "pre_tokens", "next_tokens", "inner_precise", "input_layout",
          "sparse_mode")


def _fa_attrs(prim):
    if not isinstance(prim.input_layout, str):
        raise TypeError(f"For '{prim.name}', the input 'input_layout' should be a str, but got "
                        f"{type(prim.input_layout)}.")
    if prim.input_layout not in _LAYOUTS:
        raise ValueError(f"Failed to convert the value \"{prim.input_layout}\" of input 'input_layout' of "
                         f"'{prim.name}' to enum.")
    # MindSpore keeps the layout as its enum value (BSH 0, BNSD 1, SBH 2, BSND 3, TND 4)
    prim.layout_name = prim.input_layout
    prim.input_layout = _LAYOUTS.index(prim.layout_name)
    prim.add_prim_attr("input_layout", prim.input_layout)


def _kind(v):
    if isinstance(v, Tensor):
        return "Tensor"
    if v is None:
        return "None"
    return {bool: "bool", int: "int", float: "float", str: "string", tuple: "tuple", list: "list"}.get(
        type(v), str(type(v)))


def _check_call_types(prim, inputs):
    """MindSpore's argument-parser TypeError ("Failed calling FlashAttentionScore with ...") for an
    attribute or input of the wrong type."""
    attrs_ok = (type(prim.head_num) is int and all(type(getattr(prim, a)) is float for a in ("keep_prob", "scale_value"))
                and all(type(getattr(prim, a)) is int for a in ("pre_tokens", "next_tokens", "inner_precise",
                                                                 "sparse_mode")))
    names = ("query", "key", "value") + _OPTIONAL
    inputs_ok = all(isinstance(v, Tensor) for v in inputs[:3]) and all(
        v is None or isinstance(v, Tensor) or (n in ("prefix", "actual_seq_qlen", "actual_seq_kvlen")
                                               and isinstance(v, (tuple, list)))
        for n, v in zip(names[3:], inputs[3:]))
    if not (attrs_ok and inputs_ok):
        attrs = ", ".join(f"{a}={'string' if a == 'input_layout' else _kind(getattr(prim, a))}" for a in _ATTRS)
        given = ", ".join(f"{n}={_kind(v)}" for n, v in zip(names, inputs))
        raise TypeError(f"Failed calling {prim.name} with \"{prim.name}({attrs})({given})\".")


def _to_bnsd(x, layout, heads):
    """(B, N, S, D) from the layout's axes; H = N * D for the 3-D layouts."""
    if layout == "BNSD":
        return x
    if layout == "BSND":
        return jnp.transpose(x, (0, 2, 1, 3))
    if layout == "SBH":
        x = jnp.transpose(x, (1, 0, 2))
    b, s, h = x.shape
    return jnp.transpose(x.reshape(b, s, heads, h // heads), (0, 2, 1, 3))


def _from_bnsd(x, layout):
    if layout == "BNSD":
        return x
    if layout == "BSND":
        return jnp.transpose(x, (0, 2, 1, 3))
    b, n, s, d = x.shape
    out = jnp.transpose(x, (0, 2, 1, 3)).reshape(b, s, n * d)
    return jnp.transpose(out, (1, 0, 2)) if layout == "SBH" else out


def _masked(prim, s1, s2, attn_mask, prefix):
    """The (…, S1, S2) boolean mask of the left-out scores for the sparse mode (True: left out)."""
    i, j = jnp.arange(s1)[:, None], jnp.arange(s2)[None, :]
    mode = prim.sparse_mode
    if mode == 0:
        if attn_mask is None:             # no mask: pre_tokens/next_tokens are not used
            return jnp.zeros((s1, s2), bool)
        band = (i - j > prim.pre_tokens) | (j - i > prim.next_tokens)     # from the upper-left corner
        return band | attn_mask
    if mode == 1:
        return jnp.zeros((s1, s2), bool) if attn_mask is None else attn_mask
    if mode == 2:                          # causal from the upper-left corner
        return j > i
    if mode == 3:                          # causal from the lower-right corner
        return j - i > s2 - s1
    if mode == 4:                          # band, from the lower-right corner
        return (j - i > prim.next_tokens + s2 - s1) | (i - j > prim.pre_tokens - (s2 - s1))
    # mode 5: lower-right causal, with the first prefix[b] columns of each batch row visible
    pre = jnp.asarray(prefix, jnp.int32).reshape(-1, 1, 1, 1)
    return (j - i > s2 - s1) & (j >= pre)


def _attend(prim, q, k, v, real_shift, drop_mask, attn_mask, prefix):
    """Attention of (B, N1, S1, D) queries over (B, N2, S2, D) keys/values: (softmax max, softmax sum,
    output), the statistics per query row."""
    n1, n2 = q.shape[1], k.shape[1]
    if n2 == 0 or n1 % n2:
        raise RuntimeError(f"For '{prim.name}', 'head_num' ({n1}) must be divisible by the key/value head "
                           f"number N2 ({n2}).")
    if k.shape[-1] != q.shape[-1] or v.shape[-1] != q.shape[-1]:
        raise RuntimeError(f"For '{prim.name}', the D-axis of 'query', 'key' and 'value' must be the same, but got "
                           f"{q.shape[-1]}, {k.shape[-1]} and {v.shape[-1]}.")
    if n2 != n1:                          # grouped-query attention: repeat the key/value heads
        k, v = jnp.repeat(k, n1 // n2, axis=1), jnp.repeat(v, n1 // n2, axis=1)
    scores = jnp.einsum("bnsd,bntd->bnst", q.astype(jnp.float32), k.astype(jnp.float32)) * prim.scale_value
    if real_shift is not None:
        scores = scores + real_shift.astype(jnp.float32)
    s1, s2 = scores.shape[-2:]
    if attn_mask is not None and prim.sparse_mode in (0, 1):
        if attn_mask.ndim < 2 or attn_mask.shape[-2:] != (s1, s2):
            raise RuntimeError(f"For '{prim.name}', the shape of 'attn_mask' must end with (S1, S2) = ({s1}, {s2}) "
                               f"in sparse mode {prim.sparse_mode}, but got {tuple(attn_mask.shape)}.")
    mask = _masked(prim, s1, s2, None if attn_mask is None else attn_mask.astype(bool), prefix)
    scores = jnp.where(mask, -jnp.inf, scores)
    row_max = jnp.max(scores, axis=-1, keepdims=True)
    row_max = jnp.where(jnp.isfinite(row_max), row_max, 0.0)
    e = jnp.exp(scores - row_max)
    row_sum = jnp.sum(e, axis=-1, keepdims=True)
    probs = e / jnp.where(row_sum > 0, row_sum, 1.0)          # a row with every score left out gives zeros
    if prim.keep_prob < 1.0:
        if drop_mask is None:
            raise RuntimeError(f"For '{prim.name}', 'drop_mask' is required when 'keep_prob' is less than 1.")
        keep = jnp.unpackbits(drop_mask.astype(jnp.uint8), axis=-1, bitorder="little")[..., :s2]
        probs = probs * keep.astype(probs.dtype) / prim.keep_prob
    out = jnp.einsum("bnst,bntd->bnsd", probs, v.astype(jnp.float32)).astype(q.dtype)
    return row_max[..., 0], row_sum[..., 0], out


def _seq_ends(prim, arg, v, total):
    """The cumulative sequence ends of the TND layout (a tuple/list or an int Tensor), checked."""
    if v is None:
        raise RuntimeError(f"For '{prim.name}', '{arg}' must be given when 'input_layout' is 'TND'.")
    ends = [int(e) for e in (np.asarray(arr(v)).reshape(-1) if isinstance(v, Tensor) else v)]
    if not ends or any(b < a for a, b in zip([0] + ends, ends)) or ends[-1] != total:
        raise RuntimeError(f"For '{prim.name}', '{arg}' must be a non-decreasing cumulative sum of the sequence "
                           f"lengths ending at the token count {total}, but got {ends}.")
    return [0] + ends


def _flash_attention_score(prim, query, key, value, real_shift=None, drop_mask=None, padding_mask=None,
                           attn_mask=None, prefix=None, actual_seq_qlen=None, actual_seq_kvlen=None):
    inputs = (query, key, value, real_shift, drop_mask, padding_mask, attn_mask, prefix, actual_seq_qlen,
              actual_seq_kvlen)
    _check_call_types(prim, inputs)
    if not 0.0 < prim.keep_prob <= 1.0:
        raise RuntimeError(f"{prim.name}: attribute `keep_prob` must be a floating point number in (0, 1], but got "
                           f"{prim.keep_prob:g}")
    if not _on_ascend():
        raise RuntimeError(f"The kernel {prim.name} unregistered.")
    if prim.sparse_mode not in range(6):
        raise RuntimeError(f"For '{prim.name}', the specified value of 'sparse_mode' ({prim.sparse_mode}) is invalid: "
                           f"it must be in [0, 5].")
    if prim.head_num <= 0:
        raise RuntimeError(f"For '{prim.name}', 'head_num' must be greater than 0, but got {prim.head_num}.")
    if query.dtype != key.dtype or query.dtype != value.dtype:
        raise TypeError(f"For '{prim.name}', 'query', 'key' and 'value' must have the same dtype, but got "
                        f"{query.dtype}, {key.dtype} and {value.dtype}.")
    if attn_mask is not None and attn_mask.dtype not in (mstype.bool_, mstype.uint8):
        raise TypeError(f"For '{prim.name}', the dtype of 'attn_mask' must be bool or uint8, but got "
                        f"{attn_mask.dtype}.")
    if prim.sparse_mode == 5 and prefix is None:
        raise RuntimeError(f"For '{prim.name}', 'prefix' must be given in sparse mode 5.")
    layout = prim.layout_name
    q, k, v = arr(query), arr(key), arr(value)
    rank = 3 if layout in ("BSH", "SBH", "TND") else 4
    for arg, a in (("query", q), ("key", k), ("value", v)):
        if a.ndim != rank:
            raise RuntimeError(f"For '{prim.name}', '{arg}' must be {rank}-D in the '{layout}' layout, but got "
                               f"shape {tuple(a.shape)}.")
    shift, drop, mask = (None if t is None else arr(t) for t in (real_shift, drop_mask, attn_mask))
    pre = None if prefix is None else (arr(prefix) if isinstance(prefix, Tensor) else list(prefix))
    n1 = prim.head_num
    if layout == "TND":
        if q.shape[1] != n1:
            raise RuntimeError(f"For '{prim.name}', the N axis of 'query' ({q.shape[1]}) must equal 'head_num' ({n1}).")
        qe = _seq_ends(prim, "actual_seq_qlen", actual_seq_qlen, q.shape[0])
        ke = _seq_ends(prim, "actual_seq_kvlen", actual_seq_kvlen, k.shape[0])
        if len(qe) != len(ke):
            raise RuntimeError(f"For '{prim.name}', 'actual_seq_qlen' and 'actual_seq_kvlen' must give the same "
                               f"batch size, but got {len(qe) - 1} and {len(ke) - 1}.")
        outs, maxes, sums = [], [], []
        for b in range(len(qe) - 1):
            cut = lambda a, e: jnp.transpose(a[e[b]:e[b + 1]], (1, 0, 2))[None]      # (1, N, S, D)
            sb = None if shift is None else (shift[b:b + 1] if shift.shape[0] > 1 else shift)
            sb = None if sb is None else sb[..., :qe[b + 1] - qe[b], :ke[b + 1] - ke[b]]
            mb = None if mask is None else (mask[b:b + 1] if mask.ndim == 4 and mask.shape[0] > 1 else mask)
            mb = None if mb is None else mb[..., :qe[b + 1] - qe[b], :ke[b + 1] - ke[b]]
            db = None if drop is None else drop[b:b + 1]
            pb = None if pre is None else [pre[b]]
            m_, s_, o_ = _attend(prim, cut(q, qe), cut(k, ke), cut(v, ke), sb, db, mb, pb)
            outs.append(jnp.transpose(o_[0], (1, 0, 2)))
            maxes.append(jnp.transpose(m_[0], (1, 0)))
            sums.append(jnp.transpose(s_[0], (1, 0)))
        out, row_max, row_sum = (jnp.concatenate(x, axis=0) for x in (outs, maxes, sums))    # (T, N1[, D])
    else:
        qb = _to_bnsd(q, layout, n1)
        d = qb.shape[-1]
        kv_heads = k.shape[-1] // d if layout in ("BSH", "SBH") and d else None
        row_max, row_sum, out = _attend(prim, qb, _to_bnsd(k, layout, kv_heads), _to_bnsd(v, layout, kv_heads),
                                        shift, drop, mask, pre)
        out = _from_bnsd(out, layout)
    stats = [jnp.broadcast_to(x[..., None], x.shape + (8,)) for x in (row_max, row_sum)]
    return wrap(stats[0]), wrap(stats[1]), wrap(jnp.zeros((0,), q.dtype)), wrap(out)


primitive("FlashAttentionScore", _flash_attention_score,
          (("head_num", REQUIRED), ("keep_prob", 1.0), ("scale_value", 1.0), ("pre_tokens", _INT_MAX),
           ("next_tokens", _INT_MAX), ("inner_precise", 0), ("input_layout", "BSH"), ("sparse_mode", 0)),
          call=_flash_attention_score, init=_fa_attrs,
          doc="Fused scaled-dot-product attention (softmax max/sum statistics and the attention output); "
              "Ascend only in MindSpore, computed as the attention it fuses on the emulated Ascend.")


@op("flash_attention_score")
def flash_attention_score(query, key, value, head_num, real_shift=None, drop_mask=None, padding_mask=None,
                          attn_mask=None, prefix=None, actual_seq_qlen=None, actual_seq_kvlen=None, keep_prob=1.0,
                          scalar_value=1.0, pre_tokens=_INT_MAX, next_tokens=_INT_MAX, inner_precise=0,
                          input_layout='BSH', sparse_mode=0):
    """The attention output of ``FlashAttentionScore`` (``scalar_value`` is its ``scale_value``)."""
    prim = PRIMITIVES["FlashAttentionScore"](head_num, keep_prob, scalar_value, pre_tokens, next_tokens,
                                             inner_precise, input_layout, sparse_mode)
    return _flash_attention_score(prim, query, key, value, real_shift, drop_mask, padding_mask, attn_mask, prefix,
                                  actual_seq_qlen, actual_seq_kvlen)[3]

