"""Scalar ops of MindSpore's graph compiler (``mindspore.ops.functional``): ``scalar_add`` ...
``scalar_pow``, ``scalar_eq`` ..., ``bool_and``/``bool_or``/``bool_not``, ``ScalarCast``,
``scalar_log``, as the Python operations they stand for, with graph-mode MindSpore's checks."""
import functools
import math
import numbers

import numpy as np
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from ._args import arr, Tensor
from ._registry import op, primitive

_wrap = Tensor._wrap
_NUM = (bool, int, float, np.bool_, np.integer, np.floating)


def _uniform2(fn):
    # graph-mode MindSpore's UniformPrimEvaluator takes exactly two arguments (RuntimeError otherwise)
    @functools.wraps(fn)
    def f(*args):
        if len(args) != 2:
            raise RuntimeError(f"UniformPrimEvaluator expect 2 args, but got {len(args)} inputs")
        return fn(*args)
    return f


def _scalar_args(name, *xs):
    for x in xs:
        if not isinstance(x, (_NUM, Tensor)):
            raise TypeError(f"For '{name}', the input should be a number, but got {type(x).__name__}.")


def _binary_scalar(name, fn):
    def f(x, y):
        _scalar_args(name, x, y)
        return fn(x, y)
    f.__name__ = name
    f.__qualname__ = name
    f.__doc__ = f"``{name}(x, y)`` on Python numbers."
    return op(name)(f)


def _nonzero(y, msg):
    if not isinstance(y, Tensor) and y == 0:
        raise ValueError(msg)


def _sdiv(x, y):
    _nonzero(y, "The divisor could not be zero. But the divisor is zero now.")
    if isinstance(x, Tensor) or isinstance(y, Tensor):
        return x / y
    return float(x) / float(y)


def _sfloordiv(x, y):
    _nonzero(y, "The divisor could not be zero. But the divisor is zero now.")
    return x // y


def _smod(x, y):
    _nonzero(y, "Cannot perform modulo operation on zero.")
    return x % y


def _spow(x, y):
    if not isinstance(x, Tensor) and not isinstance(y, Tensor) and isinstance(y, numbers.Integral) and y < 0:
        return float(x) ** y
    return x ** y


for _name, _fn in (("scalar_add", lambda x, y: x + y), ("scalar_sub", lambda x, y: x - y),
                   ("scalar_mul", lambda x, y: x * y), ("scalar_div", _sdiv),
                   ("scalar_floordiv", _sfloordiv), ("scalar_mod", _smod), ("scalar_pow", _spow),
                   ("scalar_max", max)):
    _binary_scalar(_name, _fn)


@op("scalar_ne")
@_uniform2
def scalar_ne(x, y):
    """``x != y`` on numbers (graph-only in MindSpore, whose evaluator raises RuntimeError otherwise)."""
    for v in (x, y):
        if isinstance(v, str):
            raise RuntimeError("The expected is Number, not String")
        if not isinstance(v, _NUM):
            raise RuntimeError("Expect scalar arguments for uniform primitives.")
    if any(isinstance(v, (bool, np.bool_)) for v in (x, y)):
        raise TypeError(f"Unsupported input type for ScalarNe, type of x:{type(x).__name__}, value of x:{x}, "
                        f"type of y:{type(y).__name__}, value of y:{y}")
    return x != y


def _python_binary(name, fn, doc):
    # MindSpore's ScalarEq/Lt/Gt/Le/Ge/Min call Python's operator directly in PyNative:
    # no argument check (strings, tuples and Tensors work; unorderable values raise TypeError).
    def f(x, y):
        return fn(x, y)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return op(name)(f)


for _name, _fn, _sym in (("scalar_eq", lambda x, y: x == y, "x == y"), ("scalar_lt", lambda x, y: x < y, "x < y"),
                         ("scalar_gt", lambda x, y: x > y, "x > y"), ("scalar_le", lambda x, y: x <= y, "x <= y"),
                         ("scalar_ge", lambda x, y: x >= y, "x >= y"), ("scalar_min", min, "min(x, y)")):
    _python_binary(_name, _fn, f"``{_sym}`` (Python semantics, as MindSpore's ``{_name}``).")


@op("scalar_uadd")
def scalar_uadd(x):
    """``x`` itself (MindSpore's ``ScalarUadd`` returns its input unchanged, bools included)."""
    return x


@op("scalar_usub")
def scalar_usub(x):
    _scalar_args("scalar_usub", x)
    return -x


@op("scalar_log")
def scalar_log(x):
    _scalar_args("scalar_log", x)
    return math.log(x)


_SCALAR_CAST_TYPES = (mstype.int64, mstype.float64, mstype.bool_)


@op("scalar_cast")
def scalar_cast(input_x, input_y):
    """A Python number converted to ``input_y`` (``int64``, ``float64`` or ``bool``)."""
    if isinstance(input_x, Tensor) or not isinstance(input_x, _NUM):
        raise TypeError(f"For 'ScalarCast', the type of 'x' should be one of '['bool', 'Number']', "
                        f"but got type '{type(input_x).__name__}'.")
    if input_y not in _SCALAR_CAST_TYPES:
        raise ValueError(f"For 'ScalarCast', the supported type is in the list: [mindspore.int64, "
                         f"mindspore.float64, mindspore.bool], but got {input_y}.")
    return {mstype.int64: int, mstype.float64: float, mstype.bool_: bool}[input_y](input_x)


primitive("ScalarCast", scalar_cast)


def _bool_args(name, *xs):
    for x in xs:
        if not isinstance(x, (bool, np.bool_)):
            raise TypeError(f"For '{name}', the input should be a bool, but got {type(x).__name__}.")


def _two_bools(name, x, y):
    # graph-mode MindSpore's evaluator raises RuntimeError for non-bool inputs
    if not all(isinstance(v, (bool, np.bool_)) for v in (x, y)):
        raise RuntimeError(f"The inputs of {name} operator should be two booleans, but got param0: {x}, "
                           f"param1: {y}.")


@op("bool_and")
@_uniform2
def bool_and(x, y):
    _two_bools("BoolAnd", x, y)
    return bool(x and y)


@op("bool_or")
@_uniform2
def bool_or(x, y):
    _two_bools("BoolOr", x, y)
    return bool(x or y)


@op("bool_eq")
@_uniform2
def bool_eq(x, y):
    _two_bools("BoolEq", x, y)
    return bool(x) == bool(y)


@op("bool_not")
def bool_not(x):
    """``not x`` as a bool Tensor (MindSpore's ``BoolNot`` returns a 0-d Tensor)."""
    if isinstance(x, Tensor):
        return _wrap(jnp.logical_not(arr(x).astype(bool)))
    _bool_args("BoolNot", x)
    return _wrap(jnp.asarray(not x))


@op("is_")
def is_(x, y):
    return x is y


@op("is_not")
def is_not(*args):
    """``x is not y``; MindSpore's primitive raises RuntimeError for a wrong number of inputs."""
    if len(args) != 2:
        raise RuntimeError(f"For 'is_not', the number of input should be 2, but got {len(args)}")
    return args[0] is not args[1]
