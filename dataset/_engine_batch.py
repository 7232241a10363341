"""Pipeline ops that transform rows or group them: map, batch, padded batch, bucket batch."""
import bisect
import inspect
import itertools
import pickle
import weakref

import numpy as np

from . import _engine_config as config
from . import _engine_workers
from ._engine_sync import notify_batch_size
from ._engine_core import (INT32_MAX, pipeline_node, BatchInfo, Dataset, _check_columns, _check_value, _check_workers,
                           _ordered_parallel, _pipeline_error, _resolve, _stack, _state, _to_numpy, _type_check,
                           _user_error)


@pipeline_node
class MapDataset(Dataset):
    def __init__(self, input_dataset, operations, input_columns=None, output_columns=None,
                 num_parallel_workers=None, python_multiprocessing=False, max_rowsize=None, cache=None,
                 callbacks=None, offload=None):
        _check_workers(num_parallel_workers)
        _type_check(python_multiprocessing, (bool,), "python_multiprocessing")
        ops = operations if isinstance(operations, list) else [operations]
        for op in ops:
            if not callable(op):
                raise ValueError("Parameter operations's element of method map should be a python function or "
                                 "class method which should be callable, but got: {}. It doesn't need to call "
                                 "run() for operations.".format(op))
        in_cols = None if input_columns is None else _check_columns(input_columns, "input_columns")
        out_cols = None if output_columns is None else _check_columns(output_columns, "output_columns")
        super().__init__(input_dataset, num_parallel_workers)
        self.operations = ops
        self.input_columns = in_cols
        self.output_columns = out_cols
        self.python_multiprocessing = python_multiprocessing

    def _plan(self):
        names = self.children[0].get_col_names()
        in_cols = self.input_columns if self.input_columns is not None else names[:1]
        in_idx = _resolve(in_cols, names, "Map")
        out_cols = self.output_columns if self.output_columns is not None else in_cols
        # MindSpore's column map: with as many outputs as inputs, the outputs take the inputs' places;
        # otherwise the outputs come first, then the untouched columns in their order.  A name given
        # twice keeps its last assignment; a column left without a name is dropped.
        if len(out_cols) == len(in_cols):
            rest = None
            pos = {n: i for i, n in enumerate(names)}
            for i, o in zip(in_idx, out_cols):
                del pos[names[i]]
            for i, o in zip(in_idx, out_cols):
                pos[o] = i
            width = len(names)
        else:
            rest = [i for i in range(len(names)) if i not in in_idx]
            pos = {o: k for k, o in enumerate(out_cols)}
            for k, i in enumerate(rest):
                pos[names[i]] = len(out_cols) + k
            width = len(out_cols) + len(rest)
        order = sorted(pos.items(), key=lambda kv: kv[1])
        keep = [p for _, p in order]
        if keep == list(range(width)):
            keep = None
        return [n for n, _ in order], in_idx, (rest, keep)

    def _columns(self):
        return self._plan()[0]

    def _apply(self, values):
        for op in self.operations:
            try:
                out = op(*values)
            except Exception as exc:  # the worker's own exception, chained
                raise _user_error(exc) from exc
            values = list(out) if isinstance(out, tuple) else [out]
        return [_to_numpy(v) for v in values]

    def _combine(self, row, out, in_idx, layout):
        rest, keep = layout
        n_out = len(self.output_columns if self.output_columns is not None else in_idx)
        if len(out) != n_out:
            raise _pipeline_error("Invalid number of columns in Map: the operations returned {} columns, "
                                  "but {} output columns were expected.".format(len(out), n_out))
        if rest is None:
            row = list(row)
            for i, v in zip(in_idx, out):
                row[i] = v
        else:
            row = out + [row[i] for i in rest]
        if keep is not None:
            row = [row[i] for i in keep]
        return row

    def _rows(self, ctx, epoch, start=0):
        st = _state(ctx, self)
        work = st.get("row_work")
        if work is None:  # one function per iterator: worker processes forked with it serve every epoch
            names, in_idx, rest = self._plan()

            def work(row):
                return self._combine(row, self._apply([row[i] for i in in_idx]), in_idx, rest)
            st["row_work"] = work

        workers = self.num_parallel_workers or 1
        child = self.children[0]._rows(ctx, epoch, start)  # one row out per row in
        if workers <= 1 and not config.get_worker_timeout():   # (a time limit needs a worker to watch)
            for row in child:
                yield work(row)
            return
        yield from _ordered_parallel(child, work, workers, processes=self.python_multiprocessing, ctx=ctx, node=self)

    # ---- batch-level execution (used by a following batch) ---------------------------------
    def _batchable(self):
        """True when every operation can run on a whole batch: it has ``_batch_apply(*columns)``
        taking the stacked columns and returning what stacking its per-row results would give.

        A column whose rows differ in shape or type (encoded images, say) travels as a list of the
        row values: an op with ``_batch_ragged = True`` takes such lists (returning a stacked array,
        or a list again), any other op is then run row by row on them."""
        return all(callable(getattr(op, "_batch_apply", None)) for op in self.operations)

    def _map_batch(self, cols, plan=None):
        names, in_idx, rest = plan or self._plan()
        values = [cols[i] for i in in_idx]
        for op in self.operations:
            try:
                if getattr(op, "_batch_ragged", False) or all(isinstance(v, np.ndarray) for v in values):
                    out = op._batch_apply(*values)
                else:
                    out = _rowwise(op, values)
            except Exception as exc:
                raise _user_error(exc) from exc
            values = list(out) if isinstance(out, tuple) else [out]
        # as the row path does at the end of each map: every value as numpy
        values = [[_to_numpy(x) for x in v] if isinstance(v, list) else np.asarray(v) for v in values]
        return self._combine(cols, values, in_idx, rest)


