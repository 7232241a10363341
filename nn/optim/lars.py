"""``mindspore.nn.LARS``: layer-wise adaptive rate scaling wrapped around another optimizer.
The gradients of the parameters ``lars_filter`` selects are rescaled by the trust ratio
``coefficient * ||w|| / (||g|| + weight_decay * ||w|| + epsilon)`` (MindSpore's ``LARSUpdate``,
which its CPU backend lacks) with the weight decay folded in, then the wrapped optimizer runs."""
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common.api import jit
from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import data as _data
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register

__all__ = ["LARS"]


def _check_param_value(optimizer, epsilon, coefficient, use_clip, prim_name):
    validator.check_value_type("optimizer", optimizer, Optimizer, prim_name)
    validator.check_value_type("epsilon", epsilon, [float], prim_name)
    validator.check_value_type("coefficient", coefficient, [float], prim_name)
    validator.check_value_type("use_clip", use_clip, [bool], prim_name)


def _lars_grad(weight, grad, wd, lr, epsilon, coefficient, use_clip):
    w_norm = jnp.sqrt(jnp.sum(jnp.square(weight)))
    g_norm = jnp.sqrt(jnp.sum(jnp.square(grad)))
    ratio = jnp.where((w_norm > 0) & (g_norm > 0),
                      coefficient * w_norm / (g_norm + wd * w_norm + epsilon), jnp.ones_like(w_norm))
    if use_clip:
        ratio = jnp.minimum(ratio / lr, 1.0)
    return ratio * (grad + wd * weight)


class LARS(Optimizer):
    """LARS around ``optimizer`` (MindSpore's constructor and attribute hand-over)."""

    @opt_init_args_register
    def __init__(self, optimizer, epsilon=1e-05, coefficient=0.001, use_clip=False,
                 lars_filter=lambda x: "LayerNorm" not in x.name and "bias" not in x.name):
        super().__init__(0.0, [Parameter(Tensor(0.0), name="fake_param")])
        _check_param_value(optimizer, epsilon, coefficient, use_clip, self.cls_name)
        self.opt = optimizer
        self.dynamic_decay_flags = optimizer.dynamic_decay_flags
        self.dynamic_weight_decay = optimizer.dynamic_weight_decay
        self.weight_decay = optimizer.weight_decay
        self.global_step = optimizer.global_step
        self.parameters = optimizer.parameters
        self._user_parameters += [param.name for param in self.parameters]
        self.use_clip = use_clip
        self.lars_flag = tuple(lars_filter(x) for x in self.parameters)
        self.is_group = optimizer.is_group
        self.learning_rate = Parameter(Tensor(0.0, dtype=mstype.float32), name="fake_lr")
        self.decay_flags = optimizer.decay_flags
        self.reciprocal_scale = optimizer.reciprocal_scale
        self.need_scale = optimizer.need_scale
        self.epsilon = epsilon
        self.coefficient = coefficient
        self.loss_scale = optimizer.loss_scale
        if use_clip:
            self.is_group_lr = optimizer.is_group_lr
            self.dynamic_lr = optimizer.dynamic_lr
            self.origin_learning_rate = optimizer.learning_rate
            if self.is_group_lr and self.dynamic_lr:
                raise ValueError("For 'LARS', if the argument 'use_clip' is set to True, then the dynamic "
                                 "learning rate and group learning rate cannot both be true.")
        if self.is_group:
            optimizer.dynamic_decay_flags = tuple(False for _ in self.dynamic_decay_flags)
        else:
            optimizer.dynamic_decay_flags = False
        optimizer.decay_flags = tuple(False for _ in self.decay_flags)
        optimizer.dynamic_weight_decay = False
        optimizer.reciprocal_scale = 1.0
        optimizer.exec_weight_decay = False

    def _get_lr(self):
        lr = self.origin_learning_rate
        if self.dynamic_lr:
            if self.is_group_lr:
                return tuple(sched(self.global_step) for sched in self.origin_learning_rate)
            return self.origin_learning_rate(self.global_step)
        return lr

    @jit
    def construct(self, gradients):
        params = self.parameters
        lr = self._get_lr() if self.use_clip else self.learning_rate
        weight_decay = self.get_weight_decay()
        n = len(params)
        lrs = [_data(x) for x in lr] if isinstance(lr, tuple) else [_data(lr)] * n
        wds = [_data(x) for x in weight_decay] if isinstance(weight_decay, tuple) else [_data(weight_decay)] * n
        grads = [_data(g) for g in gradients]
        if self.need_scale:
            r = _data(self.reciprocal_scale)
            grads = [g * r.astype(g.dtype) for g in grads]
        out = []
        for p, g, lr_, wd, dflag, lflag in zip(params, grads, lrs, wds, self.decay_flags, self.lars_flag):
            if lflag:
                wd_ = (wd / self.loss_scale) if dflag else jnp.float32(0.0)
                g = _lars_grad(p._data, g, wd_.astype(g.dtype), lr_.reshape(()).astype(g.dtype),
                               self.epsilon, self.coefficient, self.use_clip)
            out.append(Tensor._wrap(g))
        success = self.opt(tuple(out))
        if self._is_dynamic_lr_or_weight_decay() and not self.opt.dynamic_lr and not self.opt.dynamic_weight_decay:
            self._step_global()
        return success
