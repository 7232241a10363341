"""Collective communication Primitives: AllReduce, AllGather, AllGatherV, ReduceScatter,
ReduceScatterV, Reduce, Broadcast, Barrier, AlltoAll, AlltoAllV, AlltoAllVC,
CollectiveGather, CollectiveScatter, and the point-to-point Send / Receive (between
processes only).

Each call runs in one of three ways:

* inside ``shard_map`` (manual mesh axes bound): over the mesh DEVICES, as XLA collectives
  (``lax.psum``/``pmax``/``pmin``, ``all_gather``, ``psum_scatter``, ``all_to_all``). The
  world group spans every manual axis; the ranks of a ``create_group`` group are positions
  in the row-major order of those devices (MindSpore has one rank per device), and devices
  outside the group keep their input.
* on concrete Tensors in a job of several processes: over the PROCESSES of the group, with
  real data exchanged (``_comm.py``'s ``_gather``).
* otherwise (one process, or a traced function outside ``shard_map``, where a global array
  is one logical value that every rank holds): a reduction combines ``rank_size`` copies
  (a sum is ``rank_size`` times the value, max/min the value itself), a gather concatenates
  ``rank_size`` copies; with one process both return the input.

Groups and the functional API are in ``_comm.py``.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from mscompat._checkparam import check_is_tensor
from ._args import arr, Tensor
from ._registry import primitive, register_primitive_class
from .primitive import Primitive
from ._comm import (ReduceOp, _WORLD, _TARGET_DTYPES, _group, _group_size, _rank_of, _gather, _me,
                    _reduce_stack, WORLD_GROUPS, _STATE, pair_exchange)
from jax._src import core
from mscompat.common import dtype as mstype

_wrap = Tensor._wrap


# ---------------------------------------------------------------------------------------
# where a collective runs


def _manual_axes():
    """The manual mesh axes of the enclosing ``shard_map`` in mesh order; () outside one."""
    try:
        from jax._src.mesh import get_abstract_mesh  # JAX-internal name, absent in some JAX versions (hence the try)
        m = get_abstract_mesh()
        manual = set(getattr(m, "manual_axes", ()) or ())
        return tuple(n for n in m.axis_names if n in manual)
    except Exception:   # no mesh context in this JAX
        return ()


def _mode(group, a):
    """'spmd' (inside shard_map), 'host' (several processes, concrete data) or 'local'."""
    if _manual_axes():
        return "spmd"
    if isinstance(a, jax.core.Tracer) or _group_size(group) == 1:
        return "local"
    return "host"


def _rank_in(prim, what, rank, group):
    """``_rank_of`` with the shard_map mesh's device count for the world group inside shard_map."""
    if _manual_axes() and group in WORLD_GROUPS:
        sizes = core.get_axis_env().axis_sizes
        n = int(np.prod([sizes[a] for a in _manual_axes()]))
        if isinstance(rank, bool) or not isinstance(rank, int):
            raise TypeError(f"For {prim}, the {what} must be int")
        if not 0 <= rank < n:
            raise ValueError(f"For {prim}, the {what} {rank} is out of the range [0, {n}) of the mesh devices.")
        return
    _rank_of(prim, what, rank, group)


