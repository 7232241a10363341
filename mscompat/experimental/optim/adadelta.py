"""``mindspore.experimental.optim.Adadelta``: MindSpore's ``ApplyAdadelta`` kernel; state
``accum.<p>`` and ``accum_update.<p>``."""
import jax.numpy as jnp

from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import write as _write
from .optimizer import Optimizer, check_not_less_than, check_not_less_than_without_equal

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0.0, *, maximize=False):
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        validator.check_float_range(rho, 0.0, 1.0, validator.INC_BOTH, "rho", self.cls_name)
        defaults = dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize)
        super().__init__(params, defaults)
        self.accum = self.parameters.clone(prefix="accum", init=0)
        self.accum_update = self.parameters.clone(prefix="accum_update", init=0)

    def construct(self, gradients):
        for gid, group in enumerate(self.param_groups):
            lr = self._group_lr(gid)
            rho, eps = group["rho"], group["eps"]
            params, grads, start, end = self._group_slices(gid, gradients, group.get("maximize"),
                                                           group["weight_decay"])
            for p, g, a, au in zip(params, grads, self.accum[start:end], self.accum_update[start:end]):
                acc = a._data * rho + g * g * (1 - rho)
                update = jnp.sqrt(au._data + eps) / jnp.sqrt(acc + eps) * g
                _write(au, au._data * rho + update * update * (1 - rho))
                _write(a, acc)
                _write(p, p._data - lr * update)
        return True
