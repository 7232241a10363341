"""``Cell.set_inputs`` in GRAPH_MODE: a call whose Tensor inputs do not match the declared
placeholders (dtype, rank, fixed dimensions; a non-Tensor for a Tensor) raises as MindSpore's;
``mindspore.Symbol``: its argument checks and the constraints it reports (``str``)."""
import numpy as np

from parity_tests.harness import case


def _call(shapes, dtypes=(np.float32, np.float32), placeholders=([None, 3], [None, 3]), jit_construct=False):
    def fn(ms):
        class Net(ms.nn.Cell):
            def construct(self, x, y):
                return x + y

        if jit_construct:
            Net.construct = ms.jit(Net.construct)
        net = Net()
        net.set_inputs(*[ms.Tensor(shape=p, dtype=ms.float32) for p in placeholders])
        args = [ms.Tensor(np.ones(s, d)) if s is not None else 3.0 for s, d in zip(shapes, dtypes)]
        return net(*args)
    return fn


def _symbol(**kw):
    def fn(ms):
        return str(ms.Symbol(**kw))
    return fn


CASES = [
    case("set_inputs/matching", _call([(2, 3), (2, 3)]), mode="graph"),
    case("set_inputs/matching_other_dynamic_dim", _call([(5, 3), (5, 3)]), mode="graph"),
    case("set_inputs/fixed_dim_differs", _call([(2, 3), (2, 4)]), mode="graph", error=True),
    case("set_inputs/first_fixed_dim_differs", _call([(2, 4), (2, 3)]), mode="graph", error=True),
    case("set_inputs/rank_differs", _call([(2, 3), (2, 3, 1)]), mode="graph", error=True),
    case("set_inputs/dtype_differs", _call([(2, 3), (2, 3)], (np.float32, np.int32)), mode="graph", error=True),
    case("set_inputs/scalar_for_tensor", _call([(2, 3), None]), mode="graph", error=True),
    case("set_inputs/unknown_rank", _call([(2, 3), (2, 3)], placeholders=([-2], [None, 3])), mode="graph"),
    case("set_inputs/shape_none_is_unknown_rank", _call([(2, 3), (2, 3)], placeholders=(None, [None, 3])),
         mode="graph"),
    case("set_inputs/pynative_not_checked", _call([(2, 3), (2, 4, 1)])),
    case("set_inputs/pynative_jit_construct_matching", _call([(2, 3), (2, 3)], jit_construct=True)),
    case("set_inputs/pynative_jit_construct_checked", _call([(2, 3), (2, 4)], jit_construct=True), error=True),
    case("set_inputs/pynative_jit_construct_dtype", _call([(2, 3), (2, 3)], (np.float32, np.float16),
                                                          jit_construct=True), error=True),
    case("symbol/defaults", _symbol()),
    case("symbol/max_divisor", _symbol(max=16, divisor=8)),
    case("symbol/min_remainder", _symbol(min=9, divisor=4, remainder=1)),
    case("symbol/max_not_above_min", _symbol(max=1)),
    case("symbol/min_zero", _symbol(min=0), error=True),
    case("symbol/divisor_zero", _symbol(divisor=0), error=True),
    case("symbol/remainder_too_big", _symbol(divisor=8, remainder=9), error=True),
    case("symbol/remainder_negative", _symbol(remainder=-1), error=True),
    case("symbol/max_float", _symbol(max=1.5), error=True),
    case("symbol/unique_int", _symbol(unique=1), error=True),
]
