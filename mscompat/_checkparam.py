"""``mindspore._checkparam``: the one module of argument rules.

Every op, layer, optimizer, schedule and callback check goes through these functions, with
MindSpore 2.10's names, signatures (the op/primitive name is the ``prim_name`` argument),
exception classes and messages. Model code imports it as MindSpore's does
(``from mindspore import _checkparam as Validator``); the relation constants (``GT``,
``INC_NEITHER``, ...) select the comparison. ``check_is_tensor`` is the one mscompat addition:
the "must be a Tensor" rule the ops and layers share.

Imports: numpy and ``mscompat.common`` (dtype, Tensor) only, so that any module of ops, nn,
train or dataset can import it.
"""
import inspect
import math
import re
from collections.abc import Iterable
from functools import reduce, wraps
from itertools import repeat

import numpy as np

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor

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
    "check_str_by_regular", "check_str_and_none_by_regular", "check_file_name_by_regular",
    "check_scalar_or_tensor_types_same", "check_reduce_shape", "check_transpose_axis", "check_reshape_shp",
    "check_flatten_order", "check_swapaxes_axis", "prepare_shape_for_squeeze", "check_axis_valid",
    "check_axis_type", "check_and_canonicalize_axes", "expanded_shape", "tuple_slice", "infer_out_shape",
    "max_", "min_", "is_stub_tensor", "check_input_data", "check_input_dataset", "check_output_data",
    "args_type_check", "check_hook_fn", "check_is_tensor",
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
# written as "not outside" so that NaN passes, as it does in MindSpore
_RANGE = {
    INC_NEITHER: ("(", ")", lambda v, lo, hi: not (v <= lo or v >= hi)),
    INC_LEFT: ("[", ")", lambda v, lo, hi: not (v < lo or v >= hi)),
    INC_RIGHT: ("(", "]", lambda v, lo, hi: not (v <= lo or v > hi)),
    INC_BOTH: ("[", "]", lambda v, lo, hi: not (v < lo or v > hi)),
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


def check_float(arg_value, value, rel, arg_name=None, prim_name=None):
    return _check_number(arg_value, value, rel, float, arg_name, prim_name)


def check_equal_int(arg_value, value, arg_name=None, prim_name=None):
    return _check_number(arg_value, value, EQ, int, arg_name, prim_name)


def _against_zero(rel, arg_type, name):
    """The rule ``arg_value rel 0`` for an ``arg_type``: ``check_positive_int`` and its kin."""
    def rule(arg_value, arg_name=None, prim_name=None):
        return _check_number(arg_value, 0, rel, arg_type, arg_name, prim_name)
    rule.__name__ = rule.__qualname__ = name
    rule.__doc__ = f"An {arg_type.__name__} (bool refused) that is {_rel_str(0, rel)}."
    return rule


check_positive_int = _against_zero(GT, int, "check_positive_int")
check_negative_int = _against_zero(LT, int, "check_negative_int")
check_non_positive_int = _against_zero(LE, int, "check_non_positive_int")
check_non_negative_int = _against_zero(GE, int, "check_non_negative_int")
check_positive_float = _against_zero(GT, float, "check_positive_float")
check_negative_float = _against_zero(LT, float, "check_negative_float")
check_non_positive_float = _against_zero(LE, float, "check_non_positive_float")
check_non_negative_float = _against_zero(GE, float, "check_non_negative_float")


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


def check_bool(arg_value, arg_name=None, prim_name=None):
    """A Python bool (an int 0/1 is refused)."""
    if not isinstance(arg_value, bool):
        raise TypeError(f"{_who(prim_name)} {_what(arg_name)} must be a bool, but got {type(arg_value).__name__}.")
    return arg_value


def check_string(arg_value, valid_values, arg_name=None, prim_name=None):
    """A str that is one of ``valid_values``: ValueError otherwise (a non-str included)."""
    if not (isinstance(arg_value, str) and arg_value in valid_values):
        raise ValueError(f"{_who(prim_name)} '{arg_name or 'parameter'}' must be str and must be in "
                         f"'{valid_values}', but got '{arg_value}'.")
    return arg_value


def _check_regular(target, reg, flag, prim_name):
    if re.match(reg, target, flag) is None:
        raise ValueError(f"{_who(prim_name)} '{target}' is illegal, it must be match regular'{reg}' "
                         f"by flags'{flag}.'")
    return True


def check_str_by_regular(target, reg=None, flag=re.ASCII, prim_name=None):
    """``target`` matches ``reg`` (by default a name: a word character, then letters, digits, '_', '.')."""
    return _check_regular(target, r"^\w+[0-9a-zA-Z\_\.]*$" if reg is None else reg, flag, prim_name)


def check_str_and_none_by_regular(target, reg=None, flag=re.ASCII, prim_name=None):
    """Like :func:`check_str_by_regular`, the empty string and '-' allowed by the default pattern."""
    return _check_regular(target, r"^\w*[0-9a-zA-Z\_\.\-]*$" if reg is None else reg, flag, prim_name)


def check_file_name_by_regular(target, reg=None, prim_name=None):
    """A str naming a file (not a directory path) made of the characters ``reg`` allows."""
    if not isinstance(target, str):
        raise TypeError(f"{_who(prim_name)} '{target}' must be string, but got {type(target)}.")
    if target.endswith(("\\", "/")):
        raise ValueError(f"{_who(prim_name)} '{target}' cannot be a directory path.")
    reg = r"^[0-9a-zA-Z@\_\-\.\:\/\\]+$" if reg is None else reg
    if re.match(reg, target) is None:
        raise ValueError(f"{_who(prim_name)} '{target}' is illegal, it must be match regular '{reg}'.")
    return True


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


def check_scalar_or_tensor_types_same(args, valid_values, prim_name, allow_mix=False):
    """The types in ``args`` (name -> type; a tensor type counts as its element type) are in
    ``valid_values`` and all the same; a tensor type and a scalar type mix only with ``allow_mix``."""
    def valid(item):
        if _element_type(item[1]) not in valid_values:
            raise TypeError(f"For '{prim_name}', the type of '{item[0]}' must be in {valid_values}, "
                            f"but got {_element_type(item[1])}.")
        return item

    def same(a, b):
        ta, tb = a[1], b[1]
        a_tensor, b_tensor = isinstance(ta, mstype.TensorType), isinstance(tb, mstype.TensorType)
        mixed = a_tensor != b_tensor
        if a_tensor == b_tensor or allow_mix:
            ta, tb = _element_type(ta), _element_type(tb)
        if (mixed and not allow_mix) or ta != tb:
            raise TypeError(f"For '{prim_name}', the type of '{b[0]}' must be same as '{a[0]}', but got "
                            f"'{a[0]}' with type {ta} and '{b[0]}' with type {tb}.")
        return a

    reduce(same, map(valid, args.items()))


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
    """An int axis of an ``ndim``-dim tensor, returned non-negative."""
    if not isinstance(axis, int):
        raise TypeError(f"The axes must be integers, but got {type(axis)}")
    if not -ndim <= axis < ndim:
        raise ValueError(f"The 'axis' must be in the range of [-{ndim}, {ndim}), but got {axis}.")
    return (axis + ndim) % ndim


def _check_unique_axes(axes):
    if len(set(axes)) != len(axes):
        raise ValueError(f"The element of parameter 'axis' can not be duplicate, but got {axes}.")


def check_axis_valid(axes, ndim):
    """None (every axis), an int or a sequence of ints: a tuple of distinct non-negative axes."""
    if axes is None:
        return tuple(range(ndim))
    if isinstance(axes, (tuple, list)):
        out = tuple(check_axis_in_range(a, ndim) for a in axes)
        _check_unique_axes(out)
        return out
    return (check_axis_in_range(axes, ndim),)


def check_and_canonicalize_axes(axes, ndim):
    """An int or a tuple of ints: a tuple of distinct non-negative axes."""
    axes = axes if isinstance(axes, tuple) else (axes,)
    out = []
    for ax in axes:
        if not isinstance(ax, int):
            raise TypeError(f"Each axis should be integer, but got {type(ax)} in {axes}.")
        if not -ndim <= ax < ndim:
            raise ValueError(f"The 'axis' must be in the range of [-{ndim}, {ndim}), but got {ax}.")
        out.append(ax + ndim if ax < 0 else ax)
    _check_unique_axes(out)
    return tuple(out)


def check_axis_type(axis, type_int=True, type_tuple=True, type_list=True):
    """``axis`` is of one of the allowed kinds (a sequence's elements ints); True, TypeError otherwise."""
    if type_int and isinstance(axis, int):
        return True
    if (type_tuple and isinstance(axis, tuple)) or (type_list and isinstance(axis, list)):
        for ax in axis:
            if not isinstance(ax, int):
                raise TypeError(f"For Tensor.ptp, each axis must be integer, but got {type(ax)} in {axis}.")
        return True
    allowed = "".join(name for ok, name in ((type_int, "int, "), (type_tuple, "tuple, "), (type_list, "list, "))
                      if ok)
    raise TypeError(f"For Tensor.ptp, the axis should be {allowed}, but got {type(axis)}.")


def check_swapaxes_axis(axes, ndim):
    """An int axis or a sequence of them, made non-negative."""
    if isinstance(axes, int):
        return check_axis_in_range(axes, ndim)
    if isinstance(axes, (tuple, list)):
        for axis in axes:
            if not isinstance(axis, int):
                raise TypeError(f"For ops.swapaxes, the axis argument must be integer, but got {type(axis)}.")
        return tuple(check_axis_in_range(axis, ndim) for axis in axes)
    raise TypeError(f"For ops.swapaxes, the argument 'axes' must be integer, list or tuple for check, "
                    f"but got {type(axes)}.")


def check_transpose_axis(axes, ndim):
    """The permutation of ``Tensor.transpose(*axes)``: none (reversed axes), one sequence, or ``ndim`` ints."""
    def need_ndim(count):
        if count != ndim:
            raise ValueError(f"For Tensor.transpose, the number of axes must be equal to the dimension of Tensor, "
                             f"but got {count} in the number of axes.")

    if not axes or (len(axes) == 1 and axes[0] is None):
        return tuple(range(ndim - 1, -1, -1))
    if len(axes) > 1:
        need_ndim(len(axes))
        return axes
    perm = axes[0]
    if isinstance(perm, list):
        return tuple(perm)
    if isinstance(perm, int):
        need_ndim(1)
        return (perm,)
    if not isinstance(perm, tuple):
        raise TypeError(f"For Tensor.transpose, the parameter 'axes' must be a tuple/list, or series of integer, "
                        f"but got {type(perm)}")
    return perm


def check_reshape_shp(shp):
    """The shape of ``Tensor.reshape(*shape)``: one int/tuple/list, or several ints."""
    if len(shp) != 1:
        return shp
    new_shape = shp[0]
    if isinstance(new_shape, int):
        return shp
    if isinstance(new_shape, list):
        return tuple(new_shape)
    if not isinstance(new_shape, tuple):
        raise TypeError(f"For Tensor.reshape, the parameter 'shape' must be an integer, or tuple/list, or series "
                        f"of integer, but got {type(new_shape)}")
    return new_shape


def check_flatten_order(order):
    if not isinstance(order, str):
        raise TypeError(f"For Tensor.flatten, the parameter 'order' must be a string, but got {type(order)}")
    if order not in ("C", "F"):
        raise ValueError(f"For Tensor.flatten, the parameter 'order' must be 'C' or 'F', but got '{order}'")


def prepare_shape_for_squeeze(shape, axes):
    """``shape`` without the size-1 dimensions ``axes`` names (ValueError for one of another size)."""
    ndim = len(shape)

    def in_range(axis):
        if axis >= ndim or axis < -ndim:
            raise ValueError(f"For Tensor.squeeze, the 'axis' must be in the range of [-{ndim}, {ndim}), "
                             f"but got {axis}.")
        return axis

    if isinstance(axes, int):
        axes = (in_range(axes),)
    elif isinstance(axes, (list, tuple)):
        axes = tuple(dict.fromkeys(in_range(a) for a in axes))
    else:
        raise TypeError(f"For Tensor.squeeze, the parameter 'axes' must be one of [int, tuple, list], "
                        f"but got {type(axes)}")
    new_shape = ()
    for idx, s in enumerate(shape):
        named = idx in axes or idx - ndim in axes
        if named and s != 1:
            raise ValueError(f"For Tensor.squeeze, the shape of parameter 'axis' {axes} must be 1, but got {s}.")
        if not named:
            new_shape += (s,)
    return new_shape


def check_reduce_shape(ori_shape, shape, axis, prim_name, arg_name1, arg_name2):
    """``shape`` is ``ori_shape`` with the ``axis`` dimensions removed."""
    axes = axis if isinstance(axis, Iterable) else (axis,)
    if list(shape) != [v for i, v in enumerate(ori_shape) if i not in axes]:
        raise ValueError(f"For '{prim_name}', the shape of parameter '{arg_name1}' reduce on 'axis': {axis} must "
                         f"be equal to the shape of '{arg_name2}': {shape}, but got {ori_shape}.")


def expanded_shape(ndim, axis_size, axis):
    """A shape of ``ndim`` ones but ``axis_size`` at ``axis``."""
    return tuple(axis_size if i == axis else 1 for i in range(ndim))


def tuple_slice(tup, start, end):
    return tup[start:end]


def max_(*args):
    return max(*args)


def min_(*args):
    return min(*args)


def is_stub_tensor(tensor):
    return hasattr(tensor, "stub")


def infer_out_shape(*shapes):
    """The broadcast shape of ``shapes`` (ValueError where an axis has two sizes other than 1)."""
    rank = max(len(s) for s in shapes)
    out = ()
    for i in range(rank):
        items = [s[i - rank + len(s)] if i - rank + len(s) >= 0 else 1 for s in shapes]
        size = 0 if 0 in items else max(items)
        if any(item not in (1, size) for item in items):
            raise ValueError(f"For Tensor, the dimension on each axis must be 1 or the max value on the axis"
                             f"to support broadcasting, but got shapes {shapes,}")
        out += (size,)
    return out


def _check_3d_int_or_tuple(arg_name, arg_value, prim_name, allow_five=False, ret_five=False,
                           greater_zero=True, third_one=False, three_input=False, pad_value=1):
    """An int or a tuple of 3 (5 where ``allow_five``) ints, positive (non-negative without
    ``greater_zero``): a 3-tuple, or a 5-tuple padded with ``pad_value`` where ``ret_five``."""
    def fail(value=arg_value, depth=False, three=False):
        if depth:
            raise ValueError(f"For '{prim_name}', the depth of parameter '{arg_name}' must be 1, but got {value[-3]}.")
        if three:
            raise ValueError(f"For '{prim_name}', the parameter '{arg_name}' must be an positive integer or a tuple "
                             f"of three positive integer, but got {value}.")
        raise ValueError(f"For '{prim_name}', the parameter '{arg_name}' must be an positive integer or a tuple of "
                         f"three {'or five ' if allow_five else ''}positive integer, but got {value}")

    check_value_type(arg_name, arg_value, (int, tuple), prim_name)
    if three_input and isinstance(arg_value, tuple) and len(arg_value) != 3:
        fail(three=True)
    if isinstance(arg_value, int):
        ret = (pad_value, pad_value) + (arg_value,) * 3 if ret_five else (arg_value,) * 3
    elif len(arg_value) == 3:
        ret = (pad_value, pad_value) + tuple(arg_value) if ret_five else arg_value
    elif len(arg_value) == 5 and allow_five:
        ret = arg_value if ret_five else arg_value[2:]
    else:
        fail()
    for item in ret:
        if not (_is_int(item) and (item > 0 if greater_zero else item >= 0)):
            fail(ret)
    if third_one and ret[-3] != 1:
        fail(ret, depth=True)
    return tuple(ret)


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _expander(n, lists):
    """``m`` -> ``(m,)*n`` for an int; a tuple of ``n`` ints passes through (with ``lists``, a list of
    ``n`` ints too, as a tuple); TypeError otherwise, in the wording of MindSpore's two expanders."""
    kinds, noun = ((tuple, list), "sequence") if lists else (tuple, "tuple")
    subject = "an sequence" if lists else "an int number"
    accepted = "integer or tuple[int]/list[int]" if lists else "integer or tuple[int]"

    def convert(m):
        if not isinstance(m, kinds):
            if _is_int(m):
                return tuple(repeat(m, n))
            raise TypeError(f"When expanding {'an input' if lists else subject} to tuple, input type must be "
                            f"{accepted}, but got {type(m)}")
        if len(m) != n:
            raise TypeError(f"When expanding {subject} to tuple, input {noun} dimension must be {n}, but got {m}")
        for i in m:
            if not _is_int(i):
                raise TypeError(f"When expanding {subject} to tuple, the type of element in input {noun} must "
                                f"be an integer, but got {type(i)}.")
        return tuple(m) if lists else m
    return convert


once, twice, triple = _expander(1, False), _expander(2, False), _expander(3, False)
once_sequence, twice_sequence, triple_sequence = _expander(1, True), _expander(2, True), _expander(3, True)


def _data_of_type(data, valid_type):
    if valid_type is None:
        return data is None
    if not isinstance(data, valid_type):
        return False
    if getattr(data, "size", None) == 0:
        raise ValueError("The input data can not be empty.")
    return True


def check_input_data(*data, data_class):
    """Every leaf of ``data`` (nested lists, tuples and dict values) is a ``data_class`` (one type, None,
    or a tuple/list of them), and not empty."""
    many = isinstance(data_class, (tuple, list))
    for item in data:
        if isinstance(item, (list, tuple)):
            check_input_data(*item, data_class=data_class)
        elif isinstance(item, dict):
            check_input_data(*item.values(), data_class=data_class)
        elif not (any(_data_of_type(item, t) for t in data_class) if many else _data_of_type(item, data_class)):
            if many:
                shown = tuple(getattr(t, "__name__", t) for t in data_class)
            else:
                shown = data_class if data_class is None else data_class.__name__
            raise TypeError(f"The types of input data must be in the Union({shown}, tuple[{shown}], "
                            f"list[{shown}], dict[{shown}]), but got type "
                            f"{item if item is None else type(item).__name__}.")


def check_input_dataset(*dataset, dataset_type):
    """True when there is at least one dataset and all are ``dataset_type``."""
    return bool(dataset) and all(isinstance(d, dataset_type) for d in dataset)


def check_output_data(data):
    if data is None:
        raise RuntimeError("The output data can not be None, please check your net or input data.")


def args_type_check(*type_args, **type_kwargs):
    """Decorator: the named arguments (or the ``**kwargs`` entries) must be of the given types when not None."""
    def decorate(func):
        sig = inspect.signature(func)
        expected = sig.bind_partial(*type_args, **type_kwargs).arguments
        expected = expected.get("kwargs", expected)

        @wraps(func)
        def wrapper(*args, **kwargs):
            given = sig.bind(*args, **kwargs).arguments
            given = given.get("kwargs", given)
            for name, value in given.items():
                if name in expected and value is not None and not isinstance(value, expected[name]):
                    raise TypeError(f"The parameter '{name}' must be {expected[name]}, but got {type(value)}")
            return func(*args, **kwargs)

        return wrapper

    return decorate


def check_hook_fn(hook_fn):
    """A Cell/Tensor hook: callable, and not a ``@jit`` function."""
    if not callable(hook_fn):
        raise TypeError(f"Expected a callable hook function, but got {type(hook_fn).__name__}.")
    if getattr(hook_fn, "__jit_wrapped__", False):
        raise TypeError(f"Decorating hook function {getattr(hook_fn, '__name__', hook_fn)} with '@jit' "
                        "is not supported.")


# the wordings MindSpore's ops use for "must be a Tensor"
_TENSOR_FORMS = {
    "type": "{who} type of '{arg}' must be Tensor, but got {got}.",
    "a": "{who} '{arg}' must be a Tensor, but got {got}.",
    "input": "{who} input '{arg}' must be a Tensor, but got {got}.",
    "type_input": "{who} type of input '{arg}' must be Tensor, but got {got}.",
}


def check_is_tensor(arg_name, arg_value, prim_name=None, allow_none=False, form="type"):
    """``arg_value`` is a Tensor (or None where ``allow_none``): TypeError naming the op otherwise,
    in the wording ``form`` (a key of ``_TENSOR_FORMS``)."""
    if not isinstance(arg_value, Tensor) and not (allow_none and arg_value is None):
        raise TypeError(_TENSOR_FORMS[form].format(who=_who(prim_name), arg=arg_name, got=type(arg_value).__name__))
    return arg_value
