"""Primitives that MindSpore 2.10 runs only on Ascend.

On the CPU and GPU targets MindSpore validates their arguments and then refuses them at
kernel selection with a RuntimeError; mscompat does the same. Their Ascend behaviour
belongs to the emulated Ascend backend (DESIGN section 8).
"""
import numbers

import jax.numpy as jnp

from mscompat._checkparam import check_is_tensor
from mscompat.context import get_context
from ._args import Tensor
from ._registry import primitive, register_primitive_class, REQUIRED
from .primitive import Primitive
from mscompat import backends
from ._conv import _conv_forward, _pads


def _on_ascend():
    b = backends._state["active"]
    return b is not None and b.name == "Ascend"


def _unsupported(name):
    target = get_context("device_target")
    if target == "Ascend":
        return RuntimeError(f"{name}: the emulated Ascend device does not model the float-status register "
                            f"(docs/ascend_emulation.md); use amp.all_finite for overflow checks.")
    return RuntimeError(f"Unsupported op [{name}] on {target}: MindSpore runs it only on Ascend. "
                        f"Use set_context(device_target='Ascend'), or an op that {target} supports "
                        f"(ops.FloatStatus / amp.all_finite for overflow checks, ops.Conv2D(group=C) for "
                        f"depthwise convolution).")


class _AscendOnly(Primitive):
    def __init__(self):
        Primitive.__init__(self, type(self).__name__)

    def __call__(self, *args):
        raise _unsupported(self.name)


@register_primitive_class
class NPUAllocFloatStatus(_AscendOnly):
    """Allocates the Ascend float-status register (8 float32 values); Ascend only."""


@register_primitive_class
class NPUClearFloatStatus(_AscendOnly):
    """Clears the Ascend float-status register; Ascend only."""


@register_primitive_class
class NPUGetFloatStatus(_AscendOnly):
    """Reads the Ascend float-status register; Ascend only."""


def _positive_int_pair(name, arg, value):
    """A positive int or a tuple of two positive ints, as a pair (ValueError otherwise)."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        value = (int(value), int(value))
    if (not isinstance(value, tuple) or len(value) != 2
            or not all(isinstance(v, numbers.Integral) and not isinstance(v, bool) and v > 0 for v in value)):
        raise ValueError(f"For '{name}', the '{arg}' must be a positive int or a tuple of two positive ints, "
                         f"but got {value}.")
    return value


def _depthwise_attrs(prim):
    """DepthwiseConv2dNative's constructor checks; the attributes are normalised (pairs, pad tuple)."""
    name = prim.name
    channel_multiplier, kernel_size, mode, pad_mode, pad, stride, dilation, group = (
        prim.channel_multiplier, prim.kernel_size, prim.mode, prim.pad_mode, prim.pad, prim.stride, prim.dilation,
        prim.group)
    prim.kernel_size = _positive_int_pair(name, "kernel_size", kernel_size)
    stride, dilation = _positive_int_pair(name, "stride", stride), _positive_int_pair(name, "dilation", dilation)
    if stride[0] != stride[1]:
        raise ValueError(f"The height and width of 'stride' must be equal,but got height:{stride[0]},  "
                         f"width:{stride[1]}")
    if dilation[0] != dilation[1]:
        raise ValueError(f"The height and width of 'dilation' must be equal,but got height:{dilation[0]},  "
                         f"width:{dilation[1]}")
    if not isinstance(pad, (int, tuple)) or isinstance(pad, bool):
        raise TypeError(f"For '{name}', the type of 'pad' should be one of '['int', 'tuple']', "
                        f"but got type '{type(pad).__name__}'.")
    if not isinstance(pad_mode, str):
        raise TypeError(f"For '{name}', the type of 'pad_mode' should be 'str', "
                        f"but got type '{type(pad_mode).__name__}'.")
    pad = (pad,) * 4 if isinstance(pad, int) else pad
    if len(pad) != 4:
        raise ValueError(f"For '{name}', the 'pad size' must be equal to 4, but got {len(pad)}.")
    if pad_mode.lower() not in ("valid", "same", "pad"):
        raise ValueError(f"For '{name}', the 'pad_mode' must be one of ['valid', 'same', 'pad'], "
                         f"but got '{pad_mode}'.")
    if pad_mode.lower() != "pad" and pad != (0, 0, 0, 0):
        raise ValueError(f"For '{name}', the 'pad' must be zero or (0, 0, 0, 0) when 'pad_mode' is not "
                         f"\"pad\", but got 'pad' is {pad} and 'pad_mode' is {pad_mode}.")
    if mode != 3:
        raise ValueError(f"For '{name}', the 'mode' must be equal to 3, but got {mode}.")
    for arg, v in (("channel_multiplier", channel_multiplier), ("group", group)):
        if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
            raise ValueError(f"For '{name}', the '{arg}' must be a positive int, but got {v}.")
    for k, v in dict(channel_multiplier=channel_multiplier, kernel_size=prim.kernel_size, mode=mode,
                     pad_mode=pad_mode.lower(), pad=pad, stride=stride, dilation=dilation,
                     group=group, data_format="NCHW").items():
        prim.add_prim_attr(k, v)


