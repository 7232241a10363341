"""Argument checks of ``dataset.text`` and ``dataset.audio`` with MindSpore's exception classes and
messages (``TypeError`` for a wrong type, ``ValueError`` for a value out of range)."""
import os

INT32_MIN, INT32_MAX = -2147483648, 2147483647
UINT32_MAX = 4294967295
FLOAT_MAX_INTEGER = 16777216
FLOAT_MIN_INTEGER = -16777216
DOUBLE_MAX_INTEGER = 9007199254740992
DOUBLE_MIN_INTEGER = -9007199254740992


def _pad(name):
    return name + " " if name else ""


def type_check(arg, types, arg_name):
    """``arg`` must be an instance of ``types``; a bool is not an int unless bool is listed."""
    types = types if isinstance(types, tuple) else (types,)
    shown = '""' if repr(arg) == repr("") else arg
    if int in types and bool not in types and isinstance(arg, bool):
        raise TypeError(f"Argument {arg_name} with value {shown} is not of type {types}, but got {type(arg)}.")
    if not isinstance(arg, types):
        raise TypeError(f"Argument {arg_name} with value {shown} is not of type {list(types)}, but got {type(arg)}.")


def type_check_list(args, types, arg_names):
    type_check(args, (list, tuple), arg_names)
    if isinstance(arg_names, str):
        arg_names = [f"{arg_names}[{i}]" for i in range(len(args))]
    for arg, name in zip(args, arg_names):
        type_check(arg, types, name)


def check_value(value, valid_range, arg_name="", left_open=False, right_open=False):
    lo, hi = valid_range
    bad = (value <= lo if left_open else value < lo) or (value >= hi if right_open else value > hi)
    if bad:
        lb, rb = ("(" if left_open else "["), (")" if right_open else "]")
        raise ValueError(f"Input {_pad(arg_name)}is not within the required interval of {lb}{lo}, {hi}{rb}.")


def check_positive(value, arg_name=""):
    if value <= 0:
        raise ValueError(f"Input {_pad(arg_name)}must be greater than 0.")


def _typed_range(types, lo, hi, left_open=False, name=None):
    """The rule "an instance of ``types`` within ``[lo, hi]`` (``(lo, hi]`` where ``left_open``)"."""
    def rule(value, arg_name=""):
        type_check(value, types, arg_name)
        check_value(value, (lo, hi), arg_name, left_open=left_open)
    rule.__name__ = rule.__qualname__ = name
    return rule


check_int32 = _typed_range((int,), INT32_MIN, INT32_MAX, name="check_int32")
check_uint32 = _typed_range((int,), 0, UINT32_MAX, name="check_uint32")
check_pos_int32 = _typed_range((int,), 1, INT32_MAX, name="check_pos_int32")
check_non_negative_int32 = _typed_range((int,), 0, INT32_MAX, name="check_non_negative_int32")
check_float32 = _typed_range((float, int), FLOAT_MIN_INTEGER, FLOAT_MAX_INTEGER, name="check_float32")
check_pos_float32 = _typed_range((float, int), 0, FLOAT_MAX_INTEGER, left_open=True, name="check_pos_float32")
check_non_negative_float32 = _typed_range((float, int), 0, FLOAT_MAX_INTEGER, name="check_non_negative_float32")
check_float64 = _typed_range((float, int), DOUBLE_MIN_INTEGER, DOUBLE_MAX_INTEGER, name="check_float64")
check_non_negative_float64 = _typed_range((float, int), 0, DOUBLE_MAX_INTEGER, name="check_non_negative_float64")
check_pos_float64 = _typed_range((float, int), 0, DOUBLE_MAX_INTEGER, left_open=True, name="check_pos_float64")


def check_filename(path):
    if not isinstance(path, str):
        raise TypeError(f"path: {path} is not string")
    name = os.path.basename(os.path.realpath(path))
    if set(name) & set('\\/:*?"<>|`&\';'):
        raise ValueError("filename should not contain \\/:*?\"<>|`&;\\'")
    if name.startswith(" ") or name.endswith(" "):
        raise ValueError("filename should not start/end with space.")


def check_dir(dataset_dir, arg_name="dataset_dir"):
    type_check(dataset_dir, (str,), arg_name)
    if not os.path.isdir(dataset_dir) or not os.access(dataset_dir, os.R_OK):
        raise ValueError(f"The folder {dataset_dir} does not exist or is not a directory or permission denied!")
