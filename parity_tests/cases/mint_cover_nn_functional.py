"""mindspore.mint.nn.functional, the nn functions (activations, normalizations, convolutions,
pooling, losses, dropout, interpolation, padding, embedding, one_hot): values over several shapes
and dtypes, gradients, GRAPH_MODE, and bad arguments.

Oracles, by group:

- real MindSpore 2.10 CPU, where its build runs the mint op: ``relu``/``sigmoid``/``tanh``/``silu``/
  ``softplus``/shrinks/``hardsigmoid``/``hardswish``/``softmax``/``glu``/``prelu`` values, ``linear``,
  ``group_norm``, ``smooth_l1_loss``, ``binary_cross_entropy`` (with logits), ``nll_loss``,
  ``adaptive_max_pool2d``, circular ``pad``, nearest/trilinear ``interpolate``, ``pixel_shuffle``,
  ``dropout`` (eval, ``p=0``), and every bad-argument case (MindSpore checks those arguments before
  it selects a kernel, so its exception class is the one compared);
- PyTorch (``torch_ref``, mint being documented as aligned with it), where MindSpore's CPU build
  has no kernel for the mint op (``EluExt``, ``SeLUExt``, ``MishExt``, ``LogSigmoid``, ``Hardtanh``,
  ``Threshold``, ``LeakyReLUExt``, ``GeluExt``, ``LogSoftmaxExt``, ``SoftplusGradExt``,
  ``LayerNormExt``, ``BatchNormExt``, ``Conv*Ext`` (``conv1d``/``conv3d``: "only supports Ascend"),
  ``AvgPool1D/2D``, ``AdaptiveAvgPool*``, ``AdaptiveMaxPool1D``, ``FuncMaxPool2D``, ``MaxUnpool2DExt``,
  ``L1LossExt``, ``MSELossExt``, ``KLDiv``, ``CrossEntropy``, ``SoftMarginLoss``, ``DropoutExt``,
  ``Embedding``, ``OneHotExt``, ``Norm``, ``ConstantPadND``, ``ReflectionPad*``, ``ReplicationPad*``,
  ``UpsampleBilinear2D``/``UpsampleBicubic2D``/``UpsampleLinear1D``, ``Im2ColExt``/``Col2ImExt``):
  values, dtypes and gradients (``torch_grad``). Most cases share one lambda body for both
  frameworks (``_F``: ``mint.nn.functional`` or ``torch.nn.functional``; ``_grad``: ``ms.grad`` or
  ``torch_grad``)."""
import numpy as np

from parity_tests.harness import case, both_modes, F32, F16
from parity_tests.torch_oracle import functional as _F, torch_grad

SHAPES = [(2, 3), (3, 4, 5), (2, 1, 3, 4)]
LABELS = np.array([0, 2, 1, 3], np.int64)


def _grad(m, fn, position=0):
    """``ms.grad(fn, position)`` or, on PyTorch, ``torch_grad(fn, position)``."""
    return m.grad(fn, position) if hasattr(m, "mint") else torch_grad(fn, position)


def _wsum(ms, fn, x, w):
    """Gradient of a weighted sum (a plain sum would hide softmax-like gradients)."""
    return _grad(ms, lambda u: (fn(u) * w).sum())(x)


def tcase(name, fn, *inputs, **kw):
    """A case whose oracle is PyTorch running the same lambda body (MindSpore's CPU lacks the kernel)."""
    return case(name, fn, *inputs, torch_ref=fn, **kw)


# ------------------------------------------------------------------ activations
# name -> (the call, whose body PyTorch runs too; True where PyTorch is the oracle: MindSpore's CPU
# lacks the mint kernel)
ACT = {
    "relu": (lambda m, x: _F(m).relu(x), False),
    "sigmoid": (lambda m, x: _F(m).sigmoid(x), False),
    "tanh": (lambda m, x: _F(m).tanh(x), False),
    "silu": (lambda m, x: _F(m).silu(x), False),
    "softplus": (lambda m, x: _F(m).softplus(x), False),
    "softplus_beta": (lambda m, x: _F(m).softplus(x, 2.0, 1.0), False),
    "hardshrink": (lambda m, x: _F(m).hardshrink(x), False),
    "hardshrink_lambd": (lambda m, x: _F(m).hardshrink(x, 1.2), False),
    "softshrink": (lambda m, x: _F(m).softshrink(x), False),
    "softshrink_lambd": (lambda m, x: _F(m).softshrink(x, 0.9), False),
    "hardsigmoid": (lambda m, x: _F(m).hardsigmoid(x), False),
    "hardswish": (lambda m, x: _F(m).hardswish(x), False),
    "softmax_last": (lambda m, x: _F(m).softmax(x, -1), False),
    "softmax_first": (lambda m, x: _F(m).softmax(x, 0), False),
    "elu": (lambda m, x: _F(m).elu(x), True),
    "elu_alpha": (lambda m, x: _F(m).elu(x, 0.7), True),
    "selu": (lambda m, x: _F(m).selu(x), True),
    "mish": (lambda m, x: _F(m).mish(x), True),
    "logsigmoid": (lambda m, x: _F(m).logsigmoid(x), True),
    "relu6": (lambda m, x: _F(m).relu6(x * 4), True),
    "hardtanh": (lambda m, x: _F(m).hardtanh(x), True),
    "hardtanh_range": (lambda m, x: _F(m).hardtanh(x, -0.3, 1.5), True),
    "threshold": (lambda m, x: _F(m).threshold(x, 0.2, -3.0), True),
    "leaky_relu": (lambda m, x: _F(m).leaky_relu(x), True),
    "leaky_relu_slope": (lambda m, x: _F(m).leaky_relu(x, 0.3), True),
    "gelu": (lambda m, x: _F(m).gelu(x), True),
    "gelu_tanh": (lambda m, x: _F(m).gelu(x, approximate="tanh"), True),
    "log_softmax_last": (lambda m, x: _F(m).log_softmax(x, -1), True),
    "log_softmax_first": (lambda m, x: _F(m).log_softmax(x, 0), True),
}
# gradients PyTorch checks although MindSpore's CPU runs the forward op: the backward kernel
# (SoftplusGradExt) is missing there
TORCH_GRAD = ("softplus", "softplus_beta")


