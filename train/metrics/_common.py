"""Helpers shared by the metric modules (not part of MindSpore's API)."""
import sys

import numpy as np

__all__ = []

EPS = sys.float_info.min  # added to denominators


def one_hot_rows(indices, class_num):
    """Rows of the identity matrix (float64) picked by ``indices`` (numpy fancy indexing: non-integer
    indices raise IndexError, as in MindSpore)."""
    return np.eye(class_num)[indices]


def one_hot_classes(y_pred, y, class_num, mismatch):
    """``(truth, prediction)`` as one-hot rows of ``class_num`` classes (the prediction: argmax of
    ``y_pred`` over axis 1); ValueError ``mismatch`` (its ``{}``: y's class count) when ``y`` holds a
    class index >= ``class_num``."""
    if y.max() + 1 > class_num:
        raise ValueError(mismatch.format(y.max() + 1))
    return one_hot_rows(y.reshape(-1), class_num), one_hot_rows(y_pred.argmax(axis=1).reshape(-1), class_num)
