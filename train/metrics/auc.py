"""``auc``: the area under a curve given by points (x, y), by the trapezoidal rule."""
import numpy as np

from .metric import _py_scalar_op

__all__ = ["auc"]

_trapezoid = getattr(np, "trapezoid", None) or getattr(np, "trapz")


def _sample_count(x):
    if hasattr(x, "fit") and callable(x.fit):
        raise TypeError(f"Expected sequence or array-like, got estimator {x}.")
    if not hasattr(x, "__len__") and not hasattr(x, "shape"):
        if not hasattr(x, "__array__"):
            raise TypeError(f"Expected sequence or array-like, got {type(x)}.")
        x = np.asarray(x)
    if hasattr(x, "shape"):
        if x.ndim == 0:
            raise TypeError(f"Singleton array {x} cannot be considered as a valid collection.")
        return x.shape[0]
    return x.size


def _as_1d(a):
    shape = np.shape(a)
    if len(shape) == 1 or (len(shape) == 2 and shape[1] == 1):
        return np.ravel(a)
    raise ValueError(f"For 'auc', the input must be a 1-dimensional array, or a 2-dimensional array with the second "
                     f"dimension of 1, but got shape {shape}.")


def auc(x, y, reorder=False):
    """Area under the curve through the points ``(x[i], y[i])``; ``x`` must be monotonic unless
    ``reorder`` (then points are sorted by x, ties by y). ``x`` and ``y`` are ndarrays."""
    if not isinstance(x, np.ndarray) or not isinstance(y, np.ndarray):
        raise TypeError(f"For 'auc', the argument 'x' and 'y' must all be np.ndarray, but got {type(x)}, {type(y)}")
    lengths = [_sample_count(a) for a in (x, y)]
    if len(np.unique(lengths)) > 1:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: {[int(n) for n in lengths]}.")
    x = _as_1d(x)
    y = _as_1d(y)
    if x.shape[0] < 2:
        raise ValueError(f"For 'auc', the shape of the argument 'x' in axis 0 must be greater than 2, "
                         f"but got {x.shape[0]}.")
    sign = 1
    if reorder:
        order = np.lexsort((y, x))
        x, y = x[order], y[order]
    else:
        steps = np.diff(x)
        if np.any(steps < 0):
            if not np.all(steps <= 0):
                raise ValueError(f"For 'auc', if the argument is False, the argument 'x' array must be increasing "
                                 f"or decreasing, but got 'x': {x}")
            sign = -1
    area = sign * _py_scalar_op(_trapezoid(y, x))
    if isinstance(area, np.memmap):
        area = area.dtype.type(area)
    return area
