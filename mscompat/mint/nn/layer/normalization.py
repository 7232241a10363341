"""mint.nn.BatchNorm1d/2d/3d and GroupNorm: torch-style normalisation layers with parameters
``weight``, ``bias`` and (batch norm) the buffers ``running_mean``, ``running_var``,
``num_batches_tracked``."""
import numpy as np

from mscompat._checkparam import check_bool, check_positive_int, check_value_type
from mscompat.common import dtype as mstype
from mscompat.common.initializer import initializer
from mscompat.common.parameter import Parameter
from mscompat.common.tensor import Tensor
from mscompat.nn.cell import Cell
from mscompat.mint.nn import functional as F
from mscompat import ops


class _BatchNorm(Cell):
    """The shared part of mint's batch-norm layers."""

    _ranks = ()

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, dtype=None):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        self.dtype = mstype.float32 if dtype is None else dtype
        if affine:
            self.weight = Parameter(Tensor(np.ones(num_features), dtype=self.dtype), name="weight")
            self.bias = Parameter(Tensor(np.zeros(num_features), dtype=self.dtype), name="bias")
        else:
            self.weight = None
            self.bias = None
        if track_running_stats:
            self.running_mean = Parameter(Tensor(np.zeros(num_features), dtype=self.dtype), requires_grad=False,
                                          name="running_mean")
            self.running_var = Parameter(Tensor(np.ones(num_features), dtype=self.dtype), requires_grad=False,
                                         name="running_var")
            self.num_batches_tracked = Parameter(Tensor(0, dtype=mstype.int64), requires_grad=False,
                                                 name="num_batches_tracked")
        else:
            self.running_mean = None
            self.running_var = None
            self.num_batches_tracked = None

    def reset_running_stats(self):
        if self.track_running_stats:
            ops.assign(self.running_mean, Tensor(np.zeros(self.num_features), dtype=self.dtype))
            ops.assign(self.running_var, Tensor(np.ones(self.num_features), dtype=self.dtype))
            ops.assign(self.num_batches_tracked, Tensor(0, dtype=mstype.int64))

    def reset_parameters(self):
        self.reset_running_stats()
        if self.affine:
            ops.assign(self.weight, Tensor(np.ones(self.num_features), dtype=self.dtype))
            ops.assign(self.bias, Tensor(np.zeros(self.num_features), dtype=self.dtype))

    def _check_input_dim(self, input):
        if not isinstance(input, Tensor):
            raise TypeError(f"For primitive[Shape], the input argument must be Tensor, but got {type(input)}.")
        if input.ndim not in self._ranks:
            want = " or ".join(f"{r}D" for r in self._ranks)
            raise ValueError(f"expected {want} input (got {input.ndim}D input)")

    def construct(self, input):
        self._check_input_dim(input)
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats:
            ops.assign_add(self.num_batches_tracked, Tensor(1, mstype.int64))
            if self.momentum is None:
                factor = 1.0 / float(self.num_batches_tracked.asnumpy())
        use_batch = self.training or (self.running_mean is None and self.running_var is None)
        if self.running_mean is None:
            c = input.shape[1]
            mean, var = ops.zeros((c,), input.dtype), ops.ones((c,), input.dtype)
        else:
            mean, var = self.running_mean, self.running_var
        return F.batch_norm(input, mean, var, self.weight, self.bias, use_batch, factor, self.eps)

    def extend_repr(self):
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"affine={self.affine}, track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    """Batch norm over (N, C) or (N, C, L)."""
    _ranks = (2, 3)


class BatchNorm2d(_BatchNorm):
    """Batch norm over (N, C, H, W)."""
    _ranks = (4,)


class BatchNorm3d(_BatchNorm):
    """Batch norm over (N, C, D, H, W)."""
    _ranks = (5,)


class GroupNorm(Cell):
    """Group normalisation over (N, C, *) with ``num_groups`` groups; ``weight`` ones, ``bias`` zeros."""

    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, dtype=None):
        super().__init__()
        dtype = mstype.float32 if dtype is None else dtype
        self.num_groups = check_positive_int(num_groups, "num_groups", self.cls_name)
        self.num_channels = check_positive_int(num_channels, "num_channels", self.cls_name)
        if num_channels % num_groups != 0:
            raise ValueError(f"For '{self.cls_name}', the 'num_channels' must be divided by 'num_groups', "
                             f"but got 'num_channels': {num_channels}, 'num_groups': {num_groups}.")
        self.eps = check_value_type("eps", eps, (float,), self.cls_name)
        self.affine = check_bool(affine, "affine", self.cls_name)
        self.weight = Parameter(initializer("ones", num_channels, dtype=dtype), name="weight", requires_grad=affine)
        self.bias = Parameter(initializer("zeros", num_channels, dtype=dtype), name="bias", requires_grad=affine)

    def construct(self, input):
        return ops.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extend_repr(self):
        return f"num_groups={self.num_groups}, num_channels={self.num_channels}, eps={self.eps}, affine={self.affine}"


class SyncBatchNorm(_BatchNorm):
    """Batch norm whose batch statistics are taken over the processes of ``process_group``
    (here: over this process's batch when the group has one member)."""
    _ranks = (2, 3, 4, 5)

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
                 process_group=None, dtype=None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype)
        self.process_group = process_group
