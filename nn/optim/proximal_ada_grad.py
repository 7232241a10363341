"""``mindspore.nn.ProximalAdagrad`` (MindSpore's ``ApplyProximalAdagrad``), state ``accum.<param>``."""
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.api import jit
from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register

__all__ = ["ProximalAdagrad"]


def _check_param_value(accum, l1, l2, use_locking, prim_name=None):
    validator.check_value_type("accum", accum, [float], prim_name)
    validator.check_value_type("l1", l1, [float], prim_name)
    validator.check_value_type("l2", l2, [float], prim_name)
    validator.check_value_type("use_locking", use_locking, [bool], prim_name)
    validator.check_non_negative_float(accum, "accum", prim_name)
    validator.check_non_negative_float(l1, "l1", prim_name)
    validator.check_non_negative_float(l2, "l2", prim_name)


def _proximal_adagrad_update(var, accum, g, lr, l1, l2):
    accum = accum + g * g
    lr_t = lr / jnp.sqrt(accum)
    prox = var - g * lr_t
    shrunk = jnp.sign(prox) * jnp.maximum(jnp.abs(prox) - lr_t * l1, 0)
    var = jnp.where(l1 > 0, shrunk, prox) / (1 + l2 * lr_t)
    return var, accum


class ProximalAdagrad(Optimizer):
    """Proximal Adagrad: ``accum += g^2``, ``prox = param - lr * g / sqrt(accum)``, then the l1/l2
    proximal step."""

    @opt_init_args_register
    def __init__(self, params, accum=0.1, learning_rate=0.001, l1=0.0, l2=0.0, use_locking=False, loss_scale=1.0,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check_param_value(accum, l1, l2, use_locking, self.cls_name)
        self.accum = self._parameters.clone(prefix="accum", init=accum)
        self.l1 = Tensor(l1, mstype.float32)
        self.l2 = Tensor(l2, mstype.float32)
        self.use_locking = use_locking

    @jit
    def construct(self, grads):
        grads, lrs = self._prepare(grads)
        l1, l2 = self.l1._data, self.l2._data
        for p, a, g, lr in zip(self._parameters, self.accum, grads, lrs):
            pv = p._data
            dt = pv.dtype
            new_p, new_a = _proximal_adagrad_update(pv, a._data, g.astype(dt), lr.astype(dt), l1.astype(dt),
                                                    l2.astype(dt))
            _write(p, new_p)
            _write(a, new_a)
        return (True,) * self.param_length

    @Optimizer.target.setter
    def target(self, value):
        if not isinstance(value, str):
            raise TypeError("For 'ProximalAdagrad', the property 'target' must be string type, "
                            "but got {}".format(type(value)))
        if value not in ("CPU", "Ascend", "GPU"):
            raise ValueError("For 'ProximalAdagrad', the property 'target' must be 'CPU', 'Ascend' or 'GPU', "
                             "but got {}.".format(value))
        self._target = value
