"""Training wrappers of ``mindspore.nn`` (``mindspore.nn.wrap.cell_wrapper``): a network with
its loss (``WithLossCell``), evaluation (``WithEvalCell``), gradients (``WithGradCell``,
``ForwardValueAndGrad``), one training step (``TrainOneStepCell``), manual parameter
updates (``ParameterUpdate``) and the micro-batch wrappers (``GradAccumulationCell``,
``PipelineCell``, ``MicroBatchInterleaved``) with their single-device meaning: the batch is
split along axis 0 and the network's outputs over the micro batches are summed.

Everything here is ordinary Cell code: in GRAPH_MODE the outermost wrapper is compiled
through ``mscompat._graph.Compiled`` and the optimizer's writes to Parameters are recorded
by the state threading (``mscompat._state``).
"""
import logging
import os
from types import FunctionType, MethodType

import jax.numpy as jnp
import jax

from mscompat.common import dtype as mstype
from mscompat.common.parameter import Parameter, ParameterTuple
from mscompat._autodiff import GradOperation
from mscompat.nn.cell import Cell
from mscompat.nn.container import CellList
from mscompat.nn.layer.basic import Identity
from mscompat._checkparam import check_value_type
from .grad_reducer import DistributedGradReducer
from mscompat import ops
from mscompat import _autodiff
from mscompat import context

logger = logging.getLogger("mscompat")

__all__ = ["WithLossCell", "WithGradCell", "WithEvalCell", "ForwardValueAndGrad", "TrainOneStepCell",
           "ParameterUpdate", "VirtualDatasetCellTriple", "GradAccumulationCell", "MicroBatchInterleaved",
           "PipelineCell"]


def _ops():
    return ops


def forward_and_grads(network, weights, inputs, sens_fn=None):
    """``(network(*inputs), gradients w.r.t. weights)`` from ONE forward pass (as MindSpore's
    training cells: the loss they return is the forward of the gradient, so side effects such
    as BatchNorm statistics happen once per step). ``sens_fn(output array)`` gives each float
    output's sensitivity (ones when ``None``)."""
    d = _autodiff._Derivative(network, inputs, {}, (), list(weights))

    def f(in_vals, w_vals):
        out, written = d.call(in_vals, w_vals)
        arrs, _ = _autodiff._float_leaves(out)
        return [a for a in arrs if a is not None], (out, written)

    ins, ws = d.primals()
    target, vjp_fn, (out, written) = jax.vjp(f, ins, ws, has_aux=True)
    d.commit(written)
    ct = [jnp.ones_like(t) if sens_fn is None else sens_fn(t) for t in target]
    _, g_w = vjp_fn(ct)
    _, gw = d.wrap_grads([], g_w)
    return out, tuple(gw)


def _parallel_mode():
    try:
        return context.get_auto_parallel_context("parallel_mode")
    except Exception:   # pylint: disable=broad-except
        return "stand_alone"


class WithLossCell(Cell):
    """``loss_fn(backbone(data), label)``."""

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn
        self._get_attr_from_cell(backbone)

    def construct(self, data, label):
        out = self._backbone(data)
        return self._loss_fn(out, label)

    @property
    def backbone_network(self):
        """The backbone network."""
        return self._backbone


class WithGradCell(Cell):
    """The gradients of ``network`` (with ``loss_fn`` if given) w.r.t. its trainable
    Parameters; ``sens`` is the output's sensitivity (ones when ``None``)."""

    def __init__(self, network, loss_fn=None, sens=None):
        super().__init__(auto_prefix=False)
        self.network = network
        self.loss_fn = loss_fn
        self.weights = ParameterTuple(network.trainable_params())
        self.grad = GradOperation(get_by_list=True, sens_param=sens is not None)
        self.sens = sens
        if loss_fn is None:
            self.network_with_loss = network
        else:
            self.network_with_loss = WithLossCell(self.network, self.loss_fn)
        self.network_with_loss.set_train()
        self._get_attr_from_cell(network)

    def construct(self, *inputs):
        if self.sens is None:
            return self.grad(self.network_with_loss, self.weights)(*inputs)
        return self.grad(self.network_with_loss, self.weights)(*inputs, self.sens)


