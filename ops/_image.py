"""Resizing and padding of NC(D)HW images: interpolate/upsample, ResizeNearestNeighbor,
ResizeNearestNeighborV2, ResizeBilinearV2, pad/Pad/PadV3/MirrorPad/mirror_pad, ROIAlign, affine_grid/AffineGrid.

Interpolation is separable: each spatial axis is resized by a gather (nearest) or by a
small (out, in) weight matrix built from static shapes (linear, cubic, area).
"""
import functools
import itertools
import math

import numpy as np
import jax
import jax.numpy as jnp

from mscompat._checkparam import check_is_tensor
from mscompat.common import dtype as mstype
from ._args import arr, check_bool as _bool, Tensor, tensor_arg as _tensor
from ._nn import need_tensor, check_dtype, is_int, is_number
from ._registry import op, primitive

_wrap = Tensor._wrap
_MODES = ["nearest", "linear", "bilinear", "bicubic", "area", "nearest-exact", "trilinear"]


def _src(out, size, mode, scale=None):
    """Source coordinates (float64 numpy) of the ``out`` output positions along one axis."""
    d = np.arange(out, dtype=np.float64)
    r = size / out if scale is None else 1.0 / scale
    if mode == "align_corners":
        return d * ((size - 1) / (out - 1)) if out > 1 else np.zeros(out)
    if mode == "align_corners_half_pixel":     # MindSpore's ResizeBilinearGrad with both flags set
        return (d + 0.5) * ((size - 1) / (out - 1) if out > 1 else r) - 0.5
    if mode == "half_pixel":
        return (d + 0.5) * r - 0.5
    return d * r  # legacy (asymmetric)


def _linear_matrix(out, size, coord, clamp_low=True):
    src = _src(out, size, coord)
    if clamp_low:
        src = np.maximum(src, 0.0)
    i0 = np.minimum(np.floor(src).astype(np.int64), size - 1)
    i1 = np.minimum(i0 + 1, size - 1)
    w1 = src - i0
    m = np.zeros((out, size), np.float64)
    m[np.arange(out), i0] += 1 - w1
    m[np.arange(out), i1] += w1
    return m


def _cubic_matrix(out, size, align_corners):
    """MindSpore's ResizeBicubic weights (the TensorFlow kernel): half-pixel centres with
    A=-0.5 and out-of-range taps dropped and renormalized when not ``align_corners``, else
    A=-0.75 with clamped taps; the fraction is quantized to 1/1024 (the kernel's table)."""
    hp = not align_corners
    a = -0.5 if hp else -0.75
    scale = (size - 1) / (out - 1) if (align_corners and out > 1) else size / out
    d = np.arange(out, dtype=np.float64)
    src = (d + 0.5) * scale - 0.5 if hp else d * scale
    f = np.floor(src)
    k = 1024
    off = np.rint((src - f) * k)
    t, u = off / k, (k - off) / k

    def c1(x):
        return ((a + 2) * x - (a + 3)) * x * x + 1

    def c2(x):
        return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a
    ws = np.stack([c2(t + 1), c1(t), c1(u), c2(u + 1)])
    raw = f.astype(np.int64)[None, :] - 1 + np.arange(4)[:, None]
    idx = np.clip(raw, 0, size - 1)
    if hp:
        ws = np.where(idx == raw, ws, 0.0)
        tot = ws.sum(0)
        ws = np.where(np.abs(tot) >= 1000.0 * np.finfo(np.float32).tiny, ws / np.where(tot == 0, 1.0, tot), ws)
    m = np.zeros((out, size), np.float64)
    for i in range(4):
        np.add.at(m, (np.arange(out), idx[i]), ws[i])
    return m


def _area_matrix(out, size):
    m = np.zeros((out, size), np.float64)
    for j in range(out):
        s, e = (j * size) // out, -(-((j + 1) * size) // out)
        m[j, s:e] = 1.0 / (e - s)
    return m


def _apply_matrix(a, axis, m):
    f = a.astype(jnp.float32)
    out = jnp.tensordot(f, jnp.asarray(m, jnp.float32), axes=([axis], [1]))
    return jnp.moveaxis(out, -1, axis)


