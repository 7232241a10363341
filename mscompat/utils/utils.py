"""``ExitByRequest``: the graceful-exit flag of a distributed job (every rank agrees to exit)."""
from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.communication import _comm_helper
from mscompat.communication.management import get_group_size

__all__ = ["ExitByRequest"]


class ExitByRequest:
    """``exit_by_request(grad, init_value, exit_value)`` sets ``exit_value`` to whether every rank
    asked to exit (``init_value`` 1 on a rank that asks) and returns ``grad``; with one rank
    (or communication not initialized) it leaves ``exit_value`` alone."""

    def __init__(self):
        self.group_size = get_group_size() if _comm_helper._is_initialized() else 1
        self.is_distributed = self.group_size > 1
        if self.is_distributed:
            self.base = Tensor([self.group_size], dtype=mstype.int32)
        self.base1 = Tensor([1], mstype.int32)
        self.true = Tensor(True, mstype.bool_)

    def exit_by_request(self, grad, init_value, exit_value):
        if self.is_distributed:
            everyone = ops.AllReduce()(init_value)
            agreed = ops.ReduceAll(keep_dims=False)(ops.equal(everyone, self.base))
            grad = ops.depend(grad, ops.assign(exit_value, agreed))
        return grad
