"""``mindspore.nn`` attention and Transformer layers: MultiheadAttention,
TransformerEncoderLayer, TransformerDecoderLayer, TransformerEncoder, TransformerDecoder,
Transformer (MindSpore's PyTorch-style API: ``(seq, batch, feature)`` unless ``batch_first``).

The attention math follows MindSpore's ``multi_head_attention_forward`` step for step (query and
key each divided by ``head_dim ** 0.25``; bool masks become ``-inf``, float masks are added;
``key_padding_mask`` combined with ``attn_mask``; ``add_bias_kv``/``add_zero_attn`` pad the masks).
Parameters (``in_proj_weight`` or ``q/k/v_proj_weight``, ``in_proj_bias``, ``out_proj.weight``,
``bias_k``...) are created with MindSpore's initializers in MindSpore's order.
"""
import copy
import math
from typing import Optional

import jax.numpy as jnp

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common.initializer import (initializer, XavierNormal, XavierUniform, HeUniform, Uniform,
                                         _calculate_fan_in_and_fan_out)
from mscompat.ops._args import arr, wrap
from mscompat.nn.cell import Cell
from mscompat.nn.container import CellList
from .basic import Dense, Dropout
from .normalization import LayerNorm
from .activation import ReLU, GELU

__all__ = ['MultiheadAttention', 'TransformerEncoderLayer', 'TransformerDecoderLayer',
           'TransformerEncoder', 'TransformerDecoder', 'Transformer']


def _is_float(t):
    return jnp.issubdtype(arr(t).dtype, jnp.floating)


def _is_bool(t):
    return arr(t).dtype == jnp.bool_


def _check_qkv_shape(query_ndim, key_ndim, value_ndim):
    """Checks the ranks of query, key and value; True for batched (3-D) inputs, False for 2-D."""
    if query_ndim not in (2, 3):
        raise ValueError(f"The `query` should be unbatched 2D or batched 3D tensor, "
                         f"but got `query` with {query_ndim}D.")
    if key_ndim != query_ndim or value_ndim != query_ndim:
        kind = "batched" if query_ndim == 3 else "unbatched"
        raise ValueError(f"For {kind} `query`, the `key` and `value` must be {query_ndim}D tensor, "
                         f"but got `key` with {key_ndim}D and `value` with {value_ndim}D.")
    return query_ndim == 3


def _check_kpm_shape(query_ndim, kmp_ndim):
    """Checks the rank of ``key_padding_mask``: 2-D for a batched query, 1-D for an unbatched one."""
    if query_ndim not in (2, 3):
        return
    want = query_ndim - 1
    if kmp_ndim != want:
        kind = "batched" if query_ndim == 3 else "unbatched"
        raise ValueError(f"For {kind} `query`, the `key_padding_mask` must be `None` or {want}D, "
                         f"but got `key_padding_mask` with {kmp_ndim}D.")


def _check_attn_mask_shape(query_ndim, query_shape, key_shape, attn_mask_ndim, attn_mask_shape, num_heads):
    """Checks the rank of ``attn_mask`` (2-D or 3-D), and for an unbatched query the shape of a
    3-D mask: ``(num_heads, query length, key length)``."""
    if query_ndim not in (2, 3):
        return
    if attn_mask_ndim not in (2, 3):
        kind = "batched" if query_ndim == 3 else "unbatched"
        raise ValueError(f"For {kind} `query`, the `attn_mask` must be `None`, 2-D or 3-D, "
                         f"but got `attn_mask` with{attn_mask_ndim}D.")
    if query_ndim == 2 and attn_mask_ndim == 3:
        expected = (num_heads, query_shape[0], key_shape[0])
        if tuple(attn_mask_shape) != expected:
            raise ValueError(f"The shape of `attn_mask` must to be {expected}, but got {attn_mask_shape}.")


def _check_proj_shapes(q_dim, k_dim, v_dim, weights, biases=(None, None, None)):
    """Checks separate query/key/value projection weights ``(E_q, E_q)``, ``(E_q, E_k)``,
    ``(E_q, E_v)`` and biases ``(E_q,)`` (those given)."""
    names = ("query", "key", "value")
    for nm, w, want in zip(names, weights, ((q_dim, q_dim), (q_dim, k_dim), (q_dim, v_dim))):
        if tuple(w.shape) != want:
            raise ValueError(f"Expecting {nm} weights shape of {want}, but got {tuple(w.shape)}")
    for nm, b in zip(names, biases):
        if b is not None and tuple(b.shape) != (q_dim,):
            raise ValueError(f"Expecting {nm} bias shape of {(q_dim,)}, but got {tuple(b.shape)}")


