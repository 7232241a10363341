"""Gradient freezing: the trainable parameters are split into groups, and each step trains only
the groups a precomputed schedule picks (group 0 trains everything from the first group on,
later indices fewer groups), through one optimizer per group (:class:`FreezeOpt`) and one
train cell per optimizer (:func:`freeze_cell`)."""
import numpy as np

from mscompat import nn
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.nn.cell import Cell
from mscompat.nn.optim import LARS, Optimizer
from mscompat.nn.wrap.grad_reducer import DistributedGradReducer
from mscompat.ops import functional as F
from .base import ParameterProcess
from .grad_accumulation import GradientAccumulation

__all__ = ['GradientFreeze', 'FreezeOpt', 'freeze_cell']

CONTINUOUS_STRATEGY = 0
INTERVAL_STRATEGY = 1


class FreezeOpt(Cell):
    """One optimizer like ``opt`` per entry of ``train_parameter_groups``; ``train_strategy``
    (list of ints or an int32 1-D Tensor) is the per-step group index schedule."""

    def __init__(self, opt, train_parameter_groups=None, train_strategy=None):
        super().__init__()
        if not isinstance(opt, Optimizer):
            raise TypeError(f"The first arg 'opt' must be an Optimizer instance, but got {type(opt)}")
        if train_strategy is not None and train_parameter_groups is None:
            raise ValueError("When the 'train_strategy' is specified, the value of 'train_parameter_groups' "
                             "must also be specified")
        self.is_lars = isinstance(opt, LARS)
        inner = opt.opt if self.is_lars else opt
        self.opt_class = type(inner)
        self.opt_init_args = inner.init_args
        self.single_opt = inner
        self.parameters = inner.parameters
        self.learning_rate = inner.init_learning_rate
        self.dynamic_lr = inner.dynamic_lr
        if self.is_lars:
            self.lars_init_args = opt.init_args
        self.opts = []
        if train_parameter_groups is None:
            self.groups_num = 1
            train_parameter_groups = (tuple(opt.parameters),)
        else:
            if not isinstance(train_parameter_groups, (tuple, list)):
                raise TypeError("The specified 'train_parameter_groups' should be tuple or list")
            self.groups_num = len(train_parameter_groups)
        self._init_train_strategy(train_strategy)
        self._create_new_group_learning_rate()
        self.opt_index = 0
        for params in train_parameter_groups:
            if not isinstance(params, (tuple, list)):
                raise TypeError("The each element of 'train_parameter_groups' should be tuple or list "
                                "to store the Parameter")
            self.opts.append(self._generate_new_optimizer(params))
            self.opt_index += 1

    def _init_train_strategy(self, train_strategy):
        if isinstance(train_strategy, (tuple, list)):
            if any(not isinstance(e, int) for e in train_strategy):
                raise ValueError("The element in train_strategy should be int number")
            self.train_strategy = Tensor(train_strategy, mstype.int32)
        elif isinstance(train_strategy, Tensor):
            if train_strategy.ndim != 1 or train_strategy.dtype != mstype.int32:
                raise ValueError("When train_strategy is a Tensor, the dimension should be 1 and the dtype "
                                 "should be int32")
            self.train_strategy = train_strategy
        elif train_strategy is None:
            self.train_strategy = None
        else:
            raise TypeError("The specified 'train_strategy' should be None, tuple, list or Tensor")

    def _create_new_group_learning_rate(self):
        """A per-step learning-rate list is dealt out to the groups the schedule names."""
        self.dynamic_learning_rate = [[] for _ in range(self.groups_num)]
        if self.learning_rate is None:
            self.learning_rate = self.single_opt.learning_rate
            return
        if self.dynamic_lr and isinstance(self.learning_rate, list) and isinstance(self.train_strategy, Tensor):
            schedule = list(self.train_strategy.asnumpy())
            if len(self.learning_rate) <= len(schedule):
                for i, lr in enumerate(self.learning_rate):
                    self.dynamic_learning_rate[schedule[i]].append(lr)

    def _generate_new_optimizer(self, params):
        lr = self.dynamic_learning_rate[self.opt_index] or self.learning_rate
        prefix = 'boost_{}'.format(self.opt_index)
        opt = self.opt_class(params=params, learning_rate=lr, **self.opt_init_args)
        opt._update_local_parameters_name(prefix)
        if self.is_lars:
            opt = LARS(opt, **self.lars_init_args)
            opt._update_local_parameters_name(prefix)
        return opt


