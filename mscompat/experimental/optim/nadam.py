"""``mindspore.experimental.optim.NAdam``: Adam with Nesterov momentum and momentum decay;
state ``exp_avg.<p>``, ``exp_avg_sq.<p>``, ``mu_product_<p>`` and ``step_t``."""
import jax.numpy as jnp

from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.nn.optim._param_arrays import write as _write
from .optimizer import (Optimizer, _step_parameter, check_betas, check_not_less_than,
                         check_not_less_than_without_equal)

__all__ = ["NAdam"]


class NAdam(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, momentum_decay=4e-3):
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        check_not_less_than(momentum_decay, "momentum_decay", self.cls_name)
        check_betas(betas, self.cls_name)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "momentum_decay": momentum_decay}
        super().__init__(params, defaults)
        self.step_t = _step_parameter()
        self.exp_avg, self.exp_avg_sq = self._zeros_state("exp_avg", "exp_avg_sq")
        self.mu_product = [Parameter(Tensor(1.0), "mu_product_" + p.name) for p in self.parameters]

    def construct(self, gradients):
        step = self._step_count(self.step_t).astype(jnp.float32)
        for gid, group in enumerate(self.param_groups):
            lr = self._group_lr(gid)
            beta1, beta2 = group["betas"]
            eps, decay = group["eps"], group["momentum_decay"]
            bc2 = 1 - jnp.float32(beta2) ** step
            mu = beta1 * (1.0 - 0.5 * jnp.float32(0.96) ** (step * decay))
            mu_next = beta1 * (1.0 - 0.5 * jnp.float32(0.96) ** ((step + 1) * decay))
            params, grads, start, end = self._group_slices(gid, gradients, False, group["weight_decay"])
            for p, g, m, v, mp in zip(params, grads, self.exp_avg[start:end], self.exp_avg_sq[start:end],
                                      self.mu_product[start:end]):
                prod = mp._data * mu
                new_m = m._data * beta1 + g * (1 - beta1)
                new_v = v._data * beta2 + g * g * (1 - beta2)
                denom = jnp.sqrt(new_v / bc2) + eps
                new_p = p._data - lr * (1.0 - mu) / (1.0 - prod) * g / denom
                new_p = new_p - lr * mu_next / (1.0 - prod * mu_next) * new_m / denom
                _write(mp, prod)
                _write(m, new_m)
                _write(v, new_v)
                _write(p, new_p)
        return True
