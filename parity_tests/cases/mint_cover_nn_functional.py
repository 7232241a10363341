"""mindspore.mint.nn.functional, the nn functions (activations, normalizations, convolutions,
pooling, losses, dropout, interpolation, padding, embedding, one_hot): values over several shapes
and dtypes, gradients, GRAPH_MODE, and bad arguments.

Oracle: real MindSpore 2.10 CPU where its build runs the mint op (``softplus``, ``hardswish``,
``group_norm``, ``nll_loss``, ``binary_cross_entropy``, nearest/trilinear ``interpolate``,
circular ``pad``, ...). Where the pyboost kernel is unregistered there (``EluExt``, ``SeLUExt``,
``MishExt``, ``LogSigmoid``, ``Hardtanh``, ``Threshold``, ``LeakyReLUExt``, ``GeluExt``,
``LogSoftmaxExt``, ``L1LossExt``, ``MSELossExt``, ``KLDiv``, ``AvgPool1D/2D``,
``AdaptiveAvgPool*``, ``FuncMaxPool2D``, ``BatchNormExt``, ``LayerNormExt``, ``Embedding``,
``UpsampleBilinear2D``, ``ReflectionPad*``, ``ReplicationPad*``, ``ConstantPadND``,
``ConvTranspose2D``, ``SoftplusGradExt``; ``conv1d``/``conv3d`` raise "only supports Ascend"), the
case has an ``ms_ref``: the documented (PyTorch-aligned) result written with MindSpore ops its CPU
runs."""
import numpy as np

from parity_tests.harness import case, both_modes, F32, F16

SHAPES = [(2, 3), (3, 4, 5), (2, 1, 3, 4)]
LABELS = np.array([0, 2, 1, 3], np.int64)


def _F(ms):
    return ms.mint.nn.functional


def _wsum(ms, fn, x, w):
    """Gradient of a weighted sum (a plain sum would hide softmax-like gradients)."""
    return ms.grad(lambda u: (fn(u) * w).sum())(x)


# ------------------------------------------------------------------ activations
# name -> (mint call, ms_ref or None when MindSpore's CPU runs the mint op)
ACT = {
    "relu": (lambda ms, x: _F(ms).relu(x), None),
    "sigmoid": (lambda ms, x: _F(ms).sigmoid(x), None),
    "tanh": (lambda ms, x: _F(ms).tanh(x), None),
    "silu": (lambda ms, x: _F(ms).silu(x), None),
    "softplus": (lambda ms, x: _F(ms).softplus(x), None),
    "softplus_beta": (lambda ms, x: _F(ms).softplus(x, 2.0, 1.0), None),
    "hardshrink": (lambda ms, x: _F(ms).hardshrink(x), None),
    "hardshrink_lambd": (lambda ms, x: _F(ms).hardshrink(x, 1.2), None),
    "softshrink": (lambda ms, x: _F(ms).softshrink(x), None),
    "softshrink_lambd": (lambda ms, x: _F(ms).softshrink(x, 0.9), None),
    "hardsigmoid": (lambda ms, x: _F(ms).hardsigmoid(x), None),
    "hardswish": (lambda ms, x: _F(ms).hardswish(x), None),
    "softmax_last": (lambda ms, x: _F(ms).softmax(x, -1), None),
    "softmax_first": (lambda ms, x: _F(ms).softmax(x, 0), None),
    "elu": (lambda ms, x: _F(ms).elu(x), lambda ms, x: ms.ops.elu(x)),
    "elu_alpha": (lambda ms, x: _F(ms).elu(x, 0.7),
                  lambda ms, x: ms.ops.where(x > 0, x, (ms.ops.exp(x) - 1) * 0.7)),
    "selu": (lambda ms, x: _F(ms).selu(x), lambda ms, x: ms.ops.selu(x)),
    "mish": (lambda ms, x: _F(ms).mish(x), lambda ms, x: ms.ops.mish(x)),
    "logsigmoid": (lambda ms, x: _F(ms).logsigmoid(x), lambda ms, x: -ms.ops.softplus(-x)),
    "relu6": (lambda ms, x: _F(ms).relu6(x * 4), lambda ms, x: ms.ops.clamp(x * 4, 0.0, 6.0)),
    "hardtanh": (lambda ms, x: _F(ms).hardtanh(x), lambda ms, x: ms.ops.clamp(x, -1.0, 1.0)),
    "hardtanh_range": (lambda ms, x: _F(ms).hardtanh(x, -0.3, 1.5), lambda ms, x: ms.ops.clamp(x, -0.3, 1.5)),
    "threshold": (lambda ms, x: _F(ms).threshold(x, 0.2, -3.0),
                  lambda ms, x: ms.ops.where(x > 0.2, x, ms.ops.full_like(x, -3.0))),
    "leaky_relu": (lambda ms, x: _F(ms).leaky_relu(x), lambda ms, x: ms.ops.where(x >= 0, x, x * 0.01)),
    "leaky_relu_slope": (lambda ms, x: _F(ms).leaky_relu(x, 0.3), lambda ms, x: ms.ops.where(x >= 0, x, x * 0.3)),
    "gelu": (lambda ms, x: _F(ms).gelu(x), lambda ms, x: ms.ops.gelu(x)),
    "gelu_tanh": (lambda ms, x: _F(ms).gelu(x, approximate="tanh"), lambda ms, x: ms.ops.gelu(x, "tanh")),
    "log_softmax_last": (lambda ms, x: _F(ms).log_softmax(x, -1), lambda ms, x: x - ms.ops.logsumexp(x, -1, True)),
    "log_softmax_first": (lambda ms, x: _F(ms).log_softmax(x, 0), lambda ms, x: x - ms.ops.logsumexp(x, 0, True)),
}

_SELU_SCALE, _SELU_ALPHA = 1.0507009873554805, 1.6732632423543772
# gradient references where MindSpore's CPU build has no kernel for the mint op's backward
# (SoftplusGradExt) or its own op's backward differs from the documented one (its CPU SeLU
# gradient is not d/dx of its SeLU); x <= 0 takes the exponential branch, as PyTorch's
GRAD_REF = {
    "softplus": lambda ms, x: ms.ops.sigmoid(x),
    "softplus_beta": lambda ms, x: ms.ops.where(x * 2 > 1.0, ms.ops.ones_like(x), ms.ops.sigmoid(x * 2)),
    "selu": lambda ms, x: ms.ops.where(x > 0, ms.ops.full_like(x, _SELU_SCALE),
                                       ms.ops.exp(x) * (_SELU_SCALE * _SELU_ALPHA)),
}


