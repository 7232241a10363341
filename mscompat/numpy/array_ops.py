"""``mindspore.numpy`` array manipulation: shapes and axes, joining and splitting, flips and
rolls, indexing helpers (``take``, ``choose``, ``select``, ...)."""
import jax.numpy as jnp
import numpy as onp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat import ops
from .dtypes import promotion_rule
from .utils import (to_tensor, wrap, check_tensor, raise_type, raise_value, canonical_axis, check_axes,
                    check_axis, np_dtype, size_of_shape)

__all__ = ["transpose", "expand_dims", "squeeze", "rollaxis", "swapaxes", "reshape", "ravel", "concatenate",
           "where", "atleast_1d", "atleast_2d", "atleast_3d", "column_stack", "hstack", "dstack", "vstack",
           "stack", "unique", "moveaxis", "tile", "broadcast_to", "broadcast_arrays", "roll", "append", "split",
           "vsplit", "flip", "flipud", "fliplr", "hsplit", "dsplit", "take_along_axis", "take", "repeat",
           "rot90", "select", "array_split", "choose", "size", "array_str", "apply_along_axis", "piecewise",
           "unravel_index", "apply_over_axes", "argwhere", "intersect1d", "promote"]

_MAX_DIMS = 32


def promote(d1, d2):
    """The dtype ``mindspore.numpy`` promotes two dtypes to."""
    if d1 == d2:
        return d1
    res = promotion_rule.get((d1, d2), promotion_rule.get((d2, d1)))
    if res is None:
        raise TypeError(f"input dtype: {d1}, {d2} are not all mindspore datatypes.")
    return res


def _promote_all(tensors):
    dt = tensors[0].dtype
    for t in tensors[1:]:
        dt = promote(dt, t.dtype)
    return [t._data.astype(np_dtype(dt)) for t in tensors]


def expand_dims(a, axis):
    """Insert new axes of length one at ``axis``."""
    check_tensor(a)
    if not isinstance(axis, (int, tuple, list)):
        raise_type("axis must be tuple, list or int, but got ", axis)
    if isinstance(axis, int):
        return ops.expand_dims(a, axis)
    axis = canonical_axis(axis, a.ndim + len(axis))
    for ax in sorted(axis):
        a = ops.expand_dims(a, ax)
    return a


def squeeze(a, axis=None):
    """Remove axes of length one (a listed axis whose length is not one is kept)."""
    check_tensor(a)
    if axis is None:
        return wrap(jnp.squeeze(a._data))
    if isinstance(axis, bool) or not isinstance(axis, (int, tuple, list)) or (
            isinstance(axis, (tuple, list)) and not all(isinstance(v, int) for v in axis)):
        raise TypeError(f'Failed calling squeeze with "squeeze({type(axis).__name__})".')
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    nd = a.ndim
    for v in axes:
        if not -max(nd, 1) <= v < max(nd, 1):
            raise ValueError(f"Dimension out of range (expected to be in range of [{-max(nd, 1)}, {max(nd, 1)}), "
                             f"but got {v})")
    drop = tuple(sorted({v % nd for v in axes if nd and a.shape[v % nd] == 1}))
    return wrap(jnp.squeeze(a._data, drop)) if drop else a


def transpose(a, axes=None):
    """Permute the axes of ``a`` (reverse them by default)."""
    check_tensor(a)
    if axes is None:
        axes = tuple(range(a.ndim - 1, -1, -1))
    return ops.transpose(a, tuple(axes))


def rollaxis(x, axis, start=0):
    """Roll ``axis`` backwards until it lies before position ``start``."""
    check_tensor(x)
    if not isinstance(axis, int):
        raise_type("integer argument expected, but got ", axis)
    if not isinstance(start, int):
        raise_type("integer argument expected, but got ", start)
    ndim = x.ndim
    axis = canonical_axis(axis, ndim)
    if start < -ndim or start > ndim:
        raise ValueError(f"For rollaxis, start {start} is out of bounds.Ranging from {-ndim} to {ndim} is allowed.")
    if start < 0:
        start += ndim
    if 0 <= start - axis <= 1:
        return x
    perm = list(range(ndim))
    perm.pop(axis)
    perm.insert(start if start < axis else start - 1, axis)
    return ops.transpose(x, tuple(perm))


