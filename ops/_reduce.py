"""Reductions: ReduceSum/Mean/Max/Min/Prod/All/Any and their functional forms (sum, mean,
prod, amax, amin, all, any), arg-reductions (Argmax, Argmin, ArgMaxWithValue, ...) and the
statistics built on them (std, var, logsumexp, nansum, nanmean, count_nonzero, median), and
counting (bincount/Bincount, CountNonZero, histc, accumulate_n/AccumulateNV2).

Axis handling follows MindSpore: ``()`` (or ``None`` in functional forms) reduces every
axis, an int or a tuple/list of ints selects axes, a Tensor axis is read as a list; an
out-of-range axis is a ValueError, a repeated one a RuntimeError.
"""

import functools
import numbers

import numpy as np
import jax.numpy as jnp
from jax import lax

from mscompat.common import dtype as mstype
from ._args import (arr, check_bool, check_tensor, Tensor, to_np_dtype, is_int as _is_int, tensor_arg as _tensor,
                    check_arg_type as _check_type, shape_value)
from ._programs import one_program
from ._registry import op, primitive, register_primitive_class, tensor_method, BLACK
from .primitive import PrimitiveWithInfer, prim_attr_register
from mscompat._checkparam import check_value_type

_wrap = Tensor._wrap
_tensor_in = functools.partial(_tensor, form="type_input")   # "the type of input 'x' must be Tensor"
_BOOL = np.dtype(np.bool_)
_I64 = np.dtype(np.int64)
_F32 = np.dtype(np.float32)


def _kind(dt):
    dt = np.dtype(dt)
    if dt == _BOOL:
        return "b"
    if dt.kind in "iu":
        return "i"
    if dt.kind == "c":
        return "c"
    return "f"


def _call_fail(name, detail):
    return TypeError(f"Failed calling {name} with \"{name}({detail})\".")


def _axes(name, ndim, axis, dup_error=RuntimeError, prefix="primitive"):
    """``axis`` (int, tuple, list, Tensor) as a sorted tuple of non-negative axes; ``()`` stays ``()``."""
    if isinstance(axis, Tensor):
        axis = arr(axis).tolist()
    if _is_int(axis):
        axis = [axis]
    elif isinstance(axis, (tuple, list)):
        for a in axis:
            if not _is_int(a):
                raise TypeError(f"For '{name}', the element of 'axis' should be 'int', but got "
                                f"type '{type(a).__name__}'.")
    else:
        raise TypeError(f"For '{name}', the type of 'axis' should be one of 'int', 'tuple', 'list', "
                        f"but got type '{type(axis).__name__}'.")
    rank = max(ndim, 1)
    out = []
    for a in axis:
        a = int(a)
        if not -rank <= a < rank:
            raise ValueError(f"For {prefix}[{name}], the axis value must be in [{-rank},{rank}), but got {a}.")
        a %= rank
        if a in out:
            raise dup_error(f"For '{name}', dim={a} appears multiple times in the list of dims")
        out.append(a)
    if ndim == 0:
        return ()
    return tuple(sorted(out))


def _reduce_axes(name, a, axis, **kw):
    """Axes to reduce: every axis when ``axis`` is an empty tuple/list."""
    if isinstance(axis, (tuple, list)) and len(axis) == 0:
        return tuple(range(a.ndim))
    return _axes(name, a.ndim, axis, **kw)


def _acc(a):
    """Accumulation dtype for sums/means of low-precision floats."""
    if a.dtype in (np.float16,) or a.dtype.name == "bfloat16":
        return _F32
    return a.dtype


@one_program(static_argnums=(1, 2))
def _sum(a, axes, keep):
    if a.dtype == _BOOL:
        return jnp.any(a, axis=axes, keepdims=keep)
    return jnp.sum(a, axis=axes, keepdims=keep, dtype=_acc(a)).astype(a.dtype)


@one_program(static_argnums=(1, 2, 3))
def _mean(a, axes, keep, name="ReduceMean"):
    k = _kind(a.dtype)
    if k == "b":
        raise RuntimeError(f"For '{name}', unsupported reduce operation for bool.")
    n = int(np.prod([a.shape[i] for i in axes], dtype=np.int64))
    if k == "i":
        s = jnp.sum(a, axis=axes, keepdims=keep, dtype=_I64 if a.dtype.kind == "i" else np.uint64)
        return lax.div(s, jnp.asarray(max(n, 1), s.dtype)).astype(a.dtype)
    s = jnp.sum(a, axis=axes, keepdims=keep, dtype=_acc(a))
    return (s / n).astype(a.dtype)


