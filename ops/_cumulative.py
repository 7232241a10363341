"""Cumulative reductions along one axis: cumsum, cumprod, cummax, cummin, logcumsumexp and their
Primitives (CumSum, CumProd, Cummax, Cummin, CumulativeLogsumexp)."""
import numpy as np
import jax.numpy as jnp
from jax import lax

from mscompat.common import dtype as mstype
from ._args import arr, check_bool, Tensor, to_np_dtype
from ._registry import op, primitive, BLACK
from ._reduce import _tensor_in, _is_int, _kind, _call_fail, _acc, _I64, _BOOL

_wrap = Tensor._wrap
_I32 = np.dtype(np.int32)


def _ms(dt):
    return mstype.from_numpy_dtype(np.dtype(dt))


# ---------------------------------------------------------------------------------------
# Cumulative ops


def _cum_axis(name, a, axis, prim="primitive"):
    if isinstance(axis, Tensor):
        axis = arr(axis).tolist()
    if not _is_int(axis):
        raise _call_fail(name, f"exclusive=bool, reverse=bool)(input=Tensor, axis={type(axis).__name__}")
    rank = max(a.ndim, 1)
    if not -rank <= axis < rank:
        raise ValueError(f"For {prim}[{name}], the axis must be in [{-rank},{rank}), but got {axis}.")
    return int(axis) % rank


def _shift(a, axis, fill):
    """``a`` shifted by one along ``axis`` (first slot filled with ``fill``): exclusive scans."""
    n = a.shape[axis]
    head = jnp.full(a.shape[:axis] + (1,) + a.shape[axis + 1:], fill, a.dtype)
    body = lax.slice_in_dim(a, 0, max(n - 1, 0), axis=axis)
    return jnp.concatenate([head, body], axis=axis)


def _scan(name, fn, identity, x, axis, exclusive, reverse):
    a = _tensor_in(name, "input", x)
    if a.dtype == _BOOL:
        raise TypeError(f"For primitive[{name}], the input argument[x] must be a numeric Tensor, but got "
                        "Tensor[Bool].")
    for attr, v in (("exclusive", exclusive), ("reverse", reverse)):
        check_bool(name, attr, v)
    if a.ndim == 0:
        return _wrap(a)
    ax = _cum_axis(name, a, axis)
    if reverse:
        a = jnp.flip(a, ax)
    out = fn(a.astype(_acc(a)), axis=ax).astype(a.dtype)
    if exclusive:
        out = _shift(out, ax, identity(a.dtype))
    if reverse:
        out = jnp.flip(out, ax)
    return _wrap(out)


def _cumsum_impl(x, axis, exclusive=False, reverse=False):
    return _scan("CumSum", jnp.cumsum, lambda d: 0, x, axis, exclusive, reverse)


def _cumprod_impl(x, axis, exclusive=False, reverse=False):
    return _scan("CumProd", jnp.cumprod, lambda d: 1, x, axis, exclusive, reverse)


primitive("CumSum", _cumsum_impl, attrs=(("exclusive", False), ("reverse", False)), amp=BLACK)
primitive("CumProd", _cumprod_impl, attrs=(("exclusive", False), ("reverse", False)), amp=BLACK)


def _cast_opt(x, dtype):
    if dtype is not None and isinstance(x, Tensor) and arr(x).dtype != to_np_dtype(dtype):
        return _wrap(arr(x).astype(to_np_dtype(dtype)))
    return x


@op("cumsum", amp=BLACK)
def cumsum(x, axis, dtype=None):
    """Cumulative sum along ``axis`` (optionally after casting to ``dtype``)."""
    return _cumsum_impl(_cast_opt(x, dtype), axis)


@op("cumprod", method="cumprod", amp=BLACK)
def cumprod(input, dim, dtype=None):
    """Cumulative product along ``dim``; int and bool inputs give int64 unless ``dtype`` is given."""
    a = _tensor_in("CumProd", "input", input)
    if dtype is None and _kind(a.dtype) in "bi":
        input = _wrap(a.astype(_I64))
    return _cumprod_impl(_cast_opt(input, dtype), dim)


def _cum_extreme(name, x, axis, greater, idx_dtype):
    a = _tensor_in(name, "input", x)
    if a.ndim == 0:
        return _wrap(a), _wrap(jnp.zeros((), idx_dtype))
    rank = max(a.ndim, 1)
    if not _is_int(axis):
        raise TypeError(f"For '{name}', the type of 'axis' should be 'int', but got type '{type(axis).__name__}'.")
    if not -rank <= axis < rank:
        raise ValueError(f"For '{name}', the 'axis' must be in range [{-rank}, {rank}), but got {axis}.")
    ax = int(axis) % rank
    shape = [1] * a.ndim
    shape[ax] = a.shape[ax]
    idx = jnp.broadcast_to(jnp.arange(a.shape[ax], dtype=idx_dtype).reshape(shape), a.shape)

    def combine(p, q):
        (v1, i1), (v2, i2) = p, q
        take = (v2 >= v1) if greater else (v2 <= v1)
        take = take | jnp.isnan(v2) if _kind(a.dtype) == "f" else take
        return jnp.where(take, v2, v1), jnp.where(take, i2, i1)

    v, i = lax.associative_scan(combine, (a, idx), axis=ax)
    return _wrap(v), _wrap(i)


@op("cummax")
def cummax(input, axis):
    """Running maximum along ``axis`` and the (last) index where it occurs (int64)."""
    return _cum_extreme("cummax", input, axis, True, _I64)


@op("cummin")
def cummin(input, axis):
    """Running minimum along ``axis`` and the (last) index where it occurs (int32)."""
    return _cum_extreme("cummin", input, axis, False, _I32)


primitive("Cummax", lambda x, axis: cummax(x, axis), attrs=(("axis", 0),))
primitive("Cummin", lambda x, axis: cummin(x, axis), attrs=(("axis", 0),))


def _logcumsumexp(x, axis, exclusive=False, reverse=False, name="CumulativeLogsumexp"):
    a = _tensor_in(name, "x", x)
    if _kind(a.dtype) != "f":
        raise TypeError(f"For primitive[{name}], the input argument[x] must be a type of "
                        f"{{Tensor[Float16], Tensor[Float32], Tensor[Float64]}}, but got Tensor[{_ms(a.dtype)}].")
    if a.ndim == 0:
        return _wrap(a)
    ax = _cum_axis(name, a, axis)
    c = a.astype(_acc(a))
    if reverse:
        c = jnp.flip(c, ax)
    out = lax.cumlogsumexp(c, axis=ax)
    if exclusive:
        out = _shift(out, ax, jnp.finfo(c.dtype).min)
    if reverse:
        out = jnp.flip(out, ax)
    return _wrap(out.astype(a.dtype))


@op("logcumsumexp")
def logcumsumexp(input, axis):
    """``log(cumsum(exp(input)))`` along ``axis``, computed stably."""
    return _logcumsumexp(input, axis, name="logcumsumexp")


def _cum_lse_call(prim, x, axis):
    if not isinstance(axis, Tensor):
        raise TypeError(f"For Primitive[CumulativeLogsumexp], the type of input argument[axis] must be Tensor "
                        f"but got {_ms(np.int64) if isinstance(axis, int) else type(axis).__name__}.")
    return _logcumsumexp(x, axis, prim.exclusive, prim.reverse)


primitive("CumulativeLogsumexp", _logcumsumexp, attrs=(("exclusive", False, (bool,)), ("reverse", False, (bool,))),
          call=_cum_lse_call)
