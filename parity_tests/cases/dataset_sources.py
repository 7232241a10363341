"""File-format dataset sources (``MnistDataset``, ``Cifar10Dataset``, ``Cifar100Dataset``,
``ImageFolderDataset``) against real MindSpore.

Every case writes its own small files in the real on-disk format (numpy / PIL bytes only, so both
processes write identical files) into a fresh temporary directory, builds the pipeline, and returns
column names, dataset size, output types/shapes and the rows (``output_numpy=True``).  Orders with
a sampler / shuffle are compared exactly for a fixed ``ds.config.set_seed``.  CSV / TextFile cases
are in ``dataset_sources_text.py``.
"""
import importlib
import io
import os
import shutil
import struct
import tempfile

import numpy as np

from parity_tests.cases._sources_common import DS, _rows, _summary, _val  # noqa: F401
from parity_tests.harness import case


def V(ms):
    return importlib.import_module(ms.__name__ + ".dataset.vision")


# --------------------------------------------------------------------------- helpers (both processes)
def _labels(d, col=1, epochs=1):
    """The label column only (plus the dataset size), for order checks."""
    out = []
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    for _ in range(epochs):
        out.append(np.array([int(r[col]) for r in it], np.int64))
    return d.get_dataset_size(), out


def _run(writer, body, seed=None):
    def fn(ms):
        root = tempfile.mkdtemp(prefix="msds_")
        try:
            writer(root)
            ds = DS(ms)
            if seed is not None:
                ds.config.set_seed(seed)
            return body(ds, root, ms)
        finally:
            shutil.rmtree(root, ignore_errors=True)
    return fn


# --------------------------------------------------------------------------- MNIST files
def _write_idx(root, prefix, n, seed, rows=28, cols=28, magic_img=2051, magic_lbl=2049, n_lbl=None,
               cut_img=0, labels=None):
    rs = np.random.RandomState(seed)
    img = rs.randint(0, 256, (n, rows, cols)).astype(np.uint8)
    lbl = rs.randint(0, 10, n).astype(np.uint8) if labels is None else np.asarray(labels, np.uint8)
    data = struct.pack(">IIII", magic_img, n, rows, cols) + img.tobytes()
    with open(os.path.join(root, prefix + "-images-idx3-ubyte"), "wb") as f:
        f.write(data[:len(data) - cut_img])
    with open(os.path.join(root, prefix + "-labels-idx1-ubyte"), "wb") as f:
        f.write(struct.pack(">II", magic_lbl, n if n_lbl is None else n_lbl) + lbl.tobytes())


def _mnist(root):
    _write_idx(root, "train", 12, 1)
    _write_idx(root, "t10k", 8, 2)


def _mnist_signed(root):
    _write_idx(root, "train", 4, 3, labels=[1, 200, 127, 255])


def M(body, seed=None, writer=_mnist):
    return _run(writer, body, seed)


def _add(d, sampler):
    d.add_sampler(sampler)
    return d


def _use(d, sampler):
    d.use_sampler(sampler)
    return d


def _mnist_bad(**kw):
    def w(root):
        _write_idx(root, "train", 4, 5, **kw)
    return w


# --------------------------------------------------------------------------- CIFAR files
def _cifar_file(path, records, nlabels, seed, max_label):
    rs = np.random.RandomState(seed)
    data = np.frombuffer(rs.bytes(records * (3072 + nlabels)), np.uint8).reshape(records, 3072 + nlabels).copy()
    data[:, :nlabels] = rs.randint(0, max_label, (records, nlabels))
    data.tofile(path)


def _cifar10(root):
    _cifar_file(os.path.join(root, "data_batch_1.bin"), 10000, 1, 11, 10)
    _cifar_file(os.path.join(root, "test_batch.bin"), 10000, 1, 12, 10)
    with open(os.path.join(root, "batches.meta.txt"), "w") as f:
        f.write("airplane\n")


def _cifar10_truncated(root):
    _cifar_file(os.path.join(root, "data_batch_1.bin"), 9999, 1, 13, 10)


