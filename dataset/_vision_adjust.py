"""Deterministic colour adjustments of ``mscompat.dataset.vision`` (the kernels AutoAugment and
RandAugment use): Invert, Equalize, Posterize, Solarize, AdjustBrightness/Contrast/Saturation/Sharpness."""
import numpy as np

from . import _augment as A
from ._vision_common import FLOAT_MAX_INTEGER, _image
from .transforms import _Transform, _check_range, _check_type, _op_error

__all__ = ["Invert", "Equalize", "Posterize", "Solarize", "AdjustBrightness", "AdjustContrast", "AdjustSaturation",
           "AdjustSharpness"]


def _rgb(op, img):
    _image(op, img)
    if img.ndim != 3 or img.shape[2] != 3:
        raise _op_error(op, f"image shape is not <H,W,C> or channel is not 3, got shape {img.shape}")
    return img


def _u8(op, img):
    if img.dtype != np.uint8:
        raise _op_error(op, "the data type of image tensor does not match the requirement of operator. "
                        f"Expecting tensor in type of (uint8). But got type {img.dtype}.")
    return img


class Invert(_Transform):
    """``255 - img`` for RGB images."""

    def _apply(self, img):
        _rgb("Invert", img)
        return (255 - img).astype(img.dtype)


class Equalize(_Transform):
    """Per-channel histogram equalization (``cv::equalizeHist``) of a uint8 image."""

    def _apply(self, img):
        _image("Equalize", img)
        _u8("Equalize", img)
        return A.equalize(img)


class Posterize(_Transform):
    """Keep the top ``bits`` bits of every uint8 pixel."""

    def __init__(self, bits):
        _check_type(bits, int, "bits")
        _check_range(bits, 0, 8, "bits")
        self.bits = bits

    def _apply(self, img):
        _image("Posterize", img)
        _u8("Posterize", img)
        return (img & np.uint8((0xFF << (8 - self.bits)) & 0xFF)).astype(np.uint8)


class Solarize(_Transform):
    """Invert pixels >= ``threshold`` (or inside a ``(min, max)`` range)."""

    def __init__(self, threshold):
        _check_type(threshold, (float, int, list, tuple), "threshold")
        th = (threshold, threshold) if isinstance(threshold, (int, float)) else tuple(threshold)
        for v in th:
            _check_type(v, (float, int), "threshold")
        if len(th) != 2:
            raise TypeError("threshold must be a single number or sequence of two numbers.")
        for i, v in enumerate(th):
            _check_range(v, 0, 255, f"threshold[{i}]")
        if th[1] < th[0]:
            raise ValueError("threshold must be in order of (min, max).")
        self.threshold = th

    def _apply(self, img):
        _image("Solarize", img)
        lo, hi = self.threshold
        sel = (img >= lo) if lo == hi else ((img >= lo) & (img <= hi))
        return np.where(sel, 255 - img, img).astype(img.dtype)


class _Adjust(_Transform):
    _NAME = ""
    _ARG = ""
    _OP = ""

    def __init__(self, factor):
        _check_type(factor, (float, int), self._ARG)
        _check_range(factor, 0, FLOAT_MAX_INTEGER, self._ARG)
        self.factor = float(factor)

    def _apply(self, img):
        _rgb(self._NAME, img)
        return A._apply_op(img, self._OP, self.factor - 1.0, 0, 0)


class AdjustBrightness(_Adjust):
    """Blend with black: ``img * brightness_factor``."""
    _NAME, _ARG, _OP = "AdjustBrightness", "brightness_factor", "Brightness"

    def __init__(self, brightness_factor):
        super().__init__(brightness_factor)

    def _apply(self, img):
        _image(self._NAME, img)
        return A._blend(img, 0.0, self.factor)


class AdjustContrast(_Adjust):
    """Blend with the mean grey level."""
    _NAME, _ARG, _OP = "AdjustContrast", "contrast_factor", "Contrast"

    def __init__(self, contrast_factor):
        super().__init__(contrast_factor)


class AdjustSaturation(_Adjust):
    """Blend with the greyscale image."""
    _NAME, _ARG, _OP = "AdjustSaturation", "saturation_factor", "Color"

    def __init__(self, saturation_factor):
        super().__init__(saturation_factor)


class AdjustSharpness(_Adjust):
    """Blend with a 3x3 smoothed image (border pixels kept)."""
    _NAME, _ARG, _OP = "AdjustSharpness", "sharpness_factor", "Sharpness"

    def __init__(self, sharpness_factor):
        super().__init__(sharpness_factor)
