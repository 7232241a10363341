"""Array ops: dtype casts and shape manipulation (cast, reshape, transpose, expand_dims,
squeeze, flatten, concat, stack, unstack, split, tile, broadcast_to, select, ...; the view
Primitives TransposeView/TransposeExtView)."""
import numbers

import numpy as np
import jax.numpy as jnp

from mscompat.common import _layout
from mscompat.common import dtype as mstype
from ._args import arr, binary, check_tensor, Tensor, to_np_dtype, is_int as _is_int
from ._programs import one_program
from ._registry import op, primitive, tensor_method, PROMOTE

_wrap = Tensor._wrap


def _axis_in(name, axis, rank, arg="axis", fmt="dim"):
    """``axis`` in ``[-rank, rank)`` (rank 0 counts as 1) as a non-negative int."""
    if isinstance(axis, Tensor) and axis.ndim == 0:
        axis = int(axis)
    if not _is_int(axis):
        raise TypeError(f"For '{name}', the type of '{arg}' should be 'int', but got type '{type(axis).__name__}'.")
    r = max(rank, 1)
    if not -r <= axis < r:
        if fmt == "dim":
            raise ValueError(f"Dimension out of range (expected to be in range of [{-r}, {r}), but got {axis})")
        raise ValueError(f"For '{name}', the '{arg}' must be in range [{-r}, {r}), but got {axis}.")
    return int(axis) % r


def _astype(a, target):
    """``a`` converted like MindSpore's Cast: floats truncate toward zero and wrap into ints."""
    target = np.dtype(target)
    if a.dtype == target:
        return a
    if a.dtype.kind in "fc" and target.kind in "iu":
        a = jnp.trunc(jnp.real(a) if a.dtype.kind == "c" else a)
        if target.itemsize < 8:
            return a.astype(np.int64).astype(target)
    return a.astype(target)


@op("cast")
def cast(input, dtype):
    """``input`` (a Tensor or Python number) converted to ``dtype`` (an mstype)."""
    if not isinstance(dtype, mstype.Type):
        raise TypeError(f"For 'Cast', the input 'dtype' should be mindspore dtype, but got {dtype}.")
    if not isinstance(input, (Tensor, bool, int, float)):
        raise TypeError(f"Failed calling Cast with \"Cast()(input={type(input).__name__}, dtype=mindspore.dtype)\".")
    return _wrap(_astype(arr(input), to_np_dtype(dtype)))


primitive("Cast", cast)


def _shape_arg(op_name, shape):
    if isinstance(shape, Tensor):
        shape = tuple(int(s) for s in shape.asnumpy().reshape(-1))
    if isinstance(shape, numbers.Integral) and not isinstance(shape, bool):
        return (int(shape),)
    if not isinstance(shape, (tuple, list)):
        raise TypeError(f"For '{op_name}', the type of 'shape' should be one of '['tuple', 'list', 'int']', "
                        f"but got type '{type(shape).__name__}'.")
    out = []
    for s in shape:
        if isinstance(s, Tensor):
            s = int(s)
        if isinstance(s, bool) or not isinstance(s, numbers.Integral):
            raise TypeError(f"For '{op_name}', each element of 'shape' should be 'int', but got {shape}.")
        out.append(int(s))
    return tuple(out)


@op("reshape", aliases=("reshape_",))
def reshape(input, shape):
    """``input`` with a new ``shape`` (a tuple, list or Tensor; one -1 is inferred)."""
    if not isinstance(shape, (tuple, list, Tensor)):
        raise TypeError(f"Failed calling Reshape with \"Reshape()(input=Tensor, shape={type(shape).__name__})\".")
    a = arr(input)
    shape = _shape_arg("Reshape", shape)
    if shape.count(-1) > 1 or any(s < -1 for s in shape):
        raise ValueError(f"For 'Reshape', the shape {list(shape)} is invalid: at most one -1 and no other "
                         "negative values are allowed.")
    known = int(np.prod([s for s in shape if s != -1], dtype=np.int64))
    size = a.size
    if (-1 not in shape and known != size) or (-1 in shape and (known == 0 or size % known)):
        raise ValueError(f"proposed_shape '{list(shape)}' is invalid for input of size {size}")
    return _wrap(jnp.reshape(a, shape))


