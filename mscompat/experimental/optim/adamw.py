"""``mindspore.experimental.optim.AdamW``: Adam with decoupled weight decay (the parameter is
first scaled by ``1 - lr * weight_decay``), optional AMSGrad; state ``exp_avg.<p>``,
``exp_avg_sq.<p>``, ``max_exp_avg_sq.<p>`` and ``state_step``."""
import jax.numpy as jnp

from mscompat.nn.optim._param_arrays import write as _write
from .adam import _AdamBase

__all__ = ["AdamW"]


class AdamW(_AdamBase):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)

    def construct(self, gradients):
        step = self._step_count(self.state_step).astype(jnp.float32)
        for gid, group in enumerate(self.param_groups):
            beta1, beta2 = group["betas"]
            lr = self._group_lr(gid)
            decay = 1 - lr * group.get("weight_decay")
            step_size = lr / (1 - jnp.float32(beta1) ** step)
            bc2_sqrt = jnp.sqrt(1 - jnp.float32(beta2) ** step)
            eps = group.get("eps")
            params, grads, start, end = self._group_slices(gid, gradients, group.get("maximize"))
            for p, g, m, v, vmax in zip(params, grads, self.exp_avg[start:end], self.exp_avg_sq[start:end],
                                        self.max_exp_avg_sq[start:end]):
                new_p = p._data * decay
                new_m = m._data * beta1 + g * (1 - beta1)
                new_v = v._data * beta2 + g * g * (1 - beta2)
                if group.get("amsgrad"):
                    new_max = jnp.maximum(vmax._data, new_v)
                    denom = jnp.sqrt(new_max) / bc2_sqrt + eps
                    _write(vmax, new_max)
                else:
                    denom = jnp.sqrt(new_v) / bc2_sqrt + eps
                _write(m, new_m)
                _write(v, new_v)
                _write(p, new_p - new_m / denom * step_size)
        return True
