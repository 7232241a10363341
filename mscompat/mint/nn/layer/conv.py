"""mint.nn.Conv1d/2d/3d and ConvTranspose2d: torch-style convolution layers (``padding`` as ints,
'same' or 'valid', ``padding_mode``), parameters ``weight`` (HeUniform(sqrt(5))) and ``bias``
(Uniform(1/sqrt(fan_in)))."""
import math

from mscompat import ops
from mscompat._checkparam import check_bool, check_positive_int
from mscompat.common import dtype as mstype
from mscompat.common.initializer import initializer, HeUniform, Uniform, _calculate_fan_in_and_fan_out
from mscompat.common.parameter import Parameter
from mscompat.nn.cell import Cell
from mscompat.mint.nn import functional as F

_PAD_MODES = ("zeros", "reflect", "replicate", "circular")


def _tuple(name, v, n, cls_name):
    if isinstance(v, bool) or not isinstance(v, (int, tuple, list)):
        raise TypeError(f"For '{cls_name}', '{name}' must be an int or a tuple of ints, but got {type(v).__name__}.")
    out = (v,) * n if isinstance(v, int) else tuple(v)
    if len(out) != n:
        raise ValueError(f"For '{cls_name}', '{name}' must have {n} elements, but got {out}.")
    return out


class _Conv(Cell):
    """The shared part of the mint convolution layers."""

    _nd = 2

    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation, transposed,
                 output_padding, groups, bias, padding_mode, dtype=None):
        super().__init__()
        cls = self.cls_name
        nd = self._nd
        self.in_channels = check_positive_int(in_channels, "in_channels", cls)
        self.out_channels = check_positive_int(out_channels, "out_channels", cls)
        self.groups = check_positive_int(groups, "groups", cls)
        if in_channels % groups or out_channels % groups:
            raise ValueError(f"For '{cls}', 'in_channels' and 'out_channels' must be divisible by 'groups', but got "
                             f"in_channels={in_channels}, out_channels={out_channels}, groups={groups}.")
        self.kernel_size = _tuple("kernel_size", kernel_size, nd, cls)
        self.stride = _tuple("stride", stride, nd, cls)
        self.dilation = _tuple("dilation", dilation, nd, cls)
        for name, seq in (("kernel_size", self.kernel_size), ("stride", self.stride), ("dilation", self.dilation)):
            for e in seq:
                check_positive_int(e, f"{name} item", cls)
        if isinstance(padding, str):
            if padding not in ("same", "valid"):
                raise ValueError(f"For '{cls}', 'padding' must be 'same' or 'valid' when it is a str, but got "
                                 f"'{padding}'.")
            if padding == "same" and any(s != 1 for s in self.stride):
                raise ValueError(f"For '{cls}', padding='same' is not supported for strided convolutions.")
            self.padding = padding
        else:
            self.padding = _tuple("padding", padding, nd, cls)
        if padding_mode not in _PAD_MODES:
            raise ValueError(f"The value of 'padding_mode' must be one of '{set(_PAD_MODES)}', but got {padding_mode}.")
        self.padding_mode = padding_mode
        self.transposed = transposed
        self.output_padding = output_padding
        dtype = mstype.float32 if dtype is None else dtype
        shape = ([in_channels, out_channels // groups] if transposed else [out_channels, in_channels // groups]) \
            + list(self.kernel_size)
        self.weight = Parameter(initializer(HeUniform(math.sqrt(5)), shape, dtype=dtype), name="weight")
        if check_bool(bias, "bias", cls):
            fan_in, _ = _calculate_fan_in_and_fan_out(shape)
            init = Uniform(1 / math.sqrt(fan_in)) if fan_in else "zeros"
            self.bias = Parameter(initializer(init, [out_channels], dtype=dtype), name="bias")
        else:
            self.bias = None

    def _padded(self, input):
        """``input`` padded by ``padding_mode`` (non-zero modes), and the padding left to the conv."""
        if self.padding_mode == "zeros" or isinstance(self.padding, str) and self.padding == "valid":
            return input, self.padding
        if isinstance(self.padding, str):    # 'same'
            pads = []
            for d, k in zip(reversed(self.dilation), reversed(self.kernel_size)):
                total = d * (k - 1)
                pads += [total // 2, total - total // 2]
        else:
            pads = [p for p in reversed(self.padding) for _ in range(2)]
        return F.pad(input, tuple(pads), self.padding_mode), 0

    def extend_repr(self):
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
                f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
                f"dilation={self.dilation}, groups={self.groups}, bias={self.bias is not None}")


class Conv1d(_Conv):
    """1-D convolution over (N, C_in, L)."""

    _nd = 1

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 bias=True, padding_mode="zeros", dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, False, (0,), groups,
                         bias, padding_mode, dtype)

    def construct(self, input):
        x, pad = self._padded(input)
        return F.conv1d(x, self.weight, self.bias, self.stride, pad, self.dilation, self.groups)


class Conv2d(_Conv):
    """2-D convolution over (N, C_in, H, W)."""

    _nd = 2

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 bias=True, padding_mode="zeros", dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, False, (0, 0), groups,
                         bias, padding_mode, dtype)

    def construct(self, input):
        x, pad = self._padded(input)
        return F.conv2d(x, self.weight, self.bias, self.stride, pad, self.dilation, self.groups)


class Conv3d(_Conv):
    """3-D convolution over (N, C_in, D, H, W)."""

    _nd = 3

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 bias=True, padding_mode="zeros", dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, False, (0, 0, 0),
                         groups, bias, padding_mode, dtype)

    def construct(self, input):
        x, pad = self._padded(input)
        return F.conv3d(x, self.weight, self.bias, self.stride, pad, self.dilation, self.groups)


class ConvTranspose2d(_Conv):
    """2-D transposed convolution over (N, C_in, H, W); ``weight`` is (C_in, C_out/groups, kH, kW)."""

    _nd = 2

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode="zeros", dtype=None):
        if padding_mode != "zeros":
            raise ValueError(f"Only 'zeros' padding mode is supported for ConvTranspose2d, but got {padding_mode}.")
        if isinstance(padding, str):
            raise ValueError(f"For 'ConvTranspose2d', 'padding' must be an int or a tuple of ints, but got '{padding}'.")
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, True,
                         _tuple("output_padding", output_padding, 2, "ConvTranspose2d"), groups, bias,
                         padding_mode, dtype)

    def construct(self, input, output_size=None):
        return F.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding, self.output_padding,
                                  self.groups, self.dilation)
