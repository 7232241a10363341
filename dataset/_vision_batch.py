"""Random erasing (RandomErasing, CutOut) and batch mixing (MixUp, CutMix) for ``mscompat.dataset.vision``."""
import numpy as np

from ._vision_common import (FLOAT_MAX_INTEGER, ImageBatchFormat, _check_ordered_pair, _check_prob, _check_range,
                             _check_type, _image, _is_num, _op_error)
from .transforms import _Transform, _np_rng, _rng

class RandomErasing:
    """Erase a random rectangle of a CHW numpy image with ``prob`` (value: number, 3-tuple or 'random')."""

    def __init__(self, prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False, max_attempts=10):
        self.prob = _check_prob(prob)
        _check_ordered_pair(scale, "scale", "list or tuple")
        _check_ordered_pair(ratio, "ratio", "list or tuple")
        _check_range(scale[0], 0, FLOAT_MAX_INTEGER, "scale")
        _check_range(scale[1], 0, FLOAT_MAX_INTEGER, "scale[1]", lo_incl=False)
        for x in ratio:
            _check_range(x, 0, FLOAT_MAX_INTEGER, "ratio", lo_incl=False)
        if isinstance(value, str):
            if value != "random":
                raise ValueError("The value for erasing should be either a single value, or a string 'random', "
                                 "or a sequence of 3 elements for RGB respectively.")
        elif _is_num(value):
            _check_range(value, 0, 255, "value")
        elif isinstance(value, (list, tuple)) and len(value) == 3:
            for x in value:
                _check_type(x, (int, float), "value")
                _check_range(x, 0, 255, "value")
        else:
            raise ValueError("The value for erasing should be either a single value, or a string 'random', "
                             "or a sequence of 3 elements for RGB respectively.")
        _check_type(inplace, bool, "inplace")
        _check_type(max_attempts, int, "max_attempts")
        _check_range(max_attempts, 1, FLOAT_MAX_INTEGER, "max_attempts")
        self.scale, self.ratio, self.value = scale, ratio, value
        self.inplace, self.max_attempts = inplace, max_attempts

    def __call__(self, img):
        if not isinstance(img, np.ndarray):
            raise TypeError(f"img should be NumPy array. Got {type(img)}.")
        if img.ndim != 3:
            raise TypeError(f"img should be 3-dimensional CHW NumPy array. Got {img.ndim} dims.")
        r = _rng()
        if r.random() >= self.prob:
            return img
        c, h, w = img.shape
        area = h * w
        log_r = (np.log(self.ratio[0]), np.log(self.ratio[1]))
        for _ in range(self.max_attempts):
            ea = r.uniform(*self.scale) * area
            ar = float(np.exp(r.uniform(*log_r)))
            eh, ew = int(round(np.sqrt(ea * ar))), int(round(np.sqrt(ea / ar)))
            if eh < h and ew < w:
                i, j = r.randint(0, h - eh), r.randint(0, w - ew)
                out = img if self.inplace else img.copy()
                if self.value == "random":
                    out[:, i:i + eh, j:j + ew] = _np_rng().normal(size=(c, eh, ew)).astype(img.dtype)
                else:
                    v = np.asarray(self.value, np.float64).reshape(-1, 1, 1)
                    out[:, i:i + eh, j:j + ew] = np.broadcast_to(v, (c, eh, ew)).astype(img.dtype)
                return out
        return img


def _check_batch(op, images, labels, fmt):
    if images.ndim != 4:
        raise _op_error(op, f"image shape should be <N,H,W,C> or <N,C,H,W>, got rank: {images.ndim}")
    if labels.ndim not in (2, 3):
        raise _op_error(op, "wrong labels shape. The second column (labels) must have a shape of NC or NLC "
                        "where N is the batch size, L is the number of labels in each row, and C is the number "
                        f"of classes. labels must be in one-hot format and in a batch, but got rank: {labels.ndim}")
    if labels.shape[0] != images.shape[0]:
        raise _op_error(op, "batch sizes of images and labels must be equal.")
    if labels.dtype.kind not in "iuf":
        raise _op_error(op, f"labels must be numeric, got {labels.dtype}")
    c = images.shape[3] if fmt == ImageBatchFormat.NHWC else images.shape[1]
    if c not in (1, 3):
        raise _op_error(op, f"image doesn't match the {fmt.name} format, got shape {images.shape}")


