"""The colour kernels of ``mscompat.dataset.vision`` (MindSpore's OpenCV ones, bit for bit: brightness,
contrast, saturation, sharpness, equalize, posterize, solarize, invert, auto-contrast), used by the
Adjust*/Random* transforms and by AutoAugment, RandAugment, TrivialAugmentWide and UniformAugment
(defined here too).

The augmentation set and magnitude ranges follow the published policies (AutoAugment's
ImageNet/CIFAR10/SVHN sub-policies with 10 magnitude bins, RandAugment's 14 operations).
"""
import numpy as np

from . import _image_ops as K
from ._vision_common import FLOAT_MAX_INTEGER, AutoAugmentPolicy, Inter, _check_fill, _check_inter
from .transforms import _Transform, _check_range, _check_type, _rng, INT32_MAX
from ._vision_affine import affine_matrix

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

# ---------------------------------------------------------------------------------------
# Kernels shared by the Adjust*/Random* colour transforms and AutoAugment/RandAugment: MindSpore's
# OpenCV ones (integer results rounded half to even and saturated to the dtype; float32 arithmetic
# where OpenCV uses it, with its fused multiply-adds emulated exactly in float64)


def _u8(img):
    """bool images are 8-bit to OpenCV (results come back uint8)."""
    return img.view(np.uint8) if img.dtype == np.bool_ else img


def _saturate(x, dtype):
    """OpenCV ``saturate_cast``: round half to even and clip for 8/16-bit integer dtypes."""
    dtype = np.dtype(dtype)
    if dtype == np.int32:  # cvRound, no clipping: out of range gives the "integer indefinite" INT_MIN
        r = np.rint(np.asarray(x, np.float64))
        return np.where((r >= -2.0 ** 31) & (r < 2.0 ** 31), r, -2.0 ** 31).astype(np.int32)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return np.clip(np.rint(x), info.min, info.max).astype(dtype)
    return np.asarray(x).astype(dtype)


def _fma(a, b, c):
    """float32 ``fma(a, b, c)``: the float64 product of two float32 values is exact, so one float64
    add rounded once to float32 equals the fused operation (the float64 sum is within half an ulp)."""
    return (np.asarray(a, np.float64) * np.float64(b) + np.asarray(c, np.float64)).astype(np.float32)


def _split(a):
    c = 134217729.0 * a  # Veltkamp's split of a float64 into two 26-bit halves
    hi = c - (c - a)
    return hi, a - hi


def _fma64(a, b, c):
    """float64 ``fma(a, b, c)`` from error-free transformations: the product's exact rounding error
    (Dekker) and the sum's (Knuth's two-sum), added back once."""
    a = np.asarray(a, np.float64)
    b = np.float64(b)
    c = np.asarray(c, np.float64)
    p = a * b
    ah, al = _split(a)
    bh, bl = _split(b)
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    s = p + c
    bb = s - p
    t = (p - (s - bb)) + (c - bb)
    return s + (t + e)


def _add_weighted(a, alpha, b, beta):
    """``cv::addWeighted(a, alpha, b, beta, 0)`` saturated to ``a``'s dtype, with ``alpha``/``beta``
    as float32: ``fma(a, alpha, b * beta)``, in float32 for integer images, in float64 for float ones."""
    al, be = np.float32(alpha), np.float32(beta)
    if a.dtype.kind == "f":
        return _fma64(a, float(al), b.astype(np.float64) * float(be)).astype(a.dtype)
    return _saturate(_fma(a, al, b.astype(np.float32) * be), a.dtype)


def gray(img):
    """OpenCV RGB2GRAY of a uint8 / uint16 / float32 RGB image (same dtype, HW): 15-bit fixed-point
    weights for the integer types, float32 weights for float32."""
    if img.dtype == np.uint8:
        return K.rgb_to_gray(img)
    if img.dtype == np.uint16:
        r, g, b = (img[..., i].astype(np.int64) for i in range(3))
        return ((r * 9798 + g * 19235 + b * 3735 + (1 << 14)) >> 15).astype(np.uint16)
    r, g, b = (img[..., i].astype(np.float32) for i in range(3))
    cr, cg, cb = np.float32(0.299), np.float32(0.587), np.float32(0.114)
    out = _fma(b, cb, _fma(g, cg, r * cr))
    # OpenCV's SIMD loop covers 8 pixels at a time; a row's remaining pixels take the scalar loop,
    # whose fused multiply-adds group the terms differently
    nv = img.shape[1] // 8 * 8
    out[:, nv:] = _fma(b[:, nv:], cb, _fma(r[:, nv:], cr, g[:, nv:] * cg))
    return out


