"""``StudentT(df, mean, sd)``: Student's t distribution with ``df`` degrees of freedom, location
``mean`` and scale ``sd``; MindSpore defines ``log_prob`` (and ``prob`` from it) only, the other
statistics raise NotImplementedError."""
import math

import jax.numpy as jnp
from jax.scipy.special import gammaln

from mscompat.common import dtype as mstype
from . import _utils as U
from .distribution import Distribution

__all__ = ["StudentT"]

_HALF_LOG_PI = 0.5 * math.log(math.pi)


class StudentT(Distribution):
    def __init__(self, df=None, mean=None, sd=None, seed=None, dtype=mstype.float32, name="StudentT"):
        p = self._setup(dtype, mstype.float_type, seed, name, {"df": df, "mean": mean, "sd": sd},
                        [(U.check_greater_zero, "sd", "Standard deviation"),
                         (U.check_greater_zero, "df", "Degrees of freedom")])
        self._df_value, self._mean_value, self._sd_value = p["df"], p["mean"], p["sd"]

    def _log_prob(self, value, df=None, mean=None, sd=None):
        x, nu, m, s = self._value_params(value, df, mean, sd)
        y = (x - m) / s
        unnormalized = -0.5 * (nu + 1.0) * jnp.log1p(jnp.square(y) / nu)
        normalization = (jnp.log(jnp.abs(s)) + 0.5 * jnp.log(nu) + _HALF_LOG_PI
                         + gammaln(0.5 * nu) - gammaln(0.5 * (nu + 1.0)))
        return self._dist_out(unnormalized - normalization)
