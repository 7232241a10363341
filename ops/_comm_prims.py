"""Collective communication Primitives for ONE process (world size 1, rank 0): AllReduce,
AllGather, AllGatherV, ReduceScatter, ReduceScatterV, Reduce, Broadcast, Barrier, AlltoAll,
AlltoAllV, AlltoAllVC, CollectiveGather, CollectiveScatter.

A reduction over a group of one rank returns its input, a gather one copy, a scatter the
whole input. Groups and the functional API are in ``_comm.py``; multi-device behaviour
comes with the parallel issue.
"""
import jax.numpy as jnp

from ._args import arr, Tensor
from ._registry import register_primitive_class
from .primitive import Primitive
from ._comm import (ReduceOp, _WORLD, _TARGET_DTYPES, _group, _group_size, _rank_of)

_wrap = Tensor._wrap


# ---------------------------------------------------------------------------------------
# Primitives


class _CommPrimitive(Primitive):
    """Base of the collective Primitives: validates ``group`` and the input dtype."""

    def _init_group(self, group):
        if not isinstance(group, str):
            raise TypeError(f"For '{self.name}', the 'group' must be str, but got {type(group).__name__}.")
        self.group = _group(self.name, group)
        self.rank = 0
        self.rank_size = _group_size(self.group)
        self.add_prim_attr("group", self.group)
        self.add_prim_attr("no_eliminate", True)

    def _check_input(self, x, positive_rank=False):
        if not isinstance(x, Tensor):
            raise TypeError(f"For '{self.name}', the 'x' must be a Tensor, but got {type(x).__name__}.")
        if x.dtype not in _TARGET_DTYPES:
            raise TypeError(f"For '{self.name}', the 'x' dtype must be in {[str(d) for d in _TARGET_DTYPES]}, "
                            f"but got {x.dtype}.")
        if positive_rank and x.ndim == 0:
            raise ValueError(f"For '{self.name}', the rank of 'x' must be positive, but got 0.")
        return arr(x)


def _check_reduce_op(prim, reduce_op):
    # MindSpore checks the type only: an unknown op name is accepted at construction.
    if not isinstance(reduce_op, str):
        raise TypeError(f"For '{prim}', the 'op' must be str, but got {type(reduce_op).__name__}.")
    return reduce_op


@register_primitive_class
class AllReduce(_CommPrimitive):
    """Reduce over the devices of ``group`` with ``op`` (``ReduceOp``); one device: identity."""

    def __init__(self, op=ReduceOp.SUM, group=_WORLD):
        Primitive.__init__(self, "AllReduce")
        self.op = _check_reduce_op(self.name, op)
        self.add_prim_attr("op", op)
        self._init_group(group)
        self.add_prim_attr("fusion", 0)
        self.add_prim_attr("index", 0)

    def __call__(self, x):
        return _wrap(self._check_input(x))


@register_primitive_class
class AllGather(_CommPrimitive):
    """Concatenate every device's input along axis 0; one device: identity."""

    def __init__(self, group=_WORLD):
        Primitive.__init__(self, "AllGather")
        self._init_group(group)
        self.add_prim_attr("rank_size", self.rank_size)
        self.add_prim_attr("fusion", 0)
        self.add_prim_attr("mean_flag", False)

    def __call__(self, x):
        a = self._check_input(x, positive_rank=True)
        return _wrap(jnp.concatenate([a] * self.rank_size, axis=0))


@register_primitive_class
class AllGatherV(_CommPrimitive):
    """Gather inputs of different sizes (flattened) with ``output_split_sizes``; one device: flattened copy."""

    def __init__(self, group=_WORLD):
        Primitive.__init__(self, "AllGatherV")
        self._init_group(group)
        self.add_prim_attr("rank_size", self.rank_size)

    def __call__(self, x, output_split_sizes):
        a = self._check_input(x)
        sizes = [int(s) for s in (output_split_sizes.tolist() if isinstance(output_split_sizes, Tensor)
                                  else output_split_sizes)]
        if len(sizes) != self.rank_size or sizes[0] != a.size:
            raise ValueError(f"For '{self.name}', 'output_split_sizes' {sizes} must give the element count of "
                             f"each rank's input ({a.size} on rank 0).")
        return _wrap(a.reshape(-1))


