"""``DatasetHelper`` and ``connect_network_with_dataset`` (MindSpore's
``mindspore.train.dataset_helper``).

In sink mode (GRAPH_MODE) a :class:`DatasetHelper` yields, per ``for`` loop, one block: every
column stacked over ``sink_size`` consecutive batches, put on the device ahead of time by a
:class:`mscompat.dataset.device_feed.DeviceFeeder`; the network returned by
:func:`connect_network_with_dataset` runs the ``sink_size`` steps of such a block in one compiled
call (``lax.scan`` on accelerators, see :mod:`mscompat.train.data_sink`) and returns the last step's outputs.
The stream of batches continues across loops (epochs) as MindSpore's device queue does. In
PyNative mode a sink-mode helper yields ``sink_size`` single batches per loop; without sink mode
it iterates one dataset epoch per loop.
"""
import math
import queue
import threading
import time

from mscompat.context import _context as _CONTEXT, GRAPH_MODE
from mscompat._checkparam import check_bool, check_is_int
from mscompat.common import dtype as mstype
from mscompat.dataset.device_feed import DeviceFeeder
from .data_sink import _SinkRunner

__all__ = ["DatasetHelper", "connect_network_with_dataset"]


class _NormalIter:
    """Non-sink: one dataset epoch per ``for`` loop (Tensors)."""

    def __init__(self, dataset, epoch_num):
        self.dataset = dataset
        self.iter = dataset.create_tuple_iterator(num_epochs=epoch_num, do_copy=True)

    def __iter__(self):
        return self

    def __next__(self):
        return self.iter.__next__()

    def release(self):
        self.iter.stop()


