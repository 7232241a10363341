"""``mindspore.nn`` padding layers: ConstantPad1d/2d/3d, ZeroPad2d, ReflectionPad1d/2d/3d,
ReplicationPad1d/2d/3d, and ``nn.Pad`` (MindSpore keeps it in nn/layer/basic.py; the same public
name here).

``padding`` of the *PadNd layers lists (left, right) pairs starting at the LAST dimension (an int
pads every padded side); ConstantPad accepts negative values (crop). ``nn.Pad`` takes one
(before, after) pair per dimension, first dimension first, for 'CONSTANT', 'REFLECT' or
'SYMMETRIC'.
"""
import numpy as np

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.nn.cell import Cell
from mscompat._checkparam import check_string

__all__ = ['ConstantPad1d', 'ConstantPad2d', 'ConstantPad3d', 'ReflectionPad1d', 'ReflectionPad2d', 'ReflectionPad3d',
           'ZeroPad2d', 'ReplicationPad1d', 'ReplicationPad2d', 'ReplicationPad3d', 'Pad']


class _ConstantPadNd(Cell):
    """Pad with a constant ``value``."""

    def __init__(self, padding, value, name='ConstantPadNd'):
        super().__init__()
        if isinstance(padding, int):
            if name == 'ConstantPad1d':
                padding = (padding,) * 2
            elif name in ('ConstantPad2d', 'ZeroPad2d'):
                padding = (padding,) * 4
            elif name == 'ConstantPad3d':
                padding = (padding,) * 6
        elif isinstance(padding, tuple):
            if len(padding) % 2 != 0:
                raise ValueError(f"For '{name}', the length of parameter 'padding' with tuple type must be a multiple "
                                 f"of 2, but got {len(padding)}")
            if name == 'ConstantPad1d' and len(padding) != 2:
                raise ValueError(f"For '{name}', the length of parameter 'padding' with tuple type must equal to 2."
                                 f"but got {len(padding)}")
            if name in ('ConstantPad2d', 'ZeroPad2d') and len(padding) > 4:
                raise ValueError(f"For '{name}', the length of parameter 'padding' with tuple type must no more than "
                                 f"4.but got {len(padding)}")
            if name == 'ConstantPad3d' and len(padding) > 6:
                raise ValueError(f"For '{name}', the length of parameter 'padding' with tuple type must no more than "
                                 f"6.but got {len(padding)}")
        else:
            raise TypeError(f"For '{name}', the type of parameter 'padding' must be in [int, tuple], "
                            f"but got {type(padding)}")
        if not isinstance(value, (int, float)):
            raise TypeError(f"For '{name}', the type of parameter 'value' must be in [int, float], "
                            f"but got {type(value)}")
        self.value = value
        self.padding = padding

    def construct(self, x):
        return ops.pad(x, padding=self.padding, mode='constant', value=self.value)


class ConstantPad1d(_ConstantPadNd):
    """Pad the last dimension with ``value``; ``padding`` an int or (left, right)."""

    def __init__(self, padding, value):
        super().__init__(padding, value, name='ConstantPad1d')


class ConstantPad2d(_ConstantPadNd):
    """Pad the last two dimensions with ``value``; ``padding`` an int or up to 4 ints."""

    def __init__(self, padding, value):
        super().__init__(padding, value, name='ConstantPad2d')


class ConstantPad3d(_ConstantPadNd):
    """Pad the last three dimensions with ``value``; ``padding`` an int or up to 6 ints."""

    def __init__(self, padding, value):
        super().__init__(padding, value, name='ConstantPad3d')


class ZeroPad2d(_ConstantPadNd):
    """Pad the last two dimensions with zeros."""

    def __init__(self, padding):
        super().__init__(padding, 0, name='ZeroPad2d')


def _check_padding_tuple(name, padding, non_negative):
    if not isinstance(padding, tuple):
        raise TypeError(f"For '{name}' the input 'padding' must be an integer or tuple, "
                        f"but got {type(padding).__name__}")
    if len(padding) % 2 != 0:
        raise ValueError(f"For '{name}' the length of input 'padding' must be divisible by 2, "
                         f"but got padding of length {len(padding)}. ")
    if not all(isinstance(i, int) for i in padding):
        raise TypeError(f"For '{name}' every element in 'padding' must be integer, but got {padding}. ")
    if non_negative and not all(i >= 0 for i in padding):
        raise ValueError(f"For '{name}' every element in 'padding' must be >= 0. but got {padding}. ")


