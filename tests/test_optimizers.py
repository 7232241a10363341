"""Optimizers: the documented formulas where MindSpore 2.10's CPU kernels deviate or are missing
(Momentum Nesterov, Adagrad ``update_slots=False``, FTRL with l1, grad centralization, Lamb, LARS),
and the optimizers inside compiled code (GRAPH_MODE, ``ms.jit``, ``jax.jit`` through the state
threading). Parity with real MindSpore: parity_tests/cases/optimizers.py."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn


@pytest.fixture(autouse=True)
def _pynative():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _param(value, name):
    return ms.Parameter(ms.Tensor(np.asarray(value, np.float32)), name=name)


G = [np.array([1.0, -2.0, 0.5, 0.0], np.float32), np.array([0.3, 0.1, -0.4, 2.0], np.float32)]
W0 = np.array([0.5, -0.5, 1.0, 2.0], np.float32)


def test_momentum_nesterov_formula():
    p = _param(W0, "w")
    opt = nn.Momentum([p], 0.1, 0.9, use_nesterov=True)
    w, m = W0.copy(), np.zeros(4, np.float32)
    for g in G:
        opt((ms.Tensor(g),))
        m = m * 0.9 + g
        w = w - (g * 0.1 + m * 0.9 * 0.1)
    np.testing.assert_allclose(p.asnumpy(), w, rtol=1e-6)
    np.testing.assert_allclose(opt.moments[0].asnumpy(), m, rtol=1e-6)


def test_adagrad_update_slots_false_keeps_accum():
    p = _param(W0, "w")
    opt = nn.Adagrad([p], accum=0.5, learning_rate=0.1, update_slots=False)
    opt((ms.Tensor(G[0]),))
    np.testing.assert_allclose(opt.accum[0].asnumpy(), np.full(4, 0.5, np.float32))
    np.testing.assert_allclose(p.asnumpy(), W0 - 0.1 * G[0] / np.sqrt(0.5), rtol=1e-6)


def test_ftrl_l1_documented_formula():
    p = _param(W0, "w")
    opt = nn.FTRL([p], learning_rate=0.1, l1=0.05, l2=0.02)
    w, acc, lin = W0.astype(np.float64), np.full(4, 0.1), np.zeros(4)
    for g in G:
        opt((ms.Tensor(g),))
        new_acc = acc + g * g
        lin = lin + g - (np.sqrt(new_acc) - np.sqrt(acc)) / 0.1 * w
        quad = np.sqrt(new_acc) / 0.1 + 2 * 0.02
        w = np.where(np.abs(lin) > 0.05, (np.sign(lin) * 0.05 - lin) / quad, 0.0)
        acc = new_acc
    np.testing.assert_allclose(p.asnumpy(), w, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(opt.linear[0].asnumpy(), lin, rtol=1e-5, atol=1e-7)


def test_grad_centralization():
    conv = _param(np.ones((2, 16), np.float32), "conv.weight")
    other = _param(np.ones((2, 3), np.float32), "fc.weight")
    opt = nn.SGD([{"params": [conv], "grad_centralization": True}, {"params": [other]}], 1.0)
    g1 = np.arange(32, dtype=np.float32).reshape(2, 16)
    g2 = np.arange(6, dtype=np.float32).reshape(2, 3)
    cg, og = opt.gradients_centralization((ms.Tensor(g1), ms.Tensor(g2)))
    np.testing.assert_allclose(cg.asnumpy(), g1 - g1.mean(axis=1, keepdims=True))
    np.testing.assert_allclose(og.asnumpy(), g2)
    opt((ms.Tensor(g1), ms.Tensor(g2)))
    np.testing.assert_allclose(conv.asnumpy(), 1 - (g1 - g1.mean(axis=1, keepdims=True)), rtol=1e-6)


def _lamb_ref(w, grads, lr, beta1, beta2, eps, wd):
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for t, g in enumerate(grads, 1):
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g * g
        upd = (m / (1 - beta1 ** t)) / (np.sqrt(v / (1 - beta2 ** t)) + eps) + wd * w
        wn, gn, un = np.linalg.norm(w), np.linalg.norm(g), np.linalg.norm(upd)
        ratio = np.clip(wn / un if (wn > 0 and gn > 0) else 1.0, 0, 10)
        w = w - lr * ratio * upd
    return w, m, v


def test_lamb_formula():
    p = _param(W0, "w")
    b = _param(np.array([0.1, 0.2], np.float32), "bias")
    opt = nn.Lamb([p, b], 0.1, weight_decay=0.01)
    bg = [np.array([0.5, -0.5], np.float32), np.array([0.1, 0.3], np.float32)]
    for g, gb in zip(G, bg):
        opt((ms.Tensor(g), ms.Tensor(gb)))
    w, m, v = _lamb_ref(W0.astype(np.float64), G, 0.1, 0.9, 0.999, 1e-6, 0.01)
    np.testing.assert_allclose(p.asnumpy(), w, rtol=1e-5)
    np.testing.assert_allclose(opt.moments1[0].asnumpy(), m, rtol=1e-5)
    np.testing.assert_allclose(opt.moments2[0].asnumpy(), v, rtol=1e-4)  # float32(1 - 0.999)
    assert [n for n, _ in opt.parameters_and_names()][-4:] == ["lamb_m.w", "lamb_m.bias", "lamb_v.w", "lamb_v.bias"]
    assert int(opt.global_step.asnumpy()[0]) == 2


def test_lars_formula():
    w = _param(W0, "w")
    bias = _param(np.array([0.1, 0.2], np.float32), "bias")
    inner = nn.Momentum([w, bias], 0.1, 0.9, weight_decay=0.01)
    opt = nn.LARS(inner, epsilon=1e-5, coefficient=0.001)
    gb = np.array([0.5, -0.5], np.float32)
    opt((ms.Tensor(G[0]), ms.Tensor(gb)))
    wn, gn = np.linalg.norm(W0), np.linalg.norm(G[0])
    ratio = 0.001 * wn / (gn + 0.01 * wn + 1e-5)
    g_t = ratio * (G[0] + 0.01 * W0)
    np.testing.assert_allclose(w.asnumpy(), W0 - 0.1 * g_t, rtol=1e-5)
    # the bias is filtered out of LARS and, its decay being moved to LARS, gets none
    np.testing.assert_allclose(bias.asnumpy(), np.array([0.1, 0.2], np.float32) - 0.1 * gb, rtol=1e-6)
    assert int(inner.global_step.asnumpy()[0]) == 1


def _net():
    net = nn.Dense(3, 2)
    net.weight.set_data(ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) * 0.1))
    net.bias.set_data(ms.Tensor(np.array([0.5, -0.5], np.float32)))
    return net


def _grads(params, i):
    return tuple(ms.Tensor((np.sin(np.arange(p.size, dtype=np.float32) + i) * 0.3).reshape(p.shape))
                 for p in params)


@pytest.mark.parametrize("make", [
    lambda p: nn.SGD(p, 0.1, momentum=0.9), lambda p: nn.Momentum(p, 0.1, 0.9), lambda p: nn.Adam(p, 0.01),
    lambda p: nn.AdamWeightDecay(p, 0.01, weight_decay=0.1), lambda p: nn.RMSProp(p, 0.01, centered=True),
    lambda p: nn.Adagrad(p), lambda p: nn.Adadelta(p), lambda p: nn.AdaMax(p), lambda p: nn.FTRL(p),
    lambda p: nn.ProximalAdagrad(p), lambda p: nn.ASGD(p), lambda p: nn.Rprop(p), lambda p: nn.LazyAdam(p),
    lambda p: nn.AdaFactor(p), lambda p: nn.Lamb(p, 0.01), lambda p: nn.LARS(nn.Momentum(p, 0.1, 0.9)),
    lambda p: nn.SGD(p, [0.1, 0.2, 0.3]), lambda p: nn.Adam(p, nn.ExponentialDecayLR(0.1, 0.9, 1)),
])
def test_same_state_eager_graph_and_jit(make):
    """The same 3 steps eagerly, in GRAPH_MODE (compiled once) and inside an ``ms.jit`` function."""
    results = []
    for how in ("pynative", "graph", "jit"):
        ms.set_context(mode=ms.GRAPH_MODE if how == "graph" else ms.PYNATIVE_MODE)
        net = _net()
        opt = make(net.trainable_params())
        step = ms.jit(lambda g, opt=opt: opt(g)) if how == "jit" else opt
        for i in range(3):
            step(_grads(net.trainable_params(), i))
        results.append({n: p.asnumpy().copy() for n, p in opt.parameters_and_names()})
    for other in results[1:]:
        assert other.keys() == results[0].keys()
        for k in results[0]:
            np.testing.assert_allclose(other[k], results[0][k], rtol=1e-6, atol=1e-7, err_msg=k)
    assert int(results[0]["global_step"][0]) == 3


def test_train_one_step_graph_compiles_once():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = _net()
    loss = nn.WithLossCell(net, nn.MSELoss())
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    train = nn.TrainOneStepCell(loss, opt)
    x = ms.Tensor(np.ones((4, 3), np.float32))
    y = ms.Tensor(np.zeros((4, 2), np.float32))
    losses = [float(train(x, y).asnumpy()) for _ in range(4)]
    assert losses[-1] < losses[0]
    assert int(opt.global_step.asnumpy()[0]) == 4
    assert float(np.abs(opt.moments[0].asnumpy()).sum()) > 0
    compiled = [c for c in train.__dict__.get("_compiled", {}).values()]
    assert compiled and all(c.traces <= 2 for c in compiled)


def test_jax_jit_functional_step():
    """An optimizer inside ``value_and_grad`` + ``ms.jit`` (the functional training loop)."""
    net = _net()
    opt = nn.Adam(net.trainable_params(), 0.05)
    loss_fn = nn.MSELoss()

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)

    @ms.jit
    def train_step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    x = ms.Tensor(np.ones((4, 3), np.float32))
    y = ms.Tensor(np.zeros((4, 2), np.float32))
    losses = [float(train_step(x, y).asnumpy()) for _ in range(5)]
    assert losses[-1] < losses[0]
    assert abs(float(opt.beta1_power.asnumpy()) - 0.9 ** 5) < 1e-6


def test_custom_optimizer_subclass():
    class MyMomentum(nn.Optimizer):
        def __init__(self, params, learning_rate, momentum=0.9):
            super().__init__(learning_rate, params)
            self.moments = self.parameters.clone(prefix="moments", init="zeros")
            self.momentum = momentum
            self.opt = ms.ops.assign

        def construct(self, gradients):
            lr = self.get_lr()
            gradients = self.scale_grad(self.gradients_centralization(self.decay_weight(gradients)))
            for param, mom, grad in zip(self.parameters, self.moments, gradients):
                self.opt(mom, mom * self.momentum + grad)
                self.opt(param, param - lr * mom)
            return True

    net = _net()
    opt = MyMomentum(net.trainable_params(), 0.1)
    ref = nn.Momentum(_net().trainable_params(), 0.1, 0.9)
    for i in range(3):
        opt(_grads(net.trainable_params(), i))
        ref(_grads(ref.parameters, i))
    np.testing.assert_allclose(net.weight.asnumpy(), ref.parameters[0].asnumpy(), rtol=1e-6)
    assert [n for n, _ in opt.parameters_and_names()][-2:] == ["moments.weight", "moments.bias"]
    from mscompat.nn.optim.optimizer import opt_init_args_register  # noqa: F401  (importable as in MindSpore)


def test_lr_list_past_end_raises():
    net = _net()
    opt = nn.SGD(net.trainable_params(), [0.1, 0.2])
    opt(_grads(net.trainable_params(), 0))
    opt(_grads(net.trainable_params(), 1))
    with pytest.raises(RuntimeError):
        opt(_grads(net.trainable_params(), 2))
