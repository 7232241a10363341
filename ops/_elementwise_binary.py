"""Binary elementwise math: pow, remainders, maximum/minimum, clamp, atan2, hypot, xlogy, lerp...

Operands are promoted with MindSpore's rules (``binary``); the accepted kinds are checked
after promotion as MindSpore's kernels do ("b" bool, "i"/"u" ints, "f" float, "c" complex).
"""
import numbers

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

from mscompat.common._promotion import promote_types, scalar_result_dtype
from ._args import arr, binary, check_broadcast, check_same_dtype, check_tensor, check_tensors, Tensor
from ._registry import op, primitive, BLACK, PROMOTE
from ._elementwise import _kind, _dtype_error, _in_f32, _register, _type_name, _F32, _LOW

_wrap = Tensor._wrap
_F64 = np.dtype(np.float64)
_C128 = np.dtype(np.complex128)


def _binary_operands(prim, x, y, allowed="biufc", tensor_first=False, arg=("input", "other")):
    """The two operands of a binary op as promoted jax arrays (MindSpore's argument-parser errors)."""
    if tensor_first and not isinstance(x, Tensor):
        raise TypeError(f'Failed calling {prim} with "{prim}()({arg[0]}={_type_name(x)}, '
                        f'{arg[1]}={_type_name(y)})". The valid calling should be: '
                        f'"{prim}()({arg[0]}=<Tensor>, {arg[1]}=<Number, Tensor>)".')
    if not isinstance(x, (Tensor, bool, int, float)) or not isinstance(y, (Tensor, bool, int, float)):
        raise TypeError(f'Failed calling {prim} with "{prim}()({arg[0]}={_type_name(x)}, '
                        f'{arg[1]}={_type_name(y)})". The valid calling should be: '
                        f'"{prim}()({arg[0]}=<Number, Tensor>, {arg[1]}=<Number, Tensor>)".')
    a, b = binary(prim, x, y)
    _check_broadcast(prim, a, b)
    if _kind(a.dtype) not in allowed:
        raise _dtype_error(prim, arg[0], a.dtype, allowed)
    return a, b


def _check_broadcast(prim, a, b):
    """ValueError (as MindSpore) when the shapes of ``a`` and ``b`` do not broadcast."""
    if a.shape == b.shape:
        return
    sa, sb = tuple(a.shape), tuple(b.shape)
    n = max(len(sa), len(sb))
    pa, pb = (1,) * (n - len(sa)) + sa, (1,) * (n - len(sb)) + sb
    for i, (u, v) in enumerate(zip(pa, pb)):
        if u != v and u != 1 and v != 1:
            raise ValueError(f"For '{prim}', input1.shape and input2.shape need to broadcast. The value of "
                             f"input1.shape[{i}] or input2.shape[{i}] must be 1 or -1 when they are not the same, "
                             f"but got input1.shape = {list(sa)} and input2.shape = {list(sb)}")


def _binop(name, prim, fn, allowed="iufc", *, aliases=(), tensor_first=False, arg=("input", "other"),
           half_in_f32=True, doc=None, **policy):
    """Register binary op ``name`` (and Primitive ``prim``) computing ``fn(a, b)``; ``policy``: the
    policy fields of ``_elementwise._register``."""
    def impl(input, other):
        a, b = _binary_operands(prim or name, input, other, allowed, tensor_first, arg)
        if half_in_f32 and a.dtype in _LOW:
            return _wrap(fn(a.astype(_F32), b.astype(_F32)).astype(a.dtype))
        return _wrap(fn(a, b))
    return _register(impl, name, prim, doc or f"Elementwise ``{name or prim}`` of two operands (MindSpore semantics).",
                     aliases, **policy)


# --- power ---------------------------------------------------------------------------------


def _int_pow(a, b):
    """Integer power as MindSpore: negative exponents truncate (1, -1 exact; 0 -> INT_MIN)."""
    info = np.iinfo(a.dtype)
    pos = jnp.maximum(b, 0)
    out = jnp.ones_like(a)
    base = a
    for _ in range(info.bits):  # square-and-multiply over the exponent's bits
        out = jnp.where((pos & 1) == 1, out * base, out)
        base = base * base
        pos = pos >> 1
    if info.kind == "u":
        return out
    neg = jnp.where(a == 1, 1, jnp.where(a == -1, jnp.where((b & 1) == 0, 1, -1), 0)).astype(a.dtype)
    neg = jnp.where(a == 0, jnp.asarray(info.min, a.dtype), neg)
    return jnp.where(b < 0, neg, out)


