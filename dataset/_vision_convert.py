"""Type and format conversions of ``mscompat.dataset.vision``: Normalize, NormalizePad, ToPIL, ToType."""
import numpy as np

from ._vision_common import _image
from .transforms import TypeCast, _Transform, _check_range, _check_type, _is_pil, _op_error, _to_array
from PIL import Image

__all__ = ["Normalize", "NormalizePad", "ToPIL", "ToType"]

_PIL_GRAY_DTYPES = (np.bool_, np.int8, np.int16, np.int32, np.uint8, np.uint16, np.uint32, np.float32, np.float64)


class Normalize(_Transform):
    """``(img - mean) / std`` per channel, float32 output; ``is_hwc`` selects the channel axis."""

    _batch_light = True  # its batch form is a few whole-batch numpy calls (see the engine's batch)

    def __init__(self, mean, std, is_hwc=True):
        for name, v in (("mean", mean), ("std", std)):
            if not isinstance(v, (list, tuple)):
                raise TypeError(f"Argument {name} with value {v} is not of type [<class 'list'>, <class 'tuple'>], "
                                f"but got {type(v)}.")
            for x in v:
                _check_type(x, (int, float), name)
        if len(mean) != len(std):
            raise ValueError("Length of mean and std must be equal.")
        for i, m in enumerate(mean):
            _check_range(m, 0, 255, f"mean[{i}]")
        for j, s in enumerate(std):
            _check_range(s, 0, 255, f"std[{j}]", lo_incl=False)
        _check_type(is_hwc, bool, "is_hwc")
        self.mean = np.asarray(mean, np.float32)
        self.std = np.asarray(std, np.float32)
        self._mean_hwc, self._std_hwc = self.mean.copy(), self.std.copy()
        self.is_hwc = is_hwc

    def _apply(self, img):
        _image("Normalize", img)
        if img.ndim == 2:
            c = 1
        else:
            c = img.shape[2] if self.is_hwc else img.shape[0]
        n = self.mean.size
        if n != 1 and n != c:
            raise _op_error("Normalize", f"number of channels does not match the size of mean and std vectors, "
                            f"got channels: {c}, size of mean: {n}")
        mean, std = self._full(img.shape, img.ndim == 2)
        x = img.astype(np.float32)
        x -= mean
        x /= std
        return x

    def _full(self, shape, flat):
        # mean and std spread over a whole image of this shape: a per-channel vector broadcast against
        # the short channel axis makes numpy run an inner loop of length C for every pixel
        key = (shape, flat)
        cache = self.__dict__.setdefault("_full_cache", {})
        got = cache.get(key)
        if got is None:
            if self.is_hwc or flat:
                mean, std = self._mean_hwc, self._std_hwc
            else:
                mean, std = self._mean_hwc.reshape(-1, 1, 1), self._std_hwc.reshape(-1, 1, 1)
            got = (np.ascontiguousarray(np.broadcast_to(mean, shape)),
                   np.ascontiguousarray(np.broadcast_to(std, shape)))
            if len(cache) < 16:
                cache[key] = got
        return got

    def _batch_apply(self, img):
        # the stacked column (N, ...): the per-row checks on one row's shape, then the same float32
        # arithmetic broadcast over the batch (elementwise, so bit-identical to stacking the rows)
        img = _to_array(img)
        row = img[0] if img.ndim > 0 and img.shape[0] else img
        _image("Normalize", row)
        c = 1 if row.ndim == 2 else (row.shape[2] if self.is_hwc else row.shape[0])
        n = self.mean.size
        if n != 1 and n != c:
            raise _op_error("Normalize", f"number of channels does not match the size of mean and std vectors, "
                            f"got channels: {c}, size of mean: {n}")
        mean, std = self._full(row.shape, row.ndim == 2)
        x = np.subtract(img, mean, dtype=np.float32)  # == img.astype(float32) - mean, one pass
        np.divide(x, std, out=x)
        return x


class ToPIL:
    """numpy HW / HWC (uint8 for 2-4 channels) image -> PIL image; a PIL image is returned as is."""

    def __call__(self, img):
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
