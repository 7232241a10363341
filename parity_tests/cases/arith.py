"""Binary arithmetic: add, sub, mul, div, floor_divide; promotion across int/float/bool."""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, F64, I32, I64, U8, BOOL

CASES = [
    case("add/f32", lambda ms, x, y: ms.ops.add(x, y), F32(2, 3), F32(2, 3)),
    case("add/broadcast", lambda ms, x, y: ms.ops.add(x, y), F32(4, 1, 3), F32(2, 1)),
    case("add/int32_float_scalar", lambda ms, x: ms.ops.add(x, 1.5), I32(3)),
    case("add/int64_default", lambda ms: ms.ops.add(ms.Tensor([1, 2]), ms.Tensor([3, 4]))),
    case("add/int32_f16", lambda ms, x, y: ms.ops.add(x, y), I32(3), F16(3)),
    case("add/bool_int_scalar", lambda ms, x: ms.ops.add(x, 1), BOOL(4)),
    case("add/int8_int_scalar", lambda ms: ms.ops.add(ms.Tensor([1], ms.int8), 3)),
    case("add/uint8_int8", lambda ms: ms.ops.add(ms.Tensor([1], ms.uint8), ms.Tensor([1], ms.int8))),
    case("add/i32_i64", lambda ms, x, y: ms.ops.add(x, y), I32(3), I64(3)),
    case("add/f64", lambda ms, x, y: x + y, F64(3), F64(3)),
    case("add/scalars", lambda ms: ms.ops.add(1, 2)),
    case("add/operator_radd", lambda ms, x: 2.5 + x, F32(3)),
    case("add/bad_string", lambda ms, x: ms.ops.add(x, "a"), F32(3), error=True),
    case("add/bad_ndarray", lambda ms, x: ms.ops.add(x, Raw(np.ones(3))), F32(3), error=True),
    case("add/prim", lambda ms, x, y: ms.ops.Add()(x, y), F32(2, 3), F32(3)),
    case("sub/f32", lambda ms, x, y: ms.ops.sub(x, y), F32(2, 3), F32(2, 3)),
    case("sub/rsub_operator", lambda ms, x: 2 - x, I32(3)),
    case("sub/prim", lambda ms, x, y: ms.ops.Sub()(x, y), F32(3), F32(3)),
    case("mul/f32", lambda ms, x, y: ms.ops.mul(x, y), F32(2, 3), F32(1, 3)),
    case("mul/f32_i64", lambda ms, x, y: ms.ops.mul(x, y), F32(2, 3), I64(3)),
    case("mul/bf16_f16", lambda ms: ms.ops.mul(ms.Tensor([1.5], ms.bfloat16), ms.Tensor([2.0], ms.float16))),
    case("mul/u64_i64_invalid", lambda ms: ms.ops.mul(ms.Tensor([1], ms.uint64), ms.Tensor([1], ms.int64)),
         error=True),
    case("div/int", lambda ms, x, y: ms.ops.div(x, y), I32(4), I32(4, low=1) + 11),
    case("div/f32", lambda ms, x, y: x / y, F32(3), F32(3, low=0.5, high=2.0)),
    case("div/int_scalar_op", lambda ms, x: x / 2, I32(3)),
    case("div/floor_mode", lambda ms, x: ms.ops.div(x, 3.0, rounding_mode="floor"), F32(5)),
    case("div/trunc_mode", lambda ms, x: ms.ops.div(x, 3.0, rounding_mode="trunc"), F32(5)),
    case("floor_divide/int", lambda ms, x: x // 3, I32(6)),
    case("floor_divide/f32", lambda ms, x, y: ms.ops.floor_divide(x, y), F32(6), F32(6, low=0.5)),
]
