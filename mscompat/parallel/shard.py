"""``mindspore.parallel.shard``: the module path model code imports ``Layout`` and ``shard`` from,
and ``_DistributedTensorInfo`` (a tensor's distribution described by a :class:`Layout`, with the
split count per dimension it gives)."""
from ._layout import Layout
from ._shard import shard

__all__ = ["Layout", "shard"]


class _DistributedTensorInfo:
    """The distribution of one tensor, given as a :class:`Layout` called with its tensor map."""

    def __init__(self, distributed_info):
        if not isinstance(distributed_info, Layout):
            raise TypeError("DistributedTensorInfo only supports Layout or DeviceMesh as input, "
                            f"but got {type(distributed_info)}")
        self._layout = distributed_info
        self._distributed_info = distributed_info
        self._sharding_strategy = None

    @property
    def layout(self):
        return self._layout

    @property
    def distributed_info(self):
        return self._distributed_info

    @property
    def sharding_strategy(self):
        """The number of slices of each tensor dimension: the product of the device-matrix axes
        the dimension is mapped onto (1 where it is not split)."""
        if self._sharding_strategy is None:
            info = self._layout.to_dict()
            dev, n = info["device_matrix"], len(info["device_matrix"])
            strategy = []
            for entry in info["tensor_map"]:
                axes = entry if isinstance(entry, (tuple, list)) else (entry,)
                size = 1
                for axis in axes:
                    if axis != -1:
                        size *= dev[n - axis - 1]
                strategy.append(size)
            self._sharding_strategy = strategy
        return self._sharding_strategy
