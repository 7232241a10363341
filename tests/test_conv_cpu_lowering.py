"""The float32 2-D convolution on XLA:CPU (``ops/_conv.py``, ``_conv2d_cpu``): for one-channel
inputs the value as a sum of shifted slices, for 1x1 strided kernels the derivative in the im2col
form (patches as strided slices, one matrix product); XLA's own kernels otherwise. Values,
gradients, forward-mode and second derivatives must equal ``lax.conv_general_dilated``'s within
float32 rounding, for every kernel, stride, padding and
dilation, through both NCHW paths nn layers use (``nn.Conv2d``, and ``nn.Conv1d`` as a unit-height
2-D convolution); other kernels and grouped convolutions keep XLA's own derivative."""
import numpy as np
import pytest
import jax
import jax.numpy as jnp
from jax import lax

import mscompat as ms
from mscompat import nn, ops
from mscompat import _graph
from mscompat.ops import _conv
from mscompat._conv_layout import channels_last, layout_copies

RTOL = 2e-5

CASES = [  # N, C_in, H, W, C_out, kernel, stride, pads, dilation
    (2, 24, 9, 9, 32, (1, 1), (2, 2), ((0, 0), (0, 0)), (1, 1)),       # ResNet's shortcut, small
    (2, 8, 9, 10, 12, (1, 1), (2, 3), ((1, 0), (0, 2)), (1, 1)),       # 1x1 strided, padded, uneven
    (2, 3, 11, 13, 8, (3, 3), (2, 2), ((1, 1), (1, 1)), (2, 2)),       # stride + dilation + padding
    (3, 1, 12, 11, 6, (5, 5), (1, 1), ((0, 0), (0, 0)), (1, 1)),       # LeNet's first: shifted slices
    (2, 1, 10, 9, 4, (3, 2), (2, 1), ((1, 2), (0, 1)), (1, 2)),        # one channel, uneven everything
]
MORE = [
    (2, 6, 14, 14, 16, (5, 5), (1, 1), ((0, 0), (0, 0)), (1, 1)),      # LeNet's second convolution
    (2, 5, 10, 9, 7, (3, 2), (2, 1), ((1, 2), (0, 1)), (1, 2)),        # uneven everything
]


def _reference(x, w, stride, pads, dilation):
    return lax.conv_general_dilated(x, w, stride, pads, rhs_dilation=dilation, dimension_numbers=_conv._dn(2),
                                    precision=lax.Precision.HIGHEST)


def _close(a, b):
    scale = float(jnp.abs(b).max()) or 1.0
    assert float(jnp.abs(a - b).max()) <= RTOL * scale


def _data(n, c, h, w, o, k, seed=0):
    rng = np.random.default_rng(seed)
    return (jnp.asarray(rng.standard_normal((n, c, h, w)).astype(np.float32)),
            jnp.asarray(rng.standard_normal((o, c) + k).astype(np.float32)))


@pytest.mark.parametrize("n,c,h,w,o,k,stride,pads,dilation", CASES)
def test_values_and_derivatives_equal_lax_conv(n, c, h, w, o, k, stride, pads, dilation):
    x, wt = _data(n, c, h, w, o, k)
    new = jax.jit(lambda a, b: _conv._conv2d_cpu(a, b, stride, pads, dilation))
    ref = jax.jit(lambda a, b: _reference(a, b, stride, pads, dilation))
    y, vjp = jax.vjp(new, x, wt)
    y_ref, vjp_ref = jax.vjp(ref, x, wt)
    if c == 1:
        _close(y, y_ref)                                 # the value as shifted slices
    else:
        np.testing.assert_array_equal(y, y_ref)          # the value is XLA's own kernel
    g = jnp.asarray(np.random.default_rng(1).standard_normal(y.shape).astype(np.float32))
    for got, want in zip(vjp(g), vjp_ref(g)):
        _close(got, want)
    # each operand alone (the other's tangent a symbolic zero), as a training step differentiates
    tx, tw = _data(n, c, h, w, o, k, seed=2)

    def others(f):
        """Each operand's gradient alone (the other's tangent a symbolic zero, as in a training
        step), the forward-mode derivative, and a second derivative."""
        return (jax.grad(lambda b: (f(x, b) * g).sum())(wt), jax.grad(lambda a: (f(a, wt) * g).sum())(x),
                jax.jvp(f, (x, wt), (tx, tw))[1],
                jax.grad(lambda b: (jax.grad(lambda a: (f(a, b) ** 2).sum())(x) ** 2).sum())(wt))
    for got, want in zip(jax.jit(lambda: others(new))(), jax.jit(lambda: others(ref))()):
        _close(got, want)


