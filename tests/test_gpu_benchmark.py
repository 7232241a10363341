"""``benchmarks/gpu.py --config tiny`` (the GPU suite's CPU smoke configuration) runs end to end:
every model trains through the MindSpore API at AMP O2 and float32, its losses are finite and go
down on the repeated batch, and the table has a row per model, precision and framework (the
PyTorch rows say "PyTorch not installed" where torch does not import)."""
import importlib.util
import json
import math
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "gpu.py"


def _has_torch():
    return importlib.util.find_spec("torch") is not None


def test_gpu_suite_tiny(tmp_path):
    out = tmp_path / "gpu.json"
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, str(SCRIPT), "--config", "tiny", "--steps", "2", "--rounds", "2",
                           "--warmup", "1", "--json", str(out)],
                          capture_output=True, text=True, env=env, cwd=str(ROOT), timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(out.read_text())
    assert result["config"] == "tiny"
    assert result["devices"]["jax"]                       # the device name is recorded
    assert "# device: " in proc.stdout
    rows = result["rows"]
    keys = [(r["model"], r["precision"].split()[0], r["framework"]) for r in rows]
    expected = [(m, p, f) for m in ("resnet50", "bert", "gpt2") for p in ("AMP", "float32")
                for f in ("mscompat", "pytorch")]
    assert keys == expected
    table = [line for line in proc.stdout.splitlines() if line.startswith("| ")]
    assert len(table) == 1 + len(expected)                # header + one line per row
    for r in rows:
        if r["framework"] == "pytorch" and not _has_torch():
            assert r["note"] == "PyTorch not installed"
            continue
        losses = r["losses"]
        assert len(losses) == 1 + 2 * 2                   # warm-up + rounds x steps, in order
        assert all(math.isfinite(x) for x in losses), (r["model"], r["precision"], losses)
        assert losses[-1] < losses[0], (r["model"], r["precision"], losses)
        assert r["median_step_ms"] > 0 and r["compile_s"] > 0 and r["peak_mb"] > 0
        assert math.isclose(r["samples_per_s"], r["batch"] * r["steps_per_s"])
        assert len(r["step_ms"]) == 2
    amp = [r for r in rows if r["framework"] == "mscompat" and r["precision"].startswith("AMP")]
    assert [r["precision"] for r in amp] == ["AMP O2 float16", "AMP O2 bfloat16", "AMP O2 bfloat16"]


def test_gpu_suite_rejects_unknown_model():
    proc = subprocess.run([sys.executable, str(SCRIPT), "--config", "tiny", "--models", "vgg16"],
                          capture_output=True, text=True, env=dict(os.environ, JAX_PLATFORMS="cpu"),
                          cwd=str(ROOT), timeout=120)
    assert proc.returncode == 2 and "unknown model" in proc.stderr
