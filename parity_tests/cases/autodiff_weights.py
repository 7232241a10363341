"""Gradients w.r.t. Parameters: integer Parameters (differentiated as float, given back in their
dtype), a Parameter returned as an output (its own gradient counts), ``GradOperation(get_by_list=True)``
without weights (PyNative: the Cell's trainable Parameters; GRAPH_MODE: none), an empty
``grad_position``, and ``ops.get_grad`` on ``return_ids`` results."""
import numpy as np

from parity_tests.harness import case, F32


def _net(ms, dtype, out_param=False):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([6, 2], dtype)), name="w")
            self.b = ms.Parameter(ms.Tensor(np.array([2, 1], dtype)), name="b")

        def construct(self, x, y):
            out = self.w * x + self.b * y
            return (out, self.w) if out_param else out
    return Net()


def _int_params(ms):
    net = _net(ms, np.int32)
    x, y = ms.Tensor(np.array([10, 3], np.int32)), ms.Tensor(np.array([20, 5], np.int32))
    return ms.ops.GradOperation(get_all=True, get_by_list=True)(net, net.trainable_params())(x, y)


def _param_output(ms, x, y):
    net = _net(ms, np.float32, out_param=True)
    return ms.grad(net, 0, net.trainable_params())(x, y)


def _no_weights(ms, get_all, x, y):
    return ms.ops.GradOperation(get_all=get_all, get_by_list=True)(_net(ms, np.float32))(x, y)


def _get_grad(ms, key, x, y):
    net = _net(ms, np.float32)
    res = ms.grad(net, (0, 1), net.trainable_params(), return_ids=True)(x, y)
    return ms.ops.get_grad(res, net.b if key == "b" else key)


CASES = []
for _mode in ("pynative", "graph"):
    CASES += [
        case(f"grad_weights/{_mode}/int_params", _int_params, mode=_mode),
        case(f"grad_weights/{_mode}/param_output", _param_output, F32(2), F32(2), mode=_mode),
        case(f"grad_weights/{_mode}/no_weights", lambda ms, x, y: _no_weights(ms, False, x, y), F32(2), F32(2),
             mode=_mode),
        case(f"grad_weights/{_mode}/no_weights_all", lambda ms, x, y: _no_weights(ms, True, x, y), F32(2), F32(2),
             mode=_mode),
        case(f"grad_weights/{_mode}/empty_position", lambda ms, x, y: ms.grad(_net(ms, np.float32), ())(x, y),
             F32(2), F32(2), mode=_mode, error=True),
        case(f"grad_weights/{_mode}/get_grad_position", lambda ms, x, y: _get_grad(ms, 1, x, y), F32(2), F32(2),
             mode=_mode),
        case(f"grad_weights/{_mode}/get_grad_param", lambda ms, x, y: _get_grad(ms, "b", x, y), F32(2), F32(2),
             mode=_mode),
        case(f"grad_weights/{_mode}/get_grad_missing", lambda ms, x, y: _get_grad(ms, 5, x, y), F32(2), F32(2),
             mode=_mode, error=True),
        case(f"grad_weights/{_mode}/get_grad_bad_id", lambda ms, x, y: _get_grad(ms, 1.0, x, y), F32(2), F32(2),
             mode=_mode, error=True),
    ]
