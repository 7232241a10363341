"""DATA_PARALLEL across processes: 2 processes x 2 host devices started by the launcher over
loopback train a small net to the same losses and weights as 1 process x 4 devices (the same
MindSpore script: ``init()``, ``set_auto_parallel_context(parallel_mode=DATA_PARALLEL,
gradients_mean=True)``, a dataset sharded with ``num_shards=get_group_size(),
shard_id=get_rank()``, ``Model.train``)."""
import json
import os
import subprocess
import sys

import numpy as np

from tests._mp_util import ROOT, worker_env, run_launcher, read

SCRIPT = os.path.join(ROOT, "tests", "_mp_dp_train.py")


def test_two_processes_match_one_process(tmp_path):
    env1 = worker_env(devices=4, MP_OUT=tmp_path, MP_TAG="single")
    for k in ("MS_SCHED_HOST", "MS_SCHED_PORT", "MS_ROLE", "RANK_ID", "RANK_SIZE", "MS_NODE_ID"):
        env1.pop(k, None)
    single = subprocess.run([sys.executable, "-m", "mscompat", SCRIPT], env=env1, cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert single.returncode == 0, single.stdout[-2000:] + single.stderr[-3000:]
    logs = tmp_path / "logs"
    rc, secs, out = run_launcher(SCRIPT, str(logs), worker_env(devices=2, MP_OUT=tmp_path, MP_TAG="multi"))
    assert rc == 0, out[-3000:] + read(logs / "worker_0.log")[-3000:]
    assert secs < 60
    one = json.load(open(tmp_path / "single.json"))
    two = json.load(open(tmp_path / "multi.json"))
    assert (one["size"], one["devices"]) == (1, 4) and (two["size"], two["devices"]) == (2, 4)
    assert len(one["losses"]) == len(two["losses"]) == 12            # 3 epochs x 4 global batches
    np.testing.assert_allclose(two["losses"], one["losses"], rtol=1e-5)
    assert one["losses"][-1] < one["losses"][0] / 5                  # it trains
    for name, w in one["weights"].items():
        np.testing.assert_allclose(two["weights"][name], w, rtol=1e-5, atol=1e-6)
    assert "rank 1 of 2: losses" in read(logs / "worker_1.log")       # both processes trained
