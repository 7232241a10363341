"""Scatter ops: ScatterUpdate/Add/... (write a Parameter through its binding), scatter_nd*,
tensor_scatter_*, scatter/tensor_scatter_elements, unsorted_segment_*, Segment*, scatters into
slices (slice/select/diagonal_scatter), MaskedScatter, IndexPut, ScatterNonAliasingAdd, put_, and the
torch-style in-place scatters of the Tensor methods (``scatter_into``, ``index_into``)."""
import builtins
import numbers

import numpy as np
import jax
import jax.numpy as jnp

from mscompat._runtime_checks import check_index_range
from ._args import arr, check_tensor, Tensor, is_int as _is_int, tensor_arg as _tensor, ms_dtype
from ._registry import op, primitive

_wrap = Tensor._wrap
_IDX = (np.dtype(np.int32), np.dtype(np.int64))


def _concrete(a):
    return None if isinstance(a, jax.core.Tracer) else np.asarray(a)


def _indices(name, t, arg="indices"):
    check_tensor(name, arg, t)
    if np.dtype(t._np_dtype()) not in _IDX:
        raise TypeError(f"For primitive[{name}], the input argument[{arg} type] must be a type of "
                        f"{{Tensor[Int32], Tensor[Int64]}}, but got Tensor[{t.dtype}].")
    return arr(t)


def _write(x, value):
    """MindSpore's Scatter* kernels write their result into ``x`` (a Parameter or a Tensor):
    rebind ``x``'s data (for a Parameter this is its state binding) and return a new Tensor."""
    if isinstance(x, Tensor):
        x._data = value
    return _wrap(value)


_REDUCE = {
    "update": lambda ref, v: ref.set(v),
    "add": lambda ref, v: ref.add(v),
    "sub": lambda ref, v: ref.add(-v),
    "mul": lambda ref, v: ref.multiply(v),
    "div": lambda ref, v: ref.divide(v),
    "max": lambda ref, v: ref.max(v),
    "min": lambda ref, v: ref.min(v),
}


# --- Scatter<Op>: rows of a Parameter ---------------------------------------------------------

def _scatter_rows(name, kind, input_x, indices, updates):
    check_tensor(name, "input_x", input_x)
    idx = _indices(name, indices)
    check_tensor(name, "updates", updates)
    a = arr(input_x)
    u = arr(updates)
    want = tuple(idx.shape) + tuple(a.shape[1:])
    if tuple(u.shape) != want:
        raise ValueError(f"For {name}, updates_shape = indices_shape + input_x_shape[1:], but got input_x_shape: "
                         f"{a.shape}, indices_shape: {idx.shape}, updates_shape: {u.shape}.")
    n = a.shape[0]
    c = _concrete(idx)
    if c is not None and c.size and (c.min() < 0 or c.max() >= n):
        raise RuntimeError(f"For '{name}', the value of 'indices' must be in [0, {n}), but got {c.tolist()}.")
    u = u.astype(a.dtype).reshape((-1,) + a.shape[1:])
    flat = idx.reshape(-1)
    if kind == "div" and a.dtype.kind in "iu":
        out = a.at[flat].divide(u)
    else:
        out = _REDUCE[kind](a.at[flat], u)
    return _write(input_x, out.astype(a.dtype))


# the scatter kinds and their Primitives' ``use_locking`` default
_SCATTER_KINDS = (("update", True), ("add", False), ("sub", False), ("mul", False), ("div", False),
                  ("max", False), ("min", False))


def _register_scatter(f, fname, pname, use_locking, doc, functional=True):
    """Register ``f`` as the functional ``fname`` (unless ``functional`` is False) and the
    Primitive ``pname`` with its ``use_locking`` attribute."""
    f.__name__ = fname
    f.__doc__ = doc
    if functional:
        op(fname)(f)
    primitive(pname, lambda x, i, u, use_locking=use_locking: f(x, i, u),
              attrs=(("use_locking", use_locking, (bool,)),))


