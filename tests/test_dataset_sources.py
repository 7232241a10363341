"""File-format sources (MNIST, CIFAR, ImageFolder, CSV, TextFile): behaviour the parity tables can't express.

Corrupt / truncated files must give a clear RuntimeError naming the file (never wrong rows or a
hang), files are read once, worker counts don't change the rows, and iterators resume mid-epoch.
"""
import copy
import io
import os
import struct

import numpy as np
import pytest

import mscompat.dataset as ds
from mscompat.dataset import _engine_config, _source_text, _source_vision


@pytest.fixture(autouse=True)
def _restore_config():
    saved = dict(_engine_config._state)
    yield
    _engine_config._state.clear()
    _engine_config._state.update(saved)


def _mnist(root, prefix="train", n=10, seed=0, extra_img=b"", extra_lbl=b"", n_header=None):
    rs = np.random.RandomState(seed)
    img = rs.randint(0, 256, (n, 28, 28)).astype(np.uint8)
    lbl = rs.randint(0, 10, n).astype(np.uint8)
    with open(os.path.join(root, prefix + "-images-idx3-ubyte"), "wb") as f:
        f.write(struct.pack(">IIII", 2051, n if n_header is None else n_header, 28, 28) + img.tobytes() + extra_img)
    with open(os.path.join(root, prefix + "-labels-idx1-ubyte"), "wb") as f:
        f.write(struct.pack(">II", 2049, n) + lbl.tobytes() + extra_lbl)
    return img, lbl


def _labels(d, **kw):
    return [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1, **kw)]


# --------------------------------------------------------------------------- MNIST
def test_mnist_rows_match_the_files(tmp_path):
    img, lbl = _mnist(str(tmp_path))
    rows = list(ds.MnistDataset(str(tmp_path), shuffle=False).create_tuple_iterator(output_numpy=True))
    assert len(rows) == 10
    for (im, la), ref_im, ref_la in zip(rows, img, lbl):
        assert im.shape == (28, 28, 1) and im.dtype == np.uint8 and la.dtype == np.uint32
        np.testing.assert_array_equal(im[..., 0], ref_im)
        assert int(la) == int(ref_la)


@pytest.mark.parametrize("kw, needle", [
    (dict(extra_img=b"\x00"), "truncated data length"),          # one byte too many
    (dict(extra_lbl=b"\x01\x02"), "data length of labels"),
    (dict(n_header=11), "truncated data length"),               # header claims more images than stored
])
def test_mnist_corrupt_files_raise_naming_the_file(tmp_path, kw, needle):
    _mnist(str(tmp_path), **kw)
    d = ds.MnistDataset(str(tmp_path), shuffle=False)
    with pytest.raises(RuntimeError, match=needle) as info:
        list(d.create_tuple_iterator(output_numpy=True))
    assert str(tmp_path) in str(info.value)
    with pytest.raises(RuntimeError):
        d.get_dataset_size()


def test_mnist_dir_removed_after_construction(tmp_path):
    root = tmp_path / "m"
    root.mkdir()
    _mnist(str(root))
    d = ds.MnistDataset(str(root))
    for f in root.iterdir():
        f.unlink()
    root.rmdir()
    with pytest.raises((RuntimeError, OSError)):
        list(d)


def test_mnist_resume_mid_epoch_reads_only_remaining_rows(tmp_path):
    _mnist(str(tmp_path), n=12)
    ds.config.set_seed(5)
    d = ds.MnistDataset(str(tmp_path)).batch(3)
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=2)
    full = [r[1].tolist() for r in it] + [r[1].tolist() for r in it]
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=2)
    it._reset(5, d.get_dataset_size())  # epoch 1, batch 1
    rest = [r[1].tolist() for r in it]
    assert len(full) == 8 and rest == full[5:]


def test_mnist_split_and_deepcopy_share_parsed_files(tmp_path):
    _mnist(str(tmp_path), n=10)
    d = ds.MnistDataset(str(tmp_path), shuffle=False)
    assert d.get_dataset_size() == 10
    holder = d._source
    c = copy.deepcopy(d)
    assert c._source is holder and holder.value is not None
    ds.config.set_seed(1)
    a, b = d.split([0.6, 0.4])
    la, lb = _labels(a), _labels(b)
    assert len(la) == 6 and len(lb) == 4
    assert sorted(la + lb) == sorted(_labels(d))


def test_mnist_workers_do_not_change_rows(tmp_path):
    _mnist(str(tmp_path), n=20)
    ds.config.set_seed(3)
    one = _labels(ds.MnistDataset(str(tmp_path), num_parallel_workers=1))
    ds.config.set_seed(3)
    two = _labels(ds.MnistDataset(str(tmp_path), num_parallel_workers=2))
    assert one == two


