"""A Cell's ``@jit`` method and the graphs that use the Cell (GRAPH_MODE): once the method has run,
a compiled graph that calls or differentiates the Cell runs that method (MindSpore parses the Cell
as its ``__parse_method__``); the Cell's own graph call (``net(x)``) runs ``construct`` again from
then on. A Cell without ``construct`` can be differentiated this way (MindSpore's RL agents)."""
import numpy as np

from parity_tests.harness import case


def _classes(ms, with_construct):
    class Actor(ms.nn.Cell):
        def act(self, x, y):
            return x + y

    class Trainer(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.actors = ms.nn.CellList([Actor(), Actor()])

        @ms.jit
        def run(self, x, y):
            out = 0
            i = 0
            while i < 2:
                out += self.actors[i].act(x, y) * x
                i += 1
            return out

    if with_construct:
        class WithConstruct(Trainer):
            def construct(self, x, y):
                return x - y
        return WithConstruct()
    return Trainer()


def _grad_net(ms, net):
    class GradNet(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.net = net
            self.grad = ms.ops.GradOperation(get_all=True)

        def construct(self, x, y):
            return self.grad(self.net)(x, y)
    return GradNet()


def _caller(ms, net):
    class Caller(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.net = net

        def construct(self, x, y):
            return self.net(x, y) * 1.0
    return Caller()


def _no_construct_grad(ms, x, y):
    net = _classes(ms, with_construct=False)
    first = net.run(x, y)
    return first, _grad_net(ms, net)(x, y)


def _no_construct_before_method(ms, x, y):
    net = _classes(ms, with_construct=False)
    return _grad_net(ms, net)(x, y)


def _no_construct_call(ms, x, y):
    net = _classes(ms, with_construct=False)
    net.run(x, y)
    return net(x, y)


def _switch(ms, x, y):
    net = _classes(ms, with_construct=True)
    out = [_caller(ms, net)(x, y)]
    out.append(net.run(x, y))
    out.append(_caller(ms, net)(x, y))       # the @jit method
    out.append(_grad_net(ms, net)(x, y))
    out.append(net(x, y))                    # construct, and construct from now on
    out.append(_caller(ms, net)(x, y))
    out.append(_grad_net(ms, net)(x, y))
    return out


_X = np.array([2.0, 3.0], np.float32)
_Y = np.array([0.5, -1.0], np.float32)

CASES = [
    case("jit_parse_method/no_construct_grad", _no_construct_grad, _X, _Y, mode="graph"),
    case("jit_parse_method/no_construct_before_method", _no_construct_before_method, _X, _Y, mode="graph",
         error=True),
    case("jit_parse_method/no_construct_own_call", _no_construct_call, _X, _Y, mode="graph", error=True),
    case("jit_parse_method/switch_method_and_construct", _switch, _X, _Y, mode="graph"),
]
