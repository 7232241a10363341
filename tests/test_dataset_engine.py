"""mscompat.dataset engine: pipeline ops, iterators, sources, samplers, config.

Expected values marked "MindSpore:" were produced by real MindSpore 2.10 (the oracle) on the same
pipeline; row orders for a given seed are bit-exact reproductions of MindSpore's C++ generators.
"""
import threading

import numpy as np
import pytest

import mscompat as ms
import mscompat.dataset as ds
from mscompat.dataset import _engine_config


@pytest.fixture(autouse=True)
def _restore_config():
    saved = dict(_engine_config._state)
    yield
    _engine_config._state.clear()
    _engine_config._state.update(saved)


def gen_ds(n=5, shuffle=False, **kw):
    return ds.GeneratorDataset([(np.array(i),) for i in range(n)], column_names=["a"], shuffle=shuffle, **kw)


def col0(d, epochs=None):
    return [r[0].tolist() for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]


# --------------------------------------------------------------------------- dtypes / shapes
def test_python_values_become_mindspore_dtypes():
    def gen():
        for i in range(5):
            yield (i, float(i) * 0.5, np.array([i, i + 1], np.int32), True, "s%d" % i)
    d = ds.GeneratorDataset(gen, column_names=["a", "b", "c", "d", "e"], shuffle=False)
    assert d.get_dataset_size() == 5
    assert d.get_col_names() == ["a", "b", "c", "d", "e"]
    # MindSpore: [int64, float64, int32, bool, <U] and [[], [], [2], [], []]
    assert d.output_types() == [np.dtype("int64"), np.dtype("float64"), np.dtype("int32"), np.dtype("bool"),
                                np.dtype("U")]
    assert d.output_shapes() == [[], [], [2], [], []]
    row = next(d.create_dict_iterator(num_epochs=1, output_numpy=True))
    assert row["a"].dtype == np.int64 and row["b"].dtype == np.float64 and row["e"].dtype.kind == "U"


def test_numpy_scalars_lists_bytes_dtypes():
    d = ds.GeneratorDataset([(np.float32(1.5), np.int8(3), 2 ** 40, [1, 2], [1.0, 2.0], b"xy")],
                            ["a", "b", "c", "d", "e", "f"])
    # MindSpore: [float32, int8, int64, int64, float64, S]
    assert d.output_types() == [np.dtype("float32"), np.dtype("int8"), np.dtype("int64"), np.dtype("int64"),
                                np.dtype("float64"), np.dtype("S")]


def test_tensor_output_unless_output_numpy():
    d = ds.GeneratorDataset([(1, 1.0, "s", True)], ["a", "b", "c", "d"])
    row = next(d.create_dict_iterator(num_epochs=1))
    assert isinstance(row["a"], ms.Tensor) and row["a"].dtype == ms.int64
    assert isinstance(row["b"], ms.Tensor) and row["b"].dtype == ms.float64
    assert isinstance(row["d"], ms.Tensor) and row["d"].dtype == ms.bool_
    assert isinstance(row["c"], np.ndarray)  # MindSpore: strings stay numpy
    row = next(iter(gen_ds(2)))
    assert isinstance(row, list) and isinstance(row[0], ms.Tensor)


# --------------------------------------------------------------------------- batch
def test_batch_shapes_sizes_and_remainder():
    def gen():
        for i in range(5):
            yield (i, np.array([i, i + 1], np.int32), "s%d" % i)
    d = ds.GeneratorDataset(gen, ["a", "c", "e"], shuffle=False).batch(2)
    assert d.get_dataset_size() == 3 and d.get_batch_size() == 2
    assert d.output_shapes() == [[2], [2, 2], [2]]
    batches = list(d.create_tuple_iterator(num_epochs=1, output_numpy=True))
    assert [b[1].shape for b in batches] == [(2, 2), (2, 2), (1, 2)]
    assert batches[0][2].tolist() == ["s0", "s1"]
    assert batches[2][0].dtype == np.int64
    dd = gen_ds(5).batch(2, drop_remainder=True)
    assert dd.get_dataset_size() == 2 and col0(dd) == [[0, 1], [2, 3]]


def test_repeat_batch_order():
    # MindSpore: repeat-batch [[0,1,2],[3,4,0],[1,2,3],[4]], batch-repeat [[0,1,2],[3,4],[0,1,2],[3,4]]
    assert col0(gen_ds(5).repeat(2).batch(3)) == [[0, 1, 2], [3, 4, 0], [1, 2, 3], [4]]
    assert col0(gen_ds(5).batch(3).repeat(2)) == [[0, 1, 2], [3, 4], [0, 1, 2], [3, 4]]


def test_batch_inconsistent_shapes_raise_runtime_error():
    d = ds.GeneratorDataset([(np.zeros(i + 1),) for i in range(3)], ["v"], shuffle=False).batch(3)
    with pytest.raises(RuntimeError):
        list(d.create_tuple_iterator(num_epochs=1))


def test_callable_batch_size_and_batch_info():
    d = gen_ds(10).batch(lambda info: info.get_batch_num() + 1)
    assert col0(d) == [[0], [1, 2], [3, 4, 5], [6, 7, 8, 9]]
    assert d.get_dataset_size() == 4


def test_per_batch_map_output_columns():
    d = ds.GeneratorDataset([(np.array(i), np.array([i, i]), np.array(i * 1.0)) for i in range(4)],
                            column_names=["a", "b", "c"], shuffle=False)
    b = d.batch(3, input_columns=["a"], output_columns=["p", "q"],
                per_batch_map=lambda a, info: ([x * 2 for x in a], [x + info.get_batch_num() for x in a]))
    assert b.get_col_names() == ["p", "q", "c", "b"]  # MindSpore's order
    first = next(b.create_dict_iterator(num_epochs=1, output_numpy=True))
    assert first["p"].tolist() == [0, 2, 4] and first["q"].tolist() == [0, 1, 2]
    second = list(b.create_dict_iterator(num_epochs=1, output_numpy=True))[1]
    assert second["q"].tolist() == [4]  # batch_num 1


