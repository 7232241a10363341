"""``mindspore.nn`` normalization layers: BatchNorm1d/2d/3d and LayerNorm.

BatchNorm keeps MindSpore's Parameters (``moving_mean``/``moving_variance`` named "mean" and
"variance", not trainable; ``gamma``/``beta``) and its update rule
``moving = moving * momentum + batch_stat * (1 - momentum)``. The moving statistics are
written through the ``BatchNorm`` primitive into the Parameters, so the update also happens
in compiled (GRAPH_MODE) steps through the state threading.
"""
import itertools
import numbers

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.parameter import Parameter
from mscompat.common.initializer import initializer, Initializer
from mscompat.common.tensor import Tensor
from mscompat.context import get_context
from mscompat.nn.cell import Cell
from mscompat.parallel._data import over_all_devices
from mscompat.parallel._mesh import in_per_device
from mscompat._checkparam import check_value_type, check_string, check_positive_int, check_bool

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm", "GroupNorm", "SyncBatchNorm", "InstanceNorm1d",
           "InstanceNorm2d", "InstanceNorm3d", "LayerNormExt"]


def _check_dim(val, target, cls_name):
    if val != target:
        raise ValueError(f"For '{cls_name}', the in_shape must have {target} dims, but got {val}.")


def _check_features_momentum(num_features, momentum, cls_name):
    """The range checks BatchNorm and InstanceNorm share."""
    if num_features < 1:
        raise ValueError(f"For '{cls_name}', the 'num_features' must be at least 1, but got {num_features}.")
    if momentum < 0 or momentum > 1:
        raise ValueError(f"For '{cls_name}', the 'momentum' must be a number in range [0, 1], "
                         f"but got {momentum}.")


def _affine_parameters(cell, shape, dtype, gamma_init, beta_init, requires_grad=True):
    """``cell.gamma`` and ``cell.beta``: Parameters named "gamma" and "beta" of ``shape``."""
    cell.gamma = Parameter(initializer(gamma_init, shape, dtype=dtype), name="gamma", requires_grad=requires_grad)
    cell.beta = Parameter(initializer(beta_init, shape, dtype=dtype), name="beta", requires_grad=requires_grad)


def _norm_parameters(cell, num_features, dtype, moving_mean_init, moving_var_init, gamma_init, beta_init, affine):
    """BatchNorm's and InstanceNorm's Parameters in MindSpore's order: the moving statistics
    (named "mean" and "variance", not trainable), then gamma and beta (trainable if ``affine``)."""
    cell.moving_mean = Parameter(initializer(moving_mean_init, num_features, dtype=dtype), name="mean",
                                 requires_grad=False)
    cell.moving_variance = Parameter(initializer(moving_var_init, num_features, dtype=dtype), name="variance",
                                     requires_grad=False)
    _affine_parameters(cell, num_features, dtype, gamma_init, beta_init, affine)


