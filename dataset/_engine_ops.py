"""Pipeline ops that reorder, select or combine rows: shuffle, repeat, filter, project, rename,
take, skip, zip, concat."""
import itertools

from . import _engine_config as config
from ._engine_core import (INT32_MAX, pipeline_node, Dataset, _check_columns, _check_value, _check_workers, _pipeline_error,
                           _resolve, _state, _type_check, _user_error)
from ._engine_rng import MT19937, MT19937_64, std_shuffle


@pipeline_node
class ShuffleDataset(Dataset):
    def __init__(self, input_dataset, buffer_size):
        _type_check(buffer_size, (int,), "buffer_size")
        _check_value(buffer_size, 2, INT32_MAX, "buffer_size")
        super().__init__(input_dataset)
        self.buffer_size = buffer_size
        self.reshuffle_each_epoch = True
        self._seed = None

    def is_shuffled(self):
        return True

    def _rows(self, ctx, epoch, start=0):
        st = _state(ctx, self)
        if self.reshuffle_each_epoch:
            # the generator carries over from pass to pass, so a run that starts at a later pass
            # (resume) must replay the earlier ones to reach the same order
            while st.get("next_pass", 0) < epoch:
                for _ in self._shuffled(ctx, st, st.get("next_pass", 0)):
                    pass
        return itertools.islice(self._shuffled(ctx, st, epoch), start, None)

    def _shuffled(self, ctx, st, epoch):
        # MindSpore: one std::mt19937_64 per pipeline run, seeded with the pipeline seed and carried on
        # from epoch to epoch; each step outputs a random slot, moves the last row into it and appends
        # the next row from the child.
        st["next_pass"] = epoch + 1
        if "gen" not in st or not self.reshuffle_each_epoch:
            seed = self._seed if self._seed is not None else st.setdefault("seed", config._pipeline_seed())
            st["gen"] = MT19937_64(seed)
        gen = st["gen"]
        child = self.children[0]._rows(ctx, epoch)
        buf = list(itertools.islice(child, self.buffer_size))
        while buf:
            r = gen() % len(buf)
            out = buf[r]
            buf[r] = buf[-1]
            buf.pop()
            nxt = next(child, None)
            if nxt is not None:
                buf.append(nxt)
            yield out


@pipeline_node
class _FixedPermutation(Dataset):
    """A global shuffle that is the same every epoch (used by ``split(randomize=True)``)."""

    def __init__(self, input_dataset, seed):
        super().__init__(input_dataset)
        self.seed = seed

    def is_shuffled(self):
        return True

    def _rows(self, ctx, epoch, start=0):
        rows = list(self.children[0]._rows(ctx, epoch))
        order = std_shuffle(list(range(len(rows))), MT19937(self.seed))
        for i in order[start:]:
            yield rows[i]


@pipeline_node
class RepeatDataset(Dataset):
    def __init__(self, input_dataset, count=None):
        _type_check(count, (int, type(None)), "repeat")
        if isinstance(count, int) and ((count <= 0 and count != -1) or count > INT32_MAX):
            raise ValueError("count should be either -1 or positive integer, range[1, INT32_MAX].")
        super().__init__(input_dataset)
        self.count = -1 if count is None else count

    def _num_rows(self):
        n = self.children[0]._num_rows()
        if n is None:
            return None
        return n if self.count == -1 else n * self.count

    def get_dataset_size(self):
        n = self._num_rows()
        if n is None:
            if self.count == -1:
                return self.children[0].get_dataset_size()
            return self.children[0].get_dataset_size() * self.count
        return n

    def _repeat_count(self):
        return self.count

    def _rows(self, ctx, epoch, start=0):
        child = self.children[0]
        first, offset = 0, 0
        if start:
            n = child._num_rows()
            if not n:
                yield from itertools.islice(self._rows(ctx, epoch), start, None)
                return
            first, offset = divmod(start, n)  # whole passes are skipped without reading them
        if self.count == -1:
            for i in itertools.count(first):
                yield from child._rows(ctx, i, offset)
                offset = 0
        for i in range(first, self.count):
            yield from child._rows(ctx, epoch * self.count + i, offset)
            offset = 0


@pipeline_node
class FilterDataset(Dataset):
    def __init__(self, input_dataset, predicate, input_columns=None, num_parallel_workers=None):
        if not callable(predicate):
            raise TypeError("Predicate should be a Python function or a callable Python object.")
        _check_workers(num_parallel_workers)
        if input_columns is not None:
            input_columns = _check_columns(input_columns, "input_columns")
        super().__init__(input_dataset, num_parallel_workers)
        self.predicate = predicate
        self.input_columns = input_columns

    def _num_rows(self):
        return None

    def _rows(self, ctx, epoch, start=0):
        return itertools.islice(self._kept(ctx, epoch), start, None)

    def _kept(self, ctx, epoch):
        names = self.children[0].get_col_names()
        idx = list(range(len(names))) if self.input_columns is None else _resolve(self.input_columns, names,
                                                                                  "Filter")
        for row in self.children[0]._rows(ctx, epoch):
            try:
                keep = self.predicate(*[row[i] for i in idx])
            except Exception as exc:
                raise _user_error(exc) from exc
            try:
                keep = bool(keep)
            except Exception as exc:
                raise _pipeline_error("Invalid parameter, predicate function for filter must return a value "
                                      "convertible to bool: {}".format(exc)) from exc
            if keep:
                yield row


