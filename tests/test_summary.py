"""SummaryRecord, the summary ops and SummaryCollector: the event files are read back (TFRecord
frames of tensorboardX's Event protos) and their tags, steps and values checked. Argument checks
are compared with real MindSpore in parity_tests/cases/summary.py."""
import glob
import importlib
import json
import os
import struct

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops
import mscompat.dataset as ds
from mscompat.ops import _debug


def read_events(path):
    """All Event protos of one TensorBoard event file."""
    from tensorboardX.proto import event_pb2
    out = []
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    while pos < len(data):
        (n,) = struct.unpack("<Q", data[pos:pos + 8])
        pos += 12
        ev = event_pb2.Event()
        ev.ParseFromString(data[pos:pos + n])
        out.append(ev)
        pos += n + 4
    return out


def values(path):
    """(step, tag, kind, value) of every summary value in the file(s) of a directory or path."""
    files = sorted(glob.glob(os.path.join(path, "*tfevents*"))) if os.path.isdir(path) else [path]
    rows = []
    for f in files:
        for ev in read_events(f):
            for v in ev.summary.value:
                kind = v.WhichOneof("value")
                val = {"simple_value": lambda: v.simple_value, "histo": lambda: v.histo,
                       "image": lambda: v.image, "tensor": lambda: v.tensor}[kind]()
                rows.append((ev.step, v.tag, kind, val))
    return rows


@pytest.fixture(autouse=True)
def _clean():
    del _debug.SUMMARY_TENSOR_CACHE[:]
    yield
    assert ms.SummaryRecord.count == 0


def test_record_values_and_file(tmp_path):
    with ms.SummaryRecord(str(tmp_path), file_prefix="run", file_suffix="_x") as rec:
        assert os.path.basename(rec.log_dir).startswith("run.out.tfevents.") and rec.log_dir.endswith("_x")
        rec.add_value("scalar", "acc", ms.Tensor(0.5))
        rec.add_value("scalar", "acc", ms.Tensor([0.75]))           # the newest value of a tag wins
        rec.add_value("histogram", "w", ms.Tensor(np.arange(10, dtype=np.float32)))
        rec.add_value("image", "img", ms.Tensor(np.ones((2, 3, 4, 5), np.float32)))
        rec.add_value("tensor", "t", ms.Tensor(np.array([[1, 2], [3, 4]], np.int32)))
        assert rec.record(3) is True
        rec.add_value("scalar", "acc", ms.Tensor(1.0))
        rec.record(4, plugin_filter=lambda p: p != "scalar")       # filtered out and dropped
        rec.add_value("scalar", "acc", ms.Tensor(2.0))
        rec.record(5)
    rows = values(str(tmp_path))
    by = {(s, t): (k, v) for s, t, k, v in rows}
    assert by[(3, "acc")] == ("simple_value", 0.75)
    assert (4, "acc") not in by and by[(5, "acc")][1] == 2.0
    histo = by[(3, "w")][1]
    assert histo.num == 10 and histo.min == 0 and histo.max == 9 and histo.sum == 45
    img = by[(3, "img")][1]
    assert (img.height, img.width, img.colorspace) == (4, 10, 3)      # the 2 images side by side
    t = by[(3, "t")][1]
    assert [d.size for d in t.tensor_shape.dim] == [2, 2]
    assert np.frombuffer(t.tensor_content, np.int32).tolist() == [1, 2, 3, 4]
    assert rec.record(6) is False                                   # closed


