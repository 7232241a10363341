"""More array ops: scatter-into-slice ops (select/slice/diagonal_scatter, MaskedScatter,
IndexPut), matrix diagonals (matrix_diag*, FillDiagonal), fold/unfold, affine_grid,
lstsq, mvlgamma, Bincount, LogSpace, EmbeddingLookup, Coalesce, view primitives."""
import builtins
import math

import numpy as np
import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln

from mscompat.common import dtype as mstype
from ._args import arr, Tensor, to_np_dtype, is_int as _is_int
from ._registry import op, primitive
from ._array import transpose
from ._index_ops import gather

_wrap = Tensor._wrap


def _tensor(name, arg, x):
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{name}', the '{arg}' must be a Tensor, but got {type(x).__name__}.")
    return arr(x)


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
    if m.dtype != np.bool_:
        raise TypeError(f"For 'MaskedScatter', 'mask' must be a bool Tensor, but got {mask.dtype}.")
    m = jnp.broadcast_to(m, a.shape)
    flat = m.reshape(-1)
    pos = jnp.cumsum(flat) - 1
    vals = u.reshape(-1)
    c = None if isinstance(m, jax.core.Tracer) else int(np.asarray(flat).sum())
    if c is not None and c > vals.size:
        raise ValueError(f"For 'MaskedScatter', the number of elements of 'updates' {vals.size} must be at least "
                         f"the number of True values in 'mask' {c}.")
    picked = vals[jnp.clip(pos, 0, builtins.max(vals.size - 1, 0))].astype(a.dtype)
    return _wrap(jnp.where(flat, picked, a.reshape(-1)).reshape(a.shape))


primitive("MaskedScatter", _masked_scatter)


def _index_put(x, values, indices, accumulate=0):
    a = _tensor("IndexPut", "x1", x)
    v = _tensor("IndexPut", "x2", values)
    if not isinstance(indices, (tuple, list)) or not indices:
        raise TypeError("For 'IndexPut', 'indices' must be a non-empty tuple or list of Tensors.")
    idx = tuple(arr(i) for i in indices)
    for i in idx:
        if i.dtype not in (np.int32, np.int64):
            raise TypeError(f"For 'IndexPut', each tensor of 'indices' must be int32 or int64, but got {i.dtype}.")
    if v.dtype != a.dtype:
        raise TypeError(f"For 'IndexPut', 'x1' and 'x2' must have the same dtype, but got {x.dtype} and "
                        f"{values.dtype}.")
    ref = a.at[idx]
    return _wrap(ref.add(v) if accumulate else ref.set(v))


primitive("IndexPut", _index_put, attrs=(("accumulate", 0, (int,)),))


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
primitive("TransposeView", transpose)
primitive("TransposeExtView", lambda x, dim0, dim1: _swap(x, dim0, dim1))


def _swap(x, d0, d1):
    a = arr(x)
    return _wrap(jnp.swapaxes(a, d0, d1))


# --- matrix diagonals -----------------------------------------------------------------------

def _k_pair(k):
    if isinstance(k, Tensor):
        k = np.asarray(arr(k)).reshape(-1).tolist()
    if _is_int(k):
        return int(k), int(k)
    k = list(k)
    if len(k) == 1:
        return int(k[0]), int(k[0])
    if len(k) != 2 or k[0] > k[1]:
        raise ValueError(f"For 'MatrixDiag', 'k' must be an int or a pair (low, high) with low <= high, but got {k}.")
    return int(k[0]), int(k[1])


def _diag_len(m, n, d):
    return builtins.max(builtins.min(m + builtins.min(d, 0), n - builtins.max(d, 0)), 0)


def _aligned_offset(align, d, length, maxlen):
    """Offset of diagonal ``d``'s values inside its padded row of ``maxlen``."""
    sup, sub = {"RIGHT_LEFT": ("R", "L"), "LEFT_RIGHT": ("L", "R"), "LEFT_LEFT": ("L", "L"),
                "RIGHT_RIGHT": ("R", "R")}[align]
    side = sup if d >= 0 else sub
    return maxlen - length if side == "R" else 0


def _check_align(name, align):
    if align not in ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"):
        raise ValueError(f"For '{name}', 'align' must be one of RIGHT_LEFT, LEFT_RIGHT, LEFT_LEFT, RIGHT_RIGHT, "
                         f"but got {align}.")