def _max(a, axes, keep, name="ReduceMax"):
    if a.dtype == _BOOL:
        raise TypeError(f"Select CPU operator[{name}] fail! Unsupported data type!")
    return jnp.max(a, axis=axes, keepdims=keep)


def _min(a, axes, keep, name="ReduceMin"):
    if a.dtype == _BOOL:
        raise TypeError(f"Select CPU operator[{name}] fail! Unsupported data type!")
    return jnp.min(a, axis=axes, keepdims=keep)


def _prod(a, axes, keep):
    if a.dtype == _BOOL:
        return jnp.all(a, axis=axes, keepdims=keep)
    return jnp.prod(a, axis=axes, keepdims=keep, dtype=_acc(a)).astype(a.dtype)


def _all(a, axes, keep):
    return jnp.all(a, axis=axes, keepdims=keep)


def _any(a, axes, keep):
    return jnp.any(a, axis=axes, keepdims=keep)


def _reduce_prim(name, fn, skip=False):
    """The kernel of the Primitive ``name`` (``ReduceSum``...): ``(x, axis=(), keep_dims=False)``,
    with ``skip_mode`` for ReduceSum; the functional forms below run it too."""
    def impl(x, axis=(), keep_dims=False, skip_mode=False):
        if not isinstance(x, Tensor):
            raise _call_fail(name, f"keep_dims=bool)(x={type(x)}, axis={type(axis).__name__}")
        if not isinstance(keep_dims, (bool, np.bool_)):
            raise _call_fail(name, f"keep_dims={type(keep_dims).__name__})(x=Tensor")
        if axis is None or isinstance(axis, (float, str)):
            raise _call_fail(name, f"keep_dims=bool)(x=Tensor, axis={type(axis).__name__}")
        a = arr(x)
        if skip_mode and isinstance(axis, (tuple, list)) and len(axis) == 0:
            return _wrap(a)
        axes = _reduce_axes(name, a, axis)
        return _wrap(fn(a, axes, bool(keep_dims)))

    def kernel(x, axis=(), keep_dims=False):
        return impl(x, axis, keep_dims)
    out = impl if skip else kernel
    out.__name__ = name
    return out


_reduce_sum_impl = _reduce_prim("ReduceSum", _sum, skip=True)
_reduce_mean_impl = _reduce_prim("ReduceMean", _mean)
_reduce_max_impl = _reduce_prim("ReduceMax", _max)
_reduce_min_impl = _reduce_prim("ReduceMin", _min)
_reduce_prod_impl = _reduce_prim("ReduceProd", _prod)
_reduce_all_impl = _reduce_prim("ReduceAll", _all)
_reduce_any_impl = _reduce_prim("ReduceAny", _any)

primitive("ReduceSum", _reduce_sum_impl, attrs=(("keep_dims", False), ("skip_mode", False)))
for _name, _kernel in (("ReduceMean", _reduce_mean_impl), ("ReduceMax", _reduce_max_impl),
                       ("ReduceMin", _reduce_min_impl), ("ReduceAll", _reduce_all_impl),
                       ("ReduceAny", _reduce_any_impl)):
    primitive(_name, _kernel, attrs=(("keep_dims", False),))
primitive("ReduceProd", _reduce_prod_impl, attrs=(("keep_dims", False),), amp=BLACK)


@op("reduce_sum")
def reduce_sum(x, axis=()):
    return _reduce_sum_impl(x, axis)


@op("reduce_mean")
def reduce_mean(x, axis=()):
    return _reduce_mean_impl(x, axis)


@op("reduce_max")
def reduce_max(x, axis=()):
    return _reduce_max_impl(x, axis)


@op("reduce_min")
def reduce_min(x, axis=()):
    return _reduce_min_impl(x, axis)


@op("mean")
def mean(x, axis=None, keep_dims=False):
    """Mean over ``axis`` (all axes when None); integer inputs truncate, bool is an error."""
    return _reduce_mean_impl(x, () if axis is None else axis, keep_dims)


