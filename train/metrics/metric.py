"""``Metric``: the base class of the evaluation metrics (host-side numpy code), ``rearrange_inputs``,
and helpers shared by the metrics.

MindSpore runs its metrics with numpy 1.x, where a numpy scalar combined with a Python number is
promoted to float64/int64; numpy 2 keeps the scalar's own dtype. The metrics here convert such
scalars explicitly (:func:`_py_scalar_op`) so that they return MindSpore's types and values."""
import abc
import functools

import numpy as np

from mscompat.common.tensor import Tensor

__all__ = ["Metric", "rearrange_inputs"]

_EVAL_TYPES = {"classification", "multilabel"}


def rearrange_inputs(func):
    """Decorator of ``update``: when the metric has ``indexes`` (see :meth:`Metric.set_indexes`),
    ``update`` receives only the inputs at those positions, in that order."""

    @functools.wraps(func)
    def wrapper(self, *inputs):
        picks = self.indexes
        if picks:
            inputs = [inputs[i] for i in picks]
        return func(self, *inputs)
    return wrapper


class Metric(metaclass=abc.ABCMeta):
    """Base class of metrics: ``clear()`` resets the state, ``update(*inputs)`` accumulates a batch,
    ``eval()`` returns the result; calling the metric does all three."""

    def __init__(self):
        self._indexes = None

    def _convert_data(self, data):
        """Tensor -> ndarray, list -> ndarray, ndarray unchanged; anything else is a TypeError."""
        if isinstance(data, Tensor):
            return data.asnumpy()
        if isinstance(data, list):
            return np.array(data)
        if isinstance(data, np.ndarray):
            return data
        raise TypeError(f"For 'Metric' and its derived classes, the input data type must be tensor, list or "
                        f"numpy.ndarray, but got {type(data)}.")

    def _update_inputs(self, inputs, count, message, convert=None):
        """The ``update`` inputs, those at the positions in ``convert`` (all by default) as ndarrays; a
        ValueError ``message`` (its ``{}`` filled with the number received) unless there are ``count``."""
        if len(inputs) != count:
            raise ValueError(message.format(len(inputs)))
        return [self._convert_data(x) if convert is None or i in convert else x for i, x in enumerate(inputs)]

    def _check_class_num(self, classes, owner, tail="."):
        """Record the class count of the first ``update``; a ValueError when a later one differs."""
        if self._class_num == 0:
            self._class_num = classes
        elif classes != self._class_num:
            raise ValueError(f"For '{owner}.update', class number not match, last input predicted data contain "
                             f"{self._class_num} classes, but current predicted data contain {classes} classes, "
                             f"please check your predicted value(inputs[0]){tail}")

    @property
    def indexes(self):
        """The positions of the ``update`` inputs this metric uses (None: all of them)."""
        return getattr(self, "_indexes", None)

    def set_indexes(self, indexes):
        """Select and order the inputs passed to ``update`` (a list of ints); returns ``self``."""
        if not (isinstance(indexes, list) and all(isinstance(i, int) for i in indexes)):
            raise ValueError("For 'set_indexes', the argument 'indexes' must be a list and all its elements must "
                             "be int, please check whether it is correct.")
        self._indexes = indexes
        return self

    def __call__(self, *inputs):
        self.clear()
        self.update(*inputs)
        return self.eval()

    @abc.abstractmethod
    def clear(self):
        """Reset the internal state."""
        raise NotImplementedError("Must define clear function to use this base class")

    @abc.abstractmethod
    def eval(self):
        """Compute the metric from the accumulated state."""
        raise NotImplementedError("Must define eval function to use this base class")

    @abc.abstractmethod
    def update(self, *inputs):
        """Accumulate one batch of inputs."""
        raise NotImplementedError("Must define update function to use this base class")


class _Accumulator(Metric):
    """The ``clear``/``update`` skeleton most metrics share (not part of MindSpore's API).

    ``clear`` gives each attribute named in ``_initial_state`` its start value. ``update`` (after
    ``rearrange_inputs``) raises ValueError "For '<_name>.update', <_inputs_message>" (its ``{}``
    filled with the number received) unless there are ``_inputs_count`` inputs, converts those at the
    positions in ``_converted`` (all when None) to ndarrays and passes them to ``_accumulate``."""

    _name = ""
    _initial_state = {}
    _inputs_count = 2
    _inputs_message = "it needs 2 inputs (predicted value, true value), but got {}."
    _converted = None

    def clear(self):
        for attr, value in self._initial_state.items():
            setattr(self, attr, value)

    @rearrange_inputs
    def update(self, *inputs):
        message = f"For '{self._name}.update', " + self._inputs_message
        self._accumulate(*self._update_inputs(inputs, self._inputs_count, message, self._converted))

    @abc.abstractmethod
    def _accumulate(self, *inputs):
        """Add one batch (the checked, converted ``update`` inputs) to the state."""

    def _check_updated(self):
        """The RuntimeError of ``eval`` before any ``update``."""
        if self._is_update is False:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")


