"""``GumbelCDF(loc, scale)``: ``y = exp(-exp(-(x - loc) / scale))``."""
import jax.numpy as jnp

from ..distribution._utils import LocScale, check_greater_zero
from .bijector import Bijector

__all__ = ["GumbelCDF"]


class GumbelCDF(LocScale, Bijector):
    def __init__(self, loc=0.0, scale=1.0, name="GumbelCDF"):
        super().__init__(name=name, param={"loc": loc, "scale": scale, "name": name,
                                           "param_dict": {"loc": loc, "scale": scale}})
        self._loc = self._add_parameter(loc, "loc")
        self._scale = self._add_parameter(scale, "scale")
        check_greater_zero(self._scale, "scale")

    def extend_repr(self):
        return self._format(f"loc = {self._loc}, scale = {self._scale}")

    def _z(self, x):
        return (x - self._param_like(x, self._loc)) / self._param_like(x, self._scale)

    def _forward(self, x):
        return jnp.exp(-jnp.exp(-self._z(x)))

    def _inverse(self, y):
        return self._param_like(y, self._loc) - self._param_like(y, self._scale) * jnp.log(-jnp.log(y))

    def _forward_log_jacobian(self, x):
        z = self._z(x)
        return -z - jnp.exp(-z) - jnp.log(self._param_like(x, self._scale))

    def _inverse_log_jacobian(self, y):
        return jnp.log(self._param_like(y, self._scale) / (-1.0 * y * jnp.log(y)))
