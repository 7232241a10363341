"""Sorting and searching: sort, argsort, topk, unique, unique_consecutive, searchsorted,
max, min, aminmax (argmax/argmin are with the arg-reductions in ``_reduce.py``)."""
import builtins

import numpy as np
import jax
import jax.numpy as jnp
from jax.extend import core as jax_core
from jax.interpreters import ad, batching, mlir

from mscompat.backends import device_target
from mscompat.common import dtype as _mstype
from ._args import arr, check_tensor, Tensor, is_int as _is_int, shape_value
from ._registry import op, primitive
from ._args import to_np_dtype
from ._nth_element import nth_element_order, sorted_topk_order

_wrap = Tensor._wrap


def _int_axis(name, axis, ndim, range_error):
    """``axis``, an int in ``[-r, r)`` (``r = max(ndim, 1)``), as a non-negative index; the
    ValueError's message is ``range_error`` formatted with name, lo (-r), r, last (r - 1), axis."""
    if not _is_int(axis):
        raise TypeError(f"For '{name}', the type of 'axis' should be 'int', but got {type(axis).__name__}.")
    r = builtins.max(ndim, 1)
    if not -r <= axis < r:
        raise ValueError(range_error.format(name=name, lo=-r, r=r, last=r - 1, axis=axis))
    return int(axis) % r


def _sort_axis(name, axis, ndim):
    return _int_axis(name, axis, ndim, "For primitive[{name}], the axis must be in [{lo},{last}], but got {axis}.")


def _sort_impl(a, ax, descending):
    """Stable sort along ``ax``: (values, int32 indices)."""
    if a.ndim == 0:
        return a, jnp.zeros((), jnp.int32)
    iota = jax.lax.broadcasted_iota(jnp.int32, a.shape, ax)
    if descending:
        if a.dtype == jnp.bool_:
            key = ~a
        elif jnp.issubdtype(a.dtype, jnp.unsignedinteger):
            key = jnp.iinfo(a.dtype).max - a
        elif jnp.issubdtype(a.dtype, jnp.integer):
            key = -a.astype(jnp.int64) if a.dtype != jnp.int64 else ~a
        else:
            key = -a
        _, vals, idx = jax.lax.sort((key, a, iota), dimension=ax, num_keys=1, is_stable=True)
    else:
        vals, idx = jax.lax.sort((a, iota), dimension=ax, num_keys=1, is_stable=True)
    return vals, idx


@op("sort")
def sort(input_x, axis=-1, descending=False):
    """(sorted values, int32 indices) along ``axis``; ties keep their order."""
    check_tensor("Sort", "input_x", input_x)
    a = arr(input_x)
    if input_x.dtype == _mstype.bfloat16:
        raise TypeError("For primitive[Sort], the input argument[inputx] must be a type of {Tensor[Bool], "
                        "Tensor[Float16], Tensor[Float32], Tensor[Float64], Tensor[Int16], Tensor[Int32], "
                        "Tensor[Int64], Tensor[Int8], Tensor[UInt16], Tensor[UInt32], Tensor[UInt64], "
                        "Tensor[UInt8]}, but got Tensor[BFloat16].")
    if a.ndim == 0:
        raise ValueError("For Sort, the check range left must be smaller than right number but got left: 0 and "
                         "right: -1.")
    ax = _sort_axis("Sort", axis, a.ndim)
    if not isinstance(descending, bool):
        raise TypeError(f"For 'Sort', the type of 'descending' should be 'bool', but got "
                        f"{type(descending).__name__}.")
    v, i = _sort_impl(a, ax, descending)
    return _wrap(v), _wrap(i)


primitive("Sort", sort, attrs=(("axis", -1, (int,)), ("descending", False, (bool,))))


@op("argsort")
def argsort(input, axis=-1, descending=False):
    """The int32 indices that sort ``input`` along ``axis``."""
    return sort(input, axis, descending)[1]


