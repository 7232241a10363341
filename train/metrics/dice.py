"""``Dice``: the mean Dice coefficient 2|A.B| / (|A|^2 + |B|^2 + smooth) over the ``update`` calls."""
import numpy as np

from .metric import Metric, rearrange_inputs, _py_scalar_op
from mscompat._checkparam import check_positive_float

__all__ = ["Dice"]


class Dice(Metric):
    """Dice coefficient; ``eval`` returns the sum of the per-call coefficients over the number of samples."""

    def __init__(self, smooth=1e-5):
        super().__init__()
        self.smooth = check_positive_float(smooth, "smooth")
        self._dice_coeff_sum = 0
        self._samples_num = 0
        self.clear()

    def clear(self):
        self._dice_coeff_sum = 0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._update_inputs(
            inputs, 2, "For 'Dice.update', it needs 2 inputs (predicted value, true value), "
                       "but got {}.")
        self._samples_num += y.shape[0]   # counted before the shape check, as in MindSpore
        if y_pred.shape != y.shape:
            raise ValueError(f"For 'Dice.update', predicted value (input[0]) and true value (input[1]) "
                             f"should have same shape, but got predicted value shape: {y_pred.shape}, "
                             f"true value shape: {y.shape}.")
        p, t = y_pred.flatten(), y.flatten()
        inter = np.dot(p, t)
        union = np.dot(p, p) + np.dot(t, t)
        self._dice_coeff_sum += 2 * float(inter) / float(_py_scalar_op(union) + self.smooth)

    def eval(self):
        if self._samples_num == 0:
            raise RuntimeError("The 'Dice coefficient' can not be calculated, because the number of samples is 0, "
                               "please check whether your inputs(predicted value, true value) are empty, or has "
                               "called update method before calling eval method.")
        return self._dice_coeff_sum / float(self._samples_num)