def _check_shapes(query, key, value, key_padding_mask, attn_mask, num_heads):
    is_batched = _check_qkv_shape(query.ndim, key.ndim, value.ndim)
    if key_padding_mask is not None:
        _check_kpm_shape(query.ndim, key_padding_mask.ndim)
    if attn_mask is not None:
        _check_attn_mask_shape(query.ndim, query.shape, key.shape, attn_mask.ndim, attn_mask.shape, num_heads)
    return is_batched


def _matmul(a, b):
    """``a @ b`` through ``ops.matmul`` (so op policies, AMP and the emulated Ascend cube, reach
    the layer), on jax arrays."""
    return arr(ops.matmul(wrap(a), wrap(b)))


def _pad_last(m):
    """Append one zero (False) column on the last axis."""
    pad = [(0, 0)] * (m.ndim - 1) + [(0, 1)]
    return jnp.pad(m, pad)


def _mha_forward(cell, query, key, value, key_padding_mask, attn_mask, average_attn_weights):
    """MindSpore's ``multi_head_attention_forward`` (``cell``: a MultiheadAttention); returns jax arrays."""
    num_heads = cell.num_heads
    is_batched = _check_shapes(query, key, value, key_padding_mask, attn_mask, num_heads)
    q_in, k_in, v_in = arr(query), arr(key), arr(value)
    kpm = None if key_padding_mask is None else arr(key_padding_mask)
    am = None if attn_mask is None else arr(attn_mask)
    if not is_batched:
        q_in, k_in, v_in = q_in[:, None], k_in[:, None], v_in[:, None]
        if kpm is not None:
            kpm = kpm[None]
    tgt_len, bsz, embed_dim = q_in.shape
    src_len = k_in.shape[0]
    if kpm is not None and kpm.dtype != jnp.bool_ and not jnp.issubdtype(kpm.dtype, jnp.floating):
        raise ValueError("The `key_padding_mask` only supports bool and floating dtypes.")
    if embed_dim != cell.embed_dim:
        raise ValueError(f"The `embed_dim` should be {cell.embed_dim}, but got {embed_dim}.")
    head_dim = embed_dim // num_heads
    separate = not cell._qkv_same_embed_dim
    if separate:
        if k_in.shape[:2] != v_in.shape[:2]:
            raise ValueError(f"The sequence length and batch dims of `key`: {k_in.shape[:2]} do not match "
                             f"`value`: {v_in.shape[:2]}.")
    elif k_in.shape != v_in.shape:
        raise ValueError(f"The shape of `key` {k_in.shape} does not match `value` {v_in.shape}.")

    b = None if cell.in_proj_bias is None else arr(cell.in_proj_bias)
    b_q, b_k, b_v = (None, None, None) if b is None else jnp.split(b, 3)
    if separate:
        w_q, w_k, w_v = arr(cell.q_proj_weight), arr(cell.k_proj_weight), arr(cell.v_proj_weight)
        _check_proj_shapes(q_in.shape[-1], k_in.shape[-1], v_in.shape[-1], (w_q, w_k, w_v))
    else:
        w_q, w_k, w_v = jnp.split(arr(cell.in_proj_weight), 3)

    def lin(x, w, bias):        # MindSpore's inner ``linear``: ops.matmul, then the bias
        y = _matmul(x, w.T)
        return y if bias is None else y + bias

    q, k, v = lin(q_in, w_q, b_q), lin(k_in, w_k, b_k), lin(v_in, w_v, b_v)

    if am is not None:
        if am.dtype == jnp.uint8:
            am = am.astype(jnp.bool_)
        elif not jnp.issubdtype(am.dtype, jnp.floating) and am.dtype != jnp.bool_:
            raise ValueError(f"`attn_mask` only support float, byte, and bool types, "
                             f"but got not {attn_mask.dtype}.")
        if am.ndim == 2:
            if am.shape != (tgt_len, src_len):
                raise ValueError(f"The shape of the `attn_mask` should be {(tgt_len, src_len)}, "
                                 f"but got {tuple(am.shape)}.")
            am = am[None]
        elif am.shape != (bsz * num_heads, tgt_len, src_len):
            raise ValueError(f"The shape of the `attn_mask` should be {(bsz * num_heads, tgt_len, src_len)}, "
                             f"but got {tuple(am.shape)}.")

    if cell.bias_k is not None and cell.bias_v is not None:
        k = jnp.concatenate([k, jnp.tile(arr(cell.bias_k), (1, bsz, 1))])
        v = jnp.concatenate([v, jnp.tile(arr(cell.bias_v), (1, bsz, 1))])
        if am is not None:
            am = _pad_last(am)
        if kpm is not None:
            kpm = _pad_last(kpm)

    q = jnp.swapaxes(q.reshape(tgt_len, bsz * num_heads, head_dim), 0, 1)
    k = jnp.swapaxes(k.reshape(k.shape[0], bsz * num_heads, head_dim), 0, 1)
    v = jnp.swapaxes(v.reshape(v.shape[0], bsz * num_heads, head_dim), 0, 1)

    if cell.add_zero_attn:
        zeros = jnp.zeros((bsz * num_heads, 1, head_dim), k.dtype)
        k = jnp.concatenate([k, zeros], axis=1)
        v = jnp.concatenate([v, zeros.astype(v.dtype)], axis=1)
        if am is not None:
            am = _pad_last(am)
        if kpm is not None:
            kpm = _pad_last(kpm)

    src_len = k.shape[1]
    if kpm is not None:
        if kpm.shape != (bsz, src_len):
            raise ValueError(f"The shape of `key_padding_mask` should be {(bsz, src_len)}, "
                             f"but got {tuple(kpm.shape)}.")
        kpm = jnp.tile(kpm.reshape(bsz, 1, 1, src_len), (1, num_heads, 1, 1)).reshape(bsz * num_heads, 1, src_len)
        if am is None:
            am = kpm
        elif am.dtype == jnp.bool_:
            am = jnp.logical_or(am, kpm)
        else:
            am = am + kpm.astype(am.dtype)
    if am is not None and am.dtype == jnp.bool_:
        am = jnp.where(am, jnp.array(-jnp.inf, q.dtype), jnp.zeros((), q.dtype))
    if am is not None:
        am = am[None] if am.shape[0] == 1 else am.reshape(bsz, num_heads, -1, src_len)

    q = q.reshape(bsz, num_heads, tgt_len, head_dim)
    k = k.reshape(bsz, num_heads, src_len, head_dim)
    v = v.reshape(bsz, num_heads, src_len, head_dim)

    scale = jnp.sqrt(jnp.sqrt(jnp.asarray(head_dim, mstype.dtype_to_nptype(cell.dtype))))
    q = q / scale.astype(q.dtype)     # a 0-d Tensor does not promote (MindSpore's rule): float16 stays
    attn = _matmul(q, jnp.swapaxes(k, -2, -1) / scale.astype(k.dtype))
    if am is not None:
        attn = attn + am
    attn = arr(ops.softmax(wrap(attn), -1))
    if 0. < cell.dropout <= 1. and cell.training:
        attn = arr(cell._attn_dropout(wrap(attn))[0])
    out = _matmul(attn, v)
    out = jnp.transpose(out, (2, 0, 1, 3)).reshape(bsz * tgt_len, embed_dim)
    out = lin(out, arr(cell.out_proj.weight), None if cell.out_proj.bias is None else arr(cell.out_proj.bias))
    out = out.reshape(tgt_len, bsz, out.shape[1])
    weights = attn.reshape(bsz, num_heads, tgt_len, src_len)
    if average_attn_weights:
        weights = weights.sum(axis=1) / num_heads
    if not is_batched:
        out = out.squeeze(1)
        weights = weights.squeeze(0)
    return out, weights


