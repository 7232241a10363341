"""Training wrappers, loss scaling and mixed precision: behaviour that needs no MindSpore
(compiled once in GRAPH_MODE, overflow steps skipped inside compiled code, the modes agree,
amp levels and build_train_network with loss scaling, scalers inside ms.jit). Parity with
real MindSpore: parity_tests/cases/wrappers.py and amp.py."""

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops, _graph


@pytest.fixture(autouse=True)
def _pynative_after():
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


X = np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3)
Y = np.ones((4, 2), np.float32)


def _net():
    net = nn.Dense(3, 2)
    net.weight.set_data(ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) / 10))
    net.bias.set_data(ms.Tensor(np.array([0.1, -0.2], np.float32)))
    return net


def _inf_x():
    a = X.copy()
    a[0, 0] = np.inf
    return ms.Tensor(a)


def _train(mode, steps=3, opt="momentum"):
    ms.set_context(mode=mode)
    net = _net()
    optim = nn.Momentum(net.trainable_params(), 0.1, 0.9) if opt == "momentum" else nn.SGD(net.trainable_params(), 0.1)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), optim)
    losses = [float(step(ms.Tensor(X), ms.Tensor(Y)).asnumpy()) for _ in range(steps)]
    return losses, [p.asnumpy() for p in net.trainable_params()], step, optim


def test_train_one_step_modes_agree_and_compile_once():
    l1, p1, _, _ = _train(ms.PYNATIVE_MODE)
    l2, p2, step, optim = _train(ms.GRAPH_MODE)
    np.testing.assert_allclose(l1, l2, rtol=1e-6)
    for a, b in zip(p1, p2):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
    assert l2[0] > l2[1] > l2[2]
    entry = _graph._cell_entry(step)
    assert entry.traces <= 2 and not entry.eager       # discovery + one trace, never per step
    # the momentum state was written back too
    assert any(np.abs(m.asnumpy()).sum() > 0 for m in optim.moments)


def test_train_one_step_with_tiny_custom_optimizer():
    class Opt(nn.Cell):
        def __init__(self, params):
            super().__init__()
            self.parameters = ms.ParameterTuple(params)

        def construct(self, grads):
            for p, g in zip(self.parameters, grads):
                ops.assign(p, p - 0.5 * g)
            return True

    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        net = _net()
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), Opt(net.trainable_params()), sens=2.0)
        losses = [float(step(ms.Tensor(X), ms.Tensor(Y)).asnumpy()) for _ in range(3)]
        assert losses[0] > losses[2]


def _ls_run(mode, sense):
    ms.set_context(mode=mode)
    net = _net()
    optim = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    step = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), optim, sense)
    rows = []
    for x in (ms.Tensor(X), _inf_x(), ms.Tensor(X)):
        before = [p.asnumpy().copy() for p in net.trainable_params()] + [m.asnumpy().copy() for m in optim.moments]
        loss, cond, scale = step(x, ms.Tensor(Y))
        after = [p.asnumpy() for p in net.trainable_params()] + [m.asnumpy() for m in optim.moments]
        changed = any(not np.array_equal(a, b) for a, b in zip(before, after))
        rows.append((float(loss.asnumpy()), bool(cond.asnumpy()), float(scale.asnumpy()), changed))
    return rows, step


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_loss_scale_overflow_step_is_skipped(mode):
    upd = nn.DynamicLossScaleUpdateCell(loss_scale_value=1024.0, scale_factor=2, scale_window=1000)
    rows, step = _ls_run(mode, upd)
    assert [r[1] for r in rows] == [False, True, False]
    assert [r[3] for r in rows] == [True, False, True]      # the overflow step changed nothing
    assert [r[2] for r in rows] == [1024.0, 512.0, 512.0]
    if mode == ms.GRAPH_MODE:
        assert not _graph._cell_entry(step).eager


def test_loss_scale_modes_agree():
    r1, _ = _ls_run(ms.PYNATIVE_MODE, ms.Tensor(16.0, ms.float32))
    r2, _ = _ls_run(ms.GRAPH_MODE, ms.Tensor(16.0, ms.float32))
    for a, b in zip(r1, r2):
        assert a[1:] == b[1:]
        assert a[0] == pytest.approx(b[0], rel=1e-6) or (np.isinf(a[0]) and np.isinf(b[0]))


