"""Text file sources: ``TextFileDataset`` and ``CSVDataset`` (non-mappable).

Row order follows MindSpore's reader: the (sorted, optionally shuffled) file list is cut into the
rows of this shard (``ceil(total / num_shards)`` rows, wrapping round to the first files when a
shard runs past the end), the pieces go to the reader workers in turn, and the rows come out one
worker at a time, round robin.  ``Shuffle.FILES`` shuffles the file list each epoch (the generator
seeded with the configured seed, or with 1, 2, 3, ... per epoch when sharded, as MindSpore);
``Shuffle.GLOBAL`` (the default) also sends the rows through a shuffle buffer of
``max(4 * rows per file, 10000)`` rows.
"""
import glob
import math
import os
import re
import threading

import numpy as np

from . import _engine_config as config
from ._engine_core import INT32_MAX, Dataset, _check_workers, _pipeline_error, _state, _type_check
from ._engine_ops import ShuffleDataset
from ._engine_rng import MT19937, std_shuffle
from ._engine_samplers import Shuffle, _check_num_samples, _check_shard_args


# --------------------------------------------------------------------------- argument checks
def _check_files_arg(dataset_files):
    _type_check(dataset_files, (str, list), "dataset files")
    if not dataset_files:
        raise ValueError("Input dataset_files can not be empty, but got '" + str(dataset_files) + "'.")


def _check_common(num_samples, num_parallel_workers, num_shards, shard_id, cache):
    if num_samples is not None:
        _type_check(num_samples, (int,), "num_samples")
        _check_num_samples(num_samples)
    _check_workers(num_parallel_workers)
    for name, val in (("num_shards", num_shards), ("shard_id", shard_id)):
        if val is not None:
            _type_check(val, (int,), name)
    _check_shard_args(num_shards, shard_id)
    if cache is not None:
        raise TypeError("cache is not supported by mscompat's file sources; pass cache=None.")


def _shuffle_mode(shuffle):
    if shuffle is not None and not isinstance(shuffle, (bool, Shuffle)):
        raise TypeError("shuffle must be of boolean or enum of 'Shuffle' values like 'Shuffle.ADAPTIVE' or "
                        "'Shuffle.GLOBAL' or 'Shuffle.PARTIAL' or 'Shuffle.FILES' or 'Shuffle.INFILE'.")
    if isinstance(shuffle, Shuffle):
        return shuffle
    return Shuffle.GLOBAL if shuffle is None or shuffle else Shuffle.FALSE


def _find_files(patterns):
    if not isinstance(patterns, list):
        patterns = [patterns]
    found, unmatched = [], []
    for pattern in patterns:
        matches = [m for m in glob.glob(pattern, recursive=True) if os.path.isfile(m)]
        if matches:
            found.extend(matches)
        else:
            unmatched.append(pattern)
    if unmatched:
        raise ValueError("The following patterns did not match any files: {}.".format(unmatched))
    if not found:
        raise ValueError("The list of path names matching the patterns is empty.")
    return sorted(found)


class _Cache:
    """Parsed files, shared by copies of the dataset."""

    def __init__(self):
        self.files = {}
        self.lock = threading.Lock()

    def __deepcopy__(self, memo):
        return self