def _def_scatter(kind, fname, pname, use_locking):
    def f(input_x, indices, updates):
        return _scatter_rows(pname, kind, input_x, indices, updates)
    _register_scatter(f, fname, pname, use_locking,
                      f"``input_x[indices] {kind}= updates`` row-wise; a Parameter is updated in place.",
                      functional=kind != "sub")  # MindSpore has no ops.scatter_sub


for _k, _lock in _SCATTER_KINDS:
    _def_scatter(_k, f"scatter_{_k}", f"Scatter{_k.capitalize()}", _lock)


# --- N-d scatter ------------------------------------------------------------------------------

def _nd_check(name, a_shape, idx, u, exc=ValueError, msg=None):
    if idx.ndim < 1 or idx.shape[-1] > len(a_shape):
        raise ValueError(f"For '{name}', the last dimension of 'indices' must be at most the rank of the input "
                         f"{len(a_shape)}, but got indices shape {idx.shape}.")
    k = idx.shape[-1]
    want = tuple(idx.shape[:-1]) + tuple(a_shape[k:])
    if tuple(u.shape) != want:
        raise ValueError(f"For '{name}', updates_shape must be indices_shape[:-1] + x_shape[indices_shape[-1]:], "
                         f"but got x_shape: {tuple(a_shape)}, indices_shape: {idx.shape}, updates_shape: {u.shape}.")
    c = _concrete(idx)
    if c is not None and c.size:
        flat = c.reshape(-1, k)
        if (flat < 0).any():
            raise RuntimeError(f"The int value({int(flat[flat < 0][0])}) is less than 0.")
        bad = np.nonzero((flat >= np.asarray(a_shape[:k])).any(axis=1))[0]
        if bad.size:
            raise exc(msg or f"For '{name}', indices out of range for input_x. Please check the indices which is "
                      f"{flat[bad[0]].tolist()}")
    return tuple(jnp.moveaxis(idx, -1, 0))


def _scatter_nd_core(name, kind, a, idx, u, exc=ValueError):
    ix = _nd_check(name, a.shape, idx, u, exc)
    u = u.astype(a.dtype)
    if a.dtype == np.bool_ and kind in ("add", "sub", "mul", "div"):
        # bool arithmetic: add/sub as logical or, mul/div as logical and
        kind = "max" if kind in ("add", "sub") else "min"
    if kind == "div" and a.dtype.kind in "iu":
        return a.at[ix].divide(u).astype(a.dtype)
    return _REDUCE[kind](a.at[ix], u).astype(a.dtype)


def _def_scatter_nd(kind, fname, pname, use_locking):
    def f(input_x, indices, updates, use_locking=False):
        check_tensor(pname, "input_x", input_x)
        idx = _indices(pname, indices)
        check_tensor(pname, "updates", updates)
        out = _scatter_nd_core(pname, kind, arr(input_x), idx, arr(updates))
        return _write(input_x, out)
    _register_scatter(f, fname, pname, use_locking,
                      f"``input_x[indices] {kind}= updates`` at N-d indices; a Parameter is updated in place.")


for _k, _lock in _SCATTER_KINDS:
    _def_scatter_nd(_k, f"scatter_nd_{_k}", f"ScatterNd{_k.capitalize()}", _lock)


def _def_tensor_scatter(kind, fname, pname):
    def f(input_x, indices, updates):
        check_tensor(pname, "input_x", input_x)
        idx = _indices(pname, indices)
        check_tensor(pname, "updates", updates)
        if input_x._np_dtype() != updates._np_dtype():
            raise TypeError(f"For primitive[{pname}], the input type must be same.")
        return _wrap(_scatter_nd_core(pname, kind, arr(input_x), idx, arr(updates)))
    f.__name__ = fname
    f.__doc__ = f"A copy of ``input_x`` with ``updates`` {kind}-combined at N-d ``indices``."
    op(fname)(f)
    primitive(pname, f)