def swapaxes(x, axis1, axis2):
    """Interchange two axes."""
    check_tensor(x)
    return x.swapaxes(axis1, axis2)


def reshape(x, new_shape):
    """``x`` with a new shape (one entry may be -1)."""
    check_tensor(x)
    return x.reshape(new_shape)


def ravel(x):
    """``x`` flattened to 1-D."""
    check_tensor(x)
    return x.ravel()


def concatenate(arrays, axis=0):
    """Join Tensors along an existing axis (``axis=None`` flattens them first)."""
    if arrays is None:
        raise_type("expect Union[Tensor, tuple(Tensor), list(Tensor)], but got None")
    if isinstance(arrays, Tensor):
        if axis is None or axis >= _MAX_DIMS:
            return ravel(arrays)
        check_axis(axis, arrays.ndim)
        if axis < 0:
            # MindSpore builds its transpose permutation from the raw negative axis and fails
            raise ValueError(f"For 'Transpose', size of perm should equal to rank of x, but got "
                             f"{arrays.ndim + 1} and {arrays.ndim}!")
        a = jnp.moveaxis(arrays._data, 0, axis)
        shape = a.shape[:axis] + (a.shape[axis] * a.shape[axis + 1],) + a.shape[axis + 2:] \
            if arrays.ndim > 1 else a.shape
        return wrap(jnp.reshape(a, shape))
    arrays = list(arrays)
    check_tensor(*arrays)
    if axis is None or axis >= _MAX_DIMS:
        return wrap(jnp.concatenate([jnp.ravel(a) for a in _promote_all(arrays)]))
    check_axes((axis,), arrays[0].ndim)
    if len(arrays) == 1:
        return arrays[0]
    arrays = [wrap(a) for a in _promote_all(arrays)]
    return ops.concat(tuple(arrays), axis)


def append(arr, values, axis=None):
    """``values`` appended to the end of ``arr`` (flattened when ``axis`` is None)."""
    check_tensor(arr)
    check_tensor(values)
    if axis is None:
        arr = arr.ravel()
        values = values.ravel()
    else:
        check_axis(axis, arr.ndim)
    if arr.ndim != values.ndim:
        raise_value("all tensors must have same number of dimensions")
    return concatenate((arr, values), axis)


def _stack_input(tup):
    if not isinstance(tup, (list, tuple)):
        raise_type("Tensor or, list or tuple of tensors are required, but got ", tup)
    if not tup:
        raise_value("Need at least one tensor to concatenate.")


def _stack_tensors(tup, axis, reshape):
    """The Tensors of ``tup`` (a Tensor is returned as is), each through ``reshape``, concatenated
    along ``axis`` (an int, or a function of the first part's ndim)."""
    if isinstance(tup, Tensor):
        return tup
    _stack_input(tup)
    parts = tuple(reshape(t) for t in tup)
    return ops.concat(parts, axis(parts[0].ndim) if callable(axis) else axis)


def _as_column(t):
    a = t._data
    if a.ndim < 1:
        a = a[None]
    if a.ndim == 1:
        a = a[:, None]
    return wrap(a)


def column_stack(tup):
    """Stack 1-D Tensors as columns of a 2-D Tensor."""
    return _stack_tensors(tup, 1, _as_column)


def vstack(tup):
    """Stack Tensors vertically (row-wise)."""
    return _stack_tensors(tup, 0, lambda t: wrap(jnp.atleast_2d(t._data)) if t.ndim <= 1 else t)


def hstack(tup):
    """Stack Tensors horizontally (column-wise)."""
    return _stack_tensors(tup, lambda ndim: 0 if ndim <= 1 else 1, lambda t: wrap(t._data[None]) if t.ndim < 1 else t)


def _as_depth(t):
    a = jnp.atleast_2d(t._data) if t.ndim <= 1 else t._data
    return wrap(a[:, :, None] if a.ndim == 2 else a)


def dstack(tup):
    """Stack Tensors depth-wise (along the third axis)."""
    return _stack_tensors(tup, 2, _as_depth)


def _broadcast_shape(*shapes):
    try:
        return tuple(onp.broadcast_shapes(*shapes))
    except ValueError:
        raise ValueError(f"operands could not be broadcast together with shapes {shapes}") from None


