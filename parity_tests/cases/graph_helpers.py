"""MindSpore's graph-internal helpers exposed in ``mindspore.ops`` / ``ops.functional``
(scalar_eq, is_not, make_dict, switch_layer, ...), as they behave in PyNative.

Several of them are graph-only in MindSpore 2.10 PyNative (``prim:X has no attr:__infer__``,
MetaFuncGraphs whose ``__call__`` returns None, or an empty RuntimeError on valid input);
those are covered here by the argument checks MindSpore does run, and listed in
``cpu_untestable.tsv`` where no case is possible.
"""
import numpy as np

from parity_tests.harness import case, F32, I32

V3 = np.array([1.0, 2.0, 3.0], np.float32)


def F(ms):
    return ms.ops.functional


CASES = [
    # scalar comparisons: Python operators on whatever they get (numbers, strings, tuples, Tensors)
    case("scalar_eq/ints", lambda ms: [ms.ops.scalar_eq(1, 2), ms.ops.scalar_eq(3, 3)]),
    case("scalar_eq/int_float_bool", lambda ms: [ms.ops.scalar_eq(2, 2.0), ms.ops.scalar_eq(True, 1),
                                                 ms.ops.scalar_eq(1.5, 2)]),
    case("scalar_eq/strings", lambda ms: [ms.ops.scalar_eq("a", "a"), ms.ops.scalar_eq("a", 2)]),
    case("scalar_eq/tuples", lambda ms: ms.ops.scalar_eq((1, 2), (1, 2))),
    case("scalar_eq/tensor_scalar", lambda ms, x: ms.ops.scalar_eq(x, 2.0), V3),
    case("scalar_eq/tensors", lambda ms, x, y: F(ms).scalar_eq(x, y), I32(4), I32(4) % 3),
    case("scalar_eq/missing_arg", lambda ms: ms.ops.scalar_eq(1), error=True),
    case("scalar_lt/values", lambda ms: [ms.ops.scalar_lt(1, 2), ms.ops.scalar_lt(2.5, 2), ms.ops.scalar_lt(False, True),
                                         ms.ops.scalar_lt(3, 3)]),
    case("scalar_lt/strings_tuples", lambda ms: [ms.ops.scalar_lt("a", "b"), ms.ops.scalar_lt((1,), (2,))]),
    case("scalar_lt/tensors", lambda ms, x, y: ms.ops.scalar_lt(x, y), F32(2, 3), F32(3)),
    case("scalar_lt/str_int", lambda ms: ms.ops.scalar_lt("a", 2), error=True),
    case("scalar_gt/values", lambda ms: [ms.ops.scalar_gt(1, 2), ms.ops.scalar_gt(2.5, 2), ms.ops.scalar_gt(3, 3)]),
    case("scalar_gt/tensor_int", lambda ms, x: F(ms).scalar_gt(x, 0), I32(5)),
    case("scalar_gt/str_int", lambda ms: ms.ops.scalar_gt("a", 2), error=True),
    case("scalar_le/values", lambda ms: [ms.ops.scalar_le(1, 2), ms.ops.scalar_le(2.5, 2), ms.ops.scalar_le(3, 3.0)]),
    case("scalar_le/tensor_float", lambda ms, x: ms.ops.scalar_le(x, 0.5), F32(4)),
    case("scalar_le/none_int", lambda ms: ms.ops.scalar_le(None, 1), error=True),
    case("scalar_ge/values", lambda ms: [ms.ops.scalar_ge(1, 2), ms.ops.scalar_ge(2.5, 2), ms.ops.scalar_ge(3, 3),
                                         ms.ops.scalar_ge("b", "a")]),
    case("scalar_ge/tensors", lambda ms, x: ms.ops.scalar_ge(x, x), F32(3)),
    case("scalar_ge/str_int", lambda ms: ms.ops.scalar_ge("a", 2), error=True),
    # scalar_min: Python's min (result keeps the winning argument's type)
    case("scalar_min/values", lambda ms: [ms.ops.scalar_min(1, 2.5), ms.ops.scalar_min(2.5, 1),
                                          ms.ops.scalar_min(True, 0), ms.ops.scalar_min(-3, -3.0)]),
    case("scalar_min/strings_tuples", lambda ms: [ms.ops.scalar_min("a", "b"), ms.ops.scalar_min((1, 2), (0, 5))]),
    case("scalar_min/tensors_0d", lambda ms: F(ms).scalar_min(ms.Tensor(1), ms.Tensor(2))),
    case("scalar_min/tensor_multi_element", lambda ms, x: ms.ops.scalar_min(x, x), F32(3), error=True),
    case("scalar_min/str_int", lambda ms: ms.ops.scalar_min("a", 1), error=True),
    case("scalar_min/missing_arg", lambda ms: ms.ops.scalar_min(1), error=True),
    # scalar_uadd returns its input unchanged
    case("scalar_uadd/values", lambda ms: [ms.ops.scalar_uadd(3), ms.ops.scalar_uadd(-3.5), ms.ops.scalar_uadd(True),
                                           ms.ops.scalar_uadd("a"), ms.ops.scalar_uadd(None)]),
    case("scalar_uadd/tensor", lambda ms, x: F(ms).scalar_uadd(x), F32(2, 3)),
    case("scalar_uadd/missing_arg", lambda ms: ms.ops.scalar_uadd(), error=True),
    # is_not
    case("is_not/values", lambda ms: [ms.ops.is_not(1, None), ms.ops.is_not(None, None), ms.ops.is_not(1, 2),
                                      ms.ops.is_not((1,), None)]),
    case("is_not/dtypes", lambda ms: [F(ms).is_not(ms.float32, ms.float32), F(ms).is_not(ms.float32, ms.int32)]),
    case("is_not/one_input", lambda ms: ms.ops.is_not(1), error=True),
    case("is_not/three_inputs", lambda ms: ms.ops.is_not(1, 2, 3), error=True),
    # is_sequence_shape_unknown
    case("is_sequence_shape_unknown/sequences",
         lambda ms: [ms.ops.is_sequence_shape_unknown((1, 2)), ms.ops.is_sequence_shape_unknown([1, 2]),
                     ms.ops.is_sequence_shape_unknown(())]),
    case("is_sequence_shape_unknown/tensor_tuple", lambda ms, x: F(ms).is_sequence_shape_unknown((x, x)), F32(2)),
    case("is_sequence_shape_unknown/tensor", lambda ms, x: ms.ops.is_sequence_shape_unknown(x), F32(3), error=True),
    case("is_sequence_shape_unknown/int", lambda ms: ms.ops.is_sequence_shape_unknown(1), error=True),
    # not_in_dict
    case("not_in_dict/values", lambda ms: [ms.ops.not_in_dict("a", {"a": 1}), ms.ops.not_in_dict("b", {"a": 1}),
                                           F(ms).not_in_dict(1, {1: 2})]),
    case("not_in_dict/list", lambda ms: ms.ops.not_in_dict("a", ["a"]), error=True),
    case("not_in_dict/tensor", lambda ms, x: ms.ops.not_in_dict("a", x), F32(3), error=True),
    # dict_setitem / make_dict: PyNative fails on valid input (empty RuntimeError), but checks arguments
    case("dict_setitem/list", lambda ms: ms.ops.dict_setitem([1], 0, 2), error=True),
    case("dict_setitem/tensor", lambda ms, x: F(ms).dict_setitem(x, 0, 2), F32(3), error=True),
    case("make_dict/int_keys", lambda ms: ms.ops.make_dict(1, 2), error=True),
    case("make_dict/length_mismatch", lambda ms: ms.ops.make_dict(("a",), (1, 2)), error=True),
    # array_to_scalar: a 0-d Tensor only (PyNative has no kernel for valid input)
    case("array_to_scalar/int", lambda ms: ms.ops.array_to_scalar(3), error=True),
    case("array_to_scalar/tuple", lambda ms: ms.ops.array_to_scalar((1,)), error=True),
    case("array_to_scalar/shape_1", lambda ms, x: ms.ops.array_to_scalar(x), F32(1), error=True),
    case("array_to_scalar/shape_2x2", lambda ms, x: F(ms).array_to_scalar(x), F32(2, 2), error=True),
    # switch_layer: the index must be a Tensor
    case("switch_layer/int_index", lambda ms: ms.ops.switch_layer(0, (ms.ops.abs, ms.ops.neg)), error=True),
    # env_get: dispatched on (EnvType, Tensor | MapTensor)
    case("env_get/tensor_env", lambda ms, x: ms.ops.env_get(x, x), F32(3), error=True),
    case("env_get/int_env", lambda ms, x: ms.ops.env_get(1, x), F32(3), error=True),
]