for _k in ("update", "add", "sub", "mul", "div", "max", "min"):
    _def_tensor_scatter(_k, f"tensor_scatter_{_k}", f"TensorScatter{_k.capitalize()}")


@op("scatter_nd")
def scatter_nd(indices, updates, shape):
    """A zero Tensor of ``shape`` with ``updates`` summed in at N-d ``indices``."""
    idx = _indices("ScatterNd", indices)
    check_tensor("ScatterNd", "updates", updates)
    if not isinstance(shape, (tuple, list)) or not all(isinstance(s, numbers.Integral) for s in shape):
        raise TypeError(f"For 'ScatterNd', 'shape' must be a tuple of int, but got {shape}.")
    if any(s <= 0 for s in shape) or not shape:
        raise ValueError(f"For 'ScatterNd', each element of 'shape' must be positive, but got {shape}.")
    u = arr(updates)
    base = jnp.zeros(tuple(shape), u.dtype)
    k = idx.shape[-1] if idx.ndim else 0
    c = _concrete(idx)
    if c is not None and c.size and k:
        flat = c.reshape(-1, k)
        lim = np.asarray(shape[:k])
        bad = (flat < 0) | (flat >= lim)
        if bad.any():
            r, col = np.argwhere(bad)[0]
            raise RuntimeError(f"For 'ScatterNd', each element in 'indices' should be smaller than the value of "
                               f"shape, but got {flat[r, col]} and got the value of shape {shape[col]}")
    return _wrap(_scatter_nd_core("ScatterNd", "add", base, idx, u, RuntimeError))


primitive("ScatterNd", scatter_nd)


# --- element-wise scatter along an axis -------------------------------------------------------

def _scatter_elements(name, input_x, axis, indices, updates, reduction):
    check_tensor(name, "input_x", input_x)
    idx = _indices(name, indices)
    check_tensor(name, "updates", updates)
    a, u = arr(input_x), arr(updates)
    if reduction not in ("none", "add"):
        raise ValueError(f"For '{name}', 'reduction' must be 'none' or 'add', but got {reduction}.")
    if u.dtype != a.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    if idx.ndim != a.ndim or idx.shape != u.shape:
        raise RuntimeError(f"For '{name}', the shape of 'indices' and the shape of 'updates' should be same and of "
                           f"the input's rank, but got {idx.shape}, {u.shape} and {a.shape}.")
    if isinstance(axis, bool) or not isinstance(axis, numbers.Integral):
        raise TypeError(f"For '{name}', 'axis' must be int, but got {type(axis).__name__}.")
    r = max(a.ndim, 1)
    if not -r <= axis < r:
        raise ValueError(f"For '{name}', the 'axis' must be in range [{-r}, {r}), but got {axis}.")
    return _wrap(_scatter_grid(a, axis % r, idx, u, reduction))


def _scatter_grid(a, ax, idx, u, reduction):
    """``a`` with ``u`` written (``"none"``), added (``"add"``) or multiplied in (``"mul"``) at
    ``idx`` along axis ``ax`` (``idx`` and ``u`` of one shape, ``a``'s rank). Indices in
    ``[-n, n)`` wrap; the ones outside are skipped, as MindSpore's CPU kernel does."""
    n = a.shape[ax]
    idx = jnp.where(idx < 0, idx + n, idx)
    idx = jnp.where((idx >= 0) & (idx < n), idx, n)
    grid = list(jnp.meshgrid(*[jnp.arange(s) for s in idx.shape], indexing="ij"))
    grid[ax] = idx
    ref = a.at[tuple(grid)]
    u = u.astype(a.dtype)
    if reduction == "none":
        return ref.set(u, mode="drop")
    return ref.add(u, mode="drop") if reduction == "add" else ref.multiply(u, mode="drop")


