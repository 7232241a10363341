"""``mindspore.experimental.optim``: the PyTorch-style optimizers (4 steps on two parameter
groups) and ``lr_scheduler`` (7 steps of each scheduler, closed forms, SequentialLR,
ReduceLROnPlateau), their parameter groups, state names and argument checks."""
import importlib

import numpy as np

from parity_tests.harness import case

# MindSpore's fused CPU kernels (Adam, RMSProp) round in another order than the element-wise
# XLA update: the parameters agree to ~3e-6 absolute after 4 steps.
_OPT_TOL = dict(rtol=1e-4, atol=1e-5)

_RS = np.random.RandomState(5)
_W0 = _RS.randn(3).astype(np.float32)
_B0 = _RS.randn(2).astype(np.float32)
_GRADS = [(_RS.randn(3).astype(np.float32), _RS.randn(2).astype(np.float32)) for _ in range(4)]


def _optim(ms):
    return importlib.import_module(f"{ms.__name__}.experimental.optim")


def _sched(ms):
    return importlib.import_module(f"{ms.__name__}.experimental.optim.lr_scheduler")


def _params(ms):
    w = ms.Parameter(ms.Tensor(_W0), name="w")
    b = ms.Parameter(ms.Tensor(_B0), name="b")
    return w, b


def _run(name, **kw):
    def fn(ms):
        w, b = _params(ms)
        opt = getattr(_optim(ms), name)([{"params": [w]}, {"params": [b], "lr": 0.05}], **kw)
        outs = []
        for gw, gb in _GRADS:
            outs.append(opt((ms.Tensor(gw), ms.Tensor(gb))))
        return outs, w.value(), b.value()
    return fn


def _make(name, *args, **kw):
    def fn(ms):
        w, b = _params(ms)
        return getattr(_optim(ms), name)(*args if args else ([w, b],), **kw)
    return fn


def _sgd(ms):
    w, b = _params(ms)
    return _optim(ms).SGD([{"params": [w]}, {"params": [b], "lr": 0.05}], lr=0.1)


def _steps(name, n=7, **kw):
    def fn(ms):
        s = getattr(_sched(ms), name)(_sgd(ms), **kw)
        out = []
        for _ in range(n):
            s.step()
            out.append(s.get_last_lr())
        return out
    return fn


def _closed(name, epoch, **kw):
    def fn(ms):
        s = getattr(_sched(ms), name)(_sgd(ms), **kw)
        s.step(epoch)
        return s.get_last_lr()
    return fn


def _sequential(ms):
    L = _sched(ms)
    opt = _sgd(ms)
    s = L.SequentialLR(opt, [L.ConstantLR(opt, factor=0.5, total_iters=2), L.ExponentialLR(opt, gamma=0.9)],
                       milestones=[2])
    out = []
    for _ in range(6):
        s.step()
        out.append(s.get_last_lr())
    return out


def _plateau(mode, threshold_mode, metrics, **kw):
    def fn(ms):
        s = _sched(ms).ReduceLROnPlateau(_sgd(ms), mode=mode, threshold_mode=threshold_mode, **kw)
        out = []
        for m in metrics:
            s.step(ms.Tensor(m, ms.float32))
            out.append(s.get_last_lr())
        return out
    return fn


def _scheduled_training(ms):
    """Optimizer steps with a scheduler in between: the rate the update uses follows the scheduler."""
    w, b = _params(ms)
    opt = _optim(ms).SGD([w, b], lr=0.1, momentum=0.9)
    s = _sched(ms).StepLR(opt, step_size=1, gamma=0.5)
    for gw, gb in _GRADS:
        opt((ms.Tensor(gw), ms.Tensor(gb)))
        s.step()
    return w.value(), b.value(), s.get_last_lr()


