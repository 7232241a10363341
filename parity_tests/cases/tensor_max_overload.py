"""``Tensor.max`` / ``Tensor.min`` overloads: in PyNative a positional int is ``(dim, keepdim)``
(values and indices); a compiled call (GRAPH_MODE Cell, ``ms.jit``) resolves a positional int to
the ``(axis, keepdims)`` overload (values only), and ``dim=`` to the ``(dim, keepdim)`` one."""
from parity_tests.harness import case, F32


def _net(ms, which, *args, **kwargs):
    class Net(ms.nn.Cell):
        def construct(self, x):
            if which == "max":
                return x.max(*args, **kwargs)
            return x.min(*args, **kwargs)
    return Net()


def _jit_min_keep(ms, x):
    @ms.jit
    def f(t):
        return t.min(1, True)
    return f(x)


CASES = [
    case("tensor_max_overload/pynative_dim", lambda ms, x: x.max(0, False), F32(2, 3)),
    case("tensor_max_overload/pynative_min_dim_keep", lambda ms, x: x.min(1, True), F32(2, 3)),
    case("tensor_max_overload/graph_positional", lambda ms, x: _net(ms, "max", 0, False)(x), F32(2, 3), mode="graph"),
    case("tensor_max_overload/graph_positional_min", lambda ms, x: _net(ms, "min", 1)(x), F32(2, 3), mode="graph"),
    case("tensor_max_overload/graph_dim_keyword", lambda ms, x: _net(ms, "max", dim=1)(x), F32(2, 3), mode="graph"),
    case("tensor_max_overload/jit_positional_keep", _jit_min_keep, F32(2, 3)),
]
