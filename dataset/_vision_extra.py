"""More ``mscompat.dataset.vision`` transforms: ToPIL, ToType, NormalizePad, CutOut, GaussianBlur,
RandomSharpness, UniformAugment."""
import numbers

import numpy as np

from . import _augment as A
from ._vision_common import FLOAT_MAX_INTEGER, _image
from .transforms import TypeCast, _Transform, _check_range, _check_type, _is_pil, _op_error, _rng

__all__ = ["ToPIL", "ToType", "NormalizePad", "CutOut", "GaussianBlur", "RandomSharpness", "UniformAugment"]

_PIL_GRAY_DTYPES = (np.bool_, np.int8, np.int16, np.int32, np.uint8, np.uint16, np.uint32, np.float32, np.float64)


class ToPIL:
    """numpy HW / HWC (uint8 for 2-4 channels) image -> PIL image; a PIL image is returned as is."""

    def __call__(self, img):
        from PIL import Image
        if _is_pil(img):
            return img
        if not isinstance(img, np.ndarray):
            raise TypeError(f"The input image should be of type numpy.ndarray or PIL.Image.Image. Got {type(img)}.")
        if img.ndim not in (2, 3):
            raise ValueError(f"The dimension of input image should be 2 or 3. Got {img.ndim}.")
        a = img[:, :, None] if img.ndim == 2 else img
        c = a.shape[2]
        if c > 4:
            raise ValueError(f"The channel of input image should not exceed 4. Got {c}.")
        if c == 1:
            if a.dtype.type not in _PIL_GRAY_DTYPES:
                raise TypeError(f"The input image type {a.dtype} is not supported when image shape is [H, W] or "
                                "[H, W, 1].")
            return Image.fromarray(np.ascontiguousarray(a[:, :, 0]))
        if a.dtype != np.uint8:
            raise TypeError(f"The input image type {a.dtype} is not supported when image shape is [H, W, 2], "
                            "[H, W, 3] or [H, W, 4].")
        return Image.fromarray(np.ascontiguousarray(a))


class ToType(TypeCast):
    """Same as :class:`mscompat.dataset.transforms.TypeCast`."""


class NormalizePad(_Transform):
    """Normalize (like :class:`Normalize`) and append a zero channel; ``dtype`` "float32" or "float16"."""

    def __init__(self, mean, std, dtype="float32", is_hwc=True):
        from .vision import Normalize
        self._norm = Normalize(mean, std, is_hwc)
        if not isinstance(dtype, str):
            raise TypeError("dtype should be string.")
        if dtype not in ("float32", "float16"):
            raise ValueError("dtype only supports float32 or float16.")
        self.dtype, self.is_hwc = dtype, is_hwc

    def _apply(self, img):
        out = self._norm._apply(img)
        if out.ndim == 2:
            out = out[:, :, None] if self.is_hwc else out[None]
        axis = 2 if self.is_hwc else 0
        pad_shape = list(out.shape)
        pad_shape[axis] = 1
        return np.concatenate([out, np.zeros(pad_shape, out.dtype)], axis=axis).astype(self.dtype)


class CutOut(_Transform):
    """Zero ``num_patches`` random ``length`` x ``length`` squares."""

    def __init__(self, length, num_patches=1, is_hwc=True):
        _check_type(length, int, "length")
        _check_range(length, 1, FLOAT_MAX_INTEGER, "length")
        _check_type(num_patches, int, "num_patches")
        _check_range(num_patches, 1, FLOAT_MAX_INTEGER, "num_patches")
        _check_type(is_hwc, bool, "is_hwc")
        self.length, self.num_patches, self.is_hwc = length, num_patches, is_hwc

    def _apply(self, img):
        _image("CutOut", img)
        out = img.copy()
        view = out if (self.is_hwc or out.ndim == 2) else np.moveaxis(out, 0, -1)
        h, w = view.shape[:2]
        r = _rng()
        for _ in range(self.num_patches):
            y, x = r.randint(0, max(h - self.length, 0)), r.randint(0, max(w - self.length, 0))
            view[y:y + self.length, x:x + self.length] = 0
        return out


def _gauss_kernel(k, sigma):
    x = np.arange(k, dtype=np.float64) - (k - 1) / 2.0
    g = np.exp(-(x * x) / (2.0 * sigma * sigma))
    return g / g.sum()