def _no_samples(name, inputs="inputs(predicted value, true value)"):
    """The RuntimeError of ``eval`` when no sample was accumulated."""
    return RuntimeError(f"The '{name}' can not be calculated, because the number of samples is 0, please check "
                        f"whether your {inputs} are empty, or has called update method before calling eval method.")


def _class_indices(y_pred, y):
    """One-hot ``y`` (as many dimensions as ``y_pred``) as class indices (argmax over axis 1); any
    other ``y`` unchanged."""
    if y_pred.ndim == y.ndim and _check_onehot_data(y):
        return y.argmax(axis=1)
    return y


class EvaluationBase(Metric):
    """Metrics with an ``eval_type`` ('classification' or 'multilabel') and the shape/value checks
    these types imply."""

    def __init__(self, eval_type):
        super().__init__()
        if eval_type not in _EVAL_TYPES:
            raise TypeError(f"The argument 'eval_type' must be in {_EVAL_TYPES}, but got {eval_type}")
        self._type = eval_type

    def _check_shape(self, y_pred, y):
        """classification: y_pred has y's shape with a class axis inserted at 1; otherwise equal shapes."""
        if self._type == "classification":
            if y_pred.ndim != y.ndim + 1:
                raise ValueError(f"In classification case, the dimension of y_pred (predicted value) should equal to "
                                 f"the dimension of y (true value) add 1, but got y_pred dimension: {y_pred.ndim} "
                                 f"and y dimension: {y.ndim}.")
            if y.shape != (y_pred.shape[0],) + y_pred.shape[2:]:
                raise ValueError(f"In classification case, y_pred (predicted value) shape and y (true value) shape "
                                 f"can not match, y shape should be equal to y_pred shape that the value at index 1 "
                                 f"is deleted. Such as y_pred shape (1, 2, 3), then y shape should be (1, 3). "
                                 f"But got y_pred shape {y_pred.shape} and y shape {y.shape}")
            return
        if y_pred.ndim != y.ndim:
            raise ValueError(f"In {self._type} case, the dimension of y_pred (predicted value) should equal to the "
                             f"dimension of y (true value), but got y_pred dimension: {y_pred.ndim} and y dimension: "
                             f"{y.ndim}.")
        if y_pred.shape != y.shape:
            raise ValueError(f"In {self._type} case, the shape of y_pred (predicted value) should equal to the shape "
                             f"of y (true value), but got y_pred shape: {y_pred.shape} and y shape: {y.shape}.")

    def _check_value(self, y_pred, y):
        """multilabel inputs hold only 0 and 1."""
        if self._type == "classification":
            return
        if not (_is_binary(y_pred) and _is_binary(y)):
            raise ValueError("In multilabel case, all elements in y_pred (predicted value) and y (true value) should "
                             "be 0 or 1.Please check whether your inputs y_pred and y are correct.")

    def clear(self):
        raise NotImplementedError

    def update(self, *inputs):
        raise NotImplementedError

    def eval(self):
        raise NotImplementedError


def _is_binary(a):
    """Every element equals its own square (0 or 1)."""
    return bool(np.equal(a ** 2, a).all())


def _check_onehot_data(data):
    """Whether ``data`` (ndim > 1) is one-hot along axis 1: all 0/1 and summing to 1 over that axis."""
    if data.ndim <= 1 or not _is_binary(data):
        return False
    return bool(np.equal(np.ones((data.shape[0],) + data.shape[2:]), data.sum(axis=1)).all())


def _py_scalar_op(value):
    """A numpy scalar about to be combined with a Python number, promoted as numpy 1.x does (float
    scalars to float64, integer scalars to int64); arrays and Python numbers pass unchanged."""
    if isinstance(value, np.floating) and not isinstance(value, np.float64):
        return np.float64(value)
    if isinstance(value, np.integer) and not isinstance(value, np.int64):
        return np.int64(value)
    return value


def _binary_clf_curve(preds, target, sample_weights=None, pos_label=1):
    """False/true positive counts at each distinct score threshold (scores sorted descending):
    returns ``(fps, tps, thresholds)``."""
    if sample_weights is not None and not isinstance(sample_weights, np.ndarray):
        sample_weights = np.array(sample_weights)
    if preds.ndim > target.ndim:
        preds = preds[:, 0]
    order = np.argsort(-preds)
    preds = preds[order]
    target = target[order]
    weight = 1. if sample_weights is None else sample_weights[order]
    # last index of each run of equal scores, plus the final index
    change = np.where(preds[1:] - preds[:-1])[0]
    last = np.pad(change, (0, 1), constant_values=target.shape[0] - 1)
    hit = np.array(target == pos_label).astype(np.int64)
    tps = np.cumsum(hit * weight, axis=0)[last]
    if sample_weights is None:
        fps = 1 + last - tps
    else:
        fps = np.cumsum((1 - hit) * weight, axis=0)[last]
    return fps, tps, preds[last]