class _Spmd:
    """The devices of a group inside shard_map: ``axes`` (all manual axes), ``n`` devices,
    this device's linear index ``idx`` and, for a sub-group, the membership matrix."""

    def __init__(self, prim, group):
        self.axes = _manual_axes()
        sizes = core.get_axis_env().axis_sizes
        self.n = int(np.prod([sizes[a] for a in self.axes]))
        self.idx = lax.axis_index(self.axes)
        self.world = group in WORLD_GROUPS
        if not self.world:
            ranks = _STATE["groups"][group]
            if max(ranks) >= self.n:
                raise ValueError(f"For '{prim}', the ranks {ranks} of group '{group}' must be device positions "
                                 f"in [0, {self.n}) of the shard_map mesh.")
            mem = np.eye(self.n, dtype=bool)
            for i in ranks:
                mem[i, ranks] = True
            self.ranks = ranks
            self.mask = jnp.asarray(mem)[self.idx]   # which devices' values this device combines
            pos = np.zeros(self.n, np.int32)
            pos[ranks] = np.arange(len(ranks))
            self.group_rank = jnp.asarray(pos)[self.idx]
            self.in_group = jnp.asarray(np.isin(np.arange(self.n), ranks))[self.idx]

    def gather(self, a):
        """Every device's ``a`` stacked on axis 0."""
        return lax.all_gather(a, self.axes, axis=0, tiled=False)

    def reduce(self, a, op):
        if self.world:
            if op == "sum":
                return lax.psum(a, self.axes)
            if op == "max":
                return lax.pmax(a, self.axes)
            if op == "min":
                return lax.pmin(a, self.axes)
            return _reduce_stack(self.gather(a), op)
        st = self.gather(a)
        m = self.mask.reshape((self.n,) + (1,) * a.ndim)
        fill = {"sum": 0, "avg": 0, "prod": 1}.get(op)
        if fill is None:
            info = jnp.finfo(a.dtype) if jnp.issubdtype(a.dtype, jnp.floating) else jnp.iinfo(a.dtype)
            fill = info.min if op == "max" else info.max
        red = _reduce_stack(jnp.where(m, st, jnp.asarray(fill, a.dtype)), "sum" if op == "avg" else op)
        if op == "avg":
            red = (red / jnp.sum(self.mask)).astype(a.dtype)
        return red

    def members(self, a):
        """The group members' ``a`` stacked on axis 0 (group-rank order): (len(group), ...)."""
        st = self.gather(a)
        return st if self.world else st[np.asarray(self.ranks)]

    def rank(self):
        return self.idx if self.world else self.group_rank

    def size(self):
        return self.n if self.world else len(self.ranks)

    def keep_outside(self, value, a):
        """Devices outside a sub-group keep their input (same shape only)."""
        if self.world or value.shape != a.shape:
            return value
        return jnp.where(self.in_group, value, a)


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

    def _init_reduce(self, name, op, group):
        """The constructor of the reducing collectives: the reduce ``op`` (its type checked), then
        the group."""
        Primitive.__init__(self, name)
        self.add_prim_attr("op", _check_reduce_op(name, op))
        self._init_group(group)

    def _init_rooted(self, name, rank_name, rank, group):
        """CollectiveGather's and CollectiveScatter's constructor: the root rank ``rank_name``
        (MindSpore checks neither its type nor its range here), ``rank_size`` and ``rank_id``."""
        Primitive.__init__(self, name)
        self._init_group(group)
        self.add_prim_attr(rank_name, rank)
        self.add_prim_attr("rank_size", self.rank_size)
        self.add_prim_attr("rank_id", 0)

    def _check_input(self, x, positive_rank=False):
        check_is_tensor("x", x, self.name, form="a")
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
        self._init_reduce("AllReduce", op, group)
        self.add_prim_attr("fusion", 0)
        self.add_prim_attr("index", 0)

    def __call__(self, x):
        a = self._check_input(x)
        mode = _mode(self.group, a)
        if mode == "spmd":
            sp = _Spmd(self.name, self.group)
            return _wrap(sp.keep_outside(sp.reduce(a, self.op), a))
        if mode == "host":
            return _wrap(_reduce_stack(_gather(self.name, a, self.group), self.op))
        n = _group_size(self.group)
        if n > 1 and self.op in ("sum", "prod"):   # traced: a value every rank holds (as psum of an invariant)
            return _wrap(a * n if self.op == "sum" else a ** n)
        return _wrap(a)


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
        mode = _mode(self.group, a)
        if mode == "spmd":
            sp = _Spmd(self.name, self.group)
            if sp.world:
                return _wrap(lax.all_gather(a, sp.axes, axis=0, tiled=True))
            st = sp.members(a)
            return _wrap(st.reshape((-1,) + a.shape[1:]))
        if mode == "host":
            st = _gather(self.name, a, self.group)
            return _wrap(st.reshape((-1,) + a.shape[1:]))
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
        _no_spmd(self.name)
        sizes = [int(s) for s in (output_split_sizes.tolist() if isinstance(output_split_sizes, Tensor)
                                  else output_split_sizes)]
        if _mode(self.group, a) == "host":
            parts = _gather(self.name, a.reshape(-1), self.group, same_shape=False)
            if sizes != [int(p.size) for p in parts]:
                raise ValueError(f"For '{self.name}', 'output_split_sizes' {sizes} must give the element count of "
                                 f"each rank's input {[int(p.size) for p in parts]}.")
            return _wrap(jnp.concatenate(parts))
        if len(sizes) != self.rank_size or sizes[0] != a.size:
            raise ValueError(f"For '{self.name}', 'output_split_sizes' {sizes} must give the element count of "
                             f"each rank's input ({a.size} on rank 0).")
        return _wrap(a.reshape(-1))


