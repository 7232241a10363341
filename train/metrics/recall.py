"""``Recall``: TP / actual positives, per class (classification) or per sample (multilabel)."""
from ._prec_recall import _PrecisionRecall

__all__ = ["Recall"]


class Recall(_PrecisionRecall):
    """Recall = TP / actual positives; ``eval(average=True)`` gives the mean."""
    _name = "Recall"
    _denom_attr = "_actual_positives"

    def _denominator(self, truth, pred):
        return truth.sum(axis=0)
