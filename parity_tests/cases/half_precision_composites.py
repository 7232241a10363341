"""Ops MindSpore composes from other ops round each step to a half-precision input's dtype
(``tanhshrink`` = Tanh then Sub): bit-exact float16 results."""
import numpy as np

from parity_tests.harness import case, Raw

_H = Raw(np.array([1, 2, 3, -2, -1, 0.5, 0.1, 7, 0], np.float16))

CASES = [
    case("half_precision_composites/tanhshrink", lambda ms, x: ms.ops.tanhshrink(x), _H, rtol=0, atol=0),
    case("half_precision_composites/tanhshrink_layer", lambda ms, x: ms.nn.Tanhshrink()(x), _H, rtol=0, atol=0),
    case("half_precision_composites/tanhshrink_f32", lambda ms, x: ms.ops.tanhshrink(x.astype(ms.float32)), _H),
]
