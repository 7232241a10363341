"""Hard-swish, hard-sigmoid and ReLU6 at and around their kinks (x = -3, 3; 0, 6), values and
gradients: MindSpore's HSwishGrad takes the inner slope (2x + 3) / 6 on the closed interval
[-3, 3] (-0.5 at -3, 1.5 at 3), HSigmoidGrad 1/6 only strictly inside (0 at -3 and 3); ops,
nn Cells, mint and GRAPH_MODE, float32 and float16."""
import numpy as np

from parity_tests.harness import case

KINKS = np.array([-4., -3.5, -3., -2.9999, -1., -0., 0., 0.5, 2.9999, 3., 3.5, 6., 7.], np.float32)
KINKS16 = KINKS.astype(np.float16)


def _value_and_grad(fn):
    def run(ms, x):
        return fn(ms)(x), ms.grad(lambda t: (fn(ms)(t) * 1.5).sum())(x)
    return run


def _graph(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.hswish = ms.nn.HSwish()
            self.hsigmoid = ms.nn.HSigmoid()

        def construct(self, a):
            return self.hswish(a) + self.hsigmoid(a) * 2
    return ms.ops.GradOperation()(Net())(x)


CASES = [
    case("hard_activation_kinks/hswish_op", _value_and_grad(lambda ms: ms.ops.HSwish()), KINKS),
    case("hard_activation_kinks/hardswish_f16", _value_and_grad(lambda ms: ms.ops.hardswish), KINKS16),
    case("hard_activation_kinks/nn_hswish", _value_and_grad(lambda ms: ms.nn.HSwish()), KINKS),
    case("hard_activation_kinks/mint_hardswish",
         _value_and_grad(lambda ms: ms.mint.nn.functional.hardswish), KINKS),
    case("hard_activation_kinks/hsigmoid_op", _value_and_grad(lambda ms: ms.ops.HSigmoid()), KINKS),
    case("hard_activation_kinks/hardsigmoid_f16", _value_and_grad(lambda ms: ms.ops.hardsigmoid), KINKS16),
    case("hard_activation_kinks/mint_hardsigmoid",
         _value_and_grad(lambda ms: ms.mint.nn.functional.hardsigmoid), KINKS),
    case("hard_activation_kinks/relu6_op", _value_and_grad(lambda ms: ms.ops.ReLU6()), KINKS),
    case("hard_activation_kinks/graph", _graph, KINKS, mode="graph"),
]
