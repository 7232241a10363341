"""Collective communication: groups of PROCESSES (rank = process) and the functional API.

MindSpore's collective Primitives (``AllReduce``, ``AllGather``, ``Broadcast``, ...; in
``_comm_prims.py``) and the functional API of ``mindspore.ops`` (``all_reduce``,
``all_gather_into_tensor``, ``get_rank``, ...) are defined here. A job has one rank per
process; the world group (``'hccl_world_group'``, ``'nccl_world_group'``,
``'mccl_world_group'``) holds every process. With one process the world is rank 0 only, a
reduction over a group returns its input, a gather one copy; unlike MindSpore no ``init()``
is needed first. With several processes (``mscompat.communication.init()`` under the
launcher ``python -m mscompat.run``) the functional ops exchange real data between the
processes through ``_comm_host.group_gather``. Inside ``shard_map`` the Primitives act
over mesh devices instead.
"""
import hashlib
import numbers
from datetime import timedelta

import jax
import numpy as np
import jax.numpy as jnp

from mscompat import log as logger
from mscompat.common import dtype as mstype
from ._args import arr, Tensor
from ._registry import op, register_primitive_class
from ._comm_host import group_gather
from ._comm_host import gather_objects
from ._comm_store import TCPStore

_wrap = Tensor._wrap

WORLD_GROUPS = ("hccl_world_group", "nccl_world_group", "mccl_world_group")
_WORLD = "hccl_world_group"
# "world": the initialized backend's world group (``mccl_world_group`` on CPU)
_STATE = {"initialized": False, "groups": {g: [0] for g in WORLD_GROUPS}, "rank": 0, "size": 1, "world": _WORLD}
_COMM_FUNCS = ("all_reduce", "all_gather_into_tensor", "all_gather_into_tensor_uneven", "reduce_scatter_tensor",
               "reduce_scatter_tensor_uneven", "reduce", "broadcast", "all_gather", "reduce_scatter",
               "all_to_all", "all_to_all_single", "scatter_tensor", "gather_into_tensor", "all_to_all_v_c",
               "barrier")
_INPLACE = {f: True for f in _COMM_FUNCS}
_REDUCE_OPS = ("sum", "prod", "min", "max", "avg")
# Dtypes MindSpore's collective primitives accept (non-GPU targets).
_TARGET_DTYPES = (mstype.int8, mstype.int32, mstype.float16, mstype.float32, mstype.bfloat16)
# what DistCommReduceScatterTensorUneven's signature accepts
_UNEVEN_RS_DTYPES = (mstype.bool_, mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.float16,
                     mstype.float32, mstype.bfloat16, mstype.complex64)


class ReduceOp:
    """Reduction of a collective op: ``SUM``, ``MAX``, ``MIN``, ``PROD``, ``AVG`` (strings)."""

    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PROD = "prod"
    AVG = "avg"


register_primitive_class(ReduceOp)


# ---------------------------------------------------------------------------------------
# groups


def _group(name, group, allow_none=True):
    if group is None and allow_none:
        group = _WORLD
    if not isinstance(group, str):
        raise TypeError(f"For '{name}', the argument 'group' must be type of string, "
                        f"but got 'group' type : {type(group)}.")
    if group not in _STATE["groups"]:
        raise ValueError(f"For '{name}', the group '{group}' does not exist; with one process only the world "
                         f"group {WORLD_GROUPS} and groups made by 'new_group' exist.")
    return group


def set_world(rank, size):
    """Set this process's world rank and the number of processes (``communication.init``)."""
    _STATE["rank"], _STATE["size"] = int(rank), int(size)
    for g in WORLD_GROUPS:
        _STATE["groups"][g] = list(range(int(size)))


def world_rank():
    return _STATE["rank"]


def world_size():
    return _STATE["size"]


def register_group(name, ranks):
    """Make the group ``name`` of world ranks ``ranks`` known to the collective ops (used by
    ``mindspore.communication.create_group``); group ranks follow the sorted world ranks."""
    if not isinstance(name, str) or not name:
        raise TypeError(f"The group name must be a non-empty str, but got {name!r}.")
    ranks = sorted(int(r) for r in ranks)
    top = max_rank()
    if not ranks or any(not 0 <= r < top for r in ranks):
        raise ValueError(f"The ranks {ranks} of group '{name}' must be in [0, {top}): world ranks (processes), "
                         "or device positions for collectives inside shard_map.")
    _STATE["groups"][name] = ranks


