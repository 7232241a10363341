"""Learning-rate schedules (``nn.*DecayLR``, ``nn.WarmUpLR``) and the ``nn.dynamic_lr`` functions:
values and dtypes at several global steps, ``is_stair``, validation errors, GRAPH_MODE and ms.jit."""
import numpy as np

from parity_tests.harness import case

STEPS = np.array([0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 100], np.int32)


def _sched(build):
    """Apply the schedule to a vector of steps and to several scalar int32 steps."""
    def fn(ms, steps):
        lr = build(ms)
        return [lr(steps)] + [lr(ms.Tensor(s, ms.int32)) for s in (0, 3, 4, 11)]
    return fn


def _jit(build):
    """The schedule called inside ms.jit on a traced step (as a compiled optimizer does)."""
    def fn(ms, steps):
        lr = build(ms)

        @ms.jit
        def f(s):
            return lr(s) * 2.0
        return [f(steps), f(ms.Tensor(5, ms.int32))]
    return fn


SCHEDULES = {
    "ExponentialDecayLR/basic": lambda ms: ms.nn.ExponentialDecayLR(0.1, 0.9, 4),
    "ExponentialDecayLR/stair": lambda ms: ms.nn.ExponentialDecayLR(0.1, 0.9, 4, True),
    "ExponentialDecayLR/large_rate": lambda ms: ms.nn.ExponentialDecayLR(1.0, 1.5, 3, is_stair=False),
    "NaturalExpDecayLR/basic": lambda ms: ms.nn.NaturalExpDecayLR(0.1, 0.2, 4),
    "NaturalExpDecayLR/stair": lambda ms: ms.nn.NaturalExpDecayLR(0.1, 0.2, 4, True),
    "InverseDecayLR/basic": lambda ms: ms.nn.InverseDecayLR(0.1, 0.5, 4),
    "InverseDecayLR/stair": lambda ms: ms.nn.InverseDecayLR(0.1, 0.5, 4, is_stair=True),
    "CosineDecayLR/basic": lambda ms: ms.nn.CosineDecayLR(0.01, 0.1, 8),
    "CosineDecayLR/zero_min": lambda ms: ms.nn.CosineDecayLR(0.0, 1.0, 3),
    "PolynomialDecayLR/basic": lambda ms: ms.nn.PolynomialDecayLR(0.1, 0.01, 8, 0.5),
    "PolynomialDecayLR/power2": lambda ms: ms.nn.PolynomialDecayLR(0.5, 0.0, 5, 2.0),
    "PolynomialDecayLR/update_decay_steps": lambda ms: ms.nn.PolynomialDecayLR(0.1, 0.01, 4, 0.5, True),
    "WarmUpLR/basic": lambda ms: ms.nn.WarmUpLR(0.1, 4),
    "WarmUpLR/zero_lr": lambda ms: ms.nn.WarmUpLR(0.0, 2),
}

CASES = []
for _name, _build in SCHEDULES.items():
    CASES.append(case(_name, _sched(_build), STEPS))
for _name in ("ExponentialDecayLR/stair", "NaturalExpDecayLR/stair", "InverseDecayLR/basic", "CosineDecayLR/basic",
              "PolynomialDecayLR/update_decay_steps", "WarmUpLR/basic"):
    CASES.append(case(_name + "/graph", _sched(SCHEDULES[_name]), STEPS, mode="graph"))
    CASES.append(case(_name + "/jit", _jit(SCHEDULES[_name]), STEPS))

