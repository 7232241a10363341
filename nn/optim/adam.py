"""``mindspore.nn.Adam``, ``AdamWeightDecay`` and ``AdamOffload``.

State Parameters as in MindSpore: ``moment1.<param>``, ``moment2.<param>`` (``vhat.<param>``
with ``use_amsgrad``), ``beta1_power``/``beta2_power`` (shape ``()`` for Adam, ``(1,)`` for
AdamOffload); AdamWeightDecay keeps ``adam_m.<param>``/``adam_v.<param>``."""
import numpy as np
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common.initializer import initializer
from mscompat.common.api import jit
from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register

__all__ = ["Adam", "AdamWeightDecay", "AdamOffload"]


_NO_DECAY_CHECK = object()


def _check_param_value(beta1, beta2, eps, prim_name, weight_decay=_NO_DECAY_CHECK):
    """Types, then ranges, of the Adam hyper-parameters (``weight_decay`` too when given, as LazyAdam)."""
    validator.check_value_type("beta1", beta1, [float], prim_name)
    validator.check_value_type("beta2", beta2, [float], prim_name)
    validator.check_value_type("eps", eps, [float], prim_name)
    if weight_decay is not _NO_DECAY_CHECK:
        validator.check_value_type("weight_dacay", weight_decay, [float], prim_name)
    validator.check_float_range(beta1, 0.0, 1.0, validator.INC_NEITHER, "beta1", prim_name)
    validator.check_float_range(beta2, 0.0, 1.0, validator.INC_NEITHER, "beta2", prim_name)
    validator.check_positive_float(eps, "eps", prim_name)
    if weight_decay is not _NO_DECAY_CHECK:
        validator.check_non_negative_float(weight_decay, "weight_decay", prim_name)


def _set_moment_state(opt, beta1, beta2, eps, prefix):
    """Check the hyper-parameters; store them as (1,) float32 Tensors with the zero first and second
    moments named ``<prefix>_m`` / ``<prefix>_v`` (AdamWeightDecay, Lamb)."""
    _check_param_value(beta1, beta2, eps, opt.cls_name)
    opt.beta1 = Tensor(np.array([beta1]).astype(np.float32))
    opt.beta2 = Tensor(np.array([beta2]).astype(np.float32))
    opt.eps = Tensor(np.array([eps]).astype(np.float32))
    opt.moments1 = opt._parameters.clone(prefix=prefix + "_m", init="zeros")
    opt.moments2 = opt._parameters.clone(prefix=prefix + "_v", init="zeros")


def _adam_moments(m, v, g, beta1, beta2):
    m = m + (g - m) * (1 - beta1)
    v = v + (g * g - v) * (1 - beta2)
    return m, v


def _adam_delta(m, v, g, lr, beta1, beta2, eps, beta1_power, beta2_power, nesterov):
    """The parameter change of MindSpore's ``Adam`` kernel (already moved moments)."""
    lr_t = lr * jnp.sqrt(1 - beta2_power) / (1 - beta1_power)
    if nesterov:
        return -lr_t * (m * beta1 + (1 - beta1) * g) / (jnp.sqrt(v) + eps)
    return -lr_t * m / (jnp.sqrt(v) + eps)


def init_dense_adam_state(opt, beta1, beta2, eps, use_locking, use_nesterov):
    """What the dense Adam variants (AdamOffload, LazyAdam) keep: ``use_locking``/``use_nesterov``
    (checked bools), beta/eps tensors, ``beta1_power``/``beta2_power`` of shape (1,) and the moments."""
    validator.check_value_type("use_locking", use_locking, [bool], opt.cls_name)
    validator.check_value_type("use_nesterov", use_nesterov, [bool], opt.cls_name)
    opt.beta1 = Tensor(beta1, mstype.float32)
    opt.beta2 = Tensor(beta2, mstype.float32)
    opt.beta1_power = Parameter(initializer(1, [1], mstype.float32), name="beta1_power")
    opt.beta2_power = Parameter(initializer(1, [1], mstype.float32), name="beta2_power")
    opt.eps = Tensor(eps, mstype.float32)
    opt.use_nesterov = use_nesterov
    opt.use_locking = use_locking
    opt.moment1 = opt._parameters.clone(prefix="moment1", init="zeros")
    opt.moment2 = opt._parameters.clone(prefix="moment2", init="zeros")


def dense_adam_step(opt, grads, lrs):
    """One dense Adam update of every parameter of ``opt`` (``beta1``/``beta2``/``eps`` Tensors,
    ``beta1_power``/``beta2_power``/``moment1``/``moment2`` Parameters, ``use_nesterov``), as
    AdamOffload and LazyAdam (dense gradients) do it."""
    beta1, beta2, eps = opt.beta1._data, opt.beta2._data, opt.eps._data
    b1p = opt.beta1_power._data * beta1
    b2p = opt.beta2_power._data * beta2
    _write(opt.beta1_power, b1p)
    _write(opt.beta2_power, b2p)
    b1p, b2p = b1p[0], b2p[0]
    for p, m, v, g, lr in zip(opt._parameters, opt.moment1, opt.moment2, grads, lrs):
        pv = p._data
        g = g.astype(pv.dtype)
        new_m, new_v = _adam_moments(m._data, v._data, g, beta1, beta2)
        _write(p, pv + _adam_delta(new_m, new_v, g, lr, beta1, beta2, eps, b1p, b2p, opt.use_nesterov))
        _write(m, new_m)
        _write(v, new_v)
    return (True,) * opt.param_length


