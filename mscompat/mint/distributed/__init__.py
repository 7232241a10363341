"""``mindspore.mint.distributed``: torch-style collective communication on mscompat's
communication layer (``mscompat.communication``): ``group=None`` is the world group, and
collectives write their result into the given tensor(s)."""
from mscompat import log as logger
from mscompat.common.tensor import Tensor
from mscompat.communication import management as _mgmt
from mscompat.communication import comm_func as _cf
from mscompat.communication._comm_helper import (GlobalComm, _get_rank_helper, _get_size_helper, _is_initialized,
                                                 _is_available)

__all__ = ["is_available", "is_initialized", "init_process_group", "destroy_process_group", "get_rank",
           "get_world_size", "new_group", "get_backend", "get_global_rank", "get_group_rank",
           "get_process_group_ranks", "all_reduce", "broadcast", "barrier", "all_gather_into_tensor",
           "reduce_scatter_tensor", "reduce", "all_gather", "send", "recv"]

_OPS = ("sum", "prod", "min", "max", "avg")


def is_available():
    """Whether distributed communication is available (it is: mscompat emulates it)."""
    return _is_available()


def is_initialized():
    """Whether ``init_process_group`` has run."""
    return _is_initialized()


def init_process_group(backend="hccl", init_method=None, timeout=None, world_size=-1, rank=-1, store=None,
                       group_name="", pg_options=None, device_id=None):
    """Initialise the world group (``backend`` must be 'hccl', as in MindSpore)."""
    if backend != "hccl":
        raise ValueError("Only support hccl now, please setting backend to hccl or using default value")
    if init_method is not None and store is not None:
        raise ValueError("Only one of init_method and store is supported.")
    _mgmt.init()


def destroy_process_group(group=None):
    """Release ``group`` (the world group: every group and the initialisation)."""
    if group is None or group == GlobalComm.WORLD_COMM_GROUP:
        _mgmt.release()
    else:
        _mgmt.destroy_group(group)


def _group(name, group):
    if group is None:
        return GlobalComm.WORLD_COMM_GROUP
    if not isinstance(group, str):
        raise TypeError(f"For '{name}', the argument 'group' must be type of string, "
                        f"but got 'group' type : {type(group)}.")
    return group


def get_rank(group=None):
    """This process's rank in ``group``; -1 when communication is not initialised."""
    group = _group("get_rank", group)
    try:
        return _get_rank_helper(group)
    except RuntimeError as e:
        logger.warning(e)
        return -1


def get_world_size(group=None):
    """The size of ``group``; -1 when communication is not initialised."""
    group = _group("get_world_size", group)
    try:
        return _get_size_helper(group)
    except RuntimeError as e:
        logger.warning(e)
        return -1


def new_group(ranks=None, timeout=None, backend=None, pg_options=None, use_local_synchronization=False,
              group_desc=None):
    """A group of the world ranks ``ranks`` (all when None); its name."""
    if ranks is None:
        return GlobalComm.WORLD_COMM_GROUP
    if not isinstance(ranks, list):
        raise TypeError(f"ranks must be list, but got {type(ranks)}")
    ranks = sorted(ranks)
    name = "group_" + "_".join(str(r) for r in ranks) if group_desc is None else group_desc
    _mgmt.create_group(name, ranks)
    return name


def get_backend(group=None):
    """The backend name of ``group``."""
    _group("get_backend", group)
    return GlobalComm.BACKEND


def get_global_rank(group, group_rank):
    """The world rank of ``group_rank`` in ``group``."""
    return _mgmt.get_world_rank_from_group_rank(_group("get_global_rank", group), group_rank)


def get_group_rank(group, global_rank):
    """The rank in ``group`` of the world rank ``global_rank``."""
    return _mgmt.get_group_rank_from_world_rank(global_rank, _group("get_group_rank", group))


def get_process_group_ranks(group=None):
    """The world ranks of ``group``."""
    return _mgmt.get_process_group_ranks(_group("get_process_group_ranks", group))


def _check(name, tensor, async_op):
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For {name}, the input tensor must be tensor")
    if not isinstance(async_op, bool):
        raise TypeError(f"The argument 'async_op' must be a bool, but got {type(async_op)}.")


