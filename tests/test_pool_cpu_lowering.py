"""Max pooling's derivative on XLA:CPU (``ops/_pool.py``, ``_max_window_cpu``): the tangent of each
window's first maximum, picked from strided slices, instead of ``select_and_scatter``. Its values,
gradients and forward-mode derivatives equal the reference's (the gradient of a gather of each
window's first maximum) exactly, ties, padding, ceil mode, dilation and 3-D included, and the
layers and functional forms use it."""
import numpy as np
import pytest
import jax
import jax.numpy as jnp

import mscompat as ms
from mscompat import nn, ops
from mscompat.ops import _pool

CASES = [  # shape, kernel, stride, dilation, pads, ceil mode
    ((4, 3, 28, 28), (2, 2), (2, 2), (1, 1), ((0, 0), (0, 0)), False),
    ((2, 3, 11, 13), (3, 3), (2, 2), (1, 1), ((1, 1), (1, 1)), True),
    ((2, 3, 11, 13), (3, 2), (1, 2), (2, 1), ((1, 0), (1, 1)), False),
    ((2, 3, 12, 10), (3, 3), (3, 3), (1, 1), ((0, 0), (0, 0)), True),
    ((2, 2, 6, 7, 5), (2, 3, 2), (2, 1, 2), (1, 1, 1), ((1, 1), (0, 0), (1, 0)), True),
]


def _first_max_reference(x, k, s, d, pads, outs):
    w = _pool._windows(x, k, s, d, pads, outs, -np.inf)
    return jnp.take_along_axis(w, jnp.argmax(w, axis=0)[None], axis=0)[0]


@pytest.mark.parametrize("shape,k,s,d,pads,ceil", CASES)
def test_max_window_matches_first_max_reference(shape, k, s, d, pads, ceil):
    rng = np.random.default_rng(0)
    x = jnp.asarray(np.round(rng.standard_normal(shape) * 2).astype(np.float32))   # many ties
    outs = tuple(_pool._out_size(shape[2 + i], k[i], s[i], d[i], pads[i][0], pads[i][1], ceil) for i in range(len(k)))
    new = jax.jit(lambda v: _pool._max_window_cpu(v, k, s, d, pads, outs))
    ref = jax.jit(lambda v: _first_max_reference(v, k, s, d, pads, outs))
    y, vjp = jax.vjp(new, x)
    y_ref, vjp_ref = jax.vjp(ref, x)
    np.testing.assert_array_equal(y, y_ref)
    g = jnp.asarray(rng.standard_normal(y.shape).astype(np.float32))
    np.testing.assert_array_equal(vjp(g)[0], vjp_ref(g)[0])
    t = jnp.asarray(rng.standard_normal(shape).astype(np.float32))
    np.testing.assert_array_equal(jax.jvp(new, (x,), (t,))[1], jax.jvp(ref, (x,), (t,))[1])


def test_max_pool_layer_gradient_goes_to_first_maximum():
    # every window of 2x2 holds two equal maxima: the gradient goes to the first (row-major)
    x = np.array([[[[1, 1, 0, 2], [0, 1, 2, 1], [3, 0, 0, 0], [3, 0, 0, 0]]]], np.float32)
    for pool in (nn.MaxPool2d(2, 2), lambda v: ops.max_pool2d(v, 2, 2)):
        g = ms.grad(lambda v: (pool(v) * ms.Tensor(np.array([[[[1., 2.], [3., 4.]]]], np.float32))).sum())(ms.Tensor(x))
        expect = np.zeros_like(x)
        expect[0, 0, 0, 0], expect[0, 0, 0, 3], expect[0, 0, 2, 0], expect[0, 0, 2, 2] = 1, 2, 3, 4
        np.testing.assert_array_equal(g.asnumpy(), expect)


def test_max_pool_graph_mode_gradient_uses_elementwise_form():
    """In a compiled training step the max-pool derivative has no select_and_scatter."""
    x = jnp.ones((2, 3, 8, 8), jnp.float32)
    f = lambda v: _pool._max_pool(v, (2, 2), (2, 2), (1, 1), [(0, 0), (0, 0)], False)[0].sum()
    text = jax.jit(jax.grad(f)).lower(x).as_text()
    assert "select_and_scatter" not in text and "reduce_window" in text
