"""Indexing ops: gather family, index_select, masked_fill/select, nonzero, slice, strided_slice,
narrow, index_fill; scatter family (including Parameter mutation)."""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, F64, I32, I64, U8, BOOL

A = np.arange(12, dtype=np.float32).reshape(3, 4)
IDX = np.array([[0, 2], [1, 0], [2, 2]], dtype=np.int32)


def _i32(v):
    return np.array(v, dtype=np.int32)


def _i64(v):
    return np.array(v, dtype=np.int64)


CASES = [
    case("gather/axis0", lambda ms, x, i: ms.ops.gather(x, i, 0), A, _i32([2, 0])),
    case("gather/axis1_2d_index", lambda ms, x, i: ms.ops.gather(x, i, 1), A, _i32([[2, 0]])),
    case("gather/negative_index", lambda ms, x, i: ms.ops.gather(x, i, 0), A, _i32([-1])),
    case("gather/neg_axis_int64", lambda ms, x, i: ms.ops.gather(x, i, -1), I32(3, 4), _i64([3, 1, 1])),
    case("gather/batch_dims", lambda ms, x, i: ms.ops.gather(x, i, 1, batch_dims=1), A, _i32([[1], [0], [2]])),
    case("gather/bad_oob", lambda ms, x, i: ms.ops.gather(x, i, 0), A, _i32([5]), error=True),
    case("gather/bad_float_index", lambda ms, x, i: ms.ops.gather(x, i, 0), A, np.array([1.0], np.float32),
         error=True),
    case("Gather/prim", lambda ms, x, i: ms.ops.Gather()(x, i, 1), A, _i32([2, 0])),
    case("gather_elements/dim1", lambda ms, x, i: ms.ops.gather_elements(x, 1, i), A, IDX),
    case("gather_elements/neg_dim", lambda ms, x, i: ms.ops.gather_elements(x, -1, i), A, IDX),
    case("gather_elements/dim0_int64", lambda ms, x, i: ms.ops.gather_elements(x, 0, i), A, _i64([[0, 2, 1, 1]])),
    case("gather_elements/f16", lambda ms, x, i: ms.ops.gather_elements(x, 1, i), F16(3, 4), IDX),
    case("gather_elements/bad_oob", lambda ms, x, i: ms.ops.gather_elements(x, 1, i), A, _i32([[9]]), error=True),
    case("gather_elements/bad_float_index", lambda ms, x: ms.ops.gather_elements(x, 1, x), A, error=True),
    case("gather_d/alias", lambda ms, x, i: ms.ops.gather_d(x, 1, i), A, IDX),
    case("GatherD/prim", lambda ms, x, i: ms.ops.GatherD()(x, 0, i), A, _i32([[2, 1, 0, 0]])),
    case("gather_nd/full", lambda ms, x, i: ms.ops.gather_nd(x, i), A, _i32([[0, 1], [2, 3]])),
    case("gather_nd/partial", lambda ms, x, i: ms.ops.gather_nd(x, i), A, _i32([[1], [0]])),
    case("gather_nd/bad_oob", lambda ms, x, i: ms.ops.gather_nd(x, i), A, _i32([[5, 1]]), error=True),
    case("GatherNd/prim_int64", lambda ms, x, i: ms.ops.GatherNd()(x, i), I32(3, 4), _i64([[0, 1]])),
    case("index_select/axis1", lambda ms, x, i: ms.ops.index_select(x, 1, i), A, _i32([0, 3])),
    case("index_select/bad_2d_index", lambda ms, x, i: ms.ops.index_select(x, 1, i), A, _i32([[0, 3]]),
         error=True),
    case("masked_fill/scalar", lambda ms, x: ms.ops.masked_fill(x, x > 5, 0.5), A),
    case("masked_fill/tensor_value", lambda ms, x: ms.ops.masked_fill(x, x > 5, ms.Tensor(2.0)), A),
    case("masked_fill/broadcast_mask", lambda ms, x, m: ms.ops.masked_fill(x, m, -1.0), F32(3, 4), BOOL(4)),
    case("masked_fill/bad_int_mask", lambda ms, x, m: ms.ops.masked_fill(x, m, 0.5), A, I64(4), error=True),
    case("MaskedFill/prim", lambda ms, x, m: ms.ops.MaskedFill()(x, m, ms.Tensor(2.0)), A, BOOL(3, 4)),
    case("masked_select/basic", lambda ms, x: ms.ops.masked_select(x, x > 5), A),
    case("MaskedSelect/prim_broadcast", lambda ms, x, m: ms.ops.MaskedSelect()(x, m), A,
         np.array([True, False, True, False])),
    case("nonzero/int", lambda ms: ms.ops.nonzero(ms.Tensor([[1, 0], [0, 3]]))),
    case("NonZero/prim_float", lambda ms, x: ms.ops.NonZero()(x), np.array([[1., 0, 2], [0, 3, 0]], np.float32)),
    case("argwhere/bool", lambda ms, x: ms.ops.argwhere(x), BOOL(3, 3)),
    case("narrow/axis1", lambda ms, x: ms.ops.narrow(x, 1, 1, 2), A),
    case("narrow/bad_length", lambda ms, x: ms.ops.narrow(x, 1, 3, 2), A, error=True),
    case("slice/minus_one", lambda ms, x: ms.ops.slice(x, (1, 0), (2, -1)), A),
    case("slice/int32", lambda ms, x: ms.ops.slice(x, [0, 1], [2, 2]), I32(3, 4)),
    case("slice/bad_extent", lambda ms, x: ms.ops.slice(x, (1, 0), (3, 3)), A, error=True),
    case("Slice/prim", lambda ms, x: ms.ops.Slice()(x, (1, 0), (2, 3)), A),
    case("tensor_slice/alias", lambda ms, x: ms.ops.tensor_slice(x, (1, 0), (2, 3)), A),
    case("strided_slice/steps", lambda ms, x: ms.ops.strided_slice(x, (0, 1), (3, 4), (2, 2)), A),
    case("strided_slice/negative", lambda ms, x: ms.ops.strided_slice(x, (-1, 0), (-4, 4), (-1, 1)), A),
    case("StridedSlice/masks", lambda ms, x: ms.ops.StridedSlice(begin_mask=1, end_mask=2)(x, (1, 1), (2, 2),
                                                                                         (1, 1)), A),
    case("StridedSlice/shrink", lambda ms, x: ms.ops.StridedSlice(shrink_axis_mask=1)(x, (1, 1), (2, 3), (1, 1)), A),
    case("StridedSlice/ellipsis", lambda ms, x: ms.ops.StridedSlice(ellipsis_mask=1)(x, (0, 1), (1, 3), (1, 1)), A),
    case("index_fill/scalar", lambda ms, x, i: ms.ops.index_fill(x, 1, i, 9.0), A, _i32([0, 2])),
    case("index_fill/tensor_value", lambda ms, x, i: ms.ops.index_fill(x, 0, i, ms.Tensor(-1.0)), A, _i32([1])),
    case("IndexFill/prim", lambda ms, x, i: ms.ops.IndexFill()(x, 1, i, ms.Tensor(9.0)), A, _i32([3])),

]


