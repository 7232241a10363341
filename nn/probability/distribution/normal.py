"""``Normal(mean, sd)``."""
import math

import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.ops._args import wrap
from . import _utils as U
from .distribution import Distribution

__all__ = ["Normal"]

_HALF_LOG_2PI = 0.5 * math.log(2.0 * math.pi)


def normal_log_prob(x, mean, sd):
    return -0.5 * jnp.square((x - mean) / sd) - _HALF_LOG_2PI - jnp.log(sd)


def normal_cdf(x, mean, sd):
    return 0.5 * (1.0 + jax.scipy.special.erf((x - mean) / (sd * math.sqrt(2.0))))


def normal_kl(mean_a, sd_a, mean_b, sd_b):
    diff_log = jnp.log(sd_a) - jnp.log(sd_b)
    return 0.5 * jnp.square(mean_a / sd_b - mean_b / sd_b) + 0.5 * jnp.expm1(2 * diff_log) - diff_log


class Normal(Distribution):
    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Normal"):
        self._setup_mean_sd(mean, sd, seed, dtype, name)

    def extend_repr(self):
        return self._format_params(["mean", "standard deviation"], [self._mean_value, self._sd_value])

    def _mean(self, mean=None, sd=None):
        return self._dist_out(self._dist_params(mean, sd)[0])

    _mode = _mean

    def _sd(self, mean=None, sd=None):
        return self._dist_out(self._dist_params(mean, sd)[1])

    def _entropy(self, mean=None, sd=None):
        _, s = self._dist_params(mean, sd)
        return self._dist_out(0.5 * math.log(2.0 * math.pi * math.e) + jnp.log(s))

    def _log_prob(self, value, mean=None, sd=None):
        x, m, s = self._value_params(value, mean, sd)
        return self._dist_out(normal_log_prob(x, m, s))

    def _cdf(self, value, mean=None, sd=None):
        x, m, s = self._value_params(value, mean, sd)
        return self._dist_out(normal_cdf(x, m, s))

    def _kl_loss(self, dist, mean_b, sd_b, mean=None, sd=None):
        U.check_distribution_name(dist, "Normal")
        mb, sb = self._param_value(mean_b, "mean_b"), self._param_value(sd_b, "sd_b")
        ma, sa = self._dist_params(mean, sd)
        return self._dist_out(normal_kl(ma, sa, mb, sb))

    def _sample(self, shape=(), mean=None, sd=None):
        m, s = self._dist_params(mean, sd)
        out_shape = self._sample_shape(shape, m, s)
        z = jax.random.normal(self._key(), out_shape, m.dtype)
        return wrap((m + s * z).astype(mstype.dtype_to_nptype(self.dtype)))
