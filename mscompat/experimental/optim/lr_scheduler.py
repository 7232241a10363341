"""``mindspore.experimental.optim.lr_scheduler``: the PyTorch-style learning-rate schedulers.

A scheduler rewrites the learning-rate Parameters of an ``experimental.optim.Optimizer``
(``optimizer.lrs``, ``param_groups[i]['lr']``) at each ``step()``; ``last_epoch`` is a float32
Parameter, the rates are float32 Tensors computed as MindSpore computes them (recursively from
the last rate, or in closed form for ``step(epoch)``).
"""
import functools
import math
from bisect import bisect_right
from collections import Counter

from mscompat import ops
from mscompat import _checkparam as validator
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from .optimizer import Optimizer

__all__ = ["StepLR", "LinearLR", "LRScheduler", "ExponentialLR", "PolynomialLR", "MultiplicativeLR", "ConstantLR",
           "MultiStepLR", "LambdaLR", "SequentialLR", "ReduceLROnPlateau", "CyclicLR", "CosineAnnealingWarmRestarts",
           "CosineAnnealingLR"]


@functools.lru_cache(maxsize=None)
def _one():
    """The int32 Tensor 1 the step counters add, made on first use (a module-level device array
    would start the JAX runtime at ``import mscompat``, and its threads do not survive a fork)."""
    return Tensor(1, mstype.int32)


def _check_type(owner, what, value, valid):
    """TypeError "For '<owner>', <what>, but got <type>." unless ``value`` is a ``valid``."""
    if not isinstance(value, valid):
        raise TypeError(f"For '{owner}', {what}, but got {type(value)}.")


class LRScheduler:
    """Base class: ``step()`` advances ``last_epoch`` and writes ``get_lr()`` into the optimizer."""

    def __init__(self, optimizer, last_epoch=-1):
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        validator.check_value_type("last_epoch", last_epoch, [int])
        if last_epoch < -1:
            raise ValueError(f"Invalid last_epoch: {last_epoch}")
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", group["lr"].value())
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(f"param 'initial_lr' is not specified in param_groups[{i}] when resuming an "
                                   f"optimizer")
        self.base_lrs = [group["initial_lr"] for group in optimizer.param_groups]
        self.optimizer = optimizer
        self._last_lr = list(optimizer.lrs)
        self.groups_num = len(optimizer.param_groups)
        self.last_epoch = Parameter(Tensor(last_epoch, dtype=mstype.float32),
                                    name="last_epoch_" + type(self).__name__)
        self.step()

    @staticmethod
    def get_lr():
        raise NotImplementedError

    def get_last_lr(self):
        """The learning rates the last ``step`` set (one Tensor per group)."""
        return [lr.value() for lr in self._last_lr]

    def step(self, epoch=None):
        if epoch is None:
            ops.assign_add(self.last_epoch, _one())
            values = self.get_lr()
        else:
            ops.assign(self.last_epoch, epoch)
            values = self._get_closed_form_lr() if hasattr(self, "_get_closed_form_lr") else self.get_lr()
        for i in range(self.groups_num):
            ops.assign(self._last_lr[i], values[i])
        return True

    def _scaled(self, factor):
        """The last learning rates times ``factor``."""
        return [lr * factor for lr in self._last_lr]

    def _same(self):
        return self._scaled(1.0)


