"""MindRecord's on-disk format (version "3.0"), as written and read by MindSpore 2.10.

Facts learned by writing files with real MindSpore and inspecting them:

Files.  ``FileWriter(name, shard_num=n)`` writes ``name`` (n == 1) or ``name0 .. name{n-1}`` (suffix
zero-padded to ``len(str(n - 1))`` digits), each with an SQLite index file ``<shard>.db``.

Shard file.  Bytes 0..8: the header's length L (uint64, little endian); bytes 8..8+L: the header,
compact JSON (UTF-8, no spaces) with top-level keys in this order: header_size, index_fields, page,
page_size, compression_size, schema, shard_addresses, shard_id, statistics (null), version ("3.0").
Nested objects have sorted keys.  ``index_fields`` is ``[{"index_field": f, "schema_id": 0}, ...]``
or null; ``page`` a list of page records or null; ``schema`` is
``[{"blob_fields": [...], "desc": str, "schema": {field: {["shape": [...],] "type": t}}}]``;
``shard_addresses`` the base names of all shards; ``compression_size`` the bytes saved by integer
compression summed over all shards (same value in every shard).  Defaults: header_size 1<<24 (16 MiB,
settable 16 KiB..128 MiB), page_size 1<<25 (32 MiB, settable 32 KiB..256 MiB).  Page ``p`` starts at
``header_size + p * page_size``; the file ends at the end of the highest page's data (earlier pages are
sparse holes), or right after the header when there are no pages.

Page record: {end_row_id, page_id, page_size (bytes used), page_type ("BLOB_DATA" | "RAW_DATA"),
page_type_id, row_group_ids: [{"id", "offset"}], shard_id, start_row_id}.  A *row group* is the rows
whose blobs share one blob page; its id is that blob page's page_type_id (0, 1, 2, ... per shard).
Blob pages carry start_row_id/end_row_id (shard-local row numbers) and row_group_ids
[{"id": 0, "offset": 0}].  Raw pages carry start/end_row_id 0 and the list of (row group id, byte
offset in the page where the group's rows start).  The first raw page has page_type_id 0, each later
raw page ``previous raw page's page_id + 1``.  Per write call and shard: rows are cut into groups (a
new group when the blob page would exceed page_size, or the group's raw bytes would), the blobs of a
group go to its blob page (the first group continues the last blob page), then raw rows go to raw
pages (a group never spans raw pages; when the continued last group no longer fits, its bytes are
moved to a new raw page).  Blob pages are allocated before raw pages within a call.

Rows.  Every row in a page is ``uint64 little-endian length`` + payload.  Raw payload: MessagePack
(nlohmann's encoder) of the map of non-blob fields, keys sorted; integers in the smallest form
(non-negative ones as positive fixint/uint8..uint64), floats as float32 ("ca") when the double fits
and round-trips exactly, else float64 ("cb"); strings fixstr/str8/16/32.  Blob payload: with one blob
field, its bytes; with several (sorted by name), each as ``uint64 big-endian length`` + bytes; no blob
field: 4 zero bytes.  Arrays are their raw little-endian bytes in the schema dtype; int32/int64 array
fields are compressed: ``uint32 BE count``, a bitmap of 2 bits per element (MSB first, 4 per byte:
0 int8, 1 int16, 2 int32, 3 int64) and each element little endian in the smallest signed type.

Index file (SQLite, one per shard): ``SHARD_NAME(NAME)`` holding the shard's base name and
``INDEXES(ROW_ID, PAGE_ID_RAW, PAGE_OFFSET_RAW, PAGE_OFFSET_RAW_END, ROW_GROUP_ID, PAGE_ID_BLOB,
PAGE_OFFSET_BLOB, PAGE_OFFSET_BLOB_END, INC_k INT, <field>_0 <INTEGER|REAL|TEXT>, ...,
PRIMARY KEY(ROW_ID, INC_0, ...))``; offsets are within the page and include the 8-byte length.
Index fields: those of ``add_index`` in order, else every non-blob field (sorted).

Distribution.  Per write call, ``n // shard_num`` rows per shard, the remainder one more each to some
shards (random in MindSpore; rotating here); shards are read in shard order, rows in ROW_ID order.

Opening.  Any shard path opens the whole set: ``shard_addresses`` resolved in that file's directory
(a renamed file is not found); a list of paths opens only those.  Each ``.db`` must exist and its
SHARD_NAME must be the shard's base name.  MindSpore reads rows through the index offsets (the
8-byte row lengths are not checked there; this reader checks them too).  There is no checksum in
the format: structural damage is detected, a flipped byte inside a value's payload is not.

Reading quirk (MindSpore's FileReader): a raw number whose fractional part is < 1e-7 comes back as a
Python int (C cast of the double: 2.0 -> 2, 1e-9 -> 0, 1e300 -> -2**63); MindDataset gives numpy
values of the schema dtype instead.  Blob arrays come back reshaped to the schema shape.
"""
import json
import math
import os
import sqlite3
import struct
import urllib.parse

