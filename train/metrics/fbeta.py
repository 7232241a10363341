"""``Fbeta`` and ``F1``: per-class F-beta scores of a classification (argmax) prediction."""

from .metric import _Accumulator, _class_indices, _no_samples
from ._common import EPS, one_hot_classes
from mscompat._checkparam import check_value_type

__all__ = ["Fbeta", "F1"]


class Fbeta(_Accumulator):
    """F-beta = (1 + beta^2) * TP / (beta^2 * actual positives + predicted positives), per class."""
    _name = "Fbeta"
    _initial_state = {"_true_positives": 0, "_actual_positives": 0, "_positives": 0, "_class_num": 0}

    def __init__(self, beta):
        super().__init__()
        self.eps = EPS
        if not beta > 0:
            raise ValueError(f"For 'Fbeta', the argument 'beta' must be greater than 0, but got {beta}.")
        self.beta = beta
        self.clear()

    def _accumulate(self, y_pred, y):
        y = _class_indices(y_pred, y)
        self._check_class_num(y_pred.shape[1], "Fbeta")
        n = self._class_num
        truth, pred = one_hot_classes(
            y_pred, y, n, f"For 'Fbeta.update', predicted value(inputs[0]) and true value(inputs[1]) should contain "
                          f"same classes, but got predicted value contains {n} classes and true value contains {{}} "
                          f"classes.")
        self._true_positives += (truth * pred).sum(axis=0)
        self._positives += pred.sum(axis=0)
        self._actual_positives += truth.sum(axis=0)

    def eval(self, average=False):
        """Per-class scores (ndarray), or their mean with ``average=True``."""
        check_value_type("average", average, [bool], self.__class__.__name__)
        if self._class_num == 0:
            raise _no_samples("Fbeta")
        b2 = self.beta ** 2
        scores = (1.0 + b2) * self._true_positives / (b2 * self._actual_positives + self._positives + self.eps)
        return scores.mean() if average else scores


class F1(Fbeta):
    """F1 score (F-beta with beta = 1)."""

    def __init__(self):
        super().__init__(1.0)
