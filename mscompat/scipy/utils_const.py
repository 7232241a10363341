"""Argument checks shared by ``mscompat.scipy``: each raises MindSpore's exception class with a
message in MindSpore's wording ("For 'inv', the type of 'a' should be Tensor, ...")."""
from collections.abc import Iterable

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor

__all__ = []


def _raise_value_error(*info):
    raise ValueError("".join(f"{x}" for x in info))


def _raise_type_error(*info):
    raise TypeError("".join(f"{x}" for x in info))


def _flat(x):
    if not isinstance(x, (tuple, list)):
        return (x,)
    out = ()
    for item in x:
        out += _flat(item)
    return out


def check_type(func_name, value, types, arg_name):
    """``type(value)`` must be exactly one of ``types`` (a bool is not an int here)."""
    types = _flat(types)
    if type(value) not in types:  # pylint: disable=unidiomatic-typecheck
        names = [t.__name__ for t in types]
        shown = f"one of {names}" if len(names) > 1 else names[0]
        _raise_type_error(f"For '{func_name}', the type of '{arg_name}' should be {shown}, "
                          f"but got '{value}' with type {type(value).__name__}.")
    return value


def check_tensor(func_name, value, arg_name="a"):
    if not isinstance(value, Tensor):
        _raise_type_error(f"For '{func_name}', the type of '{arg_name}' should be Tensor, "
                          f"but got '{value}' with type {type(value).__name__}.")
    return value


def check_dtype(func_name, value, dtypes, arg_name="a"):
    if value.dtype not in dtypes:
        shown = "[" + ", ".join(repr(d) for d in dtypes) + "]"
        _raise_type_error(f"For '{func_name}', the data type of '{arg_name}' should be one of {shown}, "
                          f"but got {value.dtype}.")
    return value


def check_value(func_name, value, valid, arg_name, attr_name):
    many = isinstance(valid, Iterable) and len(valid) > 1
    if value not in _flat(valid):
        _raise_value_error(f"For '{func_name}', the {attr_name} of '{arg_name}' should be "
                           f"{'one of ' if many else ''}{valid}, but got {value}.")
    return value


def check_square(func_name, value, arg_name="a"):
    shape = tuple(value.shape)
    if len(shape) != 2:
        _raise_value_error(f"For '{func_name}', the dimension of '{arg_name}' should be 2, but got {len(shape)}.")
    if shape[0] != shape[1]:
        _raise_value_error(f"For '{func_name}', the matrix '{arg_name}' should be a square matrix like (N, N), "
                           f"but got {shape}.")
    return value


def check_solve(func_name, a, b, a_name="a", b_name="b"):
    """``a`` square 2-D, ``b`` 1-D or 2-D with ``b.shape[0] == a.shape[1]``, same dtype."""
    check_square(func_name, a, a_name)
    if b.ndim not in (1, 2):
        _raise_value_error(f"For '{func_name}', the dimension of '{b_name}' should be one of (1, 2), "
                           f"but got {b.ndim}.")
    if a.shape[1] != b.shape[0]:
        _raise_value_error(f"For '{func_name}', the last two dimensions of '{a_name}' and '{b_name}' should be "
                           f"matched, but got shape of {tuple(a.shape)} and {tuple(b.shape)}. Please make sure "
                           f"that the shape of '{a_name}' and '{b_name}' be like (N, N) X (N, M) or (N, N) X (N).")
    if a.dtype != b.dtype:
        _raise_type_error(f"For '{func_name}', the data type of '{a_name}' and '{b_name}' should be the same, "
                          f"but got the data type of '{a_name}' is {a.dtype} and the data type of '{b_name}' "
                          f"is {b.dtype}.")


FLOAT_OR_INT = (mstype.int32, mstype.int64, mstype.float32, mstype.float64)
