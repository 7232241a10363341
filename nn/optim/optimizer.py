"""``mindspore.nn.optim.optimizer``: the ``Optimizer`` base class and ``opt_init_args_register``.

An optimizer is a Cell holding the network's Parameters, its learning rate (a Parameter named
``learning_rate``, a per-step list, or a ``LearningRateSchedule``), ``global_step`` and its
state Parameters (``moments.<param>``, ``beta1_power``, ...), with MindSpore's names and dtypes.
Calling it with the gradients updates every Parameter in place: the writes go through the
state threading (DESIGN section 2), so an optimizer works eagerly, inside a GRAPH_MODE
``TrainOneStepCell``, inside ``ms.jit`` and inside the sink loop. The built-in optimizers'
``construct`` is compiled on its own when called outside a transform (as MindSpore's
``@jit`` construct); inside a transform it is traced inline.
"""
import inspect
import logging
from collections.abc import Iterable

import numpy as np
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter, ParameterTuple
from mscompat.common.initializer import initializer
from mscompat import context
from mscompat import _state
from mscompat.nn.cell import Cell
from mscompat.nn.container import CellList
from mscompat.nn.learning_rate_schedule import LearningRateSchedule
from mscompat.ops import composite as C
from mscompat import _checkparam as validator
from mscompat.nn.optim._param_arrays import data as _data
from mscompat.parallel._placement import no_batch
from mscompat.ops import AssignAdd

__all__ = ["Optimizer", "opt_init_args_register"]

logger = logging.getLogger("mscompat.nn.optim")


def opt_init_args_register(fn):
    """Record an optimizer's constructor arguments (``init_params``, ``init_learning_rate``,
    ``init_args``) before running the constructor, as MindSpore does."""

    def deco(self, *args, **kwargs):
        bound = inspect.signature(fn).bind(self, *args, **kwargs)
        bound.apply_defaults()
        arguments = bound.arguments
        arguments.pop("self")
        if "params" in arguments:
            setattr(self, "init_params", {"params": arguments["params"]})
            arguments.pop("params")
        if "optimizer" in arguments:
            setattr(self, "init_params", {"params": arguments["optimizer"].init_params["params"]})
            arguments.pop("optimizer")
        if "learning_rate" in arguments:
            lr = arguments["learning_rate"]
            if isinstance(lr, Tensor):
                lr = lr.asnumpy().tolist()
            setattr(self, "init_learning_rate", None if isinstance(lr, Cell) else lr)
            arguments.pop("learning_rate")
        setattr(self, "init_args", arguments)
        fn(self, *args, **kwargs)

    deco.__wrapped__ = fn
    deco.__signature__ = inspect.signature(fn)
    return deco


