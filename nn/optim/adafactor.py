"""``mindspore.nn.AdaFactor``: factored second moments (row/column statistics for matrices),
relative step sizes and update clipping. State: ``exp_avg.<param>`` (with ``beta1 > 0``),
``exp_avg_sq_row_<param>``, ``exp_avg_sq_col_<param>``, ``exp_avg_sq_<param>`` and
``afactor_step``."""
import logging

import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter, ParameterTuple
from mscompat.common.initializer import initializer
from mscompat.common.api import jit
from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register

__all__ = ["AdaFactor"]


def _rms(x):
    return jnp.sqrt(jnp.mean(jnp.square(x)))


def _approx_sq_grad(row, col):
    r_factor = (1.0 / jnp.sqrt(row / jnp.mean(row, axis=-1, keepdims=True)))[..., None]
    c_factor = 1.0 / jnp.sqrt(col[..., None, :])
    return r_factor * c_factor


def _trans_to_tensor(param, is_tuple=False):
    if param is None or isinstance(param, bool):
        return param
    if is_tuple:
        return tuple(Tensor(x, mstype.float32) for x in param)
    return Tensor(param, mstype.float32)


class AdaFactor(Optimizer):
    """AdaFactor (MindSpore's signature, checks, state names and update)."""
    _support_parallel_optimizer = True

    @opt_init_args_register
    def __init__(self, params, learning_rate=None, eps=(1e-30, 1e-3), clip_threshold=1.0, decay_rate=0.8, beta1=0.9,
                 weight_decay=0.0, scale_parameter=True, relative_step=True, warmup_init=False, compression=False,
                 loss_scale=1.0):
        if learning_rate is not None and relative_step:
            raise ValueError("Cannot combine manual lr and relative_step options", learning_rate)
        if warmup_init and not relative_step:
            raise ValueError("warmup_init requires relative_step=True")
        if learning_rate is None and not relative_step:
            raise ValueError("Cannot learning_rate is None and relative_step=False")
        if learning_rate is None:
            learning_rate = 0.0
        if beta1 is None:
            beta1 = 0.0
        self.scale_lr = True
        if not isinstance(learning_rate, (float, int)) and learning_rate is not None:
            self.scale_lr = False
            if relative_step or scale_parameter:
                logging.warning("When learning_rate is learning scheduler, it not support update learning rate!")
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        validator.check_value_type("eps", eps, [list, tuple], self.cls_name)
        if len(eps) != 2:
            raise ValueError("eps must have 2 value: (eps1, eps2).")
        for i, ele in enumerate(eps):
            validator.check_value_type("eps{}".format(i), ele, [float], self.cls_name)
            validator.check_non_negative_float(ele, "eps{}".format(i), self.cls_name)
        validator.check_value_type("clip_threshold", clip_threshold, [float], self.cls_name)
        validator.check_non_negative_float(clip_threshold, "clip_threshold", self.cls_name)
        validator.check_value_type("decay_rate", decay_rate, [float], self.cls_name)
        validator.check_float_range(decay_rate, 0, 1, validator.INC_NEITHER, "decay_rate", self.cls_name)
        validator.check_float_range(weight_decay, 0, 1, validator.INC_LEFT, "weight_decay", self.cls_name)
        validator.check_value_type("scale_parameter", scale_parameter, [bool], self.cls_name)
        validator.check_value_type("relative_step", relative_step, [bool], self.cls_name)
        validator.check_value_type("compression", compression, [bool], self.cls_name)
        validator.check_value_type("beta1", beta1, [int, float], self.cls_name)
        validator.check_non_negative_float(float(beta1), "beta1", self.cls_name)
        self.eps = _trans_to_tensor(eps, True)
        self.clip_threshold = _trans_to_tensor(clip_threshold)
        self.decay_rate = _trans_to_tensor(-decay_rate)
        self.beta1 = _trans_to_tensor(beta1)
        self.weight_decay = _trans_to_tensor(weight_decay)
        self.weight_decay_flag = bool(weight_decay)
        self.scale_parameter = scale_parameter
        self.relative_step = relative_step
        self.warmup_init = warmup_init
        self.compression = compression
        if not self.scale_lr:
            self.scale_parameter = False
        self.init_ada_factor_state(beta1)
        self.step = Parameter(initializer(0, [1], mstype.float32), name="afactor_step")
        self.use_fused_ada_factor = False

    def init_ada_factor_state(self, beta1):
        """Create the moment Parameters (factored for parameters of rank >= 2)."""
        if beta1 > 0:
            self.use_first_moment = True
            self.exp_avg = self._parameters.clone(prefix="exp_avg", init="zeros")
        else:
            self.use_first_moment = False
            self.exp_avg = ParameterTuple([Parameter(Tensor(0.0))] * len(self._parameters))
        row, col, sq = [], [], []
        for param in self._parameters:
            dt, shape, name = param.dtype, param.shape, param.name
            if len(shape) > 1:
                row.append(Parameter(initializer(0, shape=shape[:-1], dtype=dt), name="exp_avg_sq_row_" + name))
                col.append(Parameter(initializer(0, shape=shape[:-2] + shape[-1:], dtype=dt),
                                     name="exp_avg_sq_col_" + name))
                sq.append(Parameter(initializer(0, shape=(1,), dtype=dt), name="exp_avg_sq_" + name))
            else:
                row.append(Parameter(initializer(0, shape=(1,), dtype=dt), name="exp_avg_sq_row_" + name))
                col.append(Parameter(initializer(0, shape=(1,), dtype=dt), name="exp_avg_sq_col_" + name))
                sq.append(Parameter(initializer(0, shape=shape, dtype=mstype.float16 if self.compression else dt),
                                    name="exp_avg_sq_" + name))
        self.exp_avg_sq_row = ParameterTuple(row)
        self.exp_avg_sq_col = ParameterTuple(col)
        self.exp_avg_sq = ParameterTuple(sq)

    @property
    def supports_memory_efficient_fp16(self):
        return True

    @property
    def supports_flat_params(self):
        return False

    @jit
    def construct(self, gradients):
        lr = self._lr_arrays()[0] if not self.is_group_lr else None
        lrs = self._lr_arrays()
        self._step_global()
        step = self.step._data + 1.0
        _write(self.step, step)
        if self.scale_lr and self.relative_step:
            min_step = 1e-6 * step if self.warmup_init else jnp.float32(1e-2)
            lr = jnp.minimum(min_step, 1.0 / jnp.sqrt(step * 1.0))
            lrs = [lr] * self.param_length
        beta2t = 1.0 - jnp.power(step, self.decay_rate._data)
        eps0, eps1 = self.eps[0]._data, self.eps[1]._data
        clip, beta1, wd = self.clip_threshold._data, self.beta1._data, self.weight_decay._data
        for g, p, ea, row, col, sq, lr in zip(gradients, self._parameters, self.exp_avg, self.exp_avg_sq_row,
                                              self.exp_avg_sq_col, self.exp_avg_sq, lrs):
            g = g._data if isinstance(g, Tensor) else jnp.asarray(g)
            gdt = g.dtype
            if gdt == jnp.float16:
                g = g.astype(jnp.float32)
            pv = p._data
            p32 = pv.astype(jnp.float32) if pv.dtype == jnp.float16 else pv
            if self.scale_parameter:
                lr_upd = lr * jnp.maximum(eps1, _rms(p32))
            else:
                lr_upd = lr
            update = g * g + eps0
            if g.ndim >= 2:
                new_row = row._data.astype(gdt) * beta2t + jnp.mean(update, axis=-1) * (1.0 - beta2t)
                new_col = col._data.astype(gdt) * beta2t + jnp.mean(update, axis=-2) * (1.0 - beta2t)
                _write(row, new_row)
                _write(col, new_col)
                update = _approx_sq_grad(row._data, col._data) * g
            else:
                new_sq = sq._data.astype(gdt) * beta2t + update * (1.0 - beta2t)
                _write(sq, new_sq)
                update = (1.0 / jnp.sqrt(sq._data)) * g
            coff = jnp.maximum(_rms(update) / clip, 1.0)
            update = update / coff * lr_upd
            if self.use_first_moment:
                ev = ea._data.astype(gdt) if self.compression else ea._data
                _write(ea, ev * beta1 + update * (1 - beta1))
                update = ea._data
            if self.weight_decay_flag:
                p32 = p32 + p32 * -wd * lr_upd
            _write(p, p32 - update)
        return (True,) * self.param_length

    @Optimizer.target.setter
    def target(self, value):
        self._set_base_target(value)
