"""Resuming with ``Dataset.set_init_step`` and ``dataset_sink_mode=True`` on the CPU target (parity with
MindSpore is in parity_tests/cases/model_cpu_sink.py): the CPU target runs sink mode as non-sink, so a
resumed run gives the losses of the steps after ``init_step``, one per batch, and the source is read
once for its size and then only for the epochs that run."""
import numpy as np
import pytest

import mscompat as ms
import mscompat.dataset as ds
from mscompat import nn, ops


class _Square(nn.Cell):
    def construct(self, x):
        return ops.square(x)


def _dataset(reads, rows=10):
    def gen():
        for i in range(rows):
            reads.append(i)
            yield (np.array([i], np.float32),)
    return ds.GeneratorDataset(gen, ["x"], shuffle=False)


def _losses(model, data, **kw):
    out = []
    cb = ms.train.LambdaCallback(on_train_step_end=lambda rc: out.append(float(rc.original_args().net_outputs[0])))
    model.train(2, data, callbacks=cb, dataset_sink_mode=True, **kw)
    return out


@pytest.fixture(params=[ms.GRAPH_MODE, ms.PYNATIVE_MODE], ids=["graph", "pynative"])
def mode(request):
    ms.set_context(mode=request.param)
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("init_step", [10, 15])
def test_resume_gives_the_steps_after_init_step(mode, init_step):
    reads = []
    data = _dataset(reads)
    model = ms.train.Model(_Square())
    full = _losses(model, data)
    assert full == [float(i * i) for i in range(10)] * 2
    data.set_init_step(init_step)
    resumed = _losses(model, data, initial_epoch=init_step // 10)
    assert resumed == full[init_step:]


def test_cpu_sink_size_does_not_shorten_the_epoch():
    ms.set_context(mode=ms.GRAPH_MODE)
    reads = []
    data = _dataset(reads)
    steps = []
    cb = ms.train.LambdaCallback(on_train_step_end=lambda rc: steps.append(
        (rc.original_args().cur_step_num, rc.original_args().batch_num, rc.original_args().dataset_sink_mode)))
    ms.train.Model(_Square()).train(2, data, callbacks=cb, dataset_sink_mode=True, sink_size=4)
    assert steps == [(i, 4, False) for i in range(1, 21)]
    assert "_sink_network_" not in data.__dict__     # no sink runner was built
    assert len(reads) == 30                           # the size, then two epochs


def test_generator_size_is_counted_once():
    reads = []
    data = _dataset(reads, rows=7)
    assert data.get_dataset_size() == 7 and data.get_dataset_size() == 7
    assert len(reads) == 7
    batched = data.batch(2)
    assert batched.get_dataset_size() == 4 and batched.get_dataset_size() == 4
    assert len(reads) == 14


def test_init_step_skips_whole_epochs_without_reading():
    reads = []
    data = _dataset(reads, rows=6)
    data.set_init_step(8)
    got = [int(x[0].asnumpy()[0]) for x in data.create_tuple_iterator(num_epochs=2)]
    assert got == [2, 3, 4, 5]
    assert len(reads) == 12          # 6 for the size, then the second epoch only


class _Script:
    """An iterator that plays ``steps``: a value, ``StopIteration`` (an epoch end) or an exception."""

    def __init__(self, steps):
        self.steps = list(steps)
        self.released = False

    def __next__(self):
        step = self.steps.pop(0)
        if step is StopIteration or isinstance(step, BaseException):
            raise step
        return step

    def release(self):
        self.released = True


def test_read_ahead_keeps_epoch_ends_and_errors_in_place():
    from mscompat.train.dataset_helper import _ReadAhead
    it = _ReadAhead(_Script([1, 2, StopIteration, 3, StopIteration, ValueError("bad row")]))
    assert list(it) == [1, 2] and list(it) == [3]
    with pytest.raises(ValueError, match="bad row"):
        next(it)
    with pytest.raises(ValueError, match="bad row"):     # it stays failed
        next(it)
    it.release()
    assert it.inner.released and not it.thread.is_alive()


def test_cpu_sink_stop_request_and_pipeline_error():
    ms.set_context(mode=ms.GRAPH_MODE)
    steps = []

    def stop_at_3(rc):
        steps.append(rc.original_args().cur_step_num)
        if len(steps) == 3:
            rc.request_stop()
    ms.train.Model(_Square()).train(2, _dataset([]), dataset_sink_mode=True,
                                    callbacks=ms.train.LambdaCallback(on_train_step_end=stop_at_3))
    assert steps == [1, 2, 3]

    def broken():
        yield (np.array([1.0], np.float32),)
        raise KeyError("lost row")
    data = ds.GeneratorDataset(broken, ["x"], shuffle=False)
    with pytest.raises(RuntimeError, match="lost row"):
        ms.train.Model(_Square()).train(1, data, dataset_sink_mode=True)
