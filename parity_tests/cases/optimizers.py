"""Optimizers of ``mindspore.nn``: every Parameter and every optimizer state Parameter (path,
Parameter name, dtype, shape, value) after 5 steps of fixed gradients, plus the value returned by
the last call; variants with weight decay, loss scale, parameter groups (own lr / weight decay /
grad centralization / order_params), a per-step lr list, a LearningRateSchedule, the optimizers'
flags; GRAPH_MODE twins (the optimizer called directly, and a compiled train step that takes
gradients with GradOperation); bad constructor arguments (error=True).

Not compared here, because MindSpore 2.10's CPU kernels do not do what MindSpore documents (the
mscompat implementation follows the documented formulas; see tests/test_optimizers.py):
``Momentum(use_nesterov=True)`` (the CPU ApplyMomentum ignores it), ``Adagrad(update_slots=False)``
(the CPU kernel still updates ``accum``), ``FTRL`` with ``l1 > 0`` (the CPU kernel shrinks with
``l1 - linear`` instead of ``sign(linear) * l1 - linear``). ``Lamb``, ``LARS`` and
``grad_centralization`` have no CPU kernel: ms_ref cases at the end (real MindSpore optimizer and
state, the missing kernel's documented formula written with MindSpore ops).
"""
import numpy as np

from parity_tests.harness import case

STEPS = 5

W1 = (np.sin(np.arange(6, dtype=np.float32)) * 0.5).reshape(2, 3)
B1 = np.array([0.1, -0.2], np.float32)
GAMMA = np.array([1.0, 0.9, 1.1], np.float32)
W2 = (np.cos(np.arange(32, dtype=np.float32)) * 0.2).reshape(2, 16)
X = (np.sin(np.arange(12, dtype=np.float32) * 0.7)).reshape(4, 3)


_K = {"fc.weight": 1.0, "fc.bias": 2.0, "norm.gamma": 3.0, "conv.weight": 4.0}


def _grads(ms, i, params=None):
    """Fixed gradients of step ``i``, in the order of ``params`` (the optimizer's parameters)."""
    out = []
    specs = ((p.name, tuple(p.shape)) for p in params) if params is not None else (
        ("fc.weight", (2, 3)), ("fc.bias", (2,)), ("norm.gamma", (3,)), ("conv.weight", (2, 16)))
    for name, shape in specs:
        k = _K[name]
        n = int(np.prod(shape))
        g = (np.sin(np.arange(n, dtype=np.float32) * (i + 1) + k) * 0.3 + 0.02 * i).astype(np.float32)
        out.append(ms.Tensor(g.reshape(shape)))
    return tuple(out)


