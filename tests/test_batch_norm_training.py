"""Training-mode batch normalization's own derivative (``ops/_nn_norm._train_norm``): the same
gradients as differentiating the forward formula for the output's cotangent, for every layout
and rank BatchNorm takes, and none from the batch statistics' cotangents (MindSpore's bprop of
BatchNorm uses the output's gradient alone; the parity case
``BatchNorm/train_grads_ignore_stats_cotangents`` checks that against MindSpore)."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

from mscompat.ops._nn_norm import _train_norm


def _formula(x, gamma, beta, axes, eps):
    mean = jnp.mean(x, axis=axes, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), axis=axes, keepdims=True)
    shape = [1] * x.ndim
    for i in range(x.ndim):
        if i not in axes:
            shape[i] = x.shape[i]
    return (x - mean) / jnp.sqrt(var + eps) * gamma.reshape(shape) + beta.reshape(shape)


@pytest.mark.parametrize("shape,axes", [((4, 3, 5, 5), (0, 2, 3)), ((4, 5, 5, 3), (0, 1, 2)), ((6, 7), (0,)),
                                        ((2, 3, 4, 2, 2), (0, 2, 3, 4))])
def test_gradient_matches_the_differentiated_formula(shape, axes):
    rs = np.random.RandomState(0)
    x = jnp.asarray(rs.randn(*shape).astype(np.float32) * 3 + 1)
    c = [shape[i] for i in range(len(shape)) if i not in axes][0]
    gamma = jnp.asarray(rs.uniform(0.5, 1.5, c).astype(np.float32))
    beta = jnp.asarray(rs.randn(c).astype(np.float32))
    w = jnp.asarray(rs.randn(*shape).astype(np.float32))
    y, mean, var = _train_norm(x, gamma, beta, axes, 1e-5)
    np.testing.assert_allclose(y, _formula(x, gamma, beta, axes, 1e-5), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(mean, np.mean(np.asarray(x), axis=axes), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(var, np.var(np.asarray(x), axis=axes), rtol=1e-5, atol=1e-6)
    ours = jax.grad(lambda *a: jnp.sum(_train_norm(*a, axes, 1e-5)[0] * w), argnums=(0, 1, 2))(x, gamma, beta)
    ref = jax.grad(lambda *a: jnp.sum(_formula(*a, axes, 1e-5) * w), argnums=(0, 1, 2))(x, gamma, beta)
    for a, b in zip(ours, ref):
        np.testing.assert_allclose(a, b, rtol=2e-4, atol=2e-5)


def test_the_batch_statistics_cotangents_are_not_propagated():
    rs = np.random.RandomState(1)
    x = jnp.asarray(rs.randn(8, 3).astype(np.float32))
    gamma, beta = jnp.ones(3, jnp.float32), jnp.zeros(3, jnp.float32)

    def loss(x, stats):
        y, mean, var = _train_norm(x, gamma, beta, (0,), 1e-5)
        return jnp.sum(y * x) + stats * (jnp.sum(mean) + jnp.sum(var))
    np.testing.assert_array_equal(jax.grad(loss)(x, 0.0), jax.grad(loss)(x, 5.0))
