"""State: Parameter writes (ops.assign/assign_add/assign_sub, set_data, index assignment)
inside ``construct`` and ``ms.jit`` functions, moving statistics, training loops of a tiny
custom TrainOneStep cell, writes inside differentiated functions, and the global RNG.

Every case runs in PyNative and GRAPH_MODE (``both_modes``); in GRAPH_MODE real MindSpore
compiles the outermost Cell call. Each case returns the outputs of every step AND the final
Parameter values, so the mutated state is compared, not only return values. Cells are
classes defined inside the case (MindSpore parses their source); no lambdas are compiled.
"""
import numpy as np

from parity_tests.harness import both_modes, case, F32

X3 = np.array([1.0, 2.0, 3.0], np.float32)
B43 = F32(4, 3, seed=11)            # a batch of 4 rows, 3 features
B43b = F32(4, 3, seed=12)
B43c = F32(4, 3, seed=13)
W3 = np.array([0.3, -0.7, 1.1], np.float32)


def _p(ms, value, name, requires_grad=True):
    return ms.Parameter(ms.Tensor(np.array(value)), name=name, requires_grad=requires_grad)


def _v(t):
    """A Parameter's current value as a plain Tensor (both frameworks)."""
    return t.value()


# --- ops.assign / assign_add / assign_sub inside construct ------------------------------------
def _assign_steps(ms, x, y):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(3, np.float32), "w")

        def construct(self, a):
            ops.assign(self.w, a * 2.0)
            return self.w + 1.0

    net = Net()
    outs = [net(x), net(y), net(x + y)]
    return outs, _v(net.w)


def _assign_return_value(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.ones(3, np.float32), "w")

        def construct(self, a):
            r = ops.assign(self.w, a - 1.0)
            return r * 3.0

    net = Net()
    return [net(x), net(x * 2.0)], _v(net.w)


def _assign_add_steps(ms, x, y):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.acc = _p(ms, np.full(3, 0.5, np.float32), "acc")

        def construct(self, a):
            ops.assign_add(self.acc, a)
            return self.acc * 2.0

    net = Net()
    outs = [net(x), net(y), net(x)]
    return outs, _v(net.acc)


def _assign_sub_steps(ms, x, y):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.acc = _p(ms, np.full(3, 10.0, np.float32), "acc")

        def construct(self, a):
            ops.assign_sub(self.acc, a * a)
            return self.acc - a

    net = Net()
    outs = [net(x), net(y), net(y)]
    return outs, _v(net.acc)