def max_rank():
    """Ranks of groups may name processes or (inside shard_map) global devices."""
    return max(_STATE["size"], jax.device_count())


def group_ranks(group):
    return list(_STATE["groups"][group])


def _me(name, group):
    """This process's rank in ``group`` (RuntimeError when it is not a member)."""
    ranks = _STATE["groups"][group]
    if _STATE["rank"] not in ranks:
        raise RuntimeError(f"For '{name}', rank {_STATE['rank']} is not a member of group '{group}' "
                           f"(ranks {ranks}).")
    return ranks.index(_STATE["rank"])


def _gather(name, x, group, same_shape=True):
    """Every group member's ``x`` stacked on a new axis 0 (group-rank order), as a jax array;
    ``same_shape=False``: a list of arrays."""
    ranks = _STATE["groups"][group]
    a = arr(x) if isinstance(x, Tensor) else x
    if len(ranks) == 1:
        return a[None] if same_shape else [a]
    _me(name, group)
    if isinstance(a, jax.core.Tracer):
        raise RuntimeError(f"For '{name}', a collective across {len(ranks)} processes cannot run inside a traced "
                           "(jit/graph-mode) function; call it in PyNative mode or use the Primitive "
                           "inside shard_map.")
    out = group_gather(np.asarray(a), ranks, _STATE["rank"], same_shape)
    return jnp.asarray(out) if same_shape else [jnp.asarray(o) for o in out]


def pair_exchange(name, peer, x):
    """Exchange ``x`` with the process of world rank ``peer`` (both call it): what ``peer`` contributed.
    Point-to-point send/receive are this exchange with the receiver contributing a placeholder."""
    me = _STATE["rank"]
    if isinstance(peer, bool) or not isinstance(peer, int) or not 0 <= peer < _STATE["size"] or peer == me:
        raise ValueError(f"For '{name}', the peer rank {peer} must be another process of the job "
                         f"(ranks [0, {_STATE['size']}), this one is {me}).")
    lo, hi = sorted((me, peer))
    key = f"__p2p_{lo}_{hi}"
    _STATE["groups"].setdefault(key, [lo, hi])
    return _gather(name, x, key)[[lo, hi].index(peer)]


def _reduce_stack(stack, reduce_op):
    if reduce_op == "sum":
        r = jnp.sum(stack, axis=0)
    elif reduce_op == "prod":
        r = jnp.prod(stack, axis=0)
    elif reduce_op == "min":
        r = jnp.min(stack, axis=0)
    elif reduce_op == "max":
        r = jnp.max(stack, axis=0)
    else:   # avg
        r = jnp.mean(stack.astype(jnp.float32) if jnp.issubdtype(stack.dtype, jnp.integer) else stack, axis=0)
    return r.astype(stack.dtype)


def _group_size(group):
    return len(_STATE["groups"][group])


class CommHandle:
    """Handle of an asynchronous collective; with one process the work is done already."""

    def wait(self):
        return None


def _handle(async_op):
    if not isinstance(async_op, bool):
        raise TypeError(f"The argument 'async_op' must be a bool, but got {type(async_op)}.")
    return CommHandle() if async_op else None


def _check_tensor(name, x, what="input tensor"):
    if not isinstance(x, Tensor):
        raise TypeError(f"For {name}, the {what} must be tensor")


def _check_op(name, reduce_op):
    if not isinstance(reduce_op, str):
        raise TypeError(f"For {name}, the input op type must be str")
    if reduce_op not in _REDUCE_OPS:
        raise TypeError(f"For {name}, the input op value must be one of sum, prod, min, max, avg")


def _set(out, value):
    """Write ``value`` into the Tensor ``out`` (MindSpore's in-place comm functions)."""
    if tuple(out.shape) != tuple(value.shape):
        raise ValueError(f"For the output tensor, the shape must be {tuple(value.shape)}, but got {tuple(out.shape)}.")
    if out.dtype != value.dtype:
        raise TypeError(f"For the output tensor, the dtype must be {value.dtype}, but got {out.dtype}.")
    out._data = arr(value)


def _rank_of(name, what, rank, group):
    if isinstance(rank, bool) or not isinstance(rank, numbers.Integral):
        raise TypeError(f"For {name}, the {what} must be int")
    if not 0 <= rank < len(_STATE["groups"][group]):
        raise ValueError(f"For {name}, the {what} {rank} is not a rank of group '{group}' "
                         f"(ranks {_STATE['groups'][group]}).")


# ---------------------------------------------------------------------------------------
# process-group functions


@op("is_available")
def is_available():
    """Always ``True``: the communication module exists."""
    return True


