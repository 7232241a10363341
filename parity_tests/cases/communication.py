"""``mindspore.communication`` after ``init()`` in a job of one process (rank 0 of 1).

``NEEDS_COMM``: the oracle runs this table under MindSpore's ``msrun`` with one worker and
``init()`` called (CPU backend ``mccl``); on mscompat's side each case calls
``communication.init()`` first (it is idempotent, and picks the backend of the current
device target).
"""
from parity_tests.harness import case

NEEDS_COMM = True


def _c(ms):
    c = ms.communication
    if ms.__name__ != "mindspore" or not c.GlobalComm.INITED:
        c.init()   # mscompat: again, as another test may have initialized under another device target
    return c


def _world(ms):
    return _c(ms).GlobalComm.WORLD_COMM_GROUP


def _made_group(ms):
    c = _c(ms)
    c.create_group("parity_one", [0])
    try:
        return (c.get_group_size("parity_one"), c.get_rank("parity_one"),
                c.get_world_rank_from_group_rank("parity_one", 0), c.get_group_rank_from_world_rank(0, "parity_one"),
                list(c.get_process_group_ranks("parity_one")))
    finally:
        c.destroy_group("parity_one")


CASES = [
    case("communication.GlobalComm/after_init", lambda ms: (_c(ms).GlobalComm.WORLD_COMM_GROUP,
                                                            str(_c(ms).GlobalComm.BACKEND), _c(ms).GlobalComm.INITED)),
    case("communication.world_names/constants", lambda ms: (_c(ms).HCCL_WORLD_COMM_GROUP, _c(ms).NCCL_WORLD_COMM_GROUP,
                                                            _c(ms).MCCL_WORLD_COMM_GROUP)),
    case("communication.get_rank/default", lambda ms: _c(ms).get_rank()),
    case("communication.get_rank/world", lambda ms: _c(ms).get_rank(_world(ms))),
    case("communication.get_rank/hccl_name", lambda ms: _c(ms).get_rank("hccl_world_group")),   # the default name
    case("communication.get_rank/bad_type", lambda ms: _c(ms).get_rank(1), error=True),
    case("communication.get_group_size/default", lambda ms: _c(ms).get_group_size()),
    case("communication.get_group_size/world", lambda ms: _c(ms).get_group_size(_world(ms))),
    case("communication.get_group_size/bad_type", lambda ms: _c(ms).get_group_size(None), error=True),
    case("communication.get_local_rank/default", lambda ms: _c(ms).get_local_rank()),
    case("communication.get_local_rank/bad_type", lambda ms: _c(ms).get_local_rank(2), error=True),
    # get_local_rank_size() itself is left out: MindSpore 2.10's CPU build answers 0 in a one-process
    # job (its mccl backend keeps no local group size); mscompat answers 1.
    case("communication.get_local_rank_size/bad_type", lambda ms: _c(ms).get_local_rank_size(2.0), error=True),
    case("communication.get_process_group_ranks/default", lambda ms: list(_c(ms).get_process_group_ranks())),
    case("communication.get_world_rank_from_group_rank/world",
         lambda ms: _c(ms).get_world_rank_from_group_rank(_world(ms), 0)),
    case("communication.get_world_rank_from_group_rank/bad_rank_type",
         lambda ms: _c(ms).get_world_rank_from_group_rank(_world(ms), "0"), error=True),
    case("communication.get_world_rank_from_group_rank/bad_group_type",
         lambda ms: _c(ms).get_world_rank_from_group_rank(0, 0), error=True),
    case("communication.get_group_rank_from_world_rank/world",
         lambda ms: _c(ms).get_group_rank_from_world_rank(0, _world(ms))),
    case("communication.get_group_rank_from_world_rank/bad_rank_type",
         lambda ms: _c(ms).get_group_rank_from_world_rank(0.0, _world(ms)), error=True),
    case("communication.get_group_rank_from_world_rank/bad_group_type",
         lambda ms: _c(ms).get_group_rank_from_world_rank(0, None), error=True),
    case("communication.create_group/one_rank", _made_group),
    case("communication.create_group/bad_name_type", lambda ms: _c(ms).create_group(1, [0]), error=True),
    case("communication.create_group/ranks_not_list", lambda ms: _c(ms).create_group("pg_bad", (0,)), error=True),
    case("communication.create_group/empty", lambda ms: _c(ms).create_group("pg_bad", []), error=True),
    case("communication.create_group/duplicates", lambda ms: _c(ms).create_group("pg_bad", [0, 0]), error=True),
    case("communication.destroy_group/world", lambda ms: _c(ms).destroy_group(_world(ms)), error=True),
    case("communication.destroy_group/bad_type", lambda ms: _c(ms).destroy_group(3), error=True),
    case("communication.init/bad_backend_type", lambda ms: _c(ms).init(1), error=True),
    case("communication.init/unknown_backend", lambda ms: _c(ms).init("abc"), error=True),
    case("communication.init/hccl_on_cpu", lambda ms: _c(ms).init("hccl"), error=True),
    case("communication.init/nccl_on_cpu", lambda ms: _c(ms).init("nccl"), error=True),
]
