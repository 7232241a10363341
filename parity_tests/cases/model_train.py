"""Model, callbacks and dataset sinking (mindspore.train.Model, mindspore.train.callback).

A small Dense network with deterministic weights (loaded through the checkpoint path, see
``_layer_common``) trains on a tiny deterministic dataset (``NumpySlicesDataset``, no shuffle).
Compared: per-step losses and the epoch/step numbers callbacks see, final parameters, ``eval``
metrics, ``predict`` outputs, sink mode against non-sink, ``initial_epoch``, ``request_stop``,
EarlyStopping / ReduceLROnPlateau / LearningRateScheduler decisions, LossMonitor's printed lines,
History, ModelCheckpoint file names, and the exception classes of bad arguments.

MindSpore's CPU target runs ``dataset_sink_mode=True`` as non-sink, and so does mscompat's (the
per-step behaviour is compared in ``model_cpu_sink.py``); mscompat sinks on the other targets
(``sink_size`` steps per compiled call, one step callback per call, as MindSpore on GPU/Ascend).
The sink cases compare what holds on every target with ``sink_size=-1`` (a sink call = an epoch):
epoch-end losses and step numbers, and the final parameters.
"""
import contextlib
import io
import os
import re
import shutil
import tempfile

import numpy as np

from parity_tests.harness import case, rand
from parity_tests.cases._layer_common import weights_of, _load

_X = rand(16, 4, seed=101)
_Y = (np.arange(16) % 3).astype(np.int32)
_XV = rand(8, 4, seed=102)
_YV = (np.arange(8) % 3).astype(np.int32)


def _data(ms, x=_X, y=_Y, batch=4):
    return ms.dataset.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(batch)


def _net(ms):
    net = ms.nn.Dense(4, 3)
    _load(ms, net, weights_of(net))
    return net


def _model(ms, opt="momentum", lr=0.1, metrics=None, **kw):
    net = _net(ms)
    loss = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    if opt == "momentum":
        optim = ms.nn.Momentum(net.trainable_params(), lr, 0.9)
    elif opt == "sgd":
        optim = ms.nn.SGD(net.trainable_params(), lr)
    else:
        optim = ms.nn.Adam(net.trainable_params(), lr)
    return net, optim, ms.train.Model(net, loss, optim, metrics=metrics, **kw)


def _params(net):
    return [p.asnumpy() for p in net.get_parameters()]


def _loss_value(out):
    if isinstance(out, (tuple, list)):
        out = out[0]
    return float(np.mean(out.asnumpy()))


def _recorder(ms, where="step"):
    """A LambdaCallback recording (cur_epoch_num, cur_step_num, loss) at each step or epoch end."""
    seen = []

    def rec(rc):
        cb = rc.original_args()
        seen.append([cb.cur_epoch_num, cb.cur_step_num, _loss_value(cb.net_outputs)])
    kw = {"on_train_step_end": rec} if where == "step" else {"on_train_epoch_end": rec}
    return ms.train.LambdaCallback(**kw), seen


def _train_steps(ms, epochs=2, sink=False, opt="momentum", initial_epoch=0):
    net, _, model = _model(ms, opt=opt)
    cb, seen = _recorder(ms, "step")
    model.train(epochs, _data(ms), callbacks=[cb], dataset_sink_mode=sink, initial_epoch=initial_epoch)
    return [seen, _params(net)]


def _train_kw(ms, sink=False, **kw):
    """Model(..., **kw) (amp_level, loss_scale_manager) trained 2 epochs: per-step records, params."""
    if "lsm" in kw:
        kw["loss_scale_manager"] = ms.train.FixedLossScaleManager(kw.pop("lsm"), drop_overflow_update=False)
    net, _, model = _model(ms, **kw)
    cb, seen = _recorder(ms, "step")
    model.train(2, _data(ms), callbacks=[cb], dataset_sink_mode=sink)
    return [seen, _params(net), type(model.train_network).__name__]


def _eval_names(ms):
    _, _, model = _model(ms, metrics={"acc", "loss", "top_1_accuracy"})
    model.train(1, _data(ms))
    return sorted([k, float(v)] for k, v in model.eval(_data(ms, _XV, _YV)).items())


def _train_sink(ms, epochs=3, opt="momentum"):
    net, _, model = _model(ms, opt=opt)
    cb, seen = _recorder(ms, "epoch")
    model.train(epochs, _data(ms), callbacks=[cb], dataset_sink_mode=True, sink_size=-1)
    return [seen, _params(net)]