class _BatchNorm(Cell):
    """Batch normalization base class (channel axis 1, NCHW)."""

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones', beta_init='zeros',
                 moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None, data_format='NCHW',
                 dtype=mstype.float32):
        super().__init__()
        check_value_type('num_features', num_features, [int], self.cls_name)
        _check_features_momentum(num_features, momentum, self.cls_name)
        self.format = check_string(data_format, ['NCHW', 'NHWC'], 'format', self.cls_name)
        if get_context("device_target") != "GPU" and self.format == "NHWC":
            raise ValueError(f"For '{self.cls_name}', the 'NHWC' format only support in GPU target, but got device "
                             f"target {get_context('device_target')}.")
        self.use_batch_statistics = use_batch_statistics
        if use_batch_statistics is not None and not isinstance(use_batch_statistics, bool):
            raise ValueError(f"For '{self.cls_name}', the 'use_batch_statistics' must be a boolean value or None,"
                             f" but got {use_batch_statistics}.")
        self.num_features = num_features
        self.eps = eps
        self.beta_init = beta_init
        self.gamma_init = gamma_init
        self.moving_mean_init = moving_mean_init
        self.moving_var_init = moving_var_init
        _norm_parameters(self, num_features, dtype, moving_mean_init, moving_var_init, gamma_init, beta_init, affine)
        self.shape = ops.Shape()
        self.reshape = ops.Reshape()
        self.momentum = 1.0 - momentum
        self.bn_train = ops.BatchNorm(is_training=True, epsilon=self.eps, momentum=self.momentum,
                                      data_format=self.format)
        self.bn_infer = ops.BatchNorm(is_training=False, epsilon=self.eps, data_format=self.format)

    @staticmethod
    def _check_input_dim(shape, cls_name):
        raise NotImplementedError

    def _train(self, x):
        return self.bn_train(x, self.gamma, self.beta, self.moving_mean, self.moving_variance)[0]

    def _infer(self, x, x_shape):
        reshaped_x = x
        if len(x_shape) == 2:
            reshaped_x = self.reshape(x, (x_shape[0], x_shape[1], 1, 1))
        elif len(x_shape) == 3:
            reshaped_x = self.reshape(x, (x_shape[0], x_shape[1], x_shape[2], 1))
        out = self.bn_infer(reshaped_x, self.gamma, self.beta, self.moving_mean, self.moving_variance)[0]
        if len(x_shape) < 4:
            out = self.reshape(out, x_shape)
        return out

    def construct(self, x):
        x_shape = self.shape(x)
        self._check_input_dim(x_shape, self.cls_name)
        use_batch = self.training if self.use_batch_statistics is None else self.use_batch_statistics
        if use_batch:
            return self._train(x)
        return self._infer(x, x_shape)

    def extend_repr(self):
        return 'num_features={}, eps={}, momentum={}, gamma={}, beta={}, moving_mean={}, moving_variance={}'.format(
            self.num_features, self.eps, 1.0 - self.momentum, self.gamma, self.beta,
            self.moving_mean, self.moving_variance)


class BatchNorm1d(_BatchNorm):
    """Batch normalization of a 2D ``(N, C)`` or 3D ``(N, C, L)`` input."""

    @staticmethod
    def _check_input_dim(shape, cls_name):
        dim = len(shape)
        if dim not in (2, 3):
            raise ValueError(f"For '{cls_name}', the must have 2 dims or 3 dims, but got {dim}.")


class BatchNorm2d(_BatchNorm):
    """Batch normalization of a 4D ``(N, C, H, W)`` input."""

    @staticmethod
    def _check_input_dim(shape, cls_name):
        _check_dim(len(shape), 4, cls_name)


class BatchNorm3d(Cell):
    """Batch normalization of a 5D ``(N, C, D, H, W)`` input (a BatchNorm2d named ``bn2d``
    over ``(N, C, D*H, W)``, as in MindSpore)."""

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones', beta_init='zeros',
                 moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None,
                 dtype=mstype.float32):
        super().__init__()
        self.bn2d = BatchNorm2d(num_features=num_features, eps=eps, momentum=momentum, affine=affine,
                                gamma_init=gamma_init, beta_init=beta_init, moving_mean_init=moving_mean_init,
                                moving_var_init=moving_var_init, use_batch_statistics=use_batch_statistics,
                                data_format="NCHW", dtype=dtype)
        self.shape = ops.Shape()
        self.reshape = ops.Reshape()

    @staticmethod
    def _check_input_dim(shape, cls_name):
        _check_dim(len(shape), 5, cls_name)

    def construct(self, x):
        x_shape = self.shape(x)
        self._check_input_dim(x_shape, self.cls_name)
        x = self.reshape(x, (x_shape[0], x_shape[1], x_shape[2] * x_shape[3], x_shape[4]))
        return self.reshape(self.bn2d(x), x_shape)