# --------------------------------------------------------------------------- the reader
class _FileRows(Dataset):
    """Base of the non-mappable file sources (see the module docstring for the order)."""

    _name = "TextFile"
    _cap_workers = False

    def __init__(self, dataset_files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id):
        super().__init__(None, num_parallel_workers)
        self.dataset_files = _find_files(dataset_files)
        self.num_samples = num_samples
        self.shuffle_mode = _shuffle_mode(shuffle)
        self._shuffle_arg = shuffle
        self.num_shards = num_shards
        self.shard_id = shard_id
        self._source = _Cache()
        self._shuffler = None
        if self.shuffle_mode == Shuffle.GLOBAL:
            self._shuffler = ShuffleDataset(_ReaderView(self), 10000)

    # ---- subclass interface: parse one file into rows, and count its rows
    def _parse_file(self, path):
        raise NotImplementedError  # pragma: no cover - abstract

    def _count_file(self, path):
        return len(self._file(path))

    def _emit(self, row):
        return row

    # ---- shared
    def _file(self, path):
        cache = self._source
        rows = cache.files.get(path)
        if rows is None:
            rows = self._parse_file(path)
            with cache.lock:
                cache.files[path] = rows
        return rows

    def _counts(self):
        counts = [self._count_file(p) for p in self.dataset_files]
        if sum(counts) == 0:
            raise _pipeline_error("Invalid data, {0}Dataset API can't read the data file (interface mismatch or no "
                                  "data found). Check {0} file path: {1}.".format(self._name,
                                                                                 " ".join(self.dataset_files)))
        return counts

    def is_shuffled(self):
        # MindSpore: only shuffle=False reads as "not shuffled" (an enum, even Shuffle.FALSE, counts as shuffled;
        # INFILE / PARTIAL / ADAPTIVE / FALSE all read the files in order)
        return self._shuffle_arg is not False

    def is_sharded(self):
        return (self.num_shards or 1) > 1

    def _num_rows(self):
        n = math.ceil(sum(self._counts()) / (self.num_shards or 1))
        return min(n, self.num_samples) if self.num_samples else n

    def _workers(self):
        w = self.num_parallel_workers or config.get_num_parallel_workers()
        if self._cap_workers:
            w = min(w, len(self.dataset_files))
        return max(1, w)

    def _file_order(self, ctx, epoch):
        keys = list(range(len(self.dataset_files)))
        if self.shuffle_mode not in (Shuffle.GLOBAL, Shuffle.FILES):
            return keys
        st = _state(ctx, self)
        sharded = (self.num_shards or 1) > 1
        done, prev = st.get("keys", (-1, keys))
        if done > epoch:
            done, prev = -1, keys
        keys = list(prev)
        for e in range(done + 1, epoch + 1):
            # the file list is reshuffled in place every epoch; sharded readers seed with 1, 2, 3, ...
            seed = e + 1 if sharded else st.setdefault("seed", config._pipeline_seed())
            std_shuffle(keys, MT19937(seed))
        st["keys"] = (epoch, keys)
        return keys

    def _blocks(self, order, counts):
        shards, sid = self.num_shards or 1, self.shard_id or 0
        per = math.ceil(sum(counts) / shards)
        start, end = sid * per, (sid + 1) * per
        blocks, pre = [], 0
        while True:
            for k in order:
                c = counts[k]
                push, s, e = False, 0, 0
                if pre <= start < pre + c:
                    push, s = True, start - pre
                    e = end - pre if pre < end <= pre + c else c
                if start <= pre < end:
                    push, s = True, 0
                    e = end - pre if pre + c >= end else c
                if push:
                    blocks.append((k, s, e))
                pre += c
            if pre >= end:
                return blocks

    def _read_rows(self, ctx, epoch, start=0):
        counts = self._counts()
        blocks = self._blocks(self._file_order(ctx, epoch), counts)
        workers = self._workers()

        def stream(w):
            for k, s, e in blocks[w::workers]:
                rows = self._file(self.dataset_files[k])
                for r in rows[s:e]:
                    yield r

        streams = [stream(w) for w in range(min(workers, len(blocks)))]
        limit = self.num_samples or 0
        produced = 0
        while streams:
            alive = []
            for s in streams:
                row = next(s, None)
                if row is None:
                    continue
                if limit and produced >= limit:
                    return
                if produced >= start:
                    yield self._emit(row)
                produced += 1
                alive.append(s)
            streams = alive

    def _rows(self, ctx, epoch, start=0):
        if self._shuffler is not None:
            counts = self._counts()
            rows = math.ceil(sum(counts) / (self.num_shards or 1))
            self._shuffler.buffer_size = max((rows // len(self.dataset_files)) * 4, 10000)
            return self._shuffler._rows(ctx, epoch, start)
        return self._read_rows(ctx, epoch, start)


class _ReaderView(Dataset):
    """The reader without its shuffle buffer (the child of the buffer)."""

    def __init__(self, owner):
        super().__init__(None)
        self.owner = owner

    def _columns(self):
        return self.owner._columns()

    def _num_rows(self):
        return self.owner._num_rows()

    def _rows(self, ctx, epoch, start=0):
        return self.owner._read_rows(ctx, epoch, start)


def _read_text(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as exc:
        raise _pipeline_error("Invalid file, failed to open {}, the file is damaged or permission denied: {}"
                              .format(path, exc)) from exc


# --------------------------------------------------------------------------- TextFileDataset
class TextFileDataset(_FileRows):
    """One ``text`` column: the non-empty lines of the files."""

    _name = "TextFile"

    def __init__(self, dataset_files, num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, cache=None):
        _check_files_arg(dataset_files)
        _check_common(num_samples, num_parallel_workers, num_shards, shard_id, cache)
        _shuffle_mode(shuffle)
        super().__init__(dataset_files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _columns(self):
        return ["text"]

    def _parse_file(self, path):
        data = _read_text(path)
        return [line.decode("utf-8", "replace") for line in data.split(b"\n") if line]

    def _emit(self, row):
        return [np.asarray(row)]


# --------------------------------------------------------------------------- CSVDataset
_INT, _FLOAT, _STRING = 0, 1, 2
_INT_RE = re.compile(r"[ \t\n\v\f\r]*[+-]?\d+")
_FLOAT_RE = re.compile(r"[ \t\n\v\f\r]*([+-]?)(?:(0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?)"
                       r"|((?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|(inf(?:inity)?|nan(?:\([0-9A-Za-z_]*\))?))",
                       re.IGNORECASE)
_FLT_MIN = float(np.finfo(np.float32).tiny)


class _CsvTypeError(Exception):
    pass


class _CsvRangeError(Exception):
    pass


def _to_int(s):
    """``std::stoi``: leading integer of the field (base 10)."""
    m = _INT_RE.match(s)
    if m is None:
        raise _CsvTypeError()
    v = int(m.group(0))
    if v < -2147483648 or v > 2147483647:
        raise _CsvRangeError()
    return v


def _to_float(s):
    """``std::stof``: leading float of the field (decimal, hex, inf, nan)."""
    m = _FLOAT_RE.match(s)
    if m is None:
        raise _CsvTypeError()
    sign, hexpart, dec, special = m.groups()
    if hexpart is not None:
        body = hexpart if re.search(r"[pP]", hexpart) else hexpart + "p0"
        v = float.fromhex(body)
    elif dec is not None:
        v = float(dec)
    else:
        v = float("nan") if special.lower().startswith("nan") else float("inf")
    if sign == "-":
        v = -v
    if v == v and abs(v) != float("inf"):
        with np.errstate(over="ignore"):
            overflow = bool(np.isinf(np.float32(v)))
        if overflow or (v != 0 and abs(v) < _FLT_MIN):
            raise _CsvRangeError()
    return v


def _csv_error(path, line, kind):
    if kind == "type":
        return _pipeline_error("Invalid csv, csv file: {} parse failed at line {}, type does not match."
                               .format(path, line))
    return _pipeline_error("Invalid csv, {} parse failed at line {} : value out of range.".format(path, line))


def _count_csv(text):
    """MindSpore's row count of a csv body (its quote-aware line counter)."""
    if '"' not in text:
        return sum(1 for line in re.split(r"[\r\n]", text) if line)
    count, state = 0, 0  # 0 start/end-of-line, 1 unquoted, 2 quoted, 3 after a closing quote
    for ch in text:
        if ch == '"':
            state = 3 if state == 2 else 2
        elif ch in "\r\n":
            if state in (1, 3):
                count += 1
                state = 0
        elif state != 2:
            state = 1
    if state in (1, 3):
        count += 1
    return count


def _parse_csv(text, delim, path):
    """Rows (lists of field strings) of a csv body, with MindSpore's parser rules."""
    if '"' not in text:
        lines = re.split(r"([\r\n])", text)
        rows = []
        # lines alternate content / terminator; a last line without terminator is only kept when it
        # has a delimiter (MindSpore's parser drops a final single-field line without newline)
        for i in range(0, len(lines), 2):
            line = lines[i]
            if not line:
                continue
            terminated = i + 1 < len(lines)
            if not terminated and delim not in line:
                continue
            rows.append(line.split(delim))
        return rows
    rows, fields, buf = [], [], []
    state = "start"  # start, unquote, delim, quote, second, eol
    def fail(msg):
        return _pipeline_error("Invalid file, failed to parse csv file: {} at line {}. Error message: {}"
                               .format(path, len(rows) + 1, msg))

    for ch in text:
        if ch == delim:
            kind = "d"
        elif ch == '"':
            kind = "q"
        elif ch in "\r\n":
            kind = "e"
        else:
            kind = "n"
        if state in ("start", "eol"):
            if kind == "n":
                buf = [ch]
                state = "unquote"
            elif kind == "d":
                fields.append("")
                buf = []
                state = "delim"
            elif kind == "q":
                buf = []
                state = "quote"
        elif state == "quote":
            if kind == "q":
                state = "second"
            else:
                buf.append(ch)
        elif kind == "d":   # (unquote, delim, second) the field ends
            fields.append("".join(buf))
            buf = []
            state = "delim"
        elif kind == "e":   # (unquote, delim, second) the row ends
            fields.append("".join(buf))
            rows.append(fields)
            fields, buf = [], []
            state = "eol"
        elif state == "unquote":
            if kind == "q":
                raise fail("Invalid csv file, unexpected quote in unquote field from {}.".format(path))
            buf.append(ch)
        elif state == "delim":
            if kind == "q":
                buf = []
                state = "quote"
            else:
                buf.append(ch)
                state = "unquote"
        else:   # second: after a quote inside a quoted field
            if kind != "q":
                raise fail("Invalid csv file, receive unquote char in quote field, check {}.".format(path))
            buf.append('"')
            state = "quote"
    # end of file
    if state == "quote":
        raise fail("Invalid csv file, reach the end of file in quote field, check {}.".format(path))
    if state in ("unquote", "delim", "second") and fields:
        fields.append("".join(buf))
        rows.append(fields)
    return rows


def _split_header(line, delim):
    parts = line.split(delim)
    if parts and parts[-1] == "":
        parts.pop()
    return parts


class CSVDataset(_FileRows):
    """Rows of csv files; column types from ``column_defaults`` (int -> int32, float -> float32, str)."""

    _name = "CSV"
    _cap_workers = True

    def __init__(self, dataset_files, field_delim=',', column_defaults=None, column_names=None, num_samples=None,
                 num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        _check_files_arg(dataset_files)
        if field_delim is not None:
            _type_check(field_delim, (str,), "field delim")
            if field_delim in ['"', '\r', '\n'] or len(field_delim) > 1:
                raise ValueError("field_delim is invalid.")
        if column_defaults is not None:
            if not isinstance(column_defaults, list):
                raise TypeError("column_defaults should be type of list.")
            for item in column_defaults:
                if not isinstance(item, (str, int, float)):
                    raise TypeError("column type in column_defaults is invalid.")
        if column_names is not None:
            if not all(isinstance(item, str) for item in column_names):
                raise TypeError("column_names should be a list of str.")
        _check_common(num_samples, num_parallel_workers, num_shards, shard_id, cache)
        _shuffle_mode(shuffle)
        super().__init__(dataset_files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)
        self.field_delim = ',' if field_delim is None else field_delim
        self.column_defaults = list(column_defaults) if column_defaults else []
        self.column_names = list(column_names) if column_names else []
        self._types_cache = None
        self._names_cache = None

    def _header(self, path):
        data = _read_text(path)
        nl = data.find(b"\n")
        first = data if nl < 0 else data[:nl]
        return _split_header(first.decode("utf-8", "replace"), self.field_delim)

    def _columns(self):
        if self._names_cache is None:
            self._names_cache = self._find_columns()
        return list(self._names_cache)

    def _find_columns(self):
        if self.column_names:
            names = list(self.column_names)
        else:
            # every file must have the first file's header (compared before the '\r' of a CRLF line is
            # dropped, as MindSpore does); the names are the first file's, without that '\r'
            headers = [self._header(path) for path in self.dataset_files]
            if any(h != headers[0] for h in headers[1:]):
                raise _pipeline_error("Invalid file, failed to obtain column name from input CSV file list.")
            names = [n.rstrip("\r") for n in headers[0]]
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise _pipeline_error("Invalid parameter, duplicate column {} for csv file: {}."
                                  .format(dup, self.dataset_files[0]))
        if len(self.column_defaults) > len(names):
            raise _pipeline_error("Invalid parameter, the size of column_names should be equal to the size of "
                                  "'column_defaults', but got  size of 'column_defaults': {}, size of column_names: {}"
                                  .format(len(self.column_defaults), len(names)))
        return names

    def _types(self):
        if self._types_cache is None:
            ncols = len(self._columns())
            types = []
            for d in self.column_defaults:
                types.append(_STRING if isinstance(d, str) else (_FLOAT if isinstance(d, float) else _INT))
            types += [_STRING] * (ncols - len(types))
            self._types_cache = types
        return self._types_cache

    def _body(self, path):
        data = _read_text(path)
        if not self.column_names:
            nl = data.find(b"\n")
            data = b"" if nl < 0 else data[nl + 1:]
        return data.decode("utf-8", "replace")

    def _count_file(self, path):
        cache = self._source
        key = ("count", path)
        n = cache.files.get(key)
        if n is None:
            n = _count_csv(self._body(path))
            with cache.lock:
                cache.files[key] = n
        return n

    def _parse_file(self, path):
        types = self._types()
        ncols = len(types)
        out = []
        for i, fields in enumerate(_parse_csv(self._body(path), self.field_delim, path)):
            if len(fields) != ncols:
                raise _pipeline_error(
                    "Invalid file, failed to parse csv file: {} at line {}. Error message: Invalid columns, the size "
                    "of column_names should be equal to the size of columns of loading data, but got {} columns and "
                    "{} fields.".format(path, i + 1, ncols, len(fields)))
            row = []
            for t, f in zip(types, fields):
                try:
                    if t == _INT:
                        row.append(np.asarray(_to_int(f), np.int32))
                    elif t == _FLOAT:
                        row.append(np.asarray(_to_float(f), np.float32))
                    else:
                        row.append(np.asarray(f))
                except _CsvTypeError:
                    raise _csv_error(path, i + 1, "type") from None
                except _CsvRangeError:
                    raise _csv_error(path, i + 1, "range") from None
            out.append(row)
        return out

    def _emit(self, row):
        return list(row)