def where(condition, x=None, y=None):
    """Elements of ``x`` where ``condition`` holds, else of ``y``."""
    condition, x, y = to_tensor(condition, x, y)
    dtype = promote(x.dtype, y.dtype)
    shape = _broadcast_shape(condition.shape, x.shape, y.shape)
    nd = np_dtype(dtype)
    res = jnp.where(jnp.broadcast_to(condition._data.astype(bool), shape), x._data.astype(nd), y._data.astype(nd))
    return wrap(res)


def _atleast(ndim, arys):
    check_tensor(*arys)
    res = [wrap(jnp.reshape(a._data, (1,) * (ndim - a.ndim) + a.shape)) if a.ndim < ndim else a for a in arys]
    return res[0] if len(res) == 1 else res


def atleast_1d(*arys):
    """Each input with at least one dimension."""
    return _atleast(1, arys)


def atleast_2d(*arys):
    """Each input with at least two dimensions."""
    return _atleast(2, arys)


def atleast_3d(*arys):
    """Each input with at least three dimensions (1-D (N,) becomes (1, N, 1), 2-D (M, N) becomes (M, N, 1))."""
    check_tensor(*arys)
    res = []
    for a in arys:
        d = a._data
        if d.ndim == 0:
            d = d.reshape(1, 1, 1)
        elif d.ndim == 1:
            d = d[None, :, None]
        elif d.ndim == 2:
            d = d[:, :, None]
        res.append(wrap(d))
    return res[0] if len(res) == 1 else res


def stack(arrays, axis=0):
    """Join Tensors along a new axis (a Tensor is split along its first axis)."""
    if isinstance(arrays, Tensor):
        ndim = arrays.ndim
        axis = axis % ndim
        if arrays.size == 0:
            s = arrays.shape
            return wrap(jnp.zeros(s[1:axis + 1] + (s[0],) + s[axis + 1:], jnp.float32))
        return wrap(jnp.moveaxis(arrays._data, 0, axis))
    if isinstance(arrays, (list, tuple)):
        shape = (len(arrays),) + tuple(arrays[0].shape)
        axis = axis % len(shape)
        if 0 in shape:
            return wrap(jnp.zeros(shape[1:axis + 1] + (shape[0],) + shape[axis + 1:], jnp.float32))
        return concatenate(tuple(ops.expand_dims(a, axis) for a in arrays), axis)
    return raise_value("input arrays must be Tensor, tuple, or list")


def unique(x, return_inverse=False):
    """The unique elements of ``x`` (flattened), with the inverse indices if asked."""
    check_tensor(x)
    if x.dtype == mstype.bool_:
        raise TypeError("For primitive[Unique], the input argument[x] must be a type of numbers, but got Bool.")
    if x.ndim > 1:
        x = x.ravel()
    res = ops.unique(x)
    return res if return_inverse else res[0]


def roll(a, shift, axis=None):
    """Roll elements along ``axis`` (of the flattened array when ``axis`` is None)."""
    check_tensor(a)
    if axis is None:
        if not isinstance(shift, int):
            shift = sum(shift) if isinstance(shift, (tuple, list)) else shift
        return wrap(jnp.roll(a._data, shift))
    shifts = shift if isinstance(shift, (tuple, list)) else (shift,)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    if len(shifts) == 1 and len(axes) > 1:
        shifts = shifts * len(axes)
    if len(axes) == 1 and len(shifts) > 1:
        axes = axes * len(shifts)
    if len(shifts) != len(axes):
        raise_value("shape mismatch: objects cannot be broadcast to a single shape")
    for s, ax in zip(shifts, axes):
        check_axis(ax, a.ndim)
    return wrap(jnp.roll(a._data, tuple(shifts), tuple(axes)))


def moveaxis(a, source, destination):
    """Move axes to new positions; the other axes keep their order."""
    ndim = a.ndim
    source = check_axes(source, ndim)
    destination = check_axes(destination, ndim)
    if len(source) != len(destination):
        raise_value("`source` and `destination` arguments must have the same number of elements")
    return wrap(jnp.moveaxis(a._data, source, destination))


