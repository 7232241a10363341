"""Primitives that MindSpore 2.10 runs only on Ascend.

On the CPU and GPU targets MindSpore validates their arguments and then refuses them at
kernel selection with a RuntimeError; mscompat does the same. Their Ascend behaviour
belongs to the emulated Ascend backend (DESIGN section 8).
"""
import numbers

from mscompat._checkparam import check_is_tensor
from mscompat.context import get_context
from ._args import Tensor
from ._registry import primitive, register_primitive_class, REQUIRED
from .primitive import Primitive
from mscompat import backends
from ._conv import _conv_forward, _pads


def _on_ascend():
    b = backends._state["active"]
    return b is not None and b.name == "Ascend"


def _unsupported(name):
    target = get_context("device_target")
    if target == "Ascend":
        return RuntimeError(f"{name}: the emulated Ascend device does not model the float-status register "
                            f"(docs/ascend_emulation.md); use amp.all_finite for overflow checks.")
    return RuntimeError(f"Unsupported op [{name}] on {target}: MindSpore runs it only on Ascend. "
                        f"Use set_context(device_target='Ascend'), or an op that {target} supports "
                        f"(ops.FloatStatus / amp.all_finite for overflow checks, ops.Conv2D(group=C) for "
                        f"depthwise convolution).")


class _AscendOnly(Primitive):
    def __init__(self):
        Primitive.__init__(self, type(self).__name__)

    def __call__(self, *args):
        raise _unsupported(self.name)


@register_primitive_class
class NPUAllocFloatStatus(_AscendOnly):
    """Allocates the Ascend float-status register (8 float32 values); Ascend only."""


@register_primitive_class
class NPUClearFloatStatus(_AscendOnly):
    """Clears the Ascend float-status register; Ascend only."""


@register_primitive_class
class NPUGetFloatStatus(_AscendOnly):
    """Reads the Ascend float-status register; Ascend only."""


def _positive_int_pair(name, arg, value):
    """A positive int or a tuple of two positive ints, as a pair (ValueError otherwise)."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        value = (int(value), int(value))
    if (not isinstance(value, tuple) or len(value) != 2
            or not all(isinstance(v, numbers.Integral) and not isinstance(v, bool) and v > 0 for v in value)):
        raise ValueError(f"For '{name}', the '{arg}' must be a positive int or a tuple of two positive ints, "
                         f"but got {value}.")
    return value


def _depthwise_attrs(prim):
    """DepthwiseConv2dNative's constructor checks; the attributes are normalised (pairs, pad tuple)."""
    name = prim.name
    channel_multiplier, kernel_size, mode, pad_mode, pad, stride, dilation, group = (
        prim.channel_multiplier, prim.kernel_size, prim.mode, prim.pad_mode, prim.pad, prim.stride, prim.dilation,
        prim.group)
    prim.kernel_size = _positive_int_pair(name, "kernel_size", kernel_size)
    stride, dilation = _positive_int_pair(name, "stride", stride), _positive_int_pair(name, "dilation", dilation)
    if stride[0] != stride[1]:
        raise ValueError(f"The height and width of 'stride' must be equal,but got height:{stride[0]},  "
                         f"width:{stride[1]}")
    if dilation[0] != dilation[1]:
        raise ValueError(f"The height and width of 'dilation' must be equal,but got height:{dilation[0]},  "
                         f"width:{dilation[1]}")
    if not isinstance(pad, (int, tuple)) or isinstance(pad, bool):
        raise TypeError(f"For '{name}', the type of 'pad' should be one of '['int', 'tuple']', "
                        f"but got type '{type(pad).__name__}'.")
    if not isinstance(pad_mode, str):
        raise TypeError(f"For '{name}', the type of 'pad_mode' should be 'str', "
                        f"but got type '{type(pad_mode).__name__}'.")
    pad = (pad,) * 4 if isinstance(pad, int) else pad
    if len(pad) != 4:
        raise ValueError(f"For '{name}', the 'pad size' must be equal to 4, but got {len(pad)}.")
    if pad_mode.lower() not in ("valid", "same", "pad"):
        raise ValueError(f"For '{name}', the 'pad_mode' must be one of ['valid', 'same', 'pad'], "
                         f"but got '{pad_mode}'.")
    if pad_mode.lower() != "pad" and pad != (0, 0, 0, 0):
        raise ValueError(f"For '{name}', the 'pad' must be zero or (0, 0, 0, 0) when 'pad_mode' is not "
                         f"\"pad\", but got 'pad' is {pad} and 'pad_mode' is {pad_mode}.")
    if mode != 3:
        raise ValueError(f"For '{name}', the 'mode' must be equal to 3, but got {mode}.")
    for arg, v in (("channel_multiplier", channel_multiplier), ("group", group)):
        if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
            raise ValueError(f"For '{name}', the '{arg}' must be a positive int, but got {v}.")
    for k, v in dict(channel_multiplier=channel_multiplier, kernel_size=prim.kernel_size, mode=mode,
                     pad_mode=pad_mode.lower(), pad=pad, stride=stride, dilation=dilation,
                     group=group, data_format="NCHW").items():
        prim.add_prim_attr(k, v)


def _depthwise_conv(prim, x, w):
    name = prim.name
    for arg, t in (("x", x), ("w", w)):
        check_is_tensor(arg, t, name, form="input")
    if w.ndim != 4 or x.ndim != 4:
        raise ValueError(f"For '{name}', 'x' and 'weight' must be 4-D, but got {x.ndim}-D and {w.ndim}-D.")
    if x.shape[1] != w.shape[1]:
        raise ValueError(f"For '{name}', 'x_shape[1]' must be equal to 'w_shape[1]', but got "
                         f"{x.shape[1]} and {w.shape[1]}.")
    if tuple(w.shape[2:]) != prim.kernel_size:
        raise ValueError(f"For '{name}', 'kernel_size' must be equal to 'w_shape[2:4]', but got "
                         f"{prim.kernel_size} and {tuple(w.shape[2:])}.")
    if w.shape[0] != 1:
        raise ValueError(f"For '{name}', the batch of 'weight' must be 1, but got {w.shape[0]}")
    if not _on_ascend():
        raise _unsupported(name)
    a, b = x._data, w._data
    if a.dtype != b.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    c = a.shape[1]
    a_pad = prim.pad if prim.pad_mode == "pad" else (0, 0, 0, 0)
    pads = _pads(name, prim.pad_mode, a_pad, a.shape[2:], prim.kernel_size, prim.stride, prim.dilation)
    out = _conv_forward(a, b.reshape((c, 1) + tuple(b.shape[2:])), prim.stride, pads, prim.dilation, c)
    return Tensor._wrap(out)


primitive("DepthwiseConv2dNative", _conv_forward,
          (("channel_multiplier", REQUIRED), ("kernel_size", REQUIRED), ("mode", 3), ("pad_mode", "valid"), ("pad", 0),
           ("stride", 1), ("dilation", 1), ("group", 1)),
          call=_depthwise_conv, init=_depthwise_attrs, ascend_cube=True,
          doc="Deprecated depthwise convolution (weight (1, C, kh, kw)); Ascend only in MindSpore.")