primitive("Reshape", reshape)


@op("transpose")
def transpose(input, dims):
    """``input`` with its axes permuted by ``dims``."""
    a = arr(input)
    perm = tuple(dims)
    if len(perm) != a.ndim:
        raise ValueError(f"For 'Transpose', size of perm should equal to rank of x, but got {len(perm)} "
                         f"and {a.ndim}!")
    norm = tuple(p % a.ndim if a.ndim else p for p in perm)
    if sorted(norm) != list(range(a.ndim)):
        raise ValueError(f"For 'Transpose', the perm {perm} must be a permutation of the axes of x.")
    return _layout.permuted(_wrap(jnp.transpose(a, norm)), input, norm)


@op("permute")
def permute(input, dims):
    return transpose(input, dims)


primitive("Transpose", transpose)


def _conjugate_transpose(x, perm):
    out = transpose(x, perm)
    return _wrap(jnp.conj(out._data)) if jnp.iscomplexobj(out._data) else out


primitive("ConjugateTranspose", _conjugate_transpose)


# --- adding / removing axes -----------------------------------------------------------------

@op("expand_dims", method="expand_dims")
def expand_dims(input_x, axis):
    """``input_x`` with a new axis of size 1 at ``axis``."""
    check_tensor("ExpandDims", "input_x", input_x)
    a = arr(input_x)
    if isinstance(axis, Tensor) and axis.ndim == 0 and axis._np_dtype().kind in "iu":
        axis = int(axis)
    if not _is_int(axis):
        raise TypeError(f"Failed calling ExpandDims with \"ExpandDims()(input_x=Tensor, axis="
                        f"{type(axis).__name__})\".")
    ax = _axis_in("ExpandDims", axis, a.ndim + 1)
    return _layout.unsqueezed(_wrap(jnp.expand_dims(a, ax)), input_x, ax)


@op("unsqueeze")
def unsqueeze(input, dim):
    return expand_dims(input, dim)


primitive("ExpandDims", expand_dims)


def _squeeze_axes(name, axis, shape):
    if axis is None:
        return tuple(i for i, s in enumerate(shape) if s == 1)
    axes = (axis,) if not isinstance(axis, (tuple, list)) else tuple(axis)
    out = []
    for ax in axes:
        n = _axis_in(name, ax, len(shape))
        if shape and shape[n] == 1:
            out.append(n)
    return tuple(sorted(set(out)))


@op("squeeze")
def squeeze(input, axis=None):
    """``input`` without the size-1 axes (all of them, or those in ``axis``)."""
    check_tensor("Squeeze", "input", input)
    a = arr(input)
    axes = _squeeze_axes("Squeeze", axis, a.shape)
    return _layout.squeezed(_wrap(jnp.squeeze(a, axes)), input, axes)


def _squeeze_prim(x, axis=()):
    check_tensor("Squeeze", "input_x", x)
    a = arr(x)
    if axis == () or axis == []:
        return _wrap(jnp.squeeze(a))
    return _wrap(jnp.squeeze(a, _squeeze_axes("Squeeze", axis, a.shape)))


primitive("Squeeze", _squeeze_prim, attrs=(("axis", (), (int, tuple, list)),))


@op("flatten")
def flatten(input, order='C', *, start_dim=1, end_dim=-1):
    """``input`` with dimensions ``start_dim..end_dim`` merged (order 'C' or 'F')."""
    if not isinstance(input, Tensor):
        raise TypeError("For 'flatten', argument 'input' must be Tensor.")
    if not _is_int(start_dim) or not _is_int(end_dim):
        raise TypeError("For 'flatten', both 'start_dim' and 'end_dim' must be int.")
    if not isinstance(order, str):
        raise TypeError(f"For 'flatten', the type of 'order' should be 'str', but got {type(order).__name__}.")
    if order not in ("C", "F"):
        raise ValueError(f"For 'flatten', 'order' must be 'C' or 'F', but got '{order}'.")
    a = arr(input)
    if order == "F":
        if a.ndim in (0, 1):
            return _wrap(a.reshape(-1))
        a = jnp.transpose(a)
    if a.ndim in (0, 1) and start_dim == 1 and end_dim == -1:
        return _wrap(a.reshape(-1))
    r = max(a.ndim, 1)
    for d in (start_dim, end_dim):
        if not -r <= d < r:
            raise ValueError("'start_dim' or 'end_dim' out of range.")
    s, e = start_dim % r, end_dim % r
    if s > e:
        raise ValueError("For 'flatten', 'start_dim' cannot come after 'end_dim'.")
    if a.ndim == 0:
        return _wrap(a.reshape(-1))
    if s == e:
        return _wrap(a)
    shp = a.shape
    return _wrap(a.reshape(shp[:s] + (int(np.prod(shp[s:e + 1], dtype=np.int64)),) + shp[e + 1:]))


