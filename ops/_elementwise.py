"""Unary elementwise math: trigonometric, exponential/logarithmic, rounding, sign, complex parts.

Each op is built by :func:`_unary` from a JAX function and the set of input kinds MindSpore
accepts ("b" bool, "i" signed int, "u" unsigned int, "f" float, "c" complex); integer
inputs either raise TypeError (as MindSpore) or are computed in float32 where MindSpore
promotes them. float16/bfloat16 are computed in float32 and rounded back.
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

from ._args import arr, check_tensor, Tensor, ms_dtype
from ._registry import op, primitive, tensor_method, BLACK

_wrap = Tensor._wrap
_F32 = np.dtype(np.float32)
_LOW = (np.dtype(np.float16), np.dtype(jnp.bfloat16))


def _kind(dt):
    dt = np.dtype(dt)
    if dt == np.bool_:
        return "b"
    if dt.kind in "iuc":
        return dt.kind
    return "f"


def _type_name(x):
    if isinstance(x, (list, tuple)):
        inner = type(x[0]).__name__ if len(x) else "any"
        return f"{type(x).__name__.capitalize()}<{inner}>"
    if isinstance(x, np.ndarray):
        return "<class 'numpy.ndarray'>"
    if x is None:
        return "None"
    return type(x).__name__


def _need_tensor(prim, x, arg="input"):
    if not isinstance(x, Tensor):
        raise TypeError(f'Failed calling {prim} with "{prim}()({arg}={_type_name(x)})". The valid calling '
                        f'should be: "{prim}()({arg}=<Tensor>)".')
    return arr(x)


_KIND_NAMES = {"b": ["Bool"], "i": ["Int8", "Int16", "Int32", "Int64"],
               "u": ["UInt8", "UInt16", "UInt32", "UInt64"],
               "f": ["BFloat16", "Float16", "Float32", "Float64"], "c": ["Complex64", "Complex128"]}


def _dtype_error(prim, arg, dt, allowed):
    names = sorted(n for k in allowed for n in _KIND_NAMES[k])
    return TypeError(f"For primitive[{prim}], the input argument[{arg}] must be a type of "
                     f"{{{', '.join(names)}}}, but got {ms_dtype(dt)}.")


def _check_kind(prim, a, allowed, arg="input"):
    if _kind(a.dtype) not in allowed:
        raise _dtype_error(prim, arg, a.dtype, allowed)
    return a


def _in_f32(fn, a):
    """``fn(a)`` computed in float32 for half-precision inputs."""
    if a.dtype in _LOW:
        return fn(a.astype(_F32)).astype(a.dtype)
    return fn(a)


def _register(impl, name, prim, doc, aliases=(), *, amp=None, targets_lacking=None, kernel=None):
    """Name ``impl`` and register it as op ``name`` (with ``aliases``) and/or Primitive ``prim``;
    ``amp``/``targets_lacking`` are the policy fields of both entries, ``kernel`` (default ``prim``)
    the Primitive the functional form runs."""
    impl.__name__ = impl.__qualname__ = name or prim
    impl.__doc__ = doc
    if name:
        op(name, aliases=aliases, amp=amp, targets_lacking=targets_lacking, kernel=kernel or prim)(impl)
    if prim:
        primitive(prim, impl, amp=amp, targets_lacking=targets_lacking)
    return impl


def _unary(name, prim, fn, allowed="fc", *, to_float=False, aliases=(), arg="input", exclude=(), composite=False,
           **policy):
    """Register the unary op ``name`` (and Primitive ``prim``) computing ``fn``; ``policy``: the
    policy fields of :func:`_register`. ``composite``: MindSpore composes the op from other ops, each
    rounding to a half-precision input's dtype, so ``fn`` gets the input at its own dtype."""
    def impl(input):
        a = _need_tensor(prim or name, input, arg)
        _check_kind(prim or name, a, allowed, arg)
        if a.dtype in exclude:
            raise _dtype_error(prim or name, arg, a.dtype, allowed)
        if to_float and _kind(a.dtype) in "biu":
            a = a.astype(_F32)
        if _kind(a.dtype) == "f" and not composite:
            return _wrap(_in_f32(fn, a))
        return _wrap(fn(a))
    return _register(impl, name, prim, f"Elementwise ``{name}`` of a Tensor (MindSpore ``ops.{name}``).", aliases,
                     **policy)


# --- trigonometric and hyperbolic --------------------------------------------------------------
_unary("acos", "ACos", jnp.arccos, aliases=("arccos",), amp=BLACK)
_unary("acosh", "Acosh", jnp.arccosh, aliases=("arccosh",))
_unary("asin", "Asin", jnp.arcsin, amp=BLACK)
_unary("arcsin", None, jnp.arcsin, arg="x", amp=BLACK)
_unary("asinh", "Asinh", jnp.arcsinh, aliases=("arcsinh",))
_unary("atan", "Atan", jnp.arctan, aliases=("arctan",))
_unary("atanh", "Atanh", jnp.arctanh, aliases=("arctanh",))
_unary("cos", "Cos", jnp.cos)
_unary("cosh", "Cosh", jnp.cosh, amp=BLACK)
_unary("sin", "Sin", jnp.sin)
_unary("sinh", "Sinh", jnp.sinh, amp=BLACK)
_unary("tan", "Tan", jnp.tan, amp=BLACK)
_unary("tanh", "Tanh", jnp.tanh)
_unary("deg2rad", None, lambda a: a * np.asarray(np.pi / 180, a.dtype), "f", arg="x")
_unary("rad2deg", None, lambda a: a * np.asarray(180 / np.pi, a.dtype), "f", arg="x")


