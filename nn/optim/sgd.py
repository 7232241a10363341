"""``mindspore.nn.SGD``: stochastic gradient descent with momentum, dampening and Nesterov
(MindSpore's ``SGD`` kernel), state ``accum.<param>``, ``stat.<param>`` and ``momentum``."""
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common.api import jit
from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register

__all__ = ["SGD"]


def _sgd_update(param, accum, stat, grad, lr, momentum, dampening, nesterov):
    """MindSpore's SGD kernel: with momentum > 0, the first step (``stat > 0``) sets
    ``accum = grad`` and clears ``stat``; later steps ``accum = momentum * accum +
    (1 - dampening) * grad``; the step is ``accum`` (Nesterov: ``grad + momentum * accum``)."""
    dt = param.dtype
    grad, lr, momentum = grad.astype(dt), lr.astype(dt), momentum.astype(dt)
    use_mom = momentum > 0
    first = stat > 0
    new_accum = jnp.where(first, grad, accum * momentum + (1 - dampening) * grad)
    new_stat = jnp.zeros_like(stat)
    step = grad + new_accum * momentum if nesterov else new_accum
    step = jnp.where(use_mom, step, grad)
    accum = jnp.where(use_mom, new_accum, accum)
    stat = jnp.where(use_mom, new_stat, stat)
    return param - lr * step, accum, stat


class SGD(Optimizer):
    """Stochastic gradient descent (MindSpore's signature, checks and state names)."""

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False,
                 loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if isinstance(momentum, int) and not isinstance(momentum, bool):
            momentum = float(momentum)
        if not isinstance(momentum, float):
            raise TypeError(f"For 'SGD', the argument 'momentum' must be float type, but got {type(momentum)}.")
        if momentum < 0.0:
            raise ValueError(f"For 'SGD', the argument 'momentum' must be at least 0.0, but got {momentum}.")
        if isinstance(dampening, int) and not isinstance(dampening, bool):
            dampening = float(dampening)
        if not isinstance(dampening, float):
            raise TypeError(f"For 'SGD', the argument 'dampening' must be float type, but got {type(dampening)}.")
        if dampening < 0.0:
            raise ValueError(f"For 'SGD', the argument 'dampening' must be at least 0.0, "
                             f"but got 'dampening' {dampening}")
        self.dampening = dampening
        validator.check_value_type("nesterov", nesterov, [bool], self.cls_name)
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must "
                             f"equal to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}.")
        self.nesterov = nesterov
        if self.dynamic_weight_decay:
            raise TypeError("For 'SGD', dynamic weight decay is currently not supported, the argument "
                            "'weight_decay' or 'weight_decay' set in grouped 'params' must be float or int type.")
        self.momentum = Parameter(Tensor(momentum, mstype.float32), name="momentum")
        self.accum = self._parameters.clone(prefix="accum", init="zeros")
        self.stat = self._parameters.clone(prefix="stat", init="ones")

    @jit
    def construct(self, gradients):
        grads, lrs = self._prepare(gradients)
        mom = self.momentum._data
        for p, a, s, g, lr in zip(self._parameters, self.accum, self.stat, grads, lrs):
            new_p, new_a, new_s = _sgd_update(p._data, a._data, s._data, g, lr, mom, self.dampening, self.nesterov)
            _write(p, new_p)
            _write(a, new_a)
            _write(s, new_s)
        return (True,) * self.param_length
