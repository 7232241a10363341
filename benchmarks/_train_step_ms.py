"""The MindSpore-API side of ``train_step.py``, run unmodified by real MindSpore 2.10 (its own
interpreter) and by mscompat (``python -m mscompat``): LeNet-5 or ResNet-18 trained with
``Model.train(dataset_sink_mode=True, sink_size=...)`` in GRAPH_MODE, momentum 0.9, lr 0.01, mean
softmax cross entropy, on the same synthetic batches as the JAX side. Each ``epoch`` is one sink of
``--sink`` steps; a callback times the epochs. (MindSpore's CPU build does not sink: it runs the
same steps one by one, as its Model.train documents.) Prints one JSON line.
"""
import argparse
import importlib.util
import json
import os
import sys
import time

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn
from mindspore.train import Callback, Model

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "examples", "resnet"))
from _train_step_common import peak_memory_mb, synthetic_batches  # noqa: E402


class EpochTimer(Callback):
    def __init__(self):
        self.stamps = [time.perf_counter()]
        self.loss = None

    def on_train_epoch_end(self, run_context):
        out = run_context.original_args().net_outputs
        out = out[0] if isinstance(out, (tuple, list)) else out
        self.loss = float(out.asnumpy())          # waits for the step to finish
        self.stamps.append(time.perf_counter())


def train_cell_loop(net, loss, opt, xs, ys, a):
    """``TrainOneStepCell`` called once per batch from Python (GRAPH_MODE compiles it); a "call"
    is ``--sink`` steps, timed as one, so the figures compare with the sink mode's."""
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    batches = [(ms.Tensor(x), ms.Tensor(y)) for x, y in zip(xs, ys)]
    stamps, out = [time.perf_counter()], None
    for _ in range(a.calls + 1):
        for x, y in batches:
            out = step(x, y)
        last = float(out.asnumpy())           # waits for the call's steps to finish
        stamps.append(time.perf_counter())
    spans = np.diff(stamps)
    print(json.dumps({"first_call_s": float(spans[0]), "step_s": [float(s) / a.sink for s in spans[1:]],
                      "loss": last, "peak_mb": peak_memory_mb(), "device": ms.get_context("device_target")}))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model", choices=("lenet", "resnet18"), default="lenet")
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--sink", type=int, default=20)
    p.add_argument("--calls", type=int, default=10)
    p.add_argument("--loop", choices=("model", "cell"), default="model",
                   help="model: Model.train in sink mode; cell: a Python loop over a TrainOneStepCell")
    a = p.parse_args()
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(0)
    if a.model == "lenet":
        spec = importlib.util.spec_from_file_location("lenet_train", os.path.join(HERE, "..", "examples", "lenet",
                                                                                  "train.py"))
        lenet = sys.modules["lenet_train"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(lenet)
        net, shape = lenet.LeNet5(), (a.batch, 1, 32, 32)
    else:
        from resnet import ResNet18
        net, shape = ResNet18(), (a.batch, 3, 32, 32)
    xs, ys = synthetic_batches(shape, a.sink)
    data = ds.NumpySlicesDataset({"x": xs.reshape((-1,) + shape[1:]), "y": ys.reshape(-1)},
                                 shuffle=False).batch(a.batch)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    if a.loop == "cell":
        return train_cell_loop(net, loss, opt, xs, ys, a)
    model = Model(net, loss, opt)
    timer = EpochTimer()
    model.train(a.calls + 1, data, callbacks=[timer], dataset_sink_mode=True, sink_size=a.sink)
    spans = np.diff(timer.stamps)
    print(json.dumps({"first_call_s": float(spans[0]), "step_s": [float(s) / a.sink for s in spans[1:]],
                      "loss": timer.loss, "peak_mb": peak_memory_mb(), "device": ms.get_context("device_target")}))


if __name__ == "__main__":
    main()