def _sinc(a):
    pix = a * np.asarray(np.pi, a.dtype)
    safe = jnp.where(a == 0, jnp.ones_like(pix), pix)
    return jnp.where(a == 0, jnp.ones_like(pix), jnp.sin(safe) / safe)


_unary("sinc", "Sinc", _sinc, "iufc", to_float=True)


def _tanhshrink(a):
    return a - _in_f32(jnp.tanh, a)     # Tanh, then Sub (a half-precision tanh is rounded first)


_unary("tanhshrink", None, _tanhshrink, "iufc", to_float=True, composite=True)

# --- exponential and logarithm -----------------------------------------------------------------
_unary("exp", "Exp", jnp.exp, aliases=("tensor_exp",), amp=BLACK)
_unary("expm1", "Expm1", jnp.expm1, aliases=("tensor_expm1",), amp=BLACK)
_unary("exp2", None, jnp.exp2, "biufc", to_float=True)
_unary("log", "Log", jnp.log, amp=BLACK)
_unary("log10", None, jnp.log10, amp=BLACK)
_unary("log2", None, jnp.log2, amp=BLACK)
_unary("log1p", "Log1p", jnp.log1p, amp=BLACK)


def _reciprocal(a):
    return jnp.ones((), a.dtype) / a


_unary("reciprocal", "Reciprocal", _reciprocal, "biufc", to_float=True, amp=BLACK)


def _inv(a):
    if _kind(a.dtype) in "iu":  # MindSpore's integer Inv: 1 // x truncating, 0 -> INT_MIN
        info = np.iinfo(a.dtype)
        safe = jnp.where(a == 0, jnp.ones_like(a), a)
        q = lax.div(jnp.ones_like(a), safe)
        return jnp.where(a == 0, jnp.asarray(info.min, a.dtype), q)
    return jnp.ones((), a.dtype) / a


_unary("inv", "Inv", _inv, "ifc", arg="x")

# --- rounding -------------------------------------------------------------------------------
_unary("ceil", "Ceil", jnp.ceil, "f")
_unary("floor", "Floor", jnp.floor, "f")
_unary("trunc", "Trunc", lambda a: a if _kind(a.dtype) in "biu" else jnp.trunc(a), "biuf")


def _frac(a):
    if _kind(a.dtype) in "iu":
        return jnp.zeros_like(a)
    if a.dtype == np.bool_:
        return jnp.zeros(a.shape, np.int64)
    return a - jnp.trunc(a)


_unary("frac", None, _frac, "biuf", arg="x")


@op("round")
def round(input, *, decimals=0):
    """Round half to even; ``decimals`` rounds to that many decimal places."""
    a = _need_tensor("Round", input)
    _check_kind("Round", a, "iuf")
    if isinstance(decimals, bool) or not isinstance(decimals, int):
        raise TypeError(f"For 'Round', the type of 'decimals' should be int, but got {type(decimals).__name__}.")
    if _kind(a.dtype) in "iu":
        return _wrap(a)
    return _wrap(_in_f32(lambda v: jnp.round(v, decimals), a))


def _round_prim(input, decimals=0):
    return round(input, decimals=decimals)


@tensor_method("round")
def _tensor_round(self, decimals=0):
    """``Tensor.round(decimals=0)``: ``decimals`` may be given by position (``ops.round`` takes it
    by keyword only)."""
    return round(self, decimals=decimals)


primitive("Round", _round_prim)

# --- sign, absolute value, negation -----------------------------------------------------------
@jax.custom_jvp
def _abs_real(a):
    return jnp.abs(a)


@_abs_real.defjvp
def _abs_real_jvp(primals, tangents):
    # MindSpore's AbsGrad is dy * sign(x): 0 at 0 (JAX's abs has derivative 1 there)
    (a,), (t,) = primals, tangents
    return jnp.abs(a), jnp.sign(a) * t


def abs_array(a):
    """|a| with MindSpore's gradient (``sign(a)``, so 0 at 0) for real floats."""
    return _abs_real(a) if jnp.issubdtype(a.dtype, jnp.floating) else jnp.abs(a)


_unary("abs", "Abs", abs_array, "biufc", aliases=("absolute",))


def _neg(a):
    return -a


_unary("neg", "Neg", _neg, "iufc", aliases=("negative",))


@op("positive")
def positive(input):
    """``input`` itself (MindSpore raises for bool only in ``negative``)."""
    _need_tensor("positive", input)
    return input


