"""DATA_PARALLEL across processes: 2 processes x 2 host devices started by the launcher over
loopback train a small net to the same weights as 1 process x 4 devices and as one device (the
same MindSpore script: ``init()``, ``set_auto_parallel_context(parallel_mode=DATA_PARALLEL,
gradients_mean=True)``, a dataset sharded with ``num_shards=get_group_size(),
shard_id=get_rank()``, ``Model.train``); each process reports the loss of its first device's part
of its batch (MindSpore's per-rank loss), and its predictions for its whole batch."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from tests._mp_util import ROOT, worker_env, run_launcher, read

SCRIPT = os.path.join(ROOT, "tests", "_mp_dp_train.py")


def _net():
    """tests/_mp_dp_train.py's Net."""
    from mscompat import nn
    import mscompat as ms

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            w1 = ms.Tensor(np.linspace(-0.5, 0.5, 16 * 8, dtype=np.float32).reshape(16, 8))
            w2 = ms.Tensor(np.linspace(0.3, -0.3, 2 * 16, dtype=np.float32).reshape(2, 16))
            self.fc1 = nn.Dense(8, 16, weight_init=w1, bias_init="zeros")
            self.fc2 = nn.Dense(16, 2, weight_init=w2, bias_init="zeros")
            self.act = nn.Tanh()

        def construct(self, x):
            return self.fc2(self.act(self.fc1(x)))
    return Net()


def _per_rank_reference(runs, local_devices):
    """Single-device training on each step's global batch (the union of the processes' batches);
    per process, the loss of its first device's rows before each step; the final net."""
    import mscompat as ms
    from mscompat import nn
    net = _net()
    loss_fn = nn.MSELoss()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    expected = [[] for _ in runs]
    for s in range(len(runs[0]["batches"])):
        parts = [[np.array(t, np.float32) for t in r["batches"][s]] for r in runs]
        for k, (x, y) in enumerate(parts):
            rows = x.shape[0] // local_devices
            expected[k].append(float(loss_fn(net(ms.Tensor(x[:rows])), ms.Tensor(y[:rows])).asnumpy()))
        step(ms.Tensor(np.concatenate([p[0] for p in parts])), ms.Tensor(np.concatenate([p[1] for p in parts])))
    return expected, net


# tests/test_parallel_per_rank.py runs the same per-rank checks under the launcher in the default run
@pytest.mark.slow
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
    one = [json.load(open(tmp_path / "single_0.json"))]
    two = [json.load(open(tmp_path / f"multi_{r}.json")) for r in (0, 1)]
    assert (one[0]["size"], one[0]["devices"]) == (1, 4) and [(t["size"], t["devices"]) for t in two] == [(2, 4)] * 2
    assert len(one[0]["losses"]) == len(two[0]["losses"]) == len(two[1]["losses"]) == 12   # 3 epochs x 4 batches
    import mscompat as ms
    for runs, local_devices in ((one, 4), (two, 2)):
        expected, net = _per_rank_reference(runs, local_devices)
        for run, exp in zip(runs, expected):
            np.testing.assert_allclose(run["losses"], exp, rtol=1e-5, atol=1e-6)
            for p in net.trainable_params():
                np.testing.assert_allclose(run["weights"][p.name], p.asnumpy(), rtol=1e-5, atol=1e-6)
            last = np.array(run["batches"][-1][0], np.float32)
            np.testing.assert_allclose(run["predictions"], net(ms.Tensor(last)).asnumpy(), rtol=1e-5, atol=1e-6)
    assert one[0]["losses"][-1] < one[0]["losses"][0] / 5                 # it trains
    assert not np.allclose(two[0]["losses"], two[1]["losses"])            # each rank its own loss
    assert "rank 1 of 2: losses" in read(logs / "worker_1.log")       # both processes trained
