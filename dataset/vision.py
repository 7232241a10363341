"""``mindspore.dataset.vision``: image transforms, callable eagerly on numpy HWC arrays.

``Normalize(mean, std)(img)`` returns a numpy array as MindSpore's eager call does. Argument
errors raise ``TypeError``/``ValueError`` at construction; bad images (rank, dtype, channel
count) raise ``RuntimeError`` when called, like MindSpore's C++ kernels.
"""


import numpy as np
from PIL import Image
from PIL import ImageEnhance, ImageOps

from . import _augment as A, _image_ops as K
from ._vision_crop_decode import crop_box
from ._vision_convert import Normalize
from ._vision_decode import Decode
from .transforms import (_Transform, _check_range, _check_type, _op_error, _rng, _to_array, _np_dtype,
                         INT32_MAX)
from ._vision_common import (  # noqa: F401  (re-exported)
    FLOAT_MAX_INTEGER, AutoAugmentPolicy, Border, ConvertMode, ImageBatchFormat, Inter, _check_border, _check_degrees,
    _check_fill, _check_inter, _check_minmax_pair, _check_padding, _check_prob, _check_size, _cv_image, _image, _is_num,
    _uint8_image)

__all__ = ["Inter", "Border", "ImageBatchFormat", "ConvertMode", "AutoAugmentPolicy", "Normalize", "Resize",
           "HWC2CHW", "RandomColorAdjust", "Decode", "RandomCrop", "RandomResizedCrop", "RandomHorizontalFlip",
           "RandomVerticalFlip", "CenterCrop", "Rescale", "ToTensor", "Pad", "RandomRotation", "Rotate",
           "ConvertColor", "Grayscale", "AutoAugment", "RandAugment", "MixUpBatch", "CutMixBatch",
           "RandomErasing", "HorizontalFlip", "VerticalFlip", "Crop", "Invert", "Equalize", "Posterize", "Solarize",
           "AdjustBrightness", "AdjustContrast", "AdjustSaturation", "AdjustSharpness", "ToPIL", "ToType",
           "NormalizePad", "CutOut", "GaussianBlur", "RandomSharpness", "UniformAugment", "Affine", "RandomAffine",
           "TrivialAugmentWide", "AutoContrast", "RandomAutoContrast", "RandomColor", "RandomPosterize",
           "RandomSolarize", "RandomEqualize", "RandomInvert", "RandomAdjustSharpness", "RandomGrayscale",
           "RandomLighting", "RandomCropDecodeResize"]


# ---------------------------------------------------------------------------------------
# Deterministic transforms


class Rescale(_Transform):
    """``img * rescale + shift`` as float32."""

    _batch_light = True  # its batch form is a few whole-batch numpy calls (see the engine's batch)

    def __init__(self, rescale, shift):
        _check_type(rescale, (int, float), "rescale")
        _check_type(shift, (int, float), "shift")
        self.rescale, self.shift = float(rescale), float(shift)

    def _apply(self, img):
        if img.dtype.kind in "SUO":
            raise _op_error("Rescale", f"input tensor type should be numeric, got {img.dtype}")
        x = img.astype(np.float32)
        x *= np.float32(self.rescale)
        x += np.float32(self.shift)
        return x

    def _batch_apply(self, img):
        img = _to_array(img)
        if img.dtype.kind in "SUO":
            raise _op_error("Rescale", f"input tensor type should be numeric, got {img.dtype}")
        x = np.multiply(img, np.float32(self.rescale), dtype=np.float32)  # == astype(float32) * rescale
        # adding +0.0 changes nothing but a -0.0, which unsigned input times a non-negative scale never gives
        if self.shift != 0.0 or img.dtype.kind not in "ub" or not self.rescale >= 0.0:
            np.add(x, np.float32(self.shift), out=x)
        return x


