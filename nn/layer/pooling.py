"""``mindspore.nn`` pooling layers: max/avg pooling 1d/2d/3d, adaptive pooling, LP pooling,
fractional max pooling and max unpooling, with MindSpore's argument checks and its per-mode
semantics:

* ``pad_mode`` 'valid'/'same' use TF-style padding (the extra pad at the end); average pooling
  in these modes divides by the number of real elements, except the 3-D form (AvgPool3d, and
  AvgPool1d/2d with pad_mode 'pad', padding, ceil_mode, count_include_pad=False or
  divisor_override), which honours ``count_include_pad`` for the 'same' padding too.
* pad_mode 'pad' takes explicit ``padding`` (at most half the kernel), ``dilation``,
  ``ceil_mode`` and ``return_indices`` (flat indices over the input's spatial axes, int64).

The *Ext variants (AvgPool1dExt/2dExt/3dExt, MaxPool2dExt) are left out: MindSpore 2.10's CPU
build has no kernel for them.
"""
import numpy as np

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.ops._args import arr
from mscompat.ops._pool import _max_pool, _avg_pool, _check_pool_input, _out_size
from mscompat.ops._registry import MINT
from mscompat.nn.cell import Cell
from mscompat._checkparam import check_value_type, check_string, GE, check_int, _check_3d_int_or_tuple

__all__ = ['AvgPool3d', 'MaxPool3d', 'AvgPool2d', 'MaxPool2d', 'AvgPool1d', 'MaxPool1d', 'FractionalMaxPool2d',
           'FractionalMaxPool3d', 'AdaptiveAvgPool1d', 'AdaptiveMaxPool1d', 'AdaptiveMaxPool2d', 'AdaptiveMaxPool3d',
           'AdaptiveAvgPool2d', 'AdaptiveAvgPool3d', 'MaxUnpool1d', 'MaxUnpool2d', 'MaxUnpool3d', 'LPPool1d',
           'LPPool2d', 'MaxPool2dExt']

_wrap = Tensor._wrap


class _PoolNd(Cell):
    """Checks shared by the max/avg pooling layers: pad_mode, data_format, kernel_size, stride."""

    def __init__(self, kernel_size, stride, pad_mode, data_format="NCHW"):
        super().__init__()
        check_value_type('pad_mode', pad_mode, [str], self.cls_name)
        self.pad_mode = check_string(pad_mode.upper(), ['VALID', 'SAME', 'PAD'], 'pad_mode', self.cls_name)
        self.format = check_string(data_format, ['NCHW', 'NHWC'], 'format', self.cls_name)
        if self.format == 'NHWC':
            raise ValueError(f"For '{self.cls_name}, the 'NHWC' format only support in GPU target, but got device "
                             f"target CPU.")

        def _int_or_tuple(arg_name, arg_value):
            check_value_type(arg_name, arg_value, [int, tuple], self.cls_name)
            msg = (f"For '{self.cls_name}', the '{arg_name}' must be an positive int number or a tuple, "
                   f"but got {arg_value}")
            if isinstance(arg_value, int):
                if arg_value <= 0:
                    raise ValueError(msg)
            else:
                for item in arg_value:
                    if not (isinstance(item, int) and item > 0):
                        raise ValueError(msg)
                if len(arg_value) == 1:
                    return arg_value[0]
            return arg_value

        self.kernel_size = _int_or_tuple('kernel_size', kernel_size)
        self.stride = _int_or_tuple('stride', stride)

    def construct(self, *inputs):
        return None

    def extend_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}"


def _ntuple(v, n):
    return (v,) * n if isinstance(v, int) else tuple(v)


def _tuple_len(value, arg_name, length, cls_name):
    if len(value) != length:
        raise ValueError(f"For {cls_name}, the length of {arg_name} must be equal to {length}, but got {len(value)}.")
    return value


