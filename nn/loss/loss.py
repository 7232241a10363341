"""``mindspore.nn`` losses: :class:`LossBase` and the regression, classification and margin losses.

Each loss takes MindSpore's constructor arguments (validated with MindSpore's exception classes)
and computes with the functional ops of ``mscompat.ops`` (or, where MindSpore has a primitive that
mscompat's ops don't expose, with private JAX helpers in :mod:`._kernels`). ``LossBase.get_loss``
computes in float32 and casts back to the input dtype, as MindSpore does.
"""
import math

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.nn.cell import Cell
from mscompat.nn.layer.activation import get_activation
from mscompat.nn.layer.image import _same_type_shape
from mscompat._checkparam import (INC_BOTH, INC_NEITHER, check_value_type, check_bool, check_string, check_is_float,
                                  check_positive_float, check_float_range, check_type_name, check_is_tensor)
from . import _kernels

__all__ = ['LossBase', 'L1Loss', 'L1LossExt', 'MSELoss', 'RMSELoss', 'MAELoss', 'MarginRankingLoss', 'SmoothL1Loss',
           'SoftMarginLoss', 'SoftmaxCrossEntropyWithLogits', 'DiceLoss', 'MultiClassDiceLoss', 'SampledSoftmaxLoss',
           'TripletMarginWithDistanceLoss', 'PoissonNLLLoss', 'MultiLabelSoftMarginLoss', 'MultiMarginLoss',
           'BCELoss', 'CosineEmbeddingLoss', 'MultilabelMarginLoss', 'BCEWithLogitsLoss', 'FocalLoss', 'HuberLoss',
           'TripletMarginLoss', 'NLLLoss', 'CrossEntropyLoss', 'KLDivLoss', 'CTCLoss', 'GaussianNLLLoss',
           'HingeEmbeddingLoss']


# ---------------------------------------------------------------------------------------------
# Base


class LossBase(Cell):
    """Base class of the losses. ``reduction`` ('mean', 'sum' or 'none') drives :meth:`get_loss`."""

    def __init__(self, reduction='mean'):
        super().__init__()
        if reduction not in ('mean', 'sum', 'none'):
            raise ValueError(f"For '{self.cls_name}', the 'reduction' must be in ['mean', 'sum', 'none'], "
                             f"but got {reduction}.")
        self.average = reduction != 'sum'
        self.reduce = reduction != 'none'
        self.reduce_mean = ops.ReduceMean()
        self.reduce_sum = ops.ReduceSum()
        self.mul = ops.Mul()
        self.cast = ops.Cast()

    def get_axis(self, x):
        """All the axes of ``x``, as a tuple."""
        return tuple(range(len(ops.shape(x))))

    def get_loss(self, x, weights=1.0):
        """``x * weights`` computed in float32, reduced by the reduction, cast back to x's dtype."""
        input_dtype = x.dtype
        x = self.cast(x, mstype.float32)
        if isinstance(weights, Tensor):
            weights = self.cast(weights, mstype.float32)
        else:
            weights = Tensor(weights, mstype.float32)
        x = self.mul(weights, x)
        if self.reduce and self.average:
            x = self.reduce_mean(x, self.get_axis(x))
        if self.reduce and not self.average:
            x = self.reduce_sum(x, self.get_axis(x))
        return self.cast(x, input_dtype)

    def construct(self, logits, labels):
        raise NotImplementedError(f"For '{self.cls_name}', 'construct' must be defined by the subclass.")


# ---------------------------------------------------------------------------------------------
# Regression losses


class _L1Loss(LossBase):
    """``|logits - labels|`` (inputs broadcast), reduced: what L1Loss and L1LossExt compute."""

    def __init__(self, reduction='mean'):
        super().__init__(reduction)
        self.reduction = reduction

    def construct(self, logits, labels):
        return ops.l1_loss(logits, labels, self.reduction)


class L1Loss(_L1Loss):
    """Mean absolute error ``|logits - labels|`` (inputs broadcast), reduced."""


class L1LossExt(_L1Loss):
    """Like :class:`L1Loss` (the 'ext' kernel of MindSpore's Ascend backend)."""


class MSELoss(LossBase):
    """Mean squared error ``(logits - labels)**2``, reduced by :meth:`LossBase.get_loss`."""

    def construct(self, logits, labels):
        check_is_tensor('logits', logits, self.cls_name, allow_none=True)
        check_is_tensor('labels', labels, self.cls_name, allow_none=True)
        return self.get_loss(ops.square(logits - labels))


_UINTS = (mstype.uint8, mstype.uint16, mstype.uint32, mstype.uint64)


