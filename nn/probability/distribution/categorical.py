"""``Categorical(probs)``: outcomes ``0 .. k-1`` over the last axis of ``probs``."""
import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.ops._args import arr, wrap
from . import _utils as U
from .bernoulli import _VALID
from .distribution import Distribution

__all__ = ["Categorical"]


class Categorical(Distribution):
    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Categorical"):
        p = self._setup(dtype, _VALID, seed, name, {"probs": probs})
        self._probs = p["probs"]
        if self._probs is not None:
            U.check_rank(self._probs)
            U.check_prob(self._probs)
            U.check_sum_equal_one(self._probs)
            if tuple(self._probs.shape[:-1]) == ():
                self._is_scalar_batch = True
            self._broadcast_shape = self._broadcast_shape[:-1]

    probs = U.read_only("_probs")

    def extend_repr(self):
        return f"probs = {self._probs}" if self.is_scalar_batch else f"batch_shape = {self._broadcast_shape}"

    def _p(self, probs):
        if probs is not None:
            U.check_tensor(probs, "probs")
            return arr(probs).astype(jnp.float32)
        if self._probs is None:
            U.raise_none_error("probs")
        return arr(self._probs).astype(jnp.float32)

    def _mean(self, probs=None):
        p = self._p(probs)
        k = jnp.arange(p.shape[-1], dtype=p.dtype)
        return self._dist_out(jnp.sum(p * k, axis=-1, keepdims=True))

    def _mode(self, probs=None):
        p = self._p(probs)
        return wrap(jnp.argmax(p, axis=-1).astype(mstype.dtype_to_nptype(self.dtype)))

    def _var(self, probs=None):
        p = self._p(probs)
        k = jnp.arange(p.shape[-1], dtype=p.dtype)
        return self._dist_out(jnp.sum(jnp.square(k) * p, axis=-1, keepdims=True)
                              - jnp.square(jnp.sum(k * p, axis=-1, keepdims=True)))

    def _entropy(self, probs=None):
        p = self._p(probs)
        return self._dist_out(-jnp.sum(jnp.log(p) * p, axis=-1))

    def _log_prob(self, value, probs=None):
        U.check_tensor(value, "value")
        p = self._p(probs)
        idx = arr(value).astype(jnp.int32)
        logp = jnp.log(jnp.clip(p, jnp.finfo(p.dtype).eps, 1.0 - jnp.finfo(p.dtype).eps))
        shape = jnp.broadcast_shapes(idx.shape, p.shape[:-1])
        logp = jnp.broadcast_to(logp, shape + p.shape[-1:])
        idx = jnp.broadcast_to(idx, shape)
        safe = jnp.clip(idx, 0, p.shape[-1] - 1)
        out = jnp.take_along_axis(logp, safe[..., None], axis=-1)[..., 0]
        return self._dist_out(jnp.where((idx < 0) | (idx >= p.shape[-1]), -jnp.inf, out))

    def _cdf(self, value, probs=None):
        U.check_tensor(value, "value")
        p = self._p(probs)
        idx = jnp.floor(arr(value).astype(jnp.float32)).astype(jnp.int32)
        cum = jnp.cumsum(p, axis=-1)
        shape = jnp.broadcast_shapes(idx.shape, p.shape[:-1])
        cum = jnp.broadcast_to(cum, shape + p.shape[-1:])
        idx = jnp.broadcast_to(idx, shape)
        safe = jnp.clip(idx, 0, p.shape[-1] - 1)
        out = jnp.take_along_axis(cum, safe[..., None], axis=-1)[..., 0]
        return self._dist_out(jnp.where(idx < 0, 0.0, jnp.where(idx >= p.shape[-1], 1.0, out)))

    def _kl_loss(self, dist, probs_b, probs=None):
        U.check_distribution_name(dist, "Categorical")
        pb = arr(U.check_tensor(probs_b, "probs_b")).astype(jnp.float32)
        la, lb = jnp.log(self._p(probs)), jnp.log(pb)
        return self._dist_out(jnp.sum(jax.nn.softmax(la, -1) * (jax.nn.log_softmax(la, -1) - jax.nn.log_softmax(lb, -1)),
                                      axis=-1))

    def _sample(self, shape=(), probs=None):
        U.check_tuple(shape, "shape")
        p = self._p(probs)
        out_shape = tuple(shape) + p.shape[:-1]
        s = jax.random.categorical(self._key(), jnp.log(p), axis=-1, shape=out_shape)
        return wrap(s.astype(mstype.dtype_to_nptype(self.dtype)))
