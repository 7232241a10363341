"""DATA_PARALLEL and SEMI_AUTO_PARALLEL across 2 processes x 2 host devices (started by the
``msrun``-style launcher over loopback) give the single-device weights; SEMI_AUTO_PARALLEL the
single-device loss trajectory, DATA_PARALLEL each process the loss of its first device's part of
the batch (MindSpore's per-rank loss)."""
import json
import os
import subprocess
import sys

import pytest

from tests._mp_util import free_port

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


@pytest.fixture(scope="module")
def reference():
    sys.path.insert(0, HERE)
    import mscompat as ms
    import _parallel_models as models
    ms.reset_auto_parallel_context()
    x, y = models.data()
    step, net = models.make_step()
    global_losses = models.losses(step, x, y)
    # data parallel over 4 devices: process r's first device is device 2 r
    per_rank = [models.rank_losses(models.make_step()[0], x, y, 4, rank=2 * r) for r in (0, 1)]
    return global_losses, {p.name: p.asnumpy() for p in net.trainable_params()}, per_rank


# "dp" is also tests/test_multiprocess_dp.py's (through the launcher and Model.train): slow here
@pytest.mark.parametrize("mode", [pytest.param("dp", marks=pytest.mark.slow), "semi"])
def test_two_processes(mode, reference, tmp_path):
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=2", JAX_PLATFORMS="cpu")
    cmd = [sys.executable, "-m", "mscompat.run", "--worker_num=2", "--local_worker_num=2",
           f"--master_port={free_port()}", f"--log_dir={tmp_path}", "--join=False",
           os.path.join(HERE, "_parallel_mp_worker.py"), mode, str(tmp_path)]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    logs = "".join(open(os.path.join(tmp_path, f)).read() for f in sorted(os.listdir(tmp_path))
                   if f.startswith("worker"))
    assert proc.returncode == 0, proc.stdout + proc.stderr + logs
    results = [json.loads(line.split("RESULT", 1)[1]) for line in logs.splitlines() if "RESULT" in line]
    assert sorted(r["rank"] for r in results) == [0, 1], logs
    for r in results:
        expected = reference[2][r["rank"]] if mode == "dp" else reference[0]
        assert r["losses"] == pytest.approx(expected, rel=2e-5, abs=2e-6)
    # the checkpoints hold whole Parameters, gathered across the processes
    import mscompat as ms
    import numpy as np
    for rank in (0, 1):
        saved = ms.load_checkpoint(str(tmp_path / f"rank_{rank}.ckpt"))
        for name, value in reference[1].items():
            np.testing.assert_allclose(saved[name].asnumpy(), value, rtol=1e-4, atol=1e-6)
