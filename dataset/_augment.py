"""AutoAugment and RandAugment for ``mscompat.dataset.vision`` (uint8 HWC RGB images).

The augmentation set and magnitude ranges follow the published policies (AutoAugment's
ImageNet/CIFAR10/SVHN sub-policies with 10 magnitude bins, RandAugment's 14 operations).
"""
import numpy as np

from . import _image_ops as K
from .transforms import _Transform, _check_range, _check_type, _rng, INT32_MAX

# (name, probability, magnitude bin) pairs, two per sub-policy
_POLICIES = {
    "imagenet": [
        (("Posterize", 0.4, 8), ("Rotate", 0.6, 9)), (("Solarize", 0.6, 5), ("AutoContrast", 0.6, None)),
        (("Equalize", 0.8, None), ("Equalize", 0.6, None)), (("Posterize", 0.6, 7), ("Posterize", 0.6, 6)),
        (("Equalize", 0.4, None), ("Solarize", 0.2, 4)), (("Equalize", 0.4, None), ("Rotate", 0.8, 8)),
        (("Solarize", 0.6, 3), ("Equalize", 0.6, None)), (("Posterize", 0.8, 5), ("Equalize", 1.0, None)),
        (("Rotate", 0.2, 3), ("Solarize", 0.6, 8)), (("Equalize", 0.6, None), ("Posterize", 0.4, 6)),
        (("Rotate", 0.8, 8), ("Color", 0.4, 0)), (("Rotate", 0.4, 9), ("Equalize", 0.6, None)),
        (("Equalize", 0.0, None), ("Equalize", 0.8, None)), (("Invert", 0.6, None), ("Equalize", 1.0, None)),
        (("Color", 0.6, 4), ("Contrast", 1.0, 8)), (("Rotate", 0.8, 8), ("Color", 1.0, 2)),
        (("Color", 0.8, 8), ("Solarize", 0.8, 7)), (("Sharpness", 0.4, 7), ("Invert", 0.6, None)),
        (("ShearX", 0.6, 5), ("Equalize", 1.0, None)), (("Color", 0.4, 0), ("Equalize", 0.6, None)),
        (("Equalize", 0.4, None), ("Solarize", 0.2, 4)), (("Solarize", 0.6, 5), ("AutoContrast", 0.6, None)),
        (("Invert", 0.6, None), ("Equalize", 1.0, None)), (("Color", 0.6, 4), ("Contrast", 1.0, 8)),
        (("Equalize", 0.8, None), ("Equalize", 0.6, None))],
    "cifar10": [
        (("Invert", 0.1, None), ("Contrast", 0.2, 6)), (("Rotate", 0.7, 2), ("TranslateX", 0.3, 9)),
        (("Sharpness", 0.8, 1), ("Sharpness", 0.9, 3)), (("ShearY", 0.5, 8), ("TranslateY", 0.7, 9)),
        (("AutoContrast", 0.5, None), ("Equalize", 0.9, None)), (("ShearY", 0.2, 7), ("Posterize", 0.3, 7)),
        (("Color", 0.4, 3), ("Brightness", 0.6, 7)), (("Sharpness", 0.3, 9), ("Brightness", 0.7, 9)),
        (("Equalize", 0.6, None), ("Equalize", 0.5, None)), (("Contrast", 0.6, 7), ("Sharpness", 0.6, 5)),
        (("Color", 0.7, 7), ("TranslateX", 0.5, 8)), (("Equalize", 0.8, None), ("Invert", 0.1, None)),
        (("TranslateY", 0.4, 3), ("Sharpness", 0.2, 6)), (("Brightness", 0.9, 6), ("Color", 0.2, 8)),
        (("Solarize", 0.5, 2), ("Invert", 0.0, None)), (("TranslateY", 0.9, 9), ("TranslateY", 0.7, 9)),
        (("Equalize", 0.2, None), ("Equalize", 0.6, None)), (("Color", 0.9, 9), ("Equalize", 0.6, None)),
        (("AutoContrast", 0.8, None), ("Solarize", 0.2, 8)), (("Brightness", 0.1, 3), ("Color", 0.7, 0)),
        (("Solarize", 0.4, 5), ("AutoContrast", 0.9, None)), (("AutoContrast", 0.9, None), ("Solarize", 0.8, 3)),
        (("TranslateY", 0.7, 9), ("AutoContrast", 0.9, None)), (("Equalize", 0.3, None), ("AutoContrast", 0.4, None)),
        (("Equalize", 0.2, None), ("AutoContrast", 0.6, None))],
    "svhn": [
        (("ShearX", 0.9, 4), ("Invert", 0.2, None)), (("ShearY", 0.9, 8), ("Invert", 0.7, None)),
        (("Equalize", 0.6, None), ("Solarize", 0.6, 6)), (("Invert", 0.9, None), ("Equalize", 0.6, None)),
        (("Equalize", 0.6, None), ("Rotate", 0.9, 3)), (("ShearX", 0.9, 4), ("AutoContrast", 0.8, None)),
        (("ShearY", 0.9, 8), ("Invert", 0.4, None)), (("ShearY", 0.9, 5), ("Solarize", 0.2, 6)),
        (("Invert", 0.9, None), ("AutoContrast", 0.8, None)), (("Equalize", 0.6, None), ("Rotate", 0.9, 3)),
        (("ShearX", 0.9, 4), ("Solarize", 0.3, 3)), (("ShearY", 0.8, 8), ("Invert", 0.7, None)),
        (("Equalize", 0.9, None), ("TranslateY", 0.6, 6)), (("Invert", 0.9, None), ("Equalize", 0.6, None)),
        (("Contrast", 0.3, 3), ("Rotate", 0.8, 4)), (("Invert", 0.8, None), ("TranslateY", 0.0, 2)),
        (("ShearY", 0.7, 6), ("Solarize", 0.4, 8)), (("Invert", 0.6, None), ("Rotate", 0.8, 4)),
        (("ShearY", 0.3, 7), ("TranslateX", 0.9, 3)), (("ShearX", 0.1, 6), ("Invert", 0.6, None)),
        (("Solarize", 0.7, 2), ("TranslateY", 0.6, 7)), (("ShearY", 0.8, 4), ("Invert", 0.8, None)),
        (("ShearX", 0.7, 9), ("TranslateY", 0.8, 3)), (("ShearY", 0.8, 5), ("AutoContrast", 0.7, None)),
        (("ShearX", 0.7, 2), ("Invert", 0.1, None))],
}