class _Done:
    """The handle of a finished asynchronous collective."""

    def wait(self):
        return True

    def is_completed(self):
        return True


def _handle(async_op):
    return _Done() if async_op else None


def all_reduce(tensor, op="sum", group=None, async_op=False):
    """Reduce ``tensor`` over ``group`` in place (``op``: sum, prod, min, max, avg)."""
    _check("all_reduce", tensor, async_op)
    if not isinstance(op, str):
        raise TypeError("For all_reduce, the input op type must be str")
    if op not in _OPS:
        raise TypeError("For all_reduce, the input op value must be one of sum, prod, min, max, avg")
    group = _group("all_reduce", group)
    out = _cf.all_reduce(tensor, "sum" if op == "avg" else op, group)[0]
    if op == "avg":
        out = out / _get_size_helper(group)
    tensor.assign_value(out.astype(tensor.dtype))
    return _handle(async_op)


def broadcast(tensor, src, group=None, async_op=False):
    """World rank ``src``'s ``tensor`` written into ``tensor`` on every rank of ``group``."""
    _check("broadcast", tensor, async_op)
    if not isinstance(src, int):
        raise TypeError("For broadcast, the src must be int")
    tensor.assign_value(_cf.broadcast(tensor, src, _group("broadcast", group)))
    return _handle(async_op)


def barrier(group=None, async_op=False, device_ids=None):
    """Wait until every rank of ``group`` arrives."""
    _cf.barrier(_group("barrier", group))
    return _handle(async_op)


def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    """Every rank's ``input_tensor`` concatenated on axis 0, written into ``output_tensor``."""
    _check("all_gather_into_tensor", input_tensor, async_op)
    out = _cf.all_gather_into_tensor(input_tensor, _group("all_gather_into_tensor", group))[0]
    if tuple(out.shape) != tuple(output_tensor.shape):
        raise TypeError(f"For 'all_gather_into_tensor', the output shape must be {tuple(out.shape)}, "
                        f"but got {tuple(output_tensor.shape)}.")
    output_tensor.assign_value(out)
    return _handle(async_op)


def all_gather(tensor_list, tensor, group=None, async_op=False):
    """Every rank's ``tensor``, written into the list ``tensor_list`` (one per rank)."""
    _check("all_gather", tensor, async_op)
    group = _group("all_gather", group)
    out = _cf.all_gather_into_tensor(tensor.reshape((1,) + tuple(tensor.shape)), group)[0]
    if not isinstance(tensor_list, list) or len(tensor_list) != out.shape[0]:
        raise TypeError(f"For 'all_gather', 'tensor_list' must be a list of {out.shape[0]} Tensors.")
    for i, t in enumerate(tensor_list):
        t.assign_value(out[i])
    return _handle(async_op)


def reduce_scatter_tensor(output, input, op="sum", group=None, async_op=False):
    """Reduce ``input`` over ``group``; this rank's block of axis 0, written into ``output``."""
    _check("reduce_scatter_tensor", input, async_op)
    group = _group("reduce_scatter_tensor", group)
    out = _cf.reduce_scatter_tensor(input, "sum" if op == "avg" else op, group)[0]
    if op == "avg":
        out = out / _get_size_helper(group)
    output.assign_value(out.astype(output.dtype))
    return _handle(async_op)


def reduce(tensor, dst, op="sum", group=None, async_op=False):
    """The reduction over ``group``, written into ``tensor`` on world rank ``dst``."""
    _check("reduce", tensor, async_op)
    tensor.assign_value(_cf.reduce(tensor, dst, op, _group("reduce", group)))
    return _handle(async_op)


def send(tensor, dst=0, group=None, tag=0):
    """Send ``tensor`` to world rank ``dst``."""
    return _cf.send(tensor, dst, _group("send", group), tag)


def recv(tensor, src=0, group=None, tag=0):
    """Receive into ``tensor`` from world rank ``src``."""
    out = _cf.recv(tensor, src, _group("recv", group), tag)
    tensor.assign_value(out)
    return 0
