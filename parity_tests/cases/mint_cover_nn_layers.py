"""mindspore.mint.nn layers: construction (parameter names, shapes, requires_grad and the fixed or
bounded initial values, as MindSpore makes them), forward values with the same weights on both
sides, gradients of inputs and weights, GRAPH_MODE for a representative set, and bad arguments.

Oracles, by group:

- real MindSpore 2.10 CPU, where its build runs the layer: every construction case (it needs no
  kernel), ``Linear``, ``GroupNorm``, the activations MindSpore's CPU runs (``ReLU``, ``Sigmoid``,
  ``Tanh``, ``SiLU``, shrinks, ``Hardsigmoid``, ``Hardswish``, ``Softmax``, ``GLU``), ``PReLU``,
  ``Dropout``/``Dropout2d`` (eval, ``p=0``), ``Identity``, ``Flatten``, ``AdaptiveMaxPool2d``,
  nearest ``Upsample``/``UpsamplingNearest2d``, ``PixelShuffle``, ``SmoothL1Loss``, ``BCELoss``,
  ``BCEWithLogitsLoss``, ``NLLLoss``, and every bad-argument case (MindSpore checks those arguments
  before it selects a kernel, so its exception class is the one compared);
- PyTorch (``torch_ref``: the same lambda body run on ``torch.nn``, with the case's weights, mint
  being documented as aligned with PyTorch), where the layer's kernel is unregistered in MindSpore's
  CPU build (``Conv*Ext``, ``ConvTranspose2D``, ``BatchNormExt``, ``LayerNormExt``, ``Embedding``,
  ``AvgPool*``, ``AdaptiveAvgPool*``, ``AdaptiveMaxPool1D``, ``FuncMaxPool2D``, ``MaxUnpool2DExt``,
  ``EluExt``, ``SeLUExt``, ``MishExt``, ``LogSigmoid``, ``Hardtanh``, ``Threshold``, ``GeluExt``,
  ``LogSoftmaxExt``, ``L1LossExt``, ``MSELossExt``, ``KLDiv``, ``CrossEntropy``, ``SoftMarginLoss``,
  ``CosineEmbeddingLoss``'s ops, the pads, ``UpsampleBilinear2D``/``UpsampleBicubic2D``,
  ``Col2ImExt``): values, dtypes, gradients of inputs and weights (``_grad_params``), running
  statistics."""
import numpy as np

from parity_tests.harness import case, both_modes, F32, F16
from parity_tests.cases._mint_cover_common import set_params as _set

LABELS = np.array([0, 2, 1, 3], np.int64)


def _N(m):
    """``mint.nn`` of MindSpore/mscompat, or ``torch.nn``."""
    return m.mint.nn if hasattr(m, "mint") else m.nn


def _params(net):
    return [(p.name, tuple(p.shape), str(p.dtype), bool(p.requires_grad)) for p in net.get_parameters()]


def _train(net, mode=True):
    """``net.set_train(mode)``; PyTorch: ``net.train(mode)``."""
    return net.set_train(mode) if hasattr(net, "set_train") else net.train(mode)


def _np(t):
    return t.asnumpy() if hasattr(t, "asnumpy") else t.detach().numpy()


def _grad_params(m, net, fn, x, with_input=True):
    """``ms.grad(fn, 0 or None, net.trainable_params())(x)``: ``(input grad, (weight grads...))``, or
    the weight grads alone; on PyTorch the same layout from ``torch.autograd.grad``."""
    if hasattr(m, "mint"):
        return m.grad(fn, 0 if with_input else None, net.trainable_params())(x)
    params = [p for p in net.parameters() if p.requires_grad]
    if with_input:
        x = x.detach().clone().requires_grad_(True)
    gs = m.autograd.grad(fn(x), ([x] if with_input else []) + params)
    return (gs[0], tuple(gs[1:])) if with_input else tuple(gs)


def _grad(m, fn, x):
    """The gradient of ``fn`` at ``x``: ``ms.grad``, or PyTorch's autograd."""
    if hasattr(m, "mint"):
        return m.grad(fn)(x)
    x = x.detach().clone().requires_grad_(True)
    return m.autograd.grad(fn(x), [x])[0]


def _wsum_grad(m, layer, x, w):
    return _grad(m, lambda u: (layer(u) * w).sum(), x)


def tcase(name, fn, *inputs, **kw):
    """A case whose oracle is PyTorch running the same lambda body (MindSpore's CPU lacks the kernel)."""
    return case(name, fn, *inputs, torch_ref=fn, **kw)


def tmodes(name, fn, *inputs, **kw):
    """:func:`tcase` in PyNative and GRAPH_MODE (MindSpore's graph run stops at the same missing kernel)."""
    return [tcase(f"{name}/{mode}", fn, *inputs, mode=mode, **kw) for mode in ("pynative", "graph")]