class StepLR(LRScheduler):
    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1):
        if not isinstance(step_size, int) and not isinstance(step_size, bool):
            raise TypeError(f"For 'StepLR', the 'step_size' must be int, but got {type(step_size)}.")
        _check_type("StepLR", "the 'gamma' must be float", gamma, float)
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch == 0 or self.last_epoch % self.step_size != 0:
            return self._same()
        return self._scaled(self.gamma)

    def _get_closed_form_lr(self):
        return [base_lr * self.gamma ** (self.last_epoch // self.step_size) for base_lr in self.base_lrs]


class LinearLR(LRScheduler):
    def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5, last_epoch=-1):
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError("Starting multiplicative factor expected to be greater than 0 and less than or equal "
                             "to 1.")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("Ending multiplicative factor expected to be between 0 and 1.")
        _check_type("LinearLR", "the type of total_iters must be int", total_iters, int)
        self.start_factor, self.end_factor, self.total_iters = start_factor, end_factor, total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch == 0:
            return self._scaled(self.start_factor)
        if self.last_epoch > self.total_iters:
            return self._same()
        span = self.end_factor - self.start_factor
        factor = 1.0 + span / (self.total_iters * self.start_factor + (self.last_epoch - 1) * span)
        return self._scaled(factor)

    def _get_closed_form_lr(self):
        span = self.end_factor - self.start_factor
        return [base_lr * (self.start_factor + span * ops.minimum(Tensor(self.total_iters, mstype.float32),
                                                                  self.last_epoch) / self.total_iters)
                for base_lr in self.base_lrs]


class ExponentialLR(LRScheduler):
    def __init__(self, optimizer, gamma, last_epoch=-1):
        _check_type("ExponentialLR", "the 'gamma' must be float", gamma, float)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch == 0:
            return self._same()
        return self._scaled(self.gamma)

    def _get_closed_form_lr(self):
        return [base_lr * self.gamma ** self.last_epoch for base_lr in self.base_lrs]


class PolynomialLR(LRScheduler):
    def __init__(self, optimizer, total_iters=5, power=1.0, last_epoch=-1):
        _check_type("PolynomialLR", "the 'power' must be float", power, float)
        if power < 0:
            raise ValueError(f"For 'PolynomialLR', the 'power' must be >= 0, but got {power}.")
        _check_type("PolynomialLR", "the type of total_iters must be int", total_iters, int)
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch == 0 or self.last_epoch > self.total_iters:
            return self._same()
        factor = ((1.0 - self.last_epoch / self.total_iters)
                  / (1.0 - (self.last_epoch - 1) / self.total_iters)) ** self.power
        return self._scaled(factor)

    def _get_closed_form_lr(self):
        done = ops.minimum(Tensor(self.total_iters, mstype.float32), self.last_epoch)
        return [base_lr * (1.0 - done / self.total_iters) ** self.power for base_lr in self.base_lrs]


def _lambdas(optimizer, lr_lambda):
    n = len(optimizer.param_groups)
    if isinstance(lr_lambda, (list, tuple)):
        if len(lr_lambda) != n:
            raise ValueError(f"Expected {n} lr_lambdas, but got {len(lr_lambda)}")
        return list(lr_lambda)
    return [lr_lambda] * n


class LambdaLR(LRScheduler):
    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.lr_lambdas = _lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [base_lr * fn(self.last_epoch) for fn, base_lr in zip(self.lr_lambdas, self.base_lrs)]


class MultiplicativeLR(LRScheduler):
    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.lr_lambdas = _lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch > 0:
            return [lr * fn(self.last_epoch) for fn, lr in zip(self.lr_lambdas, self._last_lr)]
        return self._same()


class MultiStepLR(LRScheduler):
    """Decay by ``gamma`` at each milestone (``step(epoch)`` fails with MindSpore's AttributeError:
    its closed form reads a ``step_size`` MultiStepLR does not have)."""

    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1):
        validator.check_value_type("milestones", milestones, [list])
        for m in milestones:
            if not isinstance(m, int) and not isinstance(m, bool):
                raise TypeError(f"For 'MultiStepLR', elements of the 'milestones' must be type of int, but got one "
                                f"element of 'milestones' type: {type(m)}.")
        validator.check_value_type("gamma", gamma, [float, int])
        self.milestones = Counter(milestones)
        self.milestones_keys = list(self.milestones.keys())
        self.milestones_values = list(self.milestones.values())
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        # MindSpore compares the epoch (a Parameter) with each milestone; as selects, so that a compiled
        # step (GRAPH_MODE, strict syntax level too) never reads the epoch's value on the host
        epoch = self.last_epoch.value()
        out = []
        for lr in self._last_lr:
            lr = lr.value()
            new = lr
            for key, count in zip(self.milestones_keys, self.milestones_values):
                new = ops.select(epoch == key, lr * self.gamma ** count, new)
            out.append(new)
        return out

    def _get_closed_form_lr(self):
        return [base_lr * self.gamma ** (self.last_epoch // self.step_size) for base_lr in self.base_lrs]


class ConstantLR(LRScheduler):
    def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1):
        if factor > 1.0 or factor < 0:
            raise ValueError("Constant multiplicative factor expected to be between 0 and 1.")
        _check_type("ConstantLR", "the type of total_iters must be int", total_iters, int)
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch == 0:
            return self._scaled(self.factor)
        if self.last_epoch != self.total_iters:
            return self._same()
        return [lr / self.factor for lr in self._last_lr]

    def _get_closed_form_lr(self):
        reached = (self.last_epoch >= self.total_iters).astype(mstype.float32)
        return [base_lr * (self.factor + reached * (1 - self.factor)) for base_lr in self.base_lrs]


class SequentialLR:
    """Run ``schedulers`` one after the other, switching at ``milestones``."""

    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1):
        for i, sched in enumerate(schedulers):
            if sched.optimizer != optimizer:
                raise ValueError(f"Sequential Schedulers expects all schedulers to belong to the same optimizer, but "
                                 f"got scheduler at index {i} is different from the optimizer passed in.")
            if sched.optimizer != schedulers[0].optimizer:
                raise ValueError(f"Sequential Schedulers expects all schedulers to belong to the same optimizer, but "
                                 f"got schedulers at index 0 and {i} are different.")
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(f"Sequential Schedulers expects number of schedulers provided to be one more than the "
                             f"number of milestone points, but got number of schedulers {len(schedulers)} and the "
                             f"number of milestones {len(milestones)}")
        self._schedulers = schedulers
        self.milestones = milestones
        self.milestones_len = len(milestones)
        self.last_epoch = Parameter(Tensor(last_epoch + 1, dtype=mstype.float32),
                                    name="last_epoch_" + type(self).__name__)
        self.optimizer = optimizer
        for group in optimizer.param_groups:
            ops.assign(group["lr"], group["initial_lr"])
        for sched in schedulers:
            ops.assign_sub(sched.last_epoch, _one())
        schedulers[0].step()
        self._last_lr = schedulers[0]._last_lr

    def step(self):
        ops.assign_add(self.last_epoch, _one())
        epoch = int(self.last_epoch)
        idx = bisect_right(self.milestones, epoch)
        sched = self._schedulers[idx]
        if idx > 0 and self.milestones[idx - 1] == epoch:
            sched.step(0)
        else:
            sched.step()

    def get_last_lr(self):
        return [lr.value() for lr in self._last_lr]