def _act_cases():
    out = []
    for name, (fn, torch) in ACT.items():
        mk = tcase if torch else case
        for i, shape in enumerate(SHAPES):
            out.append(mk(f"mint.nn.functional.{name}/shape{i}", fn, F32(*shape, seed=30 + i)))
        # float16 keeps its dtype
        out.append(mk(f"mint.nn.functional.{name}/f16", fn, F16(3, 4, seed=41)))
        # values near the kinks (0, +-1, +-0.5)
        kinks = np.array([[-1.5, -1.0, -0.5, -0.2], [0.0, 0.2, 0.5, 1.0], [1.5, 3.0, -3.0, 7.0]], np.float32)
        out.append(mk(f"mint.nn.functional.{name}/kinks", fn, kinks))
        # gradient of a weighted sum
        out.append((tcase if torch or name in TORCH_GRAD else case)(
            f"mint.nn.functional.{name}/grad", (lambda f: lambda m, x, w: _wsum(m, lambda u: f(m, u), x, w))(fn),
            F32(3, 4, seed=43), F32(3, 4, seed=44)))
    return out


CASES = _act_cases()
# GRAPH_MODE for a representative set of activations
for _name in ("softplus", "hardswish", "gelu", "elu", "leaky_relu", "log_softmax_last"):
    _fn, _torch = ACT[_name]
    CASES.append((tcase if _torch else case)(f"mint.nn.functional.{_name}/graph", _fn, F32(3, 4, seed=45),
                                              mode="graph"))

CASES += [
    tcase("mint.nn.functional.log_softmax/f64", lambda m, x: _F(m).log_softmax(x, 1), F32(2, 3).astype(np.float64)),
    tcase("mint.nn.functional.relu6/int32", lambda m, x: _F(m).relu6(x), np.array([-3, 0, 4, 6, 9], np.int32)),
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
        tcase(f"mint.nn.functional.layer_norm/plain{i}", lambda m, x, ns=ns: _F(m).layer_norm(x, ns),
              F32(*shape, seed=80 + i)),
        tcase(f"mint.nn.functional.layer_norm/affine{i}", lambda m, x, w, b, ns=ns: _F(m).layer_norm(x, ns, w, b),
              F32(*shape, seed=80 + i), F32(*ns, seed=90 + i), F32(*ns, seed=95 + i)),
        tcase(f"mint.nn.functional.layer_norm/grad{i}", lambda m, x, w, b, ns=ns: _grad(
            m, lambda u, v, e: (_F(m).layer_norm(u, ns, v, e) * u).sum(), (0, 1, 2))(x, w, b),
              F32(*shape, seed=80 + i), F32(*ns, seed=90 + i), F32(*ns, seed=95 + i), rtol=1e-4, atol=1e-5),
    ]
CASES += [
    tcase("mint.nn.functional.layer_norm/eps", lambda m, x: _F(m).layer_norm(x, (3,), eps=0.1), F32(2, 3)),
    tcase("mint.nn.functional.layer_norm/f16", lambda m, x: _F(m).layer_norm(x, (4,)), F16(2, 3, 4, seed=96),
          rtol=4e-3, atol=4e-3),   # PyTorch normalizes float16 in float32 and rounds once
]
CASES += [
    case("mint.nn.functional.layer_norm/bad_weight_shape", lambda ms, x, w: _F(ms).layer_norm(x, (3,), w), F32(2, 3),
         F32(4), error=True),
    case("mint.nn.functional.layer_norm/bad_bias_shape", lambda ms, x, w, b: _F(ms).layer_norm(x, (3,), w, b),
         F32(2, 3), F32(3), F32(2), error=True),
    case("mint.nn.functional.group_norm/bad_weight_shape", lambda ms, x, w: _F(ms).group_norm(x, 2, w, w),
         F32(2, 6, 3), F32(4), error=True),
    case("mint.nn.functional.batch_norm/bad_rank1", lambda ms, x, m, v: _F(ms).batch_norm(x, m, v), F32(3), F32(3),
         F32(3, low=0.5, high=1.5), error=True),
]
CASES += [tcase(f"mint.nn.functional.layer_norm/modes/{mode}", lambda m, x, w, b: _F(m).layer_norm(x, (4,), w, b),
                F32(2, 3, 4), F32(4), F32(4, seed=2), mode=mode) for mode in ("pynative", "graph")]
for i, shape in enumerate([(4, 3), (2, 3, 4), (2, 3, 2, 2)]):
    for training in (False, True):
        CASES.append(tcase(
            f"mint.nn.functional.batch_norm/{'train' if training else 'eval'}{i}",
            lambda m, x, rm, rv, w, b, t=training: _F(m).batch_norm(x, rm, rv, w, b, training=t),
            F32(*shape, seed=100 + i), F32(3, seed=1), F32(3, low=0.5, high=2.0, seed=2), F32(3, seed=3),
            F32(3, seed=4), rtol=1e-5, atol=1e-5))
