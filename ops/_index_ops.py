"""Indexing ops: gather family, index_select, masked_fill/select, nonzero, slice,
strided_slice, narrow, index_fill, take, EmbeddingLookup, GatherV2, SparseGatherV2."""
import builtins

import numpy as np
import jax
import jax.numpy as jnp

from mscompat.common import _layout
from mscompat._checkparam import INC_BOTH, check_int_range
from ._args import arr, shape_value, check_tensor, Tensor, is_int as _is_int, tensor_arg as _tensor, tensor_of_dtypes as _tensor_input
from ._registry import op, primitive, register_primitive_class
from .primitive import PrimitiveWithCheck, prim_attr_register
from mscompat._runtime_checks import check_index_range

_wrap = Tensor._wrap
_py_slice = builtins.slice
_IDX = (np.dtype(np.int32), np.dtype(np.int64))


def _concrete(a):
    """numpy value of ``a``, or None while tracing (value checks are then skipped)."""
    if isinstance(a, jax.core.Tracer):
        return None
    return np.asarray(a)


def _int_index(name, arg, t):
    check_tensor(name, arg, t)
    if np.dtype(t._np_dtype()) not in _IDX:
        raise TypeError(f"For primitive[{name}], the input argument[{arg}] must be a type of "
                        f"{{Tensor[Int32], Tensor[Int64]}}, but got Tensor[{t.dtype}].")
    return arr(t)


def _axis(name, axis, ndim, arg="axis"):
    if isinstance(axis, Tensor):
        axis = int(axis)
    if not _is_int(axis):
        raise TypeError(f"For '{name}', the type of '{arg}' should be 'int', but got {type(axis).__name__}.")
    r = max(ndim, 1)
    if not -r <= axis < r:
        raise ValueError(f"For '{name}', the '{arg}' must be in range [{-r}, {r}), but got {axis}.")
    return int(axis) % r


# --- gather ---------------------------------------------------------------------------------

def _wrapped_index(idx, n, message):
    """``idx`` with negative indices counted from the end of a dimension of size ``n``; an index
    outside ``[-n, n)`` raises MindSpore's error (``message(value, n)``)."""
    check_index_range(idx, -n, n, lambda v: message(v, n))
    return jnp.where(idx < 0, idx + n, idx)


@op("gather")
def gather(input_params, input_indices, axis, batch_dims=0):
    """Slices of ``input_params`` along ``axis`` at ``input_indices`` (negative wrap once)."""
    check_tensor("Gather", "input_params", input_params)
    idx = _int_index("Gather", "input_indices", input_indices)
    a = arr(input_params)
    ax = _axis("Gather", axis, a.ndim)
    if not _is_int(batch_dims):
        raise TypeError(f"For 'Gather', the type of 'batch_dims' should be 'int', but got {type(batch_dims).__name__}.")
    bd = batch_dims % idx.ndim if batch_dims < 0 else batch_dims
    if bd > ax or bd > idx.ndim:
        raise ValueError(f"For 'Gather', 'batch_dims' must be less than or equal to 'axis' and the rank of "
                         f"'input_indices', but got {batch_dims}.")
    idx = _wrapped_index(idx, a.shape[ax], lambda v, n: f"For 'Gather', the 'input_indices' should be in the "
                                                        f"range [0, {n}), but got {v + n if v < 0 else v}, "
                                                        "error_code[58]")

    def g(p, i, ax):
        return jnp.take(p, i, axis=ax)
    f = g
    for _ in range(bd):
        f = jax.vmap(lambda p, i, ax, f=f: f(p, i, ax - 1), in_axes=(0, 0, None))
    return _wrap(f(a, idx, ax))


primitive("Gather", gather, attrs=(("batch_dims", 0, (int,)),),
          call=lambda p, x, i, axis: gather(x, i, axis, p.batch_dims))


@op("gather_elements")
def gather_elements(input, dim, index):
    """``out[i][j] = input[index[i][j]][j]`` along ``dim`` (``index`` int32/int64)."""
    check_tensor("GatherD", "input", input)
    idx = _int_index("GatherD", "index", index)
    a = arr(input)
    d = _axis("GatherD", dim, a.ndim, "dim")
    if idx.ndim != a.ndim:
        raise ValueError(f"For 'GatherD', the rank of 'index' must equal the rank of 'input', but got "
                         f"{idx.ndim} and {a.ndim}.")
    for i in range(a.ndim):
        if i != d and idx.shape[i] > a.shape[i]:
            raise ValueError(f"For 'GatherD', the shape of 'index' must not exceed the shape of 'input' except "
                             f"on 'dim', but got {idx.shape} and {a.shape}.")
    idx = _wrapped_index(idx, a.shape[d], lambda v, n: f"For 'GatherD', the value of 'index' must be in [{-n}, "
                                                       f"{n}), but got: {v}")
    src = a[tuple(_py_slice(0, s) if i != d else _py_slice(None) for i, s in enumerate(idx.shape))]
    return _wrap(jnp.take_along_axis(src, idx, axis=d))


