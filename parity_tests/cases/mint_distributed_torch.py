"""mindspore.mint.distributed on one process where real MindSpore 2.10's CPU build cannot run the call,
compared with ``torch.distributed`` (gloo, world size 1, rank 0), to which ``mint.distributed`` is
documented as aligned.

MindSpore's CPU build stops (a) at a missing kernel: ``DistCommAllGatherIntoTensor(Uneven)``,
``DistCommReduceScatterTensorUneven``; or (b) before communicating, for the object collectives
``gather_object``/``scatter_object_list``/``broadcast_object_list`` and for ``send``/``isend``: they
look up this process's rank in the Ascend world group ``hccl_world_group`` (their default argument),
which the CPU build does not create (RuntimeError "The group hccl_world_group does not exist");
``init_process_group`` accepts only the backend ``'hccl'``, which the CPU build refuses. Those cases
name the reason as ``ms_crashes`` (MindSpore is not run; PyTorch is the only oracle).

Each ``torch_ref`` runs in a gloo process group of one rank set up for the case and destroyed after
it (the test process's torch state is left as it was). PyTorch has no uneven gather/reduce-scatter:
with one rank, ``output_split_sizes``/``input_split_sizes`` name the whole first dimension, and the
uneven call is PyTorch's even one.

``NEEDS_COMM``: the MindSpore oracle runs this table after ``init()`` (see parity_tests/README.md)."""
import json
import os
import pathlib
import signal
import socket
import subprocess
import sys
import tempfile

import numpy as np

from parity_tests.harness import case, F32, I32

NEEDS_COMM = True

_HCCL_GROUP = ("not run on MindSpore: its CPU build fails before communicating, looking this rank up in the Ascend "
               "world group hccl_world_group, which it does not create (RuntimeError)")
_INIT = ("not run on MindSpore: its CPU build refuses init_process_group's only backend 'hccl' (RuntimeError), and "
         "destroying the world would end communication for the later cases of the oracle worker")


def _D(ms):
    return ms.mint.distributed


def _gloo(body):
    """``torch_ref`` running ``body(torch, dist, *inputs)`` in a one-rank gloo group."""
    def ref(torch, *args):
        dist = torch.distributed
        dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
        try:
            return body(torch, dist, *args)
        finally:
            dist.destroy_process_group()
    return ref


_DTYPES = (("f32", F32(3, 2, seed=640)), ("i32", I32(4, 3, seed=641)), ("f16", F32(2, 2, 2, seed=642).astype(np.float16)),
           ("i8", I32(3, seed=643).astype(np.int8)))

CASES = []

# ---------------------------------------------------------------------------------------
# all_gather_into_tensor(_uneven), reduce_scatter_tensor_uneven: result written into ``out``

for tag, x in _DTYPES:
    z = np.zeros_like(x)
    rows = x.shape[0]
    CASES += [
        case(f"mint.distributed.all_gather_into_tensor/{tag}",
             lambda ms, out, x: (_D(ms).all_gather_into_tensor(out, x), out), z, x,
             torch_ref=_gloo(lambda torch, dist, out, x: (dist.all_gather_into_tensor(out, x), out))),
        case(f"mint.distributed.all_gather_into_tensor_uneven/{tag}",
             lambda ms, out, x, n=rows: (_D(ms).all_gather_into_tensor_uneven(out, x, [n]), out), z, x,
             torch_ref=_gloo(lambda torch, dist, out, x: (dist.all_gather_into_tensor(out, x), out))),
        case(f"mint.distributed.reduce_scatter_tensor_uneven/{tag}",
             lambda ms, out, x, n=rows: (_D(ms).reduce_scatter_tensor_uneven(out, x, [n]), out), z, x,
             torch_ref=_gloo(lambda torch, dist, out, x: (dist.reduce_scatter_tensor(out, x), out))),
    ]

_X = F32(4, 3, seed=644)
_Z = np.zeros_like(_X)


def _handle(h):
    """A handle was returned, and waiting on it returns (PyTorch's ``wait()`` gives True, MindSpore's None)."""
    ok = h is not None
    h.wait()
    return ok


