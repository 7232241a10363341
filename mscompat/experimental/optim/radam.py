"""``mindspore.experimental.optim.RAdam``: rectified Adam; state ``exp_avg.<p>``,
``exp_avg_sq.<p>`` and ``step_t``."""
import jax.numpy as jnp

from mscompat.nn.optim._param_arrays import write as _write
from .optimizer import Optimizer, _check_moment_args, _step_parameter

__all__ = ["RAdam"]


class RAdam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
        _check_moment_args(lr, weight_decay, eps, betas, self.cls_name)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay}
        super().__init__(params, defaults)
        self.step_t = _step_parameter()
        self.exp_avg, self.exp_avg_sq = self._zeros_state("exp_avg", "exp_avg_sq")

    def construct(self, gradients):
        step = self._step_count(self.step_t).astype(jnp.float32)
        for gid, group in enumerate(self.param_groups):
            lr = self._group_lr(gid)
            beta1, beta2 = group["betas"]
            eps = group["eps"]
            bc1 = 1 - jnp.float32(beta1) ** step
            b2_pow = jnp.float32(beta2) ** step
            bc2 = 1 - b2_pow
            rho_inf = 2 / (1 - beta2) - 1
            rho_t = rho_inf - 2 * step * b2_pow / bc2
            rect = jnp.sqrt(jnp.maximum((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t),
                                        0.0))
            params, grads, start, end = self._group_slices(gid, gradients, False, group["weight_decay"])
            for p, g, m, v in zip(params, grads, self.exp_avg[start:end], self.exp_avg_sq[start:end]):
                new_m = m._data * beta1 + g * (1 - beta1)
                new_v = v._data * beta2 + g * g * (1 - beta2)
                corrected = new_m / bc1
                adaptive = jnp.sqrt(bc2) / (jnp.sqrt(new_v) + eps)
                step_rect = corrected * lr * adaptive * rect
                _write(m, new_m)
                _write(v, new_v)
                _write(p, p._data - jnp.where(rho_t > 5.0, step_rect, corrected * lr))
        return True
