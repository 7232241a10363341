"""Compiled-call fidelity: ``mutable`` inputs, syntax levels, Cells created inside a compiled
function, attributes set in a compiled ``construct``, and hooks of eagerly differentiated calls
(they see values). Cells are classes defined inside the case (MindSpore parses their source)."""
import numpy as np

from parity_tests.harness import case, both_modes, F32


# --- mutable ---------------------------------------------------------------------------------------
def _mutable_scalar_input(ms, x):
    @ms.jit
    def scale(a, s):
        return a * s

    return scale(x, ms.mutable(2)), scale(x, ms.mutable(3)), scale(x, ms.mutable(0.5))


def _mutable_containers(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, pair, table):
            return pair[0] * pair[1] + table["b"]

    net = Net()
    return [net(ms.mutable((x, x * k)), ms.mutable({"b": x})) for k in range(1, 4)]


def _mutable_dynamic_len(ms, x):
    @ms.jit
    def total(items):
        s = ms.ops.zeros_like(items[0])
        for t in items:
            s = s + t
        return s, items[0] * len(items)

    return total(ms.mutable([x, x], dynamic_len=True)), total(ms.mutable([x, x * 2, x], dynamic_len=True))


def _mutable_values(ms):
    flag = ms.mutable(True)
    return (ms.mutable(2) + 1, isinstance(ms.mutable(2), int), ms.mutable(2.5) * 2, isinstance(flag, bool),
            repr(flag), bool(flag & False))


# --- syntax levels -------------------------------------------------------------------------------
def _reads_value(x):
    return x * float(x.asnumpy().sum())


def _strict_cell(ms, x):
    ms.set_context(jit_syntax_level=ms.STRICT)
    try:
        class Net(ms.nn.Cell):
            def construct(self, a):
                return _reads_value(a)

        return Net()(x)
    finally:
        ms.set_context(jit_syntax_level=ms.LAX)


def _strict_jit_config_lax(ms, x):
    ms.set_context(jit_syntax_level=ms.STRICT)
    try:
        class Net(ms.nn.Cell):
            def construct(self, a):
                return a * 2

        net = Net()
        net.set_jit_config(ms.JitConfig(jit_syntax_level="LAX"))
        return net(x)
    finally:
        ms.set_context(jit_syntax_level=ms.LAX)


def _fullgraph_jit(ms, x):
    return ms.jit(_reads_value, fullgraph=True)(x)


# --- Cells created in compiled code, attributes set in construct ------------------------------------
def _dense_inside_jit(ms, x):
    @ms.jit
    def run(a):
        return ms.nn.Dense(4, 2, weight_init="ones", bias_init="zeros")(a)

    first, second = run(x), run(x)
    return first, bool((first == second).asnumpy().all())