CASES += [
    case("mint.distributed.all_gather_into_tensor/async", lambda ms, out, x: (
        _handle(_D(ms).all_gather_into_tensor(out, x, async_op=True)), out), _Z, _X,
        torch_ref=_gloo(lambda torch, dist, out, x: (_handle(dist.all_gather_into_tensor(out, x, async_op=True)), out))),
    case("mint.distributed.all_gather_into_tensor_uneven/no_split_sizes", lambda ms, out, x: (
        _D(ms).all_gather_into_tensor_uneven(out, x), out), _Z, _X,
        torch_ref=_gloo(lambda torch, dist, out, x: (dist.all_gather_into_tensor(out, x), out))),
    case("mint.distributed.all_gather_into_tensor_uneven/async", lambda ms, out, x: (
        _handle(_D(ms).all_gather_into_tensor_uneven(out, x, [4], async_op=True)), out), _Z, _X,
        torch_ref=_gloo(lambda torch, dist, out, x: (_handle(dist.all_gather_into_tensor(out, x, async_op=True)), out))),
    case("mint.distributed.all_gather_into_tensor_uneven/bad_output_shape", lambda ms, out, x: (
        _D(ms).all_gather_into_tensor_uneven(out, x, [4])), np.zeros((5, 3), np.float32), _X, error=True,
        torch_ref=_gloo(lambda torch, dist, out, x: dist.all_gather_into_tensor(out, x)), ms_error="ValueError"),
    case("mint.distributed.reduce_scatter_tensor_uneven/no_split_sizes", lambda ms, out, x: (
        _D(ms).reduce_scatter_tensor_uneven(out, x), out), _Z, _X,
        torch_ref=_gloo(lambda torch, dist, out, x: (dist.reduce_scatter_tensor(out, x), out))),
    case("mint.distributed.reduce_scatter_tensor_uneven/max", lambda ms, out, x: (
        _D(ms).reduce_scatter_tensor_uneven(out, x, [4], op="max"), out), _Z, _X,
        torch_ref=_gloo(lambda torch, dist, out, x: (dist.reduce_scatter_tensor(out, x, op=dist.ReduceOp.MAX), out))),
    case("mint.distributed.reduce_scatter_tensor_uneven/bad_output_shape", lambda ms, out, x: (
        _D(ms).reduce_scatter_tensor_uneven(out, x, [4])), np.zeros((2, 3), np.float32), _X, error=True,
        torch_ref=_gloo(lambda torch, dist, out, x: dist.reduce_scatter_tensor(out, x)), ms_error="ValueError"),
]

# ---------------------------------------------------------------------------------------
# object collectives (MindSpore's CPU build fails on the Ascend world group)

_OBJ = {"a": [1, 2.5], "b": ("x", None)}


def _objects(call):
    """``call(out)`` then ``(its return value, out)``."""
    def run(out):
        return call(out), out
    return run


CASES += [
    case("mint.distributed.gather_object/dict", lambda ms: _objects(lambda out: _D(ms).gather_object(_OBJ, out))([None]),
         torch_ref=_gloo(lambda torch, dist: _objects(lambda out: dist.gather_object(_OBJ, out))([None])),
         ms_crashes=_HCCL_GROUP),
    case("mint.distributed.scatter_object_list/tuple", lambda ms: _objects(
        lambda out: _D(ms).scatter_object_list(out, [("x", 3.5, [1])]))([None]),
        torch_ref=_gloo(lambda torch, dist: _objects(lambda out: dist.scatter_object_list(out, [("x", 3.5, [1])]))([None])),
        ms_crashes=_HCCL_GROUP),
    case("mint.distributed.scatter_object_list/longer_output", lambda ms: _objects(
        lambda out: _D(ms).scatter_object_list(out, [7]))([None, "kept"]),
        torch_ref=_gloo(lambda torch, dist: _objects(lambda out: dist.scatter_object_list(out, [7]))([None, "kept"])),
        ms_crashes=_HCCL_GROUP),
    case("mint.distributed.broadcast_object_list/mixed", lambda ms: _objects(
        lambda out: _D(ms).broadcast_object_list(out, 0))([1, "two", {"3": [4.0]}, None]),
        torch_ref=_gloo(lambda torch, dist: _objects(
            lambda out: dist.broadcast_object_list(out, 0))([1, "two", {"3": [4.0]}, None])),
        ms_crashes=_HCCL_GROUP),
]