def _pow(a, b):
    if _kind(a.dtype) in "iu":
        return _int_pow(a, b)
    return jnp.power(a, b)


@op("pow", aliases=("pows", "tensor_pow"), amp=BLACK)
def pow(input, exponent):
    """``input ** exponent`` with MindSpore's promotion (integer powers stay integer)."""
    a, b = _binary_operands("Pow", input, exponent, "iufc", arg=("input", "exponent"))
    if a.dtype in _LOW:
        return _wrap(jnp.power(a.astype(_F32), b.astype(_F32)).astype(a.dtype))
    return _wrap(_pow(a, b))


primitive("Pow", pow, amp=BLACK)


@op("float_power")
def float_power(input, exponent):
    """``input ** exponent`` computed and returned in float64 (complex128 for complex)."""
    if not isinstance(input, Tensor) and not isinstance(exponent, Tensor):
        raise TypeError("At least one of the types of inputs must be tensor, "
                        f"but the type of 'input' got is {type(input)}, "
                        f"and the type of 'exponent' is {type(exponent)}.")
    for n, v in (("input", input), ("exponent", exponent)):
        if not isinstance(v, (Tensor, numbers.Number)):
            raise TypeError(f"The type of '{n}' must be Tensor or Number, but got {type(v)}.")
    if isinstance(input, Tensor) and isinstance(exponent, Tensor):
        check_broadcast("Pow", arr(input), arr(exponent), ("input1", "input2"))
    cplx = any(isinstance(v, complex) or (isinstance(v, Tensor) and _kind(arr(v).dtype) == "c")
               for v in (input, exponent))
    dt = _C128 if cplx else _F64
    return _wrap(jnp.power(arr(input, dt) if isinstance(input, Tensor) else jnp.asarray(input, dt),
                           arr(exponent, dt) if isinstance(exponent, Tensor) else jnp.asarray(exponent, dt)))


@op("float_power_ext")
def float_power_ext(input, exponent):
    return float_power(input, exponent)


# --- remainders and integer-style divisions ---------------------------------------------------


def _floor_mod(a, b):
    if a.dtype == np.bool_:
        return jnp.remainder(a.astype(np.int8), b.astype(np.int8)).astype(bool)
    return jnp.remainder(a, b)


def _fmod(a, b):
    if a.dtype == np.bool_:
        return jnp.fmod(a.astype(np.int8), b.astype(np.int8)).astype(bool)
    return jnp.fmod(a, b)


_binop("remainder", None, _floor_mod, "biuf",
       doc="Python-style remainder (sign of the divisor), MindSpore ``ops.remainder``.")
_binop("fmod", None, _fmod, "biuf", doc="C-style remainder (sign of the dividend).")
_binop("floor_mod", "FloorMod", _floor_mod, "iuf", aliases=("floormod", "tensor_mod"), arg=("x", "y"))


def _trunc_div(a, b):
    if _kind(a.dtype) in "iu":
        return lax.div(a, b)
    return jnp.trunc(a / b)


def _trunc_mod(a, b):
    if _kind(a.dtype) in "iu":
        return lax.rem(a, b)
    return jnp.fmod(a, b)


_binop("truncate_div", "TruncateDiv", _trunc_div, "iuf", arg=("x", "y"))
_binop("truncate_mod", "TruncateMod", _trunc_mod, "iuf", arg=("x", "y"))
_binop(None, "Mod", _trunc_mod, "iuf", arg=("x", "y"))


def _real_div(a, b):
    if _kind(a.dtype) in "iu":
        return lax.div(a, b)
    return a / b


_binop("tensor_div", None, _real_div, "iufc", arg=("x", "y"),
       doc="``RealDiv``: true division for floats, truncating division for integers.")


