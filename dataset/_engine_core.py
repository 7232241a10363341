"""The pipeline: ``Dataset`` and its ops on named columns (MindSpore's ``mindspore.dataset`` API).

Execution model: every node yields the rows of one pass ("epoch" of that node) as lists of
numpy arrays, pulled by the iterator.  ``repeat`` asks its child for successive passes, so
random components (samplers, shuffle) see the pass number and reshuffle as MindSpore does.
Per-iterator state (sampler seeds, shuffled orders) lives in a context dict, so two iterators
over one pipeline never share a position.
"""
import copy
import itertools
import math
import numbers
import os
import types
from collections import deque
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from . import _engine_config as config
from ._arg_checks import check_value, type_check as _type_check
from mscompat.common.tensor import Tensor
from . import _engine_workers

INT32_MAX = 2147483647


# --------------------------------------------------------------------------- validation helpers
# The pipeline nodes (BatchDataset, MapDataset, ShuffleDataset, ..., save_dataset) subclass or use
# Dataset, so they live in modules above this one (_engine_batch, _engine_ops, _engine_sync,
# _engine_save); each registers itself here with @pipeline_node as it is defined, and
# mscompat.dataset imports them all, so Dataset's chaining methods find them through _NODES.
_NODES = types.SimpleNamespace()


def pipeline_node(obj):
    """Register a pipeline node class (or function) for Dataset's chaining methods."""
    setattr(_NODES, obj.__name__, obj)
    return obj


def _check_value(value, lo, hi, name):
    check_value(value, (lo, hi), name)


def _check_columns(columns, name):
    _type_check(columns, (list, str), name)
    if isinstance(columns, str):
        if not columns:
            raise ValueError("{0} should not be an empty str.".format(name))
        return [columns]
    if not columns:
        raise ValueError("{0} should not be empty.".format(name))
    for i, col in enumerate(columns):
        if not col:
            raise ValueError("{0}[{1}] should not be empty.".format(name, i))
        _type_check(col, (str,), "{0}[{1}]".format(name, i))
    if len(set(columns)) != len(columns):
        raise ValueError("Every column name should not be same with others in column_names.")
    return list(columns)


def _check_workers(num):
    if num is None:
        return None
    _type_check(num, (int,), "num_parallel_workers")
    cpus = os.cpu_count() or 1
    if num < 1 or num > cpus:
        raise ValueError("num_parallel_workers exceeds the boundary between 1 and {}!".format(cpus))
    return num


def _check_num_epochs(num_epochs):
    _check_value(num_epochs, -1, INT32_MAX, "num_epochs")
    if num_epochs == 0:
        raise RuntimeError("Syntax error. Invalid num_epochs: 0, num_epochs must be -1 or positive.")


def _pipeline_error(msg):
    return RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error Message'. "
                        + msg)


def _user_error(exc):
    err = RuntimeError("Exception thrown from user defined Python function in dataset. "
                       "{}: {}".format(type(exc).__name__, exc))
    err.__cause__ = exc
    return err


# --------------------------------------------------------------------------- value conversion
def _to_numpy(value):
    """One column value as MindSpore stores it (Python int -> int64, float -> float64, str -> <U)."""
    if isinstance(value, np.ndarray):
        return value
    if hasattr(value, "asnumpy"):
        return value.asnumpy()
    if isinstance(value, (np.generic,)):
        return np.asarray(value)
    if isinstance(value, bool):
        return np.asarray(value, np.bool_)
    if isinstance(value, int):
        return np.asarray(value, np.int64)
    if isinstance(value, float):
        return np.asarray(value, np.float64)
    try:
        out = np.asarray(value)
    except ValueError as exc:  # ragged nested lists
        raise RuntimeError("Exception thrown from user defined Python function in dataset. The returned data "
                           "can't be converted to a tensor: {}".format(exc)) from exc
    if out.dtype == object:  # None, dicts, ragged lists...: MindSpore has no tensor type for them
        raise RuntimeError("Exception thrown from user defined Python function in dataset. The returned data "
                           "has an unsupported type: {} (a numpy array, number, bool or str is expected)."
                           .format(type(value).__name__))
    return out


