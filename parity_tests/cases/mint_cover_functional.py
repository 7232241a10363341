"""mindspore.mint.nn.functional, every name: values on two or three shapes/keyword forms,
float16 where defined, gradients (of ``sum(f ** 2)``), the in-place forms (result and input),
GRAPH_MODE and bad input.

Each spec's function takes the functional namespace first (``ms.mint.nn.functional`` or
``torch.nn.functional``; ``T`` is the tensor namespace, ``ms.mint`` or ``torch``). Oracle: real
MindSpore 2.10 CPU where its CPU build runs the op; PyTorch (``torch_ref``; mint is documented as
aligned with it) where it lacks the kernel (``Conv2DExt``, ``LayerNormExt``, ``LogSoftmaxExt``,
``MaxPoolWithIndices``, ``UpsampleNearest2D``, ``Im2ColExt``, ...)."""
import numpy as np

from parity_tests.cases._mint_cover_common import default_run
from parity_tests.harness import case, F32, F16, I32, I64
from parity_tests.torch_oracle import torch_grad

X = F32(2, 3, seed=91)
X4 = F32(2, 3, 4, seed=92)
IMG = F32(1, 2, 5, 5, seed=93)
IMG2 = F32(2, 3, 4, 4, seed=94)
SEQ = F32(2, 3, 7, seed=95)
VOL = F32(1, 2, 4, 4, 4, seed=96)
W2 = F32(4, 2, 3, 3, seed=97)
W1 = F32(4, 3, 3, seed=98)
W3 = F32(3, 2, 2, 2, 2, seed=99)
WT = F32(2, 3, 3, 3, seed=100)
LOGITS = F32(4, 5, seed=101)
TARGET = np.array([1, 0, 4, 2], np.int64)
PROB = F32(2, 3, low=0.05, high=0.95, seed=102)
LBL = F32(2, 3, low=0.0, high=1.0, seed=103)


def _f(ns):
    """The functional namespace of ``ns`` (``ms``/``mscompat`` or ``torch``)."""
    return ns.mint.nn.functional if hasattr(ns, "mint") else ns.nn.functional


def _t(ns):
    return ns.mint if hasattr(ns, "mint") else ns


def _f64(T):
    """float64 of torch, or of the framework whose ``mint`` namespace ``T`` is."""
    return getattr(T, "float64", None) or __import__(T.__name__.split(".")[0]).float64


def _flat(F, T):
    """``mint.nn.functional.flatten``; PyTorch's is ``torch.flatten``."""
    return getattr(F, "flatten", None) or T.flatten


