"""Device feeding: run the pipeline ahead of the training step and move its batches to devices.

:class:`DeviceFeeder` iterates a dataset (or any iterable of rows) on a background thread,
puts each batch on its device(s) with ``jax.device_put`` and holds at most ``prefetch`` of
them in a bounded queue, so the next batches are already on the device while the current step
runs.  With ``block=n`` it stacks ``n`` consecutive batches along a new leading axis first: the
shape that a sink-mode loop (``lax.scan`` over ``n`` steps, ``Model.train(dataset_sink_mode=True)``,
``data_sink``) consumes in one host round trip.

Order is the pipeline's order.  An exception raised by the pipeline reaches the consumer, with
the pipeline's traceback, at the position where it happened; ``close()`` (or leaving a ``with``
block, or dropping the feeder) stops the thread and releases the pipeline's workers.

This is mscompat's own helper (MindSpore's device queue is internal to its runtime)::

    feeder = DeviceFeeder(dataset, prefetch=4)
    for image, label in feeder:          # Tensors already on the device
        loss = train_step(image, label)
"""
import queue
import threading

import jax
import numpy as np
from mscompat.common.tensor import Tensor

__all__ = ["DeviceFeeder"]

_END = object()


class _Failure:
    def __init__(self, exc):
        self.exc = exc


def _on_device(value, placement):
    """``value`` (a numpy array, or a string column left on the host) put on ``placement``."""
    arr = np.asarray(value)
    if arr.dtype.kind in "USO":  # strings and objects have no device representation
        return arr
    target = placement(arr) if callable(placement) else placement
    return jax.device_put(arr, target)


def _check_count(name, value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"DeviceFeeder: '{name}' must be an int, but got {type(value).__name__}.")
    if value < 1:
        raise ValueError(f"DeviceFeeder: '{name}' must be positive, but got {value}.")


def _stack(rows):
    first = rows[0]
    if isinstance(first, dict):
        return {k: np.stack([np.asarray(r[k]) for r in rows]) for k in first}
    return tuple(np.stack([np.asarray(r[i]) for r in rows]) for i in range(len(first)))


class _Producer:
    """The background thread's work: pull rows, stack blocks, put them on devices, queue them."""

    def __init__(self, it, epochs, block, drop_remainder, placement, out, stop):
        self.it, self.epochs, self.block, self.drop_remainder = it, epochs, block, drop_remainder
        self.placement, self.out, self.stop = placement, out, stop

    def _rows(self):
        epoch = 0
        while self.epochs == -1 or epoch < self.epochs:  # a dataset iterator yields one epoch per pass
            yield from self.it
            epoch += 1

    def _items(self):
        if not self.block:
            yield from self._rows()
            return
        pending = []
        for row in self._rows():
            pending.append(row)
            if len(pending) == self.block:
                yield _stack(pending)
                pending = []
        if pending and not self.drop_remainder:
            yield _stack(pending)

    def _put(self, item):
        while not self.stop.is_set():
            try:
                self.out.put(item, timeout=0.05)
                return True
            except queue.Full:
                continue
        return False

    def run(self):
        try:
            for item in self._items():
                if self.stop.is_set():
                    break
                if isinstance(item, dict):
                    moved = {k: _on_device(v, self.placement) for k, v in item.items()}
                else:
                    moved = tuple(_on_device(v, self.placement) for v in item)
                if not self._put(moved):
                    break
            else:
                self._put(_END)
        except BaseException as exc:  # pylint: disable=broad-except  # handed to the consumer
            self._put(_Failure(exc))
        finally:
            release = getattr(self.it, "stop", None)
            if release is not None:
                release()  # the pipeline's generators belong to this thread: release its workers here
            self.it = None


