"""Loss scaling for training (``mindspore.nn.wrap.loss_scale``): the update cells
``DynamicLossScaleUpdateCell`` and ``FixedLossScaleUpdateCell``, and
``TrainOneStepWithLossScaleCell``.

A step with overflowing gradients (any inf/NaN after unscaling) is skipped: the optimizer
does not update anything. Inside compiled code the overflow flag is a traced value, so the
skip is a select: the optimizer runs in its own state scope, and each Parameter it writes
gets ``where(overflow, old value, new value)`` (:func:`run_unless`). Outside every
transform (PyNative) the flag is concrete and the optimizer is simply not called, as in
MindSpore.

Overflow detection is MindSpore's "infnan" mode (GPU, Ascend 910B): whether every gradient
is finite. MindSpore's CPU backend has no kernel for its overflow-status ops, so there this
cell only runs after selecting that mode (``cell.ascend_910b_target = True``,
``cell.enable_allfinite = False``); mscompat computes the same flag on every backend.
"""
import jax
import jax.numpy as jnp

from mscompat import _state
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.nn.cell import Cell
from .cell_wrapper import TrainOneStepCell, forward_and_grads
from mscompat import ops

__all__ = ["TrainOneStepWithLossScaleCell", "DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell"]


def _ops():
    return ops


def _arr(x):
    return x._data if isinstance(x, Tensor) else jnp.asarray(x)


def _leaves(x):
    if isinstance(x, (tuple, list)):
        return [t for v in x for t in _leaves(v)]
    if isinstance(x, dict):
        return [t for v in x.values() for t in _leaves(v)]
    return [x] if isinstance(x, Tensor) else []


def _module_helpers():
    """MindSpore's module-level helpers of ``nn.wrap.loss_scale`` that model-zoo training cells
    import: ``_grad_scale`` (``grad * cast(1 / scale)``) and ``_grad_overflow`` (``FloatStatus``),
    both ``MultitypeFuncGraph``s for ``HyperMap``, and the ``reciprocal``/``grad_overflow`` ops."""
    scale_graph = ops.MultitypeFuncGraph("grad_scale")
    recip = ops.Reciprocal()

    @scale_graph.register("Tensor", "Tensor")
    def tensor_grad_scale(scale, grad):
        return grad * ops.cast(recip(scale), ops.dtype(grad))

    overflow_graph = ops.MultitypeFuncGraph("_grad_overflow")
    float_status = ops.FloatStatus()

    @overflow_graph.register("Tensor")
    def _tensor_grad_overflow(grad):
        return float_status(grad)

    return scale_graph, tensor_grad_scale, recip, overflow_graph, float_status, _tensor_grad_overflow


(_grad_scale, tensor_grad_scale, reciprocal, _grad_overflow, grad_overflow,
 _tensor_grad_overflow) = _module_helpers()


def grads_overflow(grads):
    """A bool scalar Tensor: some float gradient holds an inf or NaN."""
    flags = [jnp.logical_not(jnp.all(jnp.isfinite(g._data))) for g in _leaves(grads)
             if jnp.issubdtype(g._data.dtype, jnp.inexact)]
    if not flags:
        return Tensor._wrap(jnp.asarray(False))
    return Tensor._wrap(jnp.any(jnp.stack(flags)))


def run_unless(cond, fn):
    """Run ``fn()`` unless the bool scalar ``cond`` is true; returns ``fn``'s result (or
    ``None`` when skipped eagerly).

    A concrete ``cond`` is plain Python control flow. A traced one (compiled code) runs
    ``fn`` in its own state scope and writes every Parameter it changed as
    ``where(cond, old, new)``, so the step is skipped without a Python branch.
    """
    c = _arr(cond)
    if not isinstance(c, jax.core.Tracer):
        if bool(c):
            return None
        return fn()
    c = jnp.reshape(c.astype(bool), ())
    with _state.Scope() as scope:
        out = fn()
    for param in scope.written_params():
        new = scope.values[id(param)]
        old = param._data
        if hasattr(new, "dtype") and hasattr(old, "dtype") and new.shape == old.shape:
            param._data = jnp.where(c, old, new.astype(old.dtype))
        else:
            raise RuntimeError(f"For 'TrainOneStepWithLossScaleCell', the optimizer changed the shape of Parameter "
                               f"'{param.name}', which cannot be skipped on overflow.")
    return out