def _group_float_lr(ms):
    """A float written into a group's ``lr`` is the rate used."""
    w, b = _params(ms)
    opt = _optim(ms).SGD([w, b], lr=0.1)
    opt.param_groups[0]["lr"] = 0.5
    opt((ms.Tensor(_GRADS[0][0]), ms.Tensor(_GRADS[0][1])))
    return w.value(), b.value()


def _layout(name, **kw):
    def fn(ms):
        w, b = _params(ms)
        opt = getattr(_optim(ms), name)([{"params": [w], "weight_decay": 0.5}, {"params": [b], "lr": 0.05}], **kw)
        groups = [{k: (v if k not in ("params", "lr") else None) for k, v in g.items()} for g in opt.param_groups]
        return (repr(opt), groups, [n for n, _ in opt.parameters_and_names()], opt.group_start_id,
                [lr.name for lr in opt.lrs], [lr.value() for lr in opt.lrs], opt.defaults)
    return fn


def _add_group(ms):
    w, b = _params(ms)
    opt = _optim(ms).Adam([w], lr=0.1)
    opt.add_param_group({"params": b, "lr": 0.2})
    return opt.group_start_id, [lr.value() for lr in opt.lrs], sorted(opt.param_groups[1])


def _dup_group(ms):
    w, b = _params(ms)
    opt = _optim(ms).Adam([w], lr=0.1)
    opt.add_param_group({"params": [w]})


def _custom_optimizer(ms):
    """A user optimizer written against the base class, as in MindSpore's documentation."""
    class MySGD(_optim(ms).Optimizer):
        def __init__(self, params, lr):
            super().__init__(params, dict(lr=lr))

        def construct(self, gradients):
            for group_id, group in enumerate(self.param_groups):
                start = self.group_start_id[group_id]
                for i, param in enumerate(group["params"]):
                    ms.ops.assign(param, param - gradients[start + i] * group["lr"])
            return True
    w, b = _params(ms)
    opt = MySGD([w, b], 0.25)
    opt((ms.Tensor(_GRADS[0][0]), ms.Tensor(_GRADS[0][1])))
    return w.value(), b.value()


_OPT_CFGS = [
    ("SGD", dict(lr=0.1)), ("SGD", dict(lr=0.1, momentum=0.9, weight_decay=0.01)),
    ("SGD", dict(lr=0.1, momentum=0.9, nesterov=True)), ("SGD", dict(lr=0.1, momentum=0.5, dampening=0.3,
                                                                     maximize=True)),
    ("Adam", dict(lr=0.1)), ("Adam", dict(lr=0.1, weight_decay=0.1, maximize=True)),
    ("Adam", dict(lr=0.05, betas=(0.8, 0.99), amsgrad=True)),
    ("AdamW", dict(lr=0.1)), ("AdamW", dict(lr=0.1, amsgrad=True, weight_decay=0.3)),
    ("AdamW", dict(lr=0.1, maximize=True)),
    ("Adadelta", dict(lr=1.0)), ("Adadelta", dict(lr=0.5, weight_decay=0.1, maximize=True)),
    ("Adagrad", dict(lr=0.1)), ("Adagrad", dict(lr=0.1, lr_decay=0.1, initial_accumulator_value=0.2)),
    ("Adamax", dict(lr=0.1)), ("Adamax", dict(lr=0.1, weight_decay=0.2, maximize=True)),
    ("ASGD", dict(lr=0.1, t0=1.0, lambd=0.01)), ("ASGD", dict(lr=0.1)),
    ("NAdam", dict(lr=0.1)), ("NAdam", dict(lr=0.1, weight_decay=0.1, momentum_decay=0.01)),
    ("RAdam", dict(lr=0.1)), ("RAdam", dict(lr=0.1, betas=(0.9, 0.5), weight_decay=0.1)),
    ("RMSprop", dict(lr=0.01)), ("RMSprop", dict(lr=0.01, momentum=0.9, centered=True, weight_decay=0.1)),
    ("Rprop", dict(lr=0.1)), ("Rprop", dict(lr=0.1, etas=(0.3, 1.5), step_sizes=(0.01, 0.2), maximize=True)),
]