@op("is_initialized")
def is_initialized():
    """Whether :func:`init_process_group` was called (and not destroyed since)."""
    return _STATE["initialized"]


@op("init_process_group")
def init_process_group(backend="hccl", init_method=None, timeout=None, world_size=-1, rank=-1, store=None,
                       group_name="", pg_options=None, device_id=None):
    """Start the default group (with the launcher's environment: JAX's distributed runtime over the job's
    processes; in one process its only rank is 0)."""
    for arg, v, t in (("init_method", init_method, str), ("timeout", timeout, timedelta),
                      ("world_size", world_size, int), ("rank", rank, int), ("store", store, TCPStore),
                      ("group_name", group_name, str)):
        if v is not None and not isinstance(v, t):
            raise TypeError(f"The parameter '{arg}' must be {t}, but got {type(v)}")
    if backend != "hccl":
        raise ValueError("Only support hccl now, please setting backend to hccl or using default value")
    if init_method is not None and store is not None:
        raise ValueError("Only one of init_method and store is supported.")
    from mscompat.communication import management  # cycle: communication is built on ops
    if not management.GlobalComm.INITED:
        management.init()   # JAX's distributed runtime under the launcher; the device target's backend
    if world_size not in (-1, _STATE["size"]):
        raise ValueError("world_size is wrong, please using default value or setting: ", _STATE["size"])
    if rank not in (-1, _STATE["rank"]):
        raise ValueError(f"rank {rank} is not this process's rank {_STATE['rank']}.")
    _STATE["initialized"] = True
    if group_name:
        _STATE["groups"][group_name] = list(range(_STATE["size"]))


@op("destroy_process_group")
def destroy_process_group(group=None):
    """Destroy ``group``; ``None`` or the world group ends the default group."""
    if group is None or group in WORLD_GROUPS:
        _STATE["initialized"] = False
        for g in [g for g in _STATE["groups"] if g not in WORLD_GROUPS]:
            del _STATE["groups"][g]
        return
    if not isinstance(group, str):
        raise TypeError("For 'destroy_group', the argument 'group' must be type of string or None, "
                        f"but got 'group' type : {type(group)}.")
    if group not in _STATE["groups"]:
        raise KeyError(group)   # MindSpore looks the group up in its table of created groups
    del _STATE["groups"][group]


@op("get_rank")
def get_rank(group=None):
    """Rank of this process in ``group``; -1 for a group that does not exist (as MindSpore)."""
    group = _known_group("get_rank", group)
    if group is None or _STATE["rank"] not in _STATE["groups"][group]:
        return -1
    return _STATE["groups"][group].index(_STATE["rank"])


@op("get_world_size")
def get_world_size(group=None):
    """Number of processes in ``group``; -1 for a group that does not exist (as MindSpore)."""
    group = _known_group("get_world_size", group)
    return -1 if group is None else _group_size(group)


def _known_group(name, group):
    """``group`` (None: the world group) when it exists, else None; TypeError when not a str."""
    if group is None:
        group = _WORLD
    if not isinstance(group, str):
        raise TypeError(f"For '{name}', the argument 'group' must be type of string, "
                        f"but got 'group' type : {type(group)}.")
    return group if group in _STATE["groups"] else None


@op("get_backend")
def get_backend(group=None):
    """Communication backend of ``group`` (``'hccl'``)."""
    if group is None:
        return "hccl"
    if not isinstance(group, str):
        raise TypeError("For 'get_backend', the argument 'group' must be type of string or None, "
                        f"but got 'group' type : {type(group)}.")
    if "hccl" in group:
        return "hccl"
    return "mccl" if "mccl" in group else _STATE["world"].split("_")[0]


@op("get_global_rank")
def get_global_rank(group, group_rank):
    """World rank of ``group_rank`` in ``group``; for the world group (or None) ``group_rank`` itself."""
    if not isinstance(group_rank, int):
        raise TypeError(f"The group_rank argument must be integer, but got {type(group_rank)}.")
    if group is None or group in WORLD_GROUPS:
        return group_rank
    if not isinstance(group, str):
        raise TypeError("For 'get_global_rank', the argument 'group' must be type of string or None, "
                        f"but got 'group' type : {type(group)}.")
    ranks = _STATE["groups"].get(group)
    if ranks is None:
        raise RuntimeError(f"For 'get_global_rank', the group {group} does not exist.")
    if not 0 <= group_rank < len(ranks):
        raise ValueError(f"For 'get_global_rank', 'group_rank' {group_rank} is out of range for group '{group}'.")
    return ranks[group_rank]


