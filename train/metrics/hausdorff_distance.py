"""``HausdorffDistance``: the (percentile) Hausdorff distance between the boundaries of a predicted
and a true segmentation of one label."""
from collections import abc

import numpy as np

from mscompat.common.tensor import Tensor
from .metric import _Accumulator
from mscompat._checkparam import check_value_type, check_string
from ._surface import DISTANCE_METRICS, edges, surface_distance, check_label_and_shapes

__all__ = ["HausdorffDistance"]


def _is_iterable_sequence(value):
    if isinstance(value, Tensor):
        return value.ndim > 0
    return isinstance(value, abc.Iterable) and not isinstance(value, str)


class HausdorffDistance(_Accumulator):
    """Hausdorff distance of the LAST ``update(y_pred, y, label_idx)``; with ``percentile`` the given
    percentile of the boundary distances instead of their maximum; ``directed`` only measures from
    the prediction to the truth; ``crop`` first crops both to the bounding box of their union."""
    _name = "HausdorffDistance"
    _initial_state = {"y_pred_edges": 0, "y_edges": 0, "_is_update": False}
    _inputs_count = 3
    _inputs_message = "it needs 3 inputs (predicted value, true value, label index), but got {}."
    _converted = (0, 1)

    def __init__(self, distance_metric="euclidean", percentile=None, directed=False, crop=True):
        super().__init__()
        distance_metric = check_value_type("distance_metric", distance_metric, [str])
        self.distance_metric = check_string(distance_metric, DISTANCE_METRICS, "distance_metric")
        self.percentile = None if percentile is None else check_value_type("percentile", percentile, [float])
        self.directed = directed if directed is None else check_value_type("directed", directed, [bool])
        self.crop = crop if crop is None else check_value_type("crop", crop, [bool])
        self.clear()

    def _bounding_box(self, image, margin=0):
        """Start/end (exclusive) per spatial axis of the nonzero voxels of ``image`` (channel first)."""
        data = np.any(image > 0, axis=0)
        nonzero = np.nonzero(data)
        margins = (margin,) * data.ndim if not _is_iterable_sequence(margin) else tuple(margin)
        if len(margins) != data.ndim:
            raise ValueError(f"The sequence length must be {data.ndim}, but got {len(margins)}.")
        start, end = [], []
        for axis in range(data.ndim):
            if nonzero[axis].size <= 0:
                raise ValueError(f"Did not find nonzero index at the spatial dim {axis}")
            start.append(max(0, np.min(nonzero[axis]) - margins[axis]))
            end.append(min(data.shape[axis], np.max(nonzero[axis]) + margins[axis] + 1))
        return start, end

    def _edges_of(self, y_pred, y):
        if self.crop:
            if not np.any(y_pred | y):
                return np.zeros_like(y_pred), np.zeros_like(y)
            y_pred, y = np.expand_dims(y_pred, 0), np.expand_dims(y, 0)
            start, end = self._bounding_box(y_pred | y)
            start = np.maximum(np.asarray(start, dtype=np.int16), 0)
            end = np.maximum(np.asarray(end, dtype=np.int16), start)
            keep = min(len(start), len(end), y_pred.ndim - 1)
            window = (slice(None),) + tuple(slice(s, e) for s, e in zip(start[:keep], end[:keep]))
            # (np.squeeze also drops spatial axes of size 1, as in MindSpore)
            y_pred, y = np.squeeze(y_pred[window]), np.squeeze(y[window])
        return edges(y_pred), edges(y)

    def _distance(self, from_edges, to_edges):
        dist = surface_distance(from_edges, to_edges, self.distance_metric, "HausdorffDistance")
        if dist.shape == (0,):
            return np.inf
        if not self.percentile:
            return dist.max()
        if 0 <= self.percentile <= 100:
            return np.percentile(dist, self.percentile)
        raise ValueError(f"For 'HausdorffDistance', the value of the argument 'percentile' must be [0, 100], "
                         f"but got {self.percentile}.")

    def update(self, *inputs):
        """``update(y_pred, y, label_idx)``: the voxels equal to ``label_idx`` form each segmentation."""
        self._is_update = True   # set before the input checks, as in MindSpore
        super().update(*inputs)  # (picks the ``indexes``)

    def _accumulate(self, y_pred, y, label_idx):
        check_label_and_shapes("HausdorffDistance", y_pred, y, label_idx)
        self.y_pred_edges, self.y_edges = self._edges_of(y_pred == label_idx, y == label_idx)

    def eval(self):
        self._check_updated()
        forward = self._distance(self.y_pred_edges, self.y_edges)
        if self.directed:
            return forward
        return max(forward, self._distance(self.y_edges, self.y_pred_edges))
