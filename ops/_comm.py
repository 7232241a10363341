"""Collective communication ops for ONE process: world size 1, rank 0.

MindSpore's collective Primitives (``AllReduce``, ``AllGather``, ``Broadcast``, ...) and the
functional API of ``mindspore.ops`` (``all_reduce``, ``all_gather_into_tensor``,
``get_rank``, ...) are defined here with their single-device semantics: the world group
(``'hccl_world_group'``, ``'nccl_world_group'``, ``'mccl_world_group'``) holds rank 0
only, so a reduction over the group returns its input, a gather returns one copy, a
scatter returns the whole input. Unlike MindSpore, no ``init()`` is needed first.
The Primitive classes are in ``_comm_prims.py``.

Multi-device behaviour (sharded arrays, several processes through JAX's distributed
runtime) comes with the parallel issue; point-to-point ops (``Send``, ``Receive``,
``isend``, ...) have no meaning with one rank and are not defined here.
"""
import hashlib
import numbers

from mscompat.common import dtype as mstype
from ._args import arr, Tensor
from ._registry import op, register_primitive_class

_wrap = Tensor._wrap

WORLD_GROUPS = ("hccl_world_group", "nccl_world_group", "mccl_world_group")
_WORLD = "hccl_world_group"
_STATE = {"initialized": False, "groups": {g: [0] for g in WORLD_GROUPS}}
_COMM_FUNCS = ("all_reduce", "all_gather_into_tensor", "all_gather_into_tensor_uneven", "reduce_scatter_tensor",
               "reduce_scatter_tensor_uneven", "reduce", "broadcast", "all_gather", "reduce_scatter",
               "all_to_all", "all_to_all_single", "scatter_tensor", "gather_into_tensor", "all_to_all_v_c",
               "barrier")
_INPLACE = {f: True for f in _COMM_FUNCS}
_REDUCE_OPS = ("sum", "prod", "min", "max", "avg")
# Dtypes MindSpore's collective primitives accept (non-GPU targets).
_TARGET_DTYPES = (mstype.int8, mstype.int32, mstype.float16, mstype.float32, mstype.bfloat16)


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


def register_group(name, ranks):
    """Make the group ``name`` of world ranks ``ranks`` known to the collective ops (used by
    ``mindspore.communication.create_group``-style APIs); with one process ``ranks`` is ``[0]``."""
    if not isinstance(name, str) or not name:
        raise TypeError(f"The group name must be a non-empty str, but got {name!r}.")
    ranks = [int(r) for r in ranks]
    if ranks != [0]:
        raise ValueError(f"With one process a group can hold rank 0 only, but got {ranks}.")
    _STATE["groups"][name] = ranks


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
    if rank not in _STATE["groups"][group]:
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
    """Start the default group; in one process its only rank is 0."""
    if backend != "hccl":
        raise ValueError("Only support hccl now, please setting backend to hccl or using default value")
    for arg, v, t in (("world_size", world_size, int), ("rank", rank, int), ("group_name", group_name, str)):
        if not isinstance(v, t) or isinstance(v, bool):
            raise TypeError(f"The parameter '{arg}' must be {t.__name__}, but got {type(v)}")
    if init_method is not None and store is not None:
        raise ValueError("Only one of init_method and store is supported.")
    if world_size not in (-1, 1):
        raise ValueError("world_size is wrong, please using default value or setting: ", 1)
    if rank not in (-1, 0):
        raise ValueError(f"rank {rank} is out of range for a world of size 1.")
    _STATE["initialized"] = True
    if group_name:
        _STATE["groups"][group_name] = [0]


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
    _group("destroy_group", group)
    del _STATE["groups"][group]


@op("get_rank")
def get_rank(group=None):
    """Rank of this process in ``group``: 0; -1 for a group that does not exist (as MindSpore)."""
    if _known_group("get_rank", group) is None:
        return -1
    return 0


@op("get_world_size")
def get_world_size(group=None):
    """Size of ``group``: 1 for the world group; -1 for a group that does not exist (as MindSpore)."""
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
    return "mccl" if "mccl" in group else "hccl"


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
    """World ranks in ``group`` (``[0]``)."""
    group = _group("get_process_group_ranks", group)
    return list(_STATE["groups"][group])