CASES += [
    # other step dtypes: cast to float32 (min() against the int bound keeps the step's dtype first)
    case("WarmUpLR/int64_step", lambda ms: ms.nn.WarmUpLR(0.1, 4)(ms.Tensor(np.array([1, 6], np.int64)))),
    case("WarmUpLR/float_step", lambda ms: ms.nn.WarmUpLR(0.1, 4)(ms.Tensor(np.array([2.5, 6.0], np.float32)))),
    case("CosineDecayLR/f16_step", lambda ms: ms.nn.CosineDecayLR(0.01, 0.1, 4)(ms.Tensor(np.array([2, 5], np.float16)))),
    case("ExponentialDecayLR/f32_step",
         lambda ms: ms.nn.ExponentialDecayLR(0.1, 0.9, 4, True)(ms.Tensor(np.array([3.5, 4.5], np.float32)))),
    case("PolynomialDecayLR/int64_step",
         lambda ms: ms.nn.PolynomialDecayLR(0.1, 0.01, 4, 1.0, True)(ms.Tensor(np.array([0, 4, 5, 9], np.int64)))),
    # attributes and the base class
    case("ExponentialDecayLR/attrs", lambda ms: (lambda s: [s.learning_rate, s.decay_rate, s.decay_steps, s.is_stair])(
        ms.nn.ExponentialDecayLR(0.1, 0.9, 4))),
    case("PolynomialDecayLR/attrs", lambda ms: (lambda s: [s.start_learning_rate, s.end_learning_rate, s.power,
                                                           s.decay_steps, s.update_decay_steps])(
        ms.nn.PolynomialDecayLR(0.1, 0.01, 4, 0.5))),
    case("LearningRateSchedule/subclasses",
         lambda ms: [isinstance(ms.nn.WarmUpLR(0.1, 2), ms.nn.learning_rate_schedule.LearningRateSchedule),
                     isinstance(ms.nn.WarmUpLR(0.1, 2), ms.nn.Cell)]),
    case("LearningRateSchedule/not_in_nn", lambda ms: hasattr(ms.nn, "LearningRateSchedule")),
    case("LearningRateSchedule/custom",
         lambda ms: type("MyLR", (ms.nn.learning_rate_schedule.LearningRateSchedule,),
                         {"construct": lambda self, s: ms.ops.cast(s, ms.float32) * 0.5})()(ms.Tensor(3, ms.int32))),
]

# constructor validation (exception class)
_BAD = {
    "ExponentialDecayLR/bad_lr_int": lambda ms: ms.nn.ExponentialDecayLR(1, 0.9, 4),
    "ExponentialDecayLR/bad_lr_zero": lambda ms: ms.nn.ExponentialDecayLR(0.0, 0.9, 4),
    "ExponentialDecayLR/bad_rate_neg": lambda ms: ms.nn.ExponentialDecayLR(0.1, -0.9, 4),
    "ExponentialDecayLR/bad_steps_zero": lambda ms: ms.nn.ExponentialDecayLR(0.1, 0.9, 0),
    "ExponentialDecayLR/bad_steps_float": lambda ms: ms.nn.ExponentialDecayLR(0.1, 0.9, 4.0),
    "ExponentialDecayLR/bad_steps_bool": lambda ms: ms.nn.ExponentialDecayLR(0.1, 0.9, True),
    "ExponentialDecayLR/bad_stair": lambda ms: ms.nn.ExponentialDecayLR(0.1, 0.9, 4, 1),
    "ExponentialDecayLR/bad_lr_nan": lambda ms: ms.nn.ExponentialDecayLR(float("nan"), 0.9, 4),
    "NaturalExpDecayLR/bad_rate_int": lambda ms: ms.nn.NaturalExpDecayLR(0.1, 1, 4),
    "InverseDecayLR/bad_lr_inf": lambda ms: ms.nn.InverseDecayLR(float("inf"), 0.5, 4),
    "CosineDecayLR/bad_min_int": lambda ms: ms.nn.CosineDecayLR(0, 0.1, 4),
    "CosineDecayLR/bad_min_neg": lambda ms: ms.nn.CosineDecayLR(-0.1, 0.1, 4),
    "CosineDecayLR/bad_min_ge_max": lambda ms: ms.nn.CosineDecayLR(0.1, 0.1, 4),
    "CosineDecayLR/bad_max_int": lambda ms: ms.nn.CosineDecayLR(0.01, 1, 4),
    "CosineDecayLR/bad_steps": lambda ms: ms.nn.CosineDecayLR(0.01, 0.1, -1),
    "PolynomialDecayLR/bad_end_int": lambda ms: ms.nn.PolynomialDecayLR(0.1, 0, 4, 0.5),
    "PolynomialDecayLR/bad_end_neg": lambda ms: ms.nn.PolynomialDecayLR(0.1, -0.01, 4, 0.5),
    "PolynomialDecayLR/bad_power_int": lambda ms: ms.nn.PolynomialDecayLR(0.1, 0.01, 4, 2),
    "PolynomialDecayLR/bad_power_zero": lambda ms: ms.nn.PolynomialDecayLR(0.1, 0.01, 4, 0.0),
    "PolynomialDecayLR/bad_update": lambda ms: ms.nn.PolynomialDecayLR(0.1, 0.01, 4, 0.5, "yes"),
    "PolynomialDecayLR/bad_lr_zero": lambda ms: ms.nn.PolynomialDecayLR(0.0, 0.0, 4, 0.5),
    "WarmUpLR/bad_lr_int": lambda ms: ms.nn.WarmUpLR(1, 4),
    "WarmUpLR/bad_lr_neg": lambda ms: ms.nn.WarmUpLR(-0.1, 4),
    "WarmUpLR/bad_steps": lambda ms: ms.nn.WarmUpLR(0.1, 0),
}
CASES += [case(n, f, error=True) for n, f in _BAD.items()]

