"""mindspore.mint.nn.functional. Oracle: real MindSpore 2.10 CPU where it runs the mint op;
PyTorch (``torch_ref``, to which mint is documented as aligned) where the kernel is unregistered
there (``DropoutExt``, ``GeluExt``, ``LeakyReLUExt``, ``LogSoftmaxExt``,
``ConstantPadND``, ``OneHotExt``, ``LinalgVectorNorm``, ``Conv2DExt``, ``LayerNormExt``,
``MSELossExt``, ``Embedding``)."""
import numpy as np

from parity_tests.harness import case, both_modes, F32

LABELS = np.array([0, 2, 1], np.int64)
IMG = F32(1, 2, 5, 5)
W = F32(3, 2, 3, 3, seed=11)


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
    case("mint.F.dropout/p0", lambda ms, x: ms.mint.nn.functional.dropout(x, 0.0), F32(2, 3)),
    case("mint.F.dropout/p1", lambda ms, x: ms.mint.nn.functional.dropout(x, 1.0), F32(2, 3)),
    case("mint.F.gelu/none", lambda ms, x: ms.mint.nn.functional.gelu(x), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.functional.gelu(x)),
    case("mint.F.gelu/tanh", lambda ms, x: ms.mint.nn.functional.gelu(x, approximate="tanh"), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.functional.gelu(x, approximate="tanh")),
    case("mint.F.leaky_relu/default", lambda ms, x: ms.mint.nn.functional.leaky_relu(x), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.functional.leaky_relu(x)),
    case("mint.F.leaky_relu/slope", lambda ms, x: ms.mint.nn.functional.leaky_relu(x, 0.2), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.functional.leaky_relu(x, 0.2)),
    case("mint.F.log_softmax/dim", lambda ms, x: ms.mint.nn.functional.log_softmax(x, dim=1), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.functional.log_softmax(x, dim=1)),
    case("mint.F.cross_entropy/indices", lambda ms, x, t: ms.mint.nn.functional.cross_entropy(x, t), F32(3, 4), LABELS,
         torch_ref=lambda torch, x, t: torch.nn.functional.cross_entropy(x, t)),
    case("mint.F.pad/constant", lambda ms, x: ms.mint.nn.functional.pad(x, (1, 2)), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.functional.pad(x, (1, 2))),
    case("mint.F.pad/value", lambda ms, x: ms.mint.nn.functional.pad(x, (0, 0, 1, 0), value=2.0), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.functional.pad(x, (0, 0, 1, 0), value=2.0)),
    case("mint.F.one_hot/auto", lambda ms, t: ms.mint.nn.functional.one_hot(t), LABELS,
         torch_ref=lambda torch, t: torch.nn.functional.one_hot(t)),
    case("mint.F.one_hot/classes", lambda ms, t: ms.mint.nn.functional.one_hot(t, 5), LABELS,
         torch_ref=lambda torch, t: torch.nn.functional.one_hot(t, 5)),
    case("mint.F.normalize/dim1", lambda ms, x: ms.mint.nn.functional.normalize(x), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.functional.normalize(x)),
    case("mint.F.conv2d/basic", lambda ms, x, w: ms.mint.nn.functional.conv2d(x, w), IMG, W,
         torch_ref=lambda torch, x, w: torch.nn.functional.conv2d(x, w)),
    case("mint.F.conv2d/pad_stride", lambda ms, x, w: ms.mint.nn.functional.conv2d(x, w, None, 2, 1), IMG, W,
         torch_ref=lambda torch, x, w: torch.nn.functional.conv2d(x, w, None, 2, 1)),
    case("mint.F.layer_norm/affine", lambda ms, x, w, b: ms.mint.nn.functional.layer_norm(x, (3,), w, b),
         F32(2, 3), F32(3), F32(3, seed=2),
         torch_ref=lambda torch, x, w, b: torch.nn.functional.layer_norm(x, (3,), w, b)),
    case("mint.F.mse_loss/mean", lambda ms, x, y: ms.mint.nn.functional.mse_loss(x, y), F32(2, 3), F32(2, 3, seed=3),
         torch_ref=lambda torch, x, y: torch.nn.functional.mse_loss(x, y)),
    case("mint.F.embedding/rows", lambda ms, i, w: ms.mint.nn.functional.embedding(i, w), LABELS, F32(4, 2),
         torch_ref=lambda torch, i, w: torch.nn.functional.embedding(i, w)),
    case("mint.F.dropout/bad_p", lambda ms, x: ms.mint.nn.functional.dropout(x, 1.5), F32(2, 3), error=True),
]
CASES += both_modes("mint.F.softmax/modes", lambda ms, x: ms.mint.nn.functional.softmax(x, dim=-1), F32(2, 3))
CASES += both_modes("mint.F.silu/modes", lambda ms, x: ms.mint.nn.functional.silu(x), F32(2, 3))

