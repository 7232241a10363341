"""``FileWriter``: writes MindRecord files in MindSpore's format (see ``_format`` for the layout)."""
import json
import logging
import os
import re
import sqlite3
import stat
import struct

import numpy as np

from . import _format as fmt
from ._format import check_filename
from .filereader import _read_header, _read_index
from .exceptions import (ParamValueError, ParamTypeError, MRMInvalidSchemaError, MRMDefineIndexError,
                         MRMBuildSchemaError, MRMAddSchemaError, MRMGetMetaError)

__all__ = ["FileWriter"]

logger = logging.getLogger("mscompat.mindrecord")

VALUE_TYPE_MAP = {"int": ["int32", "int64"], "float": ["float32", "float64"], "str": "string", "bytes": "bytes",
                  "int32": "int32", "int64": "int64", "float32": "float32", "float64": "float64",
                  "ndarray": ["int32", "int64", "float32", "float64"]}



def _pipeline_error(msg):
    return RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error Message'. \n\n"
                        "- Dataset Pipeline Error Message: \n[ERROR] " + msg)


class _Page:
    __slots__ = ("page_id", "kind", "type_id", "start_row", "end_row", "groups", "size")

    def __init__(self, page_id, kind, type_id, start_row=0, end_row=0, groups=None, size=0):
        self.page_id, self.kind, self.type_id = page_id, kind, type_id
        self.start_row, self.end_row = start_row, end_row
        self.groups = groups if groups is not None else []
        self.size = size

    def record(self, shard_id):
        groups = self.groups if self.kind == "RAW_DATA" else [(0, 0)]
        return {"end_row_id": self.end_row, "page_id": self.page_id, "page_size": self.size,
                "page_type": self.kind, "page_type_id": self.type_id,
                "row_group_ids": [{"id": g, "offset": o} for g, o in groups],
                "shard_id": shard_id, "start_row_id": self.start_row}


class _Row:
    __slots__ = ("raw_page", "raw_off", "raw_end", "group", "blob_page", "blob_off", "blob_end", "index")


class _Shard:
    def __init__(self, path, shard_id):
        self.path = path
        self.shard_id = shard_id
        self.file = None
        self.pages = []
        self.last_blob = None
        self.last_raw = None
        self.rows = []