# --- the torch-style in-place scatters of Tensor methods (scatter_, scatter_add_, index_add_,
# index_copy_): checked like MindSpore's Inplace* kernels, written into the Tensor ------------

def _dim_of(name, dim, ndim):
    r = max(ndim, 1)
    if not -r <= dim < r:
        raise RuntimeError(f"For '{name}', 'dim' must be in range [{-r}, {r}), but got {dim}.")
    return dim % r


def _check_in_range(name, idx, n, exc_type=RuntimeError):
    """``exc_type`` for an index outside ``[-n, n)``, eagerly and when a compiled program runs."""
    check_index_range(idx, -n, n, lambda v: f"For '{name}', each value of 'index' must be in range [{-n}, {n}), "
                                            f"but got {v}.", exc_type)


def scatter_into(name, input, dim, index, src, reduction="none"):
    """Write ``src`` (a Tensor, or a number filling ``index``'s shape) into ``input`` at ``index``
    along ``dim`` (torch's ``scatter_``/``scatter_add_``): ``index`` has ``input``'s rank and is no
    larger than ``src`` nor, outside ``dim``, than ``input``; only ``src[:index.shape]`` is used.
    ``reduction``: ``"none"``, ``"add"`` or ``"mul"``. Rebinds ``input``'s data; returns ``input``."""
    a = arr(input)
    idx = _indices(name, index, "index")
    if idx.size == 0:
        return input
    if isinstance(src, Tensor):
        u = arr(src)
        if u.dtype != a.dtype:
            raise RuntimeError(f"For '{name}', the dtype of 'src' must be the same as the dtype of 'input' "
                               f"{input.dtype}, but got {src.dtype}.")
        if u.ndim != a.ndim or idx.ndim != a.ndim:
            raise RuntimeError(f"For '{name}', 'input', 'index' and 'src' must have the same rank, but got "
                               f"{a.ndim}, {idx.ndim} and {u.ndim}.")
    else:
        if idx.ndim != a.ndim:
            raise RuntimeError(f"For '{name}', 'input' and 'index' must have the same rank, but got {a.ndim} and "
                               f"{idx.ndim}.")
        u = jnp.full(idx.shape, src, a.dtype)
    ax = _dim_of(name, dim, a.ndim)
    for d in range(idx.ndim):
        if idx.shape[d] > u.shape[d] or (d != ax and idx.shape[d] > a.shape[d]):
            raise RuntimeError(f"For '{name}', the size of 'index' {idx.shape} must not exceed the size of 'src' "
                               f"{u.shape} in any dimension, nor the size of 'input' {a.shape} outside 'dim' {ax}.")
    _check_in_range(name, idx, a.shape[ax] if a.ndim else 1)
    u = u[tuple(slice(0, s) for s in idx.shape)]
    if a.ndim == 0:
        idx, u, base = idx.reshape(1), u.reshape(1), a.reshape(1)
        input._data = _scatter_grid(base, 0, idx, u, reduction).reshape(())
        return input
    input._data = _scatter_grid(a, ax, idx, u, reduction)
    return input


def index_into(name, input, dim, index, source, reduction):
    """Write (``"none"``) or add (``"add"``) the slices of ``source`` into ``input`` at the 1-D
    ``index`` along ``dim`` (torch's ``index_copy_``/``index_add_``). Returns ``input``."""
    a = arr(input)
    idx = _indices(name, index, "index")
    s = arr(source)
    if s.dtype != a.dtype:
        raise RuntimeError(f"For '{name}', the dtype of 'source' must be the same as the dtype of 'input' "
                           f"{input.dtype}, but got {source.dtype}.")
    if idx.ndim > 1:
        raise RuntimeError(f"For '{name}', 'index' must be a 0-D or 1-D Tensor, but got rank {idx.ndim}.")
    idx = idx.reshape(-1)
    ax = _dim_of(name, dim, a.ndim)
    want = a.shape[:ax] + (idx.shape[0],) + a.shape[ax + 1:] if a.ndim else (idx.shape[0],)
    if s.size != int(np.prod(want, dtype=np.int64)) or (s.ndim == a.ndim and tuple(s.shape) != tuple(want)):
        raise RuntimeError(f"For '{name}', the shape of 'source' must be {want}, but got {tuple(s.shape)}.")
    _check_in_range(name, idx, a.shape[ax] if a.ndim else 1)
    base = a.reshape(-1) if a.ndim == 0 else a
    s = s.reshape(want)
    full = jnp.broadcast_to(idx.reshape([-1 if d == ax else 1 for d in range(base.ndim)]), want)
    out = _scatter_grid(base, ax, full, s, reduction)
    input._data = out.reshape(a.shape)
    return input