class _ReadAhead:
    """A non-sink iteration whose next batches a background thread reads (and puts on the device)
    ``depth`` ahead of the training loop; the wrapped iterator's epoch ends and errors come through
    in their places. Used where a sink was asked for and the target runs it as non-sink (CPU): the
    data transfer then overlaps the steps, as the device feed of a sink does."""

    _END = object()

    def __init__(self, inner, depth=2):
        self.inner = inner
        self.items = queue.Queue(maxsize=depth)
        self.stopped = threading.Event()
        self.failed = None
        self.thread = threading.Thread(target=self._produce, name="mscompat-read-ahead", daemon=True)
        self.thread.start()

    def _produce(self):
        while not self.stopped.is_set():
            try:
                item = next(self.inner)
            except StopIteration:
                item = self._END
            except BaseException as exc:  # noqa: BLE001  (handed to the training loop, raised there)
                self._put((False, exc))
                return
            if not self._put((True, item)):
                return

    def _put(self, entry):
        while not self.stopped.is_set():
            try:
                self.items.put(entry, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def __iter__(self):
        return self

    def __next__(self):
        if self.failed is not None:
            raise self.failed
        ok, item = self.items.get()
        if not ok:
            self.failed = item
            raise item
        if item is self._END:
            raise StopIteration
        return item

    def release(self):
        self.stopped.set()
        while not self.items.empty():
            self.items.get_nowait()
        self.thread.join(timeout=5)
        self.inner.release()


class _SinkIter:
    """Sink: ``count`` items per ``for`` loop from one continuing device feed (blocks of
    ``block`` stacked batches, or single batches when ``block`` is None)."""

    def __init__(self, dataset, sink_size, epoch_num, stacked):
        self.dataset = dataset
        self.sink_size = sink_size
        self.count = 1 if stacked else sink_size
        self.stacked = stacked
        self.fetch_ms = {}
        self.loops = 0
        self.feeder = DeviceFeeder(dataset, prefetch=2, block=sink_size if stacked else None, num_epochs=epoch_num)
        self.index = 0

    def __iter__(self):
        self.index = 0
        self.loops += 1
        return self

    def __next__(self):
        if self.index >= self.count:
            raise StopIteration()
        self.index += 1
        start = time.time()
        item = next(self.feeder)
        self.fetch_ms[self.loops] = self.fetch_ms.get(self.loops, 0.0) + (time.time() - start) * 1000
        return item

    def release(self):
        self.feeder.close()


class DatasetHelper:
    """Iterate a dataset for the training loops (see the module docstring).

    Args:
        dataset: the dataset.
        dataset_sink_mode (bool): sink mode. Default True.
        sink_size (int): steps per sink call; -1: the dataset size. Default -1.
        epoch_num (int): how many times the data stream passes over the dataset. Default 1.
    """

    def __init__(self, dataset, dataset_sink_mode=True, sink_size=-1, epoch_num=1):
        dataset_sink_mode = check_bool(dataset_sink_mode)
        check_is_int(sink_size)
        if sink_size < -1 or sink_size == 0:
            raise ValueError("The 'sink_size' must be -1 or positive, but got sink_size {}.".format(sink_size))
        if sink_size == -1:
            sink_size = dataset.get_dataset_size()
        self.dataset = dataset
        self._sink_mode = dataset_sink_mode
        if dataset_sink_mode:
            self.iter = _SinkIter(dataset, sink_size, epoch_num, _CONTEXT["mode"] == GRAPH_MODE)
        else:
            self.iter = _NormalIter(dataset, epoch_num)

    def __iter__(self):
        return self.iter.__iter__()

    def sink_size(self):
        """Steps one item of this helper stands for (1 unless a stacked sink block)."""
        if isinstance(self.iter, _SinkIter) and self.iter.stacked:
            return self.iter.sink_size
        return 1

    def types_shapes(self):
        """The dataset's column dtypes and shapes."""
        types = self.dataset.output_types()
        conv = getattr(mstype, "pytype_to_dtype", None)
        return ([conv(t) if conv else t for t in types], self.dataset.output_shapes())

    def get_data_info(self):
        return self.types_shapes()

    def stop_send(self):
        """Stop feeding (release the feeder thread)."""
        self.iter.release()

    def release(self):
        self.iter.release()

    def continue_send(self):
        """Nothing to do: the feeder keeps the device queue filled."""

    def fetch_time_ms(self, loop):
        """Milliseconds spent waiting for data in the ``loop``-th pass (``TimeMonitor(data_time=True)``)."""
        return getattr(self.iter, "fetch_ms", {}).get(loop, 0.0)

    def get_send_info(self, run_context=None):
        return dict(getattr(self.iter, "fetch_ms", {}))


class _SinkNetwork:
    """``network`` run ``sink_size`` steps per call over a stacked block (returns the last
    step's outputs). Attribute access goes to the wrapped network (``parameters_dict``,
    ``set_train``, ...)."""

    def __init__(self, network):
        self.__dict__["network"] = network
        self.__dict__["_runners"] = {}

    @property
    def _runner(self):
        """The compiled runner for the network's current phase (training flag, hooks)."""
        net = self.__dict__["network"]
        key = (getattr(net, "training", None), getattr(net, "_compile_version", None))
        runners = self.__dict__["_runners"]
        runner = runners.get(key)
        if runner is None:
            runner = runners[key] = _SinkRunner(net, type(net).__name__ + "Sink",
                                                known=lambda: [p for _, p in net.parameters_and_names()])
        return runner

    def __call__(self, *stacked):
        return self._runner(*stacked)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.__dict__["network"], name)

    def __setattr__(self, name, value):
        setattr(self.__dict__["network"], name, value)


def connect_network_with_dataset(network, dataset_helper):
    """The network a sink-mode loop calls with the items of ``dataset_helper``: in GRAPH_MODE one
    compiled call runs a whole block of steps; in PyNative mode the network itself (one step per
    item)."""
    it = dataset_helper.iter
    if isinstance(it, _NormalIter):
        raise RuntimeError("The API 'connect_network_with_dataset' should be called in dataset sink mode.")
    dataset = it.dataset
    bound = dataset.__dict__.get("_sink_network_")
    if bound is not None and bound[0] is not network:
        raise ValueError("The dataset has been connected to other network, please check the code.")
    if not it.stacked:
        return network
    if bound is None:
        # one sink network per network (compiled once, whatever dataset feeds it later)
        sink = network.__dict__.get("_mscompat_sink_network")
        if sink is None:
            sink = network.__dict__["_mscompat_sink_network"] = _SinkNetwork(network)
        bound = dataset.__dict__["_sink_network_"] = (network, sink)
    return bound[1]


def _sink_count(dataset_size, sink_size, epoch):
    """How many dataset passes ``epoch`` sink epochs of ``sink_size`` steps need."""
    return math.ceil(epoch * sink_size / dataset_size)
