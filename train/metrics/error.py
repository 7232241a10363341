"""``MAE`` and ``MSE``: mean absolute / squared error per sample (errors summed over all elements,
divided by the number of samples along axis 0)."""
import numpy as np

from .metric import Metric, rearrange_inputs, _py_scalar_op

__all__ = ["MAE", "MSE"]


class _ErrorMetric(Metric):
    _name = ""

    def __init__(self):
        super().__init__()
        self.clear()

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._update_inputs(
            inputs, 2, f"For '{self._name}.update', it needs 2 inputs (predicted value, true value), "
                       f"but got {{}}.")
        total = self._error(y.reshape(y_pred.shape) - y_pred).sum()
        self._add_error(_py_scalar_op(total))
        self._samples_num += y.shape[0]

    def _no_samples(self):
        raise RuntimeError(f"The '{self._name}' can not be calculated, because the number of samples is 0, "
                           "please check whether your inputs(predicted value, true value) are empty, "
                           "or has called update method before calling eval method.")


class MAE(_ErrorMetric):
    """Mean absolute error."""
    _name = "MAE"

    def clear(self):
        self._abs_error_sum = 0
        self._samples_num = 0

    def _error(self, diff):
        return np.abs(diff)

    def _add_error(self, value):
        self._abs_error_sum += value

    def eval(self):
        if self._samples_num == 0:
            self._no_samples()
        return self._abs_error_sum / self._samples_num


class MSE(_ErrorMetric):
    """Mean squared error."""
    _name = "MSE"

    def clear(self):
        self._squared_error_sum = 0
        self._samples_num = 0

    def _error(self, diff):
        return np.power(diff, 2)

    def _add_error(self, value):
        self._squared_error_sum += value

    def eval(self):
        if self._samples_num == 0:
            self._no_samples()
        return self._squared_error_sum / self._samples_num