def _eval_predict(ms):
    net, _, model = _model(ms, metrics={"acc": ms.train.Accuracy(), "loss": ms.train.Loss()})
    model.train(2, _data(ms))
    res = model.eval(_data(ms, _XV, _YV))
    pred = model.predict(ms.Tensor(_XV[:3]))
    return [sorted([k, float(v)] for k, v in res.items()), pred]


def _eval_before(ms):
    _, _, model = _model(ms, metrics={"acc": ms.train.Accuracy()})
    return float(model.eval(_data(ms, _XV, _YV))["acc"])


def _cb_fields(ms, sink=False):
    _, optim, model = _model(ms)
    got = {}

    def begin(rc):
        cb = rc.original_args()
        # (MindSpore's CPU backend reports sink mode off: it runs sink mode as non-sink)
        got["begin"] = [cb.epoch_num, cb.batch_num, cb.mode, sink or cb.dataset_sink_mode, str(cb.parallel_mode),
                        cb.device_number, cb.cur_step_num, cb.optimizer is optim, cb.train_network is model.train_network,
                        cb.train_dataset is not None, cb.loss_fn is not None]

    def step_begin(rc):
        cb = rc.original_args()
        got.setdefault("step_begin", []).append([cb.cur_epoch_num, cb.cur_step_num])

    def end(rc):
        cb = rc.original_args()
        got["end"] = [cb.cur_epoch_num, cb.cur_step_num, _loss_value(cb.net_outputs)]
    model.train(2, _data(ms), callbacks=ms.train.LambdaCallback(on_train_begin=begin, on_train_step_begin=step_begin,
                                                                 on_train_end=end), dataset_sink_mode=sink)
    return [got["begin"], got["step_begin"], got["end"]]


def _order(ms):
    """The order of callback methods (old-style and new-style names, two callbacks)."""
    log = []

    class Old(ms.train.Callback):
        def begin(self, rc):
            log.append("old.begin")

        def epoch_begin(self, rc):
            log.append("old.epoch_begin")

        def step_end(self, rc):
            log.append("old.step_end")

        def epoch_end(self, rc):
            log.append("old.epoch_end")

        def end(self, rc):
            log.append("old.end")

    class New(ms.train.Callback):
        def on_train_begin(self, rc):
            log.append("new.train_begin")

        def on_train_step_begin(self, rc):
            log.append("new.step_begin")

        def on_train_step_end(self, rc):
            log.append("new.step_end")

        def on_train_epoch_end(self, rc):
            log.append("new.epoch_end")

        def on_train_end(self, rc):
            log.append("new.train_end")
    _, _, model = _model(ms)
    model.train(1, _data(ms, batch=8), callbacks=[Old(), New()])
    return log


def _stop_at(ms, step=3, sink=False):
    net, _, model = _model(ms)
    seen = []

    def rec(rc):
        cb = rc.original_args()
        seen.append([cb.cur_epoch_num, cb.cur_step_num])
        if cb.cur_step_num == step:
            rc.request_stop()
    model.train(3, _data(ms), callbacks=ms.train.LambdaCallback(on_train_step_end=rec), dataset_sink_mode=sink)
    return [seen, _params(net)]


def _printed(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        fn()
    return buf.getvalue().splitlines()


def _loss_monitor(ms, per=1, epochs=2):
    _, _, model = _model(ms)
    lines = _printed(lambda: model.train(epochs, _data(ms), callbacks=ms.train.LossMonitor(per)))
    # the losses as numbers (compared within the tolerance), the rest of each line exactly
    return [[re.sub(r"loss is .*", "loss is", ln) for ln in lines],
            [float(ln.rsplit(" ", 1)[1]) for ln in lines]]


def _loss_monitor_tuple(ms):
    """A train network returning a tuple: LossMonitor prints the first output (a Tensor) as is."""
    class TupleStep(ms.nn.Cell):
        def __init__(self, step):
            super().__init__()
            self.step = step

        def construct(self, x, y):
            loss = self.step(x, y)
            return loss, loss * 2
    net = _net(ms)
    opt = ms.nn.SGD(net.trainable_params(), 0.1)
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.SoftmaxCrossEntropyWithLogits(
        sparse=True, reduction="mean")), opt)
    model = ms.train.Model(TupleStep(step))
    h = ms.train.History()
    lines = _printed(lambda: model.train(1, _data(ms), callbacks=[ms.train.LossMonitor(2), h]))
    return [[ln[:ln.index("loss is") + 7] for ln in lines], [float(ln.rsplit(" ", 1)[1]) for ln in lines],
            [float(v) for v in h.history["net_output"]]]