def test_im2col_form_equals_lax_conv():
    """The im2col product for any kernel, stride, padding and dilation, value and both gradients."""
    for n, c, h, w, o, k, stride, pads, dilation in CASES + MORE:
        x, wt = _data(n, c, h, w, o, k)
        im2col = jax.jit(lambda a, b: _conv._conv_im2col(a, b, stride, pads, dilation))
        y, vjp = jax.vjp(im2col, x, wt)
        y_ref, vjp_ref = jax.vjp(lambda a, b: _reference(a, b, stride, pads, dilation), x, wt)
        _close(y, y_ref)
        for got, want in zip(vjp(y_ref), vjp_ref(y_ref)):
            _close(got, want)


def test_which_convolutions_take_shifted_slices():
    assert _conv._value_as_shifts((6, 1, 5, 5))
    assert not _conv._value_as_shifts((6, 3, 5, 5))
    assert not _conv._value_as_shifts((64, 1, 7, 7))


def test_which_convolutions_take_im2col():
    assert _conv._im2col_derivative((128, 64, 1, 1), (2, 2))
    assert _conv._im2col_derivative((128, 64, 1, 1), (1, 2))
    assert not _conv._im2col_derivative((16, 6, 5, 5), (1, 1))
    assert not _conv._im2col_derivative((64, 64, 3, 3), (2, 2))
    assert not _conv._im2col_derivative((64, 64, 1, 1), (1, 1))


def _layer_grads(cell, x):
    weights = cell.trainable_params()
    fn = ms.value_and_grad(lambda v: (cell(v) ** 2).sum(), grad_position=0, weights=weights)
    loss, (gx, gw) = fn(ms.Tensor(x))
    return loss.asnumpy(), gx.asnumpy(), [g.asnumpy() for g in gw]


@pytest.mark.parametrize("mode,kw", [
    (ms.PYNATIVE_MODE, dict(kernel_size=3, stride=2, pad_mode="pad", padding=1, dilation=2, has_bias=True)),
    (ms.GRAPH_MODE, dict(kernel_size=1, stride=2, pad_mode="same"))])
def test_nn_conv2d_gradients_equal_lax_conv(mode, kw):
    old = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        ms.set_seed(0)
        cell = nn.Conv2d(6, 16, **kw)
        x = np.random.default_rng(0).standard_normal((2, 6, 9, 9)).astype(np.float32)
        loss, gx, gw = _layer_grads(cell, x)
    finally:
        ms.set_context(mode=old)
    w = jnp.asarray(cell.weight.asnumpy())
    b = jnp.asarray(cell.bias.asnumpy()) if cell.bias is not None else None
    s = cell.stride[-2:] if isinstance(cell.stride, tuple) else (cell.stride,) * 2
    d = cell.dilation[-2:] if isinstance(cell.dilation, tuple) else (cell.dilation,) * 2
    pads = _conv._pads("Conv2D", kw["pad_mode"], (kw.get("padding", 0),) * 4, x.shape[2:], w.shape[2:], s, d)

    def ref(xv, wv, bv):
        y = _reference(xv, wv, s, pads, d)
        return ((y if bv is None else y + bv.reshape(1, -1, 1, 1)) ** 2).sum()
    want_loss, grads = jax.value_and_grad(ref, argnums=(0, 1, 2) if b is not None else (0, 1))(jnp.asarray(x), w, b)
    np.testing.assert_allclose(loss, want_loss, rtol=1e-5)
    _close(jnp.asarray(gx), grads[0])
    _close(jnp.asarray(gw[0]), grads[1])
    if b is not None:
        _close(jnp.asarray(gw[1]), grads[2])