# ---------------------------------------------------------------------------------------
# send/isend to the process itself: ValueError (MindSpore's documented check; PyTorch raises too)

CASES += [
    case("mint.distributed.send/bad_to_itself", lambda ms, x: _D(ms).send(x, 0), _X, error=True,
         torch_ref=_gloo(lambda torch, dist, x: dist.send(x, 0)), ms_crashes=_HCCL_GROUP, ms_error="ValueError"),
    case("mint.distributed.isend/bad_to_itself", lambda ms, x: _D(ms).isend(x, 0), _X, error=True,
         torch_ref=_gloo(lambda torch, dist, x: dist.isend(x, 0)), ms_crashes=_HCCL_GROUP, ms_error="ValueError"),
]

# ---------------------------------------------------------------------------------------
# process group life cycle


def _life_cycle(ms):
    """Leave the world, see it gone, join it again (the comm fixture's world is restored)."""
    D = _D(ms)
    D.destroy_process_group()
    gone = D.is_initialized()
    ret = D.init_process_group()
    return gone, ret, D.is_initialized(), D.get_rank(), D.get_world_size()


def _torch_life_cycle(torch):
    dist = torch.distributed
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    dist.destroy_process_group()
    gone = dist.is_initialized()
    ret = dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        return gone, ret, dist.is_initialized(), dist.get_rank(), dist.get_world_size()
    finally:
        dist.destroy_process_group()


CASES += [
    case("mint.distributed.init_process_group/after_destroy", _life_cycle, torch_ref=_torch_life_cycle,
         ms_crashes=_INIT),
    case("mint.distributed.destroy_process_group/world", _life_cycle, torch_ref=_torch_life_cycle, ms_crashes=_INIT),
]

# ---------------------------------------------------------------------------------------
# point to point between two processes: send/recv, isend/irecv, batch_isend_irecv, object lists.
# Each framework runs ``_mint_p2p_worker`` once as a two-process job (mscompat under its launcher
# ``python -m mscompat.run``, PyTorch as two gloo processes); the cases read what the ranks received.

_TWO_RANKS = ("not run on MindSpore: a two-process exchange, while the MindSpore oracle is one msrun worker, and "
              "MindSpore's CPU build cannot send (send/isend look this rank up in hccl_world_group, which it does "
              "not create: RuntimeError)")
_WORKER = "parity_tests.cases._mint_p2p_worker"
_ROOT = pathlib.Path(__file__).resolve().parents[2]
_P2P = {}   # framework -> (rank 0's results, rank 1's results) or the run's error, one run per test session


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _kill(procs):
    """End the process groups this table started (each job's session: the launcher and its workers)."""
    for p in procs:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        p.wait()


def _run_two_ranks(framework):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MS_", "RANK_"))}
    with tempfile.TemporaryDirectory(prefix="mint_p2p_") as d:
        port = _free_port()
        if framework == "torch":
            cmds = [[sys.executable, "-m", _WORKER, "torch", d, str(port), str(r)] for r in (0, 1)]
        else:
            cmds = [[sys.executable, "-m", "mscompat.run", "--worker_num=2", "--local_worker_num=2",
                     "--master_addr=127.0.0.1", f"--master_port={port}", f"--log_dir={d}/log", "--join=True",
                     "--cluster_time_out=60", "python", "-m", _WORKER, "mscompat", d]]
        procs = [subprocess.Popen(c, cwd=str(_ROOT), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  text=True, errors="replace", start_new_session=True) for c in cmds]
        try:
            errs = [p.communicate(timeout=240)[1] for p in procs]
        except BaseException:
            _kill(procs)
            raise
        if any(p.returncode for p in procs):   # workers of a failed launcher may be left
            _kill(procs)
        files = [pathlib.Path(d) / f"rank{r}.json" for r in (0, 1)]
        if not all(f.exists() for f in files):
            logs = "".join(f.read_text(errors="replace")[-1500:] for f in sorted(pathlib.Path(d).glob("log/*.log")))
            raise RuntimeError(f"the two-process {framework} run failed: {''.join(errs)[-2000:]}{logs}")
        return tuple(json.loads(f.read_text()) for f in files)