def _nearest_idx(out, size, kind, scale=None):
    r = size / out if scale is None else 1.0 / scale
    d = np.arange(out, dtype=np.float64)
    if kind == "exact":
        idx = np.floor((d + 0.5) * r)
    elif kind == "align_corners":
        idx = np.floor(d * ((size - 1) / (out - 1)) + 0.5) if out > 1 else np.zeros(out)
    else:
        idx = np.floor(d * r)
    return np.minimum(idx.astype(np.int64), size - 1)


def _resize(a, sizes, mode, align_corners=False, coord=None, scales=None):
    nd = len(sizes)
    out = a
    for i in range(nd):
        ax = a.ndim - nd + i
        size, o = a.shape[ax], sizes[i]
        sc = None if scales is None else scales[i]
        if mode in ("nearest", "nearest-exact", "nearest_ac"):
            kind = {"nearest": "floor", "nearest-exact": "exact", "nearest_ac": "align_corners"}[mode]
            out = jnp.take(out, jnp.asarray(_nearest_idx(o, size, kind, sc)), axis=ax)
        elif mode == "linear":
            c = coord or ("align_corners" if align_corners else "half_pixel")
            out = _apply_matrix(out, ax, _linear_matrix(o, size, c))
        elif mode == "bicubic":
            out = _apply_matrix(out, ax, _cubic_matrix(o, size, align_corners))
        elif mode == "area":
            out = _apply_matrix(out, ax, _area_matrix(o, size))
    return out.astype(a.dtype)


@op("interpolate")
def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None):
    """Resize the spatial dims of an (N, C, *) input by ``size`` or ``scale_factor``."""
    name = "interpolate"
    a = need_tensor(name, "input", input)
    if mode not in _MODES:
        raise ValueError(f"For '{name}', 'mode' must be in '{_MODES}', but got {mode}")
    if size is not None and scale_factor is not None:
        raise ValueError(f"For '{name}', 'size' and 'scale_factor' cannot be set simultaneously")
    if size is None and scale_factor is None:
        raise ValueError(f"For '{name}', 'size' and 'scale_factor' cannot be both empty")
    nd = a.ndim - 2
    if nd < 1 or nd > 3:
        raise ValueError(f"For '{name}', the dimension of 'input' must be 3, 4 or 5, but got {a.ndim}.")
    dims = {"linear": 1, "bilinear": 2, "bicubic": 2, "trilinear": 3}
    if mode in dims and dims[mode] != nd:
        raise ValueError(f"For '{name}', the mode '{mode}' requires a {dims[mode] + 2}-D input, "
                         f"but got {a.ndim}-D.")
    if align_corners is not None and mode in ("nearest", "area", "nearest-exact"):
        raise ValueError(f"For '{name}', 'align_corners' option cannot currently be set with the mode = {mode}, "
                         f"and dim = {a.ndim}D")
    scales = None
    if size is not None:
        sizes = (size,) * nd if is_int(size) else tuple(size)
        if len(sizes) != nd or not all(is_int(s) and s > 0 for s in sizes):
            raise ValueError(f"For '{name}', 'size' must be a positive int or a tuple of {nd} positive ints, "
                             f"but got {size}.")
    else:
        sf = (scale_factor,) * nd if is_number(scale_factor) else tuple(scale_factor)
        if len(sf) != nd or not all(is_number(s) and s > 0 for s in sf):
            raise ValueError(f"For '{name}', 'scale_factor' must be a positive number or a tuple of {nd}, "
                             f"but got {scale_factor}.")
        if mode in ("nearest", "nearest-exact", "area") and not recompute_scale_factor and nd > 1:
            raise ValueError(f"For '{name}', 'scale_factor' option cannot currently be set with the mode = {mode} "
                             f"and dim = {a.ndim}D.")
        sizes = tuple(int(math.floor(a.shape[2 + i] * sf[i])) for i in range(nd))
        if not recompute_scale_factor:
            scales = sf
    if str(a.dtype) not in ("float16", "float32", "float64", "bfloat16"):
        raise TypeError(f"For '{name}', the dtype of 'input' must be float, but got "
                        f"{mstype.from_numpy_dtype(a.dtype)}.")
    base = {"bilinear": "linear", "trilinear": "linear"}.get(mode, mode)
    if base == "linear" and scales is not None and not align_corners:
        out = a
        for i in range(nd):
            ax = 2 + i
            m = np.zeros((sizes[i], a.shape[ax]))
            src = np.maximum((np.arange(sizes[i]) + 0.5) / scales[i] - 0.5, 0)
            i0 = np.minimum(np.floor(src).astype(np.int64), a.shape[ax] - 1)
            i1 = np.minimum(i0 + 1, a.shape[ax] - 1)
            np.add.at(m, (np.arange(sizes[i]), i0), 1 - (src - i0))
            np.add.at(m, (np.arange(sizes[i]), i1), src - i0)
            out = _apply_matrix(out, ax, m)
        return _wrap(out.astype(a.dtype))
    return _wrap(_resize(a, sizes, base, bool(align_corners), scales=scales if base.startswith("nearest") else None))


