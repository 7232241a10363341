"""Affine and RandomAffine for ``mscompat.dataset.vision``: rotation, translation, scale and shear about
the image centre ((w-1)/2, (h-1)/2), warped like ``cv::warpAffine`` with a constant border."""
import numbers

import numpy as np

from . import _image_ops as K
from ._vision_common import FLOAT_MAX_INTEGER, Inter, _check_degrees, _check_fill, _check_inter, _cv_image
from .transforms import _Transform, _check_range, _check_type, _rng

__all__ = ["Affine", "RandomAffine", "affine_matrix"]


def affine_matrix(w, h, degrees, translate_px, scale, shear_deg):
    """Forward 2x3 matrix ``T * C * RSS * C^-1`` (RSS: rotation+scale+shear, C: centre, T: translation)."""
    rot = np.deg2rad(degrees)
    sx, sy = np.deg2rad(shear_deg[0]), np.deg2rad(shear_deg[1])
    a = np.cos(rot - sy) / np.cos(sy)
    b = -np.cos(rot - sy) * np.tan(sx) / np.cos(sy) - np.sin(rot)
    c = np.sin(rot - sy) / np.cos(sy)
    d = -np.sin(rot - sy) * np.tan(sx) / np.cos(sy) + np.cos(rot)
    cx, cy = (w - 1) * 0.5, (h - 1) * 0.5
    rss = np.array([[a * scale, b * scale], [c * scale, d * scale]])
    off = np.array([cx, cy]) - rss @ np.array([cx, cy]) + np.asarray(translate_px, np.float64)
    return np.hstack([rss, off[:, None]])


def _warp_resample(resample):
    return {Inter.NEAREST: K.NEAREST, Inter.BILINEAR: K.LINEAR, Inter.BICUBIC: K.CUBIC,
            Inter.PILCUBIC: K.CUBIC}.get(resample, K.LINEAR)


def _apply_affine(img, degrees, translate, scale, shear, resample, fill):
    _cv_image("Affine", img)
    h, w = img.shape[:2]
    m = affine_matrix(w, h, degrees, (translate[0] * w, translate[1] * h), scale, shear)
    return K.warp_affine(img, m, h, w, _warp_resample(resample), fill)


def _num(v, name):
    _check_type(v, (int, float), name)
    return float(v)


class Affine(_Transform):
    """Apply one affine transformation (``degrees`` rotation, ``translate`` as fractions of width/height,
    ``scale``, ``shear`` in degrees: a number for x, or (x, y))."""

    def __init__(self, degrees, translate, scale, shear, resample=Inter.NEAREST, fill_value=0):
        _check_range(_num(degrees, "degrees"), -180, 180, "degrees")
        if not isinstance(translate, (list, tuple)):
            raise TypeError(f"Argument translate with value {translate} is not of type [<class 'list'>, "
                            f"<class 'tuple'>], but got {type(translate)}.")
        if len(translate) != 2:
            raise TypeError("The length of translate should be 2.")
        for i, t in enumerate(translate):
            _check_range(_num(t, "translate"), -1.0, 1.0, f"translate[{i}]")
        _num(scale, "scale")
        if scale <= 0:
            raise ValueError(f"Input scale must be greater than 0: {scale}")
        if isinstance(shear, (list, tuple)):
            if len(shear) != 2:
                raise TypeError("The length of shear should be 2.")
            for i, s in enumerate(shear):
                _check_range(_num(s, "shear"), -180, 180, f"shear[{i}]")
            shear = (float(shear[0]), float(shear[1]))
        else:
            _check_range(_num(shear, "shear"), -180, 180, "shear")
            shear = (float(shear), 0.0)
        self.degrees, self.translate, self.scale, self.shear = float(degrees), tuple(translate), float(scale), shear
        self.resample = _check_inter(resample, "resample")
        self.fill_value = _check_fill(fill_value)

    def _apply(self, img):
        return _apply_affine(img, self.degrees, self.translate, self.scale, self.shear, self.resample,
                             self.fill_value)


def _range_arg(v, name, lo, hi, lengths):
    if not isinstance(v, (list, tuple)):
        raise TypeError(f"{name} should be a list or tuple of length {' or '.join(map(str, lengths))}.")
    for x in v:
        _check_type(x, (int, float), name)
    if len(v) not in lengths:
        raise TypeError(f"{name} should be a list or tuple of length {' or '.join(map(str, lengths))}.")
    for i, x in enumerate(v):
        _check_range(x, lo, hi, f"{name} at {i}")
    return tuple(float(x) for x in v)


class RandomAffine(_Transform):
    """Affine transformation with parameters drawn uniformly from the given ranges."""

    def __init__(self, degrees, translate=None, scale=None, shear=None, resample=Inter.NEAREST, fill_value=0):
        degrees = _check_degrees(degrees)
        translate = (0.0, 0.0, 0.0, 0.0) if translate is None else _range_arg(translate, "translate", -1.0, 1.0,
                                                                               (2, 4))
        if len(translate) == 2:
            translate = translate + (0.0, 0.0)
        if scale is None:
            scale = (1.0, 1.0)
        else:
            scale = _range_arg(scale, "scale", 0, FLOAT_MAX_INTEGER, (2,))
            if scale[0] > scale[1]:
                raise ValueError("Input scale[1] must be equal to or greater than scale[0].")
            if scale[1] <= 0:
                raise ValueError("Input scale[1] must be greater than 0.")
        if shear is None:
            shear = (0.0, 0.0, 0.0, 0.0)
        elif isinstance(shear, numbers.Number) and not isinstance(shear, bool):
            if shear <= 0:
                raise ValueError(f"Input shear must be greater than 0: {shear}")
            shear = (-float(shear), float(shear), 0.0, 0.0)
        else:
            shear = _range_arg(shear, "shear", -FLOAT_MAX_INTEGER, FLOAT_MAX_INTEGER, (2, 4))
            if shear[0] > shear[1] or (len(shear) == 4 and shear[2] > shear[3]):
                raise ValueError("Input shear[1] must be equal to or greater than shear[0] and shear[3] must be "
                                 "equal to or greater than shear[2].")
            if len(shear) == 2:
                shear = shear + (0.0, 0.0)
        self.degrees, self.translate, self.scale, self.shear = degrees, translate, scale, shear
        self.resample = _check_inter(resample, "resample")
        self.fill_value = _check_fill(fill_value)

    def _apply(self, img):
        r = _rng()
        deg = r.uniform(*self.degrees)
        tx, ty = r.uniform(*self.translate[:2]), r.uniform(*self.translate[2:])
        sc = r.uniform(*self.scale)
        sh = (r.uniform(*self.shear[:2]), r.uniform(*self.shear[2:]))
        return _apply_affine(img, deg, (tx, ty), sc, sh, self.resample, self.fill_value)