@op("get_group_rank")
def get_group_rank(group, global_rank):
    """Rank in ``group`` of the world rank ``global_rank``; for the world group ``global_rank`` itself."""
    if not isinstance(global_rank, int):
        raise TypeError(f"The global_rank argument must be integer, but got {type(global_rank)}.")
    if group is None:
        group = _WORLD
    if not isinstance(group, str):
        raise TypeError("For 'get_group_rank_from_world_rank', the argument 'group' must be type of string, "
                        f"but got 'group' type : {type(group)}.")
    if group in WORLD_GROUPS:
        return global_rank
    ranks = _STATE["groups"].get(group)
    if ranks is None:
        raise KeyError(f"For 'get_group_rank_from_world_rank_from_cache', the argument 'group' is not found, "
                       f"'group' : {group}, 'world_rank_id' : {global_rank}")
    if global_rank not in ranks:
        raise ValueError(f"For 'get_group_rank', rank {global_rank} is not in group '{group}'.")
    return ranks.index(global_rank)


@op("get_process_group_ranks")
def get_process_group_ranks(group=None):
    """World ranks in ``group``."""
    if isinstance(group, str) and group not in _STATE["groups"]:
        raise RuntimeError(f"Group {group} doesn't include this rank {_STATE['rank']} process.")
    group = _group("get_process_group_ranks", group)
    return list(_STATE["groups"][group])


@op("new_group")
def new_group(ranks=None, timeout=None, backend=None, pg_options=None, use_local_synchronization=False,
              group_desc=None):
    """A new group of the world ranks ``ranks``, named like MindSpore's
    ``'<backend>_<len>_<sha1 of the sorted ranks>'``; ``ranks=None``: the world group."""
    if ranks is None:
        return _STATE["world"]
    if not isinstance(ranks, list):
        raise TypeError(f"ranks must be list, but got {type(ranks)}")
    ranks = sorted(ranks)
    if backend is None:
        backend = "hccl"
    if not isinstance(backend, str) or backend not in ("hccl", "mccl"):
        raise TypeError(f"the input backend must be hccl or mccl, but got {backend}")
    if not all(isinstance(r, int) and not isinstance(r, bool) for r in ranks):
        raise TypeError(f"For 'new_group', the argument 'ranks' must be a list of int, but got {ranks}.")
    world = list(range(_STATE["size"]))
    if len(set(ranks)) != len(ranks) or any(r not in world for r in ranks):
        # MindSpore logs the failed group creation and returns an empty name
        logger.warning(f"For 'new_group', 'ranks' {list(ranks)} must be distinct ranks of the world group ({world}); "
                       "no group was created.")
        return ""
    name = f"{backend}_{len(ranks)}_" + hashlib.sha1("_".join(map(str, ranks)).encode("utf-8")).hexdigest()
    _STATE["groups"][name] = list(ranks)
    return name


@op("set_comm_ops_inplace")
def set_comm_ops_inplace(is_enable, func_list=None):
    """Whether the comm functions write their result into their output argument."""
    if not isinstance(is_enable, bool):
        raise TypeError("For 'set_comm_ops_inplace', the argument 'is_enable' must be type of bool, "
                        f"but got 'is_enable' type : {type(is_enable)}.")
    if func_list is None:
        for f in _INPLACE:
            _INPLACE[f] = is_enable
        return
    if not isinstance(func_list, (list, tuple)):
        raise TypeError(f"Expected list or tuple, but got {type(func_list)}.")
    for f in func_list:
        if f not in _INPLACE:
            raise ValueError(f"The function name in `func_list` must be correct, but got {f}.")
        _INPLACE[f] = is_enable


# ---------------------------------------------------------------------------------------
# collective functions (tensors)


def _result(name, out, async_op):
    """In-place mode returns the handle; otherwise ``(output, handle)``."""
    h = _handle(async_op)
    return h if _INPLACE.get(name, False) else (out, h)


def _need_inplace(name):
    if not _INPLACE.get(name, False):
        raise ValueError("Non-inplace mode is currently not supported.")


@op("all_reduce")
def all_reduce(tensor, op="sum", group=None, async_op=False):
    """Reduce ``tensor`` over the ranks of ``group`` (in place by default)."""
    _check_tensor("all_reduce", tensor)
    _check_op("all_reduce", op)
    group = _group("all_reduce", group)
    out = _wrap(_reduce_stack(_gather("all_reduce", tensor, group), op))
    if _INPLACE["all_reduce"]:
        tensor._data = arr(out)
    return _result("all_reduce", out, async_op)


