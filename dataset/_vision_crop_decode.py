"""``RandomCropDecodeResize`` of ``mscompat.dataset.vision``: decode an encoded image (1-D uint8 array),
crop a random area / aspect-ratio window and resize it, like MindSpore's RandomCropDecodeResize."""
import functools
import math
import struct

import numpy as np

from . import _image_ops as K
from ._arg_checks import check_value, type_check
from ._vision_common import FLOAT_MAX_INTEGER, Inter
from ._vision_decode import Decode
from .transforms import INT32_MAX, _rng

__all__ = ["RandomCropDecodeResize"]


def _check_args(size, scale, ratio, interpolation, max_attempts):
    if interpolation is not None:
        type_check(interpolation, (Inter,), "interpolation")
    type_check(size, (int, list, tuple), "size")
    if isinstance(size, int):
        check_value(size, (1, FLOAT_MAX_INTEGER))
    elif len(size) == 2:
        for i, v in enumerate(size):
            type_check(v, (int,), f"size[{i}]")
            check_value(v, (1, FLOAT_MAX_INTEGER))
    else:
        raise TypeError("Size should be a single integer or a list/tuple (h, w) of length 2.")
    if scale is not None:
        type_check(scale, (tuple, list), "scale")
        if len(scale) != 2:
            raise TypeError("scale should be a list/tuple of length 2.")
        for i, v in enumerate(scale):
            type_check(v, (float, int), f"scale[{i}]")
        if scale[0] > scale[1]:
            raise ValueError("scale should be in (min,max) format. Got (max,min).")
        if not 0 <= scale[0] <= scale[1] <= FLOAT_MAX_INTEGER:
            raise ValueError(f"Input is not within the required interval of [0, {FLOAT_MAX_INTEGER}].")
        if scale[1] <= 0:
            raise ValueError("Input scale[1] must be greater than 0.")
    if ratio is not None:
        type_check(ratio, (tuple, list), "ratio")
        if len(ratio) != 2:
            raise TypeError("ratio should be a list/tuple of length 2.")
        for i in range(2):
            type_check(ratio[i], (float, int), f"ratio[{i}]")
            check_value(ratio[i], (0, FLOAT_MAX_INTEGER), f"ratio[{i}]", left_open=True)
        if ratio[0] > ratio[1]:
            raise ValueError("ratio should be in (min,max) format. Got (max,min).")
    if max_attempts is not None:
        type_check(max_attempts, (int,), "max_attempts")
        check_value(max_attempts, (1, INT32_MAX), "max_attempts")


_F32, _F32X2 = struct.Struct("f"), struct.Struct("ff")


def _f32(x):
    """(x rounded to float32,): a float32 round trip, quicker than numpy scalars."""
    return _F32.unpack(_F32.pack(x))


def _round(x):
    """C's ``round``: halves away from zero."""
    return int(math.floor(x + 0.5)) if x >= 0 else -int(math.floor(-x + 0.5))


@functools.lru_cache(maxsize=64)
def _box_bounds(scale, ratio):
    """The float32 bounds of the draws: scale (lo, hi), aspect ratio (lo, hi), log aspect ratio (lo, hi)."""
    (s_lo,), (s_hi,), (a_lb,), (a_ub,) = (_f32(float(v)) for v in (*scale, *ratio))
    return s_lo, s_hi, a_lb, a_ub, _f32(math.log(a_lb))[0], _f32(math.log(a_ub))[0]


def crop_box(h, w, scale, ratio, max_attempts):
    """MindSpore's random crop window (top, left, height, width): ``max_attempts`` draws of an area
    fraction (float32, uniform in ``scale``) and an aspect ratio (float32, log-uniform in ``ratio``);
    the width comes from the area, the height from the rounded width; the first window that fits
    wins (its left edge drawn before its top), else a centred window clamped to ``ratio`` (offsets
    rounded half away from zero). ``scale`` and ``ratio`` are tuples."""
    r = _rng()
    s_lo, s_hi, a_lb, a_ub, l_lo, l_hi = _box_bounds(scale, ratio)
    uniform, exp, sqrt, pack2, unpack2, pack, unpack = (r.uniform, math.exp, math.sqrt, _F32X2.pack, _F32X2.unpack,
                                                        _F32.pack, _F32.unpack)
    area = h * w
    for _ in range(max_attempts):
        # the two draws in order, each rounded to float32; a float32 exp (correctly rounded)
        sample_scale, log_aspect = unpack2(pack2(uniform(s_lo, s_hi), uniform(l_lo, l_hi)))
        sample_aspect = unpack(pack(exp(log_aspect)))[0]
        # C's round of a positive value (halves away from zero), at least 1
        cw = int(sqrt(area * sample_scale * sample_aspect) + 0.5) or 1
        ch = int(cw / sample_aspect + 0.5) or 1
        if cw <= w and ch <= h:
            left = r.randint(0, w - cw)
            top = r.randint(0, h - ch)
            return top, left, ch, cw
    img_aspect = w / h
    if img_aspect < a_lb:
        cw, ch = w, _round(w / a_lb)
    elif img_aspect > a_ub:
        ch, cw = h, _round(h * a_ub)
    else:
        cw, ch = w, h
    cw, ch = max(cw, 1), max(ch, 1)
    return _round((h - ch) / 2.0), _round((w - cw) / 2.0), ch, cw


_RESIZE_MODES = (Inter.NEAREST, Inter.LINEAR, Inter.CUBIC, Inter.AREA, Inter.PILCUBIC)


class RandomCropDecodeResize:
    """Decode (JPEG/PNG/BMP/... via Pillow, RGB), crop a random window (see :func:`crop_box`) and resize
    it to ``size`` with ``interpolation``. The input must be the encoded bytes as a 1-D uint8 array."""

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.), interpolation=Inter.BILINEAR,
                 max_attempts=10):
        _check_args(size, scale, ratio, interpolation, max_attempts)
        self.size = (size, size) if isinstance(size, int) else size
        self.scale, self.ratio = scale, ratio
        self.interpolation = interpolation
        self.max_attempts = max_attempts

    def __call__(self, img):
        if not isinstance(img, np.ndarray):
            raise TypeError(f"Input should be an encoded image in 1-D NumPy format, got {type(img)}.")
        if img.ndim != 1 or img.dtype.type is not np.uint8:
            raise TypeError("Input should be an encoded image with uint8 type in 1-D NumPy format, "
                            f"got format:{type(img)}, dtype:{img.dtype.type}.")
        if self.interpolation not in _RESIZE_MODES:
            raise RuntimeError("Unsupported interpolation, only support NEAREST, LINEAR, CUBIC, AREA and PILCUBIC.")
        for name in ("scale", "ratio", "max_attempts"):
            if getattr(self, name) is None:
                raise TypeError(f"RandomCropDecodeResize: {name} can not be None.")
        decoded = Decode()(img)
        h, w = decoded.shape[:2]
        top, left, ch, cw = crop_box(h, w, tuple(self.scale), tuple(self.ratio), self.max_attempts)
        crop = np.ascontiguousarray(decoded[top:top + ch, left:left + cw])
        return K.resize(crop, self.size[0], self.size[1], int(self.interpolation))
