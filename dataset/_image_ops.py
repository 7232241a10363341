"""Numpy image kernels behind ``mscompat.dataset.vision``: OpenCV-compatible resize and affine
warp (MindSpore's CPU image ops are OpenCV calls), padding, colour conversion.

Images are HWC (or HW) numpy arrays. Resampling is written as separable weight matrices
(resize) or per-pixel source coordinates quantized the way OpenCV's fixed-point code does
(warp), so results match OpenCV to within one grey level.
"""
import functools

import numpy as np
from PIL import Image

NEAREST, ANTIALIAS, LINEAR, CUBIC, AREA, PILCUBIC = 0, 1, 2, 3, 4, 5

_CV_DTYPES = (np.uint8, np.int8, np.uint16, np.int16, np.int32, np.float32, np.float64, np.bool_)
_RESIZE_DTYPES = (np.uint8, np.uint16, np.int16, np.float32, np.float64, np.bool_)


def _round_cast(a, dtype):
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return np.clip(np.rint(a), info.min, info.max).astype(dtype)
    return a.astype(dtype)


@functools.lru_cache(maxsize=256)
def _linear_weights(n_src, n_dst, area_mode=False):
    """(n_dst, n_src) weights of OpenCV's INTER_LINEAR (or INTER_AREA when upscaling)."""
    scale = n_src / n_dst
    d = np.arange(n_dst, dtype=np.float64)
    if area_mode:
        sx = np.floor(d * scale)
        fx = (d + 1) - (sx + 1) / scale
        fx = np.where(fx <= 0, 0.0, fx - np.floor(fx))
    else:
        f = (d + 0.5) * scale - 0.5
        sx = np.floor(f)
        fx = f - sx
    low = sx < 0
    sx, fx = np.where(low, 0, sx), np.where(low, 0.0, fx)
    high = sx >= n_src - 1
    sx, fx = np.where(high, n_src - 1, sx).astype(np.int64), np.where(high, 0.0, fx)
    return np.stack([sx, np.minimum(sx + 1, n_src - 1)], 1), np.stack([1.0 - fx, fx], 1)


@functools.lru_cache(maxsize=256)
def _cubic_weights(n_src, n_dst):
    a = -0.75
    scale = n_src / n_dst
    f = (np.arange(n_dst, dtype=np.float64) + 0.5) * scale - 0.5
    sx = np.floor(f)
    x = f - sx
    c0 = ((a * (x + 1) - 5 * a) * (x + 1) + 8 * a) * (x + 1) - 4 * a
    c1 = ((a + 2) * x - (a + 3)) * x * x + 1
    c2 = ((a + 2) * (1 - x) - (a + 3)) * (1 - x) * (1 - x) + 1
    c3 = 1.0 - c0 - c1 - c2
    idx = np.clip(sx.astype(np.int64)[:, None] + np.arange(-1, 3), 0, n_src - 1)
    return idx, np.stack([c0, c1, c2, c3], 1)


@functools.lru_cache(maxsize=256)
def _area_weights(n_src, n_dst):
    scale = n_src / n_dst
    w = np.zeros((n_dst, n_src), np.float64)
    for d in range(n_dst):
        fs1 = d * scale
        fs2 = fs1 + scale
        cell = min(scale, n_src - fs1)
        s1 = int(np.ceil(fs1))
        s2 = int(np.floor(fs2))
        s2 = min(s2, n_src - 1)
        s1 = min(s1, s2)
        if s1 - fs1 > 1e-3:
            w[d, s1 - 1] += (s1 - fs1) / cell
        w[d, s1:s2] += 1.0 / cell
        if fs2 - s2 > 1e-3:
            w[d, s2] += min(min(fs2 - s2, 1.0), cell) / cell
    k = max(int((w != 0).sum(axis=1).max()), 1)
    idx = np.argsort(w == 0, axis=1, kind="stable")[:, :k]
    return idx, np.take_along_axis(w, idx, axis=1)


