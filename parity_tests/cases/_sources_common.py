"""Helpers of the file-source parity tables (``dataset_sources*.py``); they run in both processes."""
import importlib

import numpy as np


def DS(ms):
    return importlib.import_module(ms.__name__ + ".dataset")


def _val(a):
    a = np.asarray(a)
    if a.dtype.kind in "US":
        return a.tolist()
    return a


def _rows(d, epochs=1):
    out = []
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    for _ in range(epochs):
        out.append([[_val(c) for c in row] for row in it])
    return out if epochs > 1 else out[0]


def _summary(d, epochs=1):
    return (d.get_col_names(), d.get_dataset_size(), [str(t) for t in d.output_types()],
            [list(s) for s in d.output_shapes()], _rows(d, epochs))
