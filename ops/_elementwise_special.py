"""Special functions: error functions, gamma family, Bessel functions, zeta, incomplete gamma/beta, mvlgamma."""
import math

import numpy as np
import jax
import jax.numpy as jnp
import jax.scipy.special as jss
from jax.scipy.special import gammaln

from ._args import (arr, check_broadcast, check_same_dtype, check_tensors, Tensor, is_int as _is_int,
                    tensor_arg as _tensor)
from ._registry import op, primitive, BLACK
from ._elementwise import _unary, _kind, _dtype_error, _need_tensor, _F32, _LOW
from ._registry import OPS

_wrap = Tensor._wrap

_unary("erf", "Erf", jss.erf, "f")
_unary("erfc", "Erfc", jss.erfc, "f")
_erfinv = _unary("erfinv", "Erfinv", jss.erfinv, "f", amp=BLACK)
_unary("digamma", "Digamma", jss.digamma, "f", targets_lacking=("Ascend",))
_unary("i0", None, jss.i0, "f", targets_lacking=("Ascend",), kernel="BesselI0")
_unary("bessel_i0", "BesselI0", jss.i0, "f", arg="x", targets_lacking=("Ascend",))
_unary("bessel_i0e", "BesselI0e", jss.i0e, "f", arg="x")
_unary("bessel_i1", "BesselI1", jss.i1, "f", arg="x", targets_lacking=("Ascend",))
_unary("bessel_i1e", "BesselI1e", jss.i1e, "f", arg="x")


def _poly(y, coefs):
    out = jnp.zeros_like(y) + coefs[-1]
    for c in coefs[-2::-1]:
        out = out * y + c
    return out


# Rational/polynomial approximations of the Bessel functions (Abramowitz & Stegun style fits,
# absolute error ~1e-8), evaluated in float64 and rounded to the input dtype.
_J0S = ((57568490574.0, -13362590354.0, 651619640.7, -11214424.18, 77392.33017, -184.9052456),
        (57568490411.0, 1029532985.0, 9494680.718, 59272.64853, 267.8532712, 1.0))
_J1S = ((72362614232.0, -7895059235.0, 242396853.1, -2972611.439, 15704.48260, -30.16036606),
        (144725228442.0, 2300535178.0, 18583304.74, 99447.43394, 376.9991397, 1.0))
_P0 = ((1.0, -0.1098628627e-2, 0.2734510407e-4, -0.2073370639e-5, 0.2093887211e-6),
       (-0.1562499995e-1, 0.1430488765e-3, -0.6911147651e-5, 0.7621095161e-6, -0.934935152e-7))
_P1 = ((1.0, 0.183105e-2, -0.3516396496e-4, 0.2457520174e-5, -0.240337019e-6),
       (0.04687499995, -0.2002690873e-3, 0.8449199096e-5, -0.88228987e-6, 0.105787412e-6))
_Y0S = ((-2957821389.0, 7062834065.0, -512359803.6, 10879881.29, -86327.92757, 228.4622733),
        (40076544269.0, 745249964.8, 7189466.438, 47447.26470, 226.1030244, 1.0))
_Y1S = ((-0.4900604943e13, 0.1275274390e13, -0.5153438139e11, 0.7349264551e9, -0.4237922726e7, 0.8511937935e4),
        (0.2499580570e14, 0.4244419664e12, 0.3733650367e10, 0.2245904002e8, 0.1020426050e6, 0.3549632885e3, 1.0))


def _asym(ax, shift, pq, sin_first):
    z = 8.0 / jnp.where(ax == 0, 1.0, ax)
    y = z * z
    xx = ax - shift
    p, q = _poly(y, pq[0]), _poly(y, pq[1])
    amp = jnp.sqrt(0.636619772 / jnp.where(ax == 0, 1.0, ax))
    if sin_first:
        return amp * (jnp.sin(xx) * p + z * jnp.cos(xx) * q)
    return amp * (jnp.cos(xx) * p - z * jnp.sin(xx) * q)


def _f64(fn):
    def run(a):
        return fn(a.astype(np.float64)).astype(a.dtype)
    return run


def _j0_64(x):
    ax = jnp.abs(x)
    y = x * x
    small = _poly(y, _J0S[0]) / _poly(y, _J0S[1])
    return jnp.where(ax < 8.0, small, _asym(ax, 0.785398164, _P0, False))


def _j1_64(x):
    ax = jnp.abs(x)
    y = x * x
    small = x * _poly(y, _J1S[0]) / _poly(y, _J1S[1])
    big = _asym(ax, 2.356194491, _P1, False)
    return jnp.where(ax < 8.0, small, jnp.where(x < 0, -big, big))


def _y0_64(x):
    y = x * x
    safe = jnp.where(x > 0, x, 1.0)
    small = _poly(y, _Y0S[0]) / _poly(y, _Y0S[1]) + 0.636619772 * _j0_64(x) * jnp.log(safe)
    out = jnp.where(x < 8.0, small, _asym(x, 0.785398164, _P0, True))
    return jnp.where(x > 0, out, jnp.where(x <= 0, -jnp.inf, jnp.nan))  # MindSpore: -inf for x <= 0


