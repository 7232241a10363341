"""``Tensor.log_normal(mean=1.0, std=2.0)``: log-normal samples in the input's shape and float
dtype (random: dtype, shape and positivity compared; the default parameters' log-statistics
checked loosely), and the errors for int tensors and non-float parameters."""
import numpy as np

from parity_tests.harness import case, F16, F32, I32


def _stats(ms, x):
    out = x.log_normal()
    logs = np.log(out.asnumpy().astype(np.float64))
    return out.dtype, out.shape, bool(abs(logs.mean() - 1.0) < 0.2), bool(abs(logs.std() - 2.0) < 0.2)


def _graph(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, a):
            return a.log_normal()
    out = Net()(x)
    return out.dtype, out.shape, bool((out.asnumpy() > 0).all())


CASES = [
    case("tensor_log_normal/default_stats", _stats, F32(4000)),
    case("tensor_log_normal/f16", lambda ms, x: [(o.dtype, o.shape) for o in [x.log_normal(0.5, 0.5)]], F16(3, 2)),
    case("tensor_log_normal/graph", _graph, F32(6, 3), mode="graph"),
    case("tensor_log_normal/int_tensor", lambda ms, x: x.log_normal(), I32(3), error=True),
    case("tensor_log_normal/int_mean", lambda ms, x: x.log_normal(1, 2.0), F32(3), error=True),
]
