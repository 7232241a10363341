"""The loss Cells of ``mindspore.nn``: forward values for every reduction, gradients with respect
to the float inputs (``ms.grad`` of the summed loss), float16 where MindSpore's CPU build runs it,
the weight / ignore_index / label_smoothing / margin arguments, GRAPH_MODE twins, and bad
constructor arguments and inputs (``error=True``).

SoftMarginLoss, L1LossExt, MultilabelMarginLoss and TripletMarginLoss have no CPU kernel in
MindSpore 2.10: their value cases use ``ms_ref`` (the documented math written with MindSpore ops
its CPU build runs); the checks MindSpore makes before selecting a kernel are bad-input cases.

MindSpore 2.10 quirks reproduced here: the gradient with respect to the labels of
SoftmaxCrossEntropyWithLogits and KLDivLoss, and with respect to MultiMarginLoss's weight, is zero;
the gradient of HingeEmbeddingLoss fails in MindSpore (an Add of bool tensors), so its cases compare
forward values only.
"""
import numpy as np

from parity_tests.cases._layer_common import one_per_class_by_default
from parity_tests.harness import case, Raw, F32, F16, F64, I32, I64

L = dict(rtol=2e-5, atol=2e-6)       # log-sum-exp, means and sums of float32 values
H = dict(rtol=4e-3, atol=4e-3)       # float16 results computed in float32 then rounded


def _sum(ms, out):
    return ms.ops.ReduceSum()(out.astype(ms.float32)) if out.ndim else out.astype(ms.float32)


def _float_positions(args):
    return tuple(i for i, a in enumerate(args) if hasattr(a, "asnumpy") and a.asnumpy().dtype.kind == "f")


def _loss_fn(build, grad=True, positions=None):
    """``[out, grads]``: the loss Cell ``build(ms)`` on the inputs, and the gradients of its
    (summed) value with respect to the float inputs (or ``positions``)."""

    def fn(ms, *args):
        net = build(ms)
        out = net(*args)
        result = [out]
        pos = _float_positions(args) if positions is None else positions
        if grad and pos:
            def total(*a):
                return _sum(ms, net(*a))
            result.append(ms.grad(total, grad_position=pos)(*args))
        return result
    return fn


def lc(name, build, *inputs, grad=True, positions=None, mode="pynative", **kw):
    """A loss case: forward and (with ``grad``) gradients."""
    return case(name, _loss_fn(build, grad, positions), *inputs, mode=mode, **kw)


def bad(name, build, *inputs):
    """A bad-argument/bad-input case: constructing or calling must raise the same class."""
    return case(name, lambda ms, *a: build(ms)(*a), *inputs, error=True)


def bad_init(name, build):
    return case(name, lambda ms: build(ms), error=True)


def _t(ms, vals, dt=np.int32):
    return ms.Tensor(np.array(vals, dt))


def _probs(*shape, seed=3):
    p = np.random.RandomState(seed).uniform(0.1, 1.0, shape).astype(np.float32)
    return p / p.sum(1, keepdims=True)


def _sign(*shape, seed=5):
    return np.where(np.random.RandomState(seed).rand(*shape) > 0.5, 1.0, -1.0).astype(np.float32)


def _bits(*shape, seed=6):
    return (np.random.RandomState(seed).rand(*shape) > 0.5).astype(np.float32)


X = F32(3, 4)
Y = F32(3, 4, seed=21)
P = F32(3, 4, low=0.05, high=0.95, seed=22)
B = _bits(3, 4)
LAB = np.array([1, 0, 3], np.int32)
REDS = ("mean", "sum", "none")

CASES = []

# --- LossBase ------------------------------------------------------------------------------------


def _base_get_loss(red, weights=None):
    def fn(ms, x):
        base = ms.nn.LossBase(red)
        return base.get_loss(x) if weights is None else base.get_loss(x, ms.Tensor(weights))
    return fn


CASES += [
    case("LossBase/get_loss_mean", _base_get_loss("mean"), X),
    case("LossBase/get_loss_sum", _base_get_loss("sum"), X),
    case("LossBase/get_loss_none", _base_get_loss("none"), X),
    case("LossBase/get_loss_weights", _base_get_loss("mean", np.array([0.5, 1.0, 2.0, 0.0], np.float32)), X),
    case("LossBase/get_loss_f16", _base_get_loss("sum"), F16(3, 4)),
    case("LossBase/get_axis", lambda ms, x: ms.nn.LossBase().get_axis(x), F32(2, 3, 4)),
    case("LossBase/attrs", lambda ms: [(ms.nn.LossBase(r).average, ms.nn.LossBase(r).reduce) for r in REDS]),
    bad_init("LossBase/bad_reduction", lambda ms: ms.nn.LossBase("avg")),
    case("LossBase/subclass", lambda ms, x, y: type("MyLoss", (ms.nn.LossBase,), {
        "construct": lambda self, a, b: self.get_loss(ms.ops.abs(a - b), 0.5)})("sum")(x, y), X, Y),
]

# --- regression losses --------------------------------------------------------------------------
for _r in REDS:
    CASES += [
        lc(f"L1Loss/{_r}", lambda ms, r=_r: ms.nn.L1Loss(r), X, Y, **L),
        lc(f"MSELoss/{_r}", lambda ms, r=_r: ms.nn.MSELoss(r), X, Y, **L),
        lc(f"MAELoss/{_r}", lambda ms, r=_r: ms.nn.MAELoss(r), X, Y, **L),
        lc(f"SmoothL1Loss/{_r}", lambda ms, r=_r: ms.nn.SmoothL1Loss(0.5, r), X, Y, **L),
        lc(f"HuberLoss/{_r}", lambda ms, r=_r: ms.nn.HuberLoss(r, 0.8), X, Y, **L),
    ]