class HWC2CHW(_Transform):
    """HWC -> CHW (an HW image is returned unchanged)."""

    _batch_light = True  # its batch form is a few whole-batch numpy calls (see the engine's batch)

    def __call__(self, img):
        return self._apply(img if isinstance(img, np.ndarray) else _to_array(img))

    def _apply(self, img):
        _image("HWC2CHW", img)
        if img.ndim == 2:
            return img.copy()
        return np.ascontiguousarray(img.transpose(2, 0, 1))

    def _batch_apply(self, img):
        img = _to_array(img)
        _image("HWC2CHW", img[0] if img.ndim > 0 and img.shape[0] else img)
        if img.ndim == 3:
            return img.copy()
        return np.ascontiguousarray(img.transpose(0, 3, 1, 2))


class ToTensor(_Transform):
    """HWC image in [0, 255] -> CHW array of ``output_type`` in [0, 1] (HW -> 1HW)."""

    def __init__(self, output_type=np.float32):
        self.output_type = _np_dtype(output_type, "output_type")

    def _apply(self, img):
        _image("ToTensor", img)
        if img.ndim == 2:
            img = img[:, :, None]
        out = img.astype(np.float32) * np.float32(1.0 / 255.0)
        return np.ascontiguousarray(out.transpose(2, 0, 1)).astype(self.output_type)


def _resize_hw(h, w, size):
    if isinstance(size, int):
        if h <= w:
            return size, int(w * size / h)
        return int(h * size / w), size
    return size


class Resize(_Transform):
    """Resize to ``size`` ((h, w), or an int for the shorter edge keeping the aspect ratio)."""

    def __init__(self, size, interpolation=Inter.LINEAR):
        if interpolation is None:
            raise KeyError("Interpolation should not be None")
        self.size = _check_size(size, hi=INT32_MAX)
        self.interpolation = _check_inter(interpolation)

    def __call__(self, img):
        if self.interpolation == Inter.ANTIALIAS:
            return _pil_only(img, self._pil)
        return super().__call__(img)

    def _pil(self, img):
        return img.resize(_pil_size(img, self.size), _pil_resample(self.interpolation))

    def _apply(self, img):
        _image("Resize", img, 2, 8)
        if img.dtype.type not in K._RESIZE_DTYPES:
            raise _op_error("Resize", f"OpenCV does not support image data type {img.dtype} for resize.")
        h, w = _resize_hw(img.shape[-3] if img.ndim > 2 else img.shape[0],
                          img.shape[-2] if img.ndim > 2 else img.shape[1], self.size)
        if img.ndim > 3:
            lead = img.shape[:-3]
            flat = img.reshape((-1,) + img.shape[-3:])
            return K.resize(flat, h, w, self.interpolation).reshape(lead + (h, w, img.shape[-1]))
        return K.resize(img, h, w, self.interpolation)


_PIL_RESAMPLE = {0: 0, 1: 1, 2: 2, 3: 3}  # NEAREST, LANCZOS, BILINEAR, BICUBIC


def _pil_resample(interpolation):
    if int(interpolation) not in _PIL_RESAMPLE:
        raise TypeError("Current Interpolation is not supported with PIL input.")
    return _PIL_RESAMPLE[int(interpolation)]


def _via_numpy(fn):
    """A PIL-image method running the numpy transform ``fn`` and returning a PIL image."""
    def run(self, img):
        out = fn(self, np.asarray(img))
        return Image.fromarray(out, img.mode if out.ndim == np.asarray(img).ndim and out.shape[-1:] ==
                               np.asarray(img).shape[-1:] else None)
    return run


def _pil_only(img, fn):
    if not isinstance(img, Image.Image):
        raise TypeError(f"img should be PIL image. Got {type(img)}. Use Decode() for encoded data or ToPIL() "
                        "for decoded data.")
    return fn(img)


def _pil_size(im, size):
    w, h = im.size
    oh, ow = _resize_hw(h, w, size)
    return ow, oh


def _crop(img, top, left, h, w):
    return img[top:top + h, left:left + w].copy()


