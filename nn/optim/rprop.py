"""``mindspore.nn.Rprop``: resilient backpropagation, state ``prev.<param>`` and
``step_size.<param>``."""
import jax.numpy as jnp

from mscompat.common.api import jit
from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register

__all__ = ["Rprop"]


class Rprop(Optimizer):
    """Rprop: the step size of each element grows by ``etaplus`` while the gradient keeps its sign
    and shrinks by ``etaminus`` when it flips (that step is skipped), clipped to ``step_sizes``;
    the first step uses the learning rate."""

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, etas=(0.5, 1.2), step_sizes=(1e-6, 50.), weight_decay=0.):
        super().__init__(learning_rate, params, weight_decay)
        if not isinstance(etas, tuple):
            raise TypeError("For Rprop, etas must be a tuple, but got {}.".format(type(etas)))
        if len(etas) != 2:
            raise ValueError("For Rprop, etas must be a tuple with the size of 2, but got {}.".format(len(etas)))
        if not isinstance(step_sizes, tuple):
            raise TypeError("For Rprop, step_sizes must be a tuple, but got {}.".format(type(etas)))
        if len(step_sizes) != 2:
            raise ValueError("For Rprop, step_sizes must be a tuple with the size of 2, "
                             "but got {}.".format(len(step_sizes)))
        if step_sizes[0] > step_sizes[1]:
            raise ValueError("For Rprop, maximal step size should not be less than minimal step size, "
                             "but got {} > {}.".format(step_sizes[0], step_sizes[1]))
        validator.check_float_range(etas[0], 0.0, 1.0, validator.INC_NEITHER, "etaminus", self.cls_name)
        validator.check_value_type("etaplus", etas[1], [float], self.cls_name)
        if etas[1] <= 1.0:
            raise ValueError("For Rprop, etaplus must be greater than 1.0, but got etaplus {}.".format(etas[1]))
        validator.check_value_type("min_step_sizes", step_sizes[0], [float], self.cls_name)
        validator.check_value_type("max_step_sizes", step_sizes[1], [float], self.cls_name)
        self.etaminus, self.etaplus = etas
        self.step_size_min, self.step_size_max = step_sizes
        self.prev = self._parameters.clone(prefix="prev", init="zeros")
        self.step_size = self._parameters.clone(prefix="step_size", init="zeros")

    @jit
    def construct(self, gradients):
        grads, lrs = self._prepare(gradients)
        first = self.global_step._data.reshape(()) == 1
        for g, p, prev, ss, lr in zip(grads, self._parameters, self.prev, self.step_size, lrs):
            pv = p._data
            cdt = pv.dtype if pv.dtype in (jnp.float16, jnp.bfloat16) else jnp.float32
            step = jnp.where(first, jnp.ones(ss.shape, cdt) * lr.astype(cdt), ss._data.astype(cdt))
            g = g.astype(cdt)
            sign = jnp.sign(g * prev._data.astype(cdt))
            etaplus, etaminus, one = (jnp.asarray(x, cdt) for x in (self.etaplus, self.etaminus, 1.))
            sign = jnp.where(sign > 0, etaplus, sign)
            sign = jnp.where(sign < 0, etaminus, sign)
            sign = jnp.where(sign == 0, one, sign)
            step = jnp.clip(step * sign, jnp.asarray(self.step_size_min, cdt), jnp.asarray(self.step_size_max, cdt))
            g_upd = jnp.where(sign == etaminus, jnp.zeros_like(g), g)
            _write(p, pv.astype(cdt) - jnp.sign(g_upd) * step)
            _write(prev, g_upd)
            _write(ss, step)
        return True
