"""``mindspore.communication``: collective communication between the processes of a job.

Start several processes with ``python -m mscompat.run`` (MindSpore's ``msrun`` flags) and call
``init()`` in each; ranks are processes. Collective ops: ``mscompat.ops`` (Primitives such as
``AllReduce``, which act over mesh devices inside ``shard_map``) and ``comm_func``.
"""
from .management import (GlobalComm, init, release, get_rank, get_group_size, get_world_rank_from_group_rank,
                         get_group_rank_from_world_rank, create_group, get_comm_name, HCCL_WORLD_COMM_GROUP,
                         NCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP, get_local_rank, get_local_rank_size,
                         destroy_group, get_process_group_ranks)
from . import comm_func  # noqa: F401

__all__ = [
    "GlobalComm", "init", "release", "get_rank", "get_group_size", "get_world_rank_from_group_rank",
    "get_group_rank_from_world_rank", "create_group", "get_comm_name",
    "HCCL_WORLD_COMM_GROUP", "NCCL_WORLD_COMM_GROUP", "MCCL_WORLD_COMM_GROUP", "get_local_rank",
    "get_local_rank_size", "destroy_group", "get_process_group_ranks",
]
