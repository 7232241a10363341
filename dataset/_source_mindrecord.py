"""``MindDataset``: rows of MindRecord files (``mscompat.mindrecord``) in MindSpore's order.

MindSpore reads MindRecord through its own sampler chain (``mindrecord/meta/shard_*.cc``), not
through the generic samplers: every sampler becomes a "shard operator" that rewrites a task list
(row ids, shards in file order, padded rows after the real ones).  The operators are replayed here
exactly: shuffles use ``std::shuffle`` with ``std::default_random_engine`` (libstdc++'s
``minstd_rand0``) seeded ``seed + 1`` (the seed is bumped before every shuffle), replacement draws
one ``std::mt19937(seed + i)`` per sample, sharding takes every ``num_shards``-th row
(or contiguous blocks when an ``offset`` is given), and a new epoch re-runs the shuffle (or the
distributed sampler, from the first epoch's list) on the previous epoch's list.
"""
import enum
import os
import mmap

import numpy as np

from . import _engine_config as config
from ._engine_core import _check_workers, _ordered_parallel, _state, _type_check
from ._engine_rng import MT19937, MinStdRand0, std_shuffle, uniform_int
from ._engine_samplers import (BuiltinSampler, DistributedSampler, RandomSampler, SequentialSampler,
                               Shuffle, SubsetRandomSampler, SubsetSampler, _check_sampler_args)
from ._engine_sources import MappableDataset
from mscompat.mindrecord.filereader import FormatError, MindRecordFiles
from mscompat.mindrecord.filereader import dataset_row

INT64_MAX = 9223372036854775807


_MODES = ("false", "adaptive", "global", "partial", "files", "infile")


def _mode(value):
    """A shuffle argument (bool / any ``Shuffle`` enum with MindSpore's values) as its string value."""
    if value is None or value is True:
        return "adaptive"
    if value is False:
        return "false"
    return getattr(value, "value", value)


def _std_shuffle(values, seed):
    """In place ``std::shuffle(begin, end, std::default_random_engine(seed))`` (libstdc++)."""
    return std_shuffle(values, MinStdRand0(seed))


# --------------------------------------------------------------------------- the shard operators
class _Tasks:
    """MindSpore's ShardTaskList: ``ids`` (task ids in reading order), ``perm`` (may be empty),
    ``size`` (number of tasks: real rows then padded rows) and ``counts`` (cumulative rows per file)."""

    def __init__(self, size, counts):
        self.size = size
        self.counts = counts
        self.ids = list(range(size))
        self.perm = []

    def take(self, positions):
        self.ids = [self.ids[p] for p in positions]
        self.perm = []


class _ShuffleOp:
    """ShardShuffle (RandomSampler, or the shuffle inside a distributed sampler)."""

    def __init__(self, seed, num_samples=0, replacement=False, reshuffle=True, mode="global"):
        self.seed = seed & 0xFFFFFFFF
        self.num_samples = num_samples
        self.replacement = replacement
        self.reshuffle = reshuffle
        self.mode = mode

    def count(self, n):
        if self.replacement:
            return self.num_samples or n
        return min(n, self.num_samples) if self.num_samples else n

    def _assign(self, tasks, perm):
        total = tasks.size
        k = self.num_samples if 0 < self.num_samples < total else len(tasks.ids)
        tasks.take(perm[:min(k, len(perm))])

    def run(self, tasks):
        if self.reshuffle:
            self.seed = (self.seed + 1) & 0xFFFFFFFF
        if not tasks.perm:
            tasks.perm = list(range(len(tasks.ids)))
        if self.mode in ("files", "infile"):
            if self.num_samples == 0:
                self.num_samples = tasks.size
            perm = list(tasks.perm)
            bounds = list(zip([0] + tasks.counts[:-1], tasks.counts))
            if self.mode == "infile":
                for a, b in bounds:
                    part = perm[a:b]
                    _std_shuffle(part, self.seed)
                    perm[a:b] = part
            else:
                order = _std_shuffle(list(range(len(bounds))), self.seed)
                pos = 0
                for f in order:
                    a, b = bounds[f]
                    perm[pos:pos + b - a] = tasks.perm[a:b]
                    pos += b - a
            self._assign(tasks, perm)
        elif self.replacement:
            n = len(tasks.ids)
            if self.num_samples == 0:
                self.num_samples = n
            if n == 0:
                raise RuntimeError("Invalid input, 'num_samples' should be positive but got: 0")
            tasks.take([uniform_int(MT19937((self.seed + i) & 0xFFFFFFFF), 0, n - 1)
                        for i in range(self.num_samples)])
        else:
            perm = _std_shuffle(list(tasks.perm), self.seed)
            self._assign(tasks, perm)


