"""``HalfNormal(mean, sd)``: the density ``sqrt(2 / pi) / sd * exp(-((x - mean) / sd)^2 / 2)`` for
``x >= 0`` (0 below); MindSpore defines ``prob`` (and ``log_prob`` from it, -inf below 0) only,
the other statistics raise NotImplementedError."""
import math

import jax.numpy as jnp

from mscompat.common import dtype as mstype
from .distribution import Distribution

__all__ = ["HalfNormal"]

_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


class HalfNormal(Distribution):
    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="HalfNormal"):
        self._setup_mean_sd(mean, sd, seed, dtype, name)

    def _prob(self, value, mean=None, sd=None):
        x, m, s = self._value_params(value, mean, sd)
        pdf = _SQRT_2_OVER_PI / s * jnp.exp(-0.5 * jnp.square((x - m) / s))
        return self._dist_out(pdf * (x >= 0).astype(pdf.dtype))
