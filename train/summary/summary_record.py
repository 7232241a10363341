"""``SummaryRecord``: summaries written as TensorBoard event files (through tensorboardX).

MindSpore writes its summaries for MindInsight; mscompat writes the same data (scalars, images,
histograms, tensors) as TensorBoard event files, so ``tensorboard --logdir <log_dir>`` shows them.
The file is named ``{file_prefix}.out.tfevents.{time}.{host}{file_suffix}`` (MindSpore's pieces, with
the ``tfevents`` mark TensorBoard looks for).

Data reaches a record from two places, as in MindSpore: :meth:`SummaryRecord.add_value`, and the
summary ops (``ops.ScalarSummary`` ...) called in a network, eagerly or inside compiled code (their
values come to the host through callbacks and wait in ``ops._debug.SUMMARY_TENSOR_CACHE`` until the
next :meth:`SummaryRecord.record`).
"""
import atexit
import os
import re
import socket
import threading
import time
from collections import defaultdict

import numpy as np

from mscompat.common.tensor import Tensor
from mscompat.ops import _debug as _debug_ops

__all__ = ["SummaryRecord"]

_instance_lock = threading.Lock()
_NAME_RE = re.compile(r"^[A-Za-z0-9_.\-]*$")
_TENSOR_PLUGINS = ("tensor", "scalar", "image", "histogram")
_OTHER_PLUGINS = ("train_lineage", "eval_lineage", "dataset_graph", "custom_lineage_data", "graph", "landscape")
_OP_PLUGIN = {"ScalarSummary": "scalar", "ImageSummary": "image", "TensorSummary": "tensor",
              "HistogramSummary": "histogram"}


def _check_name_part(value, what):
    if not isinstance(value, str):
        raise TypeError(f"For 'SummaryRecord', `file_prefix` and `file_suffix`  should be str, but got type "
                        f"{type(value)}")
    if not _NAME_RE.match(value):
        raise ValueError(f"The {what} '{value}' is illegal: it may only hold letters, digits, '_', '.' and '-'.")


def _to_numpy(plugin, value, who="SummaryRecord"):
    """The value of a tensor plugin as numpy, checked as MindSpore checks it."""
    a = np.array(value.asnumpy(), copy=True)
    if plugin == "scalar" and a.size != 1:
        raise ValueError(f'For "{who}", the v rank must be less than or equal to 1, but got {len(a)}.')
    if plugin == "image" and a.ndim != 4:
        raise ValueError(f'For "{who}", the tensor seems not to hold a valid image.')
    if plugin in ("tensor", "histogram") and a.ndim == 0:
        raise ValueError(f'For "{who}", the value should not be empty.')
    return a