@op("gather_d")
def gather_d(x, dim, index):
    return gather_elements(x, dim, index)


primitive("GatherD", gather_elements)


@op("gather_nd")
def gather_nd(input_x, indices):
    """Slices of ``input_x`` at the index tuples in the last axis of ``indices``."""
    check_tensor("GatherNd", "input_x", input_x)
    idx = _int_index("GatherNd", "indices", indices)
    a = arr(input_x)
    if idx.ndim == 0 or idx.shape[-1] > a.ndim:
        raise ValueError(f"For 'GatherNd', the last dimension of 'indices' must be at most the rank of "
                         f"'input_x' {a.ndim}, but got indices shape {idx.shape}.")
    k = idx.shape[-1]
    c = _concrete(idx)
    if c is not None and c.size:
        lim = np.asarray(a.shape[:k])
        flat = c.reshape(-1, k)
        bad = np.nonzero(((flat < 0) | (flat >= lim)).any(axis=1))[0]
        if bad.size:
            raise RuntimeError(f"For 'GatherNd', the indices[{bad[0]}]: {flat[bad[0]].tolist()}, does not index "
                               f"into input_shape: {list(a.shape)}.")
    elif c is None:     # traced: checked when the compiled program runs
        for j in range(k):
            check_index_range(idx[..., j], 0, a.shape[j],
                              lambda v, j=j: f"For 'GatherNd', the indices: coordinate {j} is {v}, which does not "
                                             f"index into input_shape: {list(a.shape)}.")
    return _wrap(a[tuple(jnp.moveaxis(idx, -1, 0))])


primitive("GatherNd", gather_nd)


@op("index_select")
def index_select(input, axis, index):
    """Slices of ``input`` along ``axis`` at the 1-D ``index``."""
    check_tensor("index_select", "input", input)
    if not isinstance(index, Tensor):
        raise TypeError(f"For 'index_select', 'index' must be a Tensor, but got {type(index).__name__}.")
    if index.ndim != 1:
        raise ValueError(f"For 'index_select', the dimension of `index` must be 1, but got {index.ndim}")
    return gather(input, index, axis)


# --- masks ----------------------------------------------------------------------------------

def _bool_mask(name, mask):
    check_tensor(name, "mask", mask)
    if mask._np_dtype() != np.bool_:
        raise TypeError(f"For primitive[{name}], the input argument[mask] must be a type of {{Bool}}, "
                        f"but got {mask.dtype}.")
    return arr(mask)


def _fill_value(name, value):
    """The fill ``value`` of MaskedFill/IndexFill: a 0-D Tensor (as an array) or a Python number."""
    if isinstance(value, Tensor):
        if value.ndim != 0:
            raise ValueError(f"For '{name}', 'value' must be a 0-D Tensor, but got rank {value.ndim}.")
        return arr(value)
    if isinstance(value, (bool, int, float)):
        return value
    raise TypeError(f"For '{name}', 'value' must be a number or a Tensor, but got {type(value).__name__}.")


@op("masked_fill")
def masked_fill(input_x, mask, value):
    """``input_x`` with ``value`` where ``mask`` is True (broadcast)."""
    check_tensor("MaskedFill", "input_x", input_x)
    m = _bool_mask("MaskedFill", mask)
    a = arr(input_x)
    v = _fill_value("MaskedFill", value)
    try:
        shp = np.broadcast_shapes(a.shape, m.shape)
    except ValueError:
        raise ValueError(f"For 'MaskedFill', the shapes of 'input_x' {a.shape} and 'mask' {m.shape} can not "
                         "broadcast.") from None
    return _wrap(jnp.where(m, jnp.asarray(v).astype(a.dtype), jnp.broadcast_to(a, shp)))


primitive("MaskedFill", masked_fill)


@op("masked_select")
def masked_select(input, mask):
    """The elements of ``input`` where ``mask`` is True, as a 1-D Tensor (needs concrete mask)."""
    check_tensor("MaskedSelect", "input", input)
    m = _bool_mask("MaskedSelect", mask)
    a = arr(input)
    shp = np.broadcast_shapes(a.shape, m.shape)
    return _wrap(jnp.broadcast_to(a, shp)[np.broadcast_to(shape_value(m), shp)])


primitive("MaskedSelect", masked_select)


