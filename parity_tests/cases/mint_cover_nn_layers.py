"""mindspore.mint.nn layers: construction (parameter names, shapes, requires_grad and the fixed or
bounded initial values, as MindSpore makes them), forward values with the same weights on both
sides, gradients of inputs and weights, GRAPH_MODE for a representative set, and bad arguments.

Oracle: real MindSpore 2.10 CPU where its build runs the layer (``Linear``, ``GroupNorm``,
``Softplus``-like activations, ``Hardswish``, ``PixelShuffle``, ``NLLLoss``, ``SmoothL1Loss``,
``BCELoss``, ``Upsample`` nearest, ...); where a layer's pyboost kernel is unregistered there
(``Conv*Ext``, ``ConvTranspose2D``, ``BatchNormExt``, ``LayerNormExt``, ``Embedding``,
``AvgPool*``, ``AdaptiveAvgPool*``, ``FuncMaxPool2D``, ``EluExt``, ``SeLUExt``, ``MishExt``,
``LogSigmoid``, ``Hardtanh``, ``Threshold``, ``GeluExt``, ``LogSoftmaxExt``, ``L1LossExt``,
``MSELossExt``, ``KLDiv``, pads), the case has an ``ms_ref``: the documented result with
MindSpore ops its CPU runs, on the same inputs and weights. Construction needs no kernel, so
parameter cases always run the mint layer on both sides."""
import numpy as np

from parity_tests.harness import case, both_modes, F32, F16

LABELS = np.array([0, 2, 1, 3], np.int64)


def _N(ms):
    return ms.mint.nn


def _params(net):
    return [(p.name, tuple(p.shape), str(p.dtype), bool(p.requires_grad)) for p in net.get_parameters()]


def _set(net, **values):
    for name, v in values.items():
        getattr(net, name).set_data(v)
    return net


def _wsum_grad(ms, layer, x, w):
    return ms.grad(lambda u: (layer(u) * w).sum())(x)


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


def _split_grads(g):
    """``(input grad, (weight grads...))``, the layout ``ms.grad(fn, 0, weights)`` returns."""
    return g[0], tuple(g[1:])


def _conv2d(ms, w, b, **kw):
    return _set(_N(ms).Conv2d(w.shape[1] * kw.get("groups", 1), w.shape[0], tuple(w.shape[2:]), **kw), weight=w,
                bias=b)


def _ref_conv2d(ms, x, w, b, stride=1, padding=0, dilation=1, groups=1):
    return ms.ops.conv2d(x, w, None, stride, "pad" if padding else "valid", padding, dilation, groups) \
        + b.reshape(1, -1, 1, 1)


for i, (xs, ws, kw) in enumerate([((1, 2, 5, 5), (3, 2, 3, 3), {}),
                                  ((2, 2, 6, 6), (4, 2, 3, 3), dict(stride=2, padding=1)),
                                  ((1, 4, 5, 5), (4, 2, 3, 3), dict(groups=2, padding=1)),
                                  ((1, 2, 7, 7), (2, 2, 3, 3), dict(dilation=2, padding=2))]):
    X, W, B = F32(*xs, seed=330 + i), F32(*ws, seed=340 + i), F32(ws[0], seed=350 + i)
    CASES += [
        case(f"mint.nn.Conv2d/forward{i}", lambda ms, x, w, b, kw=kw: _conv2d(ms, w, b, **kw)(x), X, W, B,
             ms_ref=lambda ms, x, w, b, kw=kw: _ref_conv2d(ms, x, w, b, **kw), rtol=1e-4, atol=1e-5),
        case(f"mint.nn.Conv2d/grad_weights{i}", lambda ms, x, w, b, kw=kw: (lambda net: ms.grad(
            lambda u: (net(u) ** 2).sum(), 0, net.trainable_params())(x))(_conv2d(ms, w, b, **kw)), X, W, B,
             ms_ref=lambda ms, x, w, b, kw=kw: _split_grads(ms.grad(
                 lambda u, v, c: (_ref_conv2d(ms, u, v, c, **kw) ** 2).sum(), (0, 1, 2))(x, w, b)),
             rtol=1e-4, atol=1e-4),
    ]