# floor_div / tensor_floordiv are ops.floor_divide (FloorDiv's kernel, in _arith.py)


def _div_no_nan(a, b):
    safe = jnp.where(b == 0, jnp.ones_like(b), b)
    if _kind(a.dtype) in "iu":
        return jnp.where(b == 0, jnp.zeros_like(a), lax.div(a, safe))
    return jnp.where(b == 0, jnp.zeros_like(a), a / safe)


_binop(None, "DivNoNan", _div_no_nan, "iufc", arg=("x1", "x2"))


def _mul_no_nan(a, b):
    return jnp.where(b == 0, jnp.zeros_like(a), a * b)


_binop(None, "MulNoNan", _mul_no_nan, "iufc", arg=("x", "y"))


def _squared_difference(a, b):
    d = a - b
    return d * jnp.conj(d) if _kind(a.dtype) == "c" else d * d


_binop(None, "SquaredDifference", _squared_difference, "iufc", arg=("x", "y"))

# --- maximum / minimum / clamp --------------------------------------------------------------


def _extremum_tangent(a, b, ta, tb, a_loses, b_loses, out):
    """The tangent of MindSpore's Maximum / Minimum (its MaximumGrad / MinimumGrad transposed): equal
    operands share the gradient (half each), a NaN in either gives both the whole of it, otherwise
    it goes to the operand picked (``a_loses`` / ``b_loses``: where the other one is picked)."""
    ta = jnp.zeros_like(out) if ta.dtype == jax.dtypes.float0 else ta.astype(out.dtype)
    tb = jnp.zeros_like(out) if tb.dtype == jax.dtypes.float0 else tb.astype(out.dtype)
    both = ta + tb
    return jnp.broadcast_to(jnp.where(a == b, both / 2, jnp.where(a_loses, tb, jnp.where(b_loses, ta, both))),
                            out.shape)


@jax.custom_jvp
def _maximum(a, b):
    # MindSpore's CPU kernel: ``a > b ? a : b`` (a NaN in ``other`` propagates, one in ``input`` does not)
    return jnp.where(a > b, a, b)


@_maximum.defjvp
def _maximum_jvp(primals, tangents):
    a, b = primals
    out = _maximum(a, b)
    return out, _extremum_tangent(a, b, *tangents, a < b, b < a, out)


@jax.custom_jvp
def _minimum(a, b):
    return jnp.where(a < b, a, b)


@_minimum.defjvp
def _minimum_jvp(primals, tangents):
    a, b = primals
    out = _minimum(a, b)
    return out, _extremum_tangent(a, b, *tangents, a > b, b > a, out)


_binop("maximum", "Maximum", _maximum, "biuf", half_in_f32=False)
_binop("minimum", "Minimum", _minimum, "biuf", half_in_f32=False)
_binop("fmax", "Fmax", jnp.fmax, "iuf", half_in_f32=False, targets_lacking=("Ascend", "GPU"))
_binop("fmin", "Fmin", jnp.fmin, "iuf", half_in_f32=False)


def _bound_dtype(dt, v, name):
    if v is None:
        return dt
    if isinstance(v, Tensor):
        return promote_types(dt, arr(v).dtype, name)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise TypeError(f"For '{name}', the type of 'min' and 'max' must be one of [None, Tensor, float, int], "
                        f"but got {type(v).__name__}.")
    return scalar_result_dtype(dt, v)


@op("clamp", aliases=("clip",), method=("clamp", "clip"))
def clamp(input, min=None, max=None):
    """``input`` clipped to ``[min, max]`` (either may be None; ``max`` wins where min > max)."""
    check_tensor("clamp", "input", input)
    if min is None and max is None:
        raise ValueError("For Clamp, at least one of 'min' or 'max' must not be None.")
    a = arr(input)
    dt = _bound_dtype(_bound_dtype(a.dtype, min, "clamp"), max, "clamp")
    if dt == np.bool_:
        raise TypeError("For 'clamp', the input of type bool is not supported.")
    out = a.astype(dt)
    if min is not None:
        out = _maximum(out, arr(min, dt))
    if max is not None:
        out = _minimum(out, arr(max, dt))
    return _wrap(out)