CASES += [
    lc("L1Loss/broadcast", lambda ms: ms.nn.L1Loss("none"), X, F32(4), **L),
    lc("L1Loss/f16", lambda ms: ms.nn.L1Loss(), F16(3, 4), F16(3, 4, seed=2), **H),
    lc("MSELoss/broadcast", lambda ms: ms.nn.MSELoss("none"), X, F32(4), **L),
    lc("MSELoss/f16", lambda ms: ms.nn.MSELoss(), F16(3, 4), F16(3, 4, seed=2), **H),
    lc("MSELoss/f16_none", lambda ms: ms.nn.MSELoss("none"), F16(3, 4), F16(3, 4, seed=2), **H),
    case("MSELoss/int32", lambda ms, x, y: ms.nn.MSELoss()(x, y), I32(3, 4), I32(3, 4, seed=2)),
    lc("MSELoss/graph", lambda ms: ms.nn.MSELoss(), X, Y, mode="graph", **L),
    lc("MAELoss/f16", lambda ms: ms.nn.MAELoss("sum"), F16(3, 4), F16(3, 4, seed=2), **H),
    lc("SmoothL1Loss/default", lambda ms: ms.nn.SmoothL1Loss(), X, Y, **L),
    lc("SmoothL1Loss/f16", lambda ms: ms.nn.SmoothL1Loss(), F16(3, 4), F16(3, 4, seed=2), **H),
    lc("HuberLoss/default", lambda ms: ms.nn.HuberLoss(), X, Y, **L),
    lc("HuberLoss/broadcast", lambda ms: ms.nn.HuberLoss("none"), X, F32(1, 4), **L),
    lc("RMSELoss/f32", lambda ms: ms.nn.RMSELoss(), X, Y, **L),
    lc("RMSELoss/f16", lambda ms: ms.nn.RMSELoss(), F16(3, 4), F16(3, 4, seed=2), **H),
    lc("RMSELoss/graph", lambda ms: ms.nn.RMSELoss(), X, Y, mode="graph", **L),
    bad_init("L1Loss/bad_reduction", lambda ms: ms.nn.L1Loss("avg")),
    bad_init("MSELoss/bad_reduction", lambda ms: ms.nn.MSELoss("max")),
    bad("MSELoss/not_tensor", lambda ms: ms.nn.MSELoss(), Raw(np.ones((2, 2), np.float32)), F32(2, 2)),
    bad("MSELoss/bad_broadcast", lambda ms: ms.nn.MSELoss(), F32(3, 4), F32(3, 5)),
    bad("L1Loss/bad_broadcast", lambda ms: ms.nn.L1Loss(), F32(3, 4), F32(2, 4)),
    bad("MAELoss/not_tensor", lambda ms: ms.nn.MAELoss(), F32(2, 2), Raw(1.0)),
    bad("RMSELoss/uint8", lambda ms: ms.nn.RMSELoss(), np.ones((2, 2), np.uint8), np.ones((2, 2), np.uint8)),
    bad("SmoothL1Loss/bad_beta", lambda ms: ms.nn.SmoothL1Loss(-1.0), X, Y),
    lc("SmoothL1Loss/int_beta", lambda ms: ms.nn.SmoothL1Loss(2, "sum"), X, Y, **L),
    bad_init("SmoothL1Loss/bad_reduction", lambda ms: ms.nn.SmoothL1Loss(1.0, "avg")),
    bad("SmoothL1Loss/shape_mismatch", lambda ms: ms.nn.SmoothL1Loss(), F32(3, 4), F32(4)),
    bad_init("HuberLoss/bad_reduction", lambda ms: ms.nn.HuberLoss("avg")),
    bad("HuberLoss/bad_delta", lambda ms: ms.nn.HuberLoss(delta=-1.0), X, Y),
]

# --- L1LossExt / SoftMarginLoss (no CPU kernel: ms_ref) ------------------------------------------


def _ref_l1(red):
    def fn(ms, x, y):
        def f(a, b):
            d = ms.ops.abs(a - b)
            return d.mean() if red == "mean" else (d.sum() if red == "sum" else d)
        out = f(x, y)
        return [out, ms.grad(lambda a, b: _sum(ms, f(a, b)), grad_position=(0, 1))(x, y)]
    return fn


def _ref_soft_margin(red):
    def fn(ms, x, y):
        def f(a, b):
            d = ms.ops.log(1 + ms.ops.exp(-b * a))
            return d.mean() if red == "mean" else (d.sum() if red == "sum" else d)
        out = f(x, y)
        return [out, ms.grad(lambda a, b: _sum(ms, f(a, b)), grad_position=(0, 1))(x, y)]
    return fn


for _r in REDS:
    CASES += [
        case(f"L1LossExt/{_r}", _loss_fn(lambda ms, r=_r: ms.nn.L1LossExt(r)), X, Y, ms_ref=_ref_l1(_r), **L),
        case(f"SoftMarginLoss/{_r}", _loss_fn(lambda ms, r=_r: ms.nn.SoftMarginLoss(r)), X,
             _sign(3, 4), ms_ref=_ref_soft_margin(_r), **L),
    ]
CASES += [
    bad_init("L1LossExt/bad_reduction", lambda ms: ms.nn.L1LossExt("avg")),
    bad("SoftMarginLoss/not_tensor", lambda ms: ms.nn.SoftMarginLoss(), Raw(1.0), X),
]

# --- MarginRankingLoss / HingeEmbeddingLoss / CosineEmbeddingLoss --------------------------------
for _r in REDS:
    CASES += [
        lc(f"MarginRankingLoss/{_r}", lambda ms, r=_r: ms.nn.MarginRankingLoss(0.3, r), X, Y, _sign(3, 4), **L),
        lc(f"HingeEmbeddingLoss/{_r}", lambda ms, r=_r: ms.nn.HingeEmbeddingLoss(0.7, r), X, _sign(3, 4), grad=False,
           **L),
        lc(f"CosineEmbeddingLoss/{_r}", lambda ms, r=_r: ms.nn.CosineEmbeddingLoss(0.2, r), X, Y,
           np.array([1, -1, -1], np.int32), **L),
    ]