class DeviceFeeder:
    """Iterate ``source`` with its batches already on the device.

    Args:
        source: a ``mscompat.dataset.Dataset`` (iterated with ``create_tuple_iterator`` or, when
            ``as_dict``, ``create_dict_iterator``, with ``output_numpy=True``), or any iterable
            yielding tuples/lists/dicts of arrays.
        prefetch (int): how many items (batches or blocks) may wait on the device ahead of the
            consumer. Default 2.
        block (int): if set, stack this many consecutive batches along a new leading axis per item
            (the last item may be shorter unless ``drop_remainder``).
        drop_remainder (bool): with ``block``, drop a last block shorter than ``block``.
        placement: where arrays go: ``None`` (JAX's default device), a ``jax.Device``, a
            ``jax.sharding.Sharding`` (e.g. a ``NamedSharding`` splitting the batch axis over a
            mesh for data parallelism), or a callable ``array -> Device | Sharding``.
        num_epochs (int): epochs to iterate when ``source`` is a Dataset. Default 1.
        as_dict (bool): yield dicts keyed by column name (Dataset sources only).
        as_tensor (bool): yield ``mscompat.Tensor`` (default) or raw ``jax.Array``.
    """

    def __init__(self, source, prefetch=2, block=None, drop_remainder=False, placement=None, num_epochs=1,
                 as_dict=False, as_tensor=True):
        _check_count("prefetch", prefetch)
        if block is not None:
            _check_count("block", block)
        if not (type(num_epochs) is int and num_epochs == -1):  # -1: endless
            _check_count("num_epochs", num_epochs)
        if placement is not None and not (callable(placement) or isinstance(placement, (jax.Device,
                                                                                            jax.sharding.Sharding))):
            raise TypeError("DeviceFeeder: 'placement' must be None, a jax.Device, a jax.sharding.Sharding or a "
                            f"callable, but got {type(placement).__name__}.")
        epochs = 1
        if hasattr(source, "create_tuple_iterator"):
            epochs = num_epochs
            if as_dict:
                it = source.create_dict_iterator(num_epochs=num_epochs, output_numpy=True)
            else:
                it = source.create_tuple_iterator(num_epochs=num_epochs, output_numpy=True)
        else:
            if as_dict:
                raise ValueError("DeviceFeeder: 'as_dict' needs a Dataset source (an iterable has no column names).")
            it = iter(source)
        self._as_tensor = as_tensor
        self._queue = queue.Queue(maxsize=prefetch)
        self._stop = threading.Event()
        self._done = False
        # the thread holds only the producer, not the feeder, so a feeder the user drops is
        # collected and its __del__ stops the thread
        producer = _Producer(it, epochs, block, drop_remainder, placement, self._queue, self._stop)
        self._thread = threading.Thread(target=producer.run, name="mscompat-device-feeder", daemon=True)
        self._thread.start()

    # -------------------------------------------------------------- consumer side
    def __iter__(self):
        return self

    def __next__(self):
        if self._done:
            raise StopIteration
        while True:
            try:
                item = self._queue.get(timeout=0.1)
                break
            except queue.Empty:
                if not self._thread.is_alive() and self._queue.empty():
                    self._done = True
                    raise StopIteration from None
        if item is _END:
            self._done = True
            raise StopIteration
        if isinstance(item, _Failure):
            self._done = True
            self.close()
            raise item.exc
        return self._wrap(item)

    def _wrap(self, item):
        if not self._as_tensor:
            return item

        def conv(v):
            return Tensor._wrap(v) if isinstance(v, jax.Array) else v
        if isinstance(item, dict):
            return {k: conv(v) for k, v in item.items()}
        return tuple(conv(v) for v in item)

    def close(self, timeout=10.0):
        """Stop the producer thread, drop what it prefetched and release the pipeline."""
        self._stop.set()
        self._done = True
        while True:  # unblock a producer waiting on a full queue
            try:
                self._queue.get_nowait()
            except queue.Empty:
                break
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close(timeout=1.0)
        except Exception:  # pylint: disable=broad-except
            pass
