"""Comparisons, closeness and finiteness tests, logical and bitwise ops.

Comparisons return bool Tensors after MindSpore's promotion of the operands; ``equal``,
``less`` (and their aliases) need a Tensor first operand, the others accept a number there.
"""
import numpy as np
import jax.numpy as jnp

from ._args import arr, binary, check_same_dtype, Tensor
from ._registry import op, primitive
from ._elementwise import _kind, _dtype_error, _need_tensor, _register, _type_name
from ._elementwise_binary import _check_broadcast

_wrap = Tensor._wrap


def _cmp_operands(prim, x, y, tensor_first):
    if tensor_first and not isinstance(x, Tensor):
        raise TypeError(f'Failed calling {prim} with "{prim}()(input={_type_name(x)}, other={_type_name(y)})". '
                        f'The valid calling should be: "{prim}()(input=<Tensor>, other=<Number, Tensor>)".')
    for v in (x, y):
        if not isinstance(v, (Tensor, bool, int, float)):
            raise TypeError(f'Failed calling {prim} with "{prim}()(input={_type_name(x)}, '
                            f'other={_type_name(y)})". The valid calling should be: '
                            f'"{prim}()(input=<Number, Tensor>, other=<Number, Tensor>)".')
    if not isinstance(x, Tensor) and not isinstance(y, Tensor):
        raise TypeError(f'Failed calling {prim} with "{prim}()(input={_type_name(x)}, other={_type_name(y)})". '
                        f'The valid calling should be: "{prim}()(input=<Tensor>, other=<Number, Tensor>)".')
    a, b = binary(prim, x, y)
    _check_broadcast(prim, a, b)
    return a, b


def _comparison(name, prim, fn, aliases=(), tensor_first=False):
    def impl(input, other):
        a, b = _cmp_operands(prim, input, other, tensor_first)
        return _wrap(fn(a, b))
    return _register(impl, name, prim, f"Elementwise ``{name}`` comparison; a bool Tensor.", aliases)


_comparison("equal", "Equal", jnp.equal, aliases=("eq",), tensor_first=True)
_comparison("not_equal", "NotEqual", jnp.not_equal, aliases=("ne",))
_comparison("greater", "Greater", jnp.greater, aliases=("gt", "tensor_gt"))
_comparison("greater_equal", "GreaterEqual", jnp.greater_equal, aliases=("ge", "tensor_ge"))
_comparison("less", "Less", jnp.less, aliases=("lt", "tensor_lt"), tensor_first=True)
_comparison("less_equal", "LessEqual", jnp.less_equal, aliases=("le", "tensor_le"))


@op("isclose")
def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """``|input - other| <= atol + rtol * |other|`` elementwise (same dtypes required)."""
    a, b = check_same_dtype("IsClose", ("input", "other"), input, other)
    for n, v in (("rtol", rtol), ("atol", atol)):
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise TypeError(f"For 'IsClose', the type of '{n}' should be float, but got {type(v).__name__}.")
    if not isinstance(equal_nan, bool):
        raise TypeError(f"For 'IsClose', the type of 'equal_nan' should be bool, but got {type(equal_nan).__name__}.")
    if _kind(a.dtype) in "biu":
        a, b = a.astype(np.float64), b.astype(np.float64)
    elif a.dtype in (np.dtype(np.float16), np.dtype(jnp.bfloat16)):
        a, b = a.astype(np.float32), b.astype(np.float32)
    eq = a == b
    close = eq | (jnp.abs(a - b) <= atol + rtol * jnp.abs(b))
    finite = jnp.isfinite(a) & jnp.isfinite(b)
    out = jnp.where(finite, close, eq)
    if equal_nan:
        out = out | (jnp.isnan(a) & jnp.isnan(b))
    return _wrap(out)


primitive("IsClose", lambda x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False: isclose(x1, x2, rtol, atol, equal_nan),
          attrs=(("rtol", 1e-05), ("atol", 1e-08), ("equal_nan", False)))


