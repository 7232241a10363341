"""Argument checks of the training API, with MindSpore's exception classes and messages."""

__all__ = []


def _name(arg_name):
    return f"The '{arg_name}'" if arg_name else "The input value"


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def check_is_int(value, arg_name=None):
    if not _is_int(value):
        what = f"'{arg_name}'" if arg_name else "input value"
        raise TypeError(f"The type of {what} must be 'int', but got '{type(value).__name__}'.")
    return value


def _int_rel(value, arg_name, ok, rel):
    if isinstance(value, bool):
        raise TypeError(f"{_name(arg_name)} must be int and must {rel}, but got '{value}' with type 'bool'.")
    if not isinstance(value, int):
        raise TypeError(f"{_name(arg_name)} must be int, but got '{type(value).__name__}'")
    if not ok(value):
        raise ValueError(f"{_name(arg_name)} must be int and must {rel}, but got '{value}' with type 'int'.")
    return value


def check_non_negative_int(value, arg_name=None):
    return _int_rel(value, arg_name, lambda v: v >= 0, ">= 0")


def check_positive_int(value, arg_name=None):
    return _int_rel(value, arg_name, lambda v: v > 0, "> 0")


def check_bool(value, arg_name=None):
    if not isinstance(value, bool):
        raise TypeError(f"{_name(arg_name)} must be a bool, but got {type(value).__name__}.")
    return value


def check_value_type(arg_name, value, valid_types):
    types = valid_types if isinstance(valid_types, (list, tuple)) else [valid_types]
    ok = isinstance(value, tuple(types))
    if ok and isinstance(value, bool) and bool not in types and int in types:
        ok = False
    if not ok:
        if isinstance(valid_types, (list, tuple)):
            names = "one of '" + str([t.__name__ for t in types]) + "'"
        else:
            names = f"'{valid_types.__name__}'"
        raise TypeError(f"The type of '{arg_name}' should be {names}, but got type '{type(value).__name__}'.")
    return value


def check_float_open_range(value, low, high):
    if not isinstance(value, (float, int)) or isinstance(value, bool):
        raise TypeError(f"The input value must be 'float',  but got '{type(value).__name__}'.")
    if not low < value < high:
        raise ValueError(f"The input value must be in range of ({low}, {high}), but got {value} with type "
                         f"'{type(value).__name__}'.")
    return value


def check_isinstance(arg_name, value, classes):
    if not isinstance(value, classes):
        raise ValueError(f"The parameter '{arg_name}' must be isinstance of {classes}, but got {value}.")
    return value
