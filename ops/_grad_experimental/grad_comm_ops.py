"""``mindspore.ops._grad_experimental.grad_comm_ops``: the Parameter in which MindSpore's
gradient communication accumulates the squared local norms of the gradients
(``set_auto_parallel_context(dump_device_local_norm=True)``).

MindSpore adds to it in the backward pass of its parallel mirror operators (GRAPH_MODE
auto-parallel); mscompat's gradient reduction does not add to it, so it stays at the value the
program assigns (the training wrappers that read it reset it to zero each step)."""
import threading

from mscompat.common import dtype as mstype
from mscompat.common.parameter import Parameter
from mscompat.common.tensor import Tensor
from mscompat.context import get_auto_parallel_context

__all__ = ["get_squared_device_local_norm_param"]

_LOCK = threading.Lock()
_PARAM = []


def get_squared_device_local_norm_param():
    """The float32 scalar Parameter ``_squared_device_local_norm`` (one per process, made on first
    call); ValueError unless ``dump_device_local_norm`` is on in the auto-parallel context."""
    with _LOCK:
        if not _PARAM:
            if not get_auto_parallel_context("dump_device_local_norm"):
                raise ValueError("The parallel config 'dump_device_local_norm' is False.")
            _PARAM.append(Parameter(Tensor(0.0, mstype.float32), name="_squared_device_local_norm",
                                    requires_grad=False))
        return _PARAM[0]
