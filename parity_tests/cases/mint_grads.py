"""Gradients of the differentiable mindspore.mint names no other table differentiated
(``tools/mint_coverage.py``): ``ms.grad`` of a ramp-weighted sum of the result (so that a wrong
gradient cannot hide behind equal weights), with respect to every float input.

Oracles: real MindSpore 2.10 CPU where its build runs the op and its gradient (``MS_RUNS``); where
it lacks the kernel, PyTorch (``torch_grad`` of the same weighted sum, the same call on ``torch``)."""
import numpy as np

from parity_tests.harness import case, F32
from parity_tests.torch_oracle import torch_grad, torch_set

# names whose forward and backward MindSpore 2.10's CPU build runs (checked on the oracle)
MS_RUNS = {"chunk", "concat", "diff", "masked_select", "meshgrid", "nn.AdaptiveMaxPool2d", "nn.BCELoss", "nn.Flatten",
           "nn.Identity", "nn.NLLLoss", "nn.PixelShuffle", "nn.SmoothL1Loss", "nn.Upsample", "scatter", "squeeze",
           "swapaxes", "where", "index_add", "nn.UpsamplingNearest2d"}


def _resolve(m, name):
    """``mint.<name>`` of MindSpore/mscompat, or the same name on ``torch``."""
    obj = m.mint if hasattr(m, "mint") else m
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def _wsum(m, y):
    """The sum of ``y`` (a tensor or a sequence of them) weighted by a fixed ramp."""
    if isinstance(y, (tuple, list)):
        return sum(_wsum(m, t) for t in y)
    shape = tuple(y.shape)
    w = np.linspace(0.5, 1.5, int(np.prod(shape, dtype=np.int64))).reshape(shape).astype(np.float32)
    w = m.Tensor(w) if hasattr(m, "mint") else m.tensor(w)
    return (y * w).sum()


def gcase(name, body, *inputs, pos=0, tag="grad", **kw):
    """``ms.grad`` of the weighted sum of ``body(m, *inputs)`` at ``pos``, ``body`` written once
    for both frameworks (``_resolve(m, name)`` is ``mint.<name>`` or ``torch.<name>``)."""
    def fn(ms, *a):
        return ms.grad(lambda *t: _wsum(ms, body(ms, *t)), pos)(*a)

    def ref(torch, *a):
        return torch_grad(lambda *t: _wsum(torch, body(torch, *t)), pos)(*a)
    oracle = {} if name in MS_RUNS else {"torch_ref": ref}
    return case(f"mint.{name}/gradcov_{tag}", fn, *inputs, **oracle, **kw)


def _call(name, *args, **kwargs):
    """A body calling ``<name>(*inputs, *args, **kwargs)``."""
    return lambda m, *t: _resolve(m, name)(*t, *args, **kwargs)


def _layer(name, *args, **kwargs):
    """A body building the layer ``nn.<name>(*args, **kwargs)`` and applying it to the inputs."""
    return lambda m, *t: _resolve(m, name)(*args, **kwargs)(*t)


def _conv3d(m, x, w, b):
    if hasattr(m, "mint"):
        net = m.mint.nn.Conv3d(2, 3, 2)
        net.weight.set_data(w)
        net.bias.set_data(b)
        return net(x)
    return torch_set(m.nn.Conv3d(2, 3, 2), weight=w, bias=b)(x)


UNIT = dict(low=0.1, high=0.9)
IDX = np.array([[0, 2, 1], [1, 0, 2]], np.int64)
POOL_IDX = np.array([[[[5, 2], [13, 15]]]], np.int64)   # one position inside each 2x2 window of a 4x4 plane

