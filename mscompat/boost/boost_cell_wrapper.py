"""Boost training cells: :class:`BoostTrainOneStepCell` (gradient freezing, gradient
accumulation, DimReduce and AdaSum as AutoBoost configures them) and
:class:`BoostTrainOneStepWithLossScaleCell` (the same with loss scaling, or per-layer-group
loss scales with ``GroupLossScaleManager``)."""
import numpy as np
import jax

from mscompat import _state
from mscompat.common import dtype as mstype
from mscompat.common.parameter import Parameter, ParameterTuple
from mscompat.common.tensor import Tensor
from mscompat.communication.management import get_rank, get_group_size, create_group
from mscompat.context import ParallelMode
from mscompat.nn import SequentialCell
from mscompat.nn.cell import Cell
from mscompat.nn.wrap import TrainOneStepCell
from mscompat.nn.wrap.cell_wrapper import forward_and_grads
from mscompat.nn.wrap.grad_reducer import DistributedGradReducer
from mscompat.nn.wrap.loss_scale import grads_overflow, run_unless, _sens, _set_scale_sense, _unscale
from mscompat.ops import composite as C
from mscompat.ops import functional as F
from mscompat.ops import operations as P
from mscompat.parallel._utils import _get_global_rank, _get_device_num, _get_gradients_mean
from .adasum import AdaSum
from .base import _load_local_pca_mat
from .boost import AutoBoost
from .dim_reduce import DimReduce, _save_weight
from .grad_accumulation import gradient_accumulation_op, gradient_clear_op
from .grad_freeze import FreezeOpt, freeze_cell

__all__ = ['BoostTrainOneStepCell', 'BoostTrainOneStepWithLossScaleCell']

_get_delta_weight = C.MultitypeFuncGraph('_get_delta_weight')


@_get_delta_weight.register('Tensor', 'Tensor')
def _get_delta_weight_process(new_parameter, old_parameter):
    return old_parameter - new_parameter


_grad_scale = C.MultitypeFuncGraph('grad_scale')


@_grad_scale.register('Tensor', 'Tensor')
def tensor_grad_scale(scale, grad):
    """``grad / scale`` in the gradient's dtype."""
    return grad * F.cast(P.Reciprocal()(scale), F.dtype(grad))


def _concrete(x):
    return not isinstance(getattr(x, "_data", x), jax.core.Tracer)


class _OutputToFloat16(Cell):
    """Run ``op`` and cast its output to float16."""

    def __init__(self, op):
        super().__init__(auto_prefix=False)
        self._op = op

    def construct(self, *inputs):
        return F.cast(self._op(*inputs), mstype.float16)


