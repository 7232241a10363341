"""nn.Cell API, flags, modes, ``to_float`` and repr: default flags, ``set_train`` / ``set_grad`` /
``add_flags`` / ``set_boost`` / ``pipeline_stage`` / ``set_inputs``, ``to_float`` with and
without Parameters (MindSpore casts every float input of the cell's ops), and ``repr``.

Each case builds its cells from ``ms.nn.Cell``, ``ms.Parameter`` and ``ms.ops`` inside the
case (``_defs(ms)`` in ``_cell_api_common.py`` returns the small cell classes for the framework
under test) and returns names, flags, strings or tensors. Every case runs in PyNative and, as
"<name>/graph", in GRAPH_MODE (``_with_graph_twins``; ``_NO_GRAPH_TWIN`` in
``_cell_api_common.py`` lists the few without a GRAPH_MODE twin and why).
"""
from parity_tests.harness import case, F32, F16, I32
from parity_tests.cases._cell_api_common import _p, _defs, _with_graph_twins


# --- flags and modes -------------------------------------------------------------------------
def _flags_default(ms):
    net = _defs(ms).Two()
    return [net.training, net.a.training, net.requires_grad, net.phase, net.cls_name, net.param_prefix,
            sorted(net.get_flags().items()), net.bprop_debug]


def _set_train(ms):
    net = _defs(ms).Two()
    r = net.set_train()
    a = [r is net, net.training, net.a.training, net.b.training, net.phase, net.a.phase,
         sorted(net.get_flags().items())]
    net.set_train(False)
    return a + [net.training, net.b.training, net.phase]


def _set_grad(ms):
    net = _defs(ms).Two()
    r = net.set_grad()
    a = [r is net, net.requires_grad, net.a.requires_grad]
    net.set_grad(False)
    seq = ms.nn.SequentialCell([_defs(ms).Leaf()])
    seq.set_grad()
    return a + [net.requires_grad, seq.requires_grad, seq[0].requires_grad]


def _add_flags(ms):
    net = _defs(ms).Two()
    net.add_flags(sink_mode=True)
    net.add_flags_recursive(foo=3)
    return [sorted(net.get_flags().items()), sorted(net.a.get_flags().items()), net.sink_mode, net.a.foo]


def _update_cell_prefix(ms):
    net = _defs(ms).Deep()
    before = [c.param_prefix for _, c in net.cells_and_names()]
    net.update_cell_prefix()
    return [before, [c.param_prefix for _, c in net.cells_and_names()]]


def _apply_fn(ms):
    net = _defs(ms).Deep()
    seen = []
    out = net.apply(lambda c: seen.append(c.cls_name))
    return [seen, out is net]


def _set_boost(ms):
    net = _defs(ms).Two()
    net.set_boost("less_bn")
    return [net.less_bn, net.a.less_bn, sorted(net.get_flags().items())]


def _set_boost_bad(ms):
    _defs(ms).Two().set_boost("fast")


def _phase_bad(ms):
    _defs(ms).Two().phase = 3


def _pipeline_stage(ms):
    net = _defs(ms).Two()
    net.pipeline_stage = 2
    return net.pipeline_stage


def _pipeline_stage_bad(ms):
    _defs(ms).Two().pipeline_stage = -1


def _pipeline_stage_unset(ms):
    return _defs(ms).Two().pipeline_stage


def _set_inputs(ms, x):
    net = _defs(ms).Leaf()
    a = net.get_inputs()
    net.set_inputs(x)
    return [a is None, len(net.get_inputs()), net.get_inputs()[0].shape]


def _set_inputs_both(ms, x):
    _defs(ms).Leaf().set_inputs(x, y=x)


# --- to_float --------------------------------------------------------------------------------
def _to_float_add(ms, x, y):
    net = _defs(ms).Add().to_float(ms.float16)
    return [net(x, y), sorted(net.get_flags().items())]


def _to_float_mul_scalar(ms, x):
    return _defs(ms).MulW().to_float(ms.float16)(x)


def _to_float_fp32(ms, x, y):
    return _defs(ms).Add().to_float(ms.float32)(x, y)