@op("approximate_equal")
def approximate_equal(x, y, tolerance=1e-05):
    """``|x - y| < tolerance`` elementwise; ``x`` and ``y`` must have the same shape."""
    for n, v in (("x", x), ("y", y)):
        if not isinstance(v, Tensor):
            raise RuntimeError(f"For 'ApproximateEqual', the type of '{n}' must be Tensor, but got "
                               f"{type(v).__name__}.")
    if not isinstance(tolerance, float):
        raise TypeError(f"For 'ApproximateEqual', the type of 'tolerance' should be float, but got "
                        f"{type(tolerance).__name__}.")
    if tuple(x.shape) != tuple(y.shape):
        raise RuntimeError(f"For 'ApproximateEqual', arg 'x1' must have the same shape as 'x2'. But got 'x1' "
                           f"shape: {tuple(x.shape)}, 'x2' shape: {tuple(y.shape)}.")
    a, b = binary("ApproximateEqual", x, y)
    if _kind(a.dtype) != "f":
        raise _dtype_error("ApproximateEqual", "x1", a.dtype, "f")
    return _wrap(jnp.abs(a.astype(np.float32) - b.astype(np.float32)) < tolerance
                 if a.dtype != np.float64 else jnp.abs(a - b) < tolerance)


primitive("ApproximateEqual", lambda x, y, tolerance=1e-05: approximate_equal(x, y, tolerance),
          attrs=(("tolerance", 1e-05),))


def _eq_count(x, y):
    a, b = _cmp_operands("EqualCount", x, y, True)
    return _wrap(jnp.sum(a == b).astype(arr(x).dtype).reshape(1))


primitive("EqualCount", _eq_count)

# --- finiteness ------------------------------------------------------------------------------


def _test(name, prim, fn, allowed, arg="input"):
    def impl(input):
        a = _need_tensor(prim or name, input, arg)
        if _kind(a.dtype) not in allowed:
            raise _dtype_error(prim or name, arg, a.dtype, allowed)
        if _kind(a.dtype) in "biu":
            return _wrap(fn(a.astype(np.float32)) if fn is not jnp.signbit else jnp.signbit(a))
        return _wrap(fn(a))
    return _register(impl, name, prim, f"Elementwise ``{name or prim}`` test; a bool Tensor.")


_test("isfinite", "IsFinite", jnp.isfinite, "biuf")
_isnan = _test("isnan", "IsNan", jnp.isnan, "biuf")
_test("isinf", "IsInf", jnp.isinf, "f")
_test("isneginf", None, jnp.isneginf, "f")
_test("isposinf", None, jnp.isposinf, "f")


@op("isnan_ext")
def isnan_ext(tensor):
    """Same as :func:`isnan`."""
    return _isnan(tensor)

# --- logical ---------------------------------------------------------------------------------


def _logical_operand(prim, v, arg):
    if isinstance(v, Tensor):
        return arr(v).astype(bool)
    if isinstance(v, bool):
        return jnp.asarray(v)
    raise TypeError(f'Failed calling {prim} with "{prim}()({arg}={_type_name(v)})". The valid calling should '
                    f'be: "{prim}()(x=<bool, Tensor>, y=<bool, Tensor>)".')


def _logical(name, prim, fn):
    def impl(input, other):
        if not isinstance(input, Tensor) and not isinstance(other, Tensor):
            raise TypeError(f"For '{prim}', at least one of the inputs must be a Tensor.")
        a = _logical_operand(prim, input, "x")
        b = _logical_operand(prim, other, "y")
        return _wrap(fn(a, b))
    return _register(impl, name, prim, f"Elementwise ``{name}`` of the operands taken as bools.")


_logical("logical_and", "LogicalAnd", jnp.logical_and)
_logical("logical_or", "LogicalOr", jnp.logical_or)
_logical("logical_xor", "LogicalXor", jnp.logical_xor)