class _TrainFreezeCell(Cell):
    """One training step that updates only ``optimizer``'s parameters."""

    def __init__(self, net, sens, grad, grad_reducer, use_grad_accumulation, optimizer, max_accumulation_step=1):
        super().__init__(auto_prefix=False)
        self.net = net
        self.grad = grad
        self.grad_reducer = grad_reducer
        self.opt = optimizer
        self.parameters = optimizer.parameters
        self.sens = sens
        self.use_grad_accumulation = use_grad_accumulation
        self.max_accumulation_step = max_accumulation_step
        if use_grad_accumulation:
            self.grad_accumulation = GradientAccumulation(self.max_accumulation_step, self.opt)

    def construct(self, *inputs):
        loss = self.net(*inputs)
        sens = F.fill(loss.dtype, loss.shape, self.sens)
        grads = self.grad(self.net, self.parameters)(*inputs, sens)
        grads = self.grad_reducer(grads)
        if self.use_grad_accumulation:
            return self.grad_accumulation(loss, grads)
        return F.depend(loss, self.opt(grads))


class GradientFreeze:
    """Build the freezing schedule: ``param_groups`` groups, ``freeze_type`` 0 (continuous)
    or 1 (interval, random), freezing probability ``freeze_p`` over ``total_steps`` steps."""

    def __init__(self, param_groups, freeze_type, freeze_p, total_steps):
        self._param_groups = param_groups
        self._freeze_type = freeze_type
        self._freeze_p = freeze_p
        self._total_steps = total_steps
        self.grad_reducer = nn.Identity()

    def split_parameters_groups(self, net, freeze_para_groups_number):
        """Blocks of about three weights (BN and bias parameters join the current block);
        group i holds blocks i*stride onwards."""
        blocks, current = [], []
        for para in net.trainable_params():
            if 'bn' in para.name or 'bias' in para.name:
                current.append(para)
            elif len(current) >= 3:
                blocks.append(current)
                current = [para]
            else:
                current.append(para)
        if current:
            blocks.append(current)
        stride = len(blocks) // freeze_para_groups_number
        return [sum(blocks[i * stride:], []) for i in range(freeze_para_groups_number)]

    def generate_freeze_index_sequence(self, parameter_groups_number, freeze_strategy, freeze_p, total_steps):
        """The group index trained at each step, for ``total_steps * 1.01`` steps."""
        total = int(total_steps * 1.01)
        if parameter_groups_number <= 1:
            return [0 for _ in range(total)]
        if freeze_strategy == CONTINUOUS_STRATEGY:
            zeros = int(freeze_p * (parameter_groups_number - 1) // (1 - freeze_p) + 0.5)
            cycle = [0] * zeros + list(range(1, parameter_groups_number))
            out = []
            while len(out) < total:
                out += cycle
            return out
        if freeze_strategy == INTERVAL_STRATEGY:
            choices = list(range(1, parameter_groups_number))
            prob = [x / sum(choices) for x in choices]
            out = [0]
            zero_cnt, freeze_cnt = 1, 0
            while len(out) < total:
                if 1.0 * freeze_cnt / (zero_cnt + freeze_cnt) < 1 - freeze_p:
                    out.append(int(np.random.choice(choices[::-1], p=prob)))
                    freeze_cnt += 1
                else:
                    out.append(0)
                    zero_cnt += 1
            return out
        raise ValueError(f"Unsupported freezing training strategy '{freeze_strategy}'")

    def freeze_generate(self, network, optimizer):
        """``(network, FreezeOpt)`` for ``optimizer`` with this schedule."""
        groups = self.split_parameters_groups(network, self._param_groups)
        for i in range(self._param_groups):
            groups[i] = ParameterProcess.generate_group_params(groups[i], optimizer.init_params['params'])
        schedule = self.generate_freeze_index_sequence(self._param_groups, self._freeze_type, self._freeze_p,
                                                       self._total_steps)
        return network, FreezeOpt(optimizer, groups, schedule)


def freeze_cell(reducer_flag, network, optimizer, sens, grad, use_grad_accumulation, mean=None, degree=None,
                max_accumulation_step=1):
    """One ``_TrainFreezeCell`` per optimizer of the FreezeOpt ``optimizer``."""
    if reducer_flag:
        processor = ParameterProcess()
        reducers = [DistributedGradReducer(processor.assign_parameter_group(opt.parameters), mean, degree)
                    for opt in optimizer.opts]
    else:
        reducers = [nn.Identity() for _ in optimizer.opts]
    return tuple(_TrainFreezeCell(network, sens, grad, reducer, use_grad_accumulation, opt, max_accumulation_step)
                 for reducer, opt in zip(reducers, optimizer.opts))