class BoostTrainOneStepCell(TrainOneStepCell):
    """A training step with the boost features of :class:`AutoBoost`.

    With a :class:`FreezeOpt` optimizer each step trains the parameter group its schedule picks
    (one freeze cell per group); with ``grad_accumulation`` the optimizer runs every
    ``grad_accumulation_step`` steps on the mean gradient; an optimizer flagged ``dim_reduce``
    runs :class:`DimReduce`; ``adasum`` (data parallel over several servers) runs
    :class:`AdaSum`. Without ``sens`` the step returns None, as MindSpore 2.10's does.
    """

    def __init__(self, network, optimizer, sens=None):
        super().__init__(network, optimizer, sens)
        self.hyper_map = C.HyperMap()
        self.freeze = isinstance(optimizer, FreezeOpt)
        if not self.freeze:
            self.weights = self.optimizer.parameters
        self.train_strategy = getattr(self.optimizer, 'train_strategy', None)
        self.auto_boost = AutoBoost()
        self.use_grad_accumulation = (self.parallel_mode in (ParallelMode.DATA_PARALLEL, ParallelMode.STAND_ALONE)
                                      and bool(self.auto_boost.boost_config.get('grad_accumulation', False)))
        self.max_accumulation_step = 1
        if self.use_grad_accumulation:
            self.max_accumulation_step = self.auto_boost.grad_accumulation_step
            if self.max_accumulation_step <= 1:
                self.max_accumulation_step = 1
                self.use_grad_accumulation = False
        self.accumulation_step = Parameter(Tensor(0, dtype=mstype.int32), name='accumulation_step')
        if self.use_grad_accumulation:
            self.grad_accumulation = self.weights.clone(prefix='grad_accumulation', init='zeros')
        self.enable_dim_reduce = self.check_dim_reduce_enable()
        if self.enable_dim_reduce:
            self._init_dim_reduce()
        self.freeze_nets = None
        self.step = Parameter(Tensor(0, dtype=mstype.int32))
        if self.freeze:
            if self.reducer_flag:
                self.mean = _get_gradients_mean()
                self.degree = _get_device_num()
            else:
                self.mean = None
                self.degree = None
            self.freeze_nets = freeze_cell(self.reducer_flag, self.network, self.optimizer, self.sens, self.grad,
                                           self.use_grad_accumulation, self.mean, self.degree,
                                           self.max_accumulation_step)
        self.enable_adasum = self.check_adasum_enable()
        self.sync_tensor = Parameter(Tensor(0, dtype=mstype.int32))
        if self.enable_adasum:
            self._init_adasum()

    def __call__(self, *inputs, **kwargs):
        # gradient freezing picks one of several train cells per step: done on the host, so
        # that each freeze cell runs (and compiles in GRAPH_MODE) on its own
        if self.freeze and not _state.tracing() and _concrete(self.step):
            return self.gradient_freeze_process(*inputs)
        return super().__call__(*inputs, **kwargs)

    def construct(self, *inputs):
        if self.freeze:
            return self.gradient_freeze_process(*inputs)
        if not self.sense_flag:
            self._no_sens_impl(*inputs)
            return None
        sens = self.sens
        loss, grads = forward_and_grads(self.network, self.weights, inputs,
                                        lambda t: np.full(t.shape, sens, t.dtype))
        grads = self.grad_reducer(grads)
        return self._update(loss, grads, F.fill(loss.dtype, loss.shape, sens), *inputs)

    def _update(self, loss, grads, sens, *inputs):
        if self.use_grad_accumulation:
            return self.gradient_accumulation_process(loss, grads, sens, *inputs)
        if self.enable_dim_reduce:
            return F.depend(loss, self.dim_reduce(loss, grads, sens, self.weights, self.weights_clone, *inputs))
        if self.enable_adasum:
            return F.depend(loss, self.adasum_process(loss, grads))
        return F.depend(loss, self.optimizer(grads))

    def _freeze_index(self):
        step = int(self.step.asnumpy())
        if self.train_strategy is None:
            return step, len(self.freeze_nets)
        return int(self.train_strategy.asnumpy()[step]), len(self.train_strategy)

    def gradient_freeze_process(self, *inputs):
        """Train the parameter group of this step, then advance the schedule."""
        if _concrete(self.step):
            index, count = self._freeze_index()
            loss = self.freeze_nets[index](*inputs)
            self.step.set_data(Tensor(0 if int(self.step.asnumpy()) + 1 >= count else int(self.step.asnumpy()) + 1,
                                      mstype.int32))
            return loss
        # traced (a compiled loop around this cell): the schedule needs the step's value, so
        # this raises JAX's concretization error and the compiled call runs eagerly instead
        index = int(self.step)
        raise AssertionError(f"unreachable: a traced step converted to {index}")

    def gradient_accumulation_process(self, loss, grads, sens, *inputs):
        """Add ``grads / steps`` to the accumulator; every ``steps`` calls update with it and
        clear it."""
        loss = F.depend(loss, self.hyper_map(F.partial(gradient_accumulation_op, self.max_accumulation_step),
                                             self.grad_accumulation, grads))
        P.AssignAdd()(self.accumulation_step, Tensor(1, mstype.int32))
        due = self.accumulation_step >= self.max_accumulation_step

        def update():
            if self.enable_dim_reduce:
                self.dim_reduce(loss, self.grad_accumulation, sens, self.weights, self.weights_clone, *inputs)
            elif self.enable_adasum:
                self.adasum_process(loss, self.grad_accumulation)
            else:
                self.optimizer(self.grad_accumulation)

        def apply():
            update()
            P.Assign()(self.accumulation_step, Tensor(0, mstype.int32))
            self.hyper_map(F.partial(gradient_clear_op), self.grad_accumulation)
        if _concrete(due):
            if bool(due.asnumpy()):
                update()
                # MindSpore 2.10 then assigns a Python int to this Parameter, which its Cell rejects
                raise TypeError("Parameter 'accumulation_step' already exists in network, can not assign this "
                                "type: '<class 'int'>' as a parameter.")
            return loss
        run_unless(F.logical_not(due), apply)
        return loss

    def adasum_process(self, loss, grads):
        """Local optimizer step, then AdaSum of the weight deltas across servers and a
        broadcast of each server's slice of the weights."""
        loss = F.depend(loss, self.optimizer(grads))
        rank_weights = self.weights[self.start[self.server_rank]:self.end[self.server_rank]]
        grad_clone = F.depend(self.grad_clone, loss)
        delta_w = self.hyper_map(F.partial(_get_delta_weight), rank_weights, grad_clone)
        adasum_res = self.adasum(delta_w, rank_weights, grad_clone)
        sync_flag = self.adasum.sync_barrier(F.depend(self.sync_tensor, adasum_res))
        for i in range(self.device_number):
            weight_tuple = self.weights[self.start[i]:self.end[i]]
            updated = self.adasum.broadcast_list[i](F.depend(weight_tuple, sync_flag))
            target = self.grad_clone if i == self.server_rank else weight_tuple
            self.hyper_map(F.partial(_save_weight), target, updated)
        return loss

    def check_adasum_enable(self):
        """AdaSum runs for an optimizer flagged ``adasum`` in data parallel over a power of
        two (> 1) of 8-device servers."""
        if not getattr(self.optimizer, 'adasum', None) or not self.reducer_flag:
            return False
        group_number = get_group_size() // 8
        return bool(group_number > 1 and group_number & (group_number - 1) == 0)

    def check_dim_reduce_enable(self):
        """DimReduce runs for an optimizer flagged ``dim_reduce`` (AutoBoost's SGD)."""
        return bool(getattr(self.optimizer, 'dim_reduce', None))

    def _no_sens_impl(self, *inputs):
        loss, grads = forward_and_grads(self.network, self.weights, inputs)
        grads = self.grad_reducer(grads)
        self._update(loss, grads, F.fill(loss.dtype, loss.shape, self.sens), *inputs)

    def _init_dim_reduce(self):
        boost = self.auto_boost
        rank = get_rank()
        rank_size = 1 if self.parallel_mode == ParallelMode.STAND_ALONE else get_group_size()
        pca_mat = _load_local_pca_mat(boost.local_pca_mat_path, boost.timeout)
        self.weights_clone = ParameterTuple(self.weights).clone(prefix='weights_clone', init='same')
        self.dim_reduce = DimReduce(self.network, self.optimizer, self.weights, pca_mat, boost.n_components,
                                    boost.rho, boost.gamma, boost.alpha, boost.sigma, rank, rank_size)

    def _init_adasum(self):
        rank = _get_global_rank()
        rank_size = get_group_size()
        self.device_number = self.auto_boost.device_number
        group_number = rank_size // self.device_number
        self.server_rank = rank % self.device_number
        per_rank = len(self.weights) // self.device_number
        self.start = [x * per_rank for x in range(self.device_number)]
        self.end = [(x + 1) * per_rank for x in range(self.device_number)]
        self.end[-1] = len(self.weights)
        current = self.weights[self.start[self.server_rank]:self.end[self.server_rank]]
        self.grad_clone = ParameterTuple(current).clone(prefix='delta_weight')
        self.adasum = AdaSum(rank, self.device_number, group_number, self.grad_clone)
        self.degree = int(self.degree // group_number)
        groups = [list(range(x * self.degree, (x + 1) * self.degree)) for x in range(group_number)]
        index = rank // self.device_number
        name = 'allreduce_' + str(index)
        create_group(name, groups[index])
        self.grad_reducer = DistributedGradReducer(self.weights, self.mean, self.degree, group=name)


class BoostTrainOneStepWithLossScaleCell(BoostTrainOneStepCell):
    """:class:`BoostTrainOneStepCell` with loss scaling: ``scale_sense`` is a Tensor of shape
    () or (1,) or a loss-scale update Cell; with the ``loss_scale_group`` boost it must be a
    ``GroupLossScaleManager``. Returns ``(loss, overflow, loss scale)``; overflow is detected
    as inf/NaN in the unscaled gradients and skips the update."""

    def __init__(self, network, optimizer, scale_sense):
        super().__init__(network, optimizer, sens=None)
        self.base = Tensor(1, mstype.float32)
        self.reduce_sum = P.ReduceSum(keep_dims=False)
        self.less_equal = P.LessEqual()
        self.allreduce = P.AllReduce()
        self.is_distributed = self.parallel_mode != ParallelMode.STAND_ALONE
        self.loss_scaling_manager = None
        self.base0 = Tensor(0, mstype.int32)
        self.reduce_all = P.ReduceAll(keep_dims=False)
        self.logic_not = P.LogicalNot()
        self.equal = P.Equal()
        if self.auto_boost.boost_config.get('loss_scale_group', False):
            self.enable_enhanced_amp = True
            if not isinstance(scale_sense, Cell) or not hasattr(scale_sense, 'set_loss_scale_status'):
                raise TypeError("The scale_sense must be enhanced amp Cell, bug got {}".format(type(scale_sense)))
            self.loss_scaling_manager = scale_sense
            self.loss_scale_groups = scale_sense.loss_scale_groups
            self._init_enhanced_amp()
            self._do_keep_mix_fp32(self.network)
        else:
            self.enable_enhanced_amp = False
            _set_scale_sense(self, scale_sense, "The shape of scale_sense must be (1,) or (), but got {}",
                            "The scale_sense must be Cell or Tensor, but got {}")

    def construct(self, *inputs):
        if self.enable_enhanced_amp:
            loss, grads = forward_and_grads(self.network, self.weights, inputs)
            grads = self.grad_reducer(grads)
            cond, scaling_sens = self._enhanced_amp_process_overflow_status(grads)
            return loss, cond, scaling_sens
        scaling_sens = self.scale_sense
        scale = scaling_sens._data
        loss, grads = forward_and_grads(self.network, self.weights, inputs, lambda t: _sens(t, scale))
        grads = _unscale(scaling_sens, grads)
        grads = self.grad_reducer(grads)
        cond = self._get_overflow_status(None, grads)
        overflow = self._process_loss_scale(cond)
        sens_filled = F.ones_like(loss) * F.cast(scaling_sens, F.dtype(loss))
        run_unless(overflow, lambda: self._multi_update(loss, grads, sens_filled, *inputs))
        return loss, cond, scaling_sens

    def _multi_update(self, loss, grads, scaling_sens_filled, *inputs):
        return self._update(loss, grads, scaling_sens_filled, *inputs)

    def _get_overflow_status(self, status, compute_output):
        """True when the gradients hold an inf or NaN (on any device in data parallel)."""
        overflow = grads_overflow(compute_output)
        if self.is_distributed:
            overflow = F.cast(self.allreduce(F.cast(overflow, mstype.float32)), mstype.bool_)
        return overflow

    def _get_dynamic_overflow_status(self, param):
        flag_sum = self.equal(self.base0, param)
        if self.reducer_flag:
            flag_sum = self.allreduce(flag_sum)
        overflow = self.logic_not(self.reduce_all(flag_sum))
        return overflow, (self.reduce_ratio if overflow else self.growth_ratio)

    def _enhanced_amp_process_overflow_status(self, grads):
        """Update each layer group's scale (down on overflow, slowly up otherwise) and run the
        optimizer on the rescaled gradients when no group overflowed."""
        overflow_count = Tensor(0, mstype.int32)
        scales = ()
        for layer, param in enumerate(self.overflow_status_list):
            overflow, ratio = self._get_dynamic_overflow_status(param)
            if overflow:
                overflow_count += 1
            new_scale = self.loss_scaling_manager.update_loss_scale_status(layer, ratio)
            scales += (new_scale,) * self.optimizer_loss_scale[layer]
        if P.Less()(overflow_count, self.base):
            grads = self.hyper_map(F.partial(_grad_scale), scales, grads)
            overflow_count = F.depend(overflow_count, self.optimizer(grads))
        return overflow_count, scales[0]

    def _set_sense_scale(self, sens):
        if self.scale_sense and isinstance(sens, Tensor):
            self.scale_sense.set_data(sens)
        else:
            raise TypeError("The input type must be Tensor, but got {}".format(type(sens)))

    def _process_loss_scale(self, overflow):
        if self.loss_scaling_manager is not None:
            return self.loss_scaling_manager(self.scale_sense, overflow)
        return overflow

    def _init_enhanced_amp(self):
        self.params_len = len(self.optimizer.params)
        self.parent = list(range(self.params_len))
        self.layer_rank = [0] * self.params_len
        index = 0
        for group in self.loss_scale_groups:
            for i, _ in enumerate(group):
                if i:
                    self._union(index - 1, index)
                index += 1
        roots = list(set(self.parent))
        self.optimizer_loss_scale = [self.parent.count(x) for x in roots]
        self.reduce_ratio = Tensor(1.0 / (2 ** 0.5), mstype.float32)
        self.growth_ratio = Tensor(2 ** (1.0 / 1000.0), mstype.float32)
        count = len(self.loss_scale_groups)
        self.overflow_status_list = ParameterTuple(
            Parameter(Tensor(np.zeros(shape=[8]), mstype.int32), name='mix_layer_status_{}'.format(x),
                      requires_grad=False) for x in range(count))
        self.loss_scaling_manager.set_loss_scale_status(count, self.loss_scaling_manager.get_loss_scale())

    def _get_root(self, i):
        if self.parent[i] != self.parent[self.parent[i]]:
            self.parent[i] = self._get_root(self.parent[i])
        return self.parent[i]

    def _union(self, i, j):
        i_root, j_root = self._get_root(i), self._get_root(j)
        if self.layer_rank[i_root] == self.layer_rank[j_root]:
            self.parent[j_root] = i_root
            self.layer_rank[i_root] += 1
        elif self.layer_rank[i_root] > self.layer_rank[j_root]:
            self.parent[j_root] = i_root
        else:
            self.parent[i_root] = j_root

    def _do_keep_mix_fp32(self, network):
        changed = False
        cells = network.name_cells()
        for name, sub in cells.items():
            if sub is network:
                continue
            if 'GroupLossScaleManager' in sub.cls_name:
                network._cells[name] = _OutputToFloat16(sub.to_float(mstype.float32))
                changed = True
            else:
                self._do_keep_mix_fp32(sub)
        if isinstance(network, SequentialCell) and changed:
            network.cell_list = list(network.cells())
