"""mint.nn activation layers: each a Cell calling its ``mint.nn.functional`` op."""
from mscompat.common import dtype as mstype
from mscompat.common.initializer import initializer
from mscompat.common.parameter import Parameter
from mscompat.nn.cell import Cell
from mscompat.mint.nn import functional as F
from mscompat import ops


def _inplace_flag(cls_name, inplace):
    if not isinstance(inplace, bool):
        raise TypeError(f"For '{cls_name}', 'inplace' must be a bool, but got {type(inplace).__name__}.")
    return inplace


class SiLU(Cell):
    """x * sigmoid(x)."""

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = _inplace_flag(self.cls_name, inplace)

    def construct(self, input):
        return F.silu(input, self.inplace)


class GELU(Cell):
    """Gaussian error linear unit (``approximate`` 'none' or 'tanh')."""

    def __init__(self, approximate="none"):
        super().__init__()
        if approximate not in ("none", "tanh"):
            raise ValueError(f"For 'GELU', 'approximate' must be 'none' or 'tanh', but got '{approximate}'.")
        self.approximate = approximate

    def construct(self, input):
        return F.gelu(input, approximate=self.approximate)


class ReLU6(Cell):
    """min(max(x, 0), 6)."""

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = _inplace_flag(self.cls_name, inplace)

    def construct(self, input):
        return F.relu6(input, self.inplace)


class ELU(Cell):
    """x for x > 0, alpha * (exp(x) - 1) otherwise."""

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = _inplace_flag(self.cls_name, inplace)

    def construct(self, input):
        return F.elu(input, self.alpha, self.inplace)


class Hardtanh(Cell):
    """x clipped to [min_val, max_val]."""

    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False):
        super().__init__()
        self.min_val, self.max_val = min_val, max_val
        self.inplace = _inplace_flag(self.cls_name, inplace)

    def construct(self, input):
        out = ops.hardtanh(input, self.min_val, self.max_val)
        if self.inplace:
            input.assign_value(out)
            return input
        return out


class GLU(Cell):
    """The first half along ``dim`` times the sigmoid of the second half."""

    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def construct(self, input):
        return F.glu(input, self.dim)


class Threshold(Cell):
    """``input`` where above ``threshold``, else ``value``."""

    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold, self.value = threshold, value
        self.inplace = _inplace_flag(self.cls_name, inplace)

    def construct(self, input):
        return F.threshold(input, self.threshold, self.value, self.inplace)


class Softmax(Cell):
    """Softmax along ``dim``."""

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def construct(self, input):
        return F.softmax(input, self.dim)


class LogSoftmax(Cell):
    """Log-softmax along ``dim``."""

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def construct(self, input):
        return F.log_softmax(input, self.dim)


class PReLU(Cell):
    """max(0, x) + weight * min(0, x), with ``num_parameters`` learnt slopes ``weight``."""

    def __init__(self, num_parameters=1, init=0.25, dtype=None):
        super().__init__()
        self.num_parameters = num_parameters
        self.weight = Parameter(initializer(init, [num_parameters], dtype=mstype.float32 if dtype is None else dtype),
                                name="weight")

    def construct(self, input):
        return ops.prelu(input, self.weight)


def _unary(name, fn, doc):
    def construct(self, input):
        return fn(input)
    return type(name, (Cell,), {"construct": construct, "__doc__": doc, "__module__": __name__})


Sigmoid = _unary("Sigmoid", ops.sigmoid, "1 / (1 + exp(-x)).")
Tanh = _unary("Tanh", ops.tanh, "Hyperbolic tangent.")
LogSigmoid = _unary("LogSigmoid", F.logsigmoid, "log(sigmoid(x)).")
Mish = _unary("Mish", F.mish, "x * tanh(softplus(x)).")
SELU = _unary("SELU", F.selu, "Scaled exponential linear unit.")
