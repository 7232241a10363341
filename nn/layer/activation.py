"""``mindspore.nn`` activation layers: thin Cells over ``mscompat.ops``, and
:func:`get_activation` (the name table that ``Dense(activation='relu')`` uses)."""
import numpy as np

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.nn.cell import Cell
from mscompat._checkparam import check_bool, check_positive_int, check_value_type

__all__ = ["Softmin", "Softmax", "Softmax2d", "LogSoftmax", "RReLU", "PReLU",
           "ReLU", "ReLU6", "SeLU", "SiLU", "Tanh", "Tanhshrink",
           "Hardtanh", "GELU", "FastGelu", "Sigmoid", "Softsign", "get_activation", "LeakyReLU", "HSigmoid",
           "HSwish", "ELU", "LogSigmoid", "SoftShrink", "HShrink", "CELU", "Threshold", "Mish", "LRN", "GLU"]


class CELU(Cell):
    """CELU: ``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.celu = ops.CeLU(alpha=alpha)

    def construct(self, x):
        return self.celu(x)


class Softmin(Cell):
    """Softmin along ``axis``: ``softmax(-x)``."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def construct(self, x):
        return ops.softmin(x, self.axis)


class Softmax(Cell):
    """Softmax along ``axis`` (an int or a tuple of ints)."""

    def __init__(self, axis=-1):
        super().__init__()
        self.softmax = ops.Softmax(axis)

    def construct(self, input):  # pylint: disable=redefined-builtin
        return self.softmax(input)


class Softmax2d(Cell):
    """Softmax over the channel axis (-3) of a 3D or 4D input."""

    def __init__(self):
        super().__init__()
        self.softmax = ops.Softmax(axis=-3)
        self.shape = ops.Shape()

    @staticmethod
    def _check_input_dim(shape, cls_name):
        dim = len(shape)
        if dim not in (3, 4):
            raise ValueError(f"For '{cls_name}', the in_shape must have 3 or 4 dims, but got {dim}.")

    def construct(self, x):
        self._check_input_dim(self.shape(x), self.cls_name)
        return self.softmax(x)


class LogSoftmax(Cell):
    """Log-softmax along ``axis``."""

    def __init__(self, axis=-1):
        super().__init__()
        self.log_softmax = ops.LogSoftmax(axis)

    def construct(self, x):
        return self.log_softmax(x)