def _stack_or_rows(values):
    """The rows of one column stacked when they agree in shape and type, else the list of them."""
    first = values[0]
    shape, dtype = first.shape, first.dtype
    for v in values:
        if v.shape != shape or v.dtype != dtype:
            return list(values)
    return np.stack(values)


def _rowwise(op, values):
    """``op`` called row by row on batch columns (stacked arrays or lists of rows), its outputs
    stacked where they agree."""
    outs = []
    for i in range(len(values[0])):
        out = op(*[v[i] for v in values])
        outs.append(list(out) if isinstance(out, tuple) else [out])
    cols = [[o[k] for o in outs] for k in range(len(outs[0]))]
    cols = [_stack_or_rows(c) if all(isinstance(x, np.ndarray) for x in c) else c for c in cols]
    return tuple(cols) if len(cols) > 1 else cols[0]


@pipeline_node
class BatchDataset(Dataset):
    def __init__(self, input_dataset, batch_size, drop_remainder=False, num_parallel_workers=None,
                 per_batch_map=None, input_columns=None, output_columns=None, python_multiprocessing=False,
                 max_rowsize=None, _pad_info=None, _padded=False):
        if not (isinstance(batch_size, int) or callable(batch_size)) or isinstance(batch_size, bool):
            raise TypeError("batch_size should either be an int or a callable.")
        if callable(batch_size):
            if len(inspect.signature(batch_size).parameters) != 1:
                raise ValueError("callable batch_size should take one parameter (BatchInfo).")
        elif not (batch_size == -1 and not _padded):
            _check_value(batch_size, 1, INT32_MAX, "batch_size")
        _check_workers(num_parallel_workers)
        _type_check(drop_remainder, (bool,), "drop_remainder")
        notify_batch_size(input_dataset, batch_size if not callable(batch_size) else 1)
        if input_columns is not None and per_batch_map is None:
            raise ValueError("input_columns can be specified only when per_batch_map is set.")
        if input_columns is not None:
            input_columns = _check_columns(input_columns, "input_columns")
            if len(input_columns) != len(inspect.signature(per_batch_map).parameters) - 1:
                raise ValueError("The signature of per_batch_map should match with input columns.")
        if output_columns is not None:
            output_columns = _check_columns(output_columns, "output_columns")
        if python_multiprocessing is not None:
            _type_check(python_multiprocessing, (bool,), "python_multiprocessing")
        super().__init__(input_dataset, num_parallel_workers)
        self.batch_size = batch_size
        self.drop_remainder = drop_remainder
        self.per_batch_map = per_batch_map
        self.input_columns = input_columns
        self.output_columns = output_columns
        self.pad_info = _pad_info
        self.padded = _padded

    def _plan(self):
        names = self.children[0].get_col_names()
        if self.per_batch_map is None:
            return names, None, None
        in_cols = self.input_columns if self.input_columns is not None else names
        in_idx = _resolve(in_cols, names, "Batch")
        out_cols = self.output_columns if self.output_columns is not None else in_cols
        if out_cols == in_cols:
            return names, in_idx, None
        if len(out_cols) == len(in_cols):  # as many outputs as inputs: they take the inputs' places
            renamed = list(names)
            for i, o in zip(in_idx, out_cols):
                renamed[i] = o
            return renamed, in_idx, None
        # MindSpore lists the untouched columns after the outputs in the iteration order of its C++
        # unordered_map of the child's columns, which for a handful of columns is the reverse of
        # their order (probed: a,b,c with per_batch_map a -> p,q gives p,q,c,b)
        rest = [i for i in reversed(range(len(names))) if i not in in_idx]
        return list(out_cols) + [names[i] for i in rest], in_idx, rest

    def _columns(self):
        return self._plan()[0]

    def _num_rows(self):
        n = self.children[0]._num_rows()
        if n is None or callable(self.batch_size):
            return None
        if self.batch_size == -1:
            return 1 if n else 0
        return n // self.batch_size if self.drop_remainder else -(-n // self.batch_size)

    def _batch_size(self):
        return self.batch_size if isinstance(self.batch_size, int) else -1  # MindSpore: -1 for a callable

    def _pads(self, names):
        if not self.padded:
            return [None] * len(names)
        info = self.pad_info
        if not info:
            return [(None, 0)] * len(names)
        for k in info:
            if k not in names:
                raise _pipeline_error("Invalid parameter, column name: {} does not exist in pad_info.".format(k))
        return [(info[c] if info[c] is not None else (None, 0)) if c in info else None for c in names]

    def _make_batch(self, rows, names, pads, in_idx, rest, batch_num, epoch):
        ncol = len(rows[0])
        if self.per_batch_map is None:
            return [_stack([r[c] for r in rows], c, pads[c]) for c in range(ncol)]
        cols = [[r[i] for r in rows] for i in in_idx]
        try:
            out = self.per_batch_map(*cols, BatchInfo(batch_num, epoch))
        except Exception as exc:
            raise _user_error(exc) from exc
        if not isinstance(out, tuple):  # MindSpore takes any other return value as the one output column
            out = (out,)
        out = [_stack([_to_numpy(v) for v in col], i) for i, col in enumerate(out)]
        if rest is None:
            if len(out) != len(in_idx):
                raise _pipeline_error("Invalid per_batch_map, the number of returned columns ({}) must equal the "
                                      "number of input columns ({}).".format(len(out), len(in_idx)))
            result = [None] * ncol
            for i, v in zip(in_idx, out):
                result[i] = v
            for c in range(ncol):
                if result[c] is None:
                    result[c] = _stack([r[c] for r in rows], c, pads[c])
            return result
        if len(out) != len(self.output_columns):
            raise _pipeline_error("Invalid per_batch_map, the number of returned columns ({}) must equal the "
                                  "number of output columns ({}).".format(len(out), len(self.output_columns)))
        return out + [_stack([r[c] for r in rows], c, pads[c]) for c in rest]

    def _fused_maps(self):
        """(maps right below this batch whose operations all run batch-wise, outermost first; the node
        below them), or None when this batch must run row by row."""
        if self.per_batch_map is not None or self.padded or not isinstance(self.batch_size, int) \
                or self.batch_size <= 0:
            return None
        fused, node = [], self.children[0]
        while isinstance(node, MapDataset) and node._batchable():
            fused.append(node)
            node = node.children[0]
        return fused, node

    def _rows(self, ctx, epoch, start=0):
        plan = self._fused_maps()
        if plan is not None:
            fused, source = plan
            direct = getattr(source, "_column_batches", None)
            batches = direct(ctx, epoch, self.batch_size, self.drop_remainder, start) if direct else None
            if batches is not None or fused:
                yield from self._fused_rows(ctx, epoch, fused, source, batches, start)
                return
        if start and isinstance(self.batch_size, int) and self.batch_size > 0:
            # resume: the child starts at the first row of batch `start`
            yield from self._plain_rows(ctx, epoch, start)
            return
        yield from itertools.islice(self._plain_rows(ctx, epoch), start, None)

    def _fused_rows(self, ctx, epoch, fused, source, batches, start=0):
        # stacked columns (gathered straight from the source when it can) -> each map's operations on
        # the whole batch (the same values as per row, then stacked)
        size = self.batch_size
        ncols = len(source.get_col_names())
        plans = [m._plan() for m in fused]  # column errors surface before any work

        def chunks():
            rows = []
            for row in source._rows(ctx, epoch, start * size):
                rows.append(row)
                if len(rows) == size:
                    yield rows
                    rows = []
            if rows and not self.drop_remainder:
                yield rows

        st = _state(ctx, self)
        work = st.get("fused_work")
        if work is None:  # one function per iterator: worker processes forked with it serve every epoch
            stacked = batches is not None  # the same for every epoch: it depends on the source's kind

            def work(item):
                cols = item if stacked else [_stack_or_rows([r[c] for r in item]) for c in range(ncols)]
                for m, plan in zip(reversed(fused), reversed(plans)):
                    cols = m._map_batch(cols, plan)
                # a column still ragged here fails as the row path's batch would
                return [v if isinstance(v, np.ndarray) else _stack(v, c) for c, v in enumerate(cols)]
            st["fused_work"] = work

        items = batches if batches is not None else chunks()
        workers = max([m.num_parallel_workers or 1 for m in fused] + [self.num_parallel_workers or 1])
        # ops marked ``_batch_light`` are a few whole-batch numpy calls (Rescale, Normalize, HWC2CHW):
        # worker threads add nothing to them but cost (measured on 2 cores: each worker's malloc
        # arena hands its big arrays back to the OS and page-faults them in again, ~125 faults and
        # 2-3x the CPU time per batch of 64 32x32x3 images), so they run in the consumer's thread
        light = all(getattr(op, "_batch_light", False) for m in fused for op in m.operations)
        if (workers <= 1 or not fused or light) and not (fused and config.get_worker_timeout()):
            for item in items:
                yield work(item)
        else:
            # ops marked ``_gil_bound`` (Decode, RandomResizedCrop) are mscompat's own Python, holding the GIL
            # for most of their time, where MindSpore runs C++ on its worker threads: threads would take
            # turns, so they run on worker processes (results are the same)
            own = all(getattr(op, "_gil_bound", False) or getattr(op, "_batch_light", False)
                      for m in fused for op in m.operations)
            procs = own or any(m.python_multiprocessing for m in fused)
            keep = self._own_workers(fused, work, workers) if own else None
            yield from _ordered_parallel(items, work, workers, chunk=1, processes=procs, ctx=ctx, node=self,
                                         keep=keep)

    def _own_workers(self, fused, work, workers):
        """Worker processes for maps of mscompat's own ops only, kept on this node from one iterator to
        the next (a freshly forked worker starts cold: its first epoch costs about 1.5x the CPU per image),
        and forked anew when the ops' settings changed since (compared by their pickled state).  They are
        reaped when the node is collected or at exit; a pass that fails reaps them at once."""
        if not _engine_workers.fork_available():
            return None
        try:
            stamp = pickle.dumps([m.operations for m in fused])
        except Exception:  # pylint: disable=broad-except  (an op that cannot be pickled: per-iterator workers)
            return None
        pool = self.__dict__.get("_own_pool")
        if pool is not None and (pool.stamp != stamp or pool.workers != workers):
            pool.close()
            pool = None
        if pool is None:
            pool = _engine_workers.ProcessWorkers(work, workers)
            pool.stamp = stamp
            self._own_pool = pool
            weakref.finalize(self, pool.close)
        return pool

    def _plain_rows(self, ctx, epoch, start_batch=0):
        names, in_idx, rest = self._plan()
        pads = self._pads(self.children[0].get_col_names())
        batch_num = start_batch
        rows = []
        size = self._size_for(batch_num, epoch)
        child_start = start_batch * size if start_batch else 0
        make = self._make_batch
        watcher = None
        if self.per_batch_map is not None and config.get_worker_timeout():
            # per_batch_map runs on a watched thread, so a stuck one stops the pipeline in time
            watcher = _engine_workers.DaemonThreads(1, "mscompat-dataset-per-batch-map")

            def make(*args):
                return _engine_workers.wait_result(watcher.submit(lambda a: self._make_batch(*a), args),
                                                   "a batch per_batch_map")
        try:
            for row in self.children[0]._rows(ctx, epoch, child_start):
                rows.append(row)
                if size != -1 and len(rows) >= size:
                    yield make(rows, names, pads, in_idx, rest, batch_num, epoch)
                    rows = []
                    batch_num += 1
                    size = self._size_for(batch_num, epoch)
            if rows and (not self.drop_remainder or size == -1):
                yield make(rows, names, pads, in_idx, rest, batch_num, epoch)
        finally:
            if watcher is not None:
                watcher.shutdown()

    def _size_for(self, batch_num, epoch):
        if self.batch_size == -1:
            raise _pipeline_error("Invalid batch_size, batch_size must be positive, but got -1.")
        if callable(self.batch_size):
            try:
                size = self.batch_size(BatchInfo(batch_num, epoch))
            except Exception as exc:
                raise _user_error(exc) from exc
            if not isinstance(size, int) or size <= 0:
                raise _pipeline_error("Invalid batch_size, batch_size should be positive, but got {}.".format(size))
            return size
        return self.batch_size