def _act_cases():
    out = []
    for name, (fn, ref) in ACT.items():
        for i, shape in enumerate(SHAPES):
            out.append(case(f"mint.nn.functional.{name}/shape{i}", fn, F32(*shape, seed=30 + i), ms_ref=ref))
        # float16 keeps its dtype
        out.append(case(f"mint.nn.functional.{name}/f16", fn, F16(3, 4, seed=41), ms_ref=ref))
        # values near the kinks (0, +-1, +-0.5)
        kinks = np.array([[-1.5, -1.0, -0.5, -0.2], [0.0, 0.2, 0.5, 1.0], [1.5, 3.0, -3.0, 7.0]], np.float32)
        out.append(case(f"mint.nn.functional.{name}/kinks", fn, kinks, ms_ref=ref))
        # gradient of a weighted sum
        gref = None if ref is None else (lambda r: lambda ms, x, w: _wsum(ms, lambda u: r(ms, u), x, w))(ref)
        if name in GRAD_REF:
            gref = (lambda d: lambda ms, x, w: d(ms, x) * w)(GRAD_REF[name])
        out.append(case(f"mint.nn.functional.{name}/grad",
                        (lambda f: lambda ms, x, w: _wsum(ms, lambda u: f(ms, u), x, w))(fn),
                        F32(3, 4, seed=43), F32(3, 4, seed=44), ms_ref=gref))
    return out


CASES = _act_cases()
# GRAPH_MODE for a representative set of activations
for _name in ("softplus", "hardswish", "gelu", "elu", "leaky_relu", "log_softmax_last"):
    _fn, _ref = ACT[_name]
    CASES.append(case(f"mint.nn.functional.{_name}/graph", _fn, F32(3, 4, seed=45), ms_ref=_ref, mode="graph"))

CASES += [
    case("mint.nn.functional.softmax/dtype_f16", lambda ms, x: _F(ms).softmax(x, 1, dtype=ms.float16), F32(2, 3)),
    case("mint.nn.functional.softmax/dtype_f64", lambda ms, x: _F(ms).softmax(x, 1, dtype=ms.float64), F32(2, 3)),
    case("mint.nn.functional.glu/last", lambda ms, x: _F(ms).glu(x), F32(3, 4, seed=2)),
    case("mint.nn.functional.glu/dim0", lambda ms, x: _F(ms).glu(x, 0), F32(4, 3, seed=3)),
    case("mint.nn.functional.glu/3d", lambda ms, x: _F(ms).glu(x, 1), F32(2, 6, 3, seed=4)),
    case("mint.nn.functional.glu/grad", lambda ms, x, w: _wsum(ms, lambda u: _F(ms).glu(u), x, w), F32(3, 4),
         F32(3, 2, seed=5)),
    case("mint.nn.functional.glu/odd_dim", lambda ms, x: _F(ms).glu(x), F32(3, 5), error=True),
    case("mint.nn.functional.prelu/scalar_weight", lambda ms, x, w: _F(ms).prelu(x, w), F32(2, 3, 4),
         np.array([0.25], np.float32)),
    case("mint.nn.functional.prelu/channel_weight", lambda ms, x, w: _F(ms).prelu(x, w), F32(2, 3, 4),
         np.array([0.1, 0.2, 0.3], np.float32)),
    case("mint.nn.functional.prelu/grad_input", lambda ms, x, w: ms.grad(lambda u: _F(ms).prelu(u, w).sum())(x),
         F32(2, 3, 4), np.array([0.1, 0.2, 0.3], np.float32)),
    case("mint.nn.functional.prelu/grad_weight", lambda ms, x, w: ms.grad(lambda v: _F(ms).prelu(x, v).sum())(w),
         F32(2, 3, 4), np.array([0.1, 0.2, 0.3], np.float32)),
    case("mint.nn.functional.relu/int32", lambda ms, x: _F(ms).relu(x), np.array([-2, 0, 3], np.int32)),
    case("mint.nn.functional.hardshrink/bad_type", lambda ms: _F(ms).hardshrink(np.ones(3, np.float32)), error=True),
    case("mint.nn.functional.softmax/bad_dim", lambda ms, x: _F(ms).softmax(x, 5), F32(2, 3), error=True),
    case("mint.nn.functional.gelu/bad_approx", lambda ms, x: _F(ms).gelu(x, approximate="erf"), F32(2, 3),
         error=True),
]


# ------------------------------------------------------------------ linear
for i, (xs, out) in enumerate([((2, 3), 4), ((5, 3), 1), ((2, 4, 3), 2), ((3,), 5)]):
    CASES += [
        case(f"mint.nn.functional.linear/shape{i}", lambda ms, x, w, b: _F(ms).linear(x, w, b), F32(*xs, seed=i),
             F32(out, xs[-1], seed=10 + i), F32(out, seed=20 + i)),
        case(f"mint.nn.functional.linear/grads{i}", lambda ms, x, w, b: ms.grad(
            lambda u, v, c: (_F(ms).linear(u, v, c) ** 2).sum(), (0, 1, 2))(x, w, b), F32(*xs, seed=i),
             F32(out, xs[-1], seed=10 + i), F32(out, seed=20 + i)),
    ]
CASES += both_modes("mint.nn.functional.linear/modes", lambda ms, x, w: _F(ms).linear(x, w), F32(2, 3), F32(4, 3))
CASES += [
    case("mint.nn.functional.linear/bad_shape", lambda ms, x, w: _F(ms).linear(x, w), F32(2, 3), F32(4, 5),
         error=True),
]


# ------------------------------------------------------------------ normalization
def _ref_layer_norm(ms, x, nd, w=None, b=None, eps=1e-5):
    axes = tuple(range(x.ndim - nd, x.ndim))
    m = x.mean(axis=axes, keep_dims=True)
    v = ((x - m) ** 2).mean(axis=axes, keep_dims=True)
    y = (x - m) / ms.ops.sqrt(v + eps)
    return y if w is None else y * w + b


