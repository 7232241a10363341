"""``FileReader`` and the shard-set reader behind it (also usable by ``MindDataset``).

Reading validates the structure against the header, the index file and the file size, so a corrupt
or truncated file raises ``RuntimeError`` (``_format.FormatError``) instead of returning wrong rows.
"""
import json
import logging
import mmap
import os
import sqlite3
import struct

import numpy as np

from . import _format as fmt
from .exceptions import ParamTypeError, ParamValueError
from ._format import check_filename

__all__ = ["FileReader", "MindRecordFiles", "dataset_row"]

logger = logging.getLogger("mscompat.mindrecord")
FormatError = fmt.FormatError


def _max_consumers():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover
        return os.cpu_count() or 1


def _read_header(path):
    if not os.path.exists(path):
        raise RuntimeError("The input: {} is not exists.".format(path))
    size = os.path.getsize(path)
    if size < fmt.MIN_FILE_SIZE:
        raise RuntimeError("Invalid file, the size of mindrecord file: {} is smaller than the lower limit: {}.\n "
                           "Please check file path: {} and use 'FileWriter' to generate valid mindrecord files."
                           .format(size, fmt.MIN_FILE_SIZE, path))
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        if n > fmt.MAX_HEADER_SIZE:
            raise FormatError("Invalid file, the size of mindrecord file header is larger than the upper limit. "
                              "The invalid mindrecord file is [{}].".format(path))
        if 8 + n > size:
            raise FormatError("Invalid file, failed to read header content of file: {}, please check correction "
                              "of MindRecord File (the header is truncated).".format(path))
        text = f.read(n)
    try:
        h = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise FormatError("Invalid file, the header of mindrecord file {} is not valid JSON: {}".format(path, e)) \
            from None
    try:
        assert isinstance(h, dict)
        hs, ps = h["header_size"], h["page_size"]
        assert isinstance(hs, int) and isinstance(ps, int) and hs >= 8 + n and ps > 0
        assert isinstance(h["shard_addresses"], list) and all(isinstance(a, str) for a in h["shard_addresses"])
        sch = h["schema"]
        assert isinstance(sch, list) and len(sch) == 1 and isinstance(sch[0]["schema"], dict)
        schema = sch[0]["schema"]
        for k, spec in schema.items():
            assert isinstance(spec, dict) and spec.get("type") in fmt.VALID_ATTRIBUTES
            if "shape" in spec:
                assert isinstance(spec["shape"], list) and all(isinstance(d, int) for d in spec["shape"])
        blob = sch[0]["blob_fields"]
        assert isinstance(blob, list) and all(b in schema for b in blob)
        pages = h["page"] or []
        assert isinstance(pages, list)
        for i, p in enumerate(pages):
            assert p["page_id"] == i and p["page_type"] in ("BLOB_DATA", "RAW_DATA")
            assert isinstance(p["page_size"], int) and 0 <= p["page_size"] <= ps
            assert isinstance(p["start_row_id"], int) and isinstance(p["end_row_id"], int)
            assert isinstance(p["page_type_id"], int)
    except (AssertionError, KeyError, TypeError, IndexError):
        raise FormatError("Invalid file, the header of mindrecord file {} is malformed.".format(path)) from None
    for p in pages:
        end = hs + p["page_id"] * ps + p["page_size"]
        if end > size:
            raise FormatError("Invalid file, mindrecord file {} is truncated: page {} ends at byte {} but the file "
                              "has {} bytes.".format(path, p["page_id"], end, size))
    return h


class _Shard:
    def __init__(self, path, header, rows):
        self.path = path
        self.header = header
        self.rows = rows     # list of (raw_page, raw_off, raw_end, blob_page, blob_off, blob_end)


