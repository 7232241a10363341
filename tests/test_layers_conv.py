"""Convolution, pooling and padding layers: behaviour the parity tables do not cover (compiled
training steps, jax transforms, nesting, numerical identities between layers)."""
import numpy as np
import jax
import pytest

import mscompat as ms
from mscompat import nn, ops


@pytest.fixture
def pynative():
    mode = ms.get_context("mode")
    ms.set_context(mode=ms.PYNATIVE_MODE)
    yield
    ms.set_context(mode=mode)


class LeNetish(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, pad_mode='valid', has_bias=True)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(4, 6, 3, pad_mode='pad', padding=1)
        self.avg = nn.AdaptiveAvgPool2d(1)
        self.flat = nn.Flatten()
        self.fc = nn.Dense(6, 3)

    def construct(self, x):
        x = self.pool(ops.relu(self.conv1(x)))
        x = self.avg(ops.relu(self.conv2(x)))
        return self.fc(self.flat(x))


def test_parameter_names_and_layouts(pynative):
    net = LeNetish()
    names = [(p.name, tuple(p.shape)) for p in net.trainable_params()]
    assert names == [("conv1.weight", (4, 1, 3, 3)), ("conv1.bias", (4,)), ("conv2.weight", (6, 4, 3, 3)),
                     ("fc.weight", (3, 6)), ("fc.bias", (3,))]
    assert tuple(nn.Conv1d(2, 4, 3).weight.shape) == (4, 2, 1, 3)
    assert tuple(nn.Conv1dTranspose(2, 4, 3, group=2).weight.shape) == (2, 2, 1, 3)
    assert tuple(nn.Conv3dTranspose(2, 4, 3).weight.shape) == (2, 4, 3, 3, 3)


def test_train_steps_pynative_and_graph_agree(pynative):
    x = ms.Tensor(np.random.RandomState(0).rand(4, 1, 10, 10).astype(np.float32))
    y = ms.Tensor(np.array([0, 1, 2, 1], np.int32))
    losses = {}
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        ms.set_seed(3)
        net = LeNetish()
        loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
        opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
        step.set_train()
        losses[mode] = [float(step(x, y).asnumpy()) for _ in range(3)]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(losses[ms.PYNATIVE_MODE], losses[ms.GRAPH_MODE], rtol=1e-5)
    assert losses[ms.PYNATIVE_MODE][2] < losses[ms.PYNATIVE_MODE][0]


def test_transpose_is_adjoint_of_conv(pynative):
    """<conv(x), y> == <x, conv_transpose(y)> with the same weight (the definition of the transpose)."""
    rs = np.random.RandomState(1)
    conv = nn.Conv2d(3, 5, 3, stride=2, pad_mode='same')
    convt = nn.Conv2dTranspose(5, 3, 3, stride=2, pad_mode='same')
    w = rs.randn(5, 3, 3, 3).astype(np.float32)
    conv.weight.set_data(ms.Tensor(w))
    convt.weight.set_data(ms.Tensor(w))
    x = ms.Tensor(rs.randn(2, 3, 8, 8).astype(np.float32))
    y = ms.Tensor(rs.randn(2, 5, 4, 4).astype(np.float32))
    lhs = float((conv(x) * y).sum().asnumpy())
    rhs = float((x * convt(y)).sum().asnumpy())
    assert abs(lhs - rhs) < 1e-3 * max(1.0, abs(lhs))


def test_conv1d_matches_conv2d_on_unit_height(pynative):
    rs = np.random.RandomState(2)
    c1 = nn.Conv1d(3, 4, 3, stride=2, pad_mode='pad', padding=1, has_bias=True)
    c2 = nn.Conv2d(3, 4, (1, 3), stride=(1, 2), pad_mode='pad', padding=(0, 0, 1, 1), has_bias=True)
    c2.weight.set_data(c1.weight.data)
    c2.bias.set_data(c1.bias.data)
    x = rs.randn(2, 3, 9).astype(np.float32)
    np.testing.assert_allclose(c1(ms.Tensor(x)).asnumpy(), c2(ms.Tensor(x[:, :, None]))[:, :, 0].asnumpy(),
                               rtol=1e-6, atol=1e-6)


def test_pooling_under_jax_jit_and_vmap(pynative):
    pool = nn.MaxPool2d(3, 2, pad_mode='pad', padding=1, return_indices=True)
    x = np.random.RandomState(3).rand(2, 3, 7, 6).astype(np.float32)
    eager_out, eager_idx = pool(ms.Tensor(x))

    def f(a):
        out, idx = pool(ms.Tensor(a))
        return out._data, idx._data
    out, idx = jax.jit(f)(x)
    np.testing.assert_array_equal(np.asarray(out), eager_out.asnumpy())
    np.testing.assert_array_equal(np.asarray(idx), eager_idx.asnumpy())
    vout, _ = jax.vmap(f)(x[:, None])
    np.testing.assert_array_equal(np.asarray(vout)[:, 0], eager_out.asnumpy())


def test_maxunpool_inverts_maxpool(pynative):
    x = ms.Tensor(np.random.RandomState(4).rand(1, 2, 6, 6).astype(np.float32))
    out, idx = nn.MaxPool2d(2, 2, pad_mode='pad', return_indices=True)(x)
    up = nn.MaxUnpool2d(2)(out, idx)
    again = nn.MaxPool2d(2, 2)(up)
    np.testing.assert_array_equal(again.asnumpy(), out.asnumpy())


def test_padding_layers_agree(pynative):
    x = ms.Tensor(np.arange(24, dtype=np.float32).reshape(1, 2, 3, 4))
    np.testing.assert_array_equal(nn.ZeroPad2d((1, 2, 0, 1))(x).asnumpy(),
                                  nn.Pad(((0, 0), (0, 0), (0, 1), (1, 2)))(x).asnumpy())
    np.testing.assert_array_equal(nn.ReflectionPad2d((1, 2, 0, 1))(x).asnumpy(),
                                  nn.Pad(((0, 0), (0, 0), (0, 1), (1, 2)), mode="REFLECT")(x).asnumpy())
    np.testing.assert_array_equal(nn.ReplicationPad1d((2, 1))(x).asnumpy(),
                                  np.pad(x.asnumpy(), ((0, 0), (0, 0), (0, 0), (2, 1)), mode="edge"))
