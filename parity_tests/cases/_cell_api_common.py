"""Helpers shared by the ``cell_api_*`` case tables (not a table itself: the leading underscore
keeps ``parity_tests.cases.families()`` from listing it): the small cell classes of the cases
(``_defs(ms)``), name helpers, and the GRAPH_MODE twins every table applies to its ``CASES``.
"""
import numpy as np

from parity_tests.harness import case


def _p(ms, shape=(2,), name=None, requires_grad=True, dtype=np.float32, fill=1.0):
    return ms.Parameter(ms.Tensor(np.full(shape, fill, dtype)), name=name, requires_grad=requires_grad)


class _Defs:
    """The small cells of these cases, defined against framework module ``ms``."""

    def __init__(self, ms):
        nn, ops = ms.nn, ms.ops

        class Leaf(nn.Cell):
            def __init__(self, fill=1.0, named=False):
                super().__init__()
                self.weight = _p(ms, (2,), "weight" if named else None, fill=fill)
                self.bias = _p(ms, (2,), "bias" if named else None, fill=0.5)

            def construct(self, x):
                return x * self.weight + self.bias

        class Frozen(nn.Cell):
            def __init__(self):
                super().__init__()
                self.moving = _p(ms, (2,), requires_grad=False)
                self.gamma = _p(ms, (2,))

            def construct(self, x):
                return x * self.gamma + self.moving

        class Empty(nn.Cell):
            def construct(self, x):
                return ops.relu(x)

        class Two(nn.Cell):
            def __init__(self, auto_prefix=True):
                super().__init__(auto_prefix=auto_prefix)
                self.scale = _p(ms, (1,), fill=2.0)
                self.a = Leaf(1.0)
                self.b = Frozen()

            def construct(self, x):
                return self.b(self.a(x)) * self.scale

        class Deep(nn.Cell):
            def __init__(self):
                super().__init__()
                self.body = Two()
                self.head = Leaf(3.0, named=True)
                self.act = Empty()

            def construct(self, x):
                return self.act(self.head(self.body(x)))

        class Add(nn.Cell):
            def construct(self, x, y):
                return ops.add(x, y)

        class MulW(nn.Cell):
            def __init__(self):
                super().__init__()
                self.w = _p(ms, (3,), fill=3.0)

            def construct(self, x):
                return ops.mul(x, 2.0)

        class Described(nn.Cell):
            def __init__(self):
                super().__init__()
                self.inner = Leaf()

            def extend_repr(self):
                return "in=2, out=2"

            def construct(self, x):
                return self.inner(x)

        class OneLine(nn.Cell):
            def extend_repr(self):
                return "k=3"

            def construct(self, x):
                return x

        self.Leaf, self.Frozen, self.Empty, self.Two, self.Deep = Leaf, Frozen, Empty, Two, Deep
        self.Add, self.MulW, self.Described, self.OneLine = Add, MulW, Described, OneLine


def _defs(ms):
    return _Defs(ms)


def _names(params):
    return [p.name for p in params]


def _pn(cell):
    return [[k, p.name] for k, p in cell.parameters_and_names()]


# --- GRAPH_MODE twins ------------------------------------------------------------------------
# Every PyNative case of the cell_api_* tables also runs in GRAPH_MODE as "<name>/graph" (the
# harness sets the mode on both sides; the outermost Cell call is compiled). Cases listed here have
# no twin, because MindSpore cannot compile them or their result depends on something a compiled
# call does not have; the "*_fn" hook cases (cell_api_hooks) cover the same hooks in both modes.
_NO_GRAPH_TWIN = {
    # MindSpore cannot compile a hook written as a lambda inside a call ("Parse Lambda Function Fail")
    "Cell/forward_pre_hook_single_value",
    "Cell/hooks_order_prepend",
    "Cell/forward_hook_sees_modified_args",
    "Cell/forward_hook_nested",
    "Cell/forward_pre_hook_kwargs_bad_return",
    # the result is a Python side effect of the hook (a list it appends to): MindSpore compiles the
    # hook and never runs that Python code, mscompat runs it once while tracing; and MindSpore keeps
    # using the graph compiled before handle.remove() (the hook stays in effect)
    "Cell/forward_pre_hook",
    "Cell/forward_hook",
    # to_float in GRAPH_MODE: MindSpore casts the inputs of Primitive calls and operators only, not of
    # functional ops such as ops.add (ops.add(x_fp16, param_fp32) stays float32); mscompat casts the
    # Parameters the cell reads, as MindSpore's PyNative does (reported, not modelled)
    "Cell/to_float_param_outer_fp16_child_fp32",
    "Cell/to_float_param_bf16",
}


def _with_graph_twins(cases):
    out = []
    for c in cases:
        out.append(c)
        if c.mode == "pynative" and c.name not in _NO_GRAPH_TWIN and not c.name.endswith("_pynative"):
            out.append(case(c.name + "/graph", c.fn, *c.inputs, rtol=c.rtol, atol=c.atol, error=c.error,
                            check_values=c.check_values, ms_ref=c.ms_ref, mode="graph"))
    return out
