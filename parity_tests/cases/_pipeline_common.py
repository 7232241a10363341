"""Helpers shared by the ``dataset_pipeline*`` case tables (not a table: the leading underscore).

A case builds a small pipeline on ``ms.dataset`` (real MindSpore or mscompat) and returns what the
user would see: column names, the rows as numpy (``output_numpy=True``), dataset size, and, where
asked, the output types/shapes.  Cases that use randomness set ``ds.config.set_seed`` themselves
(all cases run in one process one after another)."""
import importlib

import numpy as np


def D(ms):
    return importlib.import_module(ms.__name__ + ".dataset")


def rows(d, num_epochs=1, columns=None):
    """The rows of one pass as lists of numpy arrays."""
    kw = {} if columns is None else {"columns": columns}
    return [list(r) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=num_epochs, **kw)]


def full(d):
    """(column names, rows, dataset size) of a pipeline."""
    out = rows(d)
    return d.get_col_names(), out, d.get_dataset_size()


def meta(d):
    """(column names, output types as strings, output shapes, size, batch size, repeat count)."""
    return (d.get_col_names(), [str(np.dtype(t)) for t in d.output_types()], d.output_shapes(),
            d.get_dataset_size(), d.get_batch_size(), d.get_repeat_count())


def col(d, k=0, num_epochs=1):
    """Column ``k`` of every row, as one flat list of Python numbers (for order checks)."""
    return [np.asarray(r[k]).tolist() for r in d.create_tuple_iterator(output_numpy=True, num_epochs=num_epochs)]


def seeded(ms, seed):
    D(ms).config.set_seed(seed)
    return D(ms)


class RA:
    """A random-access source: row i is (i, [i, 2i] float32)."""

    def __init__(self, n=10):
        self.n = n

    def __getitem__(self, i):
        return np.array(i, np.int64), np.array([i, 2 * i], np.float32)

    def __len__(self):
        return self.n


class RA1:
    """A random-access source with one column (a bare array per row)."""

    def __init__(self, n=10):
        self.n = n

    def __getitem__(self, i):
        return np.array([i, i + 1], np.int32)

    def __len__(self):
        return self.n


class It:
    """An iterable source (``__iter__``/``__next__``, no ``__getitem__``)."""

    def __init__(self, n=6):
        self.n = n
        self.i = 0

    def __iter__(self):
        self.i = 0
        return self

    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return (np.array(self.i - 1, np.int32), np.full((2,), self.i, np.float64))

    def __len__(self):
        return self.n


class BadRA:
    """Row 3 raises."""

    def __getitem__(self, i):
        if i == 3:
            raise ValueError("bad row")
        return (np.array(i),)

    def __len__(self):
        return 6


def gen(n=6):
    """A generator function: (i, [i, i+0.5] float32)."""
    def g():
        for i in range(n):
            yield np.array(i, np.int64), np.array([i, i + 0.5], np.float32)
    return g


def gen1(n=6):
    def g():
        for i in range(n):
            yield (np.array(i, np.int32),)
    return g


def gen_var(n=6):
    """Rows of varying length: row i is arange(i % 4 + 1)."""
    def g():
        for i in range(n):
            yield (np.arange(i % 4 + 1, dtype=np.int32), np.array(i, np.int32))
    return g


def gen_raise():
    for i in range(5):
        if i == 2:
            raise ValueError("source failed")
        yield (np.array(i),)


def ns(ms, n=10, shuffle=False, **kw):
    """NumpySlicesDataset of two columns: a = 0..n-1 (int32), b = a*10 (float32)."""
    a = np.arange(n, dtype=np.int32)
    return D(ms).NumpySlicesDataset({"a": a, "b": (a * 10).astype(np.float32)}, shuffle=shuffle, **kw)


def gds(ms, n=6, **kw):
    return D(ms).GeneratorDataset(gen(n), ["a", "b"], **kw)


def srows(d, **kw):
    """Rows with string columns: (dtype, values as lists) per column (numpy string arrays don't
    normalize as numbers)."""
    return [[(v.dtype.str, v.tolist()) for v in r] for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1,
                                                                                     **kw)]


def gen_str(n=4):
    def g():
        for i in range(n):
            yield np.array("s%d" % i), "t%d" % (i * 11), np.array(["a", "bb"])
    return g
