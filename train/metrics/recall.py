"""``Recall``: TP / actual positives, per class (classification) or per sample (multilabel)."""
from .metric import rearrange_inputs
from ._prec_recall import _PrecisionRecall

__all__ = ["Recall"]


class Recall(_PrecisionRecall):
    """Recall; ``eval(average=True)`` returns the mean."""
    _name = "Recall"
    _denom_attr = "_actual_positives"

    def _denominator(self, truth, pred):
        return truth.sum(axis=0)

    @rearrange_inputs
    def update(self, *inputs):
        self._accumulate(*inputs)

    def eval(self, average=False):
        return self._result(average, "The 'Recall' can not be calculated, because the number of samples is 0, "
                                     "please check whether your inputs (predicted value, true value) are empty, or "
                                     "has called update method before calling eval method.")
