"""``DistributedGradReducer`` (``mindspore.nn.wrap.grad_reducer``).

MindSpore's data parallel: every rank computes the loss and the gradients of its own batch, and
this cell all-reduces (sums) the gradients over the ranks, dividing by ``degree`` when ``mean``
is set, in float32 (``gradient_fp32_sync``). Where it runs decides what that means here
(``mscompat.parallel._data.all_reduce_gradient``):

* in a compiled DATA_PARALLEL step (which runs per device, ``mscompat.parallel._data``): a
  ``psum`` over the mesh devices (one MindSpore rank per device), divided by the device count
  when ``mean`` (a ``degree`` from ``get_group_size()``, which counts processes, is not used);
* eagerly in a job of several processes: an all-reduce over the processes (each process is one
  rank in PyNative), divided by their number when ``mean``;
* eagerly in one process with a DATA_PARALLEL mesh (PyNative runs the whole batch at once): the
  gradient itself with ``mean``, ``n`` times it without;
* otherwise (one device): the identity, divided by ``degree`` when ``mean``.
"""
from mscompat.nn.cell import Cell
from mscompat.parallel._data import all_reduce_gradient
from mscompat.parallel._mesh import _ACTIVE
from mscompat import context

__all__ = ["DistributedGradReducer"]


def _group_size():
    try:
        from mscompat.communication.management import get_group_size   # the parallel issue's module
        return get_group_size()
    except Exception:   # pylint: disable=broad-except
        return 1


def _gradients_mean():
    try:
        return bool(context.get_auto_parallel_context("gradients_mean"))
    except Exception:   # pylint: disable=broad-except
        return False


def _data_parallel_devices():
    """Devices of the active DATA_PARALLEL mesh, or 0 when none is active."""
    st = _ACTIVE[0]
    return st.size if st is not None and st.data_parallel else 0


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
            keep = self.allreduce_filter if len(self.allreduce_filter) == len(grads) else (True,) * len(grads)
            # layerwise_parallel Parameters keep their own gradient, as on MindSpore
            return tuple(all_reduce_gradient(g, self.mean, self.degree, n) if k else g for g, k in zip(grads, keep))
        return all_reduce_gradient(grads, self.mean, self.degree, n)