@pipeline_node
class ProjectDataset(Dataset):
    def __init__(self, input_dataset, columns):
        columns = _check_columns(columns, "columns")
        super().__init__(input_dataset)
        self.columns = columns

    def _columns(self):
        names = self.children[0].get_col_names()
        _resolve(self.columns, names, "Project")
        return list(self.columns)

    def _rows(self, ctx, epoch, start=0):
        idx = _resolve(self.columns, self.children[0].get_col_names(), "Project")
        for row in self.children[0]._rows(ctx, epoch, start):
            yield [row[i] for i in idx]


@pipeline_node
class RenameDataset(Dataset):
    def __init__(self, input_dataset, input_columns, output_columns):
        in_cols = _check_columns(input_columns, "input_columns")
        out_cols = _check_columns(output_columns, "output_columns")
        if len(in_cols) != len(out_cols):
            raise ValueError("Number of column in input_columns and output_columns is not equal.")
        super().__init__(input_dataset)
        self.input_columns = in_cols
        self.output_columns = out_cols

    def _columns(self):
        names = list(self.children[0].get_col_names())
        for i, o in zip(_resolve(self.input_columns, names, "Rename"), self.output_columns):
            names[i] = o
        if len(set(names)) != len(names):
            raise _pipeline_error("Invalid column, rename would give duplicate column names: {}.".format(names))
        return names

    def _rows(self, ctx, epoch, start=0):
        self._columns()
        return self.children[0]._rows(ctx, epoch, start)


@pipeline_node
class TakeDataset(Dataset):
    def __init__(self, input_dataset, count=-1):
        _type_check(count, (int,), "count")
        if (count <= 0 and count != -1) or count > INT32_MAX:
            raise ValueError("count should be either -1 or within the required interval of ({}, {}], got {}."
                             .format(0, INT32_MAX, count))
        super().__init__(input_dataset)
        self.count = count

    def _num_rows(self):
        n = self.children[0]._num_rows()
        if n is None or self.count == -1:
            return n
        return min(n, self.count)

    def _rows(self, ctx, epoch, start=0):
        if self.count == -1:
            yield from self.children[0]._rows(ctx, epoch, start)
            return
        left = self.count - start
        if left <= 0:
            return
        for i, row in enumerate(self.children[0]._rows(ctx, epoch, start)):
            yield row
            if i + 1 >= left:
                return


@pipeline_node
class SkipDataset(Dataset):
    def __init__(self, input_dataset, count):
        _type_check(count, (int,), "count")
        _check_value(count, 0, INT32_MAX, "count")
        super().__init__(input_dataset)
        self.count = count

    def _num_rows(self):
        n = self.children[0]._num_rows()
        return None if n is None else max(0, n - self.count)

    def _rows(self, ctx, epoch, start=0):
        return self.children[0]._rows(ctx, epoch, self.count + start)


@pipeline_node
class ZipDataset(Dataset):
    def __init__(self, datasets):
        super().__init__(list(datasets))

    def _columns(self):
        names = []
        for d in self.children:
            names.extend(d.get_col_names())
        if len(set(names)) != len(names):
            raise _pipeline_error("Invalid data, zip: column names must be unique across the zipped datasets, "
                                  "got {}.".format(names))
        return names

    def _num_rows(self):
        sizes = [d._num_rows() for d in self.children]
        return None if any(s is None for s in sizes) else min(sizes)

    def _batch_size(self):
        return max(d._batch_size() or 1 for d in self.children)

    def _rows(self, ctx, epoch, start=0):
        self._columns()
        for parts in zip(*[d._rows(ctx, epoch, start) for d in self.children]):
            row = []
            for p in parts:
                row.extend(p)
            yield row


@pipeline_node
class ConcatDataset(Dataset):
    def __init__(self, datasets):
        flat = []
        for d in datasets:
            flat.extend(d.children if isinstance(d, ConcatDataset) else [d])
        super().__init__(flat)

    def _num_rows(self):
        sizes = [d._num_rows() for d in self.children]
        return None if any(s is None for s in sizes) else sum(sizes)

    def get_dataset_size(self):
        return sum(d.get_dataset_size() for d in self.children)

    def _rows(self, ctx, epoch, start=0):
        names = self.children[0].get_col_names()
        for d in self.children[1:]:
            if d.get_col_names() != names:
                raise _pipeline_error("Invalid data, concat: the column names of the datasets must be the same, "
                                      "got {} and {}.".format(names, d.get_col_names()))
        for k, d in enumerate(self.children):
            if start:
                n = d._num_rows()
                if n is None:  # unknown size: read through the rest
                    rest = (row for c in self.children[k:] for row in c._rows(ctx, epoch))
                    yield from itertools.islice(rest, start, None)
                    return
                if start >= n:
                    start -= n
                    continue
            yield from d._rows(ctx, epoch, start)
            start = 0


def zip_datasets(datasets):
    """Zip a tuple of datasets into one whose columns are all of theirs."""
    _type_check(datasets, (tuple,), "datasets")
    if len(datasets) <= 1:
        raise ValueError("Can't zip empty or just one dataset!")
    for d in datasets:
        if not isinstance(d, Dataset):
            raise TypeError("Invalid dataset, expected Dataset object, but got {}!".format(type(d)))
    return ZipDataset(datasets)
