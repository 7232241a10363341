"""State across training steps: BatchNorm-style moving statistics (custom, primitive and
``nn.BatchNorm1d``), ``set_data`` between steps, training loops of a tiny custom TrainOneStep
cell (SGD, momentum), ``ms.jit`` functions writing Parameters through closures, and a functional
training step (``value_and_grad`` + ``ops.assign`` inside an ``ms.jit`` function).

Every case runs in PyNative and GRAPH_MODE (``both_modes``); in GRAPH_MODE real MindSpore
compiles the outermost Cell call. Each case returns the outputs of every step AND the final
Parameter values, so the mutated state is compared, not only return values. Cells are
classes defined inside the case (MindSpore parses their source); no lambdas are compiled.
"""
import numpy as np

from parity_tests.harness import both_modes, F32
from parity_tests.cases._state_common import X3, B43, B43b, B43c, _p, _v


# --- BatchNorm-style moving statistics ---------------------------------------------------------
def _moving_stats(ms, b1, b2, b3):
    ops = ms.ops

    class BN(ms.nn.Cell):
        def __init__(self, momentum=0.9):
            super().__init__()
            self.momentum = momentum
            self.moving_mean = _p(ms, np.zeros(3, np.float32), "moving_mean", requires_grad=False)
            self.moving_variance = _p(ms, np.ones(3, np.float32), "moving_variance", requires_grad=False)
            self.gamma = _p(ms, np.full(3, 1.5, np.float32), "gamma")
            self.beta = _p(ms, np.full(3, 0.1, np.float32), "beta")

        def construct(self, x):
            mean = x.mean(axis=0)
            var = ((x - mean) * (x - mean)).mean(axis=0)
            ops.assign(self.moving_mean, self.moving_mean * self.momentum + mean * (1 - self.momentum))
            ops.assign(self.moving_variance, self.moving_variance * self.momentum + var * (1 - self.momentum))
            return (x - mean) / ops.sqrt(var + 1e-5) * self.gamma + self.beta

    bn = BN()
    outs = [bn(b1), bn(b2), bn(b3), bn(b1)]
    return outs, [_v(bn.moving_mean), _v(bn.moving_variance)]