def test_padded_batch():
    d = ds.GeneratorDataset([(np.ones(i + 1, np.int32),) for i in range(3)], ["v"], shuffle=False)
    # MindSpore: [[[1,-1,-1,-1],[1,1,-1,-1]],[[1,1,1,-1]]]
    assert col0(d.padded_batch(2, pad_info={"v": ([4], -1)})) == [[[1, -1, -1, -1], [1, 1, -1, -1]],
                                                                  [[1, 1, 1, -1]]]
    assert col0(d.padded_batch(2, pad_info={"v": (None, 9)})) == [[[1, 9], [1, 1]], [[1, 1, 1]]]
    assert col0(d.padded_batch(2, pad_info={})) == [[[1, 0], [1, 1]], [[1, 1, 1]]]


def test_batch_pad_info_keyword_is_type_error():
    with pytest.raises(TypeError):
        gen_ds().batch(2, pad_info={"a": None})


@pytest.mark.parametrize("call, exc", [
    (lambda d: d.batch(0), ValueError),
    (lambda d: d.batch(2.0), TypeError),
    (lambda d: d.batch(2, drop_remainder=1), TypeError),
    (lambda d: d.batch(2, input_columns=["a"]), ValueError),
    (lambda d: d.shuffle(1), ValueError),
    (lambda d: d.shuffle(2.0), TypeError),
    (lambda d: d.repeat(0), ValueError),
    (lambda d: d.take(0), ValueError),
    (lambda d: d.skip(-1), ValueError),
    (lambda d: d.project([]), ValueError),
    (lambda d: d.rename(["a", "b"], ["z"]), ValueError),
    (lambda d: d.map(lambda x: x, num_parallel_workers=0), ValueError),
    (lambda d: d.filter(5), TypeError),
])
def test_bad_arguments_raise_mindspore_classes(call, exc):
    with pytest.raises(exc):
        call(gen_ds())


def test_batch_minus_one_fails_at_run_time():
    with pytest.raises(RuntimeError):
        col0(gen_ds().batch(-1))


# --------------------------------------------------------------------------- map / filter / columns
def test_map_column_order_and_chaining():
    d = ds.GeneratorDataset([(np.array(i), np.array([i, i]), np.array(i * 1.0)) for i in range(4)],
                            column_names=["a", "b", "c"], shuffle=False)
    # MindSpore: ['x','y','a','c'], ['s','b'], ['a','b','c']
    assert d.map(lambda b: (b, b + 1), input_columns=["b"], output_columns=["x", "y"]).get_col_names() == \
        ["x", "y", "a", "c"]
    assert d.map(lambda a, c: a + c, input_columns=["a", "c"], output_columns=["s"]).get_col_names() == ["s", "b"]
    assert d.map(lambda a, c: (c, a), input_columns=["a", "c"]).get_col_names() == ["a", "b", "c"]
    # MindSpore: output 'a' takes input 'c''s place and the old 'a' loses its name -> ['b', 'a']
    m = d.map(lambda c: c * 10, input_columns=["c"], output_columns=["a"])
    assert m.get_col_names() == ["b", "a"]
    assert [r[1].tolist() for r in m.create_tuple_iterator(num_epochs=1, output_numpy=True)] == [0.0, 10.0, 20.0,
                                                                                                  30.0]
    assert col0(gen_ds(3).map([lambda a: a + 1, lambda a: a * 10], input_columns="a")) == [10, 20, 30]
    m = gen_ds(3).map(lambda a: a + 1.5, input_columns="a")
    assert m.output_types() == [np.dtype("float64")]
    m = gen_ds(3).map(lambda a: 7, input_columns="a")
    assert m.output_types() == [np.dtype("int64")] and col0(m) == [7, 7, 7]


def test_map_parallel_workers_keep_order_and_use_threads():
    seen = set()

    def slow(a):
        seen.add(threading.get_ident())
        return a * 2
    d = gen_ds(50).map(slow, input_columns="a", num_parallel_workers=2)
    assert col0(d) == [2 * i for i in range(50)]


def test_map_user_error_is_runtime_error_with_cause():
    d = gen_ds(3).map(lambda a: 1 / 0, input_columns="a")
    with pytest.raises(RuntimeError) as info:
        col0(d)
    assert isinstance(info.value.__cause__, ZeroDivisionError)


def test_map_unknown_column_runtime_error():
    with pytest.raises(RuntimeError):
        gen_ds().map(lambda x: x, input_columns=["zz"]).get_col_names()


def test_filter_truthiness_and_size():
    f = gen_ds(6).filter(lambda a: a % 2 == 0, input_columns=["a"])
    assert col0(f) == [0, 2, 4] and f.get_dataset_size() == 3
    # MindSpore: a predicate returning a non-bool is used for its truth value
    assert col0(gen_ds(10).filter(lambda a: a, input_columns="a")) == list(range(1, 10))


def test_project_rename():
    d = ds.GeneratorDataset([(np.array(i), np.array(i * 2), np.array(i * 3)) for i in range(3)],
                            ["a", "b", "c"], shuffle=False)
    p = d.project(["c", "a"])
    assert p.get_col_names() == ["c", "a"]
    assert [r[0].tolist() for r in p.create_tuple_iterator(num_epochs=1, output_numpy=True)] == [0, 3, 6]
    assert d.rename(["a"], ["z"]).get_col_names() == ["z", "b", "c"]
    with pytest.raises(RuntimeError):
        d.project(["zz"]).get_col_names()


# --------------------------------------------------------------------------- take/skip/repeat/zip/concat/split
def test_take_skip_repeat_sizes():
    assert gen_ds().take(3).get_dataset_size() == 3
    assert gen_ds().take(10).get_dataset_size() == 5
    assert gen_ds().skip(2).get_dataset_size() == 3 and col0(gen_ds().skip(2)) == [2, 3, 4]
    assert gen_ds().skip(10).get_dataset_size() == 0 and col0(gen_ds().skip(10)) == []
    r = gen_ds().repeat(3)
    assert r.get_dataset_size() == 15 and r.get_repeat_count() == 3
    assert gen_ds().get_repeat_count() == 1 and gen_ds().get_batch_size() == 1
    assert gen_ds().batch(3).repeat(2).get_batch_size() == 3
    # MindSpore: an endless repeat reports the child's size and count -1
    assert gen_ds(4).repeat().get_dataset_size() == 4 and gen_ds(4).repeat().get_repeat_count() == -1