@op("clamp_")
def clamp_(input, min=None, max=None):
    """In-place :func:`clamp`: writes the result into ``input`` and returns it."""
    out = clamp(input, min, max)
    input._data = out._data.astype(arr(input).dtype)
    return input


@op("clip_by_value")
def clip_by_value(x, clip_value_min=None, clip_value_max=None):
    """Clip a Tensor (or each Tensor of a list/tuple) to ``[clip_value_min, clip_value_max]``;
    the bounds are cast to the Tensor's dtype."""
    if clip_value_min is None and clip_value_max is None:
        raise ValueError("For 'clip_by_value', at least one of 'clip_value_min' or 'clip_value_max' must not be None")
    if not isinstance(x, (Tensor, tuple, list)):
        raise TypeError("For 'clip_by_value', the type of argument 'x' must be Tensor or tuple[Tensor] or list[Tensor]")
    for n, v in (("clip_value_min", clip_value_min), ("clip_value_max", clip_value_max)):
        if not isinstance(v, (type(None), Tensor, float, int)):
            raise TypeError(f"For 'clip_by_value', the type of argument '{n}' must be not one of None, Tensor, "
                            "float, int")

    def one(t):
        if not isinstance(t, Tensor):
            raise TypeError("For 'clip_by_value', the type of argument 'x' must be Tensor or tuple[Tensor] or "
                            "list[Tensor]")
        a = arr(t)
        if clip_value_min is not None:
            a = _maximum(a, arr(clip_value_min).astype(a.dtype))
        if clip_value_max is not None:
            a = _minimum(a, arr(clip_value_max).astype(a.dtype))
        return _wrap(a)
    if isinstance(x, Tensor):
        return one(x)
    return tuple(one(t) for t in x)


# --- floating-point binary functions -----------------------------------------------------------


def _float_pair(prim, x, y, allowed="f", arg=("input", "other"), tensors_only=False, same_kind=False):
    if tensors_only:
        check_tensors(prim, arg, x, y)
    if same_kind and isinstance(x, Tensor) and isinstance(y, Tensor):
        ka, kb = _kind(arr(x).dtype), _kind(arr(y).dtype)
        if ka not in allowed or kb not in allowed:
            raise _dtype_error(prim, arg[0] if ka not in allowed else arg[1],
                               arr(x).dtype if ka not in allowed else arr(y).dtype, allowed)
    return _binary_operands(prim, x, y, allowed, arg=arg)


def _fbinop(name, prim, fn, allowed="f", *, aliases=(), arg=("input", "other"), tensors_only=False,
            same_kind=False, doc=None, same_dtype=False):
    def impl(input, other):
        if same_dtype and isinstance(input, Tensor) and isinstance(other, Tensor) and \
                arr(input).dtype != arr(other).dtype:
            raise TypeError(f"For primitive[{prim or name}], the input type must be same, but got "
                            f"{arr(input).dtype} and {arr(other).dtype}.")
        a, b = _float_pair(prim or name, input, other, allowed, arg, tensors_only, same_kind)
        if a.dtype in _LOW:
            return _wrap(fn(a.astype(_F32), b.astype(_F32)).astype(a.dtype))
        return _wrap(fn(a, b))
    return _register(impl, name, prim, doc or f"Elementwise ``{name or prim}`` (floating point).", aliases)


_fbinop("atan2", "Atan2", jnp.arctan2, aliases=("arctan2",))
_fbinop("hypot", "Hypot", jnp.hypot)
_fbinop("logaddexp", None, jnp.logaddexp, tensors_only=True, same_kind=True)
_fbinop("logaddexp2", None, jnp.logaddexp2, tensors_only=True, same_kind=True)
@jax.custom_jvp
def _nextafter(a, b):
    return jnp.nextafter(a, b)


# MindSpore's gradient of nextafter(x1, x2): 1 for x1 (the result moves with it), 0 for x2
_nextafter.defjvp(lambda primals, tangents: (_nextafter(*primals), jnp.broadcast_to(
    tangents[0], jnp.broadcast_shapes(primals[0].shape, primals[1].shape)).astype(primals[0].dtype)))