def _time_monitor(ms):
    _, _, model = _model(ms)
    lines = _printed(lambda: model.train(2, _data(ms), callbacks=ms.train.TimeMonitor()))
    return [re.sub(r"[0-9]+\.[0-9]+", "N", ln) for ln in lines]


def _history(ms):
    _, _, model = _model(ms)
    h = ms.train.History()
    model.train(3, _data(ms), callbacks=h)
    return [h.epoch, sorted(h.history), [float(v) for v in h.history["net_output"]]]


def _early_stop(ms, **kw):
    net, _, model = _model(ms)
    es = ms.train.EarlyStopping(**kw)
    cb, seen = _recorder(ms, "epoch")
    lines = _printed(lambda: model.train(6, _data(ms), callbacks=[cb, es]))
    return [[s[:2] for s in seen], es.stopped_epoch, es.wait, lines, _params(net)]


def _reduce_lr(ms, **kw):
    net, optim, model = _model(ms, opt="sgd")
    cb_ = ms.train.ReduceLROnPlateau(**kw)
    lrs = []
    cb, _ = _recorder(ms, "epoch")
    rec = ms.train.LambdaCallback(on_train_epoch_end=lambda rc: lrs.append(float(optim.learning_rate.asnumpy())))
    lines = _printed(lambda: model.train(5, _data(ms), callbacks=[cb, cb_, rec]))
    return [lrs, len(lines), _params(net)]


def _lr_scheduler(ms):
    net, optim, model = _model(ms, opt="sgd")

    def fn(lr, step):
        return lr * 0.5 if step % 2 == 0 else lr
    model.train(2, _data(ms), callbacks=ms.train.LearningRateScheduler(fn))
    return [optim.learning_rate.asnumpy(), _params(net)]


def _checkpoint_names(ms, **cfg):
    d = tempfile.mkdtemp(prefix="mc_ckpt_")
    try:
        names = []
        for _ in range(2):   # the second run finds files of the prefix: 'net_1-...'
            _, _, model = _model(ms)
            config = ms.train.CheckpointConfig(**cfg)
            ck = ms.train.ModelCheckpoint(prefix="net", directory=d, config=config)
            model.train(3, _data(ms), callbacks=ck)
            names.append(os.path.basename(ck.latest_ckpt_file_name))
        files = sorted(f for f in os.listdir(d) if f.endswith(".ckpt"))
        return [files, names]
    finally:
        shutil.rmtree(d, ignore_errors=True)


def _checkpoint_append(ms, fmt="ckpt"):
    d = tempfile.mkdtemp(prefix="mc_ckpt_")
    try:
        net, _, model = _model(ms)
        ck = ms.train.ModelCheckpoint(prefix="a", directory=d, config=ms.train.CheckpointConfig(
            save_checkpoint_steps=3, keep_checkpoint_max=2, append_info=["epoch_num", "step_num"], format=fmt))
        model.train(2, _data(ms), callbacks=ck)
        files = sorted(f for f in os.listdir(d) if not f.endswith(".meta"))
        loaded = ms.load_checkpoint(os.path.join(d, files[-1]), format=fmt)
        return [files, sorted(loaded), [loaded["epoch_num"], loaded["step_num"]], loaded["weight"]]
    finally:
        shutil.rmtree(d, ignore_errors=True)


def _checkpoint_values(ms):
    d = tempfile.mkdtemp(prefix="mc_ckpt_")
    try:
        net, _, model = _model(ms)
        ck = ms.train.ModelCheckpoint(prefix="v", directory=d,
                                      config=ms.train.CheckpointConfig(save_checkpoint_steps=4))
        model.train(2, _data(ms), callbacks=ck)
        loaded = ms.load_checkpoint(os.path.join(d, "v-1_4.ckpt"))
        return [sorted(loaded), loaded["weight"].asnumpy(), _params(net)]
    finally:
        shutil.rmtree(d, ignore_errors=True)


def _fit(ms):
    net, _, model = _model(ms, metrics={"acc": ms.train.Accuracy()})
    got = []

    def rec(rc):
        cb = rc.original_args()
        got.append([cb.cur_epoch_num, cb.mode, sorted(cb.get("metrics", {}).items()),
                    sorted(k for k in cb.get("eval_results", {}))])
    lines = _printed(lambda: model.fit(2, _data(ms), _data(ms, _XV, _YV), callbacks=[
        ms.train.LambdaCallback(on_train_epoch_end=rec)]))
    return [got, lines, _params(net)]