class Adam(Optimizer):
    """Adam (MindSpore's ``Adam`` kernel; ``use_amsgrad`` as ``ApplyAdamWithAmsgradV2``;
    ``use_lazy``/``use_offload`` keyword arguments give the same dense update)."""

    @opt_init_args_register
    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0, use_amsgrad=False, **kwargs):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        valid_keys = {"use_lazy", "use_offload"}
        if set(kwargs.keys()) - valid_keys:
            raise KeyError("For 'Adam', invalid keys are passed as kwargs, supported keys are 'use_lazy' and"
                           f"'use_offload', but got {kwargs.keys()}.")
        use_lazy = kwargs.get("use_lazy", False)
        use_offload = kwargs.get("use_offload", False)
        _check_param_value(beta1, beta2, eps, self.cls_name)
        validator.check_value_type("use_locking", use_locking, [bool], self.cls_name)
        validator.check_value_type("use_nesterov", use_nesterov, [bool], self.cls_name)
        validator.check_value_type("use_amsgrad", use_amsgrad, [bool], self.cls_name)
        validator.check_value_type("use_lazy", use_lazy, [bool], self.cls_name)
        validator.check_value_type("use_offload", use_offload, [bool], self.cls_name)
        if use_lazy and use_offload:
            raise ValueError("For 'Adam', 'use_lazy' and 'use_offload' can not both be True."
                             f"But got use_lazy={use_lazy}, use_offload={use_offload}.")
        if use_amsgrad and (use_lazy or use_offload):
            raise ValueError("For lazy Adam and Adam with offload, there is no parameter named 'use_amsgrad'."
                             f"but got 'use_amsgrad'={use_amsgrad}.")
        self.beta1 = Tensor(beta1, mstype.float32)
        self.beta2 = Tensor(beta2, mstype.float32)
        self.beta1_power = Parameter(initializer(1, (), mstype.float32), name="beta1_power")
        self.beta2_power = Parameter(initializer(1, (), mstype.float32), name="beta2_power")
        self.eps = Tensor(eps, mstype.float32)
        self.use_nesterov = use_nesterov
        self.use_locking = use_locking
        self.use_amsgrad = use_amsgrad
        self.use_lazy = use_lazy
        self.use_offload = use_offload
        self.moment1 = self._parameters.clone(prefix="moment1", init="zeros")
        self.moment2 = self._parameters.clone(prefix="moment2", init="zeros")
        if use_amsgrad:
            self.vhat = self._parameters.clone(prefix="vhat", init="zeros")
        self._is_device = True

    @jit
    def construct(self, gradients):
        grads, lrs = self._prepare(gradients, centralize=not self.use_offload)
        beta1, beta2, eps = self.beta1._data, self.beta2._data, self.eps._data
        b1p = self.beta1_power._data * beta1
        b2p = self.beta2_power._data * beta2
        _write(self.beta1_power, b1p)
        _write(self.beta2_power, b2p)
        vhats = self.vhat if self.use_amsgrad else (None,) * self.param_length
        for p, m, v, vh, g, lr in zip(self._parameters, self.moment1, self.moment2, vhats, grads, lrs):
            pv = p._data
            dt = pv.dtype
            g = g.astype(dt)
            if self.use_amsgrad:
                new_m = m._data * beta1 + (1 - beta1) * g
                new_v = v._data * beta2 + (1 - beta2) * g * g
                new_vh = jnp.maximum(vh._data, new_v)
                lr_t = lr * jnp.sqrt(1 - b2p) / (1 - b1p)
                new_p = pv - lr_t * new_m / (jnp.sqrt(new_vh) + eps)
                _write(vh, new_vh)
            else:
                new_m, new_v = _adam_moments(m._data, v._data, g, beta1, beta2)
                new_p = pv + _adam_delta(new_m, new_v, g, lr, beta1, beta2, eps, b1p, b2p, self.use_nesterov)
            _write(p, new_p)
            _write(m, new_m)
            _write(v, new_v)
        return (True,) * self.param_length

    @Optimizer.target.setter
    def target(self, value):
        self._set_base_target(value)


class AdamWeightDecay(Optimizer):
    """Adam with decoupled weight decay (MindSpore's fused ``AdamWeightDecay`` kernel):
    ``param -= lr * (m / (sqrt(v) + eps) + weight_decay * param)``."""
    _support_parallel_optimizer = True

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        _set_moment_state(self, beta1, beta2, eps, "adam")
        self.use_fused_opt = True

    @jit
    def construct(self, gradients):
        wds, lrs = self._step_arrays()
        beta1, beta2, eps = self.beta1._data[0], self.beta2._data[0], self.eps._data[0]
        for p, m, v, g, lr, wd in zip(self._parameters, self.moments1, self.moments2, gradients, lrs, wds):
            pv = p._data
            g = g._data.astype(pv.dtype) if isinstance(g, Tensor) else jnp.asarray(g, pv.dtype)
            new_m, new_v = _adam_moments(m._data, v._data, g, beta1, beta2)
            update = new_m / (jnp.sqrt(new_v) + eps)
            if wd is not None:
                update = update + wd * pv
            _write(p, pv - lr * update)
            _write(m, new_m)
            _write(v, new_v)
        return (True,) * self.param_length


class AdamOffload(Optimizer):
    """Adam whose moments are updated on the host in MindSpore (``AdamNoUpdateParam``); the same
    dense update here. State ``beta1_power``/``beta2_power`` of shape ``(1,)``."""

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check_param_value(beta1, beta2, eps, self.cls_name)
        self.params = self.parameters
        init_dense_adam_state(self, beta1, beta2, eps, use_locking, use_nesterov)

    @jit
    def construct(self, gradients):
        grads, lrs = self._prepare(gradients, centralize=False)
        return dense_adam_step(self, grads, lrs)
