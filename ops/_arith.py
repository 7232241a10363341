"""Binary arithmetic: add, sub, mul, div and friends. The template for op families.

Each op is one small JAX function with MindSpore's functional signature, registered with
``@op``; its Primitive is derived with ``primitive``; Python operators on Tensor are
attached in ``ops/_tensor_api.py`` from these functions.
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

from ._args import binary, wrap, arr, check_tensor, Tensor, CONCRETE
from ._registry import op, primitive
from mscompat.common._promotion import is_floating, is_complex, promote_types
from mscompat.common.parameter import Parameter
from ._args import ms_dtype

_wrap = Tensor._wrap
_BOOL = np.dtype(np.bool_)
# eager adds of two arrays of one dtype: a compiled call straight from C++ (what ``jnp.add``
# ends in, after its ufunc and promotion layers in Python)
_add_same = jax.jit(lax.add)


def _kind(v):
    """MindSpore's name of an argument's type in a "Failed calling" message (``List<int, int>``)."""
    if isinstance(v, (list, tuple)):
        inner = ", ".join(type(e).__name__ if not isinstance(e, Tensor) else "Tensor" for e in v)
        return f"{'List' if isinstance(v, list) else 'Tuple'}<{inner}>"
    return "Tensor" if isinstance(v, Tensor) else type(v).__name__


def _no_sequence(name, x, y):
    """MindSpore's Add/Sub/Mul/Div take Tensors and numbers; a list or tuple is a TypeError (the
    ``+``/``-`` operators turn one into a Tensor first, ``ops/_tensor_api.py``)."""
    if type(x) in (list, tuple) or type(y) in (list, tuple):
        raise TypeError(f'Failed calling {name} with "{name}()(input={_kind(x)}, other={_kind(y)})".')


@op("add")
def add(input, other, *, alpha=None):
    """``input + other`` with MindSpore's promotion; ``alpha`` scales ``other``."""
    if alpha is None and isinstance(input, Tensor) and isinstance(other, Tensor):
        a, b = input._data, other._data
        if type(a) is CONCRETE and type(b) is CONCRETE:     # eager, same dtype and shape: no promotion
            va, vb = a.aval, b.aval
            if va.dtype == vb.dtype and va.shape == vb.shape and va.dtype != _BOOL:
                return _wrap(_add_same(a, b))
    _no_sequence("Add", input, other)
    a, b = binary("Add", input, other)
    if alpha is not None and alpha != 1:
        b = b * alpha
    if a.dtype == bool:
        return _wrap(jnp.logical_or(a, b))
    return _wrap(a + b)  # both already of the promoted dtype: jax.Array's C++ fast path


@op("sub", aliases=("subtract",))
def sub(input, other, *, alpha=None):
    _no_sequence("Sub", input, other)
    a, b = binary("Sub", input, other)
    if a.dtype == bool:
        raise TypeError("For 'Sub', subtraction of bool tensors is not supported; cast to an int type first.")
    if alpha is not None and alpha != 1:
        b = b * alpha
    return _wrap(a - b)


@op("mul", aliases=("multiply",))
def mul(input, other):
    _no_sequence("Mul", input, other)
    a, b = binary("Mul", input, other)
    if a.dtype == bool:
        return _wrap(jnp.logical_and(a, b))
    return _wrap(a * b)


def _true_div(a, b):
    if not (is_floating(a.dtype) or is_complex(a.dtype)):
        a, b = a.astype(jnp.float32), b.astype(jnp.float32)
    return a / b


@op("div", aliases=("divide",), method=("div", "divide"))
def div(input, other, *, rounding_mode=None):
    """True division (integers give float32); ``rounding_mode`` 'floor' or 'trunc'."""
    _no_sequence("Div", input, other)
    a, b = binary("Div", input, other)
    if rounding_mode is None:
        return _wrap(_true_div(a, b))
    if rounding_mode == "floor":
        return _wrap(_floor_div(a, b))
    if rounding_mode == "trunc":
        out = _true_div(a, b)
        out = jnp.trunc(out)
        return _wrap(out.astype(a.dtype) if not is_floating(a.dtype) else out)
    raise ValueError(f"For 'div', 'rounding_mode' must be None, 'floor' or 'trunc', but got {rounding_mode}.")


@op("true_divide")
def true_divide(dividend, divisor):
    a, b = binary("RealDiv", dividend, divisor)
    return _wrap(_true_div(a, b))


def _floor_div(a, b):
    if is_floating(a.dtype):
        return jnp.floor(a / b)
    if a.dtype == bool:  # x // True == x; x // False: True -> True (max), False -> False
        return a
    # integer division by zero, as MindSpore's kernel: x > 0 -> dtype max, x < 0 -> min, 0 -> 0
    info = jnp.iinfo(a.dtype)
    zero = b == 0
    q = jnp.floor_divide(a, jnp.where(zero, jnp.ones_like(b), b))
    by_zero = jnp.where(a > 0, jnp.asarray(info.max, a.dtype),
                        jnp.where(a < 0, jnp.asarray(info.min, a.dtype), jnp.zeros_like(a)))
    return jnp.where(zero, by_zero, q)


