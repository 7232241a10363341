"""``Perplexity``: exp of the mean negative log-probability of the labels."""
import math

import numpy as np

from .metric import _Accumulator, _py_scalar_op
from mscompat._checkparam import check_value_type

__all__ = ["Perplexity"]


class Perplexity(_Accumulator):
    """Perplexity of predicted probabilities (last axis: classes) for integer labels; labels equal to
    ``ignore_label`` are left out."""
    _name = "Perplexity"
    _initial_state = {"_sum_metric": 0.0, "_num_inst": 0}
    _inputs_message = "it needs 2 inputs (predicted value, label), but got {}."

    def __init__(self, ignore_label=None):
        super().__init__()
        self.ignore_label = None if ignore_label is None else check_value_type("ignore_label", ignore_label, [int])
        self.clear()

    def _accumulate(self, pred, label):
        if label.size != pred.size / pred.shape[-1]:
            raise RuntimeError(f"For 'Perplexity.update', predicted value (input[0]) and label (input[1]) should "
                               f"have the same shape, but got predicted value shape {pred.shape}, label shape "
                               f"{label.shape}.")
        label = label.reshape((label.size,))
        rows = np.arange(label.size)[:, None]
        picked = np.squeeze(pred[rows, label.astype(int)[:, None]])
        count = 0
        if self.ignore_label is not None:
            ignored = (label == self.ignore_label).astype(picked.dtype)
            count = 0 - _py_scalar_op(np.sum(ignored))
            picked = picked * (1 - ignored) + ignored
        loss = 0. - _py_scalar_op(np.sum(np.log(np.maximum(1e-10, picked))))
        count += picked.size
        self._sum_metric += loss
        self._num_inst += count

    def eval(self):
        if self._num_inst == 0:
            raise RuntimeError("The 'Perplexity' can not be calculated, because the number of samples is 0, please "
                               "check whether the update method has been called before calling eval method.")
        return math.exp(self._sum_metric / self._num_inst)
