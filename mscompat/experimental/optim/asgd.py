"""``mindspore.experimental.optim.ASGD``: averaged SGD; state ``eta_<p>``, ``mu_<p>``,
``ax.<p>`` and ``step_t``."""
import jax.numpy as jnp

from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.nn.optim._param_arrays import write as _write
from .optimizer import Optimizer, _step_parameter, check_not_less_than, check_not_less_than_without_equal

__all__ = ["ASGD"]


class ASGD(Optimizer):
    def __init__(self, params, lr=0.01, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0, maximize=False):
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        if not isinstance(lambd, float):
            raise TypeError(f"For 'ASGD', the type of lambd must be float, but got {type(lambd)}.")
        if not isinstance(t0, float):
            raise TypeError(f"For 'ASGD', the type of t0 must be float, but got {type(t0)}.")
        defaults = {"lr": lr, "lambd": lambd, "alpha": alpha, "t0": t0, "weight_decay": weight_decay,
                    "maximize": maximize}
        super().__init__(params, defaults)
        self.mu = [Parameter(Tensor(1.0), "mu_" + p.name) for p in self.parameters]
        self.eta = [Parameter(Tensor(0.0), "eta_" + p.name) for p in self.parameters]
        self.ax = self.parameters.clone(prefix="ax", init="zeros")
        self.step_t = _step_parameter()

    def construct(self, gradients):
        step = self._step_count(self.step_t).astype(jnp.float32)
        for gid, group in enumerate(self.param_groups):
            lr = self._group_lr(gid)
            lambd, alpha, t0 = group["lambd"], group["alpha"], group["t0"]
            params, grads, start, end = self._group_slices(gid, gradients, group.get("maximize"),
                                                           group["weight_decay"])
            for p, g, eta, mu, ax in zip(params, grads, self.eta[start:end], self.mu[start:end], self.ax[start:end]):
                eta_v = jnp.where(step == 1, lr, eta._data).astype(eta._data.dtype)
                new_p = (p._data * (1.0 - lambd * eta_v) - eta_v * g).astype(p._data.dtype)
                _write(p, new_p)
                mu_v = mu._data
                _write(ax, jnp.where(mu_v != 1, ax._data + ((new_p - ax._data) * mu_v).astype(ax._data.dtype),
                                     new_p))
                _write(eta, lr / (1.0 + lambd * lr * step) ** alpha)
                _write(mu, 1.0 / jnp.maximum(1.0, step - t0))
        return True