@register_primitive_class
class ReduceScatter(_CommPrimitive):
    """Reduce over devices, then each gets one block of axis 0; one device: identity."""

    def __init__(self, op=ReduceOp.SUM, group=_WORLD):
        self._init_reduce("ReduceScatter", op, group)
        self.add_prim_attr("rank_size", self.rank_size)
        self.add_prim_attr("fusion", 0)

    def _blocks(self, a, n):
        if a.shape[0] % n:
            raise ValueError(f"For '{self.name}', the first dimension of 'x' must be divisible by rank_size "
                             f"{n}, but got {a.shape[0]}.")
        return a.shape[0] // n

    def __call__(self, x):
        a = self._check_input(x, positive_rank=True)
        mode = _mode(self.group, a)
        if mode == "spmd":
            sp = _Spmd(self.name, self.group)
            k = self._blocks(a, sp.size())
            if sp.world and self.op == "sum":
                return _wrap(lax.psum_scatter(a, sp.axes, scatter_dimension=0, tiled=True))
            red = sp.reduce(a, self.op)
            return _wrap(lax.dynamic_slice_in_dim(red, sp.rank() * k, k, axis=0))
        if mode == "host":
            k = self._blocks(a, _group_size(self.group))
            me = _me(self.name, self.group)
            return _wrap(_reduce_stack(_gather(self.name, a, self.group), self.op)[me * k:(me + 1) * k])
        return _wrap(a[: self._blocks(a, self.rank_size)])


@register_primitive_class
class ReduceScatterV(_CommPrimitive):
    """ReduceScatter with per-rank sizes ``input_split_sizes``; one device: flattened copy."""

    def __init__(self, op=ReduceOp.SUM, group=_WORLD):
        self._init_reduce("ReduceScatterV", op, group)

    def __call__(self, x, input_split_sizes):
        a = self._check_input(x)
        _no_spmd(self.name)
        sizes = [int(s) for s in (input_split_sizes.tolist() if isinstance(input_split_sizes, Tensor)
                                  else input_split_sizes)]
        n = _group_size(self.group)
        if len(sizes) != n or sum(sizes) != a.size:
            raise ValueError(f"For '{self.name}', 'input_split_sizes' {sizes} must sum to the input size {a.size}.")
        if _mode(self.group, a) == "host":
            red = _reduce_stack(_gather(self.name, a.reshape(-1), self.group), self.op)
            me = _me(self.name, self.group)
            return _wrap(red[sum(sizes[:me]):sum(sizes[:me + 1])])
        return _wrap(a.reshape(-1)[: sizes[0]])