@op("nonzero", method="nonzero")
def nonzero(input, *, as_tuple=False):
    """The indices of the non-zero elements of ``input``: (N, ndim) int64 (needs concrete values)."""
    check_tensor("NonZero", "input", input)
    a = shape_value(arr(input))
    if a.ndim == 0:
        raise ValueError("For 'NonZero', the rank of 'input' must be at least 1, but got 0.")
    nz = np.nonzero(a)
    if as_tuple:
        return tuple(_wrap(jnp.asarray(i, dtype=jnp.int64)) for i in nz)
    return _wrap(jnp.asarray(np.stack(nz, axis=1), dtype=jnp.int64))


primitive("NonZero", lambda x: nonzero(x))


@op("argwhere")
def argwhere(input):
    return nonzero(input)


# --- slicing --------------------------------------------------------------------------------

def _int_seq(name, arg, v):
    if isinstance(v, Tensor):
        v = tuple(int(s) for s in np.asarray(arr(v)).reshape(-1))
    if not isinstance(v, (tuple, list)) or not all(_is_int(s) for s in v):
        raise TypeError(f"For '{name}', '{arg}' must be a tuple or list of int, but got {v}.")
    return tuple(int(s) for s in v)


@op("slice")
def slice(input_x, begin, size):
    """The block of ``input_x`` starting at ``begin`` with extent ``size`` (-1: to the end)."""
    check_tensor("Slice", "input_x", input_x)
    a = arr(input_x)
    b = _int_seq("Slice", "begin", begin)
    s = _int_seq("Slice", "size", size)
    if len(b) != a.ndim or len(s) != a.ndim:
        raise ValueError(f"For 'Slice', the length of 'begin' and 'size' must equal the rank of 'input_x' "
                         f"{a.ndim}, but got {len(b)} and {len(s)}.")
    out = []
    for i, (bi, si, n) in enumerate(zip(b, s, a.shape)):
        if si == -1:
            si = n - bi
        if bi < 0 or si < 0:
            raise ValueError(f"For Slice, the begin and size must be non-negative, but got {b} and {s}.")
        if bi + si > n:
            raise ValueError(f"For Slice, the sum of begin_shape[{i}] and size_shape[{i}] must be no greater "
                             f"than input_x_shape[{i}].")
        out.append((bi, bi + si))
    return _wrap(a[tuple(_py_slice(x, y) for x, y in out)])

@op("tensor_slice")
def tensor_slice(input, begin, size):
    return slice(input, begin, size)


primitive("Slice", slice)


@op("narrow", method="narrow")
def narrow(input, axis, start, length):
    """``length`` elements of ``input`` along ``axis`` from ``start``."""
    check_tensor("narrow", "input", input)
    a = arr(input)
    ax = _axis("narrow", axis, a.ndim)
    n = a.shape[ax]
    if not _is_int(start) or not _is_int(length):
        raise TypeError("For 'narrow', 'start' and 'length' must be int.")
    check_int_range(start, -n, n, INC_BOTH)
    start = start % n if start < 0 else start
    check_int_range(length, 0, n - start, INC_BOTH)
    return _layout.sliced(_wrap(jax.lax.slice_in_dim(a, start, start + length, axis=ax)), input, ax, start)


def _mask_bits(m, n):
    return [bool((m >> i) & 1) for i in range(n)]


def _strided_slice(x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                   shrink_axis_mask=0):
    check_tensor("StridedSlice", "input_x", x)
    a = arr(x)
    b = _int_seq("StridedSlice", "begin", begin)
    e = _int_seq("StridedSlice", "end", end)
    s = _int_seq("StridedSlice", "strides", strides)
    if not len(b) == len(e) == len(s):
        raise ValueError(f"For 'StridedSlice', the length of 'begin', 'end' and 'strides' must be equal, "
                         f"but got {len(b)}, {len(e)} and {len(s)}.")
    if any(v == 0 for v in s):
        raise ValueError(f"For 'StridedSlice', the 'strides' cannot contain 0, but got {s}.")
    n = len(b)
    bm, em, elm, nm, sm = (_mask_bits(v, n) for v in (begin_mask, end_mask, ellipsis_mask, new_axis_mask,
                                                        shrink_axis_mask))
    index = []
    dim = 0
    for i in range(n):
        if elm[i]:
            rest = sum(1 for j in range(i + 1, n) if not nm[j])
            k = a.ndim - dim - rest
            index.extend([_py_slice(None)] * k)
            dim += k
            continue
        if nm[i]:
            index.append(None)
            continue
        size = a.shape[dim]
        if sm[i]:
            bi = b[i] + size if b[i] < 0 else b[i]
            if not 0 <= bi < size:
                raise IndexError(f"For 'StridedSlice', the index {b[i]} is out of range for dimension {dim} "
                                 f"of size {size}.")
            index.append(bi)
        else:
            index.append(_py_slice(None if bm[i] else b[i], None if em[i] else e[i], s[i]))
        dim += 1
    return _wrap(a[tuple(index)])


