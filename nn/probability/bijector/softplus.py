"""``Softplus(sharpness)``: ``y = log(1 + exp(k * x)) / k``, with MindSpore's cut-offs for very
small and very large arguments."""
import jax
import jax.numpy as jnp
import numpy as np

from ..distribution._utils import read_only
from .bijector import Bijector

__all__ = ["Softplus"]

_THRESHOLD = float(np.log(np.finfo(np.float32).eps) + 1)
_TINY = float(np.exp(_THRESHOLD))


def _softplus(x):
    small, large = x < _THRESHOLD, x > -_THRESHOLD
    mid = jnp.where(small | large, 1.0, x)
    return jnp.where(small, jnp.exp(x), jnp.where(large, x, jnp.log(jnp.exp(mid) + 1.0)))


def _inverse_softplus(x):
    small, large = x < _TINY, x > -_THRESHOLD
    mid = jnp.where(small | large, 1.0, x)
    return jnp.where(small, jnp.log(x), jnp.where(large, x, mid + jnp.log(jnp.abs(jnp.expm1(-mid)))))


class Softplus(Bijector):
    def __init__(self, sharpness=1.0, name="Softplus"):
        super().__init__(name=name, dtype=None, param={"sharpness": sharpness, "name": name,
                                                       "param_dict": {"sharpness": sharpness}})
        self._sharpness = self._add_parameter(sharpness, "sharpness")

    sharpness = read_only("_sharpness")

    def extend_repr(self):
        return self._format(f"sharpness = {self._sharpness}")

    def _forward(self, x):
        k = self._param_like(x, self._sharpness)
        return _softplus(k * x) / k

    def _inverse(self, y):
        k = self._param_like(y, self._sharpness)
        return _inverse_softplus(k * y) / k

    def _forward_log_jacobian(self, x):
        return jax.nn.log_sigmoid(self._param_like(x, self._sharpness) * x)

    def _inverse_log_jacobian(self, y):
        scaled = self._param_like(y, self._sharpness) * y
        return scaled - _inverse_softplus(scaled)
