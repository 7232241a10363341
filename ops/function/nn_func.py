"""``mindspore.ops.function.nn_func``: MindSpore's neural-network functional ops at their internal import
path; the objects are ``mindspore.ops``'s (one implementation, several paths)."""
import math
from types import SimpleNamespace

from mscompat import ops as _ops
from mscompat.common import dtype as _mstype
from mscompat.mint.nn.functional import pad as pad_ext    # MindSpore's mint.nn.functional.pad is this one
# MindSpore's private attention shape checks are nn.MultiheadAttention's own, also at this path
from mscompat.nn.layer.transformer import (_mha_forward, _check_proj_shapes, _check_qkv_shape,  # noqa: F401
                                           _check_kpm_shape, _check_attn_mask_shape)
from mscompat.ops._args import wrap as _wrap
from mscompat.ops._module_paths import bind as _bind

_NAMES = (
    'adaptive_avg_pool1d', 'adaptive_avg_pool2d', 'adaptive_avg_pool2d_ext', 'adaptive_avg_pool3d',
    'adaptive_max_pool1d', 'adaptive_max_pool2d', 'adaptive_max_pool3d', 'add_layer_norm', 'add_rms_norm',
    'avg_pool1d', 'avg_pool2d', 'avg_pool3d', 'batch_norm', 'bias_add', 'bidense', 'binary_cross_entropy',
    'binary_cross_entropy_with_logits', 'celu', 'channel_shuffle', 'conv1d', 'conv2d', 'conv3d',
    'conv3d_transpose', 'conv_transpose2d', 'cosine_embedding_loss', 'cross_entropy', 'ctc_greedy_decoder',
    'ctc_loss', 'deformable_conv2d', 'dense', 'dropout', 'dropout1d', 'dropout2d', 'dropout3d', 'elu',
    'embedding', 'fast_gelu', 'flash_attention_score', 'flip', 'fliplr', 'flipud', 'fractional_max_pool2d',
    'fractional_max_pool3d', 'fused_infer_attention_score', 'gaussian_nll_loss', 'gelu', 'glu', 'grid_sample',
    'group_norm', 'hardshrink', 'hardsigmoid', 'hardswish', 'hardtanh', 'hinge_embedding_loss', 'huber_loss',
    'incre_flash_attention', 'inplace_sigmoid', 'interpolate', 'intopk', 'is_floating_point', 'kl_div',
    'l1_loss', 'layer_norm', 'leaky_relu', 'lightning_indexer', 'log_softmax', 'logsigmoid', 'lp_pool1d',
    'lp_pool2d', 'lrn', 'margin_ranking_loss', 'max_pool2d', 'max_pool3d', 'max_unpool1d', 'max_unpool2d',
    'max_unpool3d', 'mirror_pad', 'mish', 'moe_token_permute', 'moe_token_unpermute', 'mse_loss',
    'mse_loss_ext', 'msort', 'multi_margin_loss', 'multilabel_margin_loss', 'multilabel_soft_margin_loss',
    'nll_loss', 'nsa_compress', 'nsa_select_attention', 'pad', 'pdist', 'pixel_shuffle', 'pixel_unshuffle',
    'prelu', 'prompt_flash_attention', 'relu', 'relu6', 'ring_attention_update', 'rms_norm', 'rrelu', 'selu',
    'sigmoid', 'silu', 'smooth_l1_loss', 'soft_margin_loss', 'soft_shrink', 'softmax', 'softmin', 'softplus',
    'softshrink', 'softsign', 'speed_fusion_attention', 'swiglu', 'threshold', 'triplet_margin_loss', 'upsample',
)

__all__ = _bind(globals(), _NAMES, _ops)


def linear(x, w, b):
    """``x`` times the transpose of ``w`` (its last two axes), plus ``b`` when it is given: the
    projection of MindSpore's attention helpers."""
    out = _ops.matmul(x, w.swapaxes(-1, -2))
    return out if b is None else out + b


def _interploate_ext_make_tuple(input, value):
    """``value`` for each spatial dimension of ``input`` (all but the first two): a list or tuple
    as given, a scalar repeated (the spelling is MindSpore's)."""
    if isinstance(value, (list, tuple)):
        return value
    return (value,) * (input.ndim - 2)


def _interpolate_ext_scale_factor_convert_size(input, scale_factor):
    """The output size of the spatial dimensions of ``input`` scaled by ``scale_factor``:
    ``floor(size * factor)`` for as many dimensions as both have."""
    spatial = tuple(input.shape)[2:]
    return tuple(math.floor(n * f) for n, f in zip(spatial, scale_factor))


