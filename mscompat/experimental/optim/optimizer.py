"""``mindspore.experimental.optim.Optimizer``: the base of the PyTorch-style optimizers.

Parameters come in groups (``param_groups``: dicts with ``params`` and the group's options,
defaults filled from ``defaults``); each group's learning rate is a float32 Parameter named
``learning_rate_group_<i>`` (``lrs``), which the schedulers of ``lr_scheduler`` rewrite.
Calling the optimizer with the gradients (a tuple, in ``parameters`` order) updates the
Parameters in place through the state threading, so it works eagerly and inside ``jit``.
"""
from collections import defaultdict

import jax.numpy as jnp

from mscompat import log as logger
from mscompat import _checkparam as validator
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter, ParameterTuple
from mscompat.nn.cell import Cell
from mscompat.nn.optim._param_arrays import data as _data, write as _write
from mscompat.nn.optim.optimizer import Optimizer as _NnOptimizer

__all__ = ["Optimizer"]


def check_not_less_than(arg_value, arg_name, prim, value=0.0):
    if arg_value < value:
        raise ValueError(f"For {prim}, the {arg_name} must be greater than or equal to {value}, but got {arg_value}.")


def check_not_less_than_without_equal(arg_value, arg_name, prim, value=0.0):
    if arg_value <= value:
        raise ValueError(f"For {prim}, the {arg_name} must be greater than {value}, but got {arg_value}.")


def check_betas(betas, prim):
    """Each of the two ``betas`` in [0, 1) (ValueError otherwise)."""
    validator.check_float_range(betas[0], 0.0, 1.0, validator.INC_LEFT, "betas[0]", prim)
    validator.check_float_range(betas[1], 0.0, 1.0, validator.INC_LEFT, "betas[1]", prim)


def _check_moment_args(lr, weight_decay, eps, betas, prim):
    """The checks of Adamax and RAdam: ``lr`` > 0, ``weight_decay`` >= 0, ``eps`` > 0, ``betas`` in [0, 1)."""
    check_not_less_than_without_equal(lr, "lr", prim)
    check_not_less_than(weight_decay, "weight_decay", prim)
    check_not_less_than_without_equal(eps, "eps", prim)
    check_betas(betas, prim)


def _step_parameter():
    """The int32 step counter ``step_t`` (0) of the optimizers that count their steps."""
    return Parameter(Tensor(0, mstype.int32), "step_t")


def check_adam_args(lr, eps, betas, weight_decay):
    """The argument checks Adam and AdamW make (ValueError for each bad value)."""
    if lr < 0.0:
        raise ValueError(f"Invalid learning rate: {lr}")
    if eps < 0.0:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
    if weight_decay < 0.0:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