_SIGNED = {"ShearX", "ShearY", "TranslateX", "TranslateY", "Rotate", "Brightness", "Color", "Contrast",
           "Sharpness"}


def _magnitudes(bins, h, w):
    lin = lambda hi: np.linspace(0.0, hi, bins)  # noqa: E731
    return {
        "ShearX": lin(0.3), "ShearY": lin(0.3),
        "TranslateX": lin(150.0 / 331.0 * w), "TranslateY": lin(150.0 / 331.0 * h),
        "Rotate": lin(30.0), "Brightness": lin(0.9), "Color": lin(0.9), "Contrast": lin(0.9),
        "Sharpness": lin(0.9),
        "Posterize": 8 - np.round(np.arange(bins) / ((bins - 1) / 4)).astype(int),
        "Solarize": np.linspace(255.0, 0.0, bins),
    }


def _blend(img, other, factor):
    out = img.astype(np.float32) * factor + np.asarray(other, np.float32) * (1.0 - factor)
    if img.dtype == np.uint8:
        return np.clip(np.rint(out), 0, 255).astype(np.uint8)
    return np.clip(out, 0, 255).astype(img.dtype)


def _as_u8(img):
    return img if img.dtype == np.uint8 else np.clip(np.floor(img), 0, 255).astype(np.uint8)


def _affine(img, inter, fill, translate_px=(0.0, 0.0), shear_deg=(0.0, 0.0)):
    from ._vision_affine import affine_matrix
    h, w = img.shape[:2]
    m = affine_matrix(w, h, 0.0, translate_px, 1.0, shear_deg)
    return K.warp_affine(img, m, h, w, inter, fill)