def _ext_dtype(name, a, dtype):
    if dtype is not None:
        if not isinstance(dtype, mstype.Type):
            raise _call_fail(name, f")(input=Tensor, dtype={type(dtype).__name__}")
        return a.astype(to_np_dtype(dtype))
    if _kind(a.dtype) in "bi":
        return a.astype(_I64)
    return a


def _ext_checks(name, x, dim, keepdim):
    if not isinstance(x, Tensor):
        raise _call_fail(name, f")(input={type(x)}, dim={type(dim).__name__}")
    if not isinstance(keepdim, (bool, np.bool_)):
        raise _call_fail(name, f")(input=Tensor, dim={type(dim).__name__}, keepdim={type(keepdim).__name__}")
    if dim is not None and not isinstance(dim, (tuple, list, Tensor)) and not _is_int(dim):
        raise _call_fail(name, f")(input=Tensor, dim={type(dim).__name__}")
    return arr(x)


@op("sum", amp=BLACK)
def sum(input, dim=None, keepdim=False, *, dtype=None):  # noqa: A001 (MindSpore's name)
    """Sum over ``dim``; int and bool inputs give int64 unless ``dtype`` is given."""
    a = _ext_checks("SumExt", input, dim, keepdim)
    a = _ext_dtype("SumExt", a, dtype)
    axes = tuple(range(a.ndim)) if dim is None else _reduce_axes("SumExt", a, dim, dup_error=ValueError)
    return _wrap(_sum(a, axes, bool(keepdim)))


@op("prod", amp=BLACK)
def prod(input, axis=None, keep_dims=False, dtype=None):
    """Product over ``axis``; an int/None axis promotes int and bool inputs to int64 (ProdExt)."""
    if isinstance(axis, (tuple, list, Tensor)):
        if dtype is not None:
            input = Tensor._wrap(arr(input).astype(to_np_dtype(dtype)))
        return _reduce_prod_impl(input, axis, keep_dims)
    a = _ext_checks("ProdExt", input, axis, keep_dims)
    a = _ext_dtype("ProdExt", a, dtype)
    axes = tuple(range(a.ndim)) if axis is None else _reduce_axes("ProdExt", a, axis)
    return _wrap(_prod(a, axes, bool(keep_dims)))


def _select_initial(name, x, initial, where, fn):
    a = arr(x)
    if where is not None:
        if initial is None:
            raise ValueError("initial value must be provided for where masks")
        w = arr(where).astype(bool)
        a = jnp.where(w, a, jnp.asarray(initial).astype(a.dtype))
    elif initial is not None:
        a = fn(a, jnp.asarray(initial).astype(a.dtype))
    return _wrap(a) if a is not arr(x) else x


@op("amax", method="amax")
def amax(input, axis=None, keepdims=False, *, initial=None, where=None):
    """Maximum over ``axis``; ``initial`` joins the reduction, ``where`` masks elements."""
    _tensor_in("ReduceMax", "x", input)
    x = _select_initial("amax", input, initial, where, jnp.maximum)
    return _reduce_max_impl(x, () if axis is None else axis, keepdims)


@op("amin", method="amin")
def amin(input, axis=None, keepdims=False, *, initial=None, where=None):
    """Minimum over ``axis``; ``initial`` joins the reduction, ``where`` masks elements."""
    _tensor_in("ReduceMin", "x", input)
    x = _select_initial("amin", input, initial, where, jnp.minimum)
    return _reduce_min_impl(x, () if axis is None else axis, keepdims)


@op("all")
def all(input, axis=None, keep_dims=False):  # noqa: A001
    """Logical AND over ``axis`` (all axes when None); result is bool."""
    return _reduce_all_impl(input, () if axis is None else axis, keep_dims)


@op("any")
def any(input, axis=None, keep_dims=False):  # noqa: A001
    """Logical OR over ``axis`` (all axes when None); result is bool."""
    return _reduce_any_impl(input, () if axis is None else axis, keep_dims)


# ---------------------------------------------------------------------------------------
# Arg-reductions


_ARG_INPUT = {"Argmax": "input_x", "Argmin": "x"}


