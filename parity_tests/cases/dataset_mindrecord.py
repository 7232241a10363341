"""``MindDataset``: each case writes MindRecord files with the framework's own ``FileWriter`` in a fresh
temporary directory and reads them back through ``MindDataset`` (rows, column names, dtypes, shapes,
dataset sizes, seeded orders over several epochs, shards, samplers, padded rows, corrupt files).

Shard groups hold 21 rows in 3 shards: MindSpore's writer places the remainder of an uneven split in
a random shard, so only even splits give the same files in both processes."""
import importlib
import os
import shutil
import struct
import tempfile

import numpy as np

from parity_tests.harness import case


def _mod(ms, sub):
    return importlib.import_module(ms.__name__ + sub)


SCHEMA = {"id": {"type": "int32"}, "label": {"type": "int64"}, "f32": {"type": "float32"},
          "f64": {"type": "float64"}, "s": {"type": "string"}, "img": {"type": "bytes"},
          "arr": {"type": "float32", "shape": [2, 3]}, "v": {"type": "int64", "shape": [-1]}}


def _rows(n, start=0):
    out = []
    for i in range(start, start + n):
        out.append({"id": i, "label": i % 3 - 1, "f32": 0.5 * i - 2.25, "f64": 0.1 * i, "s": "row-%d-ü" % i,
                    "img": bytes((i * 7 + k) % 256 for k in range(5 + i % 4)),
                    "arr": np.arange(6, dtype=np.float32).reshape(2, 3) * (i + 1),
                    "v": np.arange(i % 4 + 1, dtype=np.int64) * (-3) ** (i % 5)})
    return out


def _write(ms, path, n=21, shards=3, start=0, index=("label",)):
    w = _mod(ms, ".mindrecord").FileWriter(path, shard_num=shards, overwrite=True)
    w.add_schema(SCHEMA, "parity")
    if index:
        w.add_index(list(index))
    w.write_raw_data(_rows(n, start))
    w.commit()


def _enc(v):
    v = np.asarray(v)
    if v.dtype.kind == "U":
        return ["U", str(v.dtype), list(v.shape), v.tolist()]
    if v.dtype.kind == "S":
        return ["S", str(v.dtype), list(v.shape), [b.hex() for b in v.reshape(-1).tolist()]]
    return v


def _collect(data, epochs=1, ids_only=False):
    out = [data.get_col_names(), data.get_dataset_size()]
    it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    names = data.get_col_names()
    for _ in range(epochs):
        rows = []
        for row in it:
            if ids_only:
                rows.append(int(row[names.index("id")]))
            else:
                rows.append([_enc(v) for v in row])
        out.append(rows)
    return out


def _run(build, epochs=1, ids_only=False, seed=None, layout="group"):
    """``build(ds, d)`` makes the dataset from files written under ``d``; the rows of ``epochs`` passes."""
    def fn(ms):
        d = tempfile.mkdtemp()
        try:
            ds = _mod(ms, ".dataset")
            if seed is not None:
                ds.config.set_seed(seed)
            if layout == "group":
                _write(ms, os.path.join(d, "m.mr"))
            else:  # three single files of different sizes
                for name, n, start in (("a.mr", 5, 0), ("b.mr", 9, 5), ("c.mr", 7, 14)):
                    _write(ms, os.path.join(d, name), n=n, shards=1, start=start)
            return _collect(build(ds, d), epochs, ids_only)
        finally:
            shutil.rmtree(d, ignore_errors=True)
    return fn


def _p(d, name="m.mr0"):
    return os.path.join(d, name)


def _files3(d):
    return [os.path.join(d, n) for n in ("a.mr", "b.mr", "c.mr")]


