"""Helpers of ``mindspore.scipy`` that its solvers share: conversions between Tensors and Python
scalars, norms, matrix-vector products and the argument checks (re-exported from
``utils_const``)."""
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor, CSRTensor
from mscompat.ops._args import arr
from mscompat.ops.composite import GradOperation
from mscompat.numpy.utils import _convert_64_to_32
from .utils_const import _raise_value_error

__all__ = []

grad = GradOperation(get_all=False, get_by_list=False, sens_param=False)


def _to_tensor(*args, dtype=None):
    """Each Python number/list as a Tensor (64-bit narrowed to 32-bit unless ``dtype``)."""
    res = ()
    for value in args:
        if isinstance(value, (int, float, bool, list, tuple)):
            value = Tensor(value)
            value = _convert_64_to_32(value) if dtype is None else value.astype(dtype)
        elif not isinstance(value, Tensor):
            _raise_value_error("Expect input to be array like.")
        res += (value,)
    return res[0] if len(res) == 1 else res


def _to_scalar(value):
    """A 0-D Tensor as its Python scalar; other Tensors and Python numbers unchanged."""
    if isinstance(value, (int, float, bool)):
        return value
    if isinstance(value, Tensor):
        if value.shape:
            return value
        return value.asnumpy().item()
    raise ValueError("{} are not supported.".format(type(value)))


def _norm(x, ord_=None):
    a = arr(x)
    if ord_ == float("inf"):
        return Tensor._wrap(jnp.max(jnp.abs(a)))
    return Tensor._wrap(jnp.sqrt(jnp.sum(a ** 2)))


def _nd_transpose(a):
    if a.ndim < 2:
        _raise_value_error("to do _nd_transpose for input a's ndim is not greater or equal to 2d, which is "
                           "invalid.")
    return Tensor._wrap(jnp.swapaxes(arr(a), -1, -2))


def _matvec(a, b):
    """``a @ b`` for a dense Tensor or CSRTensor ``a``, or ``a(b)`` for a callable operator."""
    if isinstance(a, Tensor):
        return Tensor._wrap(jnp.dot(arr(a), arr(b)))
    if isinstance(a, CSRTensor):
        return Tensor._wrap(jnp.asarray(a.to_dense()._data) @ arr(b))
    return a(b)
