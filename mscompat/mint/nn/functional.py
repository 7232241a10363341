"""``mindspore.mint.nn.functional``: torch-style functional nn ops. Forms that agree with their
``ops`` twin are the same registry entries; the others (``dim=``, ``inplace=``, torch-style
``padding``) are mint entries on the twins' kernels. The namespace is generated from the registry."""
import numpy as np
import jax
import jax.numpy as jnp

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.ops._args import arr
from mscompat.ops._nn import tensor_in, F16_32, BF_F16_32
from mscompat.ops._nn_norm import _batch_norm
from mscompat.ops._pool import _adaptive_avg, _adaptive_max
from mscompat.ops._registry import OPS, mint_op, mint_form, mint_exports
from mscompat.mint.nn import _upsample
from mscompat.mint import special as _special

_NS = "nn.functional"
_SAME = ("gelu", "relu", "sigmoid", "tanh", "softplus", "layer_norm", "group_norm",
         "cross_entropy", "mse_loss", "l1_loss", "hardtanh", "hardswish", "hardsigmoid", "hardshrink",
         "softshrink", "adaptive_avg_pool3d", "adaptive_max_pool2d",
         "unfold", "fold", "prelu", "pixel_shuffle", "conv_transpose2d", "broadcast_to", "clamp",
         "cosine_embedding_loss", "soft_margin_loss")
for _n in _SAME:
    if _n in OPS:
        mint_form(_NS, _n)
# AdaptiveAvgPool2DExt's output_size checks (a ValueError for a wrong length or type)
mint_form(_NS, "adaptive_avg_pool2d", "adaptive_avg_pool2d_ext")


def _inplace(input, out, inplace):
    if inplace:
        input.assign_value(out)
        return input
    return out


@mint_op(_NS, twin="dropout")
def dropout(input, p=0.5, training=True, inplace=False):
    """Zero elements with probability ``p`` and scale the rest by ``1/(1-p)`` while training."""
    if isinstance(p, bool) or not isinstance(p, (int, float)):
        raise TypeError(f"For 'dropout', 'p' must be a float, but got {type(p).__name__}.")
    if not 0 <= p <= 1:
        raise ValueError(f"For 'dropout', 'p' must be in range [0, 1], but got {p}.")
    if not training or p == 0:
        return input
    if p == 1:
        return _inplace(input, input * 0, inplace)
    return _inplace(input, ops.dropout(input, float(p), True), inplace)


@mint_op(_NS, twin="silu")
def silu(input, inplace=False):
    """x * sigmoid(x)."""
    return _inplace(input, ops.silu(input), inplace)


@mint_op(_NS, twin="relu6")
def relu6(input, inplace=False):
    """min(max(x, 0), 6): ``hardtanh(x, 0, 6)``, integer inputs included."""
    return _inplace(input, ops.hardtanh(input, 0, 6), inplace)


@mint_op(_NS, twin="elu")
def elu(input, alpha=1.0, inplace=False):
    """x for x > 0, alpha * (exp(x) - 1) otherwise (any ``alpha``, unlike ``ops.elu``)."""
    return _inplace(input, _elu(input, alpha), inplace)


def _elu(input, alpha):
    # EluExt/InplaceElu take floating inputs (bfloat16 included); integers and bool: a RuntimeError
    if isinstance(input, Tensor) and not input.is_floating_point():
        raise RuntimeError(f"For 'elu', the dtype of 'input' must be float16, float32 or bfloat16, but got "
                           f"{input.dtype}.")
    if alpha == 1.0 and not (isinstance(input, Tensor) and input.dtype == mstype.bfloat16):
        return ops.elu(input)
    return ops.where(input > 0, input, ops.expm1(input) * alpha)


# the Ext kernels take floating inputs of at most 32 bits (float64 and integers: a TypeError)
@mint_op(_NS, twin="mish")
def mish(input):
    """x * tanh(softplus(x)), float16/float32 only (MishExt)."""
    tensor_in("MishExt", "input", input, F16_32)
    return ops.mish(input)


@mint_op(_NS, twin="selu")
def selu(input):
    """Scaled exponential linear unit, bfloat16/float16/float32 only (SeLUExt)."""
    tensor_in("SeLUExt", "input", input, BF_F16_32)
    return ops.selu(input)


