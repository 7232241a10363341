"""``mindspore.mint.distributed``: torch-style collective communication. The collectives are the
registry's communication entries (``ops/_comm.py``: ``group=None`` is the world group, results are
written into the given tensors), shown here as mint forms; ``gather``/``scatter`` (a tensor list
on the root) and the point-to-point calls are mint entries on the same kernels."""
import pickle

import numpy as np

from mscompat.common.tensor import Tensor
from mscompat.communication import comm_func as _cf
from mscompat.communication._comm_helper import GlobalComm
from mscompat.ops import _comm
from mscompat.ops._comm_store import TCPStore
from mscompat.ops._registry import OPS, mint_form, mint_op, mint_exports

_NS = "distributed"
for _n in ("all_gather", "all_gather_into_tensor", "all_gather_into_tensor_uneven", "all_gather_object",
           "all_reduce", "all_to_all", "all_to_all_single", "barrier", "broadcast", "broadcast_object_list",
           "destroy_process_group", "gather_object", "get_backend", "get_global_rank", "get_group_rank",
           "get_process_group_ranks", "get_rank", "get_world_size", "init_process_group", "is_available",
           "is_initialized", "new_group", "reduce", "reduce_scatter", "reduce_scatter_tensor",
           "reduce_scatter_tensor_uneven", "scatter_object_list"):
    if OPS[_n].family == "comm":
        mint_form(_NS, _n)


def _group(group):
    """``group`` (None: the world group) checked to be a str, as MindSpore's mint functions do."""
    group = GlobalComm.WORLD_COMM_GROUP if group is None else group
    if not isinstance(group, str):
        raise TypeError(f"The argument 'group' must be type of string, but got 'group' type : {type(group)}.")
    return group


def _check_async(async_op):
    if not isinstance(async_op, bool):
        raise TypeError(f"The argument 'async_op' must be a bool, but got {type(async_op)}.")


def _check_int(name, what, value):
    if not isinstance(value, int):
        raise TypeError(f"For {name}, the {what} must be int")


def _check_tensor_list(tensors, what="tensor"):
    """A list/tuple of Tensors of one dtype and shape (MindSpore's checks of gather/scatter lists)."""
    if not isinstance(tensors, (list, tuple)):
        raise TypeError(f"Expected list or tuple, but got {type(tensors)}.")
    for t in tensors:
        if not isinstance(t, Tensor):
            raise TypeError(f"Expected tensor, but got {type(t)}")
    for t in tensors[1:]:
        if t.dtype != tensors[0].dtype:
            raise TypeError(f"{what}_lists dtype must be the same, but got {tensors[0].dtype} and {t.dtype}.")
        if tuple(t.shape) != tuple(tensors[0].shape):
            raise TypeError(f"{what}_lists shape must be the same, but got {tensors[0].shape} and {t.shape}.")


def _check_root_list(tensors, tensor, size):
    """On the root rank the list holds one Tensor per rank, of ``tensor``'s dtype and shape."""
    if not tensors or len(tensors) != size:
        raise TypeError(f"The argument list tensor len must be equal to group rank size, but got {len(tensors)}.")
    if tensor.dtype != tensors[0].dtype:
        raise TypeError(f"The argument list tensor type must be equal to tensor type, but got {tensors[0].dtype}.")
    if tuple(tensor.shape) != tuple(tensors[0].shape):
        raise TypeError(f"The argument list tensor shape must be equal to tensor shape, but got {tensors[0].shape}.")


def _zeros(shape, like):
    return Tensor(np.zeros(tuple(shape), dtype=np.dtype(like.asnumpy().dtype)))