@op("upsample")
def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None):
    return interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)


def _size_arg(name, size):
    if isinstance(size, Tensor):
        size = tuple(int(v) for v in size.asnumpy().reshape(-1))
    if not isinstance(size, (tuple, list)) or len(size) != 2 or not all(is_int(s) and s > 0 for s in size):
        raise ValueError(f"For '{name}', the 'size' must be a tuple of 2 positive ints, but got {size}.")
    return tuple(size)


def _resize_nn(prim, x):
    name = "ResizeNearestNeighbor"
    a = need_tensor(name, "input_x", x)
    if a.ndim != 4:
        raise ValueError(f"For '{name}', the rank of 'input_x' must be 4, but got {a.ndim}.")
    size = _size_arg(name, prim.size)
    # MindSpore 2.10's kernel takes half_pixel_centers but samples floor(dst * in / out) either way
    return _wrap(_resize(a, size, "nearest_ac" if prim.align_corners else "nearest"))


_RNN = primitive("ResizeNearestNeighbor", None, attrs=(("size", None), ("align_corners", False),
                                                       ("half_pixel_centers", False)), call=_resize_nn)


def _resize_bilinear(prim, x, size):
    name = "ResizeBilinearV2"
    a = need_tensor(name, "x", x)
    check_dtype(name, "x", a, ("float16", "float32", "float64"))
    if a.ndim != 4:
        raise ValueError(f"For '{name}', the rank of 'x' must be 4, but got {a.ndim}.")
    if prim.align_corners and prim.half_pixel_centers:
        raise ValueError(f"For '{name}', 'half_pixel_centers' must be False when 'align_corners' is True.")
    size = _size_arg(name, size)
    coord = "align_corners" if prim.align_corners else ("half_pixel" if prim.half_pixel_centers else "legacy")
    return _wrap(_resize(a, size, "linear", coord=coord))


primitive("ResizeBilinearV2", None, attrs=(("align_corners", False, (bool,)), ("half_pixel_centers", False, (bool,))),
          call=_resize_bilinear)


def _resize_bilinear_grad(prim, grads, original_image):
    """The gradient of ResizeBilinearV2 (same flags) w.r.t. an input shaped as ``original_image``."""
    name = "ResizeBilinearGrad"
    g = need_tensor(name, "grads", grads)
    img = need_tensor(name, "original_image", original_image)
    for arg, a in (("grads", g), ("original_image", img)):
        check_dtype(name, arg, a, ("float16", "float32", "float64"))
        if a.ndim != 4:
            raise ValueError(f"For '{name}', the rank of '{arg}' must be 4, but got {a.ndim}.")
    # both flags: the align-corners scale with half-pixel centres (MindSpore's kernel checks nothing)
    coord = {(True, True): "align_corners_half_pixel", (True, False): "align_corners",
             (False, True): "half_pixel", (False, False): "legacy"}[(prim.align_corners, prim.half_pixel_centers)]
    dt = jnp.promote_types(img.dtype, jnp.float32)
    _, back = jax.vjp(lambda x: _resize(x, g.shape[2:], "linear", coord=coord), jnp.zeros(img.shape, dt))
    return _wrap(back(g.astype(dt))[0].astype(img.dtype))


primitive("ResizeBilinearGrad", None, attrs=(("align_corners", False, (bool,)), ("half_pixel_centers", False, (bool,))),
          call=_resize_bilinear_grad)