def _net(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w1 = ms.Parameter(ms.Tensor(W1), name="fc.weight")
            self.b1 = ms.Parameter(ms.Tensor(B1), name="fc.bias")
            self.gamma = ms.Parameter(ms.Tensor(GAMMA), name="norm.gamma")
            self.w2 = ms.Parameter(ms.Tensor(W2), name="conv.weight")

        def construct(self, x):
            y = ms.ops.matmul(x * self.gamma, self.w1.T) + self.b1
            return (y * y).sum() + (self.w2 * self.w2).sum() * 0.1

    return Net()


def _groups(ms, net, order=True, lr=0.05, gc=False):
    g = [{"params": [net.w1, net.gamma], "lr": lr, "weight_decay": 0.01},
         {"params": [net.b1, net.w2], "grad_centralization": gc}]
    if order:
        g.append({"order_params": net.trainable_params()})
    return g


def _state(opt, out):
    return [out, [(path, p.name, p.value()) for path, p in opt.parameters_and_names()]]


def _run(make, mode="pynative"):
    """A case function: build the net and the optimizer, feed 5 steps of fixed gradients."""
    def fn(ms):
        net = _net(ms)
        opt = make(ms, net)
        out = None
        for i in range(STEPS):
            out = opt(_grads(ms, i, opt.parameters))
        return _state(opt, out)
    return fn


def _run_train(make):
    """A case function: 5 steps of a compiled train cell (GradOperation + optimizer) in GRAPH_MODE."""
    def fn(ms):
        net = _net(ms)
        opt = make(ms, net)

        class Step(ms.nn.Cell):
            def __init__(self, network, optimizer):
                super().__init__()
                self.network = network
                self.optimizer = optimizer
                self.weights = optimizer.parameters
                self.grad = ms.ops.GradOperation(get_by_list=True)

            def construct(self, x):
                loss = self.network(x)
                grads = self.grad(self.network, self.weights)(x)
                self.optimizer(grads)
                return loss

        step = Step(net, opt)
        losses = [step(ms.Tensor(X)) for _ in range(STEPS)]
        return [losses, _state(opt, None)[1]]
    return fn


def _opt_cases(name, make, modes=("pynative",), train=False, **kw):
    out = [case(f"{name}/{m}", _run(make, m), mode=m, **kw) for m in modes]
    if train:
        out.append(case(f"{name}/train_graph", _run_train(make), mode="graph", **kw))
    return out


def _build_only(make):
    def fn(ms):
        net = _net(ms)
        opt = make(ms, net)
        return [(path, p.name, p.dtype, p.shape) for path, p in opt.parameters_and_names()]
    return fn


def _bad(name, make):
    return case(name, _build_only(make), error=True)


def _P(net):
    return net.trainable_params()


CASES = []
C = CASES.extend

# --- SGD -------------------------------------------------------------------------------------
C(_opt_cases("SGD/default", lambda ms, n: ms.nn.SGD(_P(n)), modes=("pynative", "graph"), train=True))
C(_opt_cases("SGD/momentum_dampening", lambda ms, n: ms.nn.SGD(_P(n), 0.05, momentum=0.9, dampening=0.2)))
C(_opt_cases("SGD/nesterov_wd_ls", lambda ms, n: ms.nn.SGD(_P(n), 0.05, momentum=0.8, nesterov=True,
                                                             weight_decay=0.1, loss_scale=4.0)))
C(_opt_cases("SGD/groups", lambda ms, n: ms.nn.SGD(_groups(ms, n), 0.1, momentum=0.5), modes=("pynative", "graph")))
C(_opt_cases("SGD/lr_list", lambda ms, n: ms.nn.SGD(_P(n), [0.1, 0.05, 0.2, 0.01, 0.3], momentum=0.9)))
C(_opt_cases("SGD/lr_tensor", lambda ms, n: ms.nn.SGD(_P(n), ms.Tensor(np.array([0.1, 0.05, 0.2, 0.01, 0.3],
                                                                                   np.float32)))))
C(_opt_cases("SGD/lr_schedule", lambda ms, n: ms.nn.SGD(_P(n), ms.nn.ExponentialDecayLR(0.1, 0.8, 2),
                                                        momentum=0.9), modes=("pynative", "graph"), train=True))
C(_opt_cases("SGD/lr_int_wd_int", lambda ms, n: ms.nn.SGD(_P(n), 1, weight_decay=1)))
C(_opt_cases("SGD/lr_scalar_tensor", lambda ms, n: ms.nn.SGD(_P(n), ms.Tensor(0.05, ms.float32))))
C([_bad("SGD/bad_momentum_type", lambda ms, n: ms.nn.SGD(_P(n), momentum="0.9")),
   _bad("SGD/bad_momentum_neg", lambda ms, n: ms.nn.SGD(_P(n), momentum=-0.1)),
   _bad("SGD/bad_dampening", lambda ms, n: ms.nn.SGD(_P(n), dampening=-1.0)),
   _bad("SGD/bad_nesterov_no_momentum", lambda ms, n: ms.nn.SGD(_P(n), nesterov=True)),
   _bad("SGD/bad_nesterov_type", lambda ms, n: ms.nn.SGD(_P(n), momentum=0.9, nesterov=1)),
   _bad("SGD/bad_dynamic_wd", lambda ms, n: ms.nn.SGD(_P(n), weight_decay=ms.nn.ExponentialDecayLR(0.1, 0.9, 2)))])

# --- Momentum --------------------------------------------------------------------------------
C(_opt_cases("Momentum/default", lambda ms, n: ms.nn.Momentum(_P(n), 0.1, 0.9), modes=("pynative", "graph"),
             train=True))
C(_opt_cases("Momentum/wd_ls", lambda ms, n: ms.nn.Momentum(_P(n), 0.1, 0.9, weight_decay=0.05, loss_scale=8.0)))
C(_opt_cases("Momentum/groups", lambda ms, n: ms.nn.Momentum(_groups(ms, n), 0.1, 0.9),
             modes=("pynative", "graph"), train=True))
C(_opt_cases("Momentum/groups_unordered", lambda ms, n: ms.nn.Momentum(_groups(ms, n, order=False), 0.1, 0.8)))
C(_opt_cases("Momentum/groups_dynamic_lr", lambda ms, n: ms.nn.Momentum(
    _groups(ms, n, lr=[0.05, 0.04, 0.03, 0.02, 0.01]), [0.1, 0.2, 0.3, 0.2, 0.1], 0.9)))
C(_opt_cases("Momentum/groups_mixed_lr", lambda ms, n: ms.nn.Momentum(
    _groups(ms, n, lr=0.02), [0.1, 0.2, 0.3, 0.2, 0.1], 0.9)))
C(_opt_cases("Momentum/lr_schedule", lambda ms, n: ms.nn.Momentum(_P(n), ms.nn.CosineDecayLR(0.01, 0.1, 4), 0.9)))
C(_opt_cases("Momentum/groups_dynamic_wd", lambda ms, n: ms.nn.Momentum(
    [{"params": [n.w1, n.gamma], "weight_decay": ms.nn.ExponentialDecayLR(0.1, 0.5, 1)},
     {"params": [n.b1, n.w2], "weight_decay": 0.05}], 0.1, 0.9, loss_scale=2.0), modes=("pynative", "graph")))
C(_opt_cases("Adam/groups_schedule", lambda ms, n: ms.nn.Adam(
    [{"params": [n.w1, n.gamma], "lr": ms.nn.WarmUpLR(0.1, 3)}, {"params": [n.b1, n.w2]}],
    ms.nn.CosineDecayLR(0.01, 0.1, 4)), modes=("pynative", "graph")))
C(_opt_cases("Momentum/dynamic_wd", lambda ms, n: ms.nn.Momentum(
    _P(n), 0.1, 0.9, weight_decay=ms.nn.ExponentialDecayLR(0.1, 0.5, 1))))
C([_bad("Momentum/bad_momentum_int", lambda ms, n: ms.nn.Momentum(_P(n), 0.1, 1)),
   _bad("Momentum/bad_momentum_neg", lambda ms, n: ms.nn.Momentum(_P(n), 0.1, -0.5)),
   _bad("Momentum/bad_nesterov", lambda ms, n: ms.nn.Momentum(_P(n), 0.1, 0.9, use_nesterov=1)),
   _bad("Momentum/bad_lr_neg", lambda ms, n: ms.nn.Momentum(_P(n), -0.1, 0.9)),
   _bad("Momentum/bad_lr_type", lambda ms, n: ms.nn.Momentum(_P(n), "0.1", 0.9)),
   _bad("Momentum/bad_lr_2d", lambda ms, n: ms.nn.Momentum(_P(n), ms.Tensor(np.ones((2, 2), np.float32)), 0.9)),
   _bad("Momentum/bad_wd_neg", lambda ms, n: ms.nn.Momentum(_P(n), 0.1, 0.9, weight_decay=-0.1)),
   _bad("Momentum/bad_wd_type", lambda ms, n: ms.nn.Momentum(_P(n), 0.1, 0.9, weight_decay="0.1")),
   _bad("Momentum/bad_loss_scale_zero", lambda ms, n: ms.nn.Momentum(_P(n), 0.1, 0.9, loss_scale=0.0)),
   _bad("Momentum/bad_loss_scale_type", lambda ms, n: ms.nn.Momentum(_P(n), 0.1, 0.9, loss_scale="1")),
   _bad("Momentum/bad_params_none", lambda ms, n: ms.nn.Momentum(None, 0.1, 0.9)),
   _bad("Momentum/bad_params_empty", lambda ms, n: ms.nn.Momentum([], 0.1, 0.9)),
   _bad("Momentum/bad_params_type", lambda ms, n: ms.nn.Momentum(3, 0.1, 0.9)),
   _bad("Momentum/bad_params_mixed", lambda ms, n: ms.nn.Momentum([n.w1, {"params": [n.b1]}], 0.1, 0.9)),
   _bad("Momentum/bad_group_key", lambda ms, n: ms.nn.Momentum([{"params": _P(n), "momentum": 0.1}], 0.1, 0.9)),
   _bad("Momentum/bad_group_repeat", lambda ms, n: ms.nn.Momentum(
       [{"params": [n.w1]}, {"params": [n.w1, n.b1]}], 0.1, 0.9)),
   _bad("Momentum/bad_group_elem", lambda ms, n: ms.nn.Momentum([{"params": [n.w1, 3]}], 0.1, 0.9)),
   _bad("Momentum/bad_group_gc", lambda ms, n: ms.nn.Momentum(
       [{"params": _P(n), "grad_centralization": 1}], 0.1, 0.9)),
   _bad("Momentum/bad_order_len", lambda ms, n: ms.nn.Momentum(
       [{"params": _P(n)}, {"order_params": [n.w1]}], 0.1, 0.9)),
   _bad("Momentum/bad_group_lr_len", lambda ms, n: ms.nn.Momentum(
       [{"params": [n.w1], "lr": [0.1, 0.2, 0.3]}, {"params": [n.b1]}], [0.1, 0.2], 0.9))])


def _lr_past_end(ms):
    net = _net(ms)
    opt = ms.nn.Momentum(_P(net), [0.1, 0.2], 0.9)
    for i in range(3):
        opt(_grads(ms, i))
    return opt.global_step.value()


C([case("Momentum/lr_list_past_end", _lr_past_end, error=True)])


def _api(ms):
    net = _net(ms)
    opt = ms.nn.Momentum(_groups(ms, net), 0.1, 0.9)
    lr1 = opt.get_lr_parameter(net.w1)
    lrs = opt.get_lr_parameter([net.b1, net.gamma])
    return [lr1.name, lr1.value(), [(x.name, x.value()) for x in lrs], opt.is_group, opt.is_group_lr,
            opt.dynamic_lr, opt.unique, opt.target, opt.decay_flags, opt.exec_weight_decay,
            opt.grad_centralization_flags, [p.name for p in opt.parameters], opt.get_lr(),
            opt.get_weight_decay(), opt.init_learning_rate, sorted(opt.init_args.items())]


def _api_flat(ms):
    net = _net(ms)
    opt = ms.nn.Adam(_P(net), [0.1, 0.2, 0.3], weight_decay=0.1, loss_scale=2.0)
    return [opt.is_group, opt.dynamic_lr, opt.get_lr(), opt.get_weight_decay(), opt.decay_flags, opt.need_scale,
            opt.reciprocal_scale, opt.loss_scale, opt.get_lr_parameter(net.w1).name,
            opt.get_lr_parameter(net.w1).value(), opt.init_learning_rate, sorted(opt.init_args.items()),
            len(opt.init_params["params"])]


def _api_helpers(ms):
    net = _net(ms)
    opt = ms.nn.Momentum(_groups(ms, net), 0.1, 0.9, loss_scale=2.0)
    g = _grads(ms, 1)
    return [opt.decay_weight(g), opt.gradients_centralization(g), opt.scale_grad(g), opt.flatten_gradients(g)]


C([case("Optimizer/api_groups", _api), case("Optimizer/api_flat", _api_flat),
   case("Optimizer/api_helpers", _api_helpers),
   case("Optimizer/bad_get_lr_parameter", lambda ms: ms.nn.SGD(_P(_net(ms))).get_lr_parameter(
       ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="other")), error=True),
   case("Optimizer/bad_get_lr_parameter_type", lambda ms: ms.nn.SGD(_P(_net(ms))).get_lr_parameter(3),
        error=True),
   case("Optimizer/bad_unique", lambda ms: setattr(ms.nn.SGD(_P(_net(ms))), "unique", 1), error=True)])


