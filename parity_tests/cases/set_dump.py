"""``mindspore.set_dump`` / ``mindspore.tools.set_dump``: the dump flag on a Cell and its sub-cells,
the Primitives that already carry it, and the errors for a bad target or flag (the dump itself, which
needs ``MINDSPORE_DUMP_CONFIG`` read at process start, is tested in tests/test_set_dump.py)."""
import warnings

from parity_tests.harness import case


def _net(ms):
    P = ms.ops.operations

    class Inner(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.relu = P.ReLU()

        def construct(self, x):
            return self.relu(x)

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.add = P.Add()
            self.inner = Inner()

        def construct(self, x):
            return self.inner(self.add(x, x))
    return Net()


def _flags(ms, fn_name, steps):
    fn = ms.set_dump if fn_name == "set_dump" else ms.tools.set_dump
    net = _net(ms)
    out = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for target, enabled in steps:
            fn(net.inner if target == "inner" else net, enabled)
            out.append([net.get_flags().get("dump"), net.inner.get_flags().get("dump"), net.add.attrs.get("dump"),
                        net.inner.relu.attrs.get("dump")])
    return out


def _primitive(ms):
    prim = ms.ops.operations.Mul()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ms.tools.set_dump(prim)
        first = prim.attrs.get("dump")
        ms.tools.set_dump(prim, False)
    return [first, prim.attrs.get("dump")]


def _warns(ms):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        ms.tools.set_dump(_net(ms))
    return [issubclass(w.category, UserWarning) and "set_dump" in str(w.message) for w in seen]


def _bad(ms, target, enabled=True):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ms.tools.set_dump(_net(ms) if target == "net" else target, enabled)


CASES = [
    case("set_dump/cell_and_subcells", lambda ms: _flags(ms, "set_dump", [("inner", True), ("net", False)])),
    case("set_dump/tools_form", lambda ms: _flags(ms, "tools", [("net", True), ("inner", False)])),
    case("set_dump/primitive", _primitive),
    case("set_dump/cpu_target_warns", _warns),
    case("set_dump/bad_target_int", lambda ms: _bad(ms, 1), error=True),
    case("set_dump/bad_target_function", lambda ms: _bad(ms, len), error=True),
    case("set_dump/bad_enabled", lambda ms: _bad(ms, "net", 1), error=True),
]
