"""Shared pieces of ``mscompat.dataset.vision``: enums, argument checks, image checks."""
import numbers
from enum import Enum, IntEnum

import numpy as np

from . import _image_ops as K
from .transforms import _check_range, _check_type, _op_error, INT32_MAX

FLOAT_MAX_INTEGER = 16777216


class Inter(IntEnum):
    NEAREST = 0
    ANTIALIAS = 1
    BILINEAR = LINEAR = 2
    BICUBIC = CUBIC = 3
    AREA = 4
    PILCUBIC = 5


class Border(str, Enum):
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class ImageBatchFormat(IntEnum):
    NHWC = 0
    NCHW = 1


class ConvertMode(IntEnum):
    COLOR_BGR2BGRA = 0
    COLOR_RGB2RGBA = 0
    COLOR_BGRA2BGR = 1
    COLOR_RGBA2RGB = 1
    COLOR_BGR2RGBA = 2
    COLOR_RGB2BGRA = 2
    COLOR_RGBA2BGR = 3
    COLOR_BGRA2RGB = 3
    COLOR_BGR2RGB = 4
    COLOR_RGB2BGR = 4
    COLOR_BGRA2RGBA = 5
    COLOR_RGBA2BGRA = 5
    COLOR_BGR2GRAY = 6
    COLOR_RGB2GRAY = 7
    COLOR_GRAY2BGR = 8
    COLOR_GRAY2RGB = 8
    COLOR_GRAY2BGRA = 9
    COLOR_GRAY2RGBA = 9
    COLOR_BGRA2GRAY = 10
    COLOR_RGBA2GRAY = 11


class AutoAugmentPolicy(str, Enum):
    IMAGENET = "imagenet"
    CIFAR10 = "cifar10"
    SVHN = "svhn"


# ---------------------------------------------------------------------------------------
# Argument checks


def _is_num(v):
    return isinstance(v, numbers.Number) and not isinstance(v, bool)


def _check_size(size, name="size", hi=FLOAT_MAX_INTEGER):
    """int or (h, w) sequence of positive ints; returns (h, w) or an int."""
    if isinstance(size, int):
        _check_range(size, 1, hi, name)
        return int(size)
    if isinstance(size, (list, tuple)) and len(size) == 2:
        for i, v in enumerate(size):
            _check_type(v, int, f"{name}[{i}]")
            _check_range(v, 1, hi, f"{name} at dim {i}")
        return tuple(size)
    raise TypeError("Size should be a single integer or a list/tuple (h, w) of length 2.")


def _check_inter(interpolation, name="interpolation"):
    if not isinstance(interpolation, Inter):
        raise TypeError(f"Argument {name} with value {interpolation} is not of type [<enum 'Inter'>], "
                        f"but got {type(interpolation)}.")
    return int(interpolation)


def _check_fill(fill_value):
    if isinstance(fill_value, int) and not isinstance(fill_value, bool):
        _check_range(fill_value, 0, 255, "fill_value")
        return fill_value
    if isinstance(fill_value, tuple) and len(fill_value) == 3:
        for i, v in enumerate(fill_value):
            _check_type(v, int, f"fill_value[{i}]")
            _check_range(v, 0, 255, f"fill_value[{i}]")
        return fill_value
    raise TypeError("fill_value should be a single integer or a 3-tuple.")


def _check_padding(padding):
    if isinstance(padding, int) and not isinstance(padding, bool):
        _check_range(padding, 0, INT32_MAX, "padding")
        return (padding,) * 4
    if isinstance(padding, (list, tuple)):
        if len(padding) not in (2, 4):
            raise ValueError("The size of the padding list or tuple should be 2 or 4.")
        for v in padding:
            _check_type(v, int, "padding")
            _check_range(v, 0, INT32_MAX, "pad_value")
        if len(padding) == 2:
            return (padding[0], padding[1], padding[0], padding[1])
        return tuple(padding)
    raise TypeError(f"Argument padding with value {padding} is not of type [<class 'tuple'>, <class 'list'>, "
                    f"<class 'numbers.Number'>], but got {type(padding)}.")


def _check_border(mode, name="padding_mode"):
    if not isinstance(mode, Border):
        raise TypeError(f"Argument {name} with value {mode} is not of type [<enum 'Border'>], "
                        f"but got {type(mode)}.")
    return mode.value


def _check_prob(prob):
    _check_type(prob, (int, float), "prob")
    _check_range(prob, 0.0, 1.0, "prob")
    return prob


def _check_degrees(degrees):
    """A rotation range as (min, max) degrees: ``d`` means (-d, d); a pair is taken in order."""
    if _is_num(degrees):
        _check_range(degrees, 0, FLOAT_MAX_INTEGER, "degrees")
        return (-float(degrees), float(degrees))
    if isinstance(degrees, (list, tuple)):
        if len(degrees) != 2:
            raise TypeError("If degrees is a sequence, the length must be 2.")
        for v in degrees:
            _check_type(v, (int, float), "degrees")
        if degrees[0] > degrees[1]:
            raise ValueError("degrees should be in (min,max) format. Got (max,min).")
        return (float(degrees[0]), float(degrees[1]))
    raise TypeError(f"Argument degrees with value {degrees} is not of type [<class 'int'>, <class 'float'>, "
                    f"<class 'list'>, <class 'tuple'>], but got {type(degrees)}.")


def _check_ordered_pair(v, name, sequence="list/tuple"):
    """``v`` is a (min, max) list or tuple of two numbers."""
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        raise TypeError(f"{name} should be a {sequence} of length 2.")
    for x in v:
        _check_type(x, (int, float), name)
    if v[0] > v[1]:
        raise ValueError(f"{name} should be in (min,max) format. Got (max,min).")


def _check_minmax_pair(v, name, lo=0.0, hi=FLOAT_MAX_INTEGER):
    _check_ordered_pair(v, name)
    for x in v:
        _check_range(x, lo, hi, name)
    return tuple(float(x) for x in v)


# ---------------------------------------------------------------------------------------
# Image checks


def _image(op, img, min_rank=2, max_rank=3):
    if img.ndim < min_rank or img.ndim > max_rank:
        raise _op_error(op, f"image shape should be <H,W> or <H,W,C>, but got rank: {img.ndim}")
    if img.dtype.kind in "SUO":
        raise _op_error(op, f"image data type should be numeric, got {img.dtype}")
    return img


def _cv_image(op, img):
    _image(op, img)
    if img.dtype.type not in K._CV_DTYPES:
        raise _op_error(op, f"image data type {img.dtype} is not supported by OpenCV.")
    return img


def _uint8_image(op, img, channels=(3,)):
    if img.dtype != np.uint8:
        raise _op_error(op, "the data type of image tensor does not match the requirement of operator. "
                        f"Expecting tensor in type of (uint8). But got type {img.dtype}.")
    if img.ndim != 3 or img.shape[2] not in channels:
        raise _op_error(op, f"image shape is not <H,W,C> or channel is not 3, got shape {img.shape}")
    return img


