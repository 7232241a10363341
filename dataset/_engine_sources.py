"""Sources made from Python data: ``GeneratorDataset`` and ``NumpySlicesDataset``."""
import itertools

import numpy as np

from ._engine_core import (INT32_MAX, Dataset, _as_row, _check_columns, _check_workers, _ordered_parallel,
                           _pipeline_error, _state, _type_check, _user_error)
from ._engine_samplers import BuiltinSampler, PKSampler, _select_sampler


def _check_opt_int(value, name):
    if value is not None:
        _type_check(value, (int,), name)


def _check_opt_bool(value, name):
    if value is not None:
        _type_check(value, (bool,), name)


def _array_batches(cols, ids, size, drop_remainder):
    """A generator of whole batches of the rows ``ids`` of the array columns ``cols``: ``size`` rows
    each, the last one shorter unless ``drop_remainder``."""
    for start in range(0, len(ids), size):
        chunk = ids[start:start + size]
        if len(chunk) < size and drop_remainder:
            return
        yield [c[chunk] for c in cols]


class MappableDataset(Dataset):
    """A source whose rows can be read by index (so samplers apply)."""

    def use_sampler(self, new_sampler):
        if new_sampler is None:
            raise TypeError("Input sampler can not be None.")
        if not isinstance(new_sampler, BuiltinSampler):
            raise TypeError("Input sampler is not an instance of a sampler.")
        self.sampler = new_sampler

    def add_sampler(self, new_sampler):
        new_sampler.add_child(self.sampler)
        self.sampler = new_sampler


class GeneratorDataset(MappableDataset):
    """Rows from a Python generator function, an iterable, or a random-access object."""

    def __init__(self, source, column_names=None, column_types=None, schema=None, num_samples=None,
                 num_parallel_workers=1, shuffle=None, sampler=None, num_shards=None, shard_id=None,
                 python_multiprocessing=True, max_rowsize=None, batch_sampler=None, collate_fn=None):
        if not callable(source):
            try:
                iter(source)
            except TypeError as exc:
                raise TypeError("Input `source` function of GeneratorDataset should be callable, iterable or "
                                "random accessible, commonly it should implement one of the method like yield, "
                                "__getitem__ or __next__(__iter__).") from exc
        if column_names is not None:
            column_names = _check_columns(column_names, "column_names")
        elif schema is None:
            raise ValueError("Neither columns_names nor schema are provided.")
        else:
            raise ValueError("schema is not supported by mscompat's GeneratorDataset; pass column_names.")
        for name, val in (("num_samples", num_samples), ("num_parallel_workers", num_parallel_workers),
                          ("num_shards", num_shards), ("shard_id", shard_id), ("max_rowsize", max_rowsize)):
            _check_opt_int(val, name)
        _check_opt_bool(shuffle, "shuffle")
        _check_opt_bool(python_multiprocessing, "python_multiprocessing")
        if num_samples is not None and (num_samples < 0 or num_samples > INT32_MAX):
            raise ValueError("Input num_samples is not within the required interval of [0, {}].".format(INT32_MAX))
        _check_workers(num_parallel_workers)
        if (num_shards is None) != (shard_id is None):
            raise ValueError("num_shards and shard_id need to be passed in together.")
        if num_shards is not None:
            if num_shards <= 0 or num_shards > INT32_MAX:
                raise ValueError("Input num_shards is not within the required interval of [1, {}].".format(INT32_MAX))
            if shard_id < 0:
                raise ValueError("Input shard_id is not within the required interval of [0, {}].".format(INT32_MAX))
            if shard_id >= num_shards:
                raise ValueError("shard_id should be less than num_shards.")
        if isinstance(sampler, PKSampler):
            raise ValueError("GeneratorDataset doesn't support PKSampler.")
        if sampler is not None and not isinstance(sampler, BuiltinSampler):
            try:
                iter(sampler)
            except TypeError as exc:
                raise TypeError("sampler should be either iterable or from mindspore.dataset.samplers.") from exc
        if batch_sampler is not None or collate_fn is not None:
            raise ValueError("batch_sampler and collate_fn are not supported by mscompat's GeneratorDataset.")
        if not hasattr(source, "__getitem__"):
            if sampler is not None:
                raise ValueError("sampler is not supported if source does not have attribute '__getitem__'.")
            if num_shards is not None:
                raise ValueError("num_shards is not supported if source does not have attribute '__getitem__'.")
        super().__init__(None, num_parallel_workers)
        self.source = source
        self.column_names = column_names
        self.num_samples = num_samples
        self.python_multiprocessing = python_multiprocessing
        self.random_access = hasattr(source, "__getitem__") and hasattr(source, "__len__")
        self.sampler = None
        if self.random_access:
            self.sampler = _select_sampler(num_samples, sampler, shuffle, num_shards, shard_id)
        self.shuffle_flag = shuffle
        self.num_shards = num_shards

    def _columns(self):
        return list(self.column_names)

    def is_shuffled(self):
        return self.sampler is not None and self.sampler.is_shuffled()

    def is_sharded(self):
        return self.sampler is not None and self.sampler.is_sharded()

    def _num_rows(self):
        if self.random_access:
            n = self.sampler._size(len(self.source))
            if self.num_samples and self.sampler.num_samples is None:
                n = min(n, self.num_samples)
            return n
        if hasattr(self.source, "__len__"):
            n = len(self.source)
            return min(n, self.num_samples) if self.num_samples else n
        return None

    def get_dataset_size(self):
        n = self._num_rows()
        if n is None:   # counted by a full pass: recorded, as a pass of an iterator is (MindSpore keeps it)
            n = self._seen_size = sum(1 for _ in self._rows({}, 0))
        return n

    def _row(self, value):
        row = _as_row(value, len(self.column_names))
        if len(row) != len(self.column_names):
            raise _pipeline_error("Exception thrown from user defined Python function in dataset. "
                                  "the number of columns returned in 'source' does not match the number of "
                                  "'column_names': the source returned {} columns but column_names has {}."
                                  .format(len(row), len(self.column_names)))
        return row

    def _read(self, i):
        try:
            value = self.source[i]
        except Exception as exc:
            raise _user_error(exc) from exc
        return self._row(value)

    def _rows(self, ctx, epoch, start=0):
        if not self.random_access:
            yield from itertools.islice(self._iter_rows(), start, None)
            return
        ids = self._epoch_ids(ctx, epoch)[start:]  # resuming mid-epoch reads only the remaining ids
        workers = self.num_parallel_workers or 1
        if workers <= 1 or len(ids) < 2:
            for i in ids:
                yield self._read(i)
            return
        yield from _ordered_parallel(ids, self._read, workers)

    def _epoch_ids(self, ctx, epoch):
        st = _state(ctx, self, self.sampler._new_state)
        ids = self.sampler._ids_for(len(self.source), epoch, st)
        if self.num_samples and self.sampler.num_samples is None:
            ids = ids[:self.num_samples]
        return ids

    def _column_batches(self, ctx, epoch, size, drop_remainder, start_batch=0):
        """Whole batches gathered from array columns (NumpySlicesDataset), or None if not possible."""
        if not isinstance(self.source, _SliceSource):
            return None
        ids = np.asarray(self._epoch_ids(ctx, epoch)[start_batch * size:], np.int64)
        return _array_batches(self.source.cols, ids, size, drop_remainder)

    def _iter_rows(self):
        src = self.source() if callable(self.source) and not hasattr(self.source, "__iter__") else self.source
        try:
            it = iter(src)
        except TypeError as exc:
            raise _user_error(exc) from exc
        count = 0
        while True:
            if self.num_samples and count >= self.num_samples:
                return
            try:
                value = next(it)
            except StopIteration:
                return
            except Exception as exc:
                raise _user_error(exc) from exc
            yield self._row(value)
            count += 1