class RMSELoss(LossBase):
    """Square root of the mean squared error."""

    def __init__(self):
        super().__init__()
        self.MSELoss = MSELoss()

    def construct(self, logits, label):
        for t in (logits, label):
            dt = t.dtype if isinstance(t, Tensor) else None
            if dt in _UINTS:
                raise TypeError(f"For 'RMSELoss', the parameters data type must not be in {list(_UINTS)}, but got "
                                f"mindspore.{str(dt).lower()}.")
        return ops.sqrt(self.MSELoss(logits, label))


class MAELoss(LossBase):
    """Mean absolute error ``|logits - label|``, reduced by :meth:`LossBase.get_loss`."""

    def __init__(self, reduction='mean'):
        super().__init__(reduction)
        self.abs = ops.Abs()

    def construct(self, logits, label):
        check_is_tensor('logits', logits, self.cls_name, allow_none=True)
        check_is_tensor('labels', label, self.cls_name, allow_none=True)
        return self.get_loss(self.abs(logits - label))


class MarginRankingLoss(LossBase):
    """``max(0, -target * (input1 - input2) + margin)``, reduced."""

    def __init__(self, margin=0.0, reduction='mean'):
        super().__init__(reduction)
        self.reduction = reduction
        self.margin = margin

    def construct(self, input1, input2, target):
        return ops.margin_ranking_loss(input1, input2, target, self.margin, self.reduction)


class SmoothL1Loss(LossBase):
    """Smooth L1 loss with threshold ``beta`` (default reduction 'none')."""

    def __init__(self, beta=1.0, reduction='none'):
        super().__init__(reduction)
        self.beta = beta
        self.reduction = reduction
        self.smooth_l1_loss = ops.SmoothL1Loss(self.beta, self.reduction)

    def construct(self, logits, labels):
        return self.smooth_l1_loss(logits, labels)


class HuberLoss(LossBase):
    """Huber loss with threshold ``delta``."""

    def __init__(self, reduction='mean', delta=1.0):
        super().__init__(reduction=reduction)
        self.reduction = reduction
        self.delta = delta

    def construct(self, logits, labels):
        return ops.huber_loss(logits, labels, self.reduction, self.delta)


class SoftMarginLoss(LossBase):
    """``log(1 + exp(-labels * logits))``, reduced (reduction checked when called)."""

    def __init__(self, reduction='mean'):
        super().__init__()
        self.reduction = reduction

    def construct(self, logits, labels):
        return ops.soft_margin_loss(logits, labels, self.reduction)


class PoissonNLLLoss(LossBase):
    """Poisson negative log likelihood (``log_input``: the input is the log rate; ``full``: add the
    Stirling term)."""

    def __init__(self, log_input=True, full=False, eps=1e-08, reduction='mean'):
        super().__init__(reduction=reduction)
        self.log_input = log_input
        self.full = full
        self.eps = eps
        self.maximum = ops.Maximum()

    def construct(self, input, target):
        check_is_tensor('input', input, self.cls_name, allow_none=True)
        check_is_tensor('target', target, self.cls_name, allow_none=True)
        target = self.cast(target, input.dtype)
        if self.log_input:
            loss = input.exp() - target * input
        else:
            loss = input - target * (input + self.eps).log()
        if self.full:
            target = self.maximum(target, self.eps)
            stirling = (target > 1) * ((target + 0.5) * target.log() - target + 0.5 * math.log(2 * math.pi))
            loss += ops.masked_fill(stirling, target <= 1, ops.cast(0, stirling.dtype))
        return self.get_loss(loss)


class GaussianNLLLoss(LossBase):
    """Gaussian negative log likelihood of ``logits`` with mean ``labels`` and variance ``var``."""

    def __init__(self, *, full=False, eps=1e-06, reduction='mean'):
        super().__init__()
        check_float_range(eps, 0, float('inf'), INC_NEITHER, 'eps', self.cls_name)
        check_value_type('full', full, [bool], self.cls_name)
        check_string(reduction, ['none', 'mean', 'sum'], 'reduction', 'gaussian_nll_loss')
        self.full = full
        self.eps = eps
        self.reduction = reduction

    def construct(self, logits, labels, var):
        check_is_tensor('logits', logits, self.cls_name, allow_none=True)
        check_is_tensor('labels', labels, self.cls_name, allow_none=True)
        check_is_tensor('var', var, self.cls_name, allow_none=True)
        return ops.gaussian_nll_loss(logits, labels, var, self.full, self.eps, self.reduction)


# ---------------------------------------------------------------------------------------------
# Classification losses