@mint_op(_NS, twin="gather_into_tensor")
def gather(tensor, gather_list, dst=0, group=None, async_op=False):
    """Rank ``dst`` receives every rank's ``tensor`` into ``gather_list`` (one Tensor per rank, the
    other ranks' lists are not used)."""
    _comm._check_tensor("gather", tensor)
    _check_tensor_list(gather_list)
    _check_int("gather", "dst", dst)
    group = _group(group)
    _check_async(async_op)
    n = _comm.get_world_size(group)
    root = dst == _comm.get_rank()
    if root:
        _check_root_list(gather_list, tensor, n)
    flat = tensor.reshape((1,) + tuple(tensor.shape))
    out = _zeros((n,) + tuple(tensor.shape), tensor)
    handle = _comm.gather_into_tensor(out, flat, _comm.get_group_rank(group, dst), group, async_op)
    if root:
        for t, part in zip(gather_list, out.asnumpy()):
            t.assign_value(Tensor(part))
    return handle


@mint_op(_NS, twin="scatter_tensor")
def scatter(tensor, scatter_list, src=0, group=None, async_op=False):
    """Rank ``src`` sends ``scatter_list[i]`` to rank ``i``, written into ``tensor`` (the other ranks'
    lists are not used)."""
    _check_tensor_list(scatter_list)
    _comm._check_tensor("scatter_tensor", tensor, "output tensor")
    _check_int("scatter_tensor", "src", src)
    group = _group(group)
    _check_async(async_op)
    n = _comm.get_world_size(group)
    if src == _comm.get_rank():
        _check_root_list(scatter_list, tensor, n)
        full = Tensor(np.stack([t.asnumpy() for t in scatter_list]))
    else:
        full = _zeros((n,) + tuple(tensor.shape), tensor)
    out = _zeros((1,) + tuple(tensor.shape), tensor)
    handle = _comm.scatter_tensor(out, full, _comm.get_group_rank(group, src), group, async_op)
    tensor.assign_value(out.reshape(tuple(tensor.shape)))
    return handle


def _check_peer(name, tensor, peer, what, group):
    _comm._check_tensor(name, tensor)
    _check_int(name, what, peer)
    group = _group(group)
    if peer == _comm.get_rank():
        kind = "destination" if what == "dst" else "source"
        raise ValueError(f"Invalid {kind} rank: {kind} rank should not be the same as the rank of the current "
                         "process.")
    return group


@mint_op(_NS)
def send(tensor, dst=0, group=None, tag=0):
    """Send ``tensor`` to world rank ``dst`` (which calls ``recv``)."""
    _cf.send(tensor, dst, _check_peer("send", tensor, dst, "dst", group), tag)


@mint_op(_NS)
def recv(tensor, src=0, group=None, tag=0):
    """Receive from world rank ``src`` into ``tensor``; returns 0."""
    got = _cf.recv(tensor, src, _check_peer("recv", tensor, src, "src", group), tag)
    tensor.assign_value(got)
    return 0


@mint_op(_NS)
def isend(tensor, dst=0, group=None, tag=0):
    """``send``; returns a handle."""
    return _cf.isend(tensor, dst, _check_peer("isend", tensor, dst, "dst", group), tag)


@mint_op(_NS)
def irecv(tensor, src=0, group=None, tag=0):
    """``recv`` into ``tensor``; returns a handle."""
    out, handle = _cf.irecv(tensor, src, _check_peer("irecv", tensor, src, "src", group), tag)
    tensor.assign_value(out)
    return handle


class P2POp:
    """One point-to-point operation for :func:`batch_isend_irecv`: ``op`` is :func:`isend` or
    :func:`irecv` (or their names, kept as given), ``peer`` the other world rank."""

    def __init__(self, op, tensor, peer, group=None, tag=0):
        if isinstance(op, str):
            if op not in ("isend", "irecv"):
                raise TypeError(f"Expected op to be of type isend or irecv, but got {op}")
        elif op is not isend and op is not irecv:
            raise TypeError(f"Expected op to be of type isend or irecv, but got {op}")
        if not isinstance(tensor, Tensor):
            raise TypeError(f"Expected tensor to be Tensor, but got {type(tensor)}.")
        if not isinstance(peer, int):
            raise TypeError("For P2POp, the peer must be int")
        if tag != 0:    # as MindSpore 2.10: tags are documented as not supported yet
            raise NotImplementedError("For P2POp, 'tag' is not supported yet: pass tag=0.")
        self.op, self.tensor, self.peer, self.group, self.tag = op, tensor, peer, group, tag