class SummaryRecord:
    """Records summary data of a training process into an event file in ``log_dir``.

    Args follow MindSpore's: ``log_dir``, ``file_prefix="events"``, ``file_suffix="_MS"``,
    ``num_process`` (accepted; one writer thread here), ``network``, ``max_file_size`` (bytes; a new
    file is started when the current one passes it), ``raise_exception``, ``export_options``
    (``{'tensor_format': 'npy'}`` also saves every tensor as ``.npy`` under ``export_<time>/tensor``).
    Only one instance may be open at a time, as in MindSpore.
    """

    count = 0

    def __init__(self, log_dir, file_prefix="events", file_suffix="_MS", num_process=32, network=None,
                 max_file_size=None, raise_exception=False, export_options=None):
        with _instance_lock:
            self._check_count()
            SummaryRecord.count += 1
        try:
            self._init(log_dir, file_prefix, file_suffix, network, max_file_size, raise_exception, export_options)
        except (TypeError, ValueError):
            SummaryRecord.count -= 1
            raise

    def _init(self, log_dir, file_prefix, file_suffix, network, max_file_size, raise_exception, export_options):
        if not isinstance(log_dir, str) or not log_dir:
            raise ValueError(f"For 'SummaryRecord', the 'log_dir' should be a non-empty str, but got {log_dir!r}.")
        _check_name_part(file_prefix, "file_prefix")
        _check_name_part(file_suffix, "file_suffix")
        if max_file_size is not None and (isinstance(max_file_size, bool) or not isinstance(max_file_size, int)):
            raise TypeError(f"For 'SummaryRecord', the 'max_file_size' should be int type, but got type "
                            f"{type(max_file_size)}")
        if not isinstance(raise_exception, bool):
            raise TypeError(f"The 'raise_exception' should be bool, but got {type(raise_exception).__name__}.")
        if export_options is not None:
            if not isinstance(export_options, dict):
                raise TypeError(f"For 'SummaryRecord', the 'export_options' should be dict, but got "
                                f"{type(export_options).__name__}.")
            unknown = set(export_options) - {"tensor_format"}
            if unknown:
                raise ValueError(f'For "SummaryRecord", the keys {unknown} of "export_options" are unsupported, '
                                 "expect the follow keys: ['tensor_format']")
            if export_options.get("tensor_format") not in ("npy", None):
                raise ValueError('For "SummaryRecord", the value of "tensor_format" in "export_options" should be '
                                 f"in ['npy', None], but got {export_options.get('tensor_format')!r}.")
        self.base_log_dir = log_dir
        self.file_prefix, self.file_suffix = file_prefix, file_suffix
        self.network = network
        self.max_file_size = max_file_size if (max_file_size is None or max_file_size >= 0) else None
        self.raise_exception = raise_exception
        self._export_options = export_options
        self._mode = "train"
        self._data_pool = defaultdict(list)
        self._closed = False
        self._writer = None
        self._time = str(int(time.time()))
        os.makedirs(os.path.realpath(log_dir), exist_ok=True)
        self.file_info = {"file_name": None, "file_path": None}
        self._open_file()
        del _debug_ops.SUMMARY_TENSOR_CACHE[:]      # values from before the record belong to nobody
        atexit.register(self.close)

    # --- files ------------------------------------------------------------------------------
    def _open_file(self):
        name = f"{self.file_prefix}.out.tfevents.{self._time}.{socket.gethostname()}{self.file_suffix}"
        path = os.path.join(os.path.realpath(self.base_log_dir), name)
        n = 0
        while os.path.exists(path):       # a second file of the same second: keep both
            n += 1
            path = os.path.join(os.path.realpath(self.base_log_dir), f"{name}.{n}")
        self._writer = _EventWriter(path)
        self.file_info.update(file_name=os.path.basename(path), file_path=path)

    # --- MindSpore's API ------------------------------------------------------------------------
    def __enter__(self):
        if self._closed:
            raise ValueError('For "SummaryRecord", SummaryRecord has been closed, please check if close() method '
                             'is called')
        return self

    def __exit__(self, *err):
        self.close()

    def set_mode(self, mode):
        """``'train'`` or ``'eval'``; in ``'eval'`` the summary ops' data is not recorded."""
        if mode not in ("train", "eval"):
            raise ValueError(f'For "SummaryRecord.set_mode", {mode!r} is not a recognized mode, expect the '
                             'parameter "mode" is "train" or "eval"')
        self._mode = mode

    def add_value(self, plugin, name, value):
        """Add ``value`` under ``name`` for ``plugin`` ('scalar', 'image', 'histogram', 'tensor', or a
        lineage/graph plugin, kept as bytes), written by the next :meth:`record`."""
        if plugin in _TENSOR_PLUGINS:
            if not name or not isinstance(name, str):
                raise ValueError(f'For "SummaryRecord", the parameter "name" type should be str, but got '
                                 f'{type(name)}.')
            if not isinstance(value, Tensor):
                raise TypeError(f'For "SummaryRecord", the parameter "value" expect to be Tensor, but got '
                                f'{type(value).__name__}')
            pool = self._data_pool[plugin]
            pool[:] = [item for item in pool if item["tag"] != name]     # the newest value of a tag wins
            pool.append({"tag": name, "value": _to_numpy(plugin, value)})
        elif plugin in _OTHER_PLUGINS:
            self._data_pool[plugin].append({"tag": name, "value": value})
        else:
            raise ValueError(f'For "SummaryRecord.add_value", no such "plugin" of {plugin!r} , expect value is one '
                             "of [tensor, scalar, image, histogram, train_lineage, eval_lineage, dataset_graph, "
                             "custom_lineage_data, graph, landscape]")

    def record(self, step, train_network=None, plugin_filter=None):
        """Write the pending values (and the summary ops' data in 'train' mode) at ``step``.
        Returns True when something was written."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"For 'SummaryRecord.record', the 'step' should be int, but got {type(step).__name__}.")
        if train_network is not None:
            from mscompat.nn.cell import Cell
            if not isinstance(train_network, Cell):
                raise TypeError(f"For 'SummaryRecord.record', the 'train_network' should be Cell, but got "
                                f"{type(train_network).__name__}.")
        if self._closed:
            return False
        self._take_op_data()
        pool, self._data_pool = self._data_pool, defaultdict(list)
        written = False
        for plugin, items in pool.items():
            if plugin_filter is not None and not plugin_filter(plugin):
                continue
            for item in items:
                written |= self._write(plugin, item["tag"], item["value"], step)
        if self.max_file_size is not None and os.path.getsize(self.file_info["file_path"]) > self.max_file_size:
            self._writer.close()
            self._time = str(int(time.time()))
            self._open_file()
        return written

    def _take_op_data(self):
        cache = _debug_ops.SUMMARY_TENSOR_CACHE
        entries, cache[:] = list(cache), []
        if self._mode == "eval":
            return
        for op_name, tag, value in entries:
            self.add_value(_OP_PLUGIN[op_name], tag, value)

    def _write(self, plugin, tag, value, step):
        try:
            from tensorboardX import summary as tbs
            if plugin == "scalar":
                proto = tbs.scalar(tag, float(np.asarray(value).reshape(())))
            elif plugin == "histogram":
                proto = tbs.histogram(tag, np.asarray(value, dtype=np.float64), "auto")
            elif plugin == "image":
                proto = tbs.image(tag, _image_grid(value), dataformats="CHW")
            elif plugin == "tensor":
                proto = tbs.tensor_proto(tag, np.asarray(value))
                self._export_tensor(tag, value, step)
            else:
                proto = tbs.text(f"{plugin}/{tag}", str(value)[:4096])
            self._writer.add_summary(proto, step)
            return True
        except (OSError, RuntimeError) as err:
            if self.raise_exception:
                raise
            import logging
            logging.getLogger("mscompat").error("SummaryRecord could not write %s/%s: %s", plugin, tag, err)
            return False

    def _export_tensor(self, tag, value, step):
        if not self._export_options or self._export_options.get("tensor_format") != "npy":
            return
        d = os.path.join(os.path.realpath(self.base_log_dir), f"export_{self._time}", "tensor")
        os.makedirs(d, exist_ok=True)
        np.save(os.path.join(d, f"{tag.replace('/', '_')}_{step}.npy"), np.asarray(value))

    @property
    def log_dir(self):
        """The full path of the event file."""
        return self.file_info["file_path"]

    def flush(self):
        if not self._closed:
            self._writer.flush()

    def close(self):
        """Write everything to disk and close the file (also at interpreter exit)."""
        if not self._closed:
            atexit.unregister(self.close)
            self._writer.close()
            self._closed = True
            with _instance_lock:
                SummaryRecord.count -= 1

    @classmethod
    def _check_count(cls):
        if cls.count > 0:
            raise RuntimeError(f"For '{cls.__name__}', only one instance is supported in a training process, you "
                               f"are trying to create a new one when the existing instance number is {cls.count}. "
                               "Please check your scripts.")


def _image_grid(images):
    """A batch of images (N, C, H, W) as one (C, H, N*W) image, values scaled to [0, 1] for floats."""
    a = np.asarray(images)
    if a.dtype.kind == "f":
        lo, hi = float(a.min()), float(a.max())
        a = (a - lo) / (hi - lo) if hi > lo else np.zeros_like(a)
    else:
        a = a.astype(np.float32) / 255.0
    if a.shape[1] not in (1, 3):      # not a channel count TensorBoard shows: first channel only
        a = a[:, :1]
    return np.concatenate(list(a), axis=2).astype(np.float32)


class _EventWriter:
    """TensorBoard events appended to one file of our naming (tensorboardX's record framing)."""

    def __init__(self, path):
        from tensorboardX.proto import event_pb2
        from tensorboardX.record_writer import RecordWriter
        self._event_pb2 = event_pb2
        self._writer = RecordWriter(path)
        self._lock = threading.Lock()
        ev = event_pb2.Event(wall_time=time.time(), file_version="brain.Event:2")
        self._writer.write(ev.SerializeToString())
        self._writer.flush()

    def add_summary(self, summary, step):
        ev = self._event_pb2.Event(wall_time=time.time(), step=int(step), summary=summary)
        with self._lock:
            self._writer.write(ev.SerializeToString())

    def flush(self):
        with self._lock:
            self._writer.flush()

    def close(self):
        with self._lock:
            self._writer.flush()
            self._writer.close()