class ELU(Cell):
    """ELU with ``alpha`` (MindSpore supports only 1.0)."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.elu = ops.Elu(alpha)

    def construct(self, x):
        return self.elu(x)


class ReLU(Cell):
    """Rectified linear unit: ``max(x, 0)``."""

    def __init__(self):
        super().__init__()
        self.relu = ops.ReLU()

    def construct(self, input):  # pylint: disable=redefined-builtin
        return self.relu(input)


class ReLU6(Cell):
    """``min(max(x, 0), 6)``."""

    def __init__(self):
        super().__init__()
        self.relu6 = ops.ReLU6()

    def construct(self, x):
        return self.relu6(x)


class LeakyReLU(Cell):
    """``x`` where positive, ``alpha * x`` elsewhere."""

    def __init__(self, alpha=0.2):
        super().__init__()
        self.alpha = alpha

    def construct(self, x):
        return ops.leaky_relu(x, self.alpha)


class RReLU(Cell):
    """Randomized leaky ReLU: negative inputs are scaled by a slope drawn uniformly from
    ``[lower, upper]`` (from the global RNG state, a new draw each call)."""

    def __init__(self, lower=1 / 8, upper=1 / 3):
        super().__init__()
        check_value_type('upper', upper, [float, int], self.cls_name)
        check_value_type('lower', lower, [float, int], self.cls_name)
        if lower > upper:
            raise ValueError(f"For {self.cls_name}, the value of 'upper' must be greater than or equal to 'lower', "
                             f"but got upper: {upper}, lower: {lower}. ")
        self.lower = Tensor(lower, dtype=mstype.float32)
        self.upper = Tensor(upper, dtype=mstype.float32)
        self.sign = ops.Sign()

    def construct(self, x):
        if not isinstance(x, Tensor):
            raise TypeError(f"For 'rrelu', the input must be a Tensor, but got {type(x)}.")
        sign_matrix = self.sign(x)
        negative_filter = sign_matrix.clip(None, 0)
        positive_filter = sign_matrix.clip(0, None)
        mask = ops.uniform(x.shape, self.lower, self.upper).astype(x.dtype)
        total_mask = negative_filter * mask * -1 + positive_filter
        return total_mask * x


class PReLU(Cell):
    """Parametric ReLU with a learnable slope ``w`` per channel (Parameter named ``a``)."""

    def __init__(self, channel=1, w=0.25):
        super().__init__()
        check_positive_int(channel, 'channel', self.cls_name)
        if isinstance(w, (float, np.float32)):
            w = Tensor(np.full((channel,), w, dtype=np.float32), dtype=mstype.float32)
        elif isinstance(w, list):
            if len(w) != channel:
                raise ValueError(f"For '{self.cls_name}', the length of 'w' must be equal to the 'channel' when "
                                 f"the 'w' is a list, but got the length of 'w': {len(w)}, the 'channel': {channel}.")
            for i in w:
                if not isinstance(i, (float, np.float32)):
                    raise ValueError(f"For '{self.cls_name}', all elements in 'w' must be "
                                     f"float when the 'w' is a list, but got {i}.")
            w = Tensor(w, dtype=mstype.float32)
        elif isinstance(w, Tensor):
            if w.dtype not in (mstype.float16, mstype.float32):
                raise ValueError(f"For '{self.cls_name}', the dtype of 'w' must be float16 or "
                                 f"float32 when the 'w' is a tensor, but got {w.dtype}.")
            if len(w.shape) != 1 or w.shape[0] != channel:
                raise ValueError(f"For '{self.cls_name}', the dimension of 'w' must be 1, and the elements number "
                                 f"should be equal to the 'channel' when the 'w' is a tensor, "
                                 f"but got 'w' shape {w.shape}, the 'channel' {channel}.")
        else:
            raise TypeError(f"For '{self.cls_name}', the 'w' only supported float, list and tensor, "
                            f"but got {type(w).__name__}.")
        self.w = Parameter(w, name='a')
        self.prelu = ops.PReLU()

    def construct(self, x):
        return self.prelu(x, ops.cast(self.w, x.dtype))


class SeLU(Cell):
    """Scaled exponential linear unit."""

    def __init__(self):
        super().__init__()
        self.selu = ops.SeLU()

    def construct(self, input_x):
        return self.selu(input_x)


class SiLU(Cell):
    """``x * sigmoid(x)``."""

    def construct(self, x):
        return ops.silu(x)


class Tanh(Cell):
    """Hyperbolic tangent."""

    def __init__(self):
        super().__init__()
        self.tanh = ops.Tanh()

    def construct(self, x):
        return self.tanh(x)


class Tanhshrink(Cell):
    """``x - tanh(x)``."""

    def construct(self, x):
        return ops.tanhshrink(x)


class Hardtanh(Cell):
    """Clamp to ``[min_val, max_val]``."""

    def __init__(self, min_val=-1.0, max_val=1.0):
        super().__init__()
        self.min_val = min_val
        self.max_val = max_val
        if self.min_val >= self.max_val:
            raise ValueError(f"For Hardtanh, min_val should be less than max_val,"
                             f"but got {self.min_val} and {self.max_val}")

    def construct(self, x):
        return ops.hardtanh(x, self.min_val, self.max_val)


class GELU(Cell):
    """GELU; ``approximate=True`` (default) is the tanh approximation."""

    def __init__(self, approximate=True):
        super().__init__()
        check_bool(approximate, "approximate", self.cls_name)
        self.approximate = "tanh" if approximate else "none"

    def construct(self, x):
        return ops.gelu(x, approximate=self.approximate)


class FastGelu(Cell):
    """``x / (1 + exp(-1.702 |x|)) * exp(0.851 (x - |x|))``."""

    def __init__(self):
        super().__init__()
        self.fast_gelu = ops.FastGeLU()

    def construct(self, x):
        return self.fast_gelu(x)


class Sigmoid(Cell):
    """``1 / (1 + exp(-x))``."""

    def __init__(self):
        super().__init__()
        self.sigmoid = ops.Sigmoid()

    def construct(self, x):
        return self.sigmoid(x)


class Softsign(Cell):
    """``x / (1 + |x|)``."""

    def __init__(self):
        super().__init__()
        self.softsign = ops.Softsign()

    def construct(self, x):
        return self.softsign(x)


class HSwish(Cell):
    """Hard swish: ``x * relu6(x + 3) / 6``."""

    def __init__(self):
        super().__init__()
        self.hswish = ops.HSwish()

    def construct(self, input):  # pylint: disable=redefined-builtin
        return self.hswish(input)


class HSigmoid(Cell):
    """Hard sigmoid: ``relu6(x + 3) / 6``."""

    def __init__(self):
        super().__init__()
        self.hsigmoid = ops.HSigmoid()

    def construct(self, input):  # pylint: disable=redefined-builtin
        return self.hsigmoid(input)


class LogSigmoid(Cell):
    """``log(1 / (1 + exp(-x)))``, computed in that order as MindSpore does."""

    def __init__(self):
        super().__init__()
        self.mul = ops.Mul()
        self.exp = ops.Exp()
        self.add = ops.Add()
        self.rec = ops.Reciprocal()
        self.log = ops.Log()

    def construct(self, input_x):
        neg = self.mul(input_x, -1)
        return self.log(self.rec(self.add(self.exp(neg), 1)))


class SoftShrink(Cell):
    """Soft shrinkage with threshold ``lambd``."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.softshrink = ops.SoftShrink(lambd)

    def construct(self, input):  # pylint: disable=redefined-builtin
        return self.softshrink(input)


