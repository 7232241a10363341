"""Unmodified MindSpore scripts (Tensor and ops only; Cells trained in GRAPH_MODE) print the
same numbers under real MindSpore and under ``python -m mscompat``."""
import os
import pathlib
import re
import subprocess
import sys

import pytest

from parity_tests.oracle import oracle_python

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCRIPTS = {"logistic_regression_ops.py": "step 200", "mlp_graph_mode.py": "step 60"}


def _numbers(text):
    return [float(x) for x in re.findall(r"-?\d+\.\d+(?:e-?\d+)?", text)]


def _run(cmd):
    env = dict(os.environ, GLOG_v="3", PYTHONPATH=str(ROOT))
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(ROOT), timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_script_runs_unmodified_and_matches_mindspore(name):
    script = ROOT / "examples" / name
    ours = _run([sys.executable, "-m", "mscompat", str(script)])
    assert SCRIPTS[name] in ours
    py = oracle_python()
    if py is None:
        if os.environ.get("MSCOMPAT_REQUIRE_ORACLE") == "1":
            pytest.fail("real MindSpore oracle not found")
        pytest.skip("real MindSpore oracle not found (.oracle/ or MSCOMPAT_ORACLE_PYTHON)")
    theirs = _run([py, str(script)])
    assert [l.split()[0:2] for l in ours.splitlines()] == [l.split()[0:2] for l in theirs.splitlines()]
    a, b = _numbers(ours), _numbers(theirs)
    assert len(a) == len(b) and len(a) > 10, (ours, theirs)
    for x, y in zip(a, b):
        assert abs(x - y) <= 1e-4 + 1e-4 * abs(y), (ours, theirs)


def test_script_args_reach_the_script(tmp_path):
    script = tmp_path / "show_args.py"
    script.write_text("import sys\nimport mindspore\nprint(mindspore.__name__, sys.argv[1:])\n")
    out = _run([sys.executable, "-m", "mscompat", str(script), "--lr", "0.1"])
    assert out.strip() == "mscompat ['--lr', '0.1']"