def _two_ranks(framework):
    """Both ranks' results; a failed run is remembered too (the later cases fail at once, not after a rerun)."""
    if framework not in _P2P:
        try:
            _P2P[framework] = _run_two_ranks(framework)
        except (RuntimeError, OSError, subprocess.SubprocessError) as e:
            _P2P[framework] = e
    if isinstance(_P2P[framework], Exception):
        raise RuntimeError(f"the two-process {framework} job failed before: {_P2P[framework]}")
    return _P2P[framework]


def _p2p_case(name, pick):
    """A case of ``pick(rank0, rank1, tensor)``, ``tensor`` making the framework's Tensor of a record."""
    def fn(ms):
        return pick(*_two_ranks("mscompat"), lambda rec: ms.Tensor(_array(rec)))

    def ref(torch):
        return pick(*_two_ranks("torch"), lambda rec: torch.from_numpy(_array(rec)))
    return case(name, fn, torch_ref=ref, ms_crashes=_TWO_RANKS)


def _array(rec):
    dtype, shape, values = rec
    return np.array(values, dtype=dtype).reshape(shape)


for _tag in ("f32", "i32", "f16", "i8"):
    CASES += [
        _p2p_case(f"mint.distributed.send/two_ranks_{_tag}", lambda r0, r1, T, t=_tag: (r0[f"send_{t}"], T(r1[f"recv_{t}"]))),
        _p2p_case(f"mint.distributed.recv/two_ranks_{_tag}",
                  lambda r0, r1, T, t=_tag: (r1[f"recv_ret_{t}"], T(r1[f"recv_{t}"]))),
        _p2p_case(f"mint.distributed.isend/two_ranks_{_tag}",
                  lambda r0, r1, T, t=_tag: (r1[f"isend_handle_{t}"], T(r0[f"irecv_{t}"]))),
        _p2p_case(f"mint.distributed.irecv/two_ranks_{_tag}",
                  lambda r0, r1, T, t=_tag: (r0[f"irecv_handle_{t}"], T(r0[f"irecv_{t}"]))),
        _p2p_case(f"mint.distributed.batch_isend_irecv/two_ranks_{_tag}",
                  lambda r0, r1, T, t=_tag: (T(r0[f"batch_{t}"]), T(r1[f"batch_{t}"]))),
    ]
    CASES += [
        _p2p_case(f"mint.distributed.gather/two_ranks_{_tag}",
                  lambda r0, r1, T, t=_tag: [T(r0[f"gather_{t}_{i}"]) for i in range(2)]),
        _p2p_case(f"mint.distributed.scatter/two_ranks_{_tag}",
                  lambda r0, r1, T, t=_tag: [T(r0[f"scatter_{t}"]), T(r1[f"scatter_{t}"])]),
    ]
CASES += [
    _p2p_case(f"mint.distributed.{name}/two_ranks", lambda r0, r1, T, k=name: (r0[k], r1[k]))
    for name in ("all_gather_object", "broadcast_object_list", "gather_object", "scatter_object_list")
]
CASES += [
    _p2p_case("mint.distributed.send_object_list/two_ranks",
              lambda r0, r1, T: (r0["send_object_list"], r1["recv_object_list"])),
    _p2p_case("mint.distributed.recv_object_list/two_ranks",
              lambda r0, r1, T: (r1["recv_object_list_ret"], r1["recv_object_list"])),
]
