"""mint.nn loss layers: each a Cell calling its ``mint.nn.functional`` op."""
from mscompat.nn.cell import Cell
from mscompat.mint.nn import functional as F
from mscompat import ops

_REDUCTIONS = ("none", "mean", "sum")


class _Loss(Cell):
    def __init__(self, reduction="mean"):
        super().__init__()
        if reduction not in _REDUCTIONS:
            raise ValueError(f"For '{self.cls_name}', the 'reduction' must be in {list(_REDUCTIONS)}, "
                             f"but got {reduction}.")
        self.reduction = reduction


class CrossEntropyLoss(_Loss):
    """Cross entropy of logits against class indices or probabilities."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__(reduction)
        self.weight, self.ignore_index, self.label_smoothing = weight, ignore_index, label_smoothing

    def construct(self, input, target):
        return F.cross_entropy(input, target, self.weight, self.ignore_index, self.reduction, self.label_smoothing)


class NLLLoss(_Loss):
    """Negative log-likelihood of log-probabilities."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean"):
        super().__init__(reduction)
        self.weight, self.ignore_index = weight, ignore_index

    def construct(self, input, target):
        return F.nll_loss(input, target, self.weight, self.ignore_index, self.reduction)


class BCEWithLogitsLoss(_Loss):
    """Sigmoid + binary cross entropy."""

    def __init__(self, weight=None, reduction="mean", pos_weight=None):
        super().__init__(reduction)
        self.weight, self.pos_weight = weight, pos_weight

    def construct(self, input, target):
        return F.binary_cross_entropy_with_logits(input, target, self.weight, self.reduction, self.pos_weight)


class BCELoss(_Loss):
    """Binary cross entropy of probabilities."""

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight

    def construct(self, input, target):
        return F.binary_cross_entropy(input, target, self.weight, self.reduction)


class MSELoss(_Loss):
    """Mean squared error."""

    def construct(self, input, target):
        return F.mse_loss(input, target, self.reduction)


class SmoothL1Loss(_Loss):
    """Quadratic below ``beta``, linear above."""

    def __init__(self, reduction="mean", beta=1.0):
        super().__init__(reduction)
        self.beta = beta

    def construct(self, input, target):
        return F.smooth_l1_loss(input, target, self.reduction, self.beta)


class KLDivLoss(Cell):
    """Kullback-Leibler divergence (``reduction`` also 'batchmean')."""

    def __init__(self, reduction="mean", log_target=False):
        super().__init__()
        self.reduction, self.log_target = reduction, log_target

    def construct(self, input, target):
        return F.kl_div(input, target, self.reduction, self.log_target)


class CosineEmbeddingLoss(_Loss):
    """1 - cos(x1, x2) for target 1, max(0, cos(x1, x2) - margin) for target -1."""

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        self.margin = margin

    def construct(self, input1, input2, target):
        return ops.cosine_embedding_loss(input1, input2, target, self.margin, self.reduction)