@op("new_group")
def new_group(ranks=None, timeout=None, backend=None, pg_options=None, use_local_synchronization=False,
              group_desc=None):
    """A new group of ``ranks`` (only rank 0 exists), named like MindSpore's
    ``'<backend>_<len>_<sha1 of the sorted ranks>'``; ``ranks=None``: the world group."""
    if ranks is None:
        return _WORLD
    if not isinstance(ranks, list):
        raise TypeError(f"ranks must be list, but got {type(ranks)}")
    ranks = sorted(ranks)
    if backend is None:
        backend = "hccl"
    if not isinstance(backend, str) or backend not in ("hccl", "mccl"):
        raise TypeError(f"the input backend must be hccl or mccl, but got {backend}")
    if not all(isinstance(r, int) and not isinstance(r, bool) for r in ranks):
        raise TypeError(f"For 'new_group', the argument 'ranks' must be a list of int, but got {ranks}.")
    if sorted(set(ranks)) != [0]:
        raise ValueError(f"For 'new_group', 'ranks' {list(ranks)} must be ranks of the world group ([0]).")
    name = f"{backend}_{len(ranks)}_" + hashlib.sha1("_".join(map(str, ranks)).encode("utf-8")).hexdigest()
    _STATE["groups"][name] = [0]
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
    """Reduce ``tensor`` over ``group``; one rank: the value is unchanged."""
    _check_tensor("all_reduce", tensor)
    _check_op("all_reduce", op)
    _group("all_reduce", group)
    return _result("all_reduce", _wrap(arr(tensor)), async_op)


_GATHER = object()   # the reduce_op of _copy_into for a gather: no op to check


def _copy_into(name, output, input, group, async_op, reduce_op=_GATHER):
    """all_gather_into_tensor / reduce_scatter_tensor on one rank: arguments checked, a copy of ``input``
    (written into ``output`` in in-place mode)."""
    _check_tensor(name, input)
    inplace = _INPLACE[name]
    if inplace:
        _check_tensor(name, output, "output tensor")
    if reduce_op is not _GATHER:
        _check_op(name, reduce_op)
    _group(name, group)
    out = _wrap(arr(input))
    if inplace:
        _set(output, out)
    return _result(name, out, async_op)


@op("all_gather_into_tensor")
def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    """Concatenate every rank's ``input_tensor`` on axis 0 (one rank: a copy)."""
    return _copy_into("all_gather_into_tensor", output_tensor, input_tensor, group, async_op)


@op("all_gather_into_tensor_uneven")
def all_gather_into_tensor_uneven(output, input, output_split_sizes=None, group=None, async_op=False):
    """Gather inputs of different first dimensions; one rank: a copy."""
    _check_tensor("all_gather_into_tensor_uneven", input)
    _check_tensor("all_gather_into_tensor_uneven", output, "output tensor")
    _group("all_gather_into_tensor_uneven", group)
    if output_split_sizes and list(output_split_sizes) != [input.shape[0] if input.ndim else 1]:
        raise ValueError("For all_gather_into_tensor_uneven, 'output_split_sizes' must list the first dimension "
                         f"of each rank's input, but got {output_split_sizes}.")
    _set(output, input)
    return _handle(async_op)


@op("reduce_scatter_tensor")
def reduce_scatter_tensor(output, input, op="sum", group=None, async_op=False):
    """Reduce over ranks, then scatter blocks of axis 0; one rank: a copy."""
    return _copy_into("reduce_scatter_tensor", output, input, group, async_op, op)


@op("reduce_scatter_tensor_uneven")
def reduce_scatter_tensor_uneven(output, input, input_split_sizes=None, op="sum", group=None, async_op=False):
    _check_tensor("reduce_scatter_tensor_uneven", input)
    _check_tensor("reduce_scatter_tensor_uneven", output, "output tensor")
    _check_op("reduce_scatter_tensor_uneven", op)
    _group("reduce_scatter_tensor_uneven", group)
    _set(output, input)
    return _handle(async_op)