def _diag_part(a, lo, hi, pad, align):
    m, n = a.shape[-2:]
    maxlen = builtins.max(_diag_len(m, n, d) for d in builtins.range(lo, hi + 1))
    rows = []
    for d in builtins.range(hi, lo - 1, -1):
        length = _diag_len(m, n, d)
        r = np.arange(length) + builtins.max(-d, 0)
        c = np.arange(length) + builtins.max(d, 0)
        vals = a[..., r, c]
        off = _aligned_offset(align, d, length, maxlen)
        row = jnp.full(a.shape[:-2] + (maxlen,), pad, a.dtype)
        rows.append(row.at[..., off:off + length].set(vals))
    out = jnp.stack(rows, axis=-2)
    return out[..., 0, :] if lo == hi else out


@op("matrix_diag_part")
def matrix_diag_part(x, k, padding_value, align="RIGHT_LEFT"):
    """Diagonals ``k`` (an int or (low, high)) of the innermost matrices of ``x``."""
    return _wrap(_matrix_diag_part(x, k, padding_value, align))


def _matrix_diag_part(x, k, padding_value, align="RIGHT_LEFT"):
    a = _tensor("MatrixDiagPartV3", "x", x)
    _check_align("MatrixDiagPartV3", align)
    if a.ndim < 2:
        raise ValueError(f"For 'MatrixDiagPartV3', the rank of 'x' must be at least 2, but got {a.ndim}.")
    lo, hi = _k_pair(k)
    m, n = a.shape[-2:]
    if not (-m < lo <= n - 1 and -m < hi <= n - 1) and not (m == 0 or n == 0):
        raise ValueError(f"For 'MatrixDiagPartV3', 'k' must be in (-{m}, {n}), but got {(lo, hi)}.")
    pad = arr(padding_value).reshape(()) if isinstance(padding_value, Tensor) else padding_value
    return _diag_part(a, lo, hi, jnp.asarray(pad).astype(a.dtype), align)


primitive("MatrixDiagPartV3", lambda x, k, padding_value, align="RIGHT_LEFT":
          _wrap(_matrix_diag_part(x, k, padding_value, align)), attrs=(("align", "RIGHT_LEFT", (str,)),))


def _matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    a = _tensor("MatrixDiagV3", "x", x)
    _check_align("MatrixDiagV3", align)
    lo, hi = _k_pair(k)
    nr = int(num_rows) if isinstance(num_rows, Tensor) else num_rows
    nc = int(num_cols) if isinstance(num_cols, Tensor) else num_cols
    pad = arr(padding_value).reshape(()) if isinstance(padding_value, Tensor) else padding_value
    if lo == hi:
        diags = a[..., None, :]
    else:
        if a.ndim < 2 or a.shape[-2] != hi - lo + 1:
            raise ValueError(f"For MatrixDiagV3, the second to last dimension of 'x' must be {hi - lo + 1}.")
        diags = a
    maxlen = diags.shape[-1]
    min_rows = maxlen + builtins.max(-lo, 0)
    min_cols = maxlen + builtins.max(hi, 0)
    if nr == -1 and nc == -1:
        nr, nc = builtins.max(min_rows, min_cols), builtins.max(min_rows, min_cols)
    elif nr == -1:
        nr = min_rows
    elif nc == -1:
        nc = min_cols
    if nr < min_rows or nc < min_cols or (nr != min_rows and nc != min_cols):
        raise ValueError("For MatrixDiagV3, the number of rows or columns is not consistent with the specified k "
                         "and x.")
    out = jnp.full(diags.shape[:-2] + (nr, nc), jnp.asarray(pad).astype(a.dtype), a.dtype)
    for j, d in enumerate(builtins.range(hi, lo - 1, -1)):
        length = _diag_len(nr, nc, d)
        off = _aligned_offset(align, d, length, maxlen)
        r = np.arange(length) + builtins.max(-d, 0)
        c = np.arange(length) + builtins.max(d, 0)
        out = out.at[..., r, c].set(diags[..., j, off:off + length])
    return out


@op("matrix_diag")
def matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    """Batched matrices with the innermost dims of ``x`` on diagonals ``k``."""
    return _wrap(_matrix_diag(x, k, num_rows, num_cols, padding_value, align))


primitive("MatrixDiagV3", lambda x, k, num_rows, num_cols, padding_value, align="RIGHT_LEFT":
          _wrap(_matrix_diag(x, k, num_rows, num_cols, padding_value, align)),
          attrs=(("align", "RIGHT_LEFT", (str,)),))