_fbinop("nextafter", "NextAfter", _nextafter, tensors_only=True, same_kind=True, same_dtype=True)


def _xdivy(a, b):
    safe = jnp.where(a == 0, jnp.ones_like(b), b)
    return jnp.where(a == 0, jnp.zeros_like(a), a / safe)


def _xlogy(a, b):
    return a * jnp.log(b)  # MindSpore: no special case for input == 0 (0 * log(0) is nan)


_fbinop("xdivy", "Xdivy", _xdivy, "fc", arg=("x", "y"))


@op("xlogy")
def xlogy(input, other):
    """``input * log(other)``, 0 where ``input`` is 0; integer/bool operands compute in float32."""
    if isinstance(input, Tensor) and isinstance(other, Tensor):
        ka, kb = _kind(arr(input).dtype), _kind(arr(other).dtype)
        if ka != kb and "f" not in (ka, kb) and not (ka == kb == "b"):
            raise _dtype_error("Xlogy", "input", arr(input).dtype, "f")
        if ka in "iu" and kb in "iu":
            raise _dtype_error("Xlogy", "input", arr(input).dtype, "f")
    a, b = _binary_operands("Xlogy", input, other, "biuf")
    if _kind(a.dtype) in "biu":
        a, b = a.astype(_F32), b.astype(_F32)
    if a.dtype in _LOW:
        return _wrap(_xlogy(a.astype(_F32), b.astype(_F32)).astype(a.dtype))
    return _wrap(_xlogy(a, b))


primitive("Xlogy", xlogy)


@op("copysign")
def copysign(x, other):
    """Magnitude of ``x`` with the sign of ``other``; integer ``x`` gives float32."""
    check_tensor("copysign", "x", x)
    if not isinstance(other, (Tensor, int, float)) or isinstance(other, bool):
        raise TypeError(f"For 'copysign', the type of 'other' must be Tensor or Number, but got "
                        f"{type(other).__name__}.")
    a = arr(x)
    if _kind(a.dtype) in "bc":
        raise TypeError(f"For 'copysign', the dtype of 'x' must be int or float, but got {a.dtype}.")
    b = arr(other) if isinstance(other, Tensor) else jnp.asarray(other, _F32)
    if _kind(b.dtype) == "c":
        raise TypeError(f"For 'copysign', the dtype of 'other' must be int or float, but got {b.dtype}.")
    dt = a.dtype if _kind(a.dtype) == "f" else _F32
    return _wrap(jnp.copysign(a.astype(dt), b.astype(dt)))


@op("ldexp")
def ldexp(x, other):
    """``x * 2 ** other``; integer/bool operands give float32."""
    a, b = _binary_operands("ldexp", x, other, "biuf", arg=("x", "other"))
    dt = a.dtype if _kind(a.dtype) == "f" else _F32
    return _wrap((a.astype(dt) * jnp.exp2(b.astype(dt))).astype(dt))


@op("heaviside")
def heaviside(input, values):
    """Step function: 0 for x < 0, ``values`` for x == 0, 1 for x > 0 (same dtypes required)."""
    a, b = check_same_dtype("Heaviside", ("input", "values"), input, values)
    if _kind(a.dtype) not in "iuf":
        raise _dtype_error("Heaviside", "input", a.dtype, "iuf")
    zero = jnp.zeros((), a.dtype)
    return _wrap(jnp.where(a < zero, zero, jnp.where(a > zero, jnp.ones((), a.dtype), b)))


primitive("Heaviside", heaviside)


def _gcd(a, b):
    return jnp.gcd(a, b)


def _lcm(a, b):
    return jnp.lcm(a, b)


_binop("gcd", "Gcd", _gcd, "i")
_binop("lcm", "Lcm", _lcm, "i")


@op("polar")
def polar(abs, angle):
    """``abs * (cos(angle) + i sin(angle))``: float32 -> complex64, float64 -> complex128."""
    a, t = check_tensors("Polar", ("abs", "angle"), abs, angle)
    if a.dtype != t.dtype or a.dtype not in (np.dtype(np.float32), _F64):
        raise TypeError(f"For 'Polar', 'abs' and 'angle' must both be float32 or float64 with the same dtype, "
                        f"but got {a.dtype} and {t.dtype}.")
    return _wrap(lax.complex(a * jnp.cos(t), a * jnp.sin(t)))