# (name, tag, f(F, T, *inputs), inputs, grad?)
SPECS = [
    ("relu", "3d", lambda F, T, x: F.relu(x), (X4,), True),
    ("relu", "f16", lambda F, T, x: F.relu(x), (X.astype(np.float16),), False),
    ("relu", "int", lambda F, T, x: F.relu(x), (I32(2, 3),), False),
    ("relu6", "wide", lambda F, T, x: F.relu6(x * 4), (X4,), True),
    ("relu6", "f16", lambda F, T, x: F.relu6(x * 4), (X.astype(np.float16),), False),
    ("sigmoid", "3d", lambda F, T, x: F.sigmoid(x), (X4,), True),
    ("sigmoid", "f16", lambda F, T, x: F.sigmoid(x), (X.astype(np.float16),), False),
    ("tanh", "3d", lambda F, T, x: F.tanh(x), (X4,), True),
    ("tanh", "f16", lambda F, T, x: F.tanh(x), (X.astype(np.float16),), False),
    ("silu", "3d", lambda F, T, x: F.silu(x), (X4,), True),
    ("gelu", "none", lambda F, T, x: F.gelu(x), (X4,), True),
    ("gelu", "tanh", lambda F, T, x: F.gelu(x, approximate="tanh"), (X4,), True),
    ("elu", "default", lambda F, T, x: F.elu(x), (X4,), True),
    ("elu", "alpha", lambda F, T, x: F.elu(x, alpha=0.5), (X,), True),
    ("leaky_relu", "slope", lambda F, T, x: F.leaky_relu(x, 0.2), (X4,), True),
    ("leaky_relu", "default", lambda F, T, x: F.leaky_relu(x), (X,), False),
    ("hardtanh", "bounds", lambda F, T, x: F.hardtanh(x, -0.5, 1.0), (X4,), True),
    ("hardtanh", "default", lambda F, T, x: F.hardtanh(x * 2), (X,), False),
    ("threshold", "basic", lambda F, T, x: F.threshold(x, 0.3, -1.0), (X4,), True),
    ("threshold", "int", lambda F, T, x: F.threshold(x, 2, 0), (I32(2, 3),), False),
    ("logsigmoid", "3d", lambda F, T, x: F.logsigmoid(x), (X4,), True),
    ("glu", "last", lambda F, T, x: F.glu(x), (F32(2, 4),), True),
    ("glu", "dim0", lambda F, T, x: F.glu(x, 0), (F32(4, 3),), True),
    ("softmax", "3d_dim1", lambda F, T, x: F.softmax(x, 1), (X4,), True),
    ("softmax", "dtype", lambda F, T, x: F.softmax(x, -1, dtype=_f64(T)), (X,), False),
    ("log_softmax", "dim0", lambda F, T, x: F.log_softmax(x, 0), (X4,), True),
    ("log_softmax", "f16", lambda F, T, x: F.log_softmax(x, 1), (X.astype(np.float16),), False),
    ("prelu", "channels", lambda F, T, x, w: F.prelu(x, w), (IMG, np.array([0.25, 0.5], np.float32)), True),
    ("prelu", "single", lambda F, T, x, w: F.prelu(x, w), (X, np.array([0.1], np.float32)), True),
    ("normalize", "default", lambda F, T, x: F.normalize(x), (X4,), True),
    ("normalize", "p1_dim0", lambda F, T, x: F.normalize(x, p=1.0, dim=0), (X,), True),
    ("linear", "bias", lambda F, T, x, w, b: F.linear(x, w, b), (X4, F32(5, 4), F32(5)), True),
    ("linear", "no_bias", lambda F, T, x, w: F.linear(x, w), (X, F32(2, 3)), True),
    ("flatten", "default", lambda F, T, x: _flat(F, T)(x), (IMG,), True),
    ("flatten", "start_end", lambda F, T, x: _flat(F, T)(x, 1, 2), (IMG,), False),
    ("dropout", "eval", lambda F, T, x: F.dropout(x, 0.5, training=False), (X4,), True),
    ("dropout", "p0", lambda F, T, x: F.dropout(x, 0.0), (X,), False),
    ("dropout2d", "eval", lambda F, T, x: F.dropout2d(x, 0.5, training=False), (IMG,), False),
    ("embedding", "basic", lambda F, T, i, w: F.embedding(i, w), (np.array([[0, 2], [3, 1]], np.int64), F32(4, 3)),
     False),
    ("embedding", "padding_idx", lambda F, T, i, w: F.embedding(i, w, padding_idx=1),
     (np.array([1, 2, 1], np.int64), F32(4, 3)), False),
    ("embedding", "max_norm", lambda F, T, i, w: F.embedding(i, w, max_norm=1.0),
     (np.array([0, 3], np.int64), F32(4, 3, low=-3, high=3)), False),
    ("one_hot", "auto_classes", lambda F, T, i: F.one_hot(i), (np.array([0, 3, 1], np.int64),), False),
    ("one_hot", "2d", lambda F, T, i: F.one_hot(i, 5), (np.array([[0, 4], [2, 2]], np.int64),), False),
    ("pixel_shuffle", "r2", lambda F, T, x: F.pixel_shuffle(x, 2), (F32(1, 8, 2, 3),), True),
    ("pixel_shuffle", "batched", lambda F, T, x: F.pixel_shuffle(x, 2), (F32(2, 4, 2, 2),), False),
    ("pad", "constant", lambda F, T, x: F.pad(x, (1, 2)), (X4,), True),
    ("pad", "constant_value", lambda F, T, x: F.pad(x, (1, 0, 0, 2), value=3.0), (X4,), False),
    ("pad", "reflect", lambda F, T, x: F.pad(x, (1, 1, 2, 0), mode="reflect"), (IMG,), True),
    ("pad", "replicate", lambda F, T, x: F.pad(x, (2, 1), mode="replicate"), (SEQ,), True),
    ("pad", "circular", lambda F, T, x: F.pad(x, (1, 2, 1, 1), mode="circular"), (IMG,), False),
    ("conv1d", "basic", lambda F, T, x, w: F.conv1d(x, w), (SEQ, W1), True),
    ("conv1d", "stride_pad", lambda F, T, x, w, b: F.conv1d(x, w, b, stride=2, padding=1), (SEQ, W1, F32(4)), False),
    ("conv1d", "dilation", lambda F, T, x, w: F.conv1d(x, w, dilation=2), (SEQ, W1), False),
    ("conv2d", "stride_pad", lambda F, T, x, w, b: F.conv2d(x, w, b, stride=2, padding=1), (IMG, W2, F32(4)), True),
    ("conv2d", "same", lambda F, T, x, w: F.conv2d(x, w, padding="same"), (IMG, W2), False),
    ("conv2d", "groups", lambda F, T, x, w: F.conv2d(x, w, groups=2), (F32(1, 4, 5, 5), W2), False),
    ("conv3d", "basic", lambda F, T, x, w: F.conv3d(x, w), (VOL, W3), True),
    ("conv3d", "stride_pad", lambda F, T, x, w: F.conv3d(x, w, stride=2, padding=1), (VOL, W3), False),
    ("conv_transpose2d", "basic", lambda F, T, x, w: F.conv_transpose2d(x, w), (IMG, WT), True),
    ("conv_transpose2d", "stride_pad_out", lambda F, T, x, w: F.conv_transpose2d(x, w, stride=2, padding=1,
                                                                                 output_padding=1), (IMG, WT), False),
    ("max_pool2d", "k2", lambda F, T, x: F.max_pool2d(x, 2), (IMG,), True),
    ("max_pool2d", "stride_pad", lambda F, T, x: F.max_pool2d(x, 3, 1, 1), (IMG,), False),
    ("max_pool2d", "indices", lambda F, T, x: F.max_pool2d(x, 2, return_indices=True), (IMG2,), False),
    ("max_pool2d", "ceil", lambda F, T, x: F.max_pool2d(x, 2, ceil_mode=True), (IMG,), False),
    ("avg_pool1d", "k2", lambda F, T, x: F.avg_pool1d(x, 2), (SEQ,), True),
    ("avg_pool1d", "pad_nocount", lambda F, T, x: F.avg_pool1d(x, 3, 2, 1, count_include_pad=False), (SEQ,), False),
    ("avg_pool2d", "k2", lambda F, T, x: F.avg_pool2d(x, 2), (IMG,), True),
    ("avg_pool2d", "ceil_pad", lambda F, T, x: F.avg_pool2d(x, 3, 2, 1, ceil_mode=True), (IMG,), False),
    ("avg_pool2d", "divisor", lambda F, T, x: F.avg_pool2d(x, 2, divisor_override=3), (IMG2,), False),
    ("avg_pool3d", "k2", lambda F, T, x: F.avg_pool3d(x, 2), (VOL,), True),
    ("avg_pool3d", "stride1", lambda F, T, x: F.avg_pool3d(x, 2, 1), (VOL,), False),
    ("adaptive_avg_pool1d", "7_to_1", lambda F, T, x: F.adaptive_avg_pool1d(x, 1), (SEQ,), True),
    ("adaptive_avg_pool2d", "2x3", lambda F, T, x: F.adaptive_avg_pool2d(x, (2, 3)), (IMG,), True),
    ("adaptive_avg_pool2d", "int", lambda F, T, x: F.adaptive_avg_pool2d(x, 1), (IMG2,), False),
    ("adaptive_avg_pool3d", "2", lambda F, T, x: F.adaptive_avg_pool3d(x, 2), (VOL,), True),
    ("adaptive_max_pool1d", "7_to_1", lambda F, T, x: F.adaptive_max_pool1d(x, 1), (SEQ,), True),
    ("adaptive_max_pool1d", "indices", lambda F, T, x: F.adaptive_max_pool1d(x, 2, True), (SEQ,), False),
    ("adaptive_max_pool2d", "2x2", lambda F, T, x: F.adaptive_max_pool2d(x, 2), (IMG,), True),
    ("adaptive_max_pool2d", "indices", lambda F, T, x: F.adaptive_max_pool2d(x, (3, 2), True), (IMG2,), False),
    ("max_unpool2d", "roundtrip", lambda F, T, x: (lambda v, i: F.max_unpool2d(v, i, 2))(
        *F.max_pool2d(x, 2, return_indices=True)), (F32(1, 1, 4, 4),), False),
    ("interpolate", "nearest_scale", lambda F, T, x: F.interpolate(x, scale_factor=2.0), (IMG,), True),
    ("interpolate", "bilinear_size", lambda F, T, x: F.interpolate(x, size=(7, 3), mode="bilinear"), (IMG,), True),
    ("interpolate", "bilinear_corners", lambda F, T, x: F.interpolate(x, size=(8, 8), mode="bilinear",
                                                                       align_corners=True), (IMG,), False),
    ("interpolate", "linear_1d", lambda F, T, x: F.interpolate(x, size=10, mode="linear"), (SEQ,), False),
    ("interpolate", "nearest_1d", lambda F, T, x: F.interpolate(x, size=4), (SEQ,), False),
    ("upsample", "nearest", lambda F, T, x: F.upsample(x, scale_factor=2.0), (IMG,), False),
    ("upsample", "bilinear", lambda F, T, x: F.upsample(x, size=(3, 7), mode="bilinear"), (IMG,), False),
    ("unfold", "k2", lambda F, T, x: F.unfold(x, 2), (IMG,), True),
    ("unfold", "stride_pad_dil", lambda F, T, x: F.unfold(x, 2, dilation=2, padding=1, stride=2), (IMG2,), False),
    ("fold", "k2", lambda F, T, x: F.fold(x, (4, 5), 2), (F32(1, 8, 12),), True),
    ("fold", "stride", lambda F, T, x: F.fold(x, (4, 4), 2, stride=2), (F32(2, 4, 4),), False),
    ("grid_sample", "bilinear", lambda F, T, x, g: F.grid_sample(x, g, align_corners=False),
     (IMG, F32(1, 3, 3, 2, low=-1, high=1)), True),
    ("grid_sample", "nearest_border", lambda F, T, x, g: F.grid_sample(x, g, mode="nearest", padding_mode="border",
                                                                       align_corners=True),
     (IMG, F32(1, 2, 4, 2, low=-1.2, high=1.2)), False),
    ("layer_norm", "last", lambda F, T, x: F.layer_norm(x, (4,)), (X4,), False),
    ("layer_norm", "affine", lambda F, T, x, w, b: F.layer_norm(x, (3, 4), w, b, 1e-3), (X4, F32(3, 4), F32(3, 4)),
     True),
    ("group_norm", "basic", lambda F, T, x: F.group_norm(x, 2), (F32(2, 4, 3),), True),
    ("group_norm", "affine", lambda F, T, x, w, b: F.group_norm(x, 1, w, b), (IMG2, F32(3), F32(3)), True),
    ("batch_norm", "eval", lambda F, T, x, m, v: F.batch_norm(x, m, v), (IMG2, F32(3), F32(3, low=0.5, high=2)),
     True),
    ("batch_norm", "affine_eval", lambda F, T, x, m, v, w, b: F.batch_norm(x, m, v, w, b, eps=1e-3),
     (F32(4, 3), F32(3), F32(3, low=0.5, high=2), F32(3), F32(3)), False),
    ("mse_loss", "mean", lambda F, T, a, b: F.mse_loss(a, b), (X4, F32(2, 3, 4)), True),
    ("mse_loss", "sum", lambda F, T, a, b: F.mse_loss(a, b, reduction="sum"), (X, F32(2, 3)), False),
    ("mse_loss", "none", lambda F, T, a, b: F.mse_loss(a, b, reduction="none"), (X, F32(2, 3)), False),
    ("binary_cross_entropy", "mean", lambda F, T, p, y: F.binary_cross_entropy(p, y), (PROB, LBL), True),
    ("binary_cross_entropy_with_logits", "none", lambda F, T, x, y: F.binary_cross_entropy_with_logits(
        x, y, reduction="none"), (X, LBL), True),
    ("binary_cross_entropy_with_logits", "pos_weight", lambda F, T, x, y, p: F.binary_cross_entropy_with_logits(
        x, y, pos_weight=p), (X, LBL, F32(3, low=0.5, high=2)), False),
    ("cross_entropy", "indices", lambda F, T, x, t: F.cross_entropy(x, t), (LOGITS, TARGET), True),
    ("cross_entropy", "smoothing_sum", lambda F, T, x, t: F.cross_entropy(x, t, reduction="sum", label_smoothing=0.1),
     (LOGITS, TARGET), False),
    ("cross_entropy", "probs", lambda F, T, x, p: F.cross_entropy(x, p), (LOGITS, F32(4, 5, low=0, high=1)), False),
    ("cross_entropy", "ignore_index", lambda F, T, x, t: F.cross_entropy(x, t, ignore_index=0), (LOGITS, TARGET),
     False),
    ("nll_loss", "mean", lambda F, T, x, t: F.nll_loss(x, t), (LOGITS, TARGET), True),
    ("nll_loss", "weight_none", lambda F, T, x, t, w: F.nll_loss(x, t, w, reduction="none"),
     (LOGITS, TARGET, F32(5, low=0.5, high=1.5)), False),
    ("nll_loss", "ignore_index", lambda F, T, x, t: F.nll_loss(x, t, ignore_index=4), (LOGITS, TARGET), False),
    ("soft_margin_loss", "mean", lambda F, T, x, y: F.soft_margin_loss(x, y), (X, np.sign(F32(2, 3, seed=9))), True),
    ("soft_margin_loss", "none", lambda F, T, x, y: F.soft_margin_loss(x, y, reduction="none"),
     (X, np.sign(F32(2, 3, seed=9))), False),
    ("kl_div", "batchmean", lambda F, T, x, y: F.kl_div(x, y, reduction="batchmean"),
     (np.log(PROB), LBL), True),
    ("kl_div", "log_target_sum", lambda F, T, x, y: F.kl_div(x, y, reduction="sum", log_target=True),
     (np.log(PROB), np.log(LBL + 0.1)), False),
    ("cosine_embedding_loss", "mean", lambda F, T, a, b, y: F.cosine_embedding_loss(a, b, y),
     (F32(3, 4), F32(3, 4, seed=2), np.array([1.0, -1.0, 1.0], np.float32)), True),
    ("cosine_embedding_loss", "margin_none", lambda F, T, a, b, y: F.cosine_embedding_loss(a, b, y, margin=0.2,
                                                                                           reduction="none"),
     (F32(3, 4), F32(3, 4, seed=2), np.array([-1.0, -1.0, 1.0], np.float32)), False),
]
# in-place forms: the result and the input after the call
INPLACE = [
    ("relu_", lambda F, T, x: (F.relu_(x), x)),
    ("elu_", lambda F, T, x: (F.elu_(x, 0.5), x)),
    ("hardtanh_", lambda F, T, x: (F.hardtanh_(x, -0.5, 0.5), x)),
    ("threshold_", lambda F, T, x: (F.threshold_(x, 0.1, 20.0), x)),
    ("sigmoid_", lambda F, T, x: (getattr(F, "sigmoid_", None) or T.sigmoid_)(x) * 1),
]

