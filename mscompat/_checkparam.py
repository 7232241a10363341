"""``mindspore._checkparam``: the argument validators model code imports (``check_int_positive``
style helpers, the relation constants, ``twice``/``triple`` expanders), with MindSpore 2.10's
exception classes and messages.

The simple type checks are the nn layers' validators (``nn/layer/_validator.py``); this module
adds the relation-parametrised checks on top of them.
"""
import math
from collections.abc import Iterable
from functools import reduce
from itertools import repeat

import numpy as np

from mscompat.common import dtype as mstype
from mscompat.nn.layer._validator import check_bool, check_string

__all__ = [
    "EQ", "NE", "LT", "LE", "GT", "GE", "INC_NEITHER", "INC_LEFT", "INC_RIGHT", "INC_BOTH", "IN", "NOT_IN",
    "check", "check_int", "check_is_int", "check_equal_int", "check_positive_int", "check_negative_int",
    "check_non_positive_int", "check_non_negative_int", "check_positive_int_sequence",
    "check_non_negative_int_sequence", "check_float", "check_is_float", "check_positive_float",
    "check_negative_float", "check_non_positive_float", "check_non_negative_float",
    "check_positive_float_sequence", "check_is_number", "check_number_range", "check_int_range",
    "check_float_range", "check_number", "check_isinstance", "check_bool", "check_string",
    "check_value_type", "check_type_name", "check_subclass", "check_tensor_dtype_valid",
    "check_tensors_dtypes_same_and_valid", "check_types_same_and_valid", "check_valid_input",
    "check_pad_value_by_mode", "check_element_type_of_iterable", "check_element_type_of_dict",
    "check_size_and_element_type_of_tuple", "check_input_format", "check_axis_in_range",
    "once", "twice", "triple", "once_sequence", "twice_sequence", "triple_sequence",
]

# relations between a value and a bound
EQ, NE, LT, LE, GT, GE = 1, 2, 3, 4, 5, 6
# ranges: (), [), (], []
INC_NEITHER, INC_LEFT, INC_RIGHT, INC_BOTH = 7, 8, 9, 10
IN, NOT_IN = 11, 12

_BINARY = {
    EQ: ("=", lambda a, b: a == b), NE: ("!=", lambda a, b: a != b), LT: ("<", lambda a, b: a < b),
    LE: ("<=", lambda a, b: a <= b), GT: (">", lambda a, b: a > b), GE: (">=", lambda a, b: a >= b),
    IN: ("in", lambda a, b: a in b), NOT_IN: ("not in", lambda a, b: a not in b),
}
_RANGE = {
    INC_NEITHER: ("(", ")", lambda v, lo, hi: lo < v < hi), INC_LEFT: ("[", ")", lambda v, lo, hi: lo <= v < hi),
    INC_RIGHT: ("(", "]", lambda v, lo, hi: lo < v <= hi), INC_BOTH: ("[", "]", lambda v, lo, hi: lo <= v <= hi),
}


def _holds(a, b, rel):
    entry = _BINARY.get(rel)
    return bool(entry and entry[1](a, b))


def _rel_str(value, rel):
    entry = _BINARY.get(rel)
    return f"{entry[0]} {value}" if entry else ""


def _in_range(v, lo, hi, rel):
    entry = _RANGE.get(rel)
    return bool(entry and entry[2](v, lo, hi))


def _range_str(lo, hi, rel):
    entry = _RANGE.get(rel)
    return f"{entry[0]}{lo}, {hi}{entry[1]}" if entry else ""


def _who(prim_name):
    return f"For '{prim_name}', the" if prim_name else "The"


def _what(arg_name):
    return f"'{arg_name}'" if arg_name else "input value"


def _check_number(arg_value, value, rel, arg_type=int, arg_name=None, prim_name=None):
    info = f"{_who(prim_name)} {_what(arg_name)}"
    if not isinstance(arg_value, arg_type):
        raise TypeError(f"{info} must be {arg_type.__name__}, but got '{type(arg_value).__name__}'")
    if math.isinf(arg_value) or math.isnan(arg_value):
        raise ValueError(f"{info} must be a legal value, but got '{arg_value}'.")
    is_bool = isinstance(arg_value, bool)
    if is_bool or not _holds(arg_value, value, rel):
        msg = (f"{info} must be {arg_type.__name__} and must {_rel_str(value, rel)}, "
               f"but got '{arg_value}' with type '{type(arg_value).__name__}'.")
        raise TypeError(msg) if is_bool else ValueError(msg)
    return arg_value


