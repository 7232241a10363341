"""DATA_PARALLEL gives each rank its own outputs, as MindSpore does: every device computes on its
own part of the batch (outputs, losses, BatchNorm statistics per device); only the gradient
all-reduce of ``DistributedGradReducer`` and explicit collectives combine them.

* 2 processes x 1 device under the ``msrun``-style launcher (MindSpore's layout): each rank's
  ``net(x).sum()``, BatchNorm moving statistics, and the losses ``Model.train`` /
  ``LossMonitor`` report are what that rank computes alone on its data (also in PyNative), the
  weights those of one device trained on the union of the ranks' batches;
* 1 process x several devices: per-sample outputs for the whole batch, the loss and BatchNorm
  statistics of device 0 (MindSpore's rank 0), each device's own statistics in its buffer.
"""
import json
import os
import re

import jax
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops, Tensor

from tests._mp_util import ROOT, worker_env, run_launcher, read


@pytest.fixture(autouse=True)
def _stand_alone_after():
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.reset_auto_parallel_context()
    yield
    ms.reset_auto_parallel_context()


def _bn_reference(x):
    """BatchNorm1d(3, momentum=0.9)'s moving statistics after one training call on ``x`` alone."""
    bn = nn.BatchNorm1d(x.shape[1], momentum=0.9)
    bn.set_train()
    bn(Tensor(x))
    return bn.moving_mean.asnumpy(), bn.moving_variance.asnumpy()


