"""Array ops that move, reverse or repeat elements: moveaxis, swapaxes, reverse, roll, tril/triu,
repeat_elements, repeat_interleave, sequence_mask, matrix_band_part, reverse_sequence,
depth/space/batch rearrangements, and small integer utilities."""

import numpy as np
import jax
import jax.numpy as jnp

from mscompat.common import _layout
from mscompat._checkparam import INC_LEFT, INC_RIGHT, check_int_range, check_string
from ._args import arr, check_tensor, Tensor, is_int as _is_int
from ._registry import op, primitive, WHITE, REQUIRED
from ._args import to_np_dtype

_wrap = Tensor._wrap


def _axis(name, axis, ndim, arg="axis"):
    if not _is_int(axis):
        raise TypeError(f"For '{name}', the type of '{arg}' should be 'int', but got {type(axis).__name__}.")
    r = max(ndim, 1)
    if not -r <= axis < r:
        raise ValueError(f"The '{arg}' must be in the range of [{-r}, {r}), but got {axis}.")
    return int(axis) % r


@op("movedim", aliases=("moveaxis",), method=("moveaxis", "movedim"))
def movedim(x, source, destination):
    """``x`` with axes ``source`` moved to positions ``destination``."""
    check_tensor("movedim", "x", x)
    a = arr(x)
    src = (source,) if _is_int(source) else tuple(source)
    dst = (destination,) if _is_int(destination) else tuple(destination)
    if len(src) != len(dst):
        raise ValueError(f"For 'movedim', 'source' and 'destination' must have the same number of elements, "
                         f"but got {len(src)} and {len(dst)}.")
    src = [_axis("movedim", s, a.ndim, "source") for s in src]
    dst = [_axis("movedim", d, a.ndim, "destination") for d in dst]
    if len(set(src)) != len(src) or len(set(dst)) != len(dst):
        raise ValueError("For 'movedim', 'source' and 'destination' must not contain repeated axes.")
    perm = [n for n in range(a.ndim) if n not in src]
    for d, s in sorted(zip(dst, src)):
        perm.insert(d, s)
    return _layout.permuted(_wrap(jnp.transpose(a, perm)), x, perm)


@op("swapaxes", method="swapaxes")
def swapaxes(input, axis0, axis1):
    """``input`` with axes ``axis0`` and ``axis1`` interchanged."""
    if not isinstance(input, Tensor):
        raise TypeError(f"For ops.swapaxes, parameter `input` must be Tensor, but got {type(input)}")
    a = arr(input)
    d0, d1 = _axis("swapaxes", axis0, a.ndim), _axis("swapaxes", axis1, a.ndim)
    perm = list(range(a.ndim))
    perm[d0], perm[d1] = perm[d1], perm[d0]
    return _layout.permuted(_wrap(jnp.swapaxes(a, d0, d1)), input, perm)


@op("swapdims", method="swapdims")
def swapdims(input, dim0, dim1):
    return swapaxes(input, dim0, dim1)


@op("reverse")
def reverse(x, axis):
    """``x`` reversed along each axis in ``axis``."""
    check_tensor("ReverseV2", "x", x)
    a = arr(x)
    axes = (axis,) if _is_int(axis) else tuple(axis)
    norm = []
    for ax in axes:
        if not _is_int(ax):
            raise TypeError(f"For 'ReverseV2', each element of 'axis' must be int, but got {axis}.")
        if not -a.ndim <= ax < a.ndim:
            raise ValueError(f"For 'ReverseV2', the 'axis' must be in range [{-a.ndim}, {a.ndim}), but got {ax}.")
        norm.append(ax % a.ndim)
    if len(set(norm)) != len(norm):
        raise ValueError(f"For 'ReverseV2', 'axis' cannot contain duplicate dimensions, but got {axis}.")
    return _wrap(jnp.flip(a, tuple(norm)) if norm else a)


def _reverse_v2_init(prim):
    # MindSpore's generated ReverseV2 casts ``axis`` as a list or tuple of int (None is kept)
    if prim.axis is not None and not isinstance(prim.axis, (tuple, list)):
        raise TypeError(f"For 'ReverseV2', the type of 'axis' should be one of '[list of int, tuple of int]', "
                        f"but got {type(prim.axis)}.")


primitive("ReverseV2", lambda x, axis: reverse(x, axis), attrs=(("axis", REQUIRED),), init=_reverse_v2_init)