def _to_float_child(ms, x, y):
    d = _defs(ms)

    class Outer(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.add = d.Add()

        def construct(self, x, y):
            return ms.ops.mul(self.add(x, y), y)
    net = Outer()
    net.add.to_float(ms.float16)
    return [net(x, y), net.add(x, y)]


def _to_float_recursive_flags(ms):
    net = _defs(ms).Two().to_float(ms.bfloat16)
    return [sorted(net.a.get_flags().items()), str(net.get_mixed_precision_type())]


def _to_float_bad(ms):
    _defs(ms).Two().to_float(ms.float64)


def _to_float_int_input(ms, x, y):
    return _defs(ms).Add().to_float(ms.float16)(x, y)


# --- repr ------------------------------------------------------------------------------------
def _repr_nested(ms):
    d = _defs(ms)
    return [repr(d.Deep()), str(d.Two()), repr(d.Empty())]


def _repr_extend(ms):
    d = _defs(ms)
    return [repr(d.Described()), repr(d.OneLine())]


CASES = [
    # flags
    case("Cell/flags_default", _flags_default),
    case("Cell/set_train", _set_train),
    case("Cell/set_grad", _set_grad),
    case("Cell/add_flags", _add_flags),
    case("Cell/update_cell_prefix", _update_cell_prefix),
    case("Cell/apply", _apply_fn),
    case("Cell/set_boost", _set_boost),
    case("Cell/set_boost_bad", _set_boost_bad, error=True),
    case("Cell/phase_bad_type", _phase_bad, error=True),
    case("Cell/pipeline_stage", _pipeline_stage),
    case("Cell/pipeline_stage_negative", _pipeline_stage_bad, error=True),
    case("Cell/pipeline_stage_unset", _pipeline_stage_unset, error=True),
    case("Cell/set_inputs", _set_inputs, F32(3, 2)),
    case("Cell/set_inputs_args_and_kwargs", _set_inputs_both, F32(2), error=True),
    # to_float
    case("Cell/to_float_fp16", _to_float_add, F32(2, 3), F32(2, 3)),
    case("Cell/to_float_fp16_scalar", _to_float_mul_scalar, F32(3)),
    case("Cell/to_float_fp32", _to_float_fp32, F16(3), F16(3)),
    case("Cell/to_float_child_only", _to_float_child, F32(3), F32(3)),
    case("Cell/to_float_bf16_flags", _to_float_recursive_flags),
    case("Cell/to_float_float64", _to_float_bad, error=True),
    case("Cell/to_float_int_inputs", _to_float_int_input, I32(3), I32(3)),
    # repr
    case("Cell/repr_nested", _repr_nested),
    case("Cell/repr_extend", _repr_extend),
]


# --- to_float with Parameters (MindSpore casts every float input of the cell's ops) ----------
def _amp_defs(ms):
    nn, ops = ms.nn, ms.ops

    class Lin(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, (3,), fill=1.5)
            self.cnt = _p(ms, (3,), requires_grad=False, fill=0.0)

        def construct(self, x):
            a = x * self.w
            ops.assign(self.cnt, self.cnt + a)
            return a

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.lin = Lin()
            self.v = _p(ms, (3,), fill=0.25)

        def construct(self, x):
            return ops.add(self.lin(x), self.v)
    return Lin, Net


def _to_float_param(ms, x):
    lin = _amp_defs(ms)[0]().to_float(ms.float16)
    a = lin(x)
    b = lin(x)
    return [a, b, lin.cnt.value(), lin.w.dtype, lin.cnt.dtype]


def _to_float_param_int_input(ms, x):
    return _amp_defs(ms)[0]().to_float(ms.float16)(x)


def _to_float_param_child(ms, x):
    net = _amp_defs(ms)[1]()
    net.lin.to_float(ms.float16)
    return [net(x), net.lin.cnt.value()]


def _to_float_param_outer_fp16_child_fp32(ms, x):
    net = _amp_defs(ms)[1]().to_float(ms.float16)
    net.lin.to_float(ms.float32)
    return [net(x), net.lin(x)]


def _to_float_bf16_param(ms, x):
    return _amp_defs(ms)[1]().to_float(ms.bfloat16)(x)


CASES += [
    case("Cell/to_float_param_fp16", _to_float_param, F32(3)),
    case("Cell/to_float_param_int_input", _to_float_param_int_input, I32(3)),
    case("Cell/to_float_param_child", _to_float_param_child, F32(3)),
    case("Cell/to_float_param_outer_fp16_child_fp32", _to_float_param_outer_fp16_child_fp32, F32(3)),
    case("Cell/to_float_param_bf16", _to_float_bf16_param, F32(3)),
]


CASES = _with_graph_twins(CASES)