def test_zip_and_concat():
    d2 = ds.GeneratorDataset([(np.array(i * 10),) for i in range(4)], column_names=["b"], shuffle=False)
    z = ds.zip((gen_ds(3), d2))
    assert z.get_col_names() == ["a", "b"] and z.get_dataset_size() == 3
    assert [(int(a), int(b)) for a, b in z.create_tuple_iterator(num_epochs=1, output_numpy=True)] == \
        [(0, 0), (1, 10), (2, 20)]
    c = gen_ds(3) + gen_ds(2)
    assert col0(c) == [0, 1, 2, 0, 1] and c.get_dataset_size() == 5
    assert col0(gen_ds(2).concat([gen_ds(1), gen_ds(1)])) == [0, 1, 0, 0]
    with pytest.raises(RuntimeError):
        ds.zip((gen_ds(), gen_ds())).get_col_names()
    with pytest.raises(TypeError):
        ds.zip([gen_ds(), gen_ds()])


def test_split_sizes_and_consecutive():
    assert [x.get_dataset_size() for x in gen_ds(10).split([0.5, 0.3, 0.2], randomize=False)] == [5, 3, 2]
    # MindSpore: round(3.4)+round(3.3)+round(3.3) = 9 < 10, the difference goes to the first split
    assert [x.get_dataset_size() for x in gen_ds(10).split([0.34, 0.33, 0.33])] == [4, 3, 3]
    assert [col0(x) for x in gen_ds(10).split([4, 6], randomize=False)] == [[0, 1, 2, 3], [4, 5, 6, 7, 8, 9]]
    with pytest.raises(RuntimeError):
        gen_ds(10).split([3, 3])
    with pytest.raises(ValueError):
        gen_ds(10).split([0.5, 0.6])


def test_split_randomize_partitions_rows_with_seed():
    ds.config.set_seed(3)
    parts = [col0(x) for x in gen_ds(10).split([0.6, 0.4])]
    # MindSpore (seed 3): [[3, 1, 8, 5, 2, 6], [9, 7, 0, 4]]
    assert parts == [[3, 1, 8, 5, 2, 6], [9, 7, 0, 4]]


def test_split_randomize_epochs_and_pipelines_match_mindspore():
    def two_epochs(d):
        it = d.create_tuple_iterator(num_epochs=2, output_numpy=True)
        return [[int(r[0]) for r in it] for _ in range(2)]

    def g():
        for i in range(10):
            yield (np.array(i),)
    ds.config.set_seed(3)
    want = [[[7, 9, 3, 2, 5, 8]] * 2, [[4, 0, 6, 1]] * 2]  # MindSpore (seed 3): buffer-shuffle split
    assert [two_epochs(x) for x in ds.GeneratorDataset(g, ["a"]).split([0.6, 0.4])] == want
    assert [two_epochs(x) for x in gen_ds(10).map(lambda a: a).split([0.6, 0.4])] == want
    # mappable source that shuffles itself: its order changes per epoch, the split's permutation does not
    got = [two_epochs(x) for x in gen_ds(10, shuffle=True).split([0.6, 0.4])]
    assert got == [[[5, 1, 0, 6, 8, 9], [8, 7, 0, 5, 2, 1]], [[4, 7, 3, 2], [9, 4, 3, 6]]]


# --------------------------------------------------------------------------- iterators
def test_num_epochs_iterator():
    it = gen_ds(2).create_tuple_iterator(num_epochs=2, output_numpy=True)
    assert [int(r[0]) for r in it] == [0, 1]
    assert [int(r[0]) for r in it] == [0, 1]
    with pytest.raises(RuntimeError):
        list(it)


def test_dict_iterator_keys_and_columns_arg():
    d = ds.GeneratorDataset([(np.array(i), np.array(i * 2)) for i in range(3)], ["a", "b"], shuffle=False)
    assert list(next(d.create_dict_iterator(num_epochs=1)).keys()) == ["a", "b"]
    rows = list(d.create_tuple_iterator(columns=["b"], num_epochs=1, output_numpy=True))
    assert [r[0].tolist() for r in rows] == [0, 2, 4] and len(rows[0]) == 1


def test_reset_and_fresh_iterators_restart():
    d = gen_ds(3)
    assert col0(d) == col0(d) == [0, 1, 2]
    d.reset()
    assert col0(d) == [0, 1, 2]


# --------------------------------------------------------------------------- sources
def test_generator_function_iterable_and_random_access():
    def g():
        for i in range(6):
            yield (np.array(i),)
    assert col0(ds.GeneratorDataset(g, ["a"])) == list(range(6))
    assert col0(ds.GeneratorDataset(g, ["a"], num_samples=3)) == [0, 1, 2]
    assert ds.GeneratorDataset(g, ["a"]).get_dataset_size() == 6

    class RA:
        def __getitem__(self, i):
            return [np.array(i), np.array(i * 2)]

        def __len__(self):
            return 4
    rows = list(ds.GeneratorDataset(RA(), ["a", "b"], shuffle=False).create_tuple_iterator(num_epochs=1,
                                                                                       output_numpy=True))
    assert [[x.tolist() for x in r] for r in rows] == [[0, 0], [1, 2], [2, 4], [3, 6]]

    class RA1:
        def __getitem__(self, i):
            return np.array([i, i])

        def __len__(self):
            return 3
    assert col0(ds.GeneratorDataset(RA1(), ["a"], shuffle=False)) == [[0, 0], [1, 1], [2, 2]]


def test_generator_parallel_workers_keep_order():
    d = ds.GeneratorDataset([(np.array(i),) for i in range(40)], ["a"], shuffle=False, num_parallel_workers=2)
    assert col0(d) == list(range(40))


def test_generator_column_count_mismatch_runtime_error():
    with pytest.raises(RuntimeError):
        col0(ds.GeneratorDataset([(1, 2)], column_names=["a"]))