def test_summary_ops_eager_and_compiled(tmp_path):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.s = ops.ScalarSummary()
            self.h = ops.HistogramSummary()

        def construct(self, x):
            y = x * 2
            self.s("y0", y[0])
            self.h("y", y)
            return y

    net = Net()
    with ms.SummaryRecord(str(tmp_path)) as rec:
        net(ms.Tensor(np.array([1.0, 2.0], np.float32)))
        rec.record(1)
        jitted = ms.jit(net.construct)
        jitted(ms.Tensor(np.array([3.0, 4.0], np.float32)))
        jitted(ms.Tensor(np.array([5.0, 6.0], np.float32)))      # the last value of a tag wins
        rec.record(2)
        rec.set_mode("eval")
        net(ms.Tensor(np.array([7.0, 8.0], np.float32)))
        rec.record(3)                                            # eval: summary ops not recorded
    rows = values(str(tmp_path))
    scal = [(s, v) for s, t, k, v in rows if t == "y0"]
    assert scal == [(1, 2.0), (2, 10.0)]
    assert [(s, v.max) for s, t, k, v in rows if t == "y"] == [(1, 4.0), (2, 12.0)]


def test_summary_op_checked_at_record(tmp_path):
    with ms.SummaryRecord(str(tmp_path)) as rec:
        assert ops.ScalarSummary()("bad", ms.Tensor([1.0, 2.0])) is None     # no error at the call
        with pytest.raises(ValueError, match="ScalarSummary"):
            rec.record(1)
        assert _debug.SUMMARY_TENSOR_CACHE == []
        ops.ImageSummary()("", ms.Tensor(np.ones((1, 1, 2, 2), np.float32)))
        with pytest.raises(TypeError, match="ImageSummary"):
            rec.record(2)


def test_max_file_size_stops_writing(tmp_path):
    with ms.SummaryRecord(str(tmp_path), max_file_size=300) as rec:
        for i in range(20):
            rec.add_value("scalar", "x", ms.Tensor(float(i)))
            rec.record(i)
    assert os.path.getsize(rec.log_dir) <= 300
    steps = [s for s, *_ in values(rec.log_dir)]
    assert steps == list(range(len(steps))) and 0 < len(steps) < 20


def test_export_npy(tmp_path):
    with ms.SummaryRecord(str(tmp_path), export_options={"tensor_format": "npy"}) as rec:
        rec.add_value("tensor", "a/b", ms.Tensor(np.arange(3, dtype=np.float32)))
        rec.record(7)
    files = glob.glob(str(tmp_path / "export_*" / "tensor" / "*.npy"))
    assert len(files) == 1 and np.load(files[0]).tolist() == [0.0, 1.0, 2.0]


# ------------------------------------------------------------------------------------------------
# SummaryCollector with Model.train

class ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, pad_mode="valid")
        self.flat = nn.Flatten()
        self.fc = nn.Dense(2 * 4 * 4, 3)
        self.hs = ops.HistogramSummary()
        self.ts = ops.TensorSummary()

    def construct(self, x):
        y = self.fc(self.flat(self.conv(x)))
        self.hs("logits", y)
        self.ts("logits_t", y)
        return y


def _train(tmp_path, sink, epochs=2, **kw):
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    rs = np.random.RandomState(0)
    x = rs.rand(24, 1, 6, 6).astype(np.float32)
    y = (np.arange(24) % 3).astype(np.int32)
    data = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(4)      # 6 steps an epoch
    net = ConvNet()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    model = ms.Model(net, loss, opt)
    cb = ms.SummaryCollector(str(tmp_path), custom_lineage_data={"note": "t"}, **kw)
    model.train(epochs, data, callbacks=[cb], dataset_sink_mode=sink)
    return values(str(tmp_path))


def test_collector_non_sink(tmp_path):
    rows = _train(tmp_path, False, collect_freq=4,
                  collect_specified_data={"histogram_regular": "^conv"})
    tags = {}
    for s, t, k, v in rows:
        tags.setdefault(t, []).append(s)
    # first step, then every collect_freq=4 steps of the 12
    assert tags["loss/auto"] == [1, 4, 8, 12]
    assert tags["input_data/auto"] == [1, 4, 8, 12]
    assert tags["conv.weight/auto"] == [1, 4, 8, 12] and "fc.weight/auto" not in tags
    assert tags["logits"] == [1, 4, 8, 12]
    assert tags["logits_t"] == [1, 4, 8, 12]           # tensor range = the collect_freq range here
    losses = [v for s, t, k, v in rows if t == "loss/auto"]
    assert all(np.isfinite(losses)) and losses[-1] < losses[0]
    lineage = [v for s, t, k, v in rows if t.startswith("train_lineage")]
    assert len(lineage) == 1
    text = lineage[0].string_val[0].decode() if lineage[0].string_val else ""
    info = json.loads(text)
    assert info["optimizer"] == "Momentum" and info["epoch"] == 2 and info["step_num"] == 12
    assert info["learning_rate"] == pytest.approx(0.1) and info["loss"] == pytest.approx(losses[-1], rel=1e-5)
    assert any(t.startswith("custom_lineage_data") for _, t, _, _ in rows)


