"""nn.Cell API, hooks: forward pre-hooks and forward hooks (as lambdas and as functions MindSpore
compiles in GRAPH_MODE, with kwargs, order, nesting), parameter forward hooks (applied in
GRAPH_MODE, ignored in PyNative, as in MindSpore), and the gradient side: backward hooks,
custom ``bprop``, recompute and ``Tensor.register_hook``.

Each case builds its cells from ``ms.nn.Cell``, ``ms.Parameter`` and ``ms.ops`` inside the
case (``_defs(ms)`` in ``_cell_api_common.py`` returns the small cell classes for the framework
under test) and returns names, flags, strings or tensors. Every case runs in PyNative and, as
"<name>/graph", in GRAPH_MODE (``_with_graph_twins``; ``_NO_GRAPH_TWIN`` in
``_cell_api_common.py`` lists the few without a GRAPH_MODE twin and why).
"""
import numpy as np

from parity_tests.harness import case, F32
from parity_tests.cases._cell_api_common import _defs, _with_graph_twins


# --- hooks -----------------------------------------------------------------------------------
def _forward_pre_hook(ms, x, y):
    net = _defs(ms).Add()
    calls = []

    def hook(cell, args):
        calls.append([cell.cls_name, len(args)])
        return (args[0] * 2, args[1])
    handle = net.register_forward_pre_hook(hook)
    a = net(x, y)
    handle.remove()
    b = net(x, y)
    return [a, b, calls]


def _forward_pre_hook_single(ms, x):
    net = _defs(ms).Leaf()
    net.register_forward_pre_hook(lambda cell, args: args[0] + 1)
    return net(x)


def _forward_hook(ms, x, y):
    net = _defs(ms).Add()
    seen = []

    def hook(cell, args, output):
        seen.append(output)
        return output * 3
    h = net.register_forward_hook(hook)
    a = net(x, y)
    h.remove()
    h.remove()
    return [a, seen[0], net(x, y), len(seen)]


def _hooks_order(ms, x):
    net = _defs(ms).Leaf()
    order = []
    net.register_forward_pre_hook(lambda c, a: order.append("pre1"))
    net.register_forward_pre_hook(lambda c, a: order.append("pre0"), prepend=True)
    net.register_forward_hook(lambda c, a, o: order.append("fwd1"))
    net.register_forward_hook(lambda c, a, o: order.append("fwd0"), prepend=True)
    net(x)
    net(x)
    return order


def _hooks_kwargs(ms, x, y):
    net = _defs(ms).Add()
    got = []

    def pre(cell, args, kwargs):
        got.append(sorted(kwargs))
        return (args, {"y": kwargs["y"] * 2})

    def post(cell, args, kwargs, output):
        got.append(len(args))
        return output + 1
    net.register_forward_pre_hook(pre, with_kwargs=True)
    net.register_forward_hook(post, with_kwargs=True)
    return [net(x, y=y), got]


def _hook_sees_modified_args(ms, x):
    net = _defs(ms).Leaf()
    seen = []
    net.register_forward_pre_hook(lambda c, a: (a[0] * 0,))
    net.register_forward_hook(lambda c, a, o: seen.append(a[0]))
    out = net(x)
    return [out, seen[0]]


def _nested_hook(ms, x):
    d = _defs(ms)
    net = d.Deep()
    calls = []
    net.body.a.register_forward_hook(lambda c, a, o: calls.append(c.cls_name) or o * 0)
    return [net(x), calls]


def _hook_not_callable(ms):
    _defs(ms).Leaf().register_forward_hook(3)


def _pre_hook_not_callable(ms):
    _defs(ms).Leaf().register_forward_pre_hook("f")


def _pre_hook_kwargs_bad_return(ms, x, y):
    net = _defs(ms).Add()
    net.register_forward_pre_hook(lambda c, a, k: (a,), with_kwargs=True)
    return net(x, y)


