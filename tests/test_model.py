"""Model, callbacks and data sinking: behaviour that needs no MindSpore (parity with MindSpore is in
parity_tests/cases/model_train.py)."""
import io
import os
import signal

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn
import mscompat.dataset as ds
from mscompat.train.dataset_helper import DatasetHelper, connect_network_with_dataset

X = np.random.RandomState(1).randn(64, 4).astype(np.float32)
Y = (np.arange(64) % 3).astype(np.int32)


@pytest.fixture(autouse=True)
def _graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.GRAPH_MODE)


@pytest.fixture(autouse=True)
def _sinking_target(monkeypatch):
    """These tests cover the sink machinery, which runs on the targets where MindSpore sinks
    (GPU, Ascend); on the CPU target ``dataset_sink_mode=True`` runs as non-sink, as MindSpore's
    (``tests/test_dataset_init_step.py``)."""
    import importlib
    monkeypatch.setattr(importlib.import_module("mscompat.train.model"), "_sinks_on_target",
                        lambda dataset_sink_mode, process="training": dataset_sink_mode)


@pytest.fixture(params=["scan", "host_loop"])
def sink_as(request, monkeypatch):
    """Both ways a sink block runs: one ``lax.scan`` (accelerators) and one compiled step per
    batch (XLA:CPU)."""
    import importlib
    monkeypatch.setattr(importlib.import_module("mscompat.train.data_sink"), "_steps_as_loop", lambda: request.param == "scan")
    return request.param


def _data(n=64, batch=4):
    return ds.NumpySlicesDataset({"x": X[:n], "y": Y[:n]}, shuffle=False).batch(batch)


class Net(nn.Cell):
    """Dense + BatchNorm (moving statistics) + Dropout (RNG) + Dense."""

    def __init__(self):
        super().__init__()
        self.d = nn.Dense(4, 8)
        self.bn = nn.BatchNorm1d(8)
        self.drop = nn.Dropout(p=0.5)
        self.o = nn.Dense(8, 3)

    def construct(self, x):
        return self.o(self.drop(self.bn(self.d(x))))


def _model(opt="adam", metrics=None):
    ms.set_seed(3)
    net = Net()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optim = nn.Adam(net.trainable_params(), 0.01) if opt == "adam" else nn.Momentum(net.trainable_params(), 0.1, 0.9)
    return net, optim, ms.Model(net, loss, optim, metrics=metrics)


def _state(net, optim):
    return [p.asnumpy() for p in net.get_parameters()] + [p.asnumpy() for p in optim.get_parameters()]


def _same(a, b):
    assert len(a) == len(b)
    for u, v in zip(a, b):
        np.testing.assert_array_equal(u, v)


@pytest.mark.slow
def test_sink_equals_non_sink_with_bn_dropout_adam(sink_as):
    net, optim, model = _model()
    model.train(2, _data(), dataset_sink_mode=False)
    ref = _state(net, optim)
    net, optim, model = _model()
    model.train(2, _data(), dataset_sink_mode=True)
    _same(ref, _state(net, optim))


def test_sink_compiles_once_and_steps_per_call(sink_as):
    net, optim, model = _model()
    data = _data()
    steps = []
    cb = ms.train.LambdaCallback(on_train_step_end=lambda rc: steps.append(rc.original_args().cur_step_num))
    model.train(3, data, callbacks=cb, dataset_sink_mode=True, sink_size=6)
    assert steps == [6, 12, 18]          # one step callback per sink call of 6 steps
    runner = data.__dict__["_sink_network_"][1]._runner
    compiled = runner.compiled if sink_as == "scan" else runner.single
    assert compiled.traces == 1          # compiled once for all calls
    assert int(optim.global_step.asnumpy().reshape(-1)[0]) == 18


@pytest.mark.slow
def test_sink_size_continues_the_stream(sink_as):
    """sink_size=6 on a 16-batch dataset: 3 epochs = 18 consecutive batches (the stream continues
    into the next dataset pass), as a manual loop over the same batches."""
    net, optim, model = _model()
    model.train(3, _data(), dataset_sink_mode=True, sink_size=6)
    got = _state(net, optim)
    net, optim, model = _model()
    train_net = model.train_network
    train_net.set_train(True)
    batches = list(_data().create_tuple_iterator(num_epochs=1)) * 2
    for x, y in batches[:18]:
        train_net(x, y)
    _same(got, _state(net, optim))