@pytest.mark.parametrize("make, exc", [
    (lambda: ds.GeneratorDataset([(1,)], column_names=None), ValueError),
    (lambda: ds.GeneratorDataset(5, column_names=["a"]), TypeError),
    (lambda: ds.GeneratorDataset([(1,)], column_names=["a"], num_shards=2), ValueError),
    (lambda: ds.GeneratorDataset([(1,)], column_names=["a"], num_shards=2, shard_id=2), ValueError),
    (lambda: ds.GeneratorDataset([(1,)], ["a"], shuffle=True, sampler=ds.SequentialSampler()), ValueError),
    (lambda: ds.GeneratorDataset([(1,)], ["a"], shuffle=1), TypeError),
    (lambda: ds.GeneratorDataset([(1,)], ["a", "a"]), ValueError),
    (lambda: ds.GeneratorDataset((x for x in [(1,)]), ["a"], sampler=ds.SequentialSampler()), ValueError),
    (lambda: ds.NumpySlicesDataset([]), ValueError),
    (lambda: ds.NumpySlicesDataset(5), TypeError),
    (lambda: ds.NumpySlicesDataset([1, 2], column_names=["a", "b"]), ValueError),
    (lambda: ds.NumpySlicesDataset({"a": [1, 2], "b": [1, 2, 3]}), ValueError),
])
def test_source_bad_arguments(make, exc):
    with pytest.raises(exc):
        make()


def test_numpy_slices_columns_and_types():
    n = ds.NumpySlicesDataset([1, 2, 3], shuffle=False)
    assert n.get_col_names() == ["column_0"] and n.output_types() == [np.dtype("int64")]
    n = ds.NumpySlicesDataset({"x": [1.0, 2.0], "y": [[1, 2], [3, 4]]}, shuffle=False)
    assert n.get_col_names() == ["x", "y"] and n.output_types() == [np.dtype("float64"), np.dtype("int64")]
    assert n.output_shapes() == [[], [2]]
    assert ds.NumpySlicesDataset(([1, 2], [3, 4]), shuffle=False).get_col_names() == ["column_0", "column_1"]
    assert ds.NumpySlicesDataset(np.zeros((3, 2), np.float32), shuffle=False).output_shapes() == [[2]]
    assert col0(ds.NumpySlicesDataset([[1, 2], [3, 4]], shuffle=False)) == [[1, 2], [3, 4]]
    assert col0(ds.NumpySlicesDataset([1, 2, 3, 4, 5, 6], num_shards=2, shard_id=1, shuffle=False)) == [2, 4, 6]


# --------------------------------------------------------------------------- seeded orders (MindSpore-exact)
def test_random_sampler_order_matches_mindspore():
    ds.config.set_seed(1)
    # MindSpore (seed 1): epoch 1 and epoch 2 orders
    want1 = [9, 0, 2, 5, 7, 4, 6, 3, 1, 8]
    want2 = [4, 9, 5, 0, 1, 7, 6, 2, 3, 8]
    assert col0(ds.NumpySlicesDataset(list(range(10)), shuffle=True)) == want1
    d = ds.GeneratorDataset([(np.array(i),) for i in range(10)], ["a"], shuffle=True)
    it = d.create_tuple_iterator(num_epochs=2, output_numpy=True)
    assert [int(r[0]) for r in it] == want1 and [int(r[0]) for r in it] == want2
    assert col0(d.repeat(2)) == want1 + want2
    assert col0(ds.GeneratorDataset([(np.array(i),) for i in range(40)], ["a"], shuffle=True)) == \
        [39, 20, 23, 33, 24, 4, 6, 3, 17, 22, 28, 7, 5, 32, 14, 15, 2, 25, 11, 36, 30, 10, 19, 16, 31, 1, 35, 13,
         26, 9, 21, 18, 34, 38, 27, 37, 8, 0, 12, 29]
    ds.config.set_seed(7)
    got = col0(ds.GeneratorDataset([(np.array(i),) for i in range(1001)], ["a"], shuffle=True))
    assert got[:20] == [221, 791, 830, 858, 610, 815, 641, 966, 24, 907, 44, 291, 119, 601, 150, 370, 673, 423,
                        37, 348]
    assert sorted(got) == list(range(1001))


def test_buffer_shuffle_order_matches_mindspore():
    ds.config.set_seed(1)
    d = gen_ds(10).shuffle(4)
    it = d.create_tuple_iterator(num_epochs=2, output_numpy=True)
    assert [int(r[0]) for r in it] == [0, 2, 4, 5, 3, 1, 7, 9, 6, 8]
    assert [int(r[0]) for r in it] == [0, 4, 1, 6, 3, 5, 8, 7, 9, 2]
    assert col0(gen_ds(10).shuffle(100)) == [8, 6, 2, 5, 0, 4, 9, 3, 7, 1]
    ds.config.set_seed(3)
    # MindSpore (seed 3): shuffle(3).repeat(2)
    assert col0(gen_ds(10).shuffle(3).repeat(2)) == [2, 1, 3, 4, 6, 7, 8, 0, 9, 5, 0, 2, 3, 4, 1, 7, 6, 9, 8, 5]


def test_samplers_match_mindspore_seed7():
    ds.config.set_seed(7)
    src = [(np.array(i),) for i in range(10)]
    assert col0(ds.GeneratorDataset(src, ["a"], sampler=ds.RandomSampler(num_samples=4))) == [2, 7, 6, 8]
    assert col0(ds.GeneratorDataset(src, ["a"], sampler=ds.RandomSampler(replacement=True))) == \
        [0, 2, 7, 3, 4, 9, 7, 4, 9, 3]
    assert col0(ds.GeneratorDataset(src, ["a"], sampler=ds.DistributedSampler(3, 1))) == [6, 4, 8, 3]
    assert col0(ds.GeneratorDataset(src, ["a"], num_shards=3, shard_id=1)) == [6, 4, 8, 3]
    assert col0(ds.GeneratorDataset(src, ["a"], sampler=ds.SubsetRandomSampler([1, 3, 5, 7, 9]))) == \
        [7, 1, 3, 5, 9]
    w = [0, 1, 0, 1, 0, 0, 0, 0, 0, 1.0]
    assert col0(ds.GeneratorDataset(src, ["a"], sampler=ds.WeightedRandomSampler(w, 6))) == [1, 1, 9, 3, 1, 1]