class MultiheadAttention(Cell):
    """Multi-head attention (``softmax(QK^T / sqrt(head_dim) + mask) V`` per head, then ``out_proj``).

    Args:
        embed_dim (int), num_heads (int): ``embed_dim`` divisible by ``num_heads``.
        dropout (float): on the attention weights in training. Default ``0.0``.
        has_bias (bool): ``in_proj_bias`` and ``out_proj.bias``. Default ``True``.
        add_bias_kv (bool): learned ``bias_k``/``bias_v`` appended to key/value. Default ``False``.
        add_zero_attn (bool): a zero key/value appended. Default ``False``.
        kdim, vdim (int): key/value feature sizes (separate ``q/k/v_proj_weight`` when they differ).
        batch_first (bool): inputs ``(batch, seq, feature)``. Default ``False``.
        dtype: Parameters' dtype. Default ``float32``.

    Inputs: ``query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
    average_attn_weights=True``. Outputs: ``(attn_output, attn_weights)``, or ``(attn_output,)``.
    """

    def __init__(self, embed_dim, num_heads, dropout=0.0, has_bias=True, add_bias_kv=False, add_zero_attn=False,
                 kdim=None, vdim=None, batch_first=False, dtype=mstype.float32):
        super().__init__()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != self.embed_dim:
            raise ValueError("The init argument 'embed_dim' must be divisible by 'num_heads'.")
        if dtype is None:
            dtype = mstype.float32
        if not self._qkv_same_embed_dim:
            self.q_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, embed_dim), dtype),
                                           'q_proj_weight')
            self.k_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.kdim), dtype),
                                           'k_proj_weight')
            self.v_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.vdim), dtype),
                                           'v_proj_weight')
            self.in_proj_weight = None
        else:
            self.in_proj_weight = Parameter(initializer(XavierUniform(), (3 * embed_dim, embed_dim), dtype),
                                            'in_proj_weight')
            self.q_proj_weight = None
            self.k_proj_weight = None
            self.v_proj_weight = None
        if has_bias:
            self.in_proj_bias = Parameter(initializer('zeros', (3 * embed_dim), dtype), 'in_proj_bias')
        else:
            self.in_proj_bias = None
        fan_in, _ = _calculate_fan_in_and_fan_out((embed_dim, embed_dim))
        bound = 1 / math.sqrt(fan_in)
        self.out_proj = Dense(embed_dim, embed_dim, has_bias=has_bias, weight_init=HeUniform(math.sqrt(5)),
                              bias_init=Uniform(bound), dtype=dtype)
        if add_bias_kv:
            self.bias_k = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), 'bias_k')
            self.bias_v = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), 'bias_v')
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        self.k_is_v = False
        self.q_is_k = False
        self.dtype = dtype
        self._attn_dropout = ops.Dropout(1.0 - dropout) if 0. < dropout <= 1. else None

    def construct(self, query: Tensor, key: Tensor, value: Tensor, key_padding_mask: Optional[Tensor] = None,
                  need_weights: bool = True, attn_mask: Optional[Tensor] = None, average_attn_weights: bool = True):
        is_batched = query.ndim == 3
        if key_padding_mask is not None and not (_is_bool(key_padding_mask) or _is_float(key_padding_mask)):
            raise ValueError("only bool and floating types of key_padding_mask are supported")
        if self.batch_first and is_batched:
            query, key, value = [x.swapaxes(1, 0) for x in (query, key, value)]
        out, weights = _mha_forward(self, query, key, value, key_padding_mask, attn_mask, average_attn_weights)
        out = wrap(out)
        if self.batch_first and is_batched:
            out = out.swapaxes(1, 0)
        if need_weights:
            return out, wrap(weights)
        return (out,)