def _custom(ms):
    """A model-zoo style optimizer: Optimizer subclass with HyperMap/MultitypeFuncGraph."""
    ops, C_ = ms.ops, ms.ops.composite
    _upd = C_.MultitypeFuncGraph("upd")

    @_upd.register("Tensor", "Tensor", "Tensor", "Tensor", "Tensor")
    def _(momentum, lr, grad, param, moment):
        ops.assign(moment, moment * momentum + grad)
        ops.assign(param, param - lr * moment)
        return True

    class MyMomentum(ms.nn.Optimizer):
        def __init__(self, params, learning_rate, momentum=0.9):
            super().__init__(learning_rate, params)
            self.moments = self.parameters.clone(prefix="moments", init="zeros")
            self.momentum = ms.Tensor(momentum, ms.float32)
            self.hyper = C_.HyperMap()

        def construct(self, gradients):
            params = self.parameters
            lr = self.get_lr()
            gradients = self.decay_weight(gradients)
            gradients = self.gradients_centralization(gradients)
            gradients = self.scale_grad(gradients)
            self.assignadd(self.global_step, self.global_step_increase_tensor)
            return self.hyper(ops.partial(_upd, self.momentum, lr), gradients, params, self.moments)

    net = _net(ms)
    opt = MyMomentum(_P(net), [0.1, 0.2, 0.1, 0.05, 0.1])
    out = None
    for i in range(STEPS):
        out = opt(_grads(ms, i))
    return _state(opt, out)