def _corrupt(kind):
    """Write a good single-shard file, damage it, then read it fully with MindDataset."""
    def fn(ms):
        d = tempfile.mkdtemp()
        try:
            ds = _mod(ms, ".dataset")
            path = os.path.join(d, "c.mr")
            _write(ms, path, n=4, shards=1)
            data = bytearray(open(path, "rb").read())
            hs, ps = 1 << 24, 1 << 25
            if kind == "truncated_end":
                data = data[:-10]
            elif kind == "truncated_blob_page":
                data = data[:hs + 100]
            elif kind == "truncated_header":
                data = data[:300]
            elif kind == "empty":
                data = b""
            elif kind == "header_length":
                data[0:8] = struct.pack("<Q", 10 ** 9)
            elif kind == "raw_msgpack":
                data[hs + ps + 8] = 0xC1
            if kind == "missing_db":
                os.remove(path + ".db")
            elif kind == "garbage_db":
                with open(path + ".db", "wb") as f:
                    f.write(b"garbage" * 100)
            elif kind == "renamed":
                os.rename(path, os.path.join(d, "r.mr"))
                os.rename(path + ".db", os.path.join(d, "r.mr.db"))
                path = os.path.join(d, "r.mr")
            else:
                with open(path, "wb") as f:
                    f.write(bytes(data))
            return _collect(ds.MindDataset(path, shuffle=False))
        finally:
            shutil.rmtree(d, ignore_errors=True)
    return fn


def _bad(build):
    def fn(ms):
        d = tempfile.mkdtemp()
        try:
            ds = _mod(ms, ".dataset")
            _write(ms, os.path.join(d, "m.mr"))
            return _collect(build(ds, d))
        finally:
            shutil.rmtree(d, ignore_errors=True)
    return fn


def _types_shapes(ds, d):
    data = ds.MindDataset(_p(d), shuffle=False)
    return data.get_col_names(), [str(t) for t in data.output_types()], data.output_shapes()


def _typed(build):
    def fn(ms):
        d = tempfile.mkdtemp()
        try:
            ds = _mod(ms, ".dataset")
            _write(ms, os.path.join(d, "m.mr"))
            return build(ds, d)
        finally:
            shutil.rmtree(d, ignore_errors=True)
    return fn


def _chain(ds, d):
    s = ds.DistributedSampler(2, 1, shuffle=False)
    s.add_child(ds.SequentialSampler(start_index=2))
    return ds.MindDataset(_p(d), sampler=s)


def _chain_subset_on_shards(ds, d):
    s = ds.SubsetRandomSampler([3, 0], num_samples=1)
    s.add_child(ds.DistributedSampler(3, 2, shuffle=True))
    return ds.MindDataset(_p(d), sampler=s)


def _chain_subset_on_random(ds, d):
    s = ds.SubsetSampler([-3, 14, 14])
    s.add_child(ds.RandomSampler(replacement=True, num_samples=4))
    return ds.MindDataset(_p(d), sampler=s)


def _getitem(ds, d):
    data = ds.MindDataset(_p(d), shuffle=False, columns_list=["id", "s", "img"])
    return [[_enc(v) for v in data[i]] for i in (0, 7, 20)]


PAD = {"id": -1, "s": "padding", "img": b"\x00pad", "arr": np.full((2, 3), -1, np.float32),
       "v": np.array([9, 8], np.int64), "f64": 2}
PAD_COLS = ["id", "s", "img", "arr", "v", "f64"]


