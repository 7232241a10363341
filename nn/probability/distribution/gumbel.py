"""``Gumbel(loc, scale)``: both parameters fixed at construction (MindSpore builds it as a
transformed Uniform, so its statistics take no parameters at call time)."""
import math

import jax
import jax.numpy as jnp
import numpy as np

from mscompat.common import dtype as mstype
from mscompat.ops._args import wrap
from . import _utils as U
from .distribution import LocScaleDistribution

__all__ = ["Gumbel"]

_EULER = float(np.euler_gamma)


class Gumbel(LocScaleDistribution):
    def __init__(self, loc, scale, seed=0, dtype=mstype.float32, name="Gumbel"):
        self._setup_loc_scale(loc, scale, seed, dtype, name)

    def _z(self, value):
        l, s = self._dist_params(None, None)
        return (self._dist_value(value) - l) / s, s

    def _mean(self):
        l, s = self._dist_params(None, None)
        return self._dist_out(l + s * _EULER)

    def _mode(self):
        l, s = self._dist_params(None, None)
        return self._dist_out(l * jnp.ones_like(s))

    def _sd(self):
        l, s = self._dist_params(None, None)
        return self._dist_out(s * math.pi / math.sqrt(6.0))

    def _entropy(self):
        l, s = self._dist_params(None, None)
        return self._dist_out(jnp.log(s) + 1.0 + _EULER)

    def _log_prob(self, value):
        z, s = self._z(value)
        return self._dist_out(-(z + jnp.exp(-z)) - jnp.log(s))

    def _cdf(self, value):
        return self._dist_out(jnp.exp(-jnp.exp(-self._z(value)[0])))

    def _kl_loss(self, dist, loc_b, scale_b):
        U.check_distribution_name(dist, "Gumbel")
        lb, sb = self._param_value(loc_b, "loc_b"), self._param_value(scale_b, "scale_b")
        la, sa = self._dist_params(None, None)
        ratio = sa / sb
        return self._dist_out(jnp.log(sb) - jnp.log(sa) + _EULER * (ratio - 1.0)
                         + jnp.exp((lb - la) / sb + jax.scipy.special.gammaln(ratio + 1.0)) - 1.0 + (la - lb) / sb)

    def _sample(self, shape=()):
        l, s = self._dist_params(None, None)
        z = jax.random.gumbel(self._key(), self._sample_shape(shape, l, s), l.dtype)
        return wrap((l + s * z).astype(mstype.dtype_to_nptype(self.dtype)))