@register_primitive_class
class Reduce(_CommPrimitive):
    """Reduce onto ``dest_rank``; one device: identity."""

    def __init__(self, dest_rank, op=ReduceOp.SUM, group=_WORLD):
        Primitive.__init__(self, "Reduce")
        self.op = _check_reduce_op(self.name, op)
        self._init_group(group)
        self.add_prim_attr("dest_rank", dest_rank)   # MindSpore checks neither its type nor its range here
        self.add_prim_attr("op", op)

    def __call__(self, x):
        _rank_in(self.name, "dest_rank", self.dest_rank, self.group)
        a = self._check_input(x)
        mode = _mode(self.group, a)
        if mode == "spmd":
            sp = _Spmd(self.name, self.group)
            red = sp.reduce(a, self.op)
            return _wrap(sp.keep_outside(jnp.where(sp.rank() == self.dest_rank, red, a), a))
        if mode == "host":
            red = _reduce_stack(_gather(self.name, a, self.group), self.op)
            return _wrap(red if _me(self.name, self.group) == self.dest_rank else a)
        return _wrap(a)


@register_primitive_class
class Broadcast(_CommPrimitive):
    """Broadcast a tuple of Tensors from ``root_rank``; one device: the same tuple."""

    def __init__(self, root_rank, group=_WORLD):
        Primitive.__init__(self, "Broadcast")
        if isinstance(root_rank, bool) or not isinstance(root_rank, int):
            raise TypeError(f"For '{self.name}', the type of 'root_rank' should be 'int', "
                            f"but got type '{type(root_rank).__name__}'.")
        self._init_group(group)
        self.add_prim_attr("root_rank", root_rank)   # its range is checked on call (MindSpore: at launch)

    def __call__(self, x):
        if not isinstance(x, tuple):
            raise TypeError(f"For '{self.name}', the input 'x' must be a tuple of Tensors, "
                            f"but got {type(x).__name__}.")
        _rank_in(self.name, "root_rank", self.root_rank, self.group)
        out = []
        for t in x:
            a = self._check_input(t)
            mode = _mode(self.group, a)
            if mode == "spmd":
                sp = _Spmd(self.name, self.group)
                out.append(_wrap(sp.keep_outside(sp.members(a)[self.root_rank], a)))
            elif mode == "host":
                out.append(_wrap(_gather(self.name, a, self.group)[self.root_rank]))
            else:
                out.append(_wrap(a))
        return tuple(out)


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
        if isinstance(self.group, str) and not _manual_axes() and _group_size(self.group) > 1:
            _gather(self.name, np.zeros((1,), np.int32), self.group)
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
        size = _Spmd(self.name, self.group).size() if _manual_axes() else _group_size(self.group)
        if self.split_count != size:
            raise ValueError(f"For '{self.name}', the 'split_count' must be equal to 'rank_size' "
                             f"{size}, but got {self.split_count}.")
        for k, d in (("split_dim", self.split_dim), ("concat_dim", self.concat_dim)):
            if not -a.ndim <= d < a.ndim:
                raise ValueError(f"For '{self.name}', '{k}' {d} is out of range for a rank-{a.ndim} input.")
        if a.shape[self.split_dim] % self.split_count:
            raise ValueError(f"For '{self.name}', x.shape[split_dim] must be divisible by 'split_count', "
                             f"but got {a.shape[self.split_dim]} and {self.split_count}.")
        mode = _mode(self.group, a)
        split, concat = self.split_dim % a.ndim, self.concat_dim % a.ndim
        if mode == "spmd":
            sp = _Spmd(self.name, self.group)
            if sp.world:
                return _wrap(lax.all_to_all(a, sp.axes, split, concat, tiled=True))
            st = sp.members(a)                                  # (m, ...) every member's input
            m = st.shape[0]
            k = a.shape[split] // m
            mine = [lax.dynamic_slice_in_dim(st[r], sp.rank() * k, k, axis=split) for r in range(m)]
            return _wrap(sp.keep_outside(jnp.concatenate(mine, axis=concat), a))
        if mode == "host":
            st = _gather(self.name, a, self.group)
            me, m = _me(self.name, self.group), st.shape[0]
            return _wrap(jnp.concatenate([jnp.split(st[r], m, axis=split)[me] for r in range(m)], axis=concat))
        return _wrap(a)