class Optimizer(Cell):
    """Base class of the optimizers. Subclasses write ``construct(self, gradients)``.

    Args:
        learning_rate: float/int (>= 0), a 0-d Tensor, a 1-D Tensor or iterable (one value per
            step), or a ``LearningRateSchedule``.
        parameters: a list of Parameters, or a list of group dicts with keys ``params``, ``lr``,
            ``weight_decay``, ``grad_centralization``, or ``order_params``.
        weight_decay: float/int >= 0, or a Cell mapping ``global_step`` to the decay.
        loss_scale: float > 0; the gradients are divided by it.
    """
    _support_parallel_optimizer = False

    def __init__(self, learning_rate, parameters, weight_decay=0.0, loss_scale=1.0):
        super().__init__(auto_prefix=False)
        parameters = self._parameters_base_check(parameters, "parameters")
        self.param_rank = None
        self.optim_filter = None
        if not all(isinstance(x, Parameter) for x in parameters) and not all(isinstance(x, dict) for x in parameters):
            raise TypeError("For 'Optimizer', all elements of the argument 'parameters' must be 'Parameter' or "
                            "'dict', please check the 'parameters'.")
        if isinstance(loss_scale, int) and not isinstance(loss_scale, bool):
            loss_scale = float(loss_scale)
        validator.check_value_type("loss_scale", loss_scale, [float], self.cls_name)
        validator.check_positive_float(loss_scale, "loss_scale", self.cls_name)
        self.loss_scale = loss_scale
        self.dynamic_weight_decay = False
        self.grad_centralization = False
        self._unique = True
        self._target = context.get_context("device_target")
        self.dynamic_lr = False
        self.assignadd = AssignAdd()
        self.global_step = Parameter(initializer(0, [1], mstype.int32), name="global_step")
        self.is_group = False
        self.is_group_lr = False
        self.is_group_params_ordered = False
        learning_rate = self._preprocess_single_lr(learning_rate)
        if isinstance(parameters[0], dict):
            self.is_group = True
            self.group_params = []
            self.group_lr = []
            self.group_weight_decay = []
            self.group_grad_centralization = []
            self._init_group_params(parameters, learning_rate, weight_decay, self.grad_centralization)
        self._init_opt_attrs(learning_rate, parameters, weight_decay)
        self.add_flags(skip_auto_parallel_compile=True)

    # --- construction --------------------------------------------------------------------
    def _init_opt_attrs(self, learning_rate, parameters, weight_decay):
        weight_decay = self._preprocess_weight_decay(weight_decay)
        if self.is_group_lr:
            if self.dynamic_lr:
                self.learning_rate = CellList(self.group_lr, auto_prefix=False)
            else:
                self.learning_rate = ParameterTuple(self.group_lr)
        else:
            self.learning_rate = self._build_single_lr(learning_rate, "learning_rate")
        if self.is_group:
            self.parameters = ParameterTuple(self.group_params)
            self._parameters = self.parameters
            self.decay_flags = tuple(isinstance(x, Cell) or x > 0 for x in self.group_weight_decay)
            self.dynamic_decay_flags = tuple(isinstance(x, Cell) for x in self.group_weight_decay)
            self.weight_decay = tuple(x if flag else Tensor(x, mstype.float32)
                                      for x, flag in zip(self.group_weight_decay, self.dynamic_decay_flags))
            self.exec_weight_decay = any(self.decay_flags)
            self.grad_centralization_flags = tuple(self.group_grad_centralization)
        else:
            self.parameters = ParameterTuple(parameters)
            self._parameters = self.parameters
            self.decay_flags = tuple("beta" not in x.name and "gamma" not in x.name for x in self._parameters)
            self.dynamic_decay_flags = isinstance(weight_decay, Cell)
            self.exec_weight_decay = isinstance(weight_decay, Cell) or weight_decay > 0
            self.weight_decay = Tensor(weight_decay, mstype.float32) if not self.dynamic_decay_flags else weight_decay
        for param in self._parameters:
            if param.unique:
                self._unique = False
                break
        for param in self._parameters:
            self._user_parameters.append(param.name)
        self.reciprocal_scale = Tensor(1.0 / self.loss_scale, mstype.float32)
        self.need_scale = self.loss_scale != 1.0
        self.global_step_increase_tensor = Tensor([1], mstype.int32)
        self.param_length = len(self._parameters)
        self.map_ = C.Map()
        self.map_reverse = C.Map(None, True)
        self.hyper_map = C.HyperMap()
        self.hyper_map_reverse = C.HyperMap(None, True)
        self._use_parallel_optimizer()
        self.enable_tuple_broaden = True

    def _use_parallel_optimizer(self):
        """MindSpore's checks of ``enable_parallel_optimizer``. The state sharding itself is done
        by the compiled program's placement (``mscompat.parallel._placement``: optimizer states
        split over the devices), so ``use_parallel`` stays False here and the update math is the
        single-device one."""
        enabled = False
        try:
            enabled = bool(context.get_auto_parallel_context("enable_parallel_optimizer"))
        except Exception:  # pylint: disable=broad-except
            enabled = False
        if enabled:
            mode = context.get_auto_parallel_context("parallel_mode")
            target = context.get_context("device_target")
            if mode == "data_parallel" and target != "Ascend":
                raise RuntimeError("For \"Optimizer\", parallel optimizer only supports \"Ascend\" in data parallel "
                                   f"mode, but got {target}.")
            if mode in ("stand_alone", "hybrid_parallel"):
                raise RuntimeError("For 'Optimizer', parallel optimizer is not supported in {}, you should set "
                                   "parallel mode to 'data_parallel', 'semi_auto_parallel' or 'auto_parallel'."
                                   .format(mode))
        self.use_parallel = False
        self.optim_filter = (True,) * self.param_length

    @property
    def unique(self):
        """Whether the sparse gradients are made unique in the optimizer (default True)."""
        return self._unique

    @unique.setter
    def unique(self, value):
        if not isinstance(value, bool):
            raise TypeError("For 'Optimizer', the property 'unique' must be bool, but got {}".format(type(value)))
        self._unique = value

    @property
    def target(self):
        """Where the update runs: 'CPU', 'GPU' or 'Ascend' (the context's device target)."""
        return self._target

    @target.setter
    def target(self, value):
        raise NotImplementedError

    @staticmethod
    def _preprocess_grad_centralization(grad_centralization):
        if not isinstance(grad_centralization, bool):
            raise TypeError("For 'Optimizer', the 'gradients_centralization' must be bool type, "
                            "but got {}.".format(type(grad_centralization)))
        return grad_centralization

    @staticmethod
    def _parameters_base_check(parameters, param_info):
        if parameters is None:
            raise ValueError(f"For 'Optimizer', the argument {param_info} can not be None.")
        if not isinstance(parameters, Iterable):
            raise TypeError(f"For 'Optimizer', the argument {param_info} must be Iterable type, "
                            f"but got {type(parameters)}.")
        parameters = list(parameters)
        if not parameters:
            raise ValueError(f"For 'Optimizer', the argument {param_info} must not be empty.")
        return parameters

    def _set_base_target(self, value):
        if not isinstance(value, str):
            raise TypeError("For 'Optimizer', the property 'target' must be string, but got {}".format(type(value)))
        if value not in ("CPU", "Ascend", "GPU"):
            raise ValueError("For 'Optimizer', the property 'target' must be one of ['CPU', 'Ascend' ,'GPU'], "
                             "but got {}".format(value))
        if self._target == "CPU" and value in ("Ascend", "GPU"):
            raise ValueError("For 'Optimizer', the property 'target' cannot be set to 'GPU' or 'Ascend' "
                             "in the 'CPU' environment.")
        if self._target == "Ascend" and value == "GPU":
            raise ValueError("For 'Optimizer', the property 'target' cannot be set to 'GPU' in the 'Ascend' "
                             "environment.")
        if self._target == "GPU" and value == "Ascend":
            raise ValueError("For 'Optimizer', the property 'target' cannot be set to 'Ascend' in the 'GPU' "
                             "environment.")
        self._is_device = value != "CPU"
        self._target = value

    def _preprocess_weight_decay(self, weight_decay):
        if isinstance(weight_decay, (float, int)) and not isinstance(weight_decay, bool):
            weight_decay = float(weight_decay)
            validator.check_non_negative_float(weight_decay, "weight_decay", self.cls_name)
            return weight_decay * self.loss_scale
        if isinstance(weight_decay, Cell):
            self.dynamic_weight_decay = True
            return _WrappedWeightDecay(weight_decay, self.loss_scale)
        raise TypeError("For 'Optimizer', the argument 'Weight_decay' must be int, "
                        "float or Cell.but got {}".format(type(weight_decay)))

    def _preprocess_single_lr(self, learning_rate):
        if isinstance(learning_rate, (float, int)) and not isinstance(learning_rate, bool):
            learning_rate = float(learning_rate)
            validator.check_non_negative_float(learning_rate, "learning rate", self.cls_name)
            return learning_rate
        if isinstance(learning_rate, Tensor) and learning_rate.ndim == 0:
            return Tensor(learning_rate.asnumpy(), dtype=mstype.float32)
        self.dynamic_lr = True
        if isinstance(learning_rate, LearningRateSchedule):
            return learning_rate
        if isinstance(learning_rate, Tensor):
            if learning_rate.ndim > 1:
                raise ValueError("For 'Optimizer', if 'learning_rate' is Tensor type, then the dimension of it "
                                 f"should be 0 or 1, but got {learning_rate.ndim}.")
            if learning_rate.ndim == 1 and learning_rate.size < 2:
                logger.warning("For 'Optimizer', if use 'Tensor' type dynamic learning rate, please make sure "
                               "that the number of elements in the tensor is greater than 1, "
                               "but got %s.", learning_rate.size)
            return Tensor(learning_rate.asnumpy(), dtype=mstype.float32)
        if isinstance(learning_rate, Iterable):
            return Tensor(np.array(list(learning_rate)).astype(np.float32))
        raise TypeError("For 'Optimizer', the argument 'learning_rate' must be int, float, Tensor, Iterable or "
                        "LearningRateSchedule, but got {}.".format(type(learning_rate)))

    def _build_single_lr(self, learning_rate, name):
        if isinstance(learning_rate, float):
            learning_rate = Parameter(Tensor(learning_rate, mstype.float32), name)
            if self.is_group_lr and self.dynamic_lr:
                learning_rate = _ConvertToCell(learning_rate)
            return learning_rate
        if isinstance(learning_rate, Tensor) and learning_rate.ndim == 0:
            learning_rate = Parameter(learning_rate, name)
            if self.is_group_lr and self.dynamic_lr:
                learning_rate = _ConvertToCell(learning_rate)
            return learning_rate
        if isinstance(learning_rate, Tensor) and learning_rate.ndim == 1:
            return _IteratorLearningRate(learning_rate, name)
        return learning_rate

    def _check_group_params(self, parameters):
        parse_keys = ["params", "lr", "weight_decay", "order_params", "grad_centralization"]
        for group_param in parameters:
            invalid_key = [x for x in group_param.keys() if x not in parse_keys]
            if invalid_key:
                raise KeyError(f"For 'Optimizer', the key in group params must be one of in {parse_keys}, "
                               f"but got {invalid_key}.")
            if "order_params" in group_param.keys():
                if len(group_param.keys()) > 1:
                    raise ValueError("For 'Optimizer', the order params dict in group parameters should only "
                                     f"include the 'order_params' key, but got {group_param.keys()}.")
                if not isinstance(group_param["order_params"], Iterable):
                    raise TypeError("For 'Optimizer', the value of 'order_params' in group parameters should "
                                    "be Iterable type, but got {}.".format(type(group_param["order_params"])))
                continue
            params = self._parameters_base_check(group_param["params"], "group `params`")
            for index, param in enumerate(params):
                if not isinstance(param, Parameter):
                    raise TypeError("For 'Optimizer', the element in group parameters must be Parameter type, "
                                    f"but got {type(param)} at index {index}.")

    def _parse_group_params(self, parameters, learning_rate):
        self._check_group_params(parameters)
        tensor_lr_length = learning_rate.size if isinstance(learning_rate, Tensor) and learning_rate.ndim == 1 else 0
        for group_param in parameters:
            if "order_params" in group_param.keys():
                self.is_group_params_ordered = True
                continue
            if "lr" in group_param.keys():
                self.is_group_lr = True
                group_lr = self._preprocess_single_lr(group_param["lr"])
                if isinstance(group_lr, Tensor) and group_lr.ndim == 1:
                    if tensor_lr_length == 0:
                        tensor_lr_length = group_lr.size
                    elif group_lr.size != tensor_lr_length:
                        raise ValueError("For 'Optimizer', the Tensor type dynamic learning rate in group must be "
                                         "the same size as the argument 'learning_rate'.")

    def _init_group_params(self, parameters, learning_rate, weight_decay, grad_centralization):
        self._parse_group_params(parameters, learning_rate)
        default_lr = self._build_single_lr(learning_rate, "learning_rate")
        params_store = []
        ordered_parameters = []
        for group_num, group_param in enumerate(parameters):
            if "order_params" in group_param.keys():
                ordered_parameters = group_param["order_params"]
                continue
            self.group_params += list(group_param["params"])
            if "lr" in group_param.keys():
                lr = self._preprocess_single_lr(group_param["lr"])
                lr = self._build_single_lr(lr, "learning_rate_group_" + str(group_num))
            else:
                lr = default_lr
            if "weight_decay" in group_param.keys():
                weight_decay_ = self._preprocess_weight_decay(group_param["weight_decay"])
            else:
                weight_decay_ = self._preprocess_weight_decay(weight_decay)
            if "grad_centralization" in group_param.keys():
                self.grad_centralization = self._preprocess_grad_centralization(group_param["grad_centralization"])
                grad_centralization_ = self.grad_centralization
            else:
                grad_centralization_ = grad_centralization
            for param in group_param["params"]:
                validator.check_value_type("parameter", param, [Parameter], self.cls_name)
                if param.name in params_store:
                    raise RuntimeError(f"For 'Optimizer', the {param.name} parameter already exists, it does not "
                                       "support repeated setting. Please check whether the optimizer parameter "
                                       "has been set multiple times.")
                params_store.append(param.name)
                self.group_lr.append(lr)
                self.group_weight_decay.append(weight_decay_)
                self.group_grad_centralization.append(grad_centralization_)
        if self.is_group_params_ordered and ordered_parameters:
            self._order_and_adjust_group_params(ordered_parameters)

    def _order_and_adjust_group_params(self, ordered_parameters):
        ordered_parameters = list(ordered_parameters)
        n = len(self.group_params)
        if len(ordered_parameters) != n:
            raise ValueError("For 'Optimizer',the length of order parameters must be the same as the length of "
                             f"group parameters, but got order parameters' length {len(ordered_parameters)}, "
                             f"group parameters' length {n}.")
        names = [param.name for param in ordered_parameters]
        out = [[None] * n for _ in range(4)]
        for param, lr, wd, gc in zip(self.group_params, self.group_lr, self.group_weight_decay,
                                     self.group_grad_centralization):
            index = names.index(param.name)
            for lst, v in zip(out, (param, lr, wd, gc)):
                lst[index] = v
        self.group_params, self.group_lr, self.group_weight_decay, self.group_grad_centralization = out

    # --- the gradient pipeline (user optimizers call these) ---------------------------------
    def flatten_gradients(self, gradients):
        """The gradients unchanged (parameters are never flattened into chunks here)."""
        return gradients

    def decay_weight(self, gradients):
        """``gradient + weight_decay * weight`` for the parameters that decay."""
        if not self.exec_weight_decay:
            return gradients
        wds = self._weight_decay_arrays()
        return tuple(Tensor._wrap(g) for g in self._decay_arrays([_data(g) for g in gradients], wds))

    def gradients_centralization(self, gradients):
        """Centralize the gradients of the groups with ``grad_centralization`` (conv-like
        gradients whose dim 1 is a multiple of 16)."""
        if not self.is_group or not any(self.grad_centralization_flags):
            return gradients
        return tuple(Tensor._wrap(g) for g in self._centralize_arrays([_data(g) for g in gradients]))

    def scale_grad(self, gradients):
        """The gradients divided by ``loss_scale``."""
        if not self.need_scale:
            return gradients
        return tuple(Tensor._wrap(g) for g in self._scale_arrays([_data(g) for g in gradients]))

    def get_weight_decay(self):
        """The weight decay of the current step (a tuple per parameter when grouped)."""
        if self.dynamic_weight_decay:
            if self.is_group:
                return tuple(wd(self.global_step) if flag else wd
                             for wd, flag in zip(self.weight_decay, self.dynamic_decay_flags))
            return self.weight_decay(self.global_step)
        return self.weight_decay

    def get_lr(self):
        """The learning rate of the current step (a tuple per parameter when grouped)."""
        lr = self.learning_rate
        if self.dynamic_lr:
            if self.is_group_lr:
                return tuple(sched(self.global_step).reshape(()) for sched in self.learning_rate)
            return self.learning_rate(self.global_step).reshape(())
        return lr

    def get_lr_parameter(self, param):
        """The learning-rate Parameter (or schedule) of ``param`` (a Parameter or a list)."""
        def value(lr):
            if isinstance(lr, (_ConvertToCell, _IteratorLearningRate)):
                return lr.learning_rate
            return lr

        if isinstance(param, Parameter):
            param_list = [param]
        elif isinstance(param, list):
            param_list = param
        else:
            raise TypeError("For 'get_lr_parameter', the 'param' must be 'Parameter' or 'list' type, "
                            f"but got {type(param)}.")
        lr = []
        ids = [id(p) for p in self._parameters]
        for p in param_list:
            validator.check_value_type("parameter", p, [Parameter], self.cls_name)
            if id(p) not in ids:
                raise ValueError(f"For 'get_lr_parameter', the parameter {p.name} is not in optimizer, please "
                                 "check whether the argument 'param' is correct.")
            if self.is_group_lr:
                lr.append(value(self.learning_rate[ids.index(id(p))]))
            else:
                lr.append(value(self.learning_rate))
        return lr if isinstance(param, list) else lr[0]

    def _is_dynamic_lr_or_weight_decay(self):
        return self.dynamic_lr or self.dynamic_weight_decay

    def _get_parameter_group_id(self):
        dev_num = getattr(self, "dev_num", 1)
        return tuple(i % dev_num for i in range(self.param_length))

    def broadcast_params(self, optim_result):
        """Single device: every parameter is already up to date; returns them grouped by rank."""
        return [tuple(self._parameters)]

    def _grad_sparse_indices_deduplicate(self, gradients):
        return gradients

    def construct(self, *hyper_params):
        raise NotImplementedError

    def __call__(self, *args, **kwargs):
        if self.dynamic_lr and _state._CURRENT.value is None:
            self._check_lr_range()
        if args and isinstance(args[0], (tuple, list)) and type(self).construct.__module__.startswith(__package__):
            self._check_gradient_count(args[0])
        with no_batch():    # parallel modes: gradients are no batch to split over the devices
            return Cell.__call__(self, *args, **kwargs)

    def _check_gradient_count(self, gradients):
        """One gradient per parameter: MindSpore's HyperMap over (parameters, gradients) raises
        where a ``zip`` would silently update only some parameters."""
        n, m = len(self.parameters), len(gradients)
        if m != n:
            raise RuntimeError(f"For '{self.cls_name}', the tuples in HyperMap should have the same length: "
                               f"the optimizer has {n} parameters, but got {m} gradients.")

    def _check_lr_range(self):
        """A per-step learning-rate list read past its end: MindSpore's Gather raises (checked
        before an eager or compiled call made outside every transform)."""
        lrs = self.learning_rate if isinstance(self.learning_rate, CellList) else [self.learning_rate]
        tables = [lr for lr in lrs if isinstance(lr, _IteratorLearningRate)]
        if not tables:
            return
        step = int(np.asarray(self.global_step._value).reshape(-1)[0])
        for lr in tables:
            n = lr.learning_rate.shape[0]
            if step >= n or step < 0:
                raise RuntimeError(f"For 'Gather', the 'input_indices' should be in the range [0, {n}), "
                                   f"but got {step}, error_code[58]")

    # --- array-level helpers for the built-in optimizers (one XLA computation per step) ------
    def _weight_decay_arrays(self):
        """Per parameter: the decay (a float32 array) or None where it does not apply."""
        wd = self.get_weight_decay()
        n = self.param_length
        if self.is_group:
            return [_data(w) if flag else None for w, flag in zip(wd, self.decay_flags)]
        w = _data(wd)
        return [w if flag else None for flag in self.decay_flags][:n]

    def _decay_arrays(self, grads, wds=None):
        if wds is None:
            wds = self._weight_decay_arrays()
        out = []
        for p, g, w in zip(self._parameters, grads, wds):
            if w is None:
                out.append(g)
            else:
                pv = p._data
                out.append(pv * w.astype(pv.dtype) + g)
        return out

    def _centralize_arrays(self, grads):
        out = []
        for g, flag in zip(grads, self.grad_centralization_flags):
            if flag and g.ndim >= 2 and g.shape[1] % 16 == 0:
                g = g - jnp.mean(g, axis=tuple(range(1, g.ndim)), keepdims=True)
            out.append(g)
        return out

    def _scale_arrays(self, grads):
        r = _data(self.reciprocal_scale).astype(jnp.float32)
        return [g * r.astype(g.dtype) for g in grads]

    def _prepare(self, gradients, decay=True, centralize=True, scale=True):
        """The gradients as arrays after weight decay, centralization and loss scale, the
        learning rate per parameter (arrays), and ``global_step`` incremented (MindSpore's order:
        the lr of the step is read before the increment)."""
        grads = [_data(g) for g in gradients]
        if decay and self.exec_weight_decay:
            grads = self._decay_arrays(grads)
        if centralize and self.is_group and any(self.grad_centralization_flags):
            grads = self._centralize_arrays(grads)
        if scale and self.need_scale:
            grads = self._scale_arrays(grads)
        lrs = self._lr_arrays()
        self._step_global()
        return grads, lrs

    def _lr_arrays(self):
        lr = self.get_lr()
        if isinstance(lr, tuple):
            return [_data(x).astype(jnp.float32) for x in lr]
        lr = _data(lr).astype(jnp.float32)
        return [lr] * self.param_length

    def _step_global(self):
        gs = self.global_step
        gs._data = gs._data + jnp.ones((1,), jnp.int32)

    def _step_arrays(self):
        """The per-parameter weight decays and learning rates of this step, then ``global_step`` + 1."""
        wds = self._weight_decay_arrays()
        lrs = self._lr_arrays()
        self._step_global()
        return wds, lrs


