"""``Bernoulli(probs)``: outcomes 0/1 in ``dtype`` (int32 by default)."""
import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.ops._args import wrap
from . import _utils as U
from .distribution import ParamDistribution

__all__ = ["Bernoulli"]

_VALID = tuple(mstype.int_type) + tuple(mstype.uint_type) + tuple(mstype.float_type)


class Bernoulli(ParamDistribution):
    _PARAMS = ("probs",)

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Bernoulli"):
        self._setup_params((probs,), _VALID, seed, dtype, name, [(lambda v, _: U.check_prob(v), "probs", "")])

    def _mean(self, probs1=None):
        return self._dist_out(self._dist_params(probs1))

    def _mode(self, probs1=None):
        p = self._dist_params(probs1)
        return wrap(jnp.where(p > 0.5, 1, 0).astype(mstype.dtype_to_nptype(self.dtype)))

    def _var(self, probs1=None):
        p = self._dist_params(probs1)
        return self._dist_out(jnp.exp(jnp.log(1.0 - p) + jnp.log(p)))

    def _entropy(self, probs1=None):
        p = self._dist_params(probs1)
        q = 1.0 - p
        return self._dist_out(-(q * jnp.log(q)) - p * jnp.log(p))

    def _log_prob(self, value, probs1=None):
        x = self._dist_value(value).astype(jnp.float32)
        p = self._dist_params(probs1)
        return self._dist_out(x * jnp.log(p) + (1.0 - x) * jnp.log(1.0 - p))

    def _cdf(self, value, probs1=None):
        x = self._dist_value(value).astype(jnp.float32)
        p = self._dist_params(probs1)
        return self._dist_out(jnp.where(x < 0, 0.0, jnp.where(x < 1, 1.0 - p, 1.0)))

    def _kl_loss(self, dist, probs1_b, probs1=None):
        U.check_distribution_name(dist, "Bernoulli")
        pb = self._param_value(probs1_b, "probs1_b")
        pa = self._dist_params(probs1)
        return self._dist_out(pa * jnp.log(pa) - pa * jnp.log(pb) + (1.0 - pa) * jnp.log(1.0 - pa)
                         - (1.0 - pa) * jnp.log(1.0 - pb))

    def _sample(self, shape=(), probs1=None):
        p = self._dist_params(probs1)
        u = jax.random.uniform(self._key(), self._sample_shape(shape, p), p.dtype)
        return wrap((u < p).astype(mstype.dtype_to_nptype(self.dtype)))