def test_collector_sink_mode(tmp_path, monkeypatch):
    # on a target where Model sinks (GPU, Ascend); the CPU target runs sink mode as non-sink, as MindSpore
    monkeypatch.setattr(importlib.import_module("mscompat.train.model"), "_sinks_on_target",
                        lambda dataset_sink_mode, process="training": dataset_sink_mode)
    rows = _train(tmp_path, True, epochs=3, collect_freq=2, collect_tensor_freq=3,
                  collect_specified_data={"collect_train_lineage": False}, keep_default_action=True)
    tags = {}
    for s, t, k, v in rows:
        tags.setdefault(t, []).append(s)
    # sink mode counts epochs: first epoch (step 6), then epoch 2 (step 12); tensors at epoch 3
    assert tags["loss/auto"] == [6, 12]
    assert tags["logits_t"] == [6, 18]
    assert tags["input_data/auto"] == [6, 12]       # the last batch of the sink block: 4 images of 6x6
    img = [v for s, t, k, v in rows if t == "input_data/auto"][0]
    assert (img.height, img.width) == (6, 24)
    assert not any(t.startswith("train_lineage") for t in tags)
    assert sorted(t for t in tags if t.endswith("/auto") and t not in ("loss/auto", "input_data/auto")) == [
        "conv.weight/auto", "fc.bias/auto", "fc.weight/auto"]       # all (<= 5) parameters


def test_collector_duplicate_instances(tmp_path):
    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.Dense(2, 1)
    model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()))
    data = ds.NumpySlicesDataset({"x": np.ones((4, 2), np.float32), "y": np.ones((4, 1), np.float32)}).batch(2)
    cbs = [ms.SummaryCollector(str(tmp_path / "a")), ms.SummaryCollector(str(tmp_path / "b"))]
    # as in MindSpore, the second collector's SummaryRecord is refused when the callbacks are
    # entered (the first one stays open: MindSpore's callback manager does not unwind either)
    with pytest.raises(RuntimeError, match="only one instance"):
        model.train(1, data, callbacks=cbs, dataset_sink_mode=False)
    cbs[0]._record.close()
    # called directly, begin() finds the duplicate in cb_params.list_callback
    from mscompat.train.callback._callback import InternalCallbackParam, RunContext
    params = InternalCallbackParam(mode="train", list_callback=cbs, dataset_sink_mode=False)
    with pytest.raises(ValueError, match="more than one SummaryCollector"):
        cbs[1].begin(RunContext(params))


def test_collector_eval_lineage(tmp_path):
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    net = nn.Dense(2, 3)
    model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                     nn.SGD(net.trainable_params()), metrics={"acc"})
    data = ds.NumpySlicesDataset({"x": np.ones((4, 2), np.float32), "y": np.zeros((4,), np.int32)},
                                 shuffle=False).batch(2)
    cb = ms.SummaryCollector(str(tmp_path))
    result = model.eval(data, callbacks=[cb], dataset_sink_mode=False)
    rows = values(str(tmp_path))
    (lineage,) = [v for s, t, k, v in rows if t.startswith("eval_lineage")]
    info = json.loads(lineage.string_val[0].decode())
    assert json.loads(info["metrics"]) == pytest.approx(result)
    assert not any(t == "loss/auto" for _, t, _, _ in rows)       # nothing step-based in eval