CASES = []
# gradients of convolutions sum ~100 float32 products: XLA and PyTorch's CPU kernels order them differently
TOL = {"conv3d": 1e-4, "conv_transpose2d": 1e-4, "conv2d": 1e-4, "conv1d": 1e-4}


def _add(name, tag, f, inputs, **kw):
    ms_fn = (lambda ms, *a, _g=f: _g(_f(ms), _t(ms), *a))
    t_fn = (lambda torch, *a, _g=f: _g(_f(torch), _t(torch), *a))
    via = TORCH.get((name, tag), TORCH.get((name, "*")))
    tol = TOL.get(name) if tag.endswith("grad") else None
    kw.update({"rtol": tol, "atol": tol} if tol else {})
    CASES.append(case(f"mint.F.{name}/cov_{tag}", ms_fn, *inputs, **({"torch_ref": t_fn} if via else {}), **kw))


# which cases PyTorch checks: (name, tag), or (name, "*") for every case of a name whose mint kernel
# MindSpore's CPU lacks (found on the oracle: "unregistered", "Not implement", ...)
TORCH = dict.fromkeys([
    ("relu6", "*"), ("gelu", "*"), ("elu", "*"), ("leaky_relu", "*"), ("hardtanh", "*"), ("threshold", "*"),
    ("logsigmoid", "*"), ("log_softmax", "*"), ("normalize", "*"), ("dropout2d", "*"), ("embedding", "*"),
    ("one_hot", "*"), ("pad", "constant"), ("pad", "constant_grad"), ("pad", "constant_value"), ("pad", "reflect"),
    ("pad", "reflect_grad"), ("pad", "replicate"), ("pad", "replicate_grad"), ("conv1d", "*"), ("conv2d", "*"),
    ("conv3d", "*"), ("conv_transpose2d", "*"), ("max_pool2d", "*"), ("avg_pool1d", "*"), ("avg_pool2d", "*"),
    ("avg_pool3d", "*"), ("adaptive_avg_pool1d", "*"), ("adaptive_avg_pool2d", "*"), ("adaptive_avg_pool3d", "*"),
    ("adaptive_max_pool1d", "*"), ("max_unpool2d", "*"), ("interpolate", "bilinear_size"),
    ("interpolate", "bilinear_size_grad"), ("interpolate", "bilinear_corners"), ("interpolate", "linear_1d"),
    ("interpolate", "bicubic"), ("upsample", "bilinear"), ("unfold", "*"), ("fold", "*"), ("layer_norm", "*"),
    ("batch_norm", "*"), ("mse_loss", "*"), ("cross_entropy", "*"), ("soft_margin_loss", "*"), ("kl_div", "*"),
    ("cosine_embedding_loss", "*"), ("relu_", "*"), ("elu_", "*"), ("hardtanh_", "*"), ("threshold_", "*"),
    ("sigmoid_", "*")], True)

