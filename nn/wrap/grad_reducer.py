"""``DistributedGradReducer`` (``mindspore.nn.wrap.grad_reducer``).

With a DATA_PARALLEL mesh active (``mscompat.parallel``), a compiled step computes the loss over
the GLOBAL batch (split over the devices) and XLA's SPMD partitioner inserts the all-reduce of
the gradients. MindSpore instead computes each device's loss on its own ``1/n`` of the batch and
all-reduces (sums) the ``n`` per-device gradients, dividing by ``degree`` when ``mean`` is set.
For a loss that averages over the batch (the usual ``reduction='mean'``) the sum of the ``n``
per-device gradients is ``n`` times the gradient of the global-batch loss, so the reducer
returns the global gradient itself with ``mean`` (MindSpore's ``degree`` is the group size, one
process per device, i.e. ``n``; here one process may drive several devices, so a ``degree``
taken from ``get_group_size()`` - which counts processes - is not used) and ``n`` times it without
``mean``, as MindSpore gives. (A loss that SUMS over
the batch would need no factor ``n`` on MindSpore: its per-device gradients already add up to
the global one; write such a loss as a mean, or scale it.) The reduction runs in float32 and
casts back, as MindSpore's ``gradient_fp32_sync``.

Without a mesh (STAND_ALONE, or several processes driving the reducer inside their own
collectives) an AllReduce over a group of one device is the identity: the gradient is cast to
float32, divided by the degree when ``mean`` is set, and cast back.
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


def _data_parallel_devices():
    """Devices of the active DATA_PARALLEL mesh, or 0 when none is active."""
    from mscompat.parallel._mesh import _ACTIVE
    st = _ACTIVE[0]
    return st.size if st is not None and st.data_parallel else 0


def _reduce_one(g, scale, mean, n=0):
    """The all-reduce of one gradient (see the module docstring): float32, optional mean."""
    if not isinstance(g, Tensor):
        return g
    a = g._data
    dt = a.dtype
    if n and mean:
        return g                       # the mean of n per-device gradients: the global gradient
    r = a.astype(jnp.float32)
    if n:
        r = r * float(n)               # the sum of n per-device gradients
    elif mean:
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
        if degree is None:   # MindSpore: the group size, one process per device
            degree = _data_parallel_devices() or _group_size()
        elif isinstance(degree, bool) or not isinstance(degree, int) or degree <= 0:
            raise ValueError("For 'DistributedGradReducer', parameter 'degree' in DistributedGradReducer "
                             "should large than 0 and be int, degree: {}.".format(degree))
        self.degree = degree
        self._scale = 1.0 / degree
        self.fusion_type = fusion_type
        self.group = group
        self.allreduce_filter = tuple(not getattr(p, "layerwise_parallel", False) for p in parameters)

    def construct(self, grads):
        n = _data_parallel_devices()
        if isinstance(grads, (tuple, list)):
            return tuple(_reduce_one(g, self._scale, self.mean, n) for g in grads)
        return _reduce_one(grads, self._scale, self.mean, n)