def test_same_sampler_gives_same_order_for_each_new_iterator():
    ds.config.set_seed(3)
    d = ds.GeneratorDataset([(np.array(i),) for i in range(4)], ["a"], shuffle=True)
    assert col0(d) == col0(d) == [3, 1, 0, 2]  # MindSpore (seed 3)
    d = ds.GeneratorDataset([(np.array(i),) for i in range(4)], ["a"], sampler=ds.DistributedSampler(2, 0))
    assert col0(d) == col0(d) == [0, 3] and d.get_dataset_size() == 2


def test_sequential_sharding_and_samplers():
    src = [(np.array(i),) for i in range(10)]
    # MindSpore: 10 rows over 3 shards -> 4 rows each, wrapping around
    d = ds.GeneratorDataset(src, ["a"], num_shards=3, shard_id=2, shuffle=False)
    assert d.get_dataset_size() == 4 and col0(d) == [2, 5, 8, 1]
    assert col0(ds.GeneratorDataset(src, ["a"], sampler=ds.DistributedSampler(3, 0, shuffle=False))) == [0, 3, 6, 9]
    assert col0(ds.GeneratorDataset(src, ["a"], num_samples=4, shuffle=False)) == [0, 1, 2, 3]
    assert col0(ds.GeneratorDataset(src, ["a"], sampler=ds.SequentialSampler(start_index=2, num_samples=3))) == \
        [2, 3, 4]
    assert col0(ds.GeneratorDataset(src, ["a"], sampler=[3, 1, 2])) == [3, 1, 2]
    assert col0(ds.GeneratorDataset(src, ["a"], sampler=ds.DistributedSampler(3, 0, shuffle=False,
                                                                                num_samples=1))) == [0]


def test_sampler_bad_arguments():
    with pytest.raises(ValueError):
        ds.RandomSampler(num_samples=-1)
    with pytest.raises(TypeError):
        ds.RandomSampler(replacement=1)
    with pytest.raises(TypeError):
        ds.SubsetRandomSampler("a")
    with pytest.raises(TypeError):
        ds.DistributedSampler(2.0, 0)
    # MindSpore accepts these at construction and fails when the pipeline runs
    bad = ds.DistributedSampler(2, 2)
    with pytest.raises(RuntimeError):
        col0(ds.GeneratorDataset([(np.array(i),) for i in range(4)], ["a"], sampler=bad))
    with pytest.raises(RuntimeError):
        col0(ds.GeneratorDataset([(np.array(i),) for i in range(4)], ["a"], sampler=ds.WeightedRandomSampler([])))


# --------------------------------------------------------------------------- config
def test_config_values_and_validation():
    ds.config.set_seed(5)
    assert ds.config.get_seed() == 5
    ds.config.set_prefetch_size(4)
    assert ds.config.get_prefetch_size() == 4
    ds.config.set_num_parallel_workers(1)
    assert ds.config.get_num_parallel_workers() == 1
    import os
    with pytest.raises(RuntimeError):  # MindSpore: more workers than CPUs
        ds.config.set_num_parallel_workers((os.cpu_count() or 1) + 1)
    with pytest.raises(ValueError):
        ds.config.set_seed(-1)
    with pytest.raises(TypeError):
        ds.config.set_seed(1.0)
    with pytest.raises(ValueError):
        ds.config.set_prefetch_size(0)
    with pytest.raises(ValueError):
        ds.config.set_num_parallel_workers(0)
    with pytest.raises(TypeError):
        ds.config.set_num_parallel_workers(True)


def test_set_seed_also_seeds_numpy_random():
    ds.config.set_seed(11)
    a = np.random.rand()
    ds.config.set_seed(11)
    assert np.random.rand() == a


# --------------------------------------------------------------------------- batch-wise execution (speed path)
class _Scale:
    """A transform that can also run on a whole batch (the protocol MapDataset fuses into batch)."""

    def __init__(self):
        self.batch_calls = 0
        self.row_calls = 0

    def __call__(self, x):
        self.row_calls += 1
        return (x.astype(np.float32) / 255.0).transpose(2, 0, 1)

    def _batch_apply(self, x):
        self.batch_calls += 1
        return (x.astype(np.float32) / 255.0).transpose(0, 3, 1, 2)


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("numpy_slices", [True, False])
def test_batchable_map_fused_into_batch_gives_per_row_result(workers, numpy_slices):
    imgs = np.random.RandomState(0).randint(0, 256, (37, 4, 4, 3)).astype(np.uint8)
    labels = np.arange(37, dtype=np.int32)
    if numpy_slices:
        src = ds.NumpySlicesDataset({"image": imgs, "label": labels}, shuffle=False)
    else:
        src = ds.GeneratorDataset([(imgs[i], labels[i]) for i in range(37)], ["image", "label"], shuffle=False)
    op = _Scale()
    d = src.map(op, input_columns="image", num_parallel_workers=workers).batch(8)
    got = list(d.create_tuple_iterator(num_epochs=1, output_numpy=True))
    assert op.batch_calls == 5 and op.row_calls == 0
    assert [g[0].shape for g in got] == [(8, 3, 4, 4)] * 4 + [(5, 3, 4, 4)]
    want = np.stack([(im.astype(np.float32) / 255.0).transpose(2, 0, 1) for im in imgs])
    np.testing.assert_array_equal(np.concatenate([g[0] for g in got]), want)
    assert np.concatenate([g[1] for g in got]).tolist() == list(range(37))
    assert got[0][0].dtype == np.float32 and got[0][1].dtype == np.int32
    # without a following batch the same op runs row by row
    rows = list(src.map(op, input_columns="image").create_tuple_iterator(num_epochs=1, output_numpy=True))
    assert op.row_calls == 37 and rows[0][0].shape == (3, 4, 4)