@functools.lru_cache(maxsize=256)
def _nearest_index(n_src, n_dst):
    scale = n_src / n_dst
    return np.minimum(np.floor(np.arange(n_dst) * scale).astype(np.int64), n_src - 1)


_CV2 = []


def _opencv():
    """OpenCV (``cv2``) if installed, else None. MindSpore's image kernels are OpenCV's; where mscompat
    calls it, results are exact (the numpy kernels here match them within one grey level)."""
    if not _CV2:
        try:
            import cv2  # deferred: OpenCV adds ~60 ms to `import mscompat`; only these kernels use it
            cv2.setNumThreads(0)  # no OpenCV thread pool: the pipeline's workers parallelize, and may fork
        except ImportError:
            cv2 = None
        _CV2.append(cv2)
    return _CV2[0]


def resize(img, h, w, interpolation):
    """OpenCV ``cv::resize`` of an HW or HWC image to (h, w)."""
    if img.ndim > 3:  # a batch of images in the leading dimensions
        return np.stack([resize(im, h, w, interpolation) for im in img])
    if img.dtype == np.bool_:
        return resize(img.astype(np.uint8), h, w, interpolation).astype(np.bool_)
    src_h, src_w = img.shape[:2]
    if (src_h, src_w) == (h, w) and interpolation != PILCUBIC:
        return img.copy()
    if interpolation == NEAREST:
        return img[_nearest_index(src_h, h)][:, _nearest_index(src_w, w)]
    if interpolation == PILCUBIC:
        return _pil_resize(img, h, w, interpolation)
    if interpolation == LINEAR and img.dtype == np.uint8:
        cv2 = _opencv()
        if cv2 is not None and (img.ndim == 2 or img.shape[2] <= 4):  # MindSpore's kernel: exact, GIL-free
            out = cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR)
            return out if out.ndim == img.ndim else out.reshape(h, w, *img.shape[2:])
        return _resize_linear_u8(img, h, w)
    sy, sx = src_h / h, src_w / w
    if interpolation == LINEAR:
        wy, wx = _linear_weights(src_h, h), _linear_weights(src_w, w)
    elif interpolation == CUBIC:
        wy, wx = _cubic_weights(src_h, h), _cubic_weights(src_w, w)
    elif interpolation == AREA:
        if sy >= 1 and sx >= 1:
            wy, wx = _area_weights(src_h, h), _area_weights(src_w, w)
        else:
            wy, wx = _linear_weights(src_h, h, True), _linear_weights(src_w, w, True)
    else:
        raise RuntimeError(f"Resize: Invalid interpolation mode: {interpolation}")
    ft = np.float64 if img.dtype == np.float64 else np.float32
    (iy, cy), (ix, cx) = wy, wx
    cy, cx = cy.astype(ft), cx.astype(ft)
    a = img if img.ndim == 3 else img[:, :, None]
    tmp = 0
    for k in range(iy.shape[1]):   # vertical pass: (h, W, C)
        tmp = tmp + cy[:, k, None, None] * a[iy[:, k]].astype(ft)
    out = 0
    for k in range(ix.shape[1]):   # horizontal pass: (h, w, C)
        out = out + cx[None, :, k, None] * tmp[:, ix[:, k]]
    out = _round_cast(out, img.dtype)
    return out if img.ndim == 3 else out[:, :, 0]


@functools.lru_cache(maxsize=256)
def _linear_taps_f32(n_src, n_dst, channels):
    """The LINEAR taps laid out for :func:`_resize_linear_u8`: indices (2, n_dst) (tap-major, so
    each tap's gathered values are one contiguous block), float32 weights (n_dst, 2, 1, 1) for the
    vertical pass and (2, n_dst, channels) for the horizontal one (contiguous rows rather than
    inner loops of ``channels`` elements)."""
    idx, wgt = _linear_weights(n_src, n_dst)
    wgt = wgt.astype(np.float32)
    return (idx, np.ascontiguousarray(idx.T), wgt[:, :, None, None],
            np.ascontiguousarray(np.repeat(wgt.T[:, :, None], channels, axis=2)))