# ---------------------------------------------------------------------------------------
# Padding


def _pad_core(a, pairs, mode, value):
    """``pairs``: (lo, hi) per dimension, possibly negative (crops)."""
    crop = [slice(max(-lo, 0), a.shape[i] - max(-hi, 0)) for i, (lo, hi) in enumerate(pairs)]
    a = a[tuple(crop)]
    pos = [(max(lo, 0), max(hi, 0)) for lo, hi in pairs]
    if mode == "constant":
        return jnp.pad(a, pos, mode="constant", constant_values=jnp.asarray(value, a.dtype))
    jmode = {"reflect": "reflect", "replicate": "edge", "edge": "edge", "circular": "wrap",
             "symmetric": "symmetric"}[mode]
    return jnp.pad(a, pos, mode=jmode)


@op("pad")
def pad(input_x, padding, mode="constant", value=None):
    """Pad the last ``len(padding) // 2`` dims; ``padding`` lists (left, right) pairs from the last
    dim backward; negative values crop."""
    a = need_tensor("pad", "input_x", input_x)
    if isinstance(padding, Tensor):
        padding = tuple(int(v) for v in padding.asnumpy().reshape(-1))
    if not isinstance(padding, (tuple, list)) or not all(is_int(p) for p in padding):
        raise TypeError(f"For 'pad', the type of 'padding' must be a tuple, list or Tensor of ints, but got {padding}.")
    if len(padding) % 2:
        raise ValueError(f"For 'pad', the size of padding must be divisible by 2, but got {len(padding)}")
    if len(padding) // 2 > a.ndim:
        raise ValueError(f"For 'pad', the padding length {len(padding)} is too large for an input of rank {a.ndim}.")
    if mode not in ("constant", "reflect", "replicate", "circular"):
        raise ValueError(f"For 'PadV3', the 'mode' must be str and must be in '['constant', 'reflect', 'edge', "
                         f"'circular']', but got '{mode}'.")
    if mode != "constant" and value is not None:
        raise ValueError(f"For 'pad', the 'value' can only be set in 'constant' mode, but got mode '{mode}'.")
    pairs = [(0, 0)] * a.ndim
    for k in range(len(padding) // 2):
        pairs[a.ndim - 1 - k] = (padding[2 * k], padding[2 * k + 1])
    if mode == "reflect":
        for i, (lo, hi) in enumerate(pairs):
            if lo >= a.shape[i] or hi >= a.shape[i]:
                raise ValueError(f"For 'pad', the padding size ({lo}, {hi}) must be less than the input dimension "
                                 f"{a.shape[i]} in 'reflect' mode.")
    return _wrap(_pad_core(a, pairs, mode, 0 if value is None else value))


def _pad_prim(prim, x):
    name = "Pad"
    a = need_tensor(name, "input_x", x)
    p = prim.paddings
    if len(p) != a.ndim:
        raise ValueError(f"For '{name}', the length of 'paddings' must be equal to the rank of 'input_x', "
                         f"but got {len(p)} vs {a.ndim}")
    for i, pair in enumerate(p):
        if pair[0] < 0 or pair[1] < 0:
            raise ValueError(f"For '{name}', all elements of 'paddings' must be >= 0, but got paddings[{i}][0] = "
                             f"{pair[0]}, paddings[{i}][1] = {pair[1]}")
    return _wrap(_pad_core(a, [tuple(q) for q in p], "constant", 0))


_PAD = primitive("Pad", None, attrs=(("paddings", ()),), call=_pad_prim)
_pad_init = _PAD.__init__


def _pad_checked_init(self, paddings):
    if not isinstance(paddings, tuple) or not all(isinstance(q, tuple) and len(q) == 2 and
                                                  all(is_int(v) for v in q) for q in paddings):
        raise TypeError(f"For 'Pad', the type of 'paddings' should be a tuple of pairs of ints, but got {paddings}.")
    _pad_init(self, paddings)


_PAD.__init__ = _pad_checked_init


def _mirror_pad(name, x, paddings, mode):
    a = need_tensor(name, "input_x", x)
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise ValueError(f"For '{name}', the 'mode' must be 'REFLECT' or 'SYMMETRIC', but got {mode}.")
    p = need_tensor(name, "paddings", paddings)
    if p.shape != (a.ndim, 2):
        raise ValueError(f"For '{name}', the shape of 'paddings' must be ({a.ndim}, 2), but got {list(p.shape)}.")
    pairs = [tuple(int(v) for v in row) for row in np.asarray(p)]
    for i, (lo, hi) in enumerate(pairs):
        lim = a.shape[i] - (1 if mode == "REFLECT" else 0)
        if lo < 0 or hi < 0 or lo > lim or hi > lim:
            raise ValueError(f"For '{name}', the paddings of dimension {i} must be in [0, {lim}], "
                             f"but got ({lo}, {hi}).")
    return _wrap(_pad_core(a, pairs, mode.lower(), 0))


@op("mirror_pad")
def mirror_pad(input_x, paddings, mode):
    return _mirror_pad("MirrorPad", input_x, paddings, mode)


primitive("MirrorPad", None, attrs=(("mode", "REFLECT"),),
          call=lambda p, x, paddings: _mirror_pad("MirrorPad", x, paddings, p.mode))


def _padv3(prim, x, paddings, value=None):
    mode = {"edge": "replicate"}.get(prim.mode, prim.mode)
    p = paddings
    if isinstance(p, Tensor):
        p = tuple(int(v) for v in p.asnumpy().reshape(-1))
    if not prim.paddings_contiguous:
        half = len(p) // 2
        p = tuple(v for pair in zip(p[:half], p[half:]) for v in pair)
    v = None
    if value is not None:
        v = float(value.asnumpy()) if isinstance(value, Tensor) else value
    return pad(x, p, mode, v if mode == "constant" else None)


primitive("PadV3", None, attrs=(("mode", "constant"), ("paddings_contiguous", True)), call=_padv3)


# ---------------------------------------------------------------------------------------
# ROIAlign


def _bilinear_at(img, y, x):
    """``img`` (C, H, W) sampled at points ``y``, ``x`` (any shape) -> (C, *shape)."""
    h, w = img.shape[1:]
    valid = (y >= -1.0) & (y <= h) & (x >= -1.0) & (x <= w)
    y = jnp.maximum(y, 0.0)
    x = jnp.maximum(x, 0.0)
    y0 = jnp.floor(y).astype(jnp.int32)
    x0 = jnp.floor(x).astype(jnp.int32)
    ytop = y0 >= h - 1
    xtop = x0 >= w - 1
    y0 = jnp.where(ytop, h - 1, y0)
    x0 = jnp.where(xtop, w - 1, x0)
    y1 = jnp.where(ytop, h - 1, y0 + 1)
    x1 = jnp.where(xtop, w - 1, x0 + 1)
    y = jnp.where(ytop, y0.astype(y.dtype), y)
    x = jnp.where(xtop, x0.astype(x.dtype), x)
    ly, lx = y - y0, x - x0
    hy, hx = 1 - ly, 1 - lx
    v = (img[:, y0, x0] * (hy * hx) + img[:, y0, x1] * (hy * lx) + img[:, y1, x0] * (ly * hx)
         + img[:, y1, x1] * (ly * lx))
    return jnp.where(valid, v, 0.0)


def _roi_align(prim, features, rois):
    name = "ROIAlign"
    f = need_tensor(name, "features", features)
    r = need_tensor(name, "rois", rois)
    check_dtype(name, "features", f, ("float16", "float32"))
    if f.dtype != r.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    if f.ndim != 4 or r.ndim != 2 or r.shape[1] != 5:
        raise ValueError(f"For '{name}', 'features' must be 4-D and 'rois' (R, 5), but got {list(f.shape)} and "
                         f"{list(r.shape)}.")
    ph, pw, scale, sn = prim.pooled_height, prim.pooled_width, prim.spatial_scale, prim.sample_num
    if sn <= 0:
        raise ValueError(f"For '{name}', mscompat needs a positive 'sample_num' (got {sn}): the adaptive grid "
                         "depends on the roi values.")
    ff = f.astype(jnp.float32)
    rr = r.astype(jnp.float32)
    off = float(prim.roi_end_mode)
    outs = []
    for i in range(r.shape[0]):
        b = rr[i, 0].astype(jnp.int32)
        x1, y1 = rr[i, 1] * scale, rr[i, 2] * scale
        x2, y2 = (rr[i, 3] + off) * scale, (rr[i, 4] + off) * scale
        rw = jnp.maximum(x2 - x1, 1.0)
        rh = jnp.maximum(y2 - y1, 1.0)
        bh, bw = rh / ph, rw / pw
        iy = (jnp.arange(ph)[:, None] + (jnp.arange(sn)[None, :] + 0.5) / sn)
        ix = (jnp.arange(pw)[:, None] + (jnp.arange(sn)[None, :] + 0.5) / sn)
        ys = y1 + iy * bh  # (ph, sn)
        xs = x1 + ix * bw  # (pw, sn)
        yy = jnp.broadcast_to(ys[:, :, None, None], (ph, sn, pw, sn))
        xx = jnp.broadcast_to(xs[None, None, :, :], (ph, sn, pw, sn))
        img = jnp.take(ff, b, axis=0)
        v = _bilinear_at(img, yy, xx)  # (C, ph, sn, pw, sn)
        outs.append(jnp.mean(v, axis=(2, 4)))
    out = jnp.stack(outs) if outs else jnp.zeros((0, f.shape[1], ph, pw), jnp.float32)
    return _wrap(out.astype(f.dtype))


primitive("ROIAlign", None, attrs=(("pooled_height", None, (int,)), ("pooled_width", None, (int,)),
                                   ("spatial_scale", None, (float,)), ("sample_num", 2, (int,)),
                                   ("roi_end_mode", 1, (int,))), call=_roi_align)


# ---------------------------------------------------------------------------------------
# ResizeNearestNeighborV2 (NCHW). Source pixel of output index ``i`` (scale ``in/out``; with
# ``align_corners`` ``(in-1)/(out-1)``): ``round(i*scale)`` when ``align_corners``,
# ``floor((i+0.5)*scale)`` with ``half_pixel_centers``, else ``floor(i*scale)``; clamped to
# ``in-1``. Scales are computed in float32 as MindSpore's kernels do.


def _src_index(in_size, out_size, align_corners, half_pixel_centers):
    f32 = np.float32
    if align_corners and out_size > 1:
        scale = f32(in_size - 1) / f32(out_size - 1)
    else:
        scale = f32(in_size) / f32(out_size) if out_size else f32(0)
    i = np.arange(out_size, dtype=f32)
    if half_pixel_centers:
        src = np.floor((i + f32(0.5)) * scale)
    elif align_corners:
        src = np.floor(i * scale + f32(0.5))   # roundf (values are >= 0)
    else:
        src = np.floor(i * scale)
    return np.clip(src.astype(np.int64), 0, max(in_size - 1, 0))


def _resize_nearest_nchw(name, x, size, align_corners, half_pixel_centers):
    check_is_tensor("x", x, name, form="input")
    align_corners = _bool(name, "align_corners", align_corners)
    half_pixel_centers = _bool(name, "half_pixel_centers", half_pixel_centers)
    if align_corners and half_pixel_centers:
        raise ValueError(f"For '{name}', 'align_corners' and 'half_pixel_centers' cannot both be True.")
    a = arr(x)
    if a.ndim != 4:
        raise ValueError(f"For '{name}', the dimension of 'x' must be 4 (N, C, H, W), but got {a.ndim}.")
    if a.dtype == np.bool_:
        raise TypeError(f"For '{name}', the dtype of 'x' Bool is not supported.")
    h, w = size
    if h <= 0 or w <= 0:
        raise ValueError(f"For '{name}', the size must be positive, but got {list(size)}.")
    ri = _src_index(a.shape[2], h, align_corners, half_pixel_centers)
    ci = _src_index(a.shape[3], w, align_corners, half_pixel_centers)
    return _wrap(a[:, :, ri][:, :, :, ci])


def _resize_nn_v2(x, size, align_corners=False, half_pixel_centers=False):
    name = "ResizeNearestNeighborV2"
    check_is_tensor("size", size, name, form="a")
    s = np.asarray(size.asnumpy())
    if s.dtype != np.int32:
        raise TypeError(f"For '{name}', the dtype of 'size' must be int32, but got {mstype.from_numpy_dtype(s.dtype)}.")
    if s.shape != (2,):
        raise ValueError(f"For '{name}', the shape of 'size' must be (2,), but got {s.shape}.")
    return _resize_nearest_nchw(name, x, tuple(int(v) for v in s), align_corners, half_pixel_centers)


primitive("ResizeNearestNeighborV2", _resize_nn_v2, attrs=(("align_corners", False), ("half_pixel_centers", False)),
          call=lambda p, x, size: _resize_nn_v2(x, size, p.align_corners, p.half_pixel_centers))


# --- grid_sample -----------------------------------------------------------------------------
def _grid_coords(coord, size, align_corners, padding_mode):
    """Pixel coordinates of normalized ``coord`` in [-1, 1] along an axis of ``size`` pixels."""
    x = (coord + 1) / 2 * (size - 1) if align_corners else ((coord + 1) * size - 1) / 2
    if padding_mode == "border":
        x = jnp.clip(x, 0, size - 1)
    elif padding_mode == "reflection":
        lo, span = (0.0, size - 1.0) if align_corners else (-0.5, float(size))
        if span <= 0:
            x = jnp.zeros_like(x)
        else:
            t = jnp.abs(x - lo) % (2 * span)
            x = lo + jnp.where(t > span, 2 * span - t, t)
            x = jnp.clip(x, 0, size - 1)
    return x


@op("grid_sample")
def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """Sample the (N, C, H, W) or (N, C, D, H, W) ``input`` at the normalized (x, y[, z])
    locations of ``grid`` ((N, Ho, Wo, 2) or (N, Do, Ho, Wo, 3)): 'bilinear' (trilinear for 5-D)
    or 'nearest'; outside the input 'zeros', 'border' or 'reflection' padding."""
    check_is_tensor("input", input, "grid_sample")
    check_is_tensor("grid", grid, "grid_sample")
    if align_corners is not None and not isinstance(align_corners, bool):
        raise TypeError(f"For 'grid_sample', 'align_corners' must be bool, but got "
                        f"{type(align_corners).__name__}.")
    if mode not in ("bilinear", "nearest"):
        raise ValueError(f"For 'grid_sample', 'mode' must be 'bilinear' or 'nearest', but got '{mode}'.")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError(f"For 'grid_sample', 'padding_mode' must be 'zeros', 'border' or 'reflection', "
                         f"but got '{padding_mode}'.")
    x = arr(input)
    g = arr(grid).astype(x.dtype)
    nd = x.ndim - 2
    if x.ndim not in (4, 5) or g.ndim != x.ndim or g.shape[-1] != nd or g.shape[0] != x.shape[0]:
        raise ValueError(f"For 'grid_sample', 'input' must be (N, C, H, W) with 'grid' (N, H_out, W_out, 2), or "
                         f"(N, C, D, H, W) with (N, D_out, H_out, W_out, 3), but got {tuple(x.shape)} and "
                         f"{tuple(g.shape)}.")
    spatial = x.shape[2:]
    align = bool(align_corners)
    # grid's last axis is (x, y[, z]): the spatial axes from the last
    coords = [_grid_coords(g[..., nd - 1 - k], spatial[k], align, padding_mode) for k in range(nd)]
    n = x.shape[0]
    batch = jnp.arange(n).reshape((n,) + (1,) * nd)

    def tap(index):
        valid = functools.reduce(jnp.logical_and, [(i >= 0) & (i <= s - 1) for i, s in zip(index, spatial)])
        clipped = [jnp.clip(i, 0, s - 1).astype(jnp.int32) for i, s in zip(index, spatial)]
        vals = x[(batch, slice(None), *clipped)]            # (N, *out, C)
        return jnp.where(valid[..., None], vals, 0)

    if mode == "nearest":
        out = tap([jnp.round(c) for c in coords])
    else:
        low = [jnp.floor(c) for c in coords]
        frac = [(c - f)[..., None] for c, f in zip(coords, low)]
        out = 0
        for corner in itertools.product((0, 1), repeat=nd):
            weight = functools.reduce(lambda a, b: a * b, [f if k else 1 - f for f, k in zip(frac, corner)])
            out = out + tap([f + k for f, k in zip(low, corner)]) * weight
    return _wrap(jnp.moveaxis(out, -1, 1).astype(x.dtype))


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
