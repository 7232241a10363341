"""mint.nn pooling layers (stride defaults to the kernel size, torch-style)."""
from mscompat.nn.cell import Cell
from mscompat.mint.nn import functional as F
from mscompat import ops
from mscompat.nn.layer.pooling import MaxPool2dExt as MaxPool2d  # noqa: F401  (MindSpore's mint.nn.MaxPool2d)


class AvgPool1d(Cell):
    """1-D average pooling."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.ceil_mode, self.count_include_pad = ceil_mode, count_include_pad

    def construct(self, input):
        return F.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode, self.count_include_pad)


class _AvgPoolNd(Cell):
    """2-D/3-D average pooling: the subclass names its functional (``_pool``)."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.ceil_mode, self.count_include_pad, self.divisor_override = ceil_mode, count_include_pad, divisor_override

    def construct(self, input):
        return type(self)._pool(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                                self.count_include_pad, self.divisor_override)


class AvgPool2d(_AvgPoolNd):
    """2-D average pooling."""
    _pool = staticmethod(F.avg_pool2d)


class AvgPool3d(_AvgPoolNd):
    """3-D average pooling."""
    _pool = staticmethod(F.avg_pool3d)


class MaxUnpool2d(Cell):
    """The inverse of 2-D max pooling: values written at their pooling indices, zeros elsewhere."""

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding

    def construct(self, input, indices, output_size=None):
        return F.max_unpool2d(input, indices, self.kernel_size, self.stride, self.padding, output_size)


def _adaptive(name, fn, doc, indices=False):
    if indices:
        def __init__(self, output_size, return_indices=False):
            Cell.__init__(self)
            self.output_size, self.return_indices = output_size, return_indices

        def construct(self, input):
            return fn(input, self.output_size, self.return_indices)
    else:
        def __init__(self, output_size):
            Cell.__init__(self)
            self.output_size = output_size

        def construct(self, input):
            return fn(input, self.output_size)
    return type(name, (Cell,), {"__init__": __init__, "construct": construct, "__doc__": doc, "__module__": __name__})


AdaptiveAvgPool1d = _adaptive("AdaptiveAvgPool1d", F.adaptive_avg_pool1d, "1-D adaptive average pooling.")
AdaptiveAvgPool2d = _adaptive("AdaptiveAvgPool2d", F.adaptive_avg_pool2d, "2-D adaptive average pooling.")
AdaptiveAvgPool3d = _adaptive("AdaptiveAvgPool3d", ops.adaptive_avg_pool3d, "3-D adaptive average pooling.")
AdaptiveMaxPool1d = _adaptive("AdaptiveMaxPool1d", F.adaptive_max_pool1d, "1-D adaptive max pooling.", True)