# --------------------------------------------------------------------------- CIFAR
def _cifar10(path, records, seed=0, extra=0):
    rs = np.random.RandomState(seed)
    data = rs.randint(0, 256, (records, 3073)).astype(np.uint8)
    data[:, 0] = np.arange(records) % 10
    with open(path, "wb") as f:
        f.write(data.tobytes() + b"\x07" * extra)
    return data


def test_cifar10_reads_ten_thousand_records_per_file_and_converts_to_hwc(tmp_path):
    data = _cifar10(str(tmp_path / "data_batch_1.bin"), 10000, extra=100)  # trailing bytes are ignored
    d = ds.Cifar10Dataset(str(tmp_path), shuffle=False)
    assert d.get_dataset_size() == 10000
    first = next(d.create_tuple_iterator(output_numpy=True, num_epochs=1))
    np.testing.assert_array_equal(first[0], data[0, 1:].reshape(3, 32, 32).transpose(1, 2, 0))
    assert first[1].dtype == np.uint32 and int(first[1]) == 0
    batch = next(d.batch(64, drop_remainder=True).create_tuple_iterator(output_numpy=True, num_epochs=1))
    assert batch[0].shape == (64, 32, 32, 3) and batch[1].tolist() == [i % 10 for i in range(64)]


def test_cifar_truncated_file_is_an_error_not_short_data(tmp_path):
    _cifar10(str(tmp_path / "data_batch_1.bin"), 100)
    d = ds.Cifar10Dataset(str(tmp_path), shuffle=False)
    with pytest.raises(RuntimeError, match="data_batch_1.bin"):
        list(d)
    (tmp_path / "data_batch_1.bin").unlink()
    with open(tmp_path / "test.bin", "wb") as f:
        f.write(b"\x00" * 3074 * 10)
    with pytest.raises(RuntimeError, match="test.bin"):
        list(ds.Cifar100Dataset(str(tmp_path), shuffle=False))


def test_cifar100_file_without_train_or_test_name_is_an_error(tmp_path):
    with open(tmp_path / "other.bin", "wb") as f:
        f.write(b"\x00" * 3074)
    with pytest.raises(RuntimeError, match="train/test"):
        list(ds.Cifar100Dataset(str(tmp_path)))


# --------------------------------------------------------------------------- ImageFolder
def _png_bytes(seed, h=6, w=5):
    from PIL import Image
    a = np.random.RandomState(seed).randint(0, 256, (h, w, 3)).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(a).save(buf, format="PNG")
    return a, buf.getvalue()


def _folder(root, classes=("b", "a"), per=4):
    pixels = {}
    for ci, c in enumerate(classes):
        os.makedirs(os.path.join(root, c))
        for k in range(per):
            a, data = _png_bytes(ci * 100 + k)
            path = os.path.join(root, c, "%02d.png" % k)
            with open(path, "wb") as f:
                f.write(data)
            pixels[path] = a
    return pixels


def test_image_folder_bytes_labels_and_decode(tmp_path):
    pixels = _folder(str(tmp_path))
    raw = list(ds.ImageFolderDataset(str(tmp_path), shuffle=False).create_tuple_iterator(output_numpy=True))
    assert [int(r[1]) for r in raw] == [0] * 4 + [1] * 4  # "a" < "b"
    with open(os.path.join(str(tmp_path), "a", "00.png"), "rb") as f:
        np.testing.assert_array_equal(raw[0][0], np.frombuffer(f.read(), np.uint8))
    dec = list(ds.ImageFolderDataset(str(tmp_path), shuffle=False, decode=True,
                                     num_parallel_workers=2).create_tuple_iterator(output_numpy=True))
    np.testing.assert_array_equal(dec[0][0], pixels[os.path.join(str(tmp_path), "a", "00.png")])
    np.testing.assert_array_equal(dec[-1][0], pixels[os.path.join(str(tmp_path), "b", "03.png")])


def test_image_folder_scans_directories_once(tmp_path, monkeypatch):
    _folder(str(tmp_path))
    calls = []
    real = os.scandir

    def counting(path="."):
        calls.append(path)
        return real(path)
    monkeypatch.setattr(_source_vision.os, "scandir", counting)
    d = ds.ImageFolderDataset(str(tmp_path), num_parallel_workers=2, decode=True)
    d.get_dataset_size()
    n = len(calls)
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=3)
    for _ in range(3):
        assert len(list(it)) == 8
    assert len(calls) == n  # no directory scans per row or per epoch


def test_image_folder_workers_same_order(tmp_path):
    _folder(str(tmp_path), classes=("x", "y", "z"), per=5)
    out = []
    for w in (1, 2):
        ds.config.set_seed(11)
        d = ds.ImageFolderDataset(str(tmp_path), decode=True, num_parallel_workers=w)
        out.append([(int(r[1]), int(r[0].sum())) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)])
    assert out[0] == out[1]