CASES += [
    case("mint.nn.Conv2d/padding_same", lambda ms, x, w, b: _conv2d(ms, w, b, padding="same")(x), F32(1, 2, 5, 5),
         F32(3, 2, 3, 3, seed=4), F32(3, seed=5),
         ms_ref=lambda ms, x, w, b: ms.ops.conv2d(x, w, None, 1, "same") + b.reshape(1, -1, 1, 1), rtol=1e-4,
         atol=1e-5),
    case("mint.nn.Conv2d/padding_reflect", lambda ms, x, w, b: _conv2d(ms, w, b, padding=1, padding_mode="reflect")(x),
         F32(1, 2, 5, 5), F32(3, 2, 3, 3, seed=4), F32(3, seed=5),
         ms_ref=lambda ms, x, w, b: _ref_conv2d(ms, ms.ops.pad(x, (1, 1, 1, 1), mode="reflect"), w, b), rtol=1e-4,
         atol=1e-5),
    case("mint.nn.Conv2d/padding_circular", lambda ms, x, w, b: _conv2d(ms, w, b, padding=1,
                                                                        padding_mode="circular")(x),
         F32(1, 2, 5, 5), F32(3, 2, 3, 3, seed=4), F32(3, seed=5),
         ms_ref=lambda ms, x, w, b: _ref_conv2d(ms, ms.ops.pad(x, (1, 1, 1, 1), mode="circular"), w, b), rtol=1e-4,
         atol=1e-5),
    case("mint.nn.Conv1d/forward", lambda ms, x, w, b: _set(_N(ms).Conv1d(2, 3, 3, padding=1), weight=w, bias=b)(x),
         F32(2, 2, 7), F32(3, 2, 3, seed=6), F32(3, seed=7),
         ms_ref=lambda ms, x, w, b: ms.ops.conv1d(x, w, b, 1, "pad", 1), rtol=1e-4, atol=1e-5),
    case("mint.nn.Conv3d/forward", lambda ms, x, w, b: _set(_N(ms).Conv3d(2, 3, 2), weight=w, bias=b)(x),
         F32(1, 2, 4, 4, 4), F32(3, 2, 2, 2, 2, seed=8), F32(3, seed=9),
         ms_ref=lambda ms, x, w, b: ms.ops.conv3d(x, w) + b.reshape(1, -1, 1, 1, 1), rtol=1e-4, atol=1e-5),
    case("mint.nn.ConvTranspose2d/forward", lambda ms, x, w, b: _set(_N(ms).ConvTranspose2d(2, 3, 3), weight=w,
                                                                     bias=b)(x),
         F32(1, 2, 4, 4), F32(2, 3, 3, 3, seed=10), F32(3, seed=11),
         ms_ref=lambda ms, x, w, b: ms.ops.Conv2DTranspose(3, 3)(x, w, (1, 3, 6, 6)) + b.reshape(1, -1, 1, 1),
         rtol=1e-4, atol=1e-5),
    case("mint.nn.ConvTranspose2d/stride2", lambda ms, x, w, b: _set(_N(ms).ConvTranspose2d(2, 3, 3, stride=2,
                                                                                            padding=1), weight=w,
                                                                     bias=b)(x),
         F32(1, 2, 4, 4), F32(2, 3, 3, 3, seed=10), F32(3, seed=11),
         ms_ref=lambda ms, x, w, b: ms.ops.Conv2DTranspose(3, 3, "pad", (1, 1, 1, 1), stride=2)(x, w, (1, 3, 7, 7))
         + b.reshape(1, -1, 1, 1), rtol=1e-4, atol=1e-5),
]
CASES += both_modes("mint.nn.Conv2d/cover_modes", lambda ms, x, w, b: _conv2d(ms, w, b, padding=1)(x),
                    F32(1, 2, 5, 5), F32(3, 2, 3, 3), F32(3),
                    ms_ref=lambda ms, x, w, b: _ref_conv2d(ms, x, w, b, padding=1), rtol=1e-4, atol=1e-5)


# normalization layers
def _ref_norm(ms, x, axes, w=None, b=None, eps=1e-5):
    m = x.mean(axis=axes, keep_dims=True)
    v = ((x - m) ** 2).mean(axis=axes, keep_dims=True)
    y = (x - m) / ms.ops.sqrt(v + eps)
    return y if w is None else y * w + b


def _bn(ms, cls, n, w, b):
    """A batch norm in training mode (MindSpore's Cells start in eval mode: ``training`` False)."""
    return _set(getattr(_N(ms), cls)(n), weight=w, bias=b).set_train(True)