CASES += [
    lc("MarginRankingLoss/default", lambda ms: ms.nn.MarginRankingLoss(), X, Y, _sign(3, 4), **L),
    lc("MarginRankingLoss/f16", lambda ms: ms.nn.MarginRankingLoss(0.1), F16(3, 4), F16(3, 4, seed=3),
       _sign(3, 4).astype(np.float16), **H),
    bad_init("MarginRankingLoss/bad_reduction", lambda ms: ms.nn.MarginRankingLoss(0.0, "avg")),
    bad("MarginRankingLoss/int_margin", lambda ms: ms.nn.MarginRankingLoss(1), X, Y, _sign(3, 4)),
    bad("MarginRankingLoss/dtype_mismatch", lambda ms: ms.nn.MarginRankingLoss(), X, F16(3, 4), _sign(3, 4)),
    lc("HingeEmbeddingLoss/default", lambda ms: ms.nn.HingeEmbeddingLoss(), X, _sign(3, 4), grad=False, **L),
    lc("HingeEmbeddingLoss/int_margin", lambda ms: ms.nn.HingeEmbeddingLoss(2), X, _sign(3, 4), grad=False, **L),
    bad_init("HingeEmbeddingLoss/bad_reduction", lambda ms: ms.nn.HingeEmbeddingLoss(1.0, "avg")),
    bad_init("HingeEmbeddingLoss/str_margin", lambda ms: ms.nn.HingeEmbeddingLoss("1")),
    lc("CosineEmbeddingLoss/default", lambda ms: ms.nn.CosineEmbeddingLoss(), X, Y, np.array([1, -1, 1], np.int32),
       **L),
    lc("CosineEmbeddingLoss/graph", lambda ms: ms.nn.CosineEmbeddingLoss(0.1), X, Y, np.array([1, -1, 1], np.int32),
       mode="graph", **L),
    bad_init("CosineEmbeddingLoss/int_margin", lambda ms: ms.nn.CosineEmbeddingLoss(0)),
    bad_init("CosineEmbeddingLoss/margin_range", lambda ms: ms.nn.CosineEmbeddingLoss(2.0)),
    bad_init("CosineEmbeddingLoss/bad_reduction", lambda ms: ms.nn.CosineEmbeddingLoss(0.0, "avg")),
    bad("CosineEmbeddingLoss/dtype_mismatch", lambda ms: ms.nn.CosineEmbeddingLoss(), X, F16(3, 4),
        np.array([1, -1, 1], np.int32)),
    bad("CosineEmbeddingLoss/shape_mismatch", lambda ms: ms.nn.CosineEmbeddingLoss(), X, F32(3, 5),
        np.array([1, -1, 1], np.int32)),
]

# --- SoftmaxCrossEntropyWithLogits -----------------------------------------------------------------
for _r in REDS:
    CASES += [
        lc(f"SoftmaxCrossEntropyWithLogits/dense_{_r}", lambda ms, r=_r: ms.nn.SoftmaxCrossEntropyWithLogits(
            reduction=r), X, _probs(3, 4), positions=(0,), **L),
        lc(f"SoftmaxCrossEntropyWithLogits/sparse_{_r}", lambda ms, r=_r: ms.nn.SoftmaxCrossEntropyWithLogits(
            True, r), X, LAB, **L),
    ]
CASES += [
    lc("SoftmaxCrossEntropyWithLogits/default", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(), X,
       np.eye(4, dtype=np.float32)[LAB], **L),
    lc("SoftmaxCrossEntropyWithLogits/label_grad", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(reduction="mean"),
       X, _probs(3, 4), **L),
    lc("SoftmaxCrossEntropyWithLogits/sparse_int64", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(True, "mean"),
       X, LAB.astype(np.int64), **L),
    lc("SoftmaxCrossEntropyWithLogits/sparse_int64_none", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(True),
       X, LAB.astype(np.int64), **L),
    lc("SoftmaxCrossEntropyWithLogits/f16_dense", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(reduction="mean"),
       F16(3, 4), _probs(3, 4).astype(np.float16), positions=(0,), **H),
    lc("SoftmaxCrossEntropyWithLogits/f16_sparse_mean", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(
        True, "mean"), F16(3, 4), LAB, **H),
    lc("SoftmaxCrossEntropyWithLogits/wide", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(True, "mean"),
       F32(5, 10, low=-6, high=6), np.array([9, 0, 3, 3, 7], np.int32), **L),
    lc("SoftmaxCrossEntropyWithLogits/graph_sparse", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(True, "mean"),
       X, LAB, mode="graph", **L),
    lc("SoftmaxCrossEntropyWithLogits/graph_sparse_none", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(True),
       X, LAB, mode="graph", **L),
    case("SoftmaxCrossEntropyWithLogits/attrs", lambda ms: [ms.nn.SoftmaxCrossEntropyWithLogits(True).sparse,
                                                             ms.nn.SoftmaxCrossEntropyWithLogits().reduction]),
    bad_init("SoftmaxCrossEntropyWithLogits/bad_sparse", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(1)),
    bad_init("SoftmaxCrossEntropyWithLogits/bad_reduction",
             lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(reduction="avg")),
    bad("SoftmaxCrossEntropyWithLogits/shape_mismatch", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(), X,
        _probs(3, 5)),
    bad("SoftmaxCrossEntropyWithLogits/f16_sparse_none", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(True),
        F16(3, 4), LAB),
    bad("SoftmaxCrossEntropyWithLogits/float_sparse_labels", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(
        True, "mean"), X, LAB.astype(np.float32)),
    bad("SoftmaxCrossEntropyWithLogits/not_tensor", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(), X,
        Raw([1, 0, 3])),
    bad("SoftmaxCrossEntropyWithLogits/int_logits", lambda ms: ms.nn.SoftmaxCrossEntropyWithLogits(), I32(3, 4),
        I32(3, 4)),
]

# --- CrossEntropyLoss / NLLLoss ----------------------------------------------------------------------
_W = np.array([0.5, 2.0, 1.0, 1.5], np.float32)
_LAB_IGN = np.array([1, 2, 3], np.int32)
for _r in REDS:
    CASES += [
        lc(f"CrossEntropyLoss/{_r}", lambda ms, r=_r: ms.nn.CrossEntropyLoss(reduction=r), X, LAB, **L),
        lc(f"CrossEntropyLoss/probs_{_r}", lambda ms, r=_r: ms.nn.CrossEntropyLoss(reduction=r), X, _probs(3, 4),
           **L),
        lc(f"CrossEntropyLoss/weight_ignore_{_r}", lambda ms, r=_r: ms.nn.CrossEntropyLoss(
            ms.Tensor(_W), ignore_index=2, reduction=r), X, _LAB_IGN, **L),
        lc(f"CrossEntropyLoss/smoothing_{_r}", lambda ms, r=_r: ms.nn.CrossEntropyLoss(
            reduction=r, label_smoothing=0.2), X, LAB, **L),
        lc(f"NLLLoss/{_r}", lambda ms, r=_r: ms.nn.NLLLoss(reduction=r), X, LAB, **L),
        lc(f"NLLLoss/weight_ignore_{_r}", lambda ms, r=_r: ms.nn.NLLLoss(ms.Tensor(_W), 2, r), X, _LAB_IGN, **L),
    ]
