"""Tone transforms of ``mscompat.dataset.vision``: AutoContrast and the random colour transforms
(RandomAutoContrast, RandomColor, RandomPosterize, RandomSolarize, RandomEqualize, RandomInvert,
RandomAdjustSharpness, RandomGrayscale, RandomLighting).

Eager calls take a numpy HWC/HW array (or a PIL image: transforms MindSpore runs in Python on PIL
images return a PIL image, the others run on ``np.asarray(img)``). Kernels follow MindSpore's
OpenCV ones: integer results are rounded and saturated to the input dtype, float32 arithmetic where
OpenCV uses it, and the dtypes/shapes each kernel rejects raise ``RuntimeError``.
"""
import numpy as np
from PIL import ImageOps
from PIL import ImageEnhance
from PIL import Image

from ._augment import (_add_weighted, _u8, auto_contrast as _auto_contrast, equalize as _equalize,
                       gray as _gray, invert as _invert, posterize as _posterize, sharpness as _sharpness,
                       solarize as _solarize)
from ._arg_checks import check_value, type_check
from ._vision_common import FLOAT_MAX_INTEGER
from .transforms import _Transform, _is_pil, _op_error, _rng

__all__ = ["AutoContrast", "RandomAutoContrast", "RandomColor", "RandomPosterize", "RandomSolarize",
           "RandomEqualize", "RandomInvert", "RandomAdjustSharpness", "RandomGrayscale", "RandomLighting"]

# dtypes MindSpore can hand to OpenCV (CVTensor); others fail before any kernel runs
_CV_TYPES = (np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.float16, np.float32, np.float64)


# ---------------------------------------------------------------------------------------
# Argument checks (MindSpore's validator messages)


def _check_prob(prob):
    type_check(prob, (float, int), "prob")
    check_value(prob, (0., 1.), "prob")
    return prob


def _check_cutoff_ignore(cutoff, ignore):
    type_check(cutoff, (int, float), "cutoff")
    check_value(cutoff, (0, 50), "cutoff", right_open=True)
    if ignore is not None:
        type_check(ignore, (list, tuple, int), "ignore")
    if isinstance(ignore, int):
        check_value(ignore, (0, 255), "ignore")
    if isinstance(ignore, (list, tuple)):
        for item in ignore:
            type_check(item, (int,), "item")
            check_value(item, (0, 255), "ignore")
    if ignore is None:
        return []
    return [ignore] if isinstance(ignore, int) else ignore


def _check_non_negative_float32(value, name):
    type_check(value, (float, int), name)
    check_value(value, (0, FLOAT_MAX_INTEGER), name)


# ---------------------------------------------------------------------------------------
# Image checks


class _ImageOp(_Transform):
    """One image in, one out: numpy arrays and PIL images only (MindSpore's ImageTensorOperation)."""

    def __call__(self, img):
        if _is_pil(img):
            if self._pil is not None:
                return self._pil(img)
            img = np.asarray(img)
        elif not isinstance(img, np.ndarray):
            raise TypeError(f"Input should be NumPy or PIL image, got {type(img)}.")
        return self._apply(img)


def _cv(op, img):
    if img.dtype.type not in _CV_TYPES:
        raise _op_error(op, f"Cannot convert [{img.dtype}] to OpenCV type. Currently unsupported data type: "
                        "[uint32, int64, uint64, string]")
    return img


def _rank23(op, img):
    if img.ndim not in (2, 3):
        raise _op_error(op, f"image shape is not <H,W,C> or <H,W>, got rank: {img.ndim}")
    return img


def _channels(op, img, allowed, rank2=True):
    """rank 3 with a channel count in ``allowed`` (or rank 2 when ``rank2``)."""
    if img.ndim == 2 and rank2:
        return img
    if img.ndim != 3 or img.shape[2] not in allowed:
        raise _op_error(op, f"image shape is not <H,W,C> or channel is not {' or '.join(map(str, allowed))}, "
                        f"got shape {img.shape}")
    return img


def _dtypes(op, img, allowed):
    if img.dtype.type not in allowed:
        raise _op_error(op, f"the data type of image tensor does not match the requirement of operator. "
                        f"Expecting tensor in type of {tuple(np.dtype(t).name for t in allowed)}. "
                        f"But got type {img.dtype}.")
    return img