C([case("Optimizer/custom_subclass", _custom), case("Optimizer/custom_subclass_graph", _custom, mode="graph")])

# --- Adam family -----------------------------------------------------------------------------
C(_opt_cases("Adam/default", lambda ms, n: ms.nn.Adam(_P(n), 0.1), modes=("pynative", "graph")))
# through backprop: the gradients differ in the last float bits; Adam's m / sqrt(v) magnifies that
# where a gradient is near 0 (relative 3e-4 on one element after 5 steps)
C([case("Adam/default/train_graph", _run_train(lambda ms, n: ms.nn.Adam(_P(n), 0.1)), mode="graph",
        rtol=1e-3, atol=1e-5)])
C(_opt_cases("Adam/nesterov_wd_ls", lambda ms, n: ms.nn.Adam(_P(n), 0.05, use_nesterov=True, weight_decay=0.1,
                                                               loss_scale=2.0, use_locking=True)))
C(_opt_cases("Adam/amsgrad", lambda ms, n: ms.nn.Adam(_P(n), 0.05, beta1=0.8, beta2=0.9, use_amsgrad=True)))
C(_opt_cases("Adam/groups", lambda ms, n: ms.nn.Adam(_groups(ms, n), 0.1), modes=("pynative", "graph")))
C(_opt_cases("Adam/lr_list", lambda ms, n: ms.nn.Adam(_P(n), [0.1, 0.05, 0.2, 0.01, 0.3])))
C(_opt_cases("Adam/lazy_kw", lambda ms, n: ms.nn.Adam(_P(n), 0.1, use_lazy=True)))
C(_opt_cases("Adam/offload_kw", lambda ms, n: ms.nn.Adam(_P(n), 0.1, use_offload=True)))
C([_bad("Adam/bad_beta1", lambda ms, n: ms.nn.Adam(_P(n), beta1=1.0)),
   _bad("Adam/bad_beta2_type", lambda ms, n: ms.nn.Adam(_P(n), beta2=1)),
   _bad("Adam/bad_eps", lambda ms, n: ms.nn.Adam(_P(n), eps=0.0)),
   _bad("Adam/bad_kwarg", lambda ms, n: ms.nn.Adam(_P(n), foo=True)),
   _bad("Adam/bad_lazy_offload", lambda ms, n: ms.nn.Adam(_P(n), use_lazy=True, use_offload=True)),
   _bad("Adam/bad_amsgrad_lazy", lambda ms, n: ms.nn.Adam(_P(n), use_lazy=True, use_amsgrad=True)),
   _bad("Adam/bad_use_locking", lambda ms, n: ms.nn.Adam(_P(n), use_locking=0))])

