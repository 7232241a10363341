"""mint.nn shape and resampling layers: Flatten, Unfold, Upsample, UpsamplingNearest2d/Bilinear2d,
PixelShuffle, Fold."""
from mscompat.nn.cell import Cell
from mscompat.nn.layer import image as _nn
from mscompat.mint.nn import functional as F
from mscompat import ops


class Flatten(Cell):
    """Merge the axes ``start_dim`` .. ``end_dim``."""

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def construct(self, input):
        return F.flatten(input, self.start_dim, self.end_dim)


class Unfold(Cell):
    """Sliding local blocks of a 4-D input as columns."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size, self.dilation, self.padding, self.stride = kernel_size, dilation, padding, stride

    def construct(self, input):
        return ops.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)


class Upsample(Cell):
    """Resize by ``size`` or ``scale_factor`` with ``mode``."""

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        self.size, self.scale_factor, self.mode = size, scale_factor, mode
        self.align_corners, self.recompute_scale_factor = align_corners, recompute_scale_factor

    def construct(self, input):
        return F.interpolate(input, self.size, self.scale_factor, self.mode, self.align_corners,
                               self.recompute_scale_factor)


def _check_pairs(kernel, size, scale_factor):
    """The 2-D upsampling layers hand ``size``/``scale_factor`` to the kernel as they are, which takes
    them as tuples or lists only (a bare number is a TypeError, unlike ``interpolate``)."""
    for name, v in (("output_size", size), ("scales", scale_factor)):
        if v is not None and not isinstance(v, (tuple, list)):
            raise TypeError(f"For primitive[{kernel}], '{name}' must be a tuple or list, but got "
                            f"{type(v).__name__}: {v}.")


class UpsamplingNearest2d(Cell):
    """Nearest-neighbour 2-D upsampling."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__()
        self.size, self.scale_factor = size, scale_factor

    def construct(self, input):
        _check_pairs("UpsampleNearest2D", self.size, self.scale_factor)
        return F.interpolate(input, self.size, self.scale_factor, "nearest")


class UpsamplingBilinear2d(Cell):
    """Bilinear 2-D upsampling (align_corners=True)."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__()
        self.size, self.scale_factor = size, scale_factor

    def construct(self, input):
        _check_pairs("UpsampleBilinear2D", self.size, self.scale_factor)
        return F.interpolate(input, self.size, self.scale_factor, "bilinear", True)


class PixelShuffle(_nn.PixelShuffle):
    """(N, C*r*r, H, W) -> (N, C, H*r, W*r): ``nn.PixelShuffle`` under ``mint.nn``."""


class Fold(Cell):
    """Columns of sliding blocks summed back into a (N, C, *output_size) tensor."""

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size, self.kernel_size = output_size, kernel_size
        self.dilation, self.padding, self.stride = dilation, padding, stride

    def construct(self, input):
        return ops.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)