# ---------------------------------------------------------------------------------------
# Kernels (the shared ones are in ``_augment``)


def _color(img, t):
    """RandomColor's kernel: blend with the greyscale image by factor ``t`` (float32)."""
    eps = 0.00195
    if abs(float(t) - 1.0) < eps:
        return img.copy()
    src = _u8(img)
    gray3 = np.repeat(_gray(src)[:, :, None], 3, axis=2)
    if abs(float(t)) < eps:
        return gray3
    return _add_weighted(src, t, gray3, np.float32(1.0) - np.float32(t))


# PCA eigenvectors scaled by eigenvalues (AlexNet lighting noise); the C++ kernel holds them as float32
_EIG64 = np.array([[55.46 * -0.5675, 4.794 * 0.7192, 1.148 * 0.4009],
                   [55.46 * -0.5808, 4.794 * -0.0045, 1.148 * -0.8140],
                   [55.46 * -0.5836, 4.794 * -0.6948, 1.148 * 0.4203]])
_EIG = _EIG64.astype(np.float32)


def _lighting(img, rnd):
    """RandomLighting's kernel: add the PCA offset to every pixel, read as three bytes of each row's
    first ``3 * W`` bytes (exact for uint8; other dtypes are treated as bytes like MindSpore does)."""
    h, w = img.shape[:2]
    pca = np.zeros(3, np.float32)
    for i in range(3):
        pca[i] = _EIG[i, 0] * rnd[0] + _EIG[i, 1] * rnd[1] + _EIG[i, 2] * rnd[2]
    out = np.ascontiguousarray(img).copy()
    rows = out.view(np.uint8).reshape(h, -1)
    px = rows[:, :w * 3].reshape(h, w, 3).astype(np.float32) + pca
    rows[:, :w * 3] = np.clip(np.rint(px), 0, 255).astype(np.uint8).reshape(h, w * 3)
    return out


# ---------------------------------------------------------------------------------------
# Transforms


class AutoContrast(_ImageOp):
    """Stretch each channel's histogram to [0, 255] after cutting ``cutoff`` percent at both ends;
    pixel values in ``ignore`` are left out of the histogram. uint8 (or bool) images, HW or HWC with 1
    or 3 channels; a PIL image goes through ``PIL.ImageOps.autocontrast``."""

    def __init__(self, cutoff=0.0, ignore=None):
        self.ignore = _check_cutoff_ignore(cutoff, ignore)
        self.cutoff = cutoff
        self.random = False

    def _pil(self, img):
        return ImageOps.autocontrast(img, self.cutoff, self.ignore)

    def _apply(self, img):
        _cv("AutoContrast", img)
        _rank23("AutoContrast", img)
        _channels("AutoContrast", img, (1, 3))
        _dtypes("AutoContrast", img, (np.uint8, np.bool_))
        return _auto_contrast(img, self.cutoff, self.ignore)


class RandomAutoContrast(_ImageOp):
    """:class:`AutoContrast` with probability ``prob`` (HW or 3-channel HWC images)."""

    def __init__(self, cutoff=0.0, ignore=None, prob=0.5):
        self.ignore = _check_cutoff_ignore(cutoff, ignore)
        _check_prob(prob)
        self.cutoff, self.prob = cutoff, prob

    def _apply(self, img):
        _cv("RandomAutoContrast", img)
        _channels("RandomAutoContrast", _rank23("RandomAutoContrast", img), (3,))
        if not _rng().random() < self.prob:
            return img.copy()
        _dtypes("RandomAutoContrast", img, (np.uint8, np.bool_))
        return _auto_contrast(img, self.cutoff, self.ignore)


