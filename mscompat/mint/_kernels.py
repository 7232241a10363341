"""The Primitive classes of the kernels behind mint ops (MindSpore's generated ``AddExt``,
``SumExt``, ``SortExt``, ``Swiglu``, ... of ``mindspore.ops.auto_generate``), which model code
instantiates directly (``AddExt()(x, y, alpha)``). Each is a registry Primitive whose inputs are
the mint op's arguments, positional in the order of MindSpore's generated ``__call__``, and whose
kernel is the mint op's: one implementation per op.

Registered when ``mscompat.mint`` is imported (``import mscompat`` imports it); the
``ops.auto_generate`` modules resolve these names from the registry when first asked.
"""
from mscompat import ops
from mscompat.common.tensor import Tensor
from mscompat.ops._registry import primitive
from mscompat.ops._scatter import scatter_into
from mscompat.ops._reduce import sum as _reduce_sum
from mscompat.ops._nn import silu as _nn_silu
from . import _array, _math
from .nn import functional as F

__all__ = []


def _add_ext(input, other, alpha=1):
    return ops.add(input, other, alpha=alpha)


def _sub_ext(input, other, alpha=1):
    return _math.sub(input, other, alpha=alpha)


def _sum_ext(input, dim=None, keepdim=False, dtype=None):
    return _reduce_sum(input, dim, keepdim, dtype=dtype)


def _mean_ext(input, dim=None, keepdim=False, dtype=None):
    return _math.mean(input, dim, keepdim, dtype=dtype)


def _cumsum_ext(input, dim, dtype=None):
    return _math.cumsum(input, dim, dtype)


def _sort_ext(input, dim=-1, descending=False, stable=False):
    return _math.sort(input, dim=dim, descending=descending, stable=stable)


def _topk_ext(input, k, dim=-1, largest=True, sorted=True):
    return _math.topk(input, k, dim, largest, sorted)


def _zeros_like_ext(input, dtype=None):
    return ops.zeros_like(input, dtype=dtype)


def _split_with_size(input, split_size, dim=0):
    return _array.split(input, list(split_size), dim)


def _stack_ext(tensors, dim=0):
    return _array.stack(tensors, dim)


def _one_hot_ext(tensor, num_classes, on_value, off_value, axis=-1):
    """``OneHotExt(axis)(tensor, num_classes, on_value, off_value)``: ``on_value`` where the class
    is the index, ``off_value`` elsewhere (``num_classes`` -1: one more than the largest index)."""
    if num_classes == -1:
        num_classes = int(tensor.max()) + 1
    return ops.one_hot(tensor, num_classes, on_value, off_value, axis)


_SCATTER_REDUCE = {"none": "none", "add": "add", "multiply": "mul"}


def _scatter(input, dim, index, src, reduce="none"):
    """``Scatter()(input, dim, index, src, reduce)``: ``src`` written (``"none"``), added
    (``"add"``) or multiplied in (``"multiply"``) at ``index`` along ``dim``."""
    if reduce not in _SCATTER_REDUCE:
        raise ValueError(f'Failed to convert the value "{reduce}" of input \'reduce\' of \'Scatter\' to enum.')
    if reduce == "none":
        return _array.scatter(input, dim, index, src)
    return scatter_into("Scatter", input.copy(), dim, index, src, _SCATTER_REDUCE[reduce])


def _swiglu(input, dim=-1):
    """``silu(a) * b`` of the two halves ``a``, ``b`` of ``input`` along ``dim`` (even size)."""
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'Swiglu', 'input' must be a Tensor, but got {type(input).__name__}.")
    r = max(input.ndim, 1)
    if not -r <= dim < r:
        raise ValueError(f"For 'Swiglu', 'dim' must be in range [{-r}, {r}), but got {dim}.")
    if input.shape[dim] % 2:
        raise ValueError(f"For 'Swiglu', the size of 'input' along 'dim' must be even, but got {input.shape[dim]}.")
    a, b = _array.chunk(input, 2, dim)
    return F.silu(a) * b


primitive("AddExt", _add_ext)
primitive("SubExt", _sub_ext)
primitive("SumExt", _sum_ext)
primitive("MeanExt", _mean_ext)
primitive("CumsumExt", _cumsum_ext)
primitive("SortExt", _sort_ext)
primitive("TopkExt", _topk_ext)
primitive("ZerosLikeExt", _zeros_like_ext)
primitive("SplitWithSize", _split_with_size)
primitive("StackExt", _stack_ext, attrs=(("dim", 0),))
primitive("OneHotExt", _one_hot_ext, attrs=(("axis", -1),))
primitive("Scatter", _scatter)
primitive("Swiglu", _swiglu)
primitive("Chunk", _array.chunk)
primitive("IndexSelect", _array.index_select)
primitive("Outer", _math.outer)
primitive("BatchMatMulExt", _math.bmm)
primitive("SiLU", _nn_silu)
primitive("Muls", ops.mul)
primitive("FmodScalar", ops.fmod)