def test_nn_conv1d_gradients_equal_lax_conv():
    ms.set_seed(0)
    cell = nn.Conv1d(4, 8, 3, stride=2, pad_mode="pad", padding=1)
    x = np.random.default_rng(0).standard_normal((2, 4, 17)).astype(np.float32)
    loss, gx, gw = _layer_grads(cell, x)
    w = jnp.asarray(cell.weight.asnumpy()).reshape(8, 4, 1, 3)

    def ref(xv, wv):
        return (_reference(xv[:, :, None, :], wv, (1, 2), ((0, 0), (1, 1)), (1, 1)) ** 2).sum()
    want_loss, (rx, rw) = jax.value_and_grad(ref, argnums=(0, 1))(jnp.asarray(x), w)
    np.testing.assert_allclose(loss, want_loss, rtol=1e-5)
    _close(jnp.asarray(gx), rx)
    _close(jnp.asarray(gw[0]).reshape(rw.shape), rw)


def _grad_jaxpr(w_shape, **kw):
    x = jnp.ones((2, 4, 6, 6), jnp.float32)
    w = ms.Tensor(np.ones(w_shape, np.float32))
    return str(jax.make_jaxpr(jax.grad(lambda a: ops.conv2d(ms.Tensor(a), w, **kw)._data.sum()))(x))


def test_which_convolutions_take_the_cpu_form():
    """1x1 strided: the input gradient is the im2col product; other kernels and grouped
    convolutions differentiate XLA's own convolution; a one-channel input's gradient is XLA's."""
    assert "dot_general" in _grad_jaxpr((8, 4, 1, 1), stride=2)
    x = jnp.ones((2, 1, 8, 8), jnp.float32)
    w = ms.Tensor(np.ones((4, 1, 3, 3), np.float32))
    value = str(jax.make_jaxpr(lambda a: ops.conv2d(ms.Tensor(a), w)._data)(x))
    assert "custom_jvp_call" in value and "conv_general_dilated" not in value
    assert "conv_general_dilated" in str(jax.make_jaxpr(jax.grad(lambda a: ops.conv2d(ms.Tensor(a), w)._data.sum()))(x))
    plain = _grad_jaxpr((8, 4, 3, 3))
    assert "custom_jvp" not in plain and "dot_general" not in plain and "conv_general_dilated" in plain
    grouped = _grad_jaxpr((4, 2, 3, 3), groups=2)
    assert "custom_jvp" not in grouped and "conv_general_dilated" in grouped


# ---- channels-last evaluation of a whole program (mscompat/_conv_layout.py) ----

def _bn(f, g, b):
    m = jnp.mean(f, axis=(0, 2, 3))
    v = jnp.mean(jnp.square(f - m.reshape(1, -1, 1, 1)), axis=(0, 2, 3))
    return (f - m.reshape(1, -1, 1, 1)) * (g / jnp.sqrt(v + 1e-5)).reshape(1, -1, 1, 1) + b.reshape(1, -1, 1, 1)


def _block(p, x):
    """A ResNet basic block with a strided 1x1 shortcut (mscompat's im2col derivative: pads and
    slices), NCHW, its loss."""
    conv = lambda a, w, s, pad: lax.conv_general_dilated(a, w, s, pad, dimension_numbers=_conv._dn(2))  # noqa: E731
    h = jax.nn.relu(_bn(conv(x, p[0], (2, 2), [(1, 1)] * 2), p[1], p[2]))
    h = _bn(conv(h, p[3], (1, 1), [(1, 1)] * 2), p[4], p[5])
    short = _conv._conv2d_cpu(x, p[6], (2, 2), ((0, 0), (0, 0)), (1, 1))
    return (jax.nn.relu(h + short) ** 2).mean()


