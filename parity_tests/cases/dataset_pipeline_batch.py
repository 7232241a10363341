"""map / batch / padded_batch / bucket_batch_by_length against real MindSpore: column plans
(input/output columns, their order), per_batch_map, callable batch sizes, pad_info, workers, and
the errors (user function raising, inconsistent shapes, bad arguments)."""
import importlib

import numpy as np

from parity_tests.harness import case
from parity_tests.cases._pipeline_common import D, RA, full, gds, gen_var, meta, ns, rows, seeded


def _g3(n=5):
    def g():
        for i in range(n):
            yield np.array(i, np.int32), np.array([i, i], np.float32), np.array(i * 10, np.int64)
    return g


def _abc(ms, n=5):
    return D(ms).GeneratorDataset(_g3(n), ["a", "b", "c"])


def _var(ms, n=6):
    return D(ms).GeneratorDataset(gen_var(n), ["v", "i"])


def _inc(x):
    return (x + 1).astype(x.dtype)  # astype: numpy 1 and 2 promote 0-d arrays + Python ints differently


def _dbl(x):
    return (x * 2).astype(x.dtype)


def _split2(x):
    return x, _dbl(x)


def _sum2(x, y):
    return x + y.sum().astype(x.dtype)


def _raise(x):
    raise ValueError("bad map function")


def _to_f64(x):
    return x.astype(np.float64)


def _pbm_double(a, info):
    return ([_dbl(x) for x in a],)


def _pbm_two(a, b, info):
    return ([(x + info.get_batch_num()).astype(x.dtype) for x in a],
            [(y * 0 + info.get_epoch_num()).astype(y.dtype) for y in b])


def _pbm_split(a, info):
    return a, [(x * 10).astype(x.dtype) for x in a]


def _pbm_bad_return(a, info):
    return [x for x in a]


def _bs_grow(info):
    return info.get_batch_num() + 1


def _bs_epoch(info):
    return 2 + info.get_epoch_num()


def _len_fn(v, i):
    return v.shape[0]


def _pbm_all(a, b, c, info):
    return a, b, c


class _Mul:
    def __init__(self, k):
        self.k = k

    def __call__(self, x):
        return (x * self.k).astype(x.dtype)


