"""``Accuracy``: the fraction of correctly predicted samples."""
import numpy as np

from .metric import EvaluationBase, _Accumulator, _class_indices, _no_samples

__all__ = ["Accuracy"]


class Accuracy(_Accumulator, EvaluationBase):
    """Accuracy for 'classification' (argmax of y_pred over axis 1 against class indices or one-hot y)
    or 'multilabel' (a sample counts when all its labels match)."""
    _name = "Accuracy"
    _initial_state = {"_correct_num": 0, "_total_num": 0, "_class_num": 0}
    _inputs_message = "it needs 2 inputs (predicted value, true value), but got {}"

    def __init__(self, eval_type="classification"):
        super().__init__(eval_type)
        self.clear()

    def _accumulate(self, y_pred, y):
        if self._type == "classification":
            y = _class_indices(y_pred, y)
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
            raise _no_samples("Accuracy")
        return self._correct_num / self._total_num