def test_numpy_slices_batches_follow_sampler_order():
    ds.config.set_seed(1)
    d = ds.NumpySlicesDataset({"x": np.arange(10)}, shuffle=True).batch(4, drop_remainder=True)
    assert col0(d) == [[9, 0, 2, 5], [7, 4, 6, 3]]


def test_parallel_map_worker_exception_reaches_user():
    def bad(a):
        if int(a) == 17:
            raise KeyError("row 17")
        return a
    d = gen_ds(40).map(bad, input_columns="a", num_parallel_workers=2)
    with pytest.raises(RuntimeError) as info:
        col0(d)
    assert isinstance(info.value.__cause__, KeyError) and "row 17" in str(info.value)


# --------------------------------------------------------------------------- bucket_batch_by_length / padding
_LENS = [1, 5, 2, 7, 3, 3, 8, 1, 4, 6, 2]


def _var_len():
    return ds.GeneratorDataset([(np.arange(1, n + 1, dtype=np.int32), np.array(i)) for i, n in enumerate(_LENS)],
                               ["x", "i"], shuffle=False)


def _show(d):
    return [(r[0].tolist(), r[1].tolist()) for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]


def test_bucket_batch_by_length_matches_mindspore():
    want = [([[1, 0], [1, 2]], [0, 2]), ([[1, 2, 3, 4, 5], [1, 2, 3, 0, 0]], [1, 4]),
            ([[1, 2, 3, 0], [1, 2, 3, 4]], [5, 8]),
            ([[1, 2, 3, 4, 5, 6, 7, 0], [1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 6, 0, 0]], [3, 6, 9]),
            ([[1, 0], [1, 2]], [7, 10])]
    d = _var_len().bucket_batch_by_length(["x"], [3, 6], [2, 2, 3])
    assert _show(d) == want
    assert d.get_col_names() == ["x", "i"] and d.get_dataset_size() == 5
    got = _show(_var_len().bucket_batch_by_length(["x"], [3, 6], [2, 2, 3], pad_info={"x": (None, -1)}))
    assert got[0] == ([[1, -1], [1, 2]], [0, 2])
    got = _show(_var_len().bucket_batch_by_length(["x", "i"], [3, 6], [2, 2, 3],
                                                  element_length_function=lambda x, i: int(i) % 4))
    assert [g[1] for g in got] == [[0, 1], [2, 4], [5, 6], [3, 7], [8, 9], [10]]
    got = _show(_var_len().bucket_batch_by_length(["x"], [3], [2, 2], pad_info={"x": ([3], 0)}))
    assert got[1] == ([[1, 2, 3], [1, 2, 3]], [1, 3])  # MindSpore cuts rows longer than the pad shape


def test_bucket_batch_drop_remainder():
    got = _show(_var_len().bucket_batch_by_length(["x"], [3, 6], [3, 3, 3], drop_remainder=True))
    # MindSpore: batches in the order buckets fill, leftovers in bucket order unless dropped
    assert [g[1] for g in got] == [[1, 4, 5], [0, 2, 7], [3, 6, 9]]
    got = _show(_var_len().bucket_batch_by_length(["x"], [3, 6], [3, 3, 3]))
    assert [g[1] for g in got] == [[1, 4, 5], [0, 2, 7], [3, 6, 9], [10], [8]]
    got = _show(_var_len().bucket_batch_by_length(["x"], [3, 6], [3, 3, 3], element_length_function=lambda x: 2))
    assert [g[1] for g in got] == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10]]
    with pytest.raises(RuntimeError):
        _show(_var_len().bucket_batch_by_length(["x"], [3, 6], [3, 3, 3], element_length_function=lambda x: -1))


@pytest.mark.parametrize("args, exc", [
    ((["x"], [6, 3], [2, 2, 3]), ValueError),
    ((["x"], [3, 6], [2, 2]), ValueError),
    ((["x", "i"], [3, 6], [2, 2, 3]), ValueError),
    ((["x"], [0, 6], [2, 2, 3]), ValueError),
    (("x", [3, 6], [2, 2, 3]), TypeError),
    ((["x"], [3.0], [2, 2]), TypeError),
])
def test_bucket_batch_bad_arguments(args, exc):
    with pytest.raises(exc):
        _var_len().bucket_batch_by_length(*args)


def test_padded_batch_cuts_and_pads_to_batch_max():
    got = _show(_var_len().padded_batch(3, pad_info={"x": ([3], 0)}))
    assert got[0] == ([[1, 0, 0], [1, 2, 3], [1, 2, 0]], [0, 1, 2])
    got = _show(_var_len().padded_batch(3, pad_info={"x": ([None], 5)}))
    assert got[0] == ([[1, 5, 5, 5, 5], [1, 2, 3, 4, 5], [1, 2, 5, 5, 5]], [0, 1, 2])


def test_apply():
    assert col0(gen_ds(4).apply(lambda d: d.batch(2))) == [[0, 1], [2, 3]]
    with pytest.raises(TypeError):
        gen_ds().apply(lambda d: 3)


# --------------------------------------------------------------------------- worker processes
def test_multiprocessing_map_runs_in_worker_processes_in_order():
    import os
    d = gen_ds(60).map(lambda a: (a * 2, np.array(os.getpid())), input_columns="a", output_columns=["a", "pid"],
                       num_parallel_workers=2, python_multiprocessing=True)
    rows = list(d.create_tuple_iterator(num_epochs=1, output_numpy=True))
    assert [int(r[0]) for r in rows] == [2 * i for i in range(60)]
    pids = {int(r[1]) for r in rows}
    assert os.getpid() not in pids and 1 <= len(pids) <= 2
    import multiprocessing
    assert not multiprocessing.active_children()


def test_multiprocessing_worker_exception_has_worker_traceback():
    def bad(a):
        if int(a) == 33:
            raise KeyError("row 33")
        return a
    d = gen_ds(60).map(bad, input_columns="a", num_parallel_workers=2, python_multiprocessing=True)
    with pytest.raises(RuntimeError) as info:
        col0(d)
    assert "row 33" in str(info.value) and "Worker traceback" in str(info.value) and "KeyError" in str(info.value)
    import multiprocessing
    assert not multiprocessing.active_children()