CASES = [
    # hooks
    case("Cell/forward_pre_hook", _forward_pre_hook, F32(3), F32(3)),
    case("Cell/forward_pre_hook_single_value", _forward_pre_hook_single, F32(2)),
    case("Cell/forward_hook", _forward_hook, F32(3), F32(3)),
    case("Cell/hooks_order_prepend", _hooks_order, F32(2)),
    case("Cell/hooks_with_kwargs", _hooks_kwargs, F32(3), F32(3)),
    case("Cell/forward_hook_sees_modified_args", _hook_sees_modified_args, F32(2)),
    case("Cell/forward_hook_nested", _nested_hook, F32(2)),
    case("Cell/forward_hook_not_callable", _hook_not_callable, error=True),
    case("Cell/forward_pre_hook_not_callable", _pre_hook_not_callable, error=True),
    case("Cell/forward_pre_hook_kwargs_bad_return", _pre_hook_kwargs_bad_return, F32(3), F32(3), error=True),
]


# --- parameter forward hooks: applied in GRAPH_MODE, ignored in PyNative (as in MindSpore) ----
def _times_ten(p):
    return p * 10


def _ph_net(ms):
    class S(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.weight = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="weight")
            self.b = ms.Parameter(ms.Tensor(np.array([1.0, 1.0], np.float32)), name="b")

        def construct(self, x):
            return x * self.weight + self.b
    return S()


def _param_hook_graph(ms, x):
    net = _ph_net(ms)
    net.register_parameter_forward_hook([{"params": [net.weight], "hook": _times_ten}])
    return [net(x), net.weight.value()]


def _param_hook_global_graph(ms, x):
    net = _ph_net(ms)
    net.register_parameter_forward_hook(_times_ten)
    return net(x)


def _param_hook_pynative_ignored(ms, x):
    net = _ph_net(ms)
    net.register_parameter_forward_hook(_times_ten)
    return net(x)


def _param_hook_bad_item(ms):
    _ph_net(ms).register_parameter_forward_hook([3])


def _param_hook_missing_key(ms):
    _ph_net(ms).register_parameter_forward_hook([{"params": []}])


def _param_hook_bad_param(ms, x):
    _ph_net(ms).register_parameter_forward_hook([{"params": [x], "hook": _times_ten}])


def _param_hook_bad_type(ms):
    _ph_net(ms).register_parameter_forward_hook(3)


CASES += [
    case("Cell/register_parameter_forward_hook_graph", _param_hook_graph, F32(2), mode="graph"),
    case("Cell/register_parameter_forward_hook_global_graph", _param_hook_global_graph, F32(2), mode="graph"),
    case("Cell/register_parameter_forward_hook_pynative", _param_hook_pynative_ignored, F32(2)),
    case("Cell/register_parameter_forward_hook_bad_item", _param_hook_bad_item, error=True),
    case("Cell/register_parameter_forward_hook_missing_key", _param_hook_missing_key, error=True),
    case("Cell/register_parameter_forward_hook_bad_param", _param_hook_bad_param, F32(2), error=True),
    case("Cell/register_parameter_forward_hook_bad_type", _param_hook_bad_type, error=True),
]


# --- forward hooks written as functions: MindSpore compiles them in GRAPH_MODE -------------------
# (it cannot parse a lambda written inside a call, and a compiled hook's Python side effects,
# e.g. appending to a list, are not visible afterwards: these cases only return values)
def _hk_double_first(cell, args):
    return (args[0] * 2, args[1])


def _hk_plus_one(cell, args):
    return args[0] + 1


def _hk_times_three(cell, args, output):
    return output * 3


def _hk_none(cell, args, output):
    return None


def _hk_pre_mul2(cell, args):
    return (args[0] * 2,)


def _hk_pre_add1(cell, args):
    return (args[0] + 1,)


def _hk_fwd_sub1(cell, args, output):
    return output - 1


def _hk_fwd_mul5(cell, args, output):
    return output * 5


def _hk_zero_args(cell, args):
    return (args[0] * 0,)


def _hk_add_first_arg(cell, args, output):
    return output + args[0]


def _hk_zero_output(cell, args, output):
    return output * 0


def _hk_two_values(cell, args):
    return (args[0], args[0])


def _hk_first_only(cell, args, output):
    return output[0]


def _hk_kw_pre(cell, args, kwargs):
    return (args, {"y": kwargs["y"] * 2})