def _gather_lr(table, step):
    """``table[step]``; an index past the end gives 0 (MindSpore's CPU Gather)."""
    step = jnp.reshape(step, (-1,)).astype(jnp.int32)
    return jnp.take(table, step, axis=0, mode="fill", fill_value=0)


class _ConvertToCell(LearningRateSchedule):
    """A fixed learning rate as a schedule (used when groups mix fixed and dynamic rates)."""

    def __init__(self, learning_rate):
        super().__init__()
        if not isinstance(learning_rate, Parameter):
            raise TypeError("For 'Optimizer', the argument 'learning_rate' must be Parameter, "
                            "but got {}.".format(type(learning_rate)))
        self.learning_rate = learning_rate

    def construct(self, global_step):
        return self.learning_rate + 1.0 - 1.0


class _IteratorLearningRate(LearningRateSchedule):
    """A 1-D learning-rate Tensor: the value at ``global_step``."""

    def __init__(self, learning_rate, name):
        super().__init__()
        if isinstance(learning_rate, Tensor):
            if learning_rate.ndim != 1:
                raise ValueError("For 'Optimizer', the dimension of the argument 'learning_rate' should "
                                 f"be 1, but got {learning_rate.ndim}.")
        else:
            raise TypeError("For 'Optimizer', the argument 'learning_rate' must be Tensor, "
                            "but got {}.".format(type(learning_rate)))
        self.learning_rate = Parameter(learning_rate, name)

    def construct(self, global_step):
        return Tensor._wrap(_gather_lr(self.learning_rate._data, _data(global_step)))


class _WrappedWeightDecay(Cell):
    """A dynamic weight decay times the loss scale."""

    def __init__(self, weight_decay, loss_scale=1.0):
        super().__init__()
        self.weight_decay = weight_decay
        self.loss_scale = Tensor(loss_scale, mstype.float32)

    def construct(self, global_step):
        return self.weight_decay(global_step) * self.loss_scale
