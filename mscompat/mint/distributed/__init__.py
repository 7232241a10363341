"""``mindspore.mint.distributed``: torch-style collective communication. The collectives are the
registry's communication entries (``ops/_comm.py``: ``group=None`` is the world group, results are
written into the given tensors), shown here as mint forms; ``gather``/``scatter`` (a tensor list
on the root) and the point-to-point calls are mint entries on the same kernels."""
import pickle

import numpy as np

from mscompat.common import dtype as mstype
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
    return GlobalComm.WORLD_COMM_GROUP if group is None else group


@mint_op(_NS, twin="gather_into_tensor")
def gather(tensor, gather_list=None, dst=0, group=None, async_op=False):
    """Rank ``dst`` receives every rank's ``tensor`` into ``gather_list`` (one Tensor per rank)."""
    n = _comm.get_world_size(group)
    out = Tensor(np.zeros((n * tensor.shape[0],) + tuple(tensor.shape[1:]) if tensor.ndim else (n,),
                          dtype=np.dtype(tensor.asnumpy().dtype)))
    handle = _comm.gather_into_tensor(out, tensor if tensor.ndim else tensor.reshape((1,)), dst, group, async_op)
    if gather_list is not None and _comm.get_rank() == dst:
        if not isinstance(gather_list, list) or len(gather_list) != n:
            raise TypeError(f"For 'gather', 'gather_list' must be a list of {n} Tensors on the destination rank.")
        for t, part in zip(gather_list, np.split(out.asnumpy(), n)):
            t.assign_value(Tensor(part.reshape(tuple(t.shape))))
    return handle


@mint_op(_NS, twin="scatter_tensor")
def scatter(tensor, scatter_list=None, src=0, group=None, async_op=False):
    """Rank ``src`` sends ``scatter_list[i]`` to rank ``i``, written into ``tensor``."""
    n = _comm.get_world_size(group)
    if _comm.get_rank() == src:
        if not isinstance(scatter_list, list) or len(scatter_list) != n:
            raise TypeError(f"For 'scatter', 'scatter_list' must be a list of {n} Tensors on the source rank.")
        full = Tensor(np.concatenate([np.asarray(t.asnumpy()).reshape((1,) + tuple(t.shape)) for t in scatter_list]))
    else:
        full = Tensor(np.zeros((n,) + tuple(tensor.shape), dtype=np.dtype(tensor.asnumpy().dtype)))
    out = Tensor(np.zeros((1,) + tuple(tensor.shape), dtype=np.dtype(tensor.asnumpy().dtype)))
    handle = _comm.scatter_tensor(out, full, src, group, async_op)
    tensor.assign_value(out.reshape(tuple(tensor.shape)))
    return handle


@mint_op(_NS)
def send(tensor, dst=0, group=None, tag=0):
    """Send ``tensor`` to world rank ``dst`` (which calls ``recv``)."""
    _cf.send(tensor, dst, _group(group), tag)


@mint_op(_NS)
def recv(tensor, src=0, group=None, tag=0):
    """Receive from world rank ``src`` into ``tensor``; returns the sender's rank."""
    tensor.assign_value(_cf.recv(tensor, src, _group(group), tag))
    return src


@mint_op(_NS)
def isend(tensor, dst=0, group=None, tag=0):
    """``send``; returns a handle."""
    return _cf.isend(tensor, dst, _group(group), tag)


@mint_op(_NS)
def irecv(tensor, src=0, group=None, tag=0):
    """``recv`` into ``tensor``; returns a handle."""
    out, handle = _cf.irecv(tensor, src, _group(group), tag)
    tensor.assign_value(out)
    return handle


class P2POp:
    """One point-to-point operation for :func:`batch_isend_irecv`: ``op`` is ``isend`` or ``irecv``
    (or their names), ``peer`` the other world rank."""

    def __init__(self, op, tensor, peer, group=None, tag=0):
        name = op if isinstance(op, str) else getattr(op, "__name__", "")
        if name not in ("isend", "irecv"):
            raise TypeError(f"Expected 'op' to be 'isend' or 'irecv', but got {op}.")
        if not isinstance(tensor, Tensor):
            raise TypeError(f"Expected 'tensor' to be a Tensor, but got {type(tensor)}.")
        if not isinstance(peer, int):
            raise TypeError(f"Expected 'peer' to be an int, but got {type(peer)}.")
        self.op, self.tensor, self.peer, self.group, self.tag = name, tensor, peer, group, tag


@mint_op(_NS)
def batch_isend_irecv(p2p_op_list):
    """Run the :class:`P2POp` list; one handle per operation."""
    if not isinstance(p2p_op_list, list) or not all(isinstance(p, P2POp) for p in p2p_op_list):
        raise TypeError("p2p_op_list must be a list of P2POp.")
    return [(isend if p.op == "isend" else irecv)(p.tensor, p.peer, p.group, p.tag) for p in p2p_op_list]


def _to_bytes_tensor(obj):
    return Tensor(np.frombuffer(pickle.dumps(obj), np.uint8).copy())


@mint_op(_NS)
def send_object_list(object_list, dst, group=None, device=None):
    """Send the picklable objects of ``object_list`` to world rank ``dst``."""
    data = _to_bytes_tensor(list(object_list))
    send(Tensor(np.array([data.shape[0]], np.int64)), dst, group)
    send(data, dst, group)


@mint_op(_NS)
def recv_object_list(object_list, src=0, group=None, device=None):
    """Receive into ``object_list`` the objects world rank ``src`` sent."""
    size = Tensor(np.zeros((1,), np.int64))
    recv(size, src, group)
    data = Tensor(np.zeros((int(size.asnumpy()[0]),), np.uint8))
    recv(data, src, group)
    for i, v in enumerate(pickle.loads(data.asnumpy().tobytes())[:len(object_list)]):
        object_list[i] = v
    return src


globals().update(mint_exports(_NS))
__all__ = sorted(mint_exports(_NS)) + ["P2POp", "TCPStore"]