CASES += [
    lc("CrossEntropyLoss/spatial", lambda ms: ms.nn.CrossEntropyLoss(), F32(2, 3, 2, 2),
       np.array([[[0, 1], [2, 1]], [[1, 1], [0, 2]]], np.int32), **L),
    lc("CrossEntropyLoss/probs_weight_smoothing", lambda ms: ms.nn.CrossEntropyLoss(
        ms.Tensor(_W), label_smoothing=0.1), X, _probs(3, 4), **L),
    lc("CrossEntropyLoss/one_dim", lambda ms: ms.nn.CrossEntropyLoss(), F32(4), np.array(2, np.int32), **L),
    lc("CrossEntropyLoss/f16", lambda ms: ms.nn.CrossEntropyLoss(), F16(3, 4), LAB, **H),
    lc("CrossEntropyLoss/graph", lambda ms: ms.nn.CrossEntropyLoss(label_smoothing=0.1), X, LAB, mode="graph", **L),
    lc("NLLLoss/default_logsoftmax", lambda ms: ms.nn.NLLLoss(), F32(3, 4, low=-3, high=-0.1), LAB, **L),
    lc("NLLLoss/int64_labels", lambda ms: ms.nn.NLLLoss(), X, LAB.astype(np.int64), **L),
    lc("NLLLoss/spatial", lambda ms: ms.nn.NLLLoss(reduction="sum"), F32(2, 3, 2),
       np.array([[0, 2], [1, 1]], np.int32), **L),
    bad_init("CrossEntropyLoss/bad_reduction", lambda ms: ms.nn.CrossEntropyLoss(reduction="avg")),
    bad_init("CrossEntropyLoss/int_smoothing", lambda ms: ms.nn.CrossEntropyLoss(label_smoothing=0)),
    bad_init("CrossEntropyLoss/smoothing_range", lambda ms: ms.nn.CrossEntropyLoss(label_smoothing=1.5)),
    bad_init("CrossEntropyLoss/float_ignore", lambda ms: ms.nn.CrossEntropyLoss(ignore_index=1.0)),
    bad_init("CrossEntropyLoss/numpy_weight", lambda ms: ms.nn.CrossEntropyLoss(weight=_W)),
    bad_init("CrossEntropyLoss/int_weight", lambda ms: ms.nn.CrossEntropyLoss(
        weight=ms.Tensor(np.ones(4, np.int32)))),
    bad("CrossEntropyLoss/int64_labels", lambda ms: ms.nn.CrossEntropyLoss(), X, LAB.astype(np.int64)),
    bad("CrossEntropyLoss/f64_logits", lambda ms: ms.nn.CrossEntropyLoss(), F64(3, 4), LAB),
    bad("CrossEntropyLoss/rank", lambda ms: ms.nn.CrossEntropyLoss(), X, np.zeros((3, 4, 2), np.int32)),
    bad("CrossEntropyLoss/label_shape", lambda ms: ms.nn.CrossEntropyLoss(), X, np.zeros(4, np.int32)),
    bad("CrossEntropyLoss/probs_shape", lambda ms: ms.nn.CrossEntropyLoss(), X, _probs(3, 5)),
    bad("CrossEntropyLoss/int_probs", lambda ms: ms.nn.CrossEntropyLoss(), X, np.zeros((3, 4), np.int32)),
    bad_init("NLLLoss/bad_reduction", lambda ms: ms.nn.NLLLoss(reduction="avg")),
    bad_init("NLLLoss/float_ignore", lambda ms: ms.nn.NLLLoss(ignore_index=1.5)),
    bad_init("NLLLoss/f64_weight", lambda ms: ms.nn.NLLLoss(ms.Tensor(np.ones(4)))),
    bad("NLLLoss/float_labels", lambda ms: ms.nn.NLLLoss(), X, LAB.astype(np.float32)),
    bad("NLLLoss/label_shape", lambda ms: ms.nn.NLLLoss(), X, np.zeros(5, np.int32)),
]

# --- KLDivLoss / BCELoss / BCEWithLogitsLoss / MultiLabelSoftMarginLoss ---------------------------
for _r in REDS + ("batchmean",):
    CASES.append(lc(f"KLDivLoss/{_r}", lambda ms, r=_r: ms.nn.KLDivLoss(r), X, _probs(3, 4), **L))
for _r in REDS:
    CASES += [
        lc(f"BCELoss/{_r}", lambda ms, r=_r: ms.nn.BCELoss(reduction=r), P, B, **L),
        lc(f"BCELoss/weight_{_r}", lambda ms, r=_r: ms.nn.BCELoss(ms.Tensor(F32(3, 4, low=0.5, seed=9)), r), P, B,
           **L),
        lc(f"BCEWithLogitsLoss/{_r}", lambda ms, r=_r: ms.nn.BCEWithLogitsLoss(r), X, B, **L),
        lc(f"BCEWithLogitsLoss/weights_{_r}", lambda ms, r=_r: ms.nn.BCEWithLogitsLoss(
            r, ms.Tensor(F32(4, low=0.5, seed=9)), ms.Tensor(F32(4, low=0.5, high=3, seed=10))), X, B, **L),
        lc(f"MultiLabelSoftMarginLoss/{_r}", lambda ms, r=_r: ms.nn.MultiLabelSoftMarginLoss(reduction=r), X, B, **L),
    ]
CASES += [
    lc("KLDivLoss/zero_labels", lambda ms: ms.nn.KLDivLoss("sum"), F32(2, 3),
       np.array([[0.0, 0.5, 0.5], [1.0, 0.0, 0.0]], np.float32), **L),
    lc("KLDivLoss/f16", lambda ms: ms.nn.KLDivLoss("sum"), F16(3, 4), _probs(3, 4).astype(np.float16), **H),
    bad("KLDivLoss/bad_reduction", lambda ms: ms.nn.KLDivLoss("avg"), X, _probs(3, 4)),
    bad("KLDivLoss/not_tensor", lambda ms: ms.nn.KLDivLoss(), X, Raw(0.5)),
    bad("KLDivLoss/dtype_mismatch", lambda ms: ms.nn.KLDivLoss(), X, _probs(3, 4).astype(np.float16)),
    lc("BCELoss/f16", lambda ms: ms.nn.BCELoss(), F16(3, 4, low=0.05, high=0.95), B.astype(np.float16), **H),
    lc("BCELoss/graph", lambda ms: ms.nn.BCELoss(), P, B, mode="graph", **L),
    bad_init("BCELoss/bad_reduction", lambda ms: ms.nn.BCELoss(reduction="avg")),
    bad("BCELoss/shape_mismatch", lambda ms: ms.nn.BCELoss(), P, F32(4, 3)),
    bad("BCELoss/dtype_mismatch", lambda ms: ms.nn.BCELoss(), P, B.astype(np.float16)),
    lc("BCEWithLogitsLoss/f16", lambda ms: ms.nn.BCEWithLogitsLoss(), F16(3, 4), B.astype(np.float16), **H),
    lc("BCEWithLogitsLoss/graph", lambda ms: ms.nn.BCEWithLogitsLoss(), X, B, mode="graph", **L),
    bad("BCEWithLogitsLoss/bad_reduction", lambda ms: ms.nn.BCEWithLogitsLoss("avg"), X, B),
    bad_init("BCEWithLogitsLoss/param_weight", lambda ms: ms.nn.BCEWithLogitsLoss(
        weight=ms.Parameter(ms.Tensor(np.ones(4, np.float32)), name="w"))),
    bad_init("BCEWithLogitsLoss/param_pos_weight", lambda ms: ms.nn.BCEWithLogitsLoss(
        pos_weight=ms.Parameter(ms.Tensor(np.ones(4, np.float32)), name="w"))),
    bad("BCEWithLogitsLoss/not_tensor", lambda ms: ms.nn.BCEWithLogitsLoss(), Raw(1.0), B),
    bad("BCEWithLogitsLoss/shape_mismatch", lambda ms: ms.nn.BCEWithLogitsLoss(), X, F32(3, 3)),
    lc("MultiLabelSoftMarginLoss/weight", lambda ms: ms.nn.MultiLabelSoftMarginLoss(
        ms.Tensor(F32(4, low=0.5, seed=12))), X, B, **L),
    bad_init("MultiLabelSoftMarginLoss/bad_reduction", lambda ms: ms.nn.MultiLabelSoftMarginLoss(reduction="avg")),
]