class SoftmaxCrossEntropyWithLogits(LossBase):
    """Softmax cross entropy of ``logits`` (N, C) against one-hot/probability ``labels`` (N, C), or
    class indices (N,) with ``sparse=True``. Default reduction 'none'."""

    def __init__(self, sparse=False, reduction='none'):
        super().__init__(reduction)
        self.sparse = check_bool(sparse, 'sparse', self.cls_name)
        self.reduction = reduction
        self.softmax_cross_entropy = ops.SoftmaxCrossEntropyWithLogits()
        self.one_hot = ops.OneHot()
        self.on_value = Tensor(1.0, mstype.float32)
        self.off_value = Tensor(0.0, mstype.float32)
        self.is_cpugpu = True
        self.sparse_softmax_cross_entropy = ops.SparseSoftmaxCrossEntropyWithLogits()

    def construct(self, logits, labels):
        check_is_tensor('logits', logits, self.cls_name, allow_none=True)
        check_is_tensor('labels', labels, self.cls_name, allow_none=True)
        if self.sparse:
            if self.reduction == 'mean':
                return self.sparse_softmax_cross_entropy(logits, labels)
            labels = self.one_hot(labels, ops.shape(logits)[-1], self.on_value, self.off_value)
        # MindSpore's bprop gives no gradient to the labels
        x = self.softmax_cross_entropy(logits, ops.stop_gradient(labels))[0]
        return self.get_loss(x)


def _check_cross_entropy_inputs(logits, labels, cls_name):
    check_type_name('logits', logits.dtype, [mstype.float16, mstype.float32], cls_name)
    ls, ts = tuple(logits.shape), tuple(labels.shape)
    if logits.ndim == labels.ndim:
        check_type_name('labels', labels.dtype, [mstype.float16, mstype.float32], cls_name)
        if ls != ts:
            raise ValueError(f"For '{cls_name}', the shape of 'logits' should be (N, C, d_0, d_1, ...), and the shape "
                             f"of 'labels' should be (N, C, d_0, d_1, ...), but get 'logits' shape: {ls} and "
                             f"'labels' shape: {ts}.")
    elif labels.ndim == logits.ndim - 1:
        check_type_name('labels', labels.dtype, [mstype.int32], cls_name)
        if logits.ndim != 1 and (ls[0],) + ls[2:] != ts:
            raise ValueError(f"For '{cls_name}', the shape of 'logits' should be (N, C, d_0, d_1, ...), and the shape "
                             f"of 'labels' should be (N, d_0, d_1, ...), but get 'logits' shape: {ls} and 'labels' "
                             f"shape: {ts}.")
    else:
        raise ValueError(f"For '{cls_name}', the rank of 'logits' and 'labels' should be: 'logits.ndim == labels.ndim' "
                         f"for probabilities, 'logits.ndim - 1 == labels.ndim' for class indices, but get 'logits' "
                         f"rank: {logits.ndim} and 'labels' rank: {labels.ndim}.")


def _check_class_weight(weight, cls_name):
    if weight is not None:
        check_value_type('weight', weight, [Tensor], cls_name)
        check_type_name('weight', weight.dtype, [mstype.float16, mstype.float32], cls_name)
    return weight


class CrossEntropyLoss(LossBase):
    """Cross entropy of logits against class indices (int32) or class probabilities, with class
    ``weight``, ``ignore_index`` and ``label_smoothing``."""

    def __init__(self, weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0):
        super().__init__(reduction)
        check_value_type('ignore_index', ignore_index, int, self.cls_name)
        check_value_type('label_smoothing', label_smoothing, float, self.cls_name)
        check_float_range(label_smoothing, 0.0, 1.0, INC_BOTH, 'label_smoothing', self.cls_name)
        self.weight = _check_class_weight(weight, self.cls_name)
        self.ignore_index = ignore_index
        self.reduction = reduction
        self.label_smoothing = label_smoothing

    def construct(self, logits, labels):
        check_is_tensor('logits', logits, self.cls_name, allow_none=True)
        check_is_tensor('labels', labels, self.cls_name, allow_none=True)
        _check_cross_entropy_inputs(logits, labels, self.cls_name)
        return ops.cross_entropy(logits, labels, self.weight, self.ignore_index, self.reduction, self.label_smoothing)


class NLLLoss(LossBase):
    """Negative log likelihood of log-probabilities ``logits`` at class indices ``labels``."""

    def __init__(self, weight=None, ignore_index=-100, reduction='mean'):
        super().__init__(reduction)
        check_value_type('ignore_index', ignore_index, int, self.cls_name)
        self.weight = _check_class_weight(weight, self.cls_name)
        self.ignore_index = ignore_index
        self.reduction = reduction

    def construct(self, logits, labels):
        return ops.nll_loss(logits, labels, self.weight, self.ignore_index, self.reduction)


