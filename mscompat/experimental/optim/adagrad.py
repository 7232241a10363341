"""``mindspore.experimental.optim.Adagrad``: MindSpore's ``ApplyAdagradV2`` kernel with the
learning rate decayed as ``lr / (1 + step * lr_decay)``; state ``accum.<p>`` and ``step_t``."""
import jax.numpy as jnp

from mscompat.nn.optim._param_arrays import write as _write
from .optimizer import Optimizer, _step_parameter, check_not_less_than, check_not_less_than_without_equal

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    def __init__(self, params, lr=1e-2, lr_decay=0.0, weight_decay=0.0, initial_accumulator_value=0.0, eps=1e-10, *,
                 maximize=False):
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than(lr_decay, "lr_decay", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        check_not_less_than(initial_accumulator_value, "initial_accumulator_value", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        defaults = dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                        initial_accumulator_value=initial_accumulator_value, maximize=maximize)
        super().__init__(params, defaults)
        self.accum = self.parameters.clone(prefix="accum", init=initial_accumulator_value)
        self.step_t = _step_parameter()

    def construct(self, gradients):
        step = self.step_t._data.astype(jnp.float32)
        for gid, group in enumerate(self.param_groups):
            lr = self._group_lr(gid) / (1 + step * group["lr_decay"])
            eps = group["eps"]
            params, grads, start, end = self._group_slices(gid, gradients, group.get("maximize"),
                                                           group["weight_decay"])
            for p, g, a in zip(params, grads, self.accum[start:end]):
                acc = a._data + g * g
                _write(a, acc)
                _write(p, p._data - lr * g / (jnp.sqrt(acc) + eps))
        self._step_count(self.step_t)
        return True
