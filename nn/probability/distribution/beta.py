"""``Beta(concentration1, concentration0)`` (array-like parameters, not Python scalars)."""
import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.ops._args import wrap
from . import _utils as U
from .distribution import ParamDistribution

__all__ = ["Beta"]

_sp = jax.scipy.special


def _lbeta(a, b):
    return _sp.gammaln(a) + _sp.gammaln(b) - _sp.gammaln(a + b)


class Beta(ParamDistribution):
    _PARAMS = ("concentration1", "concentration0")

    def __init__(self, concentration1=None, concentration0=None, seed=None, dtype=mstype.float32, name="Beta"):
        self._setup_positive_tensors((concentration1, concentration0), mstype.float_type, seed, dtype, name)

    def _mean(self, concentration1=None, concentration0=None):
        a, b = self._dist_params(concentration1, concentration0)
        return self._dist_out(a / (a + b))

    def _mode(self, concentration1=None, concentration0=None):
        a, b = self._dist_params(concentration1, concentration0)
        return self._dist_out(jnp.where((a > 1.0) & (b > 1.0), (a - 1.0) / (a + b - 2.0), jnp.nan))

    def _var(self, concentration1=None, concentration0=None):
        a, b = self._dist_params(concentration1, concentration0)
        total = a + b
        return self._dist_out(a * b / (jnp.square(total) * (total + 1.0)))

    def _entropy(self, concentration1=None, concentration0=None):
        a, b = self._dist_params(concentration1, concentration0)
        total = a + b
        return self._dist_out(_lbeta(a, b) - (a - 1.0) * _sp.digamma(a) - (b - 1.0) * _sp.digamma(b)
                         + (total - 2.0) * _sp.digamma(total))

    def _log_prob(self, value, concentration1=None, concentration0=None):
        x, a, b = self._value_params(value, concentration1, concentration0)
        return self._dist_out(_sp.xlogy(a - 1.0, x) + _sp.xlog1py(b - 1.0, -x) - _lbeta(a, b))

    def _kl_loss(self, dist, concentration1_b, concentration0_b, concentration1=None, concentration0=None):
        U.check_distribution_name(dist, "Beta")
        ab = self._param_value(concentration1_b, "concentration1_b")
        bb = self._param_value(concentration0_b, "concentration0_b")
        aa, ba = self._dist_params(concentration1, concentration0)
        total = aa + ba
        return self._dist_out(_lbeta(ab, bb) - _lbeta(aa, ba) + (aa - ab) * _sp.digamma(aa)
                         + (ba - bb) * _sp.digamma(ba) + (ab - aa + bb - ba) * _sp.digamma(total))

    def _sample(self, shape=(), concentration1=None, concentration0=None):
        a, b = self._dist_params(concentration1, concentration0)
        out_shape = self._sample_shape(shape, a, b)
        s = jax.random.beta(self._key(), jnp.broadcast_to(a, out_shape), jnp.broadcast_to(b, out_shape), dtype=a.dtype)
        return wrap(s.astype(mstype.dtype_to_nptype(self.dtype)))