def _ref_batch_norm(ms, x, rm, rv, w, b, training, eps=1e-5):
    shp = (1, x.shape[1]) + (1,) * (x.ndim - 2)
    if training:
        axes = (0,) + tuple(range(2, x.ndim))
        m = x.mean(axis=axes, keep_dims=True)
        v = ((x - m) ** 2).mean(axis=axes, keep_dims=True)
    else:
        m, v = rm.reshape(shp), rv.reshape(shp)
    y = (x - m) / ms.ops.sqrt(v + eps)
    return y * w.reshape(shp) + b.reshape(shp)


for i, (shape, g) in enumerate([((2, 4, 3), 2), ((2, 6, 2, 2), 3), ((1, 4, 5), 4), ((3, 2, 4), 1)]):
    c = shape[1]
    CASES += [
        case(f"mint.nn.functional.group_norm/plain{i}", lambda ms, x, g=g: _F(ms).group_norm(x, g),
             F32(*shape, seed=50 + i)),
        case(f"mint.nn.functional.group_norm/affine{i}", lambda ms, x, w, b, g=g: _F(ms).group_norm(x, g, w, b),
             F32(*shape, seed=50 + i), F32(c, seed=60 + i), F32(c, seed=70 + i)),
        case(f"mint.nn.functional.group_norm/grad{i}", lambda ms, x, w, b, g=g: ms.grad(
            lambda u, v, e: (_F(ms).group_norm(u, g, v, e) * u).sum(), (0, 1, 2))(x, w, b),
             F32(*shape, seed=50 + i), F32(c, seed=60 + i), F32(c, seed=70 + i), rtol=1e-4, atol=1e-5),
    ]
CASES += [
    case("mint.nn.functional.group_norm/eps", lambda ms, x: _F(ms).group_norm(x, 2, eps=0.5), F32(2, 4, 3)),
    case("mint.nn.functional.group_norm/bad_groups", lambda ms, x: _F(ms).group_norm(x, 3), F32(2, 4, 3), error=True),
]
for i, (shape, nd) in enumerate([((2, 3), 1), ((2, 3, 4), 1), ((2, 3, 4), 2), ((4, 5), 1)]):
    ns = shape[len(shape) - nd:]
    CASES += [
        case(f"mint.nn.functional.layer_norm/plain{i}", lambda ms, x, ns=ns: _F(ms).layer_norm(x, ns),
             F32(*shape, seed=80 + i), ms_ref=lambda ms, x, nd=nd: _ref_layer_norm(ms, x, nd)),
        case(f"mint.nn.functional.layer_norm/affine{i}", lambda ms, x, w, b, ns=ns: _F(ms).layer_norm(x, ns, w, b),
             F32(*shape, seed=80 + i), F32(*ns, seed=90 + i), F32(*ns, seed=95 + i),
             ms_ref=lambda ms, x, w, b, nd=nd: _ref_layer_norm(ms, x, nd, w, b)),
        case(f"mint.nn.functional.layer_norm/grad{i}", lambda ms, x, w, b, ns=ns: ms.grad(
            lambda u, v, e: (_F(ms).layer_norm(u, ns, v, e) * u).sum(), (0, 1, 2))(x, w, b),
             F32(*shape, seed=80 + i), F32(*ns, seed=90 + i), F32(*ns, seed=95 + i),
             ms_ref=lambda ms, x, w, b, nd=nd: ms.grad(lambda u, v, e: (_ref_layer_norm(ms, u, nd, v, e) * u).sum(),
                                                       (0, 1, 2))(x, w, b), rtol=1e-4, atol=1e-5),
    ]
CASES += [
    case("mint.nn.functional.layer_norm/eps", lambda ms, x: _F(ms).layer_norm(x, (3,), eps=0.1), F32(2, 3),
         ms_ref=lambda ms, x: _ref_layer_norm(ms, x, 1, eps=0.1)),
]
CASES += both_modes("mint.nn.functional.layer_norm/modes", lambda ms, x, w, b: _F(ms).layer_norm(x, (4,), w, b),
                    F32(2, 3, 4), F32(4), F32(4, seed=2),
                    ms_ref=lambda ms, x, w, b: _ref_layer_norm(ms, x, 1, w, b))
for i, shape in enumerate([(4, 3), (2, 3, 4), (2, 3, 2, 2)]):
    for training in (False, True):
        CASES.append(case(
            f"mint.nn.functional.batch_norm/{'train' if training else 'eval'}{i}",
            lambda ms, x, rm, rv, w, b, t=training: _F(ms).batch_norm(x, rm, rv, w, b, training=t),
            F32(*shape, seed=100 + i), F32(3, seed=1), F32(3, low=0.5, high=2.0, seed=2), F32(3, seed=3),
            F32(3, seed=4), ms_ref=lambda ms, x, rm, rv, w, b, t=training: _ref_batch_norm(ms, x, rm, rv, w, b, t),
            rtol=1e-5, atol=1e-5))


# ------------------------------------------------------------------ convolutions
def _ref_conv1d(ms, x, w, b=None, stride=1, padding=0, dilation=1):
    y = ms.ops.conv1d(x, w, None, stride, "pad" if padding else "valid", padding, dilation)
    return y if b is None else y + b.reshape(1, -1, 1)


def _ref_conv2d(ms, x, w, b=None, stride=1, padding=0, dilation=1, groups=1):
    y = ms.ops.conv2d(x, w, None, stride, "pad" if padding else "valid", padding, dilation, groups)
    return y if b is None else y + b.reshape(1, -1, 1, 1)