# dynamic_lr: Python lists of Python floats
_DYN = {
    "piecewise_constant_lr/basic": lambda ms: ms.nn.piecewise_constant_lr([2, 5, 10], [0.1, 0.05, 0.01]),
    "piecewise_constant_lr/tuple_equal_milestones":
        lambda ms: ms.nn.piecewise_constant_lr((3, 3, 4), (0.3, 0.2, 0.1)),
    "exponential_decay_lr/basic": lambda ms: ms.nn.exponential_decay_lr(0.1, 0.9, 10, 2, 3),
    "exponential_decay_lr/stair": lambda ms: ms.nn.exponential_decay_lr(0.1, 0.9, 10, 2, 3, True),
    "natural_exp_decay_lr/basic": lambda ms: ms.nn.natural_exp_decay_lr(0.1, 0.5, 9, 2, 2),
    "natural_exp_decay_lr/stair": lambda ms: ms.nn.natural_exp_decay_lr(0.1, 0.5, 9, 2, 2, is_stair=True),
    "inverse_decay_lr/basic": lambda ms: ms.nn.inverse_decay_lr(0.1, 0.5, 10, 2, 3),
    "inverse_decay_lr/stair": lambda ms: ms.nn.inverse_decay_lr(0.1, 0.5, 10, 2, 3, True),
    "cosine_decay_lr/basic": lambda ms: ms.nn.cosine_decay_lr(0.01, 0.1, 12, 2, 4),
    "cosine_decay_lr/zero_min": lambda ms: ms.nn.cosine_decay_lr(0.0, 0.3, 7, 1, 3),
    "polynomial_decay_lr/basic": lambda ms: ms.nn.polynomial_decay_lr(0.1, 0.01, 10, 2, 3, 0.5),
    "polynomial_decay_lr/update": lambda ms: ms.nn.polynomial_decay_lr(0.1, 0.01, 14, 1, 3, 2.0, True),
    "warmup_lr/basic": lambda ms: ms.nn.warmup_lr(0.1, 10, 2, 3),
    "warmup_lr/module_path": lambda ms: ms.nn.dynamic_lr.warmup_lr(0.2, 5, 1, 2),
}
CASES += [case(n, f) for n, f in _DYN.items()]
CASES += [
    case("piecewise_constant_lr/len", lambda ms: len(ms.nn.piecewise_constant_lr([2, 5, 10], [0.1, 0.05, 0.01]))),
    case("exponential_decay_lr/types",
         lambda ms: [type(v).__name__ for v in ms.nn.exponential_decay_lr(0.1, 0.9, 3, 1, 1)]),
]