def _fit_monitors(ms):
    """EarlyStopping on eval_loss (its default) and ReduceLROnPlateau on 'acc' inside Model.fit,
    History with the metrics, LossMonitor's 'Eval result' lines."""
    net, optim, model = _model(ms, opt="sgd", lr=0.5, metrics={"acc": ms.train.Accuracy()})
    es = ms.train.EarlyStopping(patience=1, min_delta=0.5)
    rl = ms.train.ReduceLROnPlateau(monitor="acc", patience=1, factor=0.5, verbose=True)
    h = ms.train.History()
    lines = _printed(lambda: model.fit(5, _data(ms), _data(ms, _XV, _YV), callbacks=[h, es, rl,
                                                                                  ms.train.LossMonitor(0)]))
    return [es.stopped_epoch, float(optim.learning_rate.asnumpy()), h.epoch, sorted(h.history),
            [float(v) for v in h.history["acc"]], len(lines), _params(net)]


def _loss_only(ms):
    """Model(network, loss_fn) without optimizer: train runs the WithLossCell forward."""
    net = _net(ms)
    model = ms.train.Model(net, ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
    cb, seen = _recorder(ms, "step")
    model.train(1, _data(ms), callbacks=cb)
    return [seen, _params(net)]


def _run_context(ms):
    rc = ms.train.RunContext({"a": 1})
    before = rc.get_stop_requested()
    rc.request_stop()
    return [before, rc.get_stop_requested(), rc.original_args()["a"]]


def _ckpt_config(ms, **kw):
    c = ms.train.CheckpointConfig(**kw)
    return [c.save_checkpoint_steps, c.save_checkpoint_seconds, c.keep_checkpoint_max,
            c.keep_checkpoint_per_n_minutes, c.integrated_save, c.async_save, c.format, c.append_dict]


# --- bad arguments ----------------------------------------------------------------------------
def _bad_model(ms, **kw):
    net = _net(ms)
    args = dict(loss_fn=ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True))
    args.update(kw)
    return ms.train.Model(net, **args)


def _bad_reuse(ms):
    data = _data(ms)
    _model(ms)[2].train(1, data)
    _model(ms)[2].train(1, data)     # another Model on the same dataset object
    return 0


def _bad_train(ms, *args, **kw):
    _, _, model = _model(ms)
    model.train(*args, **kw)
    return 0


