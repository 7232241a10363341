"""``Tensor.select``'s two overloads: ``(condition, y)`` with a Tensor or Python ``y`` (and the
dtype rule for Python scalars), and ``(dim, index)`` (a slice along an axis), with their errors."""
import numpy as np

from parity_tests.harness import case, F32, I32, BOOL

_COND = np.array([True, False, True])


CASES = [
    case("tensor_select/cond_tensor", lambda ms, x, c, y: x.select(c, y), F32(3), _COND, F32(3)),
    case("tensor_select/cond_float", lambda ms, x, c: x.select(c, 1.5), F32(3), _COND),
    case("tensor_select/cond_int", lambda ms, x, c: x.select(c, 4), I32(3), _COND),
    case("tensor_select/cond_broadcast", lambda ms, x, c, y: x.select(c, y), F32(2, 3), _COND, F32(2, 3)),
    case("tensor_select/cond_keywords", lambda ms, x, c, y: x.select(condition=c, y=y), F32(3), _COND, F32(3)),
    case("tensor_select/dim_index", lambda ms, x: [x.select(1, 3), x.select(0, -1), x.select(-1, 0)], F32(2, 4)),
    case("tensor_select/dim_index_keywords", lambda ms, x: x.select(dim=0, index=1), F32(3, 2)),
    case("tensor_select/int_y_float_tensor", lambda ms, x, c: x.select(c, 1), F32(3), _COND, error=True),
    case("tensor_select/float_y_int_tensor", lambda ms, x, c: x.select(c, 1.0), I32(3), _COND, error=True),
    case("tensor_select/non_bool_cond", lambda ms, x, c, y: x.select(c, y), F32(3), F32(3), F32(3), error=True),
    case("tensor_select/dim_tensor_mix", lambda ms, x, y: x.select(1, y), F32(3), F32(3), error=True),
    case("tensor_select/dim_out_of_range", lambda ms, x: x.select(2, 0), F32(2, 4), error=True),
    case("tensor_select/index_out_of_range", lambda ms, x: x.select(0, 5), F32(2, 4), error=True),
]
