"""``mindspore.nn`` convolution layers: Conv1d, Conv2d, Conv3d and their transposed forms.

Weights are created as MindSpore creates them: layout ``(out, in / group, *k)`` (transposed:
``(in, out / group, *k)``; the 1d layers keep MindSpore's 4-D ``(.., 1, k)`` weight),
``HeUniform(a=sqrt(5))`` by default and a ``Uniform(1 / sqrt(fan_in))`` bias, drawn in that
order, so initial values after ``set_seed`` are bit-identical to MindSpore's. The layers run the
convolution primitives of :mod:`mscompat.ops` (Conv2D, Conv3D, Conv2DTranspose/BackpropInput,
Conv3DTranspose) with MindSpore's arguments, so argument and input errors match.
"""
import math

import numpy as np

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common.initializer import initializer, HeUniform, Uniform, _calculate_fan_in_and_fan_out
from mscompat.nn.cell import Cell
from mscompat._checkparam import (EQ, GE, check_value_type, check_positive_int, check_bool, check_string, check_int,
                                  check_non_negative_int, twice, _check_3d_int_or_tuple)

__all__ = ['Conv2d', 'Conv2dTranspose', 'Conv1d', 'Conv1dTranspose', 'Conv3d', 'Conv3dTranspose']


class _Conv(Cell):
    """Common constructor of the convolution layers: argument checks and the Parameters."""

    def __init__(self, in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group, has_bias,
                 weight_init, bias_init, data_format='NCHW', transposed=False, dtype=mstype.float32):
        super().__init__()
        self.in_channels = check_positive_int(in_channels, 'in_channels', self.cls_name)
        self.out_channels = check_positive_int(out_channels, 'out_channels', self.cls_name)
        self.kernel_size = kernel_size
        self.stride = stride
        self.pad_mode = pad_mode
        self.data_format = check_string(data_format, ['NCHW', 'NHWC', 'NCDHW'], 'format', self.cls_name)
        if self.data_format == 'NHWC':
            raise ValueError(f"For '{self.cls_name}', the \"NHWC\" format only support in GPU target, but got the "
                             f"'format' is {self.data_format} and the platform is CPU.")
        if isinstance(padding, int):
            check_non_negative_int(padding, 'padding', self.cls_name)
            self.padding = padding
        elif isinstance(padding, tuple):
            for pad in padding:
                check_non_negative_int(pad, 'padding item', self.cls_name)
            self.padding = padding
        else:
            raise TypeError(f"For '{self.cls_name}', the type of 'padding' must be int or tuple(int), "
                            f"but got {type(padding).__name__}.")
        self.dilation = dilation
        self.group = check_positive_int(group)
        self.has_bias = has_bias
        for k in kernel_size:
            check_positive_int(k, 'kernel_size item', self.cls_name)
        for s in stride:
            check_positive_int(s, 'stride item', self.cls_name)
        for d in dilation:
            check_positive_int(d, 'dilation item', self.cls_name)
        if in_channels % group != 0:
            raise ValueError(f"For '{self.cls_name}', the attr 'in_channels' must be divisible by attr 'group', "
                             f"but got 'in_channels': {in_channels} and 'group': {group}.")
        if out_channels % group != 0:
            raise ValueError(f"For '{self.cls_name}', the 'out_channels' must be divisible by attr 'group', "
                             f"but got 'out_channels': {out_channels} and 'group': {group}.")
        if transposed:
            shape = [in_channels, out_channels // group, *kernel_size]
        else:
            shape = [out_channels, in_channels // group, *kernel_size]
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight_init = weight_init
        self.weight = Parameter(initializer(self.weight_init, shape, dtype=dtype), name='weight')
        self.bias_init = bias_init
        if check_bool(has_bias, 'has_bias', self.cls_name):
            if bias_init is None:
                fan_in, _ = _calculate_fan_in_and_fan_out(shape)
                bias_init = Uniform(1 / math.sqrt(fan_in)) if fan_in != 0 else 'zeros'
                self.bias_init = bias_init
            self.bias = Parameter(initializer(self.bias_init, [out_channels], dtype=dtype), name='bias')
        else:
            self.bias = None

    def construct(self, *inputs):
        raise NotImplementedError(f"'{self.cls_name}' is an abstract convolution cell")

    def _add_bias(self, output):
        """``output`` plus the bias (through ``bias_add``) when the cell has one."""
        if self.has_bias:
            return self.bias_add(output, self.bias)
        return output

    def _init_transposed_mode(self, in_channels, out_channels, pad_mode):
        """The channels and pad-mode flags the 1-D/2-D transposed convolutions keep (pad_mode checked)."""
        self.in_channels = in_channels
        self.out_channels = out_channels
        check_string(pad_mode, ['valid', 'same', 'pad'], 'pad_mode', self.cls_name)
        self.is_valid = self.pad_mode == 'valid'
        self.is_same = self.pad_mode == 'same'
        self.is_pad = self.pad_mode == 'pad'

    def _transposed_shape(self, x, pad_h, pad_w):
        """``(N, C_out, H_out, W_out)`` of the transposed 2-D convolution of the 4-D ``x``."""
        n, _, h, w = x.shape
        h_out = _deconv_output_length(self.is_valid, self.is_same, self.is_pad, h, self.kernel_size[0],
                                      self.stride[0], self.dilation[0], pad_h)
        w_out = _deconv_output_length(self.is_valid, self.is_same, self.is_pad, w, self.kernel_size[1],
                                      self.stride[1], self.dilation[1], pad_w)
        return (n, self.out_channels, h_out, w_out)

    def extend_repr(self):
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
                f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}, "
                f"padding={self.padding}, dilation={self.dilation}, group={self.group}, has_bias={self.has_bias}, "
                f"weight_init={self.weight_init}, bias_init={self.bias_init}, format={self.data_format}")