def _read_index(path, header):
    db = path + ".db"
    if not os.path.exists(db):
        raise RuntimeError("The input: {} is not exists.".format(db))
    try:
        con = fmt.open_index_readonly(db)
    except sqlite3.Error as e:
        raise FormatError("Failed to open the index file {}: {}".format(db, e)) from None
    try:
        try:
            names = con.execute("SELECT NAME from SHARD_NAME;").fetchall()
        except sqlite3.Error as e:
            raise FormatError("Failed to execute the sql [ SELECT NAME from SHARD_NAME; ] while verifying meta file, "
                              "{}.\nPlease check the meta file: {}".format(e, db)) from None
        if [n[0] for n in names] != [os.path.basename(path)]:
            raise FormatError("Invalid file, the index file {} belongs to {}, not to {}.".format(
                db, names, os.path.basename(path)))
        try:
            rows = con.execute("SELECT ROW_ID, PAGE_ID_RAW, PAGE_OFFSET_RAW, PAGE_OFFSET_RAW_END, ROW_GROUP_ID, "
                               "PAGE_ID_BLOB, PAGE_OFFSET_BLOB, PAGE_OFFSET_BLOB_END FROM INDEXES "
                               "ORDER BY ROW_ID").fetchall()
        except sqlite3.Error as e:
            raise FormatError("Failed to read the index table of {}: {}".format(db, e)) from None
    finally:
        con.close()
    pages = header["page"] or []
    ps = header["page_size"]
    n_expected = sum(p["end_row_id"] - p["start_row_id"] for p in pages if p["page_type"] == "BLOB_DATA")
    if len(rows) != n_expected:
        raise FormatError("Invalid file {}: the index file lists {} rows but the header's blob pages hold {}."
                          .format(path, len(rows), n_expected))
    out = []
    for k, r in enumerate(rows):
        if any(not isinstance(v, int) for v in r) or r[0] != k:
            raise FormatError("Invalid index file {}: bad row {}.".format(db, r[:8]))
        _, rp, ro, re_, gid, bp, bo, be = r
        ok = (0 <= rp < len(pages) and pages[rp]["page_type"] == "RAW_DATA" and 0 <= ro and ro + 8 <= re_ <= ps
              and re_ <= pages[rp]["page_size"]
              and 0 <= bp < len(pages) and pages[bp]["page_type"] == "BLOB_DATA" and pages[bp]["page_type_id"] == gid
              and 0 <= bo and bo + 8 <= be <= pages[bp]["page_size"]
              and pages[bp]["start_row_id"] <= k < pages[bp]["end_row_id"])
        if not ok:
            raise FormatError("Invalid file {}: index row {} points outside the pages of the data file.".format(
                path, k))
        out.append((rp, ro, re_, bp, bo, be))
    return out


class MindRecordFiles:
    """A set of MindRecord shard files opened for reading (all shards of ``file_name``, or the listed files)."""

    def __init__(self, file_name):
        if isinstance(file_name, str):
            first = _read_header(file_name)
            d = os.path.dirname(file_name)
            paths = [os.path.join(d, a) for a in first["shard_addresses"]]
            for p in paths:
                if not os.path.exists(p):
                    raise RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error "
                                       "Message'. \n\n- Dataset Pipeline Error Message: \n[ERROR] Invalid file, "
                                       "mindrecord file: {} can not be found. Please check whether the mindrecord "
                                       "file exists and do not rename the mindrecord file.".format(p))
        else:
            paths = list(file_name)
        self.paths = paths
        self.shards = []
        schema = None
        for p in paths:
            h = _read_header(p)
            s = h["schema"][0]
            if schema is None:
                schema = s
            elif s["schema"] != schema["schema"] or s["blob_fields"] != schema["blob_fields"]:
                raise FormatError("Invalid file, the schema of {} differs from the other shards.".format(p))
            self.shards.append(_Shard(p, h, _read_index(p, h)))
        self.schema = {k: schema["schema"][k] for k in sorted(schema["schema"])}
        self.blob_fields = list(schema["blob_fields"])
        self.raw_fields = [k for k in self.schema if k not in self.blob_fields]
        self.desc = schema.get("desc", "")

    def __len__(self):
        return sum(len(s.rows) for s in self.shards)

    def iter_rows(self, columns=None):
        """Yield (raw dict, blob dict field -> bytes/ndarray) per row, shards in order, values exactly as stored."""
        for shard in self.shards:
            hs, ps = shard.header["header_size"], shard.header["page_size"]
            with open(shard.path, "rb") as f:
                size = os.fstat(f.fileno()).st_size
                mm = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
                try:
                    for rp, ro, re_, bp, bo, be in shard.rows:
                        raw = self._read(mm, size, shard.path, hs + rp * ps + ro, re_ - ro)
                        blob = self._read(mm, size, shard.path, hs + bp * ps + bo, be - bo)
                        yield self._decode(raw, blob, columns, shard.path)
                finally:
                    if size:
                        mm.close()

    @staticmethod
    def _read(mm, size, path, pos, n):
        if pos + n > size:
            raise FormatError("Invalid file, failed to read {} bytes at offset {} of {} (truncated).".format(
                n, pos, path))
        if struct.unpack_from("<Q", mm, pos)[0] != n - 8:
            raise FormatError("Invalid file {}: the row at offset {} has a corrupt length.".format(path, pos))
        return mm[pos + 8:pos + n]

    def _decode(self, raw_b, blob_b, columns, path):
        try:
            raw = fmt.unpackb(raw_b)
        except FormatError as e:
            raise FormatError("Invalid file {}: corrupt raw row ({}).".format(path, e)) from None
        if not isinstance(raw, dict):
            raise FormatError("Invalid file {}: a raw row is not a map.".format(path))
        out = {}
        for k in self.raw_fields:
            if k not in raw:
                raise FormatError("Invalid file {}: field '{}' is missing from a row.".format(path, k))
            v, t = raw[k], self.schema[k]["type"]
            good = isinstance(v, str) if t == "string" else (
                isinstance(v, int) and not isinstance(v, bool) if t in ("int32", "int64") else
                isinstance(v, (int, float)) and not isinstance(v, bool))
            if not good:
                raise FormatError("Invalid file {}: field '{}' holds {!r}, not {}.".format(path, k, v, t))
            if columns is None or k in columns:
                out[k] = v
        try:
            parts = fmt.split_blob(blob_b, self.blob_fields, self.schema)
            blobs = {f: fmt.blob_to_value(f, parts[f], self.schema) for f in self.blob_fields
                     if columns is None or f in columns}
        except FormatError as e:
            raise FormatError("Invalid file {}: corrupt blob row ({}).".format(path, e)) from None
        return out, blobs