class KLDivLoss(LossBase):
    """Kullback-Leibler divergence ``labels * (log(labels) - logits)`` ('none', 'mean', 'sum',
    'batchmean'; checked when called)."""

    def __init__(self, reduction='mean'):
        super().__init__()
        self.reduction = reduction

    def construct(self, logits, labels):
        check_is_tensor('logits', logits, self.cls_name, allow_none=True)
        check_is_tensor('labels', labels, self.cls_name, allow_none=True)
        # MindSpore's bprop gives no gradient to the labels
        return ops.kl_div(logits, ops.stop_gradient(labels), self.reduction)


class _WeightedLoss(LossBase):
    """A loss over ``(weight=None, reduction='mean')``, both kept for the functional op it calls."""

    def __init__(self, weight=None, reduction='mean'):
        super().__init__(reduction)
        self.reduction = reduction
        self.weight = weight


class BCELoss(_WeightedLoss):
    """Binary cross entropy of probabilities ``logits`` with optional element ``weight``."""

    def construct(self, logits, labels):
        return ops.binary_cross_entropy(logits, labels, self.weight, self.reduction)


class BCEWithLogitsLoss(LossBase):
    """Binary cross entropy of logits, with ``weight`` and ``pos_weight`` (not Parameters)."""

    def __init__(self, reduction='mean', weight=None, pos_weight=None):
        super().__init__()
        self.reduction = reduction
        if isinstance(weight, Parameter):
            raise TypeError(f"For '{self.cls_name}', the 'weight' can not be a Parameter.")
        if isinstance(pos_weight, Parameter):
            raise TypeError(f"For '{self.cls_name}', the 'pos_weight' can not be a Parameter.")
        self.weight = weight
        self.pos_weight = pos_weight

    def construct(self, input, target):
        check_is_tensor('input', input, self.cls_name, allow_none=True)
        check_is_tensor('target', target, self.cls_name, allow_none=True)
        return ops.binary_cross_entropy_with_logits(input, target, self.weight, self.pos_weight, self.reduction)


class MultiLabelSoftMarginLoss(_WeightedLoss):
    """Multi-label one-versus-all loss on logits ``x`` (N, C) and 0/1 ``target``."""

    def construct(self, x, target):
        return ops.multilabel_soft_margin_loss(x, target, self.weight, self.reduction)


def _check_focal_ndim(logits_ndim, labels_ndim, cls_name):
    if logits_ndim < 2 or logits_ndim > 4:
        raise ValueError(f"For '{cls_name}', the dimensions of 'logits' must be in [2, 4], but got dimension of "
                         f"'logits' {logits_ndim}.")
    if labels_ndim < 2 or labels_ndim > 4:
        raise ValueError(f"For '{cls_name}', the dimensions of 'labels' must be in [2, 4], but got dimension of "
                         f"'labels' {labels_ndim}.")
    if logits_ndim != labels_ndim:
        raise ValueError(f"For '{cls_name}', the dimensions of 'logits' and 'labels' must be equal, but got dimension "
                         f"of 'logits' {logits_ndim} and dimension of 'labels' {labels_ndim}.")


