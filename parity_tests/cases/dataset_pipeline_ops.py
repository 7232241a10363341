"""Pipeline ops that reorder, select or combine rows against real MindSpore: shuffle (seeded
orders), repeat, filter, project, rename, take, skip, split, zip, concat / ``+``; the iterators
(num_epochs, output_numpy, columns) and the getters (sizes, names, types, shapes, batch size,
repeat count), reset."""
import numpy as np

from parity_tests.harness import case
from parity_tests.cases._pipeline_common import D, RA, col, full, gds, meta, ns, rows, seeded


def _ns1(ms, n=10, name="a", start=0, **kw):
    return D(ms).NumpySlicesDataset({name: np.arange(start, start + n, dtype=np.int32)}, shuffle=False, **kw)


def _gen_only(n=10):
    def g():
        for i in range(n):
            yield (np.array(i, np.int32),)
    return g


def _gen1(ms, n=10, name="a"):
    return D(ms).GeneratorDataset(_gen_only(n), [name])


def _epochs(d, n, k=0):
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=n)
    return [[np.asarray(r[k]).tolist() for r in it] for _ in range(n)]


def _split_rows(parts):
    return [col(p) for p in parts] + [p.get_dataset_size() for p in parts]


def _var_rows():
    for i in range(6):
        yield np.arange(i % 4 + 1, dtype=np.int32), np.zeros((2, 3))


def _even(x):
    return x % 2 == 0


def _pred_raise(x):
    raise ValueError("bad predicate")


def _dict_rows(d, **kw):
    return [[(k, v) for k, v in r.items()] for r in d.create_dict_iterator(output_numpy=True, **kw)]


def _tensor_rows(d):
    return [[str(type(v).__name__), v.asnumpy() if hasattr(v, "asnumpy") else v]
            for r in d.create_tuple_iterator(num_epochs=1) for v in r]


def _resumed(d, step, epochs):
    d.set_init_step(step)
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    out = []
    for _ in range(epochs):
        try:
            out.append([np.asarray(r[0]).tolist() for r in it])
        except RuntimeError:
            out.append("beyond")
            break
    return out


def _reseeded(ms, make):
    """Build with seed 1, iterate, set seed 2, iterate the same pipeline again."""
    D(ms).config.set_seed(1)
    d = make()
    a = col(d)
    D(ms).config.set_seed(2)
    return a, col(d)


def _reset_twice(ms):
    d = ns(ms, 4)
    a = col(d)
    d.reset()
    return a, col(d)


def _fetch_beyond(ms):
    it = ns(ms, 3).create_tuple_iterator(output_numpy=True, num_epochs=1)
    first = [r[0].tolist() for r in it]
    second = [r[0].tolist() for r in it]
    return first, second


SHUFFLE = []
for s in (0, 1, 7, 1234):
    for b in (2, 4, 10, 100):
        SHUFFLE.append(case(f"shuffle/seed{s}_buffer{b}", lambda ms, s=s, b=b: seeded(ms, s) and col(
            _ns1(ms, 12).shuffle(b))))