_BAD = [
    ("SGD", dict(lr=-0.1)), ("SGD", dict(lr=0.1, momentum=-1.0)), ("SGD", dict(lr=0.1, nesterov=1)),
    ("SGD", dict(lr=0.1, nesterov=True)), ("SGD", dict(lr="0.1")), ("SGD", dict(lr=0.1, dampening="x")),
    ("SGD", dict(lr=0.1, maximize=None)),
    ("Adam", dict(lr=-1.0)), ("Adam", dict(eps=-1e-8)), ("Adam", dict(betas=(1.0, 0.9))),
    ("Adam", dict(betas=(0.9, -0.1))), ("Adam", dict(weight_decay=-0.1)), ("Adam", dict(lr=None)),
    ("AdamW", dict(lr=-1.0)), ("AdamW", dict(betas=(0.9, 1.5))), ("AdamW", dict(weight_decay=-0.01)),
    ("Adadelta", dict(lr=0.0)), ("Adadelta", dict(rho=1.5)), ("Adadelta", dict(eps=0.0)),
    ("Adadelta", dict(rho=1)), ("Adagrad", dict(lr=0.0)), ("Adagrad", dict(lr_decay=-1.0)),
    ("Adagrad", dict(initial_accumulator_value=-0.1)), ("Adagrad", dict(eps=0.0)),
    ("Adamax", dict(betas=(1.0, 0.9))), ("Adamax", dict(eps=0.0)), ("Adamax", dict(weight_decay=-1.0)),
    ("ASGD", dict(lambd=1)), ("ASGD", dict(t0=10)), ("ASGD", dict(lr=0.0)),
    ("NAdam", dict(momentum_decay=-0.1)), ("NAdam", dict(betas=(0.9, 1.0))), ("NAdam", dict(lr=-0.5)),
    ("RAdam", dict(eps=-1.0)), ("RAdam", dict(betas=(-0.1, 0.9))), ("RMSprop", dict(alpha=-0.5)),
    ("RMSprop", dict(momentum=-0.1)), ("RMSprop", dict(eps=0.0)), ("Rprop", dict(etas=(1.0, 1.2))),
    ("Rprop", dict(etas=(0.5, 1.0))), ("Rprop", dict(lr=-0.01)),
]

_SCHED_BAD = [
    ("StepLR", dict(step_size=2.0)), ("StepLR", dict(step_size=2, gamma=1)), ("LinearLR", dict(start_factor=0.0)),
    ("LinearLR", dict(end_factor=1.5)), ("LinearLR", dict(total_iters=2.0)), ("ExponentialLR", dict(gamma=1)),
    ("PolynomialLR", dict(power=-1.0)), ("PolynomialLR", dict(power=1)), ("PolynomialLR", dict(total_iters=1.5)),
    ("MultiStepLR", dict(milestones=(1, 2))), ("MultiStepLR", dict(milestones=[1, 2.0])),
    ("MultiStepLR", dict(milestones=[1], gamma="x")), ("ConstantLR", dict(factor=1.5)),
    ("ConstantLR", dict(total_iters=2.5)), ("LambdaLR", dict(lr_lambda=[lambda e: 1.0])),
    ("MultiplicativeLR", dict(lr_lambda=[lambda e: 1.0] * 3)), ("CosineAnnealingLR", dict(T_max=2.0)),
    ("CosineAnnealingLR", dict(T_max=2, eta_min="0")), ("CosineAnnealingWarmRestarts", dict(T_0=0)),
    ("CosineAnnealingWarmRestarts", dict(T_0=2, T_mult=0)), ("CosineAnnealingWarmRestarts", dict(T_0=2, eta_min="a")),
    ("CyclicLR", dict(base_lr=0.01, max_lr=0.1, mode="sine")), ("CyclicLR", dict(base_lr=[0.01], max_lr=0.1)),
    ("StepLR", dict(step_size=2, last_epoch=-2)), ("StepLR", dict(step_size=2, last_epoch=3)),
    ("StepLR", dict(step_size=2, last_epoch=1.0)),
    ("ReduceLROnPlateau", dict(factor=1.0)), ("ReduceLROnPlateau", dict(mode="mid")),
    ("ReduceLROnPlateau", dict(threshold_mode="ratio")), ("ReduceLROnPlateau", dict(min_lr=[0.1])),
]


