"""mindspore.mint bad input: the exception classes MindSpore 2.10 raises (real MindSpore CPU;
most of these are raised while the arguments are parsed or shapes inferred, before a kernel is
selected, so they are checkable even where the CPU build lacks the kernel)."""
import numpy as np

from parity_tests.harness import case, Raw, F32, I32, I64

CASES = [
    case("mint.cat/bad_not_list", lambda ms, x: ms.mint.cat(x), F32(2, 3), error=True),
    case("mint.cat/bad_dim", lambda ms, x: ms.mint.cat([x, x], dim=3), F32(2, 3), error=True),
    case("mint.stack/bad_shapes", lambda ms, a, b: ms.mint.stack([a, b]), F32(2, 3), F32(3, 2), error=True),
    case("mint.zeros/bad_str", lambda ms: ms.mint.zeros("a"), error=True),
    case("mint.full/bad_fill", lambda ms: ms.mint.full((2,), "a"), error=True),
    case("mint.split/bad_float", lambda ms, x: ms.mint.split(x, 1.5), F32(4, 2), error=True),
    case("mint.transpose/bad_dim", lambda ms, x: ms.mint.transpose(x, 0, 5), F32(2, 3), error=True),
    case("mint.sum/bad_dim", lambda ms, x: ms.mint.sum(x, dim=5), F32(2, 3), error=True),
    case("mint.matmul/bad_shapes", lambda ms, a, b: ms.mint.matmul(a, b), F32(2, 3), F32(2, 3), error=True),
    case("mint.softmax/bad_dim", lambda ms, x: ms.mint.softmax(x, 3), F32(2, 3), error=True),
    case("mint.unsqueeze/bad_dim", lambda ms, x: ms.mint.unsqueeze(x, 5), F32(2, 3), error=True),
    case("mint.gather/bad_index_dtype", lambda ms, x, i: ms.mint.gather(x, 1, i), F32(2, 3), F32(2, 2), error=True),
    case("mint.max/bad_dim", lambda ms, x: ms.mint.max(x, 4), F32(2, 3), error=True),
    case("mint.reshape/bad_size", lambda ms, x: ms.mint.reshape(x, (4, 2)), F32(2, 3), error=True),
    case("mint.where/bad_cond", lambda ms, x: ms.mint.where(x, x, x), F32(2, 3), error=True),
    case("mint.F.linear/bad_shapes", lambda ms, x, w: ms.mint.nn.functional.linear(x, w), F32(2, 3), F32(4, 5),
         error=True),
    case("mint.F.softmax/bad_input", lambda ms: ms.mint.nn.functional.softmax([1.0, 2.0], 0), error=True),
    case("mint.nn.Linear/bad_features", lambda ms, x: ms.mint.nn.Linear(3, 4)(x), F32(2, 5), error=True),
    case("mint.nn.Conv2d/bad_stride", lambda ms: ms.mint.nn.Conv2d(2, 3, 3, stride=0), error=True),
    case("mint.nn.Conv2d/bad_same_strided", lambda ms: ms.mint.nn.Conv2d(2, 3, 3, stride=2, padding="same"),
         error=True),
    case("mint.nn.Conv2d/bad_channels", lambda ms: ms.mint.nn.Conv2d(0, 3, 3), error=True),
    case("mint.nn.GroupNorm/bad_groups_zero", lambda ms: ms.mint.nn.GroupNorm(0, 4), error=True),
    case("mint.nn.GELU/bad_approximate", lambda ms, x: ms.mint.nn.GELU(approximate="x")(x), F32(2), error=True),
    case("mint.nn.LayerNorm/bad_last_dim", lambda ms, x: ms.mint.nn.LayerNorm(3)(x), F32(2, 4), error=True),
    case("mint.nn.BatchNorm2d/bad_rank", lambda ms, x: ms.mint.nn.BatchNorm2d(3)(x), F32(2, 3), error=True),
]
