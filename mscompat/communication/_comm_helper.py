"""Backends, the world description (``GlobalComm``) and the group table behind
``mindspore.communication``. Ranks are processes; the group table itself lives in
``mscompat.ops._comm`` so that the collective ops and this module share it."""
import functools
import os

from mscompat.ops import _comm as _ops_comm
from . import _dist
from mscompat import log as logger

HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
MCCL_WORLD_COMM_GROUP = "mccl_world_group"

DEVICE_TO_BACKEND = {"Ascend": "hccl", "GPU": "nccl", "CPU": "mccl"}


class Backend:
    """The communication libraries' names: ``Backend("hccl")`` is ``"hccl"``."""

    UNDEFINED = "undefined"
    HCCL = "hccl"
    NCCL = "nccl"
    MCCL = "mccl"

    def __new__(cls, name):
        if not isinstance(name, str):
            raise TypeError("For 'Backend', the class variable 'name' must be a string, "
                            f"but got the type : {type(name)}")
        value = getattr(Backend, name.upper(), Backend.UNDEFINED)
        if value == Backend.UNDEFINED:
            raise ValueError(f"For 'Backend', the class variable 'name' {name} is not supported, "
                             "please use hccl or nccl.")
        return value


DEFAULT_BACKEND = Backend("hccl")


class GlobalComm:
    """The world: ``BACKEND`` (``"hccl"``/``"nccl"``/``"mccl"``), ``WORLD_COMM_GROUP`` (its group
    name), ``INITED`` (whether ``init()`` ran), ``CHECK_ENVS``."""

    BACKEND = DEFAULT_BACKEND
    WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP
    INITED = False
    CHECK_ENVS = True


class _ExistingGroup:
    """Groups made by ``create_group``: their rank lists and world rank -> group rank maps."""

    ITEMS = {}
    GROUP_RANKS = {}


_BYPASS = ("_get_rank_helper", "_get_local_rank_helper", "_get_size_helper", "_get_local_size_helper")


def check_parameter_available(func):
    """Before ``init()`` only the rank/size queries may run (they read the launcher's variables)."""
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        if not GlobalComm.INITED and func.__name__ not in _BYPASS:
            raise RuntimeError("Distributed Communication has not been inited."
                               "You can't invoke this interface yet. Please call `init()` method first.")
        group = kwargs.get("group")
        if group is not None and not isinstance(group, str):
            raise TypeError(f"The parameter 'group' should be str or None, but got the type : {type(group)}")
        return func(*args, **kwargs)
    return wrapper


def _is_world(group):
    return group in (HCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP)


def _ranks(group):
    """World ranks of ``group`` (sorted); RuntimeError for an unknown group."""
    if _is_world(group):
        return list(range(_ops_comm.world_size()))
    if group not in _ExistingGroup.ITEMS:
        raise RuntimeError(f"The group '{group}' does not exist: create it with 'create_group' first.")
    return _ops_comm.group_ranks(group)


def _is_available():
    return True


def _is_initialized():
    return GlobalComm.INITED


def _get_backend():
    return GlobalComm.BACKEND


@check_parameter_available
def _get_rank_helper(group):
    if not GlobalComm.INITED:
        return int(os.getenv("RANK_ID", "0"))
    ranks = _ranks(group)
    me = _ops_comm.world_rank()
    if me not in ranks:
        raise RuntimeError(f"The rank {me} is not a member of the group '{group}' (ranks {ranks}).")
    return ranks.index(me)


@check_parameter_available
def _get_local_rank_helper(group):
    if not GlobalComm.INITED:
        return int(os.getenv("LOCAL_RANK", "0"))
    _ranks(group)
    return _dist.info()["local_rank"]


@check_parameter_available
def _get_size_helper(group):
    if not GlobalComm.INITED:
        return int(os.getenv("RANK_SIZE", "1"))
    return len(_ranks(group))


@check_parameter_available
def _get_local_size_helper(group):
    if not GlobalComm.INITED:
        return int(os.getenv("LOCAL_RANK_SIZE", "1"))
    _ranks(group)
    return _dist.info()["local_size"] if _ops_comm.world_size() > 1 else 1


def _check_rank_id(api, arg, value):
    if not isinstance(value, int):
        raise TypeError(f"For '{api}', the argument '{arg}' must be type of int, but got '{arg}' type : "
                        f"{type(value)}.")


@check_parameter_available
def _get_world_rank_from_group_rank_helper(group, group_rank_id):
    _check_rank_id("get_world_rank_from_group_rank", "group_rank_id", group_rank_id)
    ranks = _ranks(group)
    if not 0 <= group_rank_id < len(ranks):
        raise RuntimeError(f"For 'get_world_rank_from_group_rank', the group rank {group_rank_id} is out of the "
                           f"range [0, {len(ranks)}) of group '{group}'.")
    return ranks[group_rank_id]