CASES = [
    case("Model/train_losses_pynative", lambda ms: _train_steps(ms)),
    case("Model/train_losses_graph", lambda ms: _train_steps(ms), mode="graph"),
    case("Model/train_losses_sgd", lambda ms: _train_steps(ms, opt="sgd")),
    case("Model/train_losses_adam", lambda ms: _train_steps(ms, opt="adam"), rtol=1e-4, atol=1e-5),
    case("Model/train_initial_epoch", lambda ms: _train_steps(ms, epochs=3, initial_epoch=1)),
    case("Model/train_sink_graph", lambda ms: _train_sink(ms), mode="graph"),
    case("Model/train_sink_adam_graph", lambda ms: _train_sink(ms, opt="adam"), mode="graph", rtol=1e-4, atol=1e-5),
    case("Model/train_sink_pynative", lambda ms: _train_steps(ms, sink=True)),
    case("Model/eval_predict", _eval_predict),
    case("Model/eval_metric_names", _eval_names),
    case("Model/eval_predict_graph", _eval_predict, mode="graph"),
    case("Model/request_stop_graph", lambda ms: _stop_at(ms, step=5), mode="graph"),
    case("LossMonitor/every_2_graph", lambda ms: _loss_monitor(ms, per=2), mode="graph"),
    case("Model/loss_scale_fixed_no_drop", lambda ms: _train_kw(ms, lsm=128.0)),
    case("Model/loss_scale_fixed_no_drop_graph", lambda ms: _train_kw(ms, lsm=64.0), mode="graph"),
    case("Model/amp_O3", lambda ms: _train_kw(ms, amp_level="O3"), rtol=2e-3, atol=2e-3),
    case("Model/eval_untrained", _eval_before),
    case("Model/cb_fields", lambda ms: _cb_fields(ms)),
    case("Model/cb_fields_sink_pynative", lambda ms: _cb_fields(ms, sink=True)),
    case("Model/callback_order", _order),
    case("Model/request_stop", lambda ms: _stop_at(ms)),
    case("Model/fit_metrics", _fit),
    case("Model/loss_fn_only", _loss_only),
    case("Model/fit_monitors", _fit_monitors),
    case("LossMonitor/every_step", lambda ms: _loss_monitor(ms)),
    case("LossMonitor/every_3", lambda ms: _loss_monitor(ms, per=3, epochs=3)),
    case("LossMonitor/tuple_outputs", _loss_monitor_tuple),
    case("LossMonitor/never", lambda ms: _loss_monitor(ms, per=0)),
    case("TimeMonitor/format", _time_monitor),
    case("History/epochs", _history),
    case("EarlyStopping/loss_patience1", lambda ms: _early_stop(ms, monitor="loss", min_delta=10, patience=1,
                                                                verbose=True)),
    case("EarlyStopping/loss_patience3", lambda ms: _early_stop(ms, monitor="loss", min_delta=10, patience=3)),
    case("EarlyStopping/improving", lambda ms: _early_stop(ms, monitor="loss", patience=2)),
    case("EarlyStopping/max_mode", lambda ms: _early_stop(ms, monitor="loss", mode="max", patience=2,
                                                          verbose=True)),
    case("EarlyStopping/restore_best", lambda ms: _early_stop(ms, monitor="loss", mode="max", patience=1,
                                                              restore_best_weights=True)),
    case("ReduceLROnPlateau/reduce", lambda ms: _reduce_lr(ms, monitor="loss", min_delta=10, patience=1, factor=0.5)),
    case("ReduceLROnPlateau/cooldown", lambda ms: _reduce_lr(ms, monitor="loss", min_delta=10, patience=1,
                                                             factor=0.5, cooldown=2, min_lr=0.02)),
    case("ReduceLROnPlateau/improving", lambda ms: _reduce_lr(ms, monitor="loss", patience=1)),
    case("LearningRateScheduler/halve", _lr_scheduler),
    case("ModelCheckpoint/names_steps2_keep3", lambda ms: _checkpoint_names(ms, save_checkpoint_steps=2,
                                                                            keep_checkpoint_max=3)),
    case("ModelCheckpoint/names_default", lambda ms: _checkpoint_names(ms)),
    case("ModelCheckpoint/names_steps5", lambda ms: _checkpoint_names(ms, save_checkpoint_steps=5,
                                                                      keep_checkpoint_max=10)),
    case("ModelCheckpoint/values", _checkpoint_values),
    case("ModelCheckpoint/append_info", lambda ms: _checkpoint_append(ms)),
    case("ModelCheckpoint/safetensors", lambda ms: _checkpoint_append(ms, "safetensors")),
    case("RunContext/stop", _run_context),
    case("CheckpointConfig/defaults", lambda ms: _ckpt_config(ms)),
    case("CheckpointConfig/seconds", lambda ms: _ckpt_config(ms, save_checkpoint_steps=None, save_checkpoint_seconds=5,
                                                              keep_checkpoint_max=None,
                                                              keep_checkpoint_per_n_minutes=2)),
    case("CheckpointConfig/append", lambda ms: _ckpt_config(ms, append_info=["epoch_num", {"k": 1.5}])),
    # bad arguments
    case("Model/bad_network", lambda ms: ms.train.Model(3), error=True),
    case("Model/bad_kwargs", lambda ms: _bad_model(ms, foo=1), error=True),
    case("Model/bad_amp_without_optimizer", lambda ms: _bad_model(ms, amp_level="O2"), error=True),
    case("Model/bad_metrics_without_eval", lambda ms: ms.train.Model(_net(ms), metrics={"acc": ms.train.Accuracy()}),
         error=True),
    case("Model/bad_metrics_type", lambda ms: _bad_model(ms, metrics=["acc"]), error=True),
    case("Model/bad_eval_indexes", lambda ms: _bad_model(ms, metrics={"acc": ms.train.Accuracy()},
                                                         eval_network=_net(ms), eval_indexes=[0, 1]), error=True),
    case("Model/bad_epoch_zero", lambda ms: _bad_train(ms, 0, _data(ms)), error=True),
    case("Model/bad_epoch_float", lambda ms: _bad_train(ms, 1.5, _data(ms)), error=True),
    case("Model/bad_sink_size_zero", lambda ms: _bad_train(ms, 1, _data(ms), sink_size=0), error=True),
    case("Model/bad_sink_size_float", lambda ms: _bad_train(ms, 1, _data(ms), sink_size=1.5), error=True),
    case("Model/bad_sink_size_neg", lambda ms: _bad_train(ms, 1, _data(ms), sink_size=-2), error=True),
    case("Model/bad_initial_epoch", lambda ms: _bad_train(ms, 2, _data(ms), initial_epoch=2), error=True),
    case("Model/bad_sink_mode_type", lambda ms: _bad_train(ms, 1, _data(ms), dataset_sink_mode=1), error=True),
    case("Model/bad_callback_item", lambda ms: _bad_train(ms, 1, _data(ms), callbacks=[1]), error=True),
    case("Model/bad_callback_type", lambda ms: _bad_train(ms, 1, _data(ms), callbacks="cb"), error=True),
    case("Model/bad_three_columns", lambda ms: _bad_train(ms, 1, ms.dataset.NumpySlicesDataset(
        {"x": _X, "y": _Y, "z": _Y}, shuffle=False).batch(4)), error=True),
    case("Model/bad_dataset_reuse", _bad_reuse, error=True),
    case("Model/bad_eval_no_metrics", lambda ms: _model(ms)[2].eval(_data(ms)), error=True),
    case("Model/bad_predict_numpy", lambda ms: _model(ms)[2].predict(np.ones((2, 4), np.float32)), error=True),
    case("Model/bad_predict_backend", lambda ms: _model(ms)[2].predict(ms.Tensor(_X[:2]), backend="x"), error=True),
    case("Model/bad_fit_valid_frequency", lambda ms: _model(ms, metrics={"acc": ms.train.Accuracy()})[2].fit(
        1, _data(ms), _data(ms), valid_frequency="a"), error=True),
    case("Model/bad_fit_no_metrics", lambda ms: _model(ms)[2].fit(1, _data(ms), _data(ms)), error=True),
    case("LossMonitor/bad_negative", lambda ms: ms.train.LossMonitor(-1), error=True),
    case("LossMonitor/bad_float", lambda ms: ms.train.LossMonitor(1.5), error=True),
    case("TimeMonitor/bad_data_time", lambda ms: ms.train.TimeMonitor(data_time=1), error=True),
    case("CheckpointConfig/bad_all_zero", lambda ms: ms.train.CheckpointConfig(0, 0, 0, 0), error=True),
    case("CheckpointConfig/bad_steps", lambda ms: ms.train.CheckpointConfig(save_checkpoint_steps=-1), error=True),
    case("CheckpointConfig/bad_append_type", lambda ms: ms.train.CheckpointConfig(append_info="epoch_num"),
         error=True),
    case("CheckpointConfig/bad_append_name", lambda ms: ms.train.CheckpointConfig(append_info=["epochs"]),
         error=True),
    case("CheckpointConfig/bad_saved_network", lambda ms: ms.train.CheckpointConfig(saved_network=1), error=True),
    case("CheckpointConfig/bad_async", lambda ms: ms.train.CheckpointConfig(async_save="x"), error=True),
    case("ModelCheckpoint/bad_prefix", lambda ms: ms.train.ModelCheckpoint(prefix="a/b"), error=True),
    case("ModelCheckpoint/bad_config", lambda ms: ms.train.ModelCheckpoint(config=1), error=True),
    case("EarlyStopping/bad_mode", lambda ms: ms.train.EarlyStopping(mode="x"), error=True),
    case("EarlyStopping/bad_monitor", lambda ms: ms.train.EarlyStopping(monitor=1), error=True),
    case("EarlyStopping/bad_patience", lambda ms: ms.train.EarlyStopping(patience=-1), error=True),
    case("ReduceLROnPlateau/bad_factor", lambda ms: ms.train.ReduceLROnPlateau(factor=1.0), error=True),
    case("ReduceLROnPlateau/bad_min_lr", lambda ms: ms.train.ReduceLROnPlateau(min_lr="a"), error=True),
    case("RunContext/bad_args", lambda ms: ms.train.RunContext(1), error=True),
    case("BackupAndRestore/bad_freq", lambda ms: ms.train.BackupAndRestore(tempfile.gettempdir(), save_freq=0),
         error=True),
    case("FlopsUtilizationCollector/bad_data_size", lambda ms: ms.train.FlopsUtilizationCollector(0), error=True),
    case("FlopsUtilizationCollector/bad_full_flops", lambda ms: ms.train.FlopsUtilizationCollector(2, full_flops=1),
         error=True),
    case("OnRequestExit/bad_save_ckpt", lambda ms: ms.train.OnRequestExit(save_ckpt=1), error=True),
]
