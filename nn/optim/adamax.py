"""``mindspore.nn.AdaMax`` (MindSpore's ``ApplyAdaMax``), state ``beta1_power`` (shape (1,)),
``moment1.<param>``, ``moment2.<param>``."""
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common.initializer import initializer
from mscompat.common.api import jit
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register
from mscompat.nn.optim.adam import _check_param_value

__all__ = ["AdaMax"]


class AdaMax(Optimizer):
    """AdaMax: ``m = beta1 * m + (1 - beta1) * g``, ``v = max(beta2 * v, |g|)``,
    ``param -= lr / (1 - beta1_power) * m / (v + eps)``."""

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08, weight_decay=0.0,
                 loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check_param_value(beta1, beta2, eps, self.cls_name)
        self.beta1 = Tensor(beta1, mstype.float32)
        self.beta2 = Tensor(beta2, mstype.float32)
        self.beta1_power = Parameter(initializer(1, [1], mstype.float32), name="beta1_power")
        self.eps = Tensor(eps, mstype.float32)
        self.moment1 = self._parameters.clone(prefix="moment1", init="zeros")
        self.moment2 = self._parameters.clone(prefix="moment2", init="zeros")

    @jit
    def construct(self, gradients):
        grads, lrs = self._prepare(gradients)
        beta1, beta2, eps = self.beta1._data, self.beta2._data, self.eps._data
        b1p = self.beta1_power._data * beta1
        _write(self.beta1_power, b1p)
        b1p = b1p[0]
        for p, m, v, g, lr in zip(self._parameters, self.moment1, self.moment2, grads, lrs):
            pv = p._data
            dt = pv.dtype
            g = g.astype(dt)
            new_m = beta1 * m._data + (1 - beta1) * g
            new_v = jnp.maximum(beta2 * v._data, jnp.abs(g))
            _write(p, pv - lr / (1 - b1p) * (new_m / (new_v + eps)))
            _write(m, new_m)
            _write(v, new_v)
        return (True,) * self.param_length