# ------------------------------------------------------------------ construction
CTORS = {
    "Linear": lambda ms: _N(ms).Linear(3, 4),
    "Linear_nobias": lambda ms: _N(ms).Linear(5, 2, bias=False),
    "Linear_f16": lambda ms: _N(ms).Linear(3, 4, dtype=ms.float16),
    "Conv1d": lambda ms: _N(ms).Conv1d(2, 4, 3),
    "Conv1d_groups": lambda ms: _N(ms).Conv1d(4, 6, 3, groups=2, bias=False),
    "Conv2d": lambda ms: _N(ms).Conv2d(3, 5, (3, 2)),
    "Conv2d_nobias": lambda ms: _N(ms).Conv2d(2, 4, 1, bias=False),
    "Conv3d": lambda ms: _N(ms).Conv3d(2, 3, 2),
    "ConvTranspose2d": lambda ms: _N(ms).ConvTranspose2d(3, 2, 3),
    "ConvTranspose2d_groups": lambda ms: _N(ms).ConvTranspose2d(4, 6, 2, groups=2),
    "BatchNorm1d": lambda ms: _N(ms).BatchNorm1d(4),
    "BatchNorm2d": lambda ms: _N(ms).BatchNorm2d(3),
    "BatchNorm3d": lambda ms: _N(ms).BatchNorm3d(2),
    "BatchNorm2d_noaffine": lambda ms: _N(ms).BatchNorm2d(3, affine=False),
    "BatchNorm2d_nostats": lambda ms: _N(ms).BatchNorm2d(3, track_running_stats=False),
    "GroupNorm": lambda ms: _N(ms).GroupNorm(2, 6),
    "GroupNorm_noaffine": lambda ms: _N(ms).GroupNorm(3, 6, affine=False),
    "LayerNorm": lambda ms: _N(ms).LayerNorm((3, 4)),
    "LayerNorm_noaffine": lambda ms: _N(ms).LayerNorm(5, elementwise_affine=False),
    "LayerNorm_nobias": lambda ms: _N(ms).LayerNorm(5, bias=False),
    "Embedding": lambda ms: _N(ms).Embedding(10, 3),
    "Embedding_padding": lambda ms: _N(ms).Embedding(6, 2, padding_idx=1),
    "PReLU": lambda ms: _N(ms).PReLU(),
    "PReLU_channels": lambda ms: _N(ms).PReLU(4, 0.1),
    "SyncBatchNorm": lambda ms: _N(ms).SyncBatchNorm(4),
    "ReLU": lambda ms: _N(ms).ReLU(),
    "Dropout": lambda ms: _N(ms).Dropout(0.2),
    "Identity": lambda ms: _N(ms).Identity(),
    "Upsample": lambda ms: _N(ms).Upsample(scale_factor=2.0),
}
CASES = [case(f"mint.nn.{name}/construct_params", lambda ms, c=ctor: _params(c(ms))) for name, ctor in CTORS.items()]
CASES += [case(f"mint.nn.{name}/construct_nested", lambda ms, c=ctor: _params(ms.nn.SequentialCell([c(ms), c(ms)])))
          for name, ctor in CTORS.items() if name in ("Linear", "Conv2d", "BatchNorm2d", "LayerNorm", "Embedding",
                                                       "GroupNorm", "PReLU_channels")]
# fixed initial values (ones, zeros, PReLU's 0.25 / given init, running statistics)
for name in ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "GroupNorm", "LayerNorm", "LayerNorm_nobias", "PReLU",
             "PReLU_channels", "SyncBatchNorm"):
    CASES.append(case(f"mint.nn.{name}/init_values", lambda ms, c=CTORS[name]: [
        p.asnumpy() for p in c(ms).get_parameters()]))


def _init_stats(ms, net, fan_in):
    """Seed-independent facts of the random initial weights: shapes, the uniform bound
    1/sqrt(fan_in) (Kaiming-uniform with a=sqrt(5), and the bias bound), and a non-degenerate spread."""
    out = []
    bound = 1.0 / np.sqrt(fan_in)
    for p in net.get_parameters():
        a = p.asnumpy().astype(np.float64)
        out.append((p.name, bool(np.abs(a).max() <= bound + 1e-6), bool(a.std() > bound / 10)))
    return out


for name, ctor, fan_in in [("Linear", lambda ms: _N(ms).Linear(64, 32), 64),
                           ("Conv2d", lambda ms: _N(ms).Conv2d(8, 16, 3), 72),
                           ("Conv1d", lambda ms: _N(ms).Conv1d(8, 16, 5), 40),
                           ("Conv3d", lambda ms: _N(ms).Conv3d(4, 8, 2), 32)]:
    CASES.append(case(f"mint.nn.{name}/init_bounds", lambda ms, c=ctor, f=fan_in: _init_stats(ms, c(ms), f)))
CASES += [
    case("mint.nn.Embedding/init_normal", lambda ms: (lambda a: (bool(abs(a.mean()) < 0.1), bool(0.8 < a.std() < 1.2)))(
        _N(ms).Embedding(200, 16).weight.asnumpy())),
    case("mint.nn.Embedding/padding_row_zero", lambda ms: _N(ms).Embedding(6, 3, padding_idx=2).weight.asnumpy()[2]),
]

# constructor errors
CASES += [
    case("mint.nn.Linear/bad_in_features", lambda ms: _N(ms).Linear(-1, 3), error=True),
    case("mint.nn.Conv2d/bad_stride_zero", lambda ms: _N(ms).Conv2d(2, 4, 3, stride=0), error=True),
    case("mint.nn.Conv2d/bad_out_groups", lambda ms: _N(ms).Conv2d(4, 3, 3, groups=2), error=True),
    case("mint.nn.Conv2d/same_with_stride", lambda ms: _N(ms).Conv2d(2, 4, 3, stride=2, padding="same"), error=True),
    case("mint.nn.Conv1d/bad_padding_mode", lambda ms: _N(ms).Conv1d(2, 4, 3, padding_mode="edge"), error=True),
    case("mint.nn.Conv3d/bad_groups", lambda ms: _N(ms).Conv3d(3, 4, 2, groups=2), error=True),
    case("mint.nn.GroupNorm/groups_zero", lambda ms: _N(ms).GroupNorm(0, 4), error=True),
    case("mint.nn.GroupNorm/channels_not_divisible", lambda ms: _N(ms).GroupNorm(4, 6), error=True),
    case("mint.nn.Embedding/bad_padding_idx", lambda ms: _N(ms).Embedding(4, 2, padding_idx=7), error=True),
    case("mint.nn.GroupNorm/bad_input_channels", lambda ms, x: _N(ms).GroupNorm(2, 4)(x), F32(2, 6, 3), error=True),
    case("mint.nn.AdaptiveAvgPool2d/bad_size_len", lambda ms, x: _N(ms).AdaptiveAvgPool2d((1, 2, 3))(x),
         F32(1, 1, 4, 4), error=True),
    case("mint.nn.Softmax/bad_dim_type", lambda ms: _N(ms).Softmax(dim="1")(ms.Tensor(np.ones((2, 2), np.float32))),
         error=True),
]


