"""``Precision``: TP / predicted positives, per class (classification) or per sample (multilabel)."""
from .metric import rearrange_inputs
from ._prec_recall import _PrecisionRecall

__all__ = ["Precision"]


class Precision(_PrecisionRecall):
    """Precision; ``eval(average=True)`` returns the mean."""
    _name = "Precision"
    _denom_attr = "_positives"

    def _denominator(self, truth, pred):
        return pred.sum(axis=0)

    @rearrange_inputs
    def update(self, *inputs):
        self._accumulate(*inputs)

    def eval(self, average=False):
        return self._result(average, "The 'Precision' can not be calculated, because the number of samples is 0, "
                                     "please check whether your inputs (predicted value, true value) are empty, or "
                                     "has called update method before calling eval method.")