MAP = [
    case("map/single_op", lambda ms: full(ns(ms, 4).map(_inc, input_columns="a"))),
    case("map/default_first_column", lambda ms: full(ns(ms, 4).map(_Mul(3)))),
    case("map/op_list", lambda ms: full(ns(ms, 4).map([_inc, _Mul(2), _to_f64], input_columns=["b"]))),
    case("map/callable_class", lambda ms: full(ns(ms, 3).map(_Mul(5), ["a"]))),
    case("map/dtype_change", lambda ms: meta(ns(ms, 3).map(_to_f64, ["a"]))),
    case("map/python_int_result", lambda ms: full(ns(ms, 3).map(lambda x: int(x) * 2, ["a"]))),
    case("map/python_float_result", lambda ms: meta(ns(ms, 3).map(lambda x: float(x) / 2, ["a"]))),
    case("map/shape_change", lambda ms: full(ns(ms, 3).map(lambda x: np.full((2, 3), x), ["a"]))),
    case("map/rename_output", lambda ms: full(ns(ms, 3).map(_inc, ["a"], ["z"]))),
    case("map/one_to_two", lambda ms: full(ns(ms, 3).map(_split2, ["a"], ["p", "q"]))),
    case("map/one_to_two_middle", lambda ms: full(_abc(ms, 3).map(_split2, ["b"], ["p", "q"]))),
    case("map/one_to_two_last", lambda ms: full(_abc(ms, 3).map(_split2, ["c"], ["p", "q"]))),
    case("map/two_to_one", lambda ms: full(_abc(ms, 3).map(_sum2, ["a", "b"], ["s"]))),
    case("map/two_to_one_reversed", lambda ms: full(_abc(ms, 3).map(_sum2, ["c", "a"], ["s"]))),
    case("map/two_to_one_keep_name", lambda ms: full(_abc(ms, 3).map(_sum2, ["a", "b"], ["b"]))),
    case("map/swap_names", lambda ms: full(_abc(ms, 3).map(lambda x, y: (y, x), ["a", "c"], ["c", "a"]))),
    case("map/same_in_out_two", lambda ms: full(_abc(ms, 3).map(lambda x, y: (_inc(x), _inc(y)), ["c", "a"]))),
    case("map/output_existing_name", lambda ms: full(_abc(ms, 3).map(lambda x: x, ["a"], ["c"]))),
    case("map/chained", lambda ms: full(ns(ms, 4).map(_inc, ["a"]).map(_dbl, ["b"]))),
    case("map/col_names", lambda ms: _abc(ms).map(_split2, ["a"], ["x", "y"]).get_col_names()),
    case("map/meta", lambda ms: meta(_abc(ms).map(_split2, ["b"], ["x", "y"]))),
    case("map/workers2_threads", lambda ms: full(ns(ms, 12).map(_dbl, ["a"], num_parallel_workers=2,
                                                              python_multiprocessing=False))),
    case("map/workers2_processes", lambda ms: full(ns(ms, 12).map(_Mul(3), ["a"], num_parallel_workers=2,
                                                                python_multiprocessing=True))),
    case("map/after_shuffle_seeded", lambda ms: seeded(ms, 12) and full(
        ns(ms, 8).shuffle(4).map(_dbl, ["a"]))),
    case("map/generator_source", lambda ms: full(gds(ms, 4).map(_inc, ["b"]))),
    case("map/bad_op_not_callable", lambda ms: ns(ms).map(5), error=True),
    case("map/bad_op_list_item", lambda ms: ns(ms).map([lambda x: x, 3]), error=True),
    case("map/bad_input_columns_type", lambda ms: ns(ms).map(lambda x: x, 5), error=True),
    case("map/bad_input_columns_empty", lambda ms: ns(ms).map(lambda x: x, []), error=True),
    case("map/bad_output_columns_type", lambda ms: ns(ms).map(lambda x: x, ["a"], 1), error=True),
    case("map/bad_workers", lambda ms: ns(ms).map(lambda x: x, ["a"], num_parallel_workers=0), error=True),
    case("map/bad_workers_type", lambda ms: ns(ms).map(lambda x: x, ["a"], num_parallel_workers=1.0), error=True),
    case("map/bad_multiprocessing_type", lambda ms: ns(ms).map(lambda x: x, ["a"], python_multiprocessing="y"),
         error=True),
    case("map/bad_missing_column", lambda ms: rows(ns(ms).map(lambda x: x, ["zz"])), error=True),
    case("map/bad_function_raises", lambda ms: rows(ns(ms).map(_raise, ["a"])), error=True),
    case("map/bad_function_raises_workers", lambda ms: rows(ns(ms).map(_raise, ["a"], num_parallel_workers=2)),
         error=True),
    case("map/bad_too_many_outputs", lambda ms: rows(ns(ms).map(_split2, ["a"]).map(lambda x: x, ["b"])),
         error=True),
    case("map/bad_wrong_output_count", lambda ms: rows(ns(ms).map(lambda x: x, ["a"], ["p", "q"])), error=True),
]

