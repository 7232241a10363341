"""``MindDataset`` over MindRecord files: round trips in both directions with real MindSpore (one file
and shard groups, several pages, blob fields holding image bytes), MindSpore's row orders, and
corrupt files (a RuntimeError, never a hang or wrong rows).  The oracle parts run real MindSpore
in a subprocess (see ``test_mindrecord._oracle``); parity_tests/cases/dataset_mindrecord.py covers
the arguments case by case."""
import os
import struct
import textwrap

import numpy as np
import pytest

import mscompat.dataset as ds
from mscompat.mindrecord import FileWriter
from test_mindrecord import SCHEMA, _oracle, _write, make_rows

# PNG images made from deterministic pixels (the oracle script builds the same ones)
IMAGES_SRC = """
def make_images(n, np):
    import io
    from PIL import Image
    out = []
    for i in range(n):
        px = ((np.arange(8 * 10 * 3).reshape(8, 10, 3) * (i + 3)) % 251).astype(np.uint8)
        buf = io.BytesIO()
        Image.fromarray(px).save(buf, format="PNG")
        out.append((px, buf.getvalue()))
    return out
"""
_ns = {}
exec(IMAGES_SRC, _ns)


def make_images(n):
    return _ns["make_images"](n, np)


@pytest.fixture(autouse=True)
def _keep_seed():
    """Tests here set ds.config's seed; put back what the session had."""
    from mscompat.dataset import _engine_config
    was = _engine_config._state["seed"]
    yield
    _engine_config._state["seed"] = was


IMG_SCHEMA = {"label": {"type": "int32"}, "image": {"type": "bytes"}, "name": {"type": "string"}}

# how the oracle script and this module describe MindDataset rows (numpy values)
DESCRIBE_SRC = """
def describe(row, np):
    out = {}
    for k, v in row.items():
        v = np.asarray(v)
        if v.dtype.kind == "S":
            out[k] = [str(v.dtype), list(v.shape), [b.hex() for b in v.reshape(-1).tolist()]]
        elif v.dtype.kind == "U":
            out[k] = [str(v.dtype), list(v.shape), v.tolist()]
        else:
            out[k] = [str(v.dtype), list(v.shape), np.ascontiguousarray(v).tobytes().hex()]
    return out
"""
exec(DESCRIBE_SRC, _ns)


def describe(row):
    return _ns["describe"](row, np)


def _oracle_md(script, tmp_path):
    return _oracle(IMAGES_SRC + DESCRIBE_SRC + textwrap.dedent(script), tmp_path)


def _rows_of(data, epochs=1):
    it = data.create_dict_iterator(num_epochs=epochs, output_numpy=True)
    return [[describe(r) for r in it] for _ in range(epochs)]


def _write_images(path, shard_num=1, n=12):
    w = FileWriter(str(path), shard_num=shard_num, overwrite=True)
    w.add_schema(IMG_SCHEMA, "images")
    w.add_index(["label"])
    w.write_raw_data([{"label": i % 4, "image": png, "name": "img%02d" % i} for i, (_, png) in
                      enumerate(make_images(n))])
    w.commit()


# ------------------------------------------------------------------ against real MindSpore

