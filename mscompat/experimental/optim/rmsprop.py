"""``mindspore.experimental.optim.RMSprop``: state ``mean_grad.<p>``, ``mean_square.<p>`` and
``moment.<p>``; centered and momentum variants."""
import jax.numpy as jnp

from mscompat.nn.optim._param_arrays import write as _write
from .optimizer import Optimizer, check_not_less_than, check_not_less_than_without_equal

__all__ = ["RMSprop"]


class RMSprop(Optimizer):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False,
                 maximize=False):
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than(alpha, "alpha", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        check_not_less_than(momentum, "momentum", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        defaults = {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps, "centered": centered,
                    "weight_decay": weight_decay, "maximize": maximize}
        super().__init__(params, defaults)
        self.mean_grad, self.mean_square, self.moment = self._zeros_state("mean_grad", "mean_square", "moment")

    def construct(self, gradients):
        for gid, group in enumerate(self.param_groups):
            lr = self._group_lr(gid)
            alpha, eps, momentum = group["alpha"], group["eps"], group["momentum"]
            params, grads, start, end = self._group_slices(gid, gradients, group.get("maximize"),
                                                           group["weight_decay"])
            for p, g, sq, mg, mom in zip(params, grads, self.mean_square[start:end], self.mean_grad[start:end],
                                         self.moment[start:end]):
                new_sq = sq._data * alpha + (1 - alpha) * g * g
                _write(sq, new_sq)
                if group["centered"]:
                    new_mg = mg._data * alpha + g * (1 - alpha)
                    _write(mg, new_mg)
                    avg = jnp.sqrt(new_sq - new_mg * new_mg) + eps
                else:
                    avg = jnp.sqrt(new_sq) + eps
                if momentum > 0:
                    new_mom = mom._data * momentum + g / avg
                    _write(mom, new_mom)
                    _write(p, p._data - new_mom * lr)
                else:
                    _write(p, p._data - lr * g / avg)
        return True