def _get_activation_fn(activation):
    if activation == "relu":
        return ops.relu
    if activation == "gelu":
        return ops.gelu
    raise ValueError(f"The activation must be relu/gelu, but get {activation}")


def _check_activation(activation):
    if not isinstance(activation, str) and not isinstance(activation, Cell) and not callable(activation):
        raise ValueError(f"The argument 'activation' must be str, callable or Cell instance, but get {activation}.")
    if isinstance(activation, Cell) and not isinstance(activation, (ReLU, GELU)):
        raise ValueError(f"The argument 'activation' must be nn.ReLU or nn.GELU instance, but get {activation}.")
    if callable(activation) and activation is not ops.relu and activation is not ops.gelu:
        raise ValueError(f"The argument 'activation' must be ops.relu or ops.gelu instance, but get {activation}.")
    return _get_activation_fn(activation) if isinstance(activation, str) else activation


def _check_kpm(mask):
    if mask is not None and not (_is_bool(mask) or _is_float(mask)):
        raise AssertionError("only bool and floating types of key_padding_mask are supported")


def _dense(cin, cout, dtype):
    bound = 1 / math.sqrt(_calculate_fan_in_and_fan_out((cout, cin))[0])
    return Dense(cin, cout, weight_init=HeUniform(math.sqrt(5)), bias_init=Uniform(bound), dtype=dtype)


