"""``mindspore.nn`` basic layers: Dense, Linear, Flatten, Identity, Dropout.

Dense and Linear create their weights as MindSpore does (HeUniform(a=sqrt(5)) for the
weight, Uniform(1/sqrt(in)) for the bias, drawn in that order): after the same
``set_seed`` the initial values are bit-identical to MindSpore's.
"""
import math

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common.initializer import initializer, HeUniform, Uniform
from mscompat.common.seed import _get_graph_seed
from mscompat.ops.primitive import Primitive
from mscompat.nn.cell import Cell
from .activation import get_activation
from ._validator import check_value_type, check_positive_int, check_bool

__all__ = ["Dropout", "Flatten", "Dense", "Linear", "Identity"]


class Dropout(Cell):
    """Zero elements with probability ``p`` (or ``1 - keep_prob``) in training mode and scale
    the others by ``1 / (1 - p)``; identity in evaluation mode. Masks come from the global
    RNG state: a new mask each call (compiled calls included), reproducible after ``set_seed``.

    Args:
        keep_prob (float): deprecated keep rate in (0, 1]. Default: ``0.5``.
        p (Union[float, int, None]): drop rate in [0, 1); overrides ``keep_prob``. Default: ``None``.
        dtype: deprecated, unused.
    """

    def __init__(self, keep_prob=0.5, p=None, dtype=mstype.float32):
        super().__init__()
        if p is None:
            check_value_type('keep_prob', keep_prob, [float], self.cls_name)
            if keep_prob <= 0 or keep_prob > 1:
                raise ValueError(f"For '{self.cls_name}', the 'keep_prob' must be a number in range (0, 1], "
                                 f"but got {keep_prob}.")
            seed0, seed1 = _get_graph_seed(0, "dropout")
            self.dropout = ops.Dropout(keep_prob, seed0, seed1)
        else:
            check_value_type('p', p, [float, int], self.cls_name)
            if p < 0 or p >= 1:
                raise ValueError(f"For '{self.cls_name}', the 'p' must be a number in range [0, 1), "
                                 f"but got {p}.")
            seed0, seed1 = _get_graph_seed(0, "dropout")
            self.dropout = ops.Dropout(1.0 - p, seed0, seed1)
        self.p = p
        self.keep_prob = keep_prob

    def construct(self, x):
        if not self.training or self.keep_prob == 1 or self.p == 0:
            return x
        out, _ = self.dropout(x)
        return out

    def extend_repr(self):
        if self.p is None:
            return f'keep_prob={self.keep_prob}'
        return f'p={self.p}'


class Flatten(Cell):
    """Flatten dimensions ``start_dim`` to ``end_dim`` (default: all but the first)."""

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def check_axis_valid(self, axis, ndim):
        """ValueError unless ``axis`` is in ``[-ndim, ndim)``."""
        if axis < -ndim or axis >= ndim:
            raise ValueError("'start_dim' or 'end_dim' out of range.")

    def construct(self, x):
        x_rank = ops.rank(x)
        ndim = x_rank if x_rank != 0 else 1
        self.check_axis_valid(self.start_dim, ndim)
        self.check_axis_valid(self.end_dim, ndim)
        return ops.flatten(x, start_dim=self.start_dim, end_dim=self.end_dim)


class Identity(Cell):
    """Return the input unchanged (any constructor arguments are ignored)."""

    def __init__(self, *args, **kwargs):
        super().__init__()

    def construct(self, input):  # pylint: disable=redefined-builtin
        return input


def _check_weight_init(cls_name, weight_init, out_channels, in_channels, names=("out_channels", "in_channels")):
    if isinstance(weight_init, Tensor):
        if weight_init.ndim != 2 or weight_init.shape[0] != out_channels or weight_init.shape[1] != in_channels:
            raise ValueError(f"For '{cls_name}', weight init shape error. The ndim of 'weight_init' must "
                             f"be equal to 2, and the first dim must be equal to '{names[0]}', and the "
                             f"second dim must be equal to '{names[1]}'. But got 'weight_init': {weight_init}, "
                             f"'{names[0]}': {out_channels}, '{names[1]}': {in_channels}.")