_GATHER = object()   # the reduce_op of _exchange_into for a gather: no op to check


def _exchange_into(name, output, input, group, async_op, reduce_op=_GATHER):
    """all_gather_into_tensor (rank blocks concatenated on axis 0) / reduce_scatter_tensor (the
    reduction's block of this rank), written into ``output`` in in-place mode."""
    _check_tensor(name, input)
    inplace = _INPLACE[name]
    if inplace:
        _check_tensor(name, output, "output tensor")
    if reduce_op is not _GATHER:
        _check_op(name, reduce_op)
    group = _group(name, group)
    stack = _gather(name, input, group)
    n = stack.shape[0]
    if n == 1:
        value = stack[0] if reduce_op is _GATHER else _reduce_stack(stack, reduce_op)
    elif reduce_op is _GATHER:
        value = stack.reshape((n * stack.shape[1],) + stack.shape[2:]) if stack.ndim > 1 else stack
    else:
        red = _reduce_stack(stack, reduce_op)
        if red.ndim == 0 or red.shape[0] % n:
            raise ValueError(f"For {name}, the first dimension of the input must be divisible by the group "
                             f"size {n}, but got shape {tuple(red.shape)}.")
        k = red.shape[0] // n
        value = red[_me(name, group) * k:(_me(name, group) + 1) * k]
    out = _wrap(jnp.asarray(value))
    if inplace:
        if output.dtype != out.dtype:
            raise ValueError(f"For '{name}', output_tensor type {output.dtype} must be equal to input_tensor type "
                             f"{out.dtype}")
        _set(output, out)
    return _result(name, out, async_op)


@op("all_gather_into_tensor")
def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    """Concatenate every rank's ``input_tensor`` on axis 0."""
    return _exchange_into("all_gather_into_tensor", output_tensor, input_tensor, group, async_op)


@op("all_gather_into_tensor_uneven")
def all_gather_into_tensor_uneven(output, input, output_split_sizes=None, group=None, async_op=False):
    """Gather inputs of different first dimensions (``output_split_sizes``) on axis 0."""
    _check_tensor("all_gather_into_tensor_uneven", input)
    _check_tensor("all_gather_into_tensor_uneven", output, "output tensor")
    group = _group("all_gather_into_tensor_uneven", group)
    parts = _gather("all_gather_into_tensor_uneven", input, group, same_shape=False)
    firsts = [p.shape[0] if p.ndim else 1 for p in parts]
    if output_split_sizes and list(output_split_sizes) != firsts:
        raise ValueError("For all_gather_into_tensor_uneven, 'output_split_sizes' must list the first dimension "
                         f"of each rank's input {firsts}, but got {output_split_sizes}.")
    _set(output, _wrap(jnp.concatenate([p.reshape((-1,) + p.shape[1:]) for p in parts], axis=0)))
    return _handle(async_op)


@op("reduce_scatter_tensor")
def reduce_scatter_tensor(output, input, op="sum", group=None, async_op=False):
    """Reduce over ranks, then this rank keeps its block of axis 0."""
    return _exchange_into("reduce_scatter_tensor", output, input, group, async_op, op)