@op("floor_divide", aliases=("floordiv", "floor_div", "tensor_floordiv"))
def floor_divide(input, other):
    """``FloorDiv``'s kernel: floor of the quotient; an integer divided by zero gives the dtype's
    max (min for negatives, 0 for 0), as MindSpore's kernel."""
    if isinstance(input, (list, tuple)) or isinstance(other, (list, tuple)):
        words = [type(v).__name__.capitalize() if isinstance(v, (list, tuple)) else
                 "Tensor" if isinstance(v, Tensor) else type(v).__name__ for v in (input, other)]
        raise TypeError(f'Failed calling FloorDiv with "FloorDiv()(input={words[0]}, other={words[1]})".')
    a, b = binary("FloorDiv", input, other)
    return _wrap(_floor_div(a, b))


primitive("Add", add)
primitive("Sub", sub)
primitive("Mul", mul)
primitive("Div", div)


def _real_div(x, y):
    """``RealDiv``: true division for floats; integers divide truncating, as MindSpore's kernel."""
    a, b = binary("RealDiv", x, y)
    if a.dtype == bool:
        raise TypeError("For 'RealDiv', the input of type bool is not supported.")
    if not (is_floating(a.dtype) or is_complex(a.dtype)):
        return _wrap(lax.div(a, b))
    return _wrap(a / b)


primitive("RealDiv", _real_div)
primitive("TensorAdd", add)
primitive("FloorDiv", floor_divide)


# --- MindSpore's older functional names for the same primitives ----------------------------


@op("tensor_add")
def tensor_add(input, other):
    return add(input, other)


@op("tensor_sub")
def tensor_sub(input, other):
    return sub(input, other)


@op("tensor_mul")
def tensor_mul(input, other):
    return mul(input, other)


@op("tensor_muls")
def tensor_muls(input, other):
    """``input * other`` where ``other`` is a Python number."""
    if not isinstance(input, Tensor) or isinstance(other, Tensor) or not isinstance(other, (bool, int, float)):
        raise TypeError(f"For 'muls', 'input' must be a Tensor and 'other' a number, but got "
                        f"{type(input).__name__} and {type(other).__name__}.")
    return mul(input, other)


# --- writes into a variable -----------------------------------------------------------------


def _assign_value(name, variable, value):
    if not isinstance(variable, Tensor):
        raise TypeError(f"For '{name}', the type of 'variable' must be Parameter or Tensor, "
                        f"but got {type(variable).__name__}.")
    if not isinstance(value, Tensor):
        if isinstance(value, (bool, int, float)) and variable.ndim != 0:
            raise ValueError(f"For '{name}','value' must have the same rank as 'variable'. But got 'value' rank: 0, "
                             f"'variable' rank: {variable.ndim}.")
        if not isinstance(value, (bool, int, float)):
            raise TypeError(f"For '{name}', the type of 'value' must be Tensor, but got {type(value).__name__}.")
    var = arr(variable)
    v = arr(value)
    if v.ndim != var.ndim:
        raise ValueError(f"For '{name}','value' must have the same rank as 'variable'. But got 'value' rank: "
                         f"{v.ndim}, 'variable' rank: {var.ndim}.")
    if tuple(v.shape) != tuple(var.shape):
        raise ValueError(f"For '{name}','value' must have the same shape as 'variable'. But got 'value' shape: "
                         f"{tuple(v.shape)}, 'variable' shape: {tuple(var.shape)}.")
    if isinstance(value, Tensor) and v.dtype != var.dtype and isinstance(variable, Parameter) \
            and promote_types(var.dtype, v.dtype, name) != var.dtype:
        # MindSpore converts a value into a Parameter's dtype only where promotion keeps it
        raise TypeError(f"For '{name}', data type conversion of 'Parameter' is not supported, so data type "
                        f"{ms_dtype(v.dtype)} cannot be converted to data type {ms_dtype(var.dtype)} automatically.")
    return var, v.astype(var.dtype)


def _write(variable, new):
    variable._data = new
    return _wrap(variable._data)   # as bound (inside a differentiated function: MindSpore's gradient routing)


@op("assign")
def assign(variable, value):
    """Write ``value`` (cast to the variable's dtype, same shape) into ``variable``; returns the new value."""
    _, v = _assign_value("Assign", variable, value)
    return _write(variable, v)


@op("assign_add")
def assign_add(variable, value):
    """``variable += value`` in place; returns the new value."""
    var, v = _assign_value("AssignAdd", variable, value)
    return _write(variable, jnp.logical_or(var, v) if var.dtype == bool else var + v)


@op("assign_sub")
def assign_sub(variable, value):
    """``variable -= value`` in place; returns the new value."""
    var, v = _assign_value("AssignSub", variable, value)
    return _write(variable, var - v)


primitive("Assign", assign)
primitive("AssignAdd", assign_add)
primitive("AssignSub", assign_sub)