def _maxpool_padding(padding, nd, cls_name):
    """``padding`` as an ``nd``-tuple (MindSpore's _check_maxpool_padding, without the leading zeros)."""
    check_value_type('padding', padding, (int, tuple, list), cls_name)
    if isinstance(padding, int):
        return (padding,) * nd
    for i, p in enumerate(padding):
        check_int(p, 0, GE, f"padding[{i}]", cls_name)
    if len(padding) == 1:
        return tuple(padding) * nd
    if len(padding) != nd:
        raise ValueError(f"For {cls_name}, the length of padding must equal to {nd}, but got {len(padding)}.")
    return tuple(padding)


def _cal_dilation(dilation, nd, cls_name):
    if isinstance(dilation, int):
        return (dilation,) * nd
    if isinstance(dilation, tuple):
        if len(dilation) == 1:
            return (dilation[0],) * nd
        if len(dilation) == nd:
            return dilation
        if nd == 1:
            raise ValueError(f"For {cls_name}, the length of 'dilation' must be 1, but got {len(dilation)}.")
        raise ValueError(f"For {cls_name}, the length of 'dilation' must be 1 or {nd}, but got {len(dilation)}.")
    raise ValueError(f"For {cls_name}, the 'dilation' must be int or tuple, but got {type(dilation)}.")