def _depthwise_conv(prim, x, w):
    name = prim.name
    for arg, t in (("x", x), ("w", w)):
        check_is_tensor(arg, t, name, form="input")
    if w.ndim != 4 or x.ndim != 4:
        raise ValueError(f"For '{name}', 'x' and 'weight' must be 4-D, but got {x.ndim}-D and {w.ndim}-D.")
    if x.shape[1] != w.shape[1]:
        raise ValueError(f"For '{name}', 'x_shape[1]' must be equal to 'w_shape[1]', but got "
                         f"{x.shape[1]} and {w.shape[1]}.")
    if tuple(w.shape[2:]) != prim.kernel_size:
        raise ValueError(f"For '{name}', 'kernel_size' must be equal to 'w_shape[2:4]', but got "
                         f"{prim.kernel_size} and {tuple(w.shape[2:])}.")
    if w.shape[0] != 1:
        raise ValueError(f"For '{name}', the batch of 'weight' must be 1, but got {w.shape[0]}")
    if not _on_ascend():
        raise _unsupported(name)
    a, b = x._data, w._data
    if a.dtype != b.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    c = a.shape[1]
    a_pad = prim.pad if prim.pad_mode == "pad" else (0, 0, 0, 0)
    pads = _pads(name, prim.pad_mode, a_pad, a.shape[2:], prim.kernel_size, prim.stride, prim.dilation)
    out = _conv_forward(a, b.reshape((c, 1) + tuple(b.shape[2:])), prim.stride, pads, prim.dilation, c)
    return Tensor._wrap(out)


primitive("DepthwiseConv2dNative", _conv_forward,
          (("channel_multiplier", REQUIRED), ("kernel_size", REQUIRED), ("mode", 3), ("pad_mode", "valid"), ("pad", 0),
           ("stride", 1), ("dilation", 1), ("group", 1)),
          call=_depthwise_conv, init=_depthwise_attrs, ascend_cube=True,
          doc="Deprecated depthwise convolution (weight (1, C, kh, kw)); Ascend only in MindSpore.")


# --- FlashAttentionScore ------------------------------------------------------------------
# MindSpore 2.10 has this fused attention kernel on Ascend only ("The kernel FlashAttentionScore
# unregistered" elsewhere). On the emulated Ascend it is computed as the attention it fuses.
_FA_LAYOUTS = ("BSH", "BNSD", "SBH", "BSND", "TND")


def _fa_attrs(prim):
    if prim.input_layout not in _FA_LAYOUTS:
        raise ValueError(f"Failed to convert the value \"{prim.input_layout}\" of input 'input_layout' of "
                         f"'FlashAttentionScore' to enum.")
    if not 0.0 < prim.keep_prob <= 1.0:
        raise ValueError(f"For 'FlashAttentionScore', 'keep_prob' must be in (0, 1], but got {prim.keep_prob}.")
    if prim.sparse_mode not in (0, 1, 2, 3, 4):
        raise ValueError(f"For 'FlashAttentionScore', 'sparse_mode' must be in [0, 4], but got {prim.sparse_mode}.")


