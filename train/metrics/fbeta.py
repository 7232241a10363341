"""``Fbeta`` and ``F1``: per-class F-beta scores of a classification (argmax) prediction."""

from .metric import Metric, rearrange_inputs, _check_onehot_data
from ._common import EPS, one_hot_rows
from mscompat._checkparam import check_value_type

__all__ = ["Fbeta", "F1"]


class Fbeta(Metric):
    """F-beta = (1 + beta^2) * TP / (beta^2 * actual positives + predicted positives), per class."""

    def __init__(self, beta):
        super().__init__()
        self.eps = EPS
        if not beta > 0:
            raise ValueError(f"For 'Fbeta', the argument 'beta' must be greater than 0, but got {beta}.")
        self.beta = beta
        self.clear()

    def clear(self):
        self._true_positives = 0
        self._actual_positives = 0
        self._positives = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._update_inputs(
            inputs, 2, "For 'Fbeta.update', it needs 2 inputs (predicted value, true value), "
                       "but got {}.")
        if y_pred.ndim == y.ndim and _check_onehot_data(y):
            y = y.argmax(axis=1)
        self._check_class_num(y_pred.shape[1], "Fbeta")
        n = self._class_num
        if y.max() + 1 > n:
            raise ValueError(f"For 'Fbeta.update', predicted value(inputs[0]) and true value(inputs[1]) should "
                             f"contain same classes, but got predicted value contains {n} classes and true value "
                             f"contains {y.max() + 1} classes.")
        truth = one_hot_rows(y.reshape(-1), n)
        pred = one_hot_rows(y_pred.argmax(axis=1).reshape(-1), n)
        self._true_positives += (truth * pred).sum(axis=0)
        self._positives += pred.sum(axis=0)
        self._actual_positives += truth.sum(axis=0)

    def eval(self, average=False):
        """Per-class scores (ndarray), or their mean with ``average=True``."""
        check_value_type("average", average, [bool], self.__class__.__name__)
        if self._class_num == 0:
            raise RuntimeError("The 'Fbeta' can not be calculated, because the number of samples is 0, "
                               "please check whether your inputs(predicted value, true value) are empty, "
                               "or has called update method before calling eval method.")
        b2 = self.beta ** 2
        scores = (1.0 + b2) * self._true_positives / (b2 * self._actual_positives + self._positives + self.eps)
        return scores.mean() if average else scores


class F1(Fbeta):
    """F1 score (F-beta with beta = 1)."""

    def __init__(self):
        super().__init__(1.0)
