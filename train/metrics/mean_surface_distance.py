"""``MeanSurfaceDistance``: the mean distance from the predicted boundary to the true boundary."""
import numpy as np

from ._surface import SurfaceDistanceMetric

__all__ = ["MeanSurfaceDistance"]


class MeanSurfaceDistance(SurfaceDistanceMetric):
    """Mean surface distance of the LAST ``update(y_pred, y, label_idx)``; ``symmetric`` averages both
    directions."""
    _name = "MeanSurfaceDistance"

    def _reduce(self, forward, back=None):
        if back is None:
            return forward.mean()
        return np.mean((forward.mean(), back.mean()))