CASES = [
    gcase("addbmm", _call("addbmm"), F32(3, 5), F32(2, 3, 4, seed=1), F32(2, 4, 5, seed=2), pos=(0, 1, 2),
          rtol=1e-4, atol=1e-5),
    gcase("addmv", _call("addmv"), F32(3), F32(3, 4, seed=3), F32(4, seed=4), pos=(0, 1, 2)),
    gcase("chunk", _call("chunk", 2, 1), F32(3, 4)),
    gcase("concat", lambda m, a, b: _resolve(m, "concat")((a, b), 1), F32(2, 3), F32(2, 2, seed=5), pos=(0, 1)),
    gcase("cummax", lambda m, x: _resolve(m, "cummax")(x, 1)[0], F32(3, 5)),
    gcase("diag", _call("diag"), F32(3, 3)),
    gcase("diag", _call("diag", 1), F32(4), tag="grad_1d"),
    gcase("diff", _call("diff"), F32(3, 5)),
    gcase("index_add", lambda m, x, i, s: _resolve(m, "index_add")(x, 0, i, s, alpha=2.0),
          F32(4, 3), np.array([0, 2], np.int32), F32(2, 3, seed=6), pos=(0, 2)),
    # MindSpore's IndexAdd takes int32 indices only (TypeError for int64)
    case("mint.index_add/gradcov_bad_int64_index", lambda ms, x, i, s: ms.mint.index_add(x, 0, i, s),
         F32(4, 3), np.array([0, 2], np.int64), F32(2, 3, seed=6), error=True),
    gcase("linalg.norm", _call("linalg.norm"), F32(3, 4)),
    gcase("linalg.qr", _call("linalg.qr"), F32(4, 3, seed=7), rtol=1e-4, atol=1e-5),
    gcase("masked_select", lambda m, x, k: _resolve(m, "masked_select")(x, k), F32(3, 4),
          F32(3, 4, seed=8) > 0),
    gcase("meshgrid", lambda m, a, b: _resolve(m, "meshgrid")(a, b, indexing="ij"), F32(3), F32(2, seed=9),
          pos=(0, 1)),
    gcase("nn.AdaptiveAvgPool1d", _layer("nn.AdaptiveAvgPool1d", 2), F32(2, 3, 7)),
    gcase("nn.AdaptiveAvgPool3d", _layer("nn.AdaptiveAvgPool3d", 2), F32(1, 2, 4, 5, 3)),
    gcase("nn.AdaptiveMaxPool1d", _layer("nn.AdaptiveMaxPool1d", 2), F32(2, 3, 6)),
    gcase("nn.AdaptiveMaxPool2d", _layer("nn.AdaptiveMaxPool2d", 2), F32(1, 2, 4, 4)),
    gcase("nn.AvgPool1d", _layer("nn.AvgPool1d", 2), F32(2, 3, 6)),
    gcase("nn.BCELoss", _layer("nn.BCELoss"), F32(3, 4, **UNIT), F32(3, 4, seed=10, low=0.0, high=1.0)),
    gcase("nn.CosineEmbeddingLoss", lambda m, a, b: _resolve(m, "nn.CosineEmbeddingLoss")(margin=0.1)(
        a, b, (m.Tensor if hasattr(m, "mint") else m.tensor)(np.array([1.0, -1.0, 1.0], np.float32))),
        F32(3, 4), F32(3, 4, seed=11), pos=(0, 1)),
    gcase("nn.Flatten", _layer("nn.Flatten"), F32(2, 3, 4)),
    gcase("nn.Identity", _layer("nn.Identity"), F32(2, 3)),
    gcase("nn.NLLLoss", lambda m, x, t: _resolve(m, "nn.NLLLoss")()(x, t), F32(3, 4),
          np.array([0, 3, 1], np.int64)),
    gcase("nn.PixelShuffle", _layer("nn.PixelShuffle", 2), F32(1, 8, 2, 2)),
    gcase("nn.SmoothL1Loss", _layer("nn.SmoothL1Loss"), F32(3, 4), F32(3, 4, seed=12), pos=(0, 1)),
    gcase("nn.Unfold", _layer("nn.Unfold", kernel_size=2), F32(1, 2, 4, 4)),
    gcase("nn.Fold", _layer("nn.Fold", output_size=(3, 3), kernel_size=2), F32(1, 8, 4)),
    gcase("nn.Upsample", _layer("nn.Upsample", scale_factor=2.0, mode="nearest"), F32(1, 2, 3, 3)),
    gcase("nn.UpsamplingBilinear2d", _layer("nn.UpsamplingBilinear2d", scale_factor=(2.0, 2.0)), F32(1, 2, 3, 3)),
    gcase("nn.UpsamplingNearest2d", _layer("nn.UpsamplingNearest2d", scale_factor=(2.0, 2.0)), F32(1, 2, 3, 3)),
    gcase("nn.functional.upsample", _call("nn.functional.upsample", scale_factor=2.0, mode="bilinear"),
          F32(1, 2, 3, 3)),
    gcase("nn.MaxUnpool2d", lambda m, x, i: _resolve(m, "nn.MaxUnpool2d")(2)(x, i), F32(1, 1, 2, 2), POOL_IDX),
    gcase("nn.functional.max_unpool2d", lambda m, x, i: _resolve(m, "nn.functional.max_unpool2d")(x, i, 2),
          F32(1, 1, 2, 2), POOL_IDX),
    gcase("nn.Conv3d", _conv3d, F32(1, 2, 3, 3, 3), F32(3, 2, 2, 2, 2, seed=13), F32(3, seed=14), pos=(0, 1, 2),
          rtol=1e-4, atol=1e-5),
    gcase("scatter", lambda m, x, i, s: _resolve(m, "scatter")(x, 1, i, s), F32(2, 4), IDX, F32(2, 3, seed=15),
          pos=(0, 2)),
    gcase("scatter_add", lambda m, x, i, s: _resolve(m, "scatter_add")(x, 1, i, s), F32(2, 4), IDX,
          F32(2, 3, seed=16), pos=(0, 2)),
    gcase("squeeze", _call("squeeze", 1), F32(2, 1, 3)),
    gcase("swapaxes", _call("swapaxes", 0, 2), F32(2, 3, 4)),
    gcase("where", lambda m, c, x, y: _resolve(m, "where")(c, x, y), F32(3, 4) > 0, F32(3, 4, seed=17),
          F32(3, 4, seed=18), pos=(1, 2)),
    gcase("conv_tbc", lambda m, x, w, b: _resolve(m, "conv_tbc")(x, w, b, 1), F32(5, 2, 3), F32(3, 3, 4, seed=19),
          F32(4, seed=20), pos=(0, 1, 2), rtol=1e-4, atol=1e-5),
]
