"""Helpers shared by the metric modules (not part of MindSpore's API)."""
import sys

import numpy as np

__all__ = []

EPS = sys.float_info.min  # added to denominators


def check_type(arg_name, value, valid_types, prim_name=None):
    """``value`` must be an instance of ``valid_types`` (bool only if listed): TypeError otherwise."""
    valid_types = tuple(valid_types)
    if (isinstance(value, bool) and bool not in valid_types) or not isinstance(value, valid_types):
        names = [t.__name__ for t in valid_types]
        many = len(names) > 1
        who = f"For '{prim_name}', the" if prim_name else "The"
        raise TypeError(f"{who} type of '{arg_name}' should be {'one of ' if many else ''}"
                        f"'{names if many else names[0]}', but got type '{type(value).__name__}'.")
    return value


def check_string(value, valid_values, arg_name):
    if not (isinstance(value, str) and value in valid_values):
        raise ValueError(f"The '{arg_name}' must be str and must be in '{valid_values}', but got '{value}'.")
    return value


def check_positive_float(value, arg_name):
    info = f"The '{arg_name}'"
    if not isinstance(value, float):
        raise TypeError(f"{info} must be float, but got '{type(value).__name__}'")
    if np.isinf(value) or np.isnan(value):
        raise ValueError(f"{info} must be a legal value, but got '{value}'.")
    if not value > 0:
        raise ValueError(f"{info} must be float and must > 0, but got '{value}' with type 'float'.")
    return value


def one_hot_rows(indices, class_num):
    """Rows of the identity matrix (float64) picked by ``indices`` (numpy fancy indexing: non-integer
    indices raise IndexError, as in MindSpore)."""
    return np.eye(class_num)[indices]