# --- PoissonNLLLoss / GaussianNLLLoss ----------------------------------------------------------------
_CNT = np.array([[0, 1, 3, 2], [5, 0, 1, 1], [2, 2, 0, 4]], np.float32)
for _r in REDS:
    CASES += [
        lc(f"PoissonNLLLoss/{_r}", lambda ms, r=_r: ms.nn.PoissonNLLLoss(reduction=r), X, _CNT, **L),
        lc(f"GaussianNLLLoss/{_r}", lambda ms, r=_r: ms.nn.GaussianNLLLoss(reduction=r), X, Y,
           F32(3, 4, low=0.1, high=2.0, seed=4), **L),
    ]
CASES += [
    lc("PoissonNLLLoss/full", lambda ms: ms.nn.PoissonNLLLoss(full=True), X, _CNT, **L),
    lc("PoissonNLLLoss/rate_input", lambda ms: ms.nn.PoissonNLLLoss(log_input=False, eps=1e-6), P, _CNT, **L),
    lc("PoissonNLLLoss/rate_full_sum", lambda ms: ms.nn.PoissonNLLLoss(False, True, reduction="sum"), P, _CNT, **L),
    lc("PoissonNLLLoss/int_target", lambda ms: ms.nn.PoissonNLLLoss(), X, _CNT.astype(np.int32), **L),
    lc("PoissonNLLLoss/f16", lambda ms: ms.nn.PoissonNLLLoss(), F16(3, 4, low=-1, high=1), _CNT.astype(np.float16),
       **H),
    bad_init("PoissonNLLLoss/bad_reduction", lambda ms: ms.nn.PoissonNLLLoss(reduction="avg")),
    bad("PoissonNLLLoss/not_tensor", lambda ms: ms.nn.PoissonNLLLoss(), X, Raw(1.0)),
    lc("GaussianNLLLoss/full", lambda ms: ms.nn.GaussianNLLLoss(full=True, eps=1e-3), X, Y,
       F32(3, 4, low=0.0, high=2.0, seed=4), **L),
    lc("GaussianNLLLoss/var_broadcast", lambda ms: ms.nn.GaussianNLLLoss(), X, Y,
       F32(3, 1, low=0.1, high=2.0, seed=4), **L),
    lc("GaussianNLLLoss/var_squeezed", lambda ms: ms.nn.GaussianNLLLoss(reduction="sum"), X, Y,
       F32(3, low=0.1, high=2.0, seed=4), **L),
    bad_init("GaussianNLLLoss/positional", lambda ms: ms.nn.GaussianNLLLoss(True)),
    bad_init("GaussianNLLLoss/bad_eps", lambda ms: ms.nn.GaussianNLLLoss(eps=0.0)),
    bad_init("GaussianNLLLoss/int_eps", lambda ms: ms.nn.GaussianNLLLoss(eps=1)),
    bad_init("GaussianNLLLoss/int_full", lambda ms: ms.nn.GaussianNLLLoss(full=1)),
    bad_init("GaussianNLLLoss/bad_reduction", lambda ms: ms.nn.GaussianNLLLoss(reduction="avg")),
    bad("GaussianNLLLoss/not_tensor", lambda ms: ms.nn.GaussianNLLLoss(), X, Y, Raw(1.0)),
]

# --- FocalLoss / DiceLoss / MultiClassDiceLoss ------------------------------------------------------
for _r in REDS:
    CASES += [
        lc(f"FocalLoss/index_{_r}", lambda ms, r=_r: ms.nn.FocalLoss(reduction=r), X, LAB[:, None], **L),
        lc(f"FocalLoss/onehot_{_r}", lambda ms, r=_r: ms.nn.FocalLoss(gamma=1.5, reduction=r), X,
           np.eye(4, dtype=np.float32)[LAB], **L),
    ]