import numpy as np

from .exceptions import ParamValueError

_FORBIDDEN = set('\\/:*?"<>|`&\';')


def check_filename(path):
    """MindSpore's file-name checks (ParamValueError)."""
    if not path:
        raise ParamValueError('File path is not allowed None or empty!')
    if not isinstance(path, str):
        raise ParamValueError("File path: {} is not string.".format(path))
    if path.endswith("/"):
        raise ParamValueError("File path can not end with '/'")
    name = os.path.basename(path)
    if set(name) & _FORBIDDEN:
        raise ParamValueError(r"File name should not contains \/:*?\"<>|`&;\'")
    if name.startswith(' ') or name.endswith(' '):
        raise ParamValueError("File name should not start/end with space.")
    return True


VERSION = "3.0"
DEFAULT_HEADER_SIZE = 1 << 24
DEFAULT_PAGE_SIZE = 1 << 25
MIN_HEADER_SIZE = 1 << 14
MAX_HEADER_SIZE = 1 << 27
MIN_PAGE_SIZE = 1 << 15
MAX_PAGE_SIZE = 1 << 28
MIN_SHARD_COUNT = 1
MAX_SHARD_COUNT = 1000
MIN_CONSUMER_COUNT = 1
MIN_FILE_SIZE = 8
INT_EPSILON = 1e-7

VALID_ATTRIBUTES = ["int32", "int64", "float32", "float64", "string", "bytes"]
VALID_ARRAY_ATTRIBUTES = ["int32", "int64", "float32", "float64"]
SQL_TYPES = {"int32": "INTEGER", "int64": "INTEGER", "float32": "REAL", "float64": "REAL", "string": "TEXT"}


class FormatError(RuntimeError):
    """A MindRecord file is corrupt or truncated (MindSpore raises RuntimeError for these)."""


# ---------------------------------------------------------------- header JSON

_HEADER_KEYS = ("header_size", "index_fields", "page", "page_size", "compression_size", "schema",
                "shard_addresses", "shard_id", "statistics", "version")


def _sorted(obj):
    if isinstance(obj, dict):
        return {k: _sorted(obj[k]) for k in sorted(obj)}
    if isinstance(obj, (list, tuple)):
        return [_sorted(v) for v in obj]
    return obj