def check(arg_name, arg_value, value_name, value, rel=EQ, prim_name=None, excp_cls=ValueError):
    """``arg_value rel value`` (ints or sequences of ints); ``excp_cls`` otherwise."""
    if not _holds(arg_value, value, rel):
        subject = f"{_who(prim_name)} '{arg_name}'" if " " not in arg_name else f"{_who(prim_name)} {arg_name}"
        raise excp_cls(f"{subject} should be {_rel_str(f'{value_name}: {value}', rel)}, but got {arg_value}.")
    return arg_value


def check_int(arg_value, value, rel, arg_name=None, prim_name=None):
    return _check_number(arg_value, value, rel, int, arg_name, prim_name)


def check_equal_int(arg_value, value, arg_name=None, prim_name=None):
    return _check_number(arg_value, value, EQ, int, arg_name, prim_name)


def check_positive_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GT, int, arg_name, prim_name)


def check_negative_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LT, int, arg_name, prim_name)


def check_non_positive_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LE, int, arg_name, prim_name)


def check_non_negative_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GE, int, arg_name, prim_name)


def check_float(arg_value, value, rel, arg_name=None, prim_name=None):
    return _check_number(arg_value, value, rel, float, arg_name, prim_name)


def check_positive_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GT, float, arg_name, prim_name)


def check_negative_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LT, float, arg_name, prim_name)


def check_non_positive_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LE, float, arg_name, prim_name)


def check_non_negative_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GE, float, arg_name, prim_name)


def _each(sequence, arg_name, prim_name, bound, rel, arg_type):
    for i, element in enumerate(sequence):
        _check_number(element, bound, rel, arg_type, f"{arg_name or 'arg_name'}[{i}]", prim_name)
    return sequence


def check_positive_int_sequence(sequence, arg_name=None, prim_name=None):
    return _each(sequence, arg_name, prim_name, 0, GT, int)


def check_non_negative_int_sequence(sequence, arg_name=None, prim_name=None):
    return _each(sequence, arg_name, prim_name, 0, GE, int)


def check_positive_float_sequence(sequence, arg_name=None, prim_name=None):
    return _each(sequence, arg_name, prim_name, 0, GT, float)


def check_is_number(arg_value, arg_type, arg_name=None, prim_name=None):
    """An ``arg_type`` (bool refused) that is finite."""
    if not isinstance(arg_value, arg_type) or isinstance(arg_value, bool):
        raise TypeError(f"{_who(prim_name)} type of {_what(arg_name)} must be '{arg_type.__name__}', "
                        f"but got '{type(arg_value).__name__}'.")
    if math.isinf(arg_value) or math.isnan(arg_value):
        raise ValueError(f"{_who(prim_name)} {_what(arg_name)} must be a legal float, but got '{arg_value}'.")
    return arg_value


def check_is_int(arg_value, arg_name=None, prim_name=None):
    return check_is_number(arg_value, int, arg_name, prim_name)


def check_is_float(arg_value, arg_name=None, prim_name=None):
    return check_is_number(arg_value, float, arg_name, prim_name)


def check_number_range(arg_value, lower_limit, upper_limit, rel, value_type, arg_name=None, prim_name=None):
    """``arg_value`` of ``value_type`` (numpy scalars accepted, bool refused) inside the range ``rel``."""
    if isinstance(arg_value, bool) or not isinstance(arg_value, (np.ndarray, np.generic, value_type)):
        raise TypeError(f"{_who(prim_name)} {_what(arg_name)} must be '{value_type.__name__}',  "
                        f"but got '{type(arg_value).__name__}'.")
    if not _in_range(arg_value, lower_limit, upper_limit, rel):
        raise ValueError(f"{_who(prim_name)} {_what(arg_name)} must be in range of "
                         f"{_range_str(lower_limit, upper_limit, rel)}, but got {arg_value} with type "
                         f"'{type(arg_value).__name__}'.")
    return arg_value


def check_int_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    return check_number_range(arg_value, lower_limit, upper_limit, rel, int, arg_name, prim_name)


def check_float_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    return check_number_range(arg_value, lower_limit, upper_limit, rel, float, arg_name, prim_name)


