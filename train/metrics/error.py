"""``MAE`` and ``MSE``: mean absolute / squared error per sample (errors summed over all elements,
divided by the number of samples along axis 0)."""
import numpy as np

from .metric import _Accumulator, _no_samples, _py_scalar_op

__all__ = ["MAE", "MSE"]


class _ErrorMetric(_Accumulator):
    """The sum of ``_error(y - y_pred)`` over all elements, in the attribute ``_sum_attr``, over the
    number of samples."""
    _sum_attr = ""

    def __init__(self):
        super().__init__()
        self.clear()

    def _accumulate(self, y_pred, y):
        total = _py_scalar_op(self._error(y.reshape(y_pred.shape) - y_pred).sum())
        setattr(self, self._sum_attr, getattr(self, self._sum_attr) + total)
        self._samples_num += y.shape[0]

    def eval(self):
        if self._samples_num == 0:
            raise _no_samples(self._name)
        return getattr(self, self._sum_attr) / self._samples_num


class MAE(_ErrorMetric):
    """Mean absolute error."""
    _name = "MAE"
    _sum_attr = "_abs_error_sum"
    _initial_state = {_sum_attr: 0, "_samples_num": 0}

    def _error(self, diff):
        return np.abs(diff)


class MSE(_ErrorMetric):
    """Mean squared error."""
    _name = "MSE"
    _sum_attr = "_squared_error_sum"
    _initial_state = {_sum_attr: 0, "_samples_num": 0}

    def _error(self, diff):
        return np.power(diff, 2)
