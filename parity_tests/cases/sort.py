"""Sorting and searching: sort, argsort, topk, unique, searchsorted, argmax, max/min, aminmax."""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, F64, I32, I64, U8, BOOL

X = np.array([[3, 1, 2, 1], [0, 5, 5, 4]], np.float32)
XI = X.astype(np.int32)
SEQ = np.array([1., 3, 5, 7], np.float32)
VAL = np.array([3., 6, 9], np.float32)

CASES = [
    case("sort/stable_ties", lambda ms, x: ms.ops.sort(x), X),
    case("sort/descending_axis0", lambda ms, x: ms.ops.sort(x, 0, True), X),
    case("sort/int32", lambda ms, x: ms.ops.sort(x), XI),
    case("sort/int64", lambda ms: ms.ops.sort(ms.Tensor([3, 1, 2]))),
    case("sort/random_f32", lambda ms, x: ms.ops.sort(x, -1, True), F32(3, 5)),
    case("sort/f16", lambda ms, x: ms.ops.sort(x, 0), F16(4, 3)),
    case("sort/bad_axis", lambda ms, x: ms.ops.sort(x, 2), X, error=True),
    case("Sort/prim_axis0", lambda ms, x: ms.ops.Sort(0)(x), X),
    case("Sort/prim_descending", lambda ms, x: ms.ops.Sort(descending=True)(x), I32(2, 5)),
    case("argsort/default", lambda ms, x: ms.ops.argsort(x), X),
    case("argsort/descending", lambda ms, x: ms.ops.argsort(x, 0, True), X),
    case("topk/largest", lambda ms, x: ms.ops.topk(x, 2), X),
    case("topk/smallest", lambda ms, x: ms.ops.topk(x, 2, largest=False), X),
    case("topk/dim0", lambda ms, x: ms.ops.topk(x, 1, dim=0), X),
    case("topk/int32", lambda ms, x: ms.ops.topk(x, 2), XI),
    case("topk/bad_k", lambda ms, x: ms.ops.topk(x, 5), X, error=True),
    case("top_k/basic", lambda ms, x: ms.ops.top_k(x, 3), F32(2, 6)),
    case("TopK/prim", lambda ms, x: ms.ops.TopK()(x, 2), X),
    case("TopK/prim_int64", lambda ms: ms.ops.TopK()(ms.Tensor([3, 1, 2]), 2)),
    case("unique/first_appearance", lambda ms: ms.ops.unique(ms.Tensor([3, 1, 2, 1, 3]))),
    case("unique/float_2d", lambda ms: ms.ops.unique(ms.Tensor([[3., 1.], [1., 3.]]))),
    case("Unique/prim_int32", lambda ms: ms.ops.Unique()(ms.Tensor([3, 1, 2, 1, 3], ms.int32))),
    case("unique_consecutive/flat", lambda ms: ms.ops.unique_consecutive(ms.Tensor([1, 1, 2, 2, 3, 1, 1, 2]),
                                                                          True, True)),
    case("unique_consecutive/values_only", lambda ms: ms.ops.unique_consecutive(ms.Tensor([1, 1, 2, 2, 3]))),
    case("unique_consecutive/dim0", lambda ms: ms.ops.unique_consecutive(ms.Tensor([[1, 1], [1, 1], [2, 3]]),
                                                                          True, True, 0)),
    case("UniqueConsecutive/prim", lambda ms: ms.ops.UniqueConsecutive(True, True)(
        ms.Tensor([1, 1, 2, 2, 3, 1, 1, 2], ms.int32))),
    case("unique_with_pad/int64", lambda ms: ms.ops.unique_with_pad(ms.Tensor([1, 1, 5, 5, 4, 4, 3, 3, 2, 2]), 0)),
    case("UniqueWithPad/prim", lambda ms: ms.ops.UniqueWithPad()(ms.Tensor([1, 1, 5, 5, 4, 4, 3, 3, 2, 2], ms.int32),
                                                                 ms.Tensor(0, ms.int32))),
    case("searchsorted/left", lambda ms, s, v: ms.ops.searchsorted(s, v), SEQ, VAL),
    case("searchsorted/side_right", lambda ms, s, v: ms.ops.searchsorted(s, v, side="right"), SEQ, VAL),
    case("SearchSorted/prim", lambda ms, s, v: ms.ops.SearchSorted()(s, v), SEQ, VAL),
    case("LowerBound/prim", lambda ms, s, v: ms.ops.LowerBound()(s, v), SEQ.reshape(1, 4), VAL.reshape(1, 3)),
    case("UpperBound/prim", lambda ms, s, v: ms.ops.UpperBound()(s, v), SEQ.reshape(1, 4), VAL.reshape(1, 3)),
    case("argmax/all", lambda ms, x: ms.ops.argmax(x), X),
    case("argmax/dim_keepdim", lambda ms, x: ms.ops.argmax(x, 1, True), X),
    case("argmax/int32_neg_dim", lambda ms, x: ms.ops.argmax(x, -1), XI),
    case("argmax/bad_dim", lambda ms, x: ms.ops.argmax(x, 2), X, error=True),
    case("max/all", lambda ms, x: ms.ops.max(x), X),
    case("max/axis", lambda ms, x: ms.ops.max(x, 1), X),
    case("max/keepdims", lambda ms, x: ms.ops.max(x, 0, True), X),
    case("max/initial", lambda ms, x: ms.ops.max(x, 1, initial=4.), X),
    case("max/bad_axis", lambda ms, x: ms.ops.max(x, 3), X, error=True),
    case("min/axis_int32", lambda ms, x: ms.ops.min(x, 1), XI),
    case("min/all_int32", lambda ms, x: ms.ops.min(x), XI),
    case("min/random", lambda ms, x: ms.ops.min(x, -1, True), F32(3, 4)),
    case("aminmax/axis1", lambda ms, x: ms.ops.aminmax(x, axis=1), X),
    case("aminmax/keepdims", lambda ms, x: ms.ops.aminmax(x, axis=0, keepdims=True), X),
]