class _SequentialOp:
    """ShardSequentialSample (SequentialSampler)."""

    def __init__(self, num_samples, start):
        self.num_samples = num_samples
        self.start = start

    def count(self, n):
        if self.start > 0:
            n -= self.start
        return min(self.num_samples, n) if self.num_samples else n

    def run(self, tasks):
        n = len(tasks.ids)
        taking = min(self.num_samples, n) if self.num_samples else n
        if self.num_samples:
            taking = min(taking + self.start, n)
        source = tasks.perm or range(n)
        tasks.take([source[i % n] for i in range(self.start, taking)] if n else [])


class _SubsetOp:
    """ShardSample over indices (SubsetSampler, SubsetRandomSampler: shuffled after selection)."""

    def __init__(self, indices, num_samples, seed=None):
        self.indices = list(indices)
        self.num_samples = num_samples
        self.shuffle = None if seed is None else _ShuffleOp(seed)

    def count(self, n):
        k = len(self.indices)
        return min(k, self.num_samples) if self.num_samples else k

    def run(self, tasks):
        n = len(tasks.ids)
        indices = self.indices[:self.num_samples] if self.num_samples else self.indices
        if len(indices) > n:
            raise RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error Message'. "
                               "Invalid input, indices size: {} should be less than or equal to database size: {}."
                               .format(len(indices), n))
        # C++ takes the index modulo an unsigned size: -1 wraps through 2**64
        tasks.take([(i % (1 << 64)) % n for i in indices])
        if self.shuffle is not None:
            self.shuffle.run(tasks)