@op("reduce")
def reduce(tensor, dst, op="sum", group=None, async_op=False):
    """Reduce ``tensor`` onto rank ``dst`` in place; one rank: unchanged."""
    _need_inplace("reduce")
    _check_tensor("reduce", tensor)
    group = _group("reduce", group)
    _check_op("reduce", op)
    _rank_of("reduce", "dst", dst, group)
    return _handle(async_op)


@op("broadcast")
def broadcast(tensor, src, group=None, async_op=False):
    """Copy rank ``src``'s ``tensor`` to every rank; one rank: unchanged."""
    _need_inplace("broadcast")
    _check_tensor("broadcast", tensor)
    group = _group("broadcast", group)
    _rank_of("broadcast", "src", src, group)
    return _handle(async_op)


@op("barrier")
def barrier(group=None, async_op=False, device_ids=None):
    """Wait for every rank of ``group``; one rank: returns at once."""
    _group("barrier", group)
    return _handle(async_op)


@op("all_gather")
def all_gather(tensor_list, tensor, group=None, async_op=False):
    """Fill ``tensor_list[r]`` with rank ``r``'s ``tensor``."""
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
    _set(tensor_list[0], tensor)
    return _handle(async_op)


@op("reduce_scatter")
def reduce_scatter(output, input_list, op="sum", group=None, async_op=False):
    """``output`` = reduction over ranks of ``input_list[rank]``; one rank: ``input_list[0]``."""
    _need_inplace("reduce_scatter")
    _check_tensor("reduce_scatter", output, "output tensor")
    if not isinstance(input_list, (list, tuple)) or not all(isinstance(t, Tensor) for t in input_list):
        raise TypeError(f"Expected list or tuple of tensors, but got {type(input_list)}.")
    _check_op("reduce_scatter", op)
    group = _group("reduce_scatter", group)
    if len(input_list) != _group_size(group):
        raise TypeError(f"The length of 'input_list' must be the group size {_group_size(group)}, "
                        f"but got {len(input_list)}.")
    _set(output, input_list[0])
    return _handle(async_op)


@op("all_to_all")
def all_to_all(output_tensor_list, input_tensor_list, group=None, async_op=False):
    """Rank ``r`` sends ``input_tensor_list[s]`` to rank ``s``; one rank: a copy."""
    for lst in (output_tensor_list, input_tensor_list):
        if not isinstance(lst, (list, tuple)):
            raise TypeError(f"Expected list or tuple, but got {type(lst)}.")
        for t in lst:
            if not isinstance(t, (Tensor, tuple, list)):
                raise TypeError(f"Expected tensor or tuple, but got {type(t)}")
    group = _group("all_to_all", group)
    n = _group_size(group)
    if len(input_tensor_list) != n or len(output_tensor_list) != n:
        raise ValueError(f"For all_to_all, the tensor lists must have the group size {n}.")
    out = _wrap(arr(input_tensor_list[0]))
    if _INPLACE["all_to_all"]:
        _set(output_tensor_list[0], out)
        return _handle(async_op)
    return ([out], _handle(async_op))


@op("all_to_all_single")
def all_to_all_single(output, input, output_split_sizes=None, input_split_sizes=None, group=None,
                      async_op=False):
    """Split ``input`` on axis 0 among ranks and gather what they send; one rank: a copy."""
    _check_tensor("all_to_all_single", input)
    group = _group("all_to_all_single", group)
    out = _wrap(arr(input))
    if _INPLACE["all_to_all_single"]:
        _check_tensor("all_to_all_single", output, "output tensor")
        _set(output, out)
        return _handle(async_op)
    return (out, _handle(async_op))


