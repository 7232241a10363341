"""``LogNormal(loc, scale)``: ``exp`` of a ``Normal(loc, scale)``."""
import math

import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.ops._args import wrap
from . import _utils as U
from .distribution import LocScaleDistribution
from .normal import normal_cdf, normal_kl, normal_log_prob

__all__ = ["LogNormal"]


class LogNormal(LocScaleDistribution):
    def __init__(self, loc=None, scale=None, seed=0, dtype=mstype.float32, name="LogNormal"):
        self._setup_loc_scale(loc, scale, seed, dtype, name)

    def _mean(self, loc=None, scale=None):
        l, s = self._dist_params(loc, scale)
        return self._dist_out(jnp.exp(l + 0.5 * jnp.square(s)))

    def _mode(self, loc=None, scale=None):
        l, s = self._dist_params(loc, scale)
        return self._dist_out(jnp.exp(l - jnp.square(s)))

    def _var(self, loc=None, scale=None):
        l, s = self._dist_params(loc, scale)
        return self._dist_out(jnp.expm1(jnp.square(s)) * jnp.exp(2.0 * l + jnp.square(s)))

    def _entropy(self, loc=None, scale=None):
        l, s = self._dist_params(loc, scale)
        return self._dist_out(l + 0.5 + jnp.log(s) + 0.5 * math.log(2.0 * math.pi))

    def _log_prob(self, value, loc=None, scale=None):
        x, l, s = self._value_params(value, loc, scale)
        return self._dist_out(normal_log_prob(jnp.log(x), l, s) - jnp.log(x))

    def _cdf(self, value, loc=None, scale=None):
        x, l, s = self._value_params(value, loc, scale)
        return self._dist_out(normal_cdf(jnp.log(x), l, s))

    def _kl_loss(self, dist, loc_b, scale_b, loc=None, scale=None):
        U.check_distribution_name(dist, "LogNormal")
        lb, sb = self._param_value(loc_b, "loc_b"), self._param_value(scale_b, "scale_b")
        la, sa = self._dist_params(loc, scale)
        return self._dist_out(normal_kl(la, sa, lb, sb))

    def _sample(self, shape=(), loc=None, scale=None):
        l, s = self._dist_params(loc, scale)
        z = jax.random.normal(self._key(), self._sample_shape(shape, l, s), l.dtype)
        return wrap(jnp.exp(l + s * z).astype(mstype.dtype_to_nptype(self.dtype)))