def brightness(img, factor):
    """``img * factor`` (``Mat::convertTo`` with a scale): float32 products for 8/16-bit and float16/32
    images, float64 for int32/float64 ones, saturated to the dtype (a bool image's bytes scale as uint8)."""
    src = _u8(img)
    a = float(np.float32(factor))
    if src.dtype in (np.int32, np.float64):
        out = src.astype(np.float64) * a
    else:  # the exact float64 product rounded once: the float32 product
        out = (src.astype(np.float64) * a).astype(np.float32)
    out = _saturate(out, src.dtype)
    return out.view(np.bool_) if img.dtype == np.bool_ else out


def _mean(g):
    """``cv::mean`` of a one-channel image: a float64 sum, except that for float32 images the tail
    after the SIMD loop is summed four floats at a time in float32."""
    f = g.ravel()
    n = f.size
    if not n:
        return 0.0
    if f.dtype != np.float32:
        return float(f.sum(dtype=np.float64)) * (1.0 / n)
    x = n // 16 * 16  # (two 8-lane registers a step)
    s = float(f[:x].sum(dtype=np.float64))
    while x <= n - 4:
        s += float(np.float32(np.float32(np.float32(f[x] + f[x + 1]) + f[x + 2]) + f[x + 3]))
        x += 4
    for v in f[x:]:
        s += float(v)
    return s * (1.0 / n)


def contrast(img, factor):
    """Blend an RGB image (uint8 / uint16 / float32) with its mean grey level (saturated to the dtype)."""
    g = gray(img)
    mean = _mean(g)
    other = np.full(img.shape, _saturate(np.float64(mean), img.dtype), img.dtype)
    a = np.float32(factor)
    return _add_weighted(other, 1.0 - float(a), img, a)


def saturation(img, factor):
    """Blend an RGB image (uint8 / uint16 / float32) with its greyscale version."""
    g = np.repeat(gray(img)[:, :, None], 3, axis=2)
    a = np.float32(factor)
    return _add_weighted(g, 1.0 - float(a), img, a)


def invert(img):
    """``saturate(255 - img)`` in the image's dtype (a bool image's bytes are inverted as uint8)."""
    if img.dtype == np.bool_:
        return (np.uint8(255) - img.view(np.uint8)).view(np.bool_)
    if img.dtype.kind == "f":
        return (img.dtype.type(255) - img).astype(img.dtype)
    return _saturate(255 - img.astype(np.int64), img.dtype)


def solarize(img, lo, hi):
    """Invert (see :func:`invert`) the pixels in [lo, hi] (pixels >= lo when lo == hi)."""
    sel = (img >= lo) if lo == hi else ((img >= lo) & (img <= hi))
    return np.where(sel, invert(img), img)


def posterize(img, bits):
    """Keep the top ``bits`` bits of every byte (int8 and bool images are read as bytes; uint8 out)."""
    mask = np.uint8((0xFF << (8 - bits)) & 0xFF)
    return img.view(np.uint8) & mask


def equalize(img):
    """``cv::equalizeHist`` per channel of a uint8 (or bool, read as bytes) HW / HWC image: LUT
    ``round(cumsum * (255 / (n - first count)))`` in float32 above the first occupied bin."""
    src = _u8(img)
    x = src if src.ndim == 3 else src[:, :, None]
    out = np.empty_like(x)
    for c in range(x.shape[2]):
        ch = x[:, :, c]
        hist = np.bincount(ch.ravel(), minlength=256)
        first = int(np.argmax(hist > 0))
        total = ch.size
        if hist[first] == total:
            out[:, :, c] = first
            continue
        scale = np.float32(255.0) / np.float32(total - hist[first])
        lut = np.zeros(256, np.float32)
        lut[first + 1:] = np.cumsum(hist[first + 1:]).astype(np.float32) * scale
        out[:, :, c] = np.clip(np.rint(lut), 0, 255).astype(np.uint8)[ch]
    # a HW image comes back with its unit dimensions dropped, as MindSpore's kernel returns it
    return out if src.ndim == 3 else np.squeeze(out[:, :, 0])