@op("logical_not")
def logical_not(input):
    """Elementwise NOT of ``input`` taken as bool."""
    a = _need_tensor("LogicalNot", input)
    return _wrap(jnp.logical_not(a.astype(bool)))


primitive("LogicalNot", logical_not)

# --- bitwise ---------------------------------------------------------------------------------


def _bitwise(name, prim, fn, allowed="biu", shift=False):
    def impl(input, other):
        if not isinstance(input, Tensor) and not isinstance(other, Tensor):
            raise TypeError(f"For '{name}', at least one of 'input' and 'other' must be a Tensor.")
        for v in (input, other):
            if not isinstance(v, (Tensor, bool, int)):
                raise TypeError(f"For '{name}', the type of input must be Tensor or int, but got "
                                f"{type(v).__name__}.")
        a, b = binary(prim, input, other)
        _check_broadcast(prim, a, b)
        if _kind(a.dtype) not in allowed:
            raise _dtype_error(prim, "input", a.dtype, allowed)
        if shift:
            bits = np.iinfo(a.dtype).bits
            b = jnp.bitwise_and(b, bits - 1)
        return _wrap(fn(a, b))
    return _register(impl, name, prim, f"Elementwise ``{name}`` of integer (or bool) Tensors.")


_bitwise("bitwise_and", "BitwiseAnd", jnp.bitwise_and)
_bitwise("bitwise_or", "BitwiseOr", jnp.bitwise_or)
_bitwise("bitwise_xor", "BitwiseXor", jnp.bitwise_xor)
_bitwise("bitwise_left_shift", "LeftShift", jnp.left_shift, "iu", shift=True)
_bitwise("bitwise_right_shift", "RightShift", jnp.right_shift, "iu", shift=True)


def _compare_and_bitpack(x, threshold):
    a = _need_tensor("CompareAndBitpack", x, "x")
    t = arr(threshold)
    if a.ndim == 0 or a.shape[-1] % 8:
        raise ValueError(f"For 'CompareAndBitpack', the last dimension of 'x' must be a multiple of 8, "
                         f"but got shape {tuple(a.shape)}.")
    bits = (a > t.astype(a.dtype)).reshape(a.shape[:-1] + (a.shape[-1] // 8, 8)).astype(np.uint8)
    weights = jnp.asarray([128, 64, 32, 16, 8, 4, 2, 1], np.uint8)
    return _wrap(jnp.sum(bits * weights, axis=-1).astype(np.uint8))


primitive("CompareAndBitpack", _compare_and_bitpack)


def _check_boundaries(name, boundaries):
    if not isinstance(boundaries, (list, tuple)) or not all(
            isinstance(b, (int, float)) and not isinstance(b, bool) for b in boundaries):
        raise TypeError(f"For '{name}', the type of 'boundaries' must be a list of numbers, but got {boundaries}.")
    if any(b1 > b2 for b1, b2 in zip(boundaries, boundaries[1:])):
        raise ValueError(f"For '{name}', 'boundaries' must be sorted in ascending order.")
    return jnp.asarray(np.asarray(boundaries, np.float64))


@op("bucketize")
def bucketize(input, boundaries, *, right=False):
    """Index of the bucket of each element of ``input`` in the sorted ``boundaries`` (int32)."""
    a = _need_tensor("bucketize", input)
    bounds = _check_boundaries("bucketize", boundaries)
    if not isinstance(right, bool):
        raise TypeError(f"For 'bucketize', the type of 'right' should be bool, but got {type(right).__name__}.")
    return _wrap(jnp.searchsorted(bounds, a.astype(np.float64), side="right" if right else "left").astype(np.int32))


def _bucketize_prim(input, boundaries):
    a = _need_tensor("Bucketize", input)
    bounds = _check_boundaries("Bucketize", boundaries)
    return _wrap(jnp.searchsorted(bounds, a.astype(np.float64), side="right").astype(np.int32))


primitive("Bucketize", _bucketize_prim, attrs=(("boundaries", None),))
