"""Losses: cross entropy family, binary cross entropies, regression and margin losses.
(MindSpore 2.10's CPU backend has no SoftMarginLoss kernel and fails triplet_margin_loss, so
those have no value cases here.)"""
import numpy as np

from parity_tests.harness import case, F32, F16, F64, I32, I64

L = dict(rtol=1e-5, atol=1e-6)  # log-sum-exp and means of float32 values


def _tgt(ms, vals, dt=np.int32):
    return ms.Tensor(np.array(vals, dt))


def _probs(n, c, seed=3):
    p = np.random.RandomState(seed).uniform(0.1, 1.0, (n, c)).astype(np.float32)
    return p / p.sum(1, keepdims=True)


CASES = [
    case("cross_entropy/indices_mean", lambda ms, x: ms.ops.cross_entropy(x, _tgt(ms, [0, 2, 1, 2])), F32(4, 3), **L),
    case("cross_entropy/indices_none", lambda ms, x: ms.ops.cross_entropy(x, _tgt(ms, [0, 2, 1, 2]), reduction="none"),
         F32(4, 3), **L),
    case("cross_entropy/weight_ignore", lambda ms, x, w: ms.ops.cross_entropy(
        x, _tgt(ms, [0, 2, 1, 2]), weight=w, ignore_index=1), F32(4, 3), F32(3, low=0.5, high=2.0), **L),
    case("cross_entropy/label_smoothing", lambda ms, x: ms.ops.cross_entropy(
        x, _tgt(ms, [0, 2, 1, 2]), label_smoothing=0.1, reduction="sum"), F32(4, 3), **L),
    case("cross_entropy/probs", lambda ms, x: ms.ops.cross_entropy(x, ms.Tensor(_probs(4, 3))), F32(4, 3), **L),
    case("cross_entropy/spatial", lambda ms, x: ms.ops.cross_entropy(
        x, ms.Tensor(np.array([[[0, 1], [2, 1]], [[1, 1], [0, 2]]], np.int32))), F32(2, 3, 2, 2), **L),
    case("cross_entropy/bad_reduction", lambda ms, x: ms.ops.cross_entropy(x, _tgt(ms, [0, 1]), reduction="avg"),
         F32(2, 3), error=True),
    case("nll_loss/mean", lambda ms, x: ms.ops.nll_loss(ms.ops.log_softmax(x, 1), _tgt(ms, [1, 0, 2])), F32(3, 3), **L),
    case("nll_loss/weight_sum", lambda ms, x, w: ms.ops.nll_loss(x, _tgt(ms, [1, 0, 2]), w, reduction="sum"),
         F32(3, 3), F32(3), **L),
    case("nll_loss/none_ignore", lambda ms, x: ms.ops.nll_loss(x, _tgt(ms, [1, 0, 2]), ignore_index=0,
                                                               reduction="none"), F32(3, 3), **L),
    case("NLLLoss/prim", lambda ms, x, w: ms.ops.NLLLoss()(x, _tgt(ms, [1, 0, 2]), w), F32(3, 4), F32(4), **L),
    case("NLLLoss/prim_sum", lambda ms, x, w: ms.ops.NLLLoss("sum")(x, _tgt(ms, [1, 0, 3], np.int64), w),
         F32(3, 4), F32(4), **L),
    case("NLLLoss/bad_float_labels", lambda ms, x, w: ms.ops.NLLLoss()(x, ms.Tensor(np.array([1., 0, 2], np.float32)),
                                                                        w), F32(3, 4), F32(4), error=True),
    case("SoftmaxCrossEntropyWithLogits/prim", lambda ms, x: ms.ops.SoftmaxCrossEntropyWithLogits()(
        x, ms.Tensor(_probs(3, 4))), F32(3, 4), **L),
    case("SoftmaxCrossEntropyWithLogits/bad_shape", lambda ms, x: ms.ops.SoftmaxCrossEntropyWithLogits()(
        x, ms.Tensor(_probs(3, 3))), F32(3, 4), error=True),
    case("SparseSoftmaxCrossEntropyWithLogits/loss", lambda ms, x: ms.ops.SparseSoftmaxCrossEntropyWithLogits()(
        x, _tgt(ms, [1, 0, 3])), F32(3, 4), **L),
    case("SparseSoftmaxCrossEntropyWithLogits/grad", lambda ms, x: ms.ops.SparseSoftmaxCrossEntropyWithLogits(True)(
        x, _tgt(ms, [1, 0, 3])), F32(3, 4), **L),
    case("SigmoidCrossEntropyWithLogits/f32", lambda ms, x, y: ms.ops.SigmoidCrossEntropyWithLogits()(x, y),
         F32(2, 3), F32(2, 3, low=0.0, high=1.0), **L),
    case("SigmoidCrossEntropyWithLogits/f16", lambda ms, x, y: ms.ops.SigmoidCrossEntropyWithLogits()(x, y),
         F16(2, 3), F16(2, 3, low=0.0, high=1.0)),
    case("SigmoidCrossEntropyWithLogits/bad_shape", lambda ms, x, y: ms.ops.SigmoidCrossEntropyWithLogits()(x, y),
         F32(2, 3), F32(3, 2), error=True),
    case("SigmoidCrossEntropyWithLogits/bad_dtype_mix", lambda ms, x, y: ms.ops.SigmoidCrossEntropyWithLogits()(x, y),
         F32(2, 3), F16(2, 3), error=True),
    case("binary_cross_entropy_with_logits/mean", lambda ms, x, y: ms.ops.binary_cross_entropy_with_logits(x, y),
         F32(3, 4), F32(3, 4, low=0.0, high=1.0), **L),
    case("binary_cross_entropy_with_logits/weights", lambda ms, x, y, w, pw: ms.ops.binary_cross_entropy_with_logits(
        x, y, w, pw, reduction="none"), F32(3, 4), F32(3, 4, low=0.0, high=1.0), F32(4), F32(4, low=0.5), **L),
    case("binary_cross_entropy_with_logits/bad_reduction", lambda ms, x, y: ms.ops.binary_cross_entropy_with_logits(
        x, y, reduction="max"), F32(3), F32(3), error=True),
    case("BCEWithLogitsLoss/sum", lambda ms, x, y, w, pw: ms.ops.BCEWithLogitsLoss("sum")(x, y, w, pw),
         F32(2, 3), F32(2, 3, low=0.0, high=1.0), F32(3), F32(3, low=0.5), **L),
    case("binary_cross_entropy/mean", lambda ms, x, y: ms.ops.binary_cross_entropy(x, y),
         F32(3, 4, low=0.01, high=0.99), F32(3, 4, low=0.0, high=1.0), **L),
    case("binary_cross_entropy/weight_none", lambda ms, x, y, w: ms.ops.binary_cross_entropy(x, y, w, "none"),
         F32(3, 4, low=0.01, high=0.99), F32(3, 4, low=0.0, high=1.0), F32(3, 4, low=0.5), **L),
    case("binary_cross_entropy/bad_shape", lambda ms, x, y: ms.ops.binary_cross_entropy(x, y),
         F32(3, 4, low=0.01, high=0.99), F32(4, 3), error=True),
    case("mse_loss/mean", lambda ms, x, y: ms.ops.mse_loss(x, y), F32(3, 4), F32(3, 4), **L),
    case("mse_loss/broadcast_none", lambda ms, x, y: ms.ops.mse_loss(x, y, "none"), F32(3, 4), F32(4), **L),
    case("mse_loss/bad_reduction", lambda ms, x, y: ms.ops.mse_loss(x, y, "avg"), F32(3), F32(3), error=True),
    case("l1_loss/sum", lambda ms, x, y: ms.ops.l1_loss(x, y, "sum"), F32(3, 4), F32(3, 4), **L),
    case("smooth_l1_loss/none", lambda ms, x, y: ms.ops.smooth_l1_loss(x, y), F32(3, 4), F32(3, 4), **L),
    case("smooth_l1_loss/beta_mean", lambda ms, x, y: ms.ops.smooth_l1_loss(x, y, 0.5, "mean"), F32(3, 4), F32(3, 4),
         **L),
    case("SmoothL1Loss/prim_sum", lambda ms, x, y: ms.ops.SmoothL1Loss(2.0, "sum")(x, y), F32(3, 4), F32(3, 4), **L),
    case("huber_loss/delta", lambda ms, x, y: ms.ops.huber_loss(x, y, "sum", 0.7), F32(3, 4), F32(3, 4), **L),
    case("L2Loss/prim", lambda ms, x: ms.ops.L2Loss()(x), F32(3, 4), **L),
    case("kl_div/mean", lambda ms, x: ms.ops.kl_div(ms.ops.log_softmax(x, 1), ms.Tensor(_probs(3, 4))),
         F32(3, 4), **L),
    case("kl_div/batchmean", lambda ms, x: ms.ops.kl_div(x, ms.Tensor(_probs(3, 4)), "batchmean"), F32(3, 4), **L),
    case("kl_div/none_zero_labels", lambda ms, x: ms.ops.kl_div(
        x, ms.Tensor(np.array([[0.0, 0.5, 0.5], [1.0, 0.0, 0.0]], np.float32)), "none"), F32(2, 3), **L),
    case("KLDivLoss/sum", lambda ms, x: ms.ops.KLDivLoss("sum")(x, ms.Tensor(_probs(3, 4))), F32(3, 4), **L),
    case("KLDivLoss/bad_reduction", lambda ms, x: ms.ops.KLDivLoss("max")(x, ms.Tensor(_probs(3, 4))), F32(3, 4),
         error=True),
    case("margin_ranking_loss/mean", lambda ms, a, b: ms.ops.margin_ranking_loss(
        a, b, ms.Tensor(np.array([1, -1, 1, -1], np.float32)), 0.2), F32(4), F32(4), **L),
    case("hinge_embedding_loss/mean", lambda ms, x: ms.ops.hinge_embedding_loss(
        x, ms.Tensor(np.array([[1, -1, 1], [-1, -1, 1]], np.float32)), 1.5), F32(2, 3), **L),
    case("cosine_embedding_loss/mean", lambda ms, a, b: ms.ops.cosine_embedding_loss(
        a, b, ms.Tensor(np.array([1, -1, -1], np.int32)), 0.1), F32(3, 4), F32(3, 4), **L),
    case("gaussian_nll_loss/mean", lambda ms, x, t, v: ms.ops.gaussian_nll_loss(x, t, v), F32(3, 4), F32(3, 4),
         F32(3, 4, low=0.1, high=2.0), **L),
    case("gaussian_nll_loss/full_sum", lambda ms, x, t, v: ms.ops.gaussian_nll_loss(x, t, v, True, reduction="sum"),
         F32(3, 4), F32(3, 4), F32(3, 1, low=0.1, high=2.0), **L),
    case("multilabel_soft_margin_loss/mean", lambda ms, x: ms.ops.multilabel_soft_margin_loss(
        x, ms.Tensor(np.array([[1, 0, 1], [0, 0, 1]], np.float32))), F32(2, 3), **L),
]