def test_mindspore_writes_minddataset_reads(tmp_path):
    """Files written by MindSpore (one file, 3 shards over several pages, PNG bytes) read by mscompat's
    MindDataset give exactly MindSpore's MindDataset rows, in order and with seeded shuffles / shards."""
    res = _oracle_md("""
        import json, numpy as np
        import mindspore.dataset as ds
        from mindspore.mindrecord import FileWriter
        schema = %r
        img_schema = %r
        for name, shards, page in (("one.mr", 1, None), ("multi.mr", 3, 1 << 15)):
            w = FileWriter(name, shard_num=shards, overwrite=True)
            if page: w.set_page_size(page)
            w.add_schema(schema, "test schema"); w.add_index(["s", "i32"])
            rows = make_rows(30, np)
            for k in range(0, 30, 6): w.write_raw_data(rows[k:k + 6])
            w.commit()
        w = FileWriter("img.mr", shard_num=2, overwrite=True)
        w.add_schema(img_schema, "images"); w.add_index(["label"])
        w.write_raw_data([{"label": i %% 4, "image": png, "name": "img%%02d" %% i}
                          for i, (_, png) in enumerate(make_images(12, np))])
        w.commit()
        def rows(d, epochs=1):
            it = d.create_dict_iterator(num_epochs=epochs, output_numpy=True)
            return [[describe(r, np) for r in it] for _ in range(epochs)]
        out = {}
        out["one"] = rows(ds.MindDataset("one.mr", shuffle=False))
        out["multi"] = rows(ds.MindDataset("multi.mr1", shuffle=False))
        out["multi_list"] = rows(ds.MindDataset(["multi.mr2", "multi.mr0"], shuffle=False, columns_list=["i64", "img"]))
        ds.config.set_seed(1234)
        out["multi_shuffled"] = rows(ds.MindDataset("multi.mr0", columns_list=["i64"]), 2)
        out["multi_files"] = rows(ds.MindDataset("multi.mr0", columns_list=["i64"], shuffle=ds.Shuffle.FILES), 2)
        out["multi_shard"] = rows(ds.MindDataset("multi.mr0", num_shards=4, shard_id=1, columns_list=["i64", "s"]), 2)
        out["img"] = rows(ds.MindDataset("img.mr0", shuffle=False))
        import mindspore.dataset.vision as vision
        out["decoded"] = rows(ds.MindDataset("img.mr0", shuffle=False, columns_list=["image", "label"]).map(
            vision.Decode(), input_columns=["image"]))
        out["sizes"] = [ds.MindDataset("multi.mr0").get_dataset_size(),
                        ds.MindDataset(["multi.mr1"]).get_dataset_size()]
        print("RESULT " + json.dumps(out))
    """ % (SCHEMA, IMG_SCHEMA), tmp_path)
    t = str(tmp_path)
    assert _rows_of(ds.MindDataset(os.path.join(t, "one.mr"), shuffle=False)) == res["one"]
    assert _rows_of(ds.MindDataset(os.path.join(t, "multi.mr1"), shuffle=False)) == res["multi"]
    assert _rows_of(ds.MindDataset([os.path.join(t, "multi.mr2"), os.path.join(t, "multi.mr0")], shuffle=False,
                                   columns_list=["i64", "img"])) == res["multi_list"]
    ds.config.set_seed(1234)
    assert _rows_of(ds.MindDataset(os.path.join(t, "multi.mr0"), columns_list=["i64"]), 2) == res["multi_shuffled"]
    assert _rows_of(ds.MindDataset(os.path.join(t, "multi.mr0"), columns_list=["i64"], shuffle=ds.Shuffle.FILES),
                    2) == res["multi_files"]
    assert _rows_of(ds.MindDataset(os.path.join(t, "multi.mr0"), num_shards=4, shard_id=1,
                                   columns_list=["i64", "s"]), 2) == res["multi_shard"]
    assert _rows_of(ds.MindDataset(os.path.join(t, "img.mr0"), shuffle=False)) == res["img"]
    decoded = ds.MindDataset(os.path.join(t, "img.mr0"), shuffle=False, columns_list=["image", "label"]).map(
        ds.vision.Decode(), input_columns=["image"])
    assert _rows_of(decoded) == res["decoded"]
    assert [ds.MindDataset(os.path.join(t, "multi.mr0")).get_dataset_size(),
            ds.MindDataset([os.path.join(t, "multi.mr1")]).get_dataset_size()] == res["sizes"]
    # the decoded pixels are the images that were encoded
    images = make_images(12)
    for row in decoded.create_dict_iterator(output_numpy=True, num_epochs=1):
        assert any(np.array_equal(row["image"], px) for px, _ in images)
    assert len(res["multi"][0]) == 30 and res["sizes"][0] == 30


