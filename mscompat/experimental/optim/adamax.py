"""``mindspore.experimental.optim.Adamax``: Adam with the infinity norm; state ``exp_avg.<p>``,
``exp_inf.<p>`` and ``step_t``."""
import jax.numpy as jnp

from mscompat.nn.optim._param_arrays import write as _write
from .optimizer import Optimizer, _check_moment_args, _step_parameter

__all__ = ["Adamax"]


class Adamax(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, *, maximize=False):
        _check_moment_args(lr, weight_decay, eps, betas, self.cls_name)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "maximize": maximize}
        super().__init__(params, defaults)
        self.step_t = _step_parameter()
        self.exp_avg, self.exp_inf = self._zeros_state("exp_avg", "exp_inf")

    def construct(self, gradients):
        step = self._step_count(self.step_t).astype(jnp.float32)
        for gid, group in enumerate(self.param_groups):
            beta1, beta2 = group["betas"]
            eps = group["eps"]
            clr = self._group_lr(gid) / (1 - jnp.float32(beta1) ** step)
            params, grads, start, end = self._group_slices(gid, gradients, group.get("maximize"),
                                                           group["weight_decay"])
            for p, g, m, u in zip(params, grads, self.exp_avg[start:end], self.exp_inf[start:end]):
                new_m = m._data * beta1 + g * (1 - beta1)
                new_u = jnp.maximum(u._data * beta2, jnp.abs(g) + eps)
                _write(m, new_m)
                _write(u, new_u)
                _write(p, p._data - clr * new_m / new_u)
        return True
