"""The shared accumulation of ``Precision`` and ``Recall`` (not part of MindSpore's API)."""
import numpy as np

from .metric import EvaluationBase, _Accumulator, _class_indices, _no_samples, _py_scalar_op
from ._common import EPS, one_hot_classes
from mscompat._checkparam import check_value_type

__all__ = []


class _PrecisionRecall(_Accumulator, EvaluationBase):
    """``TP / (denominator + eps)`` where the denominator is the predicted positives (precision) or
    the actual positives (recall). classification: per class, accumulated over batches;
    multilabel: per sample (each sample's labels), samples concatenated over batches;
    ``eval(average=True)`` returns the mean."""
    _denom_attr = ""   # "_positives" or "_actual_positives"

    def __init__(self, eval_type="classification"):
        super().__init__(eval_type)
        self.eps = EPS
        self.clear()

    def clear(self):
        self._class_num = 0
        if self._type == "multilabel":
            self._true_positives = np.empty(0)
            setattr(self, self._denom_attr, np.empty(0))
            self._true_positives_average = 0
            setattr(self, self._denom_attr + "_average", 0)
        else:
            self._true_positives = 0
            setattr(self, self._denom_attr, 0)

    def _accumulate(self, y_pred, y):
        name = self._name
        if self._type == "classification":
            y = _class_indices(y_pred, y)
        self._check_shape(y_pred, y)
        self._check_value(y_pred, y)
        self._check_class_num(y_pred.shape[1], name, "." if name == "Recall" else "")
        n = self._class_num
        if self._type == "classification":
            y, y_pred = one_hot_classes(
                y_pred, y, n, f"For '{name}.update', predicted value (input[0]) should have the same classes number "
                              f"as true value (input[1]), but got predicted value classes {n}, true value classes {{}}.")
        else:
            y_pred = y_pred.swapaxes(1, 0).reshape(n, -1)
            y = y.swapaxes(1, 0).reshape(n, -1)
        denom = self._denominator(y, y_pred)
        tp = (y * y_pred).sum(axis=0)
        if self._type == "multilabel":
            avg_attr = self._denom_attr + "_average"
            self._true_positives_average += _py_scalar_op(np.sum(tp / (denom + self.eps)))
            setattr(self, avg_attr, getattr(self, avg_attr) + len(denom))
            self._true_positives = np.concatenate((self._true_positives, tp), axis=0)
            setattr(self, self._denom_attr, np.concatenate((getattr(self, self._denom_attr), denom), axis=0))
        else:
            self._true_positives += tp
            setattr(self, self._denom_attr, getattr(self, self._denom_attr) + denom)

    def eval(self, average=False):
        if self._class_num == 0:
            raise _no_samples(self._name, "inputs (predicted value, true value)")
        check_value_type("average", average, [bool], self.__class__.__name__)
        result = self._true_positives / (getattr(self, self._denom_attr) + self.eps)
        if not average:
            return result
        if self._type == "multilabel":
            result = _py_scalar_op(self._true_positives_average) / (
                getattr(self, self._denom_attr + "_average") + self.eps)
        return result.mean()