def _resize_linear_u8(img, h, w):
    """The LINEAR branch of :func:`resize` for uint8, in fewer numpy calls: the same float32
    products and sums in the same order (all terms are >= 0, so starting the sums from the first
    product instead of 0 changes nothing), hence the same bytes.  No value can leave [0, 255.5)
    (the weights of each tap pair sum to 1 within float32 rounding), so the clip to [0, 255] is a
    no-op and is left out."""
    a = img if img.ndim == 3 else img[:, :, None]
    c = a.shape[2]
    iy, _, cy, _ = _linear_taps_f32(a.shape[0], h, c)
    _, ix, _, cx = _linear_taps_f32(a.shape[1], w, c)
    tmp = np.multiply(a.take(iy, axis=0), cy, dtype=np.float32)   # (h, 2, W, C): both vertical taps
    tmp = np.add(tmp[:, 0], tmp[:, 1])
    out = np.multiply(tmp.take(ix, axis=1), cx)                    # (h, 2, w, C): both horizontal taps
    out = np.add(out[:, 0], out[:, 1])
    np.rint(out, out=out)
    out = out.astype(np.uint8)
    return out if img.ndim == 3 else out[:, :, 0]


def _pil_resize(img, h, w, interpolation):
    if img.ndim != 3 or img.shape[2] != 3:
        raise RuntimeError(f"Resize: Interpolation mode PILCUBIC only supports image with 3 channels, but got: "
                           f"{img.shape}")
    resample = Image.Resampling.BICUBIC
    if img.dtype == np.uint8:
        return np.asarray(Image.fromarray(np.ascontiguousarray(img), "RGB").resize((w, h), resample)).copy()
    chans = [np.asarray(Image.fromarray(np.ascontiguousarray(img[:, :, c], dtype=np.float32), "F")
                        .resize((w, h), resample)) for c in range(3)]
    return _round_cast(np.stack(chans, axis=2).astype(np.float64), img.dtype)


# ---------------------------------------------------------------------------------------
# Affine warp (cv::warpAffine with BORDER_CONSTANT)


def invert_affine(m):
    m = np.asarray(m, np.float64).reshape(2, 3)
    d = m[0, 0] * m[1, 1] - m[0, 1] * m[1, 0]
    d = 1.0 / d if d != 0 else 0.0
    a11, a22 = m[1, 1] * d, m[0, 0] * d
    a12, a21 = -m[0, 1] * d, -m[1, 0] * d
    b1 = -a11 * m[0, 2] - a12 * m[1, 2]
    b2 = -a21 * m[0, 2] - a22 * m[1, 2]
    return np.array([[a11, a12, b1], [a21, a22, b2]])


