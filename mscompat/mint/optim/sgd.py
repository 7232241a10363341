"""``mindspore.mint.optim.SGD``: MindSpore's mint SGD (PyTorch's update: the momentum buffer is
the first gradient on step 0, then ``momentum * buf + (1 - dampening) * grad``; Nesterov adds
``momentum * buf`` to the gradient), state ``momentum_buf.<p>`` and an int32 ``step_t``; each
group keeps its learning rate as given in ``lr_float``."""
import jax.numpy as jnp

from mscompat import _checkparam as validator
from mscompat.common import dtype as mstype
from mscompat.common.parameter import Parameter
from mscompat.common.tensor import Tensor
from mscompat.experimental.optim.optimizer import Optimizer
from mscompat.nn.optim._param_arrays import write as _write

__all__ = ["SGD"]


class SGD(Optimizer):
    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False):
        name = self.cls_name
        validator.check_value_type("lr", lr, [float, int, bool, Tensor], name)
        validator.check_value_type("momentum", momentum, [float, int, bool], name)
        validator.check_value_type("weight_decay", weight_decay, [float, int, bool], name)
        validator.check_value_type("dampening", dampening, [float, int, bool], name)
        validator.check_value_type("nesterov", nesterov, [bool], name)
        validator.check_value_type("maximize", maximize, [bool], name)
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "momentum": momentum, "weight_decay": weight_decay, "dampening": dampening,
                    "nesterov": nesterov, "maximize": maximize, "lr_float": lr}
        for group in params:
            if isinstance(group, dict) and group.get("lr", None):
                group["lr_float"] = group["lr"]
        super().__init__(params, defaults)
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must "
                             f"equal to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}")
        self.momentum_buf = self.parameters.clone(prefix="momentum_buf", init="zeros")
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")

    def construct(self, gradients):
        first = self.step_t._data == 0
        for gid, group in enumerate(self.param_groups):
            lr = jnp.float32(float(group.get("lr_float")))
            momentum = group.get("momentum")
            dampening = group.get("dampening")
            params, grads, start, end = self._group_slices(gid, gradients, group.get("maximize"),
                                                           group.get("weight_decay"))
            # momentum and ``1 - dampening`` are float32 scalars (float64 parameters see them so, as in
            # MindSpore's graph of this update)
            mom, keep = jnp.float32(momentum), 1 - jnp.float32(dampening)
            for p, g, buf in zip(params, grads, self.momentum_buf[start:end]):
                dt = p._data.dtype
                g = g.astype(dt)
                if momentum != 0:
                    new_buf = jnp.where(first, g, buf._data * mom.astype(dt) + g * keep.astype(dt))
                    _write(buf, new_buf)
                    g = g + new_buf * mom.astype(dt) if group.get("nesterov") else new_buf
                _write(p, p._data - lr.astype(dt) * g)
        _write(self.step_t, self.step_t._data + 1)
        return True