@op("roll")
def roll(input, shifts, dims=None):
    """``input`` rotated by ``shifts`` along ``dims`` (flattened when ``dims`` is None)."""
    check_tensor("Roll", "input", input)
    for name, v in (("shifts", shifts), ("dims", dims)):
        if not (v is None and name == "dims" or _is_int(v)
                or isinstance(v, (tuple, list)) and all(_is_int(i) for i in v)):
            raise TypeError(f"For 'Roll', the type of '{name}' should be one of '[list of int, int, tuple of int]', "
                            f"but got {type(v)}.")
    a = arr(input)
    if dims is None:
        return _wrap(jnp.roll(a.reshape(-1), shifts).reshape(a.shape))
    return _wrap(jnp.roll(a, shifts, dims))


primitive("Roll", lambda x, shifts, dims=None: roll(x, shifts, dims), attrs=(("shifts", None), ("dims", None)))


def _tri(name, input, diagonal, lower):
    check_tensor(name, "input", input)
    a = arr(input)
    if a.ndim < 2:
        raise ValueError(f"For primitive[{name}], the x's rank must be greater than or equal to 2, but got {a.ndim}.")
    if not _is_int(diagonal):
        raise TypeError(f"For '{name}', the type of 'diagonal' should be 'int', but got {type(diagonal).__name__}.")
    f = jnp.tril if lower else jnp.triu
    return _wrap(f(a, int(diagonal)))


@op("tril", method="tril")
def tril(input, diagonal=0):
    """The lower triangle of the last two axes of ``input`` (others zeroed)."""
    return _tri("Tril", input, diagonal, True)


@op("triu", method="triu")
def triu(input, diagonal=0):
    """The upper triangle of the last two axes of ``input`` (others zeroed)."""
    return _tri("Triu", input, diagonal, False)


primitive("Tril", tril, attrs=(("diagonal", 0, (int,)),))
primitive("Triu", triu, attrs=(("diagonal", 0, (int,)),))


@op("repeat_elements")
def repeat_elements(x, rep, axis=0):
    """Each element of ``x`` repeated ``rep`` times along ``axis``."""
    check_tensor("repeat_elements", "x", x)
    if x._np_dtype() == np.bool_:
        raise TypeError(f"For 'repeat_elements', the 'input x' must be a number type, but got {x.dtype}.")
    if not _is_int(rep):
        raise TypeError(f"For 'repeat_elements', the type of 'rep' should be 'int', but got {type(rep).__name__}.")
    check_int_range(rep, 0, 2147483647, INC_RIGHT, "rep", "repeat_elements")
    if not _is_int(axis):
        raise TypeError(f"For 'repeat_elements', the type of 'axis' should be 'int', but got {type(axis).__name__}.")
    a = arr(x)
    if a.ndim > 7:
        raise ValueError(f"For repeat_elements, the rank of x should be less than or equal to 7, but got {a.ndim}.")
    check_int_range(axis, -a.ndim, a.ndim, INC_LEFT, "axis", "repeat_elements")
    return _wrap(jnp.repeat(a, int(rep), axis=axis % a.ndim))


@op("repeat_interleave")
def repeat_interleave(input, repeats, axis=None):
    """``input`` with its elements repeated (flattened when ``axis`` is None)."""
    check_tensor("repeat_interleave", "input", input)
    a = arr(input)
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    elif not _is_int(axis):
        raise TypeError(f"For 'repeat_interleave', the argument 'axis' should be int, but got {type(axis)}.")
    if isinstance(repeats, Tensor):
        repeats = np.asarray(arr(repeats)).reshape(-1).tolist()
    if not isinstance(repeats, (tuple, list)):
        repeats = (repeats,)
    for i, r in enumerate(repeats):
        if not _is_int(r):
            raise TypeError(f"For 'repeat_interleave', each element in {repeats} should be int, but got "
                            f"{type(r)} at index {i}.")
    if not -a.ndim <= axis < a.ndim:
        raise ValueError(f"For 'repeat_interleave', the 'axis' must be in range [{-a.ndim}, {a.ndim}), "
                         f"but got {axis}.")
    axis = axis % a.ndim
    if len(repeats) == 1:
        return repeat_elements(_wrap(a), repeats[0], axis)
    if len(repeats) != a.shape[axis]:
        raise ValueError(f"For 'repeat_interleave', the length of 'repeats' must be the same as the shape of the "
                         f"original tensor in the 'axis' dimension, but got the length of 'repeats' {len(repeats)}, "
                         f"the shape of the original tensor in the 'axis' dimension {a.shape[axis]}.")
    return _wrap(jnp.repeat(a, np.asarray(repeats), axis=axis, total_repeat_length=int(sum(repeats))))


