"""Spatial filters of ``mscompat.dataset.vision``: GaussianBlur (``cv::GaussianBlur``) and
RandomSharpness."""
import numbers

import numpy as np

from . import _augment as A
from ._vision_common import FLOAT_MAX_INTEGER, _image
from .transforms import _Transform, _check_range, _check_type, _op_error, _rng

__all__ = ["GaussianBlur", "RandomSharpness"]


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