BATCH = [
    case("batch/basic", lambda ms: full(ns(ms, 7).batch(3))),
    case("batch/drop_remainder", lambda ms: full(ns(ms, 7).batch(3, drop_remainder=True))),
    case("batch/exact", lambda ms: full(ns(ms, 6).batch(3, True))),
    case("batch/size_one", lambda ms: full(ns(ms, 3).batch(1))),
    case("batch/larger_than_data", lambda ms: full(ns(ms, 3).batch(10))),
    case("batch/larger_drop", lambda ms: full(ns(ms, 3).batch(10, True))),
    case("batch/meta", lambda ms: meta(ns(ms, 7).batch(3))),
    case("batch/meta_drop", lambda ms: meta(ns(ms, 7).batch(3, True))),
    case("batch/generator_source", lambda ms: full(gds(ms, 5).batch(2))),
    case("batch/python_scalars", lambda ms: full(D(ms).GeneratorDataset(
        lambda: ((i, float(i)) for i in range(5)), ["i", "f"]).batch(2))),
    case("batch/after_map", lambda ms: full(ns(ms, 6).map(_dbl, ["a"]).batch(4))),
    case("batch/after_map_workers", lambda ms: full(ns(ms, 9).map(_dbl, ["a"], num_parallel_workers=2)
                                                     .batch(4, num_parallel_workers=2))),
    case("batch/twice", lambda ms: full(ns(ms, 8).batch(2).batch(2))),
    case("batch/repeat_after", lambda ms: full(ns(ms, 5).batch(2).repeat(2))),
    case("batch/repeat_before", lambda ms: full(ns(ms, 5).repeat(2).batch(3))),
    case("batch/per_batch_map", lambda ms: full(ns(ms, 5).batch(2, per_batch_map=_pbm_double, input_columns=["a"]))),
    case("batch/per_batch_map_two_cols", lambda ms: full(ns(ms, 5).repeat(2).batch(
        3, per_batch_map=_pbm_two, input_columns=["a", "b"]))),
    case("batch/per_batch_map_epochs", lambda ms: [[r[1].tolist() for r in it] for it in (lambda d: (
        lambda t: [t, t])(d.create_tuple_iterator(output_numpy=True, num_epochs=2)))(
        ns(ms, 4).batch(2, per_batch_map=_pbm_two, input_columns=["a", "b"]))]),
    case("batch/per_batch_map_output_columns", lambda ms: full(_abc(ms, 5).batch(
        2, per_batch_map=_pbm_split, input_columns=["a"], output_columns=["p", "q"]))),
    case("batch/per_batch_map_output_rename", lambda ms: full(_abc(ms, 4).batch(
        2, per_batch_map=_pbm_double, input_columns=["b"], output_columns=["z"]))),
    case("batch/per_batch_map_all_columns", lambda ms: full(_abc(ms, 4).batch(3, per_batch_map=_pbm_all))),
    case("batch/callable_size", lambda ms: full(ns(ms, 10).batch(_bs_grow))),
    case("batch/callable_size_drop", lambda ms: full(ns(ms, 10).batch(_bs_grow, drop_remainder=True))),
    case("batch/callable_size_epochs", lambda ms: (lambda d: (lambda it: [[len(r[0]) for r in it] for _ in range(2)])(
        d.create_tuple_iterator(output_numpy=True, num_epochs=2)))(ns(ms, 7).batch(_bs_epoch))),
    case("batch/callable_size_meta", lambda ms: (ns(ms, 10).batch(_bs_grow).get_batch_size(),
                                                 ns(ms, 10).batch(_bs_grow).get_dataset_size())),
    case("batch/bad_size_zero", lambda ms: ns(ms).batch(0), error=True),
    case("batch/bad_size_negative", lambda ms: ns(ms).batch(-2), error=True),
    case("batch/bad_size_type", lambda ms: ns(ms).batch(2.0), error=True),
    case("batch/bad_drop_type", lambda ms: ns(ms).batch(2, drop_remainder=1), error=True),
    case("batch/bad_workers", lambda ms: ns(ms).batch(2, num_parallel_workers=0), error=True),
    case("batch/bad_input_columns_without_map", lambda ms: ns(ms).batch(2, input_columns=["a"]), error=True),
    case("batch/bad_per_batch_map_signature", lambda ms: ns(ms).batch(2, per_batch_map=_pbm_double,
                                                                     input_columns=["a", "b"]), error=True),
    case("batch/bad_inconsistent_shapes", lambda ms: rows(_var(ms).batch(2)), error=True),
    case("batch/bad_per_batch_map_raises", lambda ms: rows(ns(ms).batch(
        2, per_batch_map=lambda a, info: _raise(a), input_columns=["a"])), error=True),
    case("batch/per_batch_map_list_return", lambda ms: full(ns(ms).batch(
        2, per_batch_map=_pbm_bad_return, input_columns=["a"]))),
    case("batch/bad_callable_size_zero", lambda ms: rows(ns(ms).batch(lambda info: 0)), error=True),
    case("batch/bad_missing_input_column", lambda ms: rows(ns(ms).batch(2, per_batch_map=_pbm_double,
                                                                       input_columns=["zz"])), error=True),
]

PAD = [
    case("padded_batch/bad_no_pad_info", lambda ms: rows(_var(ms).padded_batch(3)), error=True),
    case("padded_batch/no_pad_info_same_shapes", lambda ms: full(ns(ms, 5).padded_batch(2))),
    case("padded_batch/empty_pad_info", lambda ms: full(_var(ms).padded_batch(3, pad_info={}))),
    case("padded_batch/callable_size", lambda ms: full(_var(ms).padded_batch(_bs_grow, pad_info={}))),
    case("padded_batch/pad_info_value", lambda ms: full(_var(ms).padded_batch(2, pad_info={"v": (None, -1)}))),
    case("padded_batch/pad_info_shape", lambda ms: full(_var(ms).padded_batch(2, pad_info={"v": ([5], 7)}))),
    case("padded_batch/pad_info_truncate", lambda ms: full(_var(ms).padded_batch(4, pad_info={"v": ([2], 0)}))),
    case("padded_batch/pad_info_none", lambda ms: full(_var(ms).padded_batch(2, pad_info={"v": None}))),
    case("padded_batch/drop_remainder", lambda ms: full(_var(ms, 7).padded_batch(3, True, pad_info={"v": ([4], 9)}))),
    case("padded_batch/meta", lambda ms: meta(_var(ms).padded_batch(2, pad_info={"v": ([6], 0)}))),
    case("padded_batch/float_pad", lambda ms: full(_var(ms).map(lambda x: x.astype(np.float32) / np.float32(2), ["v"])
                                                   .padded_batch(3, pad_info={"v": (None, 0.5)}))),
    case("padded_batch/2d", lambda ms: full(_var(ms).map(lambda x: np.stack([x, x]), ["v"])
                                            .padded_batch(2, pad_info={"v": ([2, 5], 1)}))),
    case("padded_batch/bad_pad_info_type", lambda ms: _var(ms).padded_batch(2, pad_info=[1]), error=True),
    case("padded_batch/bad_pad_value_type", lambda ms: _var(ms).padded_batch(2, pad_info={"v": [None, 0]}),
         error=True),
    case("padded_batch/bad_unknown_column", lambda ms: rows(_var(ms).padded_batch(2, pad_info={"zz": (None, 0)})),
         error=True),
    case("padded_batch/bad_size_zero", lambda ms: _var(ms).padded_batch(0), error=True),
    case("padded_batch/bad_rank", lambda ms: rows(_var(ms).padded_batch(2, pad_info={"v": ([2, 2], 0)})),
         error=True),
]

