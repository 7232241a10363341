"""``mindspore.nn`` combined layers: Conv2dBnAct and DenseBnAct (layer, optional BatchNorm,
optional activation), with MindSpore's child names (``conv``/``dense``, ``batchnorm``,
``activation``) so Parameters are named as in MindSpore."""
from mscompat.ops.primitive import Primitive
from mscompat.nn.cell import Cell
from .activation import get_activation, LeakyReLU
from .normalization import BatchNorm2d, BatchNorm1d
from mscompat._checkparam import check_bool
from .conv import Conv2d
from .basic import Dense

__all__ = ['Conv2dBnAct', 'DenseBnAct']


def _activation(cell, activation, alpha):
    if activation == 'leakyrelu':
        return LeakyReLU(alpha)
    act = get_activation(activation) if isinstance(activation, str) else activation
    if activation is not None and not isinstance(act, (Cell, Primitive)):
        raise TypeError(f"For '{cell.cls_name}', the 'activation' must be str or Cell or Primitive, but got "
                        f"{type(activation).__name__}.")
    return act


class _BnActTail(Cell):
    """The optional BatchNorm (``batchnorm``) and activation (``activation``) that follow the
    first layer of Conv2dBnAct and DenseBnAct."""

    def _init_tail(self, bn_cls, out_channels, has_bn, momentum, eps, activation, alpha, after_fake):
        self.has_bn = check_bool(has_bn, 'has_bn', self.cls_name)
        self.has_act = activation is not None
        self.after_fake = check_bool(after_fake, 'after_fake', self.cls_name)
        if has_bn:
            self.batchnorm = bn_cls(out_channels, eps, momentum)
        self.activation = _activation(self, activation, alpha)

    def _tail(self, x):
        if self.has_bn:
            x = self.batchnorm(x)
        if self.has_act:
            x = self.activation(x)
        return x


class Conv2dBnAct(_BnActTail):
    """``nn.Conv2d`` followed by an optional ``BatchNorm2d`` and an optional activation."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0, dilation=1,
                 group=1, has_bias=False, weight_init='normal', bias_init='zeros', has_bn=False, momentum=0.997,
                 eps=1e-5, activation=None, alpha=0.2, after_fake=True):
        super().__init__()
        self.conv = Conv2d(in_channels, out_channels, kernel_size=kernel_size, stride=stride, pad_mode=pad_mode,
                           padding=padding, dilation=dilation, group=group, has_bias=has_bias,
                           weight_init=weight_init, bias_init=bias_init)
        self._init_tail(BatchNorm2d, out_channels, has_bn, momentum, eps, activation, alpha, after_fake)

    def construct(self, x):
        return self._tail(self.conv(x))


class DenseBnAct(_BnActTail):
    """``nn.Dense`` followed by an optional ``BatchNorm1d`` and an optional activation."""

    def __init__(self, in_channels, out_channels, weight_init='normal', bias_init='zeros', has_bias=True, has_bn=False,
                 momentum=0.9, eps=1e-5, activation=None, alpha=0.2, after_fake=True):
        super().__init__()
        self.dense = Dense(in_channels, out_channels, weight_init, bias_init, has_bias)
        self._init_tail(BatchNorm1d, out_channels, has_bn, momentum, eps, activation, alpha, after_fake)

    def construct(self, x):
        return self._tail(self.dense(x))
