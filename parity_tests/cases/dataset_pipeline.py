"""Pipeline sources against real MindSpore: GeneratorDataset (generator function, iterable and
random-access sources; column_names, shuffle, num_samples, num_shards/shard_id, sampler, workers)
and NumpySlicesDataset (list / tuple / dict / ndarray); ds.config.  Rows, column names, dtypes,
shapes and the seeded orders must match exactly."""
import numpy as np

from parity_tests.harness import case
from parity_tests.cases._pipeline_common import (D, RA, RA1, BadRA, It, col, full, gds, gen, gen1, gen_raise, gen_str,
                                                 meta, ns, rows, seeded, srows)


def _g_scalars():
    for i in range(4):
        yield i, float(i) / 2, bool(i % 2), np.float16(i)


def _g_list_row():
    for i in range(3):
        yield [np.array(i), np.array(i + 1)]


def _g_wrong_cols():
    for i in range(3):
        yield (np.array(i), np.array(i))


def _g_bad_shape():
    for i in range(4):
        yield (np.zeros((i % 2 + 1,), np.float32),)


def _str_meta(d):
    return [str(t) for t in d.output_types()], d.output_shapes()


def _gd(ms, src, names, **kw):
    return D(ms).GeneratorDataset(src, names, **kw)


def _config_roundtrip(ms):
    c = D(ms).config
    old = (c.get_prefetch_size(), c.get_num_parallel_workers())
    try:
        c.set_prefetch_size(7)
        c.set_num_parallel_workers(1)
        return c.get_prefetch_size(), c.get_num_parallel_workers()
    finally:
        c.set_prefetch_size(old[0])
        c.set_num_parallel_workers(old[1])


def _seed_roundtrip(ms):
    c = D(ms).config
    c.set_seed(1234)
    a = c.get_seed()
    c.set_seed(0)
    return a, c.get_seed()


def _epochs(ms, d, n):
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=n)
    out = []
    for _ in range(n):
        out.append([np.asarray(r[0]).tolist() for r in it])
    return out


def _epochs_dict(ms, d, n):
    it = d.create_dict_iterator(output_numpy=True, num_epochs=n)
    out = []
    for _ in range(n):
        out.append([sorted(r.keys()) + [np.asarray(r["a"]).tolist()] for r in it])
    return out


GEN = []
for s in (0, 1, 5, 58, 12345):
    GEN.append(case(f"GeneratorDataset/random_access_shuffle_seed{s}",
                    lambda ms, s=s: col(D(ms).GeneratorDataset(RA(12), ["a", "b"]) if seeded(ms, s) else None)))
for n in (2, 3):
    for k in range(n):
        GEN.append(case(f"GeneratorDataset/shards{n}_id{k}_noshuffle",
                        lambda ms, n=n, k=k: full(_gd(ms, RA(10), ["a", "b"], shuffle=False, num_shards=n,
                                                      shard_id=k))))
        GEN.append(case(f"GeneratorDataset/shards{n}_id{k}_shuffle",
                        lambda ms, n=n, k=k: seeded(ms, 7) and col(_gd(ms, RA(11), ["a", "b"], num_shards=n,
                                                                       shard_id=k))))

