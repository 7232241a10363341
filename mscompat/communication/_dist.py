"""Several processes: JAX's distributed runtime, started from the launcher's environment.

``python -m mscompat.run`` (like MindSpore's ``msrun``) exports to every worker
``MS_WORKER_NUM`` (processes in the job), ``MS_SCHED_HOST``/``MS_SCHED_PORT`` (the master's
address), ``MS_NODE_ID``/``RANK_ID`` (this process's rank), ``MS_ROLE=MS_WORKER`` and
``MS_TOPO_TIMEOUT`` (``--cluster_time_out``). When those say there are several processes,
:func:`maybe_initialize` calls ``jax.distributed.initialize`` (rank 0 hosts the
coordination service on the master address), with gloo as the CPU collectives so that
host-platform programs exchange data across processes, and a short heartbeat so that a
process whose peer died fails within ``MSCOMPAT_HEARTBEAT_TIMEOUT`` seconds (default 20)
instead of hanging. Nothing else in mscompat calls ``jax.distributed.initialize``.
"""
import os
import sys
import traceback
import jax
from jax._src import xla_bridge

_INFO = {"initialized": False, "num": 1, "rank": 0, "local_rank": 0, "local_size": 1}


def launcher_env():
    """(num_processes, rank, coordinator address, cluster timeout) from the launcher's variables,
    or None when they do not describe a job of several processes."""
    num = os.environ.get("MS_WORKER_NUM")
    host, port = os.environ.get("MS_SCHED_HOST"), os.environ.get("MS_SCHED_PORT")
    if not num or not host or not port or int(num) <= 1:
        return None
    rank = os.environ.get("MS_NODE_ID", os.environ.get("RANK_ID"))
    if rank is None or not rank.lstrip("-").isdigit() or int(rank) < 0:
        raise RuntimeError("The launcher did not assign a rank id to this process (MS_NODE_ID / RANK_ID); "
                           "with several nodes set '--node_rank' so that rank ids are known before init().")
    timeout = int(os.environ.get("MS_TOPO_TIMEOUT", "600"))
    return int(num), int(rank), f"{host}:{port}", timeout if timeout > 0 else 24 * 3600


def heartbeat_timeout():
    return int(os.environ.get("MSCOMPAT_HEARTBEAT_TIMEOUT", "20"))


def _excepthook(kind, value, tb):
    """An uncaught error in a worker of several processes: print it, tell the peers' logs why the job
    stops, and exit at once (the runtime's shutdown barrier would wait for the peers)."""
    traceback.print_exception(kind, value, tb)
    text = f"{kind.__name__}: {value}"
    if any(k in text for k in ("Gloo", "Connection closed by peer", "heartbeat", "Distributed communication failed")):
        why = "a collective communication failed: another process of the job has exited or is unreachable"
    else:
        why = f"{kind.__name__} raised here; the other processes of the job will fail in their next collective"
    print(f"[ERROR] DISTRIBUTED: rank {_INFO['rank']} of {_INFO['num']} exits with exception ({why}).",
          file=sys.stderr, flush=True)
    sys.stdout.flush()
    os._exit(1)


def maybe_initialize():
    """Start JAX's distributed runtime when the launcher's environment says there are several processes.
    Returns (rank, number of processes)."""
    if _INFO["initialized"]:
        return _INFO["rank"], _INFO["num"]
    env = launcher_env()
    if env is None:
        return 0, 1
    num, rank, address, timeout = env
    if xla_bridge.backends_are_initialized():
        # JAX ran something before init(): start over with fresh backends (arrays made before are lost),
        # as MindSpore asks init() to come before any Tensor is made.
        import jax.extend.backend as jeb  # deferred: only a re-init after JAX ran needs it
        jeb.clear_backends()
    jax.config.update("jax_cpu_collectives_implementation", "gloo")
    try:
        jax.distributed.initialize(address, num_processes=num, process_id=rank,
                                   initialization_timeout=timeout,
                                   heartbeat_timeout_seconds=heartbeat_timeout(),
                                   shutdown_timeout_seconds=timeout)   # peers may end far apart
    except Exception as e:
        raise RuntimeError(f"For 'init', building the cluster of {num} processes at {address} failed for rank "
                           f"{rank} within {timeout} seconds: {e}") from e
    _INFO.update(initialized=True, num=jax.process_count(), rank=jax.process_index(),
                 local_rank=int(os.environ.get("DEVICE_ID", "0")),
                 local_size=int(os.environ.get("MSCOMPAT_LOCAL_WORKER_NUM", str(num))))
    sys.excepthook = _excepthook
    return _INFO["rank"], _INFO["num"]


def info():
    return dict(_INFO)