def _hk_kw_post(cell, args, kwargs, output):
    return output + 1


def _fh_pre(ms, x, y):
    net = _defs(ms).Add()
    net.register_forward_pre_hook(_hk_double_first)
    return net(x, y)


def _fh_pre_single(ms, x):
    net = _defs(ms).Leaf()
    net.register_forward_pre_hook(_hk_plus_one)
    return net(x)


def _fh_fwd(ms, x, y):
    net = _defs(ms).Add()
    net.register_forward_hook(_hk_none)
    net.register_forward_hook(_hk_times_three)
    return net(x, y)


def _fh_order(ms, x):
    net = _defs(ms).Leaf()
    net.register_forward_pre_hook(_hk_pre_mul2)
    net.register_forward_pre_hook(_hk_pre_add1, prepend=True)
    net.register_forward_hook(_hk_fwd_sub1)
    net.register_forward_hook(_hk_fwd_mul5, prepend=True)
    return net(x)


def _fh_modified_args(ms, x):
    net = _defs(ms).Leaf()
    net.register_forward_pre_hook(_hk_zero_args)
    net.register_forward_hook(_hk_add_first_arg)
    return net(x)


def _fh_nested(ms, x):
    net = _defs(ms).Deep()
    net.body.a.register_forward_hook(_hk_zero_output)
    return net(x)


def _fh_pre_size_change(ms, x):
    net = _defs(ms).Leaf()
    net.register_forward_pre_hook(_hk_two_values)
    return net(x)


def _fh_tuple_output(ms, x):
    class Pair(ms.nn.Cell):
        def construct(self, x):
            return x, x * 2
    net = Pair()
    net.register_forward_hook(_hk_first_only)
    return net(x)


def _fh_with_kwargs(ms, x, y):
    net = _defs(ms).Add()
    net.register_forward_pre_hook(_hk_kw_pre, with_kwargs=True)
    net.register_forward_hook(_hk_kw_post, with_kwargs=True)
    return net(x, y=y)


CASES += [
    case("Cell/forward_pre_hook_fn", _fh_pre, F32(3), F32(3)),
    case("Cell/forward_pre_hook_fn_single_value", _fh_pre_single, F32(2)),
    case("Cell/forward_hook_fn", _fh_fwd, F32(3), F32(3)),
    case("Cell/forward_hooks_fn_order_prepend", _fh_order, F32(2)),
    case("Cell/forward_hook_fn_sees_modified_args", _fh_modified_args, F32(2)),
    case("Cell/forward_hook_fn_nested", _fh_nested, F32(2)),
    case("Cell/forward_pre_hook_fn_changes_arity", _fh_pre_size_change, F32(2), error=True),
    case("Cell/forward_hook_fn_tuple_output", _fh_tuple_output, F32(2)),
    case("Cell/forward_hooks_fn_with_kwargs", _fh_with_kwargs, F32(3), F32(3)),
]


# --- backward hooks, custom bprop, recompute, Tensor.register_hook (gradients) -----------------
def _bh_times3(cell, grad_input, grad_output):
    return (grad_input[0] * 3,)


def _bph_times5(cell, grad_output):
    return (grad_output[0] * 5,)


def _bh_none(cell, grad_input, grad_output):
    return None


def _th_times7(grad):
    return grad * 7