def tile(a, reps):
    """``a`` repeated ``reps`` times along each axis."""
    check_tensor(a)
    if isinstance(reps, int):
        reps = (reps,)
    if not isinstance(reps, (tuple, list)):
        raise TypeError(f"For 'Tile', 'dims' must be a tuple of int, but got {type(reps).__name__}.")
    reps = tuple(reps)
    for r in reps:
        if not isinstance(r, int):
            raise TypeError(f"For 'Tile', each element of 'dims' must be int, but got {type(r).__name__}.")
    if len(reps) < a.ndim:
        reps = (1,) * (a.ndim - len(reps)) + reps
    if a.size == 0 or 0 in reps:
        shape = (1,) * (len(reps) - a.ndim) + a.shape
        return wrap(jnp.zeros(tuple(s * r for s, r in zip(shape, reps)), a._data.dtype))
    return ops.tile(a, reps)


def _can_broadcast_to(shape, target):
    if len(shape) > len(target):
        return False
    return all(s in (1, t) for s, t in zip(shape[::-1], target[::-1]))


def broadcast_to(array, shape):
    """``array`` broadcast to ``shape``."""
    if not isinstance(shape, (tuple, list)):
        raise TypeError(f"For 'broadcast_to', the shape should be a tuple of ints, but got {type(shape)}.")
    shape = tuple(shape)
    if not _can_broadcast_to(array.shape, shape):
        raise_value("cannot broadcast with ", shape)
    return wrap(jnp.broadcast_to(array._data, shape))


def broadcast_arrays(*args):
    """The inputs broadcast against each other."""
    shape = _broadcast_shape(*(a.shape for a in args))
    return [broadcast_to(a, shape) for a in args]


def _split(x, indices_or_sections, opname, axis=0):
    check_tensor(x)
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"axes should be integers, not {type(axis)}")
    axis = check_axis(axis, x.ndim)
    length = x.shape[axis]
    a = x._data
    if isinstance(indices_or_sections, int) and not isinstance(indices_or_sections, bool):
        n = indices_or_sections
        if n > length:
            raise_value("empty tensor encountered.")
        if opname == "split" and length % n:
            raise ValueError(f"For 'Split', the length of 'input_x' along 'axis' ({length}) must be divisible "
                             f"by 'output_num' ({n}).")
        parts = jnp.array_split(a, n, axis)
    elif isinstance(indices_or_sections, (list, tuple)) and all(
            isinstance(i, int) for i in indices_or_sections):
        return _split_at(a, indices_or_sections, axis)
    else:
        raise_type("Argument `indices_or_sections` in `mindspore.numpy.split` should be integer, tuple(int) "
                   "or list(int), but got", indices_or_sections)
    return tuple(wrap(p) for p in parts)


def _split_at(a, indices, axis):
    """A list of the pieces of ``a`` between the (possibly negative) ``indices`` along ``axis``."""
    length = a.shape[axis]
    bounds = tuple(i + length if i < 0 else i for i in indices) + (length,)
    pieces = []
    for k, end in enumerate(bounds):
        begin = 0 if k == 0 else bounds[k - 1]
        if end <= begin:
            raise_value("empty sub-tensor encountered.")
        index = [slice(None)] * a.ndim
        index[axis] = slice(begin, end)
        pieces.append(wrap(a[tuple(index)]))
    return pieces


def split(x, indices_or_sections, axis=0):
    """Split ``x`` into equal parts or at the given indices."""
    return _split(x, indices_or_sections, "split", axis)


def array_split(x, indices_or_sections, axis=0):
    """Split ``x`` into nearly equal parts or at the given indices."""
    return _split(x, indices_or_sections, "array_split", axis)


def vsplit(x, indices_or_sections):
    """Split along the first axis."""
    return split(x, indices_or_sections, 0)


def hsplit(x, indices_or_sections):
    """Split along the second axis."""
    check_tensor(x)
    return split(x, indices_or_sections, 1)


def dsplit(x, indices_or_sections):
    """Split along the third axis."""
    check_tensor(x)
    if x.ndim < 3:
        raise_value("dsplit only works on arrays of 3 or more dimensions")
    return split(x, indices_or_sections, 2)