_DYN_BAD = {
    "piecewise_constant_lr/bad_type": lambda ms: ms.nn.piecewise_constant_lr(5, [0.1]),
    "piecewise_constant_lr/bad_len": lambda ms: ms.nn.piecewise_constant_lr([2, 5], [0.1]),
    "piecewise_constant_lr/bad_order": lambda ms: ms.nn.piecewise_constant_lr([5, 2], [0.1, 0.2]),
    "piecewise_constant_lr/bad_rate_int": lambda ms: ms.nn.piecewise_constant_lr([2, 5], [1, 0.2]),
    "piecewise_constant_lr/bad_milestone_zero": lambda ms: ms.nn.piecewise_constant_lr([0, 5], [0.1, 0.2]),
    "exponential_decay_lr/bad_total": lambda ms: ms.nn.exponential_decay_lr(0.1, 0.9, 0, 2, 3),
    "exponential_decay_lr/bad_lr_int": lambda ms: ms.nn.exponential_decay_lr(1, 0.9, 10, 2, 3),
    "natural_exp_decay_lr/bad_stair": lambda ms: ms.nn.natural_exp_decay_lr(0.1, 0.5, 9, 2, 2, 0),
    "inverse_decay_lr/bad_decay_epoch": lambda ms: ms.nn.inverse_decay_lr(0.1, 0.5, 10, 2, 3.0),
    "cosine_decay_lr/bad_min_int": lambda ms: ms.nn.cosine_decay_lr(0, 0.1, 12, 2, 4),
    "cosine_decay_lr/bad_order": lambda ms: ms.nn.cosine_decay_lr(0.2, 0.1, 12, 2, 4),
    "polynomial_decay_lr/bad_end": lambda ms: ms.nn.polynomial_decay_lr(0.1, 1, 10, 2, 3, 0.5),
    "polynomial_decay_lr/bad_power": lambda ms: ms.nn.polynomial_decay_lr(0.1, 0.01, 10, 2, 3, -0.5),
    "polynomial_decay_lr/bad_update": lambda ms: ms.nn.polynomial_decay_lr(0.1, 0.01, 10, 2, 3, 0.5, None),
    "warmup_lr/bad_lr_int": lambda ms: ms.nn.warmup_lr(1, 10, 2, 3),
    "warmup_lr/bad_epoch": lambda ms: ms.nn.warmup_lr(0.1, 10, 2, 0),
}
CASES += [case(n, f, error=True) for n, f in _DYN_BAD.items()]


def _in_cell(build, mode_calls=4):
    """A Cell holding the schedule and an int32 ``global_step`` Parameter (as an optimizer does):
    each call returns the lr at the current step and increments the step."""
    def fn(ms):
        class Net(ms.nn.Cell):
            def __init__(self):
                super().__init__()
                self.lr = build(ms)
                self.global_step = ms.Parameter(ms.Tensor([0], ms.int32), name="global_step")

            def construct(self):
                lr = self.lr(self.global_step)
                ms.ops.assign_add(self.global_step, ms.Tensor([3], ms.int32))
                return lr

        net = Net()
        return [net() for _ in range(mode_calls)] + [net.global_step.value()]
    return fn


for _name in ("ExponentialDecayLR/basic", "CosineDecayLR/basic", "PolynomialDecayLR/update_decay_steps",
              "WarmUpLR/basic", "NaturalExpDecayLR/stair", "InverseDecayLR/stair"):
    CASES.append(case(_name + "/cell_step_graph", _in_cell(SCHEDULES[_name]), mode="graph"))
CASES.append(case("WarmUpLR/cell_step_pynative", _in_cell(SCHEDULES["WarmUpLR/basic"])))

# other kinds of steps: a Python int or float, uint8/bool Tensors, a 2-D Tensor of steps
_STEP_KINDS = {
    "py_int": lambda ms: 2,
    "py_float": lambda ms: 5.5,
    "uint8": lambda ms: ms.Tensor(3, ms.uint8),
    "bool": lambda ms: ms.Tensor(True),
    "matrix": lambda ms: ms.Tensor(np.array([[1, 2], [5, 6]], np.int32)),
}
for _name in ("ExponentialDecayLR/stair", "NaturalExpDecayLR/stair", "InverseDecayLR/basic", "CosineDecayLR/basic",
              "PolynomialDecayLR/basic", "PolynomialDecayLR/update_decay_steps", "WarmUpLR/basic"):
    for _kind, _step in _STEP_KINDS.items():
        CASES.append(case(f"{_name}/step_{_kind}", lambda ms, b=SCHEDULES[_name], s=_step: b(ms)(s(ms))))