BUCKET = [
    case("bucket_batch_by_length/basic", lambda ms: full(_var(ms, 10).bucket_batch_by_length(
        ["v"], [2, 3], [2, 3, 2]))),
    case("bucket_batch_by_length/drop_remainder", lambda ms: full(_var(ms, 10).bucket_batch_by_length(
        ["v"], [2, 3], [2, 3, 2], drop_remainder=True))),
    case("bucket_batch_by_length/pad_info", lambda ms: full(_var(ms, 10).bucket_batch_by_length(
        ["v"], [3], [2, 3], pad_info={"v": ([4], -1)}))),
    case("bucket_batch_by_length/element_length_function", lambda ms: full(_var(ms, 10).bucket_batch_by_length(
        ["v", "i"], [2, 4], [3, 2, 2], element_length_function=_len_fn))),
    case("bucket_batch_by_length/pad_to_boundary", lambda ms: full(_var(ms, 8).bucket_batch_by_length(
        ["v"], [2, 5], [2, 2, 2], pad_info={"v": (None, 0)}, pad_to_bucket_boundary=True))),
    case("bucket_batch_by_length/meta", lambda ms: (lambda d: (d.get_col_names(), d.get_dataset_size()))(
        _var(ms, 10).bucket_batch_by_length(["v"], [2, 3], [2, 3, 2]))),
    case("bucket_batch_by_length/bad_boundaries_order", lambda ms: _var(ms).bucket_batch_by_length(
        ["v"], [3, 2], [1, 1, 1]), error=True),
    case("bucket_batch_by_length/bad_sizes_count", lambda ms: _var(ms).bucket_batch_by_length(
        ["v"], [2, 3], [1, 1]), error=True),
    case("bucket_batch_by_length/bad_boundary_zero", lambda ms: _var(ms).bucket_batch_by_length(
        ["v"], [0, 3], [1, 1, 1]), error=True),
    case("bucket_batch_by_length/bad_size_zero", lambda ms: _var(ms).bucket_batch_by_length(
        ["v"], [2], [0, 1]), error=True),
    case("bucket_batch_by_length/bad_two_columns_no_fn", lambda ms: _var(ms).bucket_batch_by_length(
        ["v", "i"], [2], [1, 1]), error=True),
    case("bucket_batch_by_length/bad_columns_type", lambda ms: _var(ms).bucket_batch_by_length(
        "v", [2], [1, 1]), error=True),
    case("bucket_batch_by_length/bad_boundaries_empty", lambda ms: _var(ms).bucket_batch_by_length(
        ["v"], [], [1]), error=True),
    case("bucket_batch_by_length/bad_missing_column", lambda ms: rows(_var(ms).bucket_batch_by_length(
        ["zz"], [2], [1, 1])), error=True),
]

_IMGS = np.random.RandomState(7).randint(0, 256, (10, 6, 5, 3)).astype(np.uint8)


def _img_ds(ms, n=10, **kw):
    return D(ms).NumpySlicesDataset({"image": _IMGS[:n], "label": np.arange(n, dtype=np.int64) % 3}, shuffle=False,
                                    **kw)


def _vision_ops(ms):
    V = importlib.import_module(ms.__name__ + ".dataset.vision")
    return [V.Rescale(1.0 / 255.0, 0.0), V.Normalize([0.4914, 0.4822, 0.4465], [0.247, 0.243, 0.261]),
            V.HWC2CHW()]