def test_killed_worker_gives_clear_error_and_no_leftover_process():
    import os
    import signal
    import multiprocessing

    def die(a):
        if int(a) == 20:
            os.kill(os.getpid(), signal.SIGKILL)
        return a
    d = gen_ds(200).map(die, input_columns="a", num_parallel_workers=2, python_multiprocessing=True)
    with pytest.raises(RuntimeError, match="worker process terminated unexpectedly"):
        col0(d)
    assert not multiprocessing.active_children()


def test_abandoned_multiprocessing_iterator_leaves_no_process():
    import multiprocessing
    d = gen_ds(500).map(lambda a: a + 1, input_columns="a", num_parallel_workers=2, python_multiprocessing=True)
    it = d.create_tuple_iterator(num_epochs=1, output_numpy=True)
    assert int(next(it)[0]) == 1
    it.stop()
    del it
    import gc
    gc.collect()
    assert not multiprocessing.active_children()


def _pid_of(a):
    import os
    return np.array([int(a), os.getpid()], np.int64)


class _PidOp:
    """A batchable op: a map of it is fused into the following batch and runs whole batches."""

    def __call__(self, a):
        return _pid_of(a)

    def _batch_apply(self, a):
        return np.stack([_pid_of(x) for x in a])


@pytest.mark.parametrize("fused", [False, True])
def test_worker_processes_serve_every_epoch_of_an_iterator_then_are_reaped(fused):
    import multiprocessing
    import os
    op = _PidOp() if fused else _pid_of
    d = gen_ds(64).map(op, input_columns="a", num_parallel_workers=2, python_multiprocessing=True).batch(8)
    it = d.create_tuple_iterator(num_epochs=3, output_numpy=True)
    pids = []
    for epoch in range(3):
        rows = np.concatenate([r[0] for r in it])
        assert rows[:, 0].tolist() == list(range(64))  # order kept
        pids.append(set(rows[:, 1].tolist()))
        assert os.getpid() not in pids[-1]
        if epoch < 2:
            assert multiprocessing.active_children(), "the workers stay up between epochs"
    assert len(set().union(*pids)) <= 2, "forked once, for the whole iterator (2 workers in all)"
    assert not multiprocessing.active_children(), "reaped when the last epoch ends"


def test_worker_processes_reaped_when_an_endless_iterator_is_dropped():
    import gc
    import multiprocessing
    d = gen_ds(40).map(_pid_of, input_columns="a", num_parallel_workers=2, python_multiprocessing=True)
    it = d.create_tuple_iterator(output_numpy=True)  # num_epochs=-1
    for _ in range(2):
        assert len(list(it)) == 40
    assert multiprocessing.active_children()
    del it
    gc.collect()
    assert not multiprocessing.active_children()


def test_iterator_col_names_and_stop():
    d = ds.GeneratorDataset([(np.array(i), np.array(i)) for i in range(3)], ["a", "b"], shuffle=False)
    it = d.create_dict_iterator(num_epochs=1, output_numpy=True)
    assert it.get_col_names() == ["a", "b"]
    next(it)
    it.stop()


# --------------------------------------------------------------------------- resume from a step
class _CountingSource:
    def __init__(self, n):
        self.n = n
        self.reads = []

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        self.reads.append(i)
        return (np.array(i), np.array(i * 10))


def _all_batches(d, epochs):
    it = d.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    out = []
    for _ in range(epochs):
        out.extend([r[0].tolist() for r in it])
    return out


@pytest.mark.parametrize("k", [0, 1, 3, 4, 7, 11])
def test_resume_from_step_yields_exactly_the_remaining_batches(k):
    def build(src):
        return ds.GeneratorDataset(src, ["a", "b"], shuffle=True).map(lambda a: a + 1000, input_columns="a") \
            .batch(3, drop_remainder=True)
    ds.config.set_seed(5)
    full = _all_batches(build(_CountingSource(13)), 3)  # 4 batches an epoch, 3 epochs
    assert len(full) == 12
    ds.config.set_seed(5)
    src = _CountingSource(13)
    d = build(src)
    d.set_init_step(k)
    epochs_left = 3 - k // 4
    it = d.create_tuple_iterator(num_epochs=3, output_numpy=True)
    got = []
    for _ in range(epochs_left):
        got.extend([r[0].tolist() for r in it])
    assert got == full[k:]
    # the source read only what the remaining batches need (no replay of earlier steps)
    assert len(src.reads) == (13 - 3 * (k % 4)) + 13 * (epochs_left - 1)


def test_resume_skips_reading_earlier_rows():
    src = _CountingSource(20)
    d = ds.GeneratorDataset(src, ["a", "b"], shuffle=False).batch(4)
    d.set_init_step(3)
    got = [r[0].tolist() for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]
    assert got == [[12, 13, 14, 15], [16, 17, 18, 19]]
    assert src.reads == list(range(12, 20))


def test_iterator_reset_to_step_with_repeat_zip_concat_and_shuffle():
    ds.config.set_seed(2)

    def build():
        left = gen_ds(6).shuffle(3)
        right = ds.GeneratorDataset([(np.array(i * 10),) for i in range(6)], ["b"], shuffle=False)
        return (ds.zip((left, right)) + ds.zip((gen_ds(2), ds.GeneratorDataset(
            [(np.array(-1),), (np.array(-2),)], ["b"], shuffle=False)))).repeat(2).batch(2)
    full = [[r[0].tolist(), r[1].tolist()] for r in build().create_tuple_iterator(num_epochs=1, output_numpy=True)]
    assert len(full) == 8
    for k in range(8):
        it = build().create_tuple_iterator(num_epochs=1, output_numpy=True)
        it._reset(k, 8)
        assert [[r[0].tolist(), r[1].tolist()] for r in it] == full[k:]