def check_number(arg_name, arg_value, value, rel, prim_name):
    if not _holds(arg_value, value, rel):
        raise ValueError(f"For '{prim_name}', the argument '{arg_name}' must {_rel_str(value, rel)}, "
                         f"but got {arg_value}.")
    return arg_value


def check_isinstance(arg_name, arg_value, classes):
    if not isinstance(arg_value, classes):
        raise ValueError(f"The parameter '{arg_name}' must be isinstance of {classes}, but got {arg_value}.")
    return arg_value


def _type_names(valid_types):
    return [t.__name__ if hasattr(t, "__name__") else str(t) for t in valid_types]


def check_value_type(arg_name, arg_value, valid_types, prim_name=None):
    """An instance of ``valid_types``; a bool passes only where ``bool`` is listed."""
    valid_types = tuple(valid_types) if isinstance(valid_types, Iterable) else (valid_types,)

    def fail():
        names = _type_names(valid_types)
        many = len(valid_types) > 1
        raise TypeError(f"{_who(prim_name)} type of '{arg_name}' should be {'one of ' if many else ''}"
                        f"'{names if many else names[0]}', but got type '{type(arg_value).__name__}'.")

    if isinstance(arg_value, bool) and bool not in valid_types:
        fail()
    if isinstance(arg_value, float) and float not in valid_types:
        arg_value = round(arg_value, 6)
    if not isinstance(arg_value, valid_types):
        fail()
    return arg_value


def check_type_name(arg_name, arg_type, valid_types, prim_name):
    """``arg_type`` (a dtype; a tensor type counts as its element type) is one of ``valid_types``."""
    valid_types = tuple(valid_types) if isinstance(valid_types, Iterable) else (valid_types,)
    arg_type = _element_type(arg_type)
    if arg_type not in valid_types:
        names = [t.__name__ if hasattr(t, "__name__") else t for t in valid_types]
        many = len(valid_types) > 1
        got = arg_type.__name__ if hasattr(arg_type, "__name__") else repr(arg_type)
        raise TypeError(f"{_who(prim_name)} '{arg_name}' should be {'one of ' if many else ''}"
                        f"{names if many else names[0]}, but got '{got}'.")
    return arg_type


def _element_type(t):
    if not isinstance(t, mstype.TensorType):
        return t
    elem = t.element_type  # an attribute here, a method on MindSpore's TensorType
    return elem() if callable(elem) else elem


def check_subclass(arg_name, type_, template_types, prim_name, addition_error_info=None):
    """``type_`` matches one of ``template_types`` (tensor types compare their element types)."""
    if not isinstance(template_types, Iterable):
        template_types = (template_types,)
    template_types = tuple(template_types)
    for t in template_types:
        if isinstance(t, mstype.TensorType):
            if isinstance(type_, mstype.TensorType) and _element_type(type_) == _element_type(t):
                return type_
        elif type_ is t or type_ == t:
            return type_
    extra = f" {addition_error_info}" if addition_error_info else ""
    got = f"type '{type(type_).__name__}'" if isinstance(type_, (tuple, list)) else str(type_)
    raise TypeError(f"For '{prim_name}', the element of '{arg_name}' must be "
                    f"{'one of ' if len(template_types) > 1 else ''}{', '.join(str(x) for x in template_types)}, "
                    f"but got {got}{extra}.The supported data types depend on the hardware that executes the "
                    f"operator, for more details, please refer to the MindSpore official website to get more "
                    f"information about the data type.")


def _as_tensor_types(valid_dtypes):
    valid_dtypes = valid_dtypes if isinstance(valid_dtypes, Iterable) else [valid_dtypes]
    return [mstype.TensorType(t) for t in valid_dtypes]


def check_tensor_dtype_valid(arg_name, arg_type, valid_dtypes, prim_name):
    check_subclass(arg_name, arg_type, _as_tensor_types(valid_dtypes), prim_name)


def check_types_same_and_valid(args, valid_values, prim_name):
    def valid(item):
        check_subclass(item[0], item[1], valid_values, prim_name)
        return item

    def same(a, b):
        if a[1] != b[1]:
            raise TypeError(f"For '{prim_name}', the type of '{b[0]}' should be same as '{a[0]}', but got "
                            f"'{a[0]}' with type {a[1]} and '{b[0]}' with type {b[1]}.")
        return a

    reduce(same, map(valid, args.items()))