@register_primitive_class
class CollectiveGather(_CommPrimitive):
    """Gather every device's input on axis 0 onto ``dest_rank``; one device: identity."""

    def __init__(self, dest_rank, group=_WORLD):
        self._init_rooted("CollectiveGather", "dest_rank", dest_rank, group)

    def __call__(self, x):
        _rank_in(self.name, "dest_rank", self.dest_rank, self.group)
        a = self._check_input(x, positive_rank=True)
        mode = _mode(self.group, a)
        if mode == "spmd":   # every device computes the gathered value (SPMD shapes are uniform)
            return _wrap(_Spmd(self.name, self.group).members(a).reshape((-1,) + a.shape[1:]))
        if mode == "host":
            st = _gather(self.name, a, self.group)
            return _wrap(st.reshape((-1,) + a.shape[1:]) if _me(self.name, self.group) == self.dest_rank else a)
        return _wrap(a)


@register_primitive_class
class CollectiveScatter(_CommPrimitive):
    """Split ``src_rank``'s input on axis 0 among devices; one device: identity."""

    def __init__(self, src_rank=0, group=_WORLD):
        self._init_rooted("CollectiveScatter", "src_rank", src_rank, group)

    def __call__(self, x):
        _rank_in(self.name, "src_rank", self.src_rank, self.group)
        a = self._check_input(x, positive_rank=True)
        mode = _mode(self.group, a)
        if mode == "local":
            return _wrap(a)
        if mode == "spmd":
            sp = _Spmd(self.name, self.group)
            src, n, me = sp.members(a)[self.src_rank], sp.size(), sp.rank()
        else:
            src, n, me = _gather(self.name, a, self.group)[self.src_rank], _group_size(self.group), \
                _me(self.name, self.group)
        if src.shape[0] % n:
            raise ValueError(f"For '{self.name}', the first dimension of 'x' must be divisible by rank_size {n}, "
                             f"but got {src.shape[0]}.")
        k = src.shape[0] // n
        return _wrap(lax.dynamic_slice_in_dim(src, me * k, k, axis=0))


def _no_spmd(prim):
    if _manual_axes():
        raise RuntimeError(f"For '{prim}', collectives of uneven sizes cannot run inside shard_map (its shapes "
                           "are static); use AllGather/ReduceScatter/AlltoAll there.")


def _exchange_pieces(prim, group, flat, sizes):
    """Host all-to-all of the flat array: ``sizes[r]`` leading elements (in order) go to group rank ``r``;
    returns what each rank sent here."""
    me, starts, got = _me(prim, group), np.cumsum([0] + list(sizes)), []
    for r in range(len(sizes)):
        parts = _gather(prim, flat[int(starts[r]):int(starts[r + 1])], group, same_shape=False)
        if r == me:
            got = parts
    return got


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
        _no_spmd(self.name)
        send = _numel_list(self.name, "send_numel_list", send_numel_list)
        recv = _numel_list(self.name, "recv_numel_list", recv_numel_list)
        if _mode(self.group, a) == "host":
            n, b = _group_size(self.group), self.block_size
            if len(send) != n or len(recv) != n or sum(send) * b > a.size:
                raise ValueError(f"For '{self.name}', the numel lists must have rank_size {n} entries and fit the "
                                 f"input, but got {send}, {recv} for {a.size} elements.")
            got = _exchange_pieces(self.name, self.group, a, [c * b for c in send])
            if [int(p.size) for p in got] != [c * b for c in recv]:
                raise ValueError(f"For '{self.name}', 'recv_numel_list' {recv} does not match what the ranks send "
                                 f"({[int(p.size) // b for p in got]}).")
            return _wrap(jnp.concatenate(got))
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
        _no_spmd(self.name)
        counts = _numel_list(self.name, "send_count_matrix", send_count_matrix)
        if _mode(self.group, a) == "host":
            n, b = _group_size(self.group), self.block_size
            me = _me(self.name, self.group)
            if len(counts) != n * n or sum(counts[me * n:(me + 1) * n]) * b > a.size:
                raise ValueError(f"For '{self.name}', 'send_count_matrix' {counts} does not fit a group of "
                                 f"{n} and an input of {a.size} elements.")
            got = _exchange_pieces(self.name, self.group, a, [c * b for c in counts[me * n:(me + 1) * n]])
            return _wrap(jnp.concatenate(got))
        if len(counts) != self.rank_size ** 2 or counts[0] * self.block_size > a.size:
            raise ValueError(f"For '{self.name}', 'send_count_matrix' {counts} does not fit a group of "
                             f"{self.rank_size} and an input of {a.size} elements.")
        n = counts[0] * self.block_size
        return _wrap(a[:n]) if n else _wrap(jnp.zeros((), a.dtype))


