"""``Dataset.save``: run the pipeline once and write its rows to MindRecord files (the MindRecord
writer of ``mscompat.mindrecord``), with the schema MindSpore derives from the first row."""
import os

import numpy as np

from mscompat.mindrecord import FileWriter
from ._arg_checks import type_check
from ._engine_core import pipeline_node

__all__ = ["save_dataset"]

# MindSpore widens the small integer and float types when it writes MindRecord
_WIDEN = {
    "bool": "int32", "int8": "int32", "uint8": "int32", "int16": "int32", "uint16": "int32", "int32": "int32",
    "uint32": "int64", "int64": "int64", "uint64": "int64",
    "float16": "float32", "float32": "float32", "float64": "float64",
}


def _field(value):
    """The schema entry of one column value (``type``, plus ``shape`` for arrays)."""
    arr = np.asarray(value)
    if arr.dtype.kind == "S":
        return {"type": "bytes"}, "bytes"
    if arr.dtype.kind == "U":
        return {"type": "string"}, "string"
    kind = _WIDEN.get(arr.dtype.name)
    if kind is None:
        raise RuntimeError(f"Invalid data, the data type {arr.dtype.name} of a column can not be saved to "
                           f"MindRecord.")
    if arr.ndim == 0:
        return {"type": kind}, kind
    return {"type": kind, "shape": [-1] + list(arr.shape[1:])}, kind


def _convert(value, kind):
    arr = np.asarray(value)
    if kind == "bytes":
        return arr.tobytes() if arr.ndim else bytes(arr.item())
    if kind == "string":
        return str(arr.item()) if arr.ndim == 0 else str(arr)
    arr = arr.astype(kind)
    return arr.item() if arr.ndim == 0 else arr


@pipeline_node
def save_dataset(dataset, file_name, num_files=1, file_type="mindrecord"):
    type_check(file_name, (str,), "file_name")
    type_check(num_files, (int,), "num_files")
    if not 1 <= num_files <= 1000:
        raise ValueError("num_files should between 0 and 1000.")
    if file_type != "mindrecord":
        raise ValueError(f"{file_type} dataset format is not supported.")
    targets = [file_name] if num_files == 1 else [f"{file_name}{i}" for i in range(num_files)]
    for t in targets:
        if os.path.exists(t) or os.path.exists(t + ".db"):
            raise RuntimeError(f"Exception thrown from dataset pipeline. Invalid file, MindRecord file already "
                               f"exists: {t}, please delete it or use another file name.")
    columns = dataset.get_col_names()
    writer, kinds = None, None
    for row in dataset.create_tuple_iterator(num_epochs=1, output_numpy=True):
        if writer is None:
            fields = [_field(v) for v in row]
            kinds = [k for _, k in fields]
            writer = FileWriter(file_name, num_files)
            writer.add_schema({c: f for c, (f, _) in zip(columns, fields)}, "mindspore_dataset_save")
        writer.write_raw_data([{c: _convert(v, k) for c, v, k in zip(columns, row, kinds)}])
    if writer is None:
        raise RuntimeError("Exception thrown from dataset pipeline. Invalid data, the dataset to save is empty.")
    writer.commit()