for _n, _tag, _fn, _in, _grad in SPECS:
    _add(_n, _tag, _fn, _in)
    if _grad:
        _g = (lambda F, T, x, *rest, _h=_fn: _grad_of(F, T, _h, x, *rest))
        _add(_n, f"{_tag}_grad", _g, _in)
for _n, _fn in INPLACE:
    _add(_n, "inplace", _fn, (X4,))


def _grad_of(F, T, f, x, *rest):
    """Gradient of ``sum(f(x, *rest) ** 2)`` with respect to ``x`` (MindSpore or torch)."""
    first = (lambda u: f(F, T, u, *rest))
    if T.__name__ == "torch":
        return torch_grad(lambda u: (_first(first(u)) ** 2).sum())(x)
    ms = __import__(T.__name__.split(".")[0])
    return ms.grad(lambda u: (_first(first(u)) ** 2).sum())(x)


def _first(y):
    return y[0] if isinstance(y, tuple) else y

# bad input: (name, tag, f(F, T, *inputs), inputs, class MindSpore documents where its CPU run stops at the
# missing kernel before checking; None where MindSpore checks it first)
BAD = [
    ("relu", "not_tensor", lambda F, T: F.relu([1.0, -1.0]), (), None),
    ("sigmoid", "not_tensor", lambda F, T: F.sigmoid(1.0), (), None),
    ("tanh", "not_tensor", lambda F, T: F.tanh([0.5]), (), None),
    ("silu", "not_tensor", lambda F, T: F.silu((1.0,)), (), None),
    ("softmax", "bad_dim", lambda F, T, x: F.softmax(x, 2), (X,), None),
    ("log_softmax", "bad_dim", lambda F, T, x: F.log_softmax(x, 3), (X,), "ValueError"),
    ("linear", "bad_weight", lambda F, T, x, w: F.linear(x, w), (X, F32(4, 2)), None),
    ("linear", "bad_bias", lambda F, T, x, w, b: F.linear(x, w, b), (X, F32(4, 3), F32(3)), None),
    ("glu", "odd_dim", lambda F, T, x: F.glu(x), (X,), None),
    ("pixel_shuffle", "bad_channels", lambda F, T, x: F.pixel_shuffle(x, 2), (F32(1, 6, 2, 2),), None),
    ("one_hot", "float_index", lambda F, T, x: F.one_hot(x, 3), (F32(3),), "TypeError"),
    ("embedding", "float_index", lambda F, T, i, w: F.embedding(i, w), (F32(2), F32(4, 3)), "TypeError"),
    ("conv2d", "bad_channels", lambda F, T, x, w: F.conv2d(x, w), (F32(1, 3, 5, 5), W2), "ValueError"),
    ("conv1d", "bad_rank", lambda F, T, x, w: F.conv1d(x, w), (F32(3, 7, 2, 2), W1), "ValueError"),
    ("max_pool2d", "bad_kernel", lambda F, T, x: F.max_pool2d(x, 0), (IMG,), "ValueError"),
    ("avg_pool2d", "bad_kernel", lambda F, T, x: F.avg_pool2d(x, 0), (IMG,), "ValueError"),
    ("layer_norm", "bad_shape", lambda F, T, x: F.layer_norm(x, (5,)), (X4,), "ValueError"),
    ("group_norm", "bad_groups", lambda F, T, x: F.group_norm(x, 3), (F32(2, 4, 3),), None),
    ("mse_loss", "bad_reduction", lambda F, T, a, b: F.mse_loss(a, b, reduction="avg"), (X, X), "ValueError"),
    ("cross_entropy", "bad_target_shape", lambda F, T, x, t: F.cross_entropy(x, t), (LOGITS, TARGET[:3].copy()),
     "ValueError"),
    ("nll_loss", "bad_target_shape", lambda F, T, x, t: F.nll_loss(x, t), (LOGITS, TARGET[:2].copy()), None),
    ("binary_cross_entropy", "bad_shapes", lambda F, T, p, y: F.binary_cross_entropy(p, y), (PROB, F32(3)), None),
    ("interpolate", "size_and_scale", lambda F, T, x: F.interpolate(x, size=(4, 4), scale_factor=2.0), (IMG,),
     None),
    ("interpolate", "bad_mode", lambda F, T, x: F.interpolate(x, size=(4, 4), mode="cubic"), (IMG,), None),
    ("pad", "bad_odd_pad", lambda F, T, x: F.pad(x, (1, 2, 3)), (X4,), "ValueError"),
    ("grid_sample", "bad_grid", lambda F, T, x, g: F.grid_sample(x, g), (IMG, F32(1, 3, 3, 3)), None),
    ("prelu", "bad_weight", lambda F, T, x, w: F.prelu(x, w), (IMG, F32(3)), None),
    ("dropout", "bad_p", lambda F, T, x: F.dropout(x, 1.5), (X,), None),
    ("normalize", "bad_dim", lambda F, T, x: F.normalize(x, dim=3), (X,), "ValueError"),
    ("unfold", "bad_rank", lambda F, T, x: F.unfold(x, 2), (X,), "ValueError"),
]
for _n, _tag, _fn, _in, _cls in BAD:
    _ms_fn = (lambda ms, *a, _g=_fn: _g(_f(ms), _t(ms), *a))
    _kw = {"ms_error": _cls, "torch_ref": (lambda torch, *a, _g=_fn: _g(_f(torch), _t(torch), *a))} if _cls else {}
    CASES.append(case(f"mint.F.{_n}/cov_bad_{_tag}", _ms_fn, *_in, error=True, **_kw))