def _flatten_prim(x):
    """``Flatten()(x)``: ``ops.flatten(x)`` (axis 0 kept, the others merged); a 1-D input
    becomes ``(n, 1)``, a 0-D one is MindSpore's RuntimeError."""
    if not isinstance(x, Tensor):
        word = type(x).__name__.capitalize() if isinstance(x, (list, tuple)) else type(x).__name__
        raise TypeError(f'Failed calling Flatten with "Flatten()(input_x={word})".')
    a = arr(x)
    if a.ndim == 0:
        raise RuntimeError("Unsupported input shape dimension. The shape should not be empty.")
    if a.ndim == 1:
        return _wrap(a.reshape(a.shape[0], 1))
    return flatten(x)


primitive("Flatten", _flatten_prim)


@op("ravel", method="ravel")
def ravel(input):
    check_tensor("ravel", "input", input)
    return _wrap(arr(input).reshape(-1))


# --- joining and splitting ------------------------------------------------------------------

def _tensor_seq(name, tensors, prim_call):
    if not isinstance(tensors, (tuple, list)):
        raise TypeError(f"Failed calling {name} with \"{prim_call}(tensors={type(tensors).__name__})\".")
    for t in tensors:
        if not isinstance(t, Tensor):
            raise TypeError(f"For '{name}', each element of 'tensors' must be a Tensor, "
                            f"but got {type(t).__name__}.")
    return [arr(t) for t in tensors]


def _joined(name, tensors, axis, empty_error):
    """Concat's and Stack's input checks: the arrays of a non-empty Tensor sequence
    (``empty_error`` the ValueError's message), and an int ``axis``."""
    arrays = _tensor_seq(name, tensors, f"{name}(axis=int)")
    if not arrays:
        raise ValueError(empty_error)
    if not _is_int(axis):
        raise TypeError(f"For '{name}', the type of 'axis' should be 'int', but got type '{type(axis).__name__}'.")
    return arrays


@op("concat", aliases=("cat",), amp=PROMOTE)
def concat(tensors, axis=0):
    """``tensors`` joined along ``axis`` (same dtype; shapes equal except along ``axis``)."""
    arrays = _joined("Concat", tensors, axis,
                     "For primitive[Concat], the elements size must be greater than 0, but got 0.")
    nd = arrays[0].ndim
    if not -max(nd, 1) <= axis < max(nd, 1):
        raise ValueError(f"For primitive[Concat], the axis value must be in [{-nd},{nd}), but got {axis}.")
    ax = axis % max(nd, 1)
    for a in arrays[1:]:
        if a.ndim != nd:
            raise ValueError(f"For primitive[Concat], all tensors must have the same rank, but got {nd} and {a.ndim}.")
        if any(a.shape[i] != arrays[0].shape[i] for i in range(nd) if i != ax):
            raise ValueError(f"For primitive[Concat], shapes of tensors must match except in given concat "
                             f"axis {ax}, but got {arrays[0].shape} and {a.shape}.")
    if len({a.dtype for a in arrays}) > 1:
        raise RuntimeError(f"For 'Concat', all inputs must have the same data type, but got "
                           f"{[str(a.dtype) for a in arrays]}.")
    return _wrap(_concatenate(tuple(arrays), ax))


@one_program(static_argnums=(1,))
def _concatenate(arrays, axis):
    return jnp.concatenate(arrays, axis=axis)


primitive("Concat", concat, attrs=(("axis", 0, (int,)),), amp=PROMOTE)
primitive("ParallelConcat", lambda values: concat(values, 0))