def _arg_axis(name, ndim, axis, attrs="keep_dims=bool", arg="input", rank=None):
    if not _is_int(axis):
        raise _call_fail(name, f"axis={type(axis).__name__}, {attrs})({arg}=Tensor")
    rank = max(ndim, 1) if rank is None else rank
    if not -rank <= axis < rank:
        raise ValueError(f"For primitive[{name}], the axis must be in [{-rank},{rank}), but got {axis}.")
    return int(axis) % rank


def _arg_with_value(name, fn, argfn):
    def impl(x, axis=0, keep_dims=False):
        a = _tensor_in(name, "input", x)
        ax = _arg_axis(name, a.ndim, axis)
        if a.dtype == _BOOL:
            raise TypeError(f"Select CPU operator[{name}] fail! Unsupported data type!")
        if a.ndim == 0:
            return _wrap(jnp.asarray(0, _I64)), _wrap(a)
        idx = argfn(a, axis=ax, keepdims=bool(keep_dims)).astype(_I64)
        val = fn(a, axis=ax, keepdims=bool(keep_dims))
        return _wrap(idx), _wrap(val)
    return impl


primitive("ArgMaxWithValue", _arg_with_value("ArgMaxWithValue", jnp.max, jnp.argmax),
          attrs=(("axis", 0), ("keep_dims", False)))
primitive("ArgMinWithValue", _arg_with_value("ArgMinWithValue", jnp.min, jnp.argmin),
          attrs=(("axis", 0), ("keep_dims", False)))


def _arg_index(name, argfn):
    """The kernel of ``Argmax``/``Argmin``: the index along ``axis`` as ``output_type``; the
    functional ops and Tensor methods run it too (one axis check, one message)."""
    def impl(x, axis=-1, output_type=mstype.int32):
        a = _tensor_in(name, "input", x)
        if output_type not in (mstype.int32, mstype.int64):
            raise ValueError(f"{name} error: dtype should be Int32 or Int64 but got {output_type}")
        ax = _arg_axis(name, a.ndim, axis, "output_type=mindspore.dtype", _ARG_INPUT[name], rank=a.ndim)
        if a.dtype == _BOOL:
            raise TypeError(f"Select CPU operator[{name}] fail! Unsupported data type!")
        return _wrap(argfn(a, axis=ax).astype(to_np_dtype(output_type)))
    impl.__name__ = name
    return impl


_argmax_impl = _arg_index("Argmax", jnp.argmax)
_argmin_impl = _arg_index("Argmin", jnp.argmin)
primitive("Argmax", _argmax_impl, attrs=(("axis", -1), ("output_type", mstype.int32)))
primitive("Argmin", _argmin_impl, attrs=(("axis", -1), ("output_type", mstype.int32)))


def _arg_reduce(kernel, input, axis, keepdims, output_type):
    """``ops.argmax``/``ops.argmin`` on the Primitive's kernel: a 0-d input gives int64 0, no
    axis reduces the flattened input (``keepdims`` is then ignored)."""
    a = _tensor_in(kernel.__name__, "input", input)
    if a.ndim == 0:
        return _wrap(jnp.asarray(0, _I64))
    if axis is None:
        return kernel(_wrap(a.reshape(-1)), 0, output_type)
    out = kernel(input, axis, output_type)
    if keepdims:
        out = _wrap(jnp.expand_dims(arr(out), int(axis) % a.ndim))
    return out


@op("argmax")
def argmax(input, dim=None, keepdim=False):
    """int64 index of the maximum (over all elements, or along ``dim``); bool inputs compare as ints."""
    check_bool("argmax", "keepdim", keepdim)
    if isinstance(input, Tensor) and arr(input).dtype == _BOOL:
        input = _wrap(arr(input).astype(np.int32))
    return _arg_reduce(_argmax_impl, input, dim, keepdim, mstype.int64)


@op("argmin")
def argmin(input, axis=None, keepdims=False):
    """Index of the minimum (int32) over ``axis``; the flattened input when ``axis`` is None."""
    return _arg_reduce(_argmin_impl, input, axis, keepdims, mstype.int32)


# ---------------------------------------------------------------------------------------
# Statistics