def _check_group(group, in_channels, out_channels, cls_name, message=None):
    if not (in_channels % group == 0 and out_channels % group == 0):
        raise ValueError(message or f"The argument 'group' should be divisible by 'in_channels' and 'out_channels', "
                                    f"but got group:{group}, in_channels:{in_channels}, out_channels:{out_channels}.")


class Conv2d(_Conv):
    """2D convolution over ``(N, C_in, H, W)``; weight ``(C_out, C_in / group, kh, kw)``.

    Args: in_channels, out_channels, kernel_size (int or 2-tuple), stride=1, pad_mode='same'
    ('same', 'valid' or 'pad'), padding=0 (int or 4-tuple top, bottom, left, right; only with 'pad'),
    dilation=1, group=1, has_bias=False, weight_init=None (HeUniform), bias_init=None (Uniform),
    data_format='NCHW' (NHWC is GPU-only in MindSpore: ValueError), dtype=float32.
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0, dilation=1,
                 group=1, has_bias=False, weight_init=None, bias_init=None, data_format='NCHW',
                 dtype=mstype.float32):
        kernel_size = twice(kernel_size)
        stride = twice(stride)
        _dilation = dilation
        dilation = twice(dilation)
        check_positive_int(group, 'group', type(self).__name__)
        _check_group(group, in_channels, out_channels, type(self).__name__)
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group, has_bias,
                         weight_init, bias_init, data_format, dtype=dtype)
        self._dilation = _dilation
        self.conv2d = ops.Conv2D(out_channel=self.out_channels, kernel_size=self.kernel_size, mode=1,
                                 pad_mode=self.pad_mode, pad=self.padding, stride=self.stride,
                                 dilation=self.dilation, group=self.group, data_format=self.data_format)
        self.bias_add = ops.BiasAdd(data_format=self.data_format)

    def construct(self, x):
        return self._add_bias(self.conv2d(x, self.weight))


def _check_1d_args(cell, kernel_size, stride, padding, dilation):
    name = cell.cls_name
    check_value_type('kernel_size', kernel_size, [int], name)
    check_value_type('stride', stride, [int], name)
    check_value_type('padding', padding, [int], name)
    check_value_type('dilation', dilation, [int], name)
    check_int(kernel_size, 1, GE, 'kernel_size', name)
    check_int(stride, 1, GE, 'stride', name)
    check_non_negative_int(padding, 'padding', name)
    check_int(dilation, 1, GE, 'dilation', name)


def _expand_1d_weight_init(cell, weight_init):
    """A 3-D Tensor ``weight_init`` of a 1d layer gets MindSpore's extra axis 2."""
    if isinstance(weight_init, Tensor):
        check_int(len(weight_init.shape), 3, EQ, 'weight_init_shape', cell.cls_name)
        return Tensor(np.expand_dims(weight_init.asnumpy(), 2), weight_init.dtype)
    return weight_init