class _EdgePadNd(Cell):
    """The reflection/replication padding of the last ``_nd`` dimensions: an int ``padding`` pads
    every side, a tuple is checked by :func:`_check_padding_tuple` (``_non_negative``)."""

    _kind = None
    _nd = None
    _non_negative = False

    def __init__(self, padding):
        super().__init__()
        self.name = f"{self._kind}{self._nd}d"
        if isinstance(padding, int):
            padding = (padding,) * (2 * self._nd)
        _check_padding_tuple(self.name, padding, self._non_negative)
        self.padding = padding


class _ReflectionPadNd(_EdgePadNd):
    """Reflect (without repeating the edge) into the padding."""

    _kind = 'ReflectionPad'
    _non_negative = True

    def __init__(self, padding):
        super().__init__(padding)
        flat = self.padding
        pairs = [[flat[2 * i], flat[2 * i + 1]] for i in range(len(flat) // 2)]
        pairs.reverse()
        self.padding = pairs
        self._flat = tuple(flat)

    def construct(self, x):
        if not self.padding:
            return x
        rank = len(x.shape)
        if rank < len(self.padding):
            raise ValueError(f"For padding with length {len(self.padding) * 2}, the dimension of the tensor should be "
                             f"at least {len(self.padding)}, but got {rank}")
        return ops.pad(x, self._flat, mode='reflect')


class ReflectionPad1d(_ReflectionPadNd):
    """Reflection padding of the last dimension."""
    _nd = 1


class ReflectionPad2d(_ReflectionPadNd):
    """Reflection padding of the last two dimensions."""
    _nd = 2


class ReflectionPad3d(_ReflectionPadNd):
    """Reflection padding of the last three dimensions."""
    _nd = 3


class _ReplicationPadNd(_EdgePadNd):
    """Repeat the edge values into the padding (an unbatched input has ``_nd + 1`` dimensions)."""

    _kind = 'ReplicationPad'

    def __init__(self, padding):
        super().__init__(padding)
        self.padv3 = ops.PadV3(mode='edge')

    def construct(self, x):
        if len(x.shape) == self._nd + 1:
            return ops.squeeze(self.padv3(ops.expand_dims(x, 0), self.padding, None), 0)
        return self.padv3(x, self.padding, None)


class ReplicationPad1d(_ReplicationPadNd):
    """Replication padding of the last dimension."""
    _nd = 1


class ReplicationPad2d(_ReplicationPadNd):
    """Replication padding of the last two dimensions."""
    _nd = 2


class ReplicationPad3d(_ReplicationPadNd):
    """Replication padding of the last three dimensions."""
    _nd = 3


class Pad(Cell):
    """Pad with one (before, after) pair per dimension: ``mode`` 'CONSTANT' (zeros; one pair for
    every dimension), 'REFLECT' or 'SYMMETRIC' (up to 4 dimensions)."""

    def __init__(self, paddings, mode="CONSTANT"):
        super().__init__()
        self.mode = mode
        self.paddings = paddings
        check_string(self.mode, ["CONSTANT", "REFLECT", "SYMMETRIC"], 'mode', self.cls_name)
        if not isinstance(paddings, tuple):
            raise TypeError(f"For '{self.cls_name}', the type of 'paddings' must be tuple, "
                            f"but got {type(paddings).__name__}.")
        for item in paddings:
            if len(item) != 2:
                raise ValueError(f"For '{self.cls_name}', the dimension of 'paddings' must be (n, 2), "
                                 f"but got {paddings}.")
        if len(paddings) > 4:
            raise ValueError(f"For '{self.cls_name}', only 'paddings' up to 4 dims is supported, but got "
                             f"{len(paddings)}.")
        if mode == "CONSTANT":
            self.pad = ops.Pad(self.paddings)
        else:
            self.paddings = Tensor(np.array(self.paddings), dtype=mstype.int64)
            self.pad = ops.MirrorPad(mode=mode)

    def construct(self, x):
        if self.mode == "CONSTANT":
            return self.pad(x)
        return self.pad(x, self.paddings)