def flip(m, axis=None):
    """Reverse the order of elements along ``axis`` (every axis by default)."""
    check_tensor(m)
    axes = check_axes(axis, m.ndim)
    if m.size == 0:
        return m
    return wrap(jnp.flip(m._data, axes))


def flipud(m):
    """Flip along the first axis."""
    return flip(m, 0)


def fliplr(m):
    """Flip along the second axis."""
    return flip(m, 1)


def take_along_axis(arr, indices, axis):
    """Values of ``arr`` at ``indices`` along ``axis``."""
    check_tensor(arr, indices)
    if axis is None:
        arr = ravel(arr)
        axis = 0
    if arr.ndim != indices.ndim:
        raise_value("`indices` and `arr` must have the same number of dimensions")
    axis = check_axis(axis, arr.ndim)
    shape = list(onp.broadcast_shapes(tuple(s if i != axis else 1 for i, s in enumerate(arr.shape)),
                                      tuple(s if i != axis else 1 for i, s in enumerate(indices.shape))))
    ishape = list(shape)
    ishape[axis] = indices.shape[axis]
    ashape = list(shape)
    ashape[axis] = arr.shape[axis]
    idx = jnp.broadcast_to(indices._data, ishape)
    return ops.gather_elements(wrap(jnp.broadcast_to(arr._data, ashape)), axis, wrap(idx))


def _index_by_mode(n, idx, mode, allow_negative=True):
    if mode == "raise":
        raise NotImplementedError('"raise" mode is not implemented')
    if mode == "wrap":
        return jnp.mod(idx, n).astype(idx.dtype)
    if mode != "clip":
        raise_value('invalid mode. Expected "raise", "wrap", or "clip"')
    low = 0 if not allow_negative else -n
    idx = jnp.where(idx < low, 0, idx)
    return jnp.where(idx > n - 1, n - 1, idx)


def take(a, indices, axis=None, mode="clip"):
    """Elements of ``a`` at ``indices`` along ``axis`` (of the flattened ``a`` by default)."""
    check_tensor(a, indices)
    if mode not in ("raise", "wrap", "clip"):
        raise_value('invalid mode. Expected "raise", "wrap", or "clip"')
    if mode == "raise":
        raise NotImplementedError('"raise" mode is not implemented')
    if not isinstance(indices.dtype, mstype.Int):
        raise TypeError(f"For 'take', the indices must be an integer Tensor, but got {indices.dtype}.")
    data = a._data
    if axis is None:
        data = jnp.ravel(data)
        axis = 0
    else:
        axis = check_axis(axis, a.ndim)
    n = data.shape[axis]
    idx = _index_by_mode(n, indices._data, mode)
    return wrap(jnp.take(data, idx, axis=axis))


def repeat(a, repeats, axis=None):
    """Repeat each element ``repeats`` times."""
    a = to_tensor(a)
    if isinstance(repeats, (tuple, list)) and len(repeats) == 1:
        repeats = repeats[0]
    if axis is None:
        a = a.ravel()
        axis = 0
    axis = check_axis(axis, a.ndim)
    if isinstance(repeats, int):
        if repeats == 0:
            # MindSpore 2.10 fails building the empty result (a TypeError from its Tensor constructor)
            raise TypeError("For 'repeat', repeats=0 gives an empty Tensor, which MindSpore 2.10 does not create.")
        if repeats < 0:
            raise ValueError(f"For 'repeat_elements', the 'rep' must be >= 0, but got {repeats}.")
        return wrap(jnp.repeat(a._data, repeats, axis))
    if not isinstance(repeats, (tuple, list)):
        raise TypeError(f"repeats should be int, tuple or list, but got {type(repeats)}")
    if len(repeats) != a.shape[axis]:
        raise ValueError("`repeats` should have the same length as the dimension of `axis`")
    return wrap(jnp.repeat(a._data, onp.asarray(repeats), axis))


