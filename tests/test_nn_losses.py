"""Loss Cells and misc layers inside compiled code (no MindSpore needed): the same values in
PyNative, ``ms.jit`` and GRAPH_MODE training steps; InstanceNorm's moving statistics written back
from compiled calls; a training loop with ``SoftmaxCrossEntropyWithLogits`` decreasing the loss."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops, Tensor


def _x(*shape, seed=0):
    return Tensor(np.random.RandomState(seed).randn(*shape).astype(np.float32))


@pytest.mark.parametrize("build, args", [
    (lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
     lambda: (_x(4, 5), Tensor(np.array([0, 3, 1, 4], np.int32)))),
    (lambda: nn.CrossEntropyLoss(label_smoothing=0.1), lambda: (_x(4, 5), Tensor(np.array([0, 3, 1, 4], np.int32)))),
    (lambda: nn.MSELoss(), lambda: (_x(3, 4), _x(3, 4, seed=1))),
    (lambda: nn.FocalLoss(), lambda: (_x(3, 4), Tensor(np.array([[1], [0], [3]], np.int32)))),
    (lambda: nn.MultiMarginLoss(p=2), lambda: (_x(3, 4), Tensor(np.array([1, 0, 3], np.int64)))),
    (lambda: nn.MultilabelMarginLoss(), lambda: (_x(2, 4), Tensor(np.array([[1, 2, -1, 0], [3, -1, 0, 0]],
                                                                           np.int32)))),
    (lambda: nn.CTCLoss(), lambda: (ops.log_softmax(_x(6, 2, 5), -1), Tensor(np.array([[1, 2], [3, 3]], np.int32)),
                                    Tensor(np.array([6, 5], np.int32)), Tensor(np.array([2, 2], np.int32)))),
])
def test_loss_jit_matches_pynative(build, args):
    loss = build()
    a = args()
    eager = loss(*a).asnumpy()
    jitted = ms.jit(lambda *v: loss(*v))(*a).asnumpy()
    np.testing.assert_allclose(jitted, eager, rtol=1e-5, atol=1e-6)
    g = ms.grad(lambda x, *rest: loss(x, *rest))(*a)
    assert np.all(np.isfinite(g.asnumpy()))


def test_training_decreases_softmax_ce():
    net = nn.Dense(5, 3)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    x = _x(16, 5)
    y = Tensor(np.random.RandomState(2).randint(0, 3, 16).astype(np.int32))
    fn = ms.value_and_grad(lambda a, b: loss(net(a), b), None, net.trainable_params())
    first = None
    for _ in range(30):
        value, grads = fn(x, y)
        for p, g in zip(net.trainable_params(), grads):
            p.set_data(p - 0.5 * g)
        first = float(value.asnumpy()) if first is None else first
    assert float(value.asnumpy()) < first * 0.8


def test_instance_norm_moving_stats_in_graph_mode():
    x = _x(2, 3, 4, 4)
    eager = nn.InstanceNorm2d(3, momentum=0.5)
    out_e = eager(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        compiled = nn.InstanceNorm2d(3, momentum=0.5)
        out_g = compiled(x).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(out_g, out_e, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(compiled.moving_mean.asnumpy(), eager.moving_mean.asnumpy(), rtol=1e-6)
    a = x.asnumpy()
    expected = 0.5 * a.mean(axis=(2, 3)).mean(0)
    np.testing.assert_allclose(eager.moving_mean.asnumpy(), expected, rtol=1e-5, atol=1e-6)


def test_loss_base_reduction_validation():
    with pytest.raises(ValueError):
        nn.LossBase("avg")
    base = nn.LossBase("sum")
    assert base.get_axis(_x(2, 3, 4)) == (0, 1, 2)
