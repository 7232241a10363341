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
from mscompat._checkparam import check_value_type, check_positive_int, check_bool, check_is_int

__all__ = ["Dropout", "Flatten", "Dense", "Linear", "Identity", "ClipByNorm", "Norm", "OneHot", "Unfold", "Tril",
           "Triu", "MatrixDiag", "MatrixDiagPart", "MatrixSetDiag", "L1Regularizer", "Dropout1d", "Dropout2d",
           "Dropout3d", "Upsample", "Roll", "Unflatten", "DropoutExt", "Dropout2dExt"]


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


# ---------------------------------------------------------------------------------------------
# More basic layers: regularizer, channel dropouts, upsampling, norms, one-hot, padding, patches,
# triangular masks, matrix diagonals, roll, unflatten.

def _check_p01(cell, p):
    check_value_type('p', p, [float], cell.cls_name)
    if p < 0 or p > 1:
        raise ValueError(f"For '{cell.cls_name}', the 'p' must be a number in range [0, 1], but got {p}.")


class L1Regularizer(Cell):
    """``scale * sum(|weights|)``."""

    def __init__(self, scale):
        super().__init__()
        check_value_type('scale', scale, [int, float], self.cls_name)
        if scale <= 0:
            raise ValueError(f"For '{self.cls_name}', the 'scale' must be greater than 0, but got {scale}.")
        if math.isinf(scale) or math.isnan(scale):
            raise ValueError(f"For '{self.cls_name}', the 'scale' can not be INF or NAN, but got {scale}.")
        self.abs = ops.Abs()
        self.reduce_sum = ops.ReduceSum()
        self.scale = Tensor(scale, dtype=mstype.float32)

    def construct(self, weights):
        if not isinstance(weights, Tensor) or weights.dtype == mstype.bool_:
            got = weights.dtype if isinstance(weights, Tensor) else type(weights).__name__
            raise TypeError(f"The 'weights' must be a number type Tensor, but got {got}.")
        return self.scale * self.reduce_sum(self.abs(weights))


class Dropout1d(Cell):
    """Zero whole channels of an (N, C, L) or (C, L) input with probability ``p`` in training."""

    def __init__(self, p=0.5):
        super().__init__()
        _check_p01(self, p)
        self.prob = p

    def construct(self, x):
        if not self.training or self.prob == 0:
            return x
        return ops.dropout1d(x, self.prob)


class _ChannelDropout(Cell):
    """Zero whole channels with probability ``p`` in training (the Primitive ``_prim``, kept as the
    attribute ``_attr`` as in MindSpore)."""

    _prim = _attr = None

    def __init__(self, p=0.5):
        super().__init__()
        _check_p01(self, p)
        self.keep_prob = 1.0 - p
        setattr(self, self._attr, getattr(ops, self._prim)(self.keep_prob))

    def construct(self, x):
        if not self.training or self.keep_prob == 1:
            return x
        out, _ = getattr(self, self._attr)(x)
        return out

    def extend_repr(self):
        return f'p={self.keep_prob}'


class Dropout2d(_ChannelDropout):
    """Zero whole channels of an (N, C, H, W) input with probability ``p`` in training."""
    _prim, _attr = "Dropout2D", "dropout2d"


class Dropout3d(_ChannelDropout):
    """Zero whole channels of an (N, C, D, H, W) input with probability ``p`` in training."""
    _prim, _attr = "Dropout3D", "dropout3d"


class _DropoutExtNd(Cell):
    """What DropoutExt and Dropout2dExt share: drop probability ``p``, identity in evaluation mode or for
    ``p == 0``, else the ``ops`` function named ``_op``."""
    _op = "dropout"

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        self.p = p
        self.inplace = inplace

    def construct(self, input):
        if not self.training or self.p == 0:
            return input
        return getattr(ops, self._op)(input, self.p, True)


class DropoutExt(_DropoutExtNd):
    """Dropout with drop probability ``p`` (identity in evaluation mode or for ``p == 0``)."""