def check_tensors_dtypes_same_and_valid(args, valid_dtypes, prim_name):
    check_types_same_and_valid(args, _as_tensor_types(valid_dtypes), prim_name)


def check_valid_input(arg_name, arg_value, prim_name):
    if arg_value is None:
        raise ValueError(f"For '{prim_name}', the argument '{arg_name}'can not be None, but got {arg_value}.")
    return arg_value


def check_pad_value_by_mode(pad_mode, padding, prim_name):
    if pad_mode != "pad" and padding != 0:
        raise ValueError(f"For '{prim_name}', padding must be zero when pad_mode is '{pad_mode}', but got {padding}.")
    return padding


def _check_elements(arg_name, elements, valid_types, prim_name):
    names = _type_names(valid_types)
    many = len(valid_types) > 1
    for e in elements:
        if not isinstance(e, tuple(valid_types)):
            raise TypeError(f"{_who(prim_name)} type of '{arg_name}' should be {'one of ' if many else ''}"
                            f"{names if many else names[0]}, but got '{e}' with type '{type(e).__name__}'.")


def check_element_type_of_iterable(arg_name, arg_value, valid_types, prim_name=None):
    check_value_type(arg_name, arg_value, [list, tuple], prim_name)
    _check_elements(arg_name, arg_value, valid_types, prim_name)


def check_element_type_of_dict(arg_name, arg_value, key_types, value_types, prim_name=None):
    check_value_type(arg_name, arg_value, [dict], prim_name)
    _check_elements(arg_name, arg_value.keys(), key_types, prim_name)
    _check_elements(arg_name, arg_value.values(), value_types, prim_name)


def check_size_and_element_type_of_tuple(arg_name, arg_value, expect_size, expect_element_type, prim_name=None):
    check_value_type(arg_name, arg_value, [tuple], prim_name)
    check_equal_int(len(arg_value), expect_size, arg_name + " size", prim_name)
    check_element_type_of_iterable("arg_name", arg_value, [expect_element_type], prim_name)


def check_input_format(input_param):
    if input_param == "NCHW":
        return input_param
    raise ValueError(f"The data format must be NCHW, but got {input_param}.")


def check_axis_in_range(axis, ndim):
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"The axes must be integers, but got {type(axis)}")
    if not -ndim <= axis < ndim:
        raise ValueError(f"The 'axis' must be in range of [{-ndim}, {ndim}), but got {axis}.")
    return axis % ndim


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _expand_tuple(n):
    """``m`` -> ``(m,)*n`` for an int; a tuple of ``n`` ints passes through (TypeError otherwise)."""
    def convert(m):
        if not isinstance(m, tuple):
            if _is_int(m):
                return tuple(repeat(m, n))
            raise TypeError(f"When expanding an int number to tuple, input type must be integer or tuple[int], "
                            f"but got {type(m)}")
        if len(m) != n:
            raise TypeError(f"When expanding an int number to tuple, input tuple dimension must be {n}, but got {m}")
        for i in m:
            if not _is_int(i):
                raise TypeError(f"When expanding an int number to tuple, the type of element in input tuple must "
                                f"be an integer, but got {type(i)}.")
        return m
    return convert


def _expand_sequence_to_tuple(n):
    """Like :func:`_expand_tuple`, accepting lists too."""
    def convert(m):
        if not isinstance(m, (tuple, list)):
            if _is_int(m):
                return tuple(repeat(m, n))
            raise TypeError(f"When expanding an input to tuple, input type must be integer or tuple[int]/list[int], "
                            f"but got {type(m)}")
        if len(m) != n:
            raise TypeError(f"When expanding an sequence to tuple, input sequence dimension must be {n}, but got {m}")
        for i in m:
            if not _is_int(i):
                raise TypeError(f"When expanding an sequence to tuple, the type of element in input sequence must "
                                f"be an integer, but got {type(i)}.")
        return tuple(m)
    return convert


once, twice, triple = _expand_tuple(1), _expand_tuple(2), _expand_tuple(3)
once_sequence, twice_sequence, triple_sequence = (_expand_sequence_to_tuple(1), _expand_sequence_to_tuple(2),
                                                  _expand_sequence_to_tuple(3))