def _slices(data, column_names):
    """(columns, arrays) of NumpySlicesDataset's data argument."""
    if isinstance(data, dict):
        names = list(data.keys())
        cols = [np.asarray(v) for v in data.values()]
    elif isinstance(data, tuple):
        names = ["column_{}".format(i) for i in range(len(data))]
        cols = [np.asarray(v) for v in data]
    else:
        names = ["column_0"]
        cols = [np.asarray(data)]
    if column_names is not None:
        names = [column_names] if isinstance(column_names, str) else list(column_names)
    n = len(cols[0]) if cols[0].ndim else 0
    for c in cols:
        if c.ndim == 0 or len(c) != n:
            raise ValueError("Data length in each column is not equal.")
    return names, cols, n


class _SliceSource:
    def __init__(self, cols):
        self.cols = cols

    def __len__(self):
        return len(self.cols[0])

    def __getitem__(self, i):
        return tuple(c[i] for c in self.cols)


class NumpySlicesDataset(GeneratorDataset):
    """Rows are slices along the first axis of list / tuple / dict / ndarray data."""

    def __init__(self, data, column_names=None, num_samples=None, num_parallel_workers=1, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None):
        _type_check(data, (list, tuple, dict, np.ndarray), "data")
        if data is None or len(data) == 0:  # pylint: disable=len-as-condition
            raise ValueError("Argument data cannot be empty")
        if isinstance(data, tuple):
            _type_check(data[0], (list, np.ndarray), "data[0]")
        if column_names is not None:
            _check_columns(column_names, "column_names")
            num = 1 if isinstance(column_names, str) else len(column_names)
            if isinstance(data, dict) and num != len(data):
                raise ValueError("Num of input column names is {0}, but required is {1}.".format(num, len(data)))
            if isinstance(data, tuple) and num != len(data):
                raise ValueError("Num of input column names is {0}, but required is {1}.".format(num, len(data)))
            if isinstance(data, (list, np.ndarray)) and num != 1:
                raise ValueError("Num of input column names is {0}, but required is {1} as data is list."
                                 .format(num, 1))
        names, cols, _ = _slices(data, column_names)
        super().__init__(_SliceSource(cols), column_names=names, num_samples=num_samples,
                         num_parallel_workers=num_parallel_workers, shuffle=shuffle, sampler=sampler,
                         num_shards=num_shards, shard_id=shard_id)