def _cifar100(root):
    _cifar_file(os.path.join(root, "test.bin"), 10000, 2, 14, 20)


def _cifar100_both(root):
    _cifar_file(os.path.join(root, "test.bin"), 10000, 2, 15, 20)
    _cifar_file(os.path.join(root, "train.bin"), 50000, 2, 16, 20)


def _cifar_summary(d, first=3, label_cols=(1,)):
    """Column names, size, types, shapes, the first rows in full, then every row's image sum and labels."""
    head, sums, labels = [], [], []
    for row in d.create_tuple_iterator(output_numpy=True, num_epochs=1):
        if len(head) < first:
            head.append([_val(c) for c in row])
        sums.append(int(np.asarray(row[0], np.int64).sum()))
        labels.append([int(row[c]) for c in label_cols])
    return (d.get_col_names(), d.get_dataset_size(), [str(t) for t in d.output_types()],
            [list(s) for s in d.output_shapes()], head, np.array(sums, np.int64), np.array(labels, np.int64))


def C10(body, seed=None, writer=_cifar10):
    return _run(writer, body, seed)


# --------------------------------------------------------------------------- image folders
def _png(path, h, w, seed, fmt="PNG"):
    from PIL import Image
    rs = np.random.RandomState(seed)
    a = rs.randint(0, 256, (h, w, 3)).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(a).save(buf, format=fmt, **({"quality": 92} if fmt == "JPEG" else {}))
    with open(path, "wb") as f:
        f.write(buf.getvalue())


def _folder(root):
    seed = 100
    for cls in ["dog", "cat", "Bird", "empty"]:
        os.makedirs(os.path.join(root, cls))
    for cls in ["dog", "cat", "Bird"]:
        for name, fmt in [("b.png", "PNG"), ("a.JPEG", "JPEG"), ("c.jpg", "JPEG"), ("d1.png", "PNG")]:
            seed += 1
            _png(os.path.join(root, cls, name), 6, 5, seed, fmt)
    with open(os.path.join(root, "cat", "notes.txt"), "w") as f:
        f.write("not an image")
    _png(os.path.join(root, "top.png"), 4, 4, 7)  # files at the top level are not read


def _folder_png(root):
    """Only PNG files of one size (decode is exact, batchable)."""
    seed = 200
    for cls in ["b", "a", "c"]:
        os.makedirs(os.path.join(root, cls))
        for k in range(3 if cls != "c" else 2):
            seed += 1
            _png(os.path.join(root, cls, "img%d.png" % k), 7, 9, seed)