CONV2D = [  # (x shape, w shape, stride, padding, dilation, groups)
    ((1, 2, 5, 5), (3, 2, 3, 3), 1, 0, 1, 1),
    ((2, 2, 6, 6), (4, 2, 3, 3), 2, 1, 1, 1),
    ((1, 4, 6, 5), (4, 2, 3, 2), 1, 1, 1, 2),
    ((1, 2, 7, 7), (2, 2, 3, 3), 1, 2, 2, 1),
    ((1, 3, 4, 4), (2, 3, 1, 1), 1, 0, 1, 1),
]
for i, (xs, ws, s, p, d, g) in enumerate(CONV2D):
    CASES += [
        case(f"mint.nn.functional.conv2d/cfg{i}", lambda ms, x, w, b, s=s, p=p, d=d, g=g: _F(ms).conv2d(
            x, w, b, s, p, d, g), F32(*xs, seed=110 + i), F32(*ws, seed=120 + i), F32(ws[0], seed=130 + i),
             ms_ref=lambda ms, x, w, b, s=s, p=p, d=d, g=g: _ref_conv2d(ms, x, w, b, s, p, d, g), rtol=1e-4,
             atol=1e-5),
        case(f"mint.nn.functional.conv2d/grad{i}", lambda ms, x, w, s=s, p=p, d=d, g=g: ms.grad(
            lambda u, v: (_F(ms).conv2d(u, v, None, s, p, d, g) ** 2).sum(), (0, 1))(x, w),
             F32(*xs, seed=110 + i), F32(*ws, seed=120 + i),
             ms_ref=lambda ms, x, w, s=s, p=p, d=d, g=g: ms.grad(
                 lambda u, v: (_ref_conv2d(ms, u, v, None, s, p, d, g) ** 2).sum(), (0, 1))(x, w),
             rtol=1e-4, atol=1e-4),
    ]
CONV1D = [((1, 2, 8), (3, 2, 3), 1, 0, 1), ((2, 2, 9), (4, 2, 3), 2, 1, 1), ((1, 3, 10), (2, 3, 2), 1, 1, 2)]
for i, (xs, ws, s, p, d) in enumerate(CONV1D):
    CASES += [
        case(f"mint.nn.functional.conv1d/cfg{i}", lambda ms, x, w, b, s=s, p=p, d=d: _F(ms).conv1d(x, w, b, s, p, d),
             F32(*xs, seed=140 + i), F32(*ws, seed=150 + i), F32(ws[0], seed=160 + i),
             ms_ref=lambda ms, x, w, b, s=s, p=p, d=d: _ref_conv1d(ms, x, w, b, s, p, d), rtol=1e-4, atol=1e-5),
        case(f"mint.nn.functional.conv1d/grad{i}", lambda ms, x, w, s=s, p=p, d=d: ms.grad(
            lambda u, v: (_F(ms).conv1d(u, v, None, s, p, d) ** 2).sum(), (0, 1))(x, w),
             F32(*xs, seed=140 + i), F32(*ws, seed=150 + i),
             ms_ref=lambda ms, x, w, s=s, p=p, d=d: ms.grad(
                 lambda u, v: (_ref_conv1d(ms, u, v, None, s, p, d) ** 2).sum(), (0, 1))(x, w), rtol=1e-4, atol=1e-4),
    ]
CASES += [
    case("mint.nn.functional.conv3d/basic", lambda ms, x, w: _F(ms).conv3d(x, w), F32(1, 2, 4, 4, 4),
         F32(3, 2, 2, 2, 2, seed=3), ms_ref=lambda ms, x, w: ms.ops.conv3d(x, w), rtol=1e-4, atol=1e-5),
    case("mint.nn.functional.conv3d/stride_pad", lambda ms, x, w: _F(ms).conv3d(x, w, None, 2, 1),
         F32(1, 2, 5, 5, 5), F32(3, 2, 3, 3, 3, seed=3),
         ms_ref=lambda ms, x, w: ms.ops.conv3d(x, w, None, 2, "pad", 1), rtol=1e-4, atol=1e-5),
    case("mint.nn.functional.conv2d/same", lambda ms, x, w: _F(ms).conv2d(x, w, None, 1, "same"),
         F32(1, 2, 5, 5), F32(3, 2, 3, 3, seed=4), ms_ref=lambda ms, x, w: ms.ops.conv2d(x, w, None, 1, "same"),
         rtol=1e-4, atol=1e-5),
    case("mint.nn.functional.conv2d/valid", lambda ms, x, w: _F(ms).conv2d(x, w, None, 1, "valid"),
         F32(1, 2, 5, 5), F32(3, 2, 3, 3, seed=4), ms_ref=lambda ms, x, w: ms.ops.conv2d(x, w), rtol=1e-4,
         atol=1e-5),
    case("mint.nn.functional.conv2d/graph", lambda ms, x, w: _F(ms).conv2d(x, w, None, 1, 1), F32(1, 2, 5, 5),
         F32(3, 2, 3, 3, seed=4), ms_ref=lambda ms, x, w: ms.ops.conv2d(x, w, None, 1, "pad", 1), mode="graph",
         rtol=1e-4, atol=1e-5),
]


