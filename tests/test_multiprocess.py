"""Several processes on this machine: the launcher ``python -m mscompat.run`` (msrun's flags)
starts 2 workers x 2 host devices over loopback; ``communication.init()`` joins them through
JAX's distributed runtime. Host-level collectives exchange real data; a worker that fails or
is killed stops the job within 60 s with a clear error and leaves no process behind."""
import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from tests._mp_util import (ROOT, free_port, worker_env, worker_pids, alive, run_launcher, start_launcher,
                            kill_all, wait_for, read)

COLL = os.path.join(ROOT, "tests", "_mp_collectives.py")
LOOP = os.path.join(ROOT, "tests", "_mp_loop.py")


def test_launcher_host_collectives(tmp_path):
    out_dir, logs = tmp_path / "out", tmp_path / "logs"
    out_dir.mkdir()
    rc, secs, console = run_launcher(COLL, str(logs), worker_env(MP_OUT=out_dir))
    assert rc == 0, console[-3000:] + read(logs / "worker_0.log")[-3000:] + read(logs / "worker_1.log")[-3000:]
    assert secs < 60
    assert {"worker_0.log", "worker_1.log", "scheduler.log"} <= set(os.listdir(logs))
    assert "Start worker process with rank id:0" in console and "worker 1 done" in console   # --join copies logs
    r = [json.load(open(out_dir / f"rank_{i}.json")) for i in range(2)]
    x = [np.arange(6, dtype=np.float32).reshape(2, 3) + 10 * k for k in range(2)]
    for k in range(2):
        got = r[k]
        assert got["pre"] == [k, 2] and got["rank"] == k and got["size"] == 2 and got["local_rank"] == k
        assert got["world"] == "mccl_world_group" and got["devices"] == [2, 4, 2]
        np.testing.assert_array_equal(got["allreduce_prim"], x[0] + x[1])
        np.testing.assert_array_equal(got["allreduce_max"], np.maximum(x[0], x[1]))
        np.testing.assert_array_equal(got["allgather_prim"], np.concatenate(x))
        rs = np.arange(8, dtype=np.float32).reshape(4, 2) * 3         # (rank+1) summed over ranks 0, 1
        np.testing.assert_array_equal(got["reducescatter_prim"], rs[2 * k:2 * k + 2])
        np.testing.assert_array_equal(got["broadcast_prim"], x[1])
        a2a = [np.arange(4) + 100 * s for s in range(2)]               # rank k gets block k of every rank
        np.testing.assert_array_equal(got["alltoall_prim"], np.concatenate([a[2 * k:2 * k + 2] for a in a2a]))
        assert got["cf_all_reduce"] == [3, 6] and got["mint_all_reduce"] == [3.0]
        np.testing.assert_array_equal(got["cf_broadcast"], x[0])
        assert got["objects"] == [{"rank": 0}, {"rank": 1}]
        assert got["group"] == [2, k] and got["group_allreduce"] == [1]
    assert r[1]["cf_recv"] == [7.5, 8.5]
    np.testing.assert_array_equal(r[1]["prim_receive"], x[0])
    for k in range(2):   # the mint-style functions and the uneven ones
        got = r[k]
        np.testing.assert_array_equal(got["mint_gather_into"], np.concatenate(x))
        assert got["mint_reduce_scatter_tensor"] == [[6.0 * k, 6.0 * k + 3]]
        assert got["mint_broadcast"] == [6.0]
        assert got["mint_all_gather_list"] == [[0.0, 0.0], [1.0, 1.0]]
        assert got["mint_reduce_scatter_list"] == ([3.0, 3.0] if k == 0 else [30.0, 30.0])
        assert got["mint_all_to_all"] == [[float(k)], [10.0 + k]]
        assert got["mint_all_to_all_single"] == ([0.0, 10.0, 11.0] if k == 0 else [1.0, 2.0, 12.0])
        assert got["mint_scatter_tensor"] == [2.0 * k, 2.0 * k + 1]
        assert got["mint_gather_into_tensor"] == ([0.0, 0.0] if k == 0 else [0.0, 1.0])
        assert got["mint_reduce"] == ([3.0] if k == 0 else [2.0])
        assert got["bcast_objects"] == ["a", 1]
        assert got["alltoallv"] == ([0.0, 10.0, 11.0] if k == 0 else [1.0, 2.0, 12.0])
        assert got["allgatherv"] == [0.0, 0.0, 1.0]
        assert got["cf_scatter"] == [100.0 + 2 * k, 101.0 + 2 * k]
        assert got["cf_gather"] == ([0.0, 1.0] if k == 0 else [0.0])
        assert got["cf_reduce_scatter"] == [6.0 * k, 6.0 * k + 3]
        assert got["cf_allgather"] == [[0.0], [1.0]]
        assert got["traced_allreduce"] == [3.0, 4.0]
        # rows 0,1 (process 0) and 10,11 (process 1) on 4 devices: every device gets the sum of the 4 rows
        assert got["shard_map_allreduce"] == [[24.0, 28.0]]


