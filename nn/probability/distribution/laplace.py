"""``Laplace(mean, sd)``: the density ``exp(-|x - mean| / sd) / (2 sd)``; MindSpore defines
``log_prob`` (and ``prob`` from it) only, the other statistics raise NotImplementedError."""
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from .distribution import Distribution

__all__ = ["Laplace"]


class Laplace(Distribution):
    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Laplace"):
        self._setup_mean_sd(mean, sd, seed, dtype, name)

    def _log_prob(self, value, mean=None, sd=None):
        x, m, s = self._value_params(value, mean, sd)
        return self._dist_out(-jnp.abs((x - m) / s) - jnp.log(2.0 * s))
