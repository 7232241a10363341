"""``Tensor.ptp(axis=None, keepdims=False)``: maximum minus minimum over all axes, one axis or a
tuple, float and int tensors; bad axis and keepdims are errors."""
from parity_tests.harness import case, F32, I32

CASES = [
    case("tensor_ptp/all", lambda ms, x: x.ptp(), F32(2, 3)),
    case("tensor_ptp/axis1", lambda ms, x: x.ptp(axis=1), F32(2, 3)),
    case("tensor_ptp/axis0_keep", lambda ms, x: x.ptp(axis=0, keepdims=True), F32(3, 4)),
    case("tensor_ptp/tuple_axis", lambda ms, x: x.ptp(axis=(0, 2)), F32(2, 3, 4)),
    case("tensor_ptp/empty_tuple", lambda ms, x: x.ptp(axis=()), F32(2, 3)),
    case("tensor_ptp/int", lambda ms, x: x.ptp(), I32(6)),
    case("tensor_ptp/axis_out_of_range", lambda ms, x: x.ptp(axis=2), F32(2, 3), error=True),
    case("tensor_ptp/float_axis", lambda ms, x: x.ptp(axis=1.0), F32(2, 3), error=True),
    case("tensor_ptp/int_keepdims", lambda ms, x: x.ptp(keepdims=1), F32(2, 3), error=True),
]
