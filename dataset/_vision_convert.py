"""Type and format conversions of ``mscompat.dataset.vision``: ToPIL, ToType, NormalizePad."""
import numpy as np

from .transforms import TypeCast, _Transform, _is_pil

__all__ = ["ToPIL", "ToType", "NormalizePad"]

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