C(_opt_cases("AdamWeightDecay/default", lambda ms, n: ms.nn.AdamWeightDecay(_P(n), 0.1, weight_decay=0.1),
             modes=("pynative", "graph"), train=True))
C(_opt_cases("AdamWeightDecay/groups", lambda ms, n: ms.nn.AdamWeightDecay(_groups(ms, n, gc=False), 0.1, eps=1e-4)))
C(_opt_cases("AdamWeightDecay/lr_schedule", lambda ms, n: ms.nn.AdamWeightDecay(
    _P(n), ms.nn.PolynomialDecayLR(0.1, 0.01, 4, 0.5), weight_decay=0.01)))
C([_bad("AdamWeightDecay/bad_beta1", lambda ms, n: ms.nn.AdamWeightDecay(_P(n), beta1=0.0)),
   _bad("AdamWeightDecay/bad_eps_type", lambda ms, n: ms.nn.AdamWeightDecay(_P(n), eps=1))])

C(_opt_cases("AdamOffload/default", lambda ms, n: ms.nn.AdamOffload(_P(n), 0.1, weight_decay=0.01)))
C(_opt_cases("LazyAdam/default", lambda ms, n: ms.nn.LazyAdam(_P(n), 0.1), modes=("pynative", "graph")))
C(_opt_cases("LazyAdam/nesterov_groups", lambda ms, n: ms.nn.LazyAdam(_groups(ms, n), 0.1, use_nesterov=True,
                                                                        loss_scale=2.0)))
C([_bad("LazyAdam/bad_wd_int", lambda ms, n: ms.nn.LazyAdam(_P(n), weight_decay=1)),
   _bad("AdamOffload/bad_nesterov", lambda ms, n: ms.nn.AdamOffload(_P(n), use_nesterov=None))])

C(_opt_cases("AdaMax/default", lambda ms, n: ms.nn.AdaMax(_P(n), 0.1), modes=("pynative", "graph"), train=True))
C(_opt_cases("AdaMax/groups_wd_ls", lambda ms, n: ms.nn.AdaMax(_groups(ms, n), 0.1, weight_decay=0.05,
                                                               loss_scale=4.0)))
C([_bad("AdaMax/bad_beta2", lambda ms, n: ms.nn.AdaMax(_P(n), beta2=1.5))])

# --- Adagrad / Adadelta / RMSProp / ProximalAdagrad / FTRL -------------------------------------
C(_opt_cases("Adagrad/default", lambda ms, n: ms.nn.Adagrad(_P(n), learning_rate=0.1),
             modes=("pynative", "graph"), train=True))
C(_opt_cases("Adagrad/groups_accum", lambda ms, n: ms.nn.Adagrad(_groups(ms, n), accum=0.5, learning_rate=0.1,
                                                                 weight_decay=0.01, loss_scale=2.0)))
C([_bad("Adagrad/bad_accum", lambda ms, n: ms.nn.Adagrad(_P(n), accum=-0.1)),
   _bad("Adagrad/bad_accum_int", lambda ms, n: ms.nn.Adagrad(_P(n), accum=1)),
   _bad("Adagrad/bad_update_slots", lambda ms, n: ms.nn.Adagrad(_P(n), update_slots=0))])

