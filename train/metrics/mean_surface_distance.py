"""``MeanSurfaceDistance``: the mean distance from the predicted boundary to the true boundary."""
import numpy as np

from .metric import Metric, rearrange_inputs
from ._common import check_type, check_string
from ._surface import DISTANCE_METRICS, edges, surface_distance, check_label_and_shapes

__all__ = ["MeanSurfaceDistance"]


class MeanSurfaceDistance(Metric):
    """Mean surface distance of the LAST ``update(y_pred, y, label_idx)``; ``symmetric`` averages both
    directions."""

    def __init__(self, symmetric=False, distance_metric="euclidean"):
        super().__init__()
        self.distance_metric_list = list(DISTANCE_METRICS)
        distance_metric = check_type("distance_metric", distance_metric, [str])
        self.distance_metric = check_string(distance_metric, self.distance_metric_list, "distance_metric")
        self.symmetric = check_type("symmetric", symmetric, [bool])
        self.clear()
        self._is_update = None
        self._y_edges = None
        self._y_pred_edges = None

    def clear(self):
        self._y_pred_edges = 0
        self._y_edges = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        """``update(y_pred, y, label_idx)``; boolean inputs are used as the masks directly."""
        if len(inputs) != 3:
            raise ValueError(f"For 'MeanSurfaceDistance.update', it needs 3 inputs (predicted value, true value, "
                             f"label index), but got {len(inputs)}")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        label_idx = inputs[2]
        check_label_and_shapes("MeanSurfaceDistance", y_pred, y, label_idx)
        if y_pred.dtype != bool:
            y_pred = y_pred == label_idx
        if y.dtype != bool:
            y = y == label_idx
        self._y_pred_edges = edges(y_pred)
        self._y_edges = edges(y)
        self._is_update = True

    def eval(self):
        if self._is_update is False:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        dist = surface_distance(self._y_pred_edges, self._y_edges, self.distance_metric, "MeanSurfaceDistance")
        if dist.shape == (0,):
            return np.inf
        forward = dist.mean()
        if not self.symmetric:
            return forward
        back = surface_distance(self._y_edges, self._y_pred_edges, self.distance_metric, "MeanSurfaceDistance")
        if back.shape == (0,):
            return np.inf
        return np.mean((forward, back.mean()))
