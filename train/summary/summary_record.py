"""``SummaryRecord``: summaries written as TensorBoard event files (through tensorboardX).

MindSpore writes its summaries for MindInsight; mscompat writes the same data (scalars, images,
histograms, tensors) as TensorBoard event files, so ``tensorboard --logdir <log_dir>`` shows them.
The file is named ``{file_prefix}.out.tfevents.{time}.{host}{file_suffix}`` (MindSpore's pieces, with
the ``tfevents`` mark TensorBoard looks for).

Data reaches a record from two places, as in MindSpore: :meth:`SummaryRecord.add_value`, and the
summary ops (``ops.ScalarSummary`` ...) called in a network, eagerly or inside compiled code (their
values come to the host through callbacks and wait in ``ops._debug.SUMMARY_TENSOR_CACHE`` until the
next :meth:`SummaryRecord.record`). As in MindSpore, the ops' tags and values are checked when they
are recorded (not at the call), and a tag recorded several times since the last record keeps its
last value (e.g. the last step of a sink loop). Differences: in 'eval' mode the ops' pending values
are dropped (MindSpore keeps them for the next 'train' record); values from before the record was
opened are dropped; the 'graph' plugin (MindSpore's graph protos) is accepted and not written.
"""
import atexit
import logging
import os
import socket
import threading
import time
from collections import defaultdict

import numpy as np

from mscompat.common.tensor import Tensor
from mscompat._checkparam import check_str_by_regular
from mscompat.ops import _debug as _debug_ops
from mscompat.nn.cell import Cell

__all__ = ["SummaryRecord"]

logger = logging.getLogger("mscompat")

_instance_lock = threading.Lock()
_TENSOR_PLUGINS = ("tensor", "scalar", "image", "histogram")
_OTHER_PLUGINS = ("train_lineage", "eval_lineage", "dataset_graph", "custom_lineage_data", "graph", "landscape")
_OP_PLUGIN = {"ScalarSummary": "scalar", "ImageSummary": "image", "TensorSummary": "tensor",
              "HistogramSummary": "histogram"}


def _check_name_part(prefix, suffix):
    if not isinstance(prefix, str) or not isinstance(suffix, str):
        raise TypeError(f"For 'SummaryRecord', `file_prefix` and `file_suffix`  should be str, but got type "
                        f"{type(prefix)}")
    check_str_by_regular(prefix)
    check_str_by_regular(suffix)


def _check_type(name, value, types):
    """MindSpore's check_value_type (bool is not an int)."""
    names = [t.__name__ for t in types]
    if (isinstance(value, bool) and bool not in types) or not isinstance(value, types):
        raise TypeError(f"For `{name}` the type should be a valid type of {names}, but got {type(value).__name__}.")


def _check_export_options(export_options):
    if export_options is None:
        return None
    _check_type("export_options", export_options, (dict, type(None)))
    for key, fmt in export_options.items():
        _check_type("export_option", key, (str,))
        _check_type("export_format", fmt, (str, type(None)))
    unknown = set(export_options) - {"tensor_format"}
    if unknown:
        raise ValueError(f'For "SummaryRecord", the keys {unknown} of "export_options" are unsupported, '
                         "expect the follow keys: ['tensor_format']")
    fmt = export_options.get("tensor_format")
    if fmt not in ("npy", None):
        raise ValueError(f'For "SummaryRecord", the export_format {{{fmt!r}}} of "export_options" are unsupported '
                         "for tensor_format, expect the follow values: ['npy', None]")
    return export_options


def _make_dir(path, arg_name):
    """MindSpore's checks of a summary directory; creates it."""
    if not isinstance(path, str):
        raise TypeError(f"The {arg_name} is invalid, the type should be string.")
    if path.strip() == "":
        raise ValueError(f"The {arg_name} is invalid, it should be non-blank.")
    path = os.path.realpath(path)
    if os.path.exists(path) and not os.path.isdir(path):
        raise NotADirectoryError(f"The path({path}) is a file path, it should be a directory path.")
    os.makedirs(path, mode=0o700, exist_ok=True)
    return path


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