class _LayerBase(Cell):
    """Feed-forward block and attributes shared by the encoder and decoder layers."""

    def _setup(self, d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps, batch_first,
               norm_first, dtype, n_norms):
        self.dense1 = _dense(d_model, dim_feedforward, dtype)
        self.dropout = Dropout(p=dropout)
        self.dense2 = _dense(dim_feedforward, d_model, dtype)
        self.norm_first = norm_first
        for i in range(1, n_norms + 1):
            setattr(self, f"norm{i}", LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        for i in range(1, n_norms + 1):
            setattr(self, f"dropout{i}", Dropout(p=dropout))
        self.activation1 = activation
        self.activation = _check_activation(activation)
        self.d_model = d_model
        self.nhead = nhead
        self.dim_feedforward = dim_feedforward
        self.dropout_num = dropout
        self.layernorm_eps = layer_norm_eps
        self.batch_first = batch_first
        self.dtype = dtype

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout1(x)

    def _ff(self, x, last_dropout):
        return last_dropout(self.dense2(self.dropout(self.activation(self.dense1(x)))))


class TransformerEncoderLayer(_LayerBase):
    """Self-attention + feed-forward, each with a residual and LayerNorm (post-norm, or pre-norm with
    ``norm_first``).

    Args:
        d_model (int), nhead (int), dim_feedforward (int, default 2048), dropout (float, default 0.1),
        activation (``'relu'``/``'gelu'``, ``ops.relu``/``ops.gelu``; default ``'relu'``),
        layer_norm_eps (float, default 1e-5), batch_first (bool), norm_first (bool), dtype.

    Inputs: ``src, src_mask=None, src_key_padding_mask=None``.
    """

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048, dropout: float = 0.1,
                 activation='relu', layer_norm_eps: float = 1e-5, batch_first: bool = False, norm_first: bool = False,
                 dtype=mstype.float32):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype)
        self._setup(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps, batch_first, norm_first,
                    dtype, 2)

    def construct(self, src: Tensor, src_mask: Optional[Tensor] = None, src_key_padding_mask: Optional[Tensor] = None):
        _check_kpm(src_key_padding_mask)
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask)
            x = x + self._ff(self.norm2(x), self.dropout2)
        else:
            x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask))
            x = self.norm2(x + self._ff(x, self.dropout2))
        return x


class TransformerDecoderLayer(_LayerBase):
    """Self-attention, cross-attention over ``memory`` and feed-forward, each with a residual and
    LayerNorm. Arguments as :class:`TransformerEncoderLayer`.

    Inputs: ``tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
    memory_key_padding_mask=None``.
    """

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048, dropout: float = 0.1,
                 activation='relu', layer_norm_eps: float = 1e-5, batch_first: bool = False, norm_first: bool = False,
                 dtype=mstype.float32):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first,
                                                 dtype=dtype)
        self._setup(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps, batch_first, norm_first,
                    dtype, 3)

    def _mha_block(self, x, mem, attn_mask, key_padding_mask):
        x = self.multihead_attn(x, mem, mem, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                                need_weights=False)[0]
        return self.dropout2(x)

    def construct(self, tgt: Tensor, memory: Tensor, tgt_mask: Optional[Tensor] = None,
                  memory_mask: Optional[Tensor] = None, tgt_key_padding_mask: Optional[Tensor] = None,
                  memory_key_padding_mask: Optional[Tensor] = None):
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask, memory_key_padding_mask)
            x = x + self._ff(self.norm3(x), self.dropout3)
        else:
            x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask))
            x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask))
            x = self.norm3(x + self._ff(x, self.dropout3))
        return x


