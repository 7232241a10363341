"""mindspore.mint.nn.functional. Oracle: real MindSpore 2.10 CPU where it runs the mint op;
``ms_ref`` (the documented PyTorch-aligned math written with MindSpore ops its CPU runs) where the
kernel is unregistered there (``DropoutExt``, ``GeluExt``, ``LeakyReLUExt``, ``LogSoftmaxExt``,
``ConstantPadND``, ``OneHotExt``, ``LinalgVectorNorm``, ``Conv2DExt``, ``LayerNormExt``,
``MSELossExt``, ``Embedding``)."""
import numpy as np

from parity_tests.harness import case, both_modes, Raw, F32, I32, I64, BOOL

LABELS = np.array([0, 2, 1], np.int64)
IMG = F32(1, 2, 5, 5)
W = F32(3, 2, 3, 3, seed=11)


def _ref_log_softmax(ms, x, dim):
    return x - ms.ops.logsumexp(x, dim, True)


def _ref_ce(ms, x, t):
    lp = _ref_log_softmax(ms, x, 1)
    oh = ms.ops.OneHot()(t.astype(ms.int32), x.shape[1], ms.Tensor(1.0), ms.Tensor(0.0))
    return -(lp * oh).sum(axis=1).mean()


def _ref_layer_norm(ms, x, w, b, eps=1e-5):
    m = x.mean(axis=-1, keep_dims=True)
    v = ((x - m) ** 2).mean(axis=-1, keep_dims=True)
    return (x - m) / ms.ops.sqrt(v + eps) * w + b