def _block_data():
    rng = np.random.default_rng(3)
    shapes = [(16, 8, 3, 3), (16,), (16,), (16, 16, 3, 3), (16,), (16,), (16, 8, 1, 1)]
    p = [jnp.asarray(rng.standard_normal(s).astype(np.float32) * (0.3 if len(s) > 1 else 1)) for s in shapes]
    return p, jnp.asarray(rng.standard_normal((4, 8, 12, 12)).astype(np.float32))


def test_channels_last_keeps_convolution_values():
    """A chain of convolutions, its input and filter gradients: the same numbers, bit for bit."""
    x, w = _data(2, 8, 10, 10, 8, (3, 3))

    def chain(a, b):
        y = jax.nn.relu(_reference(a, b, (1, 1), ((1, 1), (1, 1)), (1, 1)))
        return (_reference(y, b, (2, 2), ((1, 0), (0, 1)), (1, 1)) ** 2).sum()
    f = jax.value_and_grad(chain, argnums=(0, 1))
    for got, want in zip(jax.tree_util.tree_leaves(jax.jit(channels_last(f))(x, w)),
                         jax.tree_util.tree_leaves(jax.jit(f)(x, w))):
        np.testing.assert_array_equal(got, want)


def test_channels_last_resnet_block_same_gradients_fewer_transposes():
    p, x = _block_data()
    f = jax.value_and_grad(_block)
    plain, cl = jax.jit(f), jax.jit(channels_last(f))
    for got, want in zip(jax.tree_util.tree_leaves(cl(p, x)), jax.tree_util.tree_leaves(plain(p, x))):
        _close(got, want)
    before = layout_copies(plain.lower(p, x).compile().as_text())
    after = layout_copies(cl.lower(p, x).compile().as_text())
    assert after["transposes"] < 0.7 * before["transposes"], (before, after)
    assert after["transpose_mib"] < 0.9 * before["transpose_mib"], (before, after)


def test_channels_last_without_convolution_is_the_traced_program():
    def f(a, b):
        return {"s": jnp.tanh(a) @ b, "t": (a.T, jnp.sum(b, axis=0))}
    a = jnp.arange(12.0).reshape(3, 4) / 7
    b = jnp.ones((4, 2))
    got, want = jax.jit(channels_last(f))(a, b), jax.jit(f)(a, b)
    assert jax.tree_util.tree_structure(got) == jax.tree_util.tree_structure(want)
    for u, v in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        np.testing.assert_array_equal(u, v)


def test_channels_last_training_step_of_nn_layers(monkeypatch):
    """A GRAPH_MODE TrainOneStepCell over nn layers (Conv2d, BatchNorm2d, ReLU, MaxPool2d, a 1x1
    strided Conv2d, Dense) compiled through the channels-last evaluation: the same losses and
    weights as without it, within float32 rounding."""
    def train(wrap):
        if wrap:
            plain = _graph._flat_program
            monkeypatch.setattr(_graph, "_flat_program", lambda *a, **k: channels_last(plain(*a, **k)))
        ms.set_seed(0)
        net = nn.SequentialCell([nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2, 2),
                                 nn.Conv2d(8, 16, 1, stride=2), nn.BatchNorm2d(16), nn.ReLU(), nn.Flatten(),
                                 nn.Dense(16 * 4 * 4, 10)])
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True,
                                                                                          reduction="mean")),
                                   nn.Momentum(net.trainable_params(), 0.01, 0.9))
        rng = np.random.default_rng(0)
        x = ms.Tensor(rng.standard_normal((4, 3, 16, 16)).astype(np.float32))
        y = ms.Tensor(rng.integers(0, 10, 4).astype(np.int32))
        losses = [float(step(x, y).asnumpy()) for _ in range(3)]
        monkeypatch.undo()
        return losses, [p.asnumpy() for p in net.get_parameters()]
    old = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        want, got = train(False), train(True)
    finally:
        ms.set_context(mode=old)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-6)
    for u, v in zip(got[1], want[1]):
        _close(jnp.asarray(u), jnp.asarray(v))