def _as_row(value, ncols=None):
    if isinstance(value, tuple):
        return [_to_numpy(v) for v in value]
    if isinstance(value, list) and ncols is not None and ncols > 1 and len(value) == ncols:
        return [_to_numpy(v) for v in value]
    return [_to_numpy(value)]


def _to_output(arr, output_numpy):
    if output_numpy or arr.dtype.kind in "USO":
        return arr
    return Tensor(arr)


# --------------------------------------------------------------------------- parallel workers
_CHUNK = 32


_WORKER_POOLS = "process worker pools"  # ctx key: the ProcessWorkers an iterator closes when it ends


def _ordered_parallel(items, fn, workers, chunk=_CHUNK, processes=False, ctx=None, node=None, keep=None):
    """``map(fn, items)`` on a thread pool, in order, with bounded read-ahead.

    Items go to the workers in chunks (so the per-task overhead is paid once per chunk); at most
    ``2 * workers`` chunks (and at least the prefetch size in rows) are in flight.  A worker's
    exception is raised here, at the position of the row that failed.

    With ``processes`` the workers are forked processes (where the platform can fork).  Given the
    iterator's ``ctx`` and the calling ``node``, they are forked once for the iterator and serve
    all its epochs (``fn`` must then be the same for every epoch of that node); they are reaped
    when the iterator ends, is stopped or is collected.  ``keep`` (a ``ProcessWorkers``) is a pool the
    caller manages itself.
    """
    window = max(2 * workers, -(-config.get_prefetch_size() // chunk))
    if processes:
        if _engine_workers.fork_available():
            if keep is None and ctx is not None:
                key = (_WORKER_POOLS, id(node))
                keep = ctx.get(key)
                if keep is None or keep.workers != workers:
                    keep = ctx[key] = _engine_workers.ProcessWorkers(fn, workers)
                    ctx.setdefault(_WORKER_POOLS, []).append(keep)
            yield from _engine_workers.ordered_process_parallel(items, fn, workers, chunk, window, keep)
            return

    def run(part):
        return [fn(x) for x in part]

    def wait(future):
        return _engine_workers.wait_result(future, "a map worker thread")

    # with a worker timeout the threads are daemons: one stuck in a transform is abandoned
    timed = bool(config.get_worker_timeout())
    pool = _engine_workers.DaemonThreads(workers) if timed else ThreadPoolExecutor(max_workers=workers)
    pending = deque()
    try:
        it = iter(items)
        while True:
            part = list(itertools.islice(it, chunk))
            if not part:
                break
            pending.append(pool.submit(run, part))
            if len(pending) >= window:
                yield from wait(pending.popleft())
        while pending:
            yield from wait(pending.popleft())
    finally:
        for f in pending:
            f.cancel()
        if timed:
            pool.shutdown()
        else:
            pool.shutdown(wait=True)


# --------------------------------------------------------------------------- BatchInfo
class BatchInfo:
    """What a callable batch_size / per_batch_map sees: the batch and epoch numbers (from 0)."""

    def __init__(self, batch_num, epoch_num):
        self._batch_num = batch_num
        self._epoch_num = epoch_num

    def get_batch_num(self):
        return self._batch_num

    def get_epoch_num(self):
        return self._epoch_num


# --------------------------------------------------------------------------- Dataset base
def _sized(get_dataset_size):
    """``get_dataset_size`` that answers, once an iterator has run a full pass, that pass's row count
    (MindSpore records it on the dataset and prefers it to recomputing)."""
    def wrapper(self):
        seen = self.__dict__.get("_seen_size")
        return seen if seen is not None else get_dataset_size(self)
    wrapper.__doc__ = get_dataset_size.__doc__
    wrapper._sized = True
    return wrapper


class Dataset:
    """Base of all datasets: a node of the pipeline tree."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("get_dataset_size")
        if own is not None and not getattr(own, "_sized", False):
            cls.get_dataset_size = _sized(own)

    def __init__(self, children=None, num_parallel_workers=None):
        if children is None:
            children = []
        elif isinstance(children, Dataset):
            children = [children]
        self.children = list(children)
        self.num_parallel_workers = num_parallel_workers
        self._col_cache = None

    # ---- node interface (overridden) ---------------------------------------------------
    def _columns(self):
        return self.children[0]._columns()

    def _num_rows(self):
        """Rows of one pass, or None when it can only be known by running."""
        return self.children[0]._num_rows()

    def _rows(self, ctx, epoch, start=0):
        """Rows of pass ``epoch`` from row ``start`` on (nodes skip without reading where they can)."""
        raise NotImplementedError  # pragma: no cover - abstract

    def _batch_size(self):
        return self.children[0]._batch_size() if self.children else 1

    def _repeat_count(self):
        return self.children[0]._repeat_count() if self.children else 1

    def is_shuffled(self):
        return any(c.is_shuffled() for c in self.children)

    def is_sharded(self):
        return any(c.is_sharded() for c in self.children)

    # ---- pipeline ops --------------------------------------------------------------------
    def map(self, operations, input_columns=None, output_columns=None, num_parallel_workers=None, **kwargs):
        return _NODES.MapDataset(self, operations, input_columns, output_columns, num_parallel_workers, **kwargs)

    def batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, **kwargs):
        return _NODES.BatchDataset(self, batch_size, drop_remainder, num_parallel_workers, **kwargs)

    def padded_batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, pad_info=None):
        if pad_info is not None:
            _type_check(pad_info, (dict,), "pad_info")
            for k, v in pad_info.items():
                _type_check(k, (str,), "key in pad_info")
                if v is not None:
                    _type_check(v, (tuple,), "value in pad_info")
        # pad_info=None: no padding at all; {}: every column padded to the longest in its batch
        return _NODES.BatchDataset(self, batch_size, drop_remainder, num_parallel_workers, _pad_info=pad_info or {},
                            _padded=pad_info is not None)

    def bucket_batch_by_length(self, column_names, bucket_boundaries, bucket_batch_sizes,
                               element_length_function=None, pad_info=None, pad_to_bucket_boundary=False,
                               drop_remainder=False):
        return _NODES.BucketBatchByLengthDataset(self, column_names, bucket_boundaries, bucket_batch_sizes,
                                          element_length_function, pad_info, pad_to_bucket_boundary,
                                          drop_remainder)

    def apply(self, apply_func):
        if not callable(apply_func):
            raise TypeError("apply_func must be a function.")
        result = apply_func(self)
        if not isinstance(result, Dataset):
            raise TypeError("dataset returned by apply_func is not dataset type.")
        return result

    def shuffle(self, buffer_size):
        return _NODES.ShuffleDataset(self, buffer_size)

    def repeat(self, count=None):
        return _NODES.RepeatDataset(self, count)

    def filter(self, predicate, input_columns=None, num_parallel_workers=None):
        return _NODES.FilterDataset(self, predicate, input_columns, num_parallel_workers)

    def project(self, columns):
        return _NODES.ProjectDataset(self, columns)

    def rename(self, input_columns, output_columns):
        return _NODES.RenameDataset(self, input_columns, output_columns)

    def take(self, count=-1):
        return _NODES.TakeDataset(self, count)

    def skip(self, count):
        return _NODES.SkipDataset(self, count)

    def zip(self, datasets):
        _type_check(datasets, (tuple, Dataset), "datasets")
        if isinstance(datasets, Dataset):
            datasets = (datasets,)
        return _NODES.ZipDataset((self,) + tuple(datasets))

    def concat(self, datasets):
        _type_check(datasets, (list, Dataset), "datasets")
        if isinstance(datasets, Dataset):
            datasets = [datasets]
        for i, d in enumerate(datasets):
            _type_check(d, (Dataset,), "dataset[{}]".format(i))
        return _NODES.ConcatDataset([self] + list(datasets))

    def __add__(self, other):
        return self.concat(other)

    def split(self, sizes, randomize=True):
        if self.is_sharded():
            raise RuntimeError("Dataset should not be sharded before split.")
        absolute = self._absolute_split_sizes(sizes)
        if randomize:
            seed = config._pipeline_seed()
        splits = []
        skip = 0
        for size in absolute:
            base = copy.deepcopy(self)
            if randomize:
                if getattr(base, "random_access", False):
                    # MindSpore (mappable source): a RandomSampler that does not reshuffle, chained on
                    # the source's own sampler
                    base = _NODES._FixedPermutation(base, seed)
                else:
                    # MindSpore (any other pipeline): shuffle(10000) that does not reshuffle
                    base = _NODES.ShuffleDataset(base, 10000)
                    base.reshuffle_each_epoch = False
                    base._seed = seed
            part = base
            if skip > 0:
                part = part.skip(skip)
            splits.append(part.take(size))
            skip += size
        return tuple(splits)

    def _absolute_split_sizes(self, sizes):
        _type_check(sizes, (list,), "sizes")
        if not sizes:
            raise ValueError("sizes cannot be empty.")
        all_int = all(isinstance(s, int) and not isinstance(s, bool) for s in sizes)
        all_float = all(isinstance(s, float) for s in sizes)
        if not (all_int or all_float):
            raise ValueError("sizes should be list of int or list of float.")
        if all_int:
            for s in sizes:
                if s <= 0 or s > INT32_MAX:
                    raise ValueError("Input sizes is not within the required interval of (0, {}].".format(INT32_MAX))
        else:
            for s in sizes:
                if s <= 0 or s > 1:
                    raise ValueError("Input sizes is not within the required interval of (0, 1].")
            if not math.isclose(sum(sizes), 1, abs_tol=1e-6):
                raise ValueError("sizes is a list of float, but the percentages do not sum up to 1.")
        total = self.get_dataset_size()
        if total is None or total <= 0:
            raise RuntimeError("dataset_size is unknown, unable to split.")
        if all_int:
            if sum(sizes) != total:
                raise RuntimeError("Sum of split sizes {} is not equal to dataset size {}.".format(sum(sizes), total))
            return list(sizes)
        absolute = [int(round(s * total)) for s in sizes]
        for i, s in enumerate(absolute):
            if s == 0:
                raise RuntimeError("Split percentage {} is too small.".format(sizes[i]))
        diff = sum(absolute) - total
        if diff < 0:
            absolute[0] -= diff
        elif diff > 0:
            for i, s in enumerate(absolute):
                if s > diff:
                    absolute[i] -= diff
                    break
        return absolute

    # ---- iteration -----------------------------------------------------------------------
    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False, do_copy=False):
        if columns is not None:
            columns = _check_columns(columns, "columns")
        _type_check(num_epochs, (int,), "num_epochs")
        _check_num_epochs(num_epochs)
        _type_check(output_numpy, (bool,), "output_numpy")
        return TupleIterator(self, num_epochs, output_numpy, columns)

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False, do_copy=False):
        _type_check(num_epochs, (int,), "num_epochs")
        _check_num_epochs(num_epochs)
        _type_check(output_numpy, (bool,), "output_numpy")
        return DictIterator(self, num_epochs, output_numpy)

    def __iter__(self):
        return self.create_tuple_iterator(num_epochs=1)

    def __len__(self):
        return self.get_dataset_size()

    def __bool__(self):  # a dataset is a pipeline object, truthy even when it has no rows
        return True

    # ---- getters -------------------------------------------------------------------------
    def get_col_names(self):
        return list(self._columns())

    @_sized
    def get_dataset_size(self):
        n = self._num_rows()
        if n is None:   # counted by a full pass: recorded, as a pass of an iterator is (MindSpore keeps it)
            n = self._seen_size = sum(1 for _ in self._rows({}, 0))
        return n

    def _first_row(self):
        for row in self._rows({}, 0):
            return row
        return None

    def output_shapes(self, estimate=False):
        _type_check(estimate, (bool,), "estimate")
        if estimate:
            # MindSpore runs one pass and reports None for every dimension that varies between rows
            merged = None
            for row in self._rows({}, 0):
                shapes = [list(a.shape) for a in row]
                if merged is None:
                    merged = shapes
                    continue
                for k, (m, sh) in enumerate(zip(merged, shapes)):
                    if len(m) != len(sh):
                        merged[k] = [None] * max(len(m), len(sh))
                    else:
                        merged[k] = [d if d == e else None for d, e in zip(m, sh)]
            return merged or []
        row = self._first_row()
        if row is None:
            return []
        return [list(a.shape) for a in row]

    def output_types(self):
        row = self._first_row()
        if row is None:
            return []
        return [np.dtype(a.dtype.kind) if a.dtype.kind in "US" else a.dtype for a in row]

    def get_batch_size(self):
        return self._batch_size()

    # ---- flow control and saving (``_engine_sync.py``, ``_engine_save.py``) -------------------
    def sync_wait(self, condition_name, num_batch=1, callback=None):
        return _NODES.SyncWaitDataset(self, condition_name, num_batch, callback)

    def sync_update(self, condition_name, num_batch=None, data=None):
        return _NODES.sync_update(self, condition_name, num_batch, data)

    def get_sync_notifiers(self):
        return self.children[0].get_sync_notifiers() if self.children else {}

    def disable_sync(self):
        return self.children[0].disable_sync() if self.children else {}

    def is_sync(self):
        return self.children[0].is_sync() if self.children else False

    def save(self, file_name, num_files=1, file_type="mindrecord"):
        """Write the rows of one pass to MindRecord file(s)."""
        return _NODES.save_dataset(self, file_name, num_files, file_type)

    def get_repeat_count(self):
        return self._repeat_count()

    def set_init_step(self, init_step):
        """Make new iterators start at global step ``init_step`` (resume after a restart)."""
        self._global_step = init_step

    def get_init_step(self):
        step = getattr(self, "_global_step", None)
        if step is not None:
            return step
        if len(self.children) == 1:
            return self.children[0].get_init_step()
        return 0

    def get_class_indexing(self):
        return self.children[0].get_class_indexing() if self.children else {}

    def reset(self):
        """Forget cached metadata; a new iterator starts from the first epoch."""
        self._col_cache = None
        self._seen_size = None
        for c in self.children:
            c.reset()

    def num_classes(self):
        return None

    def device_que(self, send_epoch_end=True, create_data_info_queue=False, queue_name=""):
        return self

    def __deepcopy__(self, memodict):
        cls = self.__class__
        new = cls.__new__(cls)
        memodict[id(self)] = new
        for k, v in self.__dict__.items():
            if k in ("source", "_source", "operations", "predicate", "per_batch_map", "_pool", "_own_pool"):
                setattr(new, k, v)  # user callables/sources are shared, not copied
            else:
                setattr(new, k, copy.deepcopy(v, memodict))
        return new


def _state(ctx, node, factory=dict):
    key = id(node)
    st = ctx.get(key)
    if st is None:
        st = ctx[key] = factory()
    return st


# --------------------------------------------------------------------------- iterators
class _IteratorBase:
    def __init__(self, dataset, num_epochs, output_numpy):
        self.dataset = dataset
        self.num_epochs = num_epochs
        self.output_numpy = output_numpy
        self._ctx = {}
        self._epoch = 0
        self._start = 0
        self._gen = None
        self._cols = dataset.get_col_names()
        self._resumed = False
        self._count = 0  # rows given so far (the first full pass records it as the dataset size)
        step = dataset.get_init_step()
        if step:
            self._reset(step, dataset.get_dataset_size())

    def _reset(self, step, dataset_size):
        """Continue from global step ``step`` (``dataset_size`` steps an epoch), as after a restart:
        the next row is the one an uninterrupted run would give at that step.  Sources that read by
        index and the ops above them (map, batch, project, rename, take, skip, repeat, zip, concat)
        skip straight to it; shuffle and filter have to read through the rows before it."""
        if not isinstance(step, int) or step < 0:
            raise ValueError("step should be a non-negative integer, but got {}.".format(step))
        if not isinstance(dataset_size, int) or dataset_size <= 0:
            raise ValueError("dataset_size should be a positive integer, but got {}.".format(dataset_size))
        self.stop()
        self._ctx = {}
        self._resumed = True
        self._epoch, self._start = divmod(step, dataset_size)

    def __iter__(self):
        return self

    def _next_row(self):
        if self._gen is None:
            if self.num_epochs != -1 and self._epoch >= self.num_epochs:
                raise RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error "
                                   "Message'. EOF buffer encountered. User tries to fetch data beyond the "
                                   "specified number of epochs.")
            self._gen = self.dataset._rows(self._ctx, self._epoch, self._start)
            self._start = 0
        try:
            row = next(self._gen)
        except StopIteration:
            self._gen = None
            self._epoch += 1
            if self.num_epochs != -1 and self._epoch >= self.num_epochs:
                _close_pools(self._ctx)  # the last epoch is over: reap the worker processes now
            if self.dataset.__dict__.get("_seen_size") is None and not self._resumed:
                self.dataset._seen_size = self._count
            raise
        self._count += 1
        return row

    def get_next(self):
        return self.__next__()

    def stop(self):
        """End the current pass and release its workers (worker processes included)."""
        gen, self._gen = self._gen, None
        if gen is not None:
            gen.close()
        _close_pools(self._ctx)

    release = stop

    def get_col_names(self):
        return list(self._cols)

    def __del__(self):
        self._gen = None
        _close_pools(getattr(self, "_ctx", {}))


def _close_pools(ctx):
    for pool in ctx.pop(_WORKER_POOLS, []):
        pool.close()
    for key in [k for k in ctx if isinstance(k, tuple) and k and k[0] == _WORKER_POOLS]:
        del ctx[key]


class TupleIterator(_IteratorBase):
    def __init__(self, dataset, num_epochs, output_numpy, columns=None):
        super().__init__(dataset, num_epochs, output_numpy)
        self._select = None
        if columns is not None:
            idx = []
            for c in columns:
                if c not in self._cols:
                    raise RuntimeError("Invalid column, column name: {} does not exist.".format(c))
                idx.append(self._cols.index(c))
            self._select = idx

    def __next__(self):
        row = self._next_row()
        if self._select is not None:
            row = [row[i] for i in self._select]
        return [_to_output(a, self.output_numpy) for a in row]


class DictIterator(_IteratorBase):
    def __next__(self):
        row = self._next_row()
        return {c: _to_output(a, self.output_numpy) for c, a in zip(self._cols, row)}


# --------------------------------------------------------------------------- ops
def _resolve(columns, names, op):
    idx = []
    for c in columns:
        if c not in names:
            raise _pipeline_error("Invalid column, column name: {} does not exist in {} (existing columns: {})."
                                  .format(c, op, names))
        idx.append(names.index(c))
    return idx


def _stack(values, col, pad=None):
    """Stack one column's values into a batch (padding to pad=(shape, value) if given)."""
    if pad is not None:
        shape, pad_value = pad
        ndim = values[0].ndim
        if shape is None:
            target = [max(v.shape[d] for v in values) for d in range(ndim)]
        else:
            target = [max(v.shape[d] for v in values) if s is None else s for d, s in enumerate(shape)]
        if len(target) != ndim or any(v.ndim != ndim for v in values):
            raise _pipeline_error("Invalid pad_info, the rank of pad_shape ({}) must equal the rank of the data "
                                  "({}) in column {}.".format(len(target), ndim, col))
        dtype = values[0].dtype
        out = np.full([len(values)] + target, pad_value if pad_value is not None else 0, dtype=dtype)
        for i, v in enumerate(values):
            # MindSpore cuts data longer than the pad shape
            region = tuple(slice(0, min(s, t)) for s, t in zip(v.shape, target))
            out[(i,) + region] = v[region]
        return out
    first = values[0]
    shape, dtype = first.shape, first.dtype
    for v in values:
        if v.shape != shape:
            raise _pipeline_error("Inconsistent batch shapes, batch operation expects same shape for each "
                                  "data row, but got inconsistent shape in column {}, expected shape for this "
                                  "column is:{}, got shape:{}".format(col, list(shape), list(v.shape)))
        if v.dtype != dtype and not (v.dtype.kind in "US" and dtype.kind == v.dtype.kind):
            raise _pipeline_error("Inconsistent batch type, batch operation expects same type for each data "
                                  "row, but got inconsistent type in column {}, expected type for this column "
                                  "is:{}, got type:{}".format(col, dtype, v.dtype))
    return np.stack(values)