def _mut(fn):
    """Run ``fn(ms, param, *inputs)`` on a fresh Parameter; compare the result and the Parameter after."""
    def run(ms, *inputs):
        p = ms.Parameter(ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4)), name="p")
        out = fn(ms, p, *inputs)
        return out, p
    return run


U = np.ones((2, 4), np.float32)
I2 = _i32([0, 2])
NI = _i32([[0, 1], [2, 3]])
NU = np.array([5., 6.], np.float32)

CASES += [
    case("scatter_update/param", _mut(lambda ms, p, i, u: ms.ops.scatter_update(p, i, u)), I2, U),
    case("scatter_update/int_updates_cast", _mut(lambda ms, p, i, u: ms.ops.scatter_update(p, i, u)), I2,
         np.ones((2, 4), np.int32)),
    case("scatter_update/2d_indices", _mut(lambda ms, p, i, u: ms.ops.scatter_update(p, i, u)), _i32([[0], [2]]),
         np.ones((2, 1, 4), np.float32)),
    case("scatter_update/bad_shape", _mut(lambda ms, p, i, u: ms.ops.scatter_update(p, i, u)), I2,
         np.ones((2, 3), np.float32), error=True),
    case("scatter_update/bad_float_indices", _mut(lambda ms, p, i, u: ms.ops.scatter_update(p, i, u)),
         np.array([0., 1.], np.float32), U, error=True),
    case("ScatterUpdate/prim", _mut(lambda ms, p, i, u: ms.ops.ScatterUpdate()(p, i, u)), I2, U),
    case("scatter_add/duplicates", _mut(lambda ms, p, i, u: ms.ops.scatter_add(p, i, u)), _i32([0, 0]), U),
    case("ScatterAdd/prim", _mut(lambda ms, p, i, u: ms.ops.ScatterAdd()(p, i, u)), I2, U),
    case("ScatterSub/prim", _mut(lambda ms, p, i, u: ms.ops.ScatterSub()(p, i, u)), I2, U),
    case("scatter_mul/param", _mut(lambda ms, p, i, u: ms.ops.scatter_mul(p, i, u * 2)), I2, U),
    case("ScatterMul/prim", _mut(lambda ms, p, i, u: ms.ops.ScatterMul()(p, i, u * 3)), I2, U),
    case("scatter_div/param", _mut(lambda ms, p, i, u: ms.ops.scatter_div(p, i, u * 2)), I2, U),
    case("ScatterDiv/prim", _mut(lambda ms, p, i, u: ms.ops.ScatterDiv()(p, i, u * 4)), I2, U),
    case("scatter_max/param", _mut(lambda ms, p, i, u: ms.ops.scatter_max(p, i, u * 5)), I2, U),
    case("ScatterMax/prim", _mut(lambda ms, p, i, u: ms.ops.ScatterMax()(p, i, u * 5)), I2, U),
    case("scatter_min/param", _mut(lambda ms, p, i, u: ms.ops.scatter_min(p, i, u * 5)), I2, U),
    case("ScatterMin/prim", _mut(lambda ms, p, i, u: ms.ops.ScatterMin()(p, i, u * 5)), I2, U),
    case("scatter_nd_update/param", _mut(lambda ms, p, i, u: ms.ops.scatter_nd_update(p, i, u)), NI, NU),
    case("ScatterNdUpdate/prim", _mut(lambda ms, p, i, u: ms.ops.ScatterNdUpdate()(p, i, u)), NI, NU),
    case("scatter_nd_add/param", _mut(lambda ms, p, i, u: ms.ops.scatter_nd_add(p, i, u)), NI, NU),
    case("ScatterNdAdd/rows", _mut(lambda ms, p, i, u: ms.ops.ScatterNdAdd()(p, i, u)), _i32([[1]]),
         np.ones((1, 4), np.float32)),
    case("scatter_nd_sub/param", _mut(lambda ms, p, i, u: ms.ops.scatter_nd_sub(p, i, u)), NI, NU),
    case("ScatterNdSub/prim", _mut(lambda ms, p, i, u: ms.ops.ScatterNdSub()(p, i, u)), NI, NU),
    case("scatter_nd_mul/param", _mut(lambda ms, p, i, u: ms.ops.scatter_nd_mul(p, i, u)), NI, NU),
    case("ScatterNdMul/prim", _mut(lambda ms, p, i, u: ms.ops.ScatterNdMul()(p, i, u)), NI, NU),
    case("scatter_nd_div/param", _mut(lambda ms, p, i, u: ms.ops.scatter_nd_div(p, i, u)), NI, NU),
    case("ScatterNdDiv/prim", _mut(lambda ms, p, i, u: ms.ops.ScatterNdDiv()(p, i, u)), NI, NU),
    case("scatter_nd_max/param", _mut(lambda ms, p, i, u: ms.ops.scatter_nd_max(p, i, u)), NI, NU),
    case("ScatterNdMax/prim", _mut(lambda ms, p, i, u: ms.ops.ScatterNdMax()(p, i, u)), NI, NU),
    case("scatter_nd_min/param", _mut(lambda ms, p, i, u: ms.ops.scatter_nd_min(p, i, u)), NI, NU),
    case("ScatterNdMin/prim", _mut(lambda ms, p, i, u: ms.ops.ScatterNdMin()(p, i, u)), NI, NU),
    case("ScatterAddWithAxis/param", _mut(lambda ms, p, i, u: ms.ops.ScatterAddWithAxis(1)(p, i, u)),
         _i32([[1, 1]]), np.array([[7., 8.]], np.float32)),
    case("scatter_nd/basic", lambda ms, i, u: ms.ops.scatter_nd(i, u, (3, 4)), NI, NU),
    case("scatter_nd/duplicates_sum", lambda ms, i, u: ms.ops.scatter_nd(i, u, (3, 4)), _i32([[0, 1], [0, 1]]), NU),
    case("scatter_nd/bad_oob", lambda ms, i, u: ms.ops.ScatterNd()(i, u, (2, 4)), NI, np.array([1, 2], np.int32),
         error=True),
    case("tensor_scatter_update/basic", lambda ms, x, i, u: ms.ops.tensor_scatter_update(x, i, u), A, NI, NU),
    case("tensor_scatter_add/duplicates", lambda ms, x, i, u: ms.ops.tensor_scatter_add(x, i, u), A,
         _i32([[0, 1], [0, 1]]), NU),
    case("tensor_scatter_sub/basic", lambda ms, x, i, u: ms.ops.tensor_scatter_sub(x, i, u), A, NI, NU),
    case("tensor_scatter_mul/basic", lambda ms, x, i, u: ms.ops.tensor_scatter_mul(x, i, u), A, NI, NU),
    case("tensor_scatter_div/basic", lambda ms, x, i, u: ms.ops.tensor_scatter_div(x, i, u), A, NI, NU),
    case("tensor_scatter_max/basic", lambda ms, x, i, u: ms.ops.tensor_scatter_max(x, i, u), A, NI, NU),
    case("tensor_scatter_min/basic", lambda ms, x, i, u: ms.ops.tensor_scatter_min(x, i, u), A, NI, NU),
    case("tensor_scatter_update/bad_oob", lambda ms, x, i, u: ms.ops.tensor_scatter_update(x, i, u), A,
         _i32([[5, 1]]), np.array([1.], np.float32), error=True),
    case("tensor_scatter_update/bad_dtype", lambda ms, x, i, u: ms.ops.tensor_scatter_update(x, i, u), A, NI,
         np.array([1, 2], np.int32), error=True),
    case("TensorScatterUpdate/prim", lambda ms, x, i, u: ms.ops.TensorScatterUpdate()(x, i, u), A, NI, NU),
    case("TensorScatterAdd/prim_rows", lambda ms, x, i, u: ms.ops.TensorScatterAdd()(x, i, u), A, _i32([[2]]),
         np.ones((1, 4), np.float32)),
    case("TensorScatterSub/prim", lambda ms, x, i, u: ms.ops.TensorScatterSub()(x, i, u), A, NI, NU),
    case("TensorScatterMul/prim", lambda ms, x, i, u: ms.ops.TensorScatterMul()(x, i, u), A, NI, NU),
    case("TensorScatterDiv/prim", lambda ms, x, i, u: ms.ops.TensorScatterDiv()(x, i, u), A, NI, NU),
    case("TensorScatterMax/prim", lambda ms, x, i, u: ms.ops.TensorScatterMax()(x, i, u), A, NI, NU),
    case("TensorScatterMin/prim", lambda ms, x, i, u: ms.ops.TensorScatterMin()(x, i, u), A, NI, NU),
    case("tensor_scatter_elements/axis1", lambda ms, x, i, u: ms.ops.tensor_scatter_elements(x, i, u, 1), A,
         _i32([[1, 0]]), np.array([[7., 8.]], np.float32)),
    case("tensor_scatter_elements/add", lambda ms, x, i, u: ms.ops.tensor_scatter_elements(x, i, u, 1, "add"), A,
         _i32([[1, 1]]), np.array([[7., 8.]], np.float32)),
    case("TensorScatterElements/prim_axis0_add", lambda ms, x, i, u: ms.ops.TensorScatterElements(0, "add")(x, i, u),
         A, _i32([[1, 1]]), np.array([[7., 8.]], np.float32)),
    case("scatter/dim1", lambda ms, x, i, u: ms.ops.scatter(x, 1, i, u), A, _i32([[1, 0]]),
         np.array([[7., 8.]], np.float32)),
    case("unsorted_segment_sum/basic", lambda ms, x, i: ms.ops.unsorted_segment_sum(x, i, 4), A, _i32([0, 0, 2])),
    case("unsorted_segment_sum/negative_dropped", lambda ms, x, i: ms.ops.unsorted_segment_sum(x, i, 3), A,
         _i32([0, -1, 2])),
    case("unsorted_segment_sum/int32", lambda ms, x, i: ms.ops.unsorted_segment_sum(x, i, 2),
         np.array([1, 2, 3], np.int32), _i32([0, 1, 0])),
    case("unsorted_segment_max/empty_lowest", lambda ms, x, i: ms.ops.unsorted_segment_max(x, i, 4), A,
         _i32([0, 0, 2])),
    case("unsorted_segment_min/empty_highest", lambda ms, x, i: ms.ops.unsorted_segment_min(x, i, 4), A,
         _i32([0, 0, 2])),
    case("unsorted_segment_prod/empty_one", lambda ms, x, i: ms.ops.unsorted_segment_prod(x, i, 4), A,
         _i32([0, 0, 2])),
    case("UnsortedSegmentSum/prim", lambda ms, x, i: ms.ops.UnsortedSegmentSum()(x, i, 3), F32(3, 2),
         _i32([2, 0, 2])),
    case("SegmentSum/prim", lambda ms, x, i: ms.ops.SegmentSum()(x, i), A, _i32([0, 0, 2])),
    case("SegmentMean/prim", lambda ms, x, i: ms.ops.SegmentMean()(x, i), A, _i32([0, 0, 2])),
    case("SegmentMax/prim", lambda ms, x, i: ms.ops.SegmentMax()(x, i), A, _i32([0, 0, 2])),
    case("SegmentMin/prim", lambda ms, x, i: ms.ops.SegmentMin()(x, i), A, _i32([0, 1, 1])),
    case("SegmentProd/prim", lambda ms, x, i: ms.ops.SegmentProd()(x, i), A, _i32([0, 0, 2])),
    case("SegmentSum/bad_unsorted", lambda ms, x, i: ms.ops.SegmentSum()(x, i), A, _i32([1, 0, 2]), error=True),
    case("scatter_update/plain_tensor_mutated", lambda ms, x, i, u: (ms.ops.scatter_update(x, i, u), x),
         np.zeros((3, 4), np.float32), I2, U),
    case("scatter_nd_add/plain_tensor_mutated", lambda ms, x, i, u: (ms.ops.scatter_nd_add(x, i, u), x),
         np.zeros((3, 4), np.float32), NI, NU),
    case("tensor_scatter_add/param_not_mutated", _mut(lambda ms, p, i, u: ms.ops.tensor_scatter_add(p, i, u)), NI, NU),
]