class ForwardValueAndGrad(Cell):
    """``(network(*inputs), gradients)`` with ``GradOperation(get_all, get_by_list, sens_param)``
    semantics; with ``sens_param`` the last input is the sensitivity."""

    def __init__(self, network, weights=None, get_all=False, get_by_list=False, sens_param=False):
        super().__init__(auto_prefix=False)
        if not isinstance(network, (Cell, FunctionType, MethodType)):
            raise TypeError(f"For 'ForwardValueAndGrad', the argument 'network' must be cell, function type or "
                            f"method type, but got '{type(network)}'")
        for arg_name, value in (("get_all", get_all), ("get_by_list", get_by_list)):
            if not isinstance(value, bool):
                raise TypeError(f"For 'ForwardValueAndGrad', the type of '{arg_name}' must be bool, "
                                f"but got '{type(value)}'")
        if get_by_list and not isinstance(weights, (ParameterTuple, tuple, list)):
            raise TypeError(f"For 'ForwardValueAndGrad', when 'get_by_list' is set to True, the argument 'weights' "
                            f"must be Parameters array, but got '{type(weights)}'")
        self.network = network
        if isinstance(network, Cell):
            self.network.set_grad()
        self.weights = weights
        self.get_all = get_all
        self.get_by_list = get_by_list
        self.sens_param = sens_param
        self.grad = GradOperation(get_all=get_all, get_by_list=get_by_list, sens_param=sens_param)
        self._get_attr_from_cell(network)

    def construct(self, *inputs):
        # one forward pass gives the value and the gradients (side effects such as BatchNorm
        # statistics happen once, as in MindSpore)
        sens = None
        if self.sens_param:
            inputs, sens = inputs[:-1], inputs[-1]
        positions = tuple(range(len(inputs))) if self.get_all else ((0,) if inputs else ())
        weights = list(self.weights) if self.get_by_list else []
        loss, g_in, g_w, _ = _autodiff._vjp(self.network, inputs, {}, positions, weights, False, sens)
        g_inputs = tuple(g_in) if self.get_all else (g_in[0] if g_in else ())
        if not self.get_by_list:
            return loss, g_inputs
        if not self.get_all:
            return loss, tuple(g_w)
        return loss, (g_inputs, tuple(g_w))


class TrainOneStepCell(Cell):
    """One training step: the loss of ``network(*inputs)``, gradients w.r.t. the optimizer's
    Parameters (output sensitivity ``sens``, 1.0 when ``None``), ``grad_reducer`` (identity on
    one device, :class:`DistributedGradReducer` in data parallel), then ``optimizer(grads)``.
    Returns the loss (and ``{parameter name: gradient}`` with ``return_grad=True``)."""

    def __init__(self, network, optimizer, sens=None, return_grad=False):
        super().__init__(auto_prefix=False)
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = self.optimizer.parameters
        self.grad = GradOperation(get_by_list=True, sens_param=True)
        self.grad_no_sens = GradOperation(get_by_list=True)
        self.sens = sens
        if self.sens == 0:
            raise ValueError("The input argument of 'sens' can not be 0.")
        self.sense_flag = True
        if self.sens is None:
            self.sense_flag = False
            self.sens = 1.0
        self.return_grad = return_grad
        if return_grad:
            self.weights_name = [i.name for i in self.optimizer.parameters]
        self.grad_reducer = Identity()
        self.parallel_mode = _parallel_mode()
        self.reducer_flag = self.parallel_mode in ("data_parallel", "hybrid_parallel")
        if self.reducer_flag:
            self.mean = context.get_auto_parallel_context("gradients_mean")
            self.degree = context.get_auto_parallel_context("device_num") or None
            self.grad_reducer = DistributedGradReducer(self.weights, self.mean, self.degree)
        self._get_attr_from_cell(network)
        self.use_graceful_exit = os.environ.get("MS_ENABLE_GRACEFUL_EXIT") == "1"

    def _result(self, loss, grads):
        ops = _ops()
        loss = ops.depend(loss, self.optimizer(grads))
        if self.return_grad:
            return loss, {name: g for name, g in zip(self.weights_name, grads)}
        return loss

    def construct(self, *inputs):
        if not self.sense_flag:
            return self._no_sens_impl(*inputs)
        sens = self.sens
        loss, grads = forward_and_grads(self.network, self.weights, inputs,
                                        lambda t: jnp.full(t.shape, sens, t.dtype))
        grads = self.grad_reducer(grads)
        return self._result(loss, grads)

    def _no_sens_impl(self, *inputs):
        """The step with the default sensitivity (ones)."""
        loss, grads = forward_and_grads(self.network, self.weights, inputs)
        grads = self.grad_reducer(grads)
        return self._result(loss, grads)