class RandomColor(_ImageOp):
    """Blend an RGB image with its greyscale version by a factor drawn uniformly from ``degrees``
    (0 gives grey, 1 the original). uint8 / uint16 / float32 images; PIL images use ``ImageEnhance``."""

    def __init__(self, degrees=(0.1, 1.9)):
        if degrees is not None:
            if not isinstance(degrees, (list, tuple)):
                raise TypeError("degrees must be either a tuple or a list.")
            for i, v in enumerate(degrees):
                type_check(v, (int, float), f"degrees[{i}]")
            if len(degrees) != 2:
                raise ValueError("degrees must be a sequence with length 2.")
            for v in degrees:
                check_value(v, (0, FLOAT_MAX_INTEGER))
            if degrees[0] > degrees[1]:
                raise ValueError("degrees should be in (min,max) format. Got (max,min).")
        self.degrees = degrees

    def _bounds(self):
        if self.degrees is None:
            raise TypeError("RandomColor: degrees must be a sequence of two numbers, got None.")
        return self.degrees

    def _pil(self, img):
        lo, hi = self._bounds()
        v = (hi - lo) * _rng().random() + lo
        return ImageEnhance.Color(img).enhance(v)

    def _apply(self, img):
        lo, hi = self._bounds()
        _cv("RandomColor", img)
        if img.ndim != 3 or img.shape[2] != 3:
            raise _op_error("RandomColor", "image shape is not <H,W,C> or channel is not 3.")
        _dtypes("RandomColor", img, (np.uint8, np.uint16, np.float32, np.bool_))
        t = np.float32(lo) if lo == hi else np.float32(_rng().uniform(lo, hi))
        return _color(img, t)


def _check_bits(bits):
    if bits is not None:
        type_check(bits, (list, tuple, int), "bits")
    if isinstance(bits, int):
        check_value(bits, (1, 8))
    if isinstance(bits, (list, tuple)):
        if len(bits) != 2:
            raise TypeError("Size of bits should be a single integer or a list/tuple (min, max) of length 2.")
        for item in bits:
            type_check(item, (int,), "bits")
            check_value(item, (0, 255), "bits")
        if not 1 <= bits[0] <= bits[1] <= 8:
            raise ValueError("Input is not within the required interval of [1, 8].")


class RandomPosterize(_ImageOp):
    """Keep the top ``b`` bits of every pixel, ``b`` drawn uniformly from ``bits`` ((min, max) or an int).
    uint8 images (int8 and bool ones are read as bytes); the result is uint8."""

    def __init__(self, bits=(8, 8)):
        _check_bits(bits)
        self.bits = bits

    def _apply(self, img):
        if self.bits is None:
            raise TypeError("RandomPosterize: bits must be an int or a sequence of two ints, got None.")
        lo, hi = (self.bits, self.bits) if isinstance(self.bits, int) else self.bits
        _cv("RandomPosterize", img)
        if img.ndim not in (2, 3):
            raise _op_error("RandomPosterize", "input image is not in shape of <H,W,C> or <H,W>, but got rank: "
                            f"{img.ndim}")
        if img.dtype.type not in (np.uint8, np.int8, np.bool_):
            raise _op_error("RandomPosterize", f"data type of input image should be int8 or uint8, but got "
                            f"{img.dtype}")
        return _posterize(img, lo if lo == hi else _rng().randint(lo, hi))


class RandomSolarize(_ImageOp):
    """Invert (``255 - x``, saturated to the dtype) the pixels inside a threshold range drawn from
    ``threshold``: two integers drawn uniformly from it and sorted; equal ones invert pixels >= it."""

    def __init__(self, threshold=(0, 255)):
        type_check(threshold, (tuple,), "threshold")
        for i, v in enumerate(threshold):
            type_check(v, (int,), f"threshold[{i}]")
        if len(threshold) != 2:
            raise ValueError("threshold must be a sequence of two numbers.")
        for v in threshold:
            check_value(v, (0, 255))
        if threshold[1] < threshold[0]:
            raise ValueError("threshold must be in min max format numbers.")
        self.threshold = threshold

    def _apply(self, img):
        _cv("RandomSolarize", img)
        if img.ndim not in (2, 3):
            raise _op_error("RandomSolarize", "Shape not of either <H,W,C> or <H,W> format.")
        if img.ndim == 3 and img.shape[2] not in (1, 3):
            raise _op_error("RandomSolarize", "Number of channels is not 1 or 3.")
        if img.dtype == np.float16:
            raise _op_error("RandomSolarize", "Error in SolarizeOp: unsupported data type float16.")
        a, b = self.threshold
        if a == b:
            lo = hi = a
        else:
            r = _rng()
            lo, hi = sorted((r.randint(a, b), r.randint(a, b)))
        return _solarize(img, lo, hi)


