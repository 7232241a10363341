"""``DistributedGradReducer`` (``mindspore.nn.wrap.grad_reducer``).

On one device (the only setting mscompat runs today) MindSpore's AllReduce over a group of
size 1 is the identity; the reducer still casts every gradient to float32 for the
reduction, divides by the degree when ``mean`` is set, and casts back. The parallel issue
replaces the reduction with a real collective.
"""
import jax.numpy as jnp

from mscompat.common.tensor import Tensor
from mscompat.nn.cell import Cell

__all__ = ["DistributedGradReducer"]


def _group_size():
    try:
        from mscompat.communication.management import get_group_size   # the parallel issue's module
        return get_group_size()
    except Exception:   # pylint: disable=broad-except
        return 1


def _gradients_mean():
    try:
        from mscompat import context
        return bool(context.get_auto_parallel_context("gradients_mean"))
    except Exception:   # pylint: disable=broad-except
        return False


def _reduce_one(g, scale, mean):
    """All-reduce of one gradient on a group of one device: float32 sum, optional mean."""
    if not isinstance(g, Tensor):
        return g
    a = g._data
    dt = a.dtype
    r = a.astype(jnp.float32)
    if mean:
        r = r * scale
    return Tensor._wrap(r.astype(dt))


class DistributedGradReducer(Cell):
    """All-reduces gradients over the data-parallel group (``mean`` divides by ``degree``).

    Args:
        parameters (list): the Parameters whose gradients are reduced.
        mean (bool): average instead of sum; ``None`` takes the auto-parallel context's
            ``gradients_mean``.
        degree (int): the number of devices; ``None`` takes the group size.
        fusion_type (int), group (str): collective options (no effect on one device).
    """

    def __init__(self, parameters, mean=None, degree=None, fusion_type=1, group="hccl_world_group"):
        super().__init__(auto_prefix=False)
        self.mean = _gradients_mean() if mean is None else mean
        if degree is None:
            degree = _group_size()
        elif isinstance(degree, bool) or not isinstance(degree, int) or degree <= 0:
            raise ValueError("For 'DistributedGradReducer', parameter 'degree' in DistributedGradReducer "
                             "should large than 0 and be int, degree: {}.".format(degree))
        self.degree = degree
        self._scale = 1.0 / degree
        self.fusion_type = fusion_type
        self.group = group
        self.allreduce_filter = tuple(not getattr(p, "layerwise_parallel", False) for p in parameters)

    def construct(self, grads):
        if isinstance(grads, (tuple, list)):
            return tuple(_reduce_one(g, self._scale, self.mean) for g in grads)
        return _reduce_one(grads, self._scale, self.mean)