def _y1_64(x):
    y = x * x
    safe = jnp.where(x > 0, x, 1.0)
    small = x * _poly(y, _Y1S[0]) / _poly(y, _Y1S[1]) + 0.636619772 * (_j1_64(x) * jnp.log(safe) - 1.0 / safe)
    out = jnp.where(x < 8.0, small, _asym(x, 2.356194491, _P1, True))
    return jnp.where(x > 0, out, jnp.where(x < 0, -jnp.inf, jnp.nan))  # MindSpore: Y1(0) is nan


_K0S = (-0.57721566, 0.42278420, 0.23069756, 0.3488590e-1, 0.262698e-2, 0.10750e-3, 0.74e-5)
_K0L = (1.25331414, -0.7832358e-1, 0.2189568e-1, -0.1062446e-1, 0.587872e-2, -0.251540e-2, 0.53208e-3)
_K1S = (1.0, 0.15443144, -0.67278579, -0.18156897, -0.1919402e-1, -0.110404e-2, -0.4686e-4)
_K1L = (1.25331414, 0.23498619, -0.3655620e-1, 0.1504268e-1, -0.780353e-2, 0.325614e-2, -0.68245e-3)


def _k_64(x, order, scaled):
    safe = jnp.where(x > 0, x, 1.0)
    small_x = jnp.minimum(safe, 2.0)
    y = small_x * small_x / 4.0
    if order == 0:
        small = -jnp.log(small_x / 2.0) * jss.i0(small_x) + _poly(y, _K0S)
    else:
        small = jnp.log(small_x / 2.0) * jss.i1(small_x) + _poly(y, _K1S) / small_x
    if scaled:
        small = small * jnp.exp(small_x)
    big_x = jnp.maximum(safe, 2.0)
    big = _poly(2.0 / big_x, _K0L if order == 0 else _K1L) / jnp.sqrt(big_x)
    if not scaled:
        big = big * jnp.exp(-big_x)
    out = jnp.where(safe <= 2.0, small, big)
    return jnp.where(x > 0, out, jnp.where(x <= 0, jnp.inf, jnp.nan))  # MindSpore: inf for x <= 0


_unary("bessel_j0", "BesselJ0", _f64(_j0_64), "f", arg="x", targets_lacking=("Ascend",))
_unary("bessel_j1", "BesselJ1", _f64(_j1_64), "f", arg="x", targets_lacking=("Ascend",))
_unary("bessel_y0", "BesselY0", _f64(_y0_64), "f", arg="x", targets_lacking=("Ascend",))
_unary("bessel_y1", "BesselY1", _f64(_y1_64), "f", arg="x", targets_lacking=("Ascend",))
_unary("bessel_k0", "BesselK0", _f64(lambda x: _k_64(x, 0, False)), "f", arg="x",
       targets_lacking=("Ascend",))
_unary("bessel_k0e", "BesselK0e", _f64(lambda x: _k_64(x, 0, True)), "f", arg="x",
       targets_lacking=("Ascend",))
_unary("bessel_k1", "BesselK1", _f64(lambda x: _k_64(x, 1, False)), "f", arg="x",
       targets_lacking=("Ascend",))
_unary("bessel_k1e", "BesselK1e", _f64(lambda x: _k_64(x, 1, True)), "f", arg="x",
       targets_lacking=("Ascend",))


@op("lgamma", targets_lacking=("Ascend",), kernel="Lgamma")
def lgamma(input):
    """``log|Gamma(input)|``; int32 input gives float32 (as MindSpore)."""
    a = _need_tensor("Lgamma", input)
    if a.dtype == np.int32:
        a = a.astype(_F32)
    if _kind(a.dtype) != "f":
        raise _dtype_error("Lgamma", "input", a.dtype, "f")
    if a.dtype in _LOW:
        return _wrap(jss.gammaln(a.astype(_F32)).astype(a.dtype))
    return _wrap(jss.gammaln(a))


primitive("Lgamma", lgamma, targets_lacking=("Ascend",))


@op("polygamma", targets_lacking=("Ascend",), kernel="Polygamma")
def polygamma(n, input):
    """The ``n``-th derivative of the digamma function at ``input``."""
    a = _need_tensor("Polygamma", input)
    if _kind(a.dtype) != "f":
        raise _dtype_error("Polygamma", "x", a.dtype, "f")
    if isinstance(n, Tensor):
        nv = arr(n)
        if _kind(nv.dtype) not in "iu":
            raise TypeError(f"For 'Polygamma', the dtype of 'n' must be int32 or int64, but got {nv.dtype}.")
    elif isinstance(n, int) and not isinstance(n, bool):
        nv = jnp.asarray(n)
    else:
        raise TypeError(f"For 'Polygamma', the type of 'n' must be int or Tensor, but got {type(n).__name__}.")
    calc = a.astype(_F32) if a.dtype in _LOW else a
    out = jss.polygamma(jnp.broadcast_to(nv.astype(np.int32), calc.shape), calc)
    return _wrap(out.astype(a.dtype))