def warp_affine(img, m, out_h, out_w, interpolation=NEAREST, fill=0, inverse=False):
    """``cv::warpAffine(img, m, (out_w, out_h), interpolation, BORDER_CONSTANT, fill)``;
    ``m`` maps source to destination unless ``inverse``."""
    inv = np.asarray(m, np.float64).reshape(2, 3) if inverse else invert_affine(m)
    ab = 1024
    xs = np.arange(out_w, dtype=np.float64)
    ys = np.arange(out_h, dtype=np.float64)
    adx = np.rint(inv[0, 0] * xs * ab).astype(np.int64)
    ady = np.rint(inv[1, 0] * xs * ab).astype(np.int64)
    bx = np.rint((inv[0, 1] * ys + inv[0, 2]) * ab).astype(np.int64)
    by = np.rint((inv[1, 1] * ys + inv[1, 2]) * ab).astype(np.int64)
    h, w = img.shape[:2]
    chans = img.shape[2:]
    fillv = np.broadcast_to(np.asarray(fill, np.float64).reshape(-1)[:chans[0] if chans else 1]
                            if np.ndim(fill) else np.full(chans[0] if chans else 1, fill, np.float64),
                            (chans[0] if chans else 1,))
    fill_px = fillv if chans else fillv[0]
    if interpolation == NEAREST:
        X = (bx[:, None] + adx[None, :] + ab // 2) >> 10
        Y = (by[:, None] + ady[None, :] + ab // 2) >> 10
        inside = (X >= 0) & (X < w) & (Y >= 0) & (Y < h)
        out = img[np.clip(Y, 0, h - 1), np.clip(X, 0, w - 1)].astype(np.float64)
        out[~inside] = fill_px
        return _round_cast(out, img.dtype)
    # bilinear / bicubic with coordinates quantized to 1/32 pixel
    X = (bx[:, None] + adx[None, :] + 16) >> 5
    Y = (by[:, None] + ady[None, :] + 16) >> 5
    ix, fx = X >> 5, (X & 31) / 32.0
    iy, fy = Y >> 5, (Y & 31) / 32.0
    src = img.astype(np.float64)
    if interpolation == CUBIC:
        a = -0.75

        def coeffs(t):
            c0 = ((a * (t + 1) - 5 * a) * (t + 1) + 8 * a) * (t + 1) - 4 * a
            c1 = ((a + 2) * t - (a + 3)) * t * t + 1
            c2 = ((a + 2) * (1 - t) - (a + 3)) * (1 - t) * (1 - t) + 1
            return [c0, c1, c2, 1 - c0 - c1 - c2]
        taps, cx, cy = range(-1, 3), coeffs(fx), coeffs(fy)
    else:
        taps, cx, cy = range(0, 2), [1 - fx, fx], [1 - fy, fy]
    out = 0.0
    for j, wy_ in zip(taps, cy):
        for i, wx_ in zip(taps, cx):
            yy, xx = iy + j, ix + i
            ok = (xx >= 0) & (xx < w) & (yy >= 0) & (yy < h)
            px = src[np.clip(yy, 0, h - 1), np.clip(xx, 0, w - 1)]
            px[~ok] = fill_px
            wgt = wy_ * wx_
            out = out + (px * wgt[..., None] if chans else px * wgt)
    return _round_cast(out, img.dtype)


def rotation_matrix(cx, cy, degrees):
    """``cv::getRotationMatrix2D((cx, cy), degrees, 1.0)`` (counter-clockwise)."""
    r = np.deg2rad(degrees)
    al, be = np.cos(r), np.sin(r)
    return np.array([[al, be, (1 - al) * cx - be * cy], [-be, al, be * cx + (1 - al) * cy]])


# ---------------------------------------------------------------------------------------
# Padding and colour


_NP_PAD_MODE = {"constant": "constant", "edge": "edge", "reflect": "reflect", "symmetric": "symmetric"}


def pad(img, top, bottom, left, right, mode="constant", fill=0):
    widths = [(top, bottom), (left, right)] + [(0, 0)] * (img.ndim - 2)
    if mode != "constant":
        return np.pad(img, widths, mode=_NP_PAD_MODE[mode])
    out = np.empty((img.shape[0] + top + bottom, img.shape[1] + left + right) + img.shape[2:], img.dtype)
    if np.ndim(fill) and img.ndim == 3:
        f = np.asarray(fill)
        out[...] = _round_cast(np.resize(f, img.shape[2]).astype(np.float64), img.dtype)
    else:
        out[...] = np.asarray(fill if not np.ndim(fill) else np.asarray(fill).reshape(-1)[0]).astype(img.dtype)
    out[top:top + img.shape[0], left:left + img.shape[1]] = img
    return out


def rgb_to_gray(img):
    """OpenCV RGB2GRAY (15-bit fixed-point weights for uint8)."""
    r, g, b = (img[..., i].astype(np.float64) for i in range(3))
    if img.dtype == np.uint8:
        return ((img[..., 0].astype(np.int32) * 9798 + img[..., 1].astype(np.int32) * 19235
                 + img[..., 2].astype(np.int32) * 3735 + (1 << 14)) >> 15).astype(np.uint8)
    return (0.299 * r + 0.587 * g + 0.114 * b).astype(img.dtype)
