"""MindRecord files (mscompat.mindrecord) in MindSpore's real format: round trips both ways, shards, blobs,
corruption.  The oracle tests run real MindSpore (``parity_tests.oracle.oracle_python()``) in a subprocess."""
import json
import os
import struct
import subprocess
import textwrap

import numpy as np
import pytest

from mscompat.mindrecord import FileWriter, FileReader
from mscompat.mindrecord import (MRMInvalidSchemaError, MRMDefineIndexError, MRMBuildSchemaError,
                                 MRMAddSchemaError, ParamTypeError, ParamValueError)
from mscompat.mindrecord.filereader import MindRecordFiles, dataset_row
from parity_tests.oracle import oracle_python

SCHEMA = {"i32": {"type": "int32"}, "i64": {"type": "int64"}, "f32": {"type": "float32"},
          "f64": {"type": "float64"}, "s": {"type": "string"}, "img": {"type": "bytes"},
          "arr": {"type": "float32", "shape": [2, 3]}, "v": {"type": "int64", "shape": [-1]},
          "w": {"type": "int32", "shape": [-1]}}

# the same rows are built by the oracle script below (keep both in sync)
ROWS_SRC = """
def make_rows(n, np):
    rows = []
    for i in range(n):
        rows.append({"i32": i - 3, "i64": 2**40 + i, "f32": 1.5 * i + 0.25, "f64": 0.1 * i, "s": "str%d-ü" % i,
                     "img": bytes(range(i % 7, i % 7 + 20)) * (i + 1),
                     "arr": np.arange(6, dtype=np.float32).reshape(2, 3) * (i + 1),
                     "v": np.arange(i + 1, dtype=np.int64) * (-300) ** (i % 4),
                     "w": np.array([i, -i, 40000 * i, -2**31], np.int32)})
    return rows
"""
_ns = {}
exec(ROWS_SRC, _ns)
def make_rows(n):
    return _ns["make_rows"](n, np)

ENCODE_SRC = """
def enc(v, np):
    if isinstance(v, np.ndarray):
        return {"nd": str(v.dtype), "shape": list(v.shape), "hex": np.ascontiguousarray(v).tobytes().hex()}
    if isinstance(v, bytes):
        return {"bytes": v.hex()}
    if isinstance(v, float):
        return {"float": v.hex()}
    if isinstance(v, int):
        return {"int": str(v)}
    if isinstance(v, str):
        return {"str": v}
    raise TypeError(type(v))
"""
exec(ENCODE_SRC, _ns)
enc = _ns["enc"]


def _enc_rows(rows):
    return [{k: [type(v).__name__, enc(v, np)] for k, v in r.items()} for r in rows]


