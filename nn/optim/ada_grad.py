"""``mindspore.nn.Adagrad`` (MindSpore's ``ApplyAdagrad``), state ``accum.<param>``."""
import jax.numpy as jnp

from mscompat.common.api import jit
from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register

__all__ = ["Adagrad"]


def _check_param_value(accum, update_slots, prim_name=None):
    validator.check_value_type("accum", accum, [float], prim_name)
    validator.check_value_type("update_slots", update_slots, [bool], prim_name)
    validator.check_non_negative_float(accum, "accum", prim_name)


class Adagrad(Optimizer):
    """Adagrad: ``accum += g^2`` (if ``update_slots``), ``param -= lr * g / sqrt(accum)``."""

    @opt_init_args_register
    def __init__(self, params, accum=0.1, learning_rate=0.001, update_slots=True, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check_param_value(accum, update_slots, self.cls_name)
        self.accum = self._parameters.clone(prefix="accum", init=accum)
        self.update_slots = update_slots

    @jit
    def construct(self, grads):
        grads, lrs = self._prepare(grads)
        for p, a, g, lr in zip(self._parameters, self.accum, grads, lrs):
            pv = p._data
            g = g.astype(pv.dtype)
            acc = a._data + g * g if self.update_slots else a._data
            _write(p, pv - lr.astype(pv.dtype) * g / jnp.sqrt(acc))
            _write(a, acc)
        return (True,) * self.param_length
