"""mscompat.profiler on jax.profiler: traces of compiled training steps, the op tables of
analyse(), op_analyse, schedules, on_trace_ready and MindSpore's warn-and-reset argument checks."""
import csv
import glob
import json
import logging
import os

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops
from mscompat.profiler import (Profiler, profile, schedule, tensorboard_trace_handler, ProfilerLevel,
                               ProfilerActivity, AicoreMetrics, ExportType, HostSystem, _ExperimentalConfig)
from mscompat.profiler.schedule import ProfilerAction
from mscompat.profiler import _analysis


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 4, 3)
        self.flat = nn.Flatten()
        self.fc = nn.Dense(4 * 8 * 8, 3)

    def construct(self, x):
        return self.fc(self.flat(ops.relu(self.conv(x))))


@pytest.fixture(scope="module")
def train_step():
    old_mode = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(0)
    net = Net()
    loss = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
    step = nn.TrainOneStepCell(loss, nn.Momentum(net.trainable_params(), 0.1, 0.9))
    x = ms.Tensor(np.random.RandomState(0).rand(4, 1, 8, 8).astype(np.float32))
    y = ms.Tensor(np.array([0, 1, 2, 0], np.int32))
    step(x, y).asnumpy()             # compiled before profiling

    def run():
        return step(x, y).asnumpy()
    yield run
    ms.set_context(mode=old_mode)     # the later test modules start from the mode they would alone


def _csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def _out(run):
    return os.path.join(run, "ASCEND_PROFILER_OUTPUT")


def test_profile_analyse_tables(train_step, tmp_path):
    prof = Profiler(output_path=str(tmp_path))
    for _ in range(3):
        train_step()
    prof.analyse()
    (run,) = prof.run_dirs
    assert os.path.basename(run).endswith("_ascend_ms") and os.path.dirname(run) == str(tmp_path)
    assert glob.glob(os.path.join(run, "plugins", "profile", "*", "*.xplane.pb"))     # TensorBoard's layout
    stats = _csv(os.path.join(_out(run), "op_statistic.csv"))
    types = {r["OP Type"]: r for r in stats}
    assert "convolution" in types and any("dot" in t for t in types) and any("fusion" in t for t in types)
    for r in stats:
        assert int(r["Count"]) > 0 and float(r["Total Time(us)"]) > 0
        assert float(r["Min Time(us)"]) <= float(r["Avg Time(us)"]) <= float(r["Max Time(us)"])
    assert sum(float(r["Ratio(%)"]) for r in stats) == pytest.approx(100, abs=0.1)
    # forward + backward convolutions, 3 steps each
    assert int(types["convolution"]["Count"]) % 3 == 0
    kernels = _csv(os.path.join(_out(run), "kernel_details.csv"))
    assert len(kernels) == sum(int(r["Count"]) for r in stats)
    assert all(float(k["Duration(us)"]) > 0 for k in kernels)
    summary = _csv(os.path.join(_out(run), "op_summary.csv"))
    assert sum(int(r["Count"]) for r in summary) == len(kernels)

    info = json.loads(prof.op_analyse("convolution"))
    assert info["device_id"] == "0" and info["convolution"]
    assert sum(e["op_occurrences"] for e in info["convolution"]) == int(types["convolution"]["Count"])
    assert all(e["op_total_time(us)"] > 0 and e["op_side"] == "cpu" for e in info["convolution"])
    both = json.loads(prof.op_analyse(["dot", "fusion"]))
    assert both["dot"] and both["fusion"]


def test_op_analyse_bad_arguments_log_and_return_none(train_step, tmp_path, caplog):
    prof = Profiler(output_path=str(tmp_path))
    train_step()
    prof.stop()
    with caplog.at_level(logging.ERROR, logger="mscompat"):
        assert prof.op_analyse(1) is None
        assert prof.op_analyse([]) is None
        assert prof.op_analyse("dot", device_id="0") is None
    assert "op_name must be str or list" in caplog.text and "device_id must be int" in caplog.text


def test_schedule_records_only_active_steps(train_step, tmp_path):
    ignored = str(tmp_path / "ignored_because_handler")
    prof = Profiler(schedule=schedule(wait=1, warmup=1, active=2, repeat=1),
                    on_trace_ready=tensorboard_trace_handler(str(tmp_path / "tb")), output_path=ignored)
    for _ in range(6):
        train_step()
        prof.step()
    prof.stop()
    (run,) = prof.run_dirs
    assert os.path.dirname(run) == str(tmp_path / "tb")
    kernels = _csv(os.path.join(_out(run), "kernel_details.csv"))
    steps = {k["Step Id"] for k in kernels}
    assert steps == {"2", "3"}                      # wait=step 0, warmup=step 1, active=steps 2 and 3
    conv_runs = [k for k in kernels if k["Type"] == "convolution"]
    per_step = len(conv_runs) // 2
    assert per_step > 0 and len(conv_runs) == 2 * per_step
    assert not os.path.exists(ignored)


def test_profile_class_and_context_manager(train_step, tmp_path):
    with profile(schedule=schedule(wait=0, active=1, repeat=2),
                 on_trace_ready=tensorboard_trace_handler(str(tmp_path), worker_name="w")) as prof:
        for _ in range(3):
            train_step()
            prof.step()
    runs = sorted(glob.glob(str(tmp_path / "w_*_ascend_ms")))
    assert len(runs) == 2
    for run in runs:
        assert {k["Step Id"] for k in _csv(os.path.join(_out(run), "kernel_details.csv"))} <= {"0", "1"}
    with Profiler(output_path=str(tmp_path / "cm")) as p2:
        train_step()
    assert not p2._has_started and len(p2.run_dirs) == 1