class FileWriter:
    """Writes user rows into MindRecord files (``shard_num`` data files, each with an SQLite index)."""

    def __init__(self, file_name, shard_num=1, overwrite=False):
        check_filename(file_name)
        self._file_name = file_name
        if shard_num is None:
            raise ParamValueError("Parameter shard_num is None.")
        if not isinstance(shard_num, int):
            raise ParamValueError("Parameter shard_num's type is not int.")
        if shard_num < fmt.MIN_SHARD_COUNT or shard_num > fmt.MAX_SHARD_COUNT:
            raise ParamValueError("Parameter shard_num's value: {} should between {} and {}.".format(
                shard_num, fmt.MIN_SHARD_COUNT, fmt.MAX_SHARD_COUNT))
        if not isinstance(overwrite, bool):
            raise ParamValueError("Parameter overwrite's type is not bool.")
        self._shard_num = int(shard_num)
        width = len(str(self._shard_num - 1))
        if self._shard_num == 1:
            self._paths = [file_name]
        else:
            self._paths = ["{}{}".format(file_name, str(i).rjust(width, '0')) for i in range(self._shard_num)]
        self._overwrite = overwrite
        self._schema = None          # field -> spec
        self._desc = ""
        self._index_fields = None
        self._header_size = fmt.DEFAULT_HEADER_SIZE
        self._page_size = fmt.DEFAULT_PAGE_SIZE
        self._shards = None
        self._flush = False
        self._compression = 0
        self._rotate = 0
        self._append = False
        self._addresses = [os.path.basename(p) for p in self._paths]
        self._parallel_writer = None

    @classmethod
    def open_for_append(cls, file_name):
        """Open one existing MindRecord file (and its index) to append rows to it."""
        check_filename(file_name)
        header = _read_header(file_name)
        locs = _read_index(file_name, header)
        sch = header["schema"][0]
        index = [d["index_field"] for d in (header["index_fields"] or [])]
        con = fmt.open_index_readonly(file_name + ".db")
        try:
            cols = ", ".join("{}_0".format(f) for f in index)
            vals = con.execute("SELECT {} FROM INDEXES ORDER BY ROW_ID".format(cols)).fetchall() if index else \
                [()] * len(locs)
        finally:
            con.close()
        self = cls(file_name)
        self._append = True
        self._schema = {k: dict(v) for k, v in sch["schema"].items()}
        self._desc = sch.get("desc", "")
        self._index_fields = index
        self._header_size, self._page_size = header["header_size"], header["page_size"]
        self._compression = header.get("compression_size", 0) or 0
        self._addresses = list(header["shard_addresses"])
        shard = _Shard(file_name, header["shard_id"])
        for rec in header["page"] or []:
            groups = [(g["id"], g["offset"]) for g in rec["row_group_ids"]] if rec["page_type"] == "RAW_DATA" else []
            pg = _Page(rec["page_id"], rec["page_type"], rec["page_type_id"], rec["start_row_id"], rec["end_row_id"],
                       groups, rec["page_size"])
            shard.pages.append(pg)
            if pg.kind == "BLOB_DATA":
                shard.last_blob = pg
            else:
                shard.last_raw = pg
        for (rp, ro, re_, bp, bo, be), iv in zip(locs, vals):
            r = _Row()
            r.raw_page, r.raw_off, r.raw_end, r.blob_page, r.blob_off, r.blob_end = rp, ro, re_, bp, bo, be
            r.group = shard.pages[bp].type_id
            r.index = list(iv)
            shard.rows.append(r)
        shard.file = open(file_name, "r+b")
        self._shards = [shard]
        return self

    # ------------------------------------------------------------ schema / index

    @property
    def _blob_fields(self):
        if self._schema is None:
            raise MRMGetMetaError
        return sorted(k for k, v in self._schema.items() if v["type"] == "bytes" or "shape" in v)

    def _validate_schema(self, content):
        if not content:
            return False, 'Schema content is empty.'
        if not isinstance(content, dict):
            return False, 'Schema content should be dict.'
        for k, v in content.items():
            if not isinstance(k, str) or not re.match(r'^[0-9a-zA-Z\_]+$', k):
                return False, "Field '{}' should be composed of '0-9' or 'a-z' or 'A-Z' or '_'.".format(k)
            if not (v and isinstance(v, dict)):
                return False, "Field '{}' should be dict.".format(k)
            if len(v) == 1 and 'type' in v:
                if v['type'] not in fmt.VALID_ATTRIBUTES:
                    return False, "Field '{}' contain illegal attribute '{}'.".format(k, v['type'])
            elif len(v) == 2 and 'type' in v:
                if v['type'] not in fmt.VALID_ARRAY_ATTRIBUTES:
                    return False, "Field '{}' contain illegal attribute '{}'.".format(k, v['type'])
                if 'shape' not in v:
                    return False, "Field '{}' contains illegal attributes.".format(v)
                if not isinstance(v['shape'], list):
                    return False, "Field '{}' contain illegal attribute '{}'.".format(k, v['shape'])
            else:
                return False, "Field '{}' contains illegal attributes.".format(v)
        return True, ''

    def add_schema(self, content, desc=None):
        """Add the schema (dict field -> {"type": ..., ["shape": [...]]}); returns the schema id 0."""
        ok, err = self._validate_schema(content)
        if not ok:
            raise MRMInvalidSchemaError(err)
        if desc is not None and not isinstance(desc, str):
            raise TypeError("build(): incompatible function arguments. The following argument types are "
                            "supported:\n    1. (arg0: str, arg1: object) -> Schema\n\nInvoked with: {!r}, {!r}"
                            .format(desc, content))
        schema = {}
        for k, v in content.items():
            spec = {"type": v["type"]}
            if "shape" in v:
                shape = []
                for d in v["shape"]:
                    if isinstance(d, bool) or not isinstance(d, (int, float, np.integer, np.floating)):
                        logger.error("Invalid schema, the element of 'shape' value should be an integer.")
                        raise MRMBuildSchemaError
                    shape.append(int(d))
                if any(d != -1 and d <= 0 for d in shape) or shape.count(-1) > 1:
                    logger.error("Invalid schema, 'shape' value %s: elements must be -1 or greater than 0, "
                                 "with at most one -1.", shape)
                    raise MRMBuildSchemaError
                spec["shape"] = shape
            schema[k] = spec
        if self._schema is not None:
            logger.error("The schema is added repeatedly. Please remove the redundant 'add_schema' function.")
            raise MRMAddSchemaError
        self._schema = schema
        self._desc = desc if desc else ""
        return 0

    def add_index(self, index_fields):
        """Select index fields (primitive fields) stored in the SQLite index files."""
        if not index_fields or not isinstance(index_fields, list):
            raise ParamTypeError('index_fields', 'list')
        blob = self._blob_fields
        for field in index_fields:
            if field in blob:
                raise MRMDefineIndexError("Failed to set field {} since it's not primitive type.".format(field))
            if not isinstance(field, str):
                raise ParamTypeError('index field', 'str')
        current = list(self._index_fields or [])
        for field in index_fields:
            if field not in self._schema:
                raise _pipeline_error("Invalid input, 'index_fields': {} can not found in schema: {}.\n Please "
                                      "use 'add_index' function to add proper 'index_fields'.".format(
                                          field, json.dumps(self._schema, sort_keys=True, separators=(",", ":"))))
            if field in current:
                raise _pipeline_error("The 'index_fields': {} is added repeatedly. Please remove the redundant "
                                      "'add_index' function.".format(field))
            current.append(field)
        self._index_fields = current
        return 0

    @staticmethod
    def _check_size(value, what, low, high):
        if not isinstance(value, int) or not low <= value <= high:
            raise _pipeline_error(f"Invalid data, {what} size: {value} should be in range [{low} bytes, {high} bytes].")
        return value

    def set_header_size(self, header_size):
        self._header_size = self._check_size(header_size, "header", fmt.MIN_HEADER_SIZE, fmt.MAX_HEADER_SIZE)
        return 0

    def set_page_size(self, page_size):
        self._page_size = self._check_size(page_size, "page", fmt.MIN_PAGE_SIZE, fmt.MAX_PAGE_SIZE)
        return 0

    # ------------------------------------------------------------ opening

    def _open(self):
        if self._shards is not None:
            return
        for p in self._paths:
            d = os.path.dirname(os.path.abspath(p))
            if not os.path.isdir(d):
                raise _pipeline_error("Invalid dir, failed to get the realpath of mindrecord file dir. "
                                      "Please check path: {}".format(d))
        exists = [q for p in self._paths for q in (p, p + ".db") if os.path.exists(q)]
        if exists and not self._overwrite:
            raise _pipeline_error("Invalid file, mindrecord files already exist. Please check file path: {}. If you "
                                  "do not want to keep the files, set the 'overwrite' parameter to True and try "
                                  "again.".format(self._paths[0] if self._shard_num == 1 else self._file_name))
        for q in exists:
            os.remove(q)
        shards = []
        try:
            for i, p in enumerate(self._paths):
                s = _Shard(p, i)
                s.file = open(p, "w+b")
                shards.append(s)
        except OSError as e:
            for s in shards:
                s.file.close()
            raise _pipeline_error("Invalid file, failed to open mindrecord file: {} ({}).".format(p, e)) from None
        self._shards = shards

    def _require_schema(self):
        if self._schema is None:
            raise _pipeline_error("Invalid data, schema is not found in header, please use 'add_schema' to add a "
                                  "schema for new mindrecord files.")

    # ------------------------------------------------------------ writing

    def _verify_based_on_schema(self, raw_data):
        errors = {}
        schema = self._schema
        for field in schema:
            for i, v in enumerate(raw_data):
                if i in errors:
                    continue
                if field not in v:
                    errors[i] = "for schema, {} th data is wrong, there is not field: '{}' in the raw data.".format(
                        i, field)
                    continue
                ftype = type(v[field]).__name__
                if ftype not in VALUE_TYPE_MAP:
                    errors[i] = "for schema, {} th data is wrong, data type: '{}' for field: '{}' is not " \
                                "matched.".format(i, ftype, field)
                    continue
                if schema[field]["type"] not in VALUE_TYPE_MAP[ftype]:
                    errors[i] = "for schema, {} th data is wrong, data type: '{}' for field: '{}' is not " \
                                "matched.".format(i, schema[field]["type"], field)
                    continue
                if ftype == 'ndarray':
                    if 'shape' not in schema[field]:
                        errors[i] = "for schema, {} th data is wrong, data shape for field: '{}' is not " \
                                    "specified.".format(i, field)
                    elif schema[field]['type'] != str(v[field].dtype):
                        errors[i] = "for schema, {} th data is wrong, data type: '{}' for field: '{}' is not " \
                                    "matched.".format(i, str(v[field].dtype), field)
                    else:
                        try:
                            np.reshape(v[field], schema[field]['shape'])
                        except ValueError:
                            errors[i] = "for schema, {} th data is wrong, data shape: '{}' for field: '{}' is not " \
                                        "matched.".format(i, str(v[field].shape), field)
        for i, msg in sorted(errors.items(), reverse=True):
            raw_data.pop(i)
            logger.warning(msg)

    def write_raw_data(self, raw_data, parallel_writer=False):
        """Validate rows against the schema (invalid rows are dropped with a warning) and write them."""
        if not isinstance(parallel_writer, bool):
            raise TypeError("The parameter `parallel_writer` must be bool.")
        if self._parallel_writer is None:
            self._parallel_writer = parallel_writer
        if self._parallel_writer != parallel_writer:
            raise RuntimeError("The parameter `parallel_writer` must be consistent during use.")
        if self._append and self._shards[0].file is None:
            self._shards[0].file = open(self._shards[0].path, "r+b")
        self._open()
        self._require_schema()
        if not isinstance(raw_data, list):
            raise ParamTypeError('raw_data', 'list')
        if self._flush and not self._append:
            raise RuntimeError("Not allowed to call `write_raw_data` on flushed MindRecord files.When creating new "
                               "MindRecord files, please remove `commit` before `write_raw_data`. In other cases, "
                               "when appending to existing MindRecord files, please call `open_for_append` first "
                               "and then `write_raw_data`.")
        for each in raw_data:
            if not isinstance(each, dict):
                raise ParamTypeError('raw_data item', 'dict')
        self._verify_based_on_schema(raw_data)
        if raw_data == []:
            raise RuntimeError("There is no valid data which can be written by 'write_raw_data' to mindrecord file. "
                               "Please check the abnormal input data indicated in the warning log above.")
        self._write_rows(raw_data)

    def _index_list(self):
        if self._index_fields is not None:
            return list(self._index_fields)
        blob = set(self._blob_fields)
        return sorted(k for k in self._schema if k not in blob)

    def _write_rows(self, data):
        schema = self._schema
        blob_fields = self._blob_fields
        raw_fields = [k for k in sorted(schema) if k not in blob_fields]
        index = self._index_list()
        rows = []
        n_blob_rows = 0
        for item in data:
            if len(blob_fields) == 1 and not isinstance(item[blob_fields[0]], np.ndarray) \
                    and len(item[blob_fields[0]]) == 0:
                continue   # MindSpore drops an empty single blob (then fails on the count mismatch below)
            n_blob_rows += 1
        if n_blob_rows != len(data):
            raise _pipeline_error("[Internal ERROR] raw data size: {} is not equal to blob data size: {}.".format(
                len(data), n_blob_rows))
        for j, item in enumerate(data):
            raw = {}
            for k in raw_fields:
                v = item[k]
                if isinstance(v, (np.integer, np.floating)):
                    v = v.item()
                if isinstance(v, int) and not -(1 << 63) <= v < (1 << 63):
                    raise RuntimeError("Unable to cast Python instance of type <class 'int'> to C++ type 'long'")
                raw[k] = v
            if not raw:
                raw = {"id": j}
            raw_bytes = fmt.packb(raw)
            blob_bytes, saved = fmt.merge_blob({f: item[f] for f in blob_fields}, blob_fields, schema)
            rows.append((raw_bytes, blob_bytes, saved, [raw.get(f) for f in index]))
        P = self._page_size
        for raw_bytes, blob_bytes, _, _ in rows:
            if 8 + len(blob_bytes) > P:
                raise RuntimeError("Syntax error.\n\n- Dataset Pipeline Error Message: \n[ERROR] Invalid data, Page "
                                   "size: {} is too small to save a blob row. Please try to use the mindrecord api "
                                   "'set_page_size(value)' to enable larger page size, and the value range is in "
                                   "[{} bytes, {} bytes].".format(P, fmt.MIN_PAGE_SIZE, fmt.MAX_PAGE_SIZE))
            if 8 + len(raw_bytes) > P:
                raise RuntimeError("Syntax error.\n\n- Dataset Pipeline Error Message: \n[ERROR] Invalid data, Page "
                                   "size: {} is too small to save a raw row. Please try to use the mindrecord api "
                                   "'set_page_size(value)' to enable larger page size, and the value range is in "
                                   "[{} bytes, {} bytes].".format(P, fmt.MIN_PAGE_SIZE, fmt.MAX_PAGE_SIZE))
        self._compression += sum(r[2] for r in rows)
        n, k = len(rows), self._shard_num
        per, rem = divmod(n, k)
        extra = {(self._rotate + i) % k for i in range(rem)}
        self._rotate = (self._rotate + rem) % k
        start = 0
        for sid in range(k):
            cnt = per + (1 if sid in extra else 0)
            if cnt:
                self._write_shard(self._shards[sid], rows[start:start + cnt])
            start += cnt

    def _new_page(self, shard, kind, type_id, **kw):
        pg = _Page(len(shard.pages), kind, type_id, **kw)
        shard.pages.append(pg)
        return pg

    def _put(self, shard, page, offset, data):
        shard.file.seek(self._header_size + page.page_id * self._page_size + offset)
        shard.file.write(data)

    def _write_shard(self, shard, rows):
        P = self._page_size
        bs = [8 + len(r[1]) for r in rows]
        rs = [8 + len(r[0]) for r in rows]
        last_blob, last_raw = shard.last_blob, shard.last_raw
        n_blob = last_blob.size if last_blob else 0
        n_raw = (last_raw.size - last_raw.groups[-1][1]) if last_raw and last_raw.groups else 0
        groups, begin = [], 0
        for i in range(len(rows)):
            if n_blob == 0 or n_blob + bs[i] > P or n_raw + rs[i] > P:
                groups.append((begin, i))
                begin, n_blob, n_raw = i, bs[i], rs[i]
            else:
                n_blob += bs[i]
                n_raw += rs[i]
        groups.append((begin, len(rows)))
        recs = [_Row() for _ in rows]
        for rec, r in zip(recs, rows):
            rec.index = r[3]
        # blobs: group 0 continues the last blob page, the others get new pages
        group_ids = []
        for gi, (s, e) in enumerate(groups):
            if gi == 0:
                page = last_blob
                if s == e:
                    group_ids.append(page.type_id if page else -1)
                    continue
            else:
                type_id = last_blob.type_id + 1 if last_blob else 0
                start_row = last_blob.end_row if last_blob else 0
                page = self._new_page(shard, "BLOB_DATA", type_id, start_row=start_row, end_row=start_row)
                last_blob = page
            group_ids.append(page.type_id)
            chunk = bytearray()
            for i in range(s, e):
                off = page.size + len(chunk)
                chunk += struct.pack("<Q", len(rows[i][1])) + rows[i][1]
                recs[i].blob_page, recs[i].blob_off, recs[i].blob_end = page.page_id, off, page.size + len(chunk)
                recs[i].group = page.type_id
            self._put(shard, page, page.size, bytes(chunk))
            page.size += len(chunk)
            page.end_row += e - s
        shard.last_blob = last_blob
        # shift the continued last raw group to a new raw page when it no longer fits
        s0, e0 = groups[0]
        if s0 != e0 and last_raw is not None and last_raw.size + sum(rs[s0:e0]) > P:
            gid, off = last_raw.groups[-1]
            shard.file.seek(self._header_size + last_raw.page_id * P + off)
            moved = shard.file.read(last_raw.size - off)
            new = self._new_page(shard, "RAW_DATA", last_raw.page_id + 1, groups=[(gid, 0)], size=len(moved))
            self._put(shard, new, 0, moved)
            for rec in shard.rows:
                if rec.raw_page == last_raw.page_id and rec.raw_off >= off:
                    rec.raw_page, rec.raw_off, rec.raw_end = new.page_id, rec.raw_off - off, rec.raw_end - off
            last_raw.groups.pop()
            last_raw.size = off
            last_raw = new
        for gi, (s, e) in enumerate(groups):
            if s == e:
                continue
            size = sum(rs[s:e])
            if last_raw is None:
                last_raw = self._new_page(shard, "RAW_DATA", 0)
            elif last_raw.size + size > P:
                last_raw = self._new_page(shard, "RAW_DATA", last_raw.page_id + 1)
            gid = group_ids[gi]
            if not last_raw.groups or last_raw.groups[-1][0] != gid:
                last_raw.groups.append((gid, last_raw.size))
            chunk = bytearray()
            for i in range(s, e):
                off = last_raw.size + len(chunk)
                chunk += struct.pack("<Q", len(rows[i][0])) + rows[i][0]
                recs[i].raw_page, recs[i].raw_off, recs[i].raw_end = last_raw.page_id, off, last_raw.size + len(chunk)
            self._put(shard, last_raw, last_raw.size, bytes(chunk))
            last_raw.size += len(chunk)
        shard.last_raw = last_raw
        shard.rows.extend(recs)

    # ------------------------------------------------------------ commit

    def _header(self, shard):
        index = self._index_list()
        return {
            "header_size": self._header_size,
            "index_fields": [{"index_field": f, "schema_id": 0} for f in index] or None,
            "page": [p.record(shard.shard_id) for p in shard.pages] or None,
            "page_size": self._page_size,
            "compression_size": self._compression,
            "schema": [{"blob_fields": self._blob_fields, "desc": self._desc, "schema": self._schema}],
            "shard_addresses": self._addresses,
            "shard_id": shard.shard_id,
            "statistics": None,
            "version": fmt.VERSION,
        }

    def _write_db(self, shard):
        index = self._index_list()
        db = shard.path + ".db"
        if os.path.exists(db):
            os.remove(db)
        cols = "".join(",INC_{} INT, {}_0 {}".format(i, f, fmt.SQL_TYPES[self._schema[f]["type"]])
                       for i, f in enumerate(index))
        pk = ",".join(["ROW_ID"] + ["INC_{}".format(i) for i in range(len(index))])
        sql = ("CREATE TABLE INDEXES(  ROW_ID               INT  NOT NULL, PAGE_ID_RAW          INT  NOT NULL, "
               "PAGE_OFFSET_RAW      INT  NOT NULL, PAGE_OFFSET_RAW_END  INT  NOT NULL, ROW_GROUP_ID         INT  "
               "NOT NULL, PAGE_ID_BLOB         INT  NOT NULL, PAGE_OFFSET_BLOB     INT  NOT NULL, "
               "PAGE_OFFSET_BLOB_END INT  NOT NULL{}, PRIMARY KEY({}))".format(cols, pk))
        con = sqlite3.connect(db)
        try:
            con.execute(sql)
            con.execute("CREATE TABLE SHARD_NAME(NAME TEXT NOT NULL)")
            con.execute("INSERT INTO SHARD_NAME (NAME) VALUES (?)", (os.path.basename(shard.path),))
            nval = 8 + 2 * len(index)
            stmt = "INSERT INTO INDEXES VALUES ({})".format(",".join("?" * nval))
            vals = []
            for rid, r in enumerate(shard.rows):
                row = [rid, r.raw_page, r.raw_off, r.raw_end, r.group, r.blob_page, r.blob_off, r.blob_end]
                for v in r.index:
                    row += [0, v]
                vals.append(row)
            con.executemany(stmt, vals)
            con.commit()
        finally:
            con.close()

    def commit(self):
        """Write the headers, finish the data files and generate the index files."""
        if self._append and self._shards[0].file is None:
            self._shards[0].file = open(self._shards[0].path, "r+b")
        if self._flush and self._shards is not None and all(s.file is None for s in self._shards):
            raise _pipeline_error("[Internal ERROR] Failed to seekp file.")
        self._open()
        self._require_schema()
        self._flush = True
        for shard in self._shards:
            head = fmt.dump_header(self._header(shard))
            if 8 + len(head) > self._header_size:
                raise _pipeline_error("Invalid data, the size of mindrecord file header is larger than the header "
                                      "size {}. Please use 'set_header_size' to enlarge it.".format(self._header_size))
            f = shard.file
            f.seek(0)
            f.write(struct.pack("<Q", len(head)) + head)
            end = 8 + len(head)
            if shard.pages:
                last = shard.pages[-1]
                end = self._header_size + last.page_id * self._page_size + last.size
            f.truncate(end)
            f.close()
            shard.file = None
            self._write_db(shard)
        for p in self._paths:
            for q in (p, p + ".db"):
                if os.path.exists(q):
                    os.chmod(q, stat.S_IRUSR | stat.S_IWUSR)
        return 0

    def __del__(self):
        for s in getattr(self, "_shards", None) or []:
            if s.file is not None:
                try:
                    s.file.close()
                except Exception:  # pylint: disable=broad-except
                    pass