class Crop(_Transform):
    """Crop the region of ``size`` at ``coordinates`` (top, left)."""

    def __init__(self, coordinates, size):
        if not isinstance(coordinates, (list, tuple)) or len(coordinates) != 2:
            raise TypeError("Coordinates should be a list/tuple (y, x) of length 2.")
        for i, v in enumerate(coordinates):
            _check_type(v, int, f"coordinates[{i}]")
            _check_range(v, 0, INT32_MAX, f"coordinates[{i}]")
        self.coordinates = tuple(coordinates)
        s = _check_size(size)
        self.size = (s, s) if isinstance(s, int) else s

    def _apply(self, img):
        _image("Crop", img)
        (y, x), (h, w) = self.coordinates, self.size
        if y + h > img.shape[0] or x + w > img.shape[1]:
            raise _op_error("Crop", "Crop height or width is larger than the image.")
        return _crop(img, y, x, h, w)


class CenterCrop(_Transform):
    """Crop the centre ``size``; a crop larger than the image pads it with zeros first."""

    def __init__(self, size):
        s = _check_size(size)
        self.size = (s, s) if isinstance(s, int) else s

    def _pil(self, img):
        w, h = img.size
        ch, cw = self.size
        top, left = int(round((h - ch) / 2.0)), int(round((w - cw) / 2.0))
        return img.crop((left, top, left + cw, top + ch))

    def _apply(self, img):
        _image("CenterCrop", img)
        ch, cw = self.size
        h, w = img.shape[:2]
        if ch > h or cw > w:
            ph, pw = max(ch - h, 0), max(cw - w, 0)
            img = K.pad(img, ph - ph // 2, ph // 2, pw - pw // 2, pw // 2)
            h, w = img.shape[:2]
        return _crop(img, (h - ch) // 2, (w - cw) // 2, ch, cw)


class Pad(_Transform):
    """Pad the borders: ``padding`` int, (left/right, top/bottom) or (left, top, right, bottom)."""

    def __init__(self, padding, fill_value=0, padding_mode=Border.CONSTANT):
        self.padding = _check_padding(padding)
        self.fill_value = _check_fill(fill_value)
        self.padding_mode = _check_border(padding_mode)

    def _pil(self, img):
        left, top, right, bottom = self.padding
        if self.padding_mode == "constant":
            return ImageOps.expand(img, border=(left, top, right, bottom), fill=self.fill_value)
        return _via_numpy(Pad._apply)(self, img)

    def _apply(self, img):
        _cv_image("Pad", img)
        left, top, right, bottom = self.padding
        return K.pad(img, top, bottom, left, right, self.padding_mode, self.fill_value)


class HorizontalFlip(_Transform):
    def _apply(self, img):
        _image("HorizontalFlip", img, 2, 4)
        return np.ascontiguousarray(img[..., ::-1, :] if img.ndim == 4 or (img.ndim == 3) else img[:, ::-1])


class VerticalFlip(_Transform):
    def _apply(self, img):
        _image("VerticalFlip", img, 2, 4)
        return np.ascontiguousarray(img[..., ::-1, :, :] if img.ndim == 4 or img.ndim == 3 else img[::-1])


def _hflip(img):
    return np.ascontiguousarray(img[:, ::-1] if img.ndim in (2, 3) else img[..., ::-1, :])


def _vflip(img):
    return np.ascontiguousarray(img[::-1] if img.ndim in (2, 3) else img[..., ::-1, :, :])


def _rotate(img, degrees, resample, expand, center, fill_value):
    h, w = img.shape[:2]
    cx, cy = ((w - 1) / 2.0, (h - 1) / 2.0) if center is None else center
    m = K.rotation_matrix(cx, cy, degrees)
    out_h, out_w = h, w
    if expand:
        # bounding box of the rotated image (OpenCV RotatedRect in float32)
        r = np.deg2rad(degrees)
        c, s = abs(np.cos(r)), abs(np.sin(r))
        bw = np.float32(w * c + h * s)
        bh = np.float32(w * s + h * c)
        out_w, out_h = int(np.round(bw)), int(np.round(bh))
        m[0, 2] += float(bw) / 2.0 - w / 2.0
        m[1, 2] += float(bh) / 2.0 - h / 2.0
    if isinstance(fill_value, tuple):  # MindSpore hands the fill colour to OpenCV in reverse order
        fill_value = fill_value[::-1]
    return K.warp_affine(img, m, out_h, out_w, resample, fill_value)


def _check_rotate_args(resample, expand, center, fill_value):
    resample = _check_inter(resample, "resample")
    _check_type(expand, bool, "expand")
    if center is not None:
        if not isinstance(center, tuple) or len(center) != 2:
            raise ValueError("Value center needs to be a 2-tuple.")
        for v in center:
            _check_type(v, (int, float), "center")
    return resample, expand, center, _check_fill(fill_value)


class Rotate(_Transform):
    """Rotate by ``degrees`` counter-clockwise about ``center`` (default the image centre)."""

    def __init__(self, degrees, resample=Inter.NEAREST, expand=False, center=None, fill_value=0):
        _check_type(degrees, (int, float), "degrees")
        self.degrees = degrees
        self.resample, self.expand, self.center, self.fill_value = _check_rotate_args(
            resample, expand, center, fill_value)

    def _apply(self, img):
        _cv_image("Rotate", img)
        if self.resample not in (K.NEAREST, K.LINEAR, K.CUBIC, K.AREA):
            raise _op_error("Rotate", "Invalid interpolation mode, only support NEAREST, LINEAR, CUBIC and AREA.")
        res = K.LINEAR if self.resample == K.AREA else self.resample
        return _rotate(img, self.degrees, res, self.expand, self.center, self.fill_value)


class ConvertColor(_Transform):
    """OpenCV colour-space conversion selected by ``convert_mode`` (:class:`ConvertMode`)."""

    def __init__(self, convert_mode):
        if not isinstance(convert_mode, ConvertMode):
            raise TypeError(f"Argument convert_mode with value {convert_mode} is not of type [<enum 'ConvertMode'>]"
                            f", but got {type(convert_mode)}.")
        self.convert_mode = int(convert_mode)

    def _apply(self, img):
        _cv_image("ConvertColor", img)
        m = self.convert_mode
        c = 1 if img.ndim == 2 else img.shape[2]
        if m in (8, 9):
            if c != 1:
                raise _op_error("ConvertColor", f"the number of channels of the input image is {c}, but the "
                                "convert mode needs 1 channel.")
            g = img.reshape(img.shape[:2])
            out = np.stack([g] * 3, axis=2)
            return _add_alpha(out, _alpha_max(img)) if m == 9 else out
        if c not in (3, 4):
            raise _op_error("ConvertColor", f"the number of channels of the input image is {c}, but the convert "
                            "mode needs 3 or 4 channels.")
        if m in (6, 10):      # BGR(A) -> gray
            return K.rgb_to_gray(img[:, :, 2::-1])
        if m in (7, 11):      # RGB(A) -> gray
            return K.rgb_to_gray(img[:, :, :3])
        rgb = img[:, :, 2::-1] if m in (2, 3, 4, 5) else img[:, :, :3]
        if m in (0, 2, 5):    # 4 output channels
            alpha = img[:, :, 3:4] if c == 4 else np.full(img.shape[:2] + (1,), _alpha_max(img), img.dtype)
            return np.ascontiguousarray(np.concatenate([rgb, alpha], axis=2))
        return np.ascontiguousarray(rgb)


def _alpha_max(img):
    return {np.dtype(np.uint8): 255, np.dtype(np.uint16): 65535}.get(img.dtype, 1)


def _add_alpha(img, alpha_max=255):
    a = np.full(img.shape[:2] + (1,), alpha_max, img.dtype)
    return np.concatenate([img, a], axis=2)


class Grayscale:
    """PIL image -> grayscale PIL image with ``num_output_channels`` (1 or 3) channels."""

    def __init__(self, num_output_channels=1):
        _check_type(num_output_channels, int, "num_output_channels")
        if num_output_channels not in (1, 3):
            raise ValueError("Number of channels of the output grayscale image should be either 1 or 3. "
                             f"Got {num_output_channels}.")
        self.num_output_channels = num_output_channels

    def __call__(self, img):
        if not isinstance(img, Image.Image):
            raise TypeError(f"img should be PIL image. Got {type(img)}. Use Decode() for encoded data or ToPIL() "
                            "for decoded data.")
        g = img.convert("L")
        if self.num_output_channels == 3:
            a = np.asarray(g)
            return Image.fromarray(np.stack([a] * 3, axis=2), "RGB")
        return g


# ---------------------------------------------------------------------------------------
# Random transforms


class _RandomFlip(_Transform):
    """Flip (``_flip`` on arrays, PIL's transpose method ``_pil_method`` on images) with probability
    ``prob``."""
    _name = ""

    def __init__(self, prob=0.5):
        self.prob = _check_prob(prob)

    def _pil(self, img):
        return img.transpose(self._pil_method) if _rng().random() < self.prob else img

    def _apply(self, img):
        _image(self._name, img, 2, 4)
        return self._flip(img) if _rng().random() < self.prob else img.copy()


class RandomHorizontalFlip(_RandomFlip):
    """Flip left-right with probability ``prob``."""
    _name = "RandomHorizontalFlip"
    _pil_method = 0   # Image.FLIP_LEFT_RIGHT
    _flip = staticmethod(_hflip)


class RandomVerticalFlip(_RandomFlip):
    """Flip top-bottom with probability ``prob``."""
    _name = "RandomVerticalFlip"
    _pil_method = 1   # Image.FLIP_TOP_BOTTOM
    _flip = staticmethod(_vflip)


class RandomCrop(_Transform):
    """Crop a random ``size`` region, after optional ``padding`` (and ``pad_if_needed``)."""

    def __init__(self, size, padding=None, pad_if_needed=False, fill_value=0, padding_mode=Border.CONSTANT):
        s = _check_size(size)
        self.size = (s, s) if isinstance(s, int) else s
        self.padding = None if padding is None else _check_padding(padding)
        _check_type(pad_if_needed, bool, "pad_if_needed")
        self.pad_if_needed = pad_if_needed
        self.fill_value = _check_fill(fill_value)
        self.padding_mode = _check_border(padding_mode)

    def _pil(self, img):
        return _via_numpy(RandomCrop._apply)(self, img)

    def _apply(self, img):
        _cv_image("RandomCrop", img)
        if self.padding is not None:
            left, top, right, bottom = self.padding
            img = K.pad(img, top, bottom, left, right, self.padding_mode, self.fill_value)
        ch, cw = self.size
        h, w = img.shape[:2]
        if self.pad_if_needed and (ch > h or cw > w):
            ph, pw = max(ch - h, 0), max(cw - w, 0)
            img = K.pad(img, ph, ph, pw, pw, self.padding_mode, self.fill_value)
            h, w = img.shape[:2]
        if ch > h or cw > w:
            raise RuntimeError("Shape is incorrect. RandomCrop: invalid crop size, crop size is bigger than "
                               f"the image dimensions, got crop height: {ch}, crop width: {cw}")
        r = _rng()
        top, left = r.randint(0, h - ch), r.randint(0, w - cw)
        return _crop(img, top, left, ch, cw)


class RandomResizedCrop(_Transform):
    """Crop a random area/aspect-ratio region and resize it to ``size``."""

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.), interpolation=Inter.BILINEAR,
                 max_attempts=10):
        s = _check_size(size)
        self.size = (s, s) if isinstance(s, int) else s
        if not isinstance(scale, (list, tuple)) or len(scale) != 2:
            raise TypeError("scale should be a list/tuple of length 2.")
        for v in scale:
            _check_type(v, (int, float), "scale")
        if scale[0] > scale[1]:
            raise ValueError("scale should be in (min,max) format. Got (max,min).")
        for v in scale:
            _check_range(v, 0, FLOAT_MAX_INTEGER, "scale")
        if scale[1] <= 0:
            raise ValueError("Input scale[1] must be greater than 0.")
        if not isinstance(ratio, (list, tuple)) or len(ratio) != 2:
            raise TypeError("ratio should be a list/tuple of length 2.")
        for i, v in enumerate(ratio):
            _check_type(v, (int, float), f"ratio[{i}]")
            _check_range(v, 0, FLOAT_MAX_INTEGER, f"ratio[{i}]", lo_incl=False)
        if ratio[0] > ratio[1]:
            raise ValueError("ratio should be in (min,max) format. Got (max,min).")
        self.scale, self.ratio = tuple(scale), tuple(ratio)
        self.interpolation = _check_inter(interpolation)
        _check_type(max_attempts, int, "max_attempts")
        _check_range(max_attempts, 1, INT32_MAX, "max_attempts")
        self.max_attempts = max_attempts

    def _pil(self, img):
        w, h = img.size
        top, left, ch, cw = crop_box(h, w, self.scale, self.ratio, self.max_attempts)
        return img.crop((left, top, left + cw, top + ch)).resize((self.size[1], self.size[0]),
                                                                  _pil_resample(self.interpolation))

    def _apply(self, img):
        _cv_image("RandomResizedCrop", img)
        h, w = img.shape[:2]
        top, left, ch, cw = crop_box(h, w, self.scale, self.ratio, self.max_attempts)
        # resize reads the crop in place (it copies when the size does not change)
        return K.resize(img[top:top + ch, left:left + cw], self.size[0], self.size[1], self.interpolation)

    _batch_ragged = True
    _gil_bound = True  # small numpy calls, mostly holding the GIL: the engine runs it on worker processes

    def _batch_apply(self, imgs):
        # the rows in order (the same random draws as row by row), into one stacked output
        out = []
        for img in imgs:
            if not isinstance(img, np.ndarray):
                out.append(self(img))
                continue
            _cv_image("RandomResizedCrop", img)
            h, w = img.shape[:2]
            top, left, ch, cw = crop_box(h, w, self.scale, self.ratio, self.max_attempts)
            out.append(K.resize(img[top:top + ch, left:left + cw], self.size[0], self.size[1],
                                self.interpolation))
        if all(isinstance(o, np.ndarray) for o in out):
            first = out[0]
            if all(o.shape == first.shape and o.dtype == first.dtype for o in out):
                return np.stack(out)
        return out


