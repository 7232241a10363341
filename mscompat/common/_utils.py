"""``mindspore.common._utils``: shape and function helpers model code imports."""
import ctypes
import types

from mscompat import log as logger

__all__ = ["is_shape_unknown", "is_dim_unknown", "get_func", "load_lib"]


def is_dim_unknown(shape):
    """True for the unknown-rank shape ``[-2]``; ValueError for -2 beside other dims."""
    if len(shape) == 1 and shape[0] == -2:
        return True
    if -2 in shape:
        raise ValueError(f"'shape' should have only one -2 or no -2 at all but got ({shape}).")
    return False


def is_shape_unknown(shape):
    """True when a dim is unknown (-1) or the rank is unknown (``[-2]``)."""
    for d in shape:
        if d < -2:
            raise ValueError(f"'shape' should not have values less than -2 but got ({shape}).")
    return is_dim_unknown(shape) or -1 in shape


def get_func(func):
    """The plain function behind a bound method."""
    return func.__func__ if isinstance(func, types.MethodType) else func


def load_lib(lib_path):
    """Load a shared library; False (with a warning) when it cannot be loaded."""
    try:
        ctypes.CDLL(lib_path)
    except OSError:
        logger.warning(f"Loading {lib_path} lib error.")
        return False
    return True
