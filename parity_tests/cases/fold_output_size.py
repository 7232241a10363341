"""``ops.fold`` with a Tensor ``output_size`` (MindSpore's Col2Im input): a 1-D int32/int64 Tensor of
two non-negative values (zero gives an empty image); a negative value, a float Tensor, another rank
or length are errors."""
import numpy as np

from parity_tests.harness import case, Raw

_X = Raw(np.random.RandomState(3).rand(2, 16, 4).astype(np.float32))
_KW = dict(kernel_size=[2, 2], dilation=[2, 2], padding=[2, 2], stride=[2, 2])


def _fold(ms, x, size, dtype="int32"):
    return ms.ops.fold(x, ms.Tensor(np.array(size, dtype)), **_KW)


CASES = [
    case("fold_output_size/int32", lambda ms, x: _fold(ms, x, [6, 6]), _X),
    case("fold_output_size/int64", lambda ms, x: _fold(ms, x, [6, 6], "int64"), _X),
    case("fold_output_size/zero_height", lambda ms, x: _fold(ms, x, [0, 6]).shape, _X),
    case("fold_output_size/negative", lambda ms, x: _fold(ms, x, [6, -1]), _X, error=True),
    case("fold_output_size/float", lambda ms, x: _fold(ms, x, [6, 6], "float32"), _X, error=True),
    case("fold_output_size/rank2", lambda ms, x: _fold(ms, x, [[6, 6]]), _X, error=True),
    case("fold_output_size/three", lambda ms, x: _fold(ms, x, [6, 6, 6]), _X, error=True),
]