def _std_axis(name, a, axis):
    if axis is None:
        return tuple(range(a.ndim))
    items = axis if isinstance(axis, tuple) else (axis,)
    for v in items:
        if not _is_int(v):
            raise TypeError(f"Each axis should be integer, but got {type(v)} in {items}.")
    rank = max(a.ndim, 1)
    out = []
    for v in items:
        if not -rank <= v < rank:
            raise ValueError(f"The 'axis' must be in the range of [{-rank}, {rank}), but got {v}.")
        out.append(int(v) % rank)
    if a.ndim == 0:
        return ()
    return tuple(sorted(set(out)))


def _var_mean(name, input, axis, ddof, keepdims):
    a = _tensor_in(name, "input", input)
    if not isinstance(ddof, (int, bool)):
        raise TypeError(f"For '{name}', the type of 'ddof' should be one of '['int', 'bool']', "
                        f"but got type '{type(ddof).__name__}'.")
    if not isinstance(keepdims, bool):
        raise TypeError(f"For '{name}', the type of 'keepdims' should be 'bool', "
                        f"but got type '{type(keepdims).__name__}'.")
    if _kind(a.dtype) != "f":
        raise TypeError(f"For '{name}', the input must be a floating point Tensor, but got {a.dtype}.")
    axes = _std_axis(name, a, axis)
    c = a.astype(_acc(a))
    m = jnp.mean(c, axis=axes, keepdims=True)
    n = int(np.prod([a.shape[i] for i in axes], dtype=np.int64))
    v = jnp.sum(jnp.square(c - m), axis=axes, keepdims=keepdims) / (n - int(ddof))
    if not keepdims:
        m = jnp.squeeze(m, axis=axes)
    return v.astype(a.dtype), m.astype(a.dtype)


@op("var")
def var(input, axis=None, ddof=0, keepdims=False):
    """Variance over ``axis`` with ``ddof`` (True means 1)."""
    return _wrap(_var_mean("var", input, axis, ddof, keepdims)[0])


@op("std")
def std(input, axis=None, ddof=0, keepdims=False):
    """Standard deviation over ``axis`` with ``ddof`` (True means 1)."""
    return _wrap(jnp.sqrt(_var_mean("std", input, axis, ddof, keepdims)[0]))


@op("var_mean")
def var_mean(input, axis=None, ddof=0, keepdims=False):
    v, m = _var_mean("var_mean", input, axis, ddof, keepdims)
    return _wrap(v), _wrap(m)


@op("std_mean")
def std_mean(input, axis=None, ddof=0, keepdims=False):
    v, m = _var_mean("std_mean", input, axis, ddof, keepdims)
    return _wrap(jnp.sqrt(v)), _wrap(m)


def _reduce_std(x, axis=(), unbiased=True, keep_dims=False):
    a = _tensor_in("ReduceStd", "input_x", x)
    axis = axis if isinstance(axis, (tuple, list)) else [axis]
    axes = _axes("ReduceStd", a.ndim, axis) or tuple(range(a.ndim))
    v, m = _var_mean("ReduceStd", x, tuple(axes), 1 if unbiased else 0, bool(keep_dims))
    return _wrap(jnp.sqrt(v)), _wrap(m)


primitive("ReduceStd", _reduce_std, attrs=(("axis", []), ("unbiased", True), ("keep_dims", False)),
          call=lambda p, x: _reduce_std(x, p.axis, p.unbiased, p.keep_dims))


@op("logsumexp")
def logsumexp(input, dim, keepdim=False):
    """``log(sum(exp(input)))`` over ``dim``, computed stably."""
    a = _tensor_in("logsumexp", "input", input)
    if _kind(a.dtype) == "i" and a.dtype != _I64:
        raise TypeError(f"For primitive[Exp], the input argument[input] must be a type of {{BFloat16, Bool, "
                        f"Complex128, Complex64, Float16, Float32, Float64, Int64}}, but got {mstype.from_numpy_dtype(a.dtype)}.")
    if _kind(a.dtype) != "f":
        a = a.astype(_F32)
    axes = _reduce_axes("ReduceMax", a, dim)
    c = a.astype(_acc(a))
    mx = lax.stop_gradient(jnp.max(c, axis=axes, keepdims=True))
    mx = jnp.where(jnp.isfinite(mx), mx, 0)
    out = jnp.log(jnp.sum(jnp.exp(c - mx), axis=axes, keepdims=True)) + mx
    if not keepdim:
        out = jnp.squeeze(out, axis=axes)
    return _wrap(out.astype(a.dtype))