def _moving_stats_train_eval(ms, b1, b2):
    ops = ms.ops

    class BN(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.moving_mean = _p(ms, np.zeros(3, np.float32), "moving_mean", requires_grad=False)
            self.moving_variance = _p(ms, np.ones(3, np.float32), "moving_variance", requires_grad=False)

        def construct(self, x):
            if self.training:
                mean = x.mean(axis=0)
                var = x.var(axis=0)
                ops.assign(self.moving_mean, self.moving_mean * 0.8 + mean * 0.2)
                ops.assign(self.moving_variance, self.moving_variance * 0.8 + var * 0.2)
                return (x - mean) / ops.sqrt(var + 1e-5)
            return (x - self.moving_mean) / ops.sqrt(self.moving_variance + 1e-5)

    bn = BN()
    bn.set_train(True)
    outs = [bn(b1), bn(b2)]
    bn.set_train(False)
    outs += [bn(b1), bn(b2)]
    bn.set_train(True)
    outs.append(bn(b1))
    return outs, [_v(bn.moving_mean), _v(bn.moving_variance)]


def _bn_primitive_training(ms, b1, b2):
    ops = ms.ops

    class BN(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.bn = ops.BatchNorm(is_training=True, epsilon=1e-5, momentum=0.1)
            self.gamma = _p(ms, np.full(3, 1.5, np.float32), "gamma")
            self.beta = _p(ms, np.full(3, 0.1, np.float32), "beta")
            self.moving_mean = _p(ms, np.zeros(3, np.float32), "moving_mean", requires_grad=False)
            self.moving_variance = _p(ms, np.ones(3, np.float32), "moving_variance", requires_grad=False)

        def construct(self, x):
            return self.bn(x, self.gamma, self.beta, self.moving_mean, self.moving_variance)[0]

    bn = BN()
    outs = [bn(b1), bn(b2), bn(b1)]
    return outs, [_v(bn.moving_mean), _v(bn.moving_variance)]


def _nn_batchnorm1d_steps(ms, b1, b2, b3):
    bn = ms.nn.BatchNorm1d(3, momentum=0.8)
    bn.set_train(True)
    outs = [bn(b1), bn(b2), bn(b3)]
    bn.set_train(False)
    outs.append(bn(b1))
    return outs, [_v(bn.moving_mean), _v(bn.moving_variance)]


def _nn_batchnorm_in_train_step(ms, x, y):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.bn = ms.nn.BatchNorm1d(3, momentum=0.9)
            self.w = _p(ms, np.array([[0.5, -0.2], [0.1, 0.3], [-0.4, 0.2]], np.float32), "w")

        def construct(self, a, b):
            d = ops.matmul(self.bn(a), self.w) - b
            return (d * d).mean()

    class Step(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = ms.ParameterTuple(net.trainable_params())
            self.value_and_grad = ms.value_and_grad(net, None, self.weights)

        def construct(self, a, b):
            # one forward per step: MindSpore 2.10 GRAPH_MODE runs the BatchNorm update of
            # ``loss = net(a, b); grads = grad(net, weights)(a, b)`` once, PyNative twice
            loss, grads = self.value_and_grad(a, b)
            for w, g in zip(self.weights, grads):
                ops.assign_sub(w, g * 0.1)
            return loss

    net = Net()
    net.set_train(True)
    step = Step(net)
    losses = [step(x, y) for _ in range(4)]
    return losses, [_v(p) for _, p in net.parameters_and_names()]


# --- set_data between steps (outside construct) --------------------------------------------------
def _set_data_between_steps(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.ones(3, np.float32), "w")

        def construct(self, a):
            ops.assign(self.w, self.w * a)
            return self.w + 0.5

    net = Net()
    outs = [net(x), net(x)]
    net.w.set_data(ms.Tensor(np.array([2.0, -1.0, 0.5], np.float32)))
    outs += [net(x), net(x)]
    net.w.set_data(ms.Tensor(np.array([0.25, 0.5, 1.0], np.float32)))
    outs.append(net(x))
    return outs, _v(net.w)


def _set_data_moving_stats(ms, b1, b2):
    ops = ms.ops

    class BN(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.moving_mean = _p(ms, np.zeros(3, np.float32), "moving_mean", requires_grad=False)

        def construct(self, x):
            ops.assign(self.moving_mean, self.moving_mean * 0.5 + x.mean(axis=0) * 0.5)
            return x - self.moving_mean

    bn = BN()
    outs = [bn(b1), bn(b2)]
    bn.moving_mean.set_data(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)))
    outs += [bn(b1), bn(b2)]
    return outs, _v(bn.moving_mean)


# --- a training loop of a tiny TrainOneStep cell -------------------------------------------------
def _train_defs(ms):
    ops = ms.ops

    class Linear(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.weight = _p(ms, np.array([[0.5, -0.2], [0.1, 0.3], [-0.4, 0.2]], np.float32), "weight")
            self.bias = _p(ms, np.array([0.05, -0.05], np.float32), "bias")

        def construct(self, x):
            return ops.matmul(x, self.weight) + self.bias

    class WithLoss(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net

        def construct(self, x, y):
            d = self.net(x) - y
            return (d * d).mean()

    class TrainOneStep(ms.nn.Cell):
        def __init__(self, net_with_loss, lr=0.1):
            super().__init__()
            self.net_with_loss = net_with_loss
            self.weights = ms.ParameterTuple(net_with_loss.trainable_params())
            self.grad = ops.GradOperation(get_by_list=True)
            self.lr = lr

        def construct(self, x, y):
            loss = self.net_with_loss(x, y)
            grads = self.grad(self.net_with_loss, self.weights)(x, y)
            for w, g in zip(self.weights, grads):
                ops.assign(w, w - g * self.lr)
            return loss

    class MomentumStep(ms.nn.Cell):
        def __init__(self, net_with_loss, lr=0.05, momentum=0.9):
            super().__init__()
            self.net_with_loss = net_with_loss
            self.weights = ms.ParameterTuple(net_with_loss.trainable_params())
            self.moments = self.weights.clone(prefix="moments", init="zeros")
            self.grad = ops.GradOperation(get_by_list=True)
            self.lr = lr
            self.momentum = momentum
            self.step = ms.Parameter(ms.Tensor(0, ms.int32), name="global_step", requires_grad=False)

        def construct(self, x, y):
            loss = self.net_with_loss(x, y)
            grads = self.grad(self.net_with_loss, self.weights)(x, y)
            for w, m, g in zip(self.weights, self.moments, grads):
                ops.assign(m, m * self.momentum + g)
                ops.assign_sub(w, m * self.lr)
            ops.assign_add(self.step, ms.Tensor(1, ms.int32))
            return loss

    return Linear, WithLoss, TrainOneStep, MomentumStep


def _train_loop_sgd(ms, x, y):
    Linear, WithLoss, TrainOneStep, _ = _train_defs(ms)
    net = Linear()
    step = TrainOneStep(WithLoss(net))
    losses = [step(x, y) for _ in range(6)]
    return losses, [_v(net.weight), _v(net.bias)]


def _train_loop_momentum(ms, x, y):
    Linear, WithLoss, _, MomentumStep = _train_defs(ms)
    net = Linear()
    step = MomentumStep(WithLoss(net))
    losses = [step(x, y) for _ in range(5)]
    return losses, [_v(net.weight), _v(net.bias)], [_v(m) for m in step.moments], _v(step.step)


def _train_loop_set_data_midway(ms, x, y):
    Linear, WithLoss, TrainOneStep, _ = _train_defs(ms)
    net = Linear()
    step = TrainOneStep(WithLoss(net))
    losses = [step(x, y) for _ in range(3)]
    net.bias.set_data(ms.Tensor(np.array([1.0, -1.0], np.float32)))
    losses += [step(x, y) for _ in range(3)]
    return losses, [_v(net.weight), _v(net.bias)]


# --- ms.jit functions writing Parameters through closures ---------------------------------------
def _jit_closure_assign(ms, x):
    ops = ms.ops
    p = _p(ms, np.zeros(3, np.float32), "jit_p")

    @ms.jit
    def step(a):
        ops.assign_add(p, a)
        return p * 2.0

    outs = [step(x), step(x), step(x * -1.0)]
    return outs, _v(p)


def _jit_closure_two_params(ms, x):
    ops = ms.ops
    mean = _p(ms, np.zeros(3, np.float32), "jit_mean", requires_grad=False)
    count = ms.Parameter(ms.Tensor(0, ms.int32), name="jit_count", requires_grad=False)

    @ms.jit
    def update(a):
        ops.assign(mean, mean * 0.5 + a * 0.5)
        ops.assign_add(count, ms.Tensor(1, ms.int32))
        return mean + 0.0

    outs = [update(x), update(x * 2.0), update(x)]
    return outs, [_v(mean), _v(count)]


def _jit_closure_cell_param(ms, x):
    ops = ms.ops

    class Holder(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.ones(3, np.float32), "holder_w")

        def construct(self, a):
            return a * self.w

    h = Holder()

    @ms.jit
    def step(a):
        y = h(a)
        ops.assign(h.w, h.w + y)
        return y

    outs = [step(x), step(x)]
    return outs, _v(h.w)


# --- functional training step: value_and_grad + ops.assign inside an ms.jit function ------------
def _functional_train_jit(ms, x, y):
    ops = ms.ops
    Linear, _, _, _ = _train_defs(ms)
    net = Linear()
    params = net.trainable_params()

    def loss_fn(a, b):
        d = net(a) - b
        return (d * d).mean()

    grad_fn = ms.value_and_grad(loss_fn, None, params)

    @ms.jit
    def train_step(a, b):
        loss, grads = grad_fn(a, b)
        for p, g in zip(params, grads):
            ops.assign_sub(p, g * 0.2)
        return loss

    losses = [train_step(x, y) for _ in range(5)]
    return losses, [_v(net.weight), _v(net.bias)]


Y42 = F32(4, 2, seed=21)


CASES = (
    both_modes("state/moving_stats", _moving_stats, B43, B43b, B43c)
    + both_modes("state/moving_stats_train_eval", _moving_stats_train_eval, B43, B43b)
    + both_modes("state/bn_primitive_training", _bn_primitive_training, B43, B43b)
    + both_modes("state/nn_batchnorm1d_steps", _nn_batchnorm1d_steps, B43, B43b, B43c)
    + both_modes("state/nn_batchnorm_in_train_step", _nn_batchnorm_in_train_step, B43, Y42)
    + both_modes("state/set_data_between_steps", _set_data_between_steps, X3)
    + both_modes("state/set_data_moving_stats", _set_data_moving_stats, B43, B43b)
    + both_modes("state/train_loop_sgd", _train_loop_sgd, B43, Y42)
    + both_modes("state/train_loop_momentum", _train_loop_momentum, B43, Y42)
    + both_modes("state/train_loop_set_data_midway", _train_loop_set_data_midway, B43, Y42)
    + both_modes("state/functional_train_jit", _functional_train_jit, B43, Y42)
    + both_modes("state/jit_closure_assign", _jit_closure_assign, X3)
    + both_modes("state/jit_closure_two_params", _jit_closure_two_params, X3)
    + both_modes("state/jit_closure_cell_param", _jit_closure_cell_param, X3)
)