def _apply_op(img, name, mag, inter, fill):
    if name == "Identity":
        return img
    if name == "ShearX":
        return _affine(img, inter, fill, shear_deg=(float(np.degrees(np.arctan(mag))), 0.0))
    if name == "ShearY":
        return _affine(img, inter, fill, shear_deg=(0.0, float(np.degrees(np.arctan(mag)))))
    if name == "TranslateX":
        return _affine(img, inter, fill, translate_px=(float(int(mag)), 0.0))
    if name == "TranslateY":
        return _affine(img, inter, fill, translate_px=(0.0, float(int(mag))))
    if name == "Rotate":
        h, w = img.shape[:2]
        return K.warp_affine(img, K.rotation_matrix((w - 1) / 2.0, (h - 1) / 2.0, mag), h, w, inter, fill)
    if name == "Brightness":
        return _blend(img, 0.0, 1.0 + mag)
    if name == "Color":
        return _blend(img, K.rgb_to_gray(img)[..., None], 1.0 + mag)
    if name == "Contrast":
        return _blend(img, float(K.rgb_to_gray(img).mean()), 1.0 + mag)
    if name == "Sharpness":
        f = img.astype(np.float32)
        blur = f.copy()
        if img.shape[0] > 2 and img.shape[1] > 2:
            acc = sum(f[1 + dy:f.shape[0] - 1 + dy, 1 + dx:f.shape[1] - 1 + dx]
                      for dy in (-1, 0, 1) for dx in (-1, 0, 1)) + 4 * f[1:-1, 1:-1]
            blur[1:-1, 1:-1] = np.rint(acc / 13.0)
        return _blend(img, blur, 1.0 + mag)
    if name == "Posterize":
        bits = int(mag)
        return (_as_u8(img) & np.uint8((0xFF << (8 - bits)) & 0xFF)).astype(img.dtype)
    if name == "Solarize":
        return np.where(img >= mag, 255 - img, img).astype(img.dtype)
    if name == "AutoContrast":
        lo = img.min(axis=(0, 1), keepdims=True).astype(np.float32)
        hi = img.max(axis=(0, 1), keepdims=True).astype(np.float32)
        scale = np.where(hi > lo, 255.0 / np.maximum(hi - lo, 1), 1.0)
        out = np.where(hi > lo, (img - lo) * scale, img)
        return np.clip(np.floor(out + 0.5), 0, 255).astype(img.dtype)
    if name == "Equalize":
        return equalize(img)
    if name == "Invert":
        return (255 - img).astype(img.dtype)
    raise RuntimeError(f"unknown augmentation {name}")


def equalize(img):
    """Per-channel ``cv::equalizeHist`` (float images are equalized on their uint8 values)."""
    src, img = img, _as_u8(img)
    out = np.empty_like(img)
    chans = img.reshape(img.shape[:2] + (-1,))
    out = out.reshape(chans.shape)
    for c in range(chans.shape[2]):
        ch = chans[..., c]
        hist = np.bincount(ch.ravel(), minlength=256)
        first = int(np.argmax(hist > 0))
        total = ch.size
        if hist[first] == total:
            out[..., c] = first
            continue
        scale = 255.0 / (total - hist[first])
        lut = np.zeros(256, np.float64)
        lut[first + 1:] = np.cumsum(hist[first + 1:]) * scale
        out[..., c] = np.clip(np.rint(lut), 0, 255).astype(np.uint8)[ch]
    return out.reshape(img.shape).astype(src.dtype)


def _check_aug_image(op, img, allow_float=False):
    if img.dtype != np.uint8 and not (allow_float and img.dtype in (np.float32, np.float64)):
        raise RuntimeError(f"{op}: the data type of image tensor does not match the requirement of operator. "
                           f"Expecting tensor in type of (uint8). But got type {img.dtype}.")
    if img.ndim != 3 or img.shape[2] != 3:
        raise RuntimeError(f"{op}: the channel of image tensor does not match the requirement of operator. "
                           f"Expecting tensor in channel of (3). But got shape {img.shape}.")


def _inter_fill(interpolation, fill_value):
    from .vision import Inter, _check_fill, _check_inter
    inter = _check_inter(interpolation)
    fill = _check_fill(fill_value)
    warp = {Inter.NEAREST: K.NEAREST, Inter.BILINEAR: K.LINEAR, Inter.BICUBIC: K.CUBIC, Inter.PILCUBIC: K.CUBIC}
    return warp.get(inter, K.LINEAR), fill