CASES += [
    # training with no running statistics (PyTorch's form for normalizing by the batch only)
    tcase("mint.nn.functional.batch_norm/train_no_stats", lambda m, x: _F(m).batch_norm(x, None, None, training=True),
          F32(4, 3, 5, seed=105), rtol=1e-5, atol=1e-5),
    tcase("mint.nn.functional.batch_norm/train_no_stats_affine", lambda m, x, w, b: _F(m).batch_norm(
        x, None, None, w, b, True), F32(2, 3, 2, 2, seed=106), F32(3, seed=3), F32(3, seed=4), rtol=1e-5, atol=1e-5),
    # the running statistics a training step writes back (momentum 0.1; unbiased variance)
    tcase("mint.nn.functional.batch_norm/running_update", lambda m, x, rm, rv: (
        lambda y: (y, rm, rv))(_F(m).batch_norm(x, rm, rv, training=True, momentum=0.2)),
          F32(4, 3, seed=107), F32(3, seed=1), F32(3, low=0.5, high=2.0, seed=2), rtol=1e-5, atol=1e-5),
    tcase("mint.nn.functional.batch_norm/grad_train", lambda m, x, w, b: _grad(
        m, lambda u, v, e: (_F(m).batch_norm(u, None, None, v, e, True) * u).sum(), (0, 1, 2))(x, w, b),
          F32(4, 3, 2, seed=108), F32(3, seed=3), F32(3, seed=4), rtol=1e-4, atol=1e-5),
]


# ------------------------------------------------------------------ convolutions
CONV2D = [  # (x shape, w shape, stride, padding, dilation, groups)
    ((1, 2, 5, 5), (3, 2, 3, 3), 1, 0, 1, 1),
    ((2, 2, 6, 6), (4, 2, 3, 3), 2, 1, 1, 1),
    ((1, 4, 6, 5), (4, 2, 3, 2), 1, 1, 1, 2),
    ((1, 2, 7, 7), (2, 2, 3, 3), 1, 2, 2, 1),
    ((1, 3, 4, 4), (2, 3, 1, 1), 1, 0, 1, 1),
]
for i, (xs, ws, s, p, d, g) in enumerate(CONV2D):
    CASES += [
        tcase(f"mint.nn.functional.conv2d/cfg{i}", lambda m, x, w, b, s=s, p=p, d=d, g=g: _F(m).conv2d(
            x, w, b, s, p, d, g), F32(*xs, seed=110 + i), F32(*ws, seed=120 + i), F32(ws[0], seed=130 + i),
              rtol=1e-4, atol=1e-5),
        tcase(f"mint.nn.functional.conv2d/grad{i}", lambda m, x, w, s=s, p=p, d=d, g=g: _grad(
            m, lambda u, v: (_F(m).conv2d(u, v, None, s, p, d, g) ** 2).sum(), (0, 1))(x, w),
              F32(*xs, seed=110 + i), F32(*ws, seed=120 + i), rtol=1e-4, atol=1e-4),
    ]
CONV1D = [((1, 2, 8), (3, 2, 3), 1, 0, 1), ((2, 2, 9), (4, 2, 3), 2, 1, 1), ((1, 3, 10), (2, 3, 2), 1, 1, 2)]
for i, (xs, ws, s, p, d) in enumerate(CONV1D):
    CASES += [
        tcase(f"mint.nn.functional.conv1d/cfg{i}", lambda m, x, w, b, s=s, p=p, d=d: _F(m).conv1d(x, w, b, s, p, d),
              F32(*xs, seed=140 + i), F32(*ws, seed=150 + i), F32(ws[0], seed=160 + i), rtol=1e-4, atol=1e-5),
        tcase(f"mint.nn.functional.conv1d/grad{i}", lambda m, x, w, s=s, p=p, d=d: _grad(
            m, lambda u, v: (_F(m).conv1d(u, v, None, s, p, d) ** 2).sum(), (0, 1))(x, w),
              F32(*xs, seed=140 + i), F32(*ws, seed=150 + i), rtol=1e-4, atol=1e-4),
    ]
CASES += [
    tcase("mint.nn.functional.conv3d/basic", lambda m, x, w: _F(m).conv3d(x, w), F32(1, 2, 4, 4, 4),
          F32(3, 2, 2, 2, 2, seed=3), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.functional.conv3d/stride_pad", lambda m, x, w: _F(m).conv3d(x, w, None, 2, 1),
          F32(1, 2, 5, 5, 5), F32(3, 2, 3, 3, 3, seed=3), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.functional.conv2d/same", lambda m, x, w: _F(m).conv2d(x, w, None, 1, "same"),
          F32(1, 2, 5, 5), F32(3, 2, 3, 3, seed=4), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.functional.conv2d/same_even_kernel", lambda m, x, w: _F(m).conv2d(x, w, None, 1, "same"),
          F32(1, 2, 5, 6), F32(3, 2, 2, 4, seed=4), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.functional.conv2d/valid", lambda m, x, w: _F(m).conv2d(x, w, None, 1, "valid"),
          F32(1, 2, 5, 5), F32(3, 2, 3, 3, seed=4), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.functional.conv2d/graph", lambda m, x, w: _F(m).conv2d(x, w, None, 1, 1), F32(1, 2, 5, 5),
          F32(3, 2, 3, 3, seed=4), mode="graph", rtol=1e-4, atol=1e-5),
]