@op("sequence_mask")
def sequence_mask(lengths, maxlen=None):
    """``range(maxlen) < lengths[..., None]`` (``maxlen`` defaults to ``max(lengths)``)."""
    check_tensor("sequence_mask", "lengths", lengths)
    if lengths._np_dtype() not in (np.int32, np.int64):
        raise TypeError(f"For 'sequence_mask', the 'lengths' must be int32 or int64, but got {lengths.dtype}.")
    a = arr(lengths)
    if maxlen is None:
        maxlen = int(np.asarray(a).max())
    elif not _is_int(maxlen):
        raise TypeError(f"For 'sequence_mask', the type of 'maxlen' should be 'int', but got {type(maxlen).__name__}.")
    elif not 0 < maxlen <= 2147483647:
        raise ValueError(f"For 'sequence_mask', the 'maxlen' must be in range of (0, 2147483647], but got {maxlen}.")
    return _wrap(jnp.arange(int(maxlen), dtype=a.dtype) < a[..., None])


@op("matrix_band_part")
def matrix_band_part(x, lower, upper):
    """``x`` with entries outside the band (``lower`` below, ``upper`` above; -1 keeps all) zeroed."""
    check_tensor("MatrixBandPart", "x", x)
    a = arr(x)
    if a.ndim < 2:
        raise ValueError(f"For 'MatrixBandPart', the rank of 'x' must be at least 2, but got {a.ndim}.")
    lo = int(lower) if isinstance(lower, Tensor) else lower
    up = int(upper) if isinstance(upper, Tensor) else upper
    if not _is_int(lo) or not _is_int(up):
        raise TypeError("For 'MatrixBandPart', 'lower' and 'upper' must be int.")
    m, n = a.shape[-2:]
    i = jnp.arange(m)[:, None]
    j = jnp.arange(n)[None, :]
    keep = jnp.ones((m, n), bool)
    if lo >= 0:
        keep &= (i - j) <= lo
    if up >= 0:
        keep &= (j - i) <= up
    return _wrap(jnp.where(keep, a, jnp.zeros((), a.dtype)))


primitive("MatrixBandPart", matrix_band_part)


@op("reverse_sequence")
def reverse_sequence(x, seq_lengths, seq_dim, batch_dim=0):
    """Each batch slice of ``x`` reversed in its first ``seq_lengths[b]`` elements along ``seq_dim``."""
    check_tensor("ReverseSequence", "x", x)
    check_tensor("ReverseSequence", "seq_lengths", seq_lengths)
    a = arr(x)
    lens = arr(seq_lengths)
    sd = _axis("ReverseSequence", seq_dim, a.ndim, "seq_dim")
    bd = _axis("ReverseSequence", batch_dim, a.ndim, "batch_dim")
    if sd == bd:
        raise ValueError("For 'ReverseSequence', 'seq_dim' and 'batch_dim' must be different.")
    n = a.shape[sd]
    pos = jnp.arange(n)
    shape_b = [1] * a.ndim
    shape_b[bd] = a.shape[bd]
    shape_s = [1] * a.ndim
    shape_s[sd] = n
    L = lens.reshape(shape_b)
    p = pos.reshape(shape_s)
    src = jnp.where(p < L, L - 1 - p, p)
    src = jnp.broadcast_to(src, a.shape)
    return _wrap(jnp.take_along_axis(a, src.astype(jnp.int32), axis=sd))


primitive("ReverseSequence", lambda x, seq_lengths, seq_dim, batch_dim=0:
          reverse_sequence(x, seq_lengths, seq_dim, batch_dim),
          attrs=(("seq_dim", None, (int,)), ("batch_dim", 0, (int,))))


def _rank4(name, x):
    """The array of the 4-D Tensor ``x`` (DepthToSpace's and SpaceToDepth's input check)."""
    check_tensor(name, "x", x)
    a = arr(x)
    if a.ndim != 4:
        raise ValueError(f"For '{name}', the rank of 'x' must be 4, but got {a.ndim}.")
    return a


