"""Top-k categorical accuracy: a sample is correct when its true class is among the k highest scores."""
import numpy as np

from .metric import _Accumulator, _class_indices, _no_samples

__all__ = ["TopKCategoricalAccuracy", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy"]


class TopKCategoricalAccuracy(_Accumulator):
    """Top-k accuracy; y is class indices or one-hot."""
    _name = "TopKCategoricalAccuracy"
    _initial_state = {"_correct_num": 0, "_samples_num": 0}
    _inputs_message = "it needs 2 inputs (predicted value, true value), but got 'inputs' size: {}."

    def __init__(self, k):
        super().__init__()
        if not isinstance(k, int):
            raise TypeError(f"For 'TopKCategoricalAccuracy', the type of the argument 'k' should be int, "
                            f"but got 'k' type: {type(k)}.")
        if k < 1:
            raise ValueError(f"For 'TopKCategoricalAccuracy', the argument 'k' must be at least 1, "
                             f"but got 'k' value: {k}.")
        self.k = k
        self.clear()

    def _accumulate(self, y_pred, y):
        y = _class_indices(y_pred, y)
        top = np.argsort(-y_pred, axis=1)[:, :self.k]
        truth = y.reshape(-1, 1).repeat(self.k, axis=1)
        self._correct_num += np.equal(top, truth).sum(axis=1).sum()
        self._samples_num += truth.shape[0]

    def eval(self):
        if self._samples_num == 0:
            raise _no_samples("TopKCategoricalAccuracy", "inputs (predicted value, true value)")
        return self._correct_num / self._samples_num


class Top1CategoricalAccuracy(TopKCategoricalAccuracy):
    """Top-1 accuracy."""

    def __init__(self):
        super().__init__(1)


class Top5CategoricalAccuracy(TopKCategoricalAccuracy):
    """Top-5 accuracy."""

    def __init__(self):
        super().__init__(5)