def test_image_folder_class_indexing_subset_size_is_the_row_count(tmp_path):
    # Deliberate difference: MindSpore's get_dataset_size counts every class folder here (3 rows
    # for 2 read); mscompat reports the rows it yields.
    _folder(str(tmp_path), classes=("a", "b", "c"), per=1)
    d = ds.ImageFolderDataset(str(tmp_path), shuffle=False, class_indexing={"c": 4, "a": 9})
    assert _labels(d) == [9, 4]
    assert d.get_dataset_size() == 2


def test_image_folder_decode_error_names_the_file(tmp_path):
    os.makedirs(tmp_path / "k")
    with open(tmp_path / "k" / "broken.jpg", "wb") as f:
        f.write(b"\xff\xd8\xff garbage")
    with pytest.raises(RuntimeError, match="broken.jpg"):
        list(ds.ImageFolderDataset(str(tmp_path), decode=True))


# --------------------------------------------------------------------------- CSV / TextFile
def test_csv_fast_and_quoted_parsers_agree():
    rs = np.random.RandomState(0)
    lines = [",".join(str(v) for v in rs.randint(-50, 50, 4)) for _ in range(30)]
    text = "\n".join(lines) + "\n\n\r\n" + lines[0]
    fast = _source_text._parse_csv(text, ",", "f")
    slow = _source_text._parse_csv(text + '\n"q",1,2,3\n', ",", "f")
    assert slow[:-1] == fast and slow[-1] == ["q", "1", "2", "3"]
    assert _source_text._count_csv(text) == len(fast)


def test_csv_value_conversion_rules():
    assert _source_text._to_int(" 42abc") == 42
    assert _source_text._to_float("0x1p-2") == 0.25
    assert _source_text._to_float("-Infinity") == float("-inf")
    with pytest.raises(_source_text._CsvRangeError):
        _source_text._to_int("-2147483649")
    with pytest.raises(_source_text._CsvTypeError):
        _source_text._to_float("x1")


def test_csv_bad_row_raises_at_that_file(tmp_path):
    good = tmp_path / "a.csv"
    bad = tmp_path / "b.csv"
    good.write_text("x,y\n1,2\n")
    bad.write_text("x,y\n3,oops\n")
    d = ds.CSVDataset([str(good), str(bad)], column_defaults=[0, 0], shuffle=False)
    with pytest.raises(RuntimeError, match="b.csv"):
        list(d)


def _text_files(root, sizes):
    paths = []
    for k, n in enumerate(sizes):
        p = os.path.join(root, "f%d.txt" % k)
        with open(p, "w") as f:
            f.write("".join("f%d-%d\n" % (k, i) for i in range(n)))
        paths.append(p)
    return paths


def test_textfile_resume_mid_epoch(tmp_path):
    paths = _text_files(str(tmp_path), [4, 3, 5])
    ds.config.set_seed(2)
    d = ds.TextFileDataset(paths, num_parallel_workers=2)
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=2)
    full = [str(r[0]) for r in it] + [str(r[0]) for r in it]
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=2)
    it._reset(15, d.get_dataset_size())  # epoch 1, row 3
    rest = [str(r[0]) for r in it]
    assert len(full) == 24 and full[:12] != full[12:] and rest == full[15:]


def test_textfile_shards_cover_every_row_once_per_round(tmp_path):
    paths = _text_files(str(tmp_path), [4, 3, 5])
    rows = []
    for k in range(3):
        d = ds.TextFileDataset(paths, shuffle=False, num_shards=3, shard_id=k)
        got = [str(r[0]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]
        assert len(got) == d.get_dataset_size() == 4
        rows += got
    assert sorted(rows) == sorted("f%d-%d" % (k, i) for k, n in enumerate([4, 3, 5]) for i in range(n))


def test_textfile_file_removed_after_construction(tmp_path):
    paths = _text_files(str(tmp_path), [2])
    d = ds.TextFileDataset(paths)
    os.remove(paths[0])
    with pytest.raises(RuntimeError, match="f0.txt"):
        list(d)


@pytest.mark.parametrize("size", [0, 1, 65535, 65536, 65537, 3 * 1024 * 1024 + 7])
def test_read_file_returns_every_byte(tmp_path, size):
    from mscompat.dataset._source_vision import _read_file
    data = np.random.RandomState(size % 1000).randint(0, 256, size).astype(np.uint8).tobytes()
    path = tmp_path / "f.bin"
    path.write_bytes(data)
    assert _read_file(str(path)) == data
    with pytest.raises(RuntimeError, match="failed to open"):
        _read_file(str(tmp_path / "missing.bin"))