def test_sink_last_step_loss_is_net_outputs():
    net, optim, model = _model(opt="momentum")
    losses = []
    cb = ms.train.LambdaCallback(on_train_step_end=lambda rc: losses.append(
        float(rc.original_args().net_outputs.asnumpy())))
    model.train(1, _data(), callbacks=cb, dataset_sink_mode=False)
    net, optim, model = _model(opt="momentum")
    sink_losses = []
    cb = ms.train.LambdaCallback(on_train_step_end=lambda rc: sink_losses.append(
        float(rc.original_args().net_outputs.asnumpy())))
    model.train(1, _data(), callbacks=cb, dataset_sink_mode=True)
    assert sink_losses == [losses[-1]]


def test_sink_request_stop_after_call():
    net, optim, model = _model()
    seen = []

    def stop(rc):
        seen.append(rc.original_args().cur_epoch_num)
        rc.request_stop()
    model.train(5, _data(), callbacks=ms.train.LambdaCallback(on_train_epoch_end=stop), dataset_sink_mode=True)
    assert seen == [1]


@pytest.mark.slow
def test_pynative_sink_runs_step_by_step():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net, optim, model = _model()
    steps = []
    cb = ms.train.LambdaCallback(on_train_step_end=lambda rc: steps.append(rc.original_args().cur_step_num))
    model.train(2, _data(32), callbacks=cb, dataset_sink_mode=True, sink_size=4)
    assert steps == list(range(1, 9))


def test_data_sink_matches_manual_loop(sink_as):
    def make():
        ms.set_seed(0)
        net = nn.Dense(4, 3)
        opt = nn.SGD(net.trainable_params(), 0.1)
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        grad = ms.value_and_grad(lambda a, b: loss(net(a), b), None, opt.parameters)

        def step(a, b):
            value, g = grad(a, b)
            opt(g)
            return value
        return net, step
    net, step = make()
    sink = ms.data_sink(step, _data(), sink_size=4)
    outs = [float(sink().asnumpy()) for _ in range(5)]          # 20 steps: over the 16-batch epoch
    ref_net, ref_step = make()
    batches = list(_data().create_tuple_iterator(num_epochs=1)) * 2
    ref = [float(ref_step(x, y).asnumpy()) for x, y in batches[:20]]
    assert outs == [ref[i] for i in (3, 7, 11, 15, 19)]
    np.testing.assert_array_equal(net.weight.asnumpy(), ref_net.weight.asnumpy())


def test_data_sink_bad_sink_size():
    with pytest.raises(TypeError):
        ms.data_sink(lambda a, b: a, _data(), sink_size=1.5)
    with pytest.raises(ValueError):
        ms.data_sink(lambda a, b: a, _data(), sink_size=0)


def test_dataset_helper_and_connect():
    net, optim, model = _model()
    train_net = model.train_network
    helper = DatasetHelper(_data(), dataset_sink_mode=True, sink_size=8)
    sink_net = connect_network_with_dataset(train_net, helper)
    assert helper.sink_size() == 8
    outs = []
    for _ in range(2):
        for inputs in helper:
            assert inputs[0].shape == (8, 4, 4)
            outs.append(sink_net(*inputs))
    helper.release()
    assert len(outs) == 2 and outs[0].shape == ()
    with pytest.raises(RuntimeError):
        connect_network_with_dataset(train_net, DatasetHelper(_data(), dataset_sink_mode=False))


def test_model_checkpoint_sink_names(tmp_path):
    net, optim, model = _model()
    ck = ms.train.ModelCheckpoint(prefix="s", directory=str(tmp_path),
                                  config=ms.train.CheckpointConfig(save_checkpoint_steps=8, keep_checkpoint_max=10))
    model.train(3, _data(), callbacks=ck, dataset_sink_mode=True, sink_size=8)
    assert sorted(os.listdir(tmp_path)) == ["s-1_8.ckpt", "s-2_8.ckpt", "s-3_8.ckpt"]
    loaded = ms.load_checkpoint(str(tmp_path / "s-3_8.ckpt"))
    np.testing.assert_array_equal(loaded["d.weight"].asnumpy() if "d.weight" in loaded else
                                  loaded[net.d.weight.name].asnumpy(), net.d.weight.asnumpy())


def test_progress_bar():
    net, optim, model = _model()
    out = io.StringIO()
    model.train(2, _data(), callbacks=ms.train.ProgressBar(file=out), dataset_sink_mode=True, sink_size=8)
    text = out.getvalue()
    assert "Epoch 1/2" in text and "Epoch 2/2" in text and "8/8" in text


def test_on_request_exit_stops_and_saves(tmp_path):
    net, optim, model = _model()
    cb = ms.train.OnRequestExit(save_mindir=False, directory=str(tmp_path), sig=signal.SIGUSR1)
    seen = []

    def send(rc):
        seen.append(rc.original_args().cur_step_num)
        if rc.original_args().cur_step_num == 2:
            os.kill(os.getpid(), signal.SIGUSR1)
    model.train(2, _data(), callbacks=[ms.train.LambdaCallback(on_train_step_end=send), cb])
    assert seen == [1, 2]
    assert os.path.isfile(os.path.join(str(tmp_path), "rank_0", "Net_train.ckpt"))