# ------------------------------------------------------------------ forward and grads with weights copied in
def _linear(ms, x, w, b):
    return _set(_N(ms).Linear(w.shape[1], w.shape[0]), weight=w, bias=b)


for i, (xs, out) in enumerate([((2, 3), 4), ((4, 5), 2), ((2, 3, 6), 3)]):
    X, W, B = F32(*xs, seed=300 + i), F32(out, xs[-1], seed=310 + i), F32(out, seed=320 + i)
    CASES += [
        case(f"mint.nn.Linear/forward{i}", lambda ms, x, w, b: _linear(ms, x, w, b)(x), X, W, B),
        case(f"mint.nn.Linear/grad_input{i}", lambda ms, x, w, b: ms.grad(lambda u: (_linear(ms, x, w, b)(u) ** 2)
                                                                          .sum())(x), X, W, B),
        case(f"mint.nn.Linear/grad_weights{i}", lambda ms, x, w, b: (lambda net: ms.grad(
            lambda u: (net(u) ** 2).sum(), None, net.trainable_params())(x))(_linear(ms, x, w, b)), X, W, B),
    ]
CASES += both_modes("mint.nn.Linear/cover_modes", lambda ms, x, w, b: _linear(ms, x, w, b)(x), F32(2, 3), F32(4, 3),
                    F32(4))


def _conv2d(m, w, b, **kw):
    return _set(_N(m).Conv2d(w.shape[1] * kw.get("groups", 1), w.shape[0], tuple(w.shape[2:]), **kw), weight=w,
                bias=b)


for i, (xs, ws, kw) in enumerate([((1, 2, 5, 5), (3, 2, 3, 3), {}),
                                  ((2, 2, 6, 6), (4, 2, 3, 3), dict(stride=2, padding=1)),
                                  ((1, 4, 5, 5), (4, 2, 3, 3), dict(groups=2, padding=1)),
                                  ((1, 2, 7, 7), (2, 2, 3, 3), dict(dilation=2, padding=2))]):
    X, W, B = F32(*xs, seed=330 + i), F32(*ws, seed=340 + i), F32(ws[0], seed=350 + i)
    CASES += [
        tcase(f"mint.nn.Conv2d/forward{i}", lambda m, x, w, b, kw=kw: _conv2d(m, w, b, **kw)(x), X, W, B,
              rtol=1e-4, atol=1e-5),
        tcase(f"mint.nn.Conv2d/grad_weights{i}", lambda m, x, w, b, kw=kw: (lambda net: _grad_params(
            m, net, lambda u: (net(u) ** 2).sum(), x))(_conv2d(m, w, b, **kw)), X, W, B, rtol=1e-4, atol=1e-4),
    ]
CASES += [
    tcase("mint.nn.Conv2d/padding_same", lambda m, x, w, b: _conv2d(m, w, b, padding="same")(x), F32(1, 2, 5, 5),
          F32(3, 2, 3, 3, seed=4), F32(3, seed=5), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.Conv2d/padding_reflect", lambda m, x, w, b: _conv2d(m, w, b, padding=1, padding_mode="reflect")(x),
          F32(1, 2, 5, 5), F32(3, 2, 3, 3, seed=4), F32(3, seed=5), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.Conv2d/padding_circular", lambda m, x, w, b: _conv2d(m, w, b, padding=1,
                                                                        padding_mode="circular")(x),
          F32(1, 2, 5, 5), F32(3, 2, 3, 3, seed=4), F32(3, seed=5), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.Conv2d/padding_replicate", lambda m, x, w, b: _conv2d(m, w, b, padding=(1, 2),
                                                                         padding_mode="replicate")(x),
          F32(1, 2, 5, 5), F32(3, 2, 3, 3, seed=4), F32(3, seed=5), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.Conv1d/forward", lambda m, x, w, b: _set(_N(m).Conv1d(2, 3, 3, padding=1), weight=w, bias=b)(x),
          F32(2, 2, 7), F32(3, 2, 3, seed=6), F32(3, seed=7), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.Conv1d/grad_weights", lambda m, x, w, b: (lambda net: _grad_params(
        m, net, lambda u: (net(u) ** 2).sum(), x))(_set(_N(m).Conv1d(2, 3, 3, stride=2), weight=w, bias=b)),
          F32(2, 2, 7), F32(3, 2, 3, seed=6), F32(3, seed=7), rtol=1e-4, atol=1e-4),
    tcase("mint.nn.Conv3d/forward", lambda m, x, w, b: _set(_N(m).Conv3d(2, 3, 2), weight=w, bias=b)(x),
          F32(1, 2, 4, 4, 4), F32(3, 2, 2, 2, 2, seed=8), F32(3, seed=9), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.ConvTranspose2d/forward", lambda m, x, w, b: _set(_N(m).ConvTranspose2d(2, 3, 3), weight=w,
                                                                     bias=b)(x),
          F32(1, 2, 4, 4), F32(2, 3, 3, 3, seed=10), F32(3, seed=11), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.ConvTranspose2d/stride2", lambda m, x, w, b: _set(_N(m).ConvTranspose2d(2, 3, 3, stride=2,
                                                                                           padding=1), weight=w,
                                                                     bias=b)(x),
          F32(1, 2, 4, 4), F32(2, 3, 3, 3, seed=10), F32(3, seed=11), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.ConvTranspose2d/output_padding", lambda m, x, w, b: _set(_N(m).ConvTranspose2d(
        2, 3, 3, stride=2, padding=1, output_padding=1), weight=w, bias=b)(x),
          F32(1, 2, 4, 4), F32(2, 3, 3, 3, seed=10), F32(3, seed=11), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.ConvTranspose2d/grad_weights", lambda m, x, w, b: (lambda net: _grad_params(
        m, net, lambda u: (net(u) ** 2).sum(), x))(_set(_N(m).ConvTranspose2d(2, 3, 3, stride=2), weight=w, bias=b)),
          F32(1, 2, 3, 3), F32(2, 3, 3, 3, seed=10), F32(3, seed=11), rtol=1e-4, atol=1e-4),
]
CASES += tmodes("mint.nn.Conv2d/cover_modes", lambda m, x, w, b: _conv2d(m, w, b, padding=1)(x),
                F32(1, 2, 5, 5), F32(3, 2, 3, 3), F32(3), rtol=1e-4, atol=1e-5)