def _folder_corrupt(root):
    os.makedirs(os.path.join(root, "x"))
    _png(os.path.join(root, "x", "ok.png"), 4, 4, 1)
    with open(os.path.join(root, "x", "zbad.png"), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n not really a png")


def _folder_modes(root):
    """PNGs in grey (L), grey+alpha, RGBA and palette modes: decode gives 3 channels."""
    from PIL import Image
    os.makedirs(os.path.join(root, "m"))
    rs = np.random.RandomState(9)
    for name, mode, ch in [("g.png", "L", 1), ("la.png", "LA", 2), ("rgba.png", "RGBA", 4)]:
        a = rs.randint(0, 256, (5, 4, ch)).astype(np.uint8)
        Image.fromarray(a[..., 0] if ch == 1 else a, mode).save(os.path.join(root, "m", name))
    Image.fromarray(rs.randint(0, 256, (5, 4, 3)).astype(np.uint8)).convert("P").save(os.path.join(root, "m", "p.png"))


def F(body, seed=None, writer=_folder):
    return _run(writer, body, seed)


def _decoded(d):
    return [[np.asarray(c) for c in row] for row in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


# =========================================================================== cases
CASES = [
    # ------------------------------------------------------------------ MnistDataset
    case("MnistDataset/shuffle_false", M(lambda ds, d, ms: _summary(ds.MnistDataset(d, shuffle=False)))),
    case("MnistDataset/usage_train", M(lambda ds, d, ms: _summary(ds.MnistDataset(d, "train", shuffle=False)))),
    case("MnistDataset/usage_test", M(lambda ds, d, ms: _summary(ds.MnistDataset(d, usage="test", shuffle=False)))),
    case("MnistDataset/usage_all", M(lambda ds, d, ms: _labels(ds.MnistDataset(d, usage="all", shuffle=False)))),
    case("MnistDataset/default_seeded", M(lambda ds, d, ms: _labels(ds.MnistDataset(d)), seed=3)),
    case("MnistDataset/shuffle_true_seeded", M(lambda ds, d, ms: _labels(ds.MnistDataset(d, shuffle=True)), seed=8)),
    case("MnistDataset/shuffle_3_epochs", M(lambda ds, d, ms: _labels(ds.MnistDataset(d, "train"), epochs=3), seed=4)),
    case("MnistDataset/num_samples_no_shuffle",
         M(lambda ds, d, ms: _summary(ds.MnistDataset(d, num_samples=5, shuffle=False)))),
    case("MnistDataset/num_samples_shuffled",
         M(lambda ds, d, ms: _labels(ds.MnistDataset(d, num_samples=7)), seed=5)),
    case("MnistDataset/num_samples_over_size",
         M(lambda ds, d, ms: _labels(ds.MnistDataset(d, num_samples=50, shuffle=False)))),
    case("MnistDataset/num_samples_over_size_shuffled",
         M(lambda ds, d, ms: _labels(ds.MnistDataset(d, "test", num_samples=50)), seed=6)),
    case("MnistDataset/shard_0_of_3", M(lambda ds, d, ms: _labels(ds.MnistDataset(d, num_shards=3, shard_id=0,
                                                                                  shuffle=False)))),
    case("MnistDataset/shard_2_of_3", M(lambda ds, d, ms: _summary(ds.MnistDataset(d, num_shards=3, shard_id=2,
                                                                                   shuffle=False)))),
    case("MnistDataset/shard_uneven", M(lambda ds, d, ms: _labels(ds.MnistDataset(d, "test", num_shards=3,
                                                                                  shard_id=2, shuffle=False)))),
    case("MnistDataset/shard_shuffled", M(lambda ds, d, ms: _labels(ds.MnistDataset(d, num_shards=4, shard_id=1),
                                                                    epochs=2), seed=9)),
    case("MnistDataset/shard_num_samples", M(lambda ds, d, ms: _labels(ds.MnistDataset(
        d, num_shards=2, shard_id=1, num_samples=3, shuffle=False)))),
    case("MnistDataset/sampler_sequential", M(lambda ds, d, ms: _labels(ds.MnistDataset(
        d, sampler=ds.SequentialSampler(start_index=3, num_samples=6))))),
    case("MnistDataset/sampler_random", M(lambda ds, d, ms: _labels(ds.MnistDataset(
        d, sampler=ds.RandomSampler()), epochs=2), seed=10)),
    case("MnistDataset/sampler_random_replacement", M(lambda ds, d, ms: _labels(ds.MnistDataset(
        d, sampler=ds.RandomSampler(replacement=True, num_samples=9))), seed=11)),
    case("MnistDataset/sampler_distributed", M(lambda ds, d, ms: _labels(ds.MnistDataset(
        d, sampler=ds.DistributedSampler(3, 1, shuffle=False))))),
    case("MnistDataset/sampler_distributed_shuffled", M(lambda ds, d, ms: _labels(ds.MnistDataset(
        d, sampler=ds.DistributedSampler(2, 0)), epochs=2), seed=12)),
    case("MnistDataset/sampler_subset_random", M(lambda ds, d, ms: _labels(ds.MnistDataset(
        d, sampler=ds.SubsetRandomSampler([1, 5, 7, 9, 13, 2]))), seed=13)),
    case("MnistDataset/sampler_subset", M(lambda ds, d, ms: _labels(ds.MnistDataset(
        d, sampler=ds.SubsetSampler([4, 0, 19, 2]))))),
    case("MnistDataset/sampler_list", M(lambda ds, d, ms: _labels(ds.MnistDataset(d, sampler=[3, 1, 4, 1, 5])))),
    case("MnistDataset/sampler_weighted", M(lambda ds, d, ms: _labels(ds.MnistDataset(
        d, sampler=ds.WeightedRandomSampler([0.1 * (i % 5) for i in range(20)], num_samples=8))), seed=14)),
    case("MnistDataset/batch", M(lambda ds, d, ms: _summary(ds.MnistDataset(d, "test", shuffle=False).batch(3)))),
    case("MnistDataset/batch_drop_remainder", M(lambda ds, d, ms: _summary(
        ds.MnistDataset(d, shuffle=False).batch(6, drop_remainder=True)))),
    case("MnistDataset/batch_shuffled", M(lambda ds, d, ms: _labels(ds.MnistDataset(d).batch(4).map(
        lambda x: x.sum().astype(np.int64), input_columns="label")), seed=15)),
    case("MnistDataset/map_rescale", M(lambda ds, d, ms: _summary(ds.MnistDataset(d, "test", shuffle=False).map(
        V(ms).Rescale(1.0 / 255, 0.0), input_columns="image").take(2)))),
    case("MnistDataset/take_skip", M(lambda ds, d, ms: _labels(ds.MnistDataset(d, shuffle=False).skip(3).take(5)))),
    case("MnistDataset/repeat", M(lambda ds, d, ms: _labels(ds.MnistDataset(d, "test").repeat(2)), seed=16)),
    case("MnistDataset/dict_iterator", M(lambda ds, d, ms: [sorted(r.keys()) + [int(r["label"])] for r in
                                                        ds.MnistDataset(d, "test", shuffle=False)
                                                        .create_dict_iterator(output_numpy=True, num_epochs=1)])),
    case("MnistDataset/workers_2", M(lambda ds, d, ms: _labels(ds.MnistDataset(d, num_parallel_workers=2), epochs=2),
                                     seed=17)),
    case("MnistDataset/label_byte_above_127", M(lambda ds, d, ms: _summary(ds.MnistDataset(d, shuffle=False)),
                                                writer=_mnist_signed)),
    case("MnistDataset/is_shuffled_sharded", M(lambda ds, d, ms: [
        (x.is_shuffled(), x.is_sharded()) for x in (ds.MnistDataset(d), ds.MnistDataset(d, shuffle=False),
                                                    ds.MnistDataset(d, num_shards=2, shard_id=0))])),
    case("MnistDataset/get_batch_size_repeat_count", M(lambda ds, d, ms: (
        ds.MnistDataset(d).batch(5).get_batch_size(), ds.MnistDataset(d).repeat(3).get_repeat_count(),
        ds.MnistDataset(d).batch(5).get_dataset_size()))),
    case("MnistDataset/num_samples_zero", M(lambda ds, d, ms: _labels(ds.MnistDataset(d, "test", num_samples=0)),
                                            seed=18)),
    case("MnistDataset/add_sampler", M(lambda ds, d, ms: _labels(_add(ds.MnistDataset(d, shuffle=False),
                                                                     ds.DistributedSampler(2, 1, shuffle=False))))),
    case("MnistDataset/use_sampler", M(lambda ds, d, ms: _labels(_use(ds.MnistDataset(d),
                                                                     ds.SequentialSampler(num_samples=4))))),
    case("MnistDataset/split", M(lambda ds, d, ms: [_labels(x) for x in ds.MnistDataset(d, shuffle=False)
                                                    .split([0.75, 0.25], randomize=False)])),
    # bad input at construction
    case("MnistDataset/missing_dir", M(lambda ds, d, ms: ds.MnistDataset(os.path.join(d, "nope"))), error=True),
    case("MnistDataset/dir_not_str", M(lambda ds, d, ms: ds.MnistDataset(123)), error=True),
    case("MnistDataset/usage_invalid", M(lambda ds, d, ms: ds.MnistDataset(d, usage="valid")), error=True),
    case("MnistDataset/usage_not_str", M(lambda ds, d, ms: ds.MnistDataset(d, usage=1)), error=True),
    case("MnistDataset/num_samples_negative", M(lambda ds, d, ms: ds.MnistDataset(d, num_samples=-1)), error=True),
    case("MnistDataset/num_samples_float", M(lambda ds, d, ms: ds.MnistDataset(d, num_samples=2.0)), error=True),
    case("MnistDataset/shuffle_not_bool", M(lambda ds, d, ms: ds.MnistDataset(d, shuffle=1)), error=True),
    case("MnistDataset/shard_id_without_num_shards", M(lambda ds, d, ms: ds.MnistDataset(d, shard_id=0)), error=True),
    case("MnistDataset/num_shards_without_shard_id", M(lambda ds, d, ms: ds.MnistDataset(d, num_shards=2)),
         error=True),
    case("MnistDataset/shard_id_too_big", M(lambda ds, d, ms: ds.MnistDataset(d, num_shards=2, shard_id=2)),
         error=True),
    case("MnistDataset/num_shards_zero", M(lambda ds, d, ms: ds.MnistDataset(d, num_shards=0, shard_id=0)),
         error=True),
    case("MnistDataset/sampler_and_shuffle", M(lambda ds, d, ms: ds.MnistDataset(
        d, shuffle=False, sampler=ds.SequentialSampler())), error=True),
    case("MnistDataset/sampler_and_num_samples", M(lambda ds, d, ms: ds.MnistDataset(
        d, num_samples=2, sampler=ds.SequentialSampler())), error=True),
    case("MnistDataset/sampler_and_shards", M(lambda ds, d, ms: ds.MnistDataset(
        d, num_shards=2, shard_id=0, sampler=ds.SequentialSampler())), error=True),
    case("MnistDataset/sampler_bad_type", M(lambda ds, d, ms: ds.MnistDataset(d, sampler="abc")), error=True),
    case("MnistDataset/workers_zero", M(lambda ds, d, ms: ds.MnistDataset(d, num_parallel_workers=0)), error=True),
    # bad files (reported when the data is read)
    case("MnistDataset/bad_image_magic", M(lambda ds, d, ms: _rows(ds.MnistDataset(d, shuffle=False)),
                                           writer=_mnist_bad(magic_img=2049)), error=True),
    case("MnistDataset/bad_label_magic", M(lambda ds, d, ms: _rows(ds.MnistDataset(d, shuffle=False)),
                                           writer=_mnist_bad(magic_lbl=7)), error=True),
    case("MnistDataset/truncated_images", M(lambda ds, d, ms: _rows(ds.MnistDataset(d, shuffle=False)),
                                            writer=_mnist_bad(cut_img=100)), error=True),
    case("MnistDataset/wrong_image_shape", M(lambda ds, d, ms: _rows(ds.MnistDataset(d, shuffle=False)),
                                             writer=_mnist_bad(rows=14, cols=14)), error=True),
    case("MnistDataset/label_count_mismatch", M(lambda ds, d, ms: _rows(ds.MnistDataset(d, shuffle=False)),
                                                writer=_mnist_bad(n_lbl=3)), error=True),
    case("MnistDataset/no_files", M(lambda ds, d, ms: _rows(ds.MnistDataset(d, shuffle=False)),
                                    writer=lambda root: None), error=True),
    case("MnistDataset/missing_label_file", M(lambda ds, d, ms: _rows(ds.MnistDataset(d, "train", shuffle=False)),
                                              writer=lambda root: (_mnist(root), os.remove(
                                                  os.path.join(root, "train-labels-idx1-ubyte")))), error=True),

    # ------------------------------------------------------------------ Cifar10Dataset
    case("Cifar10Dataset/usage_all_no_shuffle", C10(lambda ds, d, ms: _cifar_summary(
        ds.Cifar10Dataset(d, shuffle=False)))),
    case("Cifar10Dataset/usage_train", C10(lambda ds, d, ms: _cifar_summary(
        ds.Cifar10Dataset(d, usage="train", shuffle=False)))),
    case("Cifar10Dataset/usage_test", C10(lambda ds, d, ms: _cifar_summary(
        ds.Cifar10Dataset(d, usage="test", shuffle=False)))),
    case("Cifar10Dataset/num_samples", C10(lambda ds, d, ms: _summary(
        ds.Cifar10Dataset(d, usage="test", num_samples=3, shuffle=False)))),
    case("Cifar10Dataset/shuffled_seeded", C10(lambda ds, d, ms: _cifar_summary(
        ds.Cifar10Dataset(d, usage="train")), seed=21)),
    case("Cifar10Dataset/num_samples_shuffled", C10(lambda ds, d, ms: _cifar_summary(
        ds.Cifar10Dataset(d, num_samples=20)), seed=22)),
    case("Cifar10Dataset/shards", C10(lambda ds, d, ms: _cifar_summary(
        ds.Cifar10Dataset(d, usage="test", num_shards=3, shard_id=1)), seed=23)),
    case("Cifar10Dataset/sampler_subset", C10(lambda ds, d, ms: _summary(
        ds.Cifar10Dataset(d, sampler=ds.SubsetSampler([19999, 0, 10000, 5]))))),
    case("Cifar10Dataset/sampler_distributed", C10(lambda ds, d, ms: _cifar_summary(
        ds.Cifar10Dataset(d, "train", sampler=ds.DistributedSampler(7, 6, shuffle=False))))),
    case("Cifar10Dataset/batch", C10(lambda ds, d, ms: _summary(
        ds.Cifar10Dataset(d, "test", num_samples=10, shuffle=False).batch(4)))),
    case("Cifar10Dataset/batch_map_hwc2chw", C10(lambda ds, d, ms: _summary(
        ds.Cifar10Dataset(d, "train", num_samples=6, shuffle=False).map(V(ms).HWC2CHW(), "image").batch(3)))),
    case("Cifar10Dataset/usage_invalid", C10(lambda ds, d, ms: ds.Cifar10Dataset(d, usage="eval")), error=True),
    case("Cifar10Dataset/missing_dir", C10(lambda ds, d, ms: ds.Cifar10Dataset(d + "_x")), error=True),
    case("Cifar10Dataset/shuffle_not_bool", C10(lambda ds, d, ms: ds.Cifar10Dataset(d, shuffle="yes")), error=True),
    case("Cifar10Dataset/shard_id_alone", C10(lambda ds, d, ms: ds.Cifar10Dataset(d, shard_id=1)), error=True),
    case("Cifar10Dataset/truncated_file", C10(lambda ds, d, ms: _rows(ds.Cifar10Dataset(d, shuffle=False)),
                                              writer=_cifar10_truncated), error=True),
    case("Cifar10Dataset/no_bin_files", C10(lambda ds, d, ms: _rows(ds.Cifar10Dataset(d, shuffle=False)),
                                            writer=lambda root: None), error=True),

    # ------------------------------------------------------------------ Cifar100Dataset
    case("Cifar100Dataset/usage_test", _run(_cifar100, lambda ds, d, ms: _cifar_summary(
        ds.Cifar100Dataset(d, usage="test", shuffle=False), label_cols=(1, 2)))),
    case("Cifar100Dataset/num_samples_batch", _run(_cifar100, lambda ds, d, ms: _summary(
        ds.Cifar100Dataset(d, num_samples=4, shuffle=False).batch(2)))),
    case("Cifar100Dataset/shuffled_seeded", _run(_cifar100, lambda ds, d, ms: _cifar_summary(
        ds.Cifar100Dataset(d, num_samples=50), label_cols=(1, 2)), seed=31)),
    case("Cifar100Dataset/train_and_all", _run(_cifar100_both, lambda ds, d, ms: (
        _cifar_summary(ds.Cifar100Dataset(d, usage="train", shuffle=False), first=1, label_cols=(1, 2)),
        _cifar_summary(ds.Cifar100Dataset(d, shuffle=False, num_shards=2, shard_id=1), first=1,
                       label_cols=(1, 2))))),
    case("Cifar100Dataset/usage_invalid", _run(_cifar100, lambda ds, d, ms: ds.Cifar100Dataset(d, usage="val")),
         error=True),
    case("Cifar100Dataset/sampler_and_shuffle", _run(_cifar100, lambda ds, d, ms: ds.Cifar100Dataset(
        d, shuffle=True, sampler=ds.RandomSampler())), error=True),

    # ------------------------------------------------------------------ ImageFolderDataset
    case("ImageFolderDataset/shuffle_false", F(lambda ds, d, ms: _summary(ds.ImageFolderDataset(d, shuffle=False)))),
    case("ImageFolderDataset/extensions", F(lambda ds, d, ms: _summary(ds.ImageFolderDataset(
        d, shuffle=False, extensions=[".png", ".jpg"])))),
    case("ImageFolderDataset/extensions_jpeg_upper", F(lambda ds, d, ms: _labels(ds.ImageFolderDataset(
        d, shuffle=False, extensions=[".JPEG"])))),
    case("ImageFolderDataset/extensions_case_sensitive", F(lambda ds, d, ms: _rows(ds.ImageFolderDataset(
        d, shuffle=False, extensions=[".PNG"]))), error=True),
    case("ImageFolderDataset/class_indexing", F(lambda ds, d, ms: (_labels(ds.ImageFolderDataset(
        d, shuffle=False, class_indexing={"Bird": 7, "cat": 0, "dog": 3, "empty": 1})), ds.ImageFolderDataset(
        d, class_indexing={"Bird": 7, "cat": 0, "dog": 3, "empty": 1}).get_class_indexing()))),
    case("ImageFolderDataset/class_indexing_subset_rows", F(lambda ds, d, ms: _rows(ds.ImageFolderDataset(
        d, shuffle=False, extensions=[".png"], class_indexing={"dog": 1, "cat": 5})))),
    case("ImageFolderDataset/get_class_indexing", F(lambda ds, d, ms: ds.ImageFolderDataset(d).get_class_indexing())),
    case("ImageFolderDataset/num_classes", F(lambda ds, d, ms: (
        ds.ImageFolderDataset(d).num_classes(),
        ds.ImageFolderDataset(d, class_indexing={"dog": 1, "cat": 5}).num_classes())),),
    case("ImageFolderDataset/decode_png", F(lambda ds, d, ms: _summary(ds.ImageFolderDataset(
        d, shuffle=False, decode=True, extensions=[".png"])))),
    case("ImageFolderDataset/decode_jpeg", F(lambda ds, d, ms: _decoded(ds.ImageFolderDataset(
        d, shuffle=False, decode=True, extensions=[".jpg", ".JPEG"]))), atol=1),
    case("ImageFolderDataset/map_decode", F(lambda ds, d, ms: _decoded(ds.ImageFolderDataset(
        d, shuffle=False, extensions=[".png"]).map(V(ms).Decode(), input_columns="image")))),
    case("ImageFolderDataset/decode_batch", F(lambda ds, d, ms: _summary(ds.ImageFolderDataset(
        d, shuffle=False, decode=True).batch(3)), writer=_folder_png)),
    case("ImageFolderDataset/decode_resize_batch_workers", F(lambda ds, d, ms: _summary(ds.ImageFolderDataset(
        d, decode=True, num_parallel_workers=2).map(V(ms).Resize((4, 4), V(ms).Inter.NEAREST), "image",
                                                   num_parallel_workers=2).batch(4)),
        writer=_folder_png, seed=41)),
    case("ImageFolderDataset/shuffled_seeded", F(lambda ds, d, ms: _summary(ds.ImageFolderDataset(d), epochs=2),
                                                 seed=42)),
    case("ImageFolderDataset/num_samples", F(lambda ds, d, ms: _labels(ds.ImageFolderDataset(
        d, num_samples=5, shuffle=False)))),
    case("ImageFolderDataset/num_samples_shuffled", F(lambda ds, d, ms: _labels(ds.ImageFolderDataset(
        d, num_samples=5)), seed=43)),
    case("ImageFolderDataset/shards", F(lambda ds, d, ms: [_summary(ds.ImageFolderDataset(
        d, num_shards=3, shard_id=k, shuffle=False)) for k in range(3)])),
    case("ImageFolderDataset/shards_shuffled", F(lambda ds, d, ms: _labels(ds.ImageFolderDataset(
        d, num_shards=2, shard_id=1), epochs=2), seed=44)),
    case("ImageFolderDataset/sampler_subset_random", F(lambda ds, d, ms: _rows(ds.ImageFolderDataset(
        d, sampler=ds.SubsetRandomSampler([0, 3, 6, 9, 12]))), seed=45)),
    case("ImageFolderDataset/sampler_sequential", F(lambda ds, d, ms: _labels(ds.ImageFolderDataset(
        d, sampler=ds.SequentialSampler(2, 4))))),
    case("ImageFolderDataset/sampler_distributed", F(lambda ds, d, ms: _labels(ds.ImageFolderDataset(
        d, sampler=ds.DistributedSampler(4, 3, shuffle=True)), epochs=2), seed=46)),
    case("ImageFolderDataset/decrypt", F(lambda ds, d, ms: _labels(ds.ImageFolderDataset(
        d, shuffle=False, extensions=[".png"], decode=True, decrypt=lambda p: open(p, "rb").read())))),
    case("ImageFolderDataset/decode_png_modes", F(lambda ds, d, ms: _summary(ds.ImageFolderDataset(
        d, shuffle=False, decode=True)), writer=_folder_modes)),
    case("ImageFolderDataset/repeat_batch_bytes_lengths", F(lambda ds, d, ms: _labels(ds.ImageFolderDataset(
        d, shuffle=False).map(lambda x: np.array(len(x), np.int64), "image").repeat(2).batch(5).map(
        lambda x: x.sum().astype(np.int64), "image"), col=0))),
    case("ImageFolderDataset/missing_dir", F(lambda ds, d, ms: ds.ImageFolderDataset(d + "/missing")), error=True),
    case("ImageFolderDataset/extensions_not_list", F(lambda ds, d, ms: ds.ImageFolderDataset(d, extensions=".png")),
         error=True),
    case("ImageFolderDataset/class_indexing_not_dict", F(lambda ds, d, ms: ds.ImageFolderDataset(
        d, class_indexing=["a"])), error=True),
    case("ImageFolderDataset/decode_not_bool", F(lambda ds, d, ms: ds.ImageFolderDataset(d, decode=1)), error=True),
    case("ImageFolderDataset/decrypt_not_callable", F(lambda ds, d, ms: ds.ImageFolderDataset(d, decrypt=3)),
         error=True),
    case("ImageFolderDataset/num_samples_negative", F(lambda ds, d, ms: ds.ImageFolderDataset(d, num_samples=-3)),
         error=True),
    case("ImageFolderDataset/shard_id_alone", F(lambda ds, d, ms: ds.ImageFolderDataset(d, shard_id=0)), error=True),
    case("ImageFolderDataset/no_images", F(lambda ds, d, ms: _rows(ds.ImageFolderDataset(d)),
                                           writer=lambda root: os.makedirs(os.path.join(root, "empty"))), error=True),
    case("ImageFolderDataset/corrupt_image_decode", F(lambda ds, d, ms: _rows(ds.ImageFolderDataset(
        d, shuffle=False, decode=True)), writer=_folder_corrupt), error=True),
    # ------------------------------------------------------------------ PKSampler over labelled file sources
    case("PKSampler/image_folder", F(lambda ds, d, ms: _summary(ds.ImageFolderDataset(
        d, sampler=ds.PKSampler(2)), epochs=2), seed=61)),
    case("PKSampler/image_folder_shuffle", F(lambda ds, d, ms: _rows(ds.ImageFolderDataset(
        d, sampler=ds.PKSampler(3, shuffle=True)), epochs=2), seed=62)),
    case("PKSampler/image_folder_num_samples", F(lambda ds, d, ms: _summary(ds.ImageFolderDataset(
        d, sampler=ds.PKSampler(2, num_samples=3))), seed=63)),
    case("PKSampler/mnist", M(lambda ds, d, ms: _summary(ds.MnistDataset(d, sampler=ds.PKSampler(2))), seed=64)),
    case("PKSampler/class_column_not_a_column", F(lambda ds, d, ms: _labels(ds.ImageFolderDataset(
        d, sampler=ds.PKSampler(2, class_column="nope"))), seed=66)),
]
