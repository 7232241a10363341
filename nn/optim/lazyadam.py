"""``mindspore.nn.LazyAdam``: Adam whose sparse (RowTensor) gradients update only the touched
rows; with dense gradients the update is Adam's. State ``beta1_power``/``beta2_power`` (shape (1,)),
``moment1.<param>``, ``moment2.<param>``."""
from mscompat.common.api import jit
from mscompat import _checkparam as validator
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register
from mscompat.nn.optim.adam import dense_adam_step, init_dense_adam_state

__all__ = ["LazyAdam"]


def _check_param_value(beta1, beta2, eps, weight_decay, prim_name):
    validator.check_value_type("beta1", beta1, [float], prim_name)
    validator.check_value_type("beta2", beta2, [float], prim_name)
    validator.check_value_type("eps", eps, [float], prim_name)
    validator.check_value_type("weight_dacay", weight_decay, [float], prim_name)
    validator.check_float_range(beta1, 0.0, 1.0, validator.INC_NEITHER, "beta1", prim_name)
    validator.check_float_range(beta2, 0.0, 1.0, validator.INC_NEITHER, "beta2", prim_name)
    validator.check_positive_float(eps, "eps", prim_name)
    validator.check_non_negative_float(weight_decay, "weight_decay", prim_name)


class LazyAdam(Optimizer):
    """Lazy Adam (dense gradients: MindSpore's ``Adam`` kernel)."""

    @opt_init_args_register
    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check_param_value(beta1, beta2, eps, weight_decay, self.cls_name)
        init_dense_adam_state(self, beta1, beta2, eps, use_locking, use_nesterov)
        self._is_device = True

    @jit
    def construct(self, gradients):
        grads, lrs = self._prepare(gradients)
        return dense_adam_step(self, grads, lrs)

    @Optimizer.target.setter
    def target(self, value):
        self._set_base_target(value)
