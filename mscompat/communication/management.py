"""``mindspore.communication.management``: ``init``, ranks and sizes, groups.

A rank is a PROCESS (one per ``msrun`` worker, as MindSpore starts one process per device);
a process may drive several local devices, which ``shard_map``-style code and the
auto-parallel mesh use. ``init()`` starts JAX's distributed runtime when the launcher
(``python -m mscompat.run``) started several processes; in a single process it succeeds with
a world of one rank (MindSpore on CPU would ask for its launcher: mscompat's single process
already drives every local device).
"""
import os

from mscompat.ops import _comm as _ops_comm
from . import _dist
from ._comm_helper import (GlobalComm, Backend, DEVICE_TO_BACKEND, HCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP,
                           MCCL_WORLD_COMM_GROUP, _get_rank_helper, _get_local_rank_helper, _get_size_helper,
                           _get_local_size_helper, _get_world_rank_from_group_rank_helper,
                           _get_group_rank_from_world_rank_helper, _get_group_ranks, _create_group_helper,
                           _destroy_group_helper, _get_comm_name_helper, _ExistingGroup)
from mscompat import context

__all__ = ["init", "release", "get_rank", "get_local_rank", "get_group_size", "get_local_rank_size",
           "get_world_rank_from_group_rank", "get_group_rank_from_world_rank", "create_group", "destroy_group",
           "get_comm_name", "get_process_group_ranks", "GlobalComm",
           "HCCL_WORLD_COMM_GROUP", "NCCL_WORLD_COMM_GROUP", "MCCL_WORLD_COMM_GROUP"]

DEFAULT_WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP


def _get_group(group):
    """The current world group for the default name."""
    if group == DEFAULT_WORLD_COMM_GROUP:
        return GlobalComm.WORLD_COMM_GROUP
    return group


def _device_target():
    try:
        return context.get_context("device_target")
    except Exception:   # the context cannot tell: the host platform
        return "CPU"


def init(backend_name=None):
    """Initialize communication: ``backend_name`` ``"hccl"`` (Ascend), ``"nccl"`` (GPU), ``"mccl"`` (CPU);
    None: the device target's. With several processes (the launcher's environment) this starts JAX's
    distributed runtime; call it before making Tensors."""
    device_target = _device_target()
    if backend_name is None:
        if device_target not in DEVICE_TO_BACKEND:
            raise RuntimeError(f"For 'set_context', the argument 'device_target' {device_target} is not supported in "
                               "parallel initialization, please use Ascend, GPU or CPU.")
        if device_target == "CPU" and os.getenv("MS_SIMULATION_LEVEL"):
            raise RuntimeError("Dryrun is not supported on CPU device for a distributed job.")
        backend_name = DEVICE_TO_BACKEND[device_target]
    if not isinstance(backend_name, str):
        raise TypeError("For 'init', the argument 'backend_name' must be a string, "
                        f"but got the type : {type(backend_name)}")
    if backend_name not in ("hccl", "nccl", "mccl"):
        raise RuntimeError("For 'init', the argument 'backend_name' must be one of 'hccl', 'nccl' and 'mccl', "
                           f"but got 'backend_name' : {backend_name}")
    if backend_name in ("hccl", "nccl"):
        need = "Ascend" if backend_name == "hccl" else "GPU"
        if device_target != need:
            raise RuntimeError(f"For 'init', the argument 'backend_name' should be "
                               f"'{DEVICE_TO_BACKEND.get(device_target, 'mccl')}' to init '{device_target}', "
                               f"but got '{backend_name}'.")
    rank, size = _dist.maybe_initialize()
    if not GlobalComm.INITED:
        _ops_comm.set_world(rank, size)
    GlobalComm.BACKEND = Backend(backend_name)
    GlobalComm.WORLD_COMM_GROUP = {"hccl": HCCL_WORLD_COMM_GROUP, "nccl": NCCL_WORLD_COMM_GROUP,
                                   "mccl": MCCL_WORLD_COMM_GROUP}[backend_name]
    GlobalComm.INITED = True
    _ops_comm._STATE["initialized"] = True
    _ops_comm._STATE["world"] = GlobalComm.WORLD_COMM_GROUP


def release():
    """Release the communication resources: the groups made by ``create_group`` are destroyed."""
    for g in list(_ExistingGroup.ITEMS):
        _ops_comm._STATE["groups"].pop(g, None)
        del _ExistingGroup.ITEMS[g]
        del _ExistingGroup.GROUP_RANKS[g]


def _check_group(name, group):
    if not isinstance(group, str):
        raise TypeError(f"For '{name}', the argument 'group' must be type of string, "
                        f"but got 'group' type : {type(group)}.")


def get_rank(group=GlobalComm.WORLD_COMM_GROUP):
    """This process's rank in ``group`` (before ``init()``: ``RANK_ID`` or 0)."""
    _check_group("get_rank", group)
    return _get_rank_helper(group=_get_group(group))


def get_local_rank(group=GlobalComm.WORLD_COMM_GROUP):
    """This process's rank among the processes of its node (before ``init()``: ``LOCAL_RANK`` or 0)."""
    _check_group("get_local_rank", group)
    return _get_local_rank_helper(group=_get_group(group))


def get_group_size(group=GlobalComm.WORLD_COMM_GROUP):
    """Number of processes in ``group`` (before ``init()``: ``RANK_SIZE`` or 1)."""
    _check_group("get_group_size", group)
    return _get_size_helper(group=_get_group(group))


def get_local_rank_size(group=GlobalComm.WORLD_COMM_GROUP):
    """Number of processes of ``group`` on this node (before ``init()``: ``LOCAL_RANK_SIZE`` or 1)."""
    _check_group("get_local_rank_size", group)
    return _get_local_size_helper(group=_get_group(group))


def get_world_rank_from_group_rank(group, group_rank_id):
    """World rank of rank ``group_rank_id`` of ``group``."""
    _check_group("get_world_rank_from_group_rank", group)
    return _get_world_rank_from_group_rank_helper(group=_get_group(group), group_rank_id=group_rank_id)


def get_group_rank_from_world_rank(world_rank_id, group):
    """Rank in ``group`` of the world rank ``world_rank_id``."""
    _check_group("get_group_rank_from_world_rank", group)
    return _get_group_rank_from_world_rank_helper(world_rank_id=world_rank_id, group=_get_group(group))


def create_group(group, rank_ids, options=None):
    """Create the group ``group`` of the world ranks ``rank_ids`` (its ranks follow their sorted order)."""
    _check_group("create_group", group)
    _create_group_helper(group, rank_ids, options)


def destroy_group(group):
    """Destroy a group made by ``create_group`` (the world group cannot be destroyed)."""
    _check_group("destroy_group", group)
    _destroy_group_helper(group)


def get_comm_name(group=GlobalComm.WORLD_COMM_GROUP):
    """Name of the communicator behind ``group``."""
    _check_group("get_comm_name", group)
    return _get_comm_name_helper(group=_get_group(group))


def get_process_group_ranks(group=GlobalComm.WORLD_COMM_GROUP):
    """World ranks of ``group``."""
    return _get_group_ranks(group=_get_group(group))