@register_primitive_class
class ReduceScatter(_CommPrimitive):
    """Reduce over devices, then each gets one block of axis 0; one device: identity."""

    def __init__(self, op=ReduceOp.SUM, group=_WORLD):
        Primitive.__init__(self, "ReduceScatter")
        self.op = _check_reduce_op(self.name, op)
        self.add_prim_attr("op", op)
        self._init_group(group)
        self.add_prim_attr("rank_size", self.rank_size)
        self.add_prim_attr("fusion", 0)

    def __call__(self, x):
        a = self._check_input(x, positive_rank=True)
        if a.shape[0] % self.rank_size:
            raise ValueError(f"For '{self.name}', the first dimension of 'x' must be divisible by rank_size "
                             f"{self.rank_size}, but got {a.shape[0]}.")
        return _wrap(a[: a.shape[0] // self.rank_size])


@register_primitive_class
class ReduceScatterV(_CommPrimitive):
    """ReduceScatter with per-rank sizes ``input_split_sizes``; one device: flattened copy."""

    def __init__(self, op=ReduceOp.SUM, group=_WORLD):
        Primitive.__init__(self, "ReduceScatterV")
        self.op = _check_reduce_op(self.name, op)
        self.add_prim_attr("op", op)
        self._init_group(group)

    def __call__(self, x, input_split_sizes):
        a = self._check_input(x)
        sizes = [int(s) for s in (input_split_sizes.tolist() if isinstance(input_split_sizes, Tensor)
                                  else input_split_sizes)]
        if len(sizes) != self.rank_size or sum(sizes) != a.size:
            raise ValueError(f"For '{self.name}', 'input_split_sizes' {sizes} must sum to the input size {a.size}.")
        return _wrap(a.reshape(-1)[: sizes[0]])


@register_primitive_class
class Reduce(_CommPrimitive):
    """Reduce onto ``dest_rank``; one device: identity."""

    def __init__(self, dest_rank, op=ReduceOp.SUM, group=_WORLD):
        Primitive.__init__(self, "Reduce")
        self.op = _check_reduce_op(self.name, op)
        self._init_group(group)
        self.dest_rank = dest_rank   # MindSpore checks neither its type nor its range here
        self.add_prim_attr("dest_rank", dest_rank)
        self.add_prim_attr("op", op)

    def __call__(self, x):
        _rank_of(self.name, "dest_rank", self.dest_rank, self.group)
        return _wrap(self._check_input(x))


@register_primitive_class
class Broadcast(_CommPrimitive):
    """Broadcast a tuple of Tensors from ``root_rank``; one device: the same tuple."""

    def __init__(self, root_rank, group=_WORLD):
        Primitive.__init__(self, "Broadcast")
        if isinstance(root_rank, bool) or not isinstance(root_rank, int):
            raise TypeError(f"For '{self.name}', the type of 'root_rank' should be 'int', "
                            f"but got type '{type(root_rank).__name__}'.")
        self._init_group(group)
        self.root_rank = root_rank   # its range is checked on call (MindSpore: at launch)
        self.add_prim_attr("root_rank", root_rank)

    def __call__(self, x):
        if not isinstance(x, tuple):
            raise TypeError(f"For '{self.name}', the input 'x' must be a tuple of Tensors, "
                            f"but got {type(x).__name__}.")
        _rank_of(self.name, "root_rank", self.root_rank, self.group)
        return tuple(_wrap(self._check_input(t)) for t in x)


@register_primitive_class
class Barrier(_CommPrimitive):
    """Synchronize the devices of ``group``; one device: returns at once (a scalar Tensor)."""

    def __init__(self, group=_WORLD):
        Primitive.__init__(self, "Barrier")
        if isinstance(group, str):
            self._init_group(group)
        else:   # MindSpore stores the group unchecked
            self.group = group
        self.add_prim_attr("side_effect_mem", True)

    def __call__(self):
        return _wrap(jnp.zeros((1,), jnp.float32))


@register_primitive_class
class AlltoAll(_CommPrimitive):
    """Split along ``split_dim`` into ``split_count`` blocks, exchange, concat on ``concat_dim``."""

    def __init__(self, split_count, split_dim, concat_dim, group=_WORLD):
        Primitive.__init__(self, "AlltoAll")
        for k, v in (("split_count", split_count), ("split_dim", split_dim), ("concat_dim", concat_dim)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"For '{self.name}', the type of '{k}' should be 'int', "
                                f"but got type '{type(v).__name__}'.")
        self._init_group(group)
        self.add_prim_attr("rank_size", self.rank_size)
        self.split_count, self.split_dim, self.concat_dim = split_count, split_dim, concat_dim
        for k, v in (("split_count", split_count), ("split_dim", split_dim), ("concat_dim", concat_dim)):
            self.add_prim_attr(k, v)

    def __call__(self, x):
        a = self._check_input(x)
        if self.split_count != self.rank_size:
            raise ValueError(f"For '{self.name}', the 'split_count' must be equal to 'rank_size' "
                             f"{self.rank_size}, but got {self.split_count}.")
        for k, d in (("split_dim", self.split_dim), ("concat_dim", self.concat_dim)):
            if not -a.ndim <= d < a.ndim:
                raise ValueError(f"For '{self.name}', '{k}' {d} is out of range for a rank-{a.ndim} input.")
        if a.shape[self.split_dim] % self.split_count:
            raise ValueError(f"For '{self.name}', x.shape[split_dim] must be divisible by 'split_count', "
                             f"but got {a.shape[self.split_dim]} and {self.split_count}.")
        return _wrap(a)


@register_primitive_class
class CollectiveGather(_CommPrimitive):
    """Gather every device's input on axis 0 onto ``dest_rank``; one device: identity."""

    def __init__(self, dest_rank, group=_WORLD):
        Primitive.__init__(self, "CollectiveGather")
        self._init_group(group)
        self.dest_rank = dest_rank   # MindSpore checks neither its type nor its range here
        self.add_prim_attr("dest_rank", dest_rank)
        self.add_prim_attr("rank_size", self.rank_size)
        self.add_prim_attr("rank_id", 0)

    def __call__(self, x):
        _rank_of(self.name, "dest_rank", self.dest_rank, self.group)
        return _wrap(self._check_input(x, positive_rank=True))


@register_primitive_class
class CollectiveScatter(_CommPrimitive):
    """Split ``src_rank``'s input on axis 0 among devices; one device: identity."""

    def __init__(self, src_rank=0, group=_WORLD):
        Primitive.__init__(self, "CollectiveScatter")
        self._init_group(group)
        self.src_rank = src_rank   # MindSpore checks neither its type nor its range here
        self.add_prim_attr("src_rank", src_rank)
        self.add_prim_attr("rank_size", self.rank_size)
        self.add_prim_attr("rank_id", 0)

    def __call__(self, x):
        _rank_of(self.name, "src_rank", self.src_rank, self.group)
        return _wrap(self._check_input(x, positive_rank=True))


def _numel_list(prim, what, v):
    if isinstance(v, Tensor):
        v = v.asnumpy().reshape(-1).tolist()
    if not isinstance(v, (list, tuple)):
        raise TypeError(f"For '{prim}', the '{what}' must be a tuple, list or Tensor, but got {type(v).__name__}.")
    return [int(s) for s in v]


@register_primitive_class
class AlltoAllV(_CommPrimitive):
    """Every rank sends ``send_numel_list[r]`` elements of its flat input to rank ``r``; one
    device: the flat input (its first ``recv_numel_list[0]`` elements)."""

    def __init__(self, group=_WORLD, block_size=1):
        Primitive.__init__(self, "AlltoAllV")
        if isinstance(block_size, bool) or not isinstance(block_size, int):
            raise TypeError(f"For '{self.name}', the type of 'block_size' should be 'int', "
                            f"but got type '{type(block_size).__name__}'.")
        self._init_group(group)
        self.block_size = block_size
        self.add_prim_attr("block_size", block_size)

    def __call__(self, input_x, send_numel_list, recv_numel_list):
        a = self._check_input(input_x).reshape(-1)
        send = _numel_list(self.name, "send_numel_list", send_numel_list)
        recv = _numel_list(self.name, "recv_numel_list", recv_numel_list)
        if len(send) != self.rank_size or len(recv) != self.rank_size:
            raise ValueError(f"For '{self.name}', the numel lists must have rank_size {self.rank_size} entries.")
        if send[0] * self.block_size > a.size or send[0] != recv[0]:
            raise ValueError(f"For '{self.name}', with one rank 'send_numel_list' and 'recv_numel_list' must agree "
                             f"and fit the input, but got {send}, {recv} for {a.size} elements.")
        n = recv[0] * self.block_size
        return _wrap(a[:n]) if n else _wrap(jnp.zeros((), a.dtype))


@register_primitive_class
class AlltoAllVC(_CommPrimitive):
    """AlltoAllV with a flattened ``rank_size x rank_size`` ``send_count_matrix``; one device:
    the first ``send_count_matrix[0]`` elements of the flat input."""

    def __init__(self, group=_WORLD, block_size=1, transpose=False):
        Primitive.__init__(self, "AlltoAllVC")
        if isinstance(block_size, bool) or not isinstance(block_size, int):
            raise TypeError(f"For '{self.name}', the type of 'block_size' should be 'int', "
                            f"but got type '{type(block_size).__name__}'.")
        self._init_group(group)
        self.block_size, self.transpose = block_size, transpose
        self.add_prim_attr("block_size", block_size)
        self.add_prim_attr("transpose", transpose)

    def __call__(self, input_x, send_count_matrix):
        a = self._check_input(input_x).reshape(-1)
        counts = _numel_list(self.name, "send_count_matrix", send_count_matrix)
        if len(counts) != self.rank_size ** 2 or counts[0] * self.block_size > a.size:
            raise ValueError(f"For '{self.name}', 'send_count_matrix' {counts} does not fit a group of "
                             f"{self.rank_size} and an input of {a.size} elements.")
        n = counts[0] * self.block_size
        return _wrap(a[:n]) if n else _wrap(jnp.zeros((), a.dtype))