def _assign_primitives(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = _p(ms, np.zeros(3, np.float32), "a")
            self.b = _p(ms, np.ones(3, np.float32), "b")
            self.c = _p(ms, np.full(3, 4.0, np.float32), "c")
            self.assign = ops.Assign()
            self.assign_add = ops.AssignAdd()
            self.assign_sub = ops.AssignSub()

        def construct(self, v):
            self.assign(self.a, v)
            self.assign_add(self.b, v)
            self.assign_sub(self.c, v)
            return self.a + self.b + self.c

    net = Net()
    outs = [net(x), net(x * 0.5)]
    return outs, [_v(net.a), _v(net.b), _v(net.c)]


def _set_data_in_construct(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(3, np.float32), "w")

        def construct(self, a):
            self.w.set_data(a * 3.0)
            return a + 1.0

    net = Net()
    outs = [net(x), net(x + 1.0)]
    return outs, _v(net.w)


# --- several writes, write then read, nested cells -------------------------------------------
def _write_then_read(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.full(3, 2.0, np.float32), "w")

        def construct(self, a):
            before = self.w * 1.0
            ops.assign(self.w, a)
            after = self.w * 1.0
            ops.assign_add(self.w, after)
            return before, after, self.w * 1.0

    net = Net()
    outs = [net(x), net(x * 3.0)]
    return outs, _v(net.w)


def _nested_cells(ms, x):
    ops = ms.ops

    class Inner(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.count = _p(ms, np.zeros(3, np.float32), "count")

        def construct(self, a):
            ops.assign_add(self.count, a)
            return self.count * 1.0

    class Outer(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = Inner()
            self.scale = _p(ms, np.full(3, 2.0, np.float32), "scale")

        def construct(self, a):
            y = self.inner(a)
            ops.assign(self.scale, self.scale * 1.5)
            return y * self.scale + self.inner(a)

    net = Outer()
    outs = [net(x), net(x)]
    return outs, [_v(net.inner.count), _v(net.scale)]


def _shared_param_two_cells(ms, x):
    ops = ms.ops
    shared = _p(ms, np.zeros(3, np.float32), "shared")

    class Adder(ms.nn.Cell):
        def __init__(self, p):
            super().__init__()
            self.p = p

        def construct(self, a):
            ops.assign_add(self.p, a)
            return self.p * 1.0

    n1, n2 = Adder(shared), Adder(shared)
    outs = [n1(x), n2(x * 2.0), n1(x)]
    return outs, _v(shared)


# --- counters ----------------------------------------------------------------------------------
def _int_counter(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.steps = ms.Parameter(ms.Tensor(0, ms.int32), name="steps", requires_grad=False)
            self.one = ms.Tensor(1, ms.int32)

        def construct(self, a):
            ops.assign_add(self.steps, self.one)
            return a * 2.0, self.steps * 1

    net = Net()
    outs = [net(x) for _ in range(4)]
    return outs, _v(net.steps)


def _int_counter_vector(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.hist = ms.Parameter(ms.Tensor(np.zeros(3, np.int32)), name="hist", requires_grad=False)

        def construct(self, a):
            ops.assign_add(self.hist, (a > 1.5).astype(ms.int32))
            return self.hist + 0

    net = Net()
    outs = [net(x), net(x * 0.5), net(x)]
    return outs, _v(net.hist)


# --- index assignment on a Parameter inside construct ---------------------------------------
def _index_assign(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.arange(6, dtype=np.float32).reshape(2, 3), "w")

        def construct(self, a):
            self.w[0] = a
            return self.w * 2.0

    net = Net()
    outs = [net(x), net(x + 5.0)]
    return outs, _v(net.w)


def _index_assign_int_indices(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(4, np.float32), "w")

        def construct(self, a):
            self.w[1] = 7.0
            self.w[3] = a[0]
            return self.w + a.sum()

    net = Net()
    outs = [net(x), net(x * 2.0)]
    return outs, _v(net.w)


def _index_augassign_row(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros((2, 3), np.float32), "w")

        def construct(self, a):
            self.w[1] += a
            return self.w * 1.0

    net = Net()
    outs = [net(x), net(x), net(x * -0.5)]
    return outs, _v(net.w)


def _index_assign_slice_outputs(ms, x):
    # MindSpore 2.10 GRAPH_MODE does not write a slice/mask assignment on a Parameter back
    # to the Parameter (it rebinds self.w to a new tensor inside the graph), so only the
    # outputs, which agree in both modes, are compared here.
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(4, np.float32), "w")

        def construct(self, a):
            self.w[1:3] = a[0:2]
            return self.w + a.sum()

    net = Net()
    return [net(x), net(x * 2.0)]


def _attr_assign_in_construct(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(3, np.float32), "w")

        def construct(self, a):
            self.w = a * 2.0 + self.w
            return self.w + 1.0

    net = Net()
    outs = [net(x), net(x)]
    return outs, _v(net.w), type(net.w).__name__


def _inplace_add_in_construct(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.ones(3, np.float32), "w")

        def construct(self, a):
            self.w += a
            self.w *= 2.0
            return self.w * 1.0

    net = Net()
    outs = [net(x), net(x)]
    return outs, _v(net.w)


def _assign_in_unrolled_loop(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.acc = _p(ms, np.zeros(3, np.float32), "acc")

        def construct(self, a):
            outs = []
            for i in range(3):
                ops.assign_add(self.acc, a * (i + 1))
                outs.append(self.acc * 1.0)
            return outs[0], outs[1], outs[2]

    net = Net()
    outs = [net(x), net(x)]
    return outs, _v(net.acc)


def _assign_under_tensor_if(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.acc = _p(ms, np.zeros(3, np.float32), "acc")

        def construct(self, a):
            if a.sum() > 0:
                ops.assign_add(self.acc, a)
            else:
                ops.assign_sub(self.acc, a * 2.0)
            return self.acc * 1.0

    net = Net()
    outs = [net(x), net(-x), net(x)]
    return outs, _v(net.acc)


def _assign_in_tensor_while(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.count = ms.Parameter(ms.Tensor(0, ms.int32), name="count", requires_grad=False)
            self.acc = _p(ms, np.zeros(3, np.float32), "acc")

        def construct(self, a, n):
            while self.count < n:
                ops.assign_add(self.count, ms.Tensor(1, ms.int32))
                ops.assign_add(self.acc, a)
            return self.acc * 1.0

    net = Net()
    outs = [net(x, ms.Tensor(3, ms.int32)), net(x, ms.Tensor(5, ms.int32)), net(x, ms.Tensor(2, ms.int32))]
    return outs, _v(net.count), _v(net.acc)


def _branch_on_int_param(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.step = ms.Parameter(ms.Tensor(0, ms.int32), name="step", requires_grad=False)
            self.acc = _p(ms, np.zeros(3, np.float32), "acc")

        def construct(self, a):
            if self.step % 2 == 0:
                ops.assign_add(self.acc, a)
            else:
                ops.assign_sub(self.acc, a * 0.5)
            ops.assign_add(self.step, ms.Tensor(1, ms.int32))
            return self.acc * 1.0

    net = Net()
    outs = [net(x) for _ in range(5)]
    return outs, _v(net.step), _v(net.acc)


def _python_attr_changed_after_call(ms, x):
    # GRAPH_MODE: a Python attribute read in construct is a constant of the compiled graph;
    # changing it later does not recompile (PyNative reads the new value).
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.scale = 2.0
            self.acc = _p(ms, np.zeros(3, np.float32), "acc")

        def construct(self, a):
            ops.assign_add(self.acc, a * self.scale)
            return self.acc * 1.0

    net = Net()
    o1 = net(x)
    net.scale = 10.0
    o2 = net(x)
    return o1, o2, _v(net.acc)


def _assign_in_for_over_tensor(ms, x23):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.acc = _p(ms, np.zeros(3, np.float32), "acc")

        def construct(self, rows):
            for r in rows:
                ops.assign_add(self.acc, r)
            return self.acc * 1.0

    net = Net()
    return [net(x23), net(x23 * 2.0)], _v(net.acc)


def _scatter_update_param(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.table = _p(ms, np.zeros((4, 3), np.float32), "table")
            self.idx = ms.Tensor(np.array([2, 0], np.int32))

        def construct(self, a):
            upd = ops.stack([a, a * 2.0])
            ops.scatter_update(self.table, self.idx, upd)
            return self.table * 1.0

    net = Net()
    outs = [net(x), net(x + 1.0)]
    return outs, _v(net.table)


def _scatter_add_param(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.table = _p(ms, np.ones((3, 3), np.float32), "table")
            self.idx = ms.Tensor(np.array([1, 1], np.int32))
            self.scatter_add = ops.ScatterAdd()

        def construct(self, a):
            upd = ops.stack([a, a * 3.0])
            r = self.scatter_add(self.table, self.idx, upd)
            return r * 1.0

    net = Net()
    outs = [net(x), net(x)]
    return outs, _v(net.table)


def _depend_read_after_write(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.ones(3, np.float32), "w")

        def construct(self, a):
            u = ops.assign(self.w, a * 4.0)
            y = ops.depend(self.w * 1.0, u)
            return y + 1.0

    net = Net()
    outs = [net(x), net(x * 0.5)]
    return outs, _v(net.w)


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


# --- writes inside a differentiated function -----------------------------------------------------
def _grad_cell_with_moving_stat(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, W3, "w")
            self.moving = _p(ms, np.zeros(3, np.float32), "moving", requires_grad=False)

        def construct(self, a):
            ops.assign(self.moving, self.moving * 0.9 + a * 0.1)
            return (a * self.w * self.w).sum()

    class GradNet(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = ms.ParameterTuple([net.w])
            self.grad = ops.GradOperation(get_all=True, get_by_list=True)

        def construct(self, a):
            return self.grad(self.net, self.weights)(a)

    net = Net()
    g = GradNet(net)
    outs = [g(x), g(x * 2.0)]
    return outs, [_v(net.w), _v(net.moving)]


def _value_and_grad_moving_stat(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, W3, "w")
            self.moving = _p(ms, np.zeros(3, np.float32), "moving", requires_grad=False)

        def construct(self, a):
            m = a.mean()
            ops.assign(self.moving, self.moving * 0.5 + a * m)
            return (ops.sin(a * self.w)).sum()

    class Step(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = ms.ParameterTuple([net.w])
            self.vg = ms.value_and_grad(net, None, self.weights)

        def construct(self, a):
            return self.vg(a)

    net = Net()
    s = Step(net)
    outs = [s(x), s(x + 1.0)]
    return outs, [_v(net.w), _v(net.moving)]


# MindSpore's Assign passes the output gradient to the variable and none to the value: a write
# inside a differentiated function cuts the gradient of the written value, and reads after the
# write send their gradient to the Parameter (same in PyNative and GRAPH_MODE).
def _grad_defs(ms):
    ops = ms.ops

    class MovingRead(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.m = _p(ms, np.zeros(3, np.float32), "m", requires_grad=False)

        def construct(self, a):
            ops.assign(self.m, self.m * 0.5 + a * 0.5)
            return (a * a - self.m).sum()

    class FromOther(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.array([0.5, 1.0, 2.0], np.float32), "w")
            self.v = _p(ms, np.array([3.0, 1.0, -1.0], np.float32), "v")

        def construct(self, a):
            ops.assign(self.w, self.v * 2.0)
            return (self.w * a).sum() + (self.v * self.v).sum()

    class ReadWriteRead(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.array([0.5, 1.0, 2.0], np.float32), "w")

        def construct(self, a):
            y = (a + self.w).sum()
            ops.assign(self.w, self.w * 2.0)
            return y + (self.w * a).sum()

    class AddThenSquare(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.array([0.5, 1.0, 2.0], np.float32), "w")

        def construct(self, a):
            ops.assign_add(self.w, a)
            return (self.w * self.w).sum()

    class UseAssignResult(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.array([0.5, 1.0, 2.0], np.float32), "w")

        def construct(self, a):
            r = ops.assign(self.w, a * 3.0)
            return (r * a).sum()

    return {"moving_read": MovingRead, "from_other": FromOther, "read_write_read": ReadWriteRead,
            "add_then_square": AddThenSquare, "use_assign_result": UseAssignResult}


def _grad_write_case(which, inputs_too=True):
    def run(ms, x):
        net = _grad_defs(ms)[which]()
        weights = net.trainable_params()
        if weights:
            g = ms.grad(net, 0 if inputs_too else None, weights)
        else:
            g = ms.grad(net)
        first = g(x)
        second = g(x * 0.5)
        return first, second, [_v(p) for _, p in net.parameters_and_names()]
    return run


def _grad_write_second_order(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.m = _p(ms, np.zeros(3, np.float32), "m", requires_grad=False)

        def construct(self, a):
            ops.assign(self.m, self.m * 0.5 + a)
            return (a * a * a).sum() + (self.m * a).sum()

    net = Net()

    def first(a):
        return ms.grad(net)(a).sum()

    g1 = ms.grad(first)(x)
    g2 = ms.grad(first)(x * 2.0)
    return g1, g2, _v(net.m)


def _forward_then_grad_two_inputs(ms, x):
    # A forward call and a grad call of the same cell in one construct, on different inputs:
    # both update the moving statistic (on identical inputs MindSpore 2.10 GRAPH_MODE merges
    # the two calls and updates once, PyNative twice; not compared here).
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.m = _p(ms, np.zeros(3, np.float32), "m", requires_grad=False)
            self.w = _p(ms, np.ones(3, np.float32), "w")

        def construct(self, a):
            ops.assign(self.m, self.m * 0.5 + a * 0.5)
            return (a * self.w * self.w).sum()

    class Step(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = ms.ParameterTuple([net.w])
            self.grad = ops.GradOperation(get_by_list=True)

        def construct(self, a):
            loss = self.net(a)
            g = self.grad(self.net, self.weights)(a * 2.0)
            return loss, g

    net = Net()
    step = Step(net)
    outs = [step(x), step(x)]
    return outs, [_v(net.m), _v(net.w)]


def _return_param_from_construct(ms, x):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(3, np.float32), "w")

        def construct(self, a):
            ops.assign(self.w, a)
            return self.w, a * 1.0

    net = Net()
    o1 = net(x)
    o2 = net(x * 2.0)
    return o1, o2, _v(net.w), type(o1[0]).__name__


def _return_param_from_jit(ms, x):
    ops = ms.ops
    p = _p(ms, np.zeros(3, np.float32), "ret_p")

    @ms.jit
    def step(a):
        ops.assign_add(p, a)
        return p

    o1 = step(x)
    o2 = step(x)
    return o1, o2, _v(p), type(o1).__name__


def _assign_shape_mismatch(ms, x4):
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, np.zeros(3, np.float32), "w")

        def construct(self, a):
            ops.assign(self.w, a)
            return self.w * 1.0

    return Net()(x4)


# --- RNG: dropout masks differ between steps; set_seed repeats draws ---------------------------
def _dropout_masks_differ(ms, x):
    ops = ms.ops

    class Drop(ms.nn.Cell):
        def construct(self, a):
            return ops.dropout(a, p=0.5, training=True)

    d = Drop()
    m1 = d(x) != 0
    m2 = d(x) != 0
    m3 = d(x) != 0
    differ = bool((m1 != m2).asnumpy().any()) or bool((m2 != m3).asnumpy().any())
    kept = d(x)
    kept_ok = bool(np.all((kept.asnumpy() == 0) | np.isclose(kept.asnumpy(), x.asnumpy() * 2.0)))
    return differ, kept_ok, m1.shape, m1.dtype


def _nn_dropout_masks_differ(ms, x):
    d = ms.nn.Dropout(p=0.5)
    d.set_train(True)
    m1 = d(x) != 0
    m2 = d(x) != 0
    d.set_train(False)
    same = bool((d(x) == x).asnumpy().all())
    return bool((m1 != m2).asnumpy().any()), same, m1.shape


def _dropout_in_jit_differ(ms, x):
    ops = ms.ops

    @ms.jit
    def drop(a):
        return ops.dropout(a, p=0.5, training=True)

    m1 = drop(x) != 0
    m2 = drop(x) != 0
    m3 = drop(x) != 0
    return bool((m1 != m2).asnumpy().any()) or bool((m2 != m3).asnumpy().any()), m1.shape


def _seed_repeats_fresh_cell(ms):
    ops = ms.ops

    class Draw(ms.nn.Cell):
        def construct(self, a):
            return ops.uniform((64,), ms.Tensor(0.0, ms.float32), ms.Tensor(1.0, ms.float32)) + a

    z = ms.Tensor(np.zeros(64, np.float32))
    ms.set_seed(7)
    d = Draw()
    a1 = d(z).asnumpy()
    a2 = d(z).asnumpy()
    ms.set_seed(7)
    b1 = Draw()(z).asnumpy()
    return bool(np.array_equal(a1, b1)), bool(np.array_equal(a1, a2)), a1.shape


def _seed_repeats_fresh_jit(ms):
    ops = ms.ops

    def make():
        @ms.jit
        def draw(a):
            return ops.rand((32,)) + a
        return draw

    z = ms.Tensor(np.zeros(32, np.float32))
    ms.set_seed(11)
    f = make()
    a1 = f(z).asnumpy()
    a2 = f(z).asnumpy()
    ms.set_seed(11)
    b1 = make()(z).asnumpy()
    return bool(np.array_equal(a1, b1)), bool(np.array_equal(a1, a2))


def _seed_eager_after_compiled(ms):
    ops = ms.ops

    class Draw(ms.nn.Cell):
        def construct(self, a):
            return ops.rand((16,)) + a

    z = ms.Tensor(np.zeros(16, np.float32))
    ms.set_seed(9)
    c1 = Draw()(z).asnumpy()
    e1 = ops.rand((16,)).asnumpy()
    ms.set_seed(9)
    e2 = ops.rand((16,)).asnumpy()
    e3 = ops.rand((16,)).asnumpy()
    return bool(np.array_equal(c1, e2)), bool(np.array_equal(c1, e1)), bool(np.array_equal(e1, e3))


def _seed_primitive_fresh_instance(ms):
    ops = ms.ops

    class Draw(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.normal = ops.StandardNormal(seed=2, seed2=3)

        def construct(self):
            return self.normal((5, 4))

    ms.set_seed(123)
    d = Draw()
    a1 = d().asnumpy()
    a2 = d().asnumpy()
    ms.set_seed(123)
    b1 = Draw()().asnumpy()
    return bool(np.array_equal(a1, b1)), bool(np.array_equal(a1, a2)), a1.shape


def _seed_dropout_fresh_cell(ms, x):
    ops = ms.ops

    class Drop(ms.nn.Cell):
        def construct(self, a):
            return ops.dropout(a, p=0.5, training=True)

    ms.set_seed(5)
    d = Drop()
    m1 = (d(x) != 0).asnumpy()
    m2 = (d(x) != 0).asnumpy()
    ms.set_seed(5)
    n1 = (Drop()(x) != 0).asnumpy()
    return bool(np.array_equal(m1, n1)), bool(np.array_equal(m1, m2))


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
    both_modes("state/assign_steps", _assign_steps, X3, W3)
    + both_modes("state/assign_return_value", _assign_return_value, X3)
    + both_modes("state/assign_add_steps", _assign_add_steps, X3, W3)
    + both_modes("state/assign_sub_steps", _assign_sub_steps, X3, W3)
    + both_modes("state/assign_primitives", _assign_primitives, X3)
    # MindSpore 2.10 GRAPH_MODE rejects Parameter.set_data inside construct (RuntimeError at
    # compile time); mscompat performs the write, so this case runs in PyNative only.
    + [case("state/set_data_in_construct/pynative", _set_data_in_construct, X3)]
    + both_modes("state/attr_assign_in_construct", _attr_assign_in_construct, X3)
    + both_modes("state/inplace_add_in_construct", _inplace_add_in_construct, X3)
    + both_modes("state/write_then_read", _write_then_read, X3)
    + both_modes("state/depend_read_after_write", _depend_read_after_write, X3)
    + both_modes("state/assign_in_unrolled_loop", _assign_in_unrolled_loop, X3)
    + both_modes("state/assign_under_tensor_if", _assign_under_tensor_if, X3)
    + both_modes("state/assign_in_tensor_while", _assign_in_tensor_while, X3)
    + both_modes("state/branch_on_int_param", _branch_on_int_param, X3)
    + both_modes("state/python_attr_changed_after_call", _python_attr_changed_after_call, X3)
    + both_modes("state/assign_in_for_over_tensor", _assign_in_for_over_tensor, F32(2, 3, seed=5))
    + both_modes("state/nested_cells", _nested_cells, X3)
    + both_modes("state/shared_param_two_cells", _shared_param_two_cells, X3)
    + both_modes("state/int_counter", _int_counter, X3)
    + both_modes("state/int_counter_vector", _int_counter_vector, X3)
    + both_modes("state/index_assign_row", _index_assign, X3)
    + both_modes("state/index_assign_int_indices", _index_assign_int_indices, X3)
    + both_modes("state/index_augassign_row", _index_augassign_row, X3)
    + both_modes("state/index_assign_slice_outputs", _index_assign_slice_outputs, X3)
    + both_modes("state/scatter_update_param", _scatter_update_param, X3)
    + both_modes("state/scatter_add_param", _scatter_add_param, X3)
    + both_modes("state/moving_stats", _moving_stats, B43, B43b, B43c)
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
    + both_modes("state/grad_cell_with_moving_stat", _grad_cell_with_moving_stat, X3)
    + both_modes("state/value_and_grad_moving_stat", _value_and_grad_moving_stat, X3)
    + both_modes("state/grad_write/moving_read_after_write", _grad_write_case("moving_read"), X3)
    + both_modes("state/grad_write/assign_from_other_weight", _grad_write_case("from_other", False), X3)
    + both_modes("state/grad_write/read_write_read", _grad_write_case("read_write_read"), X3)
    + both_modes("state/grad_write/assign_add_then_square", _grad_write_case("add_then_square"), X3)
    + both_modes("state/grad_write/use_assign_result", _grad_write_case("use_assign_result"), X3)
    + both_modes("state/grad_write/second_order", _grad_write_second_order, X3)
    + both_modes("state/forward_then_grad_two_inputs", _forward_then_grad_two_inputs, X3)
    + both_modes("state/return_param_from_construct", _return_param_from_construct, X3)
    + both_modes("state/return_param_from_jit", _return_param_from_jit, X3)
    + both_modes("state/assign_shape_mismatch", _assign_shape_mismatch, np.zeros(4, np.float32), error=True)
    + both_modes("state/dropout_masks_differ", _dropout_masks_differ, F32(64))
    + both_modes("state/nn_dropout_masks_differ", _nn_dropout_masks_differ, F32(64))
    + both_modes("state/dropout_in_jit_differ", _dropout_in_jit_differ, F32(64))
    + both_modes("state/seed_repeats_fresh_cell", _seed_repeats_fresh_cell)
    + both_modes("state/seed_repeats_fresh_jit", _seed_repeats_fresh_jit)
    + both_modes("state/seed_eager_after_compiled", _seed_eager_after_compiled)
    + both_modes("state/seed_primitive_fresh_instance", _seed_primitive_fresh_instance)
    + both_modes("state/seed_dropout_fresh_cell", _seed_dropout_fresh_cell, np.ones(64, np.float32))
)