class DynamicLossScaleUpdateCell(Cell):
    """Updates a loss scale Parameter after each step: divided by ``scale_factor`` (at least
    1) on overflow, multiplied by it after ``scale_window`` steps without overflow. Its state
    is ``current_iterator_step`` and ``last_overflow_iterator_step`` (int32 Parameters)."""

    def __init__(self, loss_scale_value, scale_factor, scale_window):
        super().__init__()
        self.scale_window = Tensor(scale_window, dtype=mstype.int32)
        self.scale_factor = Tensor(scale_factor, dtype=mstype.float32)
        self.loss_scale_value = loss_scale_value
        self.cur_iter = Parameter(Tensor(1, dtype=mstype.int32), name="current_iterator_step")
        self.last_overflow_iter = Parameter(Tensor(0, dtype=mstype.int32), name="last_overflow_iterator_step")
        self.minimum_loss_scale = Tensor(1.0, dtype=mstype.float32)

    def get_loss_scale(self):
        """The initial loss scale value."""
        return self.loss_scale_value

    def construct(self, loss_scale, overflow):
        ops = _ops()
        ov = overflow
        on_overflow = ops.select(ov, ops.maximum(loss_scale * ops.reciprocal(self.scale_factor),
                                                 self.minimum_loss_scale), loss_scale)
        should_inc = ops.less_equal(self.scale_window, self.cur_iter - self.last_overflow_iter)
        last_iter_cond = ops.logical_or(ov, should_inc)
        ops.assign(self.last_overflow_iter, ops.select(last_iter_cond, self.cur_iter, self.last_overflow_iter))
        update_cond = ops.logical_and(should_inc, ops.logical_not(ov))
        ops.assign(loss_scale, ops.select(update_cond, on_overflow * self.scale_factor, on_overflow))
        ops.assign(self.cur_iter, self.cur_iter + 1)
        return overflow


class FixedLossScaleUpdateCell(Cell):
    """A constant loss scale: the update does nothing and returns the overflow flag."""

    def __init__(self, loss_scale_value):
        super().__init__()
        self.loss_scale_value = loss_scale_value

    def get_loss_scale(self):
        """The loss scale value."""
        return self.loss_scale_value

    def construct(self, _, overflow):
        return overflow


def _set_scale_sense(cell, scale_sense, shape_message, type_message):
    """A loss-scale training cell's ``scale_sense``: a loss scale manager Cell (its scale in a
    float32 Parameter, the manager kept to update it) or a Tensor of shape (1,) or () (the
    Parameter itself); ValueError/TypeError with the caller's messages otherwise."""
    if isinstance(scale_sense, Cell):
        cell.loss_scaling_manager = scale_sense
        cell.scale_sense = Parameter(Tensor(scale_sense.get_loss_scale(), dtype=mstype.float32), name="scale_sense")
    elif isinstance(scale_sense, Tensor):
        if scale_sense.shape not in ((1,), ()):
            raise ValueError(shape_message.format(scale_sense.shape))
        cell.scale_sense = Parameter(scale_sense, name="scale_sense")
    else:
        raise TypeError(type_message.format(type(scale_sense)))


