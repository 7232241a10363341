"""Tensor methods: MindSpore's Tensor method signatures, mapped onto the functional ops.

A method whose signature is its functional op's (``x.tril(diagonal)`` is
``ops.tril(x, diagonal)``) is declared on the op's entry, ``@op("tril", method="tril")``, in
the op's family module. Every other ``Tensor.x`` method that is not defined in the Tensor class
body adapts MindSpore's method signature and is registered here with ``@tensor_method``.
Methods call the functional op from ``OPS``, so each op has one implementation. This module
is imported after every op family (it is last in ``ops._FAMILIES``), so each method's op is
looked up once, here, as the methods are attached, never per call. MindSpore's Tensor
methods accept both of their overloads' spellings (``axis``/``dim``,
``keepdims``/``keep_dims``/``keepdim``); :func:`_pick` maps them. The methods that call
no op (creation from a Tensor, ``itemset``, the memory and bookkeeping API) are at the end.
"""
import ctypes
import itertools
import numbers
import types

import numpy as np
import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common import _layout
from mscompat.common.tensor import COOTensor, CSRTensor
from ._args import arr, Tensor, to_np_dtype
from ._registry import tensor_method, OPS, METHODS, PRIMITIVES
from ._random import failed_call, type_word
from ._scatter import scatter_into, index_into, index_put_values
from mscompat.context import get_context
from mscompat._graph_print import in_compiled

_wrap = Tensor._wrap


def _fn(name):
    """The functional op ``name`` (every op family is registered before this module runs)."""
    d = OPS.get(name)
    if d is None:
        raise RuntimeError(f"The Tensor methods need the op '{name}', which is not registered.")
    return d.fn


# the functional ops the methods below call, resolved once
_F = types.SimpleNamespace(**{n: _fn(n) for n in (
    "reshape swapaxes transpose squeeze unsqueeze expand_dims moveaxis tile repeat_interleave broadcast_to "
    "chunk split flip unbind narrow sum mean argmax argmin any all prod cumsum cumprod std var norm amax amin "
    "sort argsort topk masked_fill clamp triu tril index_select gather gather_elements nonzero add sub div mul "
    "floor_divide remainder softmax isclose equal permute expand expand_as reverse flatten move_to addmm index_fill "
    "tensor_scatter_sub adjoint uniform_ invert index_add bernoulli_ext bernoulli scatter "
    "tensor_scatter_add").split()})


def _pick(kwargs, names, default=None):
    """Pop the first of the synonyms ``names`` present in ``kwargs``."""
    val, found = default, False
    for n in names:
        if n in kwargs:
            v = kwargs.pop(n)
            if not found:
                val, found = v, True
    return val


def _check_no_kwargs(method, kwargs):
    if kwargs:
        raise TypeError(f"{method}() got an unexpected keyword argument '{next(iter(kwargs))}'.")


def _shape_args(shape):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        return tuple(shape[0])
    return tuple(shape)


def _axis_none(a):
    if isinstance(a, list):
        return tuple(a)
    return a


def _int_axis(axis, ndim):
    return axis % max(ndim, 1) if axis is not None else None


# ----------------------------------------------------------------------------------------
# shape and layout


@tensor_method("reshape")
def _reshape(self, *shape):
    if not shape:
        raise TypeError("reshape() missing 1 required positional arguments: \"shape\".")
    shape = _shape_args(shape)
    return _F.reshape(self, shape)