def _argmax_pool(x, nd, ksize, strides, pads, dilation, ceil_mode):
    """MindSpore's MaxPool3DWithArgmax on an ``nd``-spatial input: (max, flat int64 indices)."""
    name = "MaxPool3DWithArgmax"
    a = _check_pool_input(name, x, nd, ("float16", "float32", "float64"))
    full_k = (1,) * (3 - nd) + tuple(ksize)
    full_p = (0,) * (3 - nd) + tuple(pads)
    if any(p > k // 2 for p, k in zip(full_p, full_k)):
        raise ValueError(f"For Maxpool3DWithArgmax, pads should be less equal to the half of ksize, but got ksize is "
                         f"{list(full_k)}, pads is {list(full_p)}.")
    for i in range(nd):
        out = _out_size(a.shape[2 + i], ksize[i], strides[i], dilation[i], pads[i], pads[i], ceil_mode)
        if out <= 0:
            raise ValueError(f"For '{name}', the output shape must be positive, but got {out} on spatial axis {i}.")
    out, idx = _max_pool(a, tuple(ksize), tuple(strides), tuple(dilation), [(p, p) for p in pads], bool(ceil_mode),
                         True)
    return _wrap(out), _wrap(idx)


def _check_tf_out(name, a, ksize, strides, pad_mode):
    """ValueError (MindSpore's) when a VALID pooling window does not fit."""
    if pad_mode == "VALID":
        for i, k in enumerate(ksize):
            if a.shape[2 + i] < k:
                outs = [(a.shape[2 + j] - ksize[j]) // strides[j] + 1 for j in range(len(ksize))]
                raise ValueError(f"For '{name}', the each element of the output shape must be larger than 0, but got "
                                 f"output shape: {list(a.shape[:2]) + outs}.")


def _squeeze0(out):
    if isinstance(out, tuple):
        return tuple(ops.squeeze(o, 0) for o in out)
    return ops.squeeze(out, 0)


class _MaxPoolNd(_PoolNd):
    """The forward pass the max pooling layers share: an unbatched input gets a batch axis for the pass,
    'pad' mode pools with argmax indices (``_with_indices``; the values alone unless ``return_indices``),
    the other modes through the TF-style kernel (``_pool``)."""
    _nd = 2

    def _with_indices(self):
        return self.use_pad

    def construct(self, x):
        expand_batch = x.ndim == self._nd + 1
        if expand_batch:
            x = ops.expand_dims(x, 0)
        if self._with_indices():
            out = _argmax_pool(x, self._nd, self._k, self._s, self.padding, self._d, self.ceil_mode)
        else:
            out = self._pool(x)
        if expand_batch:
            out = _squeeze0(out)
        if self._with_indices() and not self.return_indices:
            return out[0]
        return out


class MaxPool2dExt(Cell):
    """2D max pooling over ``(N, C, H, W)`` or ``(C, H, W)`` with torch-style arguments (``stride`` defaults
    to ``kernel_size``; ``padding`` on both sides; ``dilation``; ``ceil_mode``): ``mint.nn.MaxPool2d``."""

    def __init__(self, kernel_size=1, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = kernel_size if stride is None else stride
        self.padding, self.dilation = padding, dilation
        self.return_indices, self.ceil_mode = return_indices, ceil_mode

    def construct(self, input):
        # the registered mint.nn.functional.max_pool2d (mint imports nn: read from the registry, no import cycle)
        return MINT["nn.functional"]["max_pool2d"].fn(input, self.kernel_size, self.stride, self.padding,
                                                      self.dilation, self.ceil_mode, self.return_indices)


class MaxPool2d(_MaxPoolNd):
    """2D max pooling over ``(N, C, H, W)`` or ``(C, H, W)``.

    pad_mode 'valid'/'same' (TF-style), or 'pad' with ``padding``, ``dilation``, ``ceil_mode`` and
    ``return_indices`` (only allowed with 'pad').
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1, return_indices=False,
                 ceil_mode=False, data_format="NCHW"):
        super().__init__(kernel_size, stride, pad_mode, data_format)
        self.return_indices = return_indices
        if pad_mode.upper() == "PAD":
            self.use_pad = True
            if isinstance(self.kernel_size, tuple):
                _tuple_len(self.kernel_size, 'kernel_size', 2, self.cls_name)
            if isinstance(self.stride, tuple):
                _tuple_len(self.stride, 'stride', 2, self.cls_name)
            self.padding = _maxpool_padding(padding, 2, self.cls_name)
            self._k = _ntuple(self.kernel_size, 2)
            self._s = _ntuple(self.stride, 2)
            self._d = _cal_dilation(dilation, 2, self.cls_name)
            self.ceil_mode = ceil_mode
        else:
            self.use_pad = False
            if padding != 0 or dilation != 1 or return_indices or ceil_mode:
                raise ValueError(f"For MaxPool2d, the parameter 'padding', 'dilation', 'return_indices', 'ceil_mode' "
                                 f"can not be set to non-default value when pad_mode is not 'pad', but got "
                                 f"pad_mode:{pad_mode}.")
            self.max_pool = ops.MaxPool(kernel_size=self.kernel_size, strides=self.stride, pad_mode=self.pad_mode,
                                        data_format=self.format)

    def _pool(self, x):
        a = arr(x)
        if a.ndim == 4:
            _check_tf_out("MaxPool", a, self.max_pool.kernel_size, self.max_pool.strides, self.pad_mode)
        return self.max_pool(x)


class MaxPool1d(_MaxPoolNd):
    """1D max pooling over ``(N, C, L)`` or ``(C, L)``; ``kernel_size`` and ``stride`` are ints."""
    _nd = 1

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1, return_indices=False,
                 ceil_mode=False):
        super().__init__(kernel_size, stride, pad_mode)
        check_int(kernel_size, 1, GE, 'kernel_size', self.cls_name)
        check_int(stride, 1, GE, 'stride', self.cls_name)
        self.return_indices = return_indices
        if pad_mode.upper() == "PAD":
            self.use_pad = True
            self.kernel_size = (1, 1, kernel_size)
            self.stride = (1, 1, stride)
            self._k, self._s = (kernel_size,), (stride,)
            self.padding = _maxpool_padding(padding, 1, self.cls_name)
            self._d = _cal_dilation(dilation, 1, self.cls_name)
            self.ceil_mode = ceil_mode
        else:
            self.use_pad = False
            self.kernel_size = (1, kernel_size)
            self.stride = (1, stride)
            if padding != 0 or dilation != 1 or return_indices or ceil_mode:
                raise ValueError(f"For MaxPool1d, the parameter 'padding', 'dilation', 'return_indices', 'ceil_mode' "
                                 f"can not be set to non-default value when pad_mode is not 'pad', but got "
                                 f"pad_mode:{pad_mode}.")
            self.max_pool = ops.MaxPool(kernel_size=self.kernel_size, strides=self.stride, pad_mode=self.pad_mode)

    def _pool(self, x):
        if x.ndim != 3:
            raise ValueError(f"For '{self.cls_name}', the input must has 3 dim, but got {x.ndim}")
        x = ops.expand_dims(x, 2)
        _check_tf_out("MaxPool", arr(x), self.kernel_size, self.stride, self.pad_mode)
        return ops.squeeze(self.max_pool(x), 2)


class MaxPool3d(_MaxPoolNd):
    """3D max pooling over ``(N, C, D, H, W)`` or ``(C, D, H, W)``."""
    _nd = 3

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1, return_indices=False,
                 ceil_mode=False):
        super().__init__(kernel_size, stride, pad_mode)
        self.return_indices = return_indices
        padding = _maxpool_padding(padding, 3, self.cls_name)
        _check_3d_int_or_tuple('padding', padding, self.cls_name, greater_zero=False)
        self._k = _check_3d_int_or_tuple('kernel_size', kernel_size, "MaxPool3D")
        self._s = _check_3d_int_or_tuple('strides', stride, "MaxPool3D")
        if dilation != 1 or return_indices:
            self.only_pad = True
            if pad_mode.upper() != "PAD":
                raise ValueError(f"For {self.cls_name}, the pad_mode must be 'pad' when dilation is not 1 or "
                                 f"return_indices is True, but got pad_mode:{pad_mode}.")
            self._d = _cal_dilation(dilation, 3, self.cls_name)
            self.padding = padding
            self.ceil_mode = ceil_mode
        else:
            self.only_pad = False
            if pad_mode.upper() != "PAD":
                if any(padding):
                    raise ValueError(f"For 'MaxPool3D', the 'pad_list' must be zero or (0, 0, 0, 0, 0, 0) when "
                                     f"'pad_mode' is not \"pad\", but got 'pad_list' is {padding} and 'pad_mode' is "
                                     f"{pad_mode.lower()}.")
                if ceil_mode:
                    raise ValueError("When the 'pad_mode' is 'same' or 'valid', the 'ceil_mode' only supports 'None'.")
            self.max_pool = ops.MaxPool3D(kernel_size=self._k, strides=self._s, pad_mode=pad_mode,
                                          pad_list=tuple(p for p in padding for _ in range(2)),
                                          ceil_mode=True if ceil_mode else None)

    def _with_indices(self):
        return self.only_pad

    def _pool(self, x):
        a = arr(x)
        if a.ndim == 5:
            _check_tf_out("MaxPool3D", a, self._k, self._s, self.pad_mode)
        return self.max_pool(x)


# ---------------------------------------------------------------------------------------
# Average pooling


def _cal_padding(padding, cls_name, nd):
    """``padding`` as ``nd`` (lo, hi) pairs (MindSpore's _cal_padding)."""
    check_value_type('padding', padding, (int, tuple, list), cls_name)
    if isinstance(padding, int):
        return (padding,) * nd
    for i, p in enumerate(padding):
        check_int(p, 0, GE, f"padding[{i}]", cls_name)
    if len(padding) == nd:
        return tuple(padding)
    if len(padding) == 1:
        return tuple(padding) * nd
    if nd == 1:
        raise ValueError(f"For {cls_name}, the padding must be a int or tuple/list contains one int, but got "
                         f"tuple/list with length:{len(padding)}.")
    raise ValueError(f"For {cls_name}, the padding must be a int or tuple/list contains 1 or {nd} int, but got "
                     f"tuple/list with length:{len(padding)}.")


def _avg3d(x, nd, ksize, strides, pad_mode, pads, ceil_mode, count_include_pad, divisor_override):
    """MindSpore's AvgPool3D semantics on an ``nd``-spatial input (``pads``: one per axis, symmetric)."""
    name = "AvgPool3D"
    a = _check_pool_input(name, x, nd, ("float16", "float32", "float64"))
    if pad_mode == "PAD":
        for i in range(nd):
            if 2 * pads[i] > ksize[i]:
                raise ValueError(f"For 'AvgPool3D the sum of the pads in the two directions should be less than or "
                                 f"equal to the corresponding kernel size, but got pads: {pads} and kernel size "
                                 f"{ksize}.")
        pairs = [(p, p) for p in pads]
        ceil = bool(ceil_mode)
    else:
        if any(pads):
            raise ValueError(f"For 'AvgPool3D', the 'pad' must be zero or (0, 0, 0, 0, 0, 0) when 'pad_mode' is not "
                             f"\"PAD\", but got 'pad' is {pads} and 'pad_mode' is {pad_mode.lower()}.")
        ceil = False
        if pad_mode == "VALID":
            pairs = [(0, 0)] * nd
            _check_tf_out(name, a, ksize, strides, "VALID")
        else:
            pairs = []
            for i in range(nd):
                out = -(-a.shape[2 + i] // strides[i])
                need = max(0, (out - 1) * strides[i] + ksize[i] - a.shape[2 + i])
                pairs.append((need // 2, need - need // 2))
    for i in range(nd):
        if _out_size(a.shape[2 + i], ksize[i], strides[i], 1, pairs[i][0], pairs[i][1], ceil) <= 0:
            raise ValueError(f"For '{name}', the output shape must be positive.")
    return _wrap(_avg_pool(a, tuple(ksize), tuple(strides), pairs, ceil, bool(count_include_pad),
                           divisor_override or 0))


def _divisor(cls_name, divisor_override):
    if divisor_override is not None and divisor_override <= 0:
        raise ValueError(f"For '{cls_name}', the 'divisor_override' must be > 0, but got {divisor_override}.")
    return 0 if divisor_override is None else divisor_override


class AvgPool3d(_PoolNd):
    """3D average pooling over ``(N, C, D, H, W)`` or ``(C, D, H, W)``."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__(kernel_size, stride, pad_mode)
        self._pads = _cal_padding(padding, self.cls_name, 3)
        self._div = _divisor(self.cls_name, divisor_override)
        self._k = _check_3d_int_or_tuple('kernel_size', self.kernel_size, "AvgPool3D")
        self._s = _check_3d_int_or_tuple('strides', self.stride, "AvgPool3D")
        if self.pad_mode != "PAD" and any(self._pads):
            raise ValueError(f"For 'AvgPool3D', the 'pad' must be zero or (0, 0, 0, 0, 0, 0) when 'pad_mode' is not "
                             f"\"PAD\", but got 'pad' is {padding} and 'pad_mode' is {pad_mode}.")
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def construct(self, x):
        expand_batch = len(x.shape) == 4
        if expand_batch:
            x = ops.expand_dims(x, 0)
        out = _avg3d(x, 3, self._k, self._s, self.pad_mode, self._pads, self.ceil_mode, self.count_include_pad,
                     self._div)
        return ops.squeeze(out, 0) if expand_batch else out


class AvgPool2d(_PoolNd):
    """2D average pooling over ``(N, C, H, W)`` or ``(C, H, W)``; the AvgPool3D form (see the module
    docstring) when pad_mode is 'pad', padding is not 0, ceil_mode, count_include_pad=False or a
    divisor_override."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None, data_format="NCHW"):
        super().__init__(kernel_size, stride, pad_mode, data_format)
        if pad_mode.upper() == "PAD" or padding != 0 or ceil_mode or not count_include_pad or \
                divisor_override is not None:
            self.is_expand = True
            self._div = _divisor(self.cls_name, divisor_override)
            self._pads = _cal_padding(padding, self.cls_name, 2)
            if isinstance(self.kernel_size, tuple):
                _tuple_len(self.kernel_size, 'kernel_size', 2, self.cls_name)
            if isinstance(self.stride, tuple):
                _tuple_len(self.stride, 'stride', 2, self.cls_name)
            self._k = _ntuple(self.kernel_size, 2)
            self._s = _ntuple(self.stride, 2)
            if self.pad_mode != "PAD" and any(self._pads):
                raise ValueError(f"For 'AvgPool3D', the 'pad' must be zero or (0, 0, 0, 0, 0, 0) when 'pad_mode' is "
                                 f"not \"PAD\", but got 'pad' is {(0, 0) + tuple(p for p in self._pads for _ in '01')} "
                                 f"and 'pad_mode' is {pad_mode}.")
            self.ceil_mode = ceil_mode
            self.count_include_pad = count_include_pad
        else:
            self.is_expand = False
            self.avg_pool = ops.AvgPool(kernel_size=self.kernel_size, strides=self.stride, pad_mode=self.pad_mode,
                                        data_format=self.format)

    def construct(self, x):
        expand_batch = x.ndim == 3
        if expand_batch:
            x = ops.expand_dims(x, 0)
        if self.is_expand:
            if x.ndim != 4:
                raise ValueError(f"For primitive[AvgPool3D], the length of input must be equal to 5 , but got "
                                 f"{x.ndim + 1}.")
            res = _avg3d(x, 2, self._k, self._s, self.pad_mode, self._pads, self.ceil_mode, self.count_include_pad,
                         self._div)
        else:
            a = arr(x)
            if a.ndim == 4:
                _check_tf_out("AvgPool", a, self.avg_pool.kernel_size, self.avg_pool.strides, self.pad_mode)
            res = self.avg_pool(x)
        return ops.squeeze(res, 0) if expand_batch else res


class AvgPool1d(_PoolNd):
    """1D average pooling over ``(N, C, L)`` or ``(C, L)``; ``kernel_size`` and ``stride`` are ints."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__(kernel_size, stride, pad_mode)
        check_int(self.kernel_size, 1, GE, 'kernel_size', self.cls_name)
        check_int(self.stride, 1, GE, 'stride', self.cls_name)
        if pad_mode.upper() == "PAD" or padding != 0 or ceil_mode or not count_include_pad:
            self._pads = _cal_padding(padding, self.cls_name, 1)
            self.is_expand_3d = True
            if self.pad_mode != "PAD" and any(self._pads):
                raise ValueError(f"For 'AvgPool3D', the 'pad' must be zero or (0, 0, 0, 0, 0, 0) when 'pad_mode' is "
                                 f"not \"PAD\", but got 'pad' is {padding} and 'pad_mode' is {pad_mode}.")
            self._k = (self.kernel_size,)
            self._s = (self.stride,)
            self.ceil_mode = ceil_mode
            self.count_include_pad = count_include_pad
        else:
            self.is_expand_3d = False
            self.kernel_size = (1, self.kernel_size)
            self.stride = (1, self.stride)
            self.avg_pool = ops.AvgPool(kernel_size=self.kernel_size, strides=self.stride, pad_mode=self.pad_mode)

    def construct(self, x):
        expand_batch = x.ndim == 2
        if expand_batch:
            x = ops.expand_dims(x, 0)
        if self.is_expand_3d:
            if x.ndim != 3:
                raise ValueError(f"For primitive[AvgPool3D], the length of input must be equal to 5 , but got "
                                 f"{x.ndim + 2}.")
            x = _avg3d(x, 1, self._k, self._s, self.pad_mode, self._pads, self.ceil_mode, self.count_include_pad, 0)
        else:
            if x.ndim != 3:
                raise ValueError(f"For '{self.cls_name}', the input must has 3 dim, but got {x.ndim}")
            width = x.shape[2]
            k, s = self.kernel_size[1], self.stride[1]
            if width == k:
                x = ops.ReduceMean(keep_dims=True)(x, 2)
            elif width - k < s:
                x = ops.ReduceMean(keep_dims=True)(x[:, :, :k], 2)
            else:
                x = ops.squeeze(self.avg_pool(ops.expand_dims(x, 2)), 2)
        return ops.squeeze(x, 0) if expand_batch else x


# ---------------------------------------------------------------------------------------
# Adaptive pooling


def _adaptive_1d_checks(cls_name, x, output_size):
    shape = x.shape
    if len(shape) != 3:
        raise ValueError(f"For {cls_name}, the input must has 3 dim, but got {len(shape)}.")
    if shape[2] < output_size:
        raise ValueError(f"For {cls_name}, the input's last dimension must be greater or equal to output size "
                         f"{output_size}, but got {shape[2]}.")
    if shape[2] % output_size != 0:
        raise ValueError(f"For {cls_name}, the input's last dimension must be divisible by output size "
                         f"{output_size}, but got {shape[2]}.")
    if x.dtype not in (mstype.float16, mstype.float32):
        raise TypeError(f"For {cls_name}, the x_dtype must be float16 or float32, but got {x.dtype}.")


def _adaptive_1d_pool(cls_name, x, output_size, pool_cls):
    """Adaptive 1D pooling of ``(N, C, L)`` as a fixed ``pool_cls`` window over a (N, C, 1, L) view."""
    _adaptive_1d_checks(cls_name, x, output_size)
    width = x.shape[2]
    stride = width // output_size
    kernel_size = width - (output_size - 1) * stride
    pool = pool_cls(kernel_size=(1, kernel_size), strides=(1, stride))
    return ops.squeeze(pool(ops.expand_dims(x, 2)), 2)


class _AdaptivePool1d(Cell):
    """A positive int ``output_size``, checked in MindSpore's order: the type check first, or with
    ``_range_first`` the ``>= 1`` check first (the two raise different messages for a non-int)."""

    _range_first = False

    def __init__(self, output_size):
        super().__init__()
        if self._range_first:
            check_int(output_size, 1, GE, 'output_size', self.cls_name)
        check_value_type('output_size', output_size, [int], self.cls_name)
        check_int(output_size, 1, GE, 'output_size', self.cls_name)
        self.output_size = output_size


class AdaptiveAvgPool1d(_AdaptivePool1d):
    """1D adaptive average pooling over ``(N, C, L)``; ``L`` must be divisible by ``output_size``."""

    def construct(self, input):  # pylint: disable=redefined-builtin
        return _adaptive_1d_pool(self.cls_name, input, self.output_size, ops.AvgPool)


class AdaptiveMaxPool1d(_AdaptivePool1d):
    """1D adaptive max pooling over ``(N, C, L)``; ``L`` must be divisible by ``output_size``."""

    _range_first = True

    def construct(self, x):
        return _adaptive_1d_pool(self.cls_name, x, self.output_size, ops.MaxPool)


class AdaptiveAvgPool2d(Cell):
    """2D adaptive average pooling; ``output_size`` an int or a pair (``None`` keeps that axis)."""

    def __init__(self, output_size):
        super().__init__()
        self.adaptive_avgpool2d = ops.AdaptiveAvgPool2D(output_size)

    def construct(self, input):  # pylint: disable=redefined-builtin
        return self.adaptive_avgpool2d(input)


class AdaptiveAvgPool3d(Cell):
    """3D adaptive average pooling; ``output_size`` an int or a triple (``None`` keeps that axis)."""

    def __init__(self, output_size):
        super().__init__()
        self.adaptive_avg_pool3d = ops.AdaptiveAvgPool3D(output_size)

    def construct(self, input):  # pylint: disable=redefined-builtin
        return self.adaptive_avg_pool3d(input)


class AdaptiveMaxPool2d(Cell):
    """2D adaptive max pooling; with ``return_indices`` also the flat int64 indices of the maxima."""

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def construct(self, input):  # pylint: disable=redefined-builtin
        return ops.adaptive_max_pool2d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool3d(Cell):
    """3D adaptive max pooling; with ``return_indices`` also the flat int32 indices of the maxima."""

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        if isinstance(output_size, int):
            output_size = (output_size, output_size, output_size)
        if not isinstance(output_size, (tuple, list)) or any(
                not isinstance(v, int) or isinstance(v, bool) for v in output_size):
            raise TypeError(f"For '{self.cls_name}', the 'output_size' must be an int or a tuple of ints, "
                            f"but got {output_size}.")
        self.output_size = Tensor(np.array(output_size, np.int32))
        self._output_size = tuple(output_size)
        self.return_indices = return_indices

    def construct(self, input):  # pylint: disable=redefined-builtin
        a = arr(input)
        if a.ndim not in (4, 5):
            raise ValueError(f"For 'AdaptiveMaxPool3D', the dimension of 'x' must be 4 or 5, but got {a.ndim}.")
        if len(self._output_size) != 3:
            raise ValueError(f"For 'AdaptiveMaxPool3D', the size of 'output_size' must be 3, but got "
                             f"{len(self._output_size)}.")
        out = ops.adaptive_max_pool3d(input, self._output_size, True)
        return out if self.return_indices else out[0]


# ---------------------------------------------------------------------------------------
# LP pooling, fractional max pooling, max unpooling


class _LPPoolNd(Cell):
    """Power-average pooling ``(sum over window x^p)^(1/p)`` with ``ops.<_op_name>``."""

    _op_name = None

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def construct(self, x):
        return getattr(ops, self._op_name)(x, self.norm_type, self.kernel_size, self.stride, self.ceil_mode)


class LPPool1d(_LPPoolNd):
    """Power-average pooling over ``(N, C, L)`` or ``(C, L)``: ``(sum over window x^p)^(1/p)``."""
    _op_name = "lp_pool1d"


class LPPool2d(_LPPoolNd):
    """Power-average pooling over ``(N, C, H, W)``: ``(sum over window x^p)^(1/p)``."""
    _op_name = "lp_pool2d"


def _unpool_output_size(cls_name, output_size):
    if output_size is None:
        return ()
    if not isinstance(output_size, tuple):
        raise ValueError(f"For {cls_name}, output_size must be tuple, but type {type(output_size)}.")
    if not output_size:
        raise ValueError(f"For {cls_name}, the length of output_size must be positive, but got 0.")
    return output_size


class _MaxUnpoolNd(Cell):
    """Inverse of MaxPoolNd: scatter ``x`` to ``indices`` of a zero tensor (``ops.max_unpool<N>d``)."""

    _op_name = None

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = kernel_size if stride is None else stride
        self.padding = padding

    def construct(self, x, indices, output_size=None):
        output_size = _unpool_output_size(self.cls_name, output_size)
        return getattr(ops, self._op_name)(x, indices, self.kernel_size, stride=self.stride, padding=self.padding,
                                           output_size=output_size)


class MaxUnpool1d(_MaxUnpoolNd):
    """Inverse of MaxPool1d: scatter ``x`` to ``indices`` of a zero tensor."""
    _op_name = "max_unpool1d"


class MaxUnpool2d(_MaxUnpoolNd):
    """Inverse of MaxPool2d: scatter ``x`` to ``indices`` of a zero tensor."""
    _op_name = "max_unpool2d"


class MaxUnpool3d(_MaxUnpoolNd):
    """Inverse of MaxPool3d: scatter ``x`` to ``indices`` of a zero tensor."""
    _op_name = "max_unpool3d"


from ._fractional_pool import FractionalMaxPool2d, FractionalMaxPool3d  # noqa: E402,F401