@op("tensor_scatter_elements")
def tensor_scatter_elements(input_x, indices, updates, axis=0, reduction='none'):
    """A copy of ``input_x`` with ``updates`` written (or added) at ``indices`` along ``axis``."""
    return _scatter_elements("TensorScatterElements", input_x, axis, indices, updates, reduction)


primitive("TensorScatterElements", lambda x, i, u, axis=0, reduction="none":
          tensor_scatter_elements(x, i, u, axis, reduction),
          attrs=(("axis", 0, (int,)), ("reduction", "none", (str,))))


@op("scatter")
def scatter(input, axis, index, src):
    return _scatter_elements("Scatter", input, axis, index, src, "none")


def _scatter_add_with_axis(x, i, u, axis=0):
    return _scatter_elements("ScatterAddWithAxis", x, axis, i, u, "add")


primitive("ScatterAddWithAxis", _scatter_add_with_axis, attrs=(("axis", 0, (int,)),))


# --- segment reductions -----------------------------------------------------------------------

def _segment_init(kind, dt):
    dt = np.dtype(dt)
    if kind == "max":
        return np.finfo(dt).min if dt.kind == "f" else np.iinfo(dt).min
    if kind == "min":
        return np.finfo(dt).max if dt.kind == "f" else np.iinfo(dt).max
    return 1 if kind == "prod" else 0


def _unsorted(kind, name, x, segment_ids, num_segments):
    check_tensor(name, "x", x)
    ids = _indices(name, segment_ids, "segment_ids")
    if isinstance(num_segments, Tensor):
        num_segments = int(num_segments)
    if isinstance(num_segments, bool) or not isinstance(num_segments, numbers.Integral):
        raise TypeError(f"For '{name}', 'num_segments' must be int, but got {type(num_segments).__name__}.")
    if num_segments <= 0:
        raise ValueError(f"For '{name}', 'num_segments' must be positive, but got {num_segments}.")
    a = arr(x)
    if tuple(a.shape[:ids.ndim]) != tuple(ids.shape):
        raise ValueError(f"For '{name}', the shape of 'segment_ids' must be a prefix of the shape of 'x', but got "
                         f"{ids.shape} and {a.shape}.")
    c = _concrete(ids)
    if c is not None and c.size and c.max() >= num_segments:
        raise RuntimeError(f"For '{name}', the values of 'segment_ids' must be less than 'num_segments' "
                           f"{num_segments}, but got {int(c.max())}.")
    flat_ids = ids.reshape(-1)
    vals = a.reshape((-1,) + a.shape[ids.ndim:])
    out = jnp.full((num_segments,) + vals.shape[1:], _segment_init(kind, a.dtype), a.dtype)
    valid = (flat_ids >= 0) & (flat_ids < num_segments)
    safe = jnp.where(valid, flat_ids, num_segments)  # out of range: dropped
    ref = out.at[safe]
    res = {"sum": ref.add, "max": ref.max, "min": ref.min, "prod": ref.multiply}[kind](vals, mode="drop")
    return _wrap(res)


