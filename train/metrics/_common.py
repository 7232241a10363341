"""Helpers shared by the metric modules (not part of MindSpore's API)."""
import sys

import numpy as np

__all__ = []

EPS = sys.float_info.min  # added to denominators


def one_hot_rows(indices, class_num):
    """Rows of the identity matrix (float64) picked by ``indices`` (numpy fancy indexing: non-integer
    indices raise IndexError, as in MindSpore)."""
    return np.eye(class_num)[indices]
