"""``RootMeanSquareDistance``: the root-mean-square boundary distance of two segmentations."""
import numpy as np

from ._surface import SurfaceDistanceMetric

__all__ = ["RootMeanSquareDistance"]


class RootMeanSquareDistance(SurfaceDistanceMetric):
    """For the LAST ``update(y_pred, y, label_idx)``: the mean squared distance from the predicted to
    the true boundary (no square root, as in MindSpore), or with ``symmetric`` the square root of the
    mean of both directions' mean squared distances."""
    _name = "RootMeanSquareDistance"

    _inputs_message = "it needs 3 inputs(predicted value, true value, label index), but got {}."
    _label_error = TypeError

    def _reduce(self, forward, back=None):
        if back is None:
            return (forward ** 2).mean()
        return np.sqrt(np.mean(((forward ** 2).mean(), (back ** 2).mean())))