@op("strided_slice")
def strided_slice(input_x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                  shrink_axis_mask=0):
    """``input_x[begin:end:strides]`` per axis, with TensorFlow-style bit masks."""
    return _strided_slice(input_x, begin, end, strides, begin_mask, end_mask, ellipsis_mask, new_axis_mask,
                          shrink_axis_mask)


primitive("StridedSlice", _strided_slice,
          attrs=(("begin_mask", 0, (int,)), ("end_mask", 0, (int,)), ("ellipsis_mask", 0, (int,)),
                 ("new_axis_mask", 0, (int,)), ("shrink_axis_mask", 0, (int,))))


@op("index_fill")
def index_fill(x, axis, index, value):
    """``x`` with the slices at ``index`` along ``axis`` set to ``value``."""
    check_tensor("IndexFill", "x", x)
    check_tensor("IndexFill", "index", index)
    if np.dtype(index._np_dtype()) != np.int32:
        raise TypeError(f"For primitive[IndexFill], the input argument[index] must be a type of {{Tensor[Int32]}}, "
                        f"but got Tensor[{index.dtype}].")
    idx = arr(index)
    a = arr(x)
    ax = _axis("IndexFill", axis, a.ndim)
    if idx.ndim > 1:
        raise ValueError(f"For 'IndexFill', 'index' must be 0-D or 1-D, but got rank {idx.ndim}.")
    v = _fill_value("IndexFill", value)
    n = a.shape[ax]
    c = _concrete(idx)
    if c is not None and c.size and (c.min() < -n or c.max() >= n):
        raise ValueError(f"For 'IndexFill', the values of 'index' must be in [{-n}, {n}), but got {c.tolist()}.")
    idx = jnp.where(idx < 0, idx + n, idx).reshape(-1)
    hit = jnp.zeros((n,), bool).at[idx].set(True)
    hit = hit.reshape([n if i == ax else 1 for i in range(a.ndim)])
    return _wrap(jnp.where(hit, jnp.asarray(v).astype(a.dtype), a))


primitive("IndexFill", index_fill)


def _embedding_lookup(params, indices, offset):
    a = _tensor("EmbeddingLookup", "input_params", params)
    i = _tensor("EmbeddingLookup", "input_indices", indices)
    if i.dtype not in (np.int32, np.int64):
        raise TypeError(f"For 'EmbeddingLookup', 'input_indices' must be int32 or int64, but got {indices.dtype}.")
    if not _is_int(offset):
        raise TypeError(f"For 'EmbeddingLookup', 'offset' must be int, but got {type(offset).__name__}.")
    j = i - offset
    ok = (j >= 0) & (j < a.shape[0])
    rows = jnp.take(a, jnp.clip(j, 0, a.shape[0] - 1), axis=0)
    return _wrap(jnp.where(ok.reshape(ok.shape + (1,) * (a.ndim - 1)), rows, jnp.zeros((), a.dtype)))


primitive("EmbeddingLookup", _embedding_lookup)
primitive("GatherV2", lambda x, indices, axis, batch_dims=0: gather(x, indices, axis, batch_dims))


# --- ops whose MindSpore CPU kernels are missing (no CPU parity case possible) ----------------

@op("take")
def take(input, index):
    """Elements of the flattened ``input`` at ``index`` (shape of ``index``)."""
    check_tensor("take", "input", input)
    check_tensor("take", "index", index)
    a = arr(input).reshape(-1)
    i = arr(index)
    if i.dtype.kind not in "iu":
        raise TypeError(f"For 'take', 'index' must be an integer Tensor, but got {index.dtype}.")
    return _wrap(jnp.take(a, jnp.where(i < 0, i + a.size, i)))


primitive("SparseGatherV2", lambda x, indices, axis: gather(x, indices, axis))


@register_primitive_class
class SubAndFilter(PrimitiveWithCheck):
    """``SubAndFilter()(input_x, max_num, offset)``: ``(x - offset)`` values in ``[0, max_num)``
    and their indices."""

    @prim_attr_register
    def __init__(self):
        self.init_prim_io_names(inputs=["input_x", "max_num", "offset"], outputs=["sub_res", "sub_idx"])

    def __call__(self, input_x, max_num, offset):
        a = _tensor_input(self.name, "input_x", input_x,
                          (np.int8, np.int16, np.int32, np.int64))
        v = np.asarray(a) - int(offset)
        idx = np.nonzero((v >= 0) & (v < int(max_num)))[0]
        return _wrap(jnp.asarray(v[idx], a.dtype)), _wrap(jnp.asarray(idx, a.dtype))