def _layer_copies(layer_cls, template, num_layers):
    """``num_layers`` copies (one initial weight draw) of a ``layer_cls`` built with ``template``'s arguments
    (a subclass of ``layer_cls`` gives a plain ``layer_cls``, as in MindSpore)."""
    layer = layer_cls(template.d_model, template.nhead, template.dim_feedforward, template.dropout_num,
                      template.activation1, template.layernorm_eps, template.batch_first, template.norm_first,
                      dtype=template.dtype)
    return CellList([copy.deepcopy(layer) for _ in range(num_layers)])


class TransformerEncoder(Cell):
    """``num_layers`` copies of a layer built like ``encoder_layer`` (same initial weights in every copy),
    then ``norm`` if given. Inputs: ``src, src_mask=None, src_key_padding_mask=None``."""

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _layer_copies(TransformerEncoderLayer, encoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm

    def construct(self, src: Tensor, src_mask: Optional[Tensor] = None, src_key_padding_mask: Optional[Tensor] = None):
        _check_kpm(src_key_padding_mask)
        output = src
        for mod in self.layers:
            output = mod(output, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        if self.norm is not None:
            output = self.norm(output)
        return output


class TransformerDecoder(Cell):
    """``num_layers`` copies of a layer built like ``decoder_layer``, then ``norm`` if given.
    Inputs as :class:`TransformerDecoderLayer`."""

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _layer_copies(TransformerDecoderLayer, decoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm

    def construct(self, tgt: Tensor, memory: Tensor, tgt_mask: Optional[Tensor] = None,
                  memory_mask: Optional[Tensor] = None, tgt_key_padding_mask: Optional[Tensor] = None,
                  memory_key_padding_mask: Optional[Tensor] = None):
        output = tgt
        for mod in self.layers:
            output = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                         tgt_key_padding_mask=tgt_key_padding_mask,
                         memory_key_padding_mask=memory_key_padding_mask)
        if self.norm is not None:
            output = self.norm(output)
        return output


class Transformer(Cell):
    """Encoder-decoder Transformer (every >1-D Parameter re-drawn from ``xavier_uniform`` after
    construction, as MindSpore does).

    Args: ``d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6, dim_feedforward=2048,
    dropout=0.1, activation='relu', custom_encoder=None, custom_decoder=None, layer_norm_eps=1e-5,
    batch_first=False, norm_first=False, dtype=float32``.

    Inputs: ``src, tgt, src_mask, tgt_mask, memory_mask, src_key_padding_mask, tgt_key_padding_mask,
    memory_key_padding_mask`` (masks default ``None``).
    """

    def __init__(self, d_model: int = 512, nhead: int = 8, num_encoder_layers: int = 6, num_decoder_layers: int = 6,
                 dim_feedforward: int = 2048, dropout: float = 0.1, activation='relu',
                 custom_encoder: Optional[Cell] = None, custom_decoder: Optional[Cell] = None,
                 layer_norm_eps: float = 1e-5, batch_first: bool = False, norm_first: bool = False,
                 dtype=mstype.float32):
        super().__init__()
        layer_args = (d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps, batch_first, norm_first)

        def stack(stack_cls, layer_cls, num_layers):
            layer = layer_cls(*layer_args, dtype=dtype)
            return stack_cls(layer, num_layers, LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            self.encoder = stack(TransformerEncoder, TransformerEncoderLayer, num_encoder_layers)
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            self.decoder = stack(TransformerDecoder, TransformerDecoderLayer, num_decoder_layers)
        for _, p in self.parameters_and_names():
            if p.ndim > 1:
                p.set_data(initializer('xavier_uniform', p.shape, p.dtype))
        self.d_model = d_model
        self.nhead = nhead
        self.batch_first = batch_first

    def construct(self, src: Tensor, tgt: Tensor, src_mask: Optional[Tensor] = None, tgt_mask: Optional[Tensor] = None,
                  memory_mask: Optional[Tensor] = None, src_key_padding_mask: Optional[Tensor] = None,
                  tgt_key_padding_mask: Optional[Tensor] = None, memory_key_padding_mask: Optional[Tensor] = None):
        if src.shape[-1] != self.d_model or tgt.shape[-1] != self.d_model:
            raise ValueError("The number of features for 'src' and 'tgt' must be equal to `d_model`.")
        memory = self.encoder(src, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask)