C(_opt_cases("Adadelta/default", lambda ms, n: ms.nn.Adadelta(_P(n), learning_rate=0.5),
             modes=("pynative", "graph")))
C(_opt_cases("Adadelta/groups", lambda ms, n: ms.nn.Adadelta(_groups(ms, n), rho=0.8, epsilon=1e-4,
                                                             weight_decay=0.01)))
C([_bad("Adadelta/bad_rho", lambda ms, n: ms.nn.Adadelta(_P(n), rho=1.5)),
   _bad("Adadelta/bad_eps", lambda ms, n: ms.nn.Adadelta(_P(n), epsilon=-1e-6)),
   case("Adadelta/bad_grads_list", lambda ms: ms.nn.Adadelta(_P(_net(ms)))(list(_grads(ms, 0))), error=True)])

C(_opt_cases("RMSProp/default", lambda ms, n: ms.nn.RMSProp(_P(n), 0.05), modes=("pynative", "graph"), train=True))
C(_opt_cases("RMSProp/momentum", lambda ms, n: ms.nn.RMSProp(_P(n), 0.05, decay=0.8, momentum=0.5,
                                                             weight_decay=0.01, loss_scale=2.0)))
C(_opt_cases("RMSProp/centered_groups", lambda ms, n: ms.nn.RMSProp(_groups(ms, n), 0.05, momentum=0.3,
                                                                    centered=True, epsilon=1e-6)))
C([_bad("RMSProp/bad_decay", lambda ms, n: ms.nn.RMSProp(_P(n), decay=-0.1)),
   _bad("RMSProp/bad_momentum_int", lambda ms, n: ms.nn.RMSProp(_P(n), momentum=0)),
   _bad("RMSProp/bad_epsilon", lambda ms, n: ms.nn.RMSProp(_P(n), epsilon=0.0)),
   _bad("RMSProp/bad_centered", lambda ms, n: ms.nn.RMSProp(_P(n), centered="yes"))])

C(_opt_cases("ProximalAdagrad/default", lambda ms, n: ms.nn.ProximalAdagrad(_P(n), learning_rate=0.1),
             modes=("pynative", "graph")))
C(_opt_cases("ProximalAdagrad/l1_l2_groups", lambda ms, n: ms.nn.ProximalAdagrad(
    _groups(ms, n), accum=0.2, learning_rate=0.1, l1=0.01, l2=0.05, weight_decay=0.01)))
C([_bad("ProximalAdagrad/bad_l1", lambda ms, n: ms.nn.ProximalAdagrad(_P(n), l1=-0.1)),
   _bad("ProximalAdagrad/bad_l2_int", lambda ms, n: ms.nn.ProximalAdagrad(_P(n), l2=0))])

C(_opt_cases("FTRL/default", lambda ms, n: ms.nn.FTRL(_P(n), learning_rate=0.1), modes=("pynative", "graph")))
C(_opt_cases("FTRL/l2_wd_ls", lambda ms, n: ms.nn.FTRL(_P(n), initial_accum=0.2, learning_rate=0.1, lr_power=-0.7,
                                                       l2=0.05, weight_decay=0.01, loss_scale=2.0)))
C([_bad("FTRL/bad_dynamic_lr", lambda ms, n: ms.nn.FTRL(_P(n), learning_rate=[0.1, 0.2])),
   _bad("FTRL/bad_lr_int", lambda ms, n: ms.nn.FTRL(_P(n), learning_rate=1)),
   _bad("FTRL/bad_lr_power", lambda ms, n: ms.nn.FTRL(_P(n), lr_power=0.5)),
   _bad("FTRL/bad_l1", lambda ms, n: ms.nn.FTRL(_P(n), l1=-1.0)),
   _bad("FTRL/bad_group_lr", lambda ms, n: ms.nn.FTRL([{"params": [n.w1], "lr": 0.1}, {"params": [n.b1]}]))])

# --- ASGD / Rprop / AdaFactor ------------------------------------------------------------------
C(_opt_cases("ASGD/default", lambda ms, n: ms.nn.ASGD(_P(n), 0.1), modes=("pynative", "graph"), train=True))
C(_opt_cases("ASGD/averaging", lambda ms, n: ms.nn.ASGD(_P(n), 0.1, lambd=0.01, alpha=0.5, t0=2.0,
                                                         weight_decay=0.01)))
C(_opt_cases("ASGD/groups_lr_list", lambda ms, n: ms.nn.ASGD(_groups(ms, n, lr=[0.1, 0.05, 0.02, 0.1, 0.1]),
                                                             [0.2, 0.1, 0.05, 0.1, 0.1], t0=3.0)))