def _matrix_set_diag(x, diagonal, k=0, align="RIGHT_LEFT"):
    a = _tensor("MatrixSetDiagV3", "x", x)
    dg = _tensor("MatrixSetDiagV3", "diagonal", diagonal)
    _check_align("MatrixSetDiagV3", align)
    lo, hi = _k_pair(k)
    m, n = a.shape[-2:]
    diags = dg[..., None, :] if lo == hi else dg
    maxlen = builtins.max(_diag_len(m, n, d) for d in builtins.range(lo, hi + 1))
    if diags.shape[-1] != maxlen or diags.shape[:-2] != a.shape[:-2]:
        raise ValueError(f"For 'MatrixSetDiagV3', the shape of 'diagonal' {dg.shape} does not match 'x' {a.shape} "
                         f"and 'k'.")
    out = a
    for j, d in enumerate(builtins.range(hi, lo - 1, -1)):
        length = _diag_len(m, n, d)
        off = _aligned_offset(align, d, length, maxlen)
        r = np.arange(length) + builtins.max(-d, 0)
        c = np.arange(length) + builtins.max(d, 0)
        out = out.at[..., r, c].set(diags[..., j, off:off + length].astype(a.dtype))
    return out


@op("matrix_set_diag")
def matrix_set_diag(x, diagonal, k=0, align="RIGHT_LEFT"):
    """``x`` with diagonals ``k`` replaced by ``diagonal``."""
    return _wrap(_matrix_set_diag(x, diagonal, k, align))


primitive("MatrixSetDiagV3", lambda x, diagonal, k, align="RIGHT_LEFT":
          _wrap(_matrix_set_diag(x, diagonal, k, align)), attrs=(("align", "RIGHT_LEFT", (str,)),))


def _fill_diagonal(prim, x):
    a = _tensor("FillDiagonal", "input_x", x)
    if a.ndim < 2:
        raise ValueError(f"For 'FillDiagonal', the rank of 'input_x' must be at least 2, but got {a.ndim}.")
    if a.ndim > 2 and len(set(a.shape)) != 1:
        raise ValueError(f"For 'FillDiagonal', all dimensions of 'input_x' must be equal when its rank is greater "
                         f"than 2, but got {a.shape}.")
    shape = a.shape
    step = 1 + int(np.sum(np.cumprod(shape[:0:-1])))
    end = a.size
    if a.ndim == 2 and not prim.wrap and shape[0] > shape[1]:
        end = shape[1] * shape[1]
    pos = np.arange(0, end, step)
    v = prim.fill_value
    fill = jnp.asarray(int(v) if a.dtype.kind in "iu" else v).astype(a.dtype)
    return _wrap(a.reshape(-1).at[pos].set(fill).reshape(shape))


primitive("FillDiagonal", None, attrs=(("fill_value", None, (float,)), ("wrap", False, (bool,))),
          call=_fill_diagonal)


# --- fold / unfold --------------------------------------------------------------------------

def _pair(name, arg, v, allow_zero=False):
    if _is_int(v):
        v = (int(v), int(v))
    elif isinstance(v, (tuple, list)) and all(_is_int(e) for e in v) and len(v) in (1, 2):
        v = (int(v[0]), int(v[-1]))
    else:
        raise TypeError(f"For '{name}', the type of '{arg}' must be int, tuple or list of int, but got {v}.")
    if any(e < 0 or (e == 0 and not allow_zero) for e in v):
        raise ValueError(f"For '{name}', '{arg}' must be {'non-negative' if allow_zero else 'positive'}, "
                         f"but got {v}.")
    return v


@op("unfold")
def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """Sliding ``kernel_size`` blocks of a (N, C, H, W) input as columns: (N, C*kh*kw, L)."""
    a = _tensor("unfold", "input", input)
    if a.ndim != 4:
        raise ValueError(f"For 'unfold', the rank of 'input' must be 4, but got {a.ndim}.")
    k = _pair("unfold", "kernel_size", kernel_size)
    d = _pair("unfold", "dilation", dilation)
    p = _pair("unfold", "padding", padding, True)
    s = _pair("unfold", "stride", stride)
    n, c = a.shape[:2]
    patches = jax.lax.conv_general_dilated_patches(a, k, s, [(p[0], p[0]), (p[1], p[1])], rhs_dilation=d)
    return _wrap(patches.reshape(n, c * k[0] * k[1], -1))