class TrainOneStepWithLossScaleCell(TrainOneStepCell):
    """One training step with loss scaling: the gradients of the loss scaled by
    ``scale_sense`` are unscaled, checked for overflow, the scale is updated (when
    ``scale_sense`` is an update Cell) and the optimizer runs only without overflow.
    Returns ``(loss, overflow, loss scale)``; ``scale_sense`` is a Tensor of shape () or (1,),
    or a :class:`DynamicLossScaleUpdateCell`/:class:`FixedLossScaleUpdateCell`."""

    def __init__(self, network, optimizer, scale_sense):
        super().__init__(network, optimizer, sens=None)
        ops = _ops()
        self.hyper_map = ops.HyperMap()
        self.reduce_sum = ops.ReduceSum(keep_dims=False)
        self.reduce_all = ops.ReduceAll(keep_dims=False)
        self.less_equal = ops.LessEqual()
        self.equal = ops.Equal()
        self.logic_not = ops.LogicalNot()
        self.base = Tensor(1, mstype.float32)
        self.base0 = Tensor(0, mstype.int32)
        self.is_distributed = self.parallel_mode != "stand_alone"
        self.gpu_target = False
        self.ascend_910a_target = False
        self.ascend_910b_target = False
        self.enable_allfinite = True
        self._ascend_check_overflow_mode = None
        self.loss_scaling_manager = None
        _set_scale_sense(self, scale_sense,
                        "For 'TrainOneStepWithLossScaleCell', the shape of 'scale_sense' must be (1,) or (), "
                        "but got {}.",
                        "For 'TrainOneStepWithLossScaleCell', the 'scale_sense' must be Cell or Tensor, "
                        "but got 'scale_sense' type: {}.")
        self.enable_tuple_broaden = True
        self._get_attr_from_cell(network)

    def construct(self, *inputs):
        scaling_sens = self.scale_sense
        status = Tensor([0] * 8, mstype.int32)
        scale = scaling_sens._data
        loss, grads = forward_and_grads(self.network, self.weights, inputs, lambda t: _sens(t, scale))
        grads = _unscale(scaling_sens, grads)
        grads = self.grad_reducer(grads)
        cond = self.get_overflow_status(status, grads)
        overflow = self.process_loss_scale(cond)
        run_unless(overflow, lambda: self.optimizer(grads))
        return loss, cond, scaling_sens

    def set_sense_scale(self, sens):
        """Set a new value of the loss scale (a Tensor like the current one)."""
        if self.scale_sense and isinstance(sens, Tensor):
            self.scale_sense.set_data(sens)
        else:
            raise TypeError("For 'TrainOneStepWithLossScaleCell', the type of 'sens' must be Tensor, "
                            "but got {}".format(type(sens)))

    def start_overflow_check(self, pre_cond, compute_input):
        """Start overflow detection: returns ``(status, compute_input)``; ``status`` goes to
        :meth:`get_overflow_status` (no status register to clear in infnan mode)."""
        status = Tensor([0] * 8, mstype.int32)
        return status, compute_input

    def get_overflow_status(self, status, compute_output):
        """A bool scalar Tensor: ``compute_output`` (a Tensor or tuple of Tensors) holds an
        inf or NaN."""
        return grads_overflow(compute_output)

    def process_loss_scale(self, overflow):
        """Update the loss scale with the update cell (if any); returns ``overflow``."""
        if self.loss_scaling_manager is not None:
            return self.loss_scaling_manager(self.scale_sense, overflow)
        return overflow


def _sens(t, scale):
    """The sensitivity ``ones_like(loss) * scale`` for the output array ``t`` (a scale of shape
    (1,) for a scalar loss is taken as that scalar)."""
    s = jnp.ones_like(t) * scale.astype(t.dtype)
    if s.shape != t.shape:
        s = jnp.reshape(s, t.shape) if s.size == t.size else jnp.broadcast_to(s, t.shape)
    return s


def _unscale(scale, grads):
    ops = _ops()
    inv = ops.reciprocal(scale)

    def one(g):
        if isinstance(g, (tuple, list)):
            return type(g)(one(v) for v in g)
        if isinstance(g, Tensor):
            return g * ops.cast(inv, g.dtype)
        return g
    return one(grads)