@op("all_to_all_v_c")
def all_to_all_v_c(output, input, send_count_matrix, group=None, async_op=False):
    """All-to-all with counts ``send_count_matrix`` (flattened rank x rank); one rank: a copy."""
    _check_tensor("all_to_all_v_c", input)
    _check_tensor("all_to_all_v_c", output, "output tensor")
    group = _group("all_to_all_v_c", group)
    counts = list(send_count_matrix)
    if len(counts) != _group_size(group) ** 2 or counts[0] != input.size:
        raise ValueError(f"For all_to_all_v_c, 'send_count_matrix' {counts} does not match a group of size "
                         f"{_group_size(group)} and an input of {input.size} elements.")
    out = _wrap(arr(input).reshape(-1))
    _set(output, out.reshape(output.shape) if output.size == out.size else out)
    return _handle(async_op)


def _one_rank_copy(name, output_tensor, input_tensor, rank_arg, rank, group, async_op):
    """scatter_tensor / gather_into_tensor: arguments checked; on one rank the result is a copy."""
    _check_tensor(name, input_tensor)
    _check_tensor(name, output_tensor, "output tensor")
    group = _group(name, group)
    _rank_of(name, rank_arg, rank, group)
    out = _wrap(arr(input_tensor))
    if _INPLACE[name]:
        _set(output_tensor, out)
        return _handle(async_op)
    return (out, _handle(async_op))


@op("scatter_tensor")
def scatter_tensor(output_tensor, input_tensor, src=0, group=None, async_op=False):
    """Rank ``src`` splits ``input_tensor`` on axis 0 among ranks; one rank: a copy."""
    return _one_rank_copy("scatter_tensor", output_tensor, input_tensor, "src", src, group, async_op)


@op("gather_into_tensor")
def gather_into_tensor(output_tensor, input_tensor, dst=0, group=None, async_op=False):
    """Rank ``dst`` concatenates every rank's input on axis 0; one rank: a copy."""
    return _one_rank_copy("gather_into_tensor", output_tensor, input_tensor, "dst", dst, group, async_op)


# ---------------------------------------------------------------------------------------
# collective functions (Python objects)


def _check_list(name, what, lst):
    if not isinstance(lst, list):
        raise TypeError(f"For {name}, the '{what}' must be a list, but got {type(lst)}.")


@op("all_gather_object")
def all_gather_object(object_list, obj, group=None):
    """``object_list[r]`` = rank ``r``'s ``obj``."""
    _check_list("all_gather_object", "object_list", object_list)
    group = _group("all_gather_object", group)
    if len(object_list) != _group_size(group):
        raise TypeError(f"For all_gather_object, the length of 'object_list' must be {_group_size(group)}.")
    object_list[0] = obj


@op("broadcast_object_list")
def broadcast_object_list(object_list, src=0, group=None, device=None):
    """Copy rank ``src``'s ``object_list`` to every rank; one rank: unchanged."""
    _check_list("broadcast_object_list", "object_list", object_list)
    group = _group("broadcast_object_list", group)
    _rank_of("broadcast_object_list", "src", src, group)


@op("gather_object")
def gather_object(obj, object_gather_list=None, dst=0, group=None):
    """On rank ``dst``, ``object_gather_list[r]`` = rank ``r``'s ``obj``."""
    group = _group("gather_object", group)
    _rank_of("gather_object", "dst", dst, group)
    _check_list("gather_object", "object_gather_list", object_gather_list)
    if len(object_gather_list) != _group_size(group):
        raise TypeError(f"For gather_object, the length of 'object_gather_list' must be {_group_size(group)}.")
    object_gather_list[0] = obj


@op("scatter_object_list")
def scatter_object_list(scatter_object_output_list, scatter_object_input_list, src=0, group=None):
    """Rank ``r`` receives ``scatter_object_input_list[r]`` from rank ``src``."""
    _check_list("scatter_object_list", "scatter_object_output_list", scatter_object_output_list)
    _check_list("scatter_object_list", "scatter_object_input_list", scatter_object_input_list)
    group = _group("scatter_object_list", group)
    _rank_of("scatter_object_list", "src", src, group)
    if len(scatter_object_input_list) != _group_size(group) or not scatter_object_output_list:
        raise TypeError("For scatter_object_list, the input list must have the group size and the output "
                        "list at least one element.")
    scatter_object_output_list[0] = scatter_object_input_list[0]
