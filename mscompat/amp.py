"""``mindspore.amp``: mixed precision (``auto_mixed_precision``, ``custom_mixed_precision``,
``build_train_network``, the white and black lists), loss scale managers, the functional
loss scalers (``StaticLossScaler``, ``DynamicLossScaler``) and ``all_finite``.

The scalers keep their state in Parameters (``scale_value``, ``counter``) and update it with
``ops.select``/``ops.assign``, so they work inside compiled training steps (``ms.jit``,
GRAPH_MODE) as well as in PyNative.
"""
from abc import ABC, abstractmethod

import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat._checkparam import check_value_type, check_positive_int
from mscompat.train.amp import (auto_mixed_precision, custom_mixed_precision, build_train_network,
                                get_white_list, get_black_list)
from mscompat.train.loss_scale_manager import LossScaleManager, FixedLossScaleManager, DynamicLossScaleManager
from mscompat import ops

__all__ = ["DynamicLossScaleManager", "LossScaleManager", "FixedLossScaleManager",
           "build_train_network", "DynamicLossScaler", "StaticLossScaler", "LossScaler",
           "auto_mixed_precision", "all_finite", "custom_mixed_precision",
           "get_white_list", "get_black_list"]


def _ops():
    return ops


def _map(fn, inputs):
    if isinstance(inputs, (tuple, list)):
        return tuple(_map(fn, x) for x in inputs)
    return fn(inputs)


def _grad_scale(scale, grad):
    return grad * scale.astype(grad.dtype)


def _grad_unscale(scale, grad):
    return grad * _ops().reciprocal(scale).astype(grad.dtype)


def _leaves(inputs):
    if isinstance(inputs, (tuple, list)):
        return [t for x in inputs for t in _leaves(x)]
    return [inputs]


def all_finite(inputs):
    """A bool scalar Tensor: every element of the Tensors ``inputs`` (a tuple or list) is
    finite."""
    if not isinstance(inputs, (tuple, list)):
        raise TypeError(f'Failed calling AddN with "x={type(inputs).__name__}". The valid calling should be: '
                        '"x=<list of tensor, tuple of Tensor>".')
    leaves = _leaves(inputs)
    flags = []
    for t in leaves:
        if not isinstance(t, Tensor):
            raise TypeError(f"For 'all_finite', the inputs must be Tensors, but got {type(t).__name__}.")
        flags.append(jnp.all(jnp.isfinite(t._data)))
    if not flags:
        return Tensor._wrap(jnp.asarray(True))
    return Tensor._wrap(jnp.all(jnp.stack(flags)))


class LossScaler(ABC):
    """The interface of a loss scaler: ``scale`` (the loss or gradients), ``unscale``
    (gradients) and ``adjust`` (the scale, given whether the gradients are finite)."""

    @abstractmethod
    def scale(self, inputs):
        """``inputs`` multiplied by the loss scale."""
        raise NotImplementedError

    @abstractmethod
    def unscale(self, inputs):
        """``inputs`` divided by the loss scale."""
        raise NotImplementedError

    @abstractmethod
    def adjust(self, grads_finite):
        """Update the loss scale from ``grads_finite`` (a bool scalar Tensor)."""
        raise NotImplementedError


def _check_scale_value(scale_value):
    scale_value = check_value_type("scale_value", scale_value, [float, int])
    if scale_value < 1.0:
        raise ValueError("The argument 'scale_value' must be > 1, but got {}".format(scale_value))
    return scale_value


class StaticLossScaler(LossScaler):
    """A fixed loss scale ``scale_value`` (a float32 Parameter named ``scale_value``)."""

    def __init__(self, scale_value):
        scale_value = _check_scale_value(scale_value)
        self.scale_value = Parameter(Tensor(scale_value, dtype=mstype.float32), name="scale_value")

    def scale(self, inputs):
        """``inputs`` (a Tensor or tuple of Tensors) times the scale, in their own dtypes."""
        return _map(lambda g: _grad_scale(self.scale_value, g), inputs)

    def unscale(self, inputs):
        """``inputs`` divided by the scale, in their own dtypes."""
        return _map(lambda g: _grad_unscale(self.scale_value, g), inputs)

    def adjust(self, grads_finite):
        """A fixed scale is never adjusted: returns False."""
        return False


class DynamicLossScaler(LossScaler):
    """A loss scale multiplied by ``scale_factor`` after ``scale_window`` consecutive steps
    with finite gradients (if the product is finite), divided by it (at least 1) after a step
    with non-finite gradients. State: Parameters ``scale_value`` (float32) and ``counter``
    (int32)."""

    def __init__(self, scale_value, scale_factor, scale_window):
        scale_value = _check_scale_value(scale_value)
        self.scale_value = Parameter(Tensor(scale_value, dtype=mstype.float32), name="scale_value")
        self.scale_window = check_positive_int(scale_window, "scale_window")
        self.scale_factor = check_positive_int(scale_factor, "scale_factor")
        self.counter = Parameter(Tensor(0, dtype=mstype.int32), name="counter")

    def scale(self, inputs):
        """``inputs`` (a Tensor or tuple of Tensors) times the scale, in their own dtypes."""
        return _map(lambda g: _grad_scale(self.scale_value, g), inputs)

    def unscale(self, inputs):
        """``inputs`` divided by the scale, in their own dtypes."""
        return _map(lambda g: _grad_unscale(self.scale_value, g), inputs)

    def adjust(self, grads_finite):
        """Update ``scale_value`` and ``counter``; returns True."""
        ops = _ops()
        one = ops.ones((), self.scale_value.dtype)
        scale_mul_factor = self.scale_value * self.scale_factor
        scale_value = ops.select(
            grads_finite,
            ops.select(self.counter == (self.scale_window - 1),
                       ops.select(ops.isfinite(scale_mul_factor), scale_mul_factor, self.scale_value),
                       self.scale_value),
            ops.maximum(one, self.scale_value / self.scale_factor))
        ops.assign(self.scale_value, scale_value)
        counter = ((self.counter + 1) % self.scale_window) * grads_finite
        ops.assign(self.counter, counter)
        return True