@mint_op(_NS, twin="logsigmoid")
def logsigmoid(input):
    """log(sigmoid(x)), bfloat16/float16/float32 only (LogSigmoid)."""
    tensor_in("LogSigmoid", "input", input, BF_F16_32)
    return ops.logsigmoid(input)


@mint_op(_NS, twin="leaky_relu")
def leaky_relu(input, negative_slope=0.01):
    """x for x >= 0, negative_slope * x otherwise."""
    return ops.leaky_relu(input, negative_slope)


@mint_op(_NS, twin="glu")
def glu(input, dim=-1):
    """The first half of ``input`` along ``dim`` times the sigmoid of the second half."""
    if isinstance(input, Tensor) and isinstance(dim, int) and -input.ndim <= dim < input.ndim \
            and input.shape[dim] % 2:
        raise RuntimeError(f"For GLU, halving dimension must be even, but dimension {dim} is size "
                           f"{input.shape[dim]}.")
    return ops.glu(input, dim)


@mint_op(_NS, twin="softmax")
def softmax(input, dim=None, dtype=None):
    """Softmax along ``dim`` (the last axis when None)."""
    return ops.softmax(input if dtype is None else input.astype(dtype), -1 if dim is None else dim)


@mint_op(_NS, twin="log_softmax")
def log_softmax(input, dim=None, *, dtype=None):
    """Log-softmax along ``dim`` (the last axis when None); float64 stays float64."""
    return _special.log_softmax(input, dim, dtype=dtype)


@mint_op(_NS, twin="dense")
def linear(input, weight, bias=None):
    """``input @ weight.T + bias``."""
    return ops.dense(input, weight, bias)