class RandomEqualize(_ImageOp):
    """Histogram-equalize each channel (uint8, HW or HWC with 1 or 3 channels) with probability ``prob``."""

    def __init__(self, prob=0.5):
        self.prob = _check_prob(prob)

    def _apply(self, img):
        _cv("RandomEqualize", img)
        _channels("RandomEqualize", _rank23("RandomEqualize", img), (1, 3))
        _dtypes("RandomEqualize", img, (np.uint8,))
        if not _rng().random() < self.prob:
            return img.copy()
        return _equalize(img)


class RandomInvert(_ImageOp):
    """``255 - img`` (saturated to the dtype) of an RGB image with probability ``prob``."""

    def __init__(self, prob=0.5):
        self.prob = _check_prob(prob)

    def _apply(self, img):
        _cv("RandomInvert", img)
        _channels("RandomInvert", img, (3,), rank2=False)
        if not _rng().random() < self.prob:
            return img.copy()
        if img.dtype == np.float16:
            raise _op_error("RandomInvert", "unsupported data type float16.")
        return _invert(img)


class RandomAdjustSharpness(_ImageOp):
    """:class:`AdjustSharpness` by ``degree`` with probability ``prob`` (HW or HWC images)."""

    def __init__(self, degree, prob=0.5):
        type_check(degree, (float, int), "degree")
        _check_non_negative_float32(degree, "degree")
        self.prob = _check_prob(prob)
        self.degree = degree

    def _apply(self, img):
        _cv("RandomAdjustSharpness", img)
        _rank23("RandomAdjustSharpness", img)
        if not _rng().random() < self.prob:
            return img.copy()
        _dtypes("RandomAdjustSharpness", img, (np.uint8, np.uint16, np.int16, np.float32, np.float64, np.bool_))
        return _sharpness(img, self.degree)


class RandomGrayscale:
    """PIL image -> greyscale with probability ``prob``; an "L" image stays 1-channel, others give a
    3-channel RGB image (MindSpore runs it in Python on PIL images only)."""

    def __init__(self, prob=0.1):
        self.prob = _check_prob(prob)

    def __call__(self, img):
        n = 1 if img.mode == "L" else 3
        if self.prob > _rng().random():
            g = img.convert("L")
            if n == 1:
                return g
            a = np.asarray(g, np.uint8)
            return Image.fromarray(np.dstack([a, a, a]), "RGB")
        return img


class RandomLighting(_ImageOp):
    """AlexNet-style PCA lighting noise: per-channel offsets from three N(0, ``alpha``) draws.
    RGB HWC images; a PIL image is converted to RGB and returned as a PIL image."""

    def __init__(self, alpha=0.05):
        type_check(alpha, (float, int), "alpha")
        _check_non_negative_float32(alpha, "alpha")
        self.alpha = alpha

    def _pil(self, img):
        if img.mode != "RGB":
            img = img.convert("RGB")
        r = _rng()
        a = np.array([r.gauss(0.0, self.alpha) for _ in range(3)], np.float64)
        arr = np.array(img).astype(np.float64) + _EIG64 @ a
        return Image.fromarray(np.uint8(np.minimum(np.maximum(arr, 0), 255)))

    def _apply(self, img):
        _cv("RandomLighting", img)
        if img.ndim < 2:
            raise _op_error("RandomLighting", "the shape of input tensor does not match the requirement of "
                            "operator. Expecting tensor in shape of <height, width, ...>. But got tensor with "
                            f"dimension {img.ndim}.")
        if img.ndim != 3 or img.shape[2] != 3:
            raise _op_error("RandomLighting", "input tensor is not in shape of <H,W,C> or channel is not 3, "
                            f"got rank: {img.ndim}")
        r = _rng()
        rnd = np.array([r.gauss(0.0, self.alpha) for _ in range(3)], np.float32)
        return _lighting(img, rnd)