def _p2p_peer(prim, rank, group):
    """World rank of group rank ``rank`` (point-to-point runs between processes, not inside shard_map)."""
    if _manual_axes():
        raise RuntimeError(f"For '{prim}', point-to-point communication cannot run inside shard_map: every device "
                           "runs the same program there; use AllGather/AlltoAll or lax.ppermute.")
    _rank_of(prim, "rank", rank, group)
    return _STATE["groups"][group][rank]


@register_primitive_class
class Send(_CommPrimitive):
    """Send the input to group rank ``dest_rank`` (which runs ``Receive``); returns the input."""

    def __init__(self, sr_tag, dest_rank, group=_WORLD, group_back=_WORLD):
        Primitive.__init__(self, "Send")
        self._init_group(group)
        self.rank, self.sr_tag = dest_rank, sr_tag
        self.add_prim_attr("sr_tag", sr_tag)
        self.add_prim_attr("dest_rank", dest_rank)

    def __call__(self, x):
        a = self._check_input(x)
        pair_exchange(self.name, _p2p_peer(self.name, self.rank, self.group), a)
        return _wrap(a)


_RECV_DTYPES = ("float16", "float32", "float64", "bfloat16", "int8", "int16", "int32", "int64", "uint8", "uint16",
                "uint32", "uint64")


@register_primitive_class
class Receive(_CommPrimitive):
    """Receive a Tensor of ``shape`` and ``dtype`` from group rank ``src_rank`` (which runs ``Send``)."""

    def __init__(self, sr_tag, src_rank, shape, dtype, group=_WORLD, group_back=_WORLD):
        Primitive.__init__(self, "Receive")
        if str(dtype).lower() not in _RECV_DTYPES:
            raise TypeError(f"For '{self.name}', the 'dtype' must be a numeric MindSpore type, but got {dtype}.")
        self._init_group(group)
        self.rank, self.tag, self.shape, self.dtype = src_rank, sr_tag, tuple(shape), dtype
        self.add_prim_attr("sr_tag", sr_tag)
        self.add_prim_attr("src_rank", src_rank)

    def __call__(self, *unused):
        blank = np.zeros(self.shape, mstype.dtype_to_nptype(self.dtype))
        return _wrap(jnp.asarray(pair_exchange(self.name, _p2p_peer(self.name, self.rank, self.group), blank)))


def _virtual_dataset(*inputs):
    """MindSpore's marker of where a network's data-parallel inputs enter a model-parallel graph
    (``nn.wrap.cell_wrapper._VirtualDatasetCell``): returns its inputs as a tuple. MindSpore's
    compiler inserts the redistribution after it; mscompat's compiled calls place the inputs on
    the mesh (batch-split) themselves, so the values pass through unchanged."""
    return tuple(inputs)


_VirtualDataset = primitive("_VirtualDataset", _virtual_dataset)