def _typecast(ms):
    T = importlib.import_module(ms.__name__ + ".dataset.transforms")
    return T.TypeCast(ms.int32)


# the map + batch pipeline of the throughput benchmark (batch-wise fast path in mscompat)
VISION = [
    case("batch/vision_map_batch", lambda ms: full(_img_ds(ms).map(_vision_ops(ms), "image").batch(4)),
         rtol=1e-5, atol=1e-5),
    case("batch/vision_map_batch_drop", lambda ms: full(_img_ds(ms).map(_vision_ops(ms), "image").batch(4, True)),
         rtol=1e-5, atol=1e-5),
    case("batch/vision_map_workers2", lambda ms: full(_img_ds(ms).map(
        _vision_ops(ms), "image", num_parallel_workers=2).batch(3, True)), rtol=1e-5, atol=1e-5),
    case("batch/vision_map_processes2", lambda ms: full(_img_ds(ms).map(
        _vision_ops(ms), "image", num_parallel_workers=2, python_multiprocessing=True).batch(5)),
         rtol=1e-5, atol=1e-5),
    case("batch/vision_two_maps", lambda ms: full(_img_ds(ms).map(_vision_ops(ms), "image").map(
        _typecast(ms), "label").batch(4)), rtol=1e-5, atol=1e-5),
    case("batch/vision_shuffled", lambda ms: seeded(ms, 21) and full(_img_ds(ms, shuffle=True).map(
        _vision_ops(ms), "image").batch(4, True)), rtol=1e-5, atol=1e-5),
    case("batch/vision_meta", lambda ms: meta(_img_ds(ms).map(_vision_ops(ms), "image").batch(4, True))),
    case("batch/vision_repeat", lambda ms: full(_img_ds(ms, 6).map(_vision_ops(ms), "image").batch(4).repeat(2)),
         rtol=1e-5, atol=1e-5),
    case("batch/vision_take", lambda ms: full(_img_ds(ms).map(_vision_ops(ms), "image").batch(3).take(2)),
         rtol=1e-5, atol=1e-5),
    case("batch/vision_bad_rank", lambda ms: rows(_img_ds(ms).map(_vision_ops(ms), "label").batch(2)),
         error=True),
]

def _list_out(x):
    return [x, x]


def _none_out(x):
    return None


MORE = [
    case("map/returns_list", lambda ms: full(ns(ms, 3).map(_list_out, ["a"]))),
    case("map/returns_list_two_cols", lambda ms: full(ns(ms, 3).map(_list_out, ["a"], ["p", "q"]))),
    case("map/returns_scalar_bool", lambda ms: full(ns(ms, 3).map(lambda x: bool(x > 0), ["a"]))),
    case("map/returns_string", lambda ms: [[v.tolist() if v.dtype.kind in "US" else v.tolist() for v in r]
                                           for r in rows(ns(ms, 3).map(lambda x: str(int(x)), ["a"]))]),
    case("map/bad_returns_none", lambda ms: rows(ns(ms, 3).map(_none_out, ["a"])), error=True),
    case("map/bad_raises_processes", lambda ms: rows(ns(ms, 6).map(
        _raise, ["a"], num_parallel_workers=2, python_multiprocessing=True)), error=True),
    case("map/epochs", lambda ms: (lambda it: [[r[0].tolist() for r in it] for _ in range(2)])(
        ns(ms, 3).map(_inc, ["a"]).create_tuple_iterator(output_numpy=True, num_epochs=2))),
    case("batch/per_batch_map_processes", lambda ms: full(ns(ms, 7).batch(
        3, per_batch_map=_pbm_double, input_columns=["a"], num_parallel_workers=2, python_multiprocessing=True))),
    case("batch/per_batch_map_workers", lambda ms: full(ns(ms, 7).batch(
        2, per_batch_map=_pbm_two, input_columns=["a", "b"], num_parallel_workers=2))),
    case("batch/bad_multiprocessing_type", lambda ms: ns(ms).batch(2, python_multiprocessing=2), error=True),
    case("batch/bad_output_columns_type", lambda ms: ns(ms).batch(2, per_batch_map=_pbm_double,
                                                                  input_columns=["a"], output_columns=3), error=True),
    case("batch/bad_callable_size_raises", lambda ms: rows(ns(ms).batch(lambda info: _raise(info))), error=True),
    case("batch/bad_callable_size_two_args", lambda ms: rows(ns(ms).batch(lambda a, b: 1)), error=True),
]

CASES = MAP + BATCH + PAD + BUCKET + VISION + MORE