def _concat_offset(prim, x):
    """The start of each of the tensors ``x`` in their concatenation along ``axis``: an int64
    (len(x), rank) Tensor (MindSpore's ConcatOffset, from the shapes only)."""
    if not isinstance(x, (tuple, list)) or not x:
        raise TypeError(f"For 'ConcatOffset', the input must be a non-empty tuple or list of Tensors, but got "
                        f"{type(x).__name__}.")
    shapes = [tuple(check_tensor("ConcatOffset", f"x[{k}]", t).shape) for k, t in enumerate(x)]
    rank = len(shapes[0])
    if not -rank <= prim.axis < rank:
        raise RuntimeError(f"For 'ConcatOffset, 'axis' must be in range [{-rank}, {rank}), but got {prim.axis}")
    ax = prim.axis % rank
    out = np.zeros((len(shapes), rank), np.int64)
    out[1:, ax] = np.cumsum([s[ax] for s in shapes[:-1]])
    return _wrap(jnp.asarray(out))


primitive("ConcatOffset", None, attrs=(("N", 2, (int,)), ("axis", 0, (int,))), call=_concat_offset)


@op("stack")
def stack(tensors, axis=0):
    """``tensors`` (same shape and dtype) stacked along a new axis ``axis``."""
    arrays = _joined("Stack", tensors, axis, "For 'Stack', the number of input tensors must be greater than 0.")
    nd = arrays[0].ndim
    if not -(nd + 1) <= axis <= nd:
        raise ValueError(f"For primitive[Stack], the Stack axis must be in [{-(nd + 1)},{nd}], but got {axis}.")
    for i, a in enumerate(arrays[1:], 1):
        if a.dtype != arrays[0].dtype:
            raise TypeError(f"All input must have the same data type!input[{i}] data type = {a.dtype}, "
                            f"input[0] data type = {arrays[0].dtype}")
        if a.shape != arrays[0].shape:
            raise ValueError(f"All input shape must be the same! {arrays[0].shape} And {a.shape}")
    return _wrap(jnp.stack(arrays, axis=axis % (nd + 1)))


primitive("Stack", stack, attrs=(("axis", 0, (int,)),))
primitive("Pack", stack, attrs=(("axis", 0, (int,)),))
# a tuple or list input (in MindSpore's GRAPH_MODE also a dynamic-length ``mutable`` one)
primitive("SequenceStack", lambda sequence, axis=0: stack(sequence, axis), attrs=(("axis", 0, (int,)),))


@op("hstack")
def hstack(tensors):
    arrays = _tensor_seq("hstack", tensors, "hstack")
    arrays = [jnp.atleast_1d(a) for a in arrays]
    return concat([_wrap(a) for a in arrays], 0 if arrays[0].ndim == 1 else 1)


@op("column_stack")
def column_stack(tensors):
    arrays = _tensor_seq("column_stack", tensors, "column_stack")
    if not arrays:
        raise TypeError("For 'column_stack', 'tensors' must not be empty.")
    cols = [a.reshape(-1, 1) if a.ndim < 2 else a for a in arrays]
    return concat([_wrap(c) for c in cols], 1)


@op("unstack")
def unstack(input_x, axis=0):
    """The slices of ``input_x`` along ``axis``, as a tuple."""
    check_tensor("Unstack", "input_x", input_x)
    a = arr(input_x)
    if a.ndim == 0:
        raise ValueError("For 'Unstack', the rank of 'input_x' must be at least 1, but got 0.")
    ax = _axis_in("Unstack", axis, a.ndim, fmt="msg")
    return tuple(_layout.selected(_wrap(jnp.take(a, i, axis=ax)), input_x, ax, i) for i in range(a.shape[ax]))


@op("unbind", method="unbind")
def unbind(input, dim=0):
    return unstack(input, dim)


def _unstack_prim(x, axis=0, num=None):
    return unstack(x, axis)


primitive("Unstack", _unstack_prim, attrs=(("axis", 0, (int,)), ("num", None)))
primitive("Unpack", lambda x, axis=0: unstack(x, axis), attrs=(("axis", 0, (int,)),))