CASES = SHUFFLE + [
    case("shuffle/generator_source", lambda ms: seeded(ms, 3) and col(_gen1(ms, 9).shuffle(3))),
    case("shuffle/epochs", lambda ms: seeded(ms, 3) and _epochs(_ns1(ms, 8).shuffle(4), 3)),
    case("shuffle/repeat_after", lambda ms: seeded(ms, 3) and col(_ns1(ms, 6).shuffle(3).repeat(3))),
    case("shuffle/repeat_before", lambda ms: seeded(ms, 3) and col(_ns1(ms, 6).repeat(2).shuffle(5))),
    case("shuffle/after_batch", lambda ms: seeded(ms, 5) and col(_ns1(ms, 9).batch(2).shuffle(3))),
    case("shuffle/twice", lambda ms: seeded(ms, 5) and col(_ns1(ms, 10).shuffle(3).shuffle(4))),
    case("shuffle/meta", lambda ms: meta(_ns1(ms, 10).shuffle(4))),
    case("shuffle/bad_buffer_one", lambda ms: _ns1(ms).shuffle(1), error=True),
    case("shuffle/bad_buffer_type", lambda ms: _ns1(ms).shuffle(2.5), error=True),
    case("shuffle/bad_buffer_negative", lambda ms: _ns1(ms).shuffle(-3), error=True),
    # ---- repeat
    case("repeat/three", lambda ms: full(_ns1(ms, 3).repeat(3))),
    case("repeat/one", lambda ms: full(_ns1(ms, 3).repeat(1))),
    case("repeat/meta", lambda ms: meta(_ns1(ms, 3).repeat(4))),
    case("repeat/infinite_size", lambda ms: (_ns1(ms, 3).repeat().get_dataset_size(),
                                             _ns1(ms, 3).repeat().get_repeat_count())),
    case("repeat/twice", lambda ms: (lambda d: (col(d), d.get_repeat_count(), d.get_dataset_size()))(
        _ns1(ms, 2).repeat(2).repeat(3))),
    case("repeat/generator", lambda ms: full(_gen1(ms, 3).repeat(2))),
    case("repeat/random_sampler", lambda ms: seeded(ms, 8) and col(D(ms).NumpySlicesDataset(
        np.arange(5), shuffle=True).repeat(3))),
    case("repeat/bad_zero", lambda ms: _ns1(ms).repeat(0), error=True),
    case("repeat/bad_negative", lambda ms: _ns1(ms).repeat(-2), error=True),
    case("repeat/bad_type", lambda ms: _ns1(ms).repeat(2.0), error=True),
    # ---- filter
    case("filter/basic", lambda ms: full(_ns1(ms, 9).filter(_even))),
    case("filter/input_columns", lambda ms: full(ns(ms, 9).filter(lambda b: b > 35, ["b"]))),
    case("filter/two_columns", lambda ms: full(ns(ms, 9).filter(lambda a, b: a % 3 == 0, ["a", "b"]))),
    case("filter/all_columns_default", lambda ms: full(ns(ms, 9).filter(lambda a, b: a + b > 40))),
    case("filter/none_left", lambda ms: full(_ns1(ms, 5).filter(lambda x: x > 100))),
    case("filter/workers2", lambda ms: full(_ns1(ms, 20).filter(_even, num_parallel_workers=2))),
    case("filter/then_batch", lambda ms: full(_ns1(ms, 10).filter(_even).batch(2))),
    case("filter/bad_predicate", lambda ms: _ns1(ms).filter(3), error=True),
    case("filter/bad_input_columns", lambda ms: _ns1(ms).filter(_even, 3), error=True),
    case("filter/bad_workers", lambda ms: _ns1(ms).filter(_even, num_parallel_workers=0), error=True),
    case("filter/bad_predicate_raises", lambda ms: rows(_ns1(ms).filter(_pred_raise)), error=True),
    case("filter/bad_missing_column", lambda ms: rows(_ns1(ms).filter(_even, ["zz"])), error=True),
    # ---- project / rename
    case("project/one", lambda ms: full(ns(ms, 3).project("b"))),
    case("project/reorder", lambda ms: full(ns(ms, 3).project(["b", "a"]))),
    case("project/meta", lambda ms: meta(ns(ms, 3).project(["b"]))),
    case("project/bad_missing", lambda ms: rows(ns(ms, 3).project(["zz"])), error=True),
    case("project/bad_type", lambda ms: ns(ms, 3).project(3), error=True),
    case("project/bad_empty", lambda ms: ns(ms, 3).project([]), error=True),
    case("project/bad_duplicate", lambda ms: ns(ms, 3).project(["a", "a"]), error=True),
    case("rename/one", lambda ms: full(ns(ms, 3).rename("a", "x"))),
    case("rename/two", lambda ms: full(ns(ms, 3).rename(["a", "b"], ["y", "x"]))),
    case("rename/swap", lambda ms: ns(ms, 3).rename(["a", "b"], ["b", "a"]).get_col_names()),
    case("rename/then_map", lambda ms: full(ns(ms, 3).rename("a", "x").map(lambda v: v * np.int32(2), "x"))),
    case("rename/bad_count", lambda ms: ns(ms, 3).rename(["a", "b"], ["x"]), error=True),
    case("rename/bad_type", lambda ms: ns(ms, 3).rename(1, "x"), error=True),
    case("rename/bad_missing", lambda ms: rows(ns(ms, 3).rename("zz", "x")), error=True),
    # ---- take / skip
    case("take/three", lambda ms: full(_ns1(ms, 10).take(3))),
    case("take/all", lambda ms: full(_ns1(ms, 4).take(-1))),
    case("take/more", lambda ms: full(_ns1(ms, 4).take(10))),
    case("take/after_batch", lambda ms: full(_ns1(ms, 10).batch(3).take(2))),
    case("take/generator", lambda ms: full(_gen1(ms, 10).take(4))),
    case("take/repeat", lambda ms: full(_ns1(ms, 5).take(2).repeat(2))),
    case("take/bad_zero", lambda ms: _ns1(ms).take(0), error=True),
    case("take/bad_negative", lambda ms: _ns1(ms).take(-3), error=True),
    case("take/bad_type", lambda ms: _ns1(ms).take("1"), error=True),
    case("skip/three", lambda ms: full(_ns1(ms, 10).skip(3))),
    case("skip/zero", lambda ms: full(_ns1(ms, 3).skip(0))),
    case("skip/all", lambda ms: full(_ns1(ms, 3).skip(5))),
    case("skip/generator", lambda ms: full(_gen1(ms, 6).skip(4))),
    case("skip/then_take", lambda ms: full(_ns1(ms, 10).skip(2).take(3))),
    case("skip/repeat_after", lambda ms: full(_ns1(ms, 4).skip(2).repeat(2))),
    case("skip/repeat_before", lambda ms: full(_ns1(ms, 4).repeat(2).skip(3))),
    case("skip/bad_negative", lambda ms: _ns1(ms).skip(-1), error=True),
    case("skip/bad_type", lambda ms: _ns1(ms).skip(1.0), error=True),
    # ---- split
    case("Dataset.split/int_no_randomize", lambda ms: _split_rows(_ns1(ms, 10).split([3, 7], randomize=False))),
    case("Dataset.split/float_no_randomize", lambda ms: _split_rows(_ns1(ms, 10).split([0.25, 0.75], randomize=False))),
    case("Dataset.split/three_no_randomize", lambda ms: _split_rows(_ns1(ms, 10).split([0.3, 0.3, 0.4],
                                                                               randomize=False))),
    case("Dataset.split/rounding", lambda ms: _split_rows(_ns1(ms, 7).split([0.5, 0.5], randomize=False))),
    case("Dataset.split/randomize_seed1", lambda ms: seeded(ms, 1) and _split_rows(_ns1(ms, 10).split([4, 6]))),
    case("Dataset.split/randomize_seed9", lambda ms: seeded(ms, 9) and _split_rows(_ns1(ms, 12).split([0.5, 0.5]))),
    case("Dataset.split/randomize_generator", lambda ms: seeded(ms, 9) and _split_rows(_gen1(ms, 8).split([3, 5]))),
    case("Dataset.split/generator_no_randomize", lambda ms: _split_rows(_gen1(ms, 8).split([3, 5], randomize=False))),
    case("Dataset.split/randomize_epochs", lambda ms: seeded(ms, 2) and [_epochs(p, 2) for p in _ns1(ms, 8).split([4, 4])]),
    case("Dataset.split/bad_sum", lambda ms: _ns1(ms, 10).split([3, 3]), error=True),
    case("Dataset.split/bad_float_sum", lambda ms: _ns1(ms, 10).split([0.3, 0.3]), error=True),
    case("Dataset.split/bad_mixed", lambda ms: _ns1(ms, 10).split([3, 0.7]), error=True),
    case("Dataset.split/bad_empty", lambda ms: _ns1(ms, 10).split([]), error=True),
    case("Dataset.split/bad_zero", lambda ms: _ns1(ms, 10).split([0, 10]), error=True),
    case("Dataset.split/bad_too_small", lambda ms: _ns1(ms, 10).split([0.01, 0.99]), error=True),
    case("Dataset.split/bad_type", lambda ms: _ns1(ms, 10).split((5, 5)), error=True),
    case("Dataset.split/bad_sharded", lambda ms: _ns1(ms, 10, num_shards=2, shard_id=0).split([2, 3]), error=True),
    # ---- zip / concat
    case("zip/two", lambda ms: full(_ns1(ms, 4).zip(_ns1(ms, 4, "b", 10)))),
    case("zip/tuple", lambda ms: full(_ns1(ms, 4).zip((_ns1(ms, 3, "b", 10), _ns1(ms, 5, "c", 20))))),
    case("zip/function", lambda ms: full(D(ms).zip((_ns1(ms, 4), _ns1(ms, 2, "b"))))),
    case("zip/meta", lambda ms: meta(D(ms).zip((ns(ms, 4), _ns1(ms, 6, "c"))))),
    case("zip/generator", lambda ms: full(_gen1(ms, 3).zip(_gen1(ms, 5, "b")))),
    case("zip/bad_duplicate_columns", lambda ms: rows(_ns1(ms, 3).zip(_ns1(ms, 3))), error=True),
    case("zip/bad_type", lambda ms: _ns1(ms, 3).zip(5), error=True),
    case("zip/bad_function_one", lambda ms: D(ms).zip((_ns1(ms, 3),)), error=True),
    case("zip/bad_function_list", lambda ms: D(ms).zip([_ns1(ms, 3), _ns1(ms, 3, "b")]), error=True),
    case("concat/two", lambda ms: full(_ns1(ms, 3).concat(_ns1(ms, 2, start=10)))),
    case("concat/list", lambda ms: full(_ns1(ms, 2).concat([_ns1(ms, 2, start=5), _ns1(ms, 1, start=9)]))),
    case("concat/plus", lambda ms: full(_ns1(ms, 2) + _ns1(ms, 3, start=7))),
    case("concat/plus_chain", lambda ms: full(_ns1(ms, 2) + _ns1(ms, 1, start=7) + _ns1(ms, 1, start=20))),
    case("concat/generators", lambda ms: full(_gen1(ms, 2) + _gen1(ms, 3))),
    case("concat/meta", lambda ms: meta(_ns1(ms, 2) + _ns1(ms, 3, start=7))),
    case("concat/then_batch", lambda ms: full((_ns1(ms, 3) + _ns1(ms, 4, start=10)).batch(3))),
    case("concat/repeat", lambda ms: full((_ns1(ms, 2) + _ns1(ms, 1, start=10)).repeat(2))),
    case("concat/bad_type", lambda ms: _ns1(ms, 3).concat(5), error=True),
    case("concat/bad_list_item", lambda ms: _ns1(ms, 3).concat([_ns1(ms, 2), 3]), error=True),
    case("concat/bad_column_names", lambda ms: rows(_ns1(ms, 3) + _ns1(ms, 3, "b")), error=True),
    # ---- iterators
    case("iterator/dict", lambda ms: _dict_rows(ns(ms, 3))),
    case("iterator/dict_epochs", lambda ms: (lambda it: [[sorted(r) for r in it] for _ in range(2)])(
        ns(ms, 2).create_dict_iterator(output_numpy=True, num_epochs=2))),
    case("iterator/tuple_columns", lambda ms: rows(ns(ms, 3), columns=["b"])),
    case("iterator/tuple_columns_reorder", lambda ms: rows(ns(ms, 3), columns=["b", "a"])),
    case("iterator/tensor_output", lambda ms: _tensor_rows(ns(ms, 2))),
    case("iterator/dict_tensor_output", lambda ms: [type(v).__name__ for r in ns(ms, 2).create_dict_iterator(
        num_epochs=1) for v in r.values()]),
    case("iterator/epochs_three", lambda ms: _epochs(_ns1(ms, 3), 3)),
    case("iterator/for_loop", lambda ms: [[np.asarray(v).tolist() if not hasattr(v, "asnumpy") else
                                           v.asnumpy().tolist() for v in r] for r in ns(ms, 3)]),
    case("iterator/get_col_names", lambda ms: ns(ms, 3).create_tuple_iterator(num_epochs=1).get_col_names()),
    case("iterator/reset", _reset_twice),
    case("iterator/bad_fetch_beyond_epochs", _fetch_beyond, error=True),
    case("iterator/bad_num_epochs_zero", lambda ms: ns(ms, 3).create_tuple_iterator(num_epochs=0), error=True),
    case("iterator/bad_num_epochs_type", lambda ms: ns(ms, 3).create_tuple_iterator(num_epochs=1.0), error=True),
    case("iterator/bad_num_epochs_negative", lambda ms: ns(ms, 3).create_dict_iterator(num_epochs=-2), error=True),
    case("iterator/bad_output_numpy_type", lambda ms: ns(ms, 3).create_tuple_iterator(output_numpy=1), error=True),
    case("iterator/bad_columns_missing", lambda ms: rows(ns(ms, 3), columns=["zz"]), error=True),
    case("iterator/columns_str", lambda ms: rows(ns(ms, 3), columns="b")),
    case("iterator/bad_columns_type", lambda ms: ns(ms, 3).create_tuple_iterator(columns=3), error=True),
    # ---- seeded random components combined
    case("combo/concat_shuffled_sources", lambda ms: seeded(ms, 6) and col(
        D(ms).NumpySlicesDataset(np.arange(5), shuffle=True) + D(ms).NumpySlicesDataset(np.arange(10, 14),
                                                                                        shuffle=True))),
    case("combo/zip_shuffled_sources", lambda ms: seeded(ms, 6) and rows(D(ms).zip((
        D(ms).NumpySlicesDataset({"a": np.arange(6)}, shuffle=True),
        D(ms).NumpySlicesDataset({"b": np.arange(6)}, shuffle=True))))),
    case("combo/shuffle_after_concat", lambda ms: seeded(ms, 6) and col((_ns1(ms, 4) + _ns1(ms, 4, start=10))
                                                                        .shuffle(5))),
    case("combo/two_shuffle_ops_zip", lambda ms: seeded(ms, 6) and rows(_ns1(ms, 8).shuffle(3).zip(
        _ns1(ms, 8, "b").shuffle(3)))),
    case("combo/random_sampler_and_shuffle_op", lambda ms: seeded(ms, 6) and col(
        D(ms).NumpySlicesDataset(np.arange(9), shuffle=True).shuffle(4))),
    case("combo/shuffle_batch_repeat_epochs", lambda ms: seeded(ms, 6) and _epochs(
        _ns1(ms, 7).shuffle(3).batch(2).repeat(2), 2)),
    case("combo/split_then_shuffle", lambda ms: seeded(ms, 6) and [col(p.shuffle(3)) for p in _ns1(ms, 10).split(
        [5, 5], randomize=False)]),
    case("combo/distributed_random_epochs", lambda ms: seeded(ms, 6) and _epochs(D(ms).NumpySlicesDataset(
        np.arange(9), num_shards=2, shard_id=0, shuffle=True), 3)),
    case("combo/skip_take_shuffle", lambda ms: seeded(ms, 6) and col(_ns1(ms, 12).skip(2).take(8).shuffle(4))),
    case("combo/filter_shuffle_batch", lambda ms: seeded(ms, 6) and col(_ns1(ms, 12).filter(_even).shuffle(3)
                                                                        .batch(2))),
    case("combo/generator_random_access_batch_epochs", lambda ms: seeded(ms, 6) and _epochs(D(ms).GeneratorDataset(
        RA(7), ["a", "b"]).batch(3), 2)),
    case("combo/seed_change_between_iterators_sampler", lambda ms: _reseeded(
        ms, lambda: D(ms).NumpySlicesDataset(np.arange(8), shuffle=True))),
    case("combo/seed_change_between_iterators_shuffle_op", lambda ms: _reseeded(
        ms, lambda: _ns1(ms, 8).shuffle(4))),
    case("combo/seed_change_between_iterators_distributed", lambda ms: _reseeded(
        ms, lambda: D(ms).NumpySlicesDataset(np.arange(8), num_shards=2, shard_id=1))),
    case("combo/seed_change_between_iterators_subset_random", lambda ms: _reseeded(
        ms, lambda: D(ms).NumpySlicesDataset(np.arange(8), sampler=D(ms).SubsetRandomSampler([1, 3, 5, 7, 0])))),
    # ---- resume from a step (set_init_step)
    case("set_init_step/batch", lambda ms: _resumed(ns(ms, 10).batch(2), 2, 1)),
    case("set_init_step/second_epoch", lambda ms: _resumed(ns(ms, 10).batch(2), 7, 3)),
    case("set_init_step/random_sampler", lambda ms: seeded(ms, 5) and _resumed(
        D(ms).NumpySlicesDataset(np.arange(10), shuffle=True), 4, 2)),
    case("set_init_step/random_sampler_epoch2", lambda ms: seeded(ms, 5) and _resumed(
        D(ms).NumpySlicesDataset(np.arange(10), shuffle=True), 13, 3)),
    case("set_init_step/shuffle_op", lambda ms: seeded(ms, 5) and _resumed(
        _ns1(ms, 10).shuffle(4), 3, 2)),
    case("set_init_step/shuffle_op_epoch2", lambda ms: seeded(ms, 5) and _resumed(
        _ns1(ms, 10).shuffle(4), 12, 3)),
    case("set_init_step/map_batch", lambda ms: _resumed(_ns1(ms, 10).map(lambda x: x * np.int32(3)).batch(3), 1, 1)),
    case("set_init_step/get", lambda ms: (lambda d: (d.set_init_step(3), d.get_init_step())[1])(_ns1(ms, 10))),
    case("set_init_step/distributed", lambda ms: seeded(ms, 2) and _resumed(
        _ns1(ms, 10, num_shards=2, shard_id=1), 6, 2)),
    # ---- getters
    case("getters/ns", lambda ms: meta(ns(ms, 5))),
    case("getters/pipeline", lambda ms: meta(ns(ms, 10).map(lambda x: np.stack([x, x]), ["a"]).batch(3).repeat(2))),
    case("getters/filter_size", lambda ms: _ns1(ms, 10).filter(_even).get_dataset_size()),
    case("getters/generator_size", lambda ms: _gen1(ms, 7).get_dataset_size()),
    case("getters/batch_size_default", lambda ms: (_ns1(ms, 4).get_batch_size(), _ns1(ms, 4).get_repeat_count())),
    case("getters/batch_then_take", lambda ms: meta(_ns1(ms, 10).batch(4).take(2))),
    case("getters/output_shapes_estimate", lambda ms: ns(ms, 4).batch(3).output_shapes(estimate=True)),
    case("getters/output_types_str", lambda ms: [str(np.dtype(t)) for t in D(ms).NumpySlicesDataset(
        {"x": np.arange(3, dtype=np.float16), "y": np.array([True, False, True])}, shuffle=False).output_types()]),
    case("getters/output_shapes_estimate_drop", lambda ms: ns(ms, 4).batch(3, True).output_shapes(estimate=True)),
    case("getters/output_shapes_estimate_varying", lambda ms: D(ms).GeneratorDataset(
        _var_rows, ["v", "w"]).output_shapes(estimate=True)),
    case("getters/output_shapes_estimate_padded", lambda ms: D(ms).GeneratorDataset(
        _var_rows, ["v", "w"]).padded_batch(2, pad_info={}).output_shapes(estimate=True)),
    case("getters/output_shapes_first_row", lambda ms: D(ms).GeneratorDataset(_var_rows, ["v", "w"]).output_shapes()),
    case("getters/num_classes", lambda ms: ns(ms, 3).num_classes()),
    case("getters/bad_estimate_type", lambda ms: ns(ms, 3).output_shapes(estimate=1), error=True),
]
