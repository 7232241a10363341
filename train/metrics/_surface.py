"""Surface (edge) extraction and distance transforms shared by ``HausdorffDistance``,
``MeanSurfaceDistance`` and ``RootMeanSquareDistance`` (not part of MindSpore's API)."""
import numpy as np
import scipy     # scipy.ndimage loads on first use (scipy's lazy submodules): ~13 MiB and 0.2 s less at import

from mscompat._checkparam import check_value_type, check_string
from .metric import _Accumulator

__all__ = []

DISTANCE_METRICS = ["euclidean", "chessboard", "taxicab"]


def edges(mask):
    """The boundary voxels of a boolean mask: the mask minus its binary erosion."""
    return scipy.ndimage.binary_erosion(mask) ^ mask


def surface_distance(from_edges, to_edges, distance_metric, owner):
    """Distances from each voxel of ``from_edges`` to the nearest voxel of ``to_edges`` (an empty
    array when ``from_edges`` is empty, infinities when ``to_edges`` is). Euclidean distances are
    float64; chessboard/taxicab distances are int32 (scipy's chamfer transform)."""
    if not np.any(from_edges):
        return np.array([])
    if not np.any(to_edges):
        dist = np.full(to_edges.shape, np.inf)
    elif distance_metric == "euclidean":
        dist = scipy.ndimage.distance_transform_edt(~to_edges)
    elif distance_metric in ("chessboard", "taxicab"):
        dist = scipy.ndimage.distance_transform_cdt(~to_edges, metric=distance_metric)
    else:
        raise ValueError(f"For '{owner}', the distance_metric '{distance_metric}' is not supported.")
    return dist[from_edges]


def check_label_and_shapes(owner, y_pred, y, label_idx, label_error=ValueError):
    """The checks of the surface metrics' ``update(y_pred, y, label_idx)``."""
    if not isinstance(label_idx, (int, float)):
        if label_error is TypeError:
            raise TypeError(f"For '{owner}.update', the label index (input[2]) must be int or float, "
                            f"but got label index type: {type(label_idx)}.")
        raise ValueError(f"For '{owner}.update', the label index (input[2]) must be int or float, "
                         f"but got {type(label_idx)}.")
    if label_idx not in y_pred and label_idx not in y:
        raise ValueError(f"For '{owner}.update', the label index (input[2]) must be in predicted value (input[0]) "
                         f"or true value (input[1]), but {label_idx} is not.")
    if y_pred.size == 0 or y_pred.shape != y.shape:
        raise ValueError(f"For '{owner}.update', the size of predicted value (input[0]) and true value "
                         f"(input[1]) must be greater than 0, in addition to that, predicted value and true "
                         f"value must have the same shape, but got predicted value size: {y_pred.size}, "
                         f"shape: {y_pred.shape}, true value size: {y.size}, shape: {y.shape}.")


class SurfaceDistanceMetric(_Accumulator):
    """What MeanSurfaceDistance and RootMeanSquareDistance share: arguments, state, ``update`` (the
    LAST ``update(y_pred, y, label_idx)`` counts; boolean inputs are the masks directly) and the
    directed distances; subclasses reduce them in :meth:`_reduce`."""

    _initial_state = {"_y_pred_edges": 0, "_y_edges": 0, "_is_update": False}
    _inputs_count = 3
    _inputs_message = "it needs 3 inputs (predicted value, true value, label index), but got {}"
    _converted = (0, 1)
    _label_error = ValueError

    def __init__(self, symmetric=False, distance_metric="euclidean"):
        super().__init__()
        self.distance_metric_list = list(DISTANCE_METRICS)
        distance_metric = check_value_type("distance_metric", distance_metric, [str])
        self.distance_metric = check_string(distance_metric, self.distance_metric_list, "distance_metric")
        self.symmetric = check_value_type("symmetric", symmetric, [bool])
        self.clear()
        self._is_update = None       # as in MindSpore: eval() before any update gives inf, not an error
        self._y_edges = None
        self._y_pred_edges = None

    def _accumulate(self, y_pred, y, label_idx):
        check_label_and_shapes(self._name, y_pred, y, label_idx, label_error=self._label_error)
        if y_pred.dtype != bool:
            y_pred = y_pred == label_idx
        if y.dtype != bool:
            y = y == label_idx
        self._y_pred_edges = edges(y_pred)
        self._y_edges = edges(y)
        self._is_update = True

    def eval(self):
        self._check_updated()
        forward = surface_distance(self._y_pred_edges, self._y_edges, self.distance_metric, self._name)
        if forward.shape == (0,):
            return np.inf
        if not self.symmetric:
            return self._reduce(forward)
        back = surface_distance(self._y_edges, self._y_pred_edges, self.distance_metric, self._name)
        if back.shape == (0,):
            return np.inf
        return self._reduce(forward, back)

    def _reduce(self, forward, back=None):
        raise NotImplementedError   # abstract: each subclass defines its reduction