def _check_bias_init(cls_name, bias_init, out_channels, name="out_channels"):
    if isinstance(bias_init, Tensor):
        if bias_init.ndim != 1 or bias_init.shape[0] != out_channels:
            raise ValueError(f"For '{cls_name}', bias init shape error. The ndim of 'bias_init' must "
                             f"be equal to 1, and the first dim must be equal to '{name}'. But got "
                             f"'bias_init': {bias_init}, '{name}': {out_channels}.")


class Dense(Cell):
    """Fully connected layer: ``activation(x @ weight.T + bias)`` over the last axis.

    Args:
        in_channels (int), out_channels (int): positive sizes.
        weight_init: Tensor, str, Initializer or number. Default ``None``: HeUniform(a=sqrt(5)).
        bias_init: likewise. Default ``None``: Uniform(1 / sqrt(in_channels)).
        has_bias (bool): Default ``True``.
        activation (Union[str, Cell, Primitive, None]): applied to the output. Default ``None``.
        dtype: the Parameters' dtype. Default ``float32``.
    """

    def __init__(self, in_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
                 activation=None, dtype=mstype.float32):
        super().__init__()
        self.in_channels = check_positive_int(in_channels, "in_channels", self.cls_name)
        self.out_channels = check_positive_int(out_channels, "out_channels", self.cls_name)
        self.has_bias = check_bool(has_bias, "has_bias", self.cls_name)
        self.reshape = ops.Reshape()
        self.shape_op = ops.Shape()
        _check_weight_init(self.cls_name, weight_init, out_channels, in_channels)
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(weight_init, [out_channels, in_channels], dtype=dtype), name="weight")
        self.bias = None
        if self.has_bias:
            _check_bias_init(self.cls_name, bias_init, out_channels)
            if bias_init is None:
                bias_init = Uniform(scale=1 / math.sqrt(in_channels))
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype=dtype), name="bias")
            self.bias_add = ops.BiasAdd()
        self.matmul = ops.MatMul(transpose_b=True)
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if activation is not None and not isinstance(self.activation, (Cell, Primitive)):
            raise TypeError(f"For '{self.cls_name}', the 'activation' must be str or Cell or Primitive, but got "
                            f"{type(activation).__name__}.")
        self.activation_flag = self.activation is not None

    def construct(self, x):
        x_shape = self.shape_op(x)
        if len(x_shape) != 2:
            x = self.reshape(x, (-1, x_shape[-1]))
        x = self.matmul(x, self.weight)
        if self.has_bias:
            x = self.bias_add(x, self.bias)
        if self.activation_flag:
            x = self.activation(x)
        if len(x_shape) != 2:
            x = self.reshape(x, tuple(x_shape[:-1]) + (ops.shape(x)[-1],))
        return x

    def extend_repr(self):
        s = f'input_channels={self.in_channels}, output_channels={self.out_channels}'
        if self.has_bias:
            s += f', has_bias={self.has_bias}'
        if self.activation_flag:
            s += f', activation={self.activation}'
        return s


class Linear(Cell):
    """``x @ weight.T + bias`` (MindSpore's newer name for Dense, without activation).

    Args:
        in_features (int), out_features (int): positive sizes.
        bias (bool): Default ``True``.
        weight_init, bias_init: as for :class:`Dense`.
        dtype: the Parameters' dtype. Default ``None`` (float32).
    """

    def __init__(self, in_features, out_features, bias=True, weight_init=None, bias_init=None, dtype=None):
        super().__init__()
        self.in_features = check_positive_int(in_features, "in_features", self.cls_name)
        self.out_features = check_positive_int(out_features, "out_features", self.cls_name)
        self.has_bias = check_bool(bias, "has_bias", self.cls_name)
        self.dense = ops.Dense()
        if dtype is None:
            dtype = mstype.float32
        _check_weight_init(self.cls_name, weight_init, out_features, in_features, ("out_features", "in_features"))
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(weight_init, [out_features, in_features], dtype=dtype), name="weight")
        self.bias = None
        if self.has_bias:
            _check_bias_init(self.cls_name, bias_init, out_features, "out_features")
            if bias_init is None:
                bias_init = Uniform(scale=1 / math.sqrt(in_features))
            self.bias = Parameter(initializer(bias_init, [out_features], dtype=dtype), name="bias")

    def construct(self, x):
        return self.dense(x, self.weight, self.bias)

    def extend_repr(self):
        s = f'input_features={self.in_features}, output_features={self.out_features}'
        if self.has_bias:
            s += f', has_bias={self.has_bias}'
        return s