def test_offline_analyse_and_metadata(train_step, tmp_path):
    prof = Profiler(output_path=str(tmp_path), start_profile=False)
    assert prof.run_dirs == []
    prof.start()
    train_step()
    prof.add_metadata("k", "v")
    prof.add_metadata("bad", 1)                     # skipped with a warning
    prof.add_metadata_json("j", '{"a": 1}')
    prof.add_metadata_json("bad_json", "{")         # skipped with a warning
    prof.stop()
    (run,) = prof.run_dirs
    assert json.load(open(os.path.join(run, "profiler_metadata.json"))) == {"k": "v", "j": {"a": 1}}
    assert not os.path.exists(_out(run))
    Profiler.offline_analyse(str(tmp_path))
    assert _csv(os.path.join(_out(run), "op_statistic.csv"))


def test_schedule_actions_and_checks(caplog):
    s = schedule(wait=1, active=2)
    assert repr(s) == "Schedule(wait=1, active=2, warmup=0, repeat=0, skip_first=0)"
    assert [s(i) for i in range(5)] == [ProfilerAction.NONE, ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE,
                                        ProfilerAction.NONE, ProfilerAction.RECORD]
    s2 = schedule(wait=1, warmup=1, active=1, repeat=1, skip_first=1)
    assert [s2(i).name for i in range(6)] == ["NONE", "NONE", "WARM_UP", "RECORD_AND_SAVE", "NONE", "NONE"]
    with pytest.raises(ValueError):
        s(-1)
    with pytest.raises(TypeError):
        schedule(1, 2)                              # keyword-only
    with caplog.at_level(logging.WARNING, logger="mscompat"):
        bad = schedule(wait=-1, active=0, warmup=True)
    assert bad.to_dict() == {"wait": 0, "active": 1, "warmup": 0, "repeat": 0, "skip_first": 0}


def test_bad_constructor_values_reset_with_warning(tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="mscompat"):
        prof = Profiler(output_path=str(tmp_path), profiler_level=1, activities="x", with_stack=1,
                        aic_metrics="a", start_profile=False, schedule="s", on_trace_ready=3)
    p = prof._params
    assert p["profiler_level"] is ProfilerLevel.Level0 and p["with_stack"] is False
    assert p["activities"] == [ProfilerActivity.CPU, ProfilerActivity.NPU]
    assert p["aic_metrics"] is AicoreMetrics.AiCoreNone
    assert prof._on_trace_ready is None and prof.schedule.to_dict()["active"] == 1
    assert "reset to" in caplog.text
    cfg = _ExperimentalConfig(export_type=["text"], host_sys=[HostSystem.CPU])
    assert cfg.export_type == [ExportType.Text] and cfg.host_sys == [HostSystem.CPU]


def test_step_and_stop_misuse_logs(tmp_path, caplog):
    prof = Profiler(output_path=str(tmp_path), start_profile=False)
    with caplog.at_level(logging.WARNING, logger="mscompat"):
        prof.step()                                  # no schedule
        prof.stop()                                  # not started
    assert "step takes no effect" in caplog.text and "has not started" in caplog.text
    sched = Profiler(output_path=str(tmp_path), schedule=schedule(wait=0, active=1))
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="mscompat"):
        sched.stop()                                 # schedule without step(): MindSpore only warns
    assert "Please use step()" in caplog.text and sched._has_started
    sched.step()
    sched.stop()
    assert not sched._has_started and len(sched.run_dirs) == 2      # step 0, and step 1 ended by stop()


def test_op_type():
    assert _analysis.op_type("fusion.12") == "fusion" and _analysis.op_type("dot_general") == "dot_general"
    assert _analysis._matches("loop_fusion.3", "fusion") and _analysis._matches("dot_general", "dot")
    assert not _analysis._matches("convolution", "conv_x")


def test_profile_memory_and_stack(train_step, tmp_path):
    prof = Profiler(output_path=str(tmp_path), profile_memory=True, with_stack=True)
    train_step()
    prof.stop()
    (run,) = prof.run_dirs
    assert os.path.getsize(os.path.join(run, "memory.prof")) > 0
    info = json.load(open(os.path.join(run, "profiler_info.json")))
    assert info["profile_memory"] is True and info["with_stack"] is True and info["profiler_level"] == "Level0"


def test_containers_left_out():
    def ev(name, start, dur):
        return {"name": name, "start_ns": start, "dur_ns": dur}
    rows = [ev("while", 0, 100), ev("dot", 10, 20), ev("fusion", 30, 50), ev("copy", 100, 5),
            ev("conditional", 200, 50), ev("add", 210, 10)]
    assert [r["name"] for r in _analysis._leaves(rows)] == ["dot", "fusion", "copy", "add"]


def test_mstx_marks_and_ranges(train_step, tmp_path):
    from mscompat.profiler import mstx
    assert mstx.range_start("off") == 0 and mstx.mark("off") is None     # no profiler with mstx=True
    prof = Profiler(output_path=str(tmp_path), mstx=True, mstx_domain_exclude=["hidden"])
    rid = mstx.range_start("my_range")
    train_step()
    mstx.mark("my_mark")
    assert mstx.range_start("skipped", domain="hidden") == 0
    mstx.range_end(rid)
    prof.stop()
    import jax
    (path,) = _analysis.xplane_files(prof.run_dirs[0])
    names = {ev.name for plane in jax.profiler.ProfileData.from_file(path).planes
             for line in plane.lines for ev in line.events}
    assert rid > 0 and {"my_range", "my_mark"} <= names and "skipped" not in names
    assert mstx.range_start("after") == 0
