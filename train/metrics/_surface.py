"""Surface (edge) extraction and distance transforms shared by ``HausdorffDistance``,
``MeanSurfaceDistance`` and ``RootMeanSquareDistance`` (not part of MindSpore's API)."""
import numpy as np
from scipy import ndimage

__all__ = []

DISTANCE_METRICS = ["euclidean", "chessboard", "taxicab"]


def edges(mask):
    """The boundary voxels of a boolean mask: the mask minus its binary erosion."""
    return ndimage.binary_erosion(mask) ^ mask


def surface_distance(from_edges, to_edges, distance_metric, owner):
    """Distances from each voxel of ``from_edges`` to the nearest voxel of ``to_edges`` (an empty
    array when ``from_edges`` is empty, infinities when ``to_edges`` is). Euclidean distances are
    float64; chessboard/taxicab distances are int32 (scipy's chamfer transform)."""
    if not np.any(from_edges):
        return np.array([])
    if not np.any(to_edges):
        dist = np.full(to_edges.shape, np.inf)
    elif distance_metric == "euclidean":
        dist = ndimage.distance_transform_edt(~to_edges)
    elif distance_metric in ("chessboard", "taxicab"):
        dist = ndimage.distance_transform_cdt(~to_edges, metric=distance_metric)
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
