"""Argument checks shared by the learning-rate schedules and the ``dynamic_lr`` functions, with
MindSpore's exception classes (TypeError for a wrong type, ValueError for a bad value)."""
import math

__all__ = []


def _prefix(prim_name, arg_name):
    who = f"For '{prim_name}', the " if prim_name else "The "
    return who + (f"'{arg_name}'" if arg_name else "input value")


def check_number(arg_value, bound, rel, arg_type, arg_name=None, prim_name=None):
    """``arg_value`` must be an ``arg_type`` (bool refused), finite, and satisfy ``rel`` against
    ``bound`` (``rel`` is one of '>', '>=')."""
    info = _prefix(prim_name, arg_name)
    if not isinstance(arg_value, arg_type):
        raise TypeError(f"{info} must be {arg_type.__name__}, but got '{type(arg_value).__name__}'")
    if math.isinf(arg_value) or math.isnan(arg_value):
        raise ValueError(f"{info} must be a legal value, but got '{arg_value}'.")
    ok = arg_value > bound if rel == ">" else arg_value >= bound
    if isinstance(arg_value, bool) or not ok:
        msg = (f"{info} must be {arg_type.__name__} and must {rel} {bound}, "
               f"but got '{arg_value}' with type '{type(arg_value).__name__}'.")
        raise TypeError(msg) if isinstance(arg_value, bool) else ValueError(msg)
    return arg_value


def check_positive_int(v, name=None, prim=None):
    return check_number(v, 0, ">", int, name, prim)


def check_positive_float(v, name=None, prim=None):
    return check_number(v, 0, ">", float, name, prim)


def check_non_negative_float(v, name=None, prim=None):
    return check_number(v, 0, ">=", float, name, prim)


def check_is_float(v, name=None, prim=None):
    if not isinstance(v, float) or isinstance(v, bool):
        who = f"For '{prim}', the" if prim else "The"
        raise TypeError(f"{who} type of '{name}' must be 'float', but got '{type(v).__name__}'.")
    return v


def check_value_type(arg_name, arg_value, valid_types, prim_name=None):
    valid_types = tuple(valid_types)
    bad = (isinstance(arg_value, bool) and bool not in valid_types) or not isinstance(arg_value, valid_types)
    if bad:
        names = [t.__name__ for t in valid_types]
        many = len(valid_types) > 1
        who = f"For '{prim_name}', the" if prim_name else "The"
        raise TypeError(f"{who} type of '{arg_name}' should be {'one of ' if many else ''}"
                        f"'{names if many else names[0]}', but got type '{type(arg_value).__name__}'.")
    return arg_value


def check_float_type(value, arg_name, func_name):
    """The explicit ``isinstance(value, float)`` test some schedules make before the range check."""
    if not isinstance(value, float):
        raise TypeError(f"For '{func_name}', the argument '{arg_name}' must be type of float, "
                        f"but got '{arg_name}' type: {type(value)}.")