def test_loss_scale_inside_jit_function():
    net = _net()
    optim = nn.SGD(net.trainable_params(), 0.1)
    step = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), optim,
                                            nn.FixedLossScaleUpdateCell(8.0))

    @ms.jit
    def run(x, y):
        return step(x, y)

    w0 = net.weight.asnumpy().copy()
    _, cond, _ = run(_inf_x(), ms.Tensor(Y))
    assert bool(cond.asnumpy()) and np.array_equal(net.weight.asnumpy(), w0)
    _, cond, _ = run(ms.Tensor(X), ms.Tensor(Y))
    assert not bool(cond.asnumpy()) and not np.array_equal(net.weight.asnumpy(), w0)


def test_train_one_step_return_grad_and_reducer_hook():
    net = _net()
    optim = nn.SGD(net.trainable_params(), 0.0)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), optim, return_grad=True)
    seen = []

    class Reducer(nn.Cell):
        def construct(self, grads):
            seen.append(len(grads))
            return tuple(g * 2 for g in grads)

    _, g1 = step(ms.Tensor(X), ms.Tensor(Y))
    step.grad_reducer = Reducer()
    _, g2 = step(ms.Tensor(X), ms.Tensor(Y))
    assert sorted(g1) == ["bias", "weight"] and seen == [2]
    np.testing.assert_allclose(g2["weight"].asnumpy(), 2 * g1["weight"].asnumpy(), rtol=1e-6)


def test_distributed_grad_reducer_single_device():
    params = _net().trainable_params()
    g = (ms.Tensor([2.0, 4.0]), ms.Tensor([1.0], ms.float16))
    out = nn.DistributedGradReducer(params, mean=True, degree=1)(g)
    assert [o.dtype for o in out] == [ms.float32, ms.float16]
    np.testing.assert_array_equal(out[0].asnumpy(), [2.0, 4.0])
    out = nn.DistributedGradReducer(params, mean=True, degree=2)(g)
    np.testing.assert_array_equal(out[0].asnumpy(), [1.0, 2.0])
    out = nn.DistributedGradReducer(params, mean=False, degree=2)(g)
    np.testing.assert_array_equal(out[0].asnumpy(), [2.0, 4.0])
    with pytest.raises(ValueError):
        nn.DistributedGradReducer(params, degree=0)


def test_batchnorm_statistics_updated_once_per_step():
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        bn = nn.BatchNorm1d(2, momentum=0.5)
        step = nn.TrainOneStepCell(nn.WithLossCell(bn, nn.MSELoss()), nn.SGD(bn.trainable_params(), 0.0))
        step.set_train()
        step(ms.Tensor(np.array([[1.0, 2.0], [3.0, 5.0]], np.float32)), ms.Tensor(np.zeros((2, 2), np.float32)))
        np.testing.assert_allclose(bn.moving_mean.asnumpy(), [1.0, 1.75])