CASES += [
    lc("FocalLoss/weight_index", lambda ms: ms.nn.FocalLoss(ms.Tensor(_W)), X, LAB[:, None], **L),
    lc("FocalLoss/weight_onehot", lambda ms: ms.nn.FocalLoss(ms.Tensor(_W), 0.5), X, np.eye(4, dtype=np.float32)[LAB],
       **L),
    lc("FocalLoss/spatial", lambda ms: ms.nn.FocalLoss(), F32(2, 3, 2, 2),
       np.array([[[[0, 1], [2, 1]]], [[[1, 1], [0, 2]]]], np.int32), **L),
    lc("FocalLoss/int64_labels", lambda ms: ms.nn.FocalLoss(gamma=0.0), X, LAB[:, None].astype(np.int64), **L),
    bad_init("FocalLoss/int_gamma", lambda ms: ms.nn.FocalLoss(gamma=2)),
    bad_init("FocalLoss/numpy_weight", lambda ms: ms.nn.FocalLoss(weight=_W)),
    bad_init("FocalLoss/weight_2d", lambda ms: ms.nn.FocalLoss(weight=ms.Tensor(np.ones((2, 2), np.float32)))),
    bad_init("FocalLoss/bad_reduction", lambda ms: ms.nn.FocalLoss(reduction="avg")),
    bad("FocalLoss/rank1", lambda ms: ms.nn.FocalLoss(), F32(4), LAB),
    bad("FocalLoss/rank_mismatch", lambda ms: ms.nn.FocalLoss(), F32(2, 3, 4), LAB[:, None]),
    bad("FocalLoss/one_channel", lambda ms: ms.nn.FocalLoss(), F32(3, 1), LAB[:, None]),
    bad("FocalLoss/label_channels", lambda ms: ms.nn.FocalLoss(), X, np.zeros((3, 2), np.int32)),
    bad("FocalLoss/bool_labels", lambda ms: ms.nn.FocalLoss(), X, np.zeros((3, 1), np.bool_)),
    lc("DiceLoss/default", lambda ms: ms.nn.DiceLoss(), P, B, **L),
    lc("DiceLoss/smooth", lambda ms: ms.nn.DiceLoss(0.5), F32(2, 3, 2, low=0, high=1), _bits(2, 3, 2), **L),
    lc("DiceLoss/int_labels", lambda ms: ms.nn.DiceLoss(), P, B.astype(np.int32), **L),
    bad_init("DiceLoss/int_smooth", lambda ms: ms.nn.DiceLoss(1)),
    bad_init("DiceLoss/neg_smooth", lambda ms: ms.nn.DiceLoss(-1.0)),
    bad("DiceLoss/shape_mismatch", lambda ms: ms.nn.DiceLoss(), P, F32(4, 3)),
    bad("DiceLoss/uint8", lambda ms: ms.nn.DiceLoss(), P, B.astype(np.uint8)),
    lc("MultiClassDiceLoss/default", lambda ms: ms.nn.MultiClassDiceLoss(), X, np.eye(4, dtype=np.float32)[LAB], **L),
    lc("MultiClassDiceLoss/ignore_sigmoid", lambda ms: ms.nn.MultiClassDiceLoss(ignore_indiex=1, activation="sigmoid"),
       X, np.eye(4, dtype=np.float32)[LAB], **L),
    lc("MultiClassDiceLoss/weights", lambda ms: ms.nn.MultiClassDiceLoss(
        ms.Tensor(F32(4, 2, low=0.5, seed=8)), activation="relu"), X, np.eye(4, dtype=np.float32)[LAB], **L),
    lc("MultiClassDiceLoss/no_activation", lambda ms: ms.nn.MultiClassDiceLoss(activation=None), P, B, **L),
    lc("MultiClassDiceLoss/cell_activation", lambda ms: ms.nn.MultiClassDiceLoss(activation=ms.nn.Tanh()), X, B, **L),
    lc("MultiClassDiceLoss/spatial", lambda ms: ms.nn.MultiClassDiceLoss(activation="logsoftmax"), F32(2, 3, 2),
       _bits(2, 3, 2), **L),
    bad_init("MultiClassDiceLoss/bad_activation", lambda ms: ms.nn.MultiClassDiceLoss(activation="gelu")),
    bad_init("MultiClassDiceLoss/weights_1d", lambda ms: ms.nn.MultiClassDiceLoss(ms.Tensor(np.ones(4, np.float32)))),
    bad_init("MultiClassDiceLoss/numpy_weights", lambda ms: ms.nn.MultiClassDiceLoss(np.ones((4, 1), np.float32))),
    bad_init("MultiClassDiceLoss/float_ignore", lambda ms: ms.nn.MultiClassDiceLoss(ignore_indiex=1.0)),
    bad_init("MultiClassDiceLoss/int_activation", lambda ms: ms.nn.MultiClassDiceLoss(activation=3)),
    bad("MultiClassDiceLoss/shape_mismatch", lambda ms: ms.nn.MultiClassDiceLoss(), X, F32(3, 5)),
    bad("MultiClassDiceLoss/rank1", lambda ms: ms.nn.MultiClassDiceLoss(), F32(4), F32(4)),
    bad("MultiClassDiceLoss/weights_rows", lambda ms: ms.nn.MultiClassDiceLoss(ms.Tensor(np.ones((3, 1), np.float32))),
        X, B),
]

# --- MultiMarginLoss / MultilabelMarginLoss (ms_ref) ---------------------------------------------------
_LAB64 = LAB.astype(np.int64)
for _r in REDS:
    CASES += [
        lc(f"MultiMarginLoss/{_r}", lambda ms, r=_r: ms.nn.MultiMarginLoss(reduction=r), X, _LAB64, **L),
        lc(f"MultiMarginLoss/p2_weight_{_r}", lambda ms, r=_r: ms.nn.MultiMarginLoss(2, 0.5, r), X, _LAB64,
           F32(4, low=0.5, seed=13), **L),
    ]
CASES += [
    lc("MultiMarginLoss/init_weight", lambda ms: ms.nn.MultiMarginLoss(weight=ms.Tensor(F32(4, low=0.5, seed=13))),
       X, _LAB64, **L),
    lc("MultiMarginLoss/f16", lambda ms: ms.nn.MultiMarginLoss(), F16(3, 4), _LAB64, **H),
    lc("MultiMarginLoss/f64", lambda ms: ms.nn.MultiMarginLoss(margin=0.3), F64(3, 4), _LAB64),
    lc("MultiMarginLoss/graph", lambda ms: ms.nn.MultiMarginLoss(), X, _LAB64, mode="graph", **L),
    bad_init("MultiMarginLoss/p3", lambda ms: ms.nn.MultiMarginLoss(p=3)),
    bad_init("MultiMarginLoss/float_p", lambda ms: ms.nn.MultiMarginLoss(p=1.0)),
    bad_init("MultiMarginLoss/int_margin", lambda ms: ms.nn.MultiMarginLoss(margin=1)),
    bad_init("MultiMarginLoss/bad_reduction", lambda ms: ms.nn.MultiMarginLoss(reduction="avg")),
    bad("MultiMarginLoss/int32_target", lambda ms: ms.nn.MultiMarginLoss(), X, LAB),
    bad("MultiMarginLoss/weight_dtype", lambda ms: ms.nn.MultiMarginLoss(), X, _LAB64, F16(4)),
    bad("MultiMarginLoss/weight_shape", lambda ms: ms.nn.MultiMarginLoss(), X, _LAB64, F32(3)),
    bad("MultiMarginLoss/target_shape", lambda ms: ms.nn.MultiMarginLoss(), X, _LAB64[:2]),
    bad("MultiMarginLoss/rank3", lambda ms: ms.nn.MultiMarginLoss(), F32(2, 3, 4), _LAB64[:2]),
    bad("MultiMarginLoss/int_x", lambda ms: ms.nn.MultiMarginLoss(), I32(3, 4), _LAB64),
    bad("MultiMarginLoss/not_tensor", lambda ms: ms.nn.MultiMarginLoss(), X, Raw([1, 0, 3])),
]

