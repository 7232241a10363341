"""``mindspore.nn.BiDense``: the bilinear layer ``y = x1^T A x2 + b``.

Weights are created as MindSpore does (Uniform(1/sqrt(in1_channels)) for the weight, then the
bias), so the initial values after the same ``set_seed`` are MindSpore's.
"""
import math

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common.initializer import initializer, Uniform
from mscompat import ops
from mscompat.nn.cell import Cell
from mscompat._checkparam import check_positive_int, check_bool, check_is_tensor

__all__ = ['BiDense']


def _check_last_dimension(input_dim, channels, input_name, channels_name, cls_name):
    if input_dim != channels:
        raise ValueError(f"For '{cls_name}', the last dimension of '{input_name}' must be same as '{channels_name}', "
                         f"but got {input_dim} of '{input_name}' and {channels} of '{channels_name}'")


class BiDense(Cell):
    """Bilinear transformation of ``input1`` (*, in1) and ``input2`` (*, in2) to (*, out):
    weight (out, in1, in2), bias (out,)."""

    def __init__(self, in1_channels, in2_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
                 dtype=mstype.float32):
        super().__init__()
        check_positive_int(in1_channels, 'in1_channels', self.cls_name)
        self.in_channels = check_positive_int(in2_channels, 'in2_channels', self.cls_name)
        self.out_channels = check_positive_int(out_channels, 'out_channels', self.cls_name)
        self.has_bias = check_bool(has_bias, 'has_bias', self.cls_name)
        self.in1_channels = in1_channels
        self.in2_channels = in2_channels
        bound = 1 / math.sqrt(in1_channels)
        if weight_init is None:
            weight_init = Uniform(bound)
        if isinstance(weight_init, Tensor):
            if weight_init.ndim != 3 or tuple(weight_init.shape) != (out_channels, in1_channels, in2_channels):
                raise ValueError(f"For '{self.cls_name}', weight init shape error. The ndim of 'weight_init' must be "
                                 f"equal to 3, the first dim must be equal to 'out_channels', the second dim must be "
                                 f"equal to 'in1_channels', and the third dim must be equal to 'in2_channels'. But got "
                                 f"'weight_init': {weight_init}, 'out_channels': {out_channels}, 'in_channels': "
                                 f"{in1_channels}, 'in2_channels': {in2_channels}")
        self.weight = Parameter(initializer(weight_init, (out_channels, in1_channels, in2_channels), dtype=dtype),
                                'weight')
        if self.has_bias:
            if bias_init is None:
                bias_init = Uniform(bound)
            if isinstance(bias_init, Tensor):
                if bias_init.ndim != 1 or bias_init.shape[0] != out_channels:
                    raise ValueError(f"For '{self.cls_name}', bias init shape error. The ndim of 'bias_init' should be "
                                     f"equal to 1, and the first dim must be equal to 'out_channels'. But got "
                                     f"'bias_init': {bias_init}, 'out_channels': {out_channels}.")
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype=dtype), name='bias')
            self.bias_add = ops.BiasAdd()
        self.matmul = ops.MatMul()

    def construct(self, input1, input2):
        check_is_tensor('input1', input1, self.cls_name, allow_none=True)
        check_is_tensor('input2', input2, self.cls_name, allow_none=True)
        s1, s2 = tuple(input1.shape), tuple(input2.shape)
        _check_last_dimension(s1[-1], self.in1_channels, 'input1', 'in1_channels', self.cls_name)
        _check_last_dimension(s2[-1], self.in2_channels, 'input2', 'in2_channels', self.cls_name)
        if s1[:-1] != s2[:-1]:
            raise ValueError(f"For '{self.cls_name}', the dimensions except the last of 'input1' must be same as "
                             f"'input2', but got {s1} of 'input1' and {s2} of 'input2'")
        if len(s1) != 2:
            input1 = input1.reshape((-1, s1[-1]))
            input2 = input2.reshape((-1, s2[-1]))
        batch_size = input1.shape[0]
        output = self.matmul(input1, self.weight.transpose(1, 2, 0).view(self.in1_channels, -1))
        output = output.view(batch_size, self.in2_channels, self.out_channels)
        output = output.transpose(2, 0, 1) * input2
        output = output.sum(2).swapaxes(0, 1)
        if self.has_bias:
            output = self.bias_add(output, self.bias)
        if len(s1) != 2:
            output = output.reshape(s1[:-1] + (-1,))
        return output

    def extend_repr(self):
        s = f'in1_channels={self.in1_channels}, in2_channels={self.in2_channels}, output_channels={self.out_channels}'
        if self.has_bias:
            s += f', has_bias={self.has_bias}'
        return s
