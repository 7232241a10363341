"""MindSpore's dynamic-shape test helper ``ops.operations._inner_ops.ConvertToDynamic``: the value
passes unchanged (also inside a compiled cell and under grad); bad inputs and attributes raise."""
import importlib

from parity_tests.harness import case, F32, I32


def _conv(ms, *init):
    return importlib.import_module(f"{ms.__name__}.ops.operations._inner_ops").ConvertToDynamic(*init)


def _in_graph(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv = _conv(ms, True)

        def construct(self, a):
            return ms.ops.reshape(self.conv(a), (-1,)) * 2
    return Net()(x)


def _grad(ms, x):
    conv = _conv(ms)
    return ms.grad(lambda a: (conv(a) * a).sum())(x)


CASES = [
    case("dyn_helpers/ConvertToDynamic/identity", lambda ms, x: _conv(ms)(x), F32(2, 3)),
    case("dyn_helpers/ConvertToDynamic/rank_int", lambda ms, x: _conv(ms, True)(x), I32(4)),
    case("dyn_helpers/ConvertToDynamic/attr", lambda ms: [_conv(ms).is_dynamic_rank, _conv(ms, True).is_dynamic_rank]),
    case("dyn_helpers/ConvertToDynamic/graph", _in_graph, F32(2, 2), mode="graph"),
    case("dyn_helpers/ConvertToDynamic/grad", _grad, F32(3)),
    case("dyn_helpers/ConvertToDynamic/scalar", lambda ms: _conv(ms)(1), error=True),
    case("dyn_helpers/ConvertToDynamic/list", lambda ms: _conv(ms)([1, 2]), error=True),
    case("dyn_helpers/ConvertToDynamic/bad_attr", lambda ms: _conv(ms, 1), error=True),
]
