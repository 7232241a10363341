"""``mindspore.communication.comm_func``: functional collectives between the processes of a job
(source and destination ranks are WORLD ranks). Most return ``(output, handle)``; the work is
done when they return, so a handle's ``wait()`` returns at once."""
import numpy as np
import jax.numpy as jnp

from mscompat.common.tensor import Tensor
from mscompat.ops import _comm as _c
from .management import GlobalComm, _get_group, get_group_rank_from_world_rank
from ._comm_helper import _get_group_rank_from_world_rank_from_cache_helper

__all__ = ["all_reduce", "all_gather_into_tensor", "all_to_all_with_output_shape",
           "all_to_all_single_with_output_shape", "barrier", "broadcast", "gather_into_tensor", "isend", "irecv",
           "reduce_scatter_tensor", "reduce", "scatter_tensor", "send", "recv"]

_wrap = Tensor._wrap


class CommHandle:
    """Handle of a collective; the work is complete already."""

    def __init__(self, handle=None, exec_sync=False):
        self._handle, self._exec_sync = handle, exec_sync

    def wait(self):
        return None

    def __repr__(self):
        return "CommHandle()"


def _out(value, async_op):
    return (value, CommHandle() if async_op else None)


def _known(name, group):
    group = _get_group(group)
    if not isinstance(group, str):
        raise TypeError(f"For '{name}', the argument 'group' must be type of string, "
                        f"but got 'group' type : {type(group)}.")
    if not GlobalComm.INITED:
        raise RuntimeError("Distributed Communication has not been inited."
                           "You can't invoke this interface yet. Please call `init()` method first.")
    return _c._group(name, group)


def _gather_rooted(name, tensor, root, group, root_arg=None):
    """The checks of a collective rooted at world rank ``root`` (which must be an int where ``root_arg``
    names it), then every rank's ``tensor`` stacked: returns ``(stack, root's rank in group, group)``."""
    _c._check_tensor(name, tensor)
    if root_arg is not None and not isinstance(root, int):
        raise TypeError(f"For {name}, the {root_arg} must be int")
    g = get_group_rank_from_world_rank(root, group)
    group = _known(name, group)
    return _c._gather(name, tensor, group), g, group


def all_reduce(tensor, op="sum", group=GlobalComm.WORLD_COMM_GROUP, async_op=False):
    """Reduce ``tensor`` (``op``: sum, prod, min, max) over ``group``."""
    _c._check_tensor("all_reduce", tensor)
    if not isinstance(op, str):
        raise TypeError("For all_reduce, the input op type must be str")
    if op not in ("sum", "prod", "min", "max"):
        raise TypeError("For all_reduce, the input op value must be one of sum, prod, min, max")
    group = _known("all_reduce", group)
    return _out(_wrap(_c._reduce_stack(_c._gather("all_reduce", tensor, group), op)), async_op)


def all_gather_into_tensor(tensor, group=GlobalComm.WORLD_COMM_GROUP, async_op=False):
    """Every rank's ``tensor`` concatenated on axis 0."""
    _c._check_tensor("all_gather_into_tensor", tensor)
    group = _known("all_gather_into_tensor", group)
    st = _c._gather("all_gather_into_tensor", tensor, group)
    return _out(_wrap(st.reshape((-1,) + st.shape[2:]) if st.ndim > 1 else st), async_op)


def reduce_scatter_tensor(tensor, op="sum", group=GlobalComm.WORLD_COMM_GROUP, async_op=False):
    """Reduce over ranks; this rank's block of axis 0."""
    _c._check_tensor("reduce_scatter_tensor", tensor)
    if not isinstance(op, str) or op not in ("sum", "prod", "min", "max"):
        raise TypeError("For reduce_scatter_tensor, the input op value must be one of sum, prod, min, max")
    group = _known("reduce_scatter_tensor", group)
    red = _c._reduce_stack(_c._gather("reduce_scatter_tensor", tensor, group), op)
    n = _c._group_size(group)
    if red.ndim == 0 or red.shape[0] % n:
        raise ValueError(f"For 'ReduceScatter', the first dimension of the input must be divisible by the group "
                         f"size {n}, but got shape {tuple(red.shape)}.")
    k = red.shape[0] // n
    me = _c._me("reduce_scatter_tensor", group)
    return _out(_wrap(red[me * k:(me + 1) * k]), async_op)


def reduce(tensor, dst, op="sum", group=GlobalComm.WORLD_COMM_GROUP):
    """The reduction over ``group`` on world rank ``dst``; the other ranks get their input back."""
    stack, g, group = _gather_rooted("reduce", tensor, dst, group)
    red = _c._reduce_stack(stack, op)
    return _wrap(red) if _c._me("reduce", group) == g else tensor


def broadcast(tensor, src=0, group=GlobalComm.WORLD_COMM_GROUP):
    """World rank ``src``'s ``tensor``, on every rank of ``group``."""
    stack, g, _ = _gather_rooted("broadcast", tensor, src, group, "src")
    return _wrap(stack[g])