def _assert_no_workers(logs, pids):
    assert len(pids) == 2
    wait_for(lambda: not any(alive(p) for p in pids), 10, f"workers {pids} to be gone")


def test_worker_error_stops_job(tmp_path):
    """Rank 1 raises; rank 0, waiting in a barrier, fails at once with a clear error; exit status 1."""
    out_dir, logs = tmp_path / "out", tmp_path / "logs"
    out_dir.mkdir()
    rc, secs, console = run_launcher(COLL, str(logs), worker_env(MP_OUT=out_dir, MP_FAIL_RANK=1))
    assert rc == 1 and secs < 60, console[-3000:]
    assert "Distributed job exited with exception. Please check logs in directory" in console
    assert "ValueError: injected failure" in read(logs / "worker_1.log")
    w0 = read(logs / "worker_0.log")
    assert "Distributed communication failed" in w0 and "DISTRIBUTED" in w0, w0[-3000:]
    _assert_no_workers(logs, worker_pids(str(logs)))


def test_killed_worker_stops_job(tmp_path):
    """SIGKILL one worker in the middle of a loop of collectives: the launcher ends the job in < 60 s."""
    logs = tmp_path / "logs"
    proc = start_launcher(LOOP, str(logs), worker_env())
    try:
        wait_for(lambda: all("step 3" in read(logs / f"worker_{r}.log") for r in range(2)), 60, "both workers")
        pids = worker_pids(str(logs))
        os.kill(pids[1], signal.SIGKILL)
        t0 = time.monotonic()
        out, _ = proc.communicate(timeout=60)
        assert time.monotonic() - t0 < 60
        assert proc.returncode == 1
        assert f"Worker process {pids[1]} exit with exception" in out
        w0 = read(logs / "worker_0.log")
        assert "Distributed communication failed" in w0 or "another task died" in w0, w0[-2000:]
        _assert_no_workers(logs, pids)
    finally:
        kill_all(proc, str(logs))


@pytest.mark.parametrize("victim", [0, pytest.param(1, marks=pytest.mark.slow)])
def test_killed_peer_without_launcher(tmp_path, victim):
    """Two workers started by hand (no supervisor), computing without collectives: killing either
    one (rank 0 hosts the coordination service) makes the other exit with an error within 60 s."""
    port = free_port()
    procs = []
    try:
        for r in range(2):
            env = worker_env(MP_LOOP="compute", MS_WORKER_NUM=2, MS_SCHED_HOST="127.0.0.1", MS_SCHED_PORT=port,
                             MS_ROLE="MS_WORKER", MS_NODE_ID=r, RANK_ID=r)
            log = open(tmp_path / f"w{r}.log", "w")
            procs.append(subprocess.Popen([sys.executable, "-m", "mscompat", LOOP], env=env, stdout=log,
                                          stderr=subprocess.STDOUT, start_new_session=True, cwd=ROOT))
        wait_for(lambda: all("step 3" in read(tmp_path / f"w{r}.log") for r in range(2)), 60, "both workers")
        procs[victim].kill()
        t0 = time.monotonic()
        rc = procs[1 - victim].wait(60)
        assert time.monotonic() - t0 < 60 and rc != 0
        text = read(tmp_path / f"w{1 - victim}.log")
        assert "another task died" in text or "Distributed communication failed" in text, text[-2000:]
    finally:
        for p in procs:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait(10)
