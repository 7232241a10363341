"""Gradient accumulation for boost training: ``gradient_accumulation_op`` adds ``grad / steps``
into an accumulator Parameter, ``gradient_clear_op`` zeroes it, and
:class:`GradientAccumulation` applies the optimizer once every ``max_accumulation_step`` calls."""
from __future__ import absolute_import, division

from mscompat.common import dtype as mstype
from mscompat.common.parameter import Parameter
from mscompat.common.tensor import Tensor
from mscompat.nn.cell import Cell
from mscompat.ops import composite as C
from mscompat.ops import functional as F
from mscompat.ops import operations as P

__all__ = ['GradientAccumulation', 'gradient_accumulation_op', 'gradient_clear_op']

gradient_accumulation_op = C.MultitypeFuncGraph('gradient_accumulation_op')


@gradient_accumulation_op.register('Int64', 'Tensor', 'Tensor')
def cumulative_grad_process(accumulation_step, cumulative_grad, grad):
    """``cumulative_grad += grad / accumulation_step`` (in place)."""
    P.AssignAdd()(cumulative_grad, grad / accumulation_step)
    return cumulative_grad


gradient_clear_op = C.MultitypeFuncGraph('gradient_clear_op')


@gradient_clear_op.register('Tensor')
def clear_grad(cumulative_grad):
    """Zero the accumulator (in place)."""
    return F.assign(cumulative_grad, P.ZerosLike()(cumulative_grad))


class GradientAccumulation(Cell):
    """Accumulate the mean of ``max_accumulation_step`` gradients and update with ``optimizer``
    when the count is reached; ``construct(loss, grads)`` returns ``loss``."""

    def __init__(self, max_accumulation_step, optimizer):
        super().__init__()
        self._max_accumulation_step = max_accumulation_step
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.hyper_map = C.HyperMap()
        self._grad_accumulation = self.weights.clone(prefix='grad_accumulation', init='zeros')
        self._accumulation_step = Parameter(Tensor(0, dtype=mstype.int32), name='accumulation_step')

    def construct(self, loss, grads):
        loss = F.depend(loss, self.hyper_map(F.partial(gradient_accumulation_op, self._max_accumulation_step),
                                             self._grad_accumulation, grads))
        P.AssignAdd()(self._accumulation_step, Tensor(1, mstype.int32))
        if self._accumulation_step >= self._max_accumulation_step:
            loss = F.depend(loss, self.optimizer(self._grad_accumulation))
            F.assign(self._accumulation_step, Tensor(0, mstype.int32))
        if self._accumulation_step == 0:
            loss = F.depend(loss, self.hyper_map(F.partial(gradient_clear_op), self._grad_accumulation))
        return loss