class FocalLoss(LossBase):
    """Focal loss ``-(1 - p)**gamma * log(p)`` with class ``weight``; labels (N, 1, ...) class
    indices or (N, C, ...) one-hot."""

    def __init__(self, weight=None, gamma=2.0, reduction='mean'):
        super().__init__(reduction=reduction)
        self.gamma = check_value_type('gamma', gamma, [float])
        if weight is not None and not isinstance(weight, Tensor):
            raise TypeError(f"For '{self.cls_name}', the type of 'weight' must be a Tensor, but got "
                            f"{type(weight).__name__}.")
        if isinstance(weight, Tensor) and weight.ndim != 1:
            raise ValueError(f"For '{self.cls_name}', the dimension of 'weight' must be 1, but got {weight.ndim}.")
        self.weight = weight
        self.gather_d = ops.GatherD()
        self.logsoftmax = ops.LogSoftmax(1)

    def construct(self, logits, labels):
        check_is_tensor('logits', logits, self.cls_name, allow_none=True)
        check_is_tensor('labels', labels, self.cls_name, allow_none=True)
        labelss = labels
        _check_focal_ndim(logits.ndim, labelss.ndim, self.cls_name)
        c, lc = logits.shape[1], labelss.shape[1]
        if c == 1:
            raise ValueError(f"For '{self.cls_name}', the 'logits'.shape[1] cannot be one, but got {c}.")
        if lc not in (1, c):
            raise ValueError(f"For '{self.cls_name}', the 'labels'.shape[1] must be one or equal to "
                             f"'logits'.shape[1]: {c}, but got {lc}.")
        check_type_name('labels', labelss.dtype, [mstype.int32, mstype.int64, mstype.float16, mstype.float32],
                         self.cls_name)
        if logits.ndim > 2:
            logits = logits.view(logits.shape[0], logits.shape[1], -1)
            labelss = labelss.view(labelss.shape[0], labelss.shape[1], -1)
        else:
            logits = ops.expand_dims(logits, 2)
            labelss = ops.expand_dims(labelss, 2)
        log_probability = self.logsoftmax(logits)
        if lc == 1:
            log_probability = self.gather_d(log_probability, 1, self.cast(labelss, mstype.int32))
            log_probability = ops.squeeze(log_probability, 1)
        probability = ops.exp(log_probability)
        if self.weight is not None:
            convert_weight = ops.tile(self.weight[None, :, None], (labelss.shape[0], 1, labelss.shape[2]))
            if lc == 1:
                convert_weight = self.gather_d(convert_weight, 1, self.cast(labelss, mstype.int32))
                convert_weight = ops.squeeze(convert_weight, 1)
            log_probability = log_probability * convert_weight
        weight = ops.pows(-1 * probability + 1.0, self.gamma)
        if lc == 1:
            loss = (-1 * weight * log_probability).mean(axis=1)
        else:
            loss = (-1 * weight * labelss * log_probability).mean(axis=-1)
        return self.get_loss(loss)


def _check_dice_inputs(logits, label, cls_name):
    """The checks DiceLoss and MultiClassDiceLoss share: two tensors of one shape."""
    check_is_tensor('logits', logits, cls_name, allow_none=True)
    check_is_tensor('labels', label, cls_name, allow_none=True)
    if tuple(logits.shape) != tuple(label.shape):
        raise ValueError(f"For '{cls_name}', the 'logits_shape' must be equal to 'label_shape', but got "
                         f"'logits_shape': {tuple(logits.shape)} and 'label_shape': {tuple(label.shape)}.")


class DiceLoss(LossBase):
    """``1 - 2 * sum(logits * label) / (sum(logits**2) + sum(label**2) + smooth)`` over all elements."""

    def __init__(self, smooth=1e-05):
        super().__init__()
        self.smooth = check_positive_float(smooth, 'smooth')

    def construct(self, logits, label):
        _check_dice_inputs(logits, label, self.cls_name)
        if logits.dtype == mstype.uint8:
            raise TypeError(f"For '{self.cls_name}', the dtype of 'logits' can not be uint8.")
        if label.dtype == mstype.uint8:
            raise TypeError(f"For '{self.cls_name}', the dtype of 'labels' can not be uint8.")
        lf, yf = logits.view(-1), label.view(-1)
        intersection = self.reduce_sum(self.mul(lf, yf))
        unionset = ops.add(self.reduce_sum(self.mul(lf, lf)), self.reduce_sum(self.mul(yf, yf)))
        single_dice_coeff = 2 * intersection / ops.add(unionset, self.smooth)
        return ops.sub(1, single_dice_coeff)


_DICE_ACTIVATIONS = ['softmax', 'logsoftmax', 'relu', 'relu6', 'tanh', 'sigmoid']


class MultiClassDiceLoss(LossBase):
    """Mean over the classes (axis 1) of :class:`DiceLoss`, after ``activation``, skipping class
    ``ignore_indiex`` and weighting class ``i`` by ``weights[i]``."""

    def __init__(self, weights=None, ignore_indiex=None, activation='softmax'):
        super().__init__()
        self.binarydiceloss = DiceLoss(smooth=1e-05)
        self.weights = weights if weights is None else check_value_type('weights', weights, [Tensor])
        if isinstance(self.weights, Tensor) and self.weights.ndim != 2:
            raise ValueError(f"For '{self.cls_name}', the dimension of 'weights' must be 2, but got "
                             f"{self.weights.ndim}.")
        self.ignore_indiex = ignore_indiex if ignore_indiex is None else \
            check_value_type('ignore_indiex', ignore_indiex, [int])
        if isinstance(activation, str) and activation not in _DICE_ACTIVATIONS:
            raise ValueError(f"For '{self.cls_name}', the 'activation' must be in {_DICE_ACTIVATIONS}, but got "
                             f"{activation}.")
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if self.activation is not None and not isinstance(self.activation, Cell):
            raise TypeError(f"For '{self.cls_name}', the 'activation' must be str or Cell, but got "
                            f"{type(self.activation)}.")

    def construct(self, logits, label):
        _check_dice_inputs(logits, label, self.cls_name)
        if logits.ndim < 2:
            raise ValueError(f"For '{self.cls_name}', the 'logits' dimension must be greater than 1, but got "
                             f"{logits.ndim}.")
        if label.ndim < 2:
            raise ValueError(f"For '{self.cls_name}', the 'labels' dimension must be greater than 1, but got "
                             f"{label.ndim}.")
        total_loss = 0
        if self.activation is not None:
            logits = self.activation(logits)
        for i in range(label.shape[1]):
            if i != self.ignore_indiex:
                dice_loss = self.binarydiceloss(logits[:, i], label[:, i])
                if self.weights is not None:
                    if self.weights.shape[0] != label.shape[1]:
                        raise ValueError(f"For '{self.cls_name}', the weight_shape[0] must be equal to "
                                         f"label_shape[1], but got weight_shape[0]: {self.weights.shape[0]} and "
                                         f"label_shape[1]: {label.shape[1]}.")
                    dice_loss = dice_loss * self.weights[i]
                total_loss += dice_loss
        return total_loss / label.shape[1]