# normalization layers
def _bn(m, cls, n, w, b):
    """A batch norm in training mode (MindSpore's Cells start in eval mode: ``training`` False)."""
    return _train(_set(getattr(_N(m), cls)(n), weight=w, bias=b), True)


for cls, xs in (("BatchNorm1d", (4, 3)), ("BatchNorm1d", (4, 3, 5)), ("BatchNorm2d", (2, 3, 4, 4)),
                ("BatchNorm3d", (2, 3, 2, 2, 2))):
    tag = f"{cls}_{len(xs)}d"
    X, W, B = F32(*xs, seed=360 + len(xs)), F32(3, seed=370), F32(3, seed=371)
    CASES += [
        tcase(f"mint.nn.{tag}/train", lambda m, x, w, b, c=cls: _bn(m, c, 3, w, b)(x), X, W, B,
              rtol=1e-5, atol=1e-5),
        tcase(f"mint.nn.{tag}/running_stats", lambda m, x, w, b, c=cls: (lambda net: (
            net(x), _np(net.running_mean), _np(net.running_var))[1:])(_bn(m, c, 3, w, b)), X, W, B,
              rtol=1e-5, atol=1e-6),
        tcase(f"mint.nn.{tag}/eval", lambda m, x, w, b, c=cls: _train(_bn(m, c, 3, w, b), False)(x), X, W, B),
        tcase(f"mint.nn.{tag}/grad", lambda m, x, w, b, c=cls: (lambda net: _grad_params(
            m, net, lambda u: (net(u) * u).sum(), x))(_bn(m, c, 3, w, b)), X, W, B, rtol=1e-4, atol=1e-5),
    ]
CASES += [
    # two training steps: the second normalizes by its own batch and folds it into the running statistics
    tcase("mint.nn.BatchNorm2d/running_two_steps", lambda m, x, y: (lambda net: (
        net(x), net(y), _np(net.running_mean), _np(net.running_var))[1:])(_train(_N(m).BatchNorm2d(2, momentum=0.3))),
          F32(2, 2, 3, 3, seed=372), F32(2, 2, 3, 3, seed=373), rtol=1e-5, atol=1e-5),
    # momentum=None: the cumulative average of the batch statistics
    tcase("mint.nn.BatchNorm1d/momentum_none", lambda m, x, y: (lambda net: (
        net(x), net(y), _np(net.running_mean), _np(net.running_var))[2:])(_train(_N(m).BatchNorm1d(3, momentum=None))),
          F32(4, 3, seed=374), F32(4, 3, seed=375), rtol=1e-5, atol=1e-5),
    # without running statistics the batch's own statistics normalize it in eval mode too
    tcase("mint.nn.BatchNorm2d/no_running_stats_eval", lambda m, x: _train(_N(m).BatchNorm2d(
        2, track_running_stats=False), False)(x), F32(2, 2, 3, 3, seed=376), rtol=1e-5, atol=1e-5),
    tcase("mint.nn.BatchNorm2d/no_affine", lambda m, x: _train(_N(m).BatchNorm2d(2, affine=False))(x),
          F32(2, 2, 3, 3, seed=377), rtol=1e-5, atol=1e-5),
    tcase("mint.nn.BatchNorm2d/eps", lambda m, x: _train(_N(m).BatchNorm2d(2, eps=0.5))(x),
          F32(2, 2, 3, 3, seed=378), rtol=1e-5, atol=1e-5),
]
for i, (g, xs) in enumerate([(2, (2, 4, 3)), (3, (2, 6, 2, 2)), (1, (3, 2, 5)), (4, (1, 4, 3, 3))]):
    c = xs[1]
    X, W, B = F32(*xs, seed=380 + i), F32(c, seed=390 + i), F32(c, seed=395 + i)
    CASES += [
        case(f"mint.nn.GroupNorm/cover_forward{i}", lambda ms, x, w, b, g=g, c=c: _set(_N(ms).GroupNorm(g, c), weight=w,
                                                                                      bias=b)(x), X, W, B),
        case(f"mint.nn.GroupNorm/cover_grad{i}", lambda ms, x, w, b, g=g, c=c: (lambda net: ms.grad(
            lambda u: (net(u) * u).sum(), 0, net.trainable_params())(x))(_set(_N(ms).GroupNorm(g, c), weight=w,
                                                                               bias=b)), X, W, B,
             rtol=1e-4, atol=1e-5),
    ]
for i, (xs, ns) in enumerate([((2, 3), (3,)), ((2, 3, 4), (4,)), ((2, 3, 4), (3, 4))]):
    X, W, B = F32(*xs, seed=400 + i), F32(*ns, seed=410 + i), F32(*ns, seed=420 + i)
    CASES += [
        tcase(f"mint.nn.LayerNorm/cover_forward{i}", lambda m, x, w, b, ns=ns: _set(_N(m).LayerNorm(ns), weight=w,
                                                                                   bias=b)(x), X, W, B),
        tcase(f"mint.nn.LayerNorm/cover_grad{i}", lambda m, x, w, b, ns=ns: (lambda net: _grad_params(
            m, net, lambda u: (net(u) * u).sum(), x))(_set(_N(m).LayerNorm(ns), weight=w, bias=b)), X, W, B,
              rtol=1e-4, atol=1e-5),
    ]