@pytest.mark.parametrize("level", ["O0", "O1", "O2", "O3", "auto"])
def test_build_train_network_levels_train(level):
    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.SequentialCell([nn.Dense(3, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Dense(4, 2)])
    optim = nn.Momentum(net.trainable_params(), 0.05, 0.9)
    train = ms.build_train_network(net, optim, nn.MSELoss(), level=level)
    expected = "TrainOneStepWithLossScaleCell" if level == "O2" else "TrainOneStepCell"
    assert type(train).__name__ == expected
    outs = [train(ms.Tensor(X), ms.Tensor(Y)) for _ in range(4)]
    if level == "O2":
        # the default DynamicLossScaleManager starts at 2**24: float16 gradients overflow, the
        # steps are skipped and the scale halves each time
        assert [bool(o[1].asnumpy()) for o in outs] == [True] * 4
        assert [float(o[2].asnumpy()) for o in outs] == [2.0 ** 23, 2.0 ** 22, 2.0 ** 21, 2.0 ** 20]
        return
    loss, first = outs[-1], outs[0]
    assert loss.dtype == ms.float32 and float(loss.asnumpy()) < float(first.asnumpy())
    assert all(p.dtype == ms.float32 for p in net.trainable_params())


def test_build_train_network_o2_dynamic_scale_skips_overflow():
    net = nn.Dense(3, 2)
    optim = nn.SGD(net.trainable_params(), 0.1)
    manager = ms.DynamicLossScaleManager(init_loss_scale=2 ** 12, scale_factor=2, scale_window=50)
    train = ms.build_train_network(net, optim, nn.MSELoss(), level="O2", loss_scale_manager=manager)
    w0 = net.weight.asnumpy().copy()
    _, cond, scale = train(_inf_x(), ms.Tensor(Y))
    assert bool(cond.asnumpy()) and float(scale.asnumpy()) == 2 ** 11
    assert np.array_equal(net.weight.asnumpy(), w0)


def test_amp_o2_keeps_batchnorm_fp32_and_casts_output():
    net = nn.SequentialCell([nn.Dense(3, 4), nn.BatchNorm1d(4), nn.Dense(4, 2)])
    out_net = ms.amp.auto_mixed_precision(net, "O2")
    seen = {}
    bn = out_net._backbone[1]._backbone
    assert type(out_net._backbone[1]).__name__ == "_OutputTo16"
    assert bn.get_mixed_precision_type().name == "FP32" and out_net._backbone.get_mixed_precision_type().name == "FP16"
    dense = out_net._backbone[0]
    dense.register_forward_hook(lambda cell, inp, out: seen.update(dense=out.dtype))
    y = out_net(ms.Tensor(X))
    assert y.dtype == ms.float32
    assert seen == {"dense": ms.float16}
    assert out_net._amp_level == "O2"


def test_amp_o1_whitelist_cells_output_fp32_computed_fp16():
    net = nn.Dense(3, 2)
    ref = net(ms.Tensor(X)).asnumpy()
    out = ms.amp.auto_mixed_precision(net, "O1")(ms.Tensor(X))
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), ref, rtol=3e-3, atol=3e-3)
    assert not np.array_equal(out.asnumpy(), ref)      # really computed in float16


def test_amp_auto_restores_ops_after_call():
    before = ops.exp
    f = ms.amp.auto_mixed_precision(lambda a: ops.exp(a.astype(ms.float16)) + ops.matmul(a, a), "auto")
    out = f(ms.Tensor(np.ones((2, 2), np.float32)))
    assert out.dtype == ms.float32
    assert ops.exp is before
    assert ops.exp(ms.Tensor(np.ones(2, np.float16))).dtype == ms.float16


def test_scalers_inside_jit():
    scaler = ms.amp.DynamicLossScaler(1024, 2, 1)

    @ms.jit
    def step(g):
        finite = ms.amp.all_finite(g)
        scaler.adjust(finite)
        return scaler.unscale(g), finite

    _, f = step((ms.Tensor([1.0, 2.0]),))
    assert bool(f.asnumpy()) and float(scaler.scale_value.asnumpy()) == 2048.0
    _, f = step((ms.Tensor([np.inf, 2.0]),))
    assert not bool(f.asnumpy()) and float(scaler.scale_value.asnumpy()) == 1024.0


def test_micro_batch_cells_sum_over_slices():
    net = _net()
    x = ms.Tensor(np.arange(24, dtype=np.float32).reshape(8, 3))
    full = net(x).asnumpy()
    expect = full[:4] + full[4:]
    np.testing.assert_allclose(nn.GradAccumulationCell(net, 2)(x).asnumpy(), expect, rtol=1e-6)
    np.testing.assert_allclose(nn.MicroBatchInterleaved(net, 2)(x).asnumpy(), expect, rtol=1e-6)


@pytest.mark.parametrize("level", ["O1", "auto"])
def test_amp_cells_copy_independently(level):
    import copy
    net = nn.SequentialCell([nn.Dense(3, 4), nn.ReLU(), nn.Dense(4, 2)])
    amp_net = ms.amp.auto_mixed_precision(net, level)
    twin = copy.deepcopy(amp_net)
    x = ms.Tensor(X)
    np.testing.assert_array_equal(twin(x).asnumpy(), amp_net(x).asnumpy())
    twin[0].weight.set_data(ops.zeros_like(twin[0].weight))
    assert not np.array_equal(twin(x).asnumpy(), amp_net(x).asnumpy())
    assert amp_net(x).dtype == twin(x).dtype