CASES = [
    case("mint.F.softmax/dim", lambda ms, x: ms.mint.nn.functional.softmax(x, dim=1), F32(2, 3)),
    case("mint.F.softmax/default_last", lambda ms, x: ms.mint.nn.functional.softmax(x), F32(2, 3)),
    case("mint.F.silu/f32", lambda ms, x: ms.mint.nn.functional.silu(x), F32(2, 3)),
    case("mint.F.silu/grad", lambda ms, x: ms.grad(lambda u: ms.mint.nn.functional.silu(u).sum())(x), F32(2, 3)),
    case("mint.F.relu/f32", lambda ms, x: ms.mint.nn.functional.relu(x), F32(2, 3)),
    case("mint.F.softplus/f32", lambda ms, x: ms.mint.nn.functional.softplus(x), F32(2, 3)),
    case("mint.F.sigmoid/f32", lambda ms, x: ms.mint.nn.functional.sigmoid(x), F32(2, 3)),
    case("mint.F.linear/bias", lambda ms, x, w, b: ms.mint.nn.functional.linear(x, w, b), F32(2, 3), F32(4, 3),
         F32(4)),
    case("mint.F.linear/no_bias", lambda ms, x, w: ms.mint.nn.functional.linear(x, w), F32(2, 3), F32(4, 3)),
    case("mint.F.linear/grad", lambda ms, x, w: ms.grad(lambda u, v: ms.mint.nn.functional.linear(u, v).sum(),
                                                        (0, 1))(x, w), F32(2, 3), F32(4, 3)),
    case("mint.F.group_norm/basic", lambda ms, x: ms.mint.nn.functional.group_norm(x, 2), F32(2, 4, 3)),
    case("mint.F.bce_with_logits/mean", lambda ms, x, t: ms.mint.nn.functional.binary_cross_entropy_with_logits(x, t),
         F32(2, 3), F32(2, 3, low=0.0, high=1.0)),
    case("mint.F.bce_with_logits/none", lambda ms, x, t: ms.mint.nn.functional.binary_cross_entropy_with_logits(
        x, t, reduction="none"), F32(2, 3), F32(2, 3, low=0.0, high=1.0)),
    case("mint.F.interpolate/nearest_scale", lambda ms, x: ms.mint.nn.functional.interpolate(x, scale_factor=2.0),
         F32(1, 2, 3, 3)),
    case("mint.F.interpolate/nearest_size", lambda ms, x: ms.mint.nn.functional.interpolate(x, size=(6, 4)),
         F32(1, 2, 3, 2)),
    case("mint.F.dropout/eval", lambda ms, x: ms.mint.nn.functional.dropout(x, 0.5, training=False), F32(2, 3)),
    case("mint.F.dropout/p0", lambda ms, x: ms.mint.nn.functional.dropout(x, 0.0), F32(2, 3),
         ms_ref=lambda ms, x: x),
    case("mint.F.dropout/p1", lambda ms, x: ms.mint.nn.functional.dropout(x, 1.0), F32(2, 3),
         ms_ref=lambda ms, x: x * 0),
    case("mint.F.gelu/none", lambda ms, x: ms.mint.nn.functional.gelu(x), F32(2, 3),
         ms_ref=lambda ms, x: ms.ops.gelu(x)),
    case("mint.F.gelu/tanh", lambda ms, x: ms.mint.nn.functional.gelu(x, approximate="tanh"), F32(2, 3),
         ms_ref=lambda ms, x: ms.ops.gelu(x, approximate="tanh")),
    case("mint.F.leaky_relu/default", lambda ms, x: ms.mint.nn.functional.leaky_relu(x), F32(2, 3),
         ms_ref=lambda ms, x: ms.ops.where(x >= 0, x, x * 0.01)),
    case("mint.F.leaky_relu/slope", lambda ms, x: ms.mint.nn.functional.leaky_relu(x, 0.2), F32(2, 3),
         ms_ref=lambda ms, x: ms.ops.where(x >= 0, x, x * 0.2)),
    case("mint.F.log_softmax/dim", lambda ms, x: ms.mint.nn.functional.log_softmax(x, dim=1), F32(2, 3),
         ms_ref=lambda ms, x: _ref_log_softmax(ms, x, 1)),
    case("mint.F.cross_entropy/indices", lambda ms, x, t: ms.mint.nn.functional.cross_entropy(x, t), F32(3, 4), LABELS,
         ms_ref=_ref_ce),
    case("mint.F.pad/constant", lambda ms, x: ms.mint.nn.functional.pad(x, (1, 2)), F32(2, 3),
         ms_ref=lambda ms, x: ms.ops.concat([ms.ops.zeros((2, 1), ms.float32), x, ms.ops.zeros((2, 2), ms.float32)], 1)),
    case("mint.F.pad/value", lambda ms, x: ms.mint.nn.functional.pad(x, (0, 0, 1, 0), value=2.0), F32(2, 3),
         ms_ref=lambda ms, x: ms.ops.concat([ms.ops.ones((1, 3), ms.float32) * 2, x], 0)),
    case("mint.F.one_hot/auto", lambda ms, t: ms.mint.nn.functional.one_hot(t), LABELS,
         ms_ref=lambda ms, t: ms.Tensor(np.eye(3, dtype=np.int64)[[0, 2, 1]])),
    case("mint.F.one_hot/classes", lambda ms, t: ms.mint.nn.functional.one_hot(t, 5), LABELS,
         ms_ref=lambda ms, t: ms.Tensor(np.eye(5, dtype=np.int64)[[0, 2, 1]])),
    case("mint.F.normalize/dim1", lambda ms, x: ms.mint.nn.functional.normalize(x), F32(2, 3),
         ms_ref=lambda ms, x: x / ms.ops.sqrt((x * x).sum(axis=1, keepdims=True))),
    case("mint.F.conv2d/basic", lambda ms, x, w: ms.mint.nn.functional.conv2d(x, w), IMG, W,
         ms_ref=lambda ms, x, w: ms.ops.conv2d(x, w)),
    case("mint.F.conv2d/pad_stride", lambda ms, x, w: ms.mint.nn.functional.conv2d(x, w, None, 2, 1), IMG, W,
         ms_ref=lambda ms, x, w: ms.ops.conv2d(x, w, None, 2, "pad", 1)),
    case("mint.F.layer_norm/affine", lambda ms, x, w, b: ms.mint.nn.functional.layer_norm(x, (3,), w, b),
         F32(2, 3), F32(3), F32(3, seed=2), ms_ref=_ref_layer_norm),
    case("mint.F.mse_loss/mean", lambda ms, x, y: ms.mint.nn.functional.mse_loss(x, y), F32(2, 3), F32(2, 3, seed=3),
         ms_ref=lambda ms, x, y: ((x - y) ** 2).mean()),
    case("mint.F.embedding/rows", lambda ms, i, w: ms.mint.nn.functional.embedding(i, w), LABELS, F32(4, 2),
         ms_ref=lambda ms, i, w: ms.ops.gather(w, i, 0)),
    case("mint.F.dropout/bad_p", lambda ms, x: ms.mint.nn.functional.dropout(x, 1.5), F32(2, 3), error=True),
]
CASES += both_modes("mint.F.softmax/modes", lambda ms, x: ms.mint.nn.functional.softmax(x, dim=-1), F32(2, 3))
CASES += both_modes("mint.F.silu/modes", lambda ms, x: ms.mint.nn.functional.silu(x), F32(2, 3))
