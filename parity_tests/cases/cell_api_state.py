"""nn.Cell API, everything else: call forms, buffers and state dicts (``load_state_dict`` and its
hooks), ``get_sub_cell``, ``init_parameters_data``, instance counts, primitive attributes, dtype
moves (``to`` / ``to_empty``), deepcopy, ``set_comm_fusion``, scopes, and small behaviours of
``bool`` / ``len`` and unregistered Tensor attributes.

Each case builds its cells from ``ms.nn.Cell``, ``ms.Parameter`` and ``ms.ops`` inside the
case (``_defs(ms)`` in ``_cell_api_common.py`` returns the small cell classes for the framework
under test) and returns names, flags, strings or tensors. Every case runs in PyNative and, as
"<name>/graph", in GRAPH_MODE (``_with_graph_twins``; ``_NO_GRAPH_TWIN`` in
``_cell_api_common.py`` lists the few without a GRAPH_MODE twin and why).
"""
import numpy as np

from parity_tests.harness import case, F32
from parity_tests.cases._cell_api_common import _p, _defs, _names, _pn, _with_graph_twins


# --- misc --------------------------------------------------------------------------------------
def _call_values(ms, x):
    return _defs(ms).Deep()(x)


def _call_kwargs(ms, x, y):
    return _defs(ms).Add()(x, y=y)


def _parameters_broadcast_dict(ms):
    net = _defs(ms).Two()
    return [list(net.parameters_broadcast_dict().keys()), _defs(ms).Empty().parameters_broadcast_dict()]


def _set_data_through_attr(ms, x):
    net = _defs(ms).Leaf()
    p = net.weight
    net.weight = x
    return [p is net.weight, net.weight.value()]


