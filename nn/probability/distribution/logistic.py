"""``Logistic(loc, scale)``."""
import math

import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.ops._args import wrap
from .distribution import LocScaleDistribution

__all__ = ["Logistic"]


class Logistic(LocScaleDistribution):
    _REPR_NAMES = ("location", "scale")

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Logistic"):
        self._setup_loc_scale(loc, scale, seed, dtype, name)

    def _z(self, value, loc, scale):
        x, l, s = self._value_params(value, loc, scale)
        return (x - l) / s, s

    def _mean(self, loc=None, scale=None):
        return self._dist_out(self._dist_params(loc, scale)[0])

    _mode = _mean

    def _sd(self, loc=None, scale=None):
        return self._dist_out(self._dist_params(loc, scale)[1] * (math.pi / math.sqrt(3.0)))

    def _entropy(self, loc=None, scale=None):
        return self._dist_out(jnp.log(self._dist_params(loc, scale)[1]) + 2.0)

    def _log_prob(self, value, loc=None, scale=None):
        z, s = self._z(value, loc, scale)
        return self._dist_out(-z - 2.0 * jax.nn.softplus(-z) - jnp.log(s))

    def _cdf(self, value, loc=None, scale=None):
        return self._dist_out(jax.nn.sigmoid(self._z(value, loc, scale)[0]))

    def _log_cdf(self, value, loc=None, scale=None):
        return self._dist_out(-jax.nn.softplus(-self._z(value, loc, scale)[0]))

    def _survival_function(self, value, loc=None, scale=None):
        return self._dist_out(jax.nn.sigmoid(-self._z(value, loc, scale)[0]))

    def _log_survival(self, value, loc=None, scale=None):
        return self._dist_out(-jax.nn.softplus(self._z(value, loc, scale)[0]))

    def _sample(self, shape=(), loc=None, scale=None):
        l, s = self._dist_params(loc, scale)
        u = jax.random.uniform(self._key(), self._sample_shape(shape, l, s), l.dtype, minval=1e-7, maxval=1.0)
        return wrap((l + s * (jnp.log(u) - jnp.log1p(-u))).astype(mstype.dtype_to_nptype(self.dtype)))
