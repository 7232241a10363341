"""``Exponential(rate)``."""
import jax
import jax.numpy as jnp
import numpy as np

from mscompat.common import dtype as mstype
from mscompat.ops._args import wrap
from . import _utils as U
from .distribution import ParamDistribution

__all__ = ["Exponential"]


class Exponential(ParamDistribution):
    _PARAMS = ("rate",)

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Exponential"):
        self._setup_params((rate,), mstype.float_type, seed, dtype, name, [(U.check_greater_zero, "rate", "rate")])

    def _mean(self, rate=None):
        return self._dist_out(1.0 / self._dist_params(rate))

    def _mode(self, rate=None):
        return self._dist_out(jnp.zeros_like(self._dist_params(rate)))

    def _sd(self, rate=None):
        return self._dist_out(1.0 / self._dist_params(rate))

    def _entropy(self, rate=None):
        return self._dist_out(1.0 - jnp.log(self._dist_params(rate)))

    def _log_prob(self, value, rate=None):
        x, r = self._value_params(value, rate)
        return self._dist_out(jnp.where(x < 0, -jnp.inf, jnp.log(r) - r * x))

    def _cdf(self, value, rate=None):
        x, r = self._value_params(value, rate)
        return self._dist_out(jnp.where(x < 0, 0.0, 1.0 - jnp.exp(-r * x)))

    def _log_survival(self, value, rate=None):
        x, r = self._value_params(value, rate)
        return self._dist_out(jnp.where(x < 0, 0.0, -r * x))

    def _kl_loss(self, dist, rate_b, rate=None):
        U.check_distribution_name(dist, "Exponential")
        rb = self._param_value(rate_b, "rate_b")
        ra = self._dist_params(rate)
        return self._dist_out(jnp.log(ra) - jnp.log(rb) + rb / ra - 1.0)

    def _sample(self, shape=(), rate=None):
        r = self._dist_params(rate)
        u = jax.random.uniform(self._key(), self._sample_shape(shape, r), r.dtype,
                               minval=np.finfo(np.float32).tiny, maxval=1.0)
        return wrap((-jnp.log(u) / r).astype(mstype.dtype_to_nptype(self.dtype)))