CASES += [
    case("mint.F.relu_/inplace", lambda ms, x: (ms.mint.nn.functional.relu_(x), x)[1], F32(2, 3),
         torch_ref=lambda torch, x: (torch.nn.functional.relu_(x), x)[1]),
    case("mint.F.dropout2d/eval", lambda ms, x: ms.mint.nn.functional.dropout2d(x, 0.5, training=False), F32(1, 2, 3, 3),
         torch_ref=lambda torch, x: torch.nn.functional.dropout2d(x, 0.5, training=False)),
    case("mint.F.soft_margin_loss/mean", lambda ms, x, y: ms.mint.nn.functional.soft_margin_loss(x, y), F32(2, 3),
         np.sign(F32(2, 3, seed=5)).astype(np.float32),
         torch_ref=lambda torch, x, y: torch.nn.functional.soft_margin_loss(x, y)),
    case("mint.F.cosine_embedding_loss/mean", lambda ms, a, b, t: ms.mint.nn.functional.cosine_embedding_loss(a, b, t),
         F32(3, 4), F32(3, 4, seed=2), np.array([1, -1, 1], np.float32),
         torch_ref=lambda torch, a, b, t: torch.nn.functional.cosine_embedding_loss(a, b, t)),
    case("mint.F.avg_pool3d/k2", lambda ms, x: ms.mint.nn.functional.avg_pool3d(x, 2), F32(1, 1, 4, 4, 4),
         torch_ref=lambda torch, x: torch.nn.functional.avg_pool3d(x, 2)),
    case("mint.F.elu/alpha", lambda ms, x: ms.mint.nn.functional.elu(x, 0.5), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.functional.elu(x, 0.5)),
    case("mint.F.hardtanh/range", lambda ms, x: ms.mint.nn.functional.hardtanh(x, -0.5, 0.5), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.functional.hardtanh(x, -0.5, 0.5)),
    case("mint.F.glu/dim", lambda ms, x: ms.mint.nn.functional.glu(x, -1), F32(2, 4)),
    case("mint.F.mish/f32", lambda ms, x: ms.mint.nn.functional.mish(x), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.functional.mish(x)),
    case("mint.F.smooth_l1/mean", lambda ms, x, y: ms.mint.nn.functional.smooth_l1_loss(x, y), F32(2, 3),
         F32(2, 3, seed=3)),
    case("mint.F.nll_loss/mean", lambda ms, x, t: ms.mint.nn.functional.nll_loss(x, t), F32(3, 4), LABELS),
    case("mint.F.kl_div/batchmean", lambda ms, x, t: ms.mint.nn.functional.kl_div(x, t, "batchmean"),
         F32(2, 3, low=-3.0, high=-0.1), F32(2, 3, low=0.1, high=1.0),
         torch_ref=lambda torch, x, t: torch.nn.functional.kl_div(x, t, reduction="batchmean")),
]

GRID = F32(2, 3, 4, 2, low=-1.2, high=1.2)
CASES += [
    case("mint.F.grid_sample/bilinear", lambda ms, x, g: ms.mint.nn.functional.grid_sample(x, g), F32(2, 3, 5, 4), GRID),
    case("mint.F.grid_sample/align", lambda ms, x, g: ms.mint.nn.functional.grid_sample(x, g, align_corners=True),
         F32(2, 3, 5, 4), GRID),
    case("mint.F.grid_sample/nearest_border", lambda ms, x, g: ms.mint.nn.functional.grid_sample(
        x, g, mode="nearest", padding_mode="border"), F32(2, 3, 5, 4), GRID),
    case("mint.F.grid_sample/reflection", lambda ms, x, g: ms.mint.nn.functional.grid_sample(
        x, g, padding_mode="reflection"), F32(2, 3, 5, 4), GRID),
    case("mint.F.grid_sample/reflection_align", lambda ms, x, g: ms.mint.nn.functional.grid_sample(
        x, g, padding_mode="reflection", align_corners=True), F32(2, 3, 5, 4), GRID),
    case("mint.F.grid_sample/grad_input", lambda ms, x, g: ms.grad(
        lambda u: ms.mint.nn.functional.grid_sample(u, g).sum())(x), F32(2, 3, 5, 4), GRID),
    case("mint.F.grid_sample/bad_mode", lambda ms, x, g: ms.mint.nn.functional.grid_sample(x, g, mode="area"),
         F32(2, 3, 5, 4), GRID, error=True),
]
