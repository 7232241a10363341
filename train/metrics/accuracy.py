"""``Accuracy``: the fraction of correctly predicted samples."""
import numpy as np

from .metric import EvaluationBase, rearrange_inputs, _check_onehot_data

__all__ = ["Accuracy"]


class Accuracy(EvaluationBase):
    """Accuracy for 'classification' (argmax of y_pred over axis 1 against class indices or one-hot y)
    or 'multilabel' (a sample counts when all its labels match)."""

    def __init__(self, eval_type="classification"):
        super().__init__(eval_type)
        self.clear()

    def clear(self):
        self._correct_num = 0
        self._total_num = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._update_inputs(
            inputs, 2, "For 'Accuracy.update', it needs 2 inputs (predicted value, true value), "
                       "but got {}")
        if self._type == "classification" and y_pred.ndim == y.ndim and _check_onehot_data(y):
            y = y.argmax(axis=1)
        self._check_shape(y_pred, y)
        self._check_value(y_pred, y)

        self._check_class_num(y_pred.shape[1], "Accuracy")

        if self._type == "classification":
            hits = (np.equal(y_pred.argmax(axis=1), y) * 1).reshape(-1)
        else:
            last = y_pred.ndim - 1
            flat_pred = y_pred.swapaxes(1, last).reshape(-1, self._class_num)
            flat_y = y.swapaxes(1, last).reshape(-1, self._class_num)
            hits = np.equal(flat_pred, flat_y).all(axis=1) * 1
        self._correct_num += hits.sum()
        self._total_num += hits.shape[0]

    def eval(self):
        if self._total_num == 0:
            raise RuntimeError("The 'Accuracy' can not be calculated, because the number of samples is 0, "
                               "please check whether your inputs(predicted value, true value) are empty, "
                               "or has called update method before calling eval method.")
        return self._correct_num / self._total_num