class Optimizer(Cell):
    """``Optimizer(params, defaults)``: ``params`` is an iterable of Parameters or of dicts
    (parameter groups); subclasses implement ``construct(gradients)``."""

    def __init__(self, params, defaults):
        super().__init__(auto_prefix=False)
        groups = self._parameters_base_check(params, "params")
        self.defaults = defaults
        self.state = defaultdict(dict)
        self.param_groups = []
        self.parameters = []
        self.lrs = []
        self.group_start_id = [0]
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)
        self.parameters = ParameterTuple(self.parameters)

    def __repr__(self):
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key == "params":
                    continue
                value = group[key]
                if key == "lr" and isinstance(value, Parameter):
                    value = value.value()
                text += f"    {key}: {value}\n"
        return text + ")"

    def add_param_group(self, param_group):
        """Add a parameter group (a dict with ``params``; missing options from ``defaults``)."""
        group_id = len(self.param_groups)
        param_group = self._preprocess_param_group(param_group)
        self.parameters += tuple(param_group["params"])
        for name, default in self.defaults.items():
            param_group.setdefault(name, default)
        lr = self._build_single_lr(param_group.get("lr"), f"learning_rate_group_{group_id}")
        weight_decay = self._preprocess_weight_decay(param_group.get("weight_decay", 0.0))
        self.lrs.append(lr)
        param_group["lr"] = lr
        param_group["weight_decay"] = weight_decay
        self.param_groups.append(param_group)
        self.group_start_id.append(self.group_start_id[-1] + len(param_group["params"]))

    # the same rule as nn.Optimizer's (MindSpore's messages)
    _parameters_base_check = staticmethod(_NnOptimizer._parameters_base_check)

    def _preprocess_param_group(self, param_group):
        if not isinstance(param_group, dict):
            raise TypeError("Param group must be a dict.")
        params = param_group["params"]
        if isinstance(params, Parameter):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("Optimizer parameters need to be organized in ordered collections, but the ordering "
                            "of tensors in sets will change between runs. Please use a list instead.")
        else:
            param_group["params"] = list(params)
        for param in param_group["params"]:
            if not isinstance(param, Parameter):
                raise TypeError(f"Optimizer can only optimize Parameters, but one of the params is {type(param)}")
        if len(param_group["params"]) != len(set(map(id, param_group["params"]))):
            logger.warning("Optimizer contains a parameter group with duplicate parameters.")
        seen = {id(p) for group in self.param_groups for p in group["params"]}
        if any(id(p) in seen for p in param_group["params"]):
            raise ValueError("some parameters appear in more than one parameter group.")
        return param_group

    def _build_single_lr(self, learning_rate, name):
        if isinstance(learning_rate, (float, int)) and not isinstance(learning_rate, bool):
            learning_rate = float(learning_rate)
            validator.check_non_negative_float(learning_rate, "learning rate", self.cls_name)
            return Parameter(Tensor(learning_rate, mstype.float32), name)
        if isinstance(learning_rate, Tensor):
            if learning_rate.ndim == 0:
                return Parameter(learning_rate.astype(mstype.float32), name)
            raise ValueError("For 'Optimizer', if 'learning_rate' is a Tensor, then it should be scalar Tensor")
        raise TypeError(f"For 'Optimizer', the argument 'learning_rate' must be int, float or Tensor, "
                        f"but got {type(learning_rate)}.")

    def _preprocess_weight_decay(self, weight_decay):
        if isinstance(weight_decay, (float, int)) and not isinstance(weight_decay, bool):
            weight_decay = float(weight_decay)
            validator.check_non_negative_float(weight_decay, "weight_decay", self.cls_name)
            return weight_decay
        raise TypeError(f"For 'Optimizer', the argument 'Weight_decay' must be int or float.but got "
                        f"{type(weight_decay)}")

    # --- helpers for the subclasses' updates ----------------------------------------------
    def _zeros_state(self, *prefixes):
        """One zero-filled copy of the parameters per prefix (named ``<prefix>.<parameter name>``)."""
        return tuple(self.parameters.clone(prefix=prefix, init="zeros") for prefix in prefixes)

    def _group_lr(self, group_id):
        """The group's learning rate as a float32 array (a float put in the group directly wins)."""
        lr = self.param_groups[group_id].get("lr")
        if isinstance(lr, float):
            return jnp.float32(lr)
        return _data(self.lrs[group_id]).astype(jnp.float32)

    def _group_slices(self, group_id, gradients, maximize=False, weight_decay=0.0):
        """``(params, grads)`` of a group: gradients as arrays, negated for ``maximize``, plus
        ``weight_decay * param`` (MindSpore's ``_decay_weight``)."""
        start, end = self.group_start_id[group_id], self.group_start_id[group_id + 1]
        params = self.parameters[start:end]
        grads = [_data(g) for g in gradients[start:end]]
        if maximize:
            grads = [-g for g in grads]
        if weight_decay != 0.0:
            grads = [g + p._data * jnp.asarray(weight_decay, jnp.float32).astype(p._data.dtype)
                     for p, g in zip(params, grads)]
        return params, grads, start, end

    @staticmethod
    def _step_count(counter):
        """Advance an int32 step Parameter by one; returns the new count (an array)."""
        step = counter._data + 1
        _write(counter, step)
        return step

    def construct(self, *hyper_params):
        raise NotImplementedError(f"'{type(self).__name__}' must implement construct(gradients).")