def _sign(a):
    if _kind(a.dtype) == "c":
        mag = jnp.abs(a)
        return jnp.where(mag == 0, jnp.zeros_like(a), a / jnp.where(mag == 0, 1, mag).astype(a.dtype))
    if _kind(a.dtype) == "f":   # MindSpore's Sign: NaN and -0.0 give +0.0
        return jnp.where((a == 0) | jnp.isnan(a), jnp.zeros_like(a), jnp.sign(a))
    return jnp.sign(a)


_sign_fn = _unary("sign", "Sign", _sign, "iufc", aliases=("sgn",),
                  exclude=tuple(np.dtype(t) for t in (np.int8, np.int16, np.uint8, np.uint16, np.uint32, np.uint64)))


def _square(a):
    return a * a


_unary("square", "Square", _square, "iufc")


def _signbit(a):
    if _kind(a.dtype) in "bu":
        return jnp.zeros(a.shape, bool)
    return a < 0  # MindSpore: -0.0 has no sign bit set


_unary("signbit", None, _signbit, "biuf")


def _invert(a):
    return jnp.invert(a)


_unary("invert", "Invert", _invert, "iu", arg="x")


def _eps(a):
    return jnp.full(a.shape, jnp.finfo(a.dtype).eps, a.dtype)


_unary("eps", "Eps", _eps, "f", arg="x")


@op("logit")
def logit(input, eps=None):
    """``log(x / (1 - x))``, with ``x`` clipped to ``[eps, 1 - eps]`` when ``eps`` is given."""
    a = _need_tensor("Logit", input)
    _check_kind("Logit", a, "f")
    if eps is not None and not isinstance(eps, float):
        raise TypeError(f"For 'Logit', the type of 'eps' should be float, but got {type(eps).__name__}.")

    def fn(v):
        if eps is not None and eps >= 0:
            v = jnp.clip(v, eps, 1 - eps)
        return jnp.log(v / (1 - v))
    return _wrap(_in_f32(fn, a))


@op("nan_to_num")
def nan_to_num(input, nan=None, posinf=None, neginf=None):
    """NaN -> ``nan`` (0.0), +inf -> ``posinf`` (dtype max), -inf -> ``neginf`` (dtype min)."""
    a = _need_tensor("NanToNum", input)
    _check_kind("NanToNum", a, "f")
    if a.dtype == np.float64:   # MindSpore's NanToNum infers float16/bfloat16/float32 only
        raise TypeError("For NanToNum, the dtype of 'input' must not be float64.")
    for n, v in (("nan", nan), ("posinf", posinf), ("neginf", neginf)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))):
            raise TypeError(f"For 'nan_to_num', the type of '{n}' should be float or None, "
                            f"but got {type(v).__name__}.")
    info = jnp.finfo(a.dtype)
    nan_v = 0.0 if nan is None else nan
    pos_v = float(info.max) if posinf is None else posinf
    neg_v = float(info.min) if neginf is None else neginf
    out = jnp.where(jnp.isnan(a), jnp.asarray(nan_v, a.dtype), a)
    out = jnp.where(jnp.isposinf(a), jnp.asarray(pos_v, a.dtype), out)
    out = jnp.where(jnp.isneginf(a), jnp.asarray(neg_v, a.dtype), out)
    return _wrap(out)


primitive("NanToNum", lambda x, nan=None, posinf=None, neginf=None: nan_to_num(x, nan, posinf, neginf),
          attrs=(("nan", None), ("posinf", None), ("neginf", None)))

# --- complex parts ---------------------------------------------------------------------------


def _angle(a):
    return jnp.angle(a)


_unary("angle", "Angle", _angle, "c")


def _conj(a):
    return jnp.conj(a) if _kind(a.dtype) == "c" else a


_unary("conj", "Conj", _conj, "biufc")


def _real(a):
    return jnp.real(a) if _kind(a.dtype) == "c" else a


def _imag(a):
    return jnp.imag(a) if _kind(a.dtype) == "c" else jnp.zeros_like(a)


_unary("real", "Real", _real, "biufc")
_unary("imag", "Imag", _imag, "biufc")


def _complex_abs(a):
    return jnp.abs(a)


_unary(None, "ComplexAbs", _complex_abs, "c", arg="x")


@op("is_complex")
def is_complex(input):
    """Whether ``input`` has a complex dtype (a Python bool)."""
    check_tensor("is_complex", "input", input)
    return _kind(arr(input).dtype) == "c"


@op("isreal")
def isreal(input):
    """Elementwise: imaginary part is zero (always True for real dtypes)."""
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'isreal', the input must be a Tensor, but got {type(input).__name__}.")
    a = arr(input)
    if _kind(a.dtype) == "c":
        return _wrap(jnp.imag(a) == 0)
    return _wrap(jnp.ones(a.shape, bool))


@op("numel")
def numel(input):
    """Number of elements of ``input`` (a Python int)."""
    check_tensor("numel", "input", input)
    return int(np.prod(input.shape, dtype=np.int64))


_ = jax  # jax kept importable for tracing helpers