@op("nansum")
def nansum(input, axis=None, keepdims=False, *, dtype=None):
    """Sum over ``axis`` treating NaN as zero."""
    a = _tensor_in("nansum", "input", input)
    if dtype is not None:
        a = a.astype(to_np_dtype(dtype))
    if _kind(a.dtype) in "fc":
        a = jnp.where(jnp.isnan(a), jnp.zeros((), a.dtype), a)
    axes = tuple(range(a.ndim)) if axis is None else _reduce_axes("ReduceSum", a, axis)
    return _wrap(_sum(a, axes, bool(keepdims)))


@op("nanmean")
def nanmean(input, axis=None, keepdims=False, *, dtype=None):
    """Mean over ``axis`` of the non-NaN elements (floating inputs only)."""
    a = _tensor_in("nanmean", "input", input)
    if _kind(a.dtype) != "f":
        raise TypeError(f"For 'nanmean', input should be floating point dtype, but got {type(input)}.")
    if dtype is not None:
        a = a.astype(to_np_dtype(dtype))
    axes = tuple(range(a.ndim)) if axis is None else _reduce_axes("ReduceSum", a, axis)
    nan = jnp.isnan(a)
    c = jnp.where(nan, 0, a).astype(_acc(a))
    s = jnp.sum(c, axis=axes, keepdims=bool(keepdims))
    n = jnp.sum(~nan, axis=axes, keepdims=bool(keepdims)).astype(s.dtype)
    return _wrap((s / n).astype(a.dtype))


_NUMBER = (mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.uint8, mstype.uint16,
           mstype.uint32, mstype.uint64, mstype.float16, mstype.float32, mstype.float64)


@op("count_nonzero")
def count_nonzero(x, axis=(), keep_dims=False, dtype=mstype.int32):
    """Number of non-zero elements over ``axis`` (all when ``()``), as ``dtype``."""
    a = _tensor_in("count_nonzero", "x", x)
    if a.dtype == _BOOL:
        raise TypeError(f"The 'input x' doesn't support 'Bool' and expect to receive {_NUMBER}.")
    check_bool("count_nonzero", "keep_dims", keep_dims)
    axes = _reduce_axes("ReduceSum", a, axis)
    n = jnp.sum(a != 0, axis=axes, keepdims=keep_dims, dtype=_I64)
    return _wrap(n.astype(to_np_dtype(dtype)))


def _median_lower(a, axis, keep):
    """Lower median along ``axis`` and the index of its first occurrence."""
    n = a.shape[axis]
    k = (n - 1) // 2
    srt = jnp.sort(a, axis=axis)
    val = jnp.take(srt, jnp.asarray([k]), axis=axis)
    hit = a == val
    idx = jnp.argmax(hit, axis=axis, keepdims=True).astype(_I64)
    if not keep:
        val = jnp.squeeze(val, axis=axis)
        idx = jnp.squeeze(idx, axis=axis)
    return val, idx


@op("median", targets_lacking=("Ascend",), kernel="Median")
def median(input, axis=-1, keepdims=False):
    """Lower median along ``axis`` and its index (int64)."""
    a = _tensor_in("Median", "input", input)
    if a.ndim == 0:
        return _wrap(a), _wrap(jnp.asarray(0, _I64))
    ax = _arg_axis("Median", a.ndim, axis)
    v, i = _median_lower(a, ax, bool(keepdims))
    return _wrap(v), _wrap(i)


@tensor_method("ptp")
def _tensor_ptp(self, axis=None, keepdims=False):
    """``Tensor.ptp(axis=None, keepdims=False)``: the range (maximum - minimum) over ``axis``
    (every axis when None or ``()``)."""
    a = arr(self)
    if not isinstance(keepdims, bool):
        raise TypeError(f"For 'Tensor.ptp', the type of the argument 'keepdims' must be bool, but got "
                        f"{type(keepdims)}.")
    if axis is not None and not _is_int(axis) and not isinstance(axis, tuple):
        raise TypeError(f"For Tensor.ptp, the axis should be int, tuple, , but got {type(axis)}.")
    axes = None if axis is None else _reduce_axes("Tensor.ptp", a, axis)
    return _wrap(jnp.max(a, axis=axes, keepdims=keepdims) - jnp.min(a, axis=axes, keepdims=keepdims))


