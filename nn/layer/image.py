"""``mindspore.nn`` image layers: ImageGradients, SSIM, MSSSIM, PSNR, CentralCrop, PixelShuffle,
PixelUnshuffle.

SSIM and MSSSIM filter with MindSpore's Gaussian window through ``nn.Conv2d`` children (not
trainable Parameters ``conv.weight`` / ``multi_convs_list.<i>.weight``), so their Parameters and
checkpoints line up with MindSpore's.
"""
import math
import numbers

import numpy as np

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.nn.cell import Cell
from mscompat.nn.container import CellList
from mscompat._checkparam import (GE, GT, INC_RIGHT, check_value_type, check_number, check_int, check_positive_float,
                                  check_float_range, check_type_name)
from mscompat.nn.layer.conv import Conv2d
from mscompat.nn.layer.pooling import AvgPool2d
from mscompat.nn.layer.activation import ReLU

__all__ = ['ImageGradients', 'SSIM', 'MSSSIM', 'PSNR', 'CentralCrop', 'PixelShuffle', 'PixelUnshuffle']


def _check_input_4d(input_shape, param_name, func_name):
    if len(input_shape) != 4:
        raise ValueError(f"For '{func_name}', the dimension of '{param_name}' must be 4d, but got {len(input_shape)}.")


def _same_type_shape(x, y):
    """``SameTypeShape``: TypeError for different dtypes, ValueError for different shapes."""
    if x.dtype != y.dtype:
        raise TypeError(f"For 'SameTypeShape', the x dtype should be = y dtype: {y.dtype}, but got {x.dtype}.")
    if tuple(x.shape) != tuple(y.shape):
        raise ValueError(f"For 'SameTypeShape', the x shape should be = y shape: {tuple(y.shape)}, but got "
                         f"{tuple(x.shape)}.")


def _check_positive_number(value, arg_name, cls_name):
    check_value_type(arg_name, value, [int, float], cls_name)
    return check_number(arg_name, value, 0.0, GT, cls_name)


class ImageGradients(Cell):
    """Forward differences ``(dy, dx)`` of NCHW ``images`` (zero in the last row / column)."""

    def __init__(self):
        super().__init__()

    def construct(self, images):
        _check_input_4d(ops.shape(images), 'images', self.cls_name)
        batch_size, depth, height, width = ops.shape(images)
        if height == 1:
            dy = ops.fill(images.dtype, (batch_size, depth, 1, width), 0)
        else:
            dy = images[:, :, 1:, :] - images[:, :, :height - 1, :]
            dy = ops.concat((dy, ops.fill(images.dtype, (batch_size, depth, 1, width), 0)), 2)
        if width == 1:
            dx = ops.fill(images.dtype, (batch_size, depth, height, 1), 0)
        else:
            dx = images[:, :, :, 1:] - images[:, :, :, :width - 1]
            dx = ops.concat((dx, ops.fill(images.dtype, (batch_size, depth, height, 1), 0)), 3)
        return dy, dx


def _dtype_max(dtype):
    """The largest value of an integer dtype, 1.0 for floats."""
    np_dtype = mstype.dtype_to_nptype(dtype)
    if issubclass(np.dtype(np_dtype).type, numbers.Integral):
        return float(np.iinfo(np_dtype).max)
    return 1.0


def _to_float32(img, max_val):
    """``img`` (a Tensor or a Python number) as float32, divided by ``max_val`` when it is > 1."""
    ret = ops.cast(img, mstype.float32) if isinstance(img, Tensor) else Tensor(img, mstype.float32)
    if max_val > 1.0:
        ret = ret * (1.0 / max_val)
    return ret


