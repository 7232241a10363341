"""Summaries and profiling: argument checks and exception classes of SummaryRecord,
SummaryCollector, the summary ops (checked when recorded), Profiler/profile/schedule.

The files themselves differ by design (TensorBoard event files here, MindInsight's format in
MindSpore) and are checked in tests/test_summary.py and tests/test_profiler.py."""
import tempfile

import numpy as np

from parity_tests.harness import case, Raw, F32


def _dir():
    return tempfile.mkdtemp(prefix="sumcase_")


def _record(ms, **kw):
    """Open and close a SummaryRecord with ``kw``; returns True."""
    with ms.SummaryRecord(_dir(), **kw):
        pass
    return True


def _with_record(fn):
    """Run ``fn(ms, record)`` inside an open SummaryRecord (closed afterwards)."""
    def run(ms, *args):
        rec = ms.SummaryRecord(_dir())
        try:
            rec.record(0)           # leftovers of other cases' summary ops
            return fn(ms, rec, *args)
        finally:
            rec.close()
    return run


def _second_record(ms):
    with ms.SummaryRecord(_dir()):
        ms.SummaryRecord(_dir())


def _closed(ms, what):
    rec = ms.SummaryRecord(_dir())
    rec.close()
    if what == "record":
        return rec.record(1)
    return rec.__enter__()


def _op_then_record(op, tag, value):
    def fn(ms, rec):
        out = getattr(ms.ops, op)()(tag, value(ms))
        assert out is None
        rec.record(1)
        return True
    return fn


def _collector(ms, **kw):
    cb = ms.SummaryCollector(_dir(), **kw)
    return sorted(cb._collect_specified_data)


def _train(ms, n_collectors):
    """Model.train (non-sink) of a tiny Dense with ``n_collectors`` SummaryCollectors."""
    import importlib
    ds = importlib.import_module(ms.__name__ + ".dataset")
    ms.set_seed(1)
    net = ms.nn.Dense(2, 1)
    model = ms.Model(net, ms.nn.MSELoss(), ms.nn.SGD(net.trainable_params()))
    data = ds.NumpySlicesDataset({"x": np.ones((4, 2), np.float32), "y": np.ones((4, 1), np.float32)},
                                 shuffle=False).batch(2)
    cbs = [ms.SummaryCollector(_dir(), collect_freq=1) for _ in range(n_collectors)]
    try:
        model.train(1, data, callbacks=cbs, dataset_sink_mode=False)
    finally:
        if n_collectors > 1 and cbs[0]._record is not None:
            cbs[0]._record.close()      # the first one stays open when the second fails (both frameworks)
    return ms.SummaryRecord.count


def _sched(ms, steps=5, **kw):
    s = ms.profiler.schedule(**kw)
    return [s(i).value for i in range(steps)]


def _sched_dict(ms, **kw):
    d = ms.profiler.schedule(**kw).to_dict()
    return [d[k] for k in ("wait", "active", "warmup", "repeat", "skip_first")]


def _profiler(ms, method, *args, **kw):
    prof = ms.profiler.Profiler(start_profile=False, output_path=_dir(), **kw)
    if method is None:
        return True
    return getattr(prof, method)(*args)


def _enum(ms, name):
    return [m.value for m in getattr(ms.profiler, name)]


def _s(ms):
    return ms.Tensor(np.array(1.5, np.float32))


