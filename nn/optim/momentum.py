"""``mindspore.nn.Momentum``: SGD with momentum (MindSpore's ``ApplyMomentum``), state
``moments.<param>`` and the Parameter ``momentum``."""

from jax import lax

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common.api import jit
from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register

__all__ = ["Momentum"]


def _momentum_update(param, moment, grad, lr, momentum, nesterov):
    """``moment = momentum * moment + grad``; ``param -= lr * moment`` (Nesterov:
    ``param -= lr * grad + lr * momentum * moment``). Returns the new param and moment."""
    dt = param.dtype
    lr, momentum, grad = (lax.convert_element_type(v, dt) for v in (lr, momentum, grad))
    if moment.dtype != dt:          # a moment of another dtype (a checkpoint's): NumPy's promotion
        moment = moment * momentum + grad
        update = grad * lr + moment * momentum * lr if nesterov else lr * moment
        return param - update, moment
    # lax, not the array operators: each of those traces a program of its own (the training
    # step's trace does this for every parameter)
    moment = lax.add(lax.mul(moment, momentum), grad)
    if nesterov:
        update = lax.add(lax.mul(grad, lr), lax.mul(lax.mul(moment, momentum), lr))
    else:
        update = lax.mul(lr, moment)
    return lax.sub(param, update), moment


class Momentum(Optimizer):
    """Momentum optimizer (MindSpore's signature and state names)."""

    @opt_init_args_register
    def __init__(self, params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0, use_nesterov=False):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        validator.check_value_type("momentum", momentum, [float], self.cls_name)
        if isinstance(momentum, float) and momentum < 0.0:
            raise ValueError("For 'Momentum', the argument 'momentum' must be at least 0.0, "
                             "but got {}".format(momentum))
        self.momentum = Parameter(Tensor(momentum, mstype.float32), name="momentum")
        self.params = self._parameters
        self.use_nesterov = validator.check_bool(use_nesterov, "use_nesterov", self.cls_name)
        self.moments = self.params.clone(prefix="moments", init="zeros")

    @jit
    def construct(self, gradients):
        grads, lrs = self._prepare(gradients)
        mom = self.momentum._data
        for p, m, g, lr in zip(self.params, self.moments, grads, lrs):
            new_p, new_m = _momentum_update(p._data, m._data, g, lr, mom, self.use_nesterov)
            _write(p, new_p)
            _write(m, new_m)
        return (True,) * self.param_length
