"""``Model.train``/``eval`` with ``dataset_sink_mode=True`` on the CPU target, and resuming with
``Dataset.set_init_step``: MindSpore's CPU target has no dataset sink and runs them as non-sink (one
step callback per batch, whole epochs whatever ``sink_size``, ``cb_params.dataset_sink_mode``
False). Each case records the callbacks' fields and how many rows the source gave (a generator
function counted once for the dataset size, then once per epoch; a resumed run skips the epochs
before ``init_step``; how many rows MindSpore's prefetch reads then depends on its threads' timing, 12 or
18 in two runs, so resumed cases record the callbacks only)."""
import numpy as np

from parity_tests.harness import case


def _setup(ms, rows=6):
    reads = []

    def gen():
        for i in range(rows):
            reads.append(i)
            yield (np.array([i], np.float32),)

    class Net(ms.nn.Cell):
        def construct(self, x):
            return ms.ops.square(x)

    data = ms.dataset.GeneratorDataset(gen, ["x"], shuffle=False)
    return ms.train.Model(Net()), data, reads


def _recorder(ms):
    log = []

    def epoch_begin(rc):
        p = rc.original_args()
        log.append(["epoch_begin", p.cur_epoch_num, p.cur_step_num, p.batch_num, p.dataset_sink_mode])

    def step_end(rc):
        p = rc.original_args()
        log.append(["step_end", p.cur_epoch_num, p.cur_step_num, p.net_outputs.asnumpy().tolist()])

    def epoch_end(rc):
        p = rc.original_args()
        log.append(["epoch_end", p.cur_epoch_num, p.cur_step_num])
    return ms.train.LambdaCallback(on_train_epoch_begin=epoch_begin, on_train_step_end=step_end,
                                   on_train_epoch_end=epoch_end), log


def _train(ms, sink_size=-1, sink=True, init_step=None, initial_epoch=0, epochs=2):
    model, data, reads = _setup(ms)
    if init_step is not None:
        data.set_init_step(init_step)
    cb, log = _recorder(ms)
    model.train(epochs, data, callbacks=cb, dataset_sink_mode=sink, sink_size=sink_size, initial_epoch=initial_epoch)
    if init_step is not None:   # how far MindSpore's prefetch threads read past a reset is timing: 12 or 18 rows
        return [log]
    return [log, len(reads)]


def _eval(ms):
    model, data, reads = _setup(ms)
    seen = []
    model = ms.train.Model(model.train_network, loss_fn=ms.nn.MSELoss(), metrics={"mae": ms.train.MAE()})
    data = data.map(lambda x: (x, x * 2.0), input_columns=["x"], output_columns=["x", "y"])
    out = model.eval(data, dataset_sink_mode=True, callbacks=ms.train.LambdaCallback(
        on_eval_step_end=lambda rc: seen.append([rc.original_args().cur_step_num,
                                                 rc.original_args().dataset_sink_mode])))
    return [sorted((k, float(v)) for k, v in out.items()), seen, len(reads)]


def _size_counted_once(ms):
    _, data, reads = _setup(ms)
    sizes = [data.get_dataset_size(), data.get_dataset_size()]
    return [sizes, len(reads)]


CASES = [
    case("cpu_sink/train_graph", lambda ms: _train(ms), mode="graph"),
    case("cpu_sink/train_pynative", lambda ms: _train(ms)),
    case("cpu_sink/train_graph_sink_size", lambda ms: _train(ms, sink_size=4), mode="graph"),
    case("cpu_sink/init_step_next_epoch_graph", lambda ms: _train(ms, init_step=6, initial_epoch=1), mode="graph"),
    case("cpu_sink/init_step_mid_epoch_graph", lambda ms: _train(ms, init_step=8, initial_epoch=1), mode="graph"),
    case("cpu_sink/init_step_mid_epoch_non_sink", lambda ms: _train(ms, sink=False, init_step=8, initial_epoch=1),
         mode="graph"),
    case("cpu_sink/init_step_past_the_epochs", lambda ms: _train(ms, init_step=13, initial_epoch=1), mode="graph",
         error=True),
    case("cpu_sink/eval_graph", _eval, mode="graph"),
    case("cpu_sink/dataset_size_counted_once", _size_counted_once),
]