def _view_dtype(self, dtype):
    """The Tensor's bytes reinterpreted as ``dtype``; the last dimension scales with the item size."""
    a = arr(self)
    target = np.dtype(to_np_dtype(dtype))
    src_size, dst_size = a.dtype.itemsize, target.itemsize
    if a.dtype == np.bool_:
        a = a.astype(np.uint8)
    bits = np.dtype(np.uint8) if target == np.bool_ else target
    if src_size != dst_size:
        what = f"view {self.dtype} as {dtype} (different element sizes)"
        if a.ndim == 0:
            raise ValueError(f"For ViewDtype, scalar tensor (shape: ()) cannot be viewed {what}")
        if dst_size > src_size:
            ratio = dst_size // src_size
            if a.shape[-1] % ratio:
                raise ValueError(f"For ViewDtype, last dimension must be divisible by {ratio} to {what}, "
                                 f"but got {a.shape[-1]}")
            a = a.reshape(a.shape[:-1] + (a.shape[-1] // ratio, ratio))
    out = jax.lax.bitcast_convert_type(a, bits)
    if dst_size < src_size:
        out = out.reshape(out.shape[:-2] + (out.shape[-2] * out.shape[-1],))
    return _wrap(out != 0 if target == np.bool_ else out)


@tensor_method("view")
def _view(self, *shape, **kwargs):
    dtype = kwargs.pop("dtype", None)
    _check_no_kwargs("view", kwargs)
    if dtype is None and len(shape) == 1 and isinstance(shape[0], mstype.Type):
        dtype, shape = shape[0], ()
    if dtype is not None and not shape:
        return _view_dtype(self, dtype)
    if not shape or dtype is not None:
        args = ", ".join(type(v).__name__ for v in shape)
        raise TypeError(f'Failed calling view with "view({args})".')
    return _reshape(self, *shape)


@tensor_method("reshape_as")
def _reshape_as(self, other):
    return _reshape(self, other.shape)


@tensor_method("transpose")
def _transpose(self, *axes):
    axes = _shape_args(axes)
    if not axes:
        return _layout.permuted(_wrap(jnp.transpose(arr(self))), self, tuple(range(self.ndim))[::-1])
    if len(axes) == 2 and self.ndim != 2 or (len(axes) == 2 and self.ndim == 2 and set(axes) != {0, 1}
                                             and all(isinstance(a, int) for a in axes)):
        return _F.swapaxes(self, *axes)
    return _F.transpose(self, axes)


@tensor_method("permute")
def _permute(self, *dims):
    return _F.permute(self, _shape_args(dims))


@tensor_method("flatten")
def _flatten(self, order="C", *, start_dim=0, end_dim=-1):
    if isinstance(order, int) and not isinstance(order, bool):   # flatten(start_dim, end_dim)
        start_dim, order = order, "C"
    return _F.flatten(self, order, start_dim=start_dim, end_dim=end_dim)


@tensor_method("resize")
def _resize(self, *new_shape):
    if not new_shape:
        return self
    shape = new_shape[0] if len(new_shape) == 1 and isinstance(new_shape[0], tuple) else new_shape
    for s in shape:
        if isinstance(s, bool) or not isinstance(s, numbers.Integral):
            raise TypeError(f"For 'resize', 'new_shape' must be ints or one tuple of ints, "
                            f"but got {type(s).__name__}.")
    a = arr(self).reshape(-1)
    size = int(np.prod(shape, dtype=np.int64))
    if size > a.size:
        a = jnp.concatenate([a, jnp.zeros(size - a.size, a.dtype)])
    return _wrap(a[:size].reshape(shape))


@tensor_method("squeeze")
def _squeeze(self, axis=None, **kwargs):
    axis = _pick(kwargs, ("dim",), axis)
    _check_no_kwargs("squeeze", kwargs)
    return _F.squeeze(self, _axis_none(axis))


@tensor_method("unsqueeze")
def _unsqueeze(self, dim=None, **kwargs):
    dim = _pick(kwargs, ("axis",), dim)
    _check_no_kwargs("unsqueeze", kwargs)
    return _F.unsqueeze(self, dim)


@tensor_method("tile")
def _tile(self, *dims):
    return _F.tile(self, _shape_args(dims))


@tensor_method("repeat")
def _repeat(self, *repeats):
    reps = _shape_args(repeats)
    if len(reps) < self.ndim:
        raise ValueError("Number of dimensions of repeat dims can not be smaller than number of dimensions "
                         "of tensor")
    return _wrap(jnp.tile(arr(self), reps))


@tensor_method("repeat_interleave")
def _repeat_interleave(self, repeats, dim=None, **kwargs):
    dim = _pick(kwargs, ("axis",), dim)
    kwargs.pop("output_size", None)
    _check_no_kwargs("repeat_interleave", kwargs)
    return _F.repeat_interleave(self, repeats, dim)


@tensor_method("expand_as")
def _expand_as(self, other=None, **kwargs):
    other = _pick(kwargs, ("x",), other)
    return _F.expand_as(self, other)


@tensor_method("expand")
def _expand(self, *size):
    size = _shape_args(size)
    if len(size) == 1 and isinstance(size[0], Tensor):
        return _F.expand(self, size[0])
    return _F.expand(self, Tensor(np.asarray(size, np.int64)))


@tensor_method("broadcast_to")
def _broadcast_to(self, shape):
    return _F.broadcast_to(self, tuple(shape))


@tensor_method("chunk")
def _chunk(self, chunks, dim=0, **kwargs):
    dim = _pick(kwargs, ("axis",), dim)
    _check_no_kwargs("chunk", kwargs)
    return _F.chunk(self, chunks, dim)


@tensor_method("split")
def _split(self, split_size_or_sections, axis=0, **kwargs):
    axis = _pick(kwargs, ("dim",), axis)
    _check_no_kwargs("split", kwargs)
    return _F.split(self, split_size_or_sections, axis)


@tensor_method("reverse")
def _reverse(self, axis):
    if not isinstance(axis, (list, tuple)):
        raise TypeError(f"Failed calling ReverseV2 with \"ReverseV2(axis={type(axis).__name__})(input=Tensor)\".")
    return _F.reverse(self, axis)


# ----------------------------------------------------------------------------------------
# reductions


@tensor_method("sum")
def _sum(self, axis=None, dtype=None, keepdims=False, initial=None, **kwargs):
    axis = _pick(kwargs, ("dim",), axis)
    keepdims = _pick(kwargs, ("keepdim",), keepdims)
    _check_no_kwargs("sum", kwargs)
    if isinstance(axis, list):
        axis = tuple(axis)
    out = _F.sum(self, axis, keepdims, dtype=dtype)
    if initial is not None:
        out = out + initial
    return out


@tensor_method("mean")
def _mean(self, axis=None, keep_dims=False, **kwargs):
    axis = _pick(kwargs, ("dim",), axis)
    keep_dims = _pick(kwargs, ("keepdims", "keepdim"), keep_dims)
    dtype = kwargs.pop("dtype", None)
    _check_no_kwargs("mean", kwargs)
    x = self if dtype is None else self.astype(dtype)
    return _F.mean(x, _axis_none(axis), keep_dims)


def _max_min(self, which, args, kwargs):
    deprecated = any(k in kwargs for k in ("axis", "keepdims", "initial", "where", "return_indices"))
    # a positional int axis is the (dim, keepdim) overload in PyNative; a compiled call (GRAPH_MODE,
    # ms.jit) resolves it to the (axis, keepdims) overload, which returns the values only
    dim_form = not deprecated and (("dim" in kwargs) or (args and args[0] is not None and not in_compiled()
                                                        and isinstance(args[0], numbers.Integral)))
    names = ("axis", "keepdims") if not dim_form else ("dim", "keepdim")
    vals = dict(zip(names, args))
    for k in list(kwargs):
        if k in ("axis", "dim"):
            vals["axis"] = kwargs.pop(k)
        elif k in ("keepdims", "keepdim"):
            vals["keepdims"] = kwargs.pop(k)
    vals["axis"] = vals.pop("dim", vals.get("axis"))
    vals["keepdims"] = vals.pop("keepdim", vals.get("keepdims", False))
    axis, keepdims = vals.get("axis"), bool(vals.get("keepdims", False))
    initial = kwargs.pop("initial", None)
    where = kwargs.pop("where", True)
    return_indices = kwargs.pop("return_indices", False)
    _check_no_kwargs(which, kwargs)
    a = arr(self)
    red = jnp.max if which == "max" else jnp.min
    if isinstance(where, Tensor):
        where = arr(where)
    if isinstance(axis, list):
        axis = tuple(axis)
    if a.ndim == 0 and axis in (0, -1):
        axis = None
    kw = {}
    if initial is not None:
        kw["initial"] = initial
    if where is not True:
        kw["where"] = where
    vals_ = red(a, axis=axis, keepdims=keepdims, **kw).astype(a.dtype)
    if (dim_form or return_indices) and not isinstance(axis, tuple):
        argf = jnp.argmax if which == "max" else jnp.argmin
        idx = argf(a, axis=axis, keepdims=keepdims).astype(np.int64)
        return _wrap(vals_), _wrap(idx)
    return _wrap(vals_)


@tensor_method("max")
def _max(self, *args, **kwargs):
    return _max_min(self, "max", args, kwargs)


@tensor_method("min")
def _min(self, *args, **kwargs):
    return _max_min(self, "min", args, kwargs)


def _arg_method(name):
    """``Tensor.argmax``/``argmin``: ``(axis=None, keepdims=False)``, also spelled ``dim``/
    ``keepdim``, onto the functional op (whose kernel is the ``Argmax``/``Argmin`` Primitive's)."""
    fn = _fn(name)

    def method(self, axis=None, keepdims=False, **kwargs):
        axis = _pick(kwargs, ("dim",), axis)
        keepdims = _pick(kwargs, ("keepdim",), keepdims)
        _check_no_kwargs(name, kwargs)
        if not (axis is None or isinstance(axis, numbers.Integral) and not isinstance(axis, bool)) \
                or not isinstance(keepdims, (bool, np.bool_)):
            given = ", ".join(_type_word(v) for v in (axis, keepdims)[:2 if keepdims is not False else 1])
            raise TypeError(f'Failed calling {name} with "{name}({given})".')
        return fn(self, axis, keepdims)
    method.__name__ = name
    return method


def _type_word(v):
    return {str: "string", type(None): "None"}.get(type(v), type(v).__name__)


tensor_method("argmax")(_arg_method("argmax"))
tensor_method("argmin")(_arg_method("argmin"))


def _bool_reduce(name):
    fn = _fn(name)

    def method(self, axis=None, keep_dims=False, **kwargs):
        ax = _pick(kwargs, ("dim",), axis)
        kd = _pick(kwargs, ("keepdim", "keepdims"), keep_dims)
        _check_no_kwargs(name, kwargs)
        return fn(self, _axis_none(ax), kd)
    return method


tensor_method("any")(_bool_reduce("any"))
tensor_method("all")(_bool_reduce("all"))


@tensor_method("prod")
def _prod(self, axis=None, keep_dims=False, dtype=None, **kwargs):
    axis = _pick(kwargs, ("dim",), axis)
    keep_dims = _pick(kwargs, ("keepdim", "keepdims"), keep_dims)
    _check_no_kwargs("prod", kwargs)
    return _F.prod(self, _axis_none(axis), keep_dims, dtype=dtype)


@tensor_method("cumsum")
def _cumsum(self, axis=None, dtype=None, **kwargs):
    axis = _pick(kwargs, ("dim",), axis)
    _check_no_kwargs("cumsum", kwargs)
    x = self
    orig = x.dtype
    if orig in (mstype.bool_, mstype.int8, mstype.int16, mstype.uint8):
        x = x.astype(mstype.int32)
    if axis is None:
        x = _wrap(arr(x).reshape(-1))
        axis = 0
    if not -max(x.ndim, 1) <= axis < max(x.ndim, 1):
        raise ValueError(f"For 'cumsum', the 'axis' must be in range [{-x.ndim}, {x.ndim}), but got {axis}.")
    out = _F.cumsum(x, axis)
    if dtype is not None and orig != dtype:
        out = out.astype(dtype)
    return out


def _stat(name):
    fn = _fn(name)

    def method(self, axis=None, ddof=0, keepdims=False, **kwargs):
        axis = _pick(kwargs, ("dim",), axis)
        keepdims = _pick(kwargs, ("keepdim",), keepdims)
        if "correction" in kwargs:
            ddof = kwargs.pop("correction")
        if "unbiased" in kwargs:
            ddof = 1 if kwargs.pop("unbiased") else 0
        _check_no_kwargs(name, kwargs)
        return fn(self, _axis_none(axis), ddof, keepdims)
    return method


tensor_method("std")(_stat("std"))
tensor_method("var")(_stat("var"))


# ----------------------------------------------------------------------------------------
# sorting and selection


@tensor_method("sort")
def _sort(self, axis=-1, descending=False, **kwargs):
    axis = _pick(kwargs, ("dim",), axis)
    kwargs.pop("stable", None)
    _check_no_kwargs("sort", kwargs)
    return _F.sort(self, axis, descending)


@tensor_method("argsort")
def _argsort(self, axis=-1, descending=False, **kwargs):
    axis = _pick(kwargs, ("dim",), axis)
    kwargs.pop("stable", None)
    _check_no_kwargs("argsort", kwargs)
    return _F.argsort(self, axis, descending)


@tensor_method("masked_fill")
def _masked_fill(self, mask, value):
    if not isinstance(value, Tensor):
        if not isinstance(value, (int, float, bool)):
            raise TypeError(f"For 'masked_fill', the type of 'value' should be number or Tensor, "
                            f"but got {type(value).__name__}.")
        value = Tensor(value).astype(self.dtype)
    return _F.masked_fill(self, mask, value)


@tensor_method("index_select")
def _index_select(self, axis=None, index=None, **kwargs):
    axis = _pick(kwargs, ("dim",), axis)
    _check_no_kwargs("index_select", kwargs)
    return _F.index_select(self, axis, index)


@tensor_method("gather")
def _gather(self, *args, **kwargs):
    # gather(dim, index) (Tensor-index second) or the deprecated gather(input_indices, axis, batch_dims)
    if args and isinstance(args[0], Tensor) or "input_indices" in kwargs:
        return _F.gather(self, *args, **kwargs)
    return _F.gather_elements(self, *args, **kwargs)


# ----------------------------------------------------------------------------------------
# arithmetic with MindSpore's method signatures


@tensor_method("add")
def _add(self, other, *, alpha=1):
    if alpha == 1:
        return _F.add(self, other)
    return _F.add(self, other, alpha=alpha)


@tensor_method("sub", "subtract")
def _sub(self, other, *, alpha=1):
    if alpha == 1:
        return _F.sub(self, other)
    return _F.sub(self, other, alpha=alpha)


@tensor_method("multiply")
def _multiply(self, value):
    return _F.mul(self, value)


# ----------------------------------------------------------------------------------------
# dtype conversions


def _caster(name, dt):
    def method(self):
        return self.astype(dt)
    method.__name__ = name
    method.__qualname__ = f"Tensor.{name}"
    return method


for _name, _dt in (("bool", mstype.bool_), ("float", mstype.float32), ("half", mstype.float16),
                   ("double", mstype.float64), ("int", mstype.int32), ("long", mstype.int64),
                   ("short", mstype.int16), ("byte", mstype.uint8), ("bfloat16", mstype.bfloat16)):
    tensor_method(_name)(_caster(_name, _dt))


@tensor_method("type")
def _type(self, dtype=None):
    if dtype is None:
        return str(self.dtype)
    return self.astype(dtype)


@tensor_method("fill", "fills")
def _fill(self, value):
    v = arr(value) if isinstance(value, Tensor) else value
    return _wrap(jnp.full(self.shape, v, arr(self).dtype))


# ----------------------------------------------------------------------------------------
# in-place methods: compute, cast to the Tensor's dtype, rebind ``_data``, return self


def _assign(self, result):
    r = arr(result) if isinstance(result, Tensor) else jnp.asarray(result)
    a = arr(self)
    self._data = jnp.broadcast_to(r.astype(a.dtype), a.shape)
    return self


@tensor_method("add_")
def _add_(self, other, *, alpha=1):
    return _assign(self, _add(self, other, alpha=alpha))


@tensor_method("sub_")
def _sub_(self, other, *, alpha=1):
    return _assign(self, _sub(self, other, alpha=alpha))


@tensor_method("mul_")
def _mul_(self, other):
    return _assign(self, _F.mul(self, other))


@tensor_method("div_")
def _div_(self, other, *, rounding_mode=None):
    return _assign(self, _F.div(self, other, rounding_mode=rounding_mode))


@tensor_method("floor_divide_")
def _floor_divide_(self, other):
    return _assign(self, _F.floor_divide(self, other))


@tensor_method("remainder_")
def _remainder_(self, other):
    return _assign(self, _F.remainder(self, other))


def _unary_inplace(opname):
    fn = _fn(opname)

    def method(self):
        return _assign(self, fn(self))
    return method


for _m, _o in (("exp_", "exp"), ("log_", "log"), ("sigmoid_", "sigmoid"), ("floor_", "floor"), ("sign_", "sign")):
    tensor_method(_m)(_unary_inplace(_o))

for _m in ("tanh_", "erfinv_", "clamp_", "zero_"):     # the in-place op itself is the method
    tensor_method(_m)(_fn(_m))


@tensor_method("fill_")
def _fill_(self, value):
    if not (isinstance(value, (Tensor, bool)) or _is_number(value)):
        raise TypeError(f'Failed calling fill_ with "fill_({type_word(value)})".')
    if isinstance(value, Tensor) and value.ndim != 0:
        raise RuntimeError(f"For 'fill_', 'value' must be a 0-D Tensor, but got a Tensor of rank {value.ndim}.")
    return _assign(self, _fill(self, value))


@tensor_method("copy_")
def _copy_(self, src, non_blocking=False):
    if not isinstance(src, Tensor):
        raise TypeError(f"copy_(): argument 'src' (position 1) must be Tensor, not {type(src).__name__}.")
    s, a = tuple(src.shape), tuple(self.shape)
    if len(s) > len(a) or any(d not in (1, t) for d, t in zip(s[::-1], a[::-1])):
        raise RuntimeError(f"For 'InplaceCopy', the shape of 'value' {list(s)} can not be broadcast to the shape "
                           f"of 'variable' {list(a)}.")
    return _assign(self, src)


@tensor_method("masked_fill_")
def _masked_fill_(self, mask, value):
    return _assign(self, _masked_fill(self, mask, value))


# ----------------------------------------------------------------------------------------
# torch-style in-place methods (scatter_, index_add_, masked_scatter_, ..., and the random
# fills): MindSpore's argument parser rejects wrong argument types with a TypeError naming the
# call; the kernels write ``self`` (a Parameter records the write in a compiled step)


def _is_integral(v):
    return isinstance(v, numbers.Integral) and not isinstance(v, bool)


def _is_number(v):
    return isinstance(v, numbers.Number) and not isinstance(v, bool)


def _check_positional(method, args):
    """MindSpore's TypeError for the first of ``args`` (``(name, type word, value, ok)``, in position
    order) that is not ``ok``."""
    for pos, (name, want, v, ok) in enumerate(args, 1):
        if not ok:
            raise TypeError(f"{method}(): argument '{name}' (position {pos}) must be {want}, not {type(v).__name__}.")


# the in-place random fills and put_ are their ops themselves
for _m in ("normal_", "uniform_", "random_", "exponential_", "bernoulli_", "put_"):
    tensor_method(_m)(_fn(_m))


_SCATTER_REDUCE = {"add": "add", "multiply": "mul"}
_MASKED_SCATTER = PRIMITIVES["MaskedScatter"]()


@tensor_method("scatter")
def _scatter(self, dim=None, index=None, src=None, **kwargs):
    """``scatter(dim, index, src|value, *, reduce=None)``: a copy of ``self`` written as :meth:`scatter_`
    (also ``axis=`` for ``dim``)."""
    dim = _pick(kwargs, ("axis",), dim)
    src = _pick(kwargs, ("value",), src)
    reduce = kwargs.pop("reduce", None)
    _check_no_kwargs("scatter", kwargs)
    if reduce is None and isinstance(src, Tensor):
        return _F.scatter(self, dim, index, src)      # the Scatter op (index and src of one shape)
    return _scatter_into_checked("scatter", _wrap(arr(self)), dim, index, src, reduce)


@tensor_method("scatter_add")
def _scatter_add(self, dim=None, index=None, src=None, **kwargs):
    """A copy of ``self`` with ``src`` added at ``index`` along ``dim`` (:meth:`scatter_add_`); or the
    deprecated ``scatter_add(indices, updates)``: ``ops.tensor_scatter_add``."""
    if isinstance(dim, Tensor) or "indices" in kwargs:
        return _F.tensor_scatter_add(self, *(a for a in (dim, index) if a is not None), **kwargs)
    _check_no_kwargs("scatter_add", kwargs)
    _check_positional("scatter_add", (("dim", "int", dim, _is_integral(dim)),
                                      ("index", "Tensor", index, isinstance(index, Tensor)),
                                      ("src", "Tensor", src, isinstance(src, Tensor))))
    return scatter_into("scatter_add", _wrap(arr(self)), dim, index, src, "add")


@tensor_method("scatter_")
def _scatter_(self, dim, index, src, *, reduce=None):
    """``scatter_(dim, index, src, *, reduce=None)`` (``src`` a Tensor or a number)."""
    return _scatter_into_checked("scatter_", self, dim, index, src, reduce)


def _scatter_into_checked(method, self, dim, index, src, reduce):
    if (not _is_integral(dim) or not isinstance(index, Tensor) or not (isinstance(src, Tensor) or _is_number(src))
            or not (reduce is None or isinstance(reduce, str))):
        words = [type_word(v) for v in (dim, index, src)] + ([f"reduce={type_word(reduce)}"] if reduce is not None
                                                             else [])
        raise TypeError(f'Failed calling {method} with "{method}({", ".join(words)})".')
    if reduce is not None and reduce not in _SCATTER_REDUCE:
        raise ValueError(f"Failed to convert the value \"{reduce}\" of input 'reduce' of '{method}' to enum.")
    return scatter_into(method, self, dim, index, src, _SCATTER_REDUCE.get(reduce, "none"))


@tensor_method("scatter_add_")
def _scatter_add_(self, dim, index, src):
    if not _is_integral(dim) or not isinstance(index, Tensor) or not isinstance(src, Tensor):
        raise failed_call("InplaceScatterAdd", (("input", self), ("dim", dim), ("index", index), ("src", src)))
    return scatter_into("scatter_add_", self, dim, index, src, "add")


@tensor_method("index_add")
def _index_add(self, *args, **kwargs):
    """``index_add(dim, index, source, *, alpha=1)`` (a copy, written as :meth:`index_add_`), or the
    deprecated ``index_add(indices, y, axis, use_lock=True, check_index_bound=True)`` (``ops.index_add``)."""
    if (args and isinstance(args[0], Tensor)) or "indices" in kwargs:
        return _F.index_add(self, *args, **kwargs)
    names = ("dim", "index", "source")
    given = dict(zip(names, args), **{k: kwargs.pop(k) for k in names if k in kwargs})
    alpha = kwargs.pop("alpha", 1)
    _check_no_kwargs("index_add", kwargs)
    if len(args) > 3 or set(given) != set(names):
        raise TypeError(f'Failed calling index_add with "index_add({", ".join(type_word(a) for a in args)})".')
    return _index_add_(_wrap(arr(self)), given["dim"], given["index"], given["source"], alpha=alpha)


@tensor_method("bernoulli")
def _bernoulli(self, *, generator=None):
    """0/1 samples of ``self``'s shape and dtype, 1 with the probability each element of ``self`` gives
    (``ops.bernoulli`` with ``p=self``; from ``generator``'s stream when given)."""
    if generator is not None or self.dtype not in (mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16):
        return _F.bernoulli_ext(self, generator=generator)      # (its dtype check raises for the others)
    return _F.bernoulli(self, self)


@tensor_method("index_add_")
def _index_add_(self, dim, index, source, *, alpha=1):
    if not (_is_integral(dim) and isinstance(index, Tensor) and isinstance(source, Tensor) and _is_number(alpha)):
        raise failed_call("InplaceIndexAddExt", (("input", self), ("dim", dim), ("index", index),
                                                 ("source", source), ("alpha", alpha)))
    if alpha != 1:
        source = _wrap((arr(source) * alpha).astype(arr(source).dtype))
    return index_into("index_add_", self, dim, index, source, "add")


@tensor_method("index_copy_")
def _index_copy_(self, dim, index, tensor):
    _check_positional("index_copy_", (("dim", "int", dim, _is_integral(dim)),
                                      ("index", "Tensor", index, isinstance(index, Tensor)),
                                      ("tensor", "Tensor", tensor, isinstance(tensor, Tensor))))
    return index_into("index_copy_", self, dim, index, tensor, "none")


@tensor_method("index_fill_")
def _index_fill_(self, dim, index, value):
    if not (_is_integral(dim) and isinstance(index, Tensor)
            and (isinstance(value, (Tensor, bool)) or _is_number(value))):
        raise TypeError(f'Failed calling index_fill_ with "index_fill_({type_word(dim)}, {type_word(index)}, '
                        f'{type_word(value)})".')
    if isinstance(value, Tensor) and value.ndim != 0:
        raise RuntimeError(f"For 'index_fill_', 'value' must be a 0-D Tensor, but got rank {value.ndim}.")
    if index.ndim > 1:
        raise RuntimeError(f"For 'index_fill_', 'index' must be a 0-D or 1-D Tensor, but got rank {index.ndim}.")
    dim = _dim_checked("index_fill_", dim, self.ndim)
    index = index.astype(mstype.int32) if index.dtype == mstype.int64 else index    # IndexFill takes int32
    return _assign(self, _F.index_fill(self, dim, index, value.astype(self.dtype) if isinstance(value, Tensor)
                                       else value))


def _dim_checked(method, dim, ndim):
    r = max(ndim, 1)
    if not -r <= dim < r:
        raise RuntimeError(f"For '{method}', 'dim' must be in range [{-r}, {r}), but got {dim}.")
    return dim


def _masked_scatter_args(method, mask, source):
    _check_positional(method, (("mask", "Tensor", mask, isinstance(mask, Tensor)),
                               ("source", "Tensor", source, isinstance(source, Tensor))))


@tensor_method("masked_scatter")
def _masked_scatter(self, mask, source):
    _masked_scatter_args("masked_scatter", mask, source)
    return _MASKED_SCATTER(self, mask, source)


@tensor_method("masked_scatter_")
def _masked_scatter_(self, mask, source):
    _masked_scatter_args("masked_scatter_", mask, source)
    if mask.ndim > self.ndim:
        raise TypeError(f"For 'masked_scatter_', the rank of 'mask' {mask.ndim} must not exceed the rank of 'self' "
                        f"{self.ndim}.")
    return _assign(self, _MASKED_SCATTER(self, mask, source))


@tensor_method("index_put")
def _index_put(self, indices, values, accumulate=False):
    if not isinstance(accumulate, bool):
        raise TypeError(f"For 'Tensor.index_put', the type of 'accumulate' should be 'bool', "
                        f"but got '{type(accumulate).__name__}'.")
    return PRIMITIVES["IndexPut"](1 if accumulate else 0)(self, values, indices)


@tensor_method("index_put_")
def _index_put_(self, indices, values, accumulate=False):
    """Torch's ``index_put_``: ``values`` broadcast to the positions ``indices`` select."""
    if not isinstance(indices, (tuple, list)) or not all(isinstance(i, Tensor) for i in indices) \
            or not isinstance(values, Tensor) or not isinstance(accumulate, bool):
        raise failed_call("InplaceIndexPut", (("input", self), ("indices", indices), ("values", values),
                                              ("accumulate", accumulate)))
    self._data = index_put_values("index_put_", self, tuple(indices), values, accumulate)
    return self


@tensor_method("fill_diagonal_")
def _fill_diagonal_(self, fill_value, wrap=False):
    _check_positional("fill_diagonal_", (("fill_value", "Number", fill_value, _is_number(fill_value)),
                                         ("wrap", "bool", wrap, isinstance(wrap, bool))))
    return _assign(self, PRIMITIVES["FillDiagonal"](float(fill_value), wrap)(self))


@tensor_method("addmm_")
def _addmm_(self, mat1, mat2, *, beta=1, alpha=1):
    if not (isinstance(mat1, Tensor) and isinstance(mat2, Tensor) and _is_number(beta) and _is_number(alpha)):
        raise failed_call("InplaceAddmm", (("input", self), ("mat1", mat1), ("mat2", mat2), ("beta", beta),
                                           ("alpha", alpha)))
    if mat1.ndim == 2 and mat2.ndim == 2 and (mat1.shape[0], mat2.shape[1]) != tuple(self.shape):
        raise RuntimeError(f"For 'addmm_', the product of 'mat1' {tuple(mat1.shape)} and 'mat2' {tuple(mat2.shape)} "
                           f"can not be written into 'self' of shape {tuple(self.shape)}.")
    return _assign(self, _F.addmm(self, mat1, mat2, beta=beta, alpha=alpha))


@tensor_method("set_")
def _set_(self, source=None):
    if source is None:
        self._data = jnp.zeros((0,), arr(self).dtype)
        return self
    if not isinstance(source, Tensor):
        raise TypeError(f'Failed calling set_ with "set_({type(source).__name__})".')
    if source.dtype != self.dtype:
        raise RuntimeError(f"Could not set tensor of type {source.dtype} to a tensor of type {self.dtype}")
    self._data = arr(source)
    return self


@tensor_method("requires_grad_")
def _requires_grad_(self, requires_grad=True):
    """Sets ``requires_grad``; returns None, as MindSpore's does."""
    self.requires_grad = bool(requires_grad)


# ----------------------------------------------------------------------------------------
# other methods


@tensor_method("softmax")
def _softmax(self, axis, dtype=None):
    return _F.softmax(self, axis, dtype=dtype)


@tensor_method("allclose")
def _allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return bool(_F.isclose(self, other, rtol, atol, equal_nan).all())


@tensor_method("equal")
def _equal(self, other):
    return _F.equal(self, other)


# ----------------------------------------------------------------------------------------
# every other Tensor method whose signature is the functional op's: forward to the op

_SAME_SIGNATURE = (
    "abs absolute acos acosh addbmm addcdiv addcmul addmm addmv addr adjoint angle approximate_equal "
    "arccos arccosh arcsin arcsinh arctan arctan2 arctanh argmax_with_value argmin_with_value argwhere asin "
    "asinh atan atan2 atanh baddbmm bernoulli bincount bitwise_and bitwise_left_shift bitwise_not bitwise_or "
    "bitwise_right_shift bitwise_xor bmm ceil cholesky cholesky_inverse cholesky_solve choose col2im conj "
    "copysign cos cosh count_nonzero cov cross cummax cummin deg2rad det diag diagflat diagonal "
    "diagonal_scatter diff digamma dot dsplit eigvals eq erf erfc erfinv exp expm1 fill_diagonal fliplr "
    "flipud float_power floor floor_divide fmax fmin fmod fold frac gather_elements gather_nd gcd ge geqrf ger "
    "greater greater_equal gt hardshrink heaviside histc hsplit hypot i0 igamma igammac imag index_add "
    "index_fill index_put inner inplace_update inv inverse invert isclose isfinite isinf isnan isneginf "
    "isposinf isreal kthvalue lcm ldexp le lerp less less_equal lgamma log log10 log1p log2 "
    "log_matrix_determinant logaddexp logaddexp2 logcumsumexp logdet logical_and logical_not logical_or "
    "logical_xor logit logsumexp lstsq lt lu_solve masked_scatter masked_select matmul matrix_determinant "
    "matrix_power maximum median minimum mm msort mul multinomial mvlgamma nan_to_num nanmean nanmedian "
    "nanquantile nansum ne neg negative nextafter not_equal orgqr ormqr outer positive pow ptp qr "
    "quantile rad2deg random_categorical real reciprocal remainder renorm reverse_sequence roll rot90 round "
    "rsqrt scatter scatter_add scatter_div scatter_max scatter_min scatter_mul scatter_sub searchsorted "
    "select select_scatter sgn sigmoid sign signbit sin sinc sinh slice_scatter slogdet soft_shrink sqrt "
    "square sum_to_size svd take tan tanh tensor_split trace triangular_solve true_divide trunc unfold "
    "unique unique_consecutive unique_with_pad unsorted_segment_max unsorted_segment_min "
    "unsorted_segment_prod vsplit where xdivy xlogy floor_divide index_copy"
).split()


def _forward(name):
    """The method ``name``: the functional op itself where it is a Python function (a class
    attribute binds the Tensor as its first argument: no frame of its own in between, as
    ``jnp.ndarray``'s methods are its functions), else a function forwarding to it."""
    fn = _fn(name)
    if isinstance(fn, types.FunctionType):
        return fn

    def method(self, *args, **kwargs):
        return fn(self, *args, **kwargs)
    method.__name__ = name
    method.__qualname__ = f"Tensor.{name}"
    return method


_CLASS_OWN = frozenset(Tensor.__dict__)
for _name in dict.fromkeys(_SAME_SIGNATURE):
    if _name in OPS and _name not in METHODS and _name not in _CLASS_OWN:
        tensor_method(_name)(_forward(_name))


def _with_value(which):
    """``Tensor.argmax_with_value``/``argmin_with_value``: ``(values, indices)`` along ``axis``."""
    reduce = _fn(which)     # ops.max / ops.min: (values, indices)

    def method(self, axis=0, keep_dims=False):
        if self.shape == ():
            return self, Tensor(0)
        return reduce(self, axis, keep_dims)
    method.__name__ = f"arg{which}_with_value"
    return method


tensor_method("argmax_with_value")(_with_value("max"))
tensor_method("argmin_with_value")(_with_value("min"))


@tensor_method("bitwise_not")
def _bitwise_not(self):
    """NOT of each bit of an integer Tensor, of each element of a bool one (``BitwiseNot``)."""
    if self.dtype == mstype.bool_:
        return _wrap(jnp.logical_not(arr(self)))
    if not mstype.is_int(self.dtype):
        raise RuntimeError(f"For 'BitwiseNot', the input must be an integer or bool Tensor, but got {self.dtype}.")
    return _F.invert(self)


@tensor_method("scatter_sub")
def _scatter_sub(self, indices, updates):
    return _F.tensor_scatter_sub(self, indices, updates)


@tensor_method("uniform")
def _uniform(self, from_=0.0, to=1.0, generator=None):
    """A new Tensor of ``self``'s shape and dtype drawn from U[from_, to)."""
    return _F.uniform_(_wrap(arr(self)), from_, to, generator=generator)


@tensor_method("cauchy")
def _cauchy(self, median=0.0, sigma=1.0):
    """A new Tensor of ``self``'s shape drawn from Cauchy(median, sigma), in ``self``'s dtype."""
    return PRIMITIVES["Cauchy"](list(self.shape), median, sigma)().astype(self.dtype)


@tensor_method("sum_to_size")
def _sum_to_size(self, *size):
    if len(size) == 1 and isinstance(size[0], tuple):
        size = size[0]
    shape = tuple(self.shape)
    lead = self.ndim - len(size)
    if lead < 0:
        raise ValueError(f"For sum_to_size, size {size} is not expandable to the tensor size {shape}.")
    axes = list(range(lead))
    for i, n in enumerate(size):
        if n != shape[i + lead]:
            if n != 1:
                raise ValueError(f"For sum_to_size, size {size} is not expandable to the tensor size {shape}.")
            axes.append(i + lead)
    if not axes:
        return self
    return _F.reshape(_F.sum(self, tuple(axes), True), tuple(size))


@tensor_method("kthvalue")
def _kthvalue(self, k, dim=-1, keepdim=False):
    """``(values, int64 indices)`` of the ``k``-th smallest elements along ``dim``."""
    if not _is_integral(k) or not _is_integral(dim) or not isinstance(keepdim, bool):
        raise TypeError(f'Failed calling kthvalue with "kthvalue({type_word(k)}, {type_word(dim)}, '
                        f'{type_word(keepdim)})".')
    x = self if self.ndim else _F.reshape(self, (1,))
    r = x.ndim
    if not -r <= dim < r:
        raise ValueError(f"For 'kthvalue', 'dim' must be in range [{-r}, {r}), but got {dim}.")
    n = x.shape[dim]
    if not 1 <= k <= n:
        raise ValueError(f"For 'kthvalue', 'k' must be in range [1, {n}], but got {k}.")
    values, indices = _F.sort(x, dim)
    v, i = _F.narrow(values, dim, k - 1, 1), _F.narrow(indices, dim, k - 1, 1).astype(mstype.int64)
    if not keepdim or self.ndim == 0:
        v, i = _F.squeeze(v, dim), _F.squeeze(i, dim)
    return v, i


@tensor_method("choose")
def _choose(self, choices, mode="clip"):
    """``choices[self[i...]][i...]`` for each position, ``self`` holding the choice numbers."""
    if isinstance(choices, Tensor):
        stacked = arr(choices)
        shape = np.broadcast_shapes(tuple(self.shape), stacked.shape[1:])
        stacked = jnp.broadcast_to(stacked, stacked.shape[:1] + shape)
    else:
        items = [arr(c) if isinstance(c, Tensor) else arr(Tensor(c)) for c in choices]
        try:
            shape = np.broadcast_shapes(tuple(self.shape), *[c.shape for c in items])
        except ValueError:
            raise ValueError(f"For 'Tensor.choose', the shapes of the tensor {tuple(self.shape)} and of the choices "
                             f"{[c.shape for c in items]} can not be broadcast.") from None
        dt = jnp.result_type(*items)
        stacked = jnp.stack([jnp.broadcast_to(c.astype(dt), shape) for c in items])
    if self.ndim == 0 or stacked.ndim == 0:
        raise ValueError(f"For 'Tensor.choose', the original tensor and the argument 'choices' cannot be scalars. "
                         f"Their dimensions should all be > 0, but got the original tensor's dimension {self.ndim}, "
                         f"'choices' dimension {stacked.ndim}.")
    if mode == "raise":
        raise NotImplementedError('"raise" mode is not implemented')
    n = stacked.shape[0]
    a = jnp.broadcast_to(arr(self).astype(np.int32), shape)
    a = jnp.mod(a, n) if mode == "wrap" else jnp.clip(a, 0, n - 1)    # any other mode clips, as MindSpore's
    # MindSpore gathers the choices as int32 and casts the result back to their dtype
    picked = jnp.take_along_axis(stacked.astype(np.int32), a[None], 0)[0]
    return _wrap(picked.astype(stacked.dtype))


@tensor_method("index")
def _index(self, indices):
    if not isinstance(indices, (tuple, list)) or not all(isinstance(i, Tensor) or i is None for i in indices):
        raise TypeError(f"index(): argument 'indices' (position 1) must be tuple of Tensor, "
                        f"not {type(indices).__name__}.")
    return self[tuple(indices)]


# ========================================================================================
# Methods that call no functional op
# ----------------------------------------------------------------------------------------
# creation from a Tensor


def _new_args(method, size, dtype, self):
    """MindSpore's checks of ``new_*(size, dtype)``: ``(shape, numpy dtype)``."""
    if isinstance(size, numbers.Integral) and not isinstance(size, bool):
        size = (size,)
    if not isinstance(size, (tuple, list)):
        raise TypeError(f"{method}(): argument 'size' (position 1) must be tuple of int, not {type(size).__name__}.")
    for i, s in enumerate(size):
        if isinstance(s, bool) or not isinstance(s, numbers.Integral):
            raise TypeError(f"{method}(): argument 'size' (position 1) must be tuple of int but found type of "
                            f"{type(s).__name__} at pos {i}.")
    if dtype is not None and not isinstance(dtype, mstype.Type):
        raise TypeError(f"{method}(): argument 'dtype' must be mstype but got {type(dtype).__name__}.")
    shape = tuple(int(s) for s in size)
    for i, s in enumerate(shape):
        if s < 0:
            if method == "new_empty":
                raise ValueError("negative dimensions are not allowed")
            raise ValueError(f"For primitive[{'Zeros' if method == 'new_zeros' else 'Ones'}], the {i}th dimension "
                             f"of input shape must be greater than or equal to 0, but got {s}.")
    return shape, to_np_dtype(dtype if dtype is not None else self.dtype)


def _new(name, fill):
    def method(self, size, dtype=None, **kwargs):
        shape, dt = _new_args(name, size, dtype, self)
        if fill is None:
            return _wrap(jnp.zeros(shape, dt))
        return _wrap(jnp.full(shape, fill, dt))
    return method


tensor_method("new_zeros")(_new("new_zeros", 0))
tensor_method("new_ones")(_new("new_ones", 1))
tensor_method("new_empty")(_new("new_empty", None))


@tensor_method("new_full")
def _new_full(self, size, fill_value, *, dtype=None, **kwargs):
    shape, dt = _new_args("new_full", size, dtype, self)
    return _wrap(jnp.full(shape, fill_value, dt))


# ----------------------------------------------------------------------------------------
# misc tensor API


tensor_method("mH")(property(lambda self: _F.adjoint(self), doc="The conjugate transpose of the last two dimensions."))


def _nonzero_2d(self, fmt):
    """The int32 positions and values of ``self``'s nonzero elements (``self`` 2-D), for ``to_coo``/``to_csr``."""
    if self.ndim > 2 or (fmt == "CSRTensor" and self.ndim != 2):
        raise ValueError(f"Currently only support 2-D Tensor when converting to {fmt}, but got Tensor dimension: "
                         f"{self.ndim}.")
    if self.ndim != 2:
        raise ValueError(f"For COOTensor, the length of 'shape' must be 2, but got {tuple(self.shape)}.")
    positions = _F.nonzero(self).astype(mstype.int32)
    a, p = arr(self), arr(positions)
    return positions, _wrap(a[p[:, 0], p[:, 1]])


@tensor_method("to_coo")
def _to_coo(self):
    """The nonzero elements of the 2-D ``self`` as a COOTensor (int32 indices, row-major order)."""
    indices, values = _nonzero_2d(self, "COOTensor")
    return COOTensor(indices, values, tuple(self.shape))


@tensor_method("to_csr")
def _to_csr(self):
    """The nonzero elements of the 2-D float or complex ``self`` as a CSRTensor (int32 indptr and indices)."""
    if self.dtype not in (mstype.float32, mstype.float64, mstype.complex64, mstype.complex128):
        raise TypeError(f"For primitive[DenseToCSRSparseMatrix], the input argument[dense_input] must be a type of "
                        f"{{Tensor[Complex128], Tensor[Complex64], Tensor[Float32], Tensor[Float64]}}, but got "
                        f"Tensor[{self.dtype}].")
    positions, values = _nonzero_2d(self, "CSRTensor")
    rows = arr(positions)[:, 0]
    indptr = jnp.concatenate([jnp.zeros(1, np.int32), jnp.cumsum(jnp.bincount(rows, length=self.shape[0]))
                              .astype(np.int32)])
    return CSRTensor(_wrap(indptr), _wrap(arr(positions)[:, 1]), values, tuple(self.shape))


@tensor_method("data_sync")
def _data_sync(self, wait=True):
    """Waits for the Tensor's value to be computed (``wait``); returns None."""
    if wait and not isinstance(self._data, jax.core.Tracer):
        jax.block_until_ready(self._data)


tensor_method("is_meta")(property(lambda self: False, doc="Whether the Tensor has no data (never here)."))


@tensor_method("to_dlpack")
def _to_dlpack(self):
    """A DLPack capsule sharing the Tensor's device memory (``torch.utils.dlpack.from_dlpack`` reads it)."""
    return arr(self).__dlpack__()


class _DLPackCapsule:
    """A raw DLPack capsule seen as an object with ``__dlpack__`` (what ``jax.dlpack.from_dlpack`` reads);
    its device is the one the capsule's ``DLTensor`` names."""

    def __init__(self, capsule):
        get = ctypes.pythonapi.PyCapsule_GetPointer
        get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
        valid = ctypes.pythonapi.PyCapsule_IsValid
        valid.restype, valid.argtypes = ctypes.c_int, [ctypes.py_object, ctypes.c_char_p]
        if type(capsule).__name__ != "PyCapsule" or not valid(capsule, b"dltensor"):
            raise RuntimeError("from_dlpack received an invalid capsule. Note that DLTensor capsules can be "
                               "consumed only once, so you might have already constructed a tensor from it once.")
        # DLManagedTensor starts with DLTensor: void* data, then DLDevice {int32 type, int32 id}
        device = ctypes.cast(get(capsule, b"dltensor") + ctypes.sizeof(ctypes.c_void_p),
                             ctypes.POINTER(ctypes.c_int32))
        self._capsule, self._device = capsule, (int(device[0]), int(device[1]))

    def __dlpack__(self, **kwargs):
        return self._capsule

    def __dlpack_device__(self):
        return self._device


def _from_dlpack(dlpack):
    """A Tensor sharing the memory of a DLPack capsule (or of an object with ``__dlpack__``)."""
    if not hasattr(dlpack, "__dlpack__"):
        dlpack = _DLPackCapsule(dlpack)
    return _wrap(jax.dlpack.from_dlpack(dlpack))


tensor_method("from_dlpack")(staticmethod(_from_dlpack))


@tensor_method("value")
def _value(self):
    return self


def _item_value(a, value):
    if isinstance(value, Tensor):
        return arr(value).astype(a.dtype)
    if not isinstance(value, numbers.Number):
        raise TypeError(f'Failed calling Cast with "Cast()(input={type(value).__name__}, dtype=mindspore.dtype)".')
    return jnp.asarray(value).astype(a.dtype)


@tensor_method("itemset")
def _itemset(self, *args):
    """A new Tensor with one element set (``self`` is unchanged, as in MindSpore)."""
    if not args:
        raise ValueError("'Tensor.itemset()' must have at least one argument, but got None.")
    if len(args) > 2:
        raise ValueError(f"'Tensor.itemset()' must have at most 2 argument, but got {len(args)}.")
    a = arr(self)
    if len(args) == 1:
        value = args[0]
        if not isinstance(value, numbers.Number):
            raise IndexError(f"'Tensor.itemset()' only support number input, but got {value}")
        if a.shape != (1,):
            raise IndexError(f"Only tensor which shape is (1,) support 1 arg that means omit index, but the "
                             f"tensor shape is {a.shape} and got 1 input.")
        return _wrap(jnp.asarray([value]).astype(a.dtype))
    index, value = args
    if isinstance(index, numbers.Integral) and not isinstance(index, bool):
        if not -a.size <= index < a.size:
            raise IndexError(f"index {index} is out of bounds for axis 0 with size {a.size}")
        return _wrap(a.reshape(-1).at[index].set(_item_value(a, value)).reshape(a.shape))
    if isinstance(index, tuple):
        if len(index) != a.ndim:
            raise IndexError(f"Tuple index len({len(index)}) is not same to tensor dimension({a.ndim})")
        for i, (k, n) in enumerate(zip(index, a.shape)):
            if isinstance(k, bool) or not isinstance(k, numbers.Integral):
                raise TypeError("The index object cannot be interpreted as an integer")
            if not -n <= k < n:
                raise IndexError(f"index {k} is out of bounds for axis {i} with size {n}")
        return _wrap(a.at[index].set(_item_value(a, value)))
    raise TypeError("The index object cannot be interpreted as an integer")


@tensor_method("set_const_arg")
def _set_const_arg(self, const_arg=True):
    if not isinstance(const_arg, bool):
        raise TypeError(f"For 'Tensor.set_const_arg', the type of 'const_arg' should be 'bool', "
                        f"but got '{type(const_arg).__name__}'.")
    self.const_arg = const_arg
    return self


@tensor_method("storage_offset")
def _storage_offset(self):
    return _layout.layout(self)[1]


@tensor_method("data_ptr")
def _data_ptr(self):
    return id(self)


@tensor_method("is_pinned")
def _is_pinned(self):
    return False


@tensor_method("is_shared")
def _is_shared(self):
    return False


@tensor_method("pin_memory")
def _pin_memory(self):
    return self


@tensor_method("move_to")
def _move_to(self, to, blocking=True):
    """A new Tensor on ``to``, which must be the context's device target."""
    if not isinstance(blocking, bool):
        raise ValueError(f"The type of 'blocking' must be bool, but got {blocking}")
    if to not in ("Ascend", "GPU", "CPU"):
        raise ValueError(f"The value of 'to' must be one of ['Ascend', 'GPU', 'CPU'], but got {to}")
    target = get_context("device_target")
    if to != target:
        raise RuntimeError(f"The value of arg 'to' of method 'move_to' should be same with device target, "
                           f"but got to:{to}, device target: {target}")
    return _F.move_to(self, to, blocking)


@tensor_method("to_")
def _to_(self, device=None, non_blocking=False):
    if not isinstance(non_blocking, bool):
        raise ValueError(f"The type of 'non_blocking' must be bool, but got {non_blocking}")
    if device not in ("Ascend", "CPU"):
        raise ValueError(f"The value of 'to' must be one of ['Ascend', 'CPU'], but got {device}")
    return self


@tensor_method("delete_")
def _delete_(self, non_blocking=False):
    """Releases the device memory in MindSpore; JAX frees it with the last reference. Returns ``self``."""
    if not isinstance(non_blocking, bool):
        raise ValueError(f"The type of 'non_blocking' must be bool, but got {non_blocking}")
    return self


def _gradient_hook_identity(hooks):
    @jax.custom_vjp
    def ident(x):
        return x

    def fwd(x):
        return x, None

    def bwd(_, g):
        t = Tensor._wrap(g)
        for h in list(hooks.values()):
            ret = h(t)
            if ret is not None:
                t = ret
        return (t._data.astype(g.dtype),)

    ident.defvjp(fwd, bwd)
    return ident


@tensor_method("register_hook")
def _register_hook(self, hook):
    if not callable(hook):
        raise TypeError(f"Expected a callable hook function, but got {type(hook).__name__}.")
    hooks = self.__dict__.setdefault("_hooks", {})
    if hooks and in_compiled():
        raise RuntimeError("It is not supported to register multiple hooks for a Tensor.")
    key = next(_HOOK_IDS)
    hooks[key] = hook
    if isinstance(self._data, jax.core.Tracer) and len(hooks) == 1:
        # an intermediate value being differentiated: an identity whose backward pass runs
        # the hooks still registered then (a leaf input's hooks run in mscompat._autodiff)
        self._data = _gradient_hook_identity(hooks)(self._data)

    class _Handle:
        id = key

        def remove(self_h):
            hooks.pop(key, None)
    return _Handle()


_HOOK_IDS = itertools.count(1)      # hook handle ids, increasing over the process as MindSpore's


@tensor_method("hooks")
def _hooks(self):
    """The backward hooks registered on this Tensor, in registration order."""
    return list(self.__dict__.get("_hooks", {}).values())


@tensor_method("remove_hook")
def _remove_hook(self, handle_id):
    """Remove the backward hook whose handle has ``id`` ``handle_id`` (no-op for an unknown id)."""
    if not isinstance(handle_id, int) or isinstance(handle_id, bool):
        raise TypeError(f"argument 1 must be int, not {type(handle_id).__name__}")
    self.__dict__.get("_hooks", {}).pop(handle_id, None)


@tensor_method("is_init")
def _is_init(self):
    return getattr(self, "_is_init_flag", False)
