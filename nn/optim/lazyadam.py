"""``mindspore.nn.LazyAdam``: Adam whose sparse (RowTensor) gradients update only the touched
rows; with dense gradients the update is Adam's. State ``beta1_power``/``beta2_power`` (shape (1,)),
``moment1.<param>``, ``moment2.<param>``."""
from mscompat.common.api import jit
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register
from mscompat.nn.optim.adam import _check_param_value, dense_adam_step, init_dense_adam_state

__all__ = ["LazyAdam"]


class LazyAdam(Optimizer):
    """Lazy Adam (dense gradients: MindSpore's ``Adam`` kernel)."""

    @opt_init_args_register
    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check_param_value(beta1, beta2, eps, self.cls_name, weight_decay)
        init_dense_adam_state(self, beta1, beta2, eps, use_locking, use_nesterov)
        self._is_device = True

    @jit
    def construct(self, gradients):
        grads, lrs = self._prepare(gradients)
        return dense_adam_step(self, grads, lrs)

    @Optimizer.target.setter
    def target(self, value):
        self._set_base_target(value)