class _DistributedOp:
    """ShardDistributedSample (sharding, DistributedSampler): every num_shards-th task from shard_id."""

    def __init__(self, num_shards, shard_id, mode, seed, num_samples, offset, num_padded):
        self.num_shards = num_shards
        self.shard_id = shard_id
        self.num_samples = num_samples
        self.offset = offset
        self.num_padded = num_padded
        self.shuffle = _ShuffleOp(seed, mode=mode) if mode != "false" else None
        self.first = None

    def count(self, n):
        den = self.num_shards
        if self.num_padded <= 0:
            res = -(-n // den)
            return min(self.num_samples, res) if self.num_samples else res
        total = n + self.num_padded
        if total % den:
            raise RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error Message'. "
                               "Invalid data, the size of dataset and padded samples: {} can not be divisible by "
                               "the value of 'num_shards'.\n Please adjust the value of 'num_padded'."
                               .format(self.num_padded))
        return total // den

    def run(self, tasks):
        den, par = self.num_shards, self.shard_id
        if self.first is None:
            if self.num_padded > 0 and tasks.size % den:
                raise RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error "
                                   "Message'. Invalid data, the size of dataset and padded samples: {} can not be "
                                   "divisible by the value of 'num_shards': {}.\n Please adjust the value of "
                                   "'num_padded'.".format(tasks.size, den))
            self.first = (list(tasks.ids), list(tasks.perm))
        else:
            tasks.ids, tasks.perm = list(self.first[0]), list(self.first[1])
        if self.shuffle is not None:
            self.shuffle.run(tasks)
        n = len(tasks.ids)
        source = tasks.perm or range(n)
        if n == 0:
            tasks.take([])
            return
        if self.offset != -1:
            ends, acc = [], 0
            for x in range(den):
                per = (n + self.offset) // den + (1 if x < (n + self.offset) % den else 0) - (1 if x < self.offset else 0)
                acc += per
                ends.append(acc)
            positions = range(ends[par - 1] if par > 0 else 0, ends[par])
        else:
            positions = (k * den + par for k in range(-(-n // den)))
        out = []
        for p in positions:
            if self.num_samples and len(out) == self.num_samples:
                break
            out.append(source[p % n])
        tasks.take(out)


class _PartialOp:
    """Shuffle.PARTIAL: MindSpore's slow-load reader.  Each epoch, from the original layout: the files are
    shuffled, the rows of the shuffled layout are picked (every num_shards-th from shard_id, or the first
    num_samples), then shuffled in blocks of a million, all with the same bumped seed."""

    def __init__(self, inner):
        self.inner = inner   # the _ShuffleOp or _DistributedOp it replaces (seed, sharding, num_samples)

    def run(self, tasks):
        inner = self.inner
        shuffle = inner if isinstance(inner, _ShuffleOp) else inner.shuffle
        shuffle.seed = (shuffle.seed + 1) & 0xFFFFFFFF
        seed = shuffle.seed
        bounds = list(zip([0] + tasks.counts[:-1], tasks.counts))
        layout = []
        for f in _std_shuffle(list(range(len(bounds))), seed):
            layout.extend(range(*bounds[f]))
        layout.extend(range(tasks.counts[-1] if tasks.counts else 0, tasks.size))   # padded rows last
        total = len(layout)
        if isinstance(inner, _DistributedOp):
            if inner.num_padded > 0 and total % inner.num_shards:
                raise RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error "
                                   "Message'. It's padded sample scenario, but the total sample: {} which is not "
                                   "divisible by {}".format(total, inner.num_shards))
            picked = [layout[(k * inner.num_shards + inner.shard_id) % total]
                      for k in range(-(-total // inner.num_shards))] if total else []
            if inner.num_samples:
                picked = picked[:inner.num_samples]
        else:
            k = inner.num_samples if 0 < inner.num_samples < total else total
            picked = layout[:k]
        out = []
        for a in range(0, len(picked), 1000000):
            out.extend(_std_shuffle(picked[a:a + 1000000], seed))
        tasks.ids = out
        tasks.perm = []


def _chain(sampler, num_padded, shuffle_seed):
    """The shard operators of a sampler chain, child first (MindSpore's operator order)."""
    ops = []
    s = sampler
    while s is not None:
        mode = getattr(s, "_mr_mode", None)
        ns = s.num_samples or 0
        if isinstance(s, DistributedSampler):
            mode = mode or ("adaptive" if s.shuffle else "false")
            op = _DistributedOp(s.num_shards, s.shard_id, mode, s.seed, ns, s.offset, num_padded)
        elif isinstance(s, RandomSampler):
            if mode == "false":
                raise RuntimeError("The shuffle: False is invalid for RandomSampler.")
            op = _ShuffleOp(shuffle_seed(), ns, s.replacement, s.reshuffle_each_epoch, mode or "adaptive")
        elif isinstance(s, SubsetRandomSampler):
            op = _SubsetOp(s.indices, ns, config.get_seed())
        elif isinstance(s, SubsetSampler):
            op = _SubsetOp(s.indices, ns)
        elif isinstance(s, SequentialSampler):
            op = _SequentialOp(ns, s.start_index or 0)
        else:
            raise ValueError("The sampler is not supported yet.")
        if mode == "partial" and s.child_sampler is None and isinstance(op, (_ShuffleOp, _DistributedOp)):
            op = _PartialOp(op)
        ops.append(op)
        s = s.child_sampler
    ops.reverse()
    return ops


def _count_rows(ops, n, num_padded):
    """``get_dataset_size`` as MindSpore's ShardReader::CountTotalRows computes it."""
    root = True
    for op in ops:
        op = getattr(op, "inner", op)
        if isinstance(op, _ShuffleOp):
            n = op.count(n)
            if num_padded > 0 and root:
                n += num_padded
                root = False
        elif isinstance(op, _DistributedOp):
            if root:
                n = op.count(n)
                root = False
        else:
            n = op.count(n) + num_padded
    return n


class _EpochOrder:
    """Task ids of successive epochs for one iterator (operators keep their state between epochs)."""

    def __init__(self, ops, size, counts):
        self.ops = ops
        self.tasks = _Tasks(size, counts)
        self.epoch = -1
        self.rows = 0

    def advance(self):
        if self.epoch < 0:
            for op in self.ops:
                op.run(self.tasks)
        else:
            sharded = any(isinstance(getattr(op, "inner", op), _DistributedOp) for op in self.ops)
            for op in self.ops:
                if isinstance(op, (_DistributedOp, _PartialOp)) or (isinstance(op, _ShuffleOp) and not sharded):
                    op.run(self.tasks)
        if not self.tasks.perm:
            self.tasks.perm = list(range(len(self.tasks.ids)))
        self.epoch += 1
        if self.epoch == 0:
            self.rows = len(self.tasks.ids)
        # MindSpore's reader keeps the first epoch's row count (a re-run child sampler may give more)
        return list(self.tasks.ids[:self.rows])


# --------------------------------------------------------------------------- MindDataset
def _check_file(path):
    if not isinstance(path, str):
        raise TypeError("path: {} is not string".format(path))
    name = os.path.basename(os.path.realpath(path))
    if set(name) & set(r'\/:*?"<>|`&\';'):
        raise ValueError(r"filename should not contain \/:*?\"<>|`&;\'")
    if name.startswith(' ') or name.endswith(' '):
        raise ValueError("filename should not start/end with space.")
    real = os.path.realpath(path)
    if not os.path.isfile(real) or not os.access(real, os.R_OK):
        raise ValueError("The file {} does not exist or permission denied!".format(real))


def _pipeline_msg(exc):
    return ("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error Message'. \n\n"
            "- Dataset Pipeline Error Message: \n[ERROR] {}".format(exc))


def _check_int(value, name):
    if value is not None:
        _type_check(value, (int,), name)


class MindDataset(MappableDataset):
    """Rows of MindRecord files: ``dataset_files`` is one file of a shard set (all its shards are read)
    or a list of files (read as given)."""

    def __init__(self, dataset_files, columns_list=None, num_parallel_workers=None, shuffle=None, num_shards=None,
                 shard_id=None, sampler=None, padded_sample=None, num_padded=None, num_samples=None, cache=None):
        if isinstance(dataset_files, list):
            for f in dataset_files:
                _check_file(f)
        else:
            _check_file(dataset_files)
        if num_parallel_workers is not None:
            _type_check(num_parallel_workers, (int,), "num_parallel_workers")
            _check_workers(num_parallel_workers)
        if num_samples is not None:
            _type_check(num_samples, (int,), "num_samples")
            if num_samples < 0 or num_samples > INT64_MAX:
                raise ValueError("num_samples exceeds the boundary between 0 and {}(INT64_MAX)!".format(INT64_MAX))
        for name, value in (("num_shards", num_shards), ("shard_id", shard_id), ("num_padded", num_padded)):
            _check_int(value, name)
        if columns_list is not None:
            _type_check(columns_list, (list,), "columns_list")
        if padded_sample is not None:
            _type_check(padded_sample, (dict,), "padded_sample")
        _check_sampler_args(sampler, shuffle, num_samples, num_shards, shard_id)
        if padded_sample is not None:
            if num_padded is None:
                raise RuntimeError("padded_sample is specified and requires num_padded as well.")
            if num_padded < 0:
                raise ValueError("num_padded is invalid, num_padded={}.".format(num_padded))
            if columns_list is None:
                raise RuntimeError("padded_sample is specified and requires columns_list as well.")
            for c in columns_list:
                if c not in padded_sample:
                    raise ValueError("padded_sample cannot match columns_list.")
        if padded_sample is None and num_padded is not None:
            raise RuntimeError("num_padded is specified but padded_sample is not.")
        if shuffle is not None and not isinstance(shuffle, bool) and not (
                isinstance(shuffle, enum.Enum) and _mode(shuffle) in _MODES):
            raise TypeError("shuffle must be of boolean or enum of 'Shuffle' values like 'Shuffle.ADAPTIVE' or "
                            "'Shuffle.GLOBAL' or 'Shuffle.PARTIAL' or 'Shuffle.FILES' or 'Shuffle.INFILE'.")
        mode = None if sampler is not None else _mode(shuffle)
        if num_samples and mode in ("files", "infile"):
            raise ValueError("'Shuffle.FILES' or 'Shuffle.INFILE' and 'num_samples' "
                             "cannot be specified at the same time.")
        if sampler is not None and not isinstance(sampler, (SubsetSampler, DistributedSampler, RandomSampler,
                                                            SequentialSampler)):
            raise ValueError("The sampler is not supported yet.")
        super().__init__(None, num_parallel_workers)
        self.dataset_files = dataset_files
        self.columns_list = list(columns_list) if columns_list else []
        self.shuffle_option = shuffle if sampler is not None else mode
        self.padded_sample = padded_sample
        self.num_padded = num_padded or 0
        self.num_samples = num_samples
        self.num_shards = num_shards
        self.shard_id = shard_id
        self.sampler = sampler if sampler is not None else self._default_sampler(mode, num_samples, num_shards,
                                                                                  shard_id)
        self._reader = None
        self.random_access = True
        # MindSpore refuses at once a file it cannot size or whose index file is missing
        for f in (dataset_files if isinstance(dataset_files, list) else [dataset_files]):
            if os.path.getsize(f) < 8:
                raise RuntimeError("Invalid file, the size of mindrecord file: {} is smaller than the lower limit: "
                                   "8.\n Please check file path: {} and use 'FileWriter' to generate valid "
                                   "mindrecord files.".format(os.path.getsize(f), f))
            if not os.path.exists(f + ".db"):
                raise RuntimeError("The input: {} is not exists.".format(f + ".db"))

    @staticmethod
    def _default_sampler(mode, num_samples, num_shards, shard_id):
        if mode != "false":
            if num_shards is not None:
                s = DistributedSampler(num_shards, shard_id, shuffle=True, num_samples=num_samples)
            elif num_samples is not None:
                s = RandomSampler(replacement=True, num_samples=num_samples)
            else:
                s = RandomSampler()
            s._mr_mode = mode
            return s
        if num_shards is not None:
            return DistributedSampler(num_shards, shard_id, shuffle=False, num_samples=num_samples)
        return SequentialSampler(num_samples=num_samples)

    # ---- the files -------------------------------------------------------------------------------
    def _files(self):
        if self._reader is None:
            if isinstance(self.dataset_files, list) and not self.dataset_files:
                raise RuntimeError("Syntax error. MindDataset: 'dataset_files' is not specified.")
            try:
                self._reader = MindRecordFiles(self.dataset_files)
            except FormatError as exc:
                raise RuntimeError(_pipeline_msg(exc)) from None
        return self._reader

    def _columns(self):
        files = self._files()
        if not self.columns_list:
            return list(files.schema)
        seen = set()
        for c in self.columns_list:
            if c in seen:
                raise RuntimeError("Syntax error. MindDataset: 'columns_list' : Invalid parameter, duplicate column "
                                   "names are not allowed: {}".format(c))
            seen.add(c)
            if c not in files.schema:
                raise RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error "
                                   "Message'. Invalid data, column name: {} can not found in schema. Please check "
                                   "the 'column_list'.".format(c))
        return list(self.columns_list)

    def is_shuffled(self):
        return self.sampler.is_shuffled() or getattr(self.sampler, "_mr_mode", "false") != "false"

    def is_sharded(self):
        return self.sampler.is_sharded()

    def _ops(self):
        return _chain(self.sampler, self.num_padded, config._pipeline_seed)

    def _num_rows(self):
        return _count_rows(self._ops(), len(self._files()), self.num_padded)

    def get_dataset_size(self):
        return self._num_rows()

    def _check_padded_chain(self):
        if self.num_padded > 0 and self.sampler.child_sampler is not None and \
                not isinstance(self.sampler.child_sampler, DistributedSampler):
            raise RuntimeError("When the padded sample logic is enabled and use sampler chain,the first sampler "
                               "which is specified by parameter sampler or (num_shards, shard_id) is not "
                               "distributed sampling.")

    def _padded_row(self, columns):
        schema = self._files().schema
        blob_fields = self._files().blob_fields
        row = []
        for c in columns:
            spec, v = schema[c], self.padded_sample[c]
            t = spec["type"]
            try:
                if t == "bytes":
                    b = v.tobytes() if isinstance(v, np.ndarray) else bytes(v)
                    row.append(np.array([b]))
                elif t == "string":
                    row.append(np.array(v if isinstance(v, str) else str(v)))
                elif "shape" in spec or c in blob_fields:
                    a = np.frombuffer(v.tobytes(), dtype=t) if isinstance(v, np.ndarray) else np.asarray(v, t)
                    shape = spec.get("shape", [-1])
                    if -1 not in shape and a.size != int(np.prod(shape)):
                        raise ValueError("size {} does not match shape {}".format(a.size, shape))
                    row.append(a.reshape([d if d != -1 else -1 for d in shape]).copy())
                else:
                    if t.startswith("int") and (not isinstance(v, (int, np.integer)) or isinstance(v, bool)):
                        raise ValueError("{!r} is not an integer".format(v))
                    row.append(np.array(v, dtype=t))
            except (ValueError, TypeError, AttributeError) as exc:
                raise RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error "
                                   "Message'. Invalid padded_sample for column {}: {}".format(c, exc)) from None
        return row

    def _epoch_ids(self, ctx, epoch):
        files = self._files()
        st = _state(ctx, self)
        order = st.get("order")
        if order is None or order.epoch >= epoch:
            counts = list(np.cumsum([len(s.rows) for s in files.shards]).tolist())
            order = st["order"] = _EpochOrder(self._ops(), len(files) + self.num_padded, counts)
        ids = None
        while order.epoch < epoch:
            ids = order.advance()
        return ids

    def _rows(self, ctx, epoch, start=0):
        self._check_padded_chain()
        columns = self._columns()
        files = self._files()
        ids = self._epoch_ids(ctx, epoch)[start:]
        pad = self._padded_row(columns) if self.num_padded > 0 else None
        reader = _RowReader(files, columns)
        try:
            workers = self.num_parallel_workers or 1
            n = len(files)

            def read(t):
                return [a.copy() for a in pad] if t >= n else reader.read(t)
            if workers > 1 and len(ids) >= 256:
                yield from _ordered_parallel(ids, read, workers)
            else:
                for t in ids:
                    yield read(t)
        finally:
            reader.close()

    def __deepcopy__(self, memodict):
        new = super().__deepcopy__(memodict)
        new._reader = None
        new._getitem_ids = None
        return new


class _RowReader:
    """Random access to the rows of a MindRecordFiles set (task id -> list of numpy columns)."""

    def __init__(self, files, columns):
        self.files = files
        self.columns = columns
        self.colset = set(columns)
        self.starts = []
        self.maps = []
        acc = 0
        for shard in files.shards:
            self.starts.append(acc)
            acc += len(shard.rows)
            f = open(shard.path, "rb")
            try:
                size = os.fstat(f.fileno()).st_size
                self.maps.append((mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) if size else b"", size))
            finally:
                f.close()

    def read(self, task):
        k = len(self.starts) - 1
        while self.starts[k] > task:
            k -= 1
        shard = self.files.shards[k]
        mm, size = self.maps[k]
        hs, ps = shard.header["header_size"], shard.header["page_size"]
        rp, ro, re_, bp, bo, be = shard.rows[task - self.starts[k]]
        try:
            raw = self.files._read(mm, size, shard.path, hs + rp * ps + ro, re_ - ro)
            blob = self.files._read(mm, size, shard.path, hs + bp * ps + bo, be - bo)
            raw, blobs = self.files._decode(raw, blob, self.colset, shard.path)
        except RuntimeError as exc:  # FormatError: MindSpore's class is RuntimeError itself
            raise RuntimeError(_pipeline_msg(exc)) from None
        row = dataset_row(raw, blobs, self.files.schema)
        return [row[c] for c in self.columns]

    def close(self):
        for mm, size in self.maps:
            if size:
                mm.close()
        self.maps = []


__all__ = ["MindDataset"]


def _getitem(self, index):
    """``dataset[index]``: the row at position ``index`` of the first epoch's order (a list of arrays)."""
    _type_check(index, (int,), "index")
    if index < 0:
        raise ValueError("index cannot be negative, but got {0}.".format(index))
    ids = getattr(self, "_getitem_ids", None)
    if ids is None:
        ids = self._getitem_ids = self._epoch_ids({}, 0)
    if index >= len(ids):
        raise RuntimeError("Input index is not within the required interval of [0, {}], but got {}.".format(
            len(ids) - 1, index))
    columns = self._columns()
    if ids[index] >= len(self._files()):
        return self._padded_row(columns)
    reader = _RowReader(self._files(), columns)
    try:
        return reader.read(ids[index])
    finally:
        reader.close()


MindDataset.__getitem__ = _getitem