def test_mscompat_writes_mindspore_minddataset_reads(tmp_path):
    """Files written by mscompat read by MindSpore's MindDataset give exactly mscompat's rows."""
    rows = make_rows(30)
    _write(tmp_path / "one.mr", [dict(r) for r in rows], chunk=7)
    _write(tmp_path / "multi.mr", [dict(r) for r in rows], shard_num=3, page_size=1 << 15, chunk=6)
    _write_images(tmp_path / "img.mr", shard_num=2)
    t = str(tmp_path)
    ds.config.set_seed(77)
    mine = {
        "one": _rows_of(ds.MindDataset(os.path.join(t, "one.mr"), shuffle=False)),
        "multi": _rows_of(ds.MindDataset(os.path.join(t, "multi.mr2"), shuffle=False)),
        "multi_shuffled": _rows_of(ds.MindDataset(os.path.join(t, "multi.mr0"), columns_list=["i64", "v"]), 2),
        "multi_infile": _rows_of(ds.MindDataset(os.path.join(t, "multi.mr0"), columns_list=["i64"],
                                                shuffle=ds.Shuffle.INFILE), 2),
        "multi_sampler": _rows_of(ds.MindDataset(os.path.join(t, "multi.mr0"), columns_list=["i64"],
                                                 sampler=ds.DistributedSampler(3, 2)), 2),
        "img": _rows_of(ds.MindDataset(os.path.join(t, "img.mr1"), shuffle=False)),
        "decoded": _rows_of(ds.MindDataset(os.path.join(t, "img.mr0"), columns_list=["image"], shuffle=False).map(
            ds.vision.Decode(), input_columns=["image"])),
        "padded": _rows_of(ds.MindDataset(os.path.join(t, "img.mr0"), columns_list=["label", "image"],
                                          padded_sample={"label": -1, "image": b"none"}, num_padded=4,
                                          num_shards=4, shard_id=3, shuffle=False)),
    }
    res = _oracle_md("""
        import json, numpy as np
        import mindspore.dataset as ds
        import mindspore.dataset.vision as vision
        def rows(d, epochs=1):
            it = d.create_dict_iterator(num_epochs=epochs, output_numpy=True)
            return [[describe(r, np) for r in it] for _ in range(epochs)]
        ds.config.set_seed(77)
        out = {
            "one": rows(ds.MindDataset("one.mr", shuffle=False)),
            "multi": rows(ds.MindDataset("multi.mr2", shuffle=False)),
            "multi_shuffled": rows(ds.MindDataset("multi.mr0", columns_list=["i64", "v"]), 2),
            "multi_infile": rows(ds.MindDataset("multi.mr0", columns_list=["i64"], shuffle=ds.Shuffle.INFILE), 2),
            "multi_sampler": rows(ds.MindDataset("multi.mr0", columns_list=["i64"],
                                                 sampler=ds.DistributedSampler(3, 2)), 2),
            "img": rows(ds.MindDataset("img.mr1", shuffle=False)),
            "decoded": rows(ds.MindDataset("img.mr0", columns_list=["image"], shuffle=False).map(
                vision.Decode(), input_columns=["image"])),
            "padded": rows(ds.MindDataset("img.mr0", columns_list=["label", "image"],
                                          padded_sample={"label": -1, "image": b"none"}, num_padded=4,
                                          num_shards=4, shard_id=3, shuffle=False)),
        }
        print("RESULT " + json.dumps(out))
    """, tmp_path)
    for k in mine:
        assert mine[k] == res[k], k
    assert len(res["one"][0]) == 30 and len(res["img"][0]) == 12 and len(res["padded"][0]) == 4
    assert res["padded"][0][-1]["label"] == ["int32", [], np.array(-1, np.int32).tobytes().hex()]


# ------------------------------------------------------------------ mscompat only

@pytest.fixture
def group(tmp_path):
    _write(tmp_path / "g.mr", [dict(r) for r in make_rows(20)], shard_num=3, page_size=1 << 15, chunk=5)
    return str(tmp_path / "g.mr0")


def _ids(data, epochs=1):
    it = data.create_dict_iterator(num_epochs=epochs, output_numpy=True)
    return [[int(r["i32"]) for r in it] for _ in range(epochs)]


def test_rows_match_file_reader(group):
    from mscompat.mindrecord import FileReader
    got = list(ds.MindDataset(group, shuffle=False).create_dict_iterator(output_numpy=True, num_epochs=1))
    ref = list(FileReader(group).get_next())
    assert [int(r["i32"]) for r in got] == [r["i32"] for r in ref]
    for g, r in zip(got, ref):
        assert g["img"].dtype.kind == "S" and g["img"].shape == (1,) and g["img"][0] == r["img"]
        assert g["s"].dtype.kind == "U" and g["s"].shape == () and str(g["s"]) == r["s"]
        assert g["arr"].dtype == np.float32 and g["arr"].shape == (2, 3)
        np.testing.assert_array_equal(g["v"], r["v"])


def test_seeded_orders_are_reproducible_and_reshuffle(group):
    ds.config.set_seed(3)
    a = _ids(ds.MindDataset(group), 3)
    ds.config.set_seed(3)
    b = _ids(ds.MindDataset(group, num_parallel_workers=2), 3)
    assert a == b and a[0] != a[1] and sorted(a[0]) == list(range(-3, 17))
    shards = [_ids(ds.MindDataset(group, num_shards=3, shard_id=k, shuffle=False))[0] for k in range(3)]
    assert sorted(sum(shards, [])) == sorted(list(range(-3, 17)) + [-3])   # 21 slots: one row repeats
    assert ds.MindDataset(group, num_shards=3, shard_id=0).get_dataset_size() == 7


def test_parallel_workers_keep_order(tmp_path):
    _write(tmp_path / "big.mr", [dict(r, i32=i) for i, r in enumerate(make_rows(300))], shard_num=2, chunk=50)
    one = _ids(ds.MindDataset(str(tmp_path / "big.mr0"), shuffle=False, num_parallel_workers=1))
    two = _ids(ds.MindDataset(str(tmp_path / "big.mr0"), shuffle=False, num_parallel_workers=2))
    assert one == two and sorted(one[0]) == list(range(300)) and one[0][:3] == [0, 1, 2]