def _grad_defs(ms):
    nn, ops = ms.nn, ms.ops

    class Sq(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 1.5, -1.0], np.float32)), name="w")

        def construct(self, x):
            return x * x * self.w

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = Sq()
            self.v = ms.Parameter(ms.Tensor(np.array([0.5, 1.0, 2.0], np.float32)), name="v")

        def construct(self, x):
            return self.inner(x) * self.v + ops.sin(x)

    class WithBprop(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0, 4.0], np.float32)), name="w")

        def construct(self, x):
            return x * self.w

        def bprop(self, x, out, dout):
            return (dout * 10 + x,)

    class BpropOuter(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = WithBprop()
            self.v = ms.Parameter(ms.Tensor(np.array([1.0, -1.0, 0.5], np.float32)), name="v")

        def construct(self, x):
            return ops.sin(self.inner(x * 2)) * self.v

    class Rec(nn.Cell):
        def __init__(self, rec):
            super().__init__()
            self.inner = Sq()
            self.seq = nn.SequentialCell([Sq(), Sq()])
            if rec:
                self.inner.recompute()
                self.seq.recompute()

        def construct(self, x):
            return ops.sin(self.seq(self.inner(x))) * 2
    return Sq, Outer, WithBprop, BpropOuter, Rec


def _grads(ms, net, x):
    return ms.grad(net, grad_position=0, weights=net.trainable_params())(x)


def _bwd_hook(ms, x):
    net = _grad_defs(ms)[1]()
    net.inner.register_backward_hook(_bh_times3)
    return [net(x), _grads(ms, net, x)]


def _bwd_pre_hook(ms, x):
    net = _grad_defs(ms)[1]()
    net.inner.register_backward_pre_hook(_bph_times5)
    return [net(x), _grads(ms, net, x)]


def _bwd_hooks_both_outermost(ms, x):
    net = _grad_defs(ms)[1]()
    net.register_backward_pre_hook(_bph_times5)
    net.register_backward_hook(_bh_times3)
    net.inner.register_backward_hook(_bh_none)
    return ms.grad(net)(x)


def _bwd_hook_removed(ms, x):
    net = _grad_defs(ms)[1]()
    h = net.inner.register_backward_hook(_bh_times3)
    h.remove()
    return _grads(ms, net, x)


def _bprop_grads(ms, x):
    net = _grad_defs(ms)[2]()
    return [net(x), _grads(ms, net, x)]


def _bprop_nested(ms, x):
    net = _grad_defs(ms)[3]()
    return [net(x), _grads(ms, net, x)]


def _recompute(ms, x):
    rec = _grad_defs(ms)[4]
    a, b = rec(True), rec(False)
    return [a(x), _grads(ms, a, x), b(x), _grads(ms, b, x)]


def _tensor_hook_input(ms, x):
    net = _grad_defs(ms)[1]()
    x.register_hook(_th_times7)
    return _grads(ms, net, x)


def _tensor_hook_input_removed(ms, x):
    net = _grad_defs(ms)[1]()
    h = x.register_hook(_th_times7)
    h.remove()
    return ms.grad(net)(x)


def _th_times3(grad):
    return grad * 3


def _two_hooks_inside(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, a):
            b = a * 2
            b.register_hook(_th_times7)
            b.register_hook(_th_times3)     # GRAPH_MODE: one hook per Tensor (RuntimeError); PyNative: both run
            return b * a
    return ms.ops.GradOperation()(Net())(x)


def _bprop_count(ms, x, y, count):
    class Net(ms.nn.Cell):
        def construct(self, a, b):
            return a * b * b

        def bprop(self, a, b, out, dout):
            return (a + b, a * b, out, dout)[:count]     # extra gradients are left out; too few raise

    return ms.ops.GradOperation(get_all=True)(Net())(x, y)


CASES += [
    case("Cell/tensor_two_hooks_inside", _two_hooks_inside, F32(3)),
    case("Cell/bprop_extra_outputs", lambda ms, x, y: _bprop_count(ms, x, y, 4), F32(3), F32(3)),
    case("Cell/bprop_too_few_outputs", lambda ms, x, y: _bprop_count(ms, x, y, 1), F32(3), F32(3), error=True),
    case("Cell/backward_hook_grads", _bwd_hook, F32(3)),
    case("Cell/backward_pre_hook_grads", _bwd_pre_hook, F32(3)),
    case("Cell/backward_hooks_outermost", _bwd_hooks_both_outermost, F32(3)),
    case("Cell/backward_hook_removed", _bwd_hook_removed, F32(3)),
    case("Cell/bprop_grads", _bprop_grads, F32(3)),
    case("Cell/bprop_nested", _bprop_nested, F32(3)),
    case("Cell/recompute_values_and_grads", _recompute, F32(3)),
    case("Cell/tensor_register_hook_input", _tensor_hook_input, F32(3)),
    case("Cell/tensor_register_hook_input_removed", _tensor_hook_input_removed, F32(3)),
]


CASES = _with_graph_twins(CASES)