def _create_window(size, sigma):
    """MindSpore's (1, 1, size, size) Gaussian window."""
    x_data, y_data = np.mgrid[-size // 2 + 1:size // 2 + 1, -size // 2 + 1:size // 2 + 1]
    x_data = np.expand_dims(np.expand_dims(x_data, axis=-1).astype(np.float32), axis=-1) ** 2
    y_data = np.expand_dims(np.expand_dims(y_data, axis=-1).astype(np.float32), axis=-1) ** 2
    g = np.exp(-(x_data + y_data) / (2 * sigma ** 2))
    return np.transpose(g / np.sum(g), (2, 3, 0, 1))


def _conv2d(kernel_size, weight):
    return Conv2d(1, 1, kernel_size=kernel_size, stride=1, weight_init=weight, padding=0, pad_mode='valid')


def _per_channel(c1, c2, img1, img2, conv):
    mu1 = conv(img1)
    mu2 = conv(img2)
    mu1_sq = mu1 * mu1
    mu2_sq = mu2 * mu2
    mu1_mu2 = mu1 * mu2
    sigma1_sq = conv(img1 * img1) - mu1_sq
    sigma2_sq = conv(img2 * img2) - mu2_sq
    sigma12 = conv(img1 * img2) - mu1_mu2
    a = 2 * mu1_mu2 + c1
    b = mu1_sq + mu2_sq + c1
    v1 = 2 * sigma12 + c2
    v2 = sigma1_sq + sigma2_sq + c2
    return a * v1 / (b * v2), v1 / v2


def _multi_channel(c1, c2, img1, img2, conv):
    """Mean SSIM and contrast-structure maps per (image, channel)."""
    c = ops.shape(img1)[1]
    s1 = ops.split(img1, 1, 1)
    s2 = ops.split(img2, 1, 1)
    ssims, css = [], []
    for i in range(c):
        s, cs = _per_channel(c1, c2, s1[i], s2[i], conv)
        ssims.append(s)
        css.append(cs)
    ssim = ops.mean(ops.concat(ssims, 1), (2, 3))
    cs = ops.mean(ops.concat(css, 1), (2, 3))
    return ssim, cs


def _check_window_args(cell, max_val, filter_size, filter_sigma, k1, k2):
    cell.max_val = _check_positive_number(max_val, 'max_val', cell.cls_name)
    cell.filter_size = check_int(filter_size, 1, GE, 'filter_size', cell.cls_name)
    cell.filter_sigma = check_positive_float(filter_sigma, 'filter_sigma', cell.cls_name)
    cell.k1 = check_value_type('k1', k1, [float], cell.cls_name)
    cell.k2 = check_value_type('k2', k2, [float], cell.cls_name)


class SSIM(Cell):
    """Structural similarity of two NCHW images (mean over channels), one value per image."""

    def __init__(self, max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__()
        _check_window_args(self, max_val, filter_size, filter_sigma, k1, k2)
        self.conv = _conv2d(filter_size, Tensor(_create_window(filter_size, filter_sigma)))
        self.conv.weight.requires_grad = False

    def construct(self, img1, img2):
        check_type_name('img1', img1.dtype, [mstype.float32, mstype.float16], self.cls_name)
        shape = ops.shape(img1)
        _check_input_4d(shape, 'img1', self.cls_name)
        for i in (2, 3):
            if shape[i] < self.filter_size:
                raise ValueError(f"For '{self.cls_name}', the 'img1 shape[{i}]' must be >= 'filter_size', but got "
                                 f"'img1 shape[{i}]': {shape[i]} and 'filter_size': {self.filter_size}.")
        _same_type_shape(img1, img2)
        dmax = _dtype_max(img1.dtype)
        max_val = _to_float32(self.max_val, dmax)
        img1 = _to_float32(img1, dmax)
        img2 = _to_float32(img2, dmax)
        c1 = (self.k1 * max_val) ** 2
        c2 = (self.k2 * max_val) ** 2
        ssim, _ = _multi_channel(c1, c2, img1, img2, self.conv)
        return ops.mean(ssim, -1)


class MSSSIM(Cell):
    """Multi-scale SSIM of two NCHW images with ``power_factors`` per scale."""

    def __init__(self, max_val=1.0, power_factors=(0.0448, 0.2856, 0.3001, 0.2363, 0.1333), filter_size=11,
                 filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__()
        self.max_val = _check_positive_number(max_val, 'max_val', self.cls_name)
        check_value_type('power_factors', power_factors, [tuple, list], self.cls_name)
        _check_window_args(self, max_val, filter_size, filter_sigma, k1, k2)
        window = _create_window(filter_size, filter_sigma)
        self.level = len(power_factors)
        convs = []
        for _ in range(self.level):
            conv = _conv2d(filter_size, Tensor(window))
            conv.weight.requires_grad = False
            convs.append(conv)
        self.multi_convs_list = CellList(convs)
        self.weight_tensor = Tensor(power_factors, mstype.float32)
        self.avg_pool = AvgPool2d(kernel_size=2, stride=2, pad_mode='valid')
        self.relu = ReLU()

    def construct(self, img1, img2):
        _check_input_4d(ops.shape(img1), 'img1', self.cls_name)
        _check_input_4d(ops.shape(img2), 'img2', self.cls_name)
        check_type_name('img1', img1.dtype, [mstype.float64, mstype.float32, mstype.float16, mstype.uint8],
                     self.cls_name)
        _same_type_shape(img1, img2)
        dmax = _dtype_max(img1.dtype)
        max_val = _to_float32(self.max_val, dmax)
        img1 = _to_float32(img1, dmax)
        img2 = _to_float32(img2, dmax)
        c1 = (self.k1 * max_val) ** 2
        c2 = (self.k2 * max_val) ** 2
        sim = None
        mcs = []
        for i in range(self.level):
            sim, cs = _multi_channel(c1, c2, img1, img2, self.multi_convs_list[i])
            mcs.append(self.relu(cs))
            img1, img2 = self.avg_pool(img1), self.avg_pool(img2)
        values = ops.stack(mcs[:-1] + [self.relu(sim)], -1)
        # zero factors (ReLU-clipped) get a zero gradient, as MindSpore's Pow bprop gives them
        positive = values > 0
        safe = ops.where(positive, values, ops.ones_like(values))
        values = ops.where(positive, ops.pow(safe, self.weight_tensor),
                           ops.pow(ops.stop_gradient(values), self.weight_tensor))
        return ops.mean(ops.prod(values, -1), -1)


class PSNR(Cell):
    """Peak signal-to-noise ratio of two NCHW images, one value per image."""

    def __init__(self, max_val=1.0):
        super().__init__()
        self.max_val = _check_positive_number(max_val, 'max_val', self.cls_name)

    def construct(self, img1, img2):
        _check_input_4d(ops.shape(img1), 'img1', self.cls_name)
        _check_input_4d(ops.shape(img2), 'img2', self.cls_name)
        _same_type_shape(img1, img2)
        dmax = _dtype_max(img1.dtype)
        max_val = _to_float32(self.max_val, dmax)
        img1 = _to_float32(img1, dmax)
        img2 = _to_float32(img2, dmax)
        mse = ops.mean(ops.square(img1 - img2), (-3, -2, -1))
        return 10 * ops.log(ops.square(max_val) / mse) / math.log(10.0)


class CentralCrop(Cell):
    """The central ``central_fraction`` of a CHW or NCHW image."""

    def __init__(self, central_fraction):
        super().__init__()
        check_value_type('central_fraction', central_fraction, [float], self.cls_name)
        check_float_range(central_fraction, 0.0, 1.0, INC_RIGHT, 'central_fraction', self.cls_name)
        self.central_fraction = central_fraction

    def construct(self, image):
        shape = ops.shape(image)
        rank = len(shape)
        if rank not in (3, 4):
            raise ValueError(f"{self.cls_name} image must be 3d or 4d, but got shape {shape}")
        if self.central_fraction == 1.0:
            return image
        h, w = shape[-2], shape[-1]
        h0 = int((float(h) - float(h * self.central_fraction)) / 2)
        w0 = int((float(w) - float(w * self.central_fraction)) / 2)
        return image[..., h0:h - h0, w0:w - w0]


class PixelShuffle(Cell):
    """Rearrange (*, C*r*r, H, W) into (*, C, H*r, W*r)."""

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def construct(self, input):
        return ops.pixel_shuffle(input, self.upscale_factor)


class PixelUnshuffle(Cell):
    """Rearrange (*, C, H*r, W*r) into (*, C*r*r, H, W)."""

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def construct(self, input):
        return ops.pixel_unshuffle(input, self.downscale_factor)
