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


def test_rounds_alternate_the_sides_and_report_medians(monkeypatch):
    """``train_step.py --rounds``: each side runs once a round, the opener alternating; a row
    is the median first call, all rounds' steps and the highest peak (no real run here)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("train_step_bench", ROOT / "benchmarks" / "train_step.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    calls = []
    firsts = {"ours": iter([4.0, 3.0, 5.0]), "theirs": iter([4.5, 3.5, 4.0])}

    def fake_run(cmd, env=None):
        side = "theirs" if cmd[0] == "ORACLE" else "ours"
        probe = side == "theirs" and cmd[-1] == str(bench.PROBE_CALLS) and len(calls) < 2
        calls.append("probe" if probe else side)
        if probe:
            step = 9.0 if not env else 2.0       # the default ISA is the slow one here
            return {"first_call_s": 10.0, "step_s": [step], "peak_mb": 900.0, "loss": 0.5, "device": "CPU"}
        return {"first_call_s": next(firsts[side]), "step_s": [1.0, 1.2] if side == "ours" else [2.0, 2.2],
                "peak_mb": {"ours": 700.0, "theirs": 1000.0}[side] + len(calls), "loss": 0.5, "device": "CPU"}

    monkeypatch.setattr(bench, "_run", fake_run)
    monkeypatch.setattr(bench, "_oracle_python", lambda: "ORACLE")
    out = bench.measure("resnet18", 2, ("mscompat", "mindspore"), ("model",), rounds=3)
    assert calls == ["probe", "probe", "ours", "theirs", "theirs", "ours", "ours", "theirs"]
    ours, best = out["mscompat model"], out["mindspore model best"]
    assert best["setting"] == "AVX2" and out["mindspore model default"]["probe"]
    assert ours["first_call_s"] == 4.0 and best["first_call_s"] == 4.0
    assert ours["step_s"] == [1.0, 1.2] * 3 and ours["median_step_ms"] == pytest.approx(1100.0)
    assert ours["peak_mb"] == 700.0 + 7 and best["peak_mb"] == 1000.0 + 8
    assert [r["first_call_s"] for r in ours["rounds"]] == [4.0, 3.0, 5.0]
