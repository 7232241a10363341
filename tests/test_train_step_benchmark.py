"""``benchmarks/_train_step_ms.py`` (the MindSpore-API side of ``train_step.py``) runs both loop
forms under the alias on a tiny LeNet, and they train the same network to the same loss."""
import json
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _run(loop):
    out = subprocess.run([sys.executable, "-m", "mscompat", str(ROOT / "benchmarks" / "_train_step_ms.py"),
                          "--model", "lenet", "--batch", "4", "--sink", "2", "--calls", "1", "--loop", loop],
                         capture_output=True, text=True, cwd=str(ROOT / "benchmarks"), timeout=300,
                         env={"PATH": "/usr/bin:/bin", "MS_COMPILER_CACHE_ENABLE": "0", "JAX_PLATFORMS": "cpu"})
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads([line for line in out.stdout.splitlines() if line.startswith("{")][-1])


@pytest.mark.parametrize("loop", ["model", "cell"])
def test_loop_forms_run(loop):
    r = _run(loop)
    assert len(r["step_s"]) == 1 and r["step_s"][0] > 0 and r["first_call_s"] > 0
    assert r["device"] == "CPU" and r["peak_mb"] > 0


def test_loop_forms_reach_the_same_loss():
    assert _run("model")["loss"] == pytest.approx(_run("cell")["loss"], rel=1e-5)
