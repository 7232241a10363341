"""Argument checks shared by the embedding, recurrent and transformer layers (MindSpore's
exception classes: TypeError for wrong types, ValueError for values out of range)."""
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor

__all__ = []


def _prefix(cls_name):
    return f"For '{cls_name}', the" if cls_name else "The"


def check_int_range(value, low, high, arg_name, cls_name, inc_right=False):
    """An int (not bool) in ``[low, high)`` (``[low, high]`` with ``inc_right``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{_prefix(cls_name)} '{arg_name}' must be int, but got '{type(value).__name__}'.")
    ok = low <= value <= high if inc_right else low <= value < high
    if not ok:
        right = "]" if inc_right else ")"
        raise ValueError(f"{_prefix(cls_name)} '{arg_name}' must be in range of [{low}, {high}{right}, "
                         f"but got {value}.")
    return value


def check_is_float(value, arg_name, cls_name):
    if not isinstance(value, float):
        raise TypeError(f"{_prefix(cls_name)} '{arg_name}' must be float, but got '{type(value).__name__}'.")
    return value


def check_positive_float(value, arg_name, cls_name):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{_prefix(cls_name)} '{arg_name}' must be float, but got '{type(value).__name__}'.")
    if not value > 0:
        raise ValueError(f"{_prefix(cls_name)} '{arg_name}' must be a positive float number, but got {value}.")
    return value


def check_number_dtype(dtype, arg_name, cls_name):
    """``dtype`` must be a MindSpore number type."""
    if not isinstance(dtype, mstype.Type) or dtype not in mstype.number_type:
        raise TypeError(f"{_prefix(cls_name)} '{arg_name}' must be a subclass of number type, but got {dtype}.")
    return dtype


def check_tensor(arg_name, value, cls_name):
    if value is not None and not isinstance(value, Tensor):
        raise TypeError(f"For '{cls_name}', the '{arg_name}' must be 'Tensor', but got '{type(value).__name__}'")


def check_tuple(arg_name, value, cls_name):
    if value is not None and not isinstance(value, tuple):
        raise TypeError(f"For '{cls_name}', the '{arg_name}' must be 'Tuple', but got '{type(value).__name__}'")


def check_tuple_length(arg_name, value, length, cls_name):
    if value is not None and len(value) != length:
        raise TypeError(f"For '{cls_name}', the length of '{arg_name}' must be '{length}', "
                        f"but got '{len(value)}'")


def check_dtype_in(arg_name, dtype, allowed, cls_name):
    if dtype not in allowed:
        raise TypeError(f"For '{cls_name}', the '{arg_name}' should be one of {list(allowed)}, but got {dtype}.")


def check_dtypes_same(names, dtypes, allowed, cls_name):
    for n, d in zip(names, dtypes):
        check_dtype_in(n, d, allowed, cls_name)
    if any(d != dtypes[0] for d in dtypes):
        raise TypeError(f"For '{cls_name}', the dtypes of {names} must be the same, but got {list(dtypes)}.")