def _def_unsorted(kind, fname, pname, xarg):
    def f(x, segment_ids, num_segments):
        return _unsorted(kind, pname, x, segment_ids, num_segments)
    f.__name__ = fname
    if xarg == "input_x":
        def g(input_x, segment_ids, num_segments):
            return f(input_x, segment_ids, num_segments)
        g.__name__ = fname
        op(fname)(g)
    else:
        op(fname)(f)
    primitive(pname, f)


for _k in ("sum", "max", "min", "prod"):
    _def_unsorted(_k, f"unsorted_segment_{_k}", f"UnsortedSegment{_k.capitalize()}",
                  "input_x" if _k == "sum" else "x")


def _segment(kind, name):
    def f(input_x, segment_ids):
        check_tensor(name, "input_x", input_x)
        ids = _indices(name, segment_ids, "segment_ids")
        if ids.ndim != 1:
            raise ValueError(f"For '{name}', 'segment_ids' must be 1-D, but got rank {ids.ndim}.")
        a = arr(input_x)
        if a.ndim == 0 or a.shape[0] != ids.shape[0]:
            raise ValueError(f"For '{name}', the first dimension of 'input_x' must equal the size of "
                             f"'segment_ids', but got {a.shape} and {ids.shape}.")
        c = np.asarray(ids)
        if c.size and (c.min() < 0 or np.any(np.diff(c) < 0)):
            raise ValueError("For 'SegmentOp', segment_ids must be a tensor with element values sorted in "
                             "ascending order.")
        n = int(c.max()) + 1 if c.size else 0
        if kind == "mean":
            s = jax.ops.segment_sum(a, ids, n)
            cnt = jax.ops.segment_sum(jnp.ones_like(ids, a.dtype), ids, n)
            cnt = cnt.reshape((-1,) + (1,) * (a.ndim - 1))
            return _wrap(jnp.where(cnt > 0, s / jnp.maximum(cnt, 1), 0).astype(a.dtype))
        fn = {"sum": jax.ops.segment_sum, "max": jax.ops.segment_max, "min": jax.ops.segment_min,
              "prod": jax.ops.segment_prod}[kind]
        out = fn(a, ids, n)
        if kind in ("max", "min"):
            present = jax.ops.segment_sum(jnp.ones_like(ids), ids, n).reshape((-1,) + (1,) * (a.ndim - 1)) > 0
            out = jnp.where(present, out, jnp.zeros((), a.dtype))
        return _wrap(out.astype(a.dtype))
    return f


for _k in ("sum", "mean", "max", "min", "prod"):
    primitive(f"Segment{_k.capitalize()}", _segment(_k, f"Segment{_k.capitalize()}"))


# --- scatter into slices --------------------------------------------------------------------

@op("slice_scatter")
def slice_scatter(input, src, axis=0, start=None, end=None, step=1):
    """``input`` with ``input[..., start:end:step, ...]`` (along ``axis``) replaced by ``src``."""
    a = _tensor("slice_scatter", "input", input)
    s = _tensor("slice_scatter", "src", src)
    if not _is_int(axis):
        raise TypeError(f"For 'slice_scatter', 'axis' must be int, but got {type(axis).__name__}.")
    if not -a.ndim <= axis < a.ndim:
        raise ValueError(f"For 'slice_scatter', 'axis' must be in range [{-a.ndim}, {a.ndim}), but got {axis}.")
    ax = axis % a.ndim
    idx = list(builtins.range(a.shape[ax]))[builtins.slice(start, end, step)]
    want = a.shape[:ax] + (len(idx),) + a.shape[ax + 1:]
    if tuple(s.shape) != want:
        raise ValueError(f"For slice_scatter, src shape should be equal to the slice size,but got src shape "
                         f"{tuple(s.shape)} and slice shape {want}")
    sl = [builtins.slice(None)] * a.ndim
    sl[ax] = builtins.slice(start, end, step)
    return _wrap(a.at[tuple(sl)].set(s.astype(a.dtype)))