def dataset_row(raw, blobs, schema):
    """One row as ``MindDataset(...).create_dict_iterator(output_numpy=True)`` gives it: numpy values, keys sorted.

    Numbers are 0-d arrays of the schema dtype, strings 0-d unicode arrays, bytes fields ``np.array([b])``
    (dtype ``S<n>``, shape (1,)), array fields arrays of the schema dtype and shape."""
    out = {}
    for k in sorted(list(raw) + list(blobs)):
        t = schema[k]["type"]
        if k in raw:
            v = raw[k]
            out[k] = np.array(v) if t == "string" else np.array(v, dtype=t)
        elif isinstance(blobs[k], np.ndarray):
            out[k] = blobs[k]
        else:
            out[k] = np.array([blobs[k]])
    return out


class _DefaultConsumers(int):
    def __repr__(self):
        return "4"


_DEFAULT_CONSUMERS = _DefaultConsumers(4)


class FileReader:
    """Reads MindRecord files row by row, like ``mindspore.mindrecord.FileReader``."""

    def __init__(self, file_name, num_consumer=_DEFAULT_CONSUMERS, columns=None, operator=None):
        if isinstance(file_name, list):
            for f in file_name:
                check_filename(f)
        else:
            check_filename(file_name)
        # like MindSpore, only an explicitly passed num_consumer is checked
        explicit = num_consumer is not _DEFAULT_CONSUMERS
        if explicit and num_consumer is None:
            raise ParamValueError("Parameter num_consumer is None.")
        if explicit and not isinstance(num_consumer, int):
            raise ParamValueError("Parameter num_consumer is not int.")
        hi = _max_consumers()
        if explicit and (num_consumer < fmt.MIN_CONSUMER_COUNT or num_consumer > hi):
            raise ParamValueError("Parameter num_consumer: {} should between {} and {}.".format(
                num_consumer, fmt.MIN_CONSUMER_COUNT, hi))
        if operator is not None:
            logger.warning("The parameter 'operator' will be deprecated in a future version.")
        if columns:
            if not isinstance(columns, list):
                raise ParamTypeError("columns", "list")
            self._columns = columns
        else:
            self._columns = None
        try:
            self._files = MindRecordFiles(file_name)
        except FormatError as e:   # MindSpore raises RuntimeError itself
            raise RuntimeError(str(e)) from None
        if self._columns:
            for c in self._columns:
                if c not in self._files.schema:
                    raise RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error "
                                       "Message'. \n\n- Dataset Pipeline Error Message: \n[ERROR] Invalid data, "
                                       "column name: {} can not found in schema. Please check the 'column_list'."
                                       .format(c))
        self._closed = False

    def get_next(self):
        """Yield one dict per row: raw fields (numbers as MindSpore's FileReader gives them), then blob fields."""
        rows = self._files.iter_rows(self._columns)
        while True:
            try:
                raw, blobs = next(rows)
            except StopIteration:
                return
            except FormatError as e:   # MindSpore raises RuntimeError itself
                raise RuntimeError(str(e)) from None
            row = {k: fmt.reader_number(v) for k, v in raw.items()}
            row.update(blobs)
            yield row

    def close(self):
        self._closed = True

    def schema(self):
        return {k: dict(sorted(v.items())) for k, v in self._files.schema.items()}

    def len(self):
        return len(self._files)