class WithEvalCell(Cell):
    """``(loss, outputs, label)`` of ``network(data)``; ``add_cast_fp32`` casts the outputs
    and label to float32 first."""

    def __init__(self, network, loss_fn, add_cast_fp32=False):
        super().__init__(auto_prefix=False)
        self._network = network
        self._loss_fn = loss_fn
        self.add_cast_fp32 = check_value_type("add_cast_fp32", add_cast_fp32, [bool], self.cls_name)
        self._get_attr_from_cell(network)

    def construct(self, data, label):
        ops = _ops()
        outputs = self._network(data)
        if self.add_cast_fp32:
            label = ops.mixed_precision_cast(mstype.float32, label)
            outputs = ops.cast(outputs, mstype.float32)
        loss = self._loss_fn(outputs, label)
        return loss, outputs, label


class ParameterUpdate(Cell):
    """Assigns its input to ``param`` and returns the input."""

    def __init__(self, param):
        super().__init__(auto_prefix=False)
        if not isinstance(param, Parameter):
            raise TypeError("For 'ParameterUpdate', 'param' must be 'Parameter', but got {}.".format(type(param)))
        self._param = param

    def construct(self, x):
        _ops().assign(self._param, x)
        return x


class VirtualDatasetCellTriple(Cell):
    """Deprecated data-parallel layout marker for networks of three inputs: on one device it
    calls ``backbone(a, b, c)``."""

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        logger.warning("WARN_DEPRECATED: The usage of VirtualDatasetCellTriple is deprecated.")
        self._backbone = backbone
        self._get_attr_from_cell(backbone)

    def construct(self, a, b, c):
        return self._backbone(a, b, c)


# --- micro batches ----------------------------------------------------------------------------
class _MicroBatch(Cell):
    """Slice ``i`` of ``micro_size`` equal slices of every input along axis 0."""

    def __init__(self, micro_size):
        super().__init__()
        self.micro_size = micro_size

    def construct(self, i, *inputs):
        out = ()
        for x in inputs:
            n = x.shape[0]
            if n % self.micro_size != 0:
                raise ValueError(f"For micro batch initialization, the 0th dimension shape of input({n}) must be "
                                 f"divided by micro size({self.micro_size})")
            step = n // self.micro_size
            out += (x[step * i:step * (i + 1)],)
        return out


def _check_micro(name, network, micro_size, what="micro_size"):
    if network is not None and not isinstance(network, Cell):
        raise TypeError(f"For '{name}', the argument 'network' must cell type, but got the type : {type(network)}.")
    if not isinstance(micro_size, int):
        raise TypeError(f"For '{name}', the argument '{what}' must be integer, but got the type : {type(micro_size)}.")
    if micro_size <= 0:
        raise ValueError(f"For '{name}', the argument '{what}' must be large than 0, but got {micro_size}.")


def _sum_micro(cell, n, inputs, start=None):
    ret = start
    for i in range(n):
        micro = cell.micro_inputs[i](i, *inputs) if hasattr(cell, "micro_inputs") else \
            cell.interleave_inputs[i](i, *inputs)
        out = cell.network(*micro)
        ret = out if ret is None else ret + out
    return ret