@op("select_scatter")
def select_scatter(input, src, axis, index):
    """``input`` with the slice at ``index`` along ``axis`` replaced by ``src``."""
    a = _tensor("select_scatter", "input", input)
    s = _tensor("select_scatter", "src", src)
    ax = axis % a.ndim if _is_int(axis) and -a.ndim <= axis < a.ndim else None
    if ax is None:
        raise ValueError(f"For 'select_scatter', 'axis' must be in range [{-a.ndim}, {a.ndim}), but got {axis}.")
    i = index + a.shape[ax] if index < 0 else index
    return slice_scatter(input, _wrap(jnp.expand_dims(s, ax)), ax, i, i + 1)


@op("diagonal_scatter")
def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    """``input`` with its diagonal ``offset`` (over ``dim1``, ``dim2``) replaced by ``src``."""
    a = _tensor("diagonal_scatter", "input", input)
    s = _tensor("diagonal_scatter", "src", src)
    d1, d2 = dim1 % a.ndim, dim2 % a.ndim
    if d1 == d2:
        raise ValueError("For 'diagonal_scatter', 'dim1' and 'dim2' must be different.")
    m, n = a.shape[d1], a.shape[d2]
    if offset >= 0:
        length = builtins.max(builtins.min(m, n - offset), 0)
        rows, cols = np.arange(length), np.arange(length) + offset
    else:
        length = builtins.max(builtins.min(m + offset, n), 0)
        rows, cols = np.arange(length) - offset, np.arange(length)
    moved = jnp.moveaxis(a, (d1, d2), (-2, -1))
    want = moved.shape[:-2] + (length,)
    if tuple(s.shape) != want:
        raise ValueError(f"For diagonal_scatter, the shape of 'src' should be {want}, but got {tuple(s.shape)}.")
    out = moved.at[..., rows, cols].set(s.astype(a.dtype))
    return _wrap(jnp.moveaxis(out, (-2, -1), (d1, d2)))


def _masked_scatter(x, mask, updates):
    a = _tensor("MaskedScatter", "x", x)
    m = _tensor("MaskedScatter", "mask", mask)
    u = _tensor("MaskedScatter", "updates", updates)
    if m.dtype not in (np.bool_, np.uint8):
        raise TypeError(f"For 'MaskedScatter', 'mask' must be a bool or uint8 Tensor, but got {mask.dtype}.")
    if u.dtype != a.dtype:
        raise TypeError(f"For 'MaskedScatter', 'updates' must have the dtype of 'x' {x.dtype}, but got "
                        f"{updates.dtype}.")
    if m.ndim > a.ndim:
        raise ValueError(f"For 'MaskedScatter', the shape of 'mask': {tuple(m.shape)} can not be broadcast to the "
                         f"shape of 'x': {tuple(a.shape)}.")
    try:
        m = jnp.broadcast_to(m.astype(bool), a.shape)
    except ValueError:
        raise ValueError(f"For 'MaskedScatter', the shape of 'mask': {tuple(m.shape)} can not be broadcast to the "
                         f"shape of 'x': {tuple(a.shape)}.") from None
    flat = m.reshape(-1)
    pos = jnp.cumsum(flat) - 1
    vals = u.reshape(-1)
    check_index_range(jnp.sum(flat, dtype=jnp.int64).reshape(1), 0, vals.size + 1,
                      lambda c: f"For 'MaskedScatter', the number of elements of 'updates' {vals.size} must be at "
                                f"least the number of True values in 'mask' {c}.", ValueError)
    picked = vals[jnp.clip(pos, 0, builtins.max(vals.size - 1, 0))].astype(a.dtype)
    return _wrap(jnp.where(flat, picked, a.reshape(-1)).reshape(a.shape))


primitive("MaskedScatter", _masked_scatter)