def _depth_to_space(x, block_size):
    a = _rank4("DepthToSpace", x)
    b = block_size
    n, c, h, w = a.shape
    if c % (b * b):
        raise ValueError(f"For 'DepthToSpace', the channels {c} must be divisible by block_size^2 {b * b}.")
    y = a.reshape(n, b, b, c // (b * b), h, w).transpose(0, 3, 4, 1, 5, 2)
    return _wrap(y.reshape(n, c // (b * b), h * b, w * b))


def _space_to_depth(x, block_size):
    a = _rank4("SpaceToDepth", x)
    b = block_size
    n, c, h, w = a.shape
    if h % b or w % b:
        raise ValueError(f"For 'SpaceToDepth', the height and width must be divisible by block_size {b}.")
    y = a.reshape(n, c, h // b, b, w // b, b).transpose(0, 3, 5, 1, 2, 4)
    return _wrap(y.reshape(n, c * b * b, h // b, w // b))


primitive("DepthToSpace", _depth_to_space, attrs=(("block_size", None, (int,)),))
primitive("SpaceToDepth", _space_to_depth, attrs=(("block_size", None, (int,)),))


def _block_args(name, input_x, block, pairs):
    """What SpaceToBatchND and BatchToSpaceND start from: the input's array, the (before, after)
    ``pairs`` (paddings or crops) as int tuples, and the block shape, one positive int per pair."""
    check_tensor(name, "input_x", input_x)
    pairs = [tuple(int(v) for v in p) for p in pairs]
    k = len(pairs)
    if _is_int(block):
        block = (int(block),) * k
    block = tuple(int(v) for v in block)
    if any(v < 1 for v in block):
        raise ValueError(f"For '{name}', each element of 'block_shape' must be positive, but got {block}.")
    return arr(input_x), pairs, block


@op("space_to_batch_nd")
def space_to_batch_nd(input_x, block_size, paddings):
    """Zero-pad the spatial dims of ``input_x`` and move blocks of them into the batch dim."""
    a, pads, block = _block_args("SpaceToBatchND", input_x, block_size, paddings)
    k = len(pads)
    if len(block) != k or a.ndim < k + 1:
        raise ValueError(f"For 'SpaceToBatchND', the length of 'block_shape' and 'paddings' must match, "
                         f"but got {block} and {pads}.")
    off = a.ndim - k
    a = jnp.pad(a, [(0, 0)] * off + pads)
    n = a.shape[0]
    sp = a.shape[off:]
    for s, b in zip(sp, block):
        if s % b:
            raise ValueError(f"For 'SpaceToBatchND', the padded spatial size {s} must be divisible by {b}.")
    shape = [n] + list(a.shape[1:off])
    for s, b in zip(sp, block):
        shape += [s // b, b]
    y = a.reshape(shape)
    rest = list(range(1, off))
    sp_axes = [off + 2 * i for i in range(k)]
    blk_axes = [off + 2 * i + 1 for i in range(k)]
    y = y.transpose(blk_axes + [0] + rest + sp_axes)
    return _wrap(y.reshape([n * int(np.prod(block))] + list(a.shape[1:off]) + [s // b for s, b in zip(sp, block)]))


@op("batch_to_space_nd")
def batch_to_space_nd(input_x, block_shape, crops):
    """Inverse of :func:`space_to_batch_nd`: move batch blocks back into the spatial dims and crop."""
    a, crops, block = _block_args("BatchToSpaceND", input_x, block_shape, crops)
    k = len(crops)
    off = a.ndim - k
    prod = int(np.prod(block))
    if a.shape[0] % prod:
        raise ValueError(f"For 'BatchToSpaceND', the batch size {a.shape[0]} must be divisible by {prod}.")
    n = a.shape[0] // prod
    y = a.reshape(list(block) + [n] + list(a.shape[1:]))
    # axes: block(k), n, rest(off-1), spatial(k) -> n, rest, (spatial_i, block_i)...
    order = [k] + list(range(k + 1, k + off))
    for i in range(k):
        order += [k + off + i, i]
    y = y.transpose(order)
    sp = [a.shape[off + i] * block[i] for i in range(k)]
    y = y.reshape([n] + list(a.shape[1:off]) + sp)
    idx = [slice(None)] * off + [slice(c[0], s - c[1]) for c, s in zip(crops, sp)]
    return _wrap(y[tuple(idx)])


primitive("SpaceToBatchND", lambda x, block_shape, paddings: space_to_batch_nd(x, block_shape, paddings), attrs=(("block_shape", None), ("paddings", None)))
primitive("BatchToSpaceND", batch_to_space_nd, attrs=(("block_shape", REQUIRED), ("crops", REQUIRED)),
          call=lambda p, x: batch_to_space_nd(x, p.block_shape, p.crops))
primitive("BatchToSpaceNDV2", lambda x, block_shape, crops: batch_to_space_nd(
    x, tuple(np.asarray(arr(block_shape)).tolist()) if isinstance(block_shape, Tensor) else block_shape,
    np.asarray(arr(crops)).tolist() if isinstance(crops, Tensor) else crops))
_SpaceToBatch = primitive("SpaceToBatch", lambda x, block_size, paddings: space_to_batch_nd(x, (block_size, block_size), paddings),
          attrs=(("block_size", None, (int,)), ("paddings", None)))
_BatchToSpace = primitive("BatchToSpace", lambda x, block_size, crops: batch_to_space_nd(x, (block_size, block_size), crops),
          attrs=(("block_size", None, (int,)), ("crops", None)))


# --- small integer utilities ----------------------------------------------------------------

@op("population_count")
def population_count(input_x):
    """The number of set bits of each element (uint8)."""
    check_tensor("PopulationCount", "input_x", input_x)
    a = arr(input_x)
    if a.dtype.kind not in "iu":
        raise TypeError(f"For 'PopulationCount', the 'input_x' must be an integer Tensor, but got {input_x.dtype}.")
    return _wrap(jax.lax.population_count(a).astype(jnp.uint8) if a.dtype.kind == "u" else
                 jax.lax.population_count(a.view(np.dtype(f"uint{a.dtype.itemsize * 8}"))).astype(jnp.uint8))


primitive("PopulationCount", population_count)


def _invert_permutation(x):
    if not isinstance(x, (tuple, list)) or not all(_is_int(v) for v in x):
        raise TypeError(f"For 'InvertPermutation', the input must be a tuple or list of int, but got {x}.")
    if sorted(x) != list(range(len(x))):
        raise ValueError(f"For 'InvertPermutation', the input must be a permutation of 0..{len(x) - 1}, but got {x}.")
    out = [0] * len(x)
    for i, v in enumerate(x):
        out[v] = i
    return tuple(out)


primitive("InvertPermutation", _invert_permutation)


def _unravel_index(indices, dims):
    check_tensor("UnravelIndex", "indices", indices)
    check_tensor("UnravelIndex", "dims", dims)
    i = arr(indices)
    d = np.asarray(arr(dims)).reshape(-1).tolist()
    out = jnp.stack(jnp.unravel_index(i, tuple(int(v) for v in d)), axis=0)
    return _wrap(out.astype(i.dtype))


primitive("UnravelIndex", _unravel_index)


def _rint(x):
    check_tensor("Rint", "x", x)
    return _wrap(jnp.round(arr(x)))


primitive("Rint", _rint)


def _list_diff(x, y, out_idx=None):
    check_tensor("ListDiff", "x", x)
    check_tensor("ListDiff", "y", y)
    a, b = np.asarray(arr(x)), np.asarray(arr(y))
    keep = ~np.isin(a, b)
    return _wrap(jnp.asarray(a[keep])), _wrap(jnp.asarray(np.nonzero(keep)[0].astype(to_np_dtype(out_idx))))


from mscompat.common import dtype as _mstype  # noqa: E402

primitive("ListDiff", None, attrs=(("out_idx", _mstype.int32),), call=lambda p, x, y: _list_diff(x, y, p.out_idx))


@op("ger")
def ger(input, vec2):
    """Outer product of 1-D float tensors (``Ger``'s kernel)."""
    if not isinstance(input, Tensor) or not isinstance(vec2, Tensor):
        raise TypeError(f"The primitive[Ger]'s input arguments[x1, x2] must be all tensor and those type must be "
                        f"same. But got input argument[x1]:{type(input).__name__}, input argument[x2]:"
                        f"{type(vec2).__name__}.")
    for n, t in (("x1", input), ("x2", vec2)):
        if t._np_dtype() not in (np.float16, np.float32, np.float64):
            raise TypeError(f"For primitive[Ger], the input argument[{n}] must be a type of {{Tensor[Float16], "
                            f"Tensor[Float32], Tensor[Float64]}}, but got Tensor[{t.dtype}].")
    if input._np_dtype() != vec2._np_dtype():
        raise TypeError("For primitive[Ger], the input type must be same.")
    a, b = arr(input), arr(vec2)
    for n, v in (("x1", a), ("x2", b)):
        if v.ndim != 1:
            raise ValueError(f"For primitive[Ger], the {n} rank must be equal to 1, but got {v.ndim}.")
    return _wrap(jnp.outer(a, b))


primitive("Ger", ger, amp={"O1": WHITE}, amp_order=10)


def _check_numerics(x):
    check_tensor("CheckNumerics", "x", x)
    a = arr(x)
    c = None if isinstance(a, jax.core.Tracer) else np.asarray(a)
    if c is not None and a.dtype.kind == "f" and not np.all(np.isfinite(c)):
        raise RuntimeError("For 'CheckNumerics', the input contains NaN or Inf.")
    return _wrap(a)


primitive("CheckNumerics", _check_numerics)


@op("padding")
def padding(x, pad_dim_size=8):
    """``x`` (last dim 1) zero-padded in its last dim to ``pad_dim_size``."""
    check_tensor("Padding", "x", x)
    a = arr(x)
    if a.ndim < 1 or a.shape[-1] != 1:
        raise ValueError(f"For 'Padding', the last dimension of 'x' must be 1, but got shape {a.shape}.")
    if not _is_int(pad_dim_size) or pad_dim_size < 1:
        raise ValueError(f"For 'Padding', 'pad_dim_size' must be a positive int, but got {pad_dim_size}.")
    return _wrap(jnp.pad(a, [(0, 0)] * (a.ndim - 1) + [(0, pad_dim_size - 1)]))


primitive("Padding", padding, attrs=(("pad_dim_size", 8, (int,)),))


def _check_block_init(cls, what):
    """MindSpore checks ``block_size`` >= 2 and the 2x2 non-negative ``crops``/``paddings`` in ``__init__``."""
    init = cls.__init__

    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        name = cls.__name__
        if self.block_size < 2:
            raise ValueError(f"For '{name}', the 'block_size' should be >= 2, but got {self.block_size}.")
        v = getattr(self, what)
        if not isinstance(v, (list, tuple)) or len(v) != 2 or any(
                not isinstance(r, (list, tuple)) or len(r) != 2 for r in v):
            raise ValueError(f"For '{name}', the '{what}' shape should be (2, 2), but got {v}.")
        for r in v:
            for e in r:
                if isinstance(e, bool) or not isinstance(e, int):
                    raise TypeError(f"For '{name}', the '{what}' element should be int, but got {type(e).__name__}.")
                if e < 0:
                    raise ValueError(f"For '{name}', the '{what}' element must be >= 0, but got {e}.")

    __init__.__signature__ = getattr(init, "__signature__", None)
    cls.__init__ = __init__


_check_block_init(_SpaceToBatch, "paddings")
_check_block_init(_BatchToSpace, "crops")


# --- layout dimension mapping ------------------------------------------------------------------
def _data_format_dim_map(input_x, src_format="NHWC", dst_format="NCHW"):
    """``DataFormatDimMap(src_format='NHWC', dst_format='NCHW')(x)``: each dimension index in ``x``
    (taken modulo 4) of the ``dst_format`` layout, as its index in the ``src_format`` layout."""
    if not isinstance(input_x, Tensor):
        raise TypeError(f"For Primitive[DataFormatDimMap], the type of input argument[input type] must be "
                        f"Tensor but got {type(input_x).__name__}.")
    a = arr(input_x)
    if a.dtype not in (np.int32, np.int64):
        raise TypeError(f"For primitive[DataFormatDimMap], the input argument[input type] must be a type of "
                        f"{{Tensor[Int32], Tensor[Int64]}}, but got Tensor[{input_x.dtype}].")
    table = jnp.asarray([src_format.index(c) for c in dst_format], a.dtype)
    return Tensor._wrap(table[jnp.mod(a, 4)])


def _check_formats(prim):
    for name in ("src_format", "dst_format"):
        check_string(getattr(prim, name), ["NHWC", "NCHW"], name, "DataFormatDimMap")


primitive("DataFormatDimMap", _data_format_dim_map, attrs=(("src_format", "NHWC"), ("dst_format", "NCHW")),
          init=_check_formats)
