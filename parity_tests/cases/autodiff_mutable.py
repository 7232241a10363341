"""Gradients w.r.t. ``mutable`` scalar inputs in GRAPH_MODE: such an input is a variable of the
compiled call but not differentiable, and its gradient is the zero of its Python type (0, 0.0);
constant scalars are left out; a sens value needs no check when nothing is differentiable."""
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
]