def _index_put_args(name, x, values, indices):
    a = _tensor(name, "x1", x)
    v = _tensor(name, "x2", values)
    if not isinstance(indices, (tuple, list)) or not indices:
        raise TypeError(f"For '{name}', 'indices' must be a non-empty tuple or list of Tensors.")
    idx = tuple(arr(i) for i in indices)
    for i in idx:
        if i.dtype not in (np.int32, np.int64):
            raise TypeError(f"For primitive[{name}], the input argument[indices[0]:] must be a type of "
                            f"{{Tensor[Int32], Tensor[Int64]}}, but got Tensor[{ms_dtype(i.dtype)}].")
    if v.dtype != a.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    if len(idx) > a.ndim:
        raise IndexError(f"For '{name}', too many indices: {len(idx)} for a Tensor of rank {a.ndim}.")
    return a, v, idx


def index_put_values(name, x, indices, values, accumulate, range_error=RuntimeError):
    """``x`` with ``values`` written (or added, ``accumulate``) at the positions the index Tensors
    ``indices`` select (broadcast against each other; the trailing dimensions are whole), as
    torch's ``index_put_``; ``values`` broadcasts to the selection. Returns the new array."""
    a, v, idx = _index_put_args(name, x, values, indices)
    for i, n in zip(idx, a.shape):
        _check_in_range(name, i, n, range_error)
    ref = a.at[idx]
    try:
        return ref.add(v) if accumulate else ref.set(v)
    except ValueError:
        raise RuntimeError(f"For '{name}', 'values' of shape {tuple(v.shape)} can not be broadcast to the "
                           f"indexed shape.") from None


def _index_put(x, values, indices, accumulate=0):
    a, v, idx = _index_put_args("IndexPut", x, values, indices)
    if v.ndim != 1:
        raise ValueError(f"For primitive[IndexPut], the rank of x2 must be equal to 1, but got {v.ndim}.")
    if len(idx) == a.ndim:
        most = builtins.max(int(np.prod(i.shape, dtype=np.int64)) for i in idx)
        if v.shape[0] not in (1, most):
            raise ValueError(f"For 'IndexPut', the size of x2 must be 1 or the max size of the tensors in indices "
                             f"if rank(x1) == size(indices), but got {v.shape[0]}.")
    return _wrap(index_put_values("IndexPut", x, indices, values, accumulate, ValueError))


primitive("IndexPut", _index_put, attrs=(("accumulate", 0, (int,)),))


def _scatter_non_aliasing_add(x, indices, updates):
    check_tensor("ScatterNonAliasingAdd", "input_x", x)
    idx = _indices("ScatterNonAliasingAdd", indices)
    check_tensor("ScatterNonAliasingAdd", "updates", updates)
    out = _scatter_nd_core("ScatterNonAliasingAdd", "add", arr(x), idx, arr(updates))
    return _write(x, out)


primitive("ScatterNonAliasingAdd", _scatter_non_aliasing_add)


@op("put_")
def put_(input, index, source, accumulate=False):
    """Writes ``source`` into the flattened ``input`` at ``index`` in place (adds with ``accumulate``)."""
    check_tensor("put_", "input", input)
    check_tensor("put_", "index", index)
    check_tensor("put_", "source", source)
    if not isinstance(accumulate, bool):
        raise TypeError(f"For 'put_', 'accumulate' must be a bool, but got {type(accumulate).__name__}.")
    a = arr(input)
    i = arr(index).reshape(-1)
    if i.dtype.kind not in "iu":
        raise TypeError(f"For 'put_', 'index' must be an integer Tensor, but got {index.dtype}.")
    v = arr(source).reshape(-1).astype(a.dtype)
    if v.size != i.size:
        raise ValueError(f"For 'put_', 'source' and 'index' must have the same number of elements, but got "
                         f"{v.size} and {i.size}.")
    flat = a.reshape(-1)
    _check_in_range("put_", i, flat.size)
    i = jnp.where(i < 0, i + flat.size, i)
    flat = flat.at[i].add(v) if accumulate else flat.at[i].set(v)
    input._data = flat.reshape(a.shape)
    return input
