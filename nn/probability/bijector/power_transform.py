"""``PowerTransform(power)``: ``y = (1 + x * c) ** (1 / c)`` (``exp(x)`` for ``c = 0``)."""
import jax.numpy as jnp

from ..distribution._utils import check_greater_equal_zero, read_only
from .bijector import Bijector

__all__ = ["PowerTransform"]


class PowerTransform(Bijector):
    def __init__(self, power=0.0, name="PowerTransform"):
        super().__init__(name=name, param={"power": power, "name": name, "param_dict": {"power": power}})
        self._power = self._add_parameter(power, "power")
        check_greater_equal_zero(self._power, "Power")

    power = read_only("_power")

    def extend_repr(self):
        return self._format(f"power = {self._power}")

    def _c(self, x):
        c = self._param_like(x, self._power)
        c = jnp.broadcast_to(c, jnp.broadcast_shapes(c.shape, x.shape))
        return c, jnp.broadcast_to(x, c.shape)

    def _forward(self, x):
        c, x = self._c(x)
        safe = jnp.where(c == 0, 1.0, c)
        return jnp.where(c == 0, jnp.exp(x), jnp.exp(jnp.log1p(x * safe) / safe))

    def _inverse(self, y):
        c, y = self._c(y)
        safe = jnp.where(c == 0, 1.0, c)
        return jnp.where(c == 0, jnp.log(y), jnp.expm1(jnp.log(y) * safe) / safe)

    def _forward_log_jacobian(self, x):
        c, x = self._c(x)
        safe = jnp.where(c == 0, 1.0, c)
        return jnp.where(c == 0, x, (1.0 / safe - 1) * jnp.log1p(x * safe))

    def _inverse_log_jacobian(self, y):
        return (self._param_like(y, self._power) - 1) * jnp.log(y)
