"""``ScalarAffine(scale, shift)``: ``y = scale * x + shift``."""
import jax.numpy as jnp

from ..distribution._utils import read_only
from .bijector import Bijector

__all__ = ["ScalarAffine"]


class ScalarAffine(Bijector):
    def __init__(self, scale=1.0, shift=0.0, name="ScalarAffine"):
        super().__init__(is_constant_jacobian=True, is_injective=True, name=name, dtype=None,
                         param={"scale": scale, "shift": shift, "name": name,
                                "param_dict": {"scale": scale, "shift": shift}})
        self._scale = self._add_parameter(scale, "scale")
        self._shift = self._add_parameter(shift, "shift")

    scale = read_only("_scale")
    shift = read_only("_shift")

    def extend_repr(self):
        return self._format(f"scale = {self._scale}, shift = {self._shift}")

    def _forward(self, x):
        return self._param_like(x, self._scale) * x + self._param_like(x, self._shift) * jnp.ones_like(x)

    def _inverse(self, y):
        return (y - self._param_like(y, self._shift)) / self._param_like(y, self._scale)

    def _forward_log_jacobian(self, x):
        return jnp.log(jnp.abs(self._param_like(x, self._scale)))

    def _inverse_log_jacobian(self, y):
        return -1.0 * jnp.log(jnp.abs(self._param_like(y, self._scale)))