def dump_header(header):
    ordered = {k: _sorted(header[k]) for k in _HEADER_KEYS}
    text = json.dumps(ordered, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.encode("utf-8")


# ---------------------------------------------------------------- MessagePack

def _pack_int(v, out):
    if v >= 0:
        if v < 0x80:
            out.append(v)
        elif v <= 0xFF:
            out += b"\xcc" + struct.pack(">B", v)
        elif v <= 0xFFFF:
            out += b"\xcd" + struct.pack(">H", v)
        elif v <= 0xFFFFFFFF:
            out += b"\xce" + struct.pack(">I", v)
        else:
            out += b"\xcf" + struct.pack(">Q", v)
    elif v >= -32:
        out += struct.pack(">b", v)
    elif v >= -128:
        out += b"\xd0" + struct.pack(">b", v)
    elif v >= -32768:
        out += b"\xd1" + struct.pack(">h", v)
    elif v >= -(1 << 31):
        out += b"\xd2" + struct.pack(">i", v)
    else:
        out += b"\xd3" + struct.pack(">q", v)


_F32_MAX = float(np.finfo(np.float32).max)


def _pack_length(out, n, fix_base, fix_max, sized):
    """The msgpack length header of a str/map/array of ``n`` items: the one byte ``fix_base | n`` up to
    ``fix_max``, else the first ``(marker, struct format, limit)`` of ``sized`` whose limit (None: no
    limit) ``n`` does not exceed."""
    if n <= fix_max:
        out.append(fix_base | n)
        return
    for marker, fmt, limit in sized:
        if limit is None or n <= limit:
            out += marker + struct.pack(fmt, n)
            return


def _pack(v, out):
    if v is None:
        out.append(0xC0)
    elif v is True or v is False:
        out.append(0xC3 if v else 0xC2)
    elif isinstance(v, int):
        _pack_int(v, out)
    elif isinstance(v, float):
        if -_F32_MAX <= v <= _F32_MAX and float(np.float32(v)) == v:
            out += b"\xca" + struct.pack(">f", v)
        else:
            out += b"\xcb" + struct.pack(">d", v)
    elif isinstance(v, str):
        b = v.encode("utf-8")
        _pack_length(out, len(b), 0xA0, 31, ((b"\xd9", ">B", 0xFF), (b"\xda", ">H", 0xFFFF), (b"\xdb", ">I", None)))
        out += b
    elif isinstance(v, dict):
        _pack_length(out, len(v), 0x80, 15, ((b"\xde", ">H", 0xFFFF), (b"\xdf", ">I", None)))
        for k in sorted(v):
            _pack(k, out)
            _pack(v[k], out)
    elif isinstance(v, (list, tuple)):
        _pack_length(out, len(v), 0x90, 15, ((b"\xdc", ">H", 0xFFFF), (b"\xdd", ">I", None)))
        for x in v:
            _pack(x, out)
    else:
        raise TypeError("cannot serialize {!r} into a MindRecord raw row".format(type(v).__name__))


def packb(v):
    out = bytearray()
    _pack(v, out)
    return bytes(out)


class _Unpacker:
    __slots__ = ("buf", "pos")

    def __init__(self, buf):
        self.buf = buf
        self.pos = 0

    def take(self, n):
        p = self.pos
        if n < 0 or p + n > len(self.buf):
            raise FormatError("truncated MessagePack data")
        self.pos = p + n
        return self.buf[p:p + n]

    def unpack(self, depth=0):
        if depth > 64:
            raise FormatError("MessagePack data nested too deeply")
        t = self.take(1)[0]
        if t < 0x80:
            return t
        if t >= 0xE0:
            return t - 0x100
        if 0x80 <= t <= 0x8F:
            return self._map(t & 0x0F, depth)
        if 0x90 <= t <= 0x9F:
            return [self.unpack(depth + 1) for _ in range(t & 0x0F)]
        if 0xA0 <= t <= 0xBF:
            return self._str(t & 0x1F)
        simple = {0xC0: None, 0xC2: False, 0xC3: True}
        if t in simple:
            return simple[t]
        fmt = {0xCA: ">f", 0xCB: ">d", 0xCC: ">B", 0xCD: ">H", 0xCE: ">I", 0xCF: ">Q",
               0xD0: ">b", 0xD1: ">h", 0xD2: ">i", 0xD3: ">q"}.get(t)
        if fmt is not None:
            v = struct.unpack(fmt, self.take(struct.calcsize(fmt)))[0]
            return float(v) if t in (0xCA, 0xCB) else v
        if t in (0xD9, 0xDA, 0xDB):
            n = struct.unpack({0xD9: ">B", 0xDA: ">H", 0xDB: ">I"}[t], self.take({0xD9: 1, 0xDA: 2, 0xDB: 4}[t]))[0]
            return self._str(n)
        if t in (0xC4, 0xC5, 0xC6):
            n = struct.unpack({0xC4: ">B", 0xC5: ">H", 0xC6: ">I"}[t], self.take({0xC4: 1, 0xC5: 2, 0xC6: 4}[t]))[0]
            return bytes(self.take(n))
        if t in (0xDC, 0xDD):
            n = struct.unpack(">H" if t == 0xDC else ">I", self.take(2 if t == 0xDC else 4))[0]
            return [self.unpack(depth + 1) for _ in range(n)]
        if t in (0xDE, 0xDF):
            n = struct.unpack(">H" if t == 0xDE else ">I", self.take(2 if t == 0xDE else 4))[0]
            return self._map(n, depth)
        raise FormatError("invalid MessagePack type byte 0x{:02x}".format(t))

    def _str(self, n):
        try:
            return bytes(self.take(n)).decode("utf-8")
        except UnicodeDecodeError as e:
            raise FormatError("invalid UTF-8 in a MindRecord string: {}".format(e)) from None

    def _map(self, n, depth):
        if n > len(self.buf) - self.pos:
            raise FormatError("truncated MessagePack map")
        d = {}
        for _ in range(n):
            k = self.unpack(depth + 1)
            if not isinstance(k, str):
                raise FormatError("MessagePack map key is not a string")
            d[k] = self.unpack(depth + 1)
        return d


def unpackb(buf):
    u = _Unpacker(memoryview(buf))
    v = u.unpack()
    if u.pos != len(buf):
        raise FormatError("trailing bytes after MessagePack data")
    return v


# ---------------------------------------------------------------- integer compression

_INT_TYPES = (np.dtype("<i1"), np.dtype("<i2"), np.dtype("<i4"), np.dtype("<i8"))


def compress_ints(arr):
    """Compress a 1-D int32/int64 array (MindSpore's blob integer compression)."""
    a = np.asarray(arr).astype(np.int64, copy=False).ravel()
    n = a.size
    codes = np.full(n, 3, np.uint8)
    codes[(a >= -(1 << 31)) & (a < (1 << 31))] = 2
    codes[(a >= -32768) & (a < 32768)] = 1
    codes[(a >= -128) & (a < 128)] = 0
    nbit = (n + 3) // 4
    padded = np.zeros(nbit * 4, np.uint8)
    padded[:n] = codes
    p = padded.reshape(-1, 4)
    bitmap = (p[:, 0] << 6) | (p[:, 1] << 4) | (p[:, 2] << 2) | p[:, 3]
    parts = [struct.pack(">I", n), bitmap.astype(np.uint8).tobytes()]
    if n:
        # group consecutive runs of equal width for speed
        change = np.flatnonzero(np.diff(codes.astype(np.int8))) + 1
        starts = np.concatenate([[0], change])
        ends = np.concatenate([change, [n]])
        for s, e in zip(starts, ends):
            parts.append(a[s:e].astype(_INT_TYPES[codes[s]]).tobytes())
    return b"".join(parts)


def decompress_ints(buf, dtype):
    """Inverse of ``compress_ints``; ``FormatError`` on malformed data."""
    buf = bytes(buf)
    if len(buf) < 4:
        raise FormatError("compressed integer blob shorter than its 4-byte count")
    n = struct.unpack(">I", buf[:4])[0]
    nbit = (n + 3) // 4
    if 4 + nbit > len(buf):
        raise FormatError("compressed integer blob truncated in its type bitmap")
    bitmap = np.frombuffer(buf, np.uint8, nbit, 4)
    codes = np.stack([(bitmap >> 6) & 3, (bitmap >> 4) & 3, (bitmap >> 2) & 3, bitmap & 3], 1).ravel()[:n]
    widths = (1 << codes.astype(np.int64))
    total = int(widths.sum())
    data = buf[4 + nbit:]
    if len(data) != total:
        raise FormatError("compressed integer blob has {} data bytes, expected {}".format(len(data), total))
    out = np.empty(n, np.int64)
    if n:
        offs = np.concatenate([[0], np.cumsum(widths)[:-1]])
        for code in range(4):
            idx = np.flatnonzero(codes == code)
            if idx.size:
                w = 1 << code
                pos = offs[idx][:, None] + np.arange(w)[None, :]
                raw = np.frombuffer(data, np.uint8)[pos].copy()
                out[idx] = raw.view(_INT_TYPES[code]).ravel()
    return out.astype(dtype)


# ---------------------------------------------------------------- blobs

def is_int_array(spec):
    return "shape" in spec and spec["type"] in ("int32", "int64")


def merge_blob(values, blob_fields, schema):
    """Return (payload, bytes saved by compression) for one row's blob fields (values: field -> bytes/ndarray)."""
    if not blob_fields:
        return b"\x00\x00\x00\x00", 0
    raw_parts = []
    for f in blob_fields:
        v = values[f]
        if isinstance(v, np.ndarray):
            v = np.ascontiguousarray(v.astype(schema[f]["type"], copy=False)).tobytes()
        raw_parts.append(bytes(v))
    if len(blob_fields) == 1:
        f = blob_fields[0]
        if is_int_array(schema[f]):
            c = compress_ints(np.frombuffer(raw_parts[0], schema[f]["type"]))
            return c, len(raw_parts[0]) - len(c)
        return raw_parts[0], 0
    out = []
    uncompressed = 0
    for f, b in zip(blob_fields, raw_parts):
        uncompressed += 8 + len(b)
        if is_int_array(schema[f]):
            b = compress_ints(np.frombuffer(b, schema[f]["type"]))
        out.append(struct.pack(">Q", len(b)))
        out.append(b)
    payload = b"".join(out)
    return payload, uncompressed - len(payload)


def split_blob(payload, blob_fields, schema):
    """Inverse of ``merge_blob``: field -> bytes (int arrays decompressed to the schema dtype's bytes)."""
    if not blob_fields:
        return {}
    if len(blob_fields) == 1:
        pieces = [bytes(payload)]
    else:
        pieces = []
        pos = 0
        n = len(payload)
        for f in blob_fields:
            if pos + 8 > n:
                raise FormatError("blob row truncated before the length of field '{}'".format(f))
            ln = struct.unpack(">Q", payload[pos:pos + 8])[0]
            pos += 8
            if ln > n - pos:
                raise FormatError("blob field '{}' claims {} bytes but only {} remain".format(f, ln, n - pos))
            pieces.append(bytes(payload[pos:pos + ln]))
            pos += ln
        if pos != n:
            raise FormatError("blob row has {} trailing bytes".format(n - pos))
    out = {}
    for f, b in zip(blob_fields, pieces):
        if is_int_array(schema[f]):
            b = decompress_ints(b, schema[f]["type"]).tobytes()
        out[f] = b
    return out


def blob_to_value(field, data, schema):
    """bytes field -> bytes; array field -> ndarray of the schema dtype reshaped to the schema shape."""
    spec = schema[field]
    shape = spec.get("shape") or []
    if not shape:
        return data
    dt = np.dtype(spec["type"])
    if len(data) % dt.itemsize:
        raise FormatError("field '{}' has {} bytes, not a multiple of {}".format(field, len(data), dt.itemsize))
    try:
        return np.reshape(np.frombuffer(data, dtype=dt), shape)
    except ValueError:
        raise FormatError("field '{}' with {} elements does not fit the schema shape {}".format(
            field, len(data) // dt.itemsize, shape)) from None


def reader_number(v):
    """MindSpore FileReader's conversion of a raw JSON number to Python."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return v
    d = float(v)
    if d != d or d in (float("inf"), float("-inf")):
        return d
    if abs(d - math.floor(d)) < INT_EPSILON:
        if isinstance(v, int):
            return v if -(1 << 63) <= v < (1 << 63) else v - (1 << 64)
        return int(d) if -9.223372036854775808e18 <= d < 9.223372036854775808e18 else -(1 << 63)
    return d


def open_index_readonly(db):
    """A read-only SQLite connection to the index file ``db``. The path goes into a ``file:``
    URI, so it is percent-quoted: a '#', '%' or '?' in a directory or file name is part of the
    name, not a fragment, an escape or a query."""
    return sqlite3.connect("file:{}?mode=ro".format(urllib.parse.quote(db, safe="/")), uri=True)
