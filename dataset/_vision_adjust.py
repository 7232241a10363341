"""Deterministic colour adjustments of ``mscompat.dataset.vision`` (the kernels AutoAugment and
RandAugment use, see ``_augment``): Invert, Equalize, Posterize, Solarize,
AdjustBrightness/Contrast/Saturation/Sharpness. The dtypes, ranks and channel counts each one accepts
are MindSpore's (others raise ``RuntimeError``)."""
import numpy as np

from . import _augment as A
from ._vision_common import FLOAT_MAX_INTEGER, _image
from .transforms import _Transform, _check_range, _check_type, _op_error

__all__ = ["Invert", "Equalize", "Posterize", "Solarize", "AdjustBrightness", "AdjustContrast", "AdjustSaturation",
           "AdjustSharpness"]

# dtypes MindSpore can hand to OpenCV (CVTensor); others fail before any kernel runs
_CV_TYPES = (np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.float16, np.float32, np.float64)


def _dtypes(op, img, allowed):
    if img.dtype.type not in allowed:
        raise _op_error(op, "the data type of image tensor does not match the requirement of operator. "
                        f"Expecting tensor in type of {tuple(np.dtype(t).name for t in allowed)}. "
                        f"But got type {img.dtype}.")
    return img


def _rgb(op, img, dtypes=_CV_TYPES):
    _image(op, img)
    if img.ndim != 3 or img.shape[2] != 3:
        raise _op_error(op, f"image shape is not <H,W,C> or channel is not 3, got shape {img.shape}")
    return _dtypes(op, img, dtypes)


def _hw_or_channels(op, img, channels, dtypes):
    _image(op, img)
    if img.ndim == 3 and img.shape[2] not in channels:
        raise _op_error(op, f"channel of input image should be {' or '.join(map(str, channels))}, but got: "
                        f"{img.shape[2]}")
    return _dtypes(op, img, dtypes)


class Invert(_Transform):
    """``255 - img`` (saturated to the dtype) for RGB images."""

    def _apply(self, img):
        _rgb("Invert", img, tuple(t for t in _CV_TYPES if t is not np.float16))
        return A.invert(img)


class Equalize(_Transform):
    """Per-channel histogram equalization (``cv::equalizeHist``) of a uint8 (or bool) HW / HWC image
    with 1 or 3 channels; uint8 out."""

    def _apply(self, img):
        _hw_or_channels("Equalize", img, (1, 3), (np.uint8, np.bool_))
        return A.equalize(img)


class Posterize(_Transform):
    """Keep the top ``bits`` bits of every pixel: uint8 images (int8 and bool ones are read as bytes);
    uint8 out."""

    def __init__(self, bits):
        _check_type(bits, int, "bits")
        _check_range(bits, 0, 8, "bits")
        self.bits = bits

    def _apply(self, img):
        _image("Posterize", img)
        _dtypes("Posterize", img, (np.uint8, np.int8, np.bool_))
        return A.posterize(img, self.bits)


class Solarize(_Transform):
    """Invert (``255 - x``, saturated to the dtype) pixels >= ``threshold`` (or inside a ``(min, max)``
    range); HW or HWC images with 1 or 3 channels."""

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
        _hw_or_channels("Solarize", img, (1, 3), tuple(t for t in _CV_TYPES if t is not np.float16))
        lo, hi = self.threshold
        return A.solarize(img, lo, hi)


class _Adjust(_Transform):
    _NAME = ""
    _ARG = ""
    _DTYPES = (np.uint8, np.uint16, np.float32)

    def __init__(self, factor):
        _check_type(factor, (float, int), self._ARG)
        _check_range(factor, 0, FLOAT_MAX_INTEGER, self._ARG)
        self.factor = float(factor)

    def _apply(self, img):
        self._check(img)
        return self._kernel(img, self.factor)

    def _check(self, img):
        _rgb(self._NAME, img, self._DTYPES)


class AdjustBrightness(_Adjust):
    """``img * brightness_factor`` (saturated to the dtype)."""
    _NAME, _ARG, _DTYPES = "AdjustBrightness", "brightness_factor", _CV_TYPES

    def __init__(self, brightness_factor):
        super().__init__(brightness_factor)

    def _check(self, img):  # HW, or HWC with 1 or 3 channels
        _hw_or_channels(self._NAME, img, (1, 3), self._DTYPES)

    def _kernel(self, img, factor):
        if img.dtype == np.float16 and np.float32(factor) == 1:  # OpenCV's plain copy has no float16
            raise _op_error(self._NAME, "unsupported data type float16.")
        return A.brightness(img, factor)


class AdjustContrast(_Adjust):
    """Blend with the mean grey level."""
    _NAME, _ARG = "AdjustContrast", "contrast_factor"
    _kernel = staticmethod(A.contrast)

    def __init__(self, contrast_factor):
        super().__init__(contrast_factor)


class AdjustSaturation(_Adjust):
    """Blend with the greyscale image."""
    _NAME, _ARG = "AdjustSaturation", "saturation_factor"
    _kernel = staticmethod(A.saturation)

    def __init__(self, saturation_factor):
        super().__init__(saturation_factor)


class AdjustSharpness(_Adjust):
    """Blend with a 3x3 smoothed image (border pixels kept); bool images give uint8."""
    _NAME, _ARG = "AdjustSharpness", "sharpness_factor"
    _DTYPES = (np.uint8, np.uint16, np.int16, np.float32, np.float64, np.bool_)
    _kernel = staticmethod(A.sharpness)

    def _check(self, img):  # HW or HWC with any number of channels
        _hw_or_channels(self._NAME, img, range(1 << 30), self._DTYPES)

    def __init__(self, sharpness_factor):
        super().__init__(sharpness_factor)