CASES += [
    tcase("mint.nn.LayerNorm/no_affine", lambda m, x: _N(m).LayerNorm(4, elementwise_affine=False)(x),
          F32(2, 3, 4, seed=423)),
    tcase("mint.nn.LayerNorm/no_bias_grad", lambda m, x, w: (lambda net: _grad_params(
        m, net, lambda u: (net(u) * u).sum(), x))(_set(_N(m).LayerNorm(4, bias=False), weight=w)),
          F32(2, 3, 4, seed=424), F32(4, seed=425), rtol=1e-4, atol=1e-5),
]
CASES += tmodes("mint.nn.LayerNorm/cover_modes", lambda m, x: _N(m).LayerNorm(4)(x), F32(2, 3, 4))
CASES += tmodes("mint.nn.BatchNorm2d/cover_modes", lambda m, x: _train(_N(m).BatchNorm2d(3), True)(x),
                F32(2, 3, 3, 3), rtol=1e-5, atol=1e-5)

# embedding
CASES += [
    tcase("mint.nn.Embedding/cover_forward", lambda m, i, w: _set(_N(m).Embedding(5, 3), weight=w)(i),
          np.array([[0, 4], [2, 2]], np.int64), F32(5, 3)),
    tcase("mint.nn.Embedding/grad_weight", lambda m, i, w: (lambda net: _grad_params(
        m, net, lambda u: (net(u) ** 2).sum(), i, with_input=False))(_set(_N(m).Embedding(5, 3), weight=w)),
          np.array([[0, 4], [2, 2]], np.int64), F32(5, 3)),
    tcase("mint.nn.Embedding/max_norm_grad", lambda m, i, w: (lambda net: (_grad_params(
        m, net, lambda u: (net(u) ** 2).sum(), i, with_input=False), _np(net.weight)))(_set(_N(m).Embedding(
            5, 3, max_norm=1.0), weight=w)), np.array([[0, 4], [2, 2]], np.int64), F32(5, 3)),
    tcase("mint.nn.Embedding/padding_idx_grad", lambda m, i, w: (lambda net: _grad_params(
        m, net, lambda u: net(u).sum(), i, with_input=False))(_set(_N(m).Embedding(5, 3, padding_idx=2), weight=w)),
          np.array([[0, 2], [2, 1]], np.int64), F32(5, 3)),
]


# ------------------------------------------------------------------ activation layers
# (mint.nn class, constructor args, True where PyTorch is the oracle: MindSpore's CPU lacks the kernel)
ACT_LAYERS = [
    ("ReLU", (), False), ("Sigmoid", (), False), ("Tanh", (), False), ("SiLU", (), False),
    ("Hardshrink", (), False), ("Hardshrink", (0.8,), False), ("Softshrink", (), False), ("Softshrink", (1.1,), False),
    ("Hardsigmoid", (), False), ("Hardswish", (), False), ("Softmax", (1,), False), ("Softmax", (0,), False),
    ("GLU", (), False), ("GLU", (0,), False),
    ("ELU", (), True), ("ELU", (0.5,), True), ("SELU", (), True), ("Mish", (), True), ("LogSigmoid", (), True),
    ("ReLU6", (), True), ("Hardtanh", (), True), ("Hardtanh", (-0.5, 2.0), True), ("Threshold", (0.1, 20.0), True),
    ("GELU", (), True), ("GELU", ("tanh",), True), ("LogSoftmax", (1,), True), ("LogSoftmax", (0,), True),
]
for cls, args, torch in ACT_LAYERS:
    tag = f"{cls}" + ("_" + "_".join(str(a) for a in args) if args else "")
    mk = (lambda c, a: lambda m: getattr(_N(m), c)(*a))(cls, args)
    scale = 4.0 if cls in ("ReLU6", "Hardtanh") else 1.0
    X = F32(4, 4, seed=430) * np.float32(scale)
    W = F32(*{(): (4, 2), (0,): (2, 4)}[args] if cls == "GLU" else (4, 4), seed=431)
    make = tcase if torch else case
    CASES += [
        make(f"mint.nn.{tag}/layer_forward", lambda m, x, mk=mk: mk(m)(x), X),
        make(f"mint.nn.{tag}/layer_f16", lambda m, x, mk=mk: mk(m)(x), X.astype(np.float16)),
        make(f"mint.nn.{tag}/layer_3d", lambda m, x, mk=mk: mk(m)(x), F32(2, 4, 4, seed=432) * np.float32(scale)),
        make(f"mint.nn.{tag}/layer_grad", lambda m, x, w, mk=mk: _wsum_grad(m, mk(m), x, w), X, W),
    ]
for cls, args, torch in [("Hardswish", (), False), ("GELU", (), True), ("Softmax", (1,), False), ("ELU", (), True)]:
    CASES.append((tcase if torch else case)(f"mint.nn.{cls}/layer_graph", lambda m, x, c=cls, a=args: getattr(
        _N(m), c)(*a)(x), F32(3, 4, seed=433), mode="graph"))
CASES += [
    case("mint.nn.PReLU/forward_default", lambda ms, x: _N(ms).PReLU()(x), F32(2, 3, 4)),
    case("mint.nn.PReLU/forward_channels", lambda ms, x, w: _set(_N(ms).PReLU(3), weight=w)(x), F32(2, 3, 4),
         np.array([0.1, -0.2, 0.3], np.float32)),
    case("mint.nn.PReLU/grad_weight", lambda ms, x: (lambda net: ms.grad(
        lambda u: net(u).sum(), None, net.trainable_params())(x))(_N(ms).PReLU(3)), F32(2, 3, 4)),
    case("mint.nn.Dropout/eval_identity", lambda ms, x: _N(ms).Dropout(0.7).set_train(False)(x), F32(3, 4)),
    case("mint.nn.Dropout/p0_train", lambda ms, x: _N(ms).Dropout(0.0)(x), F32(3, 4)),
    case("mint.nn.Dropout2d/eval", lambda ms, x: _N(ms).Dropout2d(0.5).set_train(False)(x), F32(2, 3, 2, 2)),
    case("mint.nn.Identity/args_ignored", lambda ms, x: _N(ms).Identity(3, k=1)(x), F32(3, 4)),
    case("mint.nn.Flatten/start_end", lambda ms, x: _N(ms).Flatten(0, 1)(x), F32(2, 3, 4)),
    case("mint.nn.Flatten/default", lambda ms, x: _N(ms).Flatten()(x), F32(2, 3, 4, 2)),
]