def _fa_to_bnsd(x, layout, heads):
    """(B, N, S, D) from the layout's axes; H = N * D for the 3-D layouts."""
    if layout == "BNSD":
        return x
    if layout == "BSND":
        return jnp.transpose(x, (0, 2, 1, 3))
    if layout == "SBH":
        x = jnp.transpose(x, (1, 0, 2))
    b, s, h = x.shape
    return jnp.transpose(x.reshape(b, s, heads, h // heads), (0, 2, 1, 3))


def _fa_from_bnsd(x, layout):
    if layout == "BNSD":
        return x
    if layout == "BSND":
        return jnp.transpose(x, (0, 2, 1, 3))
    b, n, s, d = x.shape
    out = jnp.transpose(x, (0, 2, 1, 3)).reshape(b, s, n * d)
    return jnp.transpose(out, (1, 0, 2)) if layout == "SBH" else out


def _flash_attention_score(prim, query, key, value, real_shift=None, drop_mask=None, padding_mask=None,
                           attn_mask=None, prefix=None, actual_seq_qlen=None, actual_seq_kvlen=None):
    name = prim.name
    for arg, t in (("query", query), ("key", key), ("value", value)):
        check_is_tensor(arg, t, name, form="input")
    if not _on_ascend():
        raise RuntimeError(f"The kernel {name} unregistered.")
    layout = prim.input_layout
    if layout == "TND":
        raise ValueError(f"For '{name}', the 'TND' layout needs actual_seq_qlen/actual_seq_kvlen, which the "
                         f"emulated Ascend does not model; use 'BSH', 'BNSD', 'SBH' or 'BSND'.")
    n1 = prim.head_num
    q = _fa_to_bnsd(query._data, layout, n1)
    d = q.shape[-1]
    kv_heads = key.shape[-1] // d if layout in ("BSH", "SBH") else None
    k = _fa_to_bnsd(key._data, layout, kv_heads)
    v = _fa_to_bnsd(value._data, layout, kv_heads)
    if k.shape[1] != n1:                          # grouped-query attention: repeat the key/value heads
        k, v = jnp.repeat(k, n1 // k.shape[1], axis=1), jnp.repeat(v, n1 // v.shape[1], axis=1)
    scores = jnp.einsum("bnsd,bntd->bnst", q.astype(jnp.float32), k.astype(jnp.float32)) * prim.scale_value
    if real_shift is not None:
        scores = scores + real_shift._data.astype(jnp.float32)
    s1, s2 = scores.shape[-2:]
    i, j = jnp.arange(s1)[:, None], jnp.arange(s2)[None, :]
    masked = jnp.zeros((s1, s2), bool)
    if prim.sparse_mode in (0, 4):
        masked = (i - j > prim.pre_tokens) | (j - i > prim.next_tokens)
    elif prim.sparse_mode == 2:                   # causal from the upper-left corner
        masked = j > i
    elif prim.sparse_mode == 3:                   # causal from the lower-right corner
        masked = j - i > s2 - s1
    if attn_mask is not None and prim.sparse_mode in (0, 1):
        masked = masked | attn_mask._data.astype(bool)
    scores = jnp.where(masked, -jnp.inf, scores)
    row_max = jnp.max(scores, axis=-1, keepdims=True)
    row_max = jnp.where(jnp.isfinite(row_max), row_max, 0.0)
    e = jnp.exp(scores - row_max)
    row_sum = jnp.sum(e, axis=-1, keepdims=True)
    probs = e / jnp.where(row_sum > 0, row_sum, 1.0)
    if prim.keep_prob < 1.0:
        if drop_mask is None:
            raise ValueError(f"For '{name}', 'drop_mask' is required when 'keep_prob' is less than 1.")
        keep = jnp.unpackbits(drop_mask._data.astype(jnp.uint8), axis=-1, bitorder="little")[..., :s2]
        probs = probs * keep.astype(probs.dtype) / prim.keep_prob
    out = jnp.einsum("bnst,bntd->bnsd", probs, v.astype(jnp.float32)).astype(query._data.dtype)
    stats = (jnp.broadcast_to(row_max, row_max.shape[:-1] + (8,)), jnp.broadcast_to(row_sum, row_sum.shape[:-1] + (8,)))
    return (Tensor._wrap(stats[0]), Tensor._wrap(stats[1]), Tensor._wrap(jnp.zeros((0,), query._data.dtype)),
            Tensor._wrap(_fa_from_bnsd(out, layout)))


primitive("FlashAttentionScore", _flash_attention_score,
          (("head_num", REQUIRED), ("keep_prob", 1.0), ("scale_value", 1.0), ("pre_tokens", 2147483647),
           ("next_tokens", 2147483647), ("inner_precise", 0), ("input_layout", "BSH"), ("sparse_mode", 0)),
          call=_flash_attention_score, init=_fa_attrs,
          doc="Fused scaled-dot-product attention (softmax max/sum statistics and the attention output); "
              "Ascend only in MindSpore, computed as the attention it fuses on the emulated Ascend.")