def _buffers(ms):
    class WithBuf(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms)
            self.register_buffer("running", ms.Tensor(np.zeros(2, np.float32)))
            self.register_buffer("tmp", ms.Tensor(np.ones(1, np.float32)), persistent=False)

        def construct(self, x):
            return x
    d = _defs(ms)

    class Outer(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = WithBuf()
            self.leaf = d.Leaf()

        def construct(self, x):
            return x
    net = Outer()
    return [[k for k, _ in net.named_buffers()], list(net.state_dict().keys()),
            _pn(net), net.get_buffer("inner.running").shape, len(list(net.buffers(recurse=False)))]


def _register_buffer_bad(ms):
    _defs(ms).Leaf().register_buffer("a.b", ms.Tensor(np.zeros(1, np.float32)))


def _register_buffer_existing(ms):
    _defs(ms).Leaf().register_buffer("weight", ms.Tensor(np.zeros(1, np.float32)))


def _load_state_dict(ms):
    d = _defs(ms)
    src, dst = d.Two(), d.Two()
    src.a.weight.set_data(ms.Tensor(np.array([5.0, 6.0], np.float32)))
    res = dst.load_state_dict(src.state_dict())
    return [dst.a.weight.value(), list(res.missing_keys), list(res.unexpected_keys)]


def _load_state_dict_strict(ms):
    d = _defs(ms)
    sd = d.Two().state_dict()
    sd.pop("scale")
    d.Two().load_state_dict(sd)


def _load_state_dict_nonstrict(ms):
    d = _defs(ms)
    sd = d.Two().state_dict()
    sd.pop("scale")
    sd["extra.w"] = ms.Tensor(np.zeros(1, np.float32))
    res = d.Two().load_state_dict(sd, strict=False)
    return [list(res.missing_keys), list(res.unexpected_keys)]


def _get_sub_cell(ms):
    net = _defs(ms).Deep()
    return [net.get_sub_cell("body.a").cls_name, net.get_sub_cell("").cls_name]


def _get_sub_cell_bad(ms):
    _defs(ms).Deep().get_sub_cell("body.scale")


def _init_parameters_data(ms):
    net = _defs(ms).Two()
    replace = net.init_parameters_data()
    return [len(replace), _names(net.trainable_params())]


def _instance_count(ms):
    import gc
    gc.collect()        # cells of earlier cases are collected now, not in the middle of the count
    gc.disable()
    try:
        before = ms.nn.Cell.total_instance_count
        cells = [_defs(ms).Empty() for _ in range(3)]
        return [ms.nn.Cell.total_instance_count - before, len(cells)]
    finally:
        gc.enable()


def _primitive_attr(ms, x):
    class WithPrim(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.relu = ms.ops.ReLU()

        def construct(self, x):
            return self.relu(x)
    net = WithPrim()
    return [net(x), _pn(net), list(net.name_cells().keys())]


CASES = [
    # misc
    case("Cell/call_values", _call_values, F32(2)),
    case("Cell/call_kwargs", _call_kwargs, F32(3), F32(3)),
    case("Cell/parameters_broadcast_dict", _parameters_broadcast_dict),
    case("Cell/set_data_through_attr", _set_data_through_attr, F32(2)),
    case("Cell/buffers_state_dict", _buffers),
    case("Cell/register_buffer_dot", _register_buffer_bad, error=True),
    case("Cell/register_buffer_existing", _register_buffer_existing, error=True),
    case("Cell/load_state_dict", _load_state_dict),
    case("Cell/load_state_dict_strict_missing", _load_state_dict_strict, error=True),
    case("Cell/load_state_dict_nonstrict", _load_state_dict_nonstrict),
    case("Cell/get_sub_cell", _get_sub_cell),
    case("Cell/get_sub_cell_not_cell", _get_sub_cell_bad, error=True),
    case("Cell/init_parameters_data", _init_parameters_data),
    case("Cell/total_instance_count", _instance_count),
    case("Cell/primitive_attribute", _primitive_attr, F32(3)),
]


# --- dtype moves, state dicts, scopes ----------------------------------------------------------
def _mixed_leaf(ms):
    class Mixed(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.weight = _p(ms)
            self.idx = _p(ms, dtype=np.int32, requires_grad=False)
            self.register_buffer("buf", ms.Tensor(np.zeros(2, np.float32)))

        def construct(self, x):
            return x * self.weight
    return Mixed()


def _cell_to(ms):
    net = _mixed_leaf(ms)
    r = net.to(ms.float16)
    return [r is net, net.weight.dtype, net.idx.dtype, net.buf.dtype, net.weight.name, net.weight.value()]


def _cell_to_int(ms):
    _mixed_leaf(ms).to(ms.int32)


def _cell_to_empty(ms):
    net = _mixed_leaf(ms)
    net.to_empty()
    return [net.weight.shape, net.weight.dtype, net.idx.dtype, net.buf.shape]


def _deepcopy_cell(ms, x):
    import copy
    net = _defs(ms).Two()
    net2 = copy.deepcopy(net)
    net2.a.weight.set_data(ms.Tensor(np.array([4.0, 4.0], np.float32)))
    return [_pn(net2), net2.a.weight is net.a.weight, net.a.weight.value(), net2(x), net2.cls_name]


def _always_call_hook(ms, x):
    class Bad(ms.nn.Cell):
        def construct(self, x):
            raise ValueError("boom")
    net = Bad()
    seen = []
    net.register_forward_hook(lambda c, a, o: seen.append(o is None), always_call=True)
    net.register_forward_hook(lambda c, a, o: seen.append("plain"))
    try:
        net(x)
    except ValueError:
        seen.append("raised")
    return seen


def _buffer_alias(ms):
    class B2(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.register_buffer("a", ms.Tensor(np.zeros(2, np.float32)))
            self.b = self.a
            self.c = ms.Tensor(np.ones(1, np.float32))

        def construct(self, x):
            return x
    net = B2()
    first = [[k for k, _ in net.named_buffers()], list(net.state_dict().keys())]
    net.a = None
    return first + [list(net.state_dict().keys())]


def _buffer_assign_int(ms):
    class B(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.register_buffer("a", ms.Tensor(np.zeros(2, np.float32)))

        def construct(self, x):
            return x
    net = B()
    net.a = 3


def _state_dict_hooks(ms):
    net = _mixed_leaf(ms)
    calls = []
    net.register_state_dict_pre_hook(lambda c, p, k: calls.append(["pre", p, k]))
    h = net.register_state_dict_post_hook(lambda c, d, p, m: calls.append(["post", p, sorted(d)]))
    sd = net.state_dict(prefix="x.")
    h.remove()
    net.state_dict()
    return [calls, list(sd)]


def _load_state_dict_hooks(ms):
    net = _mixed_leaf(ms)
    calls = []
    net.register_load_state_dict_post_hook(lambda c, k: calls.append(["post", list(k.missing_keys)]))
    net.register_load_state_dict_pre_hook(lambda *a: calls.append(["pre", a[2], a[4]]))
    res = net.load_state_dict({"weight": ms.Tensor(np.full(2, 7.0, np.float32))}, strict=False)
    return [calls, repr(res), net.weight.value(), repr(net.load_state_dict(net.state_dict()))]


def _load_state_dict_size_mismatch(ms):
    _mixed_leaf(ms).load_state_dict({"weight": ms.Tensor(np.ones(3, np.float32))}, strict=False)


def _load_state_dict_not_mapping(ms):
    _mixed_leaf(ms).load_state_dict([1, 2])


def _get_buffer_errors_not_buffer(ms):
    _mixed_leaf(ms).get_buffer("weight")


def _get_buffer_errors_missing(ms):
    _mixed_leaf(ms).get_buffer("nope")


def _set_comm_fusion(ms):
    net = _defs(ms).Two()
    net.set_comm_fusion(3)
    return [p.comm_fusion for p in net.trainable_params()]


def _set_comm_fusion_negative(ms):
    _defs(ms).Two().set_comm_fusion(-1)


def _generate_scope(ms):
    d = _defs(ms)

    class P(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.l = d.Leaf()
            self.m = ms.nn.SequentialCell([d.Leaf()])

        def construct(self, x):
            return x
    net = P()
    net.generate_scope()
    return [c.get_scope() for _, c in net.cells_and_names()]


def _flags_ctor(ms):
    net = ms.nn.Cell(flags={"sink": True, "n": 2})
    return [sorted(net.get_flags().items()), net.sink, net.n]


def _bool_and_len(ms):
    d = _defs(ms)
    return [bool(d.Empty()), bool(ms.nn.SequentialCell()), bool(ms.nn.CellList()), len(ms.nn.CellDict()),
            bool(ms.nn.CellList([d.Leaf()]))]


def _empty_container_child(ms):
    d = _defs(ms)

    class P(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.blocks = ms.nn.CellList()
            self.leaf = d.Leaf()

        def construct(self, x):
            return x
    net = P()
    return [[k for k, _ in net.cells_and_names()], list(net.name_cells().keys()), repr(net)]


def _tensor_attr_not_param(ms):
    class T(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.t = ms.Tensor(np.ones(2, np.float32))
            self.w = _p(ms)

        def construct(self, x):
            return x * self.t
    net = T()
    return [_pn(net), list(net.state_dict().keys()), [k for k, _ in net.named_buffers()]]


def _set_train_phase_predict(ms):
    net = _defs(ms).Deep()
    net.set_train(False)
    return [net.phase, net.body.phase, net.body.a.training, sorted(net.body.get_flags().items())]


CASES += [
    case("Cell/to_float16", _cell_to),
    case("Cell/to_int_dtype", _cell_to_int, error=True),
    case("Cell/to_empty", _cell_to_empty),
    case("Cell/deepcopy", _deepcopy_cell, F32(2)),
    case("Cell/forward_hook_always_call", _always_call_hook, F32(2)),
    case("Cell/buffer_alias_and_none", _buffer_alias),
    case("Cell/buffer_assign_int", _buffer_assign_int, error=True),
    case("Cell/state_dict_hooks", _state_dict_hooks),
    case("Cell/load_state_dict_hooks", _load_state_dict_hooks),
    case("Cell/load_state_dict_size_mismatch", _load_state_dict_size_mismatch, error=True),
    case("Cell/load_state_dict_not_mapping", _load_state_dict_not_mapping, error=True),
    case("Cell/get_buffer_not_buffer", _get_buffer_errors_not_buffer, error=True),
    case("Cell/get_buffer_missing", _get_buffer_errors_missing, error=True),
    case("Cell/set_comm_fusion", _set_comm_fusion),
    case("Cell/set_comm_fusion_negative", _set_comm_fusion_negative, error=True),
    case("Cell/generate_scope", _generate_scope),
    case("Cell/flags_in_constructor", _flags_ctor),
    case("Cell/bool_and_len", _bool_and_len),
    case("Cell/empty_container_child", _empty_container_child),
    case("Cell/tensor_attribute_not_registered", _tensor_attr_not_param),
    case("Cell/set_train_false", _set_train_phase_predict),
]


CASES = _with_graph_twins(CASES)