CASES = [
    # rows, columns, dtypes and shapes
    case("MindDataset/rows_shuffle_false", _run(lambda ds, d: ds.MindDataset(_p(d), shuffle=False))),
    case("MindDataset/any_shard_opens_group", _run(lambda ds, d: ds.MindDataset(_p(d, "m.mr2"), shuffle=False))),
    case("MindDataset/file_list_as_given", _run(lambda ds, d: ds.MindDataset([_p(d, "m.mr2"), _p(d, "m.mr0")],
                                                                             shuffle=False))),
    case("MindDataset/same_file_twice", _run(lambda ds, d: ds.MindDataset([_p(d, "m.mr1"), _p(d, "m.mr1")],
                                                                         shuffle=False), 1, True)),
    case("MindDataset/num_samples_zero_shuffled", _run(lambda ds, d: ds.MindDataset(_p(d), num_samples=0), 1, True,
                                                       seed=4)),
    case("MindDataset/one_shard_of_one", _run(lambda ds, d: ds.MindDataset(_p(d), num_shards=1, shard_id=0), 2, True,
                                              seed=4)),
    case("MindDataset/one_file_of_group", _run(lambda ds, d: ds.MindDataset([_p(d, "m.mr1")], shuffle=False))),
    case("MindDataset/columns_list", _run(lambda ds, d: ds.MindDataset(_p(d), columns_list=["s", "img", "id"],
                                                                       shuffle=False))),
    case("MindDataset/columns_list_empty", _run(lambda ds, d: ds.MindDataset(_p(d), columns_list=[],
                                                                             shuffle=False))),
    case("MindDataset/types_shapes", _typed(_types_shapes)),
    case("MindDataset/getitem", _typed(_getitem)),
    case("MindDataset/num_parallel_workers", _run(lambda ds, d: ds.MindDataset(_p(d), shuffle=False,
                                                                               num_parallel_workers=2))),
    # seeded shuffles (3 passes each)
    case("MindDataset/shuffle_default_seeded", _run(lambda ds, d: ds.MindDataset(_p(d)), 3, True, seed=7)),
    case("MindDataset/shuffle_true_seeded", _run(lambda ds, d: ds.MindDataset(_p(d), shuffle=True), 2, True,
                                                 seed=123)),
    case("MindDataset/shuffle_global", _run(lambda ds, d: ds.MindDataset(_p(d), shuffle=ds.Shuffle.GLOBAL), 2,
                                            True, seed=5)),
    case("MindDataset/shuffle_adaptive", _run(lambda ds, d: ds.MindDataset(_p(d), shuffle=ds.Shuffle.ADAPTIVE), 2,
                                              True, seed=11)),
    case("MindDataset/shuffle_files", _run(lambda ds, d: ds.MindDataset(_files3(d), shuffle=ds.Shuffle.FILES), 3,
                                           True, seed=7, layout="files")),
    case("MindDataset/shuffle_infile", _run(lambda ds, d: ds.MindDataset(_files3(d), shuffle=ds.Shuffle.INFILE), 3,
                                            True, seed=7, layout="files")),
    case("MindDataset/shuffle_files_group", _run(lambda ds, d: ds.MindDataset(_p(d), shuffle=ds.Shuffle.FILES), 3,
                                                 True, seed=2)),
    case("MindDataset/shuffle_infile_group", _run(lambda ds, d: ds.MindDataset(_p(d), shuffle=ds.Shuffle.INFILE),
                                                  2, True, seed=3)),
    case("MindDataset/shuffle_partial", _run(lambda ds, d: ds.MindDataset(_files3(d), shuffle=ds.Shuffle.PARTIAL),
                                             3, True, seed=7, layout="files")),
    case("MindDataset/shuffle_partial_num_samples", _run(lambda ds, d: ds.MindDataset(
        _p(d), shuffle=ds.Shuffle.PARTIAL, num_samples=8), 2, True, seed=3)),
    case("MindDataset/shuffle_partial_shards", _run(lambda ds, d: ds.MindDataset(
        _files3(d), shuffle=ds.Shuffle.PARTIAL, num_shards=4, shard_id=3), 2, True, seed=1, layout="files")),
    case("MindDataset/shuffle_partial_padded", _run(lambda ds, d: ds.MindDataset(
        _p(d), shuffle=ds.Shuffle.PARTIAL, num_shards=4, shard_id=1, columns_list=["id"], padded_sample={"id": -1},
        num_padded=3), 2, True, seed=5)),
    case("MindDataset/shuffle_seeded_rows", _run(lambda ds, d: ds.MindDataset(_p(d), columns_list=["id", "v"]),
                                                 1, seed=99)),
    # shards
    case("MindDataset/shards_no_shuffle_0", _run(lambda ds, d: ds.MindDataset(_p(d), num_shards=4, shard_id=0,
                                                                              shuffle=False), 2, True)),
    case("MindDataset/shards_no_shuffle_3", _run(lambda ds, d: ds.MindDataset(_p(d), num_shards=4, shard_id=3,
                                                                              shuffle=False), 2, True)),
    case("MindDataset/shards_shuffle", _run(lambda ds, d: ds.MindDataset(_p(d), num_shards=3, shard_id=1), 3, True,
                                            seed=7)),
    case("MindDataset/shards_shuffle_unset_seed_is_fixed", _run(
        lambda ds, d: ds.MindDataset(_p(d), num_shards=2, shard_id=0, shuffle=ds.Shuffle.GLOBAL), 2, True)),
    case("MindDataset/shards_files", _run(lambda ds, d: ds.MindDataset(_files3(d), num_shards=2, shard_id=1,
                                                                        shuffle=ds.Shuffle.FILES), 2, True, seed=4,
                                          layout="files")),
    case("MindDataset/shards_infile", _run(lambda ds, d: ds.MindDataset(_files3(d), num_shards=2, shard_id=0,
                                                                         shuffle=ds.Shuffle.INFILE), 2, True, seed=4,
                                           layout="files")),
    case("MindDataset/shards_num_samples", _run(lambda ds, d: ds.MindDataset(_p(d), num_shards=3, shard_id=2,
                                                                              num_samples=4), 2, True, seed=8)),
    # num_samples
    case("MindDataset/num_samples_no_shuffle", _run(lambda ds, d: ds.MindDataset(_p(d), num_samples=5,
                                                                                 shuffle=False), 2, True)),
    case("MindDataset/num_samples_shuffled", _run(lambda ds, d: ds.MindDataset(_p(d), num_samples=6), 3, True,
                                                  seed=7)),
    case("MindDataset/num_samples_over_rows", _run(lambda ds, d: ds.MindDataset(_p(d), num_samples=30), 1, True,
                                                   seed=21)),
    case("MindDataset/num_samples_over_rows_no_shuffle", _run(lambda ds, d: ds.MindDataset(_p(d), num_samples=30,
                                                                                           shuffle=False), 1, True)),
    # samplers
    case("MindDataset/sampler_sequential", _run(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.SequentialSampler(start_index=3, num_samples=5)), 2, True)),
    case("MindDataset/sampler_sequential_tail", _run(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.SequentialSampler(start_index=18, num_samples=5)), 1, True)),
    case("MindDataset/sampler_random", _run(lambda ds, d: ds.MindDataset(_p(d), sampler=ds.RandomSampler()), 3,
                                            True, seed=13)),
    case("MindDataset/sampler_random_num_samples", _run(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.RandomSampler(num_samples=5)), 3, True, seed=13)),
    case("MindDataset/sampler_random_replacement", _run(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.RandomSampler(replacement=True, num_samples=8)), 2, True, seed=13)),
    case("MindDataset/sampler_subset", _run(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.SubsetSampler([5, 2, 20, 2])), 2, True)),
    case("MindDataset/sampler_subset_negative_index", _run(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.SubsetSampler([-1, 25, 3])), 1, True)),
    case("MindDataset/sampler_subset_random", _run(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.SubsetRandomSampler([5, 2, 19, 7, 8, 11])), 2, True, seed=17)),
    case("MindDataset/sampler_distributed", _run(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.DistributedSampler(4, 1, shuffle=False)), 2, True)),
    case("MindDataset/sampler_distributed_shuffle", _run(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.DistributedSampler(2, 1)), 3, True, seed=31)),
    case("MindDataset/sampler_distributed_offset", _run(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.DistributedSampler(3, 1, shuffle=False, offset=1)), 1, True)),
    case("MindDataset/sampler_distributed_num_samples", _run(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.DistributedSampler(3, 2, shuffle=False, num_samples=3)), 1, True)),
    case("MindDataset/sampler_chain", _run(_chain, 2, True)),
    case("MindDataset/sampler_chain_subset_on_shards", _run(_chain_subset_on_shards, 3, True, seed=367)),
    case("MindDataset/sampler_chain_subset_on_random", _run(_chain_subset_on_random, 3, True, seed=76)),
    case("MindDataset/sampler_subset_random_num_samples", _run(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.SubsetRandomSampler([4, 13, 5, 0, 9], num_samples=3)), 2, True, seed=3)),
    # padded samples
    case("MindDataset/padded_shards", _run(lambda ds, d: ds.MindDataset(
        _p(d), columns_list=PAD_COLS, padded_sample=PAD, num_padded=3, num_shards=4, shard_id=3, shuffle=False), 2)),
    case("MindDataset/padded_shards_shuffled", _run(lambda ds, d: ds.MindDataset(
        _p(d), columns_list=["id", "s"], padded_sample={"id": -1, "s": "p"}, num_padded=3, num_shards=3,
        shard_id=0), 2, seed=9)),
    case("MindDataset/padded_no_shards", _run(lambda ds, d: ds.MindDataset(
        _p(d), columns_list=["id", "img"], padded_sample={"id": -5, "img": b"zz"}, num_padded=2, shuffle=False))),
    case("MindDataset/padded_sampler", _run(lambda ds, d: ds.MindDataset(
        _p(d), columns_list=["id"], padded_sample={"id": -1}, num_padded=3, sampler=ds.DistributedSampler(
            6, 5, shuffle=False)))),
    # pipelines after it
    case("MindDataset/batch", _run(lambda ds, d: ds.MindDataset(
        _p(d), columns_list=["id", "s", "arr", "img", "f64"], shuffle=False).batch(4))),
    case("MindDataset/batch_drop_remainder_shuffled", _run(lambda ds, d: ds.MindDataset(
        _p(d), columns_list=["arr", "id"], num_shards=2, shard_id=0).batch(3, drop_remainder=True), 2, seed=6)),
    case("MindDataset/repeat_num_samples", _run(lambda ds, d: ds.MindDataset(
        _p(d), num_samples=4, columns_list=["id"]).repeat(3), 1, True, seed=12)),
    case("MindDataset/map_project", _run(lambda ds, d: ds.MindDataset(_p(d), shuffle=False).map(
        lambda a: a * 2, input_columns=["arr"]).project(["arr", "id"]))),
    # bad input
    case("MindDataset/bad_no_file", _bad(lambda ds, d: ds.MindDataset(_p(d, "nope.mr"))), error=True),
    case("MindDataset/bad_files_tuple", _bad(lambda ds, d: ds.MindDataset((_p(d),))), error=True),
    case("MindDataset/bad_empty_file_list", _bad(lambda ds, d: ds.MindDataset([])), error=True),
    case("MindDataset/bad_shuffle_type", _bad(lambda ds, d: ds.MindDataset(_p(d), shuffle="global")), error=True),
    case("MindDataset/bad_num_shards_only", _bad(lambda ds, d: ds.MindDataset(_p(d), num_shards=2)), error=True),
    case("MindDataset/bad_shuffle_other_enum", _bad(lambda ds, d: ds.MindDataset(
        _p(d), shuffle=importlib.import_module(ds.__name__ + ".vision").Inter.LINEAR)), error=True),
    case("MindDataset/bad_shard_id_only", _bad(lambda ds, d: ds.MindDataset(_p(d), shard_id=0)), error=True),
    case("MindDataset/bad_shard_id_range", _bad(lambda ds, d: ds.MindDataset(_p(d), num_shards=2, shard_id=2)),
         error=True),
    case("MindDataset/bad_sampler_and_shuffle", _bad(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.SequentialSampler(), shuffle=False)), error=True),
    case("MindDataset/bad_sampler_and_num_samples", _bad(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.SequentialSampler(), num_samples=2)), error=True),
    case("MindDataset/bad_sampler_weighted", _bad(lambda ds, d: ds.MindDataset(
        _p(d), sampler=ds.WeightedRandomSampler([1.0] * 21))), error=True),
    case("MindDataset/bad_sampler_list", _bad(lambda ds, d: ds.MindDataset(_p(d), sampler=[1, 2])), error=True),
    case("MindDataset/bad_files_num_samples", _bad(lambda ds, d: ds.MindDataset(
        _p(d), shuffle=ds.Shuffle.FILES, num_samples=3)), error=True),
    case("MindDataset/bad_num_samples_negative", _bad(lambda ds, d: ds.MindDataset(_p(d), num_samples=-1)),
         error=True),
    case("MindDataset/bad_workers", _bad(lambda ds, d: ds.MindDataset(_p(d), num_parallel_workers=0)), error=True),
    case("MindDataset/bad_padded_without_num", _bad(lambda ds, d: ds.MindDataset(
        _p(d), columns_list=["id"], padded_sample={"id": 1})), error=True),
    case("MindDataset/bad_num_padded_without_sample", _bad(lambda ds, d: ds.MindDataset(_p(d), num_padded=2)),
         error=True),
    case("MindDataset/bad_padded_without_columns", _bad(lambda ds, d: ds.MindDataset(
        _p(d), padded_sample={"id": 1}, num_padded=1)), error=True),
    case("MindDataset/bad_padded_mismatch", _bad(lambda ds, d: ds.MindDataset(
        _p(d), columns_list=["id", "s"], padded_sample={"id": 1}, num_padded=1)), error=True),
    case("MindDataset/bad_padded_not_divisible", _bad(lambda ds, d: ds.MindDataset(
        _p(d), columns_list=["id"], padded_sample={"id": -1}, num_padded=2, num_shards=4, shard_id=0,
        shuffle=False)), error=True),
    case("MindDataset/bad_padded_wrong_shape", _bad(lambda ds, d: ds.MindDataset(
        _p(d), columns_list=["arr"], padded_sample={"arr": np.zeros(5, np.float64)}, num_padded=3, num_shards=4,
        shard_id=3, shuffle=False)), error=True),
    case("MindDataset/bad_columns_unknown", _bad(lambda ds, d: ds.MindDataset(_p(d), columns_list=["zz"])),
         error=True),
    case("MindDataset/bad_columns_duplicate", _bad(lambda ds, d: ds.MindDataset(_p(d), columns_list=["id", "id"])),
         error=True),
    case("MindDataset/bad_columns_type", _bad(lambda ds, d: ds.MindDataset(_p(d), columns_list="id")), error=True),
    case("MindDataset/bad_batch_variable_shape", _bad(lambda ds, d: ds.MindDataset(
        _p(d), columns_list=["v"], shuffle=False).batch(4)), error=True),
    # corrupt files: a RuntimeError, never a hang or wrong rows
    case("MindDataset/corrupt_truncated_end", _corrupt("truncated_end"), error=True),
    case("MindDataset/corrupt_truncated_blob_page", _corrupt("truncated_blob_page"), error=True),
    case("MindDataset/corrupt_truncated_header", _corrupt("truncated_header"), error=True),
    case("MindDataset/corrupt_empty_file", _corrupt("empty"), error=True),
    case("MindDataset/corrupt_header_length", _corrupt("header_length"), error=True),
    case("MindDataset/corrupt_raw_page", _corrupt("raw_msgpack"), error=True),
    case("MindDataset/corrupt_missing_db", _corrupt("missing_db"), error=True),
    case("MindDataset/corrupt_garbage_db", _corrupt("garbage_db"), error=True),
    case("MindDataset/corrupt_renamed_files", _corrupt("renamed"), error=True),
    case("MindDataset/corrupt_control_intact", _corrupt("none")),
]
