"""Argument checks of the optimizers, with MindSpore's exception classes and messages, and the
small array helpers every optimizer's update uses (read a Parameter's array, write one back
through the state threading)."""
import math

import jax.numpy as jnp

from mscompat.common.tensor import Tensor

__all__ = []


def _prefix(prim_name):
    return f"For '{prim_name}', the" if prim_name else "The"


def _tname(t):
    return t.__name__ if hasattr(t, "__name__") else str(t)


def check_value_type(arg_name, arg_value, valid_types, prim_name=None):
    """``arg_value`` must be an instance of ``valid_types`` (a bool only where bool is listed)."""
    valid_types = tuple(valid_types) if isinstance(valid_types, (list, tuple)) else (valid_types,)
    if (isinstance(arg_value, bool) and bool not in valid_types) or not isinstance(arg_value, valid_types):
        names = [_tname(t) for t in valid_types]
        many = len(valid_types) > 1
        raise TypeError(f"{_prefix(prim_name)} type of '{arg_name}' should be {'one of ' if many else ''}"
                        f"'{names if many else names[0]}', but got type '{type(arg_value).__name__}'.")
    return arg_value


def check_bool(arg_value, arg_name=None, prim_name=None):
    if not isinstance(arg_value, bool):
        raise TypeError(f"{_prefix(prim_name)} '{arg_name or 'input value'}' must be bool, "
                        f"but got '{type(arg_value).__name__}'.")
    return arg_value


def _check_float(arg_value, arg_name, prim_name):
    """A float (not bool), and a finite one: NaN or infinity is refused before any range check."""
    if isinstance(arg_value, bool) or not isinstance(arg_value, float):
        raise TypeError(f"{_prefix(prim_name)} '{arg_name}' must be float, but got "
                        f"'{type(arg_value).__name__}'.")
    if math.isinf(arg_value) or math.isnan(arg_value):
        raise ValueError(f"{_prefix(prim_name)} '{arg_name}' must be a legal value, but got '{arg_value}'.")


def check_positive_float(arg_value, arg_name=None, prim_name=None):
    _check_float(arg_value, arg_name, prim_name)
    if not arg_value > 0:
        raise ValueError(f"{_prefix(prim_name)} '{arg_name}' must be float and must > 0, but got "
                         f"'{arg_value}' with type 'float'.")
    return arg_value


def check_non_negative_float(arg_value, arg_name=None, prim_name=None):
    _check_float(arg_value, arg_name, prim_name)
    if arg_value < 0:
        raise ValueError(f"{_prefix(prim_name)} '{arg_name}' must be float and must >= 0, but got "
                         f"'{arg_value}' with type 'float'.")
    return arg_value


def check_non_negative_int(arg_value, arg_name=None, prim_name=None):
    if isinstance(arg_value, bool) or not isinstance(arg_value, int):
        raise TypeError(f"{_prefix(prim_name)} '{arg_name}' must be int, but got '{type(arg_value).__name__}'.")
    if arg_value < 0:
        raise ValueError(f"{_prefix(prim_name)} '{arg_name}' must be int and must >= 0, but got "
                         f"'{arg_value}' with type 'int'.")
    return arg_value


def check_float_range(arg_value, lower, upper, inc_lower, inc_upper, arg_name=None, prim_name=None):
    """``lower (<|<=) arg_value (<|<=) upper``; TypeError for a non-float, ValueError outside."""
    _check_float(arg_value, arg_name, prim_name)
    ok_lo = arg_value >= lower if inc_lower else arg_value > lower
    ok_hi = arg_value <= upper if inc_upper else arg_value < upper
    if not (ok_lo and ok_hi):
        lo, hi = ("[" if inc_lower else "("), ("]" if inc_upper else ")")
        raise ValueError(f"{_prefix(prim_name)} '{arg_name}' must be in range of {lo}{lower}, {upper}{hi}, "
                         f"but got {arg_value} with type 'float'.")
    return arg_value


def check_number_range(arg_value, lower, upper, inc_lower, inc_upper, arg_name=None, prim_name=None,
                       types=(int, float)):
    """A number (not bool) in the range; TypeError for another type, ValueError outside."""
    if isinstance(arg_value, bool) or not isinstance(arg_value, types):
        raise TypeError(f"{_prefix(prim_name)} '{arg_name}' must be {'/'.join(_tname(t) for t in types)}, "
                        f"but got '{type(arg_value).__name__}'.")
    ok_lo = arg_value >= lower if inc_lower else arg_value > lower
    ok_hi = arg_value <= upper if inc_upper else arg_value < upper
    if not (ok_lo and ok_hi):
        lo, hi = ("[" if inc_lower else "("), ("]" if inc_upper else ")")
        raise ValueError(f"{_prefix(prim_name)} '{arg_name}' must be in range of {lo}{lower}, {upper}{hi}, "
                         f"but got {arg_value}.")
    return arg_value


# --- arrays -----------------------------------------------------------------------------------
def data(x):
    """The jax array of a Tensor/Parameter (its current binding), or of a number (float32)."""
    if isinstance(x, Tensor):
        return x._data
    if isinstance(x, float):
        return jnp.float32(x)
    return jnp.asarray(x)


def write(param, value):
    """Write ``value`` into ``param`` (cast to its dtype) through the state threading."""
    value = data(value)
    old = param._data
    if value.dtype != old.dtype:
        value = value.astype(old.dtype)
    if value.shape != old.shape:
        value = value.reshape(old.shape)
    param._data = value


def f32(x):
    return data(x).astype(jnp.float32)