def _nanmedian_lower(a, axis, keep):
    """Lower median of the non-NaN values along ``axis`` and its index: the element at that place
    of a stable sort (NaNs sort last); NaN and index 0 where every value is NaN."""
    order = jnp.argsort(a, axis=axis, stable=True)
    valid = jnp.sum(~jnp.isnan(a), axis=axis, keepdims=True) if a.dtype.kind == "f" else \
        jnp.full((1,) * a.ndim, a.shape[axis])
    idx = jnp.take_along_axis(order, jnp.maximum((valid - 1) // 2, 0), axis=axis)
    val = jnp.take_along_axis(a, idx, axis=axis)
    if a.dtype.kind == "f":
        val = jnp.where(valid == 0, jnp.nan, val)
    idx = jnp.where(valid == 0, 0, idx).astype(_I64)
    if not keep:
        val, idx = jnp.squeeze(val, axis=axis), jnp.squeeze(idx, axis=axis)
    return val, idx


@op("nanmedian")
def nanmedian(input, axis=-1, keepdims=False):
    """Lower median along ``axis`` ignoring NaNs, and its index (int64)."""
    a = _tensor_in("Median", "input", input)
    check_value_type('axis', axis, [int], 'Median')
    check_value_type('keep_dims', keepdims, [bool], 'Median')
    if a.ndim == 0:
        return _wrap(a), _wrap(jnp.asarray(0, _I64))
    ax = _arg_axis("Median", a.ndim, axis)
    v, i = _nanmedian_lower(a, ax, keepdims)
    return _wrap(v), _wrap(i)


def _median_prim(x, global_median=False, axis=0, keep_dims=False, ignore_nan=False):
    a = _tensor_in("Median", "x", x)
    if global_median:
        v, _ = _median_lower(a.reshape(-1), 0, False)
        return _wrap(v), _wrap(jnp.asarray(0, _I64))
    return median(x, axis, keep_dims)


primitive("Median", _median_prim, attrs=(("global_median", False), ("axis", 0), ("keep_dims", False),
                                          ("ignore_nan", False)), targets_lacking=("Ascend",))


# ---------------------------------------------------------------------------------------
# Counting


@op("bincount")
def bincount(input, weights=None, minlength=0):
    """Count of each non-negative value of the 1-D ``input`` (weighted by ``weights``), float32."""
    a = _tensor_in("bincount", "input", input)
    if a.ndim != 1:
        raise ValueError(f"For 'bincount', the 'input' must be 1-D, but got {a.ndim}-D.")
    if isinstance(minlength, bool) or not isinstance(minlength, int):
        raise TypeError(f"For 'bincount', the type of 'minlength' should be 'int', but got "
                        f"type '{type(minlength).__name__}'.")
    if minlength < 0:
        raise ValueError(f"For 'bincount', 'minlength' must be non-negative, but got {minlength}.")
    vals = shape_value(a).astype(np.int64)
    length = int(max(int(vals.max()) + 1 if vals.size else 0, minlength))
    w = jnp.ones(a.shape, _F32) if weights is None else arr(weights).astype(_F32)
    return _wrap(_counts(a.astype(_I64), length, w))


def _counts(idx, n, w):
    """The kernel of bincount/Bincount: the sums of the weights ``w`` of each value 0..n-1 of
    ``idx`` (other values are left out)."""
    ok = (idx >= 0) & (idx < n)
    return jnp.zeros((n,), w.dtype).at[jnp.where(ok, idx, n)].add(w, mode="drop")


@op("histc")
def histc(input, bins=100, min=0.0, max=0.0):  # noqa: A002
    """Histogram of ``input`` with ``bins`` equal bins over ``[min, max]`` (the data range
    when both are equal); elements outside are ignored. Result has ``input``'s dtype."""
    a = _tensor_in("histc", "input", input)
    check_value_type('bins', bins, [int], 'Histogram')
    if bins <= 0:
        raise ValueError(f"For 'Histogram', the 'bins' must be greater than 0, but got {bins}.")
    if min > max:
        raise ValueError(f"For 'Histogram', 'max' must be larger than 'min', but got {max} and {min}.")
    c = a.reshape(-1).astype(np.float64 if a.dtype == np.float64 else _F32)
    lo, hi = jnp.asarray(min, c.dtype), jnp.asarray(max, c.dtype)
    if min == max:
        lo, hi = jnp.min(c), jnp.max(c)
        same = lo == hi
        lo, hi = jnp.where(same, lo - 1, lo), jnp.where(same, hi + 1, hi)
    inside = (c >= lo) & (c <= hi)
    pos = jnp.floor((c - lo) * bins / (hi - lo)).astype(_I64)
    pos = jnp.clip(pos, 0, bins - 1)
    out = jnp.zeros((bins,), _I64).at[jnp.where(inside, pos, bins)].add(1, mode="drop")
    return _wrap(out.astype(a.dtype))


def _accumulate(name, x):
    if not isinstance(x, (tuple, list)) or not x:
        raise TypeError(f"For '{name}', the input must be a non-empty tuple or list of Tensors.")
    arrays = [_tensor_in(name, "x", t) for t in x]
    if len({a.dtype for a in arrays}) != 1:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    if len({a.shape for a in arrays}) != 1:
        raise ValueError(f"For primitive[{name}], the input shape must be same.")
    out = arrays[0]
    for a in arrays[1:]:
        out = out + a
    return _wrap(out)


@op("accumulate_n")
def accumulate_n(x):
    """Element-wise sum of the tensors in ``x`` (same shape and dtype)."""
    return _accumulate("AccumulateNV2", x)


primitive("AccumulateNV2", lambda x: _accumulate("AccumulateNV2", x))


# --- counting and spacing -------------------------------------------------------------------

def _bincount(array, size, weights):
    a = _tensor("Bincount", "array", array)
    w = _tensor("Bincount", "weights", weights)
    if a.dtype != np.int32:
        raise TypeError(f"For 'Bincount', 'array' must be int32, but got {array.dtype}.")
    n = int(size) if isinstance(size, Tensor) else size
    if n < 0:
        raise ValueError(f"For 'Bincount', 'size' must be non-negative, but got {n}.")
    flat = a.reshape(-1)
    return _wrap(_counts(flat, n, jnp.ones(flat.shape, w.dtype) if w.size == 0 else w.reshape(-1)))


primitive("Bincount", _bincount)


def _count_nonzero(prim, x):
    check_tensor("CountNonZero", "x", x)
    a = arr(x)
    dims = prim.dims
    if dims is None or dims == () or dims == []:
        axes = None
    else:
        axes = (dims,) if isinstance(dims, numbers.Integral) else tuple(dims)
        axes = tuple(d % a.ndim for d in axes)
    return _wrap(jnp.count_nonzero(a, axis=axes).astype(jnp.int64))


primitive("CountNonZero", None, attrs=(("dims", None),), call=_count_nonzero)


# ----------------------------------------------------------------------------------------
# metrics, beam search, embedding cache

@register_primitive_class
class ConfusionMatrix(PrimitiveWithInfer):
    """``ConfusionMatrix(num_classes, dtype='int32')(labels, predictions, weights=None)``:
    ``out[label, prediction] += weight`` (a ``(num_classes, num_classes)`` matrix)."""

    @prim_attr_register
    def __init__(self, num_classes, dtype="int32"):
        _check_type(self.name, "num_classes", num_classes, (int,))
        _check_type(self.name, "dtype", dtype, (str,))

    def __call__(self, labels, predictions, weights=None):
        la, pr = arr(labels), arr(predictions)
        if la.ndim != 1 or la.shape != pr.shape:
            raise ValueError(f"For '{self.name}', 'labels' must be 1-D with the shape of 'predictions', but got "
                             f"{la.shape} and {pr.shape}.")
        if la.dtype != pr.dtype:
            raise TypeError(f"For '{self.name}', 'labels' and 'predictions' must have the same dtype, but got "
                            f"{labels.dtype} and {predictions.dtype}.")
        w = jnp.ones(la.shape, la.dtype) if weights is None else arr(weights).astype(la.dtype)
        n = self.num_classes
        out = jnp.zeros((n, n), la.dtype).at[la.astype(jnp.int32), pr.astype(jnp.int32)].add(w, mode="drop")
        return _wrap(out)
