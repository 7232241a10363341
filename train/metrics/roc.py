"""``ROC``: receiver operating characteristic curves (false/true positive rates per threshold)."""
import numpy as np

from .metric import _Accumulator, _binary_clf_curve
from mscompat._checkparam import check_value_type

__all__ = ["ROC"]


def _prepare(y_pred, y, class_num, pos_label):
    """Flatten the inputs for a binary (same ndim) or multi-class (y_pred has a class axis 1) curve;
    returns ``(y_pred, y, class_num, pos_label)``."""
    pd, yd = len(y_pred.shape), len(y.shape)
    if pd == yd:
        if class_num is not None and class_num != 1:
            raise ValueError(f"For 'ROC', when predicted value (input[0]) and true value (input[1]) have the same "
                             f"shape, the 'class_num' must be 1, but got {class_num}.")
        return y_pred.flatten(), y.flatten(), 1, (1 if pos_label is None else pos_label)
    if pd == yd + 1:
        if pos_label is not None:
            raise ValueError(f"For 'ROC', when the dimension of predicted value (input[0]) equals the dimension "
                             f"of true value (input[1]) add 1, the 'pos_label' must be None, but got {pos_label}.")
        if class_num != y_pred.shape[1]:
            raise ValueError(f"For 'ROC', the 'class_num' must equal the number of classes from predicted value "
                             f"(input[0]), but got 'class_num' {class_num}, the number of classes from predicted "
                             f"value {y_pred.shape[1]}.")
        # ndarray.transpose(0, 1) is the identity on 2-D data (and an error otherwise), as in MindSpore
        return y_pred.transpose(0, 1).reshape(class_num, -1).transpose(0, 1), y.flatten(), class_num, pos_label
    raise ValueError(f"For 'ROC', predicted value (input[0]) and true value (input[1]) must have same "
                     f"dimensions, or the dimension of predicted value equal the dimension of true value add "
                     f"1, but got predicted value ndim: {pd}, true value ndim: {yd}.")


class ROC(_Accumulator):
    """ROC curve of the LAST ``update``: ``eval()`` returns ``(fpr, tpr, thresholds)`` (lists of
    arrays, one per class, for multi-class input)."""
    _name = "ROC"
    _initial_state = {"y_pred": 0, "y": 0, "sample_weights": None, "_is_update": False}
    _inputs_message = "it needs 2 inputs (predicted value, true value), but got {}"

    def __init__(self, class_num=None, pos_label=None):
        super().__init__()
        self.class_num = class_num if class_num is None else check_value_type("class_num", class_num, [int])
        self.pos_label = pos_label if pos_label is None else check_value_type("pos_label", pos_label, [int])
        self.clear()

    def _accumulate(self, y_pred, y):
        self.y_pred, self.y, self.class_num, self.pos_label = _prepare(y_pred, y, self.class_num, self.pos_label)
        self._is_update = True

    def _roc_eval(self, y_pred, y, class_num, pos_label, sample_weights=None):
        if class_num != 1:
            curves = [self._roc(y_pred[:, c], y, class_num=1, pos_label=c, sample_weights=sample_weights)
                      for c in range(class_num)]
            return [c[0] for c in curves], [c[1] for c in curves], [c[2] for c in curves]
        fps, tps, thresholds = _binary_clf_curve(y_pred, y, sample_weights=sample_weights, pos_label=pos_label)
        tps = np.squeeze(np.hstack([np.zeros(1, dtype=tps.dtype), tps]))
        fps = np.squeeze(np.hstack([np.zeros(1, dtype=fps.dtype), fps]))
        thresholds = np.hstack([thresholds[0][None] + 1, thresholds])
        if fps[-1] <= 0:
            raise ValueError("For 'ROC.eval', there is no negative samples in true value, "
                             "false positive value is meaningless.")
        fpr = fps / fps[-1]
        if tps[-1] <= 0:
            raise ValueError("For 'ROC.eval', there is no positive samples in true value, "
                             "true positive value is meaningless.")
        return fpr, tps / tps[-1], thresholds

    def _roc(self, y_pred, y, class_num=None, pos_label=None, sample_weights=None):
        y_pred, y, class_num, pos_label = _prepare(y_pred, y, class_num, pos_label)
        return self._roc_eval(y_pred, y, class_num, pos_label, sample_weights)

    def eval(self):
        self._check_updated()
        return self._roc_eval(np.squeeze(self.y_pred), np.squeeze(self.y), self.class_num, self.pos_label)
