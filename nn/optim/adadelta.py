"""``mindspore.nn.Adadelta`` (MindSpore's ``ApplyAdadelta``), state ``accum.<param>`` and
``accum_update.<param>``."""
import jax.numpy as jnp

from mscompat.common.tensor import Tensor
from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register

__all__ = ["Adadelta"]


def _check_param_value(rho, epsilon, prim_name=None):
    validator.check_value_type("rho", rho, [float], prim_name)
    validator.check_value_type("epsilon", epsilon, [float], prim_name)
    validator.check_float_range(rho, 0.0, 1.0, validator.INC_BOTH, "rho", prim_name)
    validator.check_non_negative_float(epsilon, "epsilon", prim_name)


class Adadelta(Optimizer):
    """Adadelta: ``accum = rho * accum + (1 - rho) * g^2``, ``update = sqrt(accum_update + eps) /
    sqrt(accum + eps) * g``, ``accum_update = rho * accum_update + (1 - rho) * update^2``,
    ``param -= lr * update``."""

    @opt_init_args_register
    def __init__(self, params, learning_rate=1.0, rho=0.9, epsilon=1e-6, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check_param_value(rho, epsilon, self.cls_name)
        self.accum = self.parameters.clone(prefix="accum", init=0)
        self.accum_update = self.parameters.clone(prefix="accum_update", init=0)
        self.rho = rho
        self.epsilon = epsilon

    def construct(self, grads):
        if not isinstance(grads, tuple) or not isinstance(grads[0], Tensor):
            raise TypeError("For 'Adadelta', the 'grads' must be a tuple of Tensor.")
        return self._update(grads)

    def _run(self, grads):
        grads, lrs = self._prepare(grads)
        for p, a, au, g, lr in zip(self.parameters, self.accum, self.accum_update, grads, lrs):
            pv = p._data
            dt = pv.dtype
            g = g.astype(dt)
            rho, eps = jnp.asarray(self.rho, jnp.float32).astype(dt), jnp.asarray(self.epsilon, jnp.float32).astype(dt)
            acc = a._data * rho + g * g * (1 - rho)
            update = jnp.sqrt(au._data + eps) / jnp.sqrt(acc + eps) * g
            acc_up = au._data * rho + update * update * (1 - rho)
            _write(p, pv - lr.astype(dt) * update)
            _write(a, acc)
            _write(au, acc_up)
        return (True,) * self.param_length


from mscompat.common.api import jit as _jit  # noqa: E402

Adadelta._update = _jit(Adadelta._run)