# --------------------------------------------------------------------------- parity fixes (values from MindSpore 2.10)
def _ids(sampler, n=10):
    d = ds.NumpySlicesDataset(np.arange(n, dtype=np.int32), sampler=sampler)
    return [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def test_distributed_sampler_offset_orders():
    # MindSpore: with an offset row r goes to shard (r + offset) % num_shards, shards are not padded
    assert _ids(ds.DistributedSampler(3, 0, False, offset=1)) == [2, 5, 8]
    assert _ids(ds.DistributedSampler(3, 2, False, offset=1)) == [1, 4, 7]
    assert _ids(ds.DistributedSampler(3, 2, False, offset=2)) == [0, 3, 6, 9]
    assert _ids(ds.DistributedSampler(3, 2, False, offset=0)) == [2, 5, 8]
    assert _ids(ds.DistributedSampler(3, 2, False)) == [2, 5, 8, 1]
    with pytest.raises(RuntimeError):
        _ids(ds.DistributedSampler(2, 2))


def test_subset_random_and_weighted_samplers_reuse_their_seed_each_epoch():
    ds.config.set_seed(3)
    d = ds.NumpySlicesDataset(np.arange(8, dtype=np.int32), sampler=ds.SubsetRandomSampler([1, 2, 3, 4, 5]))
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=3)
    assert [[int(r[0]) for r in it] for _ in range(3)] == [[4, 5, 1, 3, 2], [3, 2, 4, 1, 5], [1, 5, 3, 4, 2]]
    ds.config.set_seed(9)
    d = ds.NumpySlicesDataset(np.arange(8, dtype=np.int32), sampler=ds.WeightedRandomSampler([0.3, 0.3, 0.4], 5))
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=2)
    first, second = ([int(r[0]) for r in it] for _ in range(2))
    assert first == second and len(first) == 5
    # num_samples is capped at the dataset size; more weights than rows is an error
    assert len(_ids(ds.WeightedRandomSampler([1, 2, 3], 30), 10)) == 10
    with pytest.raises(RuntimeError):
        _ids(ds.WeightedRandomSampler([1] * 12), 10)


def test_pk_sampler():
    with pytest.raises(ValueError):  # MindSpore: GeneratorDataset doesn't support PKSampler
        ds.NumpySlicesDataset(np.arange(6), sampler=ds.PKSampler(2))
    with pytest.raises(NotImplementedError):
        ds.PKSampler(2, num_class=3)
    # MindSpore 2.10, ImageFolderDataset with classes a: rows 0-2, b: rows 3-4, c: rows 5-8, two epochs
    labels = {0: [0, 1, 2], 1: [3, 4], 2: [5, 6, 7, 8]}
    expected = {(0, False): [[1, 1, 4, 4, 7, 8], [1, 2, 4, 4, 5, 5]],
                (0, True): [[7, 7, 4, 4, 2, 1], [6, 8, 4, 4, 0, 0]],
                (5, False): [[0, 0, 4, 4, 5, 6], [2, 2, 3, 3, 8, 5]],
                (5, True): [[3, 4, 8, 5, 1, 2], [4, 4, 6, 5, 2, 0]]}
    for (seed, shuffle), want in expected.items():
        ds.config.set_seed(seed)
        s = ds.PKSampler(2, shuffle=shuffle)
        state = s._new_state()
        state["label_to_ids"] = labels  # what a labelled source provides
        assert [s._ids_for(9, e, state) for e in range(2)] == want
    ds.config.set_seed(0)
    s = ds.PKSampler(2, num_samples=5)
    assert s._ids_from_labels(labels, 0, s._new_state()) == [1, 1, 4, 4, 7]
    assert s._size_from_labels(labels) == 5


def test_dataset_size_recorded_by_a_full_pass():
    d = ds.NumpySlicesDataset(np.arange(10, dtype=np.int32), sampler=ds.SequentialSampler(7, 5))
    assert d.get_dataset_size() == -2  # MindSpore's size before a run: min(5, 10) - 7
    assert [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)] == [7, 8, 9]
    assert d.get_dataset_size() == 3
    assert len(d) == 3


def test_output_shapes_estimate_and_padded_batch_without_pad_info():
    def g():
        for i in range(6):
            yield np.arange(i % 4 + 1, dtype=np.int32), np.zeros((2, 3))
    d = ds.GeneratorDataset(g, ["v", "w"])
    assert d.output_shapes() == [[1], [2, 3]]
    assert d.output_shapes(estimate=True) == [[None], [2, 3]]
    assert d.padded_batch(2, pad_info={}).output_shapes(estimate=True) == [[2, None], [2, 2, 3]]
    with pytest.raises(RuntimeError):  # pad_info=None: no padding, so ragged rows can't batch
        list(ds.GeneratorDataset(g, ["v", "w"]).padded_batch(2).create_tuple_iterator(num_epochs=1))


def test_per_batch_map_same_count_renames_in_place_and_list_return():
    def g():
        for i in range(4):
            yield np.array(i, np.int32), np.array([i, i], np.float32), np.array(i, np.int64)
    d = ds.GeneratorDataset(g, ["a", "b", "c"]).batch(2, per_batch_map=lambda b, info: (b,), input_columns=["b"],
                                                      output_columns=["z"])
    assert d.get_col_names() == ["a", "z", "c"]
    d = ds.GeneratorDataset(g, ["a", "b", "c"]).batch(2, per_batch_map=lambda a, info: [x for x in a],
                                                      input_columns=["a"])
    assert [r[0].tolist() for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)] == [[0, 1], [2, 3]]
    assert ds.NumpySlicesDataset(np.arange(5)).batch(lambda info: 2).get_batch_size() == -1


def test_list_sampler_with_num_samples_and_unsupported_values():
    src = [(np.array(i),) for i in range(8)]
    d = ds.GeneratorDataset(src, ["x"], sampler=[1, 2, 3], num_samples=2)
    assert [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)] == [1, 2]
    with pytest.raises(ValueError):
        ds.GeneratorDataset(src, ["x"], sampler=ds.RandomSampler(), num_samples=2)
    d = ds.NumpySlicesDataset(np.arange(3)).map(lambda x: None)
    with pytest.raises(RuntimeError):
        list(d.create_tuple_iterator(num_epochs=1))