class MixUpBatch(_Transform):
    """Mix each image (and one-hot label) of a batch with a shuffled partner, weight ~ Beta(alpha, alpha)."""

    def __init__(self, alpha=1.0):
        _check_type(alpha, (int, float), "alpha")
        if alpha <= 0:
            raise ValueError(f"Input alpha must be greater than 0: {alpha}")
        self.alpha = float(alpha)

    def _apply(self, images, labels):
        fmt = ImageBatchFormat.NHWC if images.ndim == 4 and images.shape[-1] in (1, 3) else ImageBatchFormat.NCHW
        _check_batch("MixUpBatch", images, labels, fmt)
        g = _np_rng()
        lam = np.float32(g.beta(self.alpha, self.alpha))
        perm = g.permutation(images.shape[0])
        lab = labels.astype(np.float32)
        out_lab = (lam * lab + (np.float32(1) - lam) * lab[perm]).astype(np.float32)
        mix = lam * images.astype(np.float32) + (np.float32(1) - lam) * images[perm].astype(np.float32)
        out_img = mix.astype(images.dtype) if images.dtype.kind in "iu" else mix.astype(images.dtype)
        return out_img, out_lab


class CutMixBatch(_Transform):
    """Paste a random box from a shuffled partner into each image (with ``prob``); labels mixed by area."""

    def __init__(self, image_batch_format, alpha=1.0, prob=1.0):
        if not isinstance(image_batch_format, ImageBatchFormat):
            raise TypeError(f"Argument image_batch_format with value {image_batch_format} is not of type "
                            f"[<enum 'ImageBatchFormat'>], but got {type(image_batch_format)}.")
        _check_type(alpha, (int, float), "alpha")
        if alpha <= 0:
            raise ValueError(f"Input alpha must be greater than 0: {alpha}")
        self.prob = _check_prob(prob)
        self.image_batch_format, self.alpha = image_batch_format, float(alpha)

    def _apply(self, images, labels):
        fmt = self.image_batch_format
        _check_batch("CutMixBatch", images, labels, fmt)
        imgs = images if fmt == ImageBatchFormat.NHWC else images.transpose(0, 2, 3, 1)
        out = imgs.copy()
        lab = labels.astype(np.float32)
        out_lab = lab.copy()
        n, h, w = imgs.shape[:3]
        g = _np_rng()
        perm = g.permutation(n)
        for i in range(n):
            if g.random() >= self.prob:
                continue
            lam = g.beta(self.alpha, self.alpha)
            cut = np.sqrt(1.0 - lam)
            ch, cw = int(h * cut), int(w * cut)
            cy, cx = int(g.integers(0, h)), int(g.integers(0, w))
            y0, y1 = np.clip(cy - ch // 2, 0, h), np.clip(cy + ch // 2, 0, h)
            x0, x1 = np.clip(cx - cw // 2, 0, w), np.clip(cx + cw // 2, 0, w)
            j = perm[i]
            out[i, y0:y1, x0:x1] = imgs[j, y0:y1, x0:x1]
            ratio = np.float32((y1 - y0) * (x1 - x0) / (h * w))
            out_lab[i] = (np.float32(1) - ratio) * lab[i] + ratio * lab[j]
        if fmt == ImageBatchFormat.NCHW:
            out = out.transpose(0, 3, 1, 2)
        return np.ascontiguousarray(out), out_lab.astype(np.float32)


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