_MLM_T = np.array([[1, 2, -1, 0], [0, -1, 1, 1], [3, 1, 2, 0]], np.int32)


def _ref_mlm(red, target):
    """MultilabelMarginLoss's math with MindSpore ops (the targets are constants here)."""
    def fn(ms, x, t):
        n, c = target.shape
        terms = []
        for i in range(n):
            k = list(target[i]).index(-1) if -1 in list(target[i]) else c
            tg = [int(v) for v in target[i][:k]]
            others = [j for j in range(c) if j not in tg]
            terms.append((tg, others))

        def f(a):
            rows = []
            for i, (tg, others) in enumerate(terms):
                s = ms.ops.zeros((), a.dtype)
                for j in tg:
                    for o in others:
                        s = s + ms.ops.relu(1 - (a[i, j] - a[i, o]))
                rows.append(s / c)
            loss = ms.ops.stack(rows)
            return loss.mean() if red == "mean" else (loss.sum() if red == "sum" else loss)
        return [f(x), ms.grad(lambda a: _sum(ms, f(a)))(x)]
    return fn


for _r in REDS:
    CASES.append(case(f"MultilabelMarginLoss/{_r}", _loss_fn(lambda ms, r=_r: ms.nn.MultilabelMarginLoss(r)), X,
                      _MLM_T, ms_ref=_ref_mlm(_r, _MLM_T), **L))
CASES += [
    bad_init("MultilabelMarginLoss/bad_reduction", lambda ms: ms.nn.MultilabelMarginLoss("avg")),
    bad("MultilabelMarginLoss/int64_target", lambda ms: ms.nn.MultilabelMarginLoss(), X, _MLM_T.astype(np.int64)),
]

# --- TripletMarginLoss (ms_ref) / TripletMarginWithDistanceLoss --------------------------------------
A3, P3, N3 = F32(3, 4, seed=31), F32(3, 4, seed=32), F32(3, 4, seed=33)


def _ref_triplet(red, p=2, margin=1.0, eps=1e-6, swap=False):
    def fn(ms, a, pz, n):
        def dist(u, v):
            return ms.ops.pow(ms.ops.pow(ms.ops.abs(u - v + eps), p).sum(-1), 1.0 / p)

        def f(a, pz, n):
            dp, dn = dist(a, pz), dist(a, n)
            if swap:
                dn = ms.ops.minimum(dn, dist(pz, n))
            loss = ms.ops.relu(dp - dn + margin)
            return loss.mean() if red == "mean" else (loss.sum() if red == "sum" else loss)
        return [f(a, pz, n), ms.grad(lambda *v: _sum(ms, f(*v)), grad_position=(0, 1, 2))(a, pz, n)]
    return fn


for _r in REDS:
    CASES += [
        case(f"TripletMarginLoss/{_r}", _loss_fn(lambda ms, r=_r: ms.nn.TripletMarginLoss(reduction=r)), A3, P3, N3,
             ms_ref=_ref_triplet(_r), **L),
        lc(f"TripletMarginWithDistanceLoss/{_r}", lambda ms, r=_r: ms.nn.TripletMarginWithDistanceLoss(
            reduction=r), A3, P3, N3, **L),
    ]
CASES += [
    case("TripletMarginLoss/p1_swap_margin", _loss_fn(lambda ms: ms.nn.TripletMarginLoss(
        p=1, swap=True, margin=2.0)), A3, P3, N3, ms_ref=_ref_triplet("mean", 1, 2.0, swap=True), **L),
    lc("TripletMarginWithDistanceLoss/swap_margin", lambda ms: ms.nn.TripletMarginWithDistanceLoss(
        swap=True, margin=2.5), A3, P3, N3, **L),
    lc("TripletMarginWithDistanceLoss/custom_distance", lambda ms: ms.nn.TripletMarginWithDistanceLoss(
        distance_function=lambda u, v: ms.ops.square(u - v).sum(-1), margin=0.5), A3, P3, N3, **L),
    lc("TripletMarginWithDistanceLoss/graph", lambda ms: ms.nn.TripletMarginWithDistanceLoss(), A3, P3, N3,
       mode="graph", **L),
    bad_init("TripletMarginWithDistanceLoss/int_margin", lambda ms: ms.nn.TripletMarginWithDistanceLoss(margin=1)),
    bad_init("TripletMarginWithDistanceLoss/int_swap", lambda ms: ms.nn.TripletMarginWithDistanceLoss(swap=1)),
    bad_init("TripletMarginWithDistanceLoss/bad_reduction",
             lambda ms: ms.nn.TripletMarginWithDistanceLoss(reduction="avg")),
    bad("TripletMarginWithDistanceLoss/scalar", lambda ms: ms.nn.TripletMarginWithDistanceLoss(),
        np.float32(1.0), np.float32(2.0), np.float32(0.5)),
    bad("TripletMarginWithDistanceLoss/not_tensor", lambda ms: ms.nn.TripletMarginWithDistanceLoss(), A3, P3,
        Raw(1.0)),
]

# --- CTCLoss ----------------------------------------------------------------------------------------------
_LP = np.log(np.random.RandomState(40).dirichlet(np.ones(4), size=(5, 2))).astype(np.float32)
_TG = np.array([[1, 2], [3, 1]], np.int32)
_IL = np.array([5, 4], np.int32)
_TL = np.array([2, 1], np.int32)


def _ctc_logits(red, **kw):
    """CTC of log_softmax(z): the gradient with respect to the logits ``z``."""
    def fn(ms, z, tg, il, tl):
        def f(a):
            return ms.nn.CTCLoss(reduction=red, **kw)(ms.ops.log_softmax(a, -1), tg, il, tl)
        return [f(z), ms.grad(lambda a: _sum(ms, f(a)))(z)]
    return fn


for _r in REDS:
    CASES += [
        lc(f"CTCLoss/{_r}", lambda ms, r=_r: ms.nn.CTCLoss(reduction=r), _LP, _TG, _IL, _TL, **L),
        case(f"CTCLoss/logits_{_r}", _ctc_logits(_r), F32(6, 2, 5, seed=41), np.array([[1, 1, 2], [4, 3, 0]], np.int32),
             np.array([6, 5], np.int32), np.array([3, 2], np.int32), **L),
    ]