@op("fold")
def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Sum the columns of (N, C*kh*kw, L) back into a (N, C, H, W) image (inverse of unfold)."""
    a = _tensor("fold", "input", input)
    if isinstance(output_size, Tensor):
        output_size = tuple(int(v) for v in np.asarray(arr(output_size)).reshape(-1))
    oh, ow = _pair("fold", "output_size", output_size)
    k = _pair("fold", "kernel_size", kernel_size)
    d = _pair("fold", "dilation", dilation)
    p = _pair("fold", "padding", padding, True)
    s = _pair("fold", "stride", stride)
    if a.ndim != 3 or a.shape[1] % (k[0] * k[1]):
        raise ValueError(f"For 'fold', 'input' must be 3-D with dim 1 divisible by kernel size, got {a.shape}.")
    n = a.shape[0]
    c = a.shape[1] // (k[0] * k[1])
    bh = (oh + 2 * p[0] - d[0] * (k[0] - 1) - 1) // s[0] + 1
    bw = (ow + 2 * p[1] - d[1] * (k[1] - 1) - 1) // s[1] + 1
    if bh * bw != a.shape[2]:
        raise ValueError(f"For 'fold', the number of blocks {a.shape[2]} does not match output_size.")
    cols = a.reshape(n, c, k[0], k[1], bh, bw)
    out = jnp.zeros((n, c, oh + 2 * p[0], ow + 2 * p[1]), a.dtype)
    for i in builtins.range(k[0]):
        for j in builtins.range(k[1]):
            r0, c0 = i * d[0], j * d[1]
            out = out.at[:, :, r0:r0 + s[0] * bh:s[0], c0:c0 + s[1] * bw:s[1]].add(cols[:, :, i, j])
    return _wrap(out[:, :, p[0]:p[0] + oh, p[1]:p[1] + ow])


# --- affine_grid, lstsq, mvlgamma ----------------------------------------------------------

def _base_coords(n, align_corners, dt):
    if align_corners:
        return jnp.linspace(-1.0, 1.0, n, dtype=dt) if n > 1 else jnp.zeros((n,), dt)
    return ((2 * jnp.arange(n, dtype=dt) + 1) / n - 1).astype(dt)


@op("affine_grid")
def affine_grid(theta, size, align_corners=False):
    """Sampling grid (N, H, W, 2) or (N, D, H, W, 3) for the affine matrices ``theta``."""
    t = _tensor("affine_grid", "theta", theta)
    if not isinstance(size, (tuple, list)):
        raise TypeError(f"For 'affine_grid', 'size' must be a tuple or list, but got {type(size).__name__}.")
    if not isinstance(align_corners, bool):
        raise TypeError(f"For 'affine_grid', 'align_corners' must be bool, but got {type(align_corners).__name__}.")
    dt = t.dtype
    if len(size) == 4:
        n, _, h, w = size
        if t.shape != (n, 2, 3):
            raise ValueError(f"For 'affine_grid', 'theta' must have shape ({n}, 2, 3), but got {t.shape}.")
        ys, xs = _base_coords(h, align_corners, dt), _base_coords(w, align_corners, dt)
        gx, gy = jnp.meshgrid(xs, ys)
        base = jnp.stack([gx, gy, jnp.ones_like(gx)], axis=-1)       # (H, W, 3)
        return _wrap(jnp.einsum("hwk,nik->nhwi", base, t).astype(dt))
    if len(size) == 5:
        n, _, d, h, w = size
        if t.shape != (n, 3, 4):
            raise ValueError(f"For 'affine_grid', 'theta' must have shape ({n}, 3, 4), but got {t.shape}.")
        zs, ys, xs = (_base_coords(v, align_corners, dt) for v in (d, h, w))
        gz, gy, gx = jnp.meshgrid(zs, ys, xs, indexing="ij")
        base = jnp.stack([gx, gy, gz, jnp.ones_like(gx)], axis=-1)
        return _wrap(jnp.einsum("dhwk,nik->ndhwi", base, t).astype(dt))
    raise ValueError(f"For 'affine_grid', 'size' must have 4 or 5 elements, but got {len(size)}.")


primitive("AffineGrid", lambda theta, output_size, align_corners=False:
          affine_grid(theta, tuple(np.asarray(arr(output_size)).tolist()) if isinstance(output_size, Tensor)
                      else output_size, align_corners), attrs=(("align_corners", False, (bool,)),))


@op("lstsq")
def lstsq(input, A):
    """Least-squares solution ``X`` of ``input @ X = A``."""
    x = _tensor("Lstsq", "input", input)
    b = _tensor("Lstsq", "A", A)
    if x.dtype not in (np.float16, np.float32, np.float64) or x.dtype != b.dtype:
        raise TypeError(f"For 'Lstsq', 'input' and 'A' must be float tensors of the same dtype, but got "
                        f"{input.dtype} and {A.dtype}.")
    if x.ndim != 2 or b.ndim not in (1, 2) or b.shape[0] != x.shape[0]:
        raise ValueError(f"For 'Lstsq', 'input' must be 2-D and 'A' 1-D or 2-D with the same number of rows, "
                         f"but got {x.shape} and {b.shape}.")
    sol = jnp.linalg.lstsq(x.astype(jnp.float64 if x.dtype == np.float64 else jnp.float32),
                           b.astype(jnp.float64 if x.dtype == np.float64 else jnp.float32))[0]
    return _wrap(sol.astype(x.dtype))


primitive("Lstsq", lambda x, a, fast=True, l2_regularizer=0.0: lstsq(x, a),
          attrs=(("fast", True, (bool,)), ("l2_regularizer", 0.0, (float,))))


@op("mvlgamma")
def mvlgamma(input, p):
    """Multivariate log-gamma of order ``p``; every element must exceed (p-1)/2."""
    a = _tensor("Mvlgamma", "input", input)
    if not _is_int(p):
        raise TypeError(f"For 'Mvlgamma', the type of 'p' should be 'int', but got {type(p).__name__}.")
    if p < 1:
        raise ValueError(f"For 'Mvlgamma', 'p' must be greater than or equal to 1, but got {p}.")
    if a.dtype not in (np.float32, np.float64):
        raise TypeError(f"For 'Mvlgamma', 'input' must be float32 or float64, but got {input.dtype}.")
    c = None if isinstance(a, jax.core.Tracer) else np.asarray(a)
    if c is not None and c.size and np.any(c <= (p - 1) / 2):
        raise ValueError("For Mvlgamma, all elements of 'x' must be greater than (p-1)/2.")
    j = jnp.arange(p, dtype=a.dtype)
    out = jnp.sum(gammaln(a[..., None] - j / 2), axis=-1) + p * (p - 1) / 4 * math.log(math.pi)
    return _wrap(out.astype(a.dtype))


primitive("Mvlgamma", lambda x, p: mvlgamma(x, p), attrs=(("p", None, (int,)),))


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
    vals = jnp.ones(flat.shape, w.dtype) if w.size == 0 else w.reshape(-1)
    ok = (flat >= 0) & (flat < n)
    return _wrap(jnp.zeros((n,), w.dtype).at[jnp.where(ok, flat, n)].add(vals, mode="drop"))


primitive("Bincount", _bincount)


def _logspace(prim, start, end):
    s = _tensor("LogSpace", "start", start)
    e = _tensor("LogSpace", "end", end)
    steps, base = prim.steps, prim.base
    dt = to_np_dtype(prim.dtype)
    if s.dtype not in (np.float16, np.float32) or s.dtype != e.dtype:
        raise TypeError(f"For 'LogSpace', 'start' and 'end' must be float16 or float32 of the same dtype, "
                        f"but got {start.dtype} and {end.dtype}.")
    if steps < 0:
        raise ValueError(f"For 'LogSpace', 'steps' must be non-negative, but got {steps}.")
    s64, e64 = s.astype(jnp.float64).reshape(()), e.astype(jnp.float64).reshape(())
    if steps == 1:
        exps = s64.reshape(1)
    else:
        exps = s64 + (e64 - s64) * jnp.arange(steps, dtype=jnp.float64) / builtins.max(steps - 1, 1)
    return _wrap(jnp.power(jnp.float64(base), exps).astype(dt))


primitive("LogSpace", None, attrs=(("steps", 10, (int,)), ("base", 10, (int,)), ("dtype", mstype.float32)),
          call=_logspace)


def _coalesce(indices, values, shape):
    i = np.asarray(_tensor("Coalesce", "x_indices", indices))
    v = np.asarray(_tensor("Coalesce", "x_values", values))
    shp = np.asarray(_tensor("Coalesce", "x_shape", shape))
    if i.ndim != 2 or v.ndim != 1 or i.shape[1] != v.shape[0]:
        raise ValueError(f"For 'Coalesce', 'x_indices' must be (rank, nnz) and 'x_values' (nnz,), but got "
                         f"{i.shape} and {v.shape}.")
    flat = np.ravel_multi_index(tuple(i), tuple(int(s) for s in shp))
    uniq, inv = np.unique(flat, return_inverse=True)
    summed = np.zeros(uniq.shape, v.dtype)
    np.add.at(summed, inv.reshape(-1), v)
    out_i = np.stack(np.unravel_index(uniq, tuple(int(s) for s in shp))).astype(i.dtype)
    return _wrap(jnp.asarray(out_i)), _wrap(jnp.asarray(summed)), _wrap(jnp.asarray(shp))


primitive("Coalesce", _coalesce)