C([_bad("ASGD/bad_lambd", lambda ms, n: ms.nn.ASGD(_P(n), lambd=1)),
   _bad("ASGD/bad_t0", lambda ms, n: ms.nn.ASGD(_P(n), t0=10))])

C(_opt_cases("Rprop/default", lambda ms, n: ms.nn.Rprop(_P(n), 0.1), modes=("pynative", "graph"), train=True))
C(_opt_cases("Rprop/etas_groups", lambda ms, n: ms.nn.Rprop(_groups(ms, n), 0.05, etas=(0.3, 1.5),
                                                            step_sizes=(1e-3, 0.08), weight_decay=0.01)))
C([_bad("Rprop/bad_etas_type", lambda ms, n: ms.nn.Rprop(_P(n), etas=[0.5, 1.2])),
   _bad("Rprop/bad_etas_len", lambda ms, n: ms.nn.Rprop(_P(n), etas=(0.5, 1.2, 2.0))),
   _bad("Rprop/bad_etaplus", lambda ms, n: ms.nn.Rprop(_P(n), etas=(0.5, 0.9))),
   _bad("Rprop/bad_etaminus", lambda ms, n: ms.nn.Rprop(_P(n), etas=(1.5, 1.2))),
   _bad("Rprop/bad_step_sizes", lambda ms, n: ms.nn.Rprop(_P(n), step_sizes=(1.0, 0.5))),
   _bad("Rprop/bad_step_sizes_type", lambda ms, n: ms.nn.Rprop(_P(n), step_sizes=(1, 50.)))])

C(_opt_cases("AdaFactor/relative_step", lambda ms, n: ms.nn.AdaFactor(_P(n)), modes=("pynative", "graph"),
             train=True))
C(_opt_cases("AdaFactor/manual_lr", lambda ms, n: ms.nn.AdaFactor(_P(n), learning_rate=0.1, relative_step=False)))
C(_opt_cases("AdaFactor/no_scale_wd", lambda ms, n: ms.nn.AdaFactor(_P(n), learning_rate=0.05, relative_step=False,
                                                                    scale_parameter=False, weight_decay=0.1,
                                                                    clip_threshold=0.5, decay_rate=0.7)))
C(_opt_cases("AdaFactor/warmup", lambda ms, n: ms.nn.AdaFactor(_P(n), warmup_init=True, beta1=0.5)))
C(_opt_cases("AdaFactor/no_first_moment", lambda ms, n: ms.nn.AdaFactor(_P(n), beta1=0.0, weight_decay=0.1)))
C(_opt_cases("AdaFactor/compression", lambda ms, n: ms.nn.AdaFactor(_P(n), compression=True)))
C([_bad("AdaFactor/bad_lr_with_relative", lambda ms, n: ms.nn.AdaFactor(_P(n), learning_rate=0.1)),
   _bad("AdaFactor/bad_warmup", lambda ms, n: ms.nn.AdaFactor(_P(n), learning_rate=0.1, relative_step=False,
                                                              warmup_init=True)),
   _bad("AdaFactor/bad_no_lr", lambda ms, n: ms.nn.AdaFactor(_P(n), relative_step=False)),
   _bad("AdaFactor/bad_eps_len", lambda ms, n: ms.nn.AdaFactor(_P(n), eps=(1e-30,))),
   _bad("AdaFactor/bad_decay_rate", lambda ms, n: ms.nn.AdaFactor(_P(n), decay_rate=1.0)),
   _bad("AdaFactor/bad_clip_type", lambda ms, n: ms.nn.AdaFactor(_P(n), clip_threshold=1))])

# --- Lamb / LARS: no CPU kernel in MindSpore 2.10; state names and argument checks ---------------
C([case("Lamb/state_names", _build_only(lambda ms, n: ms.nn.Lamb(_P(n), 0.1, weight_decay=0.01))),
   case("Lamb/state_names_groups", _build_only(lambda ms, n: ms.nn.Lamb(_groups(ms, n), 0.1))),
   _bad("Lamb/bad_beta1", lambda ms, n: ms.nn.Lamb(_P(n), 0.1, beta1=1.0)),
   _bad("Lamb/bad_eps", lambda ms, n: ms.nn.Lamb(_P(n), 0.1, eps=-1.0)),
   case("LARS/state_names", _build_only(lambda ms, n: ms.nn.LARS(ms.nn.Momentum(_P(n), 0.1, 0.9)))),
   case("LARS/state_names_clip", _build_only(lambda ms, n: ms.nn.LARS(
       ms.nn.Momentum(_P(n), [0.1, 0.2], 0.9, weight_decay=0.1), use_clip=True))),
   _bad("LARS/bad_optimizer", lambda ms, n: ms.nn.LARS(0.1)),
   _bad("LARS/bad_epsilon", lambda ms, n: ms.nn.LARS(ms.nn.Momentum(_P(n), 0.1, 0.9), epsilon=1)),
   _bad("LARS/bad_clip_group_dynamic", lambda ms, n: ms.nn.LARS(
       ms.nn.Momentum(_groups(ms, n, lr=[0.1, 0.2]), [0.1, 0.2], 0.9), use_clip=True))])


