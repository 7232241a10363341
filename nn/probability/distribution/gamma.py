"""``Gamma(concentration, rate)`` (array-like parameters, not Python scalars)."""
import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.ops._args import wrap
from . import _utils as U
from .distribution import ParamDistribution

__all__ = ["Gamma"]

_sp = jax.scipy.special


class Gamma(ParamDistribution):
    _PARAMS = ("concentration", "rate")

    def __init__(self, concentration=None, rate=None, seed=None, dtype=mstype.float32, name="Gamma"):
        self._setup_positive_tensors((concentration, rate), mstype.float_type, seed, dtype, name)

    def _mean(self, concentration=None, rate=None):
        a, r = self._dist_params(concentration, rate)
        return self._dist_out(a / r)

    def _mode(self, concentration=None, rate=None):
        a, r = self._dist_params(concentration, rate)
        return self._dist_out(jnp.where(a > 1.0, (a - 1.0) / r, jnp.nan))

    def _var(self, concentration=None, rate=None):
        a, r = self._dist_params(concentration, rate)
        return self._dist_out(a / jnp.square(r))

    def _entropy(self, concentration=None, rate=None):
        a, r = self._dist_params(concentration, rate)
        return self._dist_out(a - jnp.log(r) + _sp.gammaln(a) + (1.0 - a) * _sp.digamma(a))

    def _log_prob(self, value, concentration=None, rate=None):
        x, a, r = self._value_params(value, concentration, rate)
        return self._dist_out(_sp.xlogy(a, r) + _sp.xlogy(a - 1.0, x) - r * x - _sp.gammaln(a))

    def _cdf(self, value, concentration=None, rate=None):
        x, a, r = self._value_params(value, concentration, rate)
        return self._dist_out(_sp.gammainc(a, r * x))

    def _kl_loss(self, dist, concentration_b, rate_b, concentration=None, rate=None):
        U.check_distribution_name(dist, "Gamma")
        ab, rb = self._param_value(concentration_b, "concentration_b"), self._param_value(rate_b, "rate_b")
        aa, ra = self._dist_params(concentration, rate)
        return self._dist_out((aa - ab) * _sp.digamma(aa) + _sp.gammaln(ab) - _sp.gammaln(aa)
                         + ab * (jnp.log(ra) - jnp.log(rb)) + aa * (rb / ra - 1.0))

    def _sample(self, shape=(), concentration=None, rate=None):
        a, r = self._dist_params(concentration, rate)
        g = jax.random.gamma(self._key(), jnp.broadcast_to(a, self._sample_shape(shape, a, r)), dtype=a.dtype)
        return wrap((g / r).astype(mstype.dtype_to_nptype(self.dtype)))
