"""Binary arithmetic: add, sub, mul, div and friends. The template for op families.

Each op is one small JAX function with MindSpore's functional signature, registered with
``@op``; its Primitive is derived with ``primitive``; Python operators on Tensor are
attached in ``ops/_tensor_api.py`` from these functions.
"""
import jax.numpy as jnp
from jax import lax

from ._args import binary, wrap, arr, check_tensor, Tensor
from ._registry import op, primitive
from mscompat.common._promotion import is_floating, is_complex

_wrap = Tensor._wrap


@op("add")
def add(input, other, *, alpha=None):
    """``input + other`` with MindSpore's promotion; ``alpha`` scales ``other``."""
    a, b = binary("Add", input, other)
    if alpha is not None and alpha != 1:
        b = b * alpha
    if a.dtype == bool:
        return _wrap(jnp.logical_or(a, b))
    return _wrap(lax.add(a, b) if a.shape == b.shape else jnp.add(a, b))


@op("sub", aliases=("subtract",))
def sub(input, other, *, alpha=None):
    a, b = binary("Sub", input, other)
    if a.dtype == bool:
        raise TypeError("For 'Sub', subtraction of bool tensors is not supported; cast to an int type first.")
    if alpha is not None and alpha != 1:
        b = b * alpha
    return _wrap(lax.sub(a, b) if a.shape == b.shape else jnp.subtract(a, b))


@op("mul", aliases=("multiply",))
def mul(input, other):
    a, b = binary("Mul", input, other)
    if a.dtype == bool:
        return _wrap(jnp.logical_and(a, b))
    return _wrap(lax.mul(a, b) if a.shape == b.shape else jnp.multiply(a, b))


def _true_div(a, b):
    if not (is_floating(a.dtype) or is_complex(a.dtype)):
        a, b = a.astype(jnp.float32), b.astype(jnp.float32)
    return a / b


@op("div", aliases=("divide",))
def div(input, other, *, rounding_mode=None):
    """True division (integers give float32); ``rounding_mode`` 'floor' or 'trunc'."""
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
    return jnp.floor_divide(a, b)


@op("floor_divide", aliases=("floordiv",))
def floor_divide(input, other):
    a, b = binary("FloorDiv", input, other)
    return _wrap(_floor_div(a, b))


primitive("Add", add)
primitive("Sub", sub)
primitive("Mul", mul)
primitive("Div", div)
primitive("RealDiv", true_divide)
primitive("FloorDiv", floor_divide)