class HShrink(Cell):
    """Hard shrinkage with threshold ``lambd``."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.hshrink = ops.HShrink(lambd)

    def construct(self, input):  # pylint: disable=redefined-builtin
        return self.hshrink(input)


class Threshold(Cell):
    """``x`` where ``x > threshold``, ``value`` elsewhere."""

    def __init__(self, threshold, value):
        super().__init__()
        self.threshold = threshold
        self.value = value

    def construct(self, input_x):
        return ops.threshold(input_x, self.threshold, self.value)


class Mish(Cell):
    """``x * tanh(softplus(x))``."""

    def __init__(self):
        super().__init__("Mish")
        self.mish = ops.Mish()

    def construct(self, input_x):
        return self.mish(input_x)


_activation = {
    'softmin': Softmin,
    'softmax': Softmax,
    'softmax2d': Softmax2d,
    'logsoftmax': LogSoftmax,
    'relu': ReLU,
    'relu6': ReLU6,
    'rrelu': RReLU,
    'silu': SiLU,
    'tanh': Tanh,
    'tanhshrink': Tanhshrink,
    'hardtanh': Hardtanh,
    'gelu': GELU,
    'fast_gelu': FastGelu,
    'elu': ELU,
    'sigmoid': Sigmoid,
    'softsign': Softsign,
    'prelu': PReLU,
    'leakyrelu': LeakyReLU,
    'hswish': HSwish,
    'hsigmoid': HSigmoid,
    'logsigmoid': LogSigmoid,
    'softshrink': SoftShrink,
    'hshrink': HShrink,
    'threshold': Threshold,
    'mish': Mish,
}


def get_activation(name, prim_name=None):
    """The activation Cell registered under ``name`` (``'relu'``, ``'gelu'``, ...), a new
    instance; ``None`` for ``None``; KeyError for an unknown name."""
    msg_prefix = f"For '{prim_name}', the" if prim_name else "The"
    if name is None:
        return None
    if name not in _activation:
        raise KeyError(f"{msg_prefix} 'name' must be in {list(_activation.keys())}, but got {name}.")
    return _activation[name]()


class LRN(Cell):
    """Local response normalization across channels (the ``LRN`` primitive)."""

    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
        super().__init__()
        self.lrn_op = ops.LRN(depth_radius, bias, alpha, beta, norm_region)

    def construct(self, input_x):
        return self.lrn_op(input_x)


class GLU(Cell):
    """Gated linear unit: split ``x`` in two halves along ``axis``, ``a * sigmoid(b)``."""

    def __init__(self, axis=-1):
        super().__init__('GLU')
        self.dim = axis
        self.spilt = ops.Split(axis=axis, output_num=2)
        self.sigmoid = ops.Sigmoid()

    def construct(self, x):
        x1, x2 = self.spilt(x)
        return x1 * self.sigmoid(x2)
