"""``Dice``: the mean Dice coefficient 2|A.B| / (|A|^2 + |B|^2 + smooth) over the ``update`` calls."""
import numpy as np

from .metric import _Accumulator, _no_samples, _py_scalar_op
from mscompat._checkparam import check_positive_float

__all__ = ["Dice"]


class Dice(_Accumulator):
    """Dice coefficient; ``eval`` returns the sum of the per-call coefficients over the number of samples."""
    _name = "Dice"
    _initial_state = {"_dice_coeff_sum": 0, "_samples_num": 0}

    def __init__(self, smooth=1e-5):
        super().__init__()
        self.smooth = check_positive_float(smooth, "smooth")
        self.clear()

    def _accumulate(self, y_pred, y):
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
            raise _no_samples("Dice coefficient")
        return self._dice_coeff_sum / float(self._samples_num)