class RandomRotation(_Transform):
    """Rotate by an angle drawn uniformly from ``degrees`` ((-d, d) for a number d)."""

    def __init__(self, degrees, resample=Inter.NEAREST, expand=False, center=None, fill_value=0):
        self.degrees = _check_degrees(degrees)
        self.resample, self.expand, self.center, self.fill_value = _check_rotate_args(
            resample, expand, center, fill_value)

    def _pil(self, img):
        deg = _rng().uniform(*self.degrees)
        fill = self.fill_value if len(img.getbands()) > 1 or not isinstance(self.fill_value, tuple) \
            else self.fill_value[0]
        return img.rotate(deg, _pil_resample(self.resample), self.expand, self.center, fillcolor=fill)

    def _apply(self, img):
        _cv_image("RandomRotation", img)
        deg = _rng().uniform(*self.degrees)
        res = K.LINEAR if self.resample == K.AREA else self.resample
        return _rotate(img, deg, res, self.expand, self.center, self.fill_value)


def _check_color_factor(v, name, center=1.0, bound=(0, FLOAT_MAX_INTEGER), non_negative=True):
    if _is_num(v):
        if non_negative and v < 0:
            raise ValueError(f"The input value of {name} cannot be negative.")
        return (max(0.0, center - v), center + v) if center == 1.0 else (center - v, center + v)
    if isinstance(v, (list, tuple)):
        if len(v) != 2:
            raise TypeError(f"If {name} is a sequence, the length must be 2.")
        for x in v:
            _check_type(x, (int, float), name)
        if v[0] > v[1]:
            raise ValueError(f"{name} value should be in (min,max) format. Got ({v[0]}, {v[1]}).")
        for x in v:
            _check_range(x, bound[0], bound[1], name)
        return (float(v[0]), float(v[1]))
    raise TypeError(f"Argument {name} with value {v} is not of type [<class 'list'>, <class 'tuple'>, "
                    f"<class 'float'>, <class 'int'>], but got {type(v)}.")


