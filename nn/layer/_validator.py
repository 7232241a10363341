"""Argument checks of the nn layers, with MindSpore's exception classes and messages."""

__all__ = ["check_value_type", "check_positive_int", "check_bool", "check_string"]


def _prefix(prim_name):
    return f"For '{prim_name}', the" if prim_name else "The"


def check_value_type(arg_name, arg_value, valid_types, prim_name=None):
    """``arg_value`` must be an instance of one of ``valid_types`` (bool only if listed)."""
    valid_types = tuple(valid_types) if isinstance(valid_types, (list, tuple)) else (valid_types,)
    bad = (isinstance(arg_value, bool) and bool not in valid_types) or not isinstance(arg_value, valid_types)
    if bad:
        names = [t.__name__ if hasattr(t, "__name__") else str(t) for t in valid_types]
        many = len(valid_types) > 1
        raise TypeError(f"{_prefix(prim_name)} type of '{arg_name}' should be {'one of ' if many else ''}"
                        f"'{names if many else names[0]}', but got type '{type(arg_value).__name__}'.")
    return arg_value


def check_positive_int(arg_value, arg_name=None, prim_name=None):
    """A positive int: TypeError for other types (bool included), ValueError for <= 0."""
    info = f"{_prefix(prim_name)} '{arg_name}'" if arg_name else f"{_prefix(prim_name)} input value"
    if not isinstance(arg_value, int):
        raise TypeError(f"{info} must be int, but got '{type(arg_value).__name__}'")
    msg = f"{info} must be int and must > 0, but got '{arg_value}' with type '{type(arg_value).__name__}'."
    if isinstance(arg_value, bool):
        raise TypeError(msg)
    if arg_value <= 0:
        raise ValueError(msg)
    return arg_value


def check_bool(arg_value, arg_name=None, prim_name=None):
    if not isinstance(arg_value, bool):
        name = f"'{arg_name}'" if arg_name else "input value"
        raise TypeError(f"{_prefix(prim_name)} {name} must be a bool, but got {type(arg_value).__name__}.")
    return arg_value


def check_string(arg_value, valid_values, arg_name=None, prim_name=None):
    if not (isinstance(arg_value, str) and arg_value in valid_values):
        raise ValueError(f"{_prefix(prim_name)} '{arg_name or 'parameter'}' must be str and must be in "
                         f"'{valid_values}', but got '{arg_value}'.")
    return arg_value