CASES += [
    lc("CTCLoss/blank_last", lambda ms: ms.nn.CTCLoss(blank=3), _LP, np.array([[1, 2], [0, 1]], np.int32), _IL, _TL,
       **L),
    lc("CTCLoss/f64", lambda ms: ms.nn.CTCLoss(), _LP.astype(np.float64), _TG, _IL, _TL),
    lc("CTCLoss/int64", lambda ms: ms.nn.CTCLoss(), _LP, _TG.astype(np.int64), _IL.astype(np.int64),
       _TL.astype(np.int64), **L),
    lc("CTCLoss/unbatched", lambda ms: ms.nn.CTCLoss(), _LP[:, 0], _TG[0], _IL[:1], _TL[:1], **L),
    lc("CTCLoss/unbatched_2d_targets", lambda ms: ms.nn.CTCLoss(reduction="sum"), _LP[:, 0], _TG[:1], _IL[:1],
       _TL[:1], **L),
    lc("CTCLoss/zero_target", lambda ms: ms.nn.CTCLoss(reduction="none"), _LP, _TG, _IL, np.array([0, 1], np.int32),
       **L),
    lc("CTCLoss/impossible", lambda ms: ms.nn.CTCLoss(reduction="none"), _LP, np.array([[1, 1], [3, 1]], np.int32),
       np.array([2, 4], np.int32), _TL, grad=False),
    lc("CTCLoss/impossible_zero_infinity", lambda ms: ms.nn.CTCLoss(reduction="none", zero_infinity=True), _LP,
       np.array([[1, 1], [3, 1]], np.int32), np.array([2, 4], np.int32), _TL, grad=False),
    case("CTCLoss/zero_infinity_grad", lambda ms, lp, tg, il, tl: ms.grad(lambda a: ms.nn.CTCLoss(
        reduction="sum", zero_infinity=True)(a, tg, il, tl))(lp), _LP, np.array([[1, 1], [3, 1]], np.int32),
        np.array([2, 4], np.int32), _TL, **L),
    lc("CTCLoss/graph", lambda ms: ms.nn.CTCLoss(), _LP, _TG, _IL, _TL, mode="graph", **L),
    bad("CTCLoss/f16", lambda ms: ms.nn.CTCLoss(), _LP.astype(np.float16), _TG, _IL, _TL),
    bad("CTCLoss/blank_range", lambda ms: ms.nn.CTCLoss(blank=7), _LP, _TG, _IL, _TL),
    bad("CTCLoss/str_blank", lambda ms: ms.nn.CTCLoss(blank="a"), _LP, _TG, _IL, _TL),
    bad("CTCLoss/bad_reduction", lambda ms: ms.nn.CTCLoss(reduction="avg"), _LP, _TG, _IL, _TL),
    bad("CTCLoss/int_zero_infinity", lambda ms: ms.nn.CTCLoss(zero_infinity=1), _LP, _TG, _IL, _TL),
    bad("CTCLoss/length_shape", lambda ms: ms.nn.CTCLoss(), _LP, _TG, _IL[:1], _TL),
    bad("CTCLoss/float_lengths", lambda ms: ms.nn.CTCLoss(), _LP, _TG, _IL.astype(np.float32), _TL),
    bad("CTCLoss/targets_3d", lambda ms: ms.nn.CTCLoss(), _LP[:, 0], _TG.reshape(1, 2, 2), _IL, _TL),
    bad("CTCLoss/targets_rows", lambda ms: ms.nn.CTCLoss(), _LP[:, 0], _TG, _IL, _TL),
    bad("CTCLoss/not_tensor", lambda ms: ms.nn.CTCLoss(), _LP, Raw(_TG), _IL, _TL),
]

# --- SampledSoftmaxLoss ------------------------------------------------------------------------------------
_SW, _SB = F32(6, 4, seed=50), F32(6, seed=51)


def _sampled(num_true=1, red="none"):
    def build(ms):
        sv = (ms.Tensor(np.array([0, 4, 5], np.int32)), ms.Tensor(np.full((3, num_true), 0.5, np.float32)),
              ms.Tensor(np.array([0.5, 0.5, 0.5], np.float32)))
        return ms.nn.SampledSoftmaxLoss(3, 6, num_true, sv, reduction=red)
    return build


CASES += [
    lc("SampledSoftmaxLoss/sampled_values", _sampled(), _SW, _SB, np.array([[1], [2], [0]], np.int32), X, **L),
    lc("SampledSoftmaxLoss/num_true2", _sampled(2, "mean"), _SW, _SB, np.array([[1, 2], [2, 3], [0, 1]], np.int64), X,
       **L),
    case("SampledSoftmaxLoss/sampler_shape", lambda ms, w, b, x: ms.nn.SampledSoftmaxLoss(3, 6, seed=1)(
        w, b, ms.Tensor(np.array([[1], [2], [0]], np.int32)), x), _SW, _SB, X, check_values=False),
    bad_init("SampledSoftmaxLoss/num_true", lambda ms: ms.nn.SampledSoftmaxLoss(3, 6, 0)),
    bad_init("SampledSoftmaxLoss/seed", lambda ms: ms.nn.SampledSoftmaxLoss(3, 6, seed=-1)),
    bad_init("SampledSoftmaxLoss/num_sampled", lambda ms: ms.nn.SampledSoftmaxLoss(7, 6)),
    bad_init("SampledSoftmaxLoss/num_true_classes", lambda ms: ms.nn.SampledSoftmaxLoss(3, 6, 7)),
    bad_init("SampledSoftmaxLoss/sampled_values_type", lambda ms: ms.nn.SampledSoftmaxLoss(3, 6, sampled_values=1)),
    bad_init("SampledSoftmaxLoss/sampled_values_len",
             lambda ms: ms.nn.SampledSoftmaxLoss(3, 6, sampled_values=(1, 2))),
    bad_init("SampledSoftmaxLoss/bad_reduction", lambda ms: ms.nn.SampledSoftmaxLoss(3, 6, reduction="avg")),
    bad("SampledSoftmaxLoss/float_labels", _sampled(), _SW, _SB, np.array([[1], [2], [0]], np.float32), X),
]

# the Cells' cases are named "nn.<Loss>/...", apart from the functional and Primitive losses' cases
for _c in CASES:
    _c.name = "nn." + _c.name

# the default run keeps the first value case of each class; the rest run with -m slow
one_per_class_by_default(CASES)