class LayerNorm(Cell):
    """Layer normalization over the axes from ``begin_norm_axis``, with ``gamma``/``beta``
    of shape ``normalized_shape`` applied from ``begin_params_axis``.

    Args:
        normalized_shape (Union[tuple[int], list[int]]): the shape of gamma and beta.
        begin_norm_axis (int): Default ``-1``. begin_params_axis (int): Default ``-1``.
        gamma_init, beta_init: initializers. Default ``'ones'``, ``'zeros'``.
        epsilon (float): Default ``1e-7``. dtype: the Parameters' dtype. Default ``float32``.
    """

    def __init__(self, normalized_shape, begin_norm_axis=-1, begin_params_axis=-1, gamma_init='ones',
                 beta_init='zeros', epsilon=1e-7, dtype=mstype.float32):
        super().__init__()
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError(f"For '{self.cls_name}', the type of 'normalized_shape' must be tuple[int] or list[int], "
                            f"but got {normalized_shape} and the type is {type(normalized_shape)}.")
        if not normalized_shape:
            raise ValueError(f"Expected normalized_shape to be at least 1-dimensional, i.e., containing at "
                             f"least one element, but got normalized_shape = {normalized_shape}")
        self.normalized_shape = normalized_shape
        self.begin_norm_axis = begin_norm_axis
        self.begin_params_axis = begin_params_axis
        self.epsilon = epsilon
        _affine_parameters(self, normalized_shape, dtype, gamma_init, beta_init)
        self.layer_norm = ops.LayerNorm(begin_norm_axis=self.begin_norm_axis,
                                        begin_params_axis=self.begin_params_axis, epsilon=self.epsilon)

    def construct(self, input_x):
        rank = len(input_x.shape)
        for name, axis in (("begin_norm_axis", self.begin_norm_axis), ("begin_params_axis", self.begin_params_axis)):
            if not -rank <= axis < rank:
                # MindSpore's LayerNorm infer reports this one as a RuntimeError
                raise RuntimeError(f"For primitive[LayerNorm], input_x's rank is {rank}, while the '{name}' value "
                                   f"should be in the range [{-rank}, {rank}), but got {axis}.")
        y, _, _ = self.layer_norm(input_x, self.gamma.astype(input_x.dtype), self.beta.astype(input_x.dtype))
        return y

    def extend_repr(self):
        return 'normalized_shape={}, begin_norm_axis={}, begin_params_axis={}, gamma{}, beta={}'.format(
            self.normalized_shape, self.begin_norm_axis, self.begin_params_axis, self.gamma, self.beta)


class GroupNorm(Cell):
    """Group normalization: channels (axis 1) split into ``num_groups`` groups, each
    normalized over its channels and spatial positions; per-channel ``gamma``/``beta``."""

    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, gamma_init='ones', beta_init='zeros',
                 dtype=mstype.float32):
        super().__init__()
        self.num_groups = check_positive_int(num_groups, "num_groups", self.cls_name)
        self.num_channels = check_positive_int(num_channels, "num_channels", self.cls_name)
        if num_channels % num_groups != 0:
            raise ValueError(f"For '{self.cls_name}', the 'num_channels' must be divided by 'num_groups', "
                             f"but got 'num_channels': {num_channels}, 'num_groups': {num_groups}.")
        self.eps = check_value_type('eps', eps, (float,), type(self).__name__)
        self.affine = check_bool(affine, arg_name="affine", prim_name=self.cls_name)
        _affine_parameters(self, self.num_channels, dtype, gamma_init, beta_init, affine)

    def extend_repr(self):
        return 'num_groups={}, num_channels={}'.format(self.num_groups, self.num_channels)

    def construct(self, x):
        if len(x.shape) >= 2 and x.shape[1] != self.num_channels:
            # ops.group_norm's own check of weight/bias against the channels (as MindSpore's op)
            raise ValueError(f"For GroupNorm, shape of weight and bias should be equal to input_x's channel "
                             f"dimension: {x.shape[1]}, bug got shape: {[self.num_channels]}.")
        return ops.group_norm(x, self.num_groups, self.gamma.astype(x.dtype), self.beta.astype(x.dtype), self.eps)


