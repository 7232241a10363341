"""``Geometric(probs)``: the number of failures before the first success."""
import jax
import jax.numpy as jnp
import numpy as np

from mscompat.common import dtype as mstype
from mscompat.ops._args import wrap
from . import _utils as U
from .bernoulli import _VALID
from .distribution import ParamDistribution

__all__ = ["Geometric"]


class Geometric(ParamDistribution):
    _PARAMS = ("probs",)

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Geometric"):
        self._setup_params((probs,), _VALID, seed, dtype, name, [(lambda v, _: U.check_prob(v), "probs", "")])

    def _mean(self, probs1=None):
        p = self._dist_params(probs1)
        return self._dist_out((1.0 - p) / p)

    def _mode(self, probs1=None):
        p = self._dist_params(probs1)
        return wrap(jnp.zeros(p.shape, mstype.dtype_to_nptype(self.dtype)))

    def _var(self, probs1=None):
        p = self._dist_params(probs1)
        return self._dist_out((1.0 - p) / jnp.square(p))

    def _entropy(self, probs1=None):
        p = self._dist_params(probs1)
        q = 1.0 - p
        return self._dist_out((-q * jnp.log(q) - p * jnp.log(p)) / p)

    def _prob(self, value, probs1=None):
        x = jnp.floor(self._dist_value(value).astype(jnp.float32))
        p = self._dist_params(probs1)
        return self._dist_out(jnp.where(x < 0, 0.0, jnp.power(1.0 - p, x) * p))

    def _cdf(self, value, probs1=None):
        x = jnp.floor(self._dist_value(value).astype(jnp.float32))
        p = self._dist_params(probs1)
        return self._dist_out(jnp.where(x < 0, 0.0, 1.0 - jnp.power(1.0 - p, x + 1.0)))

    def _kl_loss(self, dist, probs1_b, probs1=None):
        U.check_distribution_name(dist, "Geometric")
        pb = self._param_value(probs1_b, "probs1_b")
        pa = self._dist_params(probs1)
        qa, qb = 1.0 - pa, 1.0 - pb
        return self._dist_out(jnp.log(pa) - jnp.log(pb) + qa / pa * (jnp.log(qa) - jnp.log(qb)))

    def _sample(self, shape=(), probs1=None):
        p = self._dist_params(probs1)
        u = jax.random.uniform(self._key(), self._sample_shape(shape, p), p.dtype,
                               minval=np.finfo(np.float32).tiny, maxval=1.0)
        return wrap(jnp.floor(jnp.log(u) / jnp.log(1.0 - p)).astype(mstype.dtype_to_nptype(self.dtype)))
