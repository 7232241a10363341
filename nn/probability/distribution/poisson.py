"""``Poisson(rate)``: ``rate`` must be a list/array/Tensor (not a Python scalar), as in MindSpore."""
import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.ops._args import wrap
from .bernoulli import _VALID
from .distribution import ParamDistribution

__all__ = ["Poisson"]


class Poisson(ParamDistribution):
    _PARAMS = ("rate",)

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Poisson"):
        self._setup_positive_tensors((rate,), _VALID, seed, dtype, name)

    def _mean(self, rate=None):
        return self._dist_out(self._dist_params(rate))

    def _mode(self, rate=None):
        return self._dist_out(jnp.floor(self._dist_params(rate)))

    def _var(self, rate=None):
        return self._dist_out(self._dist_params(rate))

    def _log_prob(self, value, rate=None):
        x = self._dist_value(value).astype(jnp.float32)
        r = self._dist_params(rate)
        lp = jax.scipy.special.xlogy(x, r) - r - jax.scipy.special.gammaln(x + 1.0)
        return self._dist_out(jnp.where(x < 0, -jnp.inf, lp))

    def _cdf(self, value, rate=None):
        x = jnp.floor(self._dist_value(value).astype(jnp.float32))
        r = self._dist_params(rate)
        return self._dist_out(jnp.where(x < 0, 0.0, jax.scipy.special.gammaincc(jnp.maximum(x, 0.0) + 1.0, r)))

    def _sample(self, shape=(), rate=None):
        r = self._dist_params(rate)
        s = jax.random.poisson(self._key(), r, self._sample_shape(shape, r))
        return wrap(s.astype(mstype.dtype_to_nptype(self.dtype)))