def _oracle(script, tmp_path):
    py = oracle_python()
    if py is None:
        pytest.skip("the MindSpore oracle (.oracle/bin/python or $MSCOMPAT_ORACLE_PYTHON) is not installed")
    path = tmp_path / "oracle_script.py"
    path.write_text(ROWS_SRC + ENCODE_SRC + textwrap.dedent(script))
    env = dict(os.environ, GLOG_v="3")
    env.pop("PYTHONPATH", None)
    proc = subprocess.run([py, str(path)], cwd=str(tmp_path), env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")][-1]
    return json.loads(line[len("RESULT "):])


def _write(path, rows, shard_num=1, page_size=None, index=("s", "i32"), chunk=None):
    w = FileWriter(str(path), shard_num=shard_num, overwrite=True)
    if page_size:
        w.set_page_size(page_size)
    w.add_schema(SCHEMA, "test schema")
    if index:
        w.add_index(list(index))
    chunk = chunk or len(rows)
    for k in range(0, len(rows), chunk):
        w.write_raw_data(rows[k:k + chunk])
    w.commit()


def _assert_rows_equal(got, want):
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert list(g) == list(w)
        for k in w:
            if isinstance(w[k], np.ndarray):
                assert isinstance(g[k], np.ndarray) and g[k].dtype == w[k].dtype and g[k].shape == w[k].shape, k
                np.testing.assert_array_equal(g[k], w[k])
            else:
                assert type(g[k]) is type(w[k]) and g[k] == w[k], (k, g[k], w[k])


def _sorted_key(row):
    return row["i64"]


# ------------------------------------------------------------------ mscompat only

def test_round_trip_single_shard(tmp_path):
    rows = make_rows(9)
    _write(tmp_path / "a.mindrecord", [dict(r) for r in rows], chunk=4)
    r = FileReader(str(tmp_path / "a.mindrecord"))
    got = list(r.get_next())
    assert r.len() == 9
    assert r.schema() == {k: dict(sorted(v.items())) for k, v in sorted(SCHEMA.items())}
    assert list(got[0]) == ["f32", "f64", "i32", "i64", "s", "arr", "img", "v", "w"]
    for g, w in zip(got, rows):
        assert g["i32"] == w["i32"] and g["i64"] == w["i64"] and g["s"] == w["s"] and g["img"] == w["img"]
        assert g["f64"] == (int(w["f64"]) if w["f64"] == int(w["f64"]) else w["f64"])  # MindSpore's int quirk
        for k in ("arr", "v", "w"):
            assert g[k].dtype == w[k].dtype
            np.testing.assert_array_equal(g[k], w[k])
    r.close()


def test_multi_shard_and_multi_page(tmp_path):
    rows = make_rows(40)
    _write(tmp_path / "m.mr", [dict(r) for r in rows], shard_num=3, page_size=1 << 15, chunk=7)
    names = sorted(os.listdir(tmp_path))
    assert names == ["m.mr0", "m.mr0.db", "m.mr1", "m.mr1.db", "m.mr2", "m.mr2.db"]
    got = list(FileReader(str(tmp_path / "m.mr1")).get_next())     # any shard opens the whole set
    assert sorted(g["i64"] for g in got) == [r["i64"] for r in rows]
    one = list(FileReader([str(tmp_path / "m.mr2")]).get_next())   # a list reads only those files
    assert 0 < len(one) < 40


def test_columns_and_reader_checks(tmp_path):
    _write(tmp_path / "c.mr", make_rows(3))
    got = list(FileReader(str(tmp_path / "c.mr"), columns=["s", "v"]).get_next())
    assert [list(g) for g in got] == [["s", "v"]] * 3
    with pytest.raises(RuntimeError, match="column name: zz"):
        FileReader(str(tmp_path / "c.mr"), columns=["zz"])
    with pytest.raises(ParamTypeError):
        FileReader(str(tmp_path / "c.mr"), columns=("s",))
    with pytest.raises(ParamValueError):
        FileReader(str(tmp_path / "c.mr"), num_consumer=0)
    with pytest.raises(RuntimeError, match="is not exists"):
        FileReader(str(tmp_path / "nope.mr"))


def test_writer_validation(tmp_path):
    p = str(tmp_path / "v.mr")
    with pytest.raises(ParamValueError):
        FileWriter("")
    with pytest.raises(ParamValueError):
        FileWriter(p, shard_num=0)
    with pytest.raises(ParamValueError):
        FileWriter(p, shard_num="2")
    with pytest.raises(ParamValueError):
        FileWriter(p, overwrite=1)
    w = FileWriter(p)
    for bad in ({}, [1], {"a-b": {"type": "int32"}}, {"a": {"type": "int8"}}, {"a": {"type": "string", "shape": [2]}},
                {"a": {"type": "int32", "shape": (2,)}}, {"a": "int32"}):
        with pytest.raises(MRMInvalidSchemaError):
            w.add_schema(bad)
    with pytest.raises(MRMBuildSchemaError):
        w.add_schema({"a": {"type": "int32", "shape": [-1, -1]}})
    w.add_schema({"a": {"type": "int32"}, "b": {"type": "bytes"}, "c": {"type": "float32", "shape": [2]}})
    with pytest.raises(MRMAddSchemaError):
        w.add_schema({"a": {"type": "int32"}})
    with pytest.raises(MRMDefineIndexError):
        w.add_index(["b"])
    with pytest.raises(ParamTypeError):
        w.add_index([])
    with pytest.raises(RuntimeError, match="can not found in schema"):
        w.add_index(["zz"])
    with pytest.raises(ParamTypeError):
        w.write_raw_data({"a": 1})
    good = {"a": 1, "b": b"x", "c": np.array([1, 2], np.float32)}
    data = [dict(good, c=np.zeros(3, np.float32)), dict(good, a=np.int64(3)), dict(good)]
    w.write_raw_data(data)                 # invalid rows are dropped (with a warning), like MindSpore
    assert len(data) == 1
    with pytest.raises(RuntimeError, match="no valid data"):
        w.write_raw_data([{"a": 1}])
    w.commit()
    with pytest.raises(RuntimeError, match="flushed"):
        w.write_raw_data([good])
    w2 = FileWriter(p)
    w2.add_schema({"a": {"type": "int32"}})
    with pytest.raises(RuntimeError, match="already exist"):
        w2.write_raw_data([{"a": 1}])
    w3 = FileWriter(str(tmp_path / "no_dir" / "x.mr"))
    w3.add_schema({"a": {"type": "int32"}})
    with pytest.raises(RuntimeError, match="Invalid dir"):
        w3.write_raw_data([{"a": 1}])
    w4 = FileWriter(str(tmp_path / "empty_blob.mr"))
    w4.add_schema({"a": {"type": "int32"}, "b": {"type": "bytes"}})
    with pytest.raises(RuntimeError, match="not equal to blob data size"):   # MindSpore's own failure mode
        w4.write_raw_data([{"a": 1, "b": b""}])
    w5 = FileWriter(str(tmp_path / "no_schema.mr"))
    with pytest.raises(RuntimeError, match="schema is not found"):
        w5.write_raw_data([{"a": 1}])
    w6 = FileWriter(str(tmp_path / "sizes.mr"))
    with pytest.raises(RuntimeError, match="header size"):
        w6.set_header_size(1000)
    with pytest.raises(RuntimeError, match="page size"):
        w6.set_page_size(1000)
    w6.set_page_size(1 << 15)
    w6.add_schema({"b": {"type": "bytes"}})
    with pytest.raises(RuntimeError, match="too small to save a blob row"):
        w6.write_raw_data([{"b": b"x" * 40000}])


def test_empty_commit_and_no_index(tmp_path):
    w = FileWriter(str(tmp_path / "e.mr"))
    w.add_schema({"s": {"type": "string"}, "i": {"type": "int64"}})
    w.commit()
    r = FileReader(str(tmp_path / "e.mr"))
    assert r.len() == 0 and list(r.get_next()) == []
    w = FileWriter(str(tmp_path / "only_blob.mr"))
    w.add_schema({"a": {"type": "int32", "shape": [-1]}})
    w.write_raw_data([{"a": np.array([1, -70000, 2 ** 31 - 1], np.int32)}])
    w.commit()
    (row,) = FileReader(str(tmp_path / "only_blob.mr")).get_next()
    assert list(row) == ["a"] and row["a"].dtype == np.int32 and row["a"].tolist() == [1, -70000, 2 ** 31 - 1]


def test_mindspore_alias_import():
    import mscompat.alias as alias
    was = alias.is_installed()
    try:
        alias.install()
        from mindspore.mindrecord import FileWriter as FW   # noqa: N811
        assert FW is FileWriter
    finally:
        if not was:
            alias.uninstall()


def _corrupt_cases(path):
    data = bytearray(open(path, "rb").read())
    hs, ps = 1 << 24, 1 << 25
    yield "truncated_end", data[:-10]
    yield "truncated_blob_page", data[:hs + 100]
    yield "truncated_header", data[:300]
    yield "empty", b""
    bad = bytearray(data); bad[0:8] = struct.pack("<Q", 10 ** 9); yield "header_length", bad
    bad = bytearray(data); bad[20] = ord("#"); yield "header_json", bad
    bad = bytearray(data); bad[hs + ps + 8] = 0xC1; yield "raw_msgpack", bad
    bad = bytearray(data); bad[hs + ps] ^= 0x01; yield "raw_length", bad
    bad = bytearray(data); bad[hs + 8 + 7] ^= 0x40; yield "blob_field_length", bad


def test_corrupt_files_raise(tmp_path):
    src = tmp_path / "ok.mr"
    _write(src, make_rows(4))
    ref = open(src, "rb").read()
    for name, content in _corrupt_cases(src):
        os.chmod(src, 0o600)
        open(src, "wb").write(bytes(content))
        with pytest.raises(RuntimeError) as info:
            list(FileReader(str(src)).get_next())
        assert type(info.value) is RuntimeError, name     # MindSpore's class itself
    open(src, "wb").write(ref)
    assert len(list(FileReader(str(src)).get_next())) == 4
    db = str(src) + ".db"
    os.rename(db, db + ".bak")
    with pytest.raises(RuntimeError, match="is not exists"):
        FileReader(str(src))
    open(db, "wb").write(b"garbage" * 100)
    with pytest.raises(RuntimeError):
        FileReader(str(src))
    os.replace(db + ".bak", db)
    os.rename(src, tmp_path / "renamed.mr")
    os.rename(db, str(tmp_path / "renamed.mr") + ".db")
    with pytest.raises(RuntimeError):
        FileReader(str(tmp_path / "renamed.mr"))


# ------------------------------------------------------------------ against real MindSpore

def test_mindspore_writes_mscompat_reads(tmp_path):
    res = _oracle("""
        import json, numpy as np
        from mindspore.mindrecord import FileWriter, FileReader
        schema = %r
        for name, shards, page in (("one.mr", 1, None), ("multi.mr", 3, 1 << 15)):
            w = FileWriter(name, shard_num=shards, overwrite=True)
            if page: w.set_page_size(page)
            w.add_schema(schema, "test schema"); w.add_index(["s", "i32"])
            rows = make_rows(30, np)
            for k in range(0, 30, 7): w.write_raw_data(rows[k:k + 7])
            w.commit()
        out = {}
        for name in ("one.mr", "multi.mr0"):
            r = FileReader(name)
            out[name] = [{k: [type(v).__name__, enc(v, np)] for k, v in row.items()} for row in r.get_next()]
            r.close()
        print("RESULT " + json.dumps(out))
    """ % (SCHEMA,), tmp_path)
    for name in ("one.mr", "multi.mr0"):
        got = list(FileReader(str(tmp_path / name)).get_next())
        assert _enc_rows(got) == res[name], name


def test_mscompat_writes_mindspore_reads(tmp_path):
    rows = make_rows(30)
    _write(tmp_path / "one.mr", [dict(r) for r in rows], chunk=7)
    _write(tmp_path / "multi.mr", [dict(r) for r in rows], shard_num=3, page_size=1 << 15, chunk=7)
    mine = {n: _enc_rows(list(FileReader(str(tmp_path / n)).get_next())) for n in ("one.mr", "multi.mr0")}
    res = _oracle("""
        import json, numpy as np
        from mindspore.mindrecord import FileReader
        import mindspore.dataset as ds
        out = {}
        for name in ("one.mr", "multi.mr0"):
            r = FileReader(name)
            out[name] = [{k: [type(v).__name__, enc(v, np)] for k, v in row.items()} for row in r.get_next()]
            r.close()
            out[name + ":len"] = ds.MindDataset(name, shuffle=False).get_dataset_size()
            out[name + ":md"] = [{k: [str(v.dtype), list(v.shape), v.tolist() if v.dtype.kind != "S" else v[0].hex()]
                                  for k, v in row.items()}
                                 for row in ds.MindDataset(name, shuffle=False).create_dict_iterator(output_numpy=True)]
        print("RESULT " + json.dumps(out))
    """, tmp_path)
    for name in ("one.mr", "multi.mr0"):
        assert res[name] == mine[name], name
        assert res[name + ":len"] == 30
        md = res[name + ":md"]
        assert [r["i64"][2] for r in md] == [r["i64"] for r in make_rows(30)] if name == "one.mr" else \
            sorted(r["i64"][2] for r in md) == [r["i64"] for r in make_rows(30)]
        files = MindRecordFiles(str(tmp_path / name))
        mine_md = [{k: [str(v.dtype), list(v.shape), v.tolist() if v.dtype.kind != "S" else v[0].hex()]
                    for k, v in dataset_row(raw, blobs, files.schema).items()} for raw, blobs in files.iter_rows()]
        assert mine_md == md, name
        first = next(m for m in md if m["i64"][2] == 2 ** 40 + 5)
        assert first["arr"] == ["float32", [2, 3], (np.arange(6).reshape(2, 3) * 6.0).tolist()]
        assert first["w"][:2] == ["int32", [4]] and first["v"][:2] == ["int64", [6]]
        assert first["img"][0] == "|S120" or first["img"][0].startswith("|S")
        assert first["f32"][:2] == ["float32", []] and first["s"][0].startswith("<U")


def test_byte_identical_to_mindspore(tmp_path):
    res = _oracle("""
        import json, hashlib, numpy as np
        from mindspore.mindrecord import FileWriter
        schema = %r
        w = FileWriter("ms.mr", overwrite=True)
        w.set_page_size(1 << 15)
        w.add_schema(schema, "test schema"); w.add_index(["s", "i32"])
        rows = make_rows(30, np)
        for k in range(0, 30, 7): w.write_raw_data(rows[k:k + 7])
        w.commit()
        print("RESULT " + json.dumps(hashlib.sha256(open("ms.mr", "rb").read()).hexdigest()))
    """ % (SCHEMA,), tmp_path)
    import hashlib
    w = FileWriter(str(tmp_path / "ms.mr"), overwrite=True)   # same base name: it is stored in the header
    w.set_page_size(1 << 15)
    w.add_schema(SCHEMA, "test schema")
    w.add_index(["s", "i32"])
    rows = make_rows(30)
    for k in range(0, 30, 7):
        w.write_raw_data(rows[k:k + 7])
    w.commit()
    assert hashlib.sha256(open(tmp_path / "ms.mr", "rb").read()).hexdigest() == res


def test_append_both_ways(tmp_path):
    rows = make_rows(12)
    _write(tmp_path / "ap.mr", [dict(r) for r in rows[:5]], page_size=1 << 15)
    res = _oracle("""
        import json, numpy as np
        from mindspore.mindrecord import FileWriter, FileReader
        w = FileWriter.open_for_append("ap.mr")
        w.write_raw_data(make_rows(12, np)[5:9])
        w.commit()
        r = FileReader("ap.mr")
        print("RESULT " + json.dumps([{k: [type(v).__name__, enc(v, np)] for k, v in row.items()}
                                      for row in r.get_next()]))
    """, tmp_path)
    assert _enc_rows(list(FileReader(str(tmp_path / "ap.mr")).get_next())) == res
    w = FileWriter.open_for_append(str(tmp_path / "ap.mr"))
    w.write_raw_data([dict(r) for r in rows[9:]])
    w.commit()
    mine = _enc_rows(list(FileReader(str(tmp_path / "ap.mr")).get_next()))
    assert len(mine) == 12
    res = _oracle("""
        import json, numpy as np
        from mindspore.mindrecord import FileReader
        r = FileReader("ap.mr")
        print("RESULT " + json.dumps([{k: [type(v).__name__, enc(v, np)] for k, v in row.items()}
                                      for row in r.get_next()]))
    """, tmp_path)
    assert res == mine