def rot90(a, k=1, axes=(0, 1)):
    """Rotate ``a`` by 90 degrees ``k`` times in the plane of ``axes``."""
    check_tensor(a)
    if not isinstance(k, int):
        raise_type("integer argument expected, but got ", k)
    if not isinstance(axes, (tuple, list)):
        raise_type("tuple(ints) or list(ints) expected, but got ", axes)
    if len(axes) != 2:
        raise_value("len(axes) must be 2.")
    a1 = canonical_axis(axes[0], a.ndim)
    a2 = canonical_axis(axes[1], a.ndim)
    if a1 == a2:
        raise_value("Axes must be different.")
    return wrap(jnp.rot90(a._data, k, (a1, a2)))


def select(condlist, choicelist, default=0):
    """Elements of ``choicelist`` chosen by the first true condition of ``condlist``."""
    condlist, choicelist = to_tensor(condlist, choicelist)
    if condlist.ndim == 0 or choicelist.ndim == 0:
        raise_value("input cannot be scalars")
    n = condlist.shape[0]
    if choicelist.shape[0] != n:
        raise_value("list of cases must be same length as list of conditions")
    case = _broadcast_shape(condlist.shape[1:], choicelist.shape[1:])
    nd = len(case) + 1
    cond = jnp.reshape(condlist._data, (n,) + (1,) * (nd - condlist.ndim) + condlist.shape[1:])
    choice = jnp.reshape(choicelist._data, (n,) + (1,) * (nd - choicelist.ndim) + choicelist.shape[1:])
    cond = jnp.broadcast_to(cond, (n,) + case).astype(bool)
    choice = jnp.broadcast_to(choice, (n,) + case)
    dt = choice.dtype
    if isinstance(default, Tensor):
        if default.size != size_of_shape(case):
            raise ValueError(f"proposed_shape {(1,) + case} is invalid for input of size {default.size}")
        out = jnp.reshape(default._data.astype(dt), case)
    else:
        out = jnp.full(case, default, dt)
    for i in range(n - 1, -1, -1):
        out = jnp.where(cond[i], choice[i], out)
    return wrap(out.astype(dt))


def choose(a, choices, mode="clip"):
    """An array built from ``choices`` indexed by the integer array ``a``."""
    a = to_tensor(a)
    if not isinstance(a.dtype, mstype.Int):
        raise_value("`a` should be an int array")
    if isinstance(choices, (tuple, list)):
        choices = to_tensor(*choices)
        if isinstance(choices, Tensor):
            choices = (choices,)
        shape = _broadcast_shape(a.shape, *(c.shape for c in choices))
        stacked = jnp.stack(_promote_all([broadcast_to(c, shape) for c in choices]))
    else:
        choices = to_tensor(choices)
        shape = _broadcast_shape(a.shape, choices.shape[1:])
        c = jnp.reshape(choices._data, choices.shape[:1] + (1,) * (len(shape) - choices.ndim + 1)
                        + choices.shape[1:])
        stacked = jnp.broadcast_to(c, (c.shape[0],) + shape)
    if a.ndim == 0 or stacked.ndim == 0:
        raise_value("input cannot be scalars")
    idx = jnp.broadcast_to(a._data, shape)
    idx = _index_by_mode(stacked.shape[0], idx, mode, allow_negative=False)
    return wrap(jnp.take_along_axis(stacked, idx[None].astype(jnp.int32), 0)[0])


def size(a, axis=None):
    """The number of elements (along ``axis`` if given)."""
    a = to_tensor(a)
    if axis is None:
        return a.size
    if not isinstance(axis, int):
        raise_type("axis argument should be integer.")
    return a.shape[canonical_axis(axis, a.ndim)]


def array_str(a):
    """The string form of a Tensor."""
    if not isinstance(a, Tensor):
        raise_type("Expect input to be tensor.")
    return a.__str__()


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """``func1d`` applied to the 1-D slices of ``arr`` along ``axis``."""
    ndim = arr.ndim
    shape = arr.shape
    axis = check_axis(axis, ndim)
    moved = jnp.reshape(jnp.moveaxis(arr._data, axis, -1), (-1, shape[axis]))
    slices = [func1d(wrap(moved[i]), *args, **kwargs) for i in range(moved.shape[0])]
    stacked = jnp.stack([s._data if isinstance(s, Tensor) else jnp.asarray(s) for s in slices])
    res = jnp.reshape(stacked, shape[:axis] + shape[axis + 1:] + stacked.shape[1:])
    extra = res.ndim - ndim + 1
    if extra >= 1:
        res = jnp.moveaxis(res, tuple(range(ndim - 1, res.ndim)), tuple(range(axis, axis + extra)))
    return wrap(res)


