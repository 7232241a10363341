"""``Uniform(low, high)``."""
import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.ops._args import wrap
from . import _utils as U
from .distribution import ParamDistribution

__all__ = ["Uniform"]


class Uniform(ParamDistribution):
    _PARAMS = ("low", "high")

    def __init__(self, low=None, high=None, seed=None, dtype=mstype.float32, name="Uniform"):
        self._setup_params((low, high), mstype.float_type, seed, dtype, name)
        if self._low is not None and self._high is not None:
            U.check_greater(self._low, self._high, "low", "high")

    def _mean(self, low=None, high=None):
        lo, hi = self._dist_params(low, high)
        return self._dist_out((lo + hi) / 2.0)

    def _var(self, low=None, high=None):
        lo, hi = self._dist_params(low, high)
        return self._dist_out(jnp.square(hi - lo) / 12.0)

    def _entropy(self, low=None, high=None):
        lo, hi = self._dist_params(low, high)
        return self._dist_out(jnp.log(hi - lo))

    def _prob(self, value, low=None, high=None):
        x, lo, hi = self._value_params(value, low, high)
        density = jnp.exp(-jnp.log(hi - lo)) * jnp.ones_like(x)
        return self._dist_out(jnp.where((x < lo) | (x > hi), 0.0, density))

    def _cdf(self, value, low=None, high=None):
        x, lo, hi = self._value_params(value, low, high)
        frac = (x - lo) / (hi - lo)
        return self._dist_out(jnp.where(x < lo, 0.0, jnp.where(x < hi, frac, 1.0)))

    def _kl_loss(self, dist, low_b, high_b, low=None, high=None):
        U.check_distribution_name(dist, "Uniform")
        lb, hb = self._param_value(low_b, "low_b"), self._param_value(high_b, "high_b")
        la, ha = self._dist_params(low, high)
        kl = jnp.log(hb - lb) - jnp.log(ha - la)
        return self._dist_out(jnp.where((lb <= la) & (ha <= hb), kl, jnp.inf))

    def _sample(self, shape=(), low=None, high=None):
        lo, hi = self._dist_params(low, high)
        u = jax.random.uniform(self._key(), self._sample_shape(shape, lo, hi), lo.dtype)
        return wrap(((hi - lo) * u + lo).astype(mstype.dtype_to_nptype(self.dtype)))