class ReduceLROnPlateau:
    """Multiply the rates by ``factor`` when ``metrics`` (given to ``step``) stop improving."""

    def __init__(self, optimizer, mode="min", factor=0.1, patience=10, threshold=1e-4, threshold_mode="rel",
                 cooldown=0, min_lr=0, eps=1e-8):
        if factor >= 1.0:
            raise ValueError("The lr factor should be less than 1.0.")
        self.factor = factor
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"Expected an `Optimizer`, but got type {type(optimizer).__name__}")
        self.optimizer = optimizer
        n = len(optimizer.param_groups)
        if isinstance(min_lr, (list, tuple)):
            if len(min_lr) != n:
                raise ValueError(f"Expected {n} min_lrs, got {len(min_lr)}")
            self.min_lrs = [Tensor(lr, mstype.float32) for lr in min_lr]
        else:
            self.min_lrs = [Tensor(min_lr, mstype.float32)] * n
        self.mode, self.patience, self.threshold = mode, patience, threshold
        self.threshold_mode, self.cooldown, self.eps = threshold_mode, cooldown, eps
        self.last_epoch = Parameter(Tensor(0, dtype=mstype.int32), name="last_epoch_" + type(self).__name__)
        if mode not in {"min", "max"}:
            raise ValueError(f"`mode` should be 'min' or 'max', but got {mode}.")
        if threshold_mode not in {"rel", "abs"}:
            raise ValueError(f"`threshold mode` should be 'rel' or 'abs', but got {threshold_mode}.")
        self.mode_worse = float("inf") if mode == "min" else float("-inf")
        self.best = Parameter(Tensor(self.mode_worse, dtype=mstype.float32), name="best")
        self.cooldown_counter = Parameter(Tensor(0, dtype=mstype.float32), name="cooldown_counter")
        self.wait = Parameter(Tensor(0, dtype=mstype.float32), name="wait")
        self._last_lr = [group["lr"] for group in optimizer.param_groups]

    def step(self, metrics):
        epoch = self.last_epoch + 1
        current = ops.cast(metrics, mstype.float32)
        ops.assign(self.last_epoch, epoch)
        if self._is_improvement(current, self.best):
            ops.assign(self.best, current)
            ops.assign(self.wait, 0)
        else:
            ops.assign_add(self.wait, _one())
        if self.in_cooldown():
            ops.assign_sub(self.cooldown_counter, _one())
            ops.assign(self.wait, 0)
        if self.wait > self.patience:
            self._reduce_lr(epoch)
            ops.assign(self.cooldown_counter, self.cooldown)
            ops.assign(self.wait, 0)
        return True

    def _reduce_lr(self, epoch):
        for i, lr in enumerate(self._last_lr):
            old = lr.value()
            new = ops.maximum(old * self.factor, self.min_lrs[i])
            if old > new + self.eps:
                ops.assign(lr, new)
        return True

    def in_cooldown(self):
        return self.cooldown_counter > 0

    def _is_improvement(self, current, best):
        if self.mode == "min" and self.threshold_mode == "rel":
            return current < best * (1.0 - self.threshold)
        if self.mode == "min":
            return current < best - self.threshold
        if self.threshold_mode == "rel":
            return current > best * (self.threshold + 1.0)
        return current > best + self.threshold

    def get_last_lr(self):
        return [lr.value() for lr in self._last_lr]