class _MicroBatchSum(Cell):
    """``network`` run on each of ``micro_size`` slices of the inputs along axis 0, the outputs
    summed: what GradAccumulationCell and PipelineCell compute on one device."""

    def __init__(self, name, network, micro_size):
        super().__init__(auto_prefix=False)
        self.network = network
        self.micro_inputs = CellList()
        self.micro_size = micro_size
        self.add_list = []
        _check_micro(name, network, micro_size)
        for _ in range(micro_size):
            self.micro_inputs.append(_MicroBatch(micro_size))
        self._get_attr_from_cell(network)

    def construct(self, *inputs):
        return _sum_micro(self, self.micro_size, inputs)


class GradAccumulationCell(_MicroBatchSum):
    """Splits the batch into ``micro_size`` micro batches and sums the network's outputs over
    them (gradient accumulation of (semi-)auto parallel; on one device the sum is computed
    directly)."""

    def __init__(self, network, micro_size):
        super().__init__("GradAccumulationCell", network, micro_size)


def _set_pipeline_attr(network, config, attr, arg_name, skip_unnamed):
    """Set ``attr`` of the sub cells of ``network`` that ``config`` names (``network`` itself under
    ``str(network)``; with ``skip_unnamed`` not under the empty name, as for MindSpore's
    stage_config); KeyError naming the entries that matched no cell."""
    left = dict(config)
    for cell_name, cell in network.cells_and_names():
        if (cell_name or not skip_unnamed) and cell_name in left:
            setattr(cell, attr, left.pop(cell_name))
    if str(network) in left:
        setattr(network, attr, left.pop(str(network)))
    if left:
        raise KeyError("For 'PipelineCell', the argument '{}' : {} is not found in 'network' : {}"
                       .format(arg_name, left, network))


class PipelineCell(_MicroBatchSum):
    """Splits the batch into ``micro_size`` micro batches and sums the network's outputs over
    them (pipeline parallel's micro batches; ``stage_config``/``segment_config`` set
    ``pipeline_stage``/``pipeline_segment`` of the named sub cells)."""

    def __init__(self, network, micro_size, stage_config=None, segment_config=None):
        super().__init__("PipelineCell", network, micro_size)
        if stage_config is not None:
            _set_pipeline_attr(self.network, stage_config, "pipeline_stage", "stage_config", True)
        if segment_config is not None:
            _set_pipeline_attr(self.network, segment_config, "pipeline_segment", "segment_config", False)

    def shard(self, in_strategy, out_strategy=None, parameter_plan=None, device="Ascend", level=0):
        raise ValueError("For 'PipelineCell', no 'shard' on 'PipelineCell' is allowed.")


class MicroBatchInterleaved(Cell):
    """Splits the batch into ``interleave_num`` slices along axis 0, runs the network on each
    and returns the sum of the outputs (``0.0 + out_0 + out_1 + ...``)."""

    def __init__(self, network, interleave_num=2):
        super().__init__(auto_prefix=False)
        _check_micro("MicroBatchInterleaved", None, interleave_num, "interleave_num")
        self.network = network
        self.interleave_num = interleave_num
        self.interleave_inputs = CellList()
        for _ in range(interleave_num):
            self.interleave_inputs.append(_MicroBatch(interleave_num))
        self._get_attr_from_cell(network)

    def construct(self, *inputs):
        ops = _ops()
        output = 0.0
        for i in range(self.interleave_num):
            micro = self.interleave_inputs[i](i, *inputs)
            output = ops.add(output, self.network(*micro))
        return output


class _VirtualDatasetCell(Cell):
    """``backbone`` behind ``_VirtualDataset``: the network's inputs enter as data-parallel data
    (semi-auto / auto parallel); the wrapper has ``backbone``'s parameter names (no prefix)."""

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._virtual_dataset = ops.operations._VirtualDataset()
        self._get_attr_from_cell(backbone)

    def construct(self, *inputs):
        return self._backbone(*self._virtual_dataset(*inputs))