# mint-level normalization/convolution helpers and addr_ (no CPU kernel in MindSpore 2.10: PyTorch's
# twins of the same names are the oracle)
_BN_X = F32(4, 3, 2, seed=104)
_MEANS = F32(2, 3, seed=105)
_INVSTD = F32(2, 3, low=0.5, high=2.0, seed=106)
_COUNTS = np.array([3.0, 5.0], np.float32)


def _addr_(m, x, a, b, **kw):
    """``addr_`` on MindSpore's mint, or torch's ``Tensor.addr_``; the result and the updated input."""
    out = m.mint.addr_(x, a, b, **kw) if hasattr(m, "mint") else m.Tensor.addr_(x, a, b, **kw)
    return out, x


MINT_NN = [
    ("batch_norm_elemt", "affine", lambda m, x, w, b, mu, s: m.batch_norm_elemt(x, w, b, mu, s, 1e-5),
     (_BN_X, F32(3), F32(3, seed=2), F32(3, seed=3), F32(3, low=0.5, high=2.0))),
    ("batch_norm_elemt", "no_affine", lambda m, x, mu, s: m.batch_norm_elemt(x, None, None, mu, s, 1e-5),
     (F32(2, 3), F32(3, seed=3), F32(3, low=0.5, high=2.0))),
    ("batch_norm_gather_stats_with_counts", "running",
     lambda m, x, mu, s, rm, rv: (m.batch_norm_gather_stats_with_counts(x, mu, s, rm, rv, 0.1, 1e-5,
                                                                       _counts(m)), rm, rv),
     (_BN_X, _MEANS, _INVSTD, F32(3), F32(3, low=0.5, high=1.5))),
    ("batch_norm_gather_stats_with_counts", "no_running",
     lambda m, x, mu, s: m.batch_norm_gather_stats_with_counts(x, mu, s, None, None, 0.1, 1e-5, _counts(m)),
     (_BN_X, _MEANS, _INVSTD)),
    ("conv_tbc", "pad0", lambda m, x, w, b: m.conv_tbc(x, w, b), (F32(5, 2, 3), F32(3, 3, 4), F32(4))),
    ("conv_tbc", "pad1", lambda m, x, w, b: m.conv_tbc(x, w, b, 1), (F32(5, 2, 3), F32(2, 3, 4), F32(4))),
    ("addr_", "default", lambda m, x, a, b: _addr_(m, x, a, b), (F32(2, 3), F32(2, seed=2), F32(3, seed=3))),
    ("addr_", "beta_alpha", lambda m, x, a, b: _addr_(m, x, a, b, beta=0.5, alpha=2),
     (F32(2, 3), F32(2, seed=2), F32(3, seed=3))),
]


