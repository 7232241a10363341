"""Patch extraction primitives (Im2Col, Col2Im, col2im, ExtractVolumePatches) and small
aliases whose MindSpore CPU kernels are missing (take, SparseGatherV2, CountNonZero, ...)."""
import numbers

import numpy as np
import jax
import jax.numpy as jnp

from ._args import arr, check_tensor, Tensor, to_np_dtype
from ._registry import op, primitive
from ._array_extra import fold, _pair
from ._index_ops import gather
from ._creation import fills

_wrap = Tensor._wrap


def _pads4(name, pads):
    if isinstance(pads, numbers.Integral):
        return (int(pads),) * 4
    pads = tuple(int(p) for p in pads)
    if len(pads) == 1:
        return pads * 4
    if len(pads) == 2:
        return (pads[0], pads[0], pads[1], pads[1])
    if len(pads) == 4:
        return pads
    raise ValueError(f"For '{name}', 'pads' must be an int or a tuple of 1, 2 or 4 ints, but got {pads}.")


def _im2col(prim, x):
    check_tensor("Im2Col", "x", x)
    a = arr(x)
    if a.ndim != 4:
        raise ValueError(f"For 'Im2Col', the rank of 'x' must be 4, but got {a.ndim}.")
    k = _pair("Im2Col", "ksizes", prim.ksizes)
    s = _pair("Im2Col", "strides", prim.strides)
    d = _pair("Im2Col", "dilations", prim.dilations)
    p = _pads4("Im2Col", prim.pads)
    n, c = a.shape[:2]
    patches = jax.lax.conv_general_dilated_patches(a, k, s, [(p[0], p[1]), (p[2], p[3])], rhs_dilation=d)
    return _wrap(patches.reshape(n, c, k[0] * k[1], -1))


primitive("Im2Col", None, attrs=(("ksizes", None), ("strides", 1), ("dilations", 1), ("pads", 0)), call=_im2col)


def _col2im(x, output_size, kernel_size, dilation, padding, stride):
    check_tensor("Col2Im", "x", x)
    a = arr(x)
    if a.ndim != 4:
        raise ValueError(f"For 'Col2Im', the rank of 'x' must be 4, but got {a.ndim}.")
    return fold(_wrap(a.reshape(a.shape[0], -1, a.shape[-1])), output_size, kernel_size, dilation, padding, stride)


primitive("Col2Im", None, attrs=(("kernel_size", None), ("dilation", 1), ("padding", 0), ("stride", 1)),
          call=lambda p, x, output_size: _col2im(x, output_size, p.kernel_size, p.dilation, p.padding, p.stride))


@op("col2im")
def col2im(input_x, output_size, kernel_size, dilation, padding_value, stride):
    """Sum (N, C, kh*kw, L) columns into a (N, C, H, W) image."""
    return _col2im(input_x, output_size, kernel_size, dilation, padding_value, stride)


def _extract_volume_patches(prim, x):
    check_tensor("ExtractVolumePatches", "input_x", x)
    a = arr(x)
    if a.ndim != 5:
        raise ValueError(f"For 'ExtractVolumePatches', the rank of 'input_x' must be 5, but got {a.ndim}.")
    k = tuple(int(v) for v in prim.kernel_size)[-3:]
    s = tuple(int(v) for v in prim.strides)[-3:]
    if prim.padding not in ("VALID", "SAME"):
        raise ValueError(f"For 'ExtractVolumePatches', 'padding' must be 'VALID' or 'SAME', but got {prim.padding}.")
    n, c = a.shape[:2]
    patches = jax.lax.conv_general_dilated_patches(a, k, s, prim.padding)
    out_sp = patches.shape[2:]
    # (N, C*kd*kh*kw, ...) with C outermost -> MindSpore orders kernel positions outer, channel inner
    patches = patches.reshape((n, c, int(np.prod(k))) + out_sp)
    patches = jnp.swapaxes(patches, 1, 2)
    return _wrap(patches.reshape((n, -1) + out_sp))


primitive("ExtractVolumePatches", None, attrs=(("kernel_size", None), ("strides", None), ("padding", None)),
          call=_extract_volume_patches)


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
primitive("Fills", fills)


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


def _dynamic_shape(prim, x):
    check_tensor("DynamicShape", "input_x", x)
    dt = prim.dtype
    np_dt = np.int64 if dt in (9, None) else to_np_dtype(dt)
    return _wrap(jnp.asarray(x.shape, dtype=np_dt).reshape(-1))


primitive("DynamicShape", None, attrs=(("dtype", 9),), call=_dynamic_shape)


def _scatter_non_aliasing_add(x, indices, updates):
    from ._scatter import _indices, _scatter_nd_core, _write
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
    i = jnp.where(i < 0, i + flat.size, i)
    flat = flat.at[i].add(v) if accumulate else flat.at[i].set(v)
    input._data = flat.reshape(a.shape)
    return input


def _sparse_sequences(idx, vals, shape):
    """{batch prefix: list of values} of a sparse (indices, values, shape) tensor, in index order."""
    order = np.lexsort(idx.T[::-1]) if idx.size else np.arange(0)
    out = {}
    for r in order:
        out.setdefault(tuple(idx[r, :-1].tolist()), []).append(vals[r])
    return out


def _levenshtein(a, b):
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y))
        prev = cur
    return prev[-1]


def _edit_distance(prim, h_idx, h_val, h_shape, t_idx, t_val, t_shape):
    hi, hv, hs = (np.asarray(arr(check_tensor("EditDistance", n, t))) for n, t in
                  (("hypothesis_indices", h_idx), ("hypothesis_values", h_val), ("hypothesis_shape", h_shape)))
    ti, tv, ts = (np.asarray(arr(check_tensor("EditDistance", n, t))) for n, t in
                  (("truth_indices", t_idx), ("truth_values", t_val), ("truth_shape", t_shape)))
    if hv.dtype != tv.dtype:
        raise TypeError("For 'EditDistance', 'hypothesis_values' and 'truth_values' must have the same dtype.")
    if hs.size != ts.size or hi.shape[-1] != hs.size or ti.shape[-1] != ts.size:
        raise ValueError("For 'EditDistance', the ranks of hypothesis and truth must match their indices.")
    out_shape = tuple(int(v) for v in np.maximum(hs, ts)[:-1])
    hyp, truth = _sparse_sequences(hi, hv, hs), _sparse_sequences(ti, tv, ts)
    out = np.zeros(out_shape, np.float32)
    for pos in np.ndindex(*out_shape):
        h, t = hyp.get(pos, []), truth.get(pos, [])
        d = float(_levenshtein(h, t))
        if prim.normalize:
            d = d / len(t) if t else (np.inf if h else 0.0)
        out[pos] = d
    return _wrap(jnp.asarray(out))


primitive("EditDistance", None, attrs=(("normalize", True, (bool,)),), call=_edit_distance)
