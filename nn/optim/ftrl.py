"""``mindspore.nn.FTRL`` (MindSpore's ``ApplyFtrl``), state ``moments.<param>`` (filled with
``initial_accum``) and ``linear.<param>``."""
import jax.numpy as jnp

from mscompat.common.api import jit
from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register

__all__ = ["FTRL"]


def _check_ge(name, value, bound, prim_name, le=False):
    ok = value <= bound if le else value >= bound
    if not ok:
        rel = "<=" if le else ">="
        raise ValueError(f"For '{prim_name}', the '{name}' must be {rel} {bound}, but got {value}.")


def _check_param(initial_accum, learning_rate, lr_power, l1, l2, use_locking, prim_name=None):
    validator.check_value_type("initial_accum", initial_accum, [float], prim_name)
    _check_ge("initial_accum", initial_accum, 0.0, prim_name)
    validator.check_value_type("learning_rate", learning_rate, [float], prim_name)
    validator.check_positive_float(learning_rate, "learning_rate", prim_name)
    validator.check_value_type("lr_power", lr_power, [float], prim_name)
    _check_ge("lr_power", lr_power, 0.0, prim_name, le=True)
    validator.check_value_type("l1", l1, [float], prim_name)
    _check_ge("l1", l1, 0.0, prim_name)
    validator.check_value_type("l2", l2, [float], prim_name)
    _check_ge("l2", l2, 0.0, prim_name)
    validator.check_value_type("use_locking", use_locking, [bool], prim_name)


def _ftrl_update(var, accum, linear, g, lr, l1, l2, lr_power):
    accum_new = accum + g * g
    p_new = jnp.power(accum_new, -lr_power)
    p_old = jnp.power(accum, -lr_power)
    linear = linear + g - (p_new - p_old) / lr * var
    quadratic = p_new / lr + 2 * l2
    var = jnp.where(jnp.abs(linear) > l1, (jnp.sign(linear) * l1 - linear) / quadratic, jnp.zeros_like(var))
    return var, accum_new, linear


class FTRL(Optimizer):
    """Follow-the-regularized-leader (``ApplyFtrl``): a fixed float learning rate only."""

    @opt_init_args_register
    def __init__(self, params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0, l2=0.0,
                 use_locking=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale=loss_scale)
        if self.dynamic_lr or self.is_group_lr:
            raise ValueError("For 'FTRL', dynamic learning rate and group learning rate are currently not "
                             "supported in FTRL, they should all be false, but got dynamic learning rate "
                             f"{self.dynamic_lr} and group learning rate {self.is_group_lr}.")
        _check_param(initial_accum, learning_rate, lr_power, l1, l2, use_locking, self.cls_name)
        self.moments = self._parameters.clone(prefix="moments", init=initial_accum)
        self.linear = self._parameters.clone(prefix="linear", init="zeros")
        self.l1 = l1
        self.l2 = l2
        self.lr = learning_rate
        self.lr_power = lr_power
        if not self.is_group:
            self.decay_flags = tuple(True for _ in self._parameters)
        self.use_locking = use_locking

    @jit
    def construct(self, grads):
        grads, lrs = self._prepare(grads)
        for p, m, lin, g, lr in zip(self._parameters, self.moments, self.linear, grads, lrs):
            pv = p._data
            dt = pv.dtype
            new_p, new_m, new_l = _ftrl_update(pv, m._data, lin._data, g.astype(dt), lr.astype(dt),
                                               jnp.asarray(self.l1, dt), jnp.asarray(self.l2, dt),
                                               jnp.asarray(self.lr_power, dt))
            _write(p, new_p)
            _write(m, new_m)
            _write(lin, new_l)
        return (True,) * self.param_length

    @Optimizer.target.setter
    def target(self, value):
        if not isinstance(value, str):
            raise TypeError(f"For 'FTRL', the property 'target' must be string type, but got type {type(value)}.")
        if value not in ("CPU", "Ascend", "GPU"):
            raise ValueError(f"For 'FTRL', the property 'target' must be 'CPU', 'Ascend' or 'GPU', but got {value}.")
        self._target = value