def _conv(name, conv, nd, input, weight, bias, stride, padding, dilation, groups):
    if (isinstance(input, Tensor) and isinstance(weight, Tensor) and input.ndim in (nd + 1, nd + 2)
            and weight.ndim == nd + 2 and isinstance(groups, int) and groups > 0
            and input.shape[-nd - 1] // groups != weight.shape[1]):
        raise ValueError(f"For '{name}', in_channels/groups must be equal weight[1], but in_channels/groups is "
                         f"{input.shape[-nd - 1] // groups}, and weight[1] is {weight.shape[1]}.")
    if isinstance(padding, str):
        if padding not in ("same", "valid"):
            raise ValueError(f"For '{name}', 'padding' must be 'same', 'valid' or int/tuple, but got '{padding}'.")
        strides = stride if isinstance(stride, (tuple, list)) else (stride,)
        if padding == "same" and any(s != 1 for s in strides):
            raise ValueError(f"For Conv{nd}DPadding, 'stride' must be 1, when padding is same, but it's {stride}.")
        return conv(input, weight, bias, stride, padding, 0, dilation, groups)
    pad = (padding,) * nd if isinstance(padding, int) else tuple(padding)
    return conv(input, weight, bias, stride, "pad", pad, dilation, groups)


def _unbatched(fn, nd, input, *args):
    """``fn`` on an input without its batch axis (C, *spatial): run with a batch of one, then dropped."""
    if isinstance(input, Tensor) and input.ndim == nd + 1:
        out = fn(ops.unsqueeze(input, 0), *args)
        return tuple(ops.squeeze(o, 0) for o in out) if isinstance(out, tuple) else ops.squeeze(out, 0)
    return fn(input, *args)


@mint_op(_NS, twin="conv1d")
def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """1-D convolution (NCL); ``padding`` an int, a 1-tuple, 'same' or 'valid'."""
    return _unbatched(lambda x: _conv("conv1d", ops.conv1d, 1, x, weight, bias, stride, padding, dilation, groups),
                      1, input)


@mint_op(_NS, twin="conv2d")
def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """2-D convolution (NCHW); ``padding`` an int, (pad_h, pad_w), 'same' or 'valid'."""
    return _unbatched(lambda x: _conv("conv2d", ops.conv2d, 2, x, weight, bias, stride, padding, dilation, groups),
                      2, input)


@mint_op(_NS, twin="conv3d")
def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """3-D convolution (NCDHW); ``padding`` an int, a 3-tuple, 'same' or 'valid'."""
    return _unbatched(lambda x: _conv("conv3d", ops.conv3d, 3, x, weight, bias, stride, padding, dilation, groups),
                      3, input)


@mint_op(_NS, twin="pad")
def pad(input, pad, mode="constant", value=None):
    """Pad the last axes by ``pad`` = (left, right, top, bottom, ...). The reflect and replicate
    kernels pad 1-3 axes of an input with or without its batch axis; circular needs 3 dims or more."""
    if mode in ("reflect", "replicate", "circular") and isinstance(input, Tensor) \
            and isinstance(pad, (tuple, list)) and len(pad) in (2, 4, 6):
        nd = len(pad) // 2
        if mode == "circular":
            if input.ndim < 3:
                raise ValueError(f"For primitive[PadV3], the input dims for edge, reflect or circular mode must be "
                                 f"greater than or equal to 3, but got {input.ndim}.")
        elif input.ndim not in (nd + 1, nd + 2):
            kernel = ("ReflectionPad" if mode == "reflect" else "ReplicationPad") + f"{nd}D"
            raise ValueError(f"For '{kernel}', input should be {nd + 1}D or {nd + 2}D, but got {input.ndim}")
    return ops.pad(input, pad, mode, value)


@mint_op(_NS, twin="one_hot")
def one_hot(tensor, num_classes=-1):
    """int64 one-hot encoding of ``tensor`` with ``num_classes`` classes (max + 1 when -1)."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For 'one_hot', 'tensor' must be a Tensor, but got {type(tensor).__name__}.")
    if num_classes == -1:
        num_classes = int(tensor.max().asnumpy()) + 1 if tensor.size else 0
    return ops.one_hot(tensor, num_classes, Tensor(1, mstype.int64), Tensor(0, mstype.int64), -1)


@mint_op(_NS, twin="norm")
def normalize(input, p=2.0, dim=1, eps=1e-12):
    """``input`` divided by its ``p``-norm along ``dim`` (at least ``eps``)."""
    n = ops.norm(input, float(p), dim, True)
    return input / ops.clamp(n, min=eps)


@mint_op(_NS, twin="gather")
def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False):
    """The rows of ``weight`` at the indices ``input``. With ``max_norm``, the rows ``input`` picks whose
    ``norm_type``-norm exceeds it are first scaled down to it in ``weight`` itself (in place, outside
    the gradient, as PyTorch's ``embedding_renorm_``). The row ``padding_idx`` gets no gradient."""
    if weight.ndim != 2:
        raise ValueError(f"For primitive[Embedding], the shape of weight must be equal to 2, but got {weight.ndim}.")
    if max_norm is not None:
        weight = _renorm_rows(weight, input, float(max_norm), float(norm_type))
    if padding_idx is not None:
        n = weight.shape[0]
        if not -n <= padding_idx < n:
            raise ValueError(f"For primitive[Embedding], the padding_idx must be in [{-n},{n}), but got {padding_idx}.")
        frozen = (ops.arange(n) == padding_idx % n).reshape(n, 1)
        weight = ops.where(frozen, ops.stop_gradient(weight), weight)
    return ops.gather(weight, input, 0)


def _renorm_rows(weight, input, max_norm, norm_type):
    """``weight`` with the rows ``input`` picks scaled to a ``norm_type``-norm of at most ``max_norm``
    (by ``max_norm / (norm + 1e-7)``), written back into ``weight``; the result carries the new values
    with the gradient of ``weight`` itself (the scaling is not differentiated)."""
    w = arr(weight)
    used = jnp.zeros((w.shape[0],), bool).at[arr(input).reshape(-1)].set(True)
    f = w.astype(jnp.float32)
    norms = jnp.max(jnp.abs(f), axis=1) if norm_type == float("inf") else \
        jnp.sum(jnp.abs(f) ** norm_type, axis=1) ** (1.0 / norm_type)
    scale = jnp.where(used & (norms > max_norm), max_norm / (norms + 1e-7), 1.0)
    new = jax.lax.stop_gradient((f * scale[:, None]).astype(w.dtype))
    weight.assign_value(new)
    return Tensor._wrap(w + jax.lax.stop_gradient(new - w))


@mint_op(_NS, twin="binary_cross_entropy_with_logits")
def binary_cross_entropy_with_logits(input, target, weight=None, reduction="mean", pos_weight=None):
    """Sigmoid + binary cross entropy, numerically stable."""
    return ops.binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction)


@mint_op(_NS, twin="binary_cross_entropy")
def binary_cross_entropy(input, target, weight=None, reduction="mean"):
    """Binary cross entropy of probabilities ``input``."""
    return ops.binary_cross_entropy(input, target, weight, reduction)


@mint_op(_NS, twin="smooth_l1_loss")
def smooth_l1_loss(input, target, reduction="mean", beta=1.0):
    """Huber-style loss: quadratic below ``beta``, linear above."""
    return ops.smooth_l1_loss(input, target, beta, reduction)


@mint_op(_NS, twin="nll_loss")
def nll_loss(input, target, weight=None, ignore_index=-100, reduction="mean"):
    """Negative log-likelihood of log-probabilities ``input``."""
    return ops.nll_loss(input, target, weight, ignore_index, reduction)


def _check_divisor(kernel, divisor_override):
    if divisor_override is not None and not isinstance(divisor_override, bool) and divisor_override == 0:
        raise ValueError(f"For {kernel}, divisor should not be zero.")


@mint_op(_NS, twin="avg_pool2d")
def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """2-D average pooling (stride defaults to ``kernel_size``) of an (N, C, H, W) or (C, H, W) input."""
    _check_divisor("AvgPool2D", divisor_override)
    return _unbatched(ops.avg_pool2d, 2, input, kernel_size, kernel_size if stride is None else stride, padding,
                      ceil_mode, count_include_pad, 0 if divisor_override is None else divisor_override)


@mint_op(_NS, twin="avg_pool3d")
def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """3-D average pooling (stride defaults to ``kernel_size``)."""
    _check_divisor("AvgPool3DExt", divisor_override)
    return ops.avg_pool3d(input, kernel_size, kernel_size if stride is None else stride, padding, ceil_mode,
                          count_include_pad, 0 if divisor_override is None else divisor_override)


@mint_op(_NS, twin="adaptive_avg_pool1d")
def adaptive_avg_pool1d(input, output_size):
    """1-D adaptive average pooling: output ``i`` averages the window ``[floor(i*L/out), ceil((i+1)*L/out))``
    (any length ``L``, unlike ``ops.adaptive_avg_pool1d``)."""
    return _adaptive_avg("adaptive_avg_pool1d", input, output_size, 1)


@mint_op(_NS, twin="adaptive_max_pool1d")
def adaptive_max_pool1d(input, output_size, return_indices=False):
    """1-D adaptive max pooling over the windows of :func:`adaptive_avg_pool1d` (with the int64
    indices when ``return_indices``)."""
    return _adaptive_max("adaptive_max_pool1d", input, output_size, 1, return_indices)


@mint_op(_NS, twin="dropout2d")
def dropout2d(input, p=0.5, training=True, inplace=False):
    """Zero whole channels with probability ``p`` and scale the rest by ``1/(1-p)`` while training."""
    if not isinstance(input, Tensor):   # Dropout2dExt parses its arguments before the training check
        raise TypeError(f'Failed calling Dropout2dExt with "Dropout2dExt()(input={type(input).__name__})". The valid '
                        f'calling should be: "Dropout2dExt()(input=<Tensor>, p=<float>, training=<bool>)".')
    if not 0 <= p <= 1:
        raise ValueError(f"For 'dropout2d', 'p' must be in range [0, 1], but got {p}.")
    if not training or p == 0:
        return input
    if p == 1:
        return _inplace(input, input * 0, inplace)
    return _inplace(input, ops.dropout2d(input, p, True), inplace)


@mint_op(_NS, "relu_", twin="relu")
def relu_(input):
    """ReLU written into ``input``."""
    return _inplace(input, ops.relu(input), True)


@mint_op(_NS, "sigmoid_", twin="sigmoid")
def sigmoid_(input):
    """Sigmoid written into ``input``."""
    return _inplace(input, ops.sigmoid(input), True)


@mint_op(_NS, "elu_", twin="elu")
def elu_(input, alpha=1.0):
    """ELU written into ``input``."""
    return _inplace(input, _elu(input, alpha), True)


@mint_op(_NS, "hardtanh_", twin="hardtanh")
def hardtanh_(input, min_val=-1, max_val=1):
    """Hardtanh written into ``input``."""
    return _inplace(input, ops.hardtanh(input, min_val, max_val), True)


@mint_op(_NS, "threshold_", twin="threshold")
def threshold_(input, threshold, value):
    """Threshold written into ``input``."""
    return _inplace(input, ops.threshold(input, threshold, value), True)


@mint_op(_NS, twin="max_unpool2d")
def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of 2-D max pooling (stride defaults to ``kernel_size``)."""
    return ops.max_unpool2d(input, indices, kernel_size, kernel_size if stride is None else stride, padding,
                            output_size)


@mint_op(_NS, twin="avg_pool1d")
def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    """1-D average pooling (stride defaults to ``kernel_size``)."""
    return ops.avg_pool1d(input, kernel_size, kernel_size if stride is None else stride, padding, ceil_mode,
                          count_include_pad)


@mint_op(_NS, twin="max_pool2d")
def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """2-D max pooling (stride defaults to ``kernel_size``) of an (N, C, H, W) or (C, H, W) input."""
    return _unbatched(ops.max_pool2d, 2, input, kernel_size, stride, padding, dilation, return_indices, ceil_mode)


@mint_op(_NS, twin="threshold")
def threshold(input, threshold, value, inplace=False):
    """``input`` where it is above ``threshold``, else ``value``."""
    return _inplace(input, ops.threshold(input, threshold, value), inplace)


@mint_op(_NS, twin="kl_div")
def kl_div(input, target, reduction="mean", log_target=False):
    """Kullback-Leibler divergence of log-probabilities ``input`` from ``target``."""
    for name, v in (("input", input), ("target", target)):
        if isinstance(v, Tensor) and v.dtype not in (mstype.float16, mstype.float32, mstype.bfloat16):
            raise TypeError(f"For primitive[KLDiv], the {name}[{name}] supports types: Float16, Float32, BFloat16. "
                            f"But got {v.dtype}.")
    if log_target:
        pointwise = ops.exp(target) * (target - input)
    else:   # target * (log(target) - input), 0 where target is 0 (xlogy); NaN where it is negative, as log's
        zero = target == 0
        pointwise = ops.where(zero, ops.zeros_like(target), target * ops.log(ops.where(
            zero, ops.ones_like(target), target))) - target * input
    if reduction == "none":
        return pointwise
    if reduction == "sum":
        return pointwise.sum()
    if reduction == "mean":
        return pointwise.mean()
    if reduction == "batchmean":
        return pointwise.sum() / input.shape[0]
    raise ValueError(f"For 'kl_div', 'reduction' must be one of 'none', 'sum', 'mean', 'batchmean', "
                     f"but got '{reduction}'.")


@mint_op(_NS, twin="batch_norm")
def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05):
    """Batch normalisation over the channel axis 1. While ``training``, the running statistics (updated
    in place) may be None: the batch's own statistics normalize it and nothing is recorded."""
    if isinstance(input, Tensor) and not 2 <= input.ndim <= 8:
        raise ValueError(f"For primitive[BatchNormExt], the rank of input must be in [2,8], but got {input.ndim}.")
    c = input.shape[1]
    w = ops.ones((c,), input.dtype) if weight is None else weight
    b = ops.zeros((c,), input.dtype) if bias is None else bias
    if running_mean is None or running_var is None:
        if not training:
            raise ValueError("For 'batch_norm', 'running_mean' and 'running_var' must be Tensors when 'training' "
                             "is False (there are no batch statistics to use instead).")
        running_mean = ops.zeros((c,), input.dtype) if running_mean is None else running_mean
        running_var = ops.ones((c,), input.dtype) if running_var is None else running_var
    # BatchNormExt takes bfloat16 too (documented; ops.batch_norm's BatchNorm float16/float32 only)
    return _batch_norm("BatchNorm", input, w, b, running_mean, running_var, training, eps, momentum, "NCHW",
                       BF_F16_32)[0]


@mint_op(_NS, twin="flatten")
def flatten(input, start_dim=0, end_dim=-1):
    """Merge the axes ``start_dim`` .. ``end_dim`` into one."""
    return ops.flatten(input, start_dim=start_dim, end_dim=end_dim)


@mint_op(_NS, twin="interpolate", aliases=("upsample",))
def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None):
    """Resize the spatial axes of ``input`` to ``size``, or by ``scale_factor`` (a float, or one per
    axis), as PyTorch's ``interpolate`` (``_upsample.py``)."""
    return _upsample.interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)


@mint_op(_NS)
def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """``ops.grid_sample``'s kernel (4-D and 5-D inputs)."""
    return OPS["grid_sample"].fn(input, grid, mode, padding_mode, align_corners)


globals().update(mint_exports(_NS))
__all__ = sorted(mint_exports(_NS))