def _topk(name, a, k, ax, largest, sorted_):
    if a.dtype == np.bool_:
        raise TypeError("For primitive[TopK], the input argument[input_x] must be a numeric Tensor, "
                        "but got Tensor[Bool].")
    if isinstance(k, Tensor):
        k = int(k)
    if not _is_int(k):
        raise TypeError(f"For '{name}', the type of 'k' should be 'int', but got {type(k).__name__}.")
    n = a.shape[ax] if a.ndim else 1
    if not 0 < k <= n:
        raise ValueError(f"For primitive[TopK], the k must be in (0,{n}], but got {k}.")
    moved = jnp.moveaxis(a, ax, -1) if a.ndim else a.reshape(1)
    if sorted_ and (k > n // 2 or device_target() != "CPU"):
        # MindSpore's CPU TopK: a stable sort of the whole row (on other targets, ties in index order)
        v, i = _sort_impl(moved, moved.ndim - 1, largest)
        v, i = v[..., :k], i[..., :k]
    else:   # else std::nth_element's first k, stable-sorted when sorted (so ties keep its order)
        v, i = _host_topk(moved, k, sorted_topk_order if sorted_ else nth_element_order, largest)
    if a.ndim == 0:
        return _wrap(v.reshape(())), _wrap(i.reshape(()))
    return _wrap(jnp.moveaxis(v, -1, ax)), _wrap(jnp.moveaxis(i, -1, ax))


def _host_topk(a, k, order, largest):
    """``(values, int32 indices)`` of the ``k`` largest (smallest) along the last axis in MindSpore's
    CPU TopK order, ``order(rows, k, largest)`` of ``_nth_element``, the indices found on the host
    (the ``cpu_topk`` primitive when traced: a host callback in the program, MindSpore's TopK in an
    exported MINDIR)."""
    if not isinstance(a, jax.core.Tracer):
        i = jnp.asarray(_topk_rows(np.asarray(a), k, order, largest))
        return jnp.take_along_axis(a, i, axis=-1), i
    return _cpu_topk_p.bind(a, k=k, order=order, largest=largest)


def _topk_rows(x, k, order, largest):
    n = x.shape[-1]
    return order(x.reshape(-1, n), k, largest).reshape(x.shape[:-1] + (k,))


def _cpu_topk_abstract(x, *, k, order, largest):
    shape = x.shape[:-1] + (k,)
    return jax.core.ShapedArray(shape, x.dtype), jax.core.ShapedArray(shape, np.dtype(np.int32))


def _cpu_topk_lowering(x, *, k, order, largest):
    out = jax.ShapeDtypeStruct(x.shape[:-1] + (k,), np.int32)
    i = jax.pure_callback(lambda v: _topk_rows(np.asarray(v), k, order, largest), out, x, vmap_method="sequential")
    return jnp.take_along_axis(x, i, axis=-1), i


def _cpu_topk_batch(args, dims, **params):
    (x,), (d,) = args, dims     # rows are independent: the batch axis first, never the selected one
    return _cpu_topk_p.bind(jnp.moveaxis(x, d, 0), **params), (0, 0)


def _cpu_topk_jvp(primals, tangents, **params):
    (x,), (t,) = primals, tangents
    v, i = _cpu_topk_p.bind(x, **params)
    dv = ad.Zero(v.aval.to_tangent_aval()) if type(t) is ad.Zero else jnp.take_along_axis(t, i, axis=-1)
    return (v, i), (dv, ad.Zero(i.aval.to_tangent_aval()))


# MindSpore's CPU TopK (sorted: ``sorted_topk_order``; unsorted: ``nth_element_order``) as one op of
# the traced program, so that an exporter sees a TopK rather than a host callback and a gather
_cpu_topk_p = jax_core.Primitive("cpu_topk")
_cpu_topk_p.multiple_results = True
_cpu_topk_p.def_impl(lambda x, **p: _cpu_topk_lowering(x, **p))
_cpu_topk_p.def_abstract_eval(_cpu_topk_abstract)
mlir.register_lowering(_cpu_topk_p, mlir.lower_fun(_cpu_topk_lowering, multiple_results=True))
batching.primitive_batchers[_cpu_topk_p] = _cpu_topk_batch
ad.primitive_jvps[_cpu_topk_p] = _cpu_topk_jvp


@op("topk", method="topk")
def topk(input, k, dim=None, largest=True, sorted=True):
    """The ``k`` largest (or smallest) values along ``dim`` (last by default) and their int32 indices."""
    check_tensor("TopK", "input", input)
    a = arr(input)
    ax = a.ndim - 1 if dim is None else _sort_axis("TopK", dim, a.ndim)
    return _topk("TopK", a, k, builtins.max(ax, 0), largest, sorted)


@op("top_k", method="top_k")
def top_k(input_x, k, sorted=True):
    check_tensor("TopK", "input_x", input_x)
    a = arr(input_x)
    return _topk("TopK", a, k, builtins.max(a.ndim - 1, 0), True, sorted)


primitive("TopK", lambda x, k, sorted=True: top_k(x, k, sorted), attrs=(("sorted", True, (bool,)),))


def _unique_np(a):
    flat = a.reshape(-1)
    _, first, inv = np.unique(flat, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    return flat[np.sort(first)], rank[inv.reshape(-1)].reshape(a.shape)


@op("unique")
def unique(input):
    """(unique values in order of first appearance, index of each element into them)."""
    check_tensor("Unique", "input", input)
    a = shape_value(arr(input))
    vals, inv = _unique_np(a)
    idt = np.int64 if a.dtype == np.int64 else np.int32
    return _wrap(jnp.asarray(vals)), _wrap(jnp.asarray(inv.astype(idt)))


def _unique_prim(x):
    check_tensor("Unique", "input_x", x)
    a = shape_value(arr(x))
    if a.ndim != 1:
        raise ValueError(f"For 'Unique', the input must be 1-D, but got rank {a.ndim}.")
    return unique(x)


primitive("Unique", _unique_prim)


@op("unique_consecutive")
def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """Unique values of each run of equal consecutive elements (along ``dim``, or flattened)."""
    check_tensor("UniqueConsecutive", "input", input)
    a = shape_value(arr(input))
    if dim is None:
        flat = a.reshape(-1)
        starts = np.ones(flat.size, bool)
        starts[1:] = flat[1:] != flat[:-1]
        out = flat[starts]
        inv_shape = a.shape
    else:
        ax = dim % builtins.max(a.ndim, 1)
        if not -a.ndim <= dim < a.ndim:
            raise ValueError(f"For 'UniqueConsecutive', 'dim' must be in [{-a.ndim}, {a.ndim}), but got {dim}.")
        m = np.moveaxis(a, ax, 0).reshape(a.shape[ax], -1)
        starts = np.ones(m.shape[0], bool)
        starts[1:] = np.any(m[1:] != m[:-1], axis=1)
        out = np.moveaxis(np.moveaxis(a, ax, 0)[starts], 0, ax)
        inv_shape = (a.shape[ax],)
    inv = (np.cumsum(starts) - 1).reshape(inv_shape).astype(np.int64)
    pos = np.nonzero(starts)[0]
    counts = np.diff(np.append(pos, starts.size)).astype(np.int64)
    res = [_wrap(jnp.asarray(out))]
    if return_inverse:
        res.append(_wrap(jnp.asarray(inv)))
    if return_counts:
        res.append(_wrap(jnp.asarray(counts)))
    return res[0] if len(res) == 1 else tuple(res)


def _unique_consecutive_prim(prim, x):
    out = unique_consecutive(x, True, True, prim.dim)
    return out


primitive("UniqueConsecutive", None, attrs=(("return_inverse", False), ("return_counts", False), ("dim", None)),
          call=_unique_consecutive_prim)


@op("unique_with_pad")
def unique_with_pad(x, pad_num):
    """(unique values padded to ``x``'s size with ``pad_num``, index of each element)."""
    check_tensor("UniqueWithPad", "x", x)
    a = shape_value(arr(x))
    if a.ndim != 1:
        raise ValueError(f"For 'UniqueWithPad', the input must be 1-D, but got rank {a.ndim}.")
    pad = np.asarray(arr(pad_num)).item() if isinstance(pad_num, Tensor) else pad_num
    vals, inv = _unique_np(a)
    out = np.full(a.shape, pad, dtype=a.dtype)
    out[:vals.size] = vals
    return _wrap(jnp.asarray(out)), _wrap(jnp.asarray(inv.astype(a.dtype)))


primitive("UniqueWithPad", unique_with_pad)


def _search(seq, v, right):
    s, vv = arr(seq), arr(v)
    side = "right" if right else "left"
    if s.ndim == 1:
        return jnp.searchsorted(s, vv, side=side)
    lead = s.shape[:-1]
    if vv.shape[:-1] != lead:
        raise ValueError(f"For 'SearchSorted', the leading dimensions of 'sorted_sequence' {s.shape} and "
                         f"'values' {vv.shape} must be equal.")
    f = lambda a, b: jnp.searchsorted(a, b, side=side)
    return jax.vmap(f)(s.reshape(-1, s.shape[-1]), vv.reshape(-1, vv.shape[-1])).reshape(vv.shape)


@op("searchsorted")
def searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None, sorter=None):
    """Insertion indices of ``values`` into ``sorted_sequence`` (int64, or int32)."""
    check_tensor("SearchSorted", "sorted_sequence", sorted_sequence)
    check_tensor("SearchSorted", "values", values)
    if side is not None:
        if side not in ("left", "right"):
            raise ValueError(f"For 'searchsorted', the argument 'side' should be one of in [None, 'left', 'right'], "
                             f"but got {side}.")
        if right and side == "left":
            raise ValueError("For 'searchsorted', side and right can't be set to opposites, got side of left while "
                             "right was True.")
        right = side == "right"
    if sorted_sequence.dtype != values.dtype:
        raise RuntimeError(f"For 'SearchSorted', 'sorted_sequence' and 'values' must have the same dtype, but got "
                           f"{sorted_sequence.dtype} and {values.dtype}.")
    seq = sorted_sequence
    if sorter is not None:
        seq = _wrap(jnp.take_along_axis(arr(seq), arr(sorter).astype(jnp.int64), axis=-1))
    out = _search(seq, values, right)
    return _wrap(out.astype(jnp.int32 if out_int32 else jnp.int64))


def _search_prim(prim, seq, v):
    return _wrap(_search(seq, v, prim.right).astype(_to_np(prim.dtype)))


def _to_np(t):
    return to_np_dtype(t)


def _bound(right):
    def call(prim, seq, v):
        check_tensor(prim.name, "sorted_x", seq)
        check_tensor(prim.name, "values", v)
        if seq.ndim != 2 or v.ndim != 2 or seq.shape[0] != v.shape[0]:
            raise ValueError(f"For '{prim.name}', 'sorted_x' and 'values' must be 2-D with the same first "
                             f"dimension, but got {seq.shape} and {v.shape}.")
        return _wrap(_search(seq, v, right).astype(_to_np(prim.out_type)))
    return call


primitive("SearchSorted", None, attrs=(("dtype", _mstype.int64), ("right", False, (bool,))), call=_search_prim)
primitive("LowerBound", None, attrs=(("out_type", _mstype.int32),), call=_bound(False))
primitive("UpperBound", None, attrs=(("out_type", _mstype.int32),), call=_bound(True))


# --- arg/max/min ----------------------------------------------------------------------------

def _red_axis(name, axis, ndim):
    return _int_axis(name, axis, ndim, "For '{name}', the 'axis' must be in range [{lo}, {r}), but got {axis}.")


def _maxmin(name, is_max, input, axis, keepdims, initial, where):
    check_tensor(name, "input", input)
    a = arr(input)
    red = jnp.max if is_max else jnp.min
    arg = jnp.argmax if is_max else jnp.argmin
    better = jnp.greater if is_max else jnp.less
    if where is not None:
        if initial is None:
            raise ValueError("initial value must be provided for where masks")
        a = jnp.where(arr(where), a, jnp.asarray(initial, a.dtype))
    if axis is None or a.ndim == 0:
        if axis is not None:
            _red_axis(name, axis, a.ndim)
        v = red(a)
        # MindSpore returns index 0 (and a 0-d result) for a full reduction
        i = jnp.zeros((), jnp.int64)
    else:
        ax = _red_axis(name, axis, a.ndim)
        v = red(a, axis=ax, keepdims=keepdims)
        i = arg(a, axis=ax, keepdims=keepdims).astype(jnp.int64)
    if initial is not None:
        init = jnp.asarray(initial, a.dtype)
        wins = better(init, v)
        v = jnp.where(wins, init, v)
        i = jnp.where(wins, jnp.zeros((), jnp.int64), i)  # the initial value "wins" at index 0
    return _wrap(v), _wrap(i)


@op("max")
def max(input, axis=None, keepdims=False, *, initial=None, where=None):
    """(maximum values, int64 indices) over all elements or along ``axis``."""
    return _maxmin("max", True, input, axis, keepdims, initial, where)


@op("min")
def min(input, axis=None, keepdims=False, *, initial=None, where=None):
    """(minimum values, int64 indices) over all elements or along ``axis``."""
    return _maxmin("min", False, input, axis, keepdims, initial, where)


@op("aminmax", method="aminmax")
def aminmax(input, *, axis=0, keepdims=False):
    """(minimum, maximum) of ``input`` along ``axis`` (over every axis when ``axis`` is None)."""
    check_tensor("aminmax", "input", input)
    a = arr(input)
    ax = None if axis is None else _red_axis("aminmax", axis, a.ndim)
    if not isinstance(keepdims, bool):
        raise TypeError(f"For 'aminmax', the type of 'keepdims' should be 'bool', but got "
                        f"{type(keepdims).__name__}.")
    if a.ndim == 0:
        return _wrap(a), _wrap(a)
    return _wrap(jnp.min(a, axis=ax, keepdims=keepdims)), _wrap(jnp.max(a, axis=ax, keepdims=keepdims))