@pipeline_node
class BucketBatchByLengthDataset(Dataset):
    """Rows go to the bucket of their length; a bucket that reaches its batch size is emitted (padded)."""

    def __init__(self, input_dataset, column_names, bucket_boundaries, bucket_batch_sizes,
                 element_length_function=None, pad_info=None, pad_to_bucket_boundary=False, drop_remainder=False):
        for val, name in ((column_names, "column_names"), (bucket_boundaries, "bucket_boundaries"),
                          (bucket_batch_sizes, "bucket_batch_sizes")):
            _type_check(val, (list,), name)
        _type_check(pad_to_bucket_boundary, (bool,), "pad_to_bucket_boundary")
        _type_check(drop_remainder, (bool,), "drop_remainder")
        column_names = _check_columns(column_names, "column_names")
        if element_length_function is None and len(column_names) != 1:
            raise ValueError("If element_length_function is not specified, exactly one column name should be "
                             "passed.")
        if element_length_function is not None and not callable(element_length_function):
            raise TypeError("element_length_function object is not callable.")
        if not bucket_boundaries:
            raise ValueError("bucket_boundaries cannot be empty.")
        if not all(isinstance(b, int) for b in bucket_boundaries):
            raise TypeError("bucket_boundaries should be a list of int.")
        if not all(b > 0 for b in bucket_boundaries):
            raise ValueError("bucket_boundaries must only contain positive numbers.")
        for i in range(len(bucket_boundaries) - 1):
            if not bucket_boundaries[i + 1] > bucket_boundaries[i]:
                raise ValueError("bucket_boundaries should be strictly increasing.")
        if len(bucket_batch_sizes) != len(bucket_boundaries) + 1:
            raise ValueError("bucket_batch_sizes must contain one element more than bucket_boundaries.")
        if not all(isinstance(b, int) for b in bucket_batch_sizes):
            raise TypeError("bucket_batch_sizes should be a list of int.")
        if not all(b > 0 for b in bucket_batch_sizes):
            raise ValueError("bucket_batch_sizes should be a list of positive numbers.")
        if pad_info is not None:
            _type_check(pad_info, (dict,), "pad_info")
        super().__init__(input_dataset)
        self.column_names = column_names
        self.bucket_boundaries = list(bucket_boundaries)
        self.bucket_batch_sizes = list(bucket_batch_sizes)
        self.element_length_function = element_length_function
        self.pad_info = pad_info
        # MindSpore 2.10 accepts pad_to_bucket_boundary but its output does not change with it (probed)
        self.pad_to_bucket_boundary = pad_to_bucket_boundary
        self.drop_remainder = drop_remainder

    def _num_rows(self):
        return None

    def _batch_size(self):
        return 1

    def _rows(self, ctx, epoch, start=0):
        return itertools.islice(self._bucket_rows(ctx, epoch), start, None)

    def _bucket_rows(self, ctx, epoch):
        names = self.children[0].get_col_names()
        idx = _resolve(self.column_names, names, "BucketBatchByLength")
        if self.pad_info is None:
            pads = [(None, 0)] * len(names)
        else:
            for k in self.pad_info:
                if k not in names:
                    raise _pipeline_error("Invalid parameter, column name: {} does not exist in pad_info."
                                          .format(k))
            pads = [((self.pad_info[c] or (None, 0)) if c in self.pad_info else None) for c in names]

        def make(rows):
            out = []
            for c in range(len(names)):
                vals = [r[c] for r in rows]
                if pads[c] is not None and self.pad_info is not None and vals[0].ndim == 0:
                    raise _pipeline_error("Invalid pad_info, column {} holds scalars and can't be padded."
                                          .format(names[c]))
                out.append(_stack(vals, c, pads[c]))
            return out

        buckets = [[] for _ in self.bucket_batch_sizes]
        for row in self.children[0]._rows(ctx, epoch):
            if self.element_length_function is None:
                v = row[idx[0]]
                if v.ndim == 0:
                    raise _pipeline_error("Invalid data, the column for bucket_batch_by_length must have at "
                                          "least one dimension.")
                length = v.shape[0]
            else:
                try:
                    length = self.element_length_function(*[row[i] for i in idx])
                except Exception as exc:
                    raise _user_error(exc) from exc
                length = int(np.asarray(length))
                if length < 0:
                    raise _pipeline_error("Invalid element_length_function, the length must be non-negative, "
                                          "but got {}.".format(length))
            b = bisect.bisect_right(self.bucket_boundaries, length)
            buckets[b].append(row)
            if len(buckets[b]) == self.bucket_batch_sizes[b]:
                yield make(buckets[b])
                buckets[b] = []
        if not self.drop_remainder:
            for rows in buckets:
                if rows:
                    yield make(rows)
