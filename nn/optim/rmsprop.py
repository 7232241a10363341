"""``mindspore.nn.RMSProp`` (MindSpore's ``ApplyRMSProp``/``ApplyCenteredRMSProp``), state
``mean_square.<param>`` (ones), ``moment.<param>`` and, centered, ``mean_grad.<param>``."""
import jax.numpy as jnp

from mscompat.common.api import jit
from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register

__all__ = ["RMSProp"]


class RMSProp(Optimizer):
    """RMSProp: ``ms = decay * ms + (1 - decay) * g^2``, ``mom = momentum * mom + lr * g /
    sqrt(ms + eps)`` (centered: ``sqrt(ms - mg^2 + eps)``), ``param -= mom``."""

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, decay=0.9, momentum=0.0, epsilon=1e-10,
                 use_locking=False, centered=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        validator.check_value_type("decay", decay, [float], self.cls_name)
        validator.check_non_negative_float(decay, "decay", self.cls_name)
        validator.check_value_type("momentum", momentum, [float], self.cls_name)
        validator.check_non_negative_float(momentum, "momentum", self.cls_name)
        validator.check_value_type("epsilon", epsilon, [float], self.cls_name)
        validator.check_positive_float(epsilon, "epsilon", self.cls_name)
        validator.check_value_type("use_locking", use_locking, [bool], self.cls_name)
        validator.check_value_type("centered", centered, [bool], self.cls_name)
        self.centered = centered
        if centered:
            self.mg = self._parameters.clone(prefix="mean_grad", init="zeros")
        self.momentum = momentum
        self.ms = self._parameters.clone(prefix="mean_square", init="ones")
        self.moment = self._parameters.clone(prefix="moment", init="zeros")
        self.epsilon = epsilon
        self.decay = decay

    @jit
    def construct(self, gradients):
        grads, lrs = self._prepare(gradients)
        mgs = self.mg if self.centered else (None,) * self.param_length
        for p, mg, ms_, mom, g, lr in zip(self._parameters, mgs, self.ms, self.moment, grads, lrs):
            pv = p._data
            dt = g.dtype
            lr = lr.astype(dt)
            decay, momentum, eps = (jnp.asarray(x, jnp.float32).astype(dt)
                                    for x in (self.decay, self.momentum, self.epsilon))
            new_ms = ms_._data + (g * g - ms_._data) * (1 - decay)
            if self.centered:
                new_mg = mg._data + (g - mg._data) * (1 - decay)
                denom = new_ms - new_mg * new_mg + eps
                _write(mg, new_mg)
            else:
                denom = new_ms + eps
            new_mom = mom._data * momentum + lr * g / jnp.sqrt(denom)
            _write(p, pv - new_mom)
            _write(ms_, new_ms)
            _write(mom, new_mom)
        return (True,) * self.param_length