@op("reduce_scatter_tensor_uneven")
def reduce_scatter_tensor_uneven(output, input, input_split_sizes=None, op="sum", group=None, async_op=False):
    """Reduce over ranks, then this rank keeps its ``input_split_sizes`` block of axis 0."""
    _check_tensor("reduce_scatter_tensor_uneven", input)
    _check_tensor("reduce_scatter_tensor_uneven", output, "output tensor")
    if not isinstance(op, str):
        raise TypeError("For reduce_scatter_tensor_uneven, the input op type must be str")
    if op not in ("sum", "min", "max", "avg"):
        raise TypeError("For reduce_scatter_tensor_uneven, the input op value must be one of sum, min, max, avg")
    if input.dtype not in _UNEVEN_RS_DTYPES:
        raise TypeError("For primitive[DistCommReduceScatterTensorUneven], the input[input] supports types: "
                        f"{', '.join(str(d) for d in _UNEVEN_RS_DTYPES)}. But got {input.dtype}.")
    group = _group("reduce_scatter_tensor_uneven", group)
    red = _reduce_stack(_gather("reduce_scatter_tensor_uneven", input, group), op)
    n = _group_size(group)
    sizes = list(input_split_sizes) if input_split_sizes else [red.shape[0] // n] * n
    if len(sizes) != n or sum(sizes) != red.shape[0]:
        raise ValueError(f"For reduce_scatter_tensor_uneven, 'input_split_sizes' {sizes} must give {n} sizes "
                         f"summing to {red.shape[0]}.")
    me = _me("reduce_scatter_tensor_uneven", group) if n > 1 else 0
    start = sum(sizes[:me])
    _set(output, _wrap(red[start:start + sizes[me]]))
    return _handle(async_op)


@op("reduce")
def reduce(tensor, dst, op="sum", group=None, async_op=False):
    """Reduce ``tensor`` onto group rank ``dst`` in place; the other ranks keep theirs."""
    _need_inplace("reduce")
    _check_tensor("reduce", tensor)
    group = _group("reduce", group)
    _check_op("reduce", op)
    _rank_of("reduce", "dst", dst, group)
    red = _reduce_stack(_gather("reduce", tensor, group), op)
    if _group_size(group) == 1 or _me("reduce", group) == dst:
        tensor._data = red
    return _handle(async_op)


@op("broadcast")
def broadcast(tensor, src, group=None, async_op=False):
    """Copy group rank ``src``'s ``tensor`` into every rank's ``tensor``."""
    _need_inplace("broadcast")
    _check_tensor("broadcast", tensor)
    group = _group("broadcast", group)
    _rank_of("broadcast", "src", src, group)
    tensor._data = _gather("broadcast", tensor, group)[src]
    return _handle(async_op)


@op("barrier")
def barrier(group=None, async_op=False, device_ids=None):
    """Wait for every rank of ``group``."""
    group = _group("barrier", group)
    _gather("barrier", np.zeros((1,), np.int32), group)
    return _handle(async_op)


@op("all_gather")
def all_gather(tensor_list, tensor, group=None, async_op=False):
    """Fill ``tensor_list[r]`` with group rank ``r``'s ``tensor``."""
    _need_inplace("all_gather")
    if not isinstance(tensor_list, (list, tuple)):
        raise TypeError(f"Expected list or tuple, but got {type(tensor_list)}.")
    for t in tensor_list:
        if not isinstance(t, Tensor):
            raise TypeError(f"Expected tensor, but got {type(t)}")
    _check_tensor("all_gather_into_tensor", tensor)
    group = _group("all_gather", group)
    if len(tensor_list) != _group_size(group):
        raise TypeError(f"The length of 'tensor_list' must be the group size {_group_size(group)}, "
                        f"but got {len(tensor_list)}.")
    stack = _gather("all_gather", tensor, group)
    for t, v in zip(tensor_list, stack):
        _set(t, _wrap(v))
    return _handle(async_op)


@op("reduce_scatter")
def reduce_scatter(output, input_list, op="sum", group=None, async_op=False):
    """``output`` = reduction over ranks of their ``input_list[my group rank]``."""
    _need_inplace("reduce_scatter")
    _check_tensor("reduce_scatter", output, "output tensor")
    if not isinstance(input_list, (list, tuple)) or not all(isinstance(t, Tensor) for t in input_list):
        raise TypeError(f"Expected list or tuple of tensors, but got {type(input_list)}.")
    _check_op("reduce_scatter", op)
    group = _group("reduce_scatter", group)
    n = _group_size(group)
    if len(input_list) != n:
        raise TypeError(f"The length of 'input_list' must be the group size {n}, but got {len(input_list)}.")
    stack = _gather("reduce_scatter", jnp.stack([arr(t) for t in input_list]), group)   # (n, n, ...)
    me = _me("reduce_scatter", group) if n > 1 else 0
    _set(output, _wrap(_reduce_stack(stack[:, me], op)))
    return _handle(async_op)


@op("all_to_all")
def all_to_all(output_tensor_list, input_tensor_list, group=None, async_op=False):
    """Group rank ``r`` sends ``input_tensor_list[s]`` to rank ``s``: ``output[s]`` is what ``s`` sent."""
    for lst in (output_tensor_list, input_tensor_list):
        if not isinstance(lst, (list, tuple)):
            raise TypeError(f"Expected list or tuple, but got {type(lst)}.")
        for t in lst:
            if not isinstance(t, (Tensor, tuple, list)):
                raise TypeError(f"Expected tensor or tuple, but got {type(t)}")
    for lst in (input_tensor_list, output_tensor_list):
        dts = [t.dtype for t in lst if isinstance(t, Tensor)]
        if any(d != dts[0] for d in dts):
            raise TypeError(f"all_to_all input dtype must be the same, but got {dts[0]} and "
                            f"{next(d for d in dts if d != dts[0])}.")
    group = _group("all_to_all", group)
    n = _group_size(group)
    if len(input_tensor_list) != n or len(output_tensor_list) != n:
        raise ValueError(f"For all_to_all, the tensor lists must have the group size {n}.")
    me = _me("all_to_all", group) if n > 1 else 0
    pieces = [_gather("all_to_all", input_tensor_list[s], group, same_shape=False) for s in range(n)]
    outs = [_wrap(pieces[me][r]) for r in range(n)]
    if _INPLACE["all_to_all"]:
        for t, v in zip(output_tensor_list, outs):
            _set(t, v)
        return _handle(async_op)
    return (outs, _handle(async_op))


@op("all_to_all_single")
def all_to_all_single(output, input, output_split_sizes=None, input_split_sizes=None, group=None,
                      async_op=False):
    """Split ``input`` on axis 0 among ranks (``input_split_sizes``, default even) and concatenate
    what every rank sends to this one."""
    _check_tensor("all_to_all_single", input)
    group = _group("all_to_all_single", group)
    n = _group_size(group)
    a = arr(input)
    sizes = list(input_split_sizes) if input_split_sizes else None
    if sizes is None:
        if a.ndim == 0 or a.shape[0] % n:
            raise ValueError(f"For all_to_all_single, the first dimension of the input must be divisible by the "
                             f"group size {n}, but got shape {tuple(a.shape)}.")
        sizes = [a.shape[0] // n] * n
    if len(sizes) != n or sum(sizes) != (a.shape[0] if a.ndim else 1):
        raise ValueError(f"For all_to_all_single, 'input_split_sizes' {sizes} must give {n} sizes summing to "
                         f"the input's first dimension.")
    if n == 1:
        out = _wrap(a)
    else:
        me = _me("all_to_all_single", group)
        starts = [sum(sizes[:i]) for i in range(n)]
        got = []
        for s in range(n):   # round s: every rank sends its block for rank s; rank s keeps the pieces
            parts = _gather("all_to_all_single", a[starts[s]:starts[s] + sizes[s]], group, same_shape=False)
            if s == me:
                got = parts
        out = _wrap(jnp.concatenate(got, axis=0))
    if output_split_sizes and [int(g) for g in output_split_sizes] != (
            [p.shape[0] for p in got] if n > 1 else [out.shape[0]]):
        raise ValueError(f"For all_to_all_single, 'output_split_sizes' {list(output_split_sizes)} does not match "
                         "what the ranks send.")
    if _INPLACE["all_to_all_single"]:
        _check_tensor("all_to_all_single", output, "output tensor")
        _set(output, out)
        return _handle(async_op)
    return (out, _handle(async_op))


@op("all_to_all_v_c")
def all_to_all_v_c(output, input, send_count_matrix, group=None, async_op=False):
    """All-to-all of the flat input with counts ``send_count_matrix`` (flattened ``n x n``: entry
    ``[i*n + j]`` elements go from rank ``i`` to rank ``j``)."""
    _check_tensor("all_to_all_v_c", input)
    _check_tensor("all_to_all_v_c", output, "output tensor")
    group = _group("all_to_all_v_c", group)
    n = _group_size(group)
    counts = [int(c) for c in send_count_matrix]
    me = _me("all_to_all_v_c", group) if n > 1 else 0
    row = counts[me * n:(me + 1) * n] if len(counts) == n * n else None
    if row is None or sum(row) != input.size:
        raise ValueError(f"For all_to_all_v_c, 'send_count_matrix' {counts} does not match a group of size "
                         f"{n} and an input of {input.size} elements.")
    flat = arr(input).reshape(-1)
    starts = [sum(row[:j]) for j in range(n)]
    got = []
    for s in range(n):
        parts = _gather("all_to_all_v_c", flat[starts[s]:starts[s] + row[s]], group, same_shape=False)
        if s == me:
            got = parts
    out = _wrap(jnp.concatenate(got))
    _set(output, out.reshape(output.shape) if output.size == out.size else out)
    return _handle(async_op)


def _root_exchange(name, output_tensor, input_tensor, rank_arg, rank, group, async_op, scatter):
    """scatter_tensor (rank ``rank`` splits its input on axis 0) / gather_into_tensor (rank ``rank``
    concatenates every input on axis 0; the others get their own input back)."""
    _check_tensor(name, input_tensor)
    _check_tensor(name, output_tensor, "output tensor")
    group = _group(name, group)
    _rank_of(name, rank_arg, rank, group)
    n = _group_size(group)
    if n == 1:
        out = _wrap(arr(input_tensor))
    else:
        me = _me(name, group)
        stack = _gather(name, input_tensor, group)
        if scatter:
            src = stack[rank]
            k = src.shape[0] // n
            out = _wrap(src[me * k:(me + 1) * k])
        else:
            out = _wrap(stack.reshape((-1,) + stack.shape[2:]) if me == rank else arr(input_tensor))
    if _INPLACE[name]:
        if n == 1 or scatter or _me(name, group) == rank:
            _set(output_tensor, out)
        return _handle(async_op)
    return (out, _handle(async_op))


@op("scatter_tensor")
def scatter_tensor(output_tensor, input_tensor, src=0, group=None, async_op=False):
    """Rank ``src`` splits ``input_tensor`` on axis 0 among ranks."""
    return _root_exchange("scatter_tensor", output_tensor, input_tensor, "src", src, group, async_op, True)


@op("gather_into_tensor")
def gather_into_tensor(output_tensor, input_tensor, dst=0, group=None, async_op=False):
    """Rank ``dst`` concatenates every rank's input on axis 0."""
    return _root_exchange("gather_into_tensor", output_tensor, input_tensor, "dst", dst, group, async_op, False)


# ---------------------------------------------------------------------------------------
# collective functions (Python objects)


def _check_list(name, what, lst):
    if not isinstance(lst, list):
        raise TypeError(f"For {name}, the '{what}' must be a list, but got {type(lst)}.")


def _objects(name, obj, group):
    ranks = _STATE["groups"][group]
    if len(ranks) == 1:
        return [obj]
    _me(name, group)
    return gather_objects(obj, ranks, _STATE["rank"])


@op("all_gather_object")
def all_gather_object(object_list, obj, group=None):
    """``object_list[r]`` = group rank ``r``'s ``obj``."""
    _check_list("all_gather_object", "object_list", object_list)
    group = _group("all_gather_object", group)
    if len(object_list) != _group_size(group):
        raise TypeError(f"For all_gather_object, the length of 'object_list' must be {_group_size(group)}.")
    object_list[:] = _objects("all_gather_object", obj, group)


@op("broadcast_object_list")
def broadcast_object_list(object_list, src=0, group=None, device=None):
    """Copy group rank ``src``'s ``object_list`` into every rank's list."""
    group = _group("broadcast_object_list", group)
    if isinstance(src, bool) or not isinstance(src, numbers.Integral):
        raise TypeError("For broadcast_object_list, the src must be int")
    if not isinstance(object_list, list) or not object_list:
        raise TypeError("The object_list can not be empty.")
    _rank_of("broadcast_object_list", "src", src, group)
    object_list[:] = _objects("broadcast_object_list", list(object_list), group)[src]


@op("gather_object")
def gather_object(obj, object_gather_list=None, dst=0, group=None):
    """On group rank ``dst``, ``object_gather_list[r]`` = rank ``r``'s ``obj``."""
    group = _group("gather_object", group)
    _rank_of("gather_object", "dst", dst, group)
    everyone = _objects("gather_object", obj, group)
    if _group_size(group) > 1 and _me("gather_object", group) != dst:
        return
    _check_list("gather_object", "object_gather_list", object_gather_list)
    if len(object_gather_list) != _group_size(group):
        raise TypeError(f"For gather_object, the length of 'object_gather_list' must be {_group_size(group)}.")
    object_gather_list[:] = everyone


@op("scatter_object_list")
def scatter_object_list(scatter_object_output_list, scatter_object_input_list, src=0, group=None):
    """Group rank ``r`` receives ``scatter_object_input_list[r]`` from rank ``src``."""
    _check_list("scatter_object_list", "scatter_object_output_list", scatter_object_output_list)
    group = _group("scatter_object_list", group)
    _rank_of("scatter_object_list", "src", src, group)
    n = _group_size(group)
    me = _me("scatter_object_list", group) if n > 1 else 0
    if me == src:
        _check_list("scatter_object_list", "scatter_object_input_list", scatter_object_input_list)
        if len(scatter_object_input_list) != n or not scatter_object_output_list:
            raise TypeError("For scatter_object_list, the input list must have the group size and the output "
                            "list at least one element.")
    everyone = _objects("scatter_object_list", scatter_object_input_list if me == src else None, group)
    if not scatter_object_output_list:
        raise TypeError("For scatter_object_list, the output list must have at least one element.")
    scatter_object_output_list[0] = everyone[src][me]
