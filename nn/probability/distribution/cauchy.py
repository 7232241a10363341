"""``Cauchy(loc, scale)``: mean, variance and standard deviation are undefined (ValueError)."""
import math

import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.ops._args import wrap
from . import _utils as U
from .distribution import LocScaleDistribution

__all__ = ["Cauchy"]


class Cauchy(LocScaleDistribution):
    _REPR_NAMES = ("location", "scale")

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Cauchy"):
        self._setup_loc_scale(loc, scale, seed, dtype, name)

    def _mean(self, *args):
        return U.raise_not_defined("mean", "Cauchy")

    def _sd(self, *args):
        return U.raise_not_defined("standard deviation", "Cauchy")

    def _var(self, *args):
        return U.raise_not_defined("variance", "Cauchy")

    def _mode(self, loc=None, scale=None):
        return self._dist_out(self._dist_params(loc, scale)[0])

    def _entropy(self, loc=None, scale=None):
        return self._dist_out(jnp.log(4.0 * math.pi * self._dist_params(loc, scale)[1]))

    def _z(self, value, loc, scale):
        x, l, s = self._value_params(value, loc, scale)
        return (x - l) / s, s

    def _log_prob(self, value, loc=None, scale=None):
        z, s = self._z(value, loc, scale)
        return self._dist_out(-jnp.log(math.pi * s) - jnp.log1p(jnp.square(z)))

    def _cdf(self, value, loc=None, scale=None):
        return self._dist_out(jnp.arctan(self._z(value, loc, scale)[0]) / math.pi + 0.5)

    def _log_cdf(self, value, loc=None, scale=None):
        return self._dist_out(jnp.log(jnp.arctan(self._z(value, loc, scale)[0]) / math.pi + 0.5))

    def _kl_loss(self, dist, loc_b, scale_b, loc=None, scale=None):
        U.check_distribution_name(dist, "Cauchy")
        lb, sb = self._param_value(loc_b, "loc_b"), self._param_value(scale_b, "scale_b")
        la, sa = self._dist_params(loc, scale)
        return self._dist_out(jnp.log(jnp.square(sa + sb) + jnp.square(la - lb)) - jnp.log(4.0 * sa * sb))

    def _sample(self, shape=(), loc=None, scale=None):
        l, s = self._dist_params(loc, scale)
        z = jax.random.cauchy(self._key(), self._sample_shape(shape, l, s), l.dtype)
        return wrap((l + s * z).astype(mstype.dtype_to_nptype(self.dtype)))
