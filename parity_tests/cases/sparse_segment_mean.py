"""``ops.sparse_segment_mean`` (``SparseSegmentMean``): the mean of the rows ``x[indices]`` per segment
of the sorted ``segment_ids`` (empty segments zero, ``segment_ids[-1] + 1`` of them); dtype and length
checks are TypeError / ValueError, unsorted or negative ids and out-of-range indices fail when the
kernel runs (RuntimeError)."""
import numpy as np

from parity_tests.harness import case, Raw, F32, F64

_I = Raw(np.array([0, 1, 3, 2, 1], np.int32))
_S = Raw(np.array([0, 0, 2, 2, 5], np.int32))


def _ssm(ms, x, i, s):
    return ms.ops.sparse_segment_mean(x, i, s)


CASES = [
    case("sparse_segment_mean/f32", _ssm, F32(4, 3), _I, _S),
    case("sparse_segment_mean/f64_3d_int64", _ssm, F64(4, 2, 3), Raw(np.array([3, 3, 0], np.int64)),
         Raw(np.array([1, 1, 1], np.int64))),
    case("sparse_segment_mean/int_x", _ssm, Raw(np.ones((4, 3), np.int32)), _I, _S, error=True),
    case("sparse_segment_mean/mixed_index_dtypes", _ssm, F32(4, 3), Raw(np.array([0, 1], np.int64)),
         Raw(np.array([0, 0], np.int32)), error=True),
    case("sparse_segment_mean/length_mismatch", _ssm, F32(4, 3), _I, Raw(np.array([0, 0, 2], np.int32)), error=True),
    case("sparse_segment_mean/unsorted", _ssm, F32(4, 3), _I, Raw(np.array([1, 0, 2, 2, 3], np.int32)), error=True),
    case("sparse_segment_mean/index_out_of_range", _ssm, F32(4, 3), Raw(np.array([0, 5, 1, 1, 0], np.int32)), _S,
         error=True),
]