# ------------------------------------------------------------------ pooling, padding, resampling layers
for i, (xs, k) in enumerate([((1, 2, 4, 4), 2), ((2, 1, 6, 6), 3), ((1, 3, 6, 4), 2)]):
    X = F32(*xs, seed=440 + i)
    CASES += [
        tcase(f"mint.nn.AvgPool2d/cover{i}", lambda m, x, k=k: _N(m).AvgPool2d(k)(x), X),
        tcase(f"mint.nn.MaxPool2d/cover{i}", lambda m, x, k=k: _N(m).MaxPool2d(k)(x), X),
        tcase(f"mint.nn.AdaptiveAvgPool2d/cover{i}", lambda m, x, k=k: _N(m).AdaptiveAvgPool2d(
            (x.shape[2] // k, x.shape[3] // k))(x), X),
        case(f"mint.nn.AdaptiveMaxPool2d/cover{i}", lambda ms, x, k=k: _N(ms).AdaptiveMaxPool2d(
            (x.shape[2] // k, x.shape[3] // k))(x), X),
    ]
CASES += [
    tcase("mint.nn.MaxPool2d/indices", lambda m, x: _N(m).MaxPool2d(2, return_indices=True)(x), F32(1, 2, 4, 4)),
    tcase("mint.nn.MaxPool2d/stride_pad", lambda m, x: _N(m).MaxPool2d(3, 2, 1)(x), F32(1, 2, 5, 5)),
    tcase("mint.nn.MaxPool2d/ceil_dilation", lambda m, x: _N(m).MaxPool2d(2, 2, 0, 2, ceil_mode=True)(x),
          F32(1, 2, 6, 7)),
    tcase("mint.nn.MaxPool2d/grad", lambda m, x: _grad(m, lambda u: (_N(m).MaxPool2d(3, 2, 1)(u) ** 2).sum(), x),
          F32(1, 2, 5, 5)),
    tcase("mint.nn.MaxUnpool2d/roundtrip", lambda m, x: _N(m).MaxUnpool2d(2)(*_N(m).MaxPool2d(
        2, return_indices=True)(x)), F32(1, 2, 4, 4)),
    tcase("mint.nn.AvgPool2d/stride_pad", lambda m, x: _N(m).AvgPool2d(3, 2, 1)(x), F32(1, 2, 5, 5)),
    tcase("mint.nn.AvgPool2d/ceil_no_pad_count", lambda m, x: _N(m).AvgPool2d(3, 2, 1, True, False)(x),
          F32(1, 2, 6, 6)),
    tcase("mint.nn.AvgPool2d/grad", lambda m, x: _grad(m, lambda u: (_N(m).AvgPool2d(2, 1)(u) ** 2).sum(), x),
          F32(1, 2, 4, 5)),
    tcase("mint.nn.AvgPool1d/k2", lambda m, x: _N(m).AvgPool1d(2)(x), F32(2, 3, 6)),
    tcase("mint.nn.AvgPool1d/stride_pad_ceil", lambda m, x: _N(m).AvgPool1d(3, 2, 1, True)(x), F32(2, 3, 8)),
    tcase("mint.nn.AvgPool3d/cover_k2", lambda m, x: _N(m).AvgPool3d(2)(x), F32(1, 2, 4, 4, 4)),
    tcase("mint.nn.AdaptiveAvgPool1d/half", lambda m, x: _N(m).AdaptiveAvgPool1d(3)(x), F32(2, 2, 6)),
    tcase("mint.nn.AdaptiveMaxPool1d/half", lambda m, x: _N(m).AdaptiveMaxPool1d(3)(x), F32(2, 2, 6)),
    tcase("mint.nn.AdaptiveAvgPool3d/half", lambda m, x: _N(m).AdaptiveAvgPool3d(2)(x), F32(1, 2, 4, 4, 4)),
    tcase("mint.nn.AdaptiveAvgPool2d/grad", lambda m, x: _grad(m, lambda u: (_N(m).AdaptiveAvgPool2d(1)(u) ** 2)
                                                                .sum(), x), F32(1, 2, 3, 3)),
    # lengths the output size does not divide (PyTorch's windows floor(i*L/out) .. ceil((i+1)*L/out))
    tcase("mint.nn.AdaptiveAvgPool1d/uneven", lambda m, x: _N(m).AdaptiveAvgPool1d(4)(x), F32(2, 2, 7)),
    tcase("mint.nn.AdaptiveMaxPool1d/uneven_indices", lambda m, x: _N(m).AdaptiveMaxPool1d(4, True)(x),
          F32(2, 2, 7)),
    tcase("mint.nn.AdaptiveAvgPool2d/uneven", lambda m, x: _N(m).AdaptiveAvgPool2d((3, 4))(x), F32(1, 2, 5, 7)),
    tcase("mint.nn.AdaptiveAvgPool3d/uneven", lambda m, x: _N(m).AdaptiveAvgPool3d((2, 3, 2))(x),
          F32(1, 1, 3, 5, 5)),
    case("mint.nn.AdaptiveMaxPool2d/uneven", lambda ms, x: _N(ms).AdaptiveMaxPool2d((3, 4))(x), F32(1, 2, 5, 7)),
]
PAD_LAYERS = [("ZeroPad1d", 2, (1, 2, 4)), ("ZeroPad2d", (1, 0, 2, 1), (1, 2, 3, 3)),
              ("ZeroPad3d", 1, (1, 1, 2, 2, 2)), ("ConstantPad1d", (2, 1), (1, 2, 4)),
              ("ConstantPad2d", 1, (1, 2, 3, 3)), ("ConstantPad3d", (1, 0, 0, 1, 1, 0), (1, 1, 2, 2, 2)),
              ("ReflectionPad1d", 2, (1, 2, 4)), ("ReflectionPad2d", (1, 1, 2, 0), (1, 2, 3, 4)),
              ("ReflectionPad3d", 1, (1, 3, 3, 3)), ("ReplicationPad1d", (1, 3), (1, 2, 4)),
              ("ReplicationPad2d", 2, (1, 2, 3, 3)), ("ReplicationPad3d", (1, 1, 0, 2, 1, 0), (1, 1, 2, 3, 2))]
for cls, p, xs in PAD_LAYERS:
    mk = (lambda c, p: (lambda m: getattr(_N(m), c)(p, 1.5)) if c.startswith("Constant")
          else (lambda m: getattr(_N(m), c)(p)))(cls, p)
    CASES += [
        tcase(f"mint.nn.{cls}/forward", lambda m, x, mk=mk: mk(m)(x), F32(*xs, seed=450)),
        tcase(f"mint.nn.{cls}/grad", lambda m, x, mk=mk: _grad(m, lambda u: (mk(m)(u) ** 2).sum(), x),
              F32(*xs, seed=451)),
    ]
CASES += [
    case("mint.nn.Upsample/nearest_size", lambda ms, x: _N(ms).Upsample(size=(4, 5))(x), F32(1, 2, 2, 3)),
    case("mint.nn.Upsample/nearest_scale3", lambda ms, x: _N(ms).Upsample(scale_factor=3.0)(x), F32(1, 1, 2, 2)),
    case("mint.nn.Upsample/nearest_scale1_5", lambda ms, x: _N(ms).Upsample(scale_factor=1.5)(x), F32(1, 1, 3, 5)),
    case("mint.nn.Upsample/bad_int_scale", lambda ms, x: _N(ms).Upsample(scale_factor=2)(x), F32(1, 1, 2, 2),
         error=True),
    tcase("mint.nn.Upsample/bilinear", lambda m, x: _N(m).Upsample(scale_factor=2.0, mode="bilinear")(x),
          F32(1, 2, 3, 3)),
    tcase("mint.nn.Upsample/bilinear_align", lambda m, x: _N(m).Upsample(size=(5, 5), mode="bilinear",
                                                                         align_corners=True)(x), F32(1, 2, 3, 3)),
    tcase("mint.nn.Upsample/bicubic", lambda m, x: _N(m).Upsample(scale_factor=1.5, mode="bicubic")(x),
          F32(1, 2, 3, 4)),
    tcase("mint.nn.Upsample/bicubic_align", lambda m, x: _N(m).Upsample(size=(6, 5), mode="bicubic",
                                                                        align_corners=True)(x), F32(1, 2, 3, 4)),
    tcase("mint.nn.Upsample/linear", lambda m, x: _N(m).Upsample(scale_factor=2.5, mode="linear")(x), F32(1, 2, 4)),
    case("mint.nn.UpsamplingNearest2d/size", lambda ms, x: _N(ms).UpsamplingNearest2d(size=(4, 6))(x),
         F32(1, 2, 2, 3)),
    case("mint.nn.UpsamplingNearest2d/scale_pair", lambda ms, x: _N(ms).UpsamplingNearest2d(scale_factor=(2.0, 1.5))(x),
         F32(1, 2, 2, 3)),
    # the layer hands size and scale_factor to the kernel as they are: a bare number is a TypeError
    case("mint.nn.UpsamplingNearest2d/bad_scalar_scale", lambda ms, x: _N(ms).UpsamplingNearest2d(
        scale_factor=2.0)(x), F32(1, 2, 2, 3), error=True),
    case("mint.nn.UpsamplingNearest2d/bad_int_size", lambda ms, x: _N(ms).UpsamplingNearest2d(size=4)(x),
         F32(1, 2, 2, 3), error=True),
    tcase("mint.nn.UpsamplingBilinear2d/size", lambda m, x: _N(m).UpsamplingBilinear2d(size=(4, 5))(x),
          F32(1, 2, 2, 3)),
    tcase("mint.nn.UpsamplingBilinear2d/scale_pair", lambda m, x: _N(m).UpsamplingBilinear2d(scale_factor=(2.0, 1.5))(x),
          F32(1, 2, 2, 3)),
    case("mint.nn.UpsamplingBilinear2d/bad_scalar_scale", lambda ms, x: _N(ms).UpsamplingBilinear2d(
        scale_factor=2.0)(x), F32(1, 2, 2, 3), error=True),
    case("mint.nn.PixelShuffle/r2", lambda ms, x: _N(ms).PixelShuffle(2)(x), F32(1, 8, 2, 3)),
    tcase("mint.nn.Fold/unfold_roundtrip", lambda m, x: _N(m).Fold((3, 3), 2)(_N(m).Unfold(2)(x)), F32(1, 1, 3, 3)),
    tcase("mint.nn.Unfold/stride_pad", lambda m, x: _N(m).Unfold(2, 1, 1, 2)(x), F32(1, 2, 4, 5)),
]


# ------------------------------------------------------------------ loss layers
X, Y = F32(3, 4, seed=460), F32(3, 4, seed=461)
P01, T01 = F32(3, 4, low=0.05, high=0.95, seed=462), F32(3, 4, low=0.0, high=1.0, seed=463)
for r in ("mean", "sum", "none"):
    CASES += [
        tcase(f"mint.nn.L1Loss/loss_{r}", lambda m, x, y, r=r: _N(m).L1Loss(reduction=r)(x, y), X, Y),
        tcase(f"mint.nn.MSELoss/loss_{r}", lambda m, x, y, r=r: _N(m).MSELoss(reduction=r)(x, y), X, Y),
        case(f"mint.nn.SmoothL1Loss/loss_{r}", lambda ms, x, y, r=r: _N(ms).SmoothL1Loss(reduction=r)(x, y), X, Y),
        case(f"mint.nn.BCELoss/loss_{r}", lambda ms, p, t, r=r: _N(ms).BCELoss(reduction=r)(p, t), P01, T01),
        case(f"mint.nn.BCEWithLogitsLoss/loss_{r}", lambda ms, x, t, r=r: _N(ms).BCEWithLogitsLoss(reduction=r)(x, t),
             X, T01),
        case(f"mint.nn.NLLLoss/loss_{r}", lambda ms, x, t, r=r: _N(ms).NLLLoss(reduction=r)(x, t), F32(4, 5, seed=464),
             LABELS),
        tcase(f"mint.nn.CrossEntropyLoss/loss_{r}", lambda m, x, t, r=r: _N(m).CrossEntropyLoss(reduction=r)(x, t),
              F32(4, 5, seed=465), LABELS),
        tcase(f"mint.nn.KLDivLoss/loss_{r}", lambda m, x, t, r=r: _N(m).KLDivLoss(reduction=r)(x, t),
              F32(3, 4, low=-3.0, high=-0.1), F32(3, 4, low=0.1, high=1.0)),
        tcase(f"mint.nn.SoftMarginLoss/loss_{r}", lambda m, x, y, r=r: _N(m).SoftMarginLoss(reduction=r)(x, y), X,
              np.sign(Y).astype(np.float32)),
        tcase(f"mint.nn.CosineEmbeddingLoss/loss_{r}", lambda m, a, b, t, r=r: _N(m).CosineEmbeddingLoss(
            0.2, reduction=r)(a, b, t), F32(3, 4), F32(3, 4, seed=2), np.array([1, -1, -1], np.float32)),
    ]
CASES += [
    case("mint.nn.BCELoss/weight", lambda ms, p, t, w: _N(ms).BCELoss(w)(p, t), P01, T01,
         F32(3, 4, low=0.1, high=2.0)),
    case("mint.nn.BCEWithLogitsLoss/pos_weight", lambda ms, x, t, pw: _N(ms).BCEWithLogitsLoss(pos_weight=pw)(x, t),
         X, T01, F32(4, low=0.5, high=3.0)),
    case("mint.nn.NLLLoss/weight_ignore", lambda ms, x, t, w: _N(ms).NLLLoss(w, ignore_index=1)(x, t),
         F32(4, 5, seed=464), LABELS, F32(5, low=0.1, high=2.0)),
    tcase("mint.nn.CrossEntropyLoss/label_smoothing", lambda m, x, t: _N(m).CrossEntropyLoss(label_smoothing=0.1)(
        x, t), F32(4, 5, seed=465), LABELS),
    tcase("mint.nn.CrossEntropyLoss/weight_ignore", lambda m, x, t, w: _N(m).CrossEntropyLoss(w, ignore_index=2)(
        x, t), F32(4, 5, seed=465), LABELS, F32(5, low=0.1, high=2.0)),
    tcase("mint.nn.CrossEntropyLoss/probs", lambda m, x, p: _N(m).CrossEntropyLoss()(x, p), F32(4, 5, seed=465),
          F32(4, 5, low=0.0, high=1.0, seed=466)),
    tcase("mint.nn.CrossEntropyLoss/spatial", lambda m, x, t: _N(m).CrossEntropyLoss()(x, t), F32(2, 3, 2, 2, seed=467),
          np.array([[[0, 2], [1, 1]], [[2, 0], [0, 1]]], np.int64)),
    case("mint.nn.SmoothL1Loss/beta", lambda ms, x, y: _N(ms).SmoothL1Loss(beta=0.3)(x, y), X, Y),
    tcase("mint.nn.KLDivLoss/batchmean_log_target", lambda m, x, t: _N(m).KLDivLoss(reduction="batchmean",
                                                                                    log_target=True)(x, t),
          F32(3, 4, low=-3.0, high=-0.1), F32(3, 4, low=-3.0, high=-0.1, seed=5)),
    tcase("mint.nn.CosineEmbeddingLoss/margin", lambda m, a, b, t: _N(m).CosineEmbeddingLoss(0.2)(a, b, t),
          F32(3, 4), F32(3, 4, seed=2), np.array([1, -1, -1], np.float32)),
    tcase("mint.nn.MSELoss/grad", lambda m, x, y: _grad(m, lambda u: _N(m).MSELoss()(u, y), x), X, Y),
    tcase("mint.nn.L1Loss/grad", lambda m, x, y: _grad(m, lambda u: _N(m).L1Loss()(u, y), x), X, Y),
    tcase("mint.nn.CrossEntropyLoss/grad", lambda m, x, t: _grad(m, lambda u: _N(m).CrossEntropyLoss()(u, t), x),
          F32(4, 5, seed=465), LABELS),
    tcase("mint.nn.KLDivLoss/grad", lambda m, x, t: _grad(m, lambda u: _N(m).KLDivLoss(reduction="sum")(u, t), x),
          F32(3, 4, low=-3.0, high=-0.1), F32(3, 4, low=0.1, high=1.0)),
    case("mint.nn.BCEWithLogitsLoss/grad", lambda ms, x, t: ms.grad(lambda u: _N(ms).BCEWithLogitsLoss()(u, t))(x),
         X, T01),
    # MindSpore raises when the loss is computed (converting the reduction to its enum)
    case("mint.nn.MSELoss/bad_reduction", lambda ms, x, y: _N(ms).MSELoss(reduction="avg")(x, y), X, Y, error=True),
    case("mint.nn.L1Loss/bad_reduction", lambda ms, x, y: _N(ms).L1Loss(reduction="max")(x, y), X, Y, error=True),
    case("mint.nn.BCEWithLogitsLoss/bad_reduction", lambda ms, x, t: _N(ms).BCEWithLogitsLoss(reduction="x")(x, t),
         X, T01, error=True),
]
CASES += both_modes("mint.nn.SmoothL1Loss/cover_modes", lambda ms, x, y: _N(ms).SmoothL1Loss()(x, y), X, Y)
CASES += both_modes("mint.nn.NLLLoss/cover_modes", lambda ms, x, t: _N(ms).NLLLoss()(x, t), F32(4, 5, seed=464),
                    LABELS)