class Conv1d(_Conv):
    """1D convolution over ``(N, C_in, L)``; weight ``(C_out, C_in / group, 1, k)`` (MindSpore's layout).

    Args: in_channels, out_channels, kernel_size (int), stride=1, pad_mode='same', padding=0 (int),
    dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, dtype=float32.
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0, dilation=1,
                 group=1, has_bias=False, weight_init=None, bias_init=None, dtype=mstype.float32):
        _check_1d_args(self, kernel_size, stride, padding, dilation)
        check_positive_int(group, 'group', self.cls_name)
        _check_group(group, in_channels, out_channels, self.cls_name)
        kernel_size = (1, kernel_size)
        stride = (1, stride)
        dilation = (1, dilation)
        weight_init = _expand_1d_weight_init(self, weight_init)
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group, has_bias,
                         weight_init, bias_init, dtype=dtype)
        self.padding = (0, 0, padding, padding)
        check_string(pad_mode, ['valid', 'same', 'pad'], 'pad_mode', self.cls_name)
        self.conv2d = ops.Conv2D(out_channel=self.out_channels, kernel_size=self.kernel_size, mode=1,
                                 pad_mode=self.pad_mode, pad=self.padding, stride=self.stride,
                                 dilation=self.dilation, group=self.group)
        self.bias_add = ops.BiasAdd()
        self.expand_dims = ops.ExpandDims()
        self.squeeze = ops.Squeeze(2)

    def construct(self, x):
        x = self.expand_dims(x, 2)
        return self.squeeze(self._add_bias(self.conv2d(x, self.weight)))


def _check_3d_padding(cell, padding):
    check_value_type('padding', padding, (int, tuple), cell.cls_name)
    if isinstance(padding, tuple):
        check_int(len(padding), 6, EQ, 'padding size', cell.cls_name)


def _check_3d_args(cell, in_channels, out_channels, group, kernel_size, stride, dilation, padding):
    """The argument checks of Conv3d and Conv3dTranspose; ``(kernel_size, stride, dilation)`` as 3-tuples."""
    _check_group(group, in_channels, out_channels, cell.cls_name,
                 "The argument 'group' should be divisible by 'in_channels' and 'out_channels'")
    kernel_size = _check_3d_int_or_tuple('kernel_size', kernel_size, cell.cls_name)
    stride = _check_3d_int_or_tuple('stride', stride, cell.cls_name)
    dilation = _check_3d_int_or_tuple('dilation', dilation, cell.cls_name)
    _check_3d_padding(cell, padding)
    return kernel_size, stride, dilation


class Conv3d(_Conv):
    """3D convolution over ``(N, C_in, D, H, W)``; weight ``(C_out, C_in / group, kd, kh, kw)``.

    Args: as :class:`Conv2d`, with 3-tuples and a 6-tuple ``padding`` (head, tail, top, bottom,
    left, right); data_format='NCDHW'.
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0, dilation=1,
                 group=1, has_bias=False, weight_init=None, bias_init=None, data_format='NCDHW',
                 dtype=mstype.float32):
        kernel_size, stride, dilation = _check_3d_args(self, in_channels, out_channels, group, kernel_size, stride,
                                                       dilation, padding)
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group, has_bias,
                         weight_init, bias_init, data_format, dtype=dtype)
        self.conv3d = ops.Conv3D(out_channel=self.out_channels // group, kernel_size=self.kernel_size, mode=1,
                                 pad_mode=self.pad_mode, pad=self.padding, stride=self.stride,
                                 dilation=self.dilation, group=1, data_format=self.data_format)
        self.bias_add = ops.BiasAdd(data_format=self.data_format)
        self.concat = ops.Concat(1)
        self.split_0 = ops.Split(0, self.group)
        self.split_1 = ops.Split(1, self.group)

    def construct(self, x):
        if self.group == 1:
            return self._add_bias(self.conv3d(x, self.weight))
        features = self.split_1(x)
        weights = self.split_0(self.weight)
        out = self.concat(tuple(self.conv3d(features[i], weights[i]) for i in range(self.group)))
        if self.bias is not None:
            shape = [1] * out.ndim
            shape[1] = self.out_channels
            out = out + self.bias.reshape(shape)
        return out