for cls, xs in (("BatchNorm1d", (4, 3)), ("BatchNorm1d", (4, 3, 5)), ("BatchNorm2d", (2, 3, 4, 4)),
                ("BatchNorm3d", (2, 3, 2, 2, 2))):
    axes = (0,) + tuple(range(2, len(xs)))
    shp = (1, 3) + (1,) * (len(xs) - 2)
    tag = f"{cls}_{len(xs)}d"
    X, W, B = F32(*xs, seed=360 + len(xs)), F32(3, seed=370), F32(3, seed=371)
    CASES += [
        case(f"mint.nn.{tag}/train", lambda ms, x, w, b, c=cls: _bn(ms, c, 3, w, b)(x), X, W, B,
             ms_ref=lambda ms, x, w, b, a=axes, s=shp: _ref_norm(ms, x, a, w.reshape(s), b.reshape(s)),
             rtol=1e-5, atol=1e-5),
        case(f"mint.nn.{tag}/running_stats", lambda ms, x, w, b, c=cls: (lambda net: (
            net(x), net.running_mean.asnumpy(), net.running_var.asnumpy())[1:])(_bn(ms, c, 3, w, b)), X, W, B,
             ms_ref=lambda ms, x, w, b, a=axes: (
                 (x.mean(axis=a) * 0.1).asnumpy(), (0.9 + 0.1 * ((x - x.mean(axis=a, keep_dims=True)) ** 2).sum(axis=a)
                                                    / (x.size // 3 - 1)).asnumpy()), rtol=1e-5, atol=1e-6),
        case(f"mint.nn.{tag}/eval", lambda ms, x, w, b, c=cls: _bn(ms, c, 3, w, b).set_train(False)(x), X, W, B,
             ms_ref=lambda ms, x, w, b, s=shp: x / np.float32(np.sqrt(1 + 1e-5)) * w.reshape(s) + b.reshape(s)),
        case(f"mint.nn.{tag}/grad", lambda ms, x, w, b, c=cls: (lambda net: ms.grad(
            lambda u: (net(u) * u).sum(), 0, net.trainable_params())(x))(_bn(ms, c, 3, w, b)), X, W, B,
             ms_ref=lambda ms, x, w, b, a=axes, s=shp: _split_grads(ms.grad(
                 lambda u, v, e: (_ref_norm(ms, u, a, v.reshape(s), e.reshape(s)) * u).sum(), (0, 1, 2))(x, w, b)),
             rtol=1e-4, atol=1e-5),
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
    axes = tuple(range(len(xs) - len(ns), len(xs)))
    X, W, B = F32(*xs, seed=400 + i), F32(*ns, seed=410 + i), F32(*ns, seed=420 + i)
    CASES += [
        case(f"mint.nn.LayerNorm/cover_forward{i}", lambda ms, x, w, b, ns=ns: _set(_N(ms).LayerNorm(ns), weight=w,
                                                                                   bias=b)(x), X, W, B,
             ms_ref=lambda ms, x, w, b, a=axes: _ref_norm(ms, x, a, w, b)),
        case(f"mint.nn.LayerNorm/cover_grad{i}", lambda ms, x, w, b, ns=ns: (lambda net: ms.grad(
            lambda u: (net(u) * u).sum(), 0, net.trainable_params())(x))(_set(_N(ms).LayerNorm(ns), weight=w,
                                                                               bias=b)), X, W, B,
             ms_ref=lambda ms, x, w, b, a=axes: _split_grads(ms.grad(
                 lambda u, v, e: (_ref_norm(ms, u, a, v, e) * u).sum(), (0, 1, 2))(x, w, b)), rtol=1e-4, atol=1e-5),
    ]
CASES += both_modes("mint.nn.LayerNorm/cover_modes", lambda ms, x: _N(ms).LayerNorm(4)(x), F32(2, 3, 4),
                    ms_ref=lambda ms, x: _ref_norm(ms, x, (2,)))
CASES += both_modes("mint.nn.BatchNorm2d/cover_modes", lambda ms, x: _N(ms).BatchNorm2d(3).set_train(True)(x),
                    F32(2, 3, 3, 3),
                    ms_ref=lambda ms, x: _ref_norm(ms, x, (0, 2, 3)), rtol=1e-5, atol=1e-5)

# embedding
CASES += [
    case("mint.nn.Embedding/cover_forward", lambda ms, i, w: _set(_N(ms).Embedding(5, 3), weight=w)(i),
         np.array([[0, 4], [2, 2]], np.int64), F32(5, 3), ms_ref=lambda ms, i, w: ms.ops.gather(w, i, 0)),
    case("mint.nn.Embedding/grad_weight", lambda ms, i, w: (lambda net: ms.grad(
        lambda u: (net(u) ** 2).sum(), None, net.trainable_params())(i))(_set(_N(ms).Embedding(5, 3), weight=w)),
         np.array([[0, 4], [2, 2]], np.int64), F32(5, 3),
         ms_ref=lambda ms, i, w: (ms.grad(lambda v: (ms.ops.gather(v, i, 0) ** 2).sum())(w),)),
]


# ------------------------------------------------------------------ activation layers
# (mint.nn class, constructor args, ms_ref or None where MindSpore's CPU runs the layer)
ACT_LAYERS = [
    ("ReLU", (), None), ("Sigmoid", (), None), ("Tanh", (), None), ("SiLU", (), None),
    ("Hardshrink", (), None), ("Hardshrink", (0.8,), None), ("Softshrink", (), None), ("Softshrink", (1.1,), None),
    ("Hardsigmoid", (), None), ("Hardswish", (), None), ("Softmax", (1,), None), ("Softmax", (0,), None),
    ("GLU", (), None), ("GLU", (0,), None),
    ("ELU", (), lambda ms, x: ms.ops.elu(x)),
    ("ELU", (0.5,), lambda ms, x: ms.ops.where(x > 0, x, (ms.ops.exp(x) - 1) * 0.5)),
    ("SELU", (), lambda ms, x: ms.ops.selu(x)),  # its gradient: GRAD_REF below
    ("Mish", (), lambda ms, x: ms.ops.mish(x)),
    ("LogSigmoid", (), lambda ms, x: -ms.ops.softplus(-x)),
    ("ReLU6", (), lambda ms, x: ms.ops.clamp(x, 0.0, 6.0)),
    ("Hardtanh", (), lambda ms, x: ms.ops.clamp(x, -1.0, 1.0)),
    ("Hardtanh", (-0.5, 2.0), lambda ms, x: ms.ops.clamp(x, -0.5, 2.0)),
    ("Threshold", (0.1, 20.0), lambda ms, x: ms.ops.where(x > 0.1, x, ms.ops.full_like(x, 20.0))),
    ("GELU", (), lambda ms, x: ms.ops.gelu(x)),
    ("GELU", ("tanh",), lambda ms, x: ms.ops.gelu(x, "tanh")),
    ("LogSoftmax", (1,), lambda ms, x: x - ms.ops.logsumexp(x, 1, True)),
    ("LogSoftmax", (0,), lambda ms, x: x - ms.ops.logsumexp(x, 0, True)),
]
# MindSpore's CPU SeLU gradient is not d/dx of its SeLU: the documented derivative instead
GRAD_REF = {"SELU": lambda ms, x, w: ms.ops.where(x > 0, ms.ops.full_like(x, 1.0507009873554805),
                                                  ms.ops.exp(x) * (1.0507009873554805 * 1.6732632423543772)) * w}
for cls, args, ref in ACT_LAYERS:
    tag = f"{cls}" + ("_" + "_".join(str(a) for a in args) if args else "")
    mk = (lambda c, a: lambda ms: getattr(_N(ms), c)(*a))(cls, args)
    scale = 4.0 if cls in ("ReLU6", "Hardtanh") else 1.0
    X = F32(4, 4, seed=430) * np.float32(scale)
    W = F32(*{(): (4, 2), (0,): (2, 4)}[args] if cls == "GLU" else (4, 4), seed=431)
    CASES += [
        case(f"mint.nn.{tag}/layer_forward", lambda ms, x, mk=mk: mk(ms)(x), X, ms_ref=ref),
        case(f"mint.nn.{tag}/layer_f16", lambda ms, x, mk=mk: mk(ms)(x), X.astype(np.float16), ms_ref=ref),
        case(f"mint.nn.{tag}/layer_3d", lambda ms, x, mk=mk: mk(ms)(x), F32(2, 4, 4, seed=432) * np.float32(scale),
             ms_ref=ref),
        case(f"mint.nn.{tag}/layer_grad", lambda ms, x, w, mk=mk: _wsum_grad(ms, mk(ms), x, w), X, W,
             ms_ref=GRAD_REF.get(cls) or (None if ref is None else (
                 lambda r: lambda ms, x, w: _wsum_grad(ms, lambda u: r(ms, u), x, w))(ref))),
    ]
for cls, args, ref in [("Hardswish", (), None), ("GELU", (), lambda ms, x: ms.ops.gelu(x)), ("Softmax", (1,), None),
                       ("ELU", (), lambda ms, x: ms.ops.elu(x))]:
    CASES.append(case(f"mint.nn.{cls}/layer_graph", lambda ms, x, c=cls, a=args: getattr(_N(ms), c)(*a)(x),
                      F32(3, 4, seed=433), ms_ref=ref, mode="graph"))
CASES += [
    case("mint.nn.PReLU/forward_default", lambda ms, x: _N(ms).PReLU()(x), F32(2, 3, 4)),
    case("mint.nn.PReLU/forward_channels", lambda ms, x, w: _set(_N(ms).PReLU(3), weight=w)(x), F32(2, 3, 4),
         np.array([0.1, -0.2, 0.3], np.float32)),
    case("mint.nn.PReLU/grad_weight", lambda ms, x: (lambda net: ms.grad(
        lambda u: net(u).sum(), None, net.trainable_params())(x))(_N(ms).PReLU(3)), F32(2, 3, 4)),
    case("mint.nn.Dropout/eval_identity", lambda ms, x: _N(ms).Dropout(0.7).set_train(False)(x), F32(3, 4)),
    case("mint.nn.Dropout/p0_train", lambda ms, x: _N(ms).Dropout(0.0)(x), F32(3, 4), ms_ref=lambda ms, x: x),
    case("mint.nn.Dropout2d/eval", lambda ms, x: _N(ms).Dropout2d(0.5).set_train(False)(x), F32(2, 3, 2, 2),
         ms_ref=lambda ms, x: x),
    case("mint.nn.Identity/args_ignored", lambda ms, x: _N(ms).Identity(3, k=1)(x), F32(3, 4)),
    case("mint.nn.Flatten/start_end", lambda ms, x: _N(ms).Flatten(0, 1)(x), F32(2, 3, 4)),
    case("mint.nn.Flatten/default", lambda ms, x: _N(ms).Flatten()(x), F32(2, 3, 4, 2)),
]


# ------------------------------------------------------------------ pooling, padding, resampling layers
def _pool_ref_avg(ms, x, k):
    n, c, h, w = x.shape
    return x.reshape(n, c, h // k, k, w // k, k).mean(axis=(3, 5))


for i, (xs, k) in enumerate([((1, 2, 4, 4), 2), ((2, 1, 6, 6), 3), ((1, 3, 6, 4), 2)]):
    X = F32(*xs, seed=440 + i)
    CASES += [
        case(f"mint.nn.AvgPool2d/cover{i}", lambda ms, x, k=k: _N(ms).AvgPool2d(k)(x), X,
             ms_ref=lambda ms, x, k=k: _pool_ref_avg(ms, x, k)),
        case(f"mint.nn.MaxPool2d/cover{i}", lambda ms, x, k=k: _N(ms).MaxPool2d(k)(x), X,
             ms_ref=lambda ms, x, k=k: ms.ops.max_pool2d(x, k, k)),
        case(f"mint.nn.AdaptiveAvgPool2d/cover{i}", lambda ms, x, k=k: _N(ms).AdaptiveAvgPool2d(
            (x.shape[2] // k, x.shape[3] // k))(x), X, ms_ref=lambda ms, x, k=k: _pool_ref_avg(ms, x, k)),
        case(f"mint.nn.AdaptiveMaxPool2d/cover{i}", lambda ms, x, k=k: _N(ms).AdaptiveMaxPool2d(
            (x.shape[2] // k, x.shape[3] // k))(x), X),
    ]
CASES += [
    case("mint.nn.MaxPool2d/indices", lambda ms, x: _N(ms).MaxPool2d(2, return_indices=True)(x), F32(1, 2, 4, 4),
         ms_ref=lambda ms, x: ms.ops.max_pool2d(x, 2, 2, return_indices=True)),
    case("mint.nn.MaxPool2d/stride_pad", lambda ms, x: _N(ms).MaxPool2d(3, 2, 1)(x), F32(1, 2, 5, 5),
         ms_ref=lambda ms, x: ms.ops.max_pool2d(x, 3, 2, 1)),
    case("mint.nn.MaxUnpool2d/roundtrip", lambda ms, x: _N(ms).MaxUnpool2d(2)(*_N(ms).MaxPool2d(
        2, return_indices=True)(x)), F32(1, 2, 4, 4),
         ms_ref=lambda ms, x: ms.ops.max_unpool2d(*ms.ops.max_pool2d(x, 2, 2, return_indices=True), 2)),
    case("mint.nn.AvgPool2d/stride_pad", lambda ms, x: _N(ms).AvgPool2d(3, 2, 1)(x), F32(1, 2, 5, 5),
         ms_ref=lambda ms, x: ms.ops.avg_pool2d(x, 3, 2, 1)),
    case("mint.nn.AvgPool1d/k2", lambda ms, x: _N(ms).AvgPool1d(2)(x), F32(2, 3, 6),
         ms_ref=lambda ms, x: x.reshape(2, 3, 3, 2).mean(axis=3)),
    case("mint.nn.AdaptiveAvgPool1d/half", lambda ms, x: _N(ms).AdaptiveAvgPool1d(3)(x), F32(2, 2, 6),
         ms_ref=lambda ms, x: x.reshape(2, 2, 3, 2).mean(axis=3)),
    case("mint.nn.AdaptiveMaxPool1d/half", lambda ms, x: _N(ms).AdaptiveMaxPool1d(3)(x), F32(2, 2, 6),
         ms_ref=lambda ms, x: x.reshape(2, 2, 3, 2).max(axis=3)),
    case("mint.nn.AdaptiveAvgPool3d/half", lambda ms, x: _N(ms).AdaptiveAvgPool3d(2)(x), F32(1, 2, 4, 4, 4),
         ms_ref=lambda ms, x: x.reshape(1, 2, 2, 2, 2, 2, 2, 2).mean(axis=(3, 5, 7))),
    case("mint.nn.AdaptiveAvgPool2d/grad", lambda ms, x: ms.grad(lambda u: (_N(ms).AdaptiveAvgPool2d(1)(u) ** 2)
                                                                 .sum())(x), F32(1, 2, 3, 3),
         ms_ref=lambda ms, x: ms.grad(lambda u: (u.mean(axis=(2, 3)) ** 2).sum())(x)),
]
PAD_LAYERS = [("ZeroPad1d", 2, (1, 2, 4)), ("ZeroPad2d", (1, 0, 2, 1), (1, 2, 3, 3)),
              ("ZeroPad3d", 1, (1, 1, 2, 2, 2)), ("ConstantPad1d", (2, 1), (1, 2, 4)),
              ("ConstantPad2d", 1, (1, 2, 3, 3)), ("ConstantPad3d", (1, 0, 0, 1, 1, 0), (1, 1, 2, 2, 2)),
              ("ReflectionPad1d", 2, (1, 2, 4)), ("ReflectionPad2d", (1, 1, 2, 0), (1, 2, 3, 4)),
              ("ReflectionPad3d", 1, (1, 3, 3, 3)), ("ReplicationPad1d", (1, 3), (1, 2, 4)),
              ("ReplicationPad2d", 2, (1, 2, 3, 3)), ("ReplicationPad3d", (1, 1, 0, 2, 1, 0), (1, 1, 2, 3, 2))]


def _full_pad(p, nd):
    return (p,) * (2 * nd) if isinstance(p, int) else p


for cls, p, xs in PAD_LAYERS:
    nd = int(cls[-2])
    fp = _full_pad(p, nd)
    mode = "reflect" if cls.startswith("Reflection") else ("replicate" if cls.startswith("Replication") else "constant")
    const = cls.startswith("Constant")
    mk = (lambda c, p, k: (lambda ms: getattr(_N(ms), c)(p, 1.5)) if k else (lambda ms: getattr(_N(ms), c)(p)))(
        cls, p, const)
    ref = (lambda fp, m, k: (lambda ms, x: ms.ops.pad(x, fp, mode=m, value=1.5 if k else None) if m == "constant"
                             else ms.ops.pad(x, fp, mode=m)))(fp, mode, const)
    if cls == "ReflectionPad3d":    # MindSpore's CPU PadV3 reflects at most 4-D: H and W, then D moved last
        ref = lambda ms, x: ms.ops.pad(ms.ops.pad(x, (1, 1, 1, 1), mode="reflect").transpose(0, 2, 3, 1),  # noqa
                                       (1, 1, 0, 0), mode="reflect").transpose(0, 3, 1, 2)
    CASES += [
        case(f"mint.nn.{cls}/forward", lambda ms, x, mk=mk: mk(ms)(x), F32(*xs, seed=450), ms_ref=ref),
        case(f"mint.nn.{cls}/grad", lambda ms, x, mk=mk: ms.grad(lambda u: (mk(ms)(u) ** 2).sum())(x),
             F32(*xs, seed=451), ms_ref=lambda ms, x, ref=ref: ms.grad(lambda u: (ref(ms, u) ** 2).sum())(x)),
    ]
CASES += [
    case("mint.nn.Upsample/nearest_size", lambda ms, x: _N(ms).Upsample(size=(4, 5))(x), F32(1, 2, 2, 3)),
    case("mint.nn.Upsample/nearest_scale3", lambda ms, x: _N(ms).Upsample(scale_factor=3.0)(x), F32(1, 1, 2, 2)),
    case("mint.nn.Upsample/bilinear", lambda ms, x: _N(ms).Upsample(scale_factor=2.0, mode="bilinear")(x),
         F32(1, 2, 3, 3), ms_ref=lambda ms, x: ms.ops.ResizeBilinearV2(False, True)(x, (6, 6))),
    case("mint.nn.Upsample/bilinear_align", lambda ms, x: _N(ms).Upsample(size=(5, 5), mode="bilinear",
                                                                           align_corners=True)(x),
         F32(1, 2, 3, 3), ms_ref=lambda ms, x: ms.ops.ResizeBilinearV2(True, False)(x, (5, 5))),
    case("mint.nn.UpsamplingNearest2d/size", lambda ms, x: _N(ms).UpsamplingNearest2d(size=(4, 6))(x),
         F32(1, 2, 2, 3)),
    case("mint.nn.UpsamplingBilinear2d/size", lambda ms, x: _N(ms).UpsamplingBilinear2d(size=(4, 5))(x),
         F32(1, 2, 2, 3), ms_ref=lambda ms, x: ms.ops.ResizeBilinearV2(True, False)(x, (4, 5))),
    case("mint.nn.PixelShuffle/r2", lambda ms, x: _N(ms).PixelShuffle(2)(x), F32(1, 8, 2, 3)),
    case("mint.nn.Fold/unfold_roundtrip", lambda ms, x: _N(ms).Fold((3, 3), 2)(_N(ms).Unfold(2)(x)),
         F32(1, 1, 3, 3), ms_ref=lambda ms, x: x * ms.Tensor(np.array([[1, 2, 1], [2, 4, 2], [1, 2, 1]], np.float32))),
]


# ------------------------------------------------------------------ loss layers
X, Y = F32(3, 4, seed=460), F32(3, 4, seed=461)
P01, T01 = F32(3, 4, low=0.05, high=0.95, seed=462), F32(3, 4, low=0.0, high=1.0, seed=463)


def _red(v, r):
    return v.mean() if r == "mean" else (v.sum() if r == "sum" else v)


for r in ("mean", "sum", "none"):
    CASES += [
        case(f"mint.nn.L1Loss/loss_{r}", lambda ms, x, y, r=r: _N(ms).L1Loss(reduction=r)(x, y), X, Y,
             ms_ref=lambda ms, x, y, r=r: _red(ms.ops.abs(x - y), r)),
        case(f"mint.nn.MSELoss/loss_{r}", lambda ms, x, y, r=r: _N(ms).MSELoss(reduction=r)(x, y), X, Y,
             ms_ref=lambda ms, x, y, r=r: _red((x - y) ** 2, r)),
        case(f"mint.nn.SmoothL1Loss/loss_{r}", lambda ms, x, y, r=r: _N(ms).SmoothL1Loss(reduction=r)(x, y), X, Y),
        case(f"mint.nn.BCELoss/loss_{r}", lambda ms, p, t, r=r: _N(ms).BCELoss(reduction=r)(p, t), P01, T01),
        case(f"mint.nn.BCEWithLogitsLoss/loss_{r}", lambda ms, x, t, r=r: _N(ms).BCEWithLogitsLoss(reduction=r)(x, t),
             X, T01),
        case(f"mint.nn.NLLLoss/loss_{r}", lambda ms, x, t, r=r: _N(ms).NLLLoss(reduction=r)(x, t), F32(4, 5, seed=464),
             LABELS),
        case(f"mint.nn.CrossEntropyLoss/loss_{r}", lambda ms, x, t, r=r: _N(ms).CrossEntropyLoss(reduction=r)(x, t),
             F32(4, 5, seed=465), LABELS,
             ms_ref=lambda ms, x, t, r=r: _red(-ms.ops.gather_elements(x - ms.ops.logsumexp(x, 1, True), 1,
                                                                       t.reshape(-1, 1)).reshape(-1), r)),
        case(f"mint.nn.KLDivLoss/loss_{r}", lambda ms, x, t, r=r: _N(ms).KLDivLoss(reduction=r)(x, t),
             F32(3, 4, low=-3.0, high=-0.1), F32(3, 4, low=0.1, high=1.0),
             ms_ref=lambda ms, x, t, r=r: _red(t * (ms.ops.log(t) - x), r)),
        case(f"mint.nn.SoftMarginLoss/loss_{r}", lambda ms, x, y, r=r: _N(ms).SoftMarginLoss(reduction=r)(x, y), X,
             np.sign(Y).astype(np.float32), ms_ref=lambda ms, x, y, r=r: _red(ms.ops.softplus(-y * x), r)),
    ]
CASES += [
    case("mint.nn.BCELoss/weight", lambda ms, p, t, w: _N(ms).BCELoss(w)(p, t), P01, T01,
         F32(3, 4, low=0.1, high=2.0)),
    case("mint.nn.BCEWithLogitsLoss/pos_weight", lambda ms, x, t, pw: _N(ms).BCEWithLogitsLoss(pos_weight=pw)(x, t),
         X, T01, F32(4, low=0.5, high=3.0)),
    case("mint.nn.NLLLoss/weight_ignore", lambda ms, x, t, w: _N(ms).NLLLoss(w, ignore_index=1)(x, t),
         F32(4, 5, seed=464), LABELS, F32(5, low=0.1, high=2.0)),
    case("mint.nn.CrossEntropyLoss/label_smoothing", lambda ms, x, t: _N(ms).CrossEntropyLoss(label_smoothing=0.1)(
        x, t), F32(4, 5, seed=465), LABELS,
         ms_ref=lambda ms, x, t: -((x - ms.ops.logsumexp(x, 1, True)) * (
             ms.ops.one_hot(t.astype(ms.int32), 5, ms.Tensor(1.0), ms.Tensor(0.0)) * 0.9 + 0.02)).sum(axis=1).mean()),
    case("mint.nn.SmoothL1Loss/beta", lambda ms, x, y: _N(ms).SmoothL1Loss(beta=0.3)(x, y), X, Y),
    case("mint.nn.KLDivLoss/batchmean_log_target", lambda ms, x, t: _N(ms).KLDivLoss("batchmean", True)(x, t),
         F32(3, 4, low=-3.0, high=-0.1), F32(3, 4, low=-3.0, high=-0.1, seed=5),
         ms_ref=lambda ms, x, t: (ms.ops.exp(t) * (t - x)).sum() / 3),
    case("mint.nn.CosineEmbeddingLoss/margin", lambda ms, a, b, t: _N(ms).CosineEmbeddingLoss(0.2)(a, b, t),
         F32(3, 4), F32(3, 4, seed=2), np.array([1, -1, -1], np.float32),
         ms_ref=lambda ms, a, b, t: (lambda cos: ms.ops.where(t > 0, 1 - cos, ms.ops.clamp(cos - 0.2, min=0.0))
                                     .mean())((a * b).sum(axis=1) / ms.ops.sqrt((a * a).sum(axis=1) * (b * b)
                                                                                .sum(axis=1)))),
    case("mint.nn.MSELoss/grad", lambda ms, x, y: ms.grad(lambda u: _N(ms).MSELoss()(u, y))(x), X, Y,
         ms_ref=lambda ms, x, y: (x - y) * (2.0 / 12)),
    case("mint.nn.CrossEntropyLoss/grad", lambda ms, x, t: ms.grad(lambda u: _N(ms).CrossEntropyLoss()(u, t))(x),
         F32(4, 5, seed=465), LABELS,
         ms_ref=lambda ms, x, t: (ms.ops.softmax(x, 1) - ms.ops.one_hot(t.astype(ms.int32), 5, ms.Tensor(1.0),
                                                                       ms.Tensor(0.0))) / 4),
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