def _inner_dropout(x, p, training):
    """``x`` with dropout of probability ``p`` while ``training`` (``x`` itself otherwise, or
    when ``p`` is outside ``(0, 1]``)."""
    if training and 0. < p <= 1.:
        return _ops.Dropout(1 - p)(x)[0]
    return x


def _inner_pad(x, padding, value=None):
    """``ops.pad`` (constant mode) that also takes a bool ``x`` (padded as int32, cast back)."""
    dtype = x.dtype
    padded = _ops.pad(x.astype(_mstype.int32) if dtype == _mstype.bool_ else x, padding, value=value)
    return padded.astype(dtype)


def _in_projection(q, k, v, w_q, w_k, w_v, b_q=None, b_k=None, b_v=None):
    """The query, key and value projections of attention with separate weights ``w_q (E_q, E_q)``,
    ``w_k (E_q, E_k)``, ``w_v (E_q, E_v)`` and optional biases ``(E_q,)``."""
    _check_proj_shapes(q.shape[-1], k.shape[-1], v.shape[-1], (w_q, w_k, w_v), (b_q, b_k, b_v))
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def _in_projection_packed(q, k, v, w, b, k_is_v, q_is_k):
    """The query, key and value projections of attention with one packed weight ``w (3E, E)``
    (and bias ``(3E,)``): one matmul for self-attention (``q_is_k`` and ``k_is_v``), two for
    encoder-decoder attention (``k_is_v``), three otherwise."""
    embed = q.shape[-1]
    if k_is_v and q_is_k:
        return linear(q, w, b).tensor_split(3, axis=-1)
    if k_is_v:
        w_q, w_kv = w.split([embed, 2 * embed])
        b_q, b_kv = (None, None) if b is None else b.split([embed, 2 * embed])
        return (linear(q, w_q, b_q),) + linear(k, w_kv, b_kv).tensor_split(2, axis=-1)
    w_q, w_k, w_v = w.tensor_split(3)
    b_q, b_k, b_v = (None, None, None) if b is None else b.tensor_split(3)
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight,
                                 in_proj_bias, bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight,
                                 out_proj_bias, training=True, key_padding_mask=None, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None,
                                 v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True,
                                 is_causal=False, k_is_v=False, q_is_k=False, dtype=_mstype.float32):
    """The attention step of ``nn.MultiheadAttention`` as a function of its weights (the same
    computation as the Cell: one implementation); returns ``(attn_output, attn_weights)``."""
    if (bias_k is None) != (bias_v is None):
        raise ValueError("The bias_k and bias_v should be ``None``at the same time.")
    if bias_k is not None and static_k is not None:
        raise ValueError("The bias_k cannot be added to static_k.")
    if bias_v is not None and static_v is not None:
        raise ValueError("The bias_v cannot be added to static_v.")
    if static_k is not None or static_v is not None:
        # precomputed keys/values replace the key/value projections of the Cell's computation
        raise ValueError("multi_head_attention_forward: 'static_k' and 'static_v' are not supported by "
                         "mscompat; pass the keys and values to project instead.")
    if is_causal:
        # MindSpore then adds a lower-triangular mask of ones (bool True -> 1.0) in place of the masks
        tgt, src = query.shape[0], key.shape[0]
        attn_mask = _ops.ones((tgt, src), query.dtype).tril()
        key_padding_mask = None
    dropout_p = float(dropout_p)
    weights = SimpleNamespace(
        num_heads=num_heads, embed_dim=embed_dim_to_check, _qkv_same_embed_dim=not use_separate_proj_weight,
        in_proj_weight=in_proj_weight, in_proj_bias=in_proj_bias, q_proj_weight=q_proj_weight,
        k_proj_weight=k_proj_weight, v_proj_weight=v_proj_weight, bias_k=bias_k, bias_v=bias_v,
        add_zero_attn=add_zero_attn, dropout=dropout_p, training=training, dtype=dtype,
        _attn_dropout=_ops.Dropout(1.0 - dropout_p) if 0. < dropout_p <= 1. else None,
        out_proj=SimpleNamespace(weight=out_proj_weight, bias=out_proj_bias))
    out, attn = _mha_forward(weights, query, key, value, key_padding_mask, attn_mask, average_attn_weights)
    return _wrap(out), _wrap(attn)