class CyclicLR(LRScheduler):
    """Cycle each rate between ``base_lr`` and ``max_lr`` (triangular, triangular2, exp_range or a
    custom ``scale_fn``)."""

    def __init__(self, optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None, mode="triangular",
                 gamma=1.0, scale_fn=None, scale_mode="cycle", last_epoch=-1):
        base_lrs = self._preprocess_input_param(optimizer, base_lr, "base_lr")
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                ops.assign(group["lr"], Parameter(lr))
        self.max_lrs = [Tensor(lr) for lr in self._preprocess_input_param(optimizer, max_lr, "max_lr")]
        step_size_up = float(step_size_up)
        step_size_down = step_size_up if step_size_down is None else float(step_size_down)
        self.total_step_size = step_size_up + step_size_down
        self.step_up_ratio = step_size_up / self.total_step_size
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError("mode is invalid and scale_fn is None")
        self.mode, self.gamma = mode, gamma
        self._scale_fn_ref, self._scale_fn_custom, self.scale_mode = None, scale_fn, scale_mode
        self._init_scale_fn()
        super().__init__(optimizer, last_epoch)
        self.base_lrs = [Tensor(lr) for lr in base_lrs]

    def _init_scale_fn(self):
        if self._scale_fn_custom is not None:
            return
        self._scale_fn_ref, self.scale_mode = {
            "triangular": (self._triangular_scale_fn, "cycle"),
            "triangular2": (self._triangular2_scale_fn, "cycle"),
            "exp_range": (self._exp_range_scale_fn, "iterations"),
        }[self.mode]

    @staticmethod
    def _preprocess_input_param(optimizer, param, name):
        n = len(optimizer.param_groups)
        if isinstance(param, (list, tuple)):
            if len(param) != n:
                raise ValueError(f"Expected {n} values for {name}, got {len(param)}")
            return param
        return [param] * n

    def scale_fn(self, x):
        return self._scale_fn_ref(x) if self._scale_fn_custom is None else self._scale_fn_custom(x)

    @staticmethod
    def _triangular_scale_fn(x):
        return 1.0

    def _exp_range_scale_fn(self, x):
        return self.gamma ** x

    @staticmethod
    def _triangular2_scale_fn(x):
        return 1 / (2.0 ** (x - 1))

    def get_lr(self):
        cycle = ops.floor(1 + self.last_epoch / self.total_step_size)
        x = 1.0 + self.last_epoch / self.total_step_size - cycle
        if x <= self.step_up_ratio:
            scale = x / self.step_up_ratio
        else:
            scale = (x - 1) / (self.step_up_ratio - 1)
        lrs = []
        for base_lr, max_lr in zip(self.base_lrs, self.max_lrs):
            height = (max_lr - base_lr) * scale
            at = cycle if self.scale_mode == "cycle" else self.last_epoch
            lrs.append(base_lr + height * self.scale_fn(at))
        return lrs


