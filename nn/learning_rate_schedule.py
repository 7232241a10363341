"""``mindspore.nn.learning_rate_schedule``: learning-rate schedules, Cells mapping the global step
(a Tensor) to the learning rate at that step (a float32 Tensor of the step's shape). They are traced
inside compiled optimizers, so ``construct`` uses Tensor ops only (no branching on the step)."""
import math

from mscompat.common import dtype as mstype
from mscompat import ops
from mscompat.nn.cell import Cell
from mscompat import _checkparam as _v
from mscompat.nn._lr_checks import check_float_type

__all__ = ["ExponentialDecayLR", "NaturalExpDecayLR", "InverseDecayLR", "CosineDecayLR",
           "PolynomialDecayLR", "WarmUpLR"]


class LearningRateSchedule(Cell):
    """Base class of learning-rate schedules: ``construct(global_step)`` returns the learning rate
    at that step as a scalar Tensor. Subclasses override ``construct``."""

    def __init__(self):
        super().__init__()

    def construct(self, global_step):
        raise NotImplementedError


def _check_decay_args(learning_rate, decay_rate, decay_steps, is_stair, cls_name):
    _v.check_positive_int(decay_steps, "decay_steps", cls_name)
    _v.check_positive_float(learning_rate, "learning_rate", cls_name)
    _v.check_positive_float(decay_rate, "decay_rate", cls_name)
    _v.check_is_float(decay_rate, "decay_rate", cls_name)
    _v.check_value_type("is_stair", is_stair, [bool], cls_name)


def _f32(step):
    return ops.Cast()(step, mstype.float32)


class _DecayLR(LearningRateSchedule):
    """Shared constructor of the three decay schedules (learning_rate, decay_rate, decay_steps, is_stair)."""

    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False):
        super().__init__()
        _check_decay_args(learning_rate, decay_rate, decay_steps, is_stair, self.cls_name)
        self.learning_rate = learning_rate
        self.decay_rate = decay_rate
        self.decay_steps = decay_steps
        self.is_stair = is_stair


class ExponentialDecayLR(_DecayLR):
    """lr = learning_rate * decay_rate ** p, p = step / decay_steps (floored when ``is_stair``)."""

    def construct(self, global_step):
        p = _f32(global_step) / self.decay_steps
        if self.is_stair:
            p = ops.Floor()(p)
        return self.learning_rate * ops.Pow()(self.decay_rate, p)


class NaturalExpDecayLR(_DecayLR):
    """lr = learning_rate * e ** (-decay_rate * p), p = step (rounded down to a multiple of
    decay_steps when ``is_stair``)."""

    def construct(self, global_step):
        p = _f32(global_step)
        if self.is_stair:
            p = ops.FloorDiv()(p, self.decay_steps) * self.decay_steps
        return self.learning_rate * ops.Pow()(math.e, -self.decay_rate * p)


class InverseDecayLR(_DecayLR):
    """lr = learning_rate / (1 + decay_rate * p), p = step / decay_steps (floored when ``is_stair``)."""

    def construct(self, global_step):
        p = _f32(global_step) / self.decay_steps
        if self.is_stair:
            p = ops.Floor()(p)
        return self.learning_rate / (1 + self.decay_rate * p)


class CosineDecayLR(LearningRateSchedule):
    """lr = min_lr + (max_lr - min_lr) / 2 * (1 + cos(pi * min(step, decay_steps) / decay_steps))."""

    def __init__(self, min_lr, max_lr, decay_steps):
        super().__init__()
        check_float_type(min_lr, "min_lr", "CosineDecayLR")
        _v.check_non_negative_float(min_lr, "min_lr", self.cls_name)
        _v.check_positive_float(max_lr, "max_lr", self.cls_name)
        _v.check_positive_int(decay_steps, "decay_steps", self.cls_name)
        if min_lr >= max_lr:
            raise ValueError(f"For 'CosineDecayLR', the 'max_lr' must be greater than the 'min_lr', "
                             f"but got 'max_lr' value: {max_lr}, 'min_lr' value: {min_lr}.")
        self.min_lr = min_lr
        self.max_lr = max_lr
        self.decay_steps = decay_steps
        self.delta = 0.5 * (max_lr - min_lr)

    def construct(self, global_step):
        p = _f32(ops.Minimum()(global_step, self.decay_steps))
        # MindSpore evaluates the cosine as sin(x + pi/2), in float32
        return self.min_lr + self.delta * (1.0 + ops.Sin()(math.pi * (p / self.decay_steps + 0.5)))


class PolynomialDecayLR(LearningRateSchedule):
    """lr = (learning_rate - end_learning_rate) * (1 - p) ** power + end_learning_rate, with
    p = min(step, decay_steps) / decay_steps, or with ``update_decay_steps`` p = step / D where D is
    decay_steps times max(ceil(step / decay_steps), 1)."""

    def __init__(self, learning_rate, end_learning_rate, decay_steps, power, update_decay_steps=False):
        super().__init__()
        _v.check_positive_float(learning_rate, "learning_rate")
        check_float_type(end_learning_rate, "end_learning_rate", "PolynomialDecayLR")
        _v.check_non_negative_float(end_learning_rate, "end_learning_rate", self.cls_name)
        _v.check_positive_int(decay_steps, "decay_steps", self.cls_name)
        _v.check_value_type("update_decay_steps", update_decay_steps, [bool], self.cls_name)
        _v.check_positive_float(power, "power", self.cls_name)
        self.decay_steps = decay_steps
        self.start_learning_rate = learning_rate
        self.end_learning_rate = end_learning_rate
        self.diff_learning_rate = learning_rate - end_learning_rate
        self.power = power
        self.update_decay_steps = update_decay_steps

    def construct(self, global_step):
        step = _f32(global_step)
        decay = self.decay_steps
        if self.update_decay_steps:
            decay = decay * ops.Maximum()(ops.Ceil()(step / decay), 1)
        else:
            step = ops.Minimum()(step, decay)
        p = step / decay
        return self.diff_learning_rate * ops.Pow()(1.0 - p, self.power) + self.end_learning_rate


class WarmUpLR(LearningRateSchedule):
    """lr = learning_rate * min(step, warmup_steps) / warmup_steps."""

    def __init__(self, learning_rate, warmup_steps):
        super().__init__()
        check_float_type(learning_rate, "learning_rate", "WarmUpLR")
        _v.check_non_negative_float(learning_rate, "learning_rate", self.cls_name)
        _v.check_positive_int(warmup_steps, "warmup_steps", self.cls_name)
        self.warmup_steps = warmup_steps
        self.learning_rate = learning_rate

    def construct(self, global_step):
        pct = _f32(ops.Minimum()(global_step, self.warmup_steps)) / self.warmup_steps
        return self.learning_rate * pct
