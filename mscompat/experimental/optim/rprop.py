"""``mindspore.experimental.optim.Rprop``: resilient backpropagation; state ``prev.<p>``,
``step_size.<p>`` and ``step_t``."""
import jax.numpy as jnp

from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import write as _write
from .optimizer import Optimizer, _step_parameter, check_not_less_than_without_equal

__all__ = ["Rprop"]


class Rprop(Optimizer):
    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, maximize=False):
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than_without_equal(etas[1], "etas[1]", self.cls_name, 1.0)
        validator.check_float_range(etas[0], 0.0, 1.0, validator.INC_NEITHER, "etas[0]", self.cls_name)
        defaults = {"lr": lr, "etas": etas, "step_sizes": step_sizes, "maximize": maximize}
        super().__init__(params, defaults)
        self.prev = self.parameters.clone(prefix="prev", init="zeros")
        self.step_size = self.parameters.clone(prefix="step_size", init="zeros")
        self.step_t = _step_parameter()

    def construct(self, gradients):
        step = self._step_count(self.step_t)
        for gid, group in enumerate(self.param_groups):
            lr = self._group_lr(gid)
            etaminus, etaplus = jnp.float32(group["etas"][0]), jnp.float32(group["etas"][1])
            size_min, size_max = group["step_sizes"]
            params, grads, start, end = self._group_slices(gid, gradients, group.get("maximize"))
            for p, g, prev, size in zip(params, grads, self.prev[start:end], self.step_size[start:end]):
                size_v = jnp.where(step == 1, jnp.ones_like(size._data) * lr, size._data)
                s = jnp.sign(g * prev._data)
                factor = jnp.where(s > 0, etaplus, jnp.where(s < 0, etaminus, jnp.float32(1)))
                clipped = jnp.clip(size_v * factor, size_min, size_max).astype(size._data.dtype)
                _write(size, clipped)
                g_upd = jnp.where(factor == etaminus, jnp.zeros_like(g), g)
                _write(prev, g_upd)
                _write(p, p._data - jnp.sign(g_upd) * clipped)
        return True
