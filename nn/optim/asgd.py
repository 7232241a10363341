"""``mindspore.nn.ASGD``: averaged SGD, state ``mu_<param>``, ``eta_<param>`` (scalars) and
``ax_.<param>`` (the average)."""
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter, ParameterTuple
from mscompat.common.api import jit
from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register

__all__ = ["ASGD"]


class ASGD(Optimizer):
    """Averaged stochastic gradient descent (MindSpore's update order: ``eta`` starts at the lr of
    the first step; ``param = param * (1 - lambd * eta) - eta * g``; ``ax`` averages the params
    once ``mu != 1``; then ``eta = lr / (1 + lambd * lr * step) ** alpha`` and
    ``mu = 1 / max(1, step - t0)``)."""

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        validator.check_value_type("lambd", lambd, [float], self.cls_name)
        validator.check_value_type("alpha", alpha, [float], self.cls_name)
        validator.check_value_type("t0", t0, [float], self.cls_name)
        self.lambd = lambd
        self.alpha = alpha
        self.t0 = Tensor([t0], dtype=mstype.float32)
        mu, eta = [], []
        for param in self._parameters:
            mu.append(Parameter(Tensor(1., dtype=mstype.float32), name="mu_" + param.name))
            eta.append(Parameter(Tensor(0., dtype=mstype.float32), name="eta_" + param.name))
        self.lens = len(self._parameters)
        self.mu = ParameterTuple(mu)
        self.eta = ParameterTuple(eta)
        self.ax = self._parameters.clone(prefix="ax_", init="zeros")

    @jit
    def construct(self, gradients):
        grads, lrs = self._prepare(gradients)
        step = self.global_step._data.reshape(()).astype(jnp.float32)
        t0 = self.t0._data[0]
        f32 = jnp.float32
        for g, p, mu, eta, ax, lr in zip(grads, self._parameters, self.mu, self.eta, self.ax, lrs):
            lr = lr.reshape(())
            eta_v = jnp.where(step == 1, lr, eta._data)
            pv = p._data
            p32 = pv.astype(f32) * (1. - f32(self.lambd) * eta_v) - eta_v * g.astype(f32)
            new_p = p32.astype(pv.dtype)
            mu_v = mu._data
            ax_v = ax._data
            new_ax = jnp.where(mu_v != 1, ax_v + ((p32 - ax_v.astype(f32)) * mu_v).astype(ax_v.dtype), new_p)
            _write(p, new_p)
            _write(ax, new_ax)
            _write(eta, lr / jnp.power(1. + f32(self.lambd) * lr * step, f32(self.alpha)))
            _write(mu, 1. / jnp.maximum(f32(1.), step - t0))
        return True