# ---------------------------------------------------------------------------------------------
# Embedding, margin and ranking losses


class CosineEmbeddingLoss(LossBase):
    """``1 - cos(x1, x2)`` where ``labels == 1``, ``max(0, cos - margin)`` where ``labels == -1``."""

    def __init__(self, margin=0.0, reduction='mean'):
        super().__init__(reduction)
        self.maximum = ops.Maximum()
        check_value_type('margin', margin, [float], self.cls_name)
        self.margin = check_float_range(margin, -1.0, 1.0, INC_BOTH, 'margin', self.cls_name)

    def construct(self, logits_x1, logits_x2, labels):
        check_is_tensor('logits_x1', logits_x1, self.cls_name, allow_none=True)
        check_is_tensor('logits_x2', logits_x2, self.cls_name, allow_none=True)
        check_is_tensor('labels', labels, self.cls_name, allow_none=True)
        _same_type_shape(logits_x1, logits_x2)
        prod_sum = self.reduce_sum(logits_x1 * logits_x2, (1,))
        square1 = self.reduce_sum(ops.square(logits_x1), (1,))
        square2 = self.reduce_sum(ops.square(logits_x2), (1,))
        cosine = prod_sum / (ops.sqrt(square1) * ops.sqrt(square2))
        pos_value = 1.0 - cosine
        neg_value = self.maximum(cosine - self.margin, 0.0)
        zeros = ops.zeros_like(cosine)
        pos_part = ops.select(labels == 1, pos_value, zeros)
        neg_part = ops.select(labels == -1, neg_value, zeros)
        return self.get_loss(pos_part + neg_part)


class HingeEmbeddingLoss(LossBase):
    """``x`` where ``labels == 1``, ``max(0, margin - x)`` where ``labels == -1``, reduced."""

    def __init__(self, margin=1.0, reduction='mean'):
        super().__init__()
        check_value_type('margin', margin, [float, int], self.cls_name)
        check_string(reduction, ['none', 'sum', 'mean'], 'reduction', self.cls_name)
        self.margin = margin
        self.reduction = reduction

    def construct(self, logits, labels):
        return ops.hinge_embedding_loss(logits, labels, self.margin, self.reduction)


class MultiMarginLoss(LossBase):
    """Multi-class hinge loss ``sum_{j != y} w[y] * max(0, margin - x[y] + x[j])**p / C`` on ``x``
    (N, C) and int64 ``target`` (N,)."""

    def __init__(self, p=1, margin=1.0, reduction='mean', weight=None):
        super().__init__()
        name = 'MultiMarginLoss'
        check_value_type('p', p, [int], name)
        if p not in (1, 2):
            raise ValueError(f"For '{name}', the 'p' must be in {{1, 2}}, but got {p}.")
        check_value_type('margin', margin, [float], name)
        check_string(reduction, ['none', 'sum', 'mean'], 'reduction', name)
        self.p = p
        self.margin = margin
        self.reduction = reduction
        self.weight = weight

    def construct(self, x, target, weight=None):
        check_is_tensor('x', x, self.cls_name, allow_none=True)
        check_is_tensor('target', target, self.cls_name, allow_none=True)
        if self.weight is not None:
            weight = self.weight
        if weight is not None:
            check_is_tensor('weight', weight, self.cls_name, allow_none=True)
        return _kernels.multi_margin_loss(x, target, weight, self.p, self.margin, self.reduction)


