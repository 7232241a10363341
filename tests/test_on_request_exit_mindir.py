"""OnRequestExit(save_mindir=True): on the signal the train network is saved as a checkpoint and
exported as MindIR (traced with the last step's inputs), and the eval network likewise."""
import os
import signal

import numpy as np

import mscompat as ms
from mscompat import dataset as ds
from mscompat import nn


def _model():
    ms.set_seed(1)
    net = nn.Dense(4, 3)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return net, ms.Model(net, loss, nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"acc"})


def _data():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((32, 4)).astype(np.float32)
    y = rng.integers(0, 3, 32).astype(np.int32)
    return ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(4)


def _signal_at(step, kind):
    def send(rc):
        if rc.original_args().cur_step_num == step:
            os.kill(os.getpid(), signal.SIGUSR1)
    return ms.train.LambdaCallback(**{f"on_{kind}_step_end": send})


def test_train_exit_saves_ckpt_and_mindir(tmp_path):
    net, model = _model()
    cb = ms.train.OnRequestExit(file_name="Tiny", directory=str(tmp_path), sig=signal.SIGUSR1)
    steps = []
    record = ms.train.LambdaCallback(on_train_step_end=lambda rc: steps.append(rc.original_args().cur_step_num))
    model.train(3, _data(), callbacks=[_signal_at(2, "train"), record, cb])
    assert steps == [1, 2]
    base = os.path.join(str(tmp_path), "rank_0", "Tiny_train")
    assert os.path.isfile(base + ".ckpt") and os.path.isfile(base + ".mindir")
    # the MindIR loads back as a graph whose inputs are the train step's (data, label)
    graph = ms.load(base + ".mindir")
    assert graph is not None


def test_eval_exit_saves_eval_mindir(tmp_path):
    net, model = _model()
    cb = ms.train.OnRequestExit(file_name="Tiny", directory=str(tmp_path), sig=signal.SIGUSR1)
    model.eval(_data(), callbacks=[_signal_at(1, "eval"), cb])
    base = os.path.join(str(tmp_path), "rank_0", "Tiny_eval")
    assert os.path.isfile(base + ".ckpt") and os.path.isfile(base + ".mindir")


def test_save_mindir_false_writes_no_mindir(tmp_path):
    net, model = _model()
    cb = ms.train.OnRequestExit(save_mindir=False, file_name="Tiny", directory=str(tmp_path), sig=signal.SIGUSR1)
    model.train(1, _data(), callbacks=[_signal_at(1, "train"), cb])
    files = sorted(os.listdir(os.path.join(str(tmp_path), "rank_0")))
    assert files == ["Tiny_train.ckpt"]