class AutoAugment(_Transform):
    """Apply a random sub-policy of the AutoAugment ``policy`` (IMAGENET, CIFAR10 or SVHN)."""

    def __init__(self, policy=None, interpolation=None, fill_value=0):
        from .vision import AutoAugmentPolicy, Inter
        policy = AutoAugmentPolicy.IMAGENET if policy is None else policy
        interpolation = Inter.NEAREST if interpolation is None else interpolation
        if not isinstance(policy, AutoAugmentPolicy):
            raise TypeError(f"Argument policy with value {policy} is not of type [<enum 'AutoAugmentPolicy'>], "
                            f"but got {type(policy)}.")
        self.policy = policy
        self.interpolation, self.fill_value = _inter_fill(interpolation, fill_value)

    def _apply(self, img):
        _check_aug_image("AutoAugment", img, allow_float=True)
        r = _rng()
        sub = _POLICIES[self.policy.value][r.randrange(25)]
        mags = _magnitudes(10, img.shape[0], img.shape[1])
        out = img
        for name, prob, bin_ in sub:
            if r.random() <= prob:
                mag = float(mags[name][bin_]) if bin_ is not None else 0.0
                if name in _SIGNED and r.random() < 0.5:
                    mag = -mag
                out = _apply_op(out, name, mag, self.interpolation, self.fill_value)
        return out if out is not img else img.copy()


class RandAugment(_Transform):
    """Apply ``num_ops`` augmentations chosen uniformly, each at ``magnitude`` of ``num_magnitude_bins``."""

    _OPS = ("Identity", "ShearX", "ShearY", "TranslateX", "TranslateY", "Rotate", "Brightness", "Color",
            "Contrast", "Sharpness", "Posterize", "Solarize", "AutoContrast", "Equalize")

    def __init__(self, num_ops=2, magnitude=9, num_magnitude_bins=31, interpolation=None, fill_value=0):
        from .vision import Inter
        interpolation = Inter.NEAREST if interpolation is None else interpolation
        _check_type(num_ops, int, "num_ops")
        _check_range(num_ops, 0, INT32_MAX, "num_ops")
        _check_type(magnitude, int, "magnitude")
        _check_type(num_magnitude_bins, int, "num_magnitude_bins")
        _check_range(num_magnitude_bins, 2, INT32_MAX, "num_magnitude_bins")
        _check_range(magnitude, 0, num_magnitude_bins, "magnitude", hi_incl=False)
        self.num_ops, self.magnitude, self.num_magnitude_bins = num_ops, magnitude, num_magnitude_bins
        self.interpolation, self.fill_value = _inter_fill(interpolation, fill_value)

    def _apply(self, img):
        _check_aug_image("RandAugment", img)
        r = _rng()
        mags = _magnitudes(self.num_magnitude_bins, img.shape[0], img.shape[1])
        out = img
        for _ in range(self.num_ops):
            name = self._OPS[r.randrange(len(self._OPS))]
            mag = float(mags[name][self.magnitude]) if name in mags else 0.0
            if name in _SIGNED and r.random() < 0.5:
                mag = -mag
            out = _apply_op(out, name, mag, self.interpolation, self.fill_value)
        return out if out is not img else img.copy()


def _wide_magnitudes(bins):
    lin = lambda hi: np.linspace(0.0, hi, bins)  # noqa: E731
    return {"ShearX": lin(0.99), "ShearY": lin(0.99), "TranslateX": lin(32.0), "TranslateY": lin(32.0),
            "Rotate": lin(135.0), "Brightness": lin(0.99), "Color": lin(0.99), "Contrast": lin(0.99),
            "Sharpness": lin(0.99), "Posterize": 8 - np.round(np.arange(bins) / ((bins - 1) / 6)).astype(int),
            "Solarize": np.linspace(255.0, 0.0, bins)}


class TrivialAugmentWide(_Transform):
    """Apply one augmentation chosen uniformly, at a magnitude chosen uniformly from ``num_magnitude_bins``."""

    def __init__(self, num_magnitude_bins=31, interpolation=None, fill_value=0):
        from .vision import Inter
        interpolation = Inter.NEAREST if interpolation is None else interpolation
        _check_type(num_magnitude_bins, int, "num_magnitude_bins")
        _check_range(num_magnitude_bins, 2, INT32_MAX, "num_magnitude_bins")
        self.num_magnitude_bins = num_magnitude_bins
        self.interpolation, self.fill_value = _inter_fill(interpolation, fill_value)

    def _apply(self, img):
        _check_aug_image("TrivialAugmentWide", img)
        r = _rng()
        name = RandAugment._OPS[r.randrange(len(RandAugment._OPS))]
        mags = _wide_magnitudes(self.num_magnitude_bins)
        mag = float(mags[name][r.randrange(self.num_magnitude_bins)]) if name in mags else 0.0
        if name in _SIGNED and r.random() < 0.5:
            mag = -mag
        out = _apply_op(img, name, mag, self.interpolation, self.fill_value)
        return out if out is not img else img.copy()
