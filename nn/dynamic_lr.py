"""``mindspore.nn.dynamic_lr``: learning rates precomputed per step, as Python lists of floats
(passed to an optimizer as its ``learning_rate``). The epoch of step ``i`` is
``floor(i / step_per_epoch)``."""
import math

from mscompat import _checkparam as _v
from mscompat.nn._lr_checks import check_float_type

__all__ = ["piecewise_constant_lr", "exponential_decay_lr", "natural_exp_decay_lr", "inverse_decay_lr",
           "cosine_decay_lr", "polynomial_decay_lr", "warmup_lr"]


def piecewise_constant_lr(milestone, learning_rates):
    """``learning_rates[i]`` for the steps from ``milestone[i-1]`` up to ``milestone[i]``."""
    _v.check_value_type("milestone", milestone, (tuple, list))
    _v.check_value_type("learning_rates", learning_rates, (tuple, list))
    if len(milestone) != len(learning_rates):
        raise ValueError(f"For 'piecewise_constant_lr', the size of 'milestone' must be same with the size of "
                         f"'learning_rates', but got 'milestone' size: {len(milestone)}, 'learning_rates' size: "
                         f"{len(learning_rates)}.")
    out = []
    prev = 0
    for i, (stop, rate) in enumerate(zip(milestone, learning_rates)):
        _v.check_positive_int(stop, f"milestone[{i}]")
        _v.check_is_float(rate, f"learning_rates[{i}]")
        if stop < prev:
            raise ValueError(f"For 'piecewise_constant_lr', the value of milestone[{i}] must be greater than "
                             f"milestone[{i - 1}], but got milestone[{i}]: {stop}, milestone[{i - 1}]: {prev}.")
        out.extend([rate] * (stop - prev))
        prev = stop
    return out


def _check_steps(total_step, step_per_epoch, decay_epoch):
    for value, name in ((total_step, "total_step"), (step_per_epoch, "step_per_epoch"), (decay_epoch, "decay_epoch")):
        _v.check_positive_int(value, name)


def _check_decay_args(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair):
    _check_steps(total_step, step_per_epoch, decay_epoch)
    _v.check_positive_float(learning_rate, "learning_rate")
    _v.check_positive_float(decay_rate, "decay_rate")
    _v.check_value_type("is_stair", is_stair, [bool])


def _epochs(total_step, step_per_epoch):
    return [math.floor(i / step_per_epoch) for i in range(total_step)]


def exponential_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    """learning_rate * decay_rate ** (epoch / decay_epoch), the exponent floored when ``is_stair``."""
    _check_decay_args(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    out = []
    for e in _epochs(total_step, step_per_epoch):
        expo = e / decay_epoch
        out.append(learning_rate * decay_rate ** (math.floor(expo) if is_stair else expo))
    return out


def natural_exp_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    """learning_rate * e ** (-decay_rate * epoch), epoch rounded down to a multiple of decay_epoch
    when ``is_stair``."""
    _check_decay_args(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    out = []
    for e in _epochs(total_step, step_per_epoch):
        if is_stair:
            e = math.floor(e / decay_epoch) * decay_epoch
        out.append(learning_rate * math.e ** (-decay_rate * e))
    return out


def inverse_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    """learning_rate / (1 + decay_rate * epoch / decay_epoch), epoch / decay_epoch floored when ``is_stair``."""
    _check_decay_args(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    out = []
    for e in _epochs(total_step, step_per_epoch):
        if is_stair:
            out.append(learning_rate / (1 + decay_rate * math.floor(e / decay_epoch)))
        else:
            # evaluated left to right, as (decay_rate * epoch) / decay_epoch
            out.append(learning_rate / (1 + decay_rate * e / decay_epoch))
    return out


def cosine_decay_lr(min_lr, max_lr, total_step, step_per_epoch, decay_epoch):
    """min_lr + (max_lr - min_lr) / 2 * (1 + cos(pi * min(epoch, decay_epoch) / decay_epoch))."""
    check_float_type(min_lr, "min_lr", "cosine_decay_lr")
    _v.check_non_negative_float(min_lr, "min_lr", None)
    _v.check_positive_float(max_lr, "max_lr")
    _check_steps(total_step, step_per_epoch, decay_epoch)
    if min_lr >= max_lr:
        raise ValueError(f"For 'cosine_decay_lr', the 'max_lr' must be greater than the 'min_lr', "
                         f"but got 'max_lr' value: {max_lr}, 'min_lr' value: {min_lr}.")
    half = 0.5 * (max_lr - min_lr)
    return [min_lr + half * (1 + math.cos(math.pi * min(e, decay_epoch) / decay_epoch))
            for e in _epochs(total_step, step_per_epoch)]


def polynomial_decay_lr(learning_rate, end_learning_rate, total_step, step_per_epoch, decay_epoch, power,
                        update_decay_epoch=False):
    """(learning_rate - end_learning_rate) * (1 - t / D) ** power + end_learning_rate, where
    t = min(epoch, decay_epoch) and D = decay_epoch, or with ``update_decay_epoch`` t = epoch and
    D = decay_epoch * max(ceil(epoch / decay_epoch), 1)."""
    _v.check_positive_float(learning_rate, "learning_rate")
    check_float_type(end_learning_rate, "end_learning_rate", "polynomial_decay_lr")
    _v.check_non_negative_float(end_learning_rate, "end_learning_rate", None)
    _v.check_positive_float(power, "power")
    _check_steps(total_step, step_per_epoch, decay_epoch)
    _v.check_value_type("update_decay_epoch", update_decay_epoch, [bool])
    delta = learning_rate - end_learning_rate
    out = []
    for e in _epochs(total_step, step_per_epoch):
        if update_decay_epoch:
            d, t = decay_epoch * max(math.ceil(e / decay_epoch), 1), e
        else:
            d, t = decay_epoch, min(decay_epoch, e)
        out.append(delta * (1 - t / d) ** power + end_learning_rate)
    return out


def warmup_lr(learning_rate, total_step, step_per_epoch, warmup_epoch):
    """learning_rate * min(epoch, warmup_epoch) / warmup_epoch."""
    check_float_type(learning_rate, "learning_rate", "warmup_lr")
    _v.check_non_negative_float(learning_rate, "learning_rate", None)
    _v.check_positive_int(warmup_epoch, "warmup_epoch")
    _v.check_positive_int(total_step, "total_step")
    _v.check_positive_int(step_per_epoch, "step_per_epoch")
    return [learning_rate * min(warmup_epoch, e) / warmup_epoch for e in _epochs(total_step, step_per_epoch)]