class Dropout2dExt(_DropoutExtNd):
    """Channel dropout of (N, C, H, W) inputs with drop probability ``p``."""
    _op = "dropout2d"


class Upsample(Cell):
    """``ops.interpolate`` with fixed ``size`` / ``scale_factor`` / ``mode``."""

    def __init__(self, size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None):
        super().__init__()
        self.size = size
        self.scale_factor = scale_factor
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def construct(self, x):
        return ops.interpolate(x, self.size, self.scale_factor, self.mode, self.align_corners,
                               self.recompute_scale_factor)


class ClipByNorm(Cell):
    """``x * clip_norm / max(l2norm(x, axis), clip_norm)`` in float32 (the norm over all axes by
    default); ``clip_norm`` is a float16/float32 Tensor."""

    def __init__(self, axis=None):
        super().__init__()
        if axis is None:
            axis = ()
        check_value_type('axis', axis, [int, tuple, list], self.cls_name)
        self.axis = axis

    def construct(self, x, clip_norm):
        name = "ClipByNorm"
        if not isinstance(x, Tensor) or x.dtype not in (mstype.float16, mstype.float32):
            raise TypeError(f"For '{name}', the 'x' must be a float16 or float32 Tensor, but got "
                            f"{x.dtype if isinstance(x, Tensor) else type(x).__name__}.")
        if isinstance(clip_norm, Tensor):
            if clip_norm.dtype not in (mstype.float16, mstype.float32):
                raise TypeError(f"For '{name}', the 'clip_norm' must be a float16 or float32 Tensor, but got "
                                f"{clip_norm.dtype}.")
        else:
            raise TypeError(f"For '{name}', the input args must be tensor.")
        ndim = x.ndim
        axes = (self.axis,) if isinstance(self.axis, int) else tuple(self.axis)
        for a in axes:
            if a < -ndim or a >= ndim:
                raise ValueError(f"For '{name}', the 'axis' must be in range [{-ndim}, {ndim}), but got {a}.")
        axes = tuple(a % ndim for a in axes) if axes else tuple(range(ndim))
        xf = ops.cast(x, mstype.float32)
        l2 = ops.sqrt(ops.ReduceSum(True)(ops.square(xf), axes))
        cn = ops.cast(clip_norm, mstype.float32)
        # MindSpore's kernel returns float32 for float16 inputs too
        return xf * cn / ops.maximum(l2, cn)


class Norm(Cell):
    """``sqrt(sum(x**2, axis))`` (all axes for ``axis=()``), squeezed unless ``keep_dims``."""

    def __init__(self, axis=(), keep_dims=False):
        super().__init__()
        check_value_type('keep_dims', keep_dims, [bool], self.cls_name)
        self.axis = axis
        self.keep_dims = keep_dims
        self.reduce_sum = ops.ReduceSum(True)

    def construct(self, x):
        x = ops.sqrt(self.reduce_sum(ops.square(x), self.axis))
        if not self.keep_dims:
            x = ops.squeeze(x) if self.axis == () else ops.squeeze(x, self.axis)
        return x

    def extend_repr(self):
        return f'axis={self.axis}, keep_dims={self.keep_dims}'


class OneHot(Cell):
    """One-hot encoding of ``indices`` along ``axis`` with ``depth`` classes, in ``dtype``."""

    def __init__(self, axis=-1, depth=1, on_value=1.0, off_value=0.0, dtype=mstype.float32):
        super().__init__()
        self.onehot = ops.OneHot(axis)
        self.depth = depth
        self.dtype = dtype
        self.on_value = on_value
        self.off_value = off_value

    def construct(self, indices):
        return self.onehot(indices, self.depth, ops.cast(self.on_value, self.dtype),
                           ops.cast(self.off_value, self.dtype))