# --- several processes (the launcher) ----------------------------------------------------------
def test_two_processes_per_rank_outputs(tmp_path):
    """2 processes x 1 device, DATA_PARALLEL (MindSpore: 12.0 and 16.0 for these inputs, where the
    global computation would print 28.0 on both)."""
    logs = tmp_path / "logs"
    env = worker_env(devices=1, MP_OUT=tmp_path)
    rc, _, out = run_launcher(os.path.join(ROOT, "tests", "_mp_per_rank.py"), str(logs), env, timeout=150)
    assert rc == 0, out[-3000:] + read(logs / "worker_0.log")[-3000:] + read(logs / "worker_1.log")[-3000:]
    ranks = [json.load(open(tmp_path / f"rank_{r}.json")) for r in (0, 1)]
    assert [(r["rank"], r["size"]) for r in ranks] == [(0, 2), (1, 2)]
    assert [r["sum"] for r in ranks] == [12.0, 16.0]

    for r in ranks:   # BatchNorm: each rank's statistics of its own batch
        mean, var = _bn_reference(np.array(r["bn_x"], np.float32))
        np.testing.assert_allclose(r["bn_mean"], mean, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(r["bn_var"], var, rtol=1e-5, atol=1e-6)
    assert not np.allclose(ranks[0]["bn_mean"], ranks[1]["bn_mean"])

    # Model.train: each rank's loss on its own batch; the weights of single-device training on the
    # union of the ranks' batches (batch-mean loss, gradients_mean=True)
    assert len(ranks[0]["losses"]) == len(ranks[1]["losses"]) == 8      # 2 epochs x 4 steps
    net = _dense_net()
    loss_fn = nn.MSELoss()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    expected = [[], []]
    for s in range(8):
        parts = [[np.array(t, np.float32) for t in r["batches"][s]] for r in ranks]
        for r in (0, 1):
            expected[r].append(float(loss_fn(net(Tensor(parts[r][0])), Tensor(parts[r][1])).asnumpy()))
        step(Tensor(np.concatenate([parts[0][0], parts[1][0]])), Tensor(np.concatenate([parts[0][1], parts[1][1]])))
    for r in (0, 1):
        np.testing.assert_allclose(ranks[r]["losses"], expected[r], rtol=1e-5, atol=1e-6)
        printed = [float(v) for v in re.findall(r"loss is ([-+0-9.eE]+)", read(logs / f"worker_{r}.log"))]
        np.testing.assert_allclose(printed, expected[r], rtol=1e-5, atol=1e-6)
        for p in net.trainable_params():
            np.testing.assert_allclose(ranks[r]["weights"][p.name], p.asnumpy(), rtol=1e-5, atol=1e-6)
    assert not np.allclose(ranks[0]["losses"], ranks[1]["losses"])

    # PyNative: the same per-rank losses and averaged gradients, the all-reduce over the processes
    net = _dense_net()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    parts = [[np.array(t, np.float32) for t in r["pynative_batch"]] for r in ranks]
    expected = [[], []]
    for _ in range(2):
        for r in (0, 1):
            expected[r].append(float(loss_fn(net(Tensor(parts[r][0])), Tensor(parts[r][1])).asnumpy()))
        step(Tensor(np.concatenate([parts[0][0], parts[1][0]])), Tensor(np.concatenate([parts[0][1], parts[1][1]])))
    for r in (0, 1):
        np.testing.assert_allclose(ranks[r]["pynative_losses"], expected[r], rtol=1e-5, atol=1e-6)
        for p in net.trainable_params():
            np.testing.assert_allclose(ranks[r]["pynative_weights"][p.name], p.asnumpy(), rtol=1e-5, atol=1e-6)


def _dense_net():
    """The worker's Net (tests/_mp_per_rank.py)."""
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            w1 = Tensor(np.linspace(-0.5, 0.5, 32, dtype=np.float32).reshape(8, 4))
            w2 = Tensor(np.linspace(0.3, -0.3, 16, dtype=np.float32).reshape(2, 8))
            self.fc1 = nn.Dense(4, 8, weight_init=w1, bias_init="zeros")
            self.fc2 = nn.Dense(8, 2, weight_init=w2, bias_init="zeros")

        def construct(self, x):
            return self.fc2(ops.tanh(self.fc1(x)))
    return Net()


# --- one process, several devices ------------------------------------------------------------
needs4 = pytest.mark.skipif(jax.device_count() < 4, reason="needs 4 host devices (root conftest.py)")


class _PredictAndLoss(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        self.loss = nn.MSELoss()

    def construct(self, x, y):
        pred = self.fc(x)
        return pred, self.loss(pred, y), ops.reshape(ops.reduce_sum(x), (1,)), ops.AllReduce()(ops.reduce_sum(x))


@needs4
def test_one_process_outputs():
    """Per-sample outputs for the whole batch fed; every other output is device 0's (MindSpore's
    rank 0); an explicit AllReduce sums the devices' values."""
    x = np.arange(24, dtype=np.float32).reshape(8, 3) / 10
    y = np.ones((8, 2), np.float32)
    net = _PredictAndLoss()
    pred1, loss1, _, _ = net(Tensor(x), Tensor(y))
    ms.set_auto_parallel_context(parallel_mode="data_parallel", device_num=4)
    pred, loss, local_sum, total = net(Tensor(x), Tensor(y))
    np.testing.assert_allclose(pred.asnumpy(), pred1.asnumpy(), rtol=1e-6)              # all 8 samples
    _, loss0, _, _ = _PredictAndLoss()(Tensor(x[:2]), Tensor(y[:2]))
    assert float(loss.asnumpy()) == pytest.approx(float(loss0.asnumpy()), rel=1e-6)      # device 0's 2 samples
    assert float(loss.asnumpy()) != pytest.approx(float(loss1.asnumpy()), rel=1e-3)
    assert local_sum.shape == (1,) and float(local_sum.asnumpy()[0]) == pytest.approx(x[:2].sum(), rel=1e-6)
    assert float(total.asnumpy()) == pytest.approx(x.sum(), rel=1e-6)


@needs4
def test_one_process_batchnorm_per_device():
    """Moving statistics per device: device 0's are read back, each device keeps its own and uses
    it in inference (its rows normalized with its own statistics)."""
    rng = np.random.default_rng(3)
    x = (rng.standard_normal((8, 3)) * np.repeat(np.arange(1, 5), 2)[:, None]).astype(np.float32)
    ms.set_auto_parallel_context(parallel_mode="data_parallel", device_num=4)
    bn = nn.BatchNorm1d(3, momentum=0.9)
    bn.set_train()
    bn(Tensor(x))
    per_device = [_bn_reference(x[2 * d:2 * d + 2]) for d in range(4)]
    np.testing.assert_allclose(bn.moving_mean.asnumpy(), per_device[0][0], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(bn.moving_variance.asnumpy(), per_device[0][1], rtol=1e-5, atol=1e-6)
    shards = {s.device: np.asarray(s.data) for s in bn.moving_mean._value.addressable_shards}
    for d, dev in enumerate(jax.devices()[:4]):
        np.testing.assert_allclose(shards[dev], per_device[d][0], rtol=1e-5, atol=1e-6)
    bn.set_train(False)
    out = bn(Tensor(x)).asnumpy()
    for d in range(4):
        mean, var = per_device[d]
        np.testing.assert_allclose(out[2 * d:2 * d + 2], (x[2 * d:2 * d + 2] - mean) / np.sqrt(var + 1e-5),
                                   rtol=1e-4, atol=1e-5)


@needs4
@pytest.mark.parametrize("mean", [True, False])
def test_one_process_summed_loss_gradients(mean):
    """A loss that sums over the batch: each device's gradient is that of its own sum; the
    reducer adds them (the gradient of the whole batch's sum) and divides by the device count
    with gradients_mean: single-device SGD on the summed loss with lr / 4 (mean) or lr (sum).
    The loss printed is device 0's sum."""
    rng = np.random.default_rng(4)
    x = rng.standard_normal((8, 3)).astype(np.float32)
    y = rng.standard_normal((8, 2)).astype(np.float32)

    def train(lr):
        net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss(reduction="sum")),
                                   nn.SGD(net.trainable_params(), lr))
        loss = float(step(Tensor(x), Tensor(y)).asnumpy())
        return loss, net.weight.asnumpy()

    _, w_ref = train(0.01 / 4 if mean else 0.01)
    loss0, _ = train(0.0)
    dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    first = float(nn.MSELoss(reduction="sum")(dense(Tensor(x[:2])), Tensor(y[:2])).asnumpy())
    ms.set_auto_parallel_context(parallel_mode="data_parallel", device_num=4, gradients_mean=mean)
    loss, w = train(0.01)
    np.testing.assert_allclose(w, w_ref, rtol=1e-5, atol=1e-6)
    assert loss == pytest.approx(first, rel=1e-5) and loss != pytest.approx(loss0, rel=1e-3)


@needs4
def test_one_process_sync_batchnorm():
    """SyncBatchNorm synchronizes the devices: the statistics (and outputs, and input gradients
    of the summed per-device losses) of the whole batch, on every device."""
    rng = np.random.default_rng(5)
    x = (rng.standard_normal((8, 3)) * np.repeat(np.arange(1, 5), 2)[:, None]).astype(np.float32)

    def run():
        bn = nn.SyncBatchNorm(3, momentum=0.9)
        bn.set_train()
        w = Tensor(np.arange(24, dtype=np.float32).reshape(8, 3))
        grad = ms.grad(lambda t, u: (bn(t) * u).sum())
        out = bn(Tensor(x)).asnumpy()
        return out, grad(Tensor(x), w).asnumpy(), bn

    ref_out, ref_grad, ref = run()
    ms.set_auto_parallel_context(parallel_mode="data_parallel", device_num=4)
    out, grad, bn = run()
    np.testing.assert_allclose(out, ref_out, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(grad, ref_grad, rtol=1e-4, atol=1e-5)
    for name in ("moving_mean", "moving_variance"):
        for s in getattr(bn, name)._value.addressable_shards:
            np.testing.assert_allclose(np.asarray(s.data), getattr(ref, name).asnumpy(), rtol=1e-5, atol=1e-6)


@needs4
def test_one_process_pynative_step():
    """PyNative in one process computes the whole batch at once (no per-device split), and the
    optimizer's own compiled update gets the gradients whole: the single-device step."""
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.default_rng(6)
    x = rng.standard_normal((8, 4)).astype(np.float32)
    y = rng.standard_normal((8, 8)).astype(np.float32)

    def train():   # gradients (8, 4) and (8,): shapes a batch split would cut
        net = nn.Dense(4, 8, weight_init="ones", bias_init="zeros")
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.Momentum(net.trainable_params(), 0.1, 0.9))
        return [float(step(Tensor(x), Tensor(y)).asnumpy()) for _ in range(3)], net.weight.asnumpy()

    ref_losses, ref_w = train()
    ms.set_auto_parallel_context(parallel_mode="data_parallel", device_num=4, gradients_mean=True)
    got_losses, w = train()
    np.testing.assert_allclose(got_losses, ref_losses, rtol=1e-5)
    np.testing.assert_allclose(w, ref_w, rtol=1e-5, atol=1e-6)


@needs4
def test_one_process_functional_graph_calls():
    """MindSpore's functional data-parallel loop in GRAPH_MODE, each call compiled on its own:
    the gradients a call returns stay per device (each device's buffer), so the reducer's call
    averages the devices' own gradients: the single-device weights; the loss is device 0's."""
    rng = np.random.default_rng(7)
    x = rng.standard_normal((32, 4)).astype(np.float32)
    y = rng.standard_normal((32, 8)).astype(np.float32)

    def train():   # local batch 8 = the weight's first dimension: gradients are no per-sample output
        net = nn.Dense(4, 8, weight_init="ones", bias_init="zeros")
        loss_fn = nn.MSELoss()
        opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
        grad_fn = ms.value_and_grad(lambda a, b: loss_fn(net(a), b), None, opt.parameters)
        reducer = nn.DistributedGradReducer(opt.parameters, mean=True)
        losses = []
        for _ in range(2):
            loss, grads = grad_fn(Tensor(x), Tensor(y))
            opt(reducer(grads))
            losses.append(float(loss.asnumpy()))
        return losses, net.weight.asnumpy(), net

    _, ref_w, _ = train()
    ms.set_auto_parallel_context(parallel_mode="data_parallel", device_num=4, gradients_mean=True)
    losses, w, net = train()
    np.testing.assert_allclose(w, ref_w, rtol=1e-5, atol=1e-6)
    ms.reset_auto_parallel_context()
    first = float(nn.MSELoss()(nn.Dense(4, 8, weight_init="ones", bias_init="zeros")(Tensor(x[:8])),
                               Tensor(y[:8])).asnumpy())
    assert losses[0] == pytest.approx(first, rel=1e-5)