class Conv3dTranspose(_Conv):
    """Transposed 3D convolution; weight ``(C_in, C_out / group, kd, kh, kw)``.

    Output size per axis: 'same' ``in * stride``; 'valid' ``in * stride + max(k_eff - stride, 0)``;
    'pad' ``(in - 1) * stride + k_eff - pad_lo - pad_hi + output_padding`` (``output_padding``
    only with 'pad').
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0, dilation=1,
                 group=1, output_padding=0, has_bias=False, weight_init=None, bias_init=None, data_format='NCDHW',
                 dtype=mstype.float32):
        kernel_size, stride, dilation = _check_3d_args(self, in_channels, out_channels, group, kernel_size, stride,
                                                       dilation, padding)
        output_padding = _check_3d_int_or_tuple('output_padding', output_padding, self.cls_name, greater_zero=False)
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group, has_bias,
                         weight_init, bias_init, data_format, transposed=True, dtype=dtype)
        self.output_padding = output_padding
        self.conv3d_transpose = ops.Conv3DTranspose(in_channel=self.in_channels, out_channel=self.out_channels,
                                                    kernel_size=self.kernel_size, mode=1, pad_mode=self.pad_mode,
                                                    pad=self.padding, stride=self.stride, dilation=self.dilation,
                                                    group=self.group, output_padding=self.output_padding,
                                                    data_format=self.data_format)
        self.bias_add = ops.BiasAdd(data_format=self.data_format)

    def construct(self, x):
        return self._add_bias(self.conv3d_transpose(x, self.weight))


def _deconv_output_length(is_valid, is_same, is_pad, input_length, filter_size, stride_size, dilation_size,
                          padding):
    """The output length of a transposed convolution (MindSpore's rule)."""
    filter_size = filter_size + (filter_size - 1) * (dilation_size - 1)
    if is_valid:
        return input_length * stride_size + max(filter_size - stride_size, 0)
    if is_same:
        return input_length * stride_size
    if is_pad:
        return input_length * stride_size - padding + filter_size - stride_size
    return 0


class Conv2dTranspose(_Conv):
    """Transposed 2D convolution; weight ``(C_in, C_out / group, kh, kw)``.

    ``output_padding`` (int or 2-tuple, only with pad_mode 'pad', each in
    ``[0, max(stride, dilation))``) appends zeros at the bottom/right AFTER the bias, as MindSpore.
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
                 output_padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
                 dtype=mstype.float32):
        kernel_size = twice(kernel_size)
        stride = twice(stride)
        dilation = twice(dilation)
        check_value_type('padding', padding, (int, tuple), self.cls_name)
        if isinstance(padding, tuple):
            check_int(len(padding), 4, EQ, 'padding size', self.cls_name)
        check_value_type('output_padding', output_padding, (int, tuple), self.cls_name)
        if isinstance(output_padding, tuple):
            check_int(len(output_padding), 2, EQ, 'output_padding size', self.cls_name)
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group, has_bias,
                         weight_init, bias_init, transposed=True, dtype=dtype)
        self._init_transposed_mode(in_channels, out_channels, pad_mode)
        self.output_padding = output_padding
        self.conv2d_transpose = ops.Conv2DTranspose(out_channel=in_channels, kernel_size=kernel_size, mode=1,
                                                    pad_mode=pad_mode, pad=padding, stride=stride,
                                                    dilation=dilation, group=group)
        self.bias_add = ops.BiasAdd()
        if isinstance(self.padding, int):
            self.padding_top, self.padding_bottom, self.padding_left, self.padding_right = (self.padding,) * 4
        else:
            self.padding_top, self.padding_bottom, self.padding_left, self.padding_right = self.padding

    def shard(self, strategy):
        self.conv2d_transpose.shard(strategy)
        return self

    def _output_pads(self):
        op_ = self.output_padding
        pads = op_ if isinstance(op_, tuple) else (op_, op_)
        for i in range(2):
            if pads[i] < 0 or pads[i] >= max(self.dilation[i], self.stride[i]):
                if isinstance(op_, tuple):
                    raise ValueError(f"output_padding[{i}] must be in range of [0, max(stride_{'hw'[i]}, "
                                     f"dilation_{'hw'[i]})).")
                raise ValueError(f"output_padding must be in range of [0, max(stride_{'hw'[i]}, "
                                 f"dilation_{'hw'[i]})).")
        if not self.is_pad and (pads[0] > 0 or pads[1] > 0):
            raise ValueError("when output_padding is not zero, pad_mode must be 'pad'")
        return pads

    def construct(self, x):
        shape = self._transposed_shape(x, self.padding_top + self.padding_bottom,
                                       self.padding_left + self.padding_right)
        out = self._add_bias(self.conv2d_transpose(x, self.weight, shape))
        if not isinstance(self.output_padding, tuple) and self.output_padding == 0:
            return out
        ph, pw = self._output_pads()
        return ops.Pad(((0, 0), (0, 0), (0, ph), (0, pw)))(out)


class Conv1dTranspose(_Conv):
    """Transposed 1D convolution over ``(N, C_in, L)``; weight ``(C_in, C_out / group, 1, k)``."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0, dilation=1,
                 group=1, has_bias=False, weight_init=None, bias_init=None, dtype=mstype.float32):
        _check_1d_args(self, kernel_size, stride, padding, dilation)
        kernel_size = (1, kernel_size)
        stride = (1, stride)
        dilation = (1, dilation)
        weight_init = _expand_1d_weight_init(self, weight_init)
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group, has_bias,
                         weight_init, bias_init, transposed=True, dtype=dtype)
        self.padding = (0, 0, padding, padding)
        self._init_transposed_mode(in_channels, out_channels, pad_mode)
        self.conv2d_transpose = ops.Conv2DBackpropInput(out_channel=in_channels, kernel_size=kernel_size, mode=1,
                                                        pad_mode=pad_mode, pad=self.padding, stride=stride,
                                                        dilation=dilation, group=group)
        self.bias_add = ops.BiasAdd()
        self.expand_dims = ops.ExpandDims()
        self.squeeze = ops.Squeeze(2)

    def shard(self, strategy):
        self.conv2d_transpose.shard(strategy)
        return self

    def construct(self, x):
        if len(x.shape) != 3:
            raise ValueError(f"For '{self.cls_name}', the dimension of input must be 3d, but got {len(x.shape)}.")
        x = self.expand_dims(x, 2)
        shape = self._transposed_shape(x, self.padding[0] + self.padding[1], self.padding[2] + self.padding[3])
        return self.squeeze(self._add_bias(self.conv2d_transpose(x, self.weight, shape)))
