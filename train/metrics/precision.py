"""``Precision``: TP / predicted positives, per class (classification) or per sample (multilabel)."""
from ._prec_recall import _PrecisionRecall

__all__ = ["Precision"]


class Precision(_PrecisionRecall):
    """Precision = TP / predicted positives; ``eval(average=True)`` gives the mean."""
    _name = "Precision"
    _denom_attr = "_positives"

    def _denominator(self, truth, pred):
        return pred.sum(axis=0)