def test_resume_from_step(group):
    ds.config.set_seed(5)
    full = _ids(ds.MindDataset(group, columns_list=["i32"]), 2)
    data = ds.MindDataset(group, columns_list=["i32"])
    data.set_init_step(25)   # epoch 1, row 5
    it = data.create_dict_iterator(num_epochs=2, output_numpy=True)
    assert [int(r["i32"]) for r in it] == full[1][5:]


def test_getitem_and_metadata(group):
    data = ds.MindDataset(group, shuffle=False, columns_list=["s", "i32", "img"])
    assert data.get_col_names() == ["s", "i32", "img"]
    assert [str(t) for t in data.output_types()] == ["<U0", "int32", "|S0"]
    assert data.output_shapes() == [[], [], [1]]
    order = _ids(ds.MindDataset(group, shuffle=False))[0]
    assert [int(data[k][1]) for k in (0, 4, 19)] == [order[0], order[4], order[19]]
    with pytest.raises(ValueError):
        data[-1]


def _damaged(tmp_path, kind):
    src = tmp_path / "ok.mr"
    _write(src, make_rows(4))
    data = bytearray(open(src, "rb").read())
    hs, ps = 1 << 24, 1 << 25
    if kind == "truncated_end":
        data = data[:-10]
    elif kind == "truncated_page":
        data = data[:hs + 100]
    elif kind == "truncated_header":
        data = data[:300]
    elif kind == "empty":
        data = b""
    elif kind == "header_length":
        data[0:8] = struct.pack("<Q", 10 ** 9)
    elif kind == "header_json":
        data[20] = ord("#")
    elif kind == "raw_page":
        data[hs + ps + 8] = 0xC1
    elif kind == "raw_length":
        data[hs + ps] ^= 0x01
    elif kind == "page_table":
        k = data.find(b'"page_size"')
        data[k:k + 11] = b'"page_sizf"'
    os.chmod(src, 0o600)
    with open(src, "wb") as f:
        f.write(bytes(data))
    return str(src)


@pytest.mark.parametrize("kind", ["truncated_end", "truncated_page", "truncated_header", "empty", "header_length",
                                  "header_json", "raw_page", "raw_length", "page_table"])
def test_corrupt_file_raises_runtime_error(tmp_path, kind):
    path = _damaged(tmp_path, kind)
    with pytest.raises(RuntimeError) as info:
        data = ds.MindDataset(path, shuffle=False)
        data.get_dataset_size()
        list(data.create_dict_iterator(num_epochs=1, output_numpy=True))
    assert type(info.value) is RuntimeError     # MindSpore's class itself


def test_missing_or_wrong_index_file(tmp_path):
    src = tmp_path / "ok.mr"
    _write(src, make_rows(4))
    db = str(src) + ".db"
    os.rename(db, db + ".bak")
    with pytest.raises(RuntimeError, match="is not exists"):
        ds.MindDataset(str(src))
    with open(db, "wb") as f:
        f.write(b"garbage" * 100)
    with pytest.raises(RuntimeError):
        ds.MindDataset(str(src)).get_dataset_size()
    os.replace(db + ".bak", db)
    assert ds.MindDataset(str(src), shuffle=False).get_dataset_size() == 4
    other = tmp_path / "other.mr"
    _write(other, make_rows(2))
    os.replace(str(other) + ".db", db)           # an index file of another data file
    with pytest.raises(RuntimeError):
        list(ds.MindDataset(str(src), shuffle=False).create_dict_iterator(num_epochs=1))


def test_missing_shard_of_group(tmp_path):
    _write(tmp_path / "g.mr", make_rows(6), shard_num=2)
    os.remove(tmp_path / "g.mr1")
    with pytest.raises(RuntimeError):
        ds.MindDataset(str(tmp_path / "g.mr0")).get_dataset_size()


def test_images_decode_after_reading(tmp_path):
    _write_images(tmp_path / "img.mr", n=5)
    data = ds.MindDataset(str(tmp_path / "img.mr"), columns_list=["image", "label"], shuffle=False)
    data = data.map(ds.vision.Decode(), input_columns=["image"]).batch(5)
    batch = next(data.create_dict_iterator(output_numpy=True, num_epochs=1))
    assert batch["image"].shape == (5, 8, 10, 3) and batch["label"].tolist() == [0, 1, 2, 3, 0]
    for got, (px, _) in zip(batch["image"], make_images(5)):
        np.testing.assert_array_equal(got, px)