def _check_op_entry(op_name, tag, value):
    """MindSpore's checks of a summary op's data, made when it is recorded."""
    if not isinstance(tag, str) or not tag:
        raise TypeError(f'For "{op_name}", the name must be valid string, but got "{tag}".')
    if not isinstance(value, Tensor):
        raise TypeError(f'For "{op_name}", the parameter "value" expect to be Tensor, but got '
                        f'{type(value).__name__}')
    _to_numpy(_OP_PLUGIN[op_name], value, op_name)


class SummaryRecord:
    """Records summary data of a training process into an event file in ``log_dir``.

    Args follow MindSpore's: ``log_dir``, ``file_prefix="events"``, ``file_suffix="_MS"``,
    ``num_process`` (accepted; one writer here), ``network`` (accepted; no graph is written),
    ``max_file_size`` (bytes; as in MindSpore, writing stops with a warning once the file would
    pass it), ``raise_exception``, ``export_options`` (``{'tensor_format': 'npy'}`` also saves every
    tensor summary as ``.npy`` under ``export_<time>/tensor``). Only one instance may be open at a
    time, as in MindSpore.

    Plugins are written as TensorBoard summaries: 'scalar' (simple value), 'image' (the batch of
    NCHW images tiled side by side, floats scaled to [0, 1]), 'histogram', 'tensor' (TensorProto),
    and the lineage plugins (bytes or text) as text summaries tagged ``<plugin>/<name>``.
    """

    count = 0

    def __init__(self, log_dir, file_prefix="events", file_suffix="_MS", num_process=32, network=None,
                 max_file_size=None, raise_exception=False, export_options=None):
        with _instance_lock:
            self._check_count()
            SummaryRecord.count += 1
        self._closed = False
        self._writer = None
        try:
            self._init(log_dir, file_prefix, file_suffix, network, max_file_size, raise_exception, export_options)
        except (TypeError, ValueError, OSError):
            self._closed = True
            with _instance_lock:
                SummaryRecord.count -= 1
            raise

    def _init(self, log_dir, file_prefix, file_suffix, network, max_file_size, raise_exception, export_options):
        log_path = _make_dir(log_dir, "log_dir")
        if not isinstance(max_file_size, (int, type(None))):
            raise TypeError(f"For 'SummaryRecord', the 'max_file_size' should be int type, but got type "
                            f"{type(max_file_size)}")
        _check_name_part(file_prefix, file_suffix)
        if max_file_size is not None and max_file_size < 0:
            logger.warning("For 'SummaryRecord', the 'max_file_size' should be greater than 0. but got value %s.",
                           max_file_size)
            max_file_size = None
        if not isinstance(raise_exception, bool):
            raise TypeError(f"The type of 'raise_exception' should be 'bool', but got type "
                            f"'{type(raise_exception).__name__}'.")
        self._export_options = _check_export_options(export_options)
        self.base_log_dir = log_dir
        self.file_prefix, self.file_suffix = file_prefix, file_suffix
        self.network = network
        self.max_file_size = max_file_size
        self.raise_exception = raise_exception
        self._mode = "train"
        self._data_pool = defaultdict(list)
        self._time = str(int(time.time()))
        name = f"{file_prefix}.out.tfevents.{self._time}.{socket.gethostname()}{file_suffix}"
        path = os.path.join(log_path, name)
        n = 0
        while os.path.exists(path):       # a second record in the same second: a new file
            n += 1
            path = os.path.join(log_path, f"{name}.{n}")
        self.file_info = {"file_name": os.path.basename(path), "file_path": path}
        self._writer = _EventWriter(path, max_file_size)
        del _debug_ops.SUMMARY_TENSOR_CACHE[:]      # values from before the record belong to nobody
        atexit.register(self.close)

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
        """Add ``value`` under ``name`` for ``plugin``, written by the next :meth:`record`.

        'scalar', 'image', 'histogram', 'tensor' take a Tensor (checked as MindSpore checks it; a
        tag added twice before a record keeps the newest value). 'train_lineage', 'eval_lineage',
        'dataset_graph', 'custom_lineage_data' and 'landscape' take a protobuf message, bytes or
        str (MindSpore's lineage messages do not exist here) and are written as text; 'graph' is
        accepted and not written (there is no MindSpore graph proto)."""
        if plugin in _TENSOR_PLUGINS:
            if not name or not isinstance(name, str):
                raise ValueError(f'For "SummaryRecord", the parameter "name" type should be str, but got '
                                 f'{type(name)}.')
            if not isinstance(value, Tensor):
                raise TypeError(f'For "SummaryRecord", the parameter "value" expect to be Tensor, but got '
                                f'{type(value).__name__}')
            a = _to_numpy(plugin, value)
            pool = self._data_pool[plugin]
            if any(item["tag"] == name for item in pool):
                logger.warning("For 'SummaryRecord.add_value', '%s/%s' has duplicate values. Only the newest one "
                               "will be recorded.", name, plugin)
            pool[:] = [item for item in pool if item["tag"] != name]
            pool.append({"tag": name, "value": a})
        elif plugin in _OTHER_PLUGINS:
            if plugin != "graph":
                if hasattr(value, "SerializeToString"):
                    value = str(value)
                elif isinstance(value, (bytes, bytearray)):
                    value = bytes(value).decode("utf-8", "replace")
                elif not isinstance(value, str):
                    raise TypeError(f"Plugin {plugin!r} expects a protobuf message, bytes or str value, but got "
                                    f"{type(value).__name__}.")
                self._data_pool[plugin].append({"tag": name or plugin, "value": value})
        else:
            raise ValueError(f'For "SummaryRecord.add_value", no such "plugin" of {plugin!r} , expect value is one '
                             "of [tensor, scalar, image, histogram, train_lineage, eval_lineage, dataset_graph, "
                             "custom_lineage_data, graph, landscape]")

    def record(self, step, train_network=None, plugin_filter=None):
        """Write the pending values (and, in 'train' mode, the summary ops' data) at ``step``.
        Returns True, or False when the record is closed."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"The type of 'step' should be 'int', but got type '{type(step).__name__}'.")
        if train_network is not None:
            if not isinstance(train_network, Cell):
                raise TypeError(f"The type of 'train_network' should be one of '['Cell', 'NoneType']', but got "
                                f"type '{type(train_network).__name__}'.")
        if self._closed:
            logger.error("For 'SummaryRecord', The record writer is closed, please check if close() method is "
                         "called")
            return False
        if self._mode == "train":
            self._take_op_data()
        pool, self._data_pool = self._data_pool, defaultdict(list)
        for plugin, items in pool.items():
            if plugin_filter is not None and not plugin_filter(plugin):
                continue
            for item in items:
                self._write(plugin, item["tag"], item["value"], step)
        return True

    def _take_op_data(self):
        """The summary ops' values since the last record (a tag's last value wins), checked as
        MindSpore checks them when it records (the pending values are dropped on an error)."""
        cache = _debug_ops.SUMMARY_TENSOR_CACHE
        entries, cache[:] = list(cache), []
        latest = {}
        for op_name, tag, value in entries:
            _check_op_entry(op_name, tag, value)
            latest.pop((op_name, tag), None)
            latest[(op_name, tag)] = value
        for (op_name, tag), value in latest.items():
            self.add_value(_OP_PLUGIN[op_name], tag, value)

    def _write(self, plugin, tag, value, step):
        try:
            from tensorboardX import summary as tbs  # deferred: tensorboardX adds ~60 ms to `import mscompat`
            if plugin == "scalar":
                proto = tbs.scalar(tag, float(np.asarray(value).reshape(())))
            elif plugin == "histogram":
                proto = tbs.histogram(tag, np.asarray(value, dtype=np.float64), "auto")
            elif plugin == "image":
                proto = tbs.image(tag, _image_grid(value), dataformats="CHW")
            elif plugin == "tensor":
                proto = _tensor_summary(tag, np.asarray(value))
                self._export_tensor(tag, value, step)
            else:
                proto = tbs.text(f"{plugin}/{tag}", str(value))
            self._writer.add_summary(proto, step)
            return True
        except (OSError, RuntimeError, ValueError) as err:
            if self.raise_exception:
                raise
            logger.error("SummaryRecord could not write %s/%s: %s", plugin, tag, err)
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
        """Write the buffered events to disk."""
        if self._closed:
            logger.error("For 'SummaryRecord', the record writer is closed and can not flush, please check if "
                         "close() method is called")
        elif self._writer is not None:
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


def _tensor_summary(tag, a):
    """A TensorBoard summary holding ``a`` as a TensorProto."""
    # deferred: tensorboardX adds ~60 ms to `import mscompat`
    from tensorboardX.proto import summary_pb2, tensor_pb2, tensor_shape_pb2, types_pb2
    dtypes = {"float32": types_pb2.DT_FLOAT, "float64": types_pb2.DT_DOUBLE, "float16": types_pb2.DT_HALF,
              "int8": types_pb2.DT_INT8, "int16": types_pb2.DT_INT16, "int32": types_pb2.DT_INT32,
              "int64": types_pb2.DT_INT64, "uint8": types_pb2.DT_UINT8, "uint16": types_pb2.DT_UINT16,
              "bool": types_pb2.DT_BOOL, "complex64": types_pb2.DT_COMPLEX64,
              "complex128": types_pb2.DT_COMPLEX128}
    if a.dtype.name not in dtypes:          # bfloat16, uint32/64: as float32
        a = a.astype(np.float32)
    shape = tensor_shape_pb2.TensorShapeProto(dim=[tensor_shape_pb2.TensorShapeProto.Dim(size=int(d))
                                                   for d in a.shape])
    t = tensor_pb2.TensorProto(dtype=dtypes[a.dtype.name], tensor_shape=shape,
                               tensor_content=np.ascontiguousarray(a).tobytes())
    meta = summary_pb2.SummaryMetadata(plugin_data=summary_pb2.SummaryMetadata.PluginData(plugin_name="tensor"))
    return summary_pb2.Summary(value=[summary_pb2.Summary.Value(tag=tag, tensor=t, metadata=meta)])


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
    """TensorBoard events appended to one file (tensorboardX's TFRecord framing: u64 length, u32
    masked crc of it, data, u32 masked crc of data). With ``max_size``, events that would make the
    file larger are dropped with a warning (MindSpore stops writing the same way)."""

    def __init__(self, path, max_size=None):
        from tensorboardX.proto import event_pb2  # deferred: tensorboardX adds ~60 ms
        from tensorboardX.record_writer import RecordWriter  # deferred: tensorboardX adds ~60 ms
        self._event_pb2 = event_pb2
        self._writer = RecordWriter(path)
        self._path = path
        self._left = max_size
        self._lock = threading.Lock()
        ev = event_pb2.Event(wall_time=time.time(), file_version="brain.Event:2")
        try:
            self._write(ev.SerializeToString())
        except RuntimeError as err:     # max_file_size smaller than the header: nothing is written
            logger.error("SummaryRecord: %s", err)
        self.flush()

    def _write(self, data):
        need = len(data) + 16
        if self._left is not None:
            if self._left < 0:          # already full: dropped quietly after the first report
                return
            if need > self._left:
                left, self._left = self._left, -1
                raise RuntimeError(f"'max_file_size' reached: There are {left} bytes remaining, but the "
                                   f"'{self._path}' requires to write {need} bytes.")
            self._left -= need
        self._writer.write(data)

    def add_summary(self, summary, step):
        ev = self._event_pb2.Event(wall_time=time.time(), step=int(step), summary=summary)
        with self._lock:
            self._write(ev.SerializeToString())

    def flush(self):
        with self._lock:
            self._writer.flush()

    def close(self):
        with self._lock:
            self._writer.flush()
            self._writer.close()