def _blend_dtype(img):
    """The dtypes MindSpore's contrast and saturation kernels take."""
    if img.dtype.type not in (np.uint8, np.uint16, np.float32):
        raise _op_error("RandomColorAdjust", f"the data type of image tensor does not match the requirement of "
                        f"operator. Expecting tensor in type of (uint8, uint16, float32). But got type {img.dtype}.")
    return img


def _adjust_hue(img, hue):
    if img.dtype != np.uint8:
        x = np.clip(img, 0, 255).astype(np.uint8)
    else:
        x = img
    hsv = np.asarray(Image.fromarray(np.ascontiguousarray(x), "RGB").convert("HSV")).copy()
    hsv[..., 0] = (hsv[..., 0].astype(np.int32) + int(round(hue * 255))) % 256
    out = np.asarray(Image.fromarray(hsv, "HSV").convert("RGB"))
    return out.astype(img.dtype)


class RandomColorAdjust(_Transform):
    """Random brightness, contrast, saturation (factors around 1) and hue (shift in [-0.5, 0.5])."""

    def __init__(self, brightness=(1, 1), contrast=(1, 1), saturation=(1, 1), hue=(0, 0)):
        self.brightness = _check_color_factor(brightness, "brightness")
        self.contrast = _check_color_factor(contrast, "contrast")
        self.saturation = _check_color_factor(saturation, "saturation")
        self.hue = _check_color_factor(hue, "hue", center=0.0, bound=(-0.5, 0.5), non_negative=False)
        if self.hue[0] < -0.5 or self.hue[1] > 0.5:
            raise ValueError("Input hue is not within the required interval of [-0.5, 0.5].")

    def _pil(self, img):
        # MindSpore's Python implementation: all four adjustments, in a random order
        r = _rng()
        b, c, s_ = (r.uniform(*v) for v in (self.brightness, self.contrast, self.saturation))
        hu = r.uniform(*self.hue)

        def hue(im):
            if im.mode in ("L", "1", "I", "F"):
                return im
            h, sat, val = im.convert("HSV").split()
            h = Image.fromarray(((np.asarray(h).astype(np.int64) + int(hu * 255)) % 256).astype(np.uint8), "L")
            return Image.merge("HSV", (h, sat, val)).convert(im.mode)

        steps = [lambda im: ImageEnhance.Brightness(im).enhance(b), lambda im: ImageEnhance.Contrast(im).enhance(c),
                 lambda im: ImageEnhance.Color(im).enhance(s_), hue]
        r.shuffle(steps)
        for step in steps:
            img = step(img)
        return img

    def _apply(self, img):
        if img.ndim != 3 or img.shape[2] != 3:
            raise _op_error("RandomColorAdjust", f"image shape is not <H,W,C> or channel is not 3, got shape "
                            f"{img.shape}")
        r = _rng()
        out = img
        b = r.uniform(*self.brightness)
        if b != 1.0:
            out = A.brightness(out, b)
        c = r.uniform(*self.contrast)
        if c != 1.0:
            out = A.contrast(_blend_dtype(out), c)
        s = r.uniform(*self.saturation)
        if s != 1.0:
            out = A.saturation(_blend_dtype(out), s)
        hu = r.uniform(*self.hue)
        if hu != 0.0:
            out = _adjust_hue(out, hu)
        return out if out is not img else img.copy()


from ._vision_batch import CutMixBatch, MixUpBatch, RandomErasing  # noqa: E402
from ._vision_adjust import (AdjustBrightness, AdjustContrast, AdjustSaturation, AdjustSharpness,  # noqa: E402
                             Equalize, Invert, Posterize, Solarize)
from ._vision_affine import Affine, RandomAffine  # noqa: E402
from ._vision_batch import CutOut  # noqa: E402
from ._vision_convert import NormalizePad, ToPIL, ToType  # noqa: E402,F401
from ._vision_filter import GaussianBlur, RandomSharpness  # noqa: E402
from ._augment import AutoAugment, RandAugment, TrivialAugmentWide, UniformAugment  # noqa: E402  (uses the classes above)
from ._vision_tone import (AutoContrast, RandomAdjustSharpness, RandomAutoContrast, RandomColor,  # noqa: E402
                           RandomEqualize, RandomGrayscale, RandomInvert, RandomLighting, RandomPosterize,
                           RandomSolarize)
from ._vision_crop_decode import RandomCropDecodeResize  # noqa: E402

from ._module_paths import add_submodule_paths as _add_submodule_paths  # noqa: E402
_add_submodule_paths(__name__, ("transforms", "utils"))