# ---------------------------------------------------------------------------------------------
# SyncBatchNorm (single device: BatchNorm) and InstanceNorm1d/2d/3d


class SyncBatchNorm(_BatchNorm):
    """Batch normalization synchronized over ``process_groups``; on a single device (rank 0 of 1)
    it is BatchNorm of 2D or 4D inputs, with MindSpore's Parameters and checks."""

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones', beta_init='zeros',
                 moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None, process_groups=None,
                 dtype=mstype.float32):
        super().__init__(num_features, eps, momentum, affine, gamma_init, beta_init, moving_mean_init,
                         moving_var_init, use_batch_statistics, dtype=dtype)
        self.is_global = False
        self.group_name = None
        self.process_groups = process_groups
        if process_groups != 0:
            self.rank_id, self.rank_size = _rank_and_size()
            if process_groups is not None:
                if not isinstance(process_groups, list):
                    raise ValueError(f"The parameter 'process_groups' must be isinstance of {list}, but got "
                                     f"{process_groups}.")
                seen = set()
                for rid in itertools.chain(*process_groups):
                    if not isinstance(rid, int) or isinstance(rid, bool):
                        raise TypeError(f"For '{self.cls_name}', the 'rank id in process_groups' must be int, but got "
                                        f"'{type(rid).__name__}'.")
                    if not 0 <= rid < self.rank_size:
                        raise ValueError(f"For '{self.cls_name}', the 'rank id in process_groups' must be in range of "
                                         f"[0, {self.rank_size}), but got {rid} with type 'int'.")
                    if rid in seen:
                        raise ValueError(f"For '{self.cls_name}', rank id in 'process_groups' must not be duplicated, "
                                         f"but got {process_groups}.")
                    seen.add(rid)
                for sub_group in process_groups:
                    if not isinstance(sub_group, list):
                        raise ValueError(f"The parameter 'sub group' must be isinstance of {list}, but got "
                                         f"{sub_group}.")
                    self.group_device_num = len(sub_group)
                    if self.rank_id in sub_group and self.group_device_num > 1:
                        self.is_global = True
            elif self.rank_size > 1:
                self.is_global = True
                self.group_device_num = self.rank_size

    @staticmethod
    def _check_input_dim(shape, cls_name):
        dim = len(shape)
        if dim not in (2, 4):
            raise ValueError(f"For '{cls_name}', the must have 2 dims or 4 dims, but got {dim}.")

    def _train(self, x):
        # per device in a DATA_PARALLEL program: the statistics of all the devices' batches
        # (process_groups=None synchronizes every device, one MindSpore rank per device)
        if self.process_groups is None and in_per_device():
            return over_all_devices(super()._train, x)
        return super()._train(x)


def _rank_and_size():
    """(rank, group size): mscompat runs on one device, rank 0 of a world of 1."""
    return 0, 1


