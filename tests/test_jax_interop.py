"""mscompat.interop: Tensor structures to and from jax.Arrays, and ``functional(cell)``, a Cell
as a pure function of its Parameter values for a user's ``jax.jit`` / ``jax.grad``: same numbers
as calling the Cell, new Parameter values returned (never written into the Cell), no tracer left
in a Parameter or in the RNG state."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops
from mscompat.interop import from_jax, functional, to_jax

X = np.random.RandomState(0).randn(6, 3).astype(np.float32)


def _net():
    ms.set_seed(3)
    return nn.SequentialCell([nn.Dense(3, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Dropout(p=0.5), nn.Dense(4, 2)])


def test_to_and_from_jax_keep_structure_dtype_and_buffer():
    t = ms.Tensor(X)
    p = ms.Parameter(ms.Tensor(np.ones(2, np.int32)), name="p")
    tree = {"t": t, "xs": [p, 3, "s"], "none": None}
    arrays = to_jax(tree)
    assert arrays["t"] is t._data and isinstance(arrays["xs"][0], jax.Array)
    assert arrays["xs"][1:] == [3, "s"] and arrays["none"] is None
    back = from_jax(arrays)
    assert type(back["t"]) is ms.Tensor and back["t"].dtype == ms.float32 and back["t"]._data is t._data
    assert back["xs"][0].dtype == ms.int32
    # traced arrays are wrapped too
    out = jax.jit(lambda a: from_jax({"y": a * 2})["y"])(jnp.ones(2, jnp.float32))
    assert type(out) is ms.Tensor


def test_functional_eval_matches_the_cell():
    net = _net()
    net.set_train(False)
    apply, params = functional(net)
    assert list(params) == [p.name for p in net.get_parameters()]
    want = net(ms.Tensor(X)).asnumpy()
    out, new = jax.jit(apply)(params, ms.Tensor(X))
    assert type(out) is ms.Tensor and out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), want, rtol=1e-6, atol=1e-6)
    for k in params:                                           # eval: nothing written
        np.testing.assert_array_equal(np.asarray(new[k]), np.asarray(params[k]))


def test_functional_sees_new_parameter_values_without_retracing():
    net = nn.Dense(3, 2)
    apply, params = functional(net)
    f = jax.jit(apply)
    f(params, ms.Tensor(X))
    zero = dict(params, weight=jnp.zeros((2, 3), jnp.float32))
    out, _ = f(zero, ms.Tensor(X))
    np.testing.assert_allclose(out.asnumpy(), np.broadcast_to(net.bias.asnumpy(), (6, 2)), rtol=1e-6)
    assert f._cache_size() == 1


def test_functional_training_writes_are_returned_not_performed():
    net = _net()
    net.set_train(True)
    before = {p.name: p.asnumpy().copy() for p in net.get_parameters()}
    apply, params = functional(net)
    out, new = jax.jit(apply)(params, ms.Tensor(X), rng=jax.random.key(0))
    # BatchNorm's moving statistics are new values; the Cell keeps its own
    assert not np.allclose(np.asarray(new["1.moving_mean"]), before["1.moving_mean"])
    for p in net.get_parameters():
        assert not isinstance(p._data, jax.core.Tracer)
        np.testing.assert_array_equal(p.asnumpy(), before[p.name])
    # the batch statistics are those of the first layer's output (momentum 0.9)
    h = X @ before["0.weight"].T + before["0.bias"]
    np.testing.assert_allclose(np.asarray(new["1.moving_mean"]), 0.1 * h.mean(0), rtol=1e-4, atol=1e-6)
    # dropout follows rng: another key, another mask; the same key, the same output
    out2, _ = jax.jit(apply)(params, ms.Tensor(X), rng=jax.random.key(1))
    out3, _ = jax.jit(apply)(params, ms.Tensor(X), rng=jax.random.key(0))
    assert not np.allclose(out.asnumpy(), out2.asnumpy())
    np.testing.assert_array_equal(out.asnumpy(), out3.asnumpy())


def test_functional_without_rng_leaves_no_tracer_in_the_rng_state():
    net = _net()
    net.set_train(True)
    apply, params = functional(net)
    jax.jit(apply)(params, ms.Tensor(X))
    # random ops keep working eagerly afterwards (a leaked tracer would raise here)
    r = ops.uniform((3,), ms.Tensor(0.0), ms.Tensor(1.0))
    assert r.shape == (3,)
    net(ms.Tensor(X))


def test_functional_grad_matches_mindspore_grad():
    net = _net()
    net.set_train(False)
    apply, params = functional(net)
    weights = net.trainable_params()
    want = ms.grad(lambda x: ops.mean(net(x) ** 2), grad_position=None, weights=weights)(ms.Tensor(X))
    got = jax.jit(jax.grad(lambda p: jnp.asarray(ops.mean(apply(p, ms.Tensor(X))[0] ** 2))))(params)
    assert set(got) == set(params)
    for w, g in zip(weights, want):
        np.testing.assert_allclose(np.asarray(got[w.name]), g.asnumpy(), rtol=1e-5, atol=1e-6)


def test_functional_unknown_parameter_name():
    apply, params = functional(nn.Dense(3, 2))
    with pytest.raises(KeyError, match="no Parameter named 'wieght'"):
        apply(dict(params, wieght=params["weight"]), ms.Tensor(X))


def test_functional_partial_params_keep_the_cells_values():
    net = nn.Dense(3, 2)
    apply, params = functional(net)
    out, new = apply({"weight": jnp.zeros((2, 3), jnp.float32)}, ms.Tensor(X))
    np.testing.assert_allclose(out.asnumpy(), np.broadcast_to(net.bias.asnumpy(), (6, 2)), rtol=1e-6)
    assert set(new) == {"weight"}


@pytest.mark.parametrize("mode", ["pynative", "graph"])
def test_raw_jax_jit_write_raises_instead_of_leaving_a_tracer(mode):
    """A Cell that writes a Parameter (BatchNorm in training) called inside the user's own
    jax.jit: the write would store a JAX tracer in the Parameter; it raises and keeps the value
    (eagerly, and from a compiled GRAPH_MODE call)."""
    old = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    try:
        bn = nn.BatchNorm2d(3)
        bn.set_train(True)
        x = np.random.rand(2, 3, 4, 4).astype(np.float32)
        with pytest.raises(RuntimeError, match="mscompat.interop.functional"):
            jax.jit(lambda a: bn(ms.Tensor(a))._data)(x)
    finally:
        ms.set_context(mode=old)
    assert not isinstance(bn.moving_mean._data, jax.core.Tracer)
    np.testing.assert_array_equal(bn.moving_mean.asnumpy(), np.zeros(3, np.float32))