def _check_patch_arg(arg_name, arg_val, cls_name):
    check_value_type(f'{arg_name}s', arg_val, [tuple, list], cls_name)
    if len(arg_val) != 4 or arg_val[0] != 1 or arg_val[3] != 1:
        raise ValueError(f"For '{cls_name}' the format of '{arg_name}s' must be [1, {arg_name}_row, {arg_name}_col, 1], "
                         f"but got {arg_val}.")
    is_int = isinstance(arg_val[1], int) and isinstance(arg_val[2], int)
    if not is_int or arg_val[1] < 1 or arg_val[2] < 1:
        raise ValueError(f"For '{cls_name}' the {arg_name}_row and {arg_name}_col in '{arg_name}s' must be an positive "
                         f"integer number, but got {arg_name}_row is {arg_val[1]}, {arg_name}_col is {arg_val[2]}")


class Unfold(Cell):
    """Image patches (ExtractImagePatches) of an NCHW input: (N, C*kh*kw, out_h, out_w), the depth
    ordered (kernel row, kernel column, channel)."""

    def __init__(self, ksizes, strides, rates, padding="valid"):
        super().__init__()
        _check_patch_arg('ksize', ksizes, self.cls_name)
        _check_patch_arg('stride', strides, self.cls_name)
        _check_patch_arg('rate', rates, self.cls_name)
        if not isinstance(padding, str) or padding.upper() not in ("SAME", "VALID"):
            raise ValueError(f"For 'ExtractImagePatches', the 'padding' must be 'SAME' or 'VALID', but got {padding}.")
        self.ksizes = (ksizes[1], ksizes[2])
        self.strides = (strides[1], strides[2])
        self.rates = (rates[1], rates[2])
        self.padding = padding.upper()

    def construct(self, input_x):
        if not isinstance(input_x, Tensor):
            raise TypeError(f"For 'ExtractImagePatches', the 'input_x' must be a Tensor, but got "
                            f"{type(input_x).__name__}.")
        if input_x.ndim != 4:
            raise ValueError(f"For 'ExtractImagePatches', the rank of 'input_x' must be 4, but got {input_x.ndim}.")
        n, c, h, w = input_x.shape
        (kh, kw), (sh, sw), (rh, rw) = self.ksizes, self.strides, self.rates
        ekh, ekw = (kh - 1) * rh + 1, (kw - 1) * rw + 1
        x = input_x
        if self.padding == "VALID":
            oh, ow = (h - ekh) // sh + 1, (w - ekw) // sw + 1
        else:
            oh, ow = -(-h // sh), -(-w // sw)
            ph = max((oh - 1) * sh + ekh - h, 0)
            pw = max((ow - 1) * sw + ekw - w, 0)
            x = ops.pad(x, (pw // 2, pw - pw // 2, ph // 2, ph - ph // 2))
        if oh <= 0 or ow <= 0:
            raise ValueError(f"For 'ExtractImagePatches', the input is too small for the kernel: input {(h, w)}, "
                             f"effective kernel {(ekh, ekw)}.")
        patches = []
        for i in range(kh):
            for j in range(kw):
                r0, c0 = i * rh, j * rw
                patches.append(x[:, :, r0:r0 + (oh - 1) * sh + 1:sh, c0:c0 + (ow - 1) * sw + 1:sw])
        out = ops.stack(patches, 1)                      # (N, kh*kw, C, oh, ow)
        return ops.reshape(out, (n, kh * kw * c, oh, ow))


def _tri_mask(cell, x, k, upper):
    name = 'triu' if upper else 'tril'
    if len(x.shape) < 1:
        raise ValueError(f"For '{name}', the 'x rank' must be >= 1, but got {len(x.shape)}.")
    check_is_int(k, 'k value', name)
    ones = ops.ones(x.shape, mstype.float32)
    assist = ops.triu(ones, k) if upper else ops.tril(ones, k)
    return ops.cast(ops.mul(ops.cast(x, mstype.float32), assist), x.dtype)


class Tril(Cell):
    """Lower triangle (below diagonal ``k``) of the last two dimensions; zeros elsewhere."""

    def construct(self, x, k=0):
        return _tri_mask(self, x, k, False)


class Triu(Cell):
    """Upper triangle (above diagonal ``k``) of the last two dimensions; zeros elsewhere."""

    def construct(self, x, k=0):
        return _tri_mask(self, x, k, True)


class MatrixDiag(Cell):
    """Batched diagonal matrices (..., n, n) from the vectors (..., n)."""

    def construct(self, input_x):
        if len(input_x.shape) < 1:
            raise ValueError(f"For '_get_matrix_diag_assist', the 'x rank' must be >= 1, but got 0.")
        n = input_x.shape[-1]
        eye = ops.eye(n, n, input_x.dtype)
        return ops.expand_dims(input_x, -2) * eye


class MatrixDiagPart(Cell):
    """The diagonals (..., min(m, n)) of the matrices (..., m, n)."""

    def construct(self, input_x):
        if len(input_x.shape) < 2:
            raise ValueError(f"For '_get_matrix_diag_part_assist', the 'x rank' must be >= 2, but got "
                             f"{len(input_x.shape)}.")
        return ops.diagonal(input_x, 0, -2, -1)


class MatrixSetDiag(Cell):
    """The matrices (..., m, n) with their main diagonal replaced by ``diagonal`` (..., min(m, n))."""

    def construct(self, input_x, diagonal):
        if len(input_x.shape) < 2:
            raise ValueError(f"For '_get_matrix_diag_part_assist', the 'x rank' must be >= 2, but got "
                             f"{len(input_x.shape)}.")
        m, n = input_x.shape[-2], input_x.shape[-1]
        k = min(m, n)
        if tuple(diagonal.shape) != tuple(input_x.shape[:-2]) + (k,):
            raise ValueError(f"For 'MatrixSetDiag', the shape of 'diagonal' must be "
                             f"{tuple(input_x.shape[:-2]) + (k,)}, but got {tuple(diagonal.shape)}.")
        eye = ops.eye(m, n, input_x.dtype)
        diag = ops.pad(ops.expand_dims(diagonal, -1) * ops.eye(k, k, input_x.dtype), (0, n - k, 0, m - k))
        return input_x * (1 - eye) + diag


class Roll(Cell):
    """Roll the elements by ``shift`` along ``axis`` (ints or equal-length sequences)."""

    def __init__(self, shift, axis):
        super().__init__()
        check_value_type('shift', shift, [int, tuple, list], self.cls_name)
        check_value_type('axis', axis, [int, tuple, list], self.cls_name)
        self.shift = list(shift) if isinstance(shift, (list, tuple)) else [shift]
        self.axis = list(axis) if isinstance(axis, (list, tuple)) else [axis]
        if len(self.shift) != len(self.axis):
            raise ValueError(f"For '{self.cls_name}', the shape of 'shift' and the shape of 'axis' must be the same, "
                             f"but got the length of 'shift' {len(self.shift)} and the length of 'axis' "
                             f"{len(self.axis)}.")

    def construct(self, input_x):
        dim = len(input_x.shape)
        for shift, axis in zip(self.shift, self.axis):
            if not isinstance(axis, int) or axis < -dim or axis >= dim:
                raise ValueError(f"For '{self.cls_name}', the 'axis' must be in range of [{-dim}, {dim}), but got "
                                 f"{axis}.")
            input_x = ops.roll(input_x, shift, axis)
        return input_x


class Unflatten(Cell):
    """Expand dimension ``axis`` into ``unflattened_size``."""

    def __init__(self, axis, unflattened_size):
        super().__init__()
        check_is_int(axis, 'axis', 'Unflatten')
        check_value_type('unflattended_size', unflattened_size, (list, tuple), 'Unflatten')
        self.axis = axis
        self.unflattened_size = tuple(unflattened_size)

    def construct(self, input_x):
        input_shape = tuple(input_x.shape)
        new_shape = input_shape[:self.axis] + self.unflattened_size
        if self.axis != -1:
            new_shape += input_shape[self.axis + 1:]
        return ops.reshape(input_x, new_shape)
