"""``mindspore.nn.ChannelShuffle``: interleave the channels of ``groups`` groups."""
from mscompat import ops
from mscompat.nn.cell import Cell

__all__ = ['ChannelShuffle']


class ChannelShuffle(Cell):
    """Split the C channels of an (N, C, *) input into ``groups`` groups and interleave them."""

    def __init__(self, groups):
        super().__init__()
        if not isinstance(groups, int):
            raise TypeError(f"For ChannelShuffle, the param `groups` must be int, but got {type(groups)}.")
        if groups < 1:
            raise ValueError(f"For ChannelShuffle, the param `groups` must be larger than 0, but got {groups}.")
        self.groups = groups
        self.shape = ops.Shape()
        self.reshape = ops.Reshape()
        self.transpose = ops.Transpose()

    def construct(self, x):
        x_shape = self.shape(x)
        n, c = x_shape[0], x_shape[1]
        out = self.reshape(x, (n, self.groups, c // self.groups, -1))
        out = self.transpose(out, (0, 2, 1, 3))
        return self.reshape(out, x_shape)