primitive("Polygamma", polygamma, targets_lacking=("Ascend",))


def _float_same(prim, x, y, names):
    a, b = check_same_dtype(prim, names, x, y)
    if a.dtype not in (np.dtype(np.float32), np.dtype(np.float64)):
        raise _dtype_error(prim, names[0], a.dtype, "f")
    return a, b


@op("igamma")
def igamma(input, other):
    """Regularized lower incomplete gamma function ``P(input, other)``."""
    a, x = _float_same("Igamma", input, other, ("input", "other"))
    check_broadcast("Igamma", a, x, ("input1", "input2"))
    out = jnp.where((x < 0) | (a <= 0), jnp.nan, jss.gammainc(a, x))
    return _wrap(jnp.where(x == 0, jnp.zeros_like(out), out))


@op("igammac")
def igammac(input, other):
    """Regularized upper incomplete gamma function ``Q(input, other)``."""
    a, x = _float_same("Igammac", input, other, ("input", "other"))
    check_broadcast("Igammac", a, x, ("input1", "input2"))
    out = jnp.where(x == 0, jnp.ones_like(x), jss.gammaincc(a, x))
    return _wrap(jnp.where((x < 0) | (a <= 0) | jnp.isinf(x), jnp.nan, out))


primitive("Igamma", igamma)
primitive("Igammac", igammac)


@op("zeta")
def zeta(input, other):
    """Hurwitz zeta function ``zeta(input, other)``; one operand may be a Python number."""
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        raise TypeError("For 'zeta', at least one of 'input' and 'other' must be a Tensor.")
    ref = arr(input if isinstance(input, Tensor) else other)
    for n, v in (("input", input), ("other", other)):
        if isinstance(v, Tensor):
            if arr(v).dtype != ref.dtype:
                raise TypeError(f"For 'Zeta', the dtype of 'input' and 'other' must be the same, but got "
                                f"{arr(input).dtype} and {arr(other).dtype}.")
        elif isinstance(v, bool) or not isinstance(v, (int, float)):
            raise TypeError(f"For 'zeta', the type of '{n}' must be Tensor or Number, but got {type(v).__name__}.")
    if ref.dtype not in (np.dtype(np.float32), np.dtype(np.float64)):
        raise _dtype_error("Zeta", "x", ref.dtype, "f")
    a = arr(input, ref.dtype) if isinstance(input, Tensor) else jnp.asarray(input, ref.dtype)
    q = arr(other, ref.dtype) if isinstance(other, Tensor) else jnp.asarray(other, ref.dtype)
    check_broadcast("BroadcastTo", a, q, ("input1", "input2"))
    return _wrap(jss.zeta(a, q))


primitive("Zeta", zeta)


def _betainc(a, b, x):
    av, bv, xv = check_tensors("Betainc", ("a", "b", "x"), a, b, x)
    if not (av.dtype == bv.dtype == xv.dtype) or av.dtype not in (np.dtype(np.float32), np.dtype(np.float64)):
        raise TypeError(f"For 'Betainc', 'a', 'b' and 'x' must be float32 or float64 with the same dtype, but got "
                        f"{av.dtype}, {bv.dtype} and {xv.dtype}.")
    for n, v in (("b", bv), ("x", xv)):
        if v.shape != av.shape:
            raise ValueError(f"For 'Betainc', shape of {n} {v.shape} is not consistent with the shape a {av.shape}.")
    return _wrap(jss.betainc(av, bv, xv))


primitive("Betainc", _betainc)


def _inplace(name, fn):
    def impl(input):
        out = fn(input)
        input._data = arr(out)
        return input
    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = f"In-place ``{name[:-1]}``: writes the result into ``input`` and returns it."
    return op(name)(impl)


_inplace("erfinv_", _erfinv)


def _tanh_(input):
    return OPS["tanh"].fn(input)


_inplace("tanh_", _tanh_)


@op("mvlgamma")
def mvlgamma(input, p):
    """Multivariate log-gamma of order ``p``; every element must exceed (p-1)/2."""
    a = _tensor("Mvlgamma", "input", input)
    if not _is_int(p):
        raise TypeError(f"For 'Mvlgamma', the type of 'p' should be 'int', but got {type(p).__name__}.")
    if p < 1:
        raise ValueError(f"For 'Mvlgamma', 'p' must be greater than or equal to 1, but got {p}.")
    if a.dtype not in (np.float32, np.float64):
        raise TypeError(f"For 'Mvlgamma', 'input' must be float32 or float64, but got {input.dtype}.")
    c = None if isinstance(a, jax.core.Tracer) else np.asarray(a)
    if c is not None and c.size and np.any(c <= (p - 1) / 2):
        raise ValueError("For Mvlgamma, all elements of 'x' must be greater than (p-1)/2.")
    j = jnp.arange(p, dtype=a.dtype)
    out = jnp.sum(gammaln(a[..., None] - j / 2), axis=-1) + p * (p - 1) / 4 * math.log(math.pi)
    return _wrap(out.astype(a.dtype))


primitive("Mvlgamma", lambda x, p: mvlgamma(x, p), attrs=(("p", None, (int,)),))