def _op_name(p):
    return p.op if isinstance(p.op, str) else p.op.__name__


def _swap_objects(name, peer, obj):
    """Exchange a picklable object with world rank ``peer`` (which calls this too): the peer's object."""
    raw = np.frombuffer(pickle.dumps(obj), np.uint8)
    theirs = int(np.asarray(_comm.pair_exchange(name, peer, np.array([raw.size], np.int64)))[0])
    buf = np.zeros((max(raw.size, theirs),), np.uint8)
    buf[:raw.size] = raw
    return pickle.loads(np.asarray(_comm.pair_exchange(name, peer, buf))[:theirs].tobytes())


@mint_op(_NS)
def batch_isend_irecv(p2p_op_list):
    """Run the :class:`P2POp` list (one group for all); a list with one handle. With each peer, in
    increasing peer order (so every process meets its peers in one global order), this process's
    sends to it travel together and fill the peer's receives from this process in list order."""
    if not p2p_op_list:
        raise TypeError("p2p_op_list can not be empty list.")
    if not all(isinstance(p, P2POp) for p in p2p_op_list):
        raise TypeError("The elements in p2p_op_list must be type of P2POp.")
    if any(p.group != p2p_op_list[0].group for p in p2p_op_list):
        raise TypeError("The group name in p2p_op_list must be consistent.")
    by_peer = {}
    for p in p2p_op_list:
        _check_peer("batch_isend_irecv", p.tensor, p.peer, "dst" if _op_name(p) == "isend" else "src", p.group)
        by_peer.setdefault(p.peer, ([], []))[_op_name(p) == "irecv"].append(p.tensor)
    for peer in sorted(by_peer):
        sends, recvs = by_peer[peer]
        got = _swap_objects("batch_isend_irecv", peer, [t.asnumpy() for t in sends])
        if len(got) != len(recvs):
            raise ValueError(f"For batch_isend_irecv, rank {peer} sends {len(got)} tensors to this process, which "
                             f"receives {len(recvs)} from it.")
        for t, v in zip(recvs, got):
            if v.size != t.size:
                raise ValueError(f"For batch_isend_irecv, a tensor of {v.size} elements from rank {peer} does not "
                                 f"fit the receive buffer of shape {tuple(t.shape)}.")
            t.assign_value(Tensor(v.reshape(tuple(t.shape))).astype(t.dtype))
    return [_comm.CommHandle()]


def _to_bytes_tensor(obj):
    return Tensor(np.frombuffer(pickle.dumps(obj), np.uint8).copy())


def _check_objects(name, object_list, peer, what, group):
    _check_int(name, what, peer)
    group = _group(group)
    if not isinstance(object_list, list):
        raise TypeError(f"For {name}, the object_list must be a list")
    return group


@mint_op(_NS)
def send_object_list(object_list, dst, group=None, device=None):
    """Send the picklable objects of ``object_list`` to world rank ``dst``."""
    group = _check_objects("send_object_list", object_list, dst, "dst", group)
    data = _to_bytes_tensor(list(object_list))
    send(Tensor(np.array([data.shape[0]], np.int64)), dst, group)
    send(data, dst, group)


@mint_op(_NS)
def recv_object_list(object_list, src=0, group=None, device=None):
    """Receive into ``object_list`` the objects world rank ``src`` sent; returns 0."""
    group = _check_objects("recv_object_list", object_list, src, "src", group)
    size = Tensor(np.zeros((1,), np.int64))
    recv(size, src, group)
    data = Tensor(np.zeros((int(size.asnumpy()[0]),), np.uint8))
    recv(data, src, group)
    for i, v in enumerate(pickle.loads(data.asnumpy().tobytes())[:len(object_list)]):
        object_list[i] = v
    return 0


globals().update(mint_exports(_NS))
__all__ = sorted(mint_exports(_NS)) + ["P2POp", "TCPStore"]