def _split_at(a, ax, sizes, base=None):
    """The pieces of ``a`` along ``ax``; with the Tensor ``base`` of ``a``, laid out as views of it."""
    idx = np.cumsum(sizes)[:-1].tolist()
    pieces = tuple(_wrap(p) for p in jnp.split(a, idx, axis=ax))
    if base is None:
        return pieces
    return tuple(_layout.sliced(p, base, ax, start) for p, start in zip(pieces, [0] + idx))


@op("split")
def split(tensor, split_size_or_sections, axis=0):
    """``tensor`` cut along ``axis`` into chunks of a given size, or of the given sizes."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For 'split', 'tensor' must be a Tensor, but got {type(tensor).__name__}.")
    a = arr(tensor)
    if not _is_int(axis):
        raise TypeError(f"For 'split', 'axis' must be int, but got {type(axis).__name__}.")
    ax = _axis_in("split", axis, a.ndim, fmt="msg")
    n = a.shape[ax]
    s = split_size_or_sections
    if _is_int(s):
        if s <= 0:
            raise ValueError(f"For 'split', 'split_size_or_sections' must be greater than 0, but got {s}.")
        sizes = [s] * (n // s) + ([n % s] if n % s else [])
    elif isinstance(s, (tuple, list)):
        sizes = list(s)
        if not all(_is_int(v) for v in sizes):
            raise TypeError(f"For 'split', elements of 'split_size_or_sections' must be int, but got {s}.")
        if sum(sizes) != n:
            raise ValueError(f"The sum of 'split_size_or_sections' should be equal to {n}, but got {sum(sizes)}.")
    else:
        raise TypeError(f"For 'split', 'split_size_or_sections' must be int, tuple or list, "
                        f"but got {type(s).__name__}.")
    return _split_at(a, ax, sizes, tensor)


def _split_prim(x, axis=0, output_num=1):
    a = arr(x)
    ax = _axis_in("Split", axis, a.ndim, fmt="msg")
    if output_num <= 0:
        raise ValueError(f"For 'Split', 'output_num' must be positive, but got {output_num}.")
    if a.shape[ax] % output_num:
        raise ValueError(f"For 'Split', x_shape[{ax}] must be divisible by output_num = {output_num}, "
                         f"but got {a.shape[ax]}")
    return tuple(_wrap(p) for p in jnp.split(a, output_num, axis=ax))


primitive("Split", _split_prim, attrs=(("axis", 0, (int,)), ("output_num", 1, (int,))))


def _splitv_prim(x, size_splits, split_dim, num_split):
    a = arr(x)
    ax = _axis_in("SplitV", split_dim, a.ndim, fmt="msg")
    sizes = list(size_splits)
    if len(sizes) != num_split:
        raise ValueError(f"For 'SplitV', the length of 'size_splits' must be equal to 'num_split' "
                         f"{num_split}, but got {len(sizes)}.")
    if sizes.count(-1) > 1:
        raise ValueError("For 'SplitV', at most one element of 'size_splits' can be -1.")
    if -1 in sizes:
        sizes[sizes.index(-1)] = a.shape[ax] - (sum(sizes) + 1)
    if sum(sizes) != a.shape[ax] or any(v < 0 for v in sizes):
        raise ValueError(f"For 'SplitV', the sum of 'size_splits' must be equal to {a.shape[ax]}, "
                         f"but got {size_splits}.")
    return _split_at(a, ax, sizes)


primitive("SplitV", _splitv_prim, attrs=(("size_splits", None), ("split_dim", None), ("num_split", None)),
          call=lambda p, x: _splitv_prim(x, p.size_splits, p.split_dim, p.num_split))


@op("tensor_split")
def tensor_split(input, indices_or_sections, axis=0):
    """``input`` split into n nearly equal parts, or at the given indices."""
    check_tensor("tensor_split", "input", input)
    a = arr(input)
    if not _is_int(axis):
        raise TypeError(f"For 'tensor_split', 'axis' must be int, but got {type(axis).__name__}.")
    ax = _axis_in("tensor_split", axis, a.ndim, fmt="msg")
    s = indices_or_sections
    if _is_int(s):
        if s <= 0:
            raise ValueError(f"For 'tensor_split', 'indices_or_sections' must be greater than 0, but got {s}.")
        return tuple(_wrap(p) for p in jnp.array_split(a, int(s), axis=ax))
    if isinstance(s, (tuple, list)):
        if not all(_is_int(v) for v in s):
            raise TypeError(f"For 'tensor_split', elements of 'indices_or_sections' must be int, but got {s}.")
        return tuple(_wrap(p) for p in jnp.split(a, list(s), axis=ax))
    raise TypeError(f"For 'tensor_split', 'indices_or_sections' must be int, tuple or list, "
                    f"but got {type(s).__name__}.")


def _nsplit(name, min_rank, axis):
    def f(input, indices_or_sections):
        check_tensor(name, "input", input)
        if input.ndim < min_rank:
            raise ValueError(f"For '{name}', the dimension of 'input' must be at least {min_rank}, "
                             f"but got {input.ndim}.")
        ax = 0 if (name == "hsplit" and input.ndim == 1) else axis
        return tensor_split(input, indices_or_sections, ax)
    f.__name__ = name
    return f


op("hsplit")(_nsplit("hsplit", 1, 1))
op("vsplit")(_nsplit("vsplit", 2, 0))
op("dsplit")(_nsplit("dsplit", 3, 2))


@op("chunk")
def chunk(input, chunks, axis=0):
    """``input`` split into ``chunks`` pieces of size ceil(n / chunks) (the last smaller)."""
    check_tensor("chunk", "input", input)
    if not _is_int(chunks):
        raise TypeError(f"For 'chunk', the type of 'chunks' must be int, but got {type(chunks).__name__}.")
    if chunks <= 0:
        raise ValueError(f"For 'chunk', 'chunks' must be greater than 0, but got {chunks}.")
    if not _is_int(axis):
        raise TypeError(f"For 'chunk', the type of 'axis' must be int, but got {type(axis).__name__}.")
    a = arr(input)
    ax = _axis_in("chunk", axis, a.ndim, fmt="msg")
    n = a.shape[ax]
    size = -(-n // chunks) if n else 0
    if size == 0:
        return (input,)
    return split(input, size, ax)


# --- repeating and broadcasting -------------------------------------------------------------

@op("tile")
def tile(input, dims):
    """``input`` repeated ``dims[i]`` times along each axis (``dims`` a tuple)."""
    check_tensor("Tile", "input", input)
    if not isinstance(dims, tuple):
        raise TypeError(f"Failed calling Tile with \"Tile()(input=Tensor, dims={type(dims).__name__})\".")
    for i, d in enumerate(dims):
        if not _is_int(d):
            raise TypeError(f"For 'Tile', 'dims' must be a tuple of int, but got {dims}.")
        if d < 0:
            raise ValueError(f"For 'Tile', 'dims' cannot contain negative integer numbers, but got {d} in {i}th.")
    return _wrap(jnp.tile(arr(input), dims))


primitive("Tile", tile)


def _broadcast_shape(name, shape, target):
    target = list(target)
    if len(target) < len(shape):
        raise ValueError(f"For '{name}', the rank of 'shape' must be at least the rank of the input, "
                         f"but got {len(target)} and {len(shape)}.")
    off = len(target) - len(shape)
    out = []
    for i, t in enumerate(target):
        s = shape[i - off] if i >= off else None
        if t == -1:
            if s is None:
                raise ValueError(f"For '{name}', -1 is not valid in a leading, non-existing dimension.")
            out.append(s)
        elif s is None or s == t or s == 1:
            if t < 0:
                raise ValueError(f"For '{name}', each dimension of 'shape' must be -1 or non-negative, "
                                 f"but got {target}.")
            out.append(t)
        else:
            raise ValueError(f"For '{name}', in order to broadcast, each dimension pair must be equal or input "
                             f"dimension is 1 or target dimension is -1. But got x_shape: {tuple(shape)}, "
                             f"target shape: {tuple(target)}.")
    return tuple(out)


@op("broadcast_to")
def broadcast_to(input, shape):
    """``input`` broadcast to ``shape`` (-1 keeps the input's size there)."""
    check_tensor("BroadcastTo", "input", input)
    a = arr(input)
    shp = _shape_arg("BroadcastTo", shape)
    return _layout.expanded(_wrap(jnp.broadcast_to(a, _broadcast_shape("BroadcastTo", a.shape, shp))), input)


primitive("BroadcastTo", lambda x, shape: broadcast_to(x, shape), attrs=(("shape", None, (tuple, list)),))


@op("expand")
def expand(input_x, size):
    check_tensor("Expand", "input_x", input_x)
    if not isinstance(size, Tensor):
        raise TypeError(f"For Primitive[Expand], the type of input argument[shape] must be Tensor but got "
                        f"{type(size).__name__}.")
    return broadcast_to(input_x, tuple(int(v) for v in size.asnumpy().reshape(-1)))


primitive("Expand", expand)


@op("expand_as")
def expand_as(input, other):
    check_tensor("expand_as", "input", input)
    check_tensor("expand_as", "other", other)
    return broadcast_to(input, other.shape)


# --- select ---------------------------------------------------------------------------------

@op("select", aliases=("where",))
def select(condition, input, other):
    """Elementwise ``input`` where ``condition`` is True, else ``other`` (broadcast, promoted)."""
    check_tensor("Select", "condition", condition)
    c = arr(condition)
    if c.dtype != np.bool_:
        raise TypeError(f"For 'Select', the 'condition' must be a bool Tensor, but got {condition.dtype}.")
    for n, v in (("input", input), ("other", other)):
        if not isinstance(v, (Tensor, bool, int, float)):
            raise TypeError(f"For 'Select', the '{n}' must be a Tensor or a number, but got {type(v).__name__}.")
    a, b = binary("Select", input, other)
    try:
        shp = np.broadcast_shapes(c.shape, a.shape, b.shape)
    except ValueError:
        raise ValueError(f"For 'Select', the shapes of 'condition', 'input' and 'other' can not broadcast: "
                         f"{c.shape}, {a.shape}, {b.shape}.") from None
    return _wrap(jnp.where(jnp.broadcast_to(c, shp), a, b))


primitive("Select", select)


@tensor_method("select")
def _tensor_select(self, *args, **kwargs):
    """``Tensor.select``'s two overloads: ``select(condition, y)`` (``self`` where ``condition``,
    else ``y``; a Python ``y`` needs a tensor of its kind: int32 for int, float32 for float) and
    ``select(dim, index)`` (the slice at ``index`` along ``dim``, that axis removed)."""
    names = ("condition", "y") if (args and isinstance(args[0], Tensor)) or "condition" in kwargs else ("dim", "index")
    if len(args) + len(kwargs) != 2 or set(kwargs) - set(names[len(args):]):
        raise TypeError(f"Tensor.select() takes 2 arguments ({names[0]}, {names[1]}), but got "
                        f"{len(args)} positional and {sorted(kwargs)} keyword arguments.")
    first, second = (list(args) + [kwargs[n] for n in names[len(args):]])
    if names[0] == "condition":
        want = {int: mstype.int32, float: mstype.float32}.get(type(second))
        if want is not None and self.dtype != want:
            raise TypeError(f"For 'Tensor.select', if the argument 'y' is {type(second).__name__}, then the tensor "
                            f"type should be {str(want).lower()} but got {self.dtype}")
        return select(first, self, second)
    if not (_is_int(first) and _is_int(second)):
        raise TypeError(f'Failed calling select with "select({type(first).__name__}, {type(second).__name__})".\n'
                        f'The valid calling should be:\n"Tensor.select(dim=<int>, index=<int>)"\n'
                        f'"Tensor.select(condition=<Tensor>, y=<Tensor, int, float>)"')
    a = arr(self)
    if not -a.ndim <= first < a.ndim:
        raise ValueError(f"Dimension out of range (expected to be in range of [{-a.ndim}, {a.ndim}), but got "
                         f"{first})")
    size = a.shape[first]
    if not -size <= second < size:
        raise ValueError(f"For Primitive [SelectExtView] start exceed range. start: {second}, start should be in "
                         f"[{-size}, {size}).")
    return _layout.selected(_wrap(jnp.take(a, second % size, axis=first)), self, first % a.ndim, second % size)


primitive("TransposeView", transpose)
primitive("TransposeExtView", lambda x, dim0, dim1: _swap(x, dim0, dim1))


def _swap(x, d0, d1):
    a = arr(x)
    return _wrap(jnp.swapaxes(a, d0, d1))