@pytest.mark.slow
def test_backup_and_restore(tmp_path):
    net, optim, model = _model()
    cb = ms.train.BackupAndRestore(str(tmp_path), delete_checkpoint=False)
    model.train(1, _data(), callbacks=cb)
    backup = os.path.join(str(tmp_path), "backup.ckpt")
    assert os.path.isfile(backup)
    trained = net.d.weight.asnumpy().copy()
    net2, optim2, model2 = _model()
    seen = {}
    probe = ms.train.LambdaCallback(on_train_step_begin=lambda rc: seen.setdefault("w", net2.d.weight.asnumpy().copy()))
    model2.train(1, _data(), callbacks=[ms.train.BackupAndRestore(str(tmp_path)), probe])
    np.testing.assert_array_equal(seen["w"], trained)       # restored before the first step
    assert not os.path.exists(backup)                       # deleted at the end


def test_loss_monitor_nan_raises():
    class NanNet(nn.Cell):
        def construct(self, x, y):
            return (x * np.float32(np.nan)).sum()
    model = ms.Model(NanNet())
    with pytest.raises(ValueError, match="NAN or INF"):
        model.train(1, _data(), callbacks=ms.LossMonitor())


def test_time_monitor_data_time(capsys):
    net, optim, model = _model()
    model.train(1, _data(), callbacks=ms.train.TimeMonitor(data_time=True), dataset_sink_mode=True)
    out = capsys.readouterr().out
    assert "Train epoch time:" in out and "data time:" in out


def test_eval_in_graph_and_predict():
    net, optim, model = _model(metrics={"acc": ms.train.Accuracy()})
    model.train(1, _data(), dataset_sink_mode=True)
    res = model.eval(_data(), dataset_sink_mode=True)
    assert 0.0 <= res["acc"] <= 1.0
    out = model.predict(ms.Tensor(X[:5]))
    assert out.shape == (5, 3)
    assert not net.training


def test_model_build_compiles_ahead():
    net, optim, model = _model()
    data = _data()
    model.build(data, epoch=2)
    model.train(2, data)
    with pytest.raises(ValueError):
        model.build(None, None)


def test_flops_collector(capsys):
    net, optim, model = _model()
    model.train(1, _data(), callbacks=ms.train.FlopsUtilizationCollector(3, computility=1e9),
                dataset_sink_mode=True, sink_size=8)
    out = capsys.readouterr().out
    flops = float(out.split("Full model flops is ")[1].split(",")[0])
    assert flops > 0
    assert "Train per step time:" in out and "mfu:" in out
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net, optim, model = _model()
    with pytest.raises(ValueError, match="graph mode"):
        model.train(1, _data(8), callbacks=ms.train.FlopsUtilizationCollector(3))


def test_fit_in_sink_mode_with_history():
    net, optim, model = _model(metrics={"acc": ms.train.Accuracy()})
    h = ms.train.History()
    model.fit(2, _data(), _data(16), callbacks=h, dataset_sink_mode=True, sink_size=8)
    assert h.epoch == {"epoch": [1, 2]}
    assert sorted(h.history) == ["acc", "net_output"] and len(h.history["acc"]) == 2
    assert int(optim.global_step.asnumpy().reshape(-1)[0]) == 16


def test_model_checkpoint_callable_prefix_and_directory(tmp_path):
    net, optim, model = _model()
    ck = ms.train.ModelCheckpoint(prefix=lambda cb: f"p{cb.cur_step_num}",
                                  directory=lambda cb: str(tmp_path / f"e{cb.cur_epoch_num}"),
                                  config=ms.train.CheckpointConfig(save_checkpoint_steps=8))
    model.train(2, _data(), callbacks=ck, dataset_sink_mode=True, sink_size=8)
    assert sorted(os.listdir(tmp_path)) == ["e1", "e2"]
    assert os.listdir(tmp_path / "e2") == ["p16.ckpt"]


def test_dataset_reuse_is_caught_when_the_first_model_address_is_reused():
    """MindSpore keys a dataset by ``hash(model)``, an address; a second Model that gets the
    freed first one's address is still another Model."""
    data = _data(16)
    first = _model("momentum")[2]
    first.train(1, data, dataset_sink_mode=False)
    second = _model("momentum")[2]
    data.__model_hash__ = hash(second)       # what a reused address gives
    with pytest.raises(RuntimeError, match="had been used in other model"):
        second.train(1, data, dataset_sink_mode=False)