# --- ms_ref cases: the kernels MindSpore 2.10's CPU build lacks (Lamb, LARSUpdate, Centralization;
# listed in cpu_untestable.tsv). Real MindSpore builds the real optimizer (state names, dtypes, the
# wrapped optimizer of LARS) and runs MindSpore's documented formula for the missing kernel only.
def _lamb_ms_ref(ms):
    ops = ms.ops
    net = _net(ms)
    opt = ms.nn.Lamb(_P(net), 0.1, weight_decay=0.01)
    b1, b2 = ms.Tensor(0.9, ms.float32), ms.Tensor(0.999, ms.float32)
    for i in range(STEPS):
        opt.global_step.set_data(opt.global_step + 1)
        t = ms.Tensor(float(i + 1), ms.float32)
        for p, m, v, g, flag in zip(opt.params, opt.moments1, opt.moments2, _grads(ms, i, opt.params),
                                    opt.decay_flags):
            nm = b1 * m + (1 - b1) * g
            nv = b2 * v + (1 - b2) * g * g
            upd = (nm / (1 - ops.pow(b1, t))) / (ops.sqrt(nv / (1 - ops.pow(b2, t))) + 1e-6)
            if flag:
                upd = upd + 0.01 * p
            wn, gn, un = ops.norm(p), ops.norm(g), ops.norm(upd)
            ratio = float(wn.asnumpy() / un.asnumpy()) if (wn.asnumpy() > 0 and gn.asnumpy() > 0) else 1.0
            ratio = min(max(ratio, 0.0), 10.0)
            ops.assign(p, p - 0.1 * ratio * upd)
            ops.assign(m, nm)
            ops.assign(v, nv)
    return _state(opt, (True,) * len(opt.params))


def _lars_ms_ref(ms):
    ops = ms.ops
    net = _net(ms)
    inner = ms.nn.Momentum(_P(net), 0.1, 0.9, weight_decay=0.01, loss_scale=2.0)
    opt = ms.nn.LARS(inner, epsilon=1e-5, coefficient=0.01)
    out = None
    wd = float(opt.weight_decay.asnumpy()) / opt.loss_scale
    for i in range(STEPS):
        grads = []
        for p, g, dflag, lflag in zip(opt.parameters, _grads(ms, i, opt.parameters), opt.decay_flags,
                                      opt.lars_flag):
            g = g * (1.0 / opt.loss_scale)
            if lflag:
                w_ = wd if dflag else 0.0
                wn, gn = ops.norm(p), ops.norm(g)
                if wn.asnumpy() > 0 and gn.asnumpy() > 0:
                    ratio = 0.01 * wn / (gn + w_ * wn + 1e-5)
                else:
                    ratio = ms.Tensor(1.0, ms.float32)
                g = ratio * (g + w_ * p)
            grads.append(g)
        out = inner(tuple(grads))
    return _state(opt, out)


def _gc_ms_ref(ms):
    net = _net(ms)
    opt = ms.nn.Momentum(_groups(ms, net, gc=True), 0.1, 0.9)
    flags = opt.grad_centralization_flags
    opt.grad_centralization_flags = tuple(False for _ in flags)
    out = None
    for i in range(STEPS):
        grads = []
        for g, flag in zip(_grads(ms, i, opt.parameters), flags):
            if flag and g.ndim >= 2 and g.shape[1] % 16 == 0:
                g = g - g.mean(axis=tuple(range(1, g.ndim)), keep_dims=True)
            grads.append(g)
        out = opt(tuple(grads))
    return _state(opt, out)


C([case("Lamb/update_ms_ref", _run(lambda ms, n: ms.nn.Lamb(_P(n), 0.1, weight_decay=0.01)), ms_ref=_lamb_ms_ref),
   case("LARS/update_ms_ref", _run(lambda ms, n: ms.nn.LARS(
       ms.nn.Momentum(_P(n), 0.1, 0.9, weight_decay=0.01, loss_scale=2.0), epsilon=1e-5, coefficient=0.01)),
       ms_ref=_lars_ms_ref),
   case("Momentum/grad_centralization_ms_ref", _run(lambda ms, n: ms.nn.Momentum(_groups(ms, n, gc=True), 0.1, 0.9)),
        ms_ref=_gc_ms_ref)])