class _InstanceNorm(Cell):
    """Instance normalization: each (sample, channel) normalized over its spatial positions, then
    ``gamma``/``beta`` per channel. Each call also updates the moving statistics as MindSpore's
    InstanceNorm kernel does: ``moving = (1 - momentum) * moving + momentum * batch_stat``, with the
    per-instance means and unbiased variances averaged over the batch."""

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init='ones', beta_init='zeros',
                 dtype=mstype.float32):
        super().__init__()
        check_value_type('num_features', num_features, [int], self.cls_name)
        check_value_type('eps', eps, [float], self.cls_name)
        check_value_type('momentum', momentum, [float], self.cls_name)
        check_value_type('affine', affine, [bool], self.cls_name)
        for key, val in (('gamma_init', gamma_init), ('beta_init', beta_init)):
            if not isinstance(val, (Tensor, numbers.Number, str, Initializer)):
                raise TypeError(f"For '{self.cls_name}', the type of '{key}' must be in [Tensor, numbers.Number, str, "
                                f"Initializer], but got type {type(val).__name__}.")
            if isinstance(val, Tensor) and val.dtype != mstype.float32:
                raise TypeError(f"For '{self.cls_name}', the type of '{key}' must be float32, but got {val.dtype}.")
        _check_features_momentum(num_features, momentum, self.cls_name)
        self.num_features = num_features
        self.eps = eps
        _norm_parameters(self, num_features, dtype, 'zeros', 'ones', gamma_init, beta_init, affine)
        self.shape = ops.Shape()
        self.momentum = momentum

    _ndim = 4

    def construct(self, x):
        _check_dim(len(self.shape(x)), self._ndim, self.cls_name)
        if x.dtype not in (mstype.float16, mstype.float32):
            raise TypeError(f"For primitive[InstanceNorm], the input argument[input_x] must be a type of "
                            f"{{Tensor[Float16], Tensor[Float32]}}, but got {x.dtype}.")
        axes = tuple(range(2, len(x.shape)))
        xf = ops.cast(x, mstype.float32)
        mean = ops.mean(xf, axes, True)
        var = ops.mean(ops.square(xf - mean), axes, True)
        pshape = (1, self.num_features) + (1,) * len(axes)
        y = (xf - mean) / ops.sqrt(var + self.eps)
        y = y * ops.reshape(self.gamma, pshape) + ops.reshape(self.beta, pshape)
        count = 1
        for a in axes:
            count *= x.shape[a]
        batch_mean = ops.stop_gradient(ops.mean(ops.reshape(mean, mean.shape[:2]), 0))
        unbiased = var * (count / max(count - 1, 1))
        batch_var = ops.stop_gradient(ops.mean(ops.reshape(unbiased, unbiased.shape[:2]), 0))
        m = self.momentum
        ops.assign(self.moving_mean, (1 - m) * self.moving_mean + m * ops.cast(batch_mean, self.moving_mean.dtype))
        ops.assign(self.moving_variance,
                   (1 - m) * self.moving_variance + m * ops.cast(batch_var, self.moving_variance.dtype))
        return ops.cast(y, x.dtype)

    def extend_repr(self):
        return 'num_features={}, eps={}, momentum={}, gamma={}, beta={}, moving_mean={}, moving_variance={}'.format(
            self.num_features, self.eps, self.momentum, self.gamma, self.beta, self.moving_mean, self.moving_variance)


class InstanceNorm1d(_InstanceNorm):
    """Instance normalization of an (N, C, L) input."""
    _ndim = 3


class InstanceNorm2d(_InstanceNorm):
    """Instance normalization of an (N, C, H, W) input."""
    _ndim = 4


class InstanceNorm3d(_InstanceNorm):
    """Instance normalization of an (N, C, D, H, W) input."""
    _ndim = 5


class LayerNormExt(Cell):
    """Layer normalization over the trailing ``normalized_shape`` dimensions, with optional
    ``weight`` (ones) and ``bias`` (zeros) Parameters."""

    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, bias=True, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = (normalized_shape,)
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError(f"For '{self.cls_name}', the type of 'normalized_shape' must be tuple[int] or list[int], "
                            f"but got {normalized_shape} and the type is {type(normalized_shape)}.")
        if not normalized_shape:
            raise ValueError(f"Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
                             f"element, but got normalized_shape = {normalized_shape}")
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        ms_dtype = mstype.float32 if dtype is None else dtype
        self.weight = None
        self.bias = None
        if elementwise_affine:
            self.weight = Parameter(initializer('ones', self.normalized_shape, dtype=ms_dtype), name='weight')
            if bias:
                self.bias = Parameter(initializer('zeros', self.normalized_shape, dtype=ms_dtype), name='bias')

    def construct(self, input):
        return ops.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extend_repr(self):
        return 'normalized_shape={}, eps={}, elementwise_affine={}'.format(self.normalized_shape, self.eps,
                                                                          self.elementwise_affine)