def barrier(group=GlobalComm.WORLD_COMM_GROUP):
    """Wait until every rank of ``group`` arrives."""
    if not isinstance(group, str):
        raise TypeError(f"group must be type of string, but got {type(group)}")
    group = _known("barrier", group)
    _c._gather("barrier", np.zeros((1,), np.int32), group)


def scatter_tensor(tensor, src=0, group=GlobalComm.WORLD_COMM_GROUP):
    """World rank ``src``'s ``tensor`` split on axis 0; this rank's block."""
    stack, g, group = _gather_rooted("scatter_tensor", tensor, src, group, "src")
    whole = stack[g]
    n = _c._group_size(group)
    if whole.ndim == 0 or whole.shape[0] % n:
        raise ValueError(f"For 'CollectiveScatter', the first dimension of the input must be divisible by the "
                         f"group size {n}, but got shape {tuple(whole.shape)}.")
    k, me = whole.shape[0] // n, _c._me("scatter_tensor", group)
    return _wrap(whole[me * k:(me + 1) * k])


def gather_into_tensor(tensor, dst=0, group=GlobalComm.WORLD_COMM_GROUP):
    """On world rank ``dst``: every rank's ``tensor`` concatenated on axis 0; elsewhere a zero Tensor
    of the input's shape."""
    st, g, group = _gather_rooted("gather_into_tensor", tensor, dst, group, "dst")
    if _c._me("gather_into_tensor", group) == g:
        return _wrap(st.reshape((-1,) + st.shape[2:]) if st.ndim > 1 else st)
    return _wrap(jnp.zeros(tensor.shape, st.dtype))


def _exchange(name, peer, group, tensor):
    """Exchange ``tensor`` with world rank ``peer`` (both call): what ``peer`` contributed."""
    group = _known(name, group)
    _get_group_rank_from_world_rank_from_cache_helper(peer, group)
    return _c.pair_exchange(name, peer, tensor)


def send(tensor, dst=0, group=GlobalComm.WORLD_COMM_GROUP, tag=0):
    """Send ``tensor`` to world rank ``dst`` (which calls ``recv``); returns when it was received."""
    _c._check_tensor("send", tensor)
    _exchange("send", dst, group, tensor)


def recv(tensor, src=0, group=GlobalComm.WORLD_COMM_GROUP, tag=0):
    """Receive from world rank ``src`` a Tensor of ``tensor``'s shape and dtype."""
    _c._check_tensor("recv", tensor)
    if not isinstance(src, int):
        raise TypeError("For recv, the src must be int")
    return _wrap(_exchange("recv", src, group, tensor))


def isend(tensor, dst=0, group=GlobalComm.WORLD_COMM_GROUP, tag=0):
    """``send``; returns a handle."""
    send(tensor, dst, group, tag)
    return CommHandle()


def irecv(tensor, src=0, group=GlobalComm.WORLD_COMM_GROUP, tag=0):
    """``recv``; returns ``(output, handle)``."""
    return recv(tensor, src, group, tag), CommHandle()


def all_to_all_with_output_shape(output_shape_list, input_tensor_list, group=None, async_op=False):
    """This rank sends ``input_tensor_list[r]`` to rank ``r`` and gets one Tensor from each rank."""
    group = _known("all_to_all_with_output_shape", GlobalComm.WORLD_COMM_GROUP if group is None else group)
    n = _c._group_size(group)
    if not isinstance(input_tensor_list, (list, tuple)) or len(input_tensor_list) != n:
        raise TypeError(f"For all_to_all_with_output_shape, 'input_tensor_list' must be a list of {n} tensors.")
    me = _c._me("all_to_all_with_output_shape", group)
    outs = []
    for s in range(n):
        parts = _c._gather("all_to_all_with_output_shape", input_tensor_list[s], group, same_shape=False)
        if s == me:
            outs = [_wrap(p) for p in parts]
    return _out(tuple(outs), async_op)


def all_to_all_single_with_output_shape(output_shape, tensor, output_split_sizes=None, input_split_sizes=None,
                                        group=None, async_op=False):
    """``tensor`` split on axis 0 among ranks (``input_split_sizes``); what every rank sends here,
    concatenated."""
    out = Tensor(np.zeros(tuple(output_shape.shape if isinstance(output_shape, Tensor) else output_shape),
                          tensor.asnumpy().dtype))
    group = GlobalComm.WORLD_COMM_GROUP if group is None else group
    saved = _c._INPLACE["all_to_all_single"]
    _c._INPLACE["all_to_all_single"] = False
    try:
        value, _ = _c.all_to_all_single(out, tensor, output_split_sizes, input_split_sizes, _known(
            "all_to_all_single_with_output_shape", group))
    finally:
        _c._INPLACE["all_to_all_single"] = saved
    return _out(value, async_op)