class CosineAnnealingWarmRestarts(LRScheduler):
    """Cosine annealing restarted every ``T_0 * T_mult**k`` epochs."""

    def __init__(self, optimizer, T_0, T_mult=1, eta_min=0, last_epoch=-1):
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError(f"T_0 should be an integer and equal or greater than 0, but got {T_0}")
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError(f"T_mult should be an integer and equal or greater than 1, but got {T_mult}")
        self.T_0 = Parameter(Tensor(T_0, dtype=mstype.float32), name="T_0")
        self.T_i = Parameter(Tensor(T_0, dtype=mstype.float32), name="T_i")
        self.T_mult = T_mult
        validator.check_value_type("eta_min", eta_min, [float, int])
        self.eta_min = Tensor(eta_min)
        self.T_cur = Parameter(Tensor(last_epoch, dtype=mstype.float32), name="T_cur")
        self._last_lr = [group["lr"] for group in optimizer.param_groups]
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        pct = ops.cast(math.pi * self.T_cur / self.T_i, mstype.float32)
        return [self.eta_min + (base_lr - self.eta_min) * (1 + ops.cos(pct)) / 2 for base_lr in self.base_lrs]

    def step(self, epoch=None):
        if epoch is None and self.last_epoch < 0:
            epoch = Tensor(0, mstype.int32)
        if epoch is None:
            epoch = self.last_epoch + 1
            ops.assign_add(self.T_cur, _one())
            if self.T_cur >= self.T_i:
                ops.assign(self.T_cur, self.T_cur - self.T_i)
                ops.assign(self.T_i, self.T_i * self.T_mult)
        else:
            if epoch < 0:
                raise ValueError(f"epoch should be a non-negative integer, but got {epoch}")
            epoch = ops.cast(epoch, mstype.float32)
            if epoch >= self.T_0:
                if self.T_mult == 1:
                    ops.assign(self.T_cur, epoch % self.T_0)
                else:
                    exp = int(math.log(float(epoch / self.T_0 * (self.T_mult - 1) + 1), self.T_mult))
                    ops.assign(self.T_cur, epoch - self.T_0 * (self.T_mult ** exp - 1) / (self.T_mult - 1))
                    ops.assign(self.T_i, self.T_0 * self.T_mult ** exp)
            else:
                ops.assign(self.T_i, self.T_0.value())
                ops.assign(self.T_cur, ops.cast(epoch, mstype.float32))
        ops.assign(self.last_epoch, ops.floor(ops.cast(epoch, mstype.float32)))
        for i, lr in enumerate(self.get_lr()):
            ops.assign(self.optimizer.param_groups[i]["lr"], lr)


class CosineAnnealingLR(LRScheduler):
    def __init__(self, optimizer, T_max, eta_min=0.0, last_epoch=-1):
        if not isinstance(eta_min, (float, int)):
            raise TypeError(f"For 'CosineAnnealingLR', the 'eta_min' must be float or int, but got {type(eta_min)}.")
        if not isinstance(T_max, int) and not isinstance(T_max, bool):
            raise TypeError(f"For 'CosineAnnealingLR', the 'T_max' must be int, but got {type(eta_min)}.")
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch == 0:
            return self._same()
        if (self.last_epoch - 1 - self.T_max) % (2 * self.T_max) == 0:
            pct_pi = ops.cast(Tensor(math.pi / self.T_max), mstype.float32)
            return [lr + (base_lr - self.eta_min) * (1 - ops.cos(pct_pi)) / 2
                    for base_lr, lr in zip(self.base_lrs, self._last_lr)]
        now = ops.cos(math.pi * self.last_epoch / self.T_max)
        before = ops.cos(math.pi * (self.last_epoch - 1) / self.T_max)
        return [(1 + now) / (1 + before) * (lr - self.eta_min) + self.eta_min for lr in self._last_lr]

    def _get_closed_form_lr(self):
        return [self.eta_min + (base_lr - self.eta_min) * (1 + ops.cos(math.pi * self.last_epoch / self.T_max)) / 2
                for base_lr in self.base_lrs]