CASES = [
    # --- SummaryRecord constructor --------------------------------------------------------------
    case("SummaryRecord/ok_defaults", lambda ms: _record(ms)),
    case("SummaryRecord/ok_prefix_suffix", lambda ms: _record(ms, file_prefix="run_1", file_suffix="_x.y")),
    case("SummaryRecord/prefix_dash", lambda ms: _record(ms, file_prefix="a-b"), error=True),
    case("SummaryRecord/prefix_empty", lambda ms: _record(ms, file_prefix=""), error=True),
    case("SummaryRecord/suffix_space", lambda ms: _record(ms, file_suffix="a b"), error=True),
    case("SummaryRecord/prefix_int", lambda ms: _record(ms, file_prefix=1), error=True),
    case("SummaryRecord/suffix_none", lambda ms: _record(ms, file_suffix=None), error=True),
    case("SummaryRecord/log_dir_int", lambda ms: ms.SummaryRecord(1), error=True),
    case("SummaryRecord/log_dir_blank", lambda ms: ms.SummaryRecord("  "), error=True),
    case("SummaryRecord/max_file_size_float", lambda ms: _record(ms, max_file_size=1.5), error=True),
    case("SummaryRecord/max_file_size_bool_accepted", lambda ms: _record(ms, max_file_size=True)),
    case("SummaryRecord/max_file_size_negative_accepted", lambda ms: _record(ms, max_file_size=-5)),
    case("SummaryRecord/raise_exception_int", lambda ms: _record(ms, raise_exception=1), error=True),
    case("SummaryRecord/export_options_list", lambda ms: _record(ms, export_options=[]), error=True),
    case("SummaryRecord/export_options_key", lambda ms: _record(ms, export_options={"x": "npy"}), error=True),
    case("SummaryRecord/export_options_value", lambda ms: _record(ms, export_options={"tensor_format": "png"}),
         error=True),
    case("SummaryRecord/export_options_value_int", lambda ms: _record(ms, export_options={"tensor_format": 1}),
         error=True),
    case("SummaryRecord/export_options_npy", lambda ms: _record(ms, export_options={"tensor_format": "npy"})),
    case("SummaryRecord/export_options_none", lambda ms: _record(ms, export_options={"tensor_format": None})),
    case("SummaryRecord/second_instance", _second_record, error=True),
    case("SummaryRecord/count_after_close", lambda ms: (_record(ms), ms.SummaryRecord.count)[1]),
    case("SummaryRecord/record_closed_false", lambda ms: _closed(ms, "record")),
    case("SummaryRecord/enter_closed", lambda ms: _closed(ms, "enter"), error=True),
    # --- add_value / set_mode / record -----------------------------------------------------------
    case("SummaryRecord/add_value_ok", _with_record(lambda ms, r: (
        r.add_value("scalar", "a", _s(ms)), r.add_value("scalar", "a", _s(ms)),
        r.add_value("histogram", "h", ms.Tensor(np.ones(3, np.float32))),
        r.add_value("image", "i", ms.Tensor(np.ones((1, 3, 2, 2), np.float32))),
        r.add_value("tensor", "t", ms.Tensor(np.ones((2,), np.int32))), r.record(1))[-1])),
    case("SummaryRecord/add_value_bad_plugin", _with_record(lambda ms, r: r.add_value("foo", "x", _s(ms))),
         error=True),
    case("SummaryRecord/add_value_name_empty", _with_record(lambda ms, r: r.add_value("scalar", "", _s(ms))),
         error=True),
    case("SummaryRecord/add_value_name_int", _with_record(lambda ms, r: r.add_value("histogram", 1, _s(ms))),
         error=True),
    case("SummaryRecord/add_value_value_ndarray",
         _with_record(lambda ms, r, v: r.add_value("scalar", "x", v)), Raw(np.ones(1, np.float32)), error=True),
    case("SummaryRecord/add_value_value_float", _with_record(lambda ms, r: r.add_value("tensor", "x", 1.0)),
         error=True),
    case("SummaryRecord/add_value_scalar_vector", _with_record(lambda ms, r, v: r.add_value("scalar", "x", v)),
         F32(2), error=True),
    case("SummaryRecord/add_value_scalar_one_elem", _with_record(lambda ms, r, v: r.add_value("scalar", "x", v)),
         F32(1, 1)),
    case("SummaryRecord/add_value_image_3d", _with_record(lambda ms, r, v: r.add_value("image", "x", v)),
         F32(1, 2, 2), error=True),
    case("SummaryRecord/add_value_histogram_0d", _with_record(lambda ms, r: r.add_value("histogram", "x", _s(ms))),
         error=True),
    case("SummaryRecord/add_value_tensor_0d", _with_record(lambda ms, r: r.add_value("tensor", "x", _s(ms))),
         error=True),
    case("SummaryRecord/add_value_lineage_tensor",
         _with_record(lambda ms, r: r.add_value("train_lineage", "x", _s(ms))), error=True),
    case("SummaryRecord/set_mode_bad", _with_record(lambda ms, r: r.set_mode("test")), error=True),
    case("SummaryRecord/set_mode_eval", _with_record(lambda ms, r: (r.set_mode("eval"), r.record(2))[-1])),
    case("SummaryRecord/record_step_float", _with_record(lambda ms, r: r.record(1.0)), error=True),
    case("SummaryRecord/record_step_bool", _with_record(lambda ms, r: r.record(True)), error=True),
    case("SummaryRecord/record_train_network_int", _with_record(lambda ms, r: r.record(1, train_network=3)),
         error=True),
    case("SummaryRecord/record_plugin_filter", _with_record(lambda ms, r: (
        r.add_value("scalar", "a", _s(ms)), r.record(1, plugin_filter=lambda p: p != "scalar"))[-1])),
    # --- summary ops: cached at the call, checked when recorded -----------------------------------
    case("ScalarSummary/record_ok", _with_record(_op_then_record("ScalarSummary", "s", _s))),
    case("ScalarSummary/bad_vector_at_record",
         _with_record(_op_then_record("ScalarSummary", "s", lambda ms: ms.Tensor(np.ones(2, np.float32)))),
         error=True),
    case("ScalarSummary/empty_tag_at_record", _with_record(_op_then_record("ScalarSummary", "", _s)), error=True),
    case("ScalarSummary/int_tag_at_record", _with_record(_op_then_record("ScalarSummary", 3, _s)), error=True),
    case("ScalarSummary/float_value_at_record",
         _with_record(_op_then_record("ScalarSummary", "s", lambda ms: 1.0)), error=True),
    case("ImageSummary/record_ok",
         _with_record(_op_then_record("ImageSummary", "i", lambda ms: ms.Tensor(np.ones((2, 1, 3, 3), np.float32))))),
    case("ImageSummary/bad_3d_at_record",
         _with_record(_op_then_record("ImageSummary", "i", lambda ms: ms.Tensor(np.ones((1, 3, 3), np.float32)))),
         error=True),
    case("HistogramSummary/bad_0d_at_record", _with_record(_op_then_record("HistogramSummary", "h", _s)),
         error=True),
    case("TensorSummary/bad_0d_at_record", _with_record(_op_then_record("TensorSummary", "t", _s)), error=True),
    case("TensorSummary/record_ok",
         _with_record(_op_then_record("TensorSummary", "t", lambda ms: ms.Tensor(np.ones((2, 2), np.int32))))),
    # --- SummaryCollector -----------------------------------------------------------------------
    case("SummaryCollector/defaults", lambda ms: _collector(ms)),
    case("SummaryCollector/no_default_action", lambda ms: _collector(ms, keep_default_action=False)),
    case("SummaryCollector/specified_no_default",
         lambda ms: _collector(ms, collect_specified_data={"collect_metric": False}, keep_default_action=False)),
    case("SummaryCollector/specified_merged",
         lambda ms: _collector(ms, collect_specified_data={"histogram_regular": "^conv", "collect_landscape": None})),
    case("SummaryCollector/collect_freq_0", lambda ms: _collector(ms, collect_freq=0), error=True),
    case("SummaryCollector/collect_freq_bool", lambda ms: _collector(ms, collect_freq=True), error=True),
    case("SummaryCollector/collect_freq_float", lambda ms: _collector(ms, collect_freq=1.0), error=True),
    case("SummaryCollector/collect_tensor_freq_0", lambda ms: _collector(ms, collect_tensor_freq=0), error=True),
    case("SummaryCollector/max_file_size_negative", lambda ms: _collector(ms, max_file_size=-1), error=True),
    case("SummaryCollector/keep_default_action_int", lambda ms: _collector(ms, keep_default_action=1), error=True),
    case("SummaryCollector/specified_list", lambda ms: _collector(ms, collect_specified_data=[]), error=True),
    case("SummaryCollector/specified_unknown_key",
         lambda ms: _collector(ms, collect_specified_data={"foo": True}), error=True),
    case("SummaryCollector/specified_int_key", lambda ms: _collector(ms, collect_specified_data={1: True}),
         error=True),
    case("SummaryCollector/specified_int_flag",
         lambda ms: _collector(ms, collect_specified_data={"collect_metric": 1}), error=True),
    case("SummaryCollector/histogram_regular_bad",
         lambda ms: _collector(ms, collect_specified_data={"histogram_regular": "("}), error=True),
    case("SummaryCollector/histogram_regular_int",
         lambda ms: _collector(ms, collect_specified_data={"histogram_regular": 1}), error=True),
    case("SummaryCollector/landscape_list",
         lambda ms: _collector(ms, collect_specified_data={"collect_landscape": [1]}), error=True),
    case("SummaryCollector/landscape_size",
         lambda ms: _collector(ms, collect_specified_data={"collect_landscape": {
             "landscape_size": 2, "intervals": [[1, 2, 3]]}}), error=True),
    case("SummaryCollector/landscape_no_intervals",
         lambda ms: _collector(ms, collect_specified_data={"collect_landscape": {"landscape_size": 10}}),
         error=True),
    case("SummaryCollector/landscape_unit",
         lambda ms: _collector(ms, collect_specified_data={"collect_landscape": {"unit": "x"}}), error=True),
    case("SummaryCollector/landscape_key",
         lambda ms: _collector(ms, collect_specified_data={"collect_landscape": {"x": 1}}), error=True),
    case("SummaryCollector/landscape_short_interval",
         lambda ms: _collector(ms, collect_specified_data={"collect_landscape": {"intervals": [[1, 2]]}}),
         error=True),
    case("SummaryCollector/landscape_float_interval",
         lambda ms: _collector(ms, collect_specified_data={"collect_landscape": {"intervals": [[1, 2, 3.0]]}}),
         error=True),
    case("SummaryCollector/landscape_create_key",
         lambda ms: _collector(ms, collect_specified_data={"collect_landscape": {
             "create_landscape": {"x": True}, "intervals": [[1, 2, 3]]}}), error=True),
    case("SummaryCollector/landscape_ok",
         lambda ms: _collector(ms, collect_specified_data={"collect_landscape": {
             "landscape_size": 3, "unit": "epoch", "intervals": [[1, 2, 3]]}})),
    case("SummaryCollector/custom_lineage_list", lambda ms: _collector(ms, custom_lineage_data=[]), error=True),
    case("SummaryCollector/custom_lineage_value", lambda ms: _collector(ms, custom_lineage_data={"a": [1]}),
         error=True),
    case("SummaryCollector/custom_lineage_key", lambda ms: _collector(ms, custom_lineage_data={1: 1}), error=True),
    case("SummaryCollector/custom_lineage_bool", lambda ms: _collector(ms, custom_lineage_data={"a": True}),
         error=True),
    case("SummaryCollector/custom_lineage_ok", lambda ms: _collector(ms, custom_lineage_data={"a": 1, "b": "x"})),
    case("SummaryCollector/summary_dir_int", lambda ms: ms.SummaryCollector(1), error=True),
    case("SummaryCollector/export_options_bad",
         lambda ms: _collector(ms, export_options={"tensor_format": "x"}), error=True),
    case("SummaryCollector/model_train", lambda ms: _train(ms, 1)),
    case("SummaryCollector/model_train_two_instances", lambda ms: _train(ms, 2), error=True),
    # --- profiler -------------------------------------------------------------------------------
    case("schedule/actions", lambda ms: _sched(ms, wait=1, active=2)),
    case("schedule/warmup_repeat_skip", lambda ms: _sched(ms, 8, wait=1, warmup=1, active=2, repeat=1,
                                                          skip_first=1)),
    case("schedule/repeat_2", lambda ms: _sched(ms, 8, wait=0, active=2, repeat=2)),
    case("schedule/repr", lambda ms: repr(ms.profiler.schedule(wait=1, active=2, warmup=3))),
    case("schedule/bad_values_reset", lambda ms: _sched_dict(ms, wait=-1, active=0, warmup=True, repeat=1.5,
                                                             skip_first="a")),
    case("schedule/negative_step", lambda ms: ms.profiler.schedule(wait=1, active=1)(-1), error=True),
    case("schedule/positional", lambda ms: ms.profiler.schedule(1, 2), error=True),
    case("schedule/missing_active", lambda ms: ms.profiler.schedule(wait=1), error=True),
    case("ProfilerLevel/values", lambda ms: _enum(ms, "ProfilerLevel")),
    case("ProfilerActivity/values", lambda ms: _enum(ms, "ProfilerActivity")),
    case("AicoreMetrics/values", lambda ms: _enum(ms, "AicoreMetrics")),
    case("ExportType/values", lambda ms: _enum(ms, "ExportType")),
    case("HostSystem/values", lambda ms: _enum(ms, "HostSystem")),
    case("Profiler/bad_values_accepted",
         lambda ms: _profiler(ms, None, profiler_level=1, activities="x", with_stack=1, profile_memory="y",
                              aic_metrics=3, schedule="s", on_trace_ready=5)),
    case("Profiler/op_analyse_int_none", lambda ms: _profiler(ms, "op_analyse", 1)),
    case("Profiler/op_analyse_empty_none", lambda ms: _profiler(ms, "op_analyse", [])),
    case("Profiler/op_analyse_device_str_none", lambda ms: _profiler(ms, "op_analyse", "MatMul", "0")),
    case("Profiler/step_without_schedule", lambda ms: _profiler(ms, "step")),
    case("Profiler/stop_not_started", lambda ms: _profiler(ms, "stop")),
    case("Profiler/add_metadata_non_str", lambda ms: _profiler(ms, "add_metadata", "k", 1)),
    case("Profiler/add_metadata_json_bad", lambda ms: _profiler(ms, "add_metadata_json", "k", "{")),
    case("Profiler/offline_analyse_empty_dir", lambda ms: ms.profiler.Profiler.offline_analyse(_dir())),
    case("mstx/off_without_profiler", lambda ms: [ms.profiler.mstx.mark("a"), ms.profiler.mstx.range_start("r"),
                                                  ms.profiler.mstx.range_end(1)]),
    case("tensorboard_trace_handler/callable",
         lambda ms: callable(ms.profiler.tensorboard_trace_handler(_dir(), analyse_flag=1, async_mode="x"))),
]