class MultilabelMarginLoss(LossBase):
    """Multi-label hinge loss on ``x`` (C,) or (N, C) and int32 ``target`` of class indices,
    ended by the first -1."""

    def __init__(self, reduction='mean'):
        super().__init__()
        check_string(reduction, ['none', 'sum', 'mean'], 'reduction', 'MultilabelMarginLoss')
        self.reduction = reduction

    def construct(self, x, target):
        loss, _ = _kernels.multilabel_margin_loss(x, target, self.reduction)
        return loss


class TripletMarginLoss(LossBase):
    """``max(d(x, positive) - d(x, negative) + margin, 0)`` with the p-norm distance."""

    def __init__(self, p=2, swap=False, eps=1e-06, reduction='mean', margin=1.0):
        super().__init__()
        self.p = p
        self.swap = swap
        self.eps = eps
        self.reduction = reduction
        self.margin = margin

    def construct(self, x, positive, negative, margin=1.0):
        if self.margin != 1.0:
            margin = self.margin
        return ops.triplet_margin_loss(x, positive, negative, margin=margin, p=self.p, eps=self.eps, swap=self.swap,
                                       reduction=self.reduction)


class TripletMarginWithDistanceLoss(LossBase):
    """``max(d(x, positive) - d(x, negative) + margin, 0)`` with a custom ``distance_function``
    (default: the L2 norm of the difference over axis 1), reduced."""

    def __init__(self, distance_function=None, swap=False, reduction='mean', margin=1.0):
        super().__init__(reduction=reduction)
        check_is_float(margin, 'margin', self.cls_name)
        check_bool(swap, 'swap', self.cls_name)
        self.distance_function = _pairwise_distance if distance_function is None else distance_function
        self.swap = swap
        self.reduction = reduction
        self.margin = margin
        self.minimum = ops.Minimum()
        self.maximum = ops.Maximum()

    def construct(self, x, positive, negative):
        check_is_tensor('x', x, self.cls_name, allow_none=True)
        check_is_tensor('positive', positive, self.cls_name, allow_none=True)
        check_is_tensor('negative', negative, self.cls_name, allow_none=True)
        d1 = self.distance_function(x, positive)
        d2 = self.distance_function(x, negative)
        if self.swap:
            d2 = self.minimum(d2, self.distance_function(positive, negative))
        return self.get_loss(self.maximum(d1 - d2 + self.margin, 0))


def _pairwise_distance(x, y):
    d = (x - y).abs()
    if d.ndim == 0:
        raise ValueError(f"For 'pairwise_distance' in 'TripletMarginWithDistanceLoss', 'ndim' of the input must be "
                         f"positive, but got {d.ndim}")
    return ops.LpNorm(axis=1, p=2)(d)


# ---------------------------------------------------------------------------------------------
# Sequence and sampled losses


class CTCLoss(LossBase):
    """Connectionist temporal classification loss of ``log_probs`` (T, N, C) or (T, C)."""

    def __init__(self, blank=0, reduction='mean', zero_infinity=False):
        super().__init__()
        self.blank = blank
        self.reduction = reduction
        self.zero_infinity = zero_infinity

    def construct(self, log_probs, targets, input_lengths, target_lengths):
        check_is_tensor('log_probs', log_probs, self.cls_name, allow_none=True)
        check_is_tensor('targets', targets, self.cls_name, allow_none=True)
        if log_probs.ndim == 2:
            if targets.ndim > 2:
                raise ValueError(f"For CTCLoss, when the shape of log_probs is (T, C), the dimension of targets "
                                 f"shouldbe 1 or 2, but got {targets.ndim}.")
            if targets.ndim == 2 and targets.shape[0] != 1:
                raise ValueError(f"For CTCLoss, the first dimension of 2-D targets should be 1,but got "
                                 f"{targets.shape[0]}.")
            if targets.ndim == 1:
                targets = targets.expand_dims(0)
            log_probs = log_probs.expand_dims(-2)
            nll, _ = _kernels.ctc_loss(log_probs, targets, input_lengths, target_lengths, self.blank,
                                       self.reduction, self.zero_infinity)
            return nll.squeeze(axis=0)
        nll, _ = _kernels.ctc_loss(log_probs, targets, input_lengths, target_lengths, self.blank, self.reduction,
                                   self.zero_infinity)
        return nll