class GaussianBlur(_Transform):
    """``cv::GaussianBlur`` with ``kernel_size`` (odd; (width, height)) and ``sigma`` (default from the size),
    borders reflected (reflect-101)."""

    def __init__(self, kernel_size, sigma=None):
        if isinstance(kernel_size, int) and not isinstance(kernel_size, bool):
            ks = (kernel_size, kernel_size)
        elif isinstance(kernel_size, (list, tuple)) and len(kernel_size) == 2:
            ks = tuple(kernel_size)
        elif not isinstance(kernel_size, (int, list, tuple)):
            raise TypeError(f"Argument kernel_size with value {kernel_size} is not of type [<class 'int'>, "
                            f"<class 'list'>, <class 'tuple'>], but got {type(kernel_size)}.")
        else:
            raise TypeError("Kernel size should be a single integer or a list/tuple (kernel_width, kernel_height) "
                            "of length 2.")
        for i, v in enumerate(ks):
            _check_type(v, int, f"kernel_size[{i}]")
            _check_range(v, 1, FLOAT_MAX_INTEGER, "kernel_size")
            if v % 2 == 0:
                raise ValueError(f"kernel_size[{i}] must be an odd number, but got {v}.")
        if sigma is None:
            sg = tuple(((k - 1) * 0.5 - 1) * 0.3 + 0.8 for k in ks)
        elif isinstance(sigma, numbers.Number) and not isinstance(sigma, bool):
            _check_range(sigma, 0, FLOAT_MAX_INTEGER, "sigma")
            sg = (float(sigma), float(sigma))
        elif isinstance(sigma, (list, tuple)) and len(sigma) == 2:
            for v in sigma:
                _check_type(v, (int, float), "sigma")
                _check_range(v, 0, FLOAT_MAX_INTEGER, "sigma")
            sg = (float(sigma[0]), float(sigma[1]))
        else:
            raise TypeError("Sigma should be a single number or a list/tuple of length 2 for width and height.")
        self.kernel_size, self.sigma = ks, tuple(s if s > 0 else ((k - 1) * 0.5 - 1) * 0.3 + 0.8
                                                 for s, k in zip(sg, ks))

    def _apply(self, img):
        _image("GaussianBlur", img)
        (kw, kh), (sx, sy) = self.kernel_size, self.sigma
        ft = np.float64 if img.dtype == np.float64 else np.float32
        a = (img if img.ndim == 3 else img[:, :, None]).astype(ft)
        for axis, k, s in ((0, kh, sy), (1, kw, sx)):
            r = k // 2
            n = a.shape[axis]
            if r == 0:
                continue
            idx = np.arange(-r, n + r)
            period = 2 * (n - 1) if n > 1 else 1
            idx = np.abs(np.mod(idx, period)) if n > 1 else np.zeros_like(idx)
            idx = np.where(idx >= n, period - idx, idx)
            padded = np.take(a, idx, axis=axis)
            g = _gauss_kernel(k, s).astype(ft)
            acc = 0
            for j in range(k):
                sl = [slice(None)] * 3
                sl[axis] = slice(j, j + n)
                acc = acc + g[j] * padded[tuple(sl)]
            a = acc
        out = a if img.ndim == 3 else a[:, :, 0]
        if img.dtype.kind in "iu":
            info = np.iinfo(img.dtype)
            return np.clip(np.rint(out), info.min, info.max).astype(img.dtype)
        return out.astype(img.dtype)


class RandomSharpness(_Transform):
    """Adjust sharpness by a factor drawn uniformly from ``degrees``."""

    def __init__(self, degrees=(0.1, 1.9)):
        if not isinstance(degrees, (list, tuple)):
            raise TypeError("degrees must be either a tuple or a list.")
        for v in degrees:
            _check_type(v, (int, float), "degrees")
        if len(degrees) != 2:
            raise ValueError("degrees must be a sequence with length 2.")
        for v in degrees:
            _check_range(v, 0, FLOAT_MAX_INTEGER, "degrees")
        if degrees[0] > degrees[1]:
            raise ValueError("degrees should be in (min,max) format. Got (max,min).")
        self.degrees = (float(degrees[0]), float(degrees[1]))

    def _apply(self, img):
        _image("RandomSharpness", img)
        if img.ndim != 3 or img.shape[2] != 3:
            raise _op_error("RandomSharpness", f"image shape is not <H,W,C> or channel is not 3, got {img.shape}")
        return A._apply_op(img, "Sharpness", _rng().uniform(*self.degrees) - 1.0, 0, 0)


class UniformAugment(_Transform):
    """Pick ``num_ops`` of ``transforms`` at random (without repeats), apply each with probability 0.5."""

    def __init__(self, transforms, num_ops=2):
        if not isinstance(transforms, list):
            raise TypeError(f"Argument transforms with value {transforms} is not of type [<class 'list'>], "
                            f"but got {type(transforms)}.")
        if not transforms:
            raise ValueError("transforms list can not be empty.")
        for i, op in enumerate(transforms):
            if not callable(op):
                raise TypeError(f"transforms[{i}] is neither a transforms op (TensorOperation) nor a callable "
                                f"pyfunc. Got {type(op)}.")
        _check_type(num_ops, int, "num_ops")
        _check_range(num_ops, 1, FLOAT_MAX_INTEGER, "num_ops")
        if num_ops > len(transforms):
            raise ValueError("num_ops is greater than transforms list size.")
        self.transforms, self.num_ops = list(transforms), num_ops

    def __call__(self, img):
        r = _rng()
        out = img
        for op in r.sample(self.transforms, self.num_ops):
            if r.random() < 0.5:
                out = op(out)
        return out if out is not img else np.array(img, copy=True)