# ------------------------------------------------------------------ pooling
for i, (shape, k) in enumerate([((1, 1, 4, 4), 2), ((2, 3, 6, 6), 2), ((1, 2, 6, 9), 3)]):
    X = F32(*shape, seed=170 + i)
    CASES += [
        tcase(f"mint.nn.functional.avg_pool2d/k{k}_{i}", lambda m, x, k=k: _F(m).avg_pool2d(x, k), X),
        tcase(f"mint.nn.functional.max_pool2d/k{k}_{i}", lambda m, x, k=k: _F(m).max_pool2d(x, k), X),
        tcase(f"mint.nn.functional.adaptive_avg_pool2d/half{i}", lambda m, x, k=k: _F(m).adaptive_avg_pool2d(
            x, (x.shape[2] // k, x.shape[3] // k)), X),
        case(f"mint.nn.functional.adaptive_max_pool2d/half{i}", lambda ms, x, k=k: _F(ms).adaptive_max_pool2d(
            x, (x.shape[2] // k, x.shape[3] // k)), X),
        tcase(f"mint.nn.functional.avg_pool2d/grad{i}", lambda m, x, k=k: _grad(
            m, lambda u: (_F(m).avg_pool2d(u, k) ** 2).sum())(x), X),
        tcase(f"mint.nn.functional.max_pool2d/grad{i}", lambda m, x, k=k: _grad(
            m, lambda u: (_F(m).max_pool2d(u, k) ** 2).sum())(x), X),
    ]
CASES += [
    tcase("mint.nn.functional.avg_pool2d/stride_pad", lambda m, x: _F(m).avg_pool2d(x, 3, 2, 1), F32(1, 2, 5, 5)),
    tcase("mint.nn.functional.avg_pool2d/no_pad_count", lambda m, x: _F(m).avg_pool2d(x, 3, 2, 1,
                                                                                      count_include_pad=False),
          F32(1, 2, 5, 5)),
    tcase("mint.nn.functional.avg_pool2d/ceil", lambda m, x: _F(m).avg_pool2d(x, 2, 2, 0, True), F32(1, 1, 5, 5)),
    tcase("mint.nn.functional.avg_pool2d/divisor", lambda m, x: _F(m).avg_pool2d(x, 2, 1, divisor_override=3),
          F32(1, 2, 4, 5)),
    tcase("mint.nn.functional.max_pool2d/stride_pad", lambda m, x: _F(m).max_pool2d(x, 3, 2, 1), F32(1, 2, 5, 5)),
    tcase("mint.nn.functional.max_pool2d/indices", lambda m, x: _F(m).max_pool2d(x, 2, return_indices=True),
          F32(1, 2, 4, 4)),
    tcase("mint.nn.functional.max_pool2d/dilation", lambda m, x: _F(m).max_pool2d(x, 2, 1, 0, 2), F32(1, 1, 5, 5)),
    tcase("mint.nn.functional.max_pool2d/ceil", lambda m, x: _F(m).max_pool2d(x, 2, 2, 0, 1, True), F32(1, 2, 5, 5)),
    tcase("mint.nn.functional.max_unpool2d/roundtrip", lambda m, x: _F(m).max_unpool2d(
        *_F(m).max_pool2d(x, 2, return_indices=True), 2), F32(1, 2, 4, 4)),
    tcase("mint.nn.functional.avg_pool1d/k2", lambda m, x: _F(m).avg_pool1d(x, 2), F32(2, 3, 8)),
    tcase("mint.nn.functional.avg_pool1d/stride_pad", lambda m, x: _F(m).avg_pool1d(x, 3, 2, 1), F32(1, 2, 7)),
    tcase("mint.nn.functional.adaptive_avg_pool1d/half", lambda m, x: _F(m).adaptive_avg_pool1d(x, 3),
          F32(2, 2, 6)),
    tcase("mint.nn.functional.adaptive_avg_pool3d/half", lambda m, x: _F(m).adaptive_avg_pool3d(x, 2),
          F32(1, 2, 4, 4, 4)),
    tcase("mint.nn.functional.adaptive_avg_pool3d/uneven", lambda m, x: _F(m).adaptive_avg_pool3d(x, (2, 3, 2)),
          F32(1, 2, 3, 5, 7)),
    tcase("mint.nn.functional.adaptive_max_pool1d/half", lambda m, x: _F(m).adaptive_max_pool1d(x, 3),
          F32(2, 2, 6)),
    case("mint.nn.functional.adaptive_max_pool2d/indices", lambda ms, x: _F(ms).adaptive_max_pool2d(
        x, 2, return_indices=True), F32(1, 2, 4, 4)),
    # an input without its batch axis, (C, H, W): documented for avg_pool2d, max_pool2d and conv2d
    tcase("mint.nn.functional.avg_pool2d/unbatched", lambda m, x: _F(m).avg_pool2d(x, 2, 1, 1), F32(3, 4, 6)),
    tcase("mint.nn.functional.max_pool2d/unbatched_indices", lambda m, x: _F(m).max_pool2d(
        x, 3, 2, 1, return_indices=True), F32(3, 5, 6)),
    tcase("mint.nn.functional.conv2d/unbatched", lambda m, x, w: _F(m).conv2d(x, w, None, 1, 1), F32(3, 5, 6),
          F32(4, 3, 3, 3, seed=5), rtol=1e-4, atol=1e-5),
    tcase("mint.nn.functional.conv1d/unbatched", lambda m, x, w: _F(m).conv1d(x, w, None, 1, "same"), F32(3, 7),
          F32(4, 3, 3, seed=6), rtol=1e-4, atol=1e-5),
    # argument checks MindSpore makes before it selects a kernel (its exception class is compared)
    case("mint.nn.functional.avg_pool2d/bad_divisor_zero", lambda ms, x: _F(ms).avg_pool2d(x, 2, divisor_override=0),
         F32(1, 1, 4, 4), error=True),
    case("mint.nn.functional.avg_pool3d/bad_divisor_zero", lambda ms, x: _F(ms).avg_pool3d(x, 2, divisor_override=0),
         F32(1, 1, 4, 4, 4), error=True),
    case("mint.nn.functional.adaptive_avg_pool2d/bad_size_len", lambda ms, x: _F(ms).adaptive_avg_pool2d(
        x, (1, 2, 3)), F32(1, 1, 4, 4), error=True),
    case("mint.nn.functional.adaptive_avg_pool2d/bad_size_str", lambda ms, x: _F(ms).adaptive_avg_pool2d(x, "a"),
         F32(1, 1, 4, 4), error=True),
    case("mint.nn.functional.conv2d/bad_same_stride", lambda ms, x, w: _F(ms).conv2d(x, w, None, 2, "same"),
         F32(1, 2, 5, 5), F32(2, 2, 3, 3), error=True),
    case("mint.nn.functional.avg_pool2d/bad_kernel", lambda ms, x: _F(ms).avg_pool2d(x, 0), F32(1, 1, 4, 4),
         error=True),
]
# lengths the output size does not divide: PyTorch's windows start=floor(i*L/out), end=ceil((i+1)*L/out)
for i, (shape, out) in enumerate([((1, 2, 7), 3), ((2, 3, 10), 4), ((1, 1, 5), 5), ((1, 2, 3), 5)]):
    X = F32(*shape, seed=180 + i)
    CASES += [
        tcase(f"mint.nn.functional.adaptive_avg_pool1d/uneven{i}", lambda m, x, o=out: _F(m).adaptive_avg_pool1d(x, o),
              X),
        tcase(f"mint.nn.functional.adaptive_max_pool1d/uneven{i}", lambda m, x, o=out: _F(m).adaptive_max_pool1d(x, o),
              X),
        tcase(f"mint.nn.functional.adaptive_max_pool1d/uneven_indices{i}", lambda m, x, o=out: _F(m).adaptive_max_pool1d(
            x, o, return_indices=True), X),
        tcase(f"mint.nn.functional.adaptive_avg_pool1d/uneven_grad{i}", lambda m, x, o=out: _grad(
            m, lambda u: (_F(m).adaptive_avg_pool1d(u, o) ** 2).sum())(x), X),
    ]
for i, (shape, out) in enumerate([((1, 2, 5, 7), (2, 3)), ((2, 1, 6, 5), (4, 3)), ((1, 2, 3, 4), (5, 6)),
                                  ((1, 1, 7, 7), (3, None))]):
    X = F32(*shape, seed=190 + i)
    CASES += [
        tcase(f"mint.nn.functional.adaptive_avg_pool2d/uneven{i}", lambda m, x, o=out: _F(m).adaptive_avg_pool2d(x, o),
              X),
        tcase(f"mint.nn.functional.adaptive_avg_pool2d/uneven_grad{i}", lambda m, x, o=out: _grad(
            m, lambda u: (_F(m).adaptive_avg_pool2d(u, o) ** 2).sum())(x), X),
        case(f"mint.nn.functional.adaptive_max_pool2d/uneven{i}", lambda ms, x, o=out: _F(ms).adaptive_max_pool2d(
            x, o, return_indices=True), X),
    ]


# ------------------------------------------------------------------ losses
LOSS_X = F32(3, 4, seed=200)
LOSS_Y = F32(3, 4, seed=201)
PROB = F32(3, 4, low=0.05, high=0.95, seed=202)
TGT01 = F32(3, 4, low=0.0, high=1.0, seed=203)
for red in ("mean", "sum", "none"):
    CASES += [
        tcase(f"mint.nn.functional.l1_loss/{red}", lambda m, x, y, r=red: _F(m).l1_loss(x, y, reduction=r),
              LOSS_X, LOSS_Y),
        tcase(f"mint.nn.functional.mse_loss/{red}", lambda m, x, y, r=red: _F(m).mse_loss(x, y, reduction=r),
              LOSS_X, LOSS_Y),
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
        tcase(f"mint.nn.functional.kl_div/{red}", lambda m, x, t, r=red: _F(m).kl_div(x, t, reduction=r),
              F32(3, 4, low=-3.0, high=-0.1), F32(3, 4, low=0.1, high=1.0)),
        tcase(f"mint.nn.functional.cross_entropy/{red}", lambda m, x, t, r=red: _F(m).cross_entropy(
            x, t, reduction=r), F32(4, 5, seed=205), LABELS),
        tcase(f"mint.nn.functional.cross_entropy/{red}_ignore_weight", lambda m, x, t, w, r=red: _F(m).cross_entropy(
            x, t, w, ignore_index=1, reduction=r), F32(4, 5, seed=205), LABELS, F32(5, low=0.1, high=2.0)),
        tcase(f"mint.nn.functional.soft_margin_loss/{red}", lambda m, x, y, r=red: _F(m).soft_margin_loss(
            x, y, reduction=r), LOSS_X, np.sign(LOSS_Y).astype(np.float32)),
    ]
CASES += [
    case("mint.nn.functional.nll_loss/ignore_index", lambda ms, x, t: _F(ms).nll_loss(x, t, ignore_index=2),
         F32(4, 5, seed=204), LABELS),
    case("mint.nn.functional.nll_loss/grad", lambda ms, x, t: ms.grad(lambda u: _F(ms).nll_loss(u, t))(x),
         F32(4, 5, seed=204), LABELS),
    tcase("mint.nn.functional.kl_div/batchmean", lambda m, x, t: _F(m).kl_div(x, t, reduction="batchmean"),
          F32(3, 4, low=-3.0, high=-0.1), F32(3, 4, low=0.1, high=1.0)),
    tcase("mint.nn.functional.kl_div/log_target", lambda m, x, t: _F(m).kl_div(x, t, reduction="sum",
                                                                                 log_target=True),
          F32(3, 4, low=-3.0, high=-0.1), F32(3, 4, low=-3.0, high=-0.1)),
    tcase("mint.nn.functional.kl_div/grad", lambda m, x, t: _grad(m, lambda u: _F(m).kl_div(
        u, t, reduction="batchmean"))(x), F32(3, 4, low=-3.0, high=-0.1), F32(3, 4, low=0.1, high=1.0)),
    # a zero target adds 0 (PyTorch's xlogy); a negative one has no logarithm: NaN
    tcase("mint.nn.functional.kl_div/zero_target", lambda m, x, t: _F(m).kl_div(x, t, reduction="none"),
          F32(2, 3, low=-3.0, high=-0.1), np.array([[0.0, 0.5, 0.0], [0.2, 0.0, 1.0]], np.float32)),
    tcase("mint.nn.functional.kl_div/negative_target", lambda m, x, t: _F(m).kl_div(x, t, reduction="none"),
          F32(2, 3, low=-3.0, high=-0.1), np.array([[-0.5, 0.5, 0.0], [0.2, -1.0, 1.0]], np.float32)),
    tcase("mint.nn.functional.cross_entropy/weight", lambda m, x, t, w: _F(m).cross_entropy(x, t, w),
          F32(4, 5, seed=205), LABELS, F32(5, low=0.1, high=2.0)),
    tcase("mint.nn.functional.cross_entropy/probs", lambda m, x, p: _F(m).cross_entropy(x, p), F32(4, 5, seed=205),
          F32(4, 5, low=0.0, high=1.0, seed=206)),
    tcase("mint.nn.functional.cross_entropy/label_smoothing", lambda m, x, t: _F(m).cross_entropy(
        x, t, label_smoothing=0.2), F32(4, 5, seed=205), LABELS),
    tcase("mint.nn.functional.cross_entropy/label_smoothing_weight", lambda m, x, t, w: _F(m).cross_entropy(
        x, t, w, label_smoothing=0.3), F32(4, 5, seed=205), LABELS, F32(5, low=0.1, high=2.0)),
    tcase("mint.nn.functional.cross_entropy/grad", lambda m, x, t: _grad(m, lambda u: _F(m).cross_entropy(u, t))(x),
          F32(4, 5, seed=205), LABELS),
    tcase("mint.nn.functional.mse_loss/grad", lambda m, x, y: _grad(m, lambda u: _F(m).mse_loss(u, y))(x),
          LOSS_X, LOSS_Y),
    tcase("mint.nn.functional.l1_loss/grad", lambda m, x, y: _grad(m, lambda u: _F(m).l1_loss(u, y, reduction="sum"))(x),
          LOSS_X, LOSS_Y),
    tcase("mint.nn.functional.mse_loss/broadcast", lambda m, x, y: _F(m).mse_loss(x, y), F32(3, 4), F32(4)),
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
    case("mint.nn.functional.dropout/train_p0", lambda ms, x: _F(ms).dropout(x, 0.0, training=True), F32(3, 4)),
    # kept elements are scaled by 1/(1-p), the others zero
    tcase("mint.nn.functional.dropout/train_scale", lambda m, x: (
        lambda y: ((y == 0) | ((y - x * 2).abs() < 1e-6)).all())(_F(m).dropout(x, 0.5)),
          F32(8, 16, low=0.5, high=1.5)),
    case("mint.nn.functional.dropout/bad_p_neg", lambda ms, x: _F(ms).dropout(x, -0.1), F32(2, 3), error=True),
    tcase("mint.nn.functional.dropout2d/eval", lambda m, x: _F(m).dropout2d(x, 0.3, training=False), F32(2, 3, 4, 4)),
]
for i, (shape, p) in enumerate([((2, 3), (1, 1)), ((2, 3, 4), (0, 1, 2, 0)), ((1, 2, 3, 3), (1, 2, 0, 1)),
                                ((1, 1, 2, 2, 2), (1, 0, 0, 1, 1, 0))]):
    CASES += [
        tcase(f"mint.nn.functional.pad/constant{i}", lambda m, x, p=p: _F(m).pad(x, p), F32(*shape, seed=210 + i)),
        tcase(f"mint.nn.functional.pad/value{i}", lambda m, x, p=p: _F(m).pad(x, p, value=-1.5),
              F32(*shape, seed=210 + i)),
    ]
for i, (shape, p) in enumerate([((1, 2, 5), (1, 2)), ((1, 2, 4, 4), (1, 1, 2, 0)), ((2, 1, 3, 4), (2, 2, 1, 1))]):
    CASES += [
        tcase(f"mint.nn.functional.pad/reflect{i}", lambda m, x, p=p: _F(m).pad(x, p, mode="reflect"),
              F32(*shape, seed=220 + i)),
        tcase(f"mint.nn.functional.pad/replicate{i}", lambda m, x, p=p: _F(m).pad(x, p, mode="replicate"),
              F32(*shape, seed=220 + i)),
        case(f"mint.nn.functional.pad/circular{i}", lambda ms, x, p=p: _F(ms).pad(x, p, mode="circular"),
             F32(*shape, seed=220 + i)),
    ]
CASES += [
    tcase("mint.nn.functional.pad/negative_crop", lambda m, x: _F(m).pad(x, (-1, 1)), F32(2, 4)),
    tcase("mint.nn.functional.pad/grad", lambda m, x: _grad(m, lambda u: (_F(m).pad(u, (1, 1)) ** 2).sum())(x),
          F32(2, 3)),
    tcase("mint.nn.functional.pad/reflect_grad", lambda m, x: _grad(
        m, lambda u: (_F(m).pad(u, (2, 1), mode="reflect") ** 2).sum())(x), F32(1, 2, 5)),
    tcase("mint.nn.functional.pad/int32", lambda m, x: _F(m).pad(x, (1, 2), value=7), np.arange(6, dtype=np.int32)
          .reshape(2, 3)),
    case("mint.nn.functional.pad/bad_reflect_rank", lambda ms, x: _F(ms).pad(x, (1, 1), mode="reflect"), F32(3),
         error=True),
    case("mint.nn.functional.pad/bad_reflect2d_rank", lambda ms, x: _F(ms).pad(x, (1, 1, 1, 1), mode="reflect"),
         F32(1, 1, 3, 4, 4), error=True),
    case("mint.nn.functional.pad/bad_replicate3d_rank", lambda ms, x: _F(ms).pad(x, (1, 1, 1, 1, 1, 1),
                                                                                 mode="replicate"), F32(3, 4),
         error=True),
    case("mint.nn.functional.pad/bad_circular_rank", lambda ms, x: _F(ms).pad(x, (1, 1), mode="circular"), F32(3),
         error=True),
    case("mint.nn.functional.pad/bad_mode", lambda ms, x: _F(ms).pad(x, (1, 1), mode="wrap"), F32(1, 2, 3),
         error=True),
]
for i, (t, n) in enumerate([([0, 1, 2], -1), ([3, 0], 5), ([[0, 1], [1, 2]], 3), ([2], 4)]):
    CASES.append(tcase(f"mint.nn.functional.one_hot/case{i}", lambda m, x, n=n: _F(m).one_hot(x, n),
                       np.array(t, np.int64)))
for i, (idx, rows) in enumerate([(np.array([0, 2, 1], np.int64), 4), (np.array([[1, 1], [3, 0]], np.int64), 4),
                                 (np.array([4, 0], np.int32), 5)]):
    CASES += [
        tcase(f"mint.nn.functional.embedding/rows{i}", lambda m, i_, w: _F(m).embedding(i_, w), idx,
              F32(rows, 3, seed=230 + i)),
        tcase(f"mint.nn.functional.embedding/grad{i}", lambda m, i_, w: _grad(
            m, lambda v: (_F(m).embedding(i_, v) ** 2).sum())(w), idx, F32(rows, 3, seed=230 + i)),
    ]
CASES += [
    tcase("mint.nn.functional.embedding/padding_idx_grad", lambda m, i_, w: _grad(
        m, lambda v: _F(m).embedding(i_, v, padding_idx=0).sum())(w), np.array([0, 1, 0, 2], np.int64), F32(3, 2)),
    tcase("mint.nn.functional.embedding/max_norm", lambda m, i_, w: _F(m).embedding(i_, w.clone(), max_norm=1.0),
          np.array([0, 2, 2], np.int64), F32(3, 4, seed=233)),
    # the rows picked are renormalized in ``weight`` itself; the gradient does not see the scaling
    tcase("mint.nn.functional.embedding/max_norm_inplace", lambda m, i_, w: (
        _F(m).embedding(i_, w, max_norm=1.5, norm_type=1.0), w), np.array([[0, 3], [3, 1]], np.int64),
          F32(4, 3, seed=234)),
    tcase("mint.nn.functional.embedding/max_norm_grad", lambda m, i_, w: _grad(
        m, lambda v: (_F(m).embedding(i_, v, max_norm=1.0) ** 2).sum())(w), np.array([0, 2, 2], np.int64),
          F32(3, 4, seed=233)),
]
for i, (shape, p, dim) in enumerate([((2, 3), 2.0, 1), ((3, 4), 1.0, 0), ((2, 3, 4), 2.0, -1), ((4, 2), 3.0, 1)]):
    CASES.append(tcase(f"mint.nn.functional.normalize/case{i}", lambda m, x, p=p, d=dim: _F(m).normalize(x, p, d),
                       F32(*shape, seed=240 + i), rtol=1e-5, atol=1e-6))


# ------------------------------------------------------------------ interpolate, pixel_shuffle, fold
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
    CASES.append(tcase(f"mint.nn.functional.interpolate/bilinear{i}", lambda m, x, s=size, a=align: _F(m).interpolate(
        x, size=s, mode="bilinear", align_corners=a), F32(1, 2, 3, 4, seed=250 + i)))
# bicubic (PyTorch's cubic convolution, A = -0.75, taps clamped at the border), linear, and scale
# factors that are not integers (PyTorch maps the output to the input with 1/scale_factor, not in/out)
INTERP_TORCH = [
    ("bicubic_up", F32(1, 2, 3, 4, seed=255), dict(size=(7, 9), mode="bicubic")),
    ("bicubic_up_align", F32(1, 2, 3, 4, seed=255), dict(size=(7, 9), mode="bicubic", align_corners=True)),
    ("bicubic_down", F32(2, 1, 7, 6, seed=256), dict(size=(3, 4), mode="bicubic")),
    ("bicubic_down_align", F32(2, 1, 7, 6, seed=256), dict(size=(3, 4), mode="bicubic", align_corners=True)),
    ("bicubic_scale2", F32(1, 1, 3, 3, seed=257), dict(scale_factor=2.0, mode="bicubic")),
    ("bicubic_scale1_5", F32(1, 2, 4, 5, seed=258), dict(scale_factor=1.5, mode="bicubic")),
    ("bicubic_size1", F32(1, 1, 4, 4, seed=259), dict(size=(1, 3), mode="bicubic", align_corners=True)),
    ("linear", F32(1, 2, 5, seed=260), dict(size=8, mode="linear")),
    ("linear_align", F32(1, 2, 5, seed=260), dict(size=8, mode="linear", align_corners=True)),
    ("linear_scale2_5", F32(2, 1, 4, seed=261), dict(scale_factor=2.5, mode="linear")),
    ("bilinear_scale1_5", F32(1, 2, 4, 5, seed=262), dict(scale_factor=1.5, mode="bilinear")),
    ("bilinear_scale_pair", F32(1, 1, 4, 5, seed=263), dict(scale_factor=(2.0, 0.6), mode="bilinear")),
    ("bilinear_scale_list", F32(1, 2, 3, 3, seed=264), dict(scale_factor=[2.0, 3.0], mode="bilinear",
                                                            align_corners=True)),
    ("bilinear_down", F32(1, 1, 7, 9, seed=265), dict(size=(3, 4), mode="bilinear")),
    ("bilinear_f64", F32(1, 2, 3, 4, seed=262).astype(np.float64), dict(size=(7, 9), mode="bilinear")),
    ("bicubic_f16", F16(1, 2, 3, 4, seed=262), dict(size=(5, 6), mode="bicubic")),
    ("bilinear_recompute", F32(1, 1, 4, 5, seed=266), dict(scale_factor=1.7, mode="bilinear",
                                                          recompute_scale_factor=True)),
]
for name, x, kw in INTERP_TORCH:
    CASES.append(tcase(f"mint.nn.functional.interpolate/{name}", lambda m, x, kw=kw: _F(m).interpolate(x, **kw), x))
CASES += [
    tcase("mint.nn.functional.interpolate/bicubic_grad", lambda m, x: _grad(m, lambda u: (_F(m).interpolate(
        u, size=(5, 7), mode="bicubic") ** 2).sum())(x), F32(1, 1, 3, 4, seed=267), rtol=1e-5, atol=1e-5),
    tcase("mint.nn.functional.interpolate/bilinear_grad", lambda m, x: _grad(m, lambda u: (_F(m).interpolate(
        u, scale_factor=1.5, mode="bilinear", align_corners=True) ** 2).sum())(x), F32(1, 1, 3, 4, seed=268)),
    tcase("mint.nn.functional.upsample/bilinear_scale", lambda m, x: _F(m).upsample(
        x, scale_factor=2.0, mode="bilinear"), F32(1, 2, 2, 3, seed=269)),
    tcase("mint.nn.functional.interpolate/bicubic_graph", lambda m, x: _F(m).interpolate(
        x, size=(5, 6), mode="bicubic", align_corners=False), F32(1, 1, 3, 4, seed=270), mode="graph"),
    # MindSpore 2.10 takes the scale factors as floats only: an int one is a TypeError (PyTorch accepts it),
    # unless recompute_scale_factor turns them into a size first
    case("mint.nn.functional.upsample/nearest_int_scale", lambda ms, x: _F(ms).upsample(x, scale_factor=2),
         F32(1, 2, 2, 3, seed=271), error=True),
    case("mint.nn.functional.interpolate/nearest_int_scale_1d", lambda ms, x: _F(ms).interpolate(x, scale_factor=3),
         F32(1, 2, 3, seed=272), error=True),
    case("mint.nn.functional.interpolate/bilinear_int_scale", lambda ms, x: _F(ms).interpolate(
        x, scale_factor=2, mode="bilinear"), F32(1, 2, 3, 3, seed=264), error=True),
    case("mint.nn.functional.interpolate/mixed_scale", lambda ms, x: _F(ms).interpolate(x, scale_factor=(2, 1.5)),
         F32(1, 2, 3, 3, seed=264), error=True),
    case("mint.nn.functional.interpolate/int_scale_recompute", lambda ms, x: _F(ms).interpolate(
        x, scale_factor=2, recompute_scale_factor=True), F32(1, 2, 2, 3, seed=271)),
    case("mint.nn.functional.interpolate/nearest_scale1_7", lambda ms, x: _F(ms).interpolate(x, scale_factor=1.7),
         F32(1, 2, 4, 5, seed=273)),
    case("mint.nn.functional.interpolate/nearest_scale0_6", lambda ms, x: _F(ms).interpolate(x, scale_factor=0.6),
         F32(1, 2, 4, 5, seed=273)),
    case("mint.nn.functional.interpolate/nearest_scale1_2", lambda ms, x: _F(ms).interpolate(x, scale_factor=1.2),
         F32(1, 2, 4, 5, seed=274)),
    case("mint.nn.functional.interpolate/nearest1d_scale1_7", lambda ms, x: _F(ms).interpolate(x, scale_factor=1.7),
         F32(1, 2, 5, seed=275)),
    case("mint.nn.functional.interpolate/nearest_f16_scale", lambda ms, x: _F(ms).interpolate(x, scale_factor=1.7),
         F16(1, 2, 4, 5, seed=276)),
    case("mint.nn.functional.interpolate/trilinear_scale", lambda ms, x: _F(ms).interpolate(
        x, scale_factor=(1.5, 2.0, 0.7), mode="trilinear"), F32(1, 1, 2, 3, 4, seed=277)),
    case("mint.nn.functional.interpolate/bad_scale_count", lambda ms, x: _F(ms).interpolate(
        x, scale_factor=(2.0,)), F32(1, 1, 2, 2), error=True),
    case("mint.nn.functional.interpolate/bad_size_count", lambda ms, x: _F(ms).interpolate(x, size=(3,)),
         F32(1, 1, 2, 2), error=True),
    case("mint.nn.functional.interpolate/bad_size_zero", lambda ms, x: _F(ms).interpolate(x, size=(0, 3)),
         F32(1, 1, 2, 2), error=True),
    case("mint.nn.functional.interpolate/bad_linear_rank", lambda ms, x: _F(ms).interpolate(
        x, size=(3, 3), mode="linear"), F32(1, 1, 2, 2), error=True),
    case("mint.nn.functional.interpolate/bad_bicubic_rank", lambda ms, x: _F(ms).interpolate(
        x, size=3, mode="bicubic"), F32(1, 1, 2), error=True),
    case("mint.nn.functional.interpolate/bad_no_size", lambda ms, x: _F(ms).interpolate(x), F32(1, 1, 2),
         error=True),
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
    tcase("mint.nn.functional.unfold/k2", lambda m, x: _F(m).unfold(x, 2), F32(1, 2, 3, 3)),
    tcase("mint.nn.functional.unfold/stride_pad_dilation", lambda m, x: _F(m).unfold(x, (2, 3), 2, 1, 2),
          F32(1, 2, 6, 7)),
    tcase("mint.nn.functional.fold/roundtrip_count", lambda m, x: _F(m).fold(_F(m).unfold(x, 2), (3, 3), 2),
          F32(1, 1, 3, 3)),
]
