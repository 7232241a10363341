"""Gradients w.r.t. ``mutable`` inputs in GRAPH_MODE: a mutable scalar is a variable of the
compiled call but not differentiable, and its gradient is the zero of its Python type (0, 0.0);
constant scalars are left out; a sens value needs no check when nothing is differentiable. A
mutable tuple, list or dict of Tensors is differentiable: its gradient has its structure (scalars
in it get their zero); a plain (constant) container gets none; PyNative leaves containers out."""
from parity_tests.harness import case, F32


def _grad_net(ms, get_all=True, sens=False):
    class Net(ms.nn.Cell):
        def construct(self, x, y):
            return x * y + x

    class G(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.net = Net()
            self.g = ms.ops.GradOperation(get_all=get_all, sens_param=sens)

        def construct(self, *inputs):
            return self.g(self.net)(*inputs)
    return G()


def _pair_net(ms):
    class Net(ms.nn.Cell):
        def construct(self, z, w=None):
            r = z[0] * z[1][0] * 2
            return r if w is None else r * w
    return Net()


def _dict_net(ms):
    class Net(ms.nn.Cell):
        def construct(self, z):
            return z["a"][0] * z["b"]
    return Net()


def _inner_mutable(ms):
    class G(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.net = _pair_net(ms)
            self.g = ms.ops.GradOperation()

        def construct(self, a, b):
            return self.g(self.net)(ms.mutable((a, [b])))
    return G()


CASES = [
    case("grad_mutable/int_scalars", lambda ms: _grad_net(ms)(ms.mutable(2), ms.mutable(3)), mode="graph"),
    case("grad_mutable/float_scalar", lambda ms: _grad_net(ms)(ms.mutable(2.5), ms.mutable(3)), mode="graph"),
    case("grad_mutable/first_only", lambda ms: _grad_net(ms, get_all=False)(ms.mutable(2), ms.mutable(3)),
         mode="graph"),
    case("grad_mutable/with_constant", lambda ms: _grad_net(ms)(ms.mutable(2), 3), mode="graph"),
    case("grad_mutable/tensor_first", lambda ms, t: _grad_net(ms)(t, ms.mutable(3)), F32(2, 2), mode="graph"),
    case("grad_mutable/sens_int", lambda ms: _grad_net(ms, sens=True)(ms.mutable(3), ms.mutable(4), 7), mode="graph"),
    case("grad_mutable/sens_float", lambda ms: _grad_net(ms, sens=True)(ms.mutable(3.5), ms.mutable(4), 7.5),
         mode="graph"),
    case("grad_mutable/tuple_of_tensors", lambda ms, a, b: ms.ops.GradOperation()(_pair_net(ms))(
        ms.mutable((a, [b]))), F32(2), F32(2), mode="graph"),
    case("grad_mutable/list_get_all", lambda ms, a, b, c: ms.ops.GradOperation(get_all=True)(_pair_net(ms))(
        ms.mutable([a, [b]]), c), F32(2), F32(2), F32(2), mode="graph"),
    case("grad_mutable/tuple_with_scalar", lambda ms, a, b: ms.ops.GradOperation()(_pair_net(ms))(
        ms.mutable((a, [b, 2.0]))), F32(2), F32(2), mode="graph"),
    case("grad_mutable/dict_of_tensors", lambda ms, a, b: ms.ops.GradOperation()(_dict_net(ms))(
        ms.mutable({"a": (a, b), "b": b})), F32(2), F32(2), mode="graph"),
    case("grad_mutable/made_in_graph", lambda ms, a, b: _inner_mutable(ms)(a, b), F32(2), F32(2), mode="graph"),
    case("grad_mutable/plain_tuple_constant", lambda ms, a, b: ms.ops.GradOperation()(_pair_net(ms))(
        (a, [b])), F32(2), F32(2), mode="graph"),
    case("grad_mutable/tuple_pynative", lambda ms, a, b, c: ms.ops.GradOperation(get_all=True)(_pair_net(ms))(
        ms.mutable((a, [b])), c), F32(2), F32(2), F32(2)),
]
