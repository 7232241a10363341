"""``mindspore.experimental.optim.SGD``: MindSpore's ``SGD`` kernel (momentum, dampening,
Nesterov, weight decay folded into the gradient), state ``accum.<p>`` and ``stat.<p>``."""
import jax.numpy as jnp

from mscompat import _checkparam as validator
from mscompat.common.tensor import Tensor
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.sgd import _sgd_update
from .optimizer import Optimizer

__all__ = ["SGD"]


class SGD(Optimizer):
    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0.0, nesterov=False, *, maximize=False):
        validator.check_value_type("lr", lr, [float, int, Tensor], self.cls_name)
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        validator.check_value_type("momentum", momentum, [int, float], self.cls_name)
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        momentum = float(momentum)
        validator.check_value_type("nesterov", nesterov, [bool], self.cls_name)
        validator.check_value_type("maximize", maximize, [bool], self.cls_name)
        defaults = dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
                        nesterov=nesterov, maximize=maximize, grad_centralization=False)
        super().__init__(params, defaults)
        for group in self.param_groups:
            validator.check_value_type("dampening", group.get("dampening"), [int, float], self.cls_name)
            group["dampening"] = float(group.get("dampening"))
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must "
                             f"equal to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}")
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        self.stat = self.parameters.clone(prefix="stat", init="ones")

    def construct(self, gradients):
        for gid, group in enumerate(self.param_groups):
            lr = self._group_lr(gid)
            params, grads, start, end = self._group_slices(gid, gradients, group.get("maximize"),
                                                           group.get("weight_decay"))
            momentum = jnp.float32(group.get("momentum"))
            for p, g, acc, st in zip(params, grads, self.accum[start:end], self.stat[start:end]):
                new_p, new_acc, new_st = _sgd_update(p._data, acc._data, st._data, g, lr, momentum,
                                                     group.get("dampening"), group.get("nesterov"))
                _write(p, new_p)
                _write(acc, new_acc)
                _write(st, new_st)
        return True
