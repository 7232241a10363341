"""``mindspore._no_grad`` (context manager and decorator, PyNative): values computed inside carry
no gradient, a gradient taken inside raises RuntimeError, the setting is restored on exit."""
import numpy as np

from parity_tests.harness import case, F32


def _net(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([5.0], np.float32)), name="w")

        def construct(self, x):
            y = self.w * x
            with ms._no_grad():
                m = y * self.w
            return m * y
    return Net()


def _weights(ms, x):
    net = _net(ms)
    return ms.grad(net, grad_position=None, weights=net.trainable_params())(x)


def _decorated(ms, x):
    @ms._no_grad()
    def inner(a):
        return a * a

    def outer(a):
        return inner(a) + 3 * a
    return ms.grad(outer)(x)


def _inside(ms, x):
    with ms._no_grad():
        return ms.grad(lambda a: a * a)(x)


def _restored(ms, x):
    with ms._no_grad():
        pass
    return ms.grad(lambda a: (a * a).sum())(x)


def _executor(ms):
    from_api = __import__(f"{ms.__name__}.common.api", fromlist=["_pynative_executor"])._pynative_executor
    before = from_api.enable_grad()
    with ms._no_grad():
        inside = from_api.enable_grad()
    return before, inside, from_api.enable_grad()


CASES = [
    case("no_grad/block_in_cell", lambda ms, x: ms.grad(_net(ms))(x), np.array([2.0], np.float32)),
    case("no_grad/weights", _weights, F32(1)),
    case("no_grad/decorator", _decorated, F32(3)),
    case("no_grad/grad_inside_raises", _inside, F32(3), error=True),
    case("no_grad/restored", _restored, F32(3)),
    case("no_grad/executor_flag", _executor),
    case("no_grad/forward_value", lambda ms, x: _net(ms)(x), F32(2)),
]