def _stack_list(arrs):
    if isinstance(arrs, (tuple, list)):
        return wrap(jnp.stack([to_tensor(a)._data for a in arrs]))
    return atleast_1d(to_tensor(arrs))


def piecewise(x, condlist, funclist, *args, **kw):
    """A piecewise-defined function of ``x``."""
    x = to_tensor(x)
    choices = funclist
    if isinstance(funclist, (tuple, list)) and callable(funclist[0]):
        choices = [f(x, *args, **kw) for f in funclist]
    condlist = _stack_list(condlist)
    choices = _stack_list(choices)
    n1 = len(condlist)      # counted once stacked: a single condition (``True``) is one
    n2 = len(funclist)
    default = 0
    if n1 + 1 == n2:
        default = choices[-1]
        choices = choices[:-1]
    elif n1 != n2:
        raise_value("the number of choices should be either equal to conditions or ", n1 + 1)
    return select(condlist, choices, default=default)


def unravel_index(indices, shape, order="C"):
    """Flat indices as a tuple of coordinate arrays for ``shape`` (out-of-range indices clip)."""
    indices = to_tensor(indices)
    if order not in ("C", "F"):
        raise_value('invalid order. Expected "C" or "F"')
    if isinstance(shape, int):
        shape = (shape,)
    dims = tuple(shape)
    seq = dims if order == "F" else dims[::-1]
    cum = [1]
    for d in seq:
        cum.append(cum[-1] * d)
    sizes = tuple(cum[::-1])  # (total, ..., 1) in C order of the sequence
    idx = indices._data
    dt = idx.dtype
    total = sizes[0]
    idx = jnp.where(idx > total - 1, total - 1, idx)
    idx = jnp.where(idx < -total, -total, idx)
    res = [jnp.mod(idx, jnp.asarray(sizes[i], dt)) // jnp.asarray(sizes[i + 1], dt) for i in range(len(dims))]
    if indices.ndim == 0 and len(res) == 1:
        return wrap(jnp.ravel(res[0]))
    if order == "F":
        res = res[::-1]
    return tuple(wrap(r.astype(dt)) for r in res)


def apply_over_axes(func, a, axes):
    """``func`` applied repeatedly over ``axes``, keeping the number of dimensions."""
    a = to_tensor(a)
    if isinstance(axes, int):
        axes = (axes,)
    res = a
    for axis in axes:
        res = func(res, axis=axis)
        if res.ndim != a.ndim:
            res = ops.expand_dims(res, axis)
        if res.ndim != a.ndim:
            raise_value("function is not returning a tensor of the correct shape")
    return res


def argwhere(a):
    """Indices of the non-zero elements, one row per element."""
    a = to_tensor(a)
    if a.ndim == 0:
        raise RuntimeError("For 'NonZero', the input must have at least one dimension, but got a 0-D Tensor.")
    return ops.argwhere(a)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """The sorted unique values in both inputs (and their first indices if asked)."""
    if not isinstance(assume_unique, bool) or not isinstance(return_indices, bool):
        raise_type("assume_unique or return_indices is not bool type.")
    ar1, ar2 = to_tensor(ar1, ar2)
    a1 = onp.asarray(ar1.asnumpy()).ravel()
    a2 = onp.asarray(ar2.asnumpy()).ravel()
    dt = promote(ar1.dtype, ar2.dtype)
    if return_indices:
        res, i1, i2 = onp.intersect1d(a1, a2, assume_unique=assume_unique, return_indices=True)
        if assume_unique:
            i1 = onp.argsort(onp.concatenate([a1, a2]), kind="stable")
            cat = onp.concatenate([a1, a2])[i1]
            mask = cat[1:] == cat[:-1]
            i2 = i1[1:][mask] - a1.size
            i1 = i1[:-1][mask]
        return (Tensor(res.astype(np_dtype(dt))), Tensor(i1.astype(onp.int32)), Tensor(i2.astype(onp.int32)))
    return Tensor(onp.intersect1d(a1, a2, assume_unique=assume_unique).astype(np_dtype(dt)))
