"""``mindspore.nn.Lamb``: layer-wise adaptive moments (LAMB), state ``lamb_m.<param>`` and
``lamb_v.<param>``. MindSpore's CPU backend has no ``Lamb`` kernel; the update is MindSpore's
documented (and its earlier composite) formula: bias-corrected Adam direction plus weight decay,
scaled by the trust ratio ``||w|| / ||update||`` clipped to [0, 10]."""
import jax.numpy as jnp

from mscompat.common.tensor import Tensor
from mscompat.common.api import jit
from mscompat.nn.optim._param_arrays import write as _write
from mscompat.nn.optim.optimizer import Optimizer, opt_init_args_register
from mscompat.nn.optim.adam import _set_moment_state

__all__ = ["Lamb"]


def _lamb_update(param, m, v, g, lr, beta1, beta2, eps, wd, step):
    f32 = jnp.float32
    p32, g32 = param.astype(f32), g.astype(f32)
    next_m = beta1 * m.astype(f32) + (1.0 - beta1) * g32
    next_v = beta2 * v.astype(f32) + (1.0 - beta2) * g32 * g32
    mm = next_m / (1.0 - jnp.power(beta1, step))
    vv = next_v / (1.0 - jnp.power(beta2, step))
    update = mm / (jnp.sqrt(vv) + eps)
    if wd is not None:
        update = update + wd * p32
    w_norm = jnp.linalg.norm(p32.reshape(-1))
    g_norm = jnp.linalg.norm(g32.reshape(-1))
    u_norm = jnp.linalg.norm(update.reshape(-1))
    one = jnp.ones((), f32)
    ratio = jnp.where(w_norm > 0, jnp.where(g_norm > 0, w_norm / u_norm, one), one)
    ratio = jnp.clip(ratio, jnp.zeros((), f32), jnp.full((), 10.0, f32))
    return p32 - lr * ratio * update, next_m, next_v


class Lamb(Optimizer):
    """LAMB optimizer (MindSpore's signature, checks and state names)."""
    _support_parallel_optimizer = True

    @opt_init_args_register
    def __init__(self, params, learning_rate, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        _set_moment_state(self, beta1, beta2, eps, "lamb")
        self.params = self._parameters
        self.device_ascend = False

    @jit
    def construct(self, gradients):
        wds, lrs = self._step_arrays()
        grads = self.gradients_centralization(gradients)
        step = self.global_step._data.reshape(()).astype(jnp.float32)
        beta1, beta2, eps = self.beta1._data[0], self.beta2._data[0], self.eps._data[0]
        for p, m, v, g, lr, wd in zip(self.params, self.moments1, self.moments2, grads, lrs, wds):
            g = g._data if isinstance(g, Tensor) else jnp.asarray(g)
            new_p, new_m, new_v = _lamb_update(p._data, m._data, v._data, g, lr, beta1, beta2, eps, wd, step)
            _write(p, new_p)
            _write(m, new_m)
            _write(v, new_v)
        return (True,) * self.param_length
