"""``mindspore.experimental.optim.Adam``: MindSpore's ``Adam`` kernel (bias correction folded
into the step size, ``eps`` outside the square root's correction), L2 weight decay added to the
gradient; state ``exp_avg.<p>``, ``exp_avg_sq.<p>``, ``max_exp_avg_sq.<p>`` and ``state_step``.
As in MindSpore 2.10, ``amsgrad`` is accepted but the update is plain Adam."""
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.adam import _adam_moments, _adam_delta
from .optimizer import Optimizer, check_adam_args

__all__ = ["Adam"]


class _AdamBase(Optimizer):
    """What Adam and AdamW share: the argument checks, the group options and the state."""

    def __init__(self, params, lr, betas, eps, weight_decay, amsgrad, maximize):
        check_adam_args(lr, eps, betas, weight_decay)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "amsgrad": amsgrad,
                    "maximize": maximize}
        super().__init__(params, defaults)
        self.exp_avg, self.exp_avg_sq, self.max_exp_avg_sq = self._zeros_state("exp_avg", "exp_avg_sq",
                                                                               "max_exp_avg_sq")
        self.state_step = Parameter(Tensor(0, mstype.int32), "state_step")


class Adam(_AdamBase):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *,
                 maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)

    def construct(self, gradients):
        step = self._step_count(self.state_step).astype(jnp.float32)
        for gid, group in enumerate(self.param_groups):
            beta1, beta2 = group.get("betas")
            lr = self._group_lr(gid)
            b1p, b2p = jnp.float32(beta1) ** step, jnp.float32(beta2) ** step
            params, grads, start, end = self._group_slices(gid, gradients, group.get("maximize"),
                                                           group.get("weight_decay"))
            for p, g, m, v in zip(params, grads, self.exp_avg[start:end], self.exp_avg_sq[start:end]):
                dt = p._data.dtype
                g = g.astype(dt)
                new_m, new_v = _adam_moments(m._data, v._data, g, beta1, beta2)
                delta = _adam_delta(new_m, new_v, g, lr.astype(dt), beta1, beta2, group.get("eps"),
                                    b1p.astype(dt), b2p.astype(dt), False)
                _write(p, p._data + delta)
                _write(m, new_m)
                _write(v, new_v)
        return True