@check_parameter_available
def _get_group_rank_from_world_rank_helper(world_rank_id, group):
    _check_rank_id("get_group_rank_from_world_rank", "world_rank_id", world_rank_id)
    ranks = _ranks(group)
    if world_rank_id not in ranks:
        raise RuntimeError(f"For 'get_group_rank_from_world_rank', the world rank {world_rank_id} is not a member "
                           f"of group '{group}' (ranks {ranks}).")
    return ranks.index(world_rank_id)


@check_parameter_available
def _get_group_rank_from_world_rank_from_cache_helper(world_rank_id, group):
    _check_rank_id("get_group_rank_from_world_rank_from_cache", "world_rank_id", world_rank_id)
    if group == GlobalComm.WORLD_COMM_GROUP or _is_world(group):
        return world_rank_id
    if group not in _ExistingGroup.GROUP_RANKS:
        raise KeyError("For 'get_group_rank_from_world_rank_from_cache', the argument 'group' is not "
                       f"found in GROUP_RANKS, 'group' : {group}, 'world_rank_id' : {world_rank_id}")
    if world_rank_id not in _ExistingGroup.GROUP_RANKS[group]:
        raise KeyError("For 'get_group_rank_from_world_rank_from_cache', the argument 'world_rank_id' is not "
                       f"found in GROUP_RANKS, 'group' : {group}, 'world_rank_id' : {world_rank_id}")
    return _ExistingGroup.GROUP_RANKS[group][world_rank_id]


@check_parameter_available
def _get_group_ranks(group):
    return _ranks(group)


@check_parameter_available
def _create_group_helper(group, rank_ids, options=None):
    if group in _ExistingGroup.ITEMS:
        if rank_ids != _ExistingGroup.ITEMS.get(group):
            raise ValueError(f"The group {group} has been created, the rank_list is {_ExistingGroup.ITEMS[group]}, "
                             f"but current rank_list for the group is {rank_ids}")
        logger.warning("%r group has existed.", group)
        return
    if not isinstance(rank_ids, list):
        raise TypeError("For 'create_group', the argument 'rank_ids' must be type of list, "
                        f"but got 'rank_ids' type : {type(rank_ids)}.")
    if len(rank_ids) < 1:
        raise ValueError("For 'create_group', the argument 'rank_ids' size should be greater than 1, "
                         f"but got 'rank_ids' size : {len(rank_ids)}.")
    if len(rank_ids) != len(set(rank_ids)):
        raise ValueError(f"List rank_ids in Group {group} has duplicate data!")
    if _is_world(group):
        raise RuntimeError(f"Failed to create communication group for {group} with rank ids {rank_ids}: "
                           "the name is the world group's.")
    top = _ops_comm.max_rank()
    if not all(isinstance(r, int) and not isinstance(r, bool) and 0 <= r < top for r in rank_ids):
        raise RuntimeError(f"Failed to create communication group for {group} with rank ids {rank_ids}: "
                           f"the rank ids must be world ranks (processes) or, for collectives inside shard_map, "
                           f"device positions, in [0, {top}).")
    _ops_comm.register_group(group, rank_ids)
    _ExistingGroup.ITEMS[group] = rank_ids
    _ExistingGroup.GROUP_RANKS[group] = {w: g for g, w in enumerate(sorted(rank_ids))}


@check_parameter_available
def _destroy_group_helper(group):
    if group == GlobalComm.WORLD_COMM_GROUP or _is_world(group):
        raise ValueError("The world_group does not support destruction.")
    if group not in _ExistingGroup.ITEMS:
        raise RuntimeError(f"The group '{group}' does not exist: it cannot be destroyed.")
    _ops_comm._STATE["groups"].pop(group, None)
    del _ExistingGroup.ITEMS[group]
    del _ExistingGroup.GROUP_RANKS[group]


@check_parameter_available
def _get_comm_name_helper(group):
    ranks = _ranks(group)
    return f"{GlobalComm.BACKEND}_{group}_{len(ranks)}"


def _get_group_map():
    """``{group name: world ranks}`` of the communication groups this process knows: the world
    group once ``init()`` ran, and every group ``create_group`` made ({} before ``init()``)."""
    groups = {}
    if GlobalComm.INITED:
        groups[GlobalComm.WORLD_COMM_GROUP] = list(range(_ops_comm.world_size()))
    groups.update({name: list(ranks) for name, ranks in _ExistingGroup.ITEMS.items()})
    return groups


def _remove_group_info(group_name):
    """Forget the group ``group_name`` (after its communicator was destroyed by other means, as
    in MindSpore's fault recovery); a name it does not know is ignored."""
    if _is_world(group_name):
        return
    _ops_comm._STATE["groups"].pop(group_name, None)
    _ExistingGroup.ITEMS.pop(group_name, None)
    _ExistingGroup.GROUP_RANKS.pop(group_name, None)