class SampledSoftmaxLoss(LossBase):
    """Softmax cross entropy over the true classes and ``num_sampled`` sampled classes (uniform
    candidate sampler, or ``sampled_values``)."""

    def __init__(self, num_sampled, num_classes, num_true=1, sampled_values=None, remove_accidental_hits=True, seed=0,
                 reduction='none'):
        super().__init__(reduction)
        if num_true < 1:
            raise ValueError(f"For '{self.cls_name}', the 'num_true' must be greater than or equal to 1, but got "
                             f"{num_true}.")
        if seed < 0:
            raise ValueError(f"For '{self.cls_name}', the 'seed' must be greater than or equal to 0, but got {seed}.")
        if num_sampled > num_classes:
            raise ValueError(f"For '{self.cls_name}', the 'num_sampled' must be smaller than or equal to "
                             f"'num_classes', but got 'num_sampled': {num_sampled} and 'num_classes': {num_classes}.")
        if num_true > num_classes:
            raise ValueError(f"For '{self.cls_name}', the 'num_true' must be smaller than or equal to 'num_classes', "
                             f"but got 'num_true': {num_true} amd 'num_classes': {num_classes}.")
        if sampled_values is not None:
            if not isinstance(sampled_values, (list, tuple)):
                raise TypeError(f"For '{self.cls_name}', the type of 'sampled_values' must be a list or tuple, but "
                                f"got {type(sampled_values).__name__}.")
            if len(sampled_values) != 3:
                raise ValueError(f"For '{self.cls_name}', the length of 'sampled_values' must be equal to 3,but got "
                                 f"{len(sampled_values)}.")
        self.num_sampled = num_sampled
        self.num_classes = num_classes
        self.num_true = num_true
        self.sampled_values = sampled_values
        self.remove_accidental_hits = remove_accidental_hits
        self.seed = seed
        self.sampler = ops.UniformCandidateSampler(num_true, num_sampled, True, num_classes, seed,
                                                   remove_accidental_hits)

    def construct(self, weights, biases, labels, logits):
        check_is_tensor('weights', weights, self.cls_name, allow_none=True)
        check_is_tensor('biases', biases, self.cls_name, allow_none=True)
        check_is_tensor('labels', labels, self.cls_name, allow_none=True)
        check_is_tensor('logits', logits, self.cls_name, allow_none=True)
        check_type_name('labels', labels.dtype, [mstype.int32, mstype.int64], self.cls_name)
        logits, labels = self._compute_sampled_logits(weights, biases, labels, logits, self.num_true,
                                                      self.sampled_values, True)
        return self._softmax_cross_entropy(logits, labels)

    def _softmax_cross_entropy(self, logits, targets):
        stable_exp_logits = ops.exp(logits - ops.amax(logits, 1, True))
        pred = stable_exp_logits / ops.sum(stable_exp_logits, 1, True)
        return -1 * ops.sum(targets * ops.log(pred + 1e-20), 1)

    def _compute_sampled_logits(self, weights, biases, labels, logits, num_true=1, sampled_values=None,
                                subtract_log_q=True):
        """The logits and soft labels of the true and the sampled classes."""
        if labels.dtype != mstype.int32:
            labels = ops.cast(labels, mstype.int32)
        labels = ops.reshape(labels, (-1, num_true))
        labels_flat = ops.reshape(labels, (-1,))
        if sampled_values is None:
            sampled_values = self.sampler(labels)
        sampled, true_expected_count, sampled_expected_count = sampled_values
        if sampled.dtype != mstype.int32:
            sampled = ops.cast(sampled, mstype.int32)
        all_ids = ops.concat((labels_flat, sampled), 0)
        all_w = ops.gather(weights, all_ids, 0)
        n_true = labels_flat.shape[0]
        true_w = all_w[:n_true]
        sampled_w = all_w[n_true:]
        sampled_logits = ops.matmul(logits, sampled_w.T)
        all_b = ops.gather(biases, all_ids, 0)
        true_b = all_b[:n_true]
        sampled_b = all_b[n_true:]
        n_dim = all_w.shape[1]
        row_wise_dots = ops.expand_dims(logits, 1) * ops.reshape(true_w, (-1, num_true, n_dim))
        dots_as_matrix = ops.reshape(row_wise_dots, (-1, n_dim))
        true_logits = ops.reshape(ops.sum(dots_as_matrix, 1), (-1, num_true))
        true_logits = true_logits + ops.reshape(true_b, (-1, num_true))
        sampled_logits = sampled_logits + sampled_b
        if subtract_log_q:
            true_logits = true_logits - ops.log(true_expected_count)
            sampled_logits = sampled_logits - ops.log(sampled_expected_count)
        out_logits = ops.concat((true_logits, sampled_logits), 1)
        out_labels = ops.concat((ops.ones_like(true_logits) / num_true, ops.zeros_like(sampled_logits)), 1)
        return out_logits, out_labels