primitive("Polar", polar)


def _complex_prim(real, imag):
    a, b = arr(real), arr(imag)
    if a.dtype != b.dtype or a.dtype not in (np.dtype(np.float32), _F64):
        raise TypeError(f"For 'Complex', 'real' and 'imag' must both be float32 or float64 with the same "
                        f"dtype, but got {a.dtype} and {b.dtype}.")
    return _wrap(lax.complex(a, b))


primitive("Complex", _complex_prim)

# --- ternary ---------------------------------------------------------------------------------


@op("lerp")
def lerp(input, end, weight):
    """``input + weight * (end - input)``; ``weight`` a Tensor or float."""
    a, e = check_same_dtype("Lerp", ("input", "end"), input, end)
    if _kind(a.dtype) != "f":
        raise _dtype_error("Lerp", "input", a.dtype, "f")
    if isinstance(weight, Tensor):
        w = arr(weight)
        if w.dtype != a.dtype:
            raise TypeError(f"For 'Lerp', the dtype of 'weight' must be the same as 'input', but got {w.dtype}.")
    elif isinstance(weight, float):
        w = jnp.asarray(weight, a.dtype)
    else:
        raise TypeError(f"For 'Lerp', the type of 'weight' must be Tensor or float, but got {type(weight).__name__}.")
    return _wrap(_in_f32(lambda v: v + w.astype(v.dtype) * (e.astype(v.dtype) - v), a))


primitive("Lerp", lerp)
primitive("LerpScalar", lerp)


def _addc(name, combine):
    def impl(input, tensor1, tensor2, value=1):
        a, t1, t2 = check_tensors(name, ("input", "tensor1", "tensor2"), input, tensor1, tensor2)
        if not (a.dtype == t1.dtype == t2.dtype):
            raise TypeError(f"For '{name}', the dtypes of 'input', 'tensor1' and 'tensor2' must be the same, "
                            f"but got {a.dtype}, {t1.dtype} and {t2.dtype}.")
        try:
            np.broadcast_shapes(a.shape, t1.shape, t2.shape)
        except ValueError:
            raise ValueError(f"For '{name}', input.shape and tensor1.shape need to broadcast, but got "
                             f"{list(a.shape)}, {list(t1.shape)} and {list(t2.shape)}.") from None
        v = arr(value) if isinstance(value, Tensor) else jnp.asarray(value)
        v = v.astype(a.dtype)
        return _wrap(a + v * combine(t1, t2))
    return impl


addcdiv = op("addcdiv", amp=PROMOTE)(_addc("Addcdiv", lambda x, y: x / y))
addcmul = op("addcmul", amp=PROMOTE)(_addc("Addcmul", lambda x, y: x * y))
primitive("Addcdiv", addcdiv, amp=PROMOTE)
primitive("Addcmul", addcmul, amp=PROMOTE)


@op("addn", amp=PROMOTE)
def addn(x):
    """Sum of a list/tuple of Tensors of the same shape and dtype."""
    if not isinstance(x, (list, tuple)) or not x:
        raise TypeError(f"For 'AddN', the input 'x' must be a non-empty list or tuple of Tensors, but got "
                        f"{type(x).__name__}.")
    arrs = [arr(t) for t in x]
    for t, v in zip(x, arrs):
        if not isinstance(t, Tensor):
            raise TypeError(f"For 'AddN', each element of 'x' must be a Tensor, but got {type(t).__name__}.")
        if v.dtype != arrs[0].dtype:
            raise TypeError(f"For 'AddN', all inputs must have the same dtype, but got {arrs[0].dtype} and {v.dtype}.")
        if v.shape != arrs[0].shape:
            raise ValueError(f"For 'AddN', all inputs must have the same shape, but got {arrs[0].shape} and "
                             f"{v.shape}.")
    out = arrs[0]
    for v in arrs[1:]:
        out = jnp.logical_or(out, v) if out.dtype == np.bool_ else out + v
    return _wrap(out)


primitive("AddN", addn, amp=PROMOTE)