def _counts(m):
    return m.Tensor(_COUNTS) if not hasattr(m, "from_numpy") else m.from_numpy(_COUNTS.copy())




def _np_elemt(x, w, b, mu, s):
    shape = (1, -1) + (1,) * (x.ndim - 2)
    out = (x - mu.reshape(shape)) * s.reshape(shape)
    return out if w is None else out * w.reshape(shape) + b.reshape(shape)


def _np_gather(x, mu, s, rm, rv, momentum=0.1, eps=1e-5):
    c = _COUNTS.astype(np.float64)[:, None]
    n = c.sum()
    mean = (c * mu).sum(0) / n
    var = (c * (1.0 / s.astype(np.float64) ** 2 - eps + mu.astype(np.float64) ** 2)).sum(0) / n - mean ** 2
    stats = (mean.astype(np.float32), (1 / np.sqrt(var + eps)).astype(np.float32))
    if rm is None:
        return stats
    return (stats, ((1 - momentum) * rm + momentum * mean).astype(np.float32),
            ((1 - momentum) * rv + momentum * var * n / (n - 1)).astype(np.float32))


# PyTorch's CPU build lacks batch_norm_elemt and batch_norm_gather_stats_with_counts too (CUDA only): the
# reference is their documented math in numpy
NP_REFS = {
    ("batch_norm_elemt", "affine"): lambda x, w, b, mu, s: _np_elemt(x, w, b, mu, s),
    ("batch_norm_elemt", "no_affine"): lambda x, mu, s: _np_elemt(x, None, None, mu, s),
    ("batch_norm_gather_stats_with_counts", "running"): _np_gather,
    ("batch_norm_gather_stats_with_counts", "no_running"): lambda x, mu, s: _np_gather(x, mu, s, None, None),
}


def _np_case_ref(f):
    def ref(ms, *args):
        out = f(*[a.asnumpy() for a in args])

        def wrap(o):
            return tuple(wrap(v) for v in o) if isinstance(o, tuple) else ms.Tensor(np.asarray(o, np.float32))
        return wrap(out)
    return ref


for _n, _tag, _fn, _in in MINT_NN:
    _ms_fn = ((lambda ms, *a, _g=_fn: _g(ms, *a)) if _n == "addr_"
              else (lambda ms, *a, _g=_fn: _g(_MintNs(ms), *a)))
    _np = NP_REFS.get((_n, _tag))
    _kw = {"ms_ref": _np_case_ref(_np)} if _np else {"torch_ref": lambda torch, *a, _g=_fn: _g(torch, *a)}
    CASES.append(case(f"mint.{_n}/cov_{_tag}", _ms_fn, *_in, **_kw))


class _MintNs:
    """``ms.mint`` with ``Tensor`` (for the counts tensor built inside a case)."""

    def __init__(self, ms):
        self._ms = ms

    def __getattr__(self, n):
        return self._ms.Tensor if n == "Tensor" else getattr(self._ms.mint, n)

CASES = default_run(CASES)
