"""``mindspore.mint.special``: forms of the registry's special-function entries."""
from mscompat.ops._registry import mint_form, mint_op, mint_exports
from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor

for _n in ("erfc", "exp2", "expm1", "log1p", "sinc"):
    mint_form("special", _n)


@mint_op("special", twin="log_softmax")
def log_softmax(input, dim=None, *, dtype=None):
    """Log-softmax along ``dim`` (the last axis when None), computed in ``dtype`` when given."""
    if not isinstance(input, Tensor):
        raise TypeError(f'Failed calling LogSoftmaxExt with "LogSoftmaxExt()(input={type(input).__name__})". The '
                        f'valid calling should be: "LogSoftmaxExt()(input=<Tensor>, dim=<int>, dtype=<mindspore.dtype>)".')
    x = input if dtype is None else input.astype(dtype)
    d = -1 if dim is None else dim
    if x.dtype == mstype.float64:   # computed as x - logsumexp(x): float64 stays float64
        return x - ops.logsumexp(x, d, True)
    return ops.log_softmax(x, d)


@mint_op("special", twin="round")
def round(input):
    """Round half to even (no ``decimals``, unlike ``mint.round``)."""
    return ops.round(input)


globals().update(mint_exports("special"))
__all__ = sorted(mint_exports("special"))
