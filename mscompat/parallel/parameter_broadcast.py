"""``mindspore.parallel.parameter_broadcast``: every process takes process 0's Parameter values."""
import jax
import numpy as np
from jax.experimental import multihost_utils
from mscompat.common.tensor import Tensor
__all__ = ["parameter_broadcast"]


def parameter_broadcast(net, layout, cur_rank=0, initial_rank=0):
    """Broadcast the Parameters of ``net`` from the first process to the others (several
    processes only; MindSpore returns at once without a ``layout`` or with one process). Compiled
    calls also take process 0's values when they first place a Parameter."""
    if not layout or jax.process_count() <= 1:
        return
    for p in net.get_parameters():
        value = p._value
        if isinstance(value, jax.Array) and not value.is_fully_addressable:
            continue          # already one global array
        p.set_data(Tensor(np.asarray(multihost_utils.broadcast_one_to_all(np.asarray(value)))))
