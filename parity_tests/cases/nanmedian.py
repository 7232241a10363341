"""``ops.nanmedian`` / ``Tensor.nanmedian``: lower median ignoring NaNs and its index (the place in
a stable sort), all-NaN rows (NaN, index 0), keepdims, ints, and the argument errors."""
import numpy as np

from parity_tests.harness import case, F32, F64, I32

_X = np.array([[1., np.nan, 3, 2], [np.nan, np.nan, np.nan, 1], [4, 2, 2, np.nan]], np.float32)

CASES = [
    case("nanmedian/last_axis", lambda ms, x: ms.ops.nanmedian(x), _X),
    case("nanmedian/axis0", lambda ms, x: ms.ops.nanmedian(x, axis=0), _X),
    case("nanmedian/keepdims", lambda ms, x: ms.ops.nanmedian(x, 1, True), _X),
    case("nanmedian/all_nan_row", lambda ms, x: ms.ops.nanmedian(x),
         np.array([[np.nan, np.nan], [1., np.nan]], np.float32)),
    case("nanmedian/f64_no_nan", lambda ms, x: ms.ops.nanmedian(x, 0), F64(6)),
    case("nanmedian/int", lambda ms, x: ms.ops.nanmedian(x), I32(3, 5)),
    case("nanmedian/method", lambda ms, x: x.nanmedian(axis=-1, keepdims=True), _X),
    case("nanmedian/axis_out_of_range", lambda ms, x: ms.ops.nanmedian(x, 2), F32(2, 3), error=True),
    case("nanmedian/float_axis", lambda ms, x: ms.ops.nanmedian(x, 1.0), F32(2, 3), error=True),
    case("nanmedian/int_keepdims", lambda ms, x: ms.ops.nanmedian(x, keepdims=1), F32(2, 3), error=True),
]