CASES = GEN + [
    # ---- GeneratorDataset: generator functions
    case("GeneratorDataset/gen_two_columns", lambda ms: full(gds(ms))),
    case("GeneratorDataset/gen_column_str", lambda ms: full(_gd(ms, gen1(4), "x"))),
    case("GeneratorDataset/gen_python_scalars", lambda ms: full(_gd(ms, _g_scalars, ["i", "f", "b", "h"]))),
    case("GeneratorDataset/gen_python_scalars_meta", lambda ms: meta(_gd(ms, _g_scalars, ["i", "f", "b", "h"]))),
    case("GeneratorDataset/gen_list_row", lambda ms: full(_gd(ms, _g_list_row, ["a", "b"]))),
    case("GeneratorDataset/gen_num_samples", lambda ms: full(gds(ms, 6, num_samples=3))),
    case("GeneratorDataset/gen_num_samples_more", lambda ms: full(gds(ms, 4, num_samples=10))),
    case("GeneratorDataset/gen_num_samples_zero", lambda ms: full(gds(ms, 4, num_samples=0))),
    case("GeneratorDataset/gen_shuffle_false", lambda ms: full(gds(ms, 5, shuffle=False))),
    case("GeneratorDataset/gen_meta", lambda ms: meta(gds(ms))),
    case("GeneratorDataset/gen_two_epochs", lambda ms: _epochs(ms, gds(ms, 4), 2)),
    case("GeneratorDataset/gen_dict_iter", lambda ms: _epochs_dict(ms, gds(ms, 3), 1)),
    case("GeneratorDataset/gen_workers2_threads", lambda ms: full(gds(ms, 8, num_parallel_workers=2,
                                                                      python_multiprocessing=False))),
    # ---- iterable / random access
    case("GeneratorDataset/iterable", lambda ms: full(_gd(ms, It(5), ["i", "f"]))),
    case("GeneratorDataset/iterable_num_samples", lambda ms: full(_gd(ms, It(5), ["i", "f"], num_samples=2))),
    case("GeneratorDataset/iterable_meta", lambda ms: meta(_gd(ms, It(5), ["i", "f"]))),
    case("GeneratorDataset/random_access_noshuffle", lambda ms: full(_gd(ms, RA(6), ["a", "b"], shuffle=False))),
    case("GeneratorDataset/random_access_one_col", lambda ms: full(_gd(ms, RA1(4), ["x"], shuffle=False))),
    case("GeneratorDataset/random_access_meta", lambda ms: meta(_gd(ms, RA(6), ["a", "b"], shuffle=False))),
    case("GeneratorDataset/random_access_num_samples", lambda ms: full(_gd(ms, RA(8), ["a", "b"], shuffle=False,
                                                                           num_samples=3))),
    case("GeneratorDataset/random_access_shuffle_num_samples", lambda ms: seeded(ms, 3) and col(
        _gd(ms, RA(12), ["a", "b"], num_samples=5))),
    case("GeneratorDataset/random_access_shuffle_size", lambda ms: seeded(ms, 3) and _gd(
        ms, RA(12), ["a", "b"], num_samples=5).get_dataset_size()),
    case("GeneratorDataset/random_access_epochs_reshuffle", lambda ms: seeded(ms, 11) and _epochs(
        ms, _gd(ms, RA(8), ["a", "b"]), 3)),
    case("GeneratorDataset/random_access_repeat_reshuffle", lambda ms: seeded(ms, 11) and col(
        _gd(ms, RA(8), ["a", "b"]).repeat(3))),
    case("GeneratorDataset/list_source", lambda ms: full(_gd(ms, [(np.array(i),) for i in range(5)], ["x"],
                                                             shuffle=False))),
    case("GeneratorDataset/list_source_shuffle", lambda ms: seeded(ms, 9) and col(
        _gd(ms, [(np.array(i),) for i in range(9)], ["x"]))),
    case("GeneratorDataset/ndarray_source", lambda ms: full(_gd(ms, np.arange(12).reshape(4, 3), ["x"],
                                                                shuffle=False))),
    case("GeneratorDataset/shards_num_samples", lambda ms: full(_gd(ms, RA(10), ["a", "b"], shuffle=False,
                                                                    num_shards=2, shard_id=1, num_samples=3))),
    case("GeneratorDataset/shards_shuffle_epochs", lambda ms: seeded(ms, 21) and _epochs(
        ms, _gd(ms, RA(9), ["a", "b"], num_shards=2, shard_id=0), 2)),
    case("GeneratorDataset/sampler_sequential", lambda ms: full(_gd(ms, RA(8), ["a", "b"],
                                                                    sampler=D(ms).SequentialSampler(2, 3)))),
    case("GeneratorDataset/sampler_list", lambda ms: full(_gd(ms, RA(8), ["a", "b"], sampler=[5, 1, 3, 1]))),
    case("GeneratorDataset/sampler_random", lambda ms: seeded(ms, 4) and col(
        _gd(ms, RA(10), ["a", "b"], sampler=D(ms).RandomSampler()))),
    case("GeneratorDataset/random_access_workers2", lambda ms: full(_gd(
        ms, RA(10), ["a", "b"], shuffle=False, num_parallel_workers=2, python_multiprocessing=False))),
    case("GeneratorDataset/random_access_workers2_shuffle", lambda ms: seeded(ms, 8) and col(_gd(
        ms, RA(10), ["a", "b"], num_parallel_workers=2, python_multiprocessing=False))),
    case("GeneratorDataset/random_access_processes2", lambda ms: full(_gd(
        ms, RA(10), ["a", "b"], shuffle=False, num_parallel_workers=2, python_multiprocessing=True))),
    # ---- GeneratorDataset: bad inputs
    case("GeneratorDataset/bad_source_int", lambda ms: D(ms).GeneratorDataset(5, ["a"]), error=True),
    case("GeneratorDataset/bad_no_columns", lambda ms: D(ms).GeneratorDataset(gen(3)), error=True),
    case("GeneratorDataset/bad_columns_type", lambda ms: D(ms).GeneratorDataset(gen(3), 5), error=True),
    case("GeneratorDataset/bad_columns_dup", lambda ms: D(ms).GeneratorDataset(gen(3), ["a", "a"]), error=True),
    case("GeneratorDataset/bad_columns_empty", lambda ms: D(ms).GeneratorDataset(gen(3), []), error=True),
    case("GeneratorDataset/bad_shard_id_only", lambda ms: _gd(ms, RA(5), ["a", "b"], shard_id=0), error=True),
    case("GeneratorDataset/bad_num_shards_only", lambda ms: _gd(ms, RA(5), ["a", "b"], num_shards=2), error=True),
    case("GeneratorDataset/bad_shard_id_range", lambda ms: _gd(ms, RA(5), ["a", "b"], num_shards=2, shard_id=2),
         error=True),
    case("GeneratorDataset/bad_num_shards_zero", lambda ms: _gd(ms, RA(5), ["a", "b"], num_shards=0, shard_id=0),
         error=True),
    case("GeneratorDataset/bad_sampler_and_shuffle", lambda ms: _gd(ms, RA(5), ["a", "b"], shuffle=True,
                                                                    sampler=D(ms).SequentialSampler()), error=True),
    case("GeneratorDataset/bad_sampler_and_shards", lambda ms: _gd(
        ms, RA(5), ["a", "b"], num_shards=2, shard_id=0, sampler=D(ms).SequentialSampler()), error=True),
    case("GeneratorDataset/bad_sampler_generator_fn", lambda ms: _gd(ms, gen(3), ["a", "b"],
                                                                     sampler=D(ms).SequentialSampler()), error=True),
    case("GeneratorDataset/bad_shards_generator_fn", lambda ms: _gd(ms, gen(3), ["a", "b"], num_shards=2,
                                                                    shard_id=0), error=True),
    case("GeneratorDataset/bad_num_samples_negative", lambda ms: gds(ms, num_samples=-1), error=True),
    case("GeneratorDataset/bad_num_samples_type", lambda ms: gds(ms, num_samples=2.0), error=True),
    case("GeneratorDataset/bad_workers_zero", lambda ms: gds(ms, num_parallel_workers=0), error=True),
    case("GeneratorDataset/bad_workers_type", lambda ms: gds(ms, num_parallel_workers="2"), error=True),
    case("GeneratorDataset/bad_workers_too_many", lambda ms: gds(ms, num_parallel_workers=100000), error=True),
    case("GeneratorDataset/bad_shuffle_type", lambda ms: gds(ms, shuffle="yes"), error=True),
    case("GeneratorDataset/bad_multiprocessing_type", lambda ms: gds(ms, python_multiprocessing=1), error=True),
    case("GeneratorDataset/bad_sampler_type", lambda ms: _gd(ms, RA(5), ["a", "b"], sampler=3), error=True),
    case("GeneratorDataset/bad_pksampler", lambda ms: _gd(ms, RA(5), ["a", "b"], sampler=D(ms).PKSampler(2)),
         error=True),
    case("GeneratorDataset/bad_runtime_generator_raises", lambda ms: rows(_gd(ms, gen_raise, ["a"])), error=True),
    case("GeneratorDataset/bad_runtime_getitem_raises", lambda ms: rows(_gd(ms, BadRA(), ["a"], shuffle=False)),
         error=True),
    case("GeneratorDataset/bad_runtime_column_count", lambda ms: rows(_gd(ms, _g_wrong_cols, ["a"])), error=True),
    case("GeneratorDataset/bad_runtime_column_count_more", lambda ms: rows(_gd(ms, gen1(3), ["a", "b"])),
         error=True),
    case("GeneratorDataset/bad_runtime_batch_shapes", lambda ms: rows(_gd(ms, _g_bad_shape, ["a"]).batch(2)),
         error=True),
    # ---- NumpySlicesDataset
    case("NumpySlicesDataset/list_int", lambda ms: full(D(ms).NumpySlicesDataset([1, 2, 3], shuffle=False))),
    case("NumpySlicesDataset/list_float", lambda ms: full(D(ms).NumpySlicesDataset([1.5, 2.0], shuffle=False))),
    case("NumpySlicesDataset/list_bool", lambda ms: full(D(ms).NumpySlicesDataset([True, False], shuffle=False))),
    case("NumpySlicesDataset/list_nested", lambda ms: full(D(ms).NumpySlicesDataset([[1, 2], [3, 4], [5, 6]],
                                                                                   shuffle=False))),
    case("NumpySlicesDataset/list_named", lambda ms: full(D(ms).NumpySlicesDataset([1, 2], column_names=["x"],
                                                                                  shuffle=False))),
    case("NumpySlicesDataset/tuple", lambda ms: full(D(ms).NumpySlicesDataset(
        ([1, 2, 3], np.array([[1.0, 2], [3, 4], [5, 6]], np.float32)), shuffle=False))),
    case("NumpySlicesDataset/tuple_named", lambda ms: full(D(ms).NumpySlicesDataset(
        (np.arange(3), np.arange(3) * 2), column_names=["p", "q"], shuffle=False))),
    case("NumpySlicesDataset/dict", lambda ms: full(ns(ms, 4))),
    case("NumpySlicesDataset/dict_meta", lambda ms: meta(ns(ms, 4))),
    case("NumpySlicesDataset/dict_renamed", lambda ms: full(D(ms).NumpySlicesDataset(
        {"a": np.arange(3), "b": np.ones(3)}, column_names=["x", "y"], shuffle=False))),
    case("NumpySlicesDataset/ndarray_2d", lambda ms: full(D(ms).NumpySlicesDataset(
        np.arange(12, dtype=np.int16).reshape(4, 3), shuffle=False))),
    case("NumpySlicesDataset/ndarray_3d_meta", lambda ms: meta(D(ms).NumpySlicesDataset(
        np.zeros((5, 2, 3), np.float64), shuffle=False))),
    case("NumpySlicesDataset/uint8", lambda ms: full(D(ms).NumpySlicesDataset(
        np.arange(6, dtype=np.uint8), shuffle=False))),
    case("NumpySlicesDataset/num_samples", lambda ms: full(ns(ms, 10, num_samples=4))),
    case("NumpySlicesDataset/shards", lambda ms: full(ns(ms, 10, num_shards=3, shard_id=2))),
    case("NumpySlicesDataset/shards_shuffle", lambda ms: seeded(ms, 17) and col(
        D(ms).NumpySlicesDataset(np.arange(10), num_shards=3, shard_id=1))),
    case("NumpySlicesDataset/default_shuffle", lambda ms: seeded(ms, 2) and col(
        D(ms).NumpySlicesDataset(np.arange(10)))),
    case("NumpySlicesDataset/shuffle_seed100", lambda ms: seeded(ms, 100) and col(
        D(ms).NumpySlicesDataset(np.arange(20), shuffle=True))),
    case("NumpySlicesDataset/shuffle_epochs", lambda ms: seeded(ms, 100) and _epochs(
        ms, D(ms).NumpySlicesDataset(np.arange(7), shuffle=True), 3)),
    case("NumpySlicesDataset/sampler", lambda ms: full(ns(ms, 10, sampler=D(ms).SubsetSampler([4, 0, 2])))),
    case("NumpySlicesDataset/workers2", lambda ms: full(ns(ms, 10, num_parallel_workers=2))),
    case("NumpySlicesDataset/bad_empty", lambda ms: D(ms).NumpySlicesDataset([]), error=True),
    case("NumpySlicesDataset/bad_int", lambda ms: D(ms).NumpySlicesDataset(5), error=True),
    case("NumpySlicesDataset/bad_names_count", lambda ms: D(ms).NumpySlicesDataset({"a": [1], "b": [2]},
                                                                                  column_names=["x"]), error=True),
    case("NumpySlicesDataset/bad_list_two_names", lambda ms: D(ms).NumpySlicesDataset([1, 2],
                                                                                     column_names=["x", "y"]),
         error=True),
    case("NumpySlicesDataset/bad_tuple_lengths", lambda ms: rows(D(ms).NumpySlicesDataset(([1, 2, 3], [1, 2]))),
         error=True),
    case("NumpySlicesDataset/bad_shard_id", lambda ms: ns(ms, 5, num_shards=2, shard_id=3), error=True),
    case("NumpySlicesDataset/bad_sampler_and_shuffle", lambda ms: ns(ms, 5, shuffle=True,
                                                                     sampler=D(ms).RandomSampler()), error=True),
    # ---- string columns
    case("GeneratorDataset/strings", lambda ms: srows(_gd(ms, gen_str(), ["x", "y", "z"]))),
    case("GeneratorDataset/strings_meta", lambda ms: _str_meta(_gd(ms, gen_str(), ["x", "y", "z"]))),
    case("GeneratorDataset/strings_batch", lambda ms: srows(_gd(ms, gen_str(5), ["x", "y", "z"]).batch(2))),
    case("GeneratorDataset/strings_tensor_iter", lambda ms: [[type(v).__name__, str(v)] for r in _gd(
        ms, gen_str(2), ["x", "y", "z"]).create_tuple_iterator(num_epochs=1) for v in r]),
    case("NumpySlicesDataset/strings", lambda ms: srows(D(ms).NumpySlicesDataset(["ab", "c", "def"], shuffle=False))),
    case("NumpySlicesDataset/bytes", lambda ms: srows(D(ms).NumpySlicesDataset([b"ab", b"c"], shuffle=False))),
    case("NumpySlicesDataset/strings_dict", lambda ms: srows(D(ms).NumpySlicesDataset(
        {"s": ["x", "yy"], "n": [1, 2]}, shuffle=False))),
    # ---- several iterators, len, apply
    case("GeneratorDataset/two_iterators_same_order", lambda ms: seeded(ms, 4) and (lambda d: (col(d), col(d)))(
        D(ms).NumpySlicesDataset(np.arange(8), shuffle=True))),
    case("GeneratorDataset/two_iterators_shuffle_op", lambda ms: seeded(ms, 4) and (lambda d: (col(d), col(d)))(
        D(ms).NumpySlicesDataset(np.arange(8), shuffle=False).shuffle(3))),
    case("GeneratorDataset/len", lambda ms: (len(ns(ms, 7)), len(ns(ms, 7).batch(2)))),
    case("GeneratorDataset/apply", lambda ms: full(ns(ms, 5).apply(lambda d: d.batch(2)))),
    case("GeneratorDataset/bad_apply_not_callable", lambda ms: ns(ms, 5).apply(3), error=True),
    case("GeneratorDataset/bad_apply_returns_other", lambda ms: ns(ms, 5).apply(lambda d: 3), error=True),
    case("GeneratorDataset/gen_workers2_processes", lambda ms: full(gds(ms, 6, num_parallel_workers=2,
                                                                        python_multiprocessing=True))),
    case("GeneratorDataset/gen_fn_shuffle_ignored", lambda ms: seeded(ms, 3) and col(gds(ms, 6, shuffle=True))),
    case("GeneratorDataset/iterable_shuffle_ignored", lambda ms: seeded(ms, 3) and col(_gd(ms, It(6), ["a", "b"],
                                                                                         shuffle=True))),
    case("GeneratorDataset/sampler_list_num_samples", lambda ms: col(_gd(ms, RA(8), ["a", "b"], sampler=[1, 2, 3],
                                                                         num_samples=2))),
    case("GeneratorDataset/sampler_ndarray", lambda ms: col(_gd(ms, RA(8), ["a", "b"], sampler=np.array([4, 2])))),
    case("GeneratorDataset/sampler_tuple", lambda ms: col(_gd(ms, RA(8), ["a", "b"], sampler=(7, 0, 7)))),
    case("GeneratorDataset/sampler_range_num_samples", lambda ms: col(_gd(ms, RA(8), ["a", "b"], sampler=range(5),
                                                                          num_samples=3))),
    case("GeneratorDataset/bad_builtin_sampler_num_samples", lambda ms: _gd(
        ms, RA(8), ["a", "b"], sampler=D(ms).RandomSampler(num_samples=3), num_samples=5), error=True),
    case("GeneratorDataset/num_samples_repeat", lambda ms: col(_gd(ms, RA(8), ["a", "b"], shuffle=False,
                                                                   num_samples=3).repeat(2))),
    case("GeneratorDataset/shuffle_op_take", lambda ms: seeded(ms, 3) and col(gds(ms, 6).shuffle(10).take(3))),
    case("GeneratorDataset/zip_batch_size", lambda ms: D(ms).zip((gds(ms).batch(2), _gd(ms, gen(6), ["c", "d"])
                                                                  .batch(3))).get_batch_size()),
    case("GeneratorDataset/bad_yields_none", lambda ms: rows(_gd(ms, lambda: ((None,) for _ in range(3)), ["a"])),
         error=True),
    case("GeneratorDataset/bad_yields_ragged", lambda ms: rows(_gd(ms, lambda: (([[1], [2, 3]],) for _ in range(3)),
                                                                   ["a"])), error=True),
    case("GeneratorDataset/yields_nested_list", lambda ms: full(_gd(ms, lambda: (([[1, 2], [3, 4]],)
                                                                                 for _ in range(2)), ["a"]))),
    case("GeneratorDataset/bad_runtime_getitem_raises_workers", lambda ms: rows(_gd(
        ms, BadRA(), ["a"], shuffle=False, num_parallel_workers=2, python_multiprocessing=False)), error=True),
    case("GeneratorDataset/size_first_gen_fn", lambda ms: (gds(ms, 6).get_dataset_size(),
                                                           gds(ms, 6, num_samples=4).get_dataset_size())),
    case("GeneratorDataset/size_first_iterable", lambda ms: (_gd(ms, It(5), ["i", "f"]).get_dataset_size(),
                                                             _gd(ms, It(5), ["i", "f"], num_samples=2)
                                                             .get_dataset_size())),
    case("GeneratorDataset/size_first_random_access", lambda ms: (
        _gd(ms, RA(9), ["a", "b"]).get_dataset_size(), _gd(ms, RA(9), ["a", "b"], num_samples=4).get_dataset_size(),
        _gd(ms, RA(9), ["a", "b"], num_shards=4, shard_id=3).get_dataset_size(),
        _gd(ms, RA(9), ["a", "b"], sampler=[1, 1, 2]).get_dataset_size())),
    case("GeneratorDataset/size_first_pipeline", lambda ms: (gds(ms, 7).batch(2).get_dataset_size(),
                                                             gds(ms, 7).batch(2, True).repeat(3).get_dataset_size(),
                                                             gds(ms, 7).skip(2).take(3).get_dataset_size(),
                                                             (gds(ms, 7) + gds(ms, 2)).get_dataset_size())),
    # ---- ds.config
    case("config/seed_roundtrip", _seed_roundtrip),
    case("config/prefetch_workers_roundtrip", _config_roundtrip),
    case("config/bad_seed_negative", lambda ms: D(ms).config.set_seed(-1), error=True),
    case("config/bad_seed_big", lambda ms: D(ms).config.set_seed(2 ** 32), error=True),
    case("config/bad_seed_type", lambda ms: D(ms).config.set_seed(1.5), error=True),
    case("config/bad_prefetch_zero", lambda ms: D(ms).config.set_prefetch_size(0), error=True),
    case("config/bad_prefetch_type", lambda ms: D(ms).config.set_prefetch_size("4"), error=True),
    case("config/bad_workers_zero", lambda ms: D(ms).config.set_num_parallel_workers(0), error=True),
    case("config/bad_workers_type", lambda ms: D(ms).config.set_num_parallel_workers(2.0), error=True),
    case("config/bad_workers_too_many", lambda ms: D(ms).config.set_num_parallel_workers(100000), error=True),
    case("config/bad_workers_bool", lambda ms: D(ms).config.set_num_parallel_workers(True), error=True),
]