def _attr_set_in_construct(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.attr = 0

        def construct(self, a):
            self.attr = a + 1
            return a * 2

    net = Net()
    out = net(x)
    first = net.attr
    net(x * 3)
    return out, first, net.attr


# --- hooks under PyNative differentiation ------------------------------------------------------------
def _forward_hooks_under_grad(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.d = ms.nn.Dense(2, 2, weight_init="ones", bias_init="zeros")

        def construct(self, a):
            return self.d(a) * 2

    net = Net()
    seen = []
    net.d.register_forward_pre_hook(lambda cell, inputs: seen.append(inputs[0].asnumpy()))

    def fwd(cell, inputs, out):
        seen.append(out.asnumpy())
        return out * 3

    net.d.register_forward_hook(fwd)
    loss, grads = ms.value_and_grad(lambda a: net(a).sum(), 0, net.trainable_params())(x)
    return loss, grads, seen


def _hook_backward_tuple(ms, x):
    seen = []

    def hook(grads):
        seen.append((type(grads).__name__, len(grads)))
        return (grads[0] * 2, grads[1] * 10)

    hb = ms.ops.HookBackward(hook)
    g = ms.grad(lambda a, b: (hb(a, b)[0] * 3 + hb(a, b)[1]).sum(), (0, 1))(x, x + 1)
    return g, seen


CASES = [
    case("jit_state/mutable_scalar_input", _mutable_scalar_input, F32(3)),
    case("jit_state/mutable_containers", _mutable_containers, F32(3), mode="graph"),
    case("jit_state/mutable_dynamic_len", _mutable_dynamic_len, F32(3)),
    case("jit_state/mutable_values", _mutable_values),
    case("jit_state/mutable_bad_str", lambda ms: ms.mutable("s"), error=True),
    case("jit_state/mutable_bad_nested", lambda ms: ms.mutable([1, "a"]), error=True),
    case("jit_state/mutable_bad_none", lambda ms: ms.mutable(None), error=True),
    case("jit_state/mutable_bad_dynamic_len_type", lambda ms: ms.mutable(1, dynamic_len=1), error=True),
    case("jit_state/mutable_bad_dynamic_len_scalar", lambda ms: ms.mutable(1, dynamic_len=True), error=True),
    case("jit_state/syntax_level_values", lambda ms: (ms.STRICT, ms.COMPATIBLE, ms.LAX,
                                                      ms.get_context("jit_syntax_level"))),
    case("jit_state/syntax_level_bad_type", lambda ms: ms.set_context(jit_syntax_level="LAX"), error=True),
    case("jit_state/syntax_level_bad_value", lambda ms: ms.set_context(jit_syntax_level=5), error=True),
    case("jit_state/jit_config_bad_level", lambda ms: ms.JitConfig(jit_syntax_level="BAD"), error=True),
    case("jit_state/jit_config_dict", lambda ms: sorted(ms.JitConfig(jit_syntax_level="STRICT",
                                                                     jit_level="O1").jit_config_dict.items())),
    case("jit_state/strict_cell_reads_value", _strict_cell, F32(3), mode="graph", error=True),
    case("jit_state/strict_context_cell_config_lax", _strict_jit_config_lax, F32(3), mode="graph"),
    case("jit_state/fullgraph_jit_reads_value", _fullgraph_jit, F32(3), error=True),
    case("jit_state/lax_jit_reads_value", lambda ms, x: ms.jit(_reads_value)(x), F32(3)),
    case("jit_state/attr_set_in_construct", _attr_set_in_construct, F32(2, 3), mode="graph"),
    case("jit_state/forward_hooks_under_grad", _forward_hooks_under_grad, F32(1, 2)),
    case("jit_state/hook_backward_tuple", _hook_backward_tuple, F32(2)),
] + both_modes("jit_state/dense_inside_jit_modes", _dense_inside_jit, F32(2, 4))



def _returns_parameter(ms, x, kind):
    """A GRAPH_MODE cell returning its Parameter: alone and unwritten it is the Parameter itself;
    in a container, or written by the call, a Tensor of its value."""
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.ones(3, np.float32)), name="w")

        def construct(self, t):
            if kind == "written":
                ms.ops.assign_add(self.w, t)
                return self.w
            if kind == "tuple":
                return self.w, t * 2
            if kind == "dict":
                return {"w": self.w}
            return self.w

    net = Net()
    outs = []
    for _ in range(2):
        r = net(ms.Tensor(x))
        first = r if kind in ("alone", "written") else (r["w"] if kind == "dict" else r[0])
        outs.append((type(first).__name__, first is net.w, first))
    return outs, net.w


for _kind in ("alone", "written", "tuple", "dict"):
    CASES.append(case(f"jit_state/graph_returns_parameter_{_kind}", _returns_parameter, F32(3), _kind, mode="graph"))


# --- one Parameter per name in a graph ---------------------------------------------------------------
def _same_name_parameters(ms, x, kind):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.param = ms.Parameter(ms.Tensor(np.array([2.0, 3.0, 4.0], np.float32)), name="myname")

        @ms.jit
        def func(self, a, b):
            return self.param * a * b

        def construct(self, b):
            return self.func(self.param if kind == "arg" else 1, b)

    other = ms.Parameter(ms.Tensor(x), name="myname" if kind != "unique" else "other")
    return Net()(other)


for _kind in ("arg", "state", "unique"):
    CASES.append(case(f"jit_state/same_name_parameters_{_kind}", _same_name_parameters, F32(3), _kind,
                      error=_kind != "unique"))