# ------------------------------------------------------------------ pooling
def _ref_avg2(ms, x, k):
    n, c, h, w = x.shape
    return x.reshape(n, c, h // k, k, w // k, k).mean(axis=(3, 5))


def _ref_max2(ms, x, k):
    n, c, h, w = x.shape
    return x.reshape(n, c, h // k, k, w // k, k).max(axis=(3, 5))


for i, (shape, k) in enumerate([((1, 1, 4, 4), 2), ((2, 3, 6, 6), 2), ((1, 2, 6, 9), 3)]):
    X = F32(*shape, seed=170 + i)
    CASES += [
        case(f"mint.nn.functional.avg_pool2d/k{k}_{i}", lambda ms, x, k=k: _F(ms).avg_pool2d(x, k), X,
             ms_ref=lambda ms, x, k=k: _ref_avg2(ms, x, k)),
        case(f"mint.nn.functional.max_pool2d/k{k}_{i}", lambda ms, x, k=k: _F(ms).max_pool2d(x, k), X,
             ms_ref=lambda ms, x, k=k: _ref_max2(ms, x, k)),
        case(f"mint.nn.functional.adaptive_avg_pool2d/half{i}", lambda ms, x, k=k: _F(ms).adaptive_avg_pool2d(
            x, (x.shape[2] // k, x.shape[3] // k)), X, ms_ref=lambda ms, x, k=k: _ref_avg2(ms, x, k)),
        case(f"mint.nn.functional.adaptive_max_pool2d/half{i}", lambda ms, x, k=k: _F(ms).adaptive_max_pool2d(
            x, (x.shape[2] // k, x.shape[3] // k)), X),
        case(f"mint.nn.functional.avg_pool2d/grad{i}", lambda ms, x, k=k: ms.grad(
            lambda u: (_F(ms).avg_pool2d(u, k) ** 2).sum())(x), X,
             ms_ref=lambda ms, x, k=k: ms.grad(lambda u: (_ref_avg2(ms, u, k) ** 2).sum())(x)),
        case(f"mint.nn.functional.max_pool2d/grad{i}", lambda ms, x, k=k: ms.grad(
            lambda u: (_F(ms).max_pool2d(u, k) ** 2).sum())(x), X,
             ms_ref=lambda ms, x, k=k: ms.grad(lambda u: (ms.ops.max_pool2d(u, k, k) ** 2).sum())(x)),
    ]
CASES += [
    case("mint.nn.functional.avg_pool2d/stride_pad", lambda ms, x: _F(ms).avg_pool2d(x, 3, 2, 1), F32(1, 2, 5, 5),
         ms_ref=lambda ms, x: ms.ops.avg_pool2d(x, 3, 2, 1)),
    case("mint.nn.functional.avg_pool2d/no_pad_count", lambda ms, x: _F(ms).avg_pool2d(x, 3, 2, 1,
                                                                                       count_include_pad=False),
         F32(1, 2, 5, 5), ms_ref=lambda ms, x: ms.ops.avg_pool2d(x, 3, 2, 1, count_include_pad=False)),
    case("mint.nn.functional.avg_pool2d/ceil", lambda ms, x: _F(ms).avg_pool2d(x, 2, 2, 0, True), F32(1, 1, 5, 5),
         ms_ref=lambda ms, x: ms.ops.avg_pool2d(x, 2, 2, 0, True)),
    case("mint.nn.functional.max_pool2d/stride_pad", lambda ms, x: _F(ms).max_pool2d(x, 3, 2, 1), F32(1, 2, 5, 5),
         ms_ref=lambda ms, x: ms.ops.max_pool2d(x, 3, 2, 1)),
    case("mint.nn.functional.max_pool2d/indices", lambda ms, x: _F(ms).max_pool2d(x, 2, return_indices=True),
         F32(1, 2, 4, 4), ms_ref=lambda ms, x: ms.ops.max_pool2d(x, 2, 2, return_indices=True)),
    case("mint.nn.functional.max_pool2d/dilation", lambda ms, x: _F(ms).max_pool2d(x, 2, 1, 0, 2), F32(1, 1, 5, 5),
         ms_ref=lambda ms, x: ms.ops.max_pool2d(x, 2, 1, 0, 2)),
    case("mint.nn.functional.max_unpool2d/roundtrip", lambda ms, x: _F(ms).max_unpool2d(
        *_F(ms).max_pool2d(x, 2, return_indices=True), 2), F32(1, 2, 4, 4),
         ms_ref=lambda ms, x: ms.ops.max_unpool2d(*ms.ops.max_pool2d(x, 2, 2, return_indices=True), 2)),
    case("mint.nn.functional.avg_pool1d/k2", lambda ms, x: _F(ms).avg_pool1d(x, 2), F32(2, 3, 8),
         ms_ref=lambda ms, x: x.reshape(2, 3, 4, 2).mean(axis=3)),
    case("mint.nn.functional.avg_pool1d/stride_pad", lambda ms, x: _F(ms).avg_pool1d(x, 3, 2, 1), F32(1, 2, 7),
         ms_ref=lambda ms, x: ms.ops.avg_pool1d(x, 3, 2, 1)),
    case("mint.nn.functional.adaptive_avg_pool1d/half", lambda ms, x: _F(ms).adaptive_avg_pool1d(x, 3), F32(2, 2, 6),
         ms_ref=lambda ms, x: x.reshape(2, 2, 3, 2).mean(axis=3)),
    case("mint.nn.functional.adaptive_avg_pool1d/uneven", lambda ms, x: _F(ms).adaptive_avg_pool1d(x, 3),
         F32(1, 2, 7), ms_ref=lambda ms, x: ms.ops.adaptive_avg_pool1d(x, 3)),
    case("mint.nn.functional.adaptive_avg_pool3d/half", lambda ms, x: _F(ms).adaptive_avg_pool3d(x, 2),
         F32(1, 2, 4, 4, 4), ms_ref=lambda ms, x: x.reshape(1, 2, 2, 2, 2, 2, 2, 2).mean(axis=(3, 5, 7))),
    case("mint.nn.functional.adaptive_avg_pool2d/uneven", lambda ms, x: _F(ms).adaptive_avg_pool2d(x, (2, 3)),
         F32(1, 2, 5, 7), ms_ref=lambda ms, x: ms.ops.AdaptiveAvgPool2D((2, 3))(x)),
    case("mint.nn.functional.adaptive_max_pool2d/indices", lambda ms, x: _F(ms).adaptive_max_pool2d(
        x, 2, return_indices=True), F32(1, 2, 4, 4)),
    case("mint.nn.functional.adaptive_max_pool1d/half", lambda ms, x: _F(ms).adaptive_max_pool1d(x, 3), F32(2, 2, 6),
         ms_ref=lambda ms, x: x.reshape(2, 2, 3, 2).max(axis=3)),
    case("mint.nn.functional.avg_pool2d/bad_kernel", lambda ms, x: _F(ms).avg_pool2d(x, 0), F32(1, 1, 4, 4),
         error=True),
]


# ------------------------------------------------------------------ losses
def _reduce(v, red):
    return v.mean() if red == "mean" else (v.sum() if red == "sum" else v)


LOSS_X = F32(3, 4, seed=200)
LOSS_Y = F32(3, 4, seed=201)
PROB = F32(3, 4, low=0.05, high=0.95, seed=202)
TGT01 = F32(3, 4, low=0.0, high=1.0, seed=203)
for red in ("mean", "sum", "none"):
    CASES += [
        case(f"mint.nn.functional.l1_loss/{red}", lambda ms, x, y, r=red: _F(ms).l1_loss(x, y, reduction=r),
             LOSS_X, LOSS_Y, ms_ref=lambda ms, x, y, r=red: _reduce(ms.ops.abs(x - y), r)),
        case(f"mint.nn.functional.mse_loss/{red}", lambda ms, x, y, r=red: _F(ms).mse_loss(x, y, reduction=r),
             LOSS_X, LOSS_Y, ms_ref=lambda ms, x, y, r=red: _reduce((x - y) ** 2, r)),
        case(f"mint.nn.functional.smooth_l1_loss/{red}", lambda ms, x, y, r=red: _F(ms).smooth_l1_loss(
            x, y, reduction=r), LOSS_X, LOSS_Y),
        case(f"mint.nn.functional.smooth_l1_loss/{red}_beta", lambda ms, x, y, r=red: _F(ms).smooth_l1_loss(
            x, y, reduction=r, beta=0.5), LOSS_X, LOSS_Y),
        case(f"mint.nn.functional.binary_cross_entropy/{red}", lambda ms, p, t, r=red: _F(ms).binary_cross_entropy(
            p, t, reduction=r), PROB, TGT01),
        case(f"mint.nn.functional.binary_cross_entropy/{red}_weight", lambda ms, p, t, w, r=red:
             _F(ms).binary_cross_entropy(p, t, w, reduction=r), PROB, TGT01, F32(3, 4, low=0.0, high=2.0)),
        case(f"mint.nn.functional.binary_cross_entropy_with_logits/{red}", lambda ms, x, t, r=red:
             _F(ms).binary_cross_entropy_with_logits(x, t, reduction=r), LOSS_X, TGT01),
        case(f"mint.nn.functional.binary_cross_entropy_with_logits/{red}_pos_weight", lambda ms, x, t, w, pw, r=red:
             _F(ms).binary_cross_entropy_with_logits(x, t, w, reduction=r, pos_weight=pw), LOSS_X, TGT01,
             F32(3, 4, low=0.0, high=2.0), F32(4, low=0.5, high=3.0)),
        case(f"mint.nn.functional.nll_loss/{red}", lambda ms, x, t, r=red: _F(ms).nll_loss(x, t, reduction=r),
             F32(4, 5, seed=204), LABELS),
        case(f"mint.nn.functional.nll_loss/{red}_weight", lambda ms, x, t, w, r=red: _F(ms).nll_loss(
            x, t, w, reduction=r), F32(4, 5, seed=204), LABELS, F32(5, low=0.1, high=2.0)),
        case(f"mint.nn.functional.kl_div/{red}", lambda ms, x, t, r=red: _F(ms).kl_div(x, t, r),
             F32(3, 4, low=-3.0, high=-0.1), F32(3, 4, low=0.1, high=1.0),
             ms_ref=lambda ms, x, t, r=red: _reduce(t * (ms.ops.log(t) - x), r)),
        case(f"mint.nn.functional.cross_entropy/{red}", lambda ms, x, t, r=red: _F(ms).cross_entropy(
            x, t, reduction=r), F32(4, 5, seed=205), LABELS,
             ms_ref=lambda ms, x, t, r=red: _reduce(-ms.ops.gather_elements(
                 x - ms.ops.logsumexp(x, 1, True), 1, t.reshape(-1, 1)).reshape(-1), r)),
        case(f"mint.nn.functional.soft_margin_loss/{red}", lambda ms, x, y, r=red: _F(ms).soft_margin_loss(
            x, y, reduction=r), LOSS_X, np.sign(LOSS_Y).astype(np.float32),
             ms_ref=lambda ms, x, y, r=red: _reduce(ms.ops.softplus(-y * x), r)),
    ]
CASES += [
    case("mint.nn.functional.nll_loss/ignore_index", lambda ms, x, t: _F(ms).nll_loss(x, t, ignore_index=2),
         F32(4, 5, seed=204), LABELS),
    case("mint.nn.functional.nll_loss/grad", lambda ms, x, t: ms.grad(lambda u: _F(ms).nll_loss(u, t))(x),
         F32(4, 5, seed=204), LABELS),
    case("mint.nn.functional.kl_div/batchmean", lambda ms, x, t: _F(ms).kl_div(x, t, "batchmean"),
         F32(3, 4, low=-3.0, high=-0.1), F32(3, 4, low=0.1, high=1.0),
         ms_ref=lambda ms, x, t: (t * (ms.ops.log(t) - x)).sum() / 3),
    case("mint.nn.functional.kl_div/log_target", lambda ms, x, t: _F(ms).kl_div(x, t, "sum", log_target=True),
         F32(3, 4, low=-3.0, high=-0.1), F32(3, 4, low=-3.0, high=-0.1),
         ms_ref=lambda ms, x, t: (ms.ops.exp(t) * (t - x)).sum()),
    case("mint.nn.functional.cross_entropy/weight", lambda ms, x, t, w: _F(ms).cross_entropy(x, t, w),
         F32(4, 5, seed=205), LABELS, F32(5, low=0.1, high=2.0),
         ms_ref=lambda ms, x, t, w: -(ms.ops.gather_elements(x - ms.ops.logsumexp(x, 1, True), 1, t.reshape(-1, 1))
                                      .reshape(-1) * w[t]).sum() / w[t].sum()),
    case("mint.nn.functional.cross_entropy/probs", lambda ms, x, p: _F(ms).cross_entropy(x, p), F32(4, 5, seed=205),
         F32(4, 5, low=0.0, high=1.0, seed=206),
         ms_ref=lambda ms, x, p: -((x - ms.ops.logsumexp(x, 1, True)) * p).sum(axis=1).mean()),
    case("mint.nn.functional.cross_entropy/label_smoothing", lambda ms, x, t: _F(ms).cross_entropy(
        x, t, label_smoothing=0.2), F32(4, 5, seed=205), LABELS,
         ms_ref=lambda ms, x, t: -((x - ms.ops.logsumexp(x, 1, True)) * (
             ms.ops.one_hot(t.astype(ms.int32), 5, ms.Tensor(1.0), ms.Tensor(0.0)) * 0.8 + 0.04)).sum(axis=1).mean()),
    case("mint.nn.functional.cross_entropy/grad", lambda ms, x, t: ms.grad(lambda u: _F(ms).cross_entropy(u, t))(x),
         F32(4, 5, seed=205), LABELS,
         ms_ref=lambda ms, x, t: (ms.ops.softmax(x, 1) - ms.ops.one_hot(t.astype(ms.int32), 5, ms.Tensor(1.0),
                                                                       ms.Tensor(0.0))) / 4),
    case("mint.nn.functional.mse_loss/grad", lambda ms, x, y: ms.grad(lambda u: _F(ms).mse_loss(u, y))(x),
         LOSS_X, LOSS_Y, ms_ref=lambda ms, x, y: (x - y) * (2.0 / 12)),
    case("mint.nn.functional.mse_loss/broadcast", lambda ms, x, y: _F(ms).mse_loss(x, y), F32(3, 4), F32(4),
         ms_ref=lambda ms, x, y: ((x - y) ** 2).mean()),
    case("mint.nn.functional.binary_cross_entropy_with_logits/grad", lambda ms, x, t: ms.grad(
        lambda u: _F(ms).binary_cross_entropy_with_logits(u, t))(x), LOSS_X, TGT01),
    case("mint.nn.functional.binary_cross_entropy/grad", lambda ms, p, t: ms.grad(
        lambda u: _F(ms).binary_cross_entropy(u, t))(p), PROB, TGT01),
    case("mint.nn.functional.smooth_l1_loss/grad", lambda ms, x, y: ms.grad(
        lambda u: _F(ms).smooth_l1_loss(u, y))(x), LOSS_X, LOSS_Y),
    case("mint.nn.functional.mse_loss/bad_reduction", lambda ms, x, y: _F(ms).mse_loss(x, y, reduction="avg"),
         LOSS_X, LOSS_Y, error=True),
    case("mint.nn.functional.l1_loss/bad_reduction", lambda ms, x, y: _F(ms).l1_loss(x, y, reduction="max"),
         LOSS_X, LOSS_Y, error=True),
    case("mint.nn.functional.smooth_l1_loss/bad_reduction", lambda ms, x, y: _F(ms).smooth_l1_loss(
        x, y, reduction="avg"), LOSS_X, LOSS_Y, error=True),
    case("mint.nn.functional.binary_cross_entropy/bad_reduction", lambda ms, p, t: _F(ms).binary_cross_entropy(
        p, t, reduction="x"), PROB, TGT01, error=True),
]
CASES += both_modes("mint.nn.functional.smooth_l1_loss/modes", lambda ms, x, y: _F(ms).smooth_l1_loss(x, y),
                    LOSS_X, LOSS_Y)
CASES += both_modes("mint.nn.functional.nll_loss/modes", lambda ms, x, t: _F(ms).nll_loss(x, t), F32(4, 5, seed=204),
                    LABELS)


# ------------------------------------------------------------------ dropout, pad, one_hot, embedding, normalize
CASES += [
    case("mint.nn.functional.dropout/eval_any_p", lambda ms, x: _F(ms).dropout(x, 0.9, training=False), F32(3, 4)),
    case("mint.nn.functional.dropout/train_p0", lambda ms, x: _F(ms).dropout(x, 0.0, training=True), F32(3, 4),
         ms_ref=lambda ms, x: x),
    case("mint.nn.functional.dropout/train_scale", lambda ms, x: (
        lambda y: ((y == 0) | (ms.ops.abs(y - x * 2) < 1e-6)).all())(_F(ms).dropout(x, 0.5)),
         F32(8, 16, low=0.5, high=1.5), ms_ref=lambda ms, x: ms.Tensor(True)),
    case("mint.nn.functional.dropout/bad_p_neg", lambda ms, x: _F(ms).dropout(x, -0.1), F32(2, 3), error=True),
    case("mint.nn.functional.dropout2d/eval", lambda ms, x: _F(ms).dropout2d(x, 0.3, training=False), F32(2, 3, 4, 4),
         ms_ref=lambda ms, x: x),
]
for i, (shape, p) in enumerate([((2, 3), (1, 1)), ((2, 3, 4), (0, 1, 2, 0)), ((1, 2, 3, 3), (1, 2, 0, 1)),
                                ((1, 1, 2, 2, 2), (1, 0, 0, 1, 1, 0))]):
    CASES += [
        case(f"mint.nn.functional.pad/constant{i}", lambda ms, x, p=p: _F(ms).pad(x, p), F32(*shape, seed=210 + i),
             ms_ref=lambda ms, x, p=p: ms.ops.pad(x, p)),
        case(f"mint.nn.functional.pad/value{i}", lambda ms, x, p=p: _F(ms).pad(x, p, value=-1.5),
             F32(*shape, seed=210 + i), ms_ref=lambda ms, x, p=p: ms.ops.pad(x, p, value=-1.5)),
    ]
for i, (shape, p) in enumerate([((1, 2, 5), (1, 2)), ((1, 2, 4, 4), (1, 1, 2, 0)), ((2, 1, 3, 4), (2, 2, 1, 1))]):
    CASES += [
        case(f"mint.nn.functional.pad/reflect{i}", lambda ms, x, p=p: _F(ms).pad(x, p, mode="reflect"),
             F32(*shape, seed=220 + i), ms_ref=lambda ms, x, p=p: ms.ops.pad(x, p, mode="reflect")),
        case(f"mint.nn.functional.pad/replicate{i}", lambda ms, x, p=p: _F(ms).pad(x, p, mode="replicate"),
             F32(*shape, seed=220 + i), ms_ref=lambda ms, x, p=p: ms.ops.pad(x, p, mode="replicate")),
        case(f"mint.nn.functional.pad/circular{i}", lambda ms, x, p=p: _F(ms).pad(x, p, mode="circular"),
             F32(*shape, seed=220 + i)),
    ]
CASES += [
    case("mint.nn.functional.pad/negative_crop", lambda ms, x: _F(ms).pad(x, (-1, 1)), F32(2, 4),
         ms_ref=lambda ms, x: ms.ops.concat([x[:, 1:], ms.ops.zeros((2, 1), ms.float32)], 1)),
    case("mint.nn.functional.pad/grad", lambda ms, x: ms.grad(lambda u: (_F(ms).pad(u, (1, 1)) ** 2).sum())(x),
         F32(2, 3), ms_ref=lambda ms, x: 2 * x),
    case("mint.nn.functional.pad/bad_mode", lambda ms, x: _F(ms).pad(x, (1, 1), mode="wrap"), F32(1, 2, 3),
         error=True),
]
for i, (t, n) in enumerate([([0, 1, 2], -1), ([3, 0], 5), ([[0, 1], [1, 2]], 3), ([2], 4)]):
    arr = np.array(t, np.int64)
    CASES.append(case(f"mint.nn.functional.one_hot/case{i}", lambda ms, x, n=n: _F(ms).one_hot(x, n), arr,
                      ms_ref=lambda ms, x, n=n, arr=arr: ms.Tensor(
                          np.eye(int(arr.max()) + 1 if n < 0 else n, dtype=np.int64)[arr])))
for i, (idx, rows) in enumerate([(np.array([0, 2, 1], np.int64), 4), (np.array([[1, 1], [3, 0]], np.int64), 4),
                                 (np.array([4, 0], np.int32), 5)]):
    CASES += [
        case(f"mint.nn.functional.embedding/rows{i}", lambda ms, i_, w: _F(ms).embedding(i_, w), idx,
             F32(rows, 3, seed=230 + i), ms_ref=lambda ms, i_, w: ms.ops.gather(w, i_, 0)),
        case(f"mint.nn.functional.embedding/grad{i}", lambda ms, i_, w: ms.grad(
            lambda v: (_F(ms).embedding(i_, v) ** 2).sum())(w), idx, F32(rows, 3, seed=230 + i),
             ms_ref=lambda ms, i_, w: ms.grad(lambda v: (ms.ops.gather(v, i_, 0) ** 2).sum())(w)),
    ]
CASES += [
    case("mint.nn.functional.embedding/padding_idx_grad", lambda ms, i_, w: ms.grad(
        lambda v: _F(ms).embedding(i_, v, padding_idx=0).sum())(w), np.array([0, 1, 0, 2], np.int64), F32(3, 2),
         ms_ref=lambda ms, i_, w: ms.Tensor(np.array([[0, 0], [1, 1], [1, 1]], np.float32))),
]
for i, (shape, p, dim) in enumerate([((2, 3), 2.0, 1), ((3, 4), 1.0, 0), ((2, 3, 4), 2.0, -1), ((4, 2), 3.0, 1)]):
    CASES.append(case(f"mint.nn.functional.normalize/case{i}", lambda ms, x, p=p, d=dim: _F(ms).normalize(x, p, d),
                      F32(*shape, seed=240 + i), ms_ref=lambda ms, x, p=p, d=dim: x / ms.ops.maximum(
                          (ms.ops.abs(x) ** p).sum(axis=d, keepdims=True) ** (1.0 / p), ms.Tensor(1e-12)),
                      rtol=1e-5, atol=1e-6))


# ------------------------------------------------------------------ interpolate, pixel_shuffle, fold
def _ref_bilinear(ms, x, size, align):
    return ms.ops.ResizeBilinearV2(align_corners=align, half_pixel_centers=not align)(x, size)


INTERP_DIRECT = [
    ("nearest1d", F32(1, 2, 4), dict(size=7)),
    ("nearest1d_scale", F32(2, 1, 3), dict(scale_factor=2.0)),
    ("nearest2d", F32(1, 2, 3, 3), dict(size=(5, 4))),
    ("nearest2d_scale", F32(1, 1, 2, 3), dict(scale_factor=3.0)),
    ("nearest3d", F32(1, 1, 2, 3, 2), dict(size=(3, 4, 3))),
    ("trilinear", F32(1, 1, 2, 3, 2), dict(size=(3, 5, 4), mode="trilinear")),
    ("trilinear_align", F32(1, 1, 2, 3, 2), dict(size=(3, 5, 4), mode="trilinear", align_corners=True)),
]
for name, x, kw in INTERP_DIRECT:
    CASES.append(case(f"mint.nn.functional.interpolate/{name}", lambda ms, x, kw=kw: _F(ms).interpolate(x, **kw), x))
for i, (size, align) in enumerate([((5, 7), False), ((5, 7), True), ((2, 2), False), ((6, 3), True)]):
    CASES.append(case(f"mint.nn.functional.interpolate/bilinear{i}", lambda ms, x, s=size, a=align: _F(ms).interpolate(
        x, size=s, mode="bilinear", align_corners=a), F32(1, 2, 3, 4, seed=250 + i),
                      ms_ref=lambda ms, x, s=size, a=align: _ref_bilinear(ms, x, s, a)))
CASES += [
    case("mint.nn.functional.interpolate/nearest_align_corners", lambda ms, x: _F(ms).interpolate(
        x, size=4, align_corners=True), F32(1, 1, 2), error=True),
    case("mint.nn.functional.interpolate/bad_mode", lambda ms, x: _F(ms).interpolate(x, size=4, mode="area"),
         F32(1, 1, 2), error=True),
    case("mint.nn.functional.interpolate/size_and_scale", lambda ms, x: _F(ms).interpolate(
        x, size=(4, 4), scale_factor=2.0), F32(1, 1, 2, 2), error=True),
    case("mint.nn.functional.interpolate/nearest_grad", lambda ms, x: ms.grad(
        lambda u: (_F(ms).interpolate(u, scale_factor=2.0) ** 2).sum())(x), F32(1, 1, 2, 3)),
]
CASES += both_modes("mint.nn.functional.interpolate/modes", lambda ms, x: _F(ms).interpolate(x, size=(4, 6)),
                    F32(1, 2, 2, 3))
for i, (shape, r) in enumerate([((1, 4, 2, 2), 2), ((2, 9, 1, 2), 3), ((1, 8, 3, 3), 2)]):
    CASES.append(case(f"mint.nn.functional.pixel_shuffle/case{i}", lambda ms, x, r=r: _F(ms).pixel_shuffle(x, r),
                      F32(*shape, seed=260 + i)))
CASES += [
    case("mint.nn.functional.pixel_shuffle/bad_channels", lambda ms, x: _F(ms).pixel_shuffle(x, 2), F32(1, 3, 2, 2),
         error=True),
    case("mint.nn.functional.unfold/k2", lambda ms, x: _F(ms).unfold(x, 2), F32(1, 2, 3, 3),
         ms_ref=lambda ms, x: ms.ops.stack([x[:, c, i:i + 2, j:j + 2].reshape(1, 4) for c in range(2)
                                            for i in range(2) for j in range(2)], 2).reshape(1, 4, 2, 4)
         .transpose(0, 2, 1, 3).reshape(1, 8, 4)),
    case("mint.nn.functional.fold/roundtrip_count", lambda ms, x: _F(ms).fold(_F(ms).unfold(x, 2), (3, 3), 2),
         F32(1, 1, 3, 3), ms_ref=lambda ms, x: x * ms.Tensor(np.array([[1, 2, 1], [2, 4, 2], [1, 2, 1]],
                                                                     np.float32))),
]