def sharpness(img, factor):
    """AdjustSharpness's kernel: blend with a 3x3 smoothed image (weights 1/13, centre 5/13;
    border pixels kept) by ``factor``; results in the image's dtype (bool -> uint8)."""
    src = _u8(img)
    ft = np.float64 if src.dtype == np.float64 else np.float32
    f = src.astype(ft)
    blur = f.copy()
    h, w = src.shape[:2]
    if h > 2 and w > 2:
        if src.dtype.kind in "iu":  # integer sums are exact: one rounding of sum / 13
            acc = sum(f[1 + dy:h - 1 + dy, 1 + dx:w - 1 + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1))
            blur[1:-1, 1:-1] = (acc + 4 * f[1:-1, 1:-1]) / ft(13.0)
        else:
            w1, w5 = ft(np.float32(1.0 / 13.0)), ft(np.float32(5.0 / 13.0))
            acc = np.zeros_like(f[1:-1, 1:-1])
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):  # multiply-adds in kernel order (fused for float32)
                    k = w5 if dy == dx == 0 else w1
                    tap = f[1 + dy:h - 1 + dy, 1 + dx:w - 1 + dx]
                    acc = (_fma if ft is np.float32 else _fma64)(tap, k, acc)
            blur[1:-1, 1:-1] = acc
    blur = _saturate(blur, src.dtype)
    return _add_weighted(src, np.float32(factor), blur, np.float32(1.0) - np.float32(factor))


def auto_contrast(img, cutoff, ignore):
    """Per channel: drop ``cutoff`` percent (truncated to an integer) of the histogram at each end,
    ignoring the values in ``ignore``, and stretch the rest to [0, 255] with a truncating LUT."""
    src = _u8(img)
    x = src if src.ndim == 3 else src[:, :, None]
    out = np.empty(x.shape, np.uint8)
    pct = np.float32(int(cutoff)) / np.float32(100.0)
    idx = np.arange(256, dtype=np.float32)
    for c in range(x.shape[2]):
        ch = x[:, :, c]
        hist = np.bincount(ch.ravel(), minlength=256).astype(np.int64)
        for v in ignore:
            hist[v] = 0
        cut = int(pct * np.float32(int(hist.sum())))
        if cut > 0:  # remove ``cut`` pixels from the dark end, then from the bright end
            hist -= np.clip(cut - (np.cumsum(hist) - hist), 0, hist)
            rev = hist[::-1]
            hist -= np.clip(cut - (np.cumsum(rev) - rev), 0, rev)[::-1]
        nz = np.flatnonzero(hist)
        lo = int(nz[0]) if nz.size and nz[0] < 255 else 255
        hi = int(nz[-1]) if nz.size else -1
        if hi <= lo:
            lut = np.arange(256, dtype=np.uint8)
        else:
            scale = np.float32(255.0) / np.float32(hi - lo)
            offset = np.float32(-lo) * scale
            lut = np.clip(np.trunc(idx * scale + offset), 0, 255).astype(np.uint8)
        out[:, :, c] = lut[ch]
    # a HW image comes back with its unit dimensions dropped, as MindSpore's kernel returns it
    return out if img.ndim == 3 else np.squeeze(out[:, :, 0])



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


def _as_u8(img):
    return img if img.dtype == np.uint8 else np.clip(np.floor(img), 0, 255).astype(np.uint8)


def _affine(img, inter, fill, translate_px=(0.0, 0.0), shear_deg=(0.0, 0.0)):
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
        return brightness(img, 1.0 + mag)
    if name == "Color":
        return saturation(img, 1.0 + mag)
    if name == "Contrast":
        return contrast(img, 1.0 + mag)
    if name == "Sharpness":
        return sharpness(img, 1.0 + mag)
    if name == "Posterize":
        return posterize(_as_u8(img), int(mag)).astype(img.dtype)
    if name == "Solarize":
        return solarize(img, mag, mag)
    if name == "AutoContrast":
        return auto_contrast(_as_u8(img), 0, ()).astype(img.dtype)
    if name == "Equalize":
        return equalize(_as_u8(img)).astype(img.dtype)
    if name == "Invert":
        return invert(img)
    raise RuntimeError(f"unknown augmentation {name}")


def _check_aug_image(op, img, allow_float=False):
    if img.dtype != np.uint8 and not (allow_float and img.dtype in (np.float32, np.float64)):
        raise RuntimeError(f"{op}: the data type of image tensor does not match the requirement of operator. "
                           f"Expecting tensor in type of (uint8). But got type {img.dtype}.")
    if img.ndim != 3 or img.shape[2] != 3:
        raise RuntimeError(f"{op}: the channel of image tensor does not match the requirement of operator. "
                           f"Expecting tensor in channel of (3). But got shape {img.shape}.")


def _inter_fill(interpolation, fill_value):
    inter = _check_inter(interpolation)
    fill = _check_fill(fill_value)
    warp = {Inter.NEAREST: K.NEAREST, Inter.BILINEAR: K.LINEAR, Inter.BICUBIC: K.CUBIC, Inter.PILCUBIC: K.CUBIC}
    return warp.get(inter, K.LINEAR), fill


class AutoAugment(_Transform):
    """Apply a random sub-policy of the AutoAugment ``policy`` (IMAGENET, CIFAR10 or SVHN)."""

    def __init__(self, policy=None, interpolation=None, fill_value=0):
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