def _sched_bad(name, kw):
    return lambda ms: getattr(_sched(ms), name)(_sgd(ms), **kw)


def _not_optimizer(name):
    return lambda ms: getattr(_sched(ms), name)(ms.nn.SGD([ms.Parameter(ms.Tensor(_W0), name="w")]),
                                                **({"step_size": 2} if name == "StepLR" else {}))


CASES = (
    [case(f"exp_optim/{n}/{'_'.join(f'{k}={v}' for k, v in kw.items())}", _run(n, **kw), **_OPT_TOL)
     for n, kw in _OPT_CFGS]
    + [case(f"exp_optim/bad/{n}/{'_'.join(f'{k}={v}' for k, v in kw.items())}", _make(n, **kw), error=True)
       for n, kw in _BAD]
    + [
        case("exp_optim/bad/empty_params", _make("Adam", []), error=True),
        case("exp_optim/bad/none_params", _make("Adam", None), error=True),
        case("exp_optim/bad/not_iterable", _make("Adam", 3), error=True),
        case("exp_optim/bad/tensor_in_group", lambda ms: _optim(ms).Adam([{"params": [ms.Tensor(_W0)]}]),
             error=True),
        case("exp_optim/bad/group_not_dict", lambda ms: _optim(ms).Adam([{"params": [_params(ms)[0]]}, 3]),
             error=True),
        case("exp_optim/bad/set_in_group", lambda ms: _optim(ms).Adam([{"params": set(_params(ms))}]), error=True),
        case("exp_optim/bad/lr_vector", lambda ms: _optim(ms).Optimizer(list(_params(ms)),
                                                                       dict(lr=ms.Tensor([0.1, 0.2]))), error=True),
        case("exp_optim/bad/weight_decay_str", lambda ms: _optim(ms).Optimizer(list(_params(ms)),
                                                                               dict(lr=0.1, weight_decay="x")),
             error=True),
        case("exp_optim/bad/duplicate_group", _dup_group, error=True),
        case("exp_optim/layout/Adam", _layout("Adam", lr=0.1)),
        case("exp_optim/layout/SGD", _layout("SGD", lr=0.1, momentum=0.9)),
        case("exp_optim/layout/ASGD", _layout("ASGD")),
        case("exp_optim/layout/NAdam", _layout("NAdam")),
        case("exp_optim/layout/Rprop", _layout("Rprop")),
        case("exp_optim/layout/Adagrad", _layout("Adagrad", initial_accumulator_value=0.5)),
        case("exp_optim/add_param_group", _add_group),
        case("exp_optim/tensor_lr", lambda ms: [lr.value() for lr in _optim(ms).SGD(
            list(_params(ms)), lr=ms.Tensor(0.25, ms.float64)).lrs]),
        case("exp_optim/int_lr", lambda ms: [lr.value() for lr in _optim(ms).Adam(list(_params(ms)), lr=1).lrs]),
        case("exp_optim/group_float_lr", _group_float_lr),
        case("exp_optim/custom_subclass", _custom_optimizer),
        case("exp_optim/scheduled_training", _scheduled_training, **_OPT_TOL),
        case("exp_lr/StepLR", _steps("StepLR", step_size=2, gamma=0.5)),
        case("exp_lr/LinearLR", _steps("LinearLR", start_factor=0.25, total_iters=4)),
        case("exp_lr/LinearLR_default", _steps("LinearLR")),
        case("exp_lr/ExponentialLR", _steps("ExponentialLR", gamma=0.9)),
        case("exp_lr/PolynomialLR", _steps("PolynomialLR", total_iters=4, power=2.0)),
        case("exp_lr/LambdaLR", _steps("LambdaLR", lr_lambda=lambda e: 0.9 ** e)),
        case("exp_lr/MultiplicativeLR", _steps("MultiplicativeLR", lr_lambda=lambda e: 0.95)),
        case("exp_lr/MultiStepLR", _steps("MultiStepLR", milestones=[2, 4, 4], gamma=0.5)),
        case("exp_lr/ConstantLR", _steps("ConstantLR", factor=0.5, total_iters=3)),
        case("exp_lr/CyclicLR_triangular", _steps("CyclicLR", base_lr=0.01, max_lr=0.1, step_size_up=2)),
        case("exp_lr/CyclicLR_triangular2", _steps("CyclicLR", 9, base_lr=0.01, max_lr=0.1, step_size_up=2,
                                                   mode="triangular2")),
        case("exp_lr/CyclicLR_exp_range", _steps("CyclicLR", base_lr=0.01, max_lr=0.1, step_size_up=3,
                                                 mode="exp_range", gamma=0.9)),
        case("exp_lr/CyclicLR_lists", _steps("CyclicLR", base_lr=[0.01, 0.02], max_lr=[0.1, 0.2], step_size_up=2,
                                             step_size_down=3)),
        case("exp_lr/CosineAnnealingWarmRestarts", _steps("CosineAnnealingWarmRestarts", 9, T_0=3, T_mult=2,
                                                          eta_min=0.001)),
        case("exp_lr/CosineAnnealingLR", _steps("CosineAnnealingLR", 9, T_max=3, eta_min=0.01)),
        case("exp_lr/SequentialLR", _sequential),
        case("exp_lr/Plateau_min_rel", _plateau("min", "rel", [1.0, 0.9, 0.95, 0.97, 0.99, 0.5, 0.6, 0.7],
                                                patience=1, factor=0.5)),
        case("exp_lr/Plateau_max_abs", _plateau("max", "abs", [0.1, 0.2, 0.2, 0.15, 0.1, 0.3], patience=0,
                                                threshold=0.05, cooldown=1, min_lr=0.03)),
        case("exp_lr/closed_StepLR", _closed("StepLR", 5, step_size=2, gamma=0.5)),
        case("exp_lr/closed_CosineAnnealingLR", _closed("CosineAnnealingLR", 3, T_max=4)),
        case("exp_lr/closed_WarmRestarts", _closed("CosineAnnealingWarmRestarts", 5, T_0=2)),
        case("exp_lr/closed_LinearLR", _closed("LinearLR", 2)),
        case("exp_lr/closed_ExponentialLR", _closed("ExponentialLR", 3, gamma=0.5)),
        case("exp_lr/closed_ConstantLR", _closed("ConstantLR", 4, factor=0.5, total_iters=3)),
        case("exp_lr/closed_PolynomialLR", _closed("PolynomialLR", 2, total_iters=4, power=2.0)),
        case("exp_lr/closed_MultiStepLR_fails", _closed("MultiStepLR", 3, milestones=[2]), error=True),
        case("exp_lr/WarmRestarts_negative_epoch", _closed("CosineAnnealingWarmRestarts", -1, T_0=2), error=True),
        case("exp_lr/not_optimizer_StepLR", _not_optimizer("StepLR"), error=True),
        case("exp_lr/not_optimizer_Plateau", _not_optimizer("ReduceLROnPlateau"), error=True),
    ]
    + [case(f"exp_lr/bad/{n}/{i}", _sched_bad(n, kw), error=True) for i, (n, kw) in enumerate(_SCHED_BAD)]
)
