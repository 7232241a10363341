"""``python -m mscompat.compare``: the divergence finder, run on real MindSpore and on mscompat.

The LeNet script (``examples/compare/lenet_steps.py``) is unmodified MindSpore code; the
perturbation is injected on the mscompat side only, with ``--inject``, by a file that adds 1e-2
to the output of the second ReLU call (the ReLU after ``conv2`` in the first training step).
The MindSpore side runs once per session; the other runs reuse its record
(``--mindspore-record``).
"""
import os
import subprocess
import sys

import pytest

from mscompat import compare
from parity_tests.oracle import oracle_python

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "examples", "compare", "lenet_steps.py")
SCRIPT_REL = os.path.relpath(SCRIPT, ROOT)

INJECT = '''
import mindspore
_calls = [0]
_call = mindspore.ops.ReLU.__call__

def _perturbed(self, *args, **kwargs):
    out = _call(self, *args, **kwargs)
    _calls[0] += 1
    if _calls[0] == 2:          # the ReLU after conv2, first step
        out = out + 1e-2
    return out

mindspore.ops.ReLU.__call__ = _perturbed
'''


def _compare(*args, cwd=ROOT, env=None):
    proc = subprocess.run([sys.executable, "-m", "mscompat.compare", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=600, env=dict(os.environ, **(env or {})))
    return proc.returncode, proc.stdout, proc.stderr


def _oracle():
    py = oracle_python()
    if py is None:
        if os.environ.get("MSCOMPAT_REQUIRE_ORACLE") == "1":
            pytest.fail("real MindSpore oracle not found")
        pytest.skip("real MindSpore oracle not found (.oracle/ or MSCOMPAT_ORACLE_PYTHON)")
    return py


@pytest.fixture(scope="module", autouse=True)
def _jax_cache(tmp_path_factory):
    """The mscompat runs of this module share JAX's compilation cache (each run compiles the
    same few dozen eager kernels)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("JAX_COMPILATION_CACHE_DIR", str(tmp_path_factory.mktemp("jax_cache")))
        mp.setenv("JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS", "0")
        mp.setenv("JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES", "-1")
        yield


@pytest.fixture(scope="module")
def lenet_run(tmp_path_factory):
    """The unperturbed comparison: (returncode, stdout, stderr, MindSpore record directory)."""
    py = _oracle()
    out = tmp_path_factory.mktemp("compare_lenet")
    rc, so, se = _compare("--mindspore-python", py, "--out", str(out), SCRIPT_REL, "--steps", "2")
    return rc, so, se, os.path.join(out, "mindspore")


def test_unperturbed_lenet_has_no_divergence(lenet_run):
    rc, out, err, _ = lenet_run
    assert rc == 0, out + err
    assert "no divergence" in out, out
    assert "compared" in out and "parameters synchronised from MindSpore" in out, out
    assert "conv1.weight" in out
    n = int(out.split("compared ")[1].split()[0])
    assert n > 50, out                # ops and Cell outputs of two training steps and a prediction


def test_perturbed_relu_is_named_with_its_cell_and_line(lenet_run, tmp_path):
    _, _, _, ms_record = lenet_run
    inject = tmp_path / "perturb_relu.py"
    inject.write_text(INJECT)
    rc, out, err = _compare("--mindspore-record", ms_record, "--inject", str(inject), SCRIPT_REL, "--steps", "2")
    assert rc == 1, out + err
    assert "FIRST DIVERGENCE: op ReLU, output 0" in out, out
    assert ("Cell:   TrainOneStepCell.network._backbone.relu (ReLU), its call 2 in call 1 of TrainOneStepCell"
            in out), out
    line = next(i for i, ln in enumerate(open(SCRIPT).read().splitlines(), 1)
                if "self.relu(self.conv2(x))" in ln)
    assert f"line:   {SCRIPT_REL}:{line}: x = self.max_pool2d(self.relu(self.conv2(x)))" in out, out
    assert "MindSpore: [" in out and "mscompat:  [" in out
    assert "network._backbone.conv2" in out.split("last agreeing event:")[1], out   # conv2 just before it agreed


def test_optimizer_update_divergence_is_found_in_the_first_step(lenet_run, tmp_path):
    """Gradients scaled by 1.1 inside the optimizer change each weight by a relative 1e-5 or
    less, far below the tolerance; the Parameter update of the step (new - old) shows it."""
    _, _, _, ms_record = lenet_run
    inject = tmp_path / "scale_grads.py"
    inject.write_text("import mindspore\n"
                      "_construct = mindspore.nn.Momentum.construct\n"
                      "def _scaled(self, gradients):\n"
                      "    return _construct(self, tuple(g * 1.1 for g in gradients))\n"
                      "mindspore.nn.Momentum.construct = _scaled\n")
    rc, out, err = _compare("--mindspore-record", ms_record, "--inject", str(inject), SCRIPT_REL, "--steps", "2")
    assert rc == 1, out + err
    assert "FIRST DIVERGENCE: Parameter update of a TrainOneStepCell call, Parameter " in out, out
    assert "Cell:   TrainOneStepCell, call 1 of TrainOneStepCell" in out, out
    assert "change (new - old) differs" in out
    line = next(i for i, ln in enumerate(open(SCRIPT).read().splitlines(), 1) if "train_step(images, labels)" in ln)
    assert f"line:   {SCRIPT_REL}:{line}:" in out, out


@pytest.mark.slow
def test_dropout_gets_mindspores_draw(tmp_path):
    """Dropout is not compared; with replay (the default) mscompat's Dropout returns MindSpore's
    draw and its gradient uses MindSpore's mask, so two training steps agree; without replay
    the Dropout Cell's output is the first divergence and the report says a random op ran."""
    py = _oracle()
    rc, out, err = _compare("--mindspore-python", py, "--out", str(tmp_path), SCRIPT_REL, "--steps", "2",
                            "--dropout", "0.3")
    assert rc == 0, out + err
    assert "random ops not compared (2 calls: Dropout); 2 of them returned MindSpore's draw" in out, out
    assert "no divergence" in out
    rc, out, err = _compare("--no-replay", "--mindspore-record", str(tmp_path / "mindspore"), SCRIPT_REL,
                            "--steps", "2", "--dropout", "0.3")
    assert rc == 1, out + err
    assert "FIRST DIVERGENCE: output of Cell network._backbone.dropout (Dropout)" in out, out
    assert "1 random op call ran before it (Dropout, ...)" in out, out


@pytest.mark.slow
def test_keep_modes_compares_compiled_calls_per_outermost_cell():
    py = _oracle()
    rc, out, err = _compare("--mindspore-python", py, "--keep-modes", SCRIPT_REL, "--steps", "2")
    assert rc == 0, out + err
    assert "note: modes kept: compiled calls are compared per outermost Cell" in out, out
    assert "no divergence" in out
    n = int(out.split("compared ")[1].split()[0])
    assert 3 <= n < 20, out           # two TrainOneStepCell calls and one LeNet5 call, not every op


@pytest.mark.slow
def test_tolerance_option_accepts_the_perturbation(lenet_run, tmp_path):
    """With an absolute tolerance wider than the perturbation (and what it causes downstream)
    nothing is reported."""
    _, _, _, ms_record = lenet_run
    inject = tmp_path / "perturb_relu.py"
    inject.write_text(INJECT)
    rc, out, err = _compare("--mindspore-record", ms_record, "--inject", str(inject), "--atol", "0.5",
                            SCRIPT_REL, "--steps", "2")
    assert rc == 0, out + err
    assert "no divergence" in out


@pytest.mark.slow
def test_script_failing_on_mscompat_only_is_reported(lenet_run, tmp_path):
    _, _, _, ms_record = lenet_run
    inject = tmp_path / "break_dense.py"
    inject.write_text("import mindspore\n"
                      "def _broken(self, x):\n"
                      "    raise ValueError('broken on purpose')\n"
                      "mindspore.nn.Dense.construct = _broken\n")
    rc, out, err = _compare("--mindspore-record", ms_record, "--inject", str(inject), SCRIPT_REL, "--steps", "2")
    assert rc == 1, out + err
    assert "FAILED on mscompat only: ValueError: broken on purpose" in out, out
    assert "last agreeing event" in out


# --- usage errors (no MindSpore needed) -------------------------------------------------------

def test_usage_errors(tmp_path):
    assert compare.main([]) == 2
    assert compare.main(["--rtol"]) == 2
    assert compare.main([str(tmp_path / "missing.py")]) == 2
    script = tmp_path / "s.py"
    script.write_text("print(1)\n")
    assert compare.main(["--rtol", "-1", str(script)]) == 2
    assert compare.main(["--inject", str(tmp_path / "nope.py"), str(script)]) == 2
    assert compare.main(["--mindspore-record", str(tmp_path), str(script)]) == 2
    assert compare.main(["--mindspore-python", str(tmp_path / "no_python"), str(script)]) == 2
    assert compare.main(["--help"]) == 0


def test_interpreter_without_mindspore_is_a_usage_error(tmp_path, capsys):
    script = tmp_path / "s.py"
    script.write_text("import mindspore\n")
    env_python = sys.executable          # mscompat's environment: no `mindspore` without the alias
    assert compare.main(["--mindspore-python", env_python, str(script)]) == 2
    err = capsys.readouterr().err
    assert "the MindSpore run recorded nothing" in err and "No module named 'mindspore'" in err, err


def test_missing_interpreter_says_how_to_set_it(tmp_path, monkeypatch, capsys):
    script = tmp_path / "s.py"
    script.write_text("print(1)\n")
    monkeypatch.delenv("MSCOMPAT_MINDSPORE_PYTHON", raising=False)
    monkeypatch.setenv("MSCOMPAT_ORACLE_PYTHON", str(tmp_path / "absent" / "python"))
    assert compare.main([str(script)]) == 2
    err = capsys.readouterr().err
    assert "MSCOMPAT_ORACLE_PYTHON" in err and "not an executable Python interpreter" in err
    monkeypatch.delenv("MSCOMPAT_ORACLE_PYTHON")
    monkeypatch.setattr(compare, "_HERE", str(tmp_path / "pkg" / "mscompat"))
    monkeypatch.chdir(tmp_path)
    assert compare.main([str(script)]) == 2
    err = capsys.readouterr().err
    assert "--mindspore-python" in err and "MSCOMPAT_MINDSPORE_PYTHON" in err


def test_alignment_and_tolerance_policy():
    """compare_records aligns by (Cell, op, occurrence), skips random ops and applies rtol/atol
    relative to MindSpore's largest magnitude."""
    import numpy as np

    def ev(i, name, cell, occ, key, rnd=False):
        return {"i": i, "kind": "op", "name": name, "norm": name.lower(), "root": "Net#0", "cell": cell,
                "cell_occ": 0, "occ": occ, "file": "s.py", "line": 10 + i, "code": "", "random": rnd,
                "ins": [], "outs": [{"key": key, "shape": [3], "dtype": "float32", "size": 3}]}

    ms_meta = {"events": [ev(0, "Dropout", "d", 0, "a", True), ev(1, "MatMul", "fc", 0, "b"),
                          ev(2, "Exp", "fc", 0, "c")], "status": "ok"}
    # mscompat decomposes differently: an extra op, and its events in another order
    our_meta = {"events": [ev(0, "Exp", "fc", 0, "z"), ev(1, "Extra", "fc", 0, "y"),
                           ev(2, "MatMul", "fc", 0, "x"), ev(3, "dropout", "d", 0, "w", True)], "status": "ok"}
    ms_arr = {"a": np.zeros(3, np.float32), "b": np.array([1.0, 2.0, 100.0], np.float32),
              "c": np.array([1.0, 2.0, 3.0], np.float32)}
    ours = {"w": np.ones(3, np.float32), "x": np.array([1.1, 2.0, 100.0], np.float32),
            "y": np.ones(3, np.float32), "z": np.array([1.0, 2.0, 3.0], np.float32)}
    res = compare.compare_records(ms_meta, ms_arr, our_meta, ours, rtol=2e-3, atol=0.0)
    assert res["compared"] == 2 and len(res["random"]) == 1 and res["divergence"] is None   # 0.1 <= 2e-3*100
    res = compare.compare_records(ms_meta, ms_arr, our_meta, ours, rtol=1e-4, atol=0.0)
    div = res["divergence"]
    assert div["ms"]["name"] == "MatMul" and div["what"] == "output" and div["at"] == 0
    ours["z"] = np.array([1.0, np.nan, 3.0], np.float32)
    div = compare.compare_records(ms_meta, ms_arr, our_meta, ours, rtol=2e-3, atol=0.0)["divergence"]
    assert div["ms"]["name"] == "Exp" and "non-finite" in div["why"]
    res = compare.compare_records(ms_meta, ms_arr, our_meta, ours, rtol=2e-3, atol=0.0, ignore=["exp"])
    assert res["divergence"] is None and res["ignored"] == 1 and res["compared"] == 1


def test_batchnorm_scratch_outputs_are_not_compared():
    """MindSpore's CPU BatchNorm leaves its saved-statistics outputs unwritten in some paths:
    only output 0 counts; a dtype difference of a compared output is a divergence."""
    import numpy as np

    def ev(name, keys, dtype="float32"):
        return {"i": 0, "kind": "op", "name": name, "norm": name.lower(), "root": "Net#0", "cell": "bn",
                "cell_occ": 0, "occ": 0, "file": "s.py", "line": 3, "code": "", "random": False, "ins": [],
                "outs": [{"key": k, "shape": [2], "dtype": dtype, "size": 2} for k in keys]}

    arrays = {"y": np.ones(2, np.float32), "m": np.array([5.0, 1.0], np.float32), "m0": np.zeros(2, np.float32)}
    res = compare.compare_records({"events": [ev("BatchNorm", ["y", "m"])]}, arrays,
                                  {"events": [ev("BatchNorm", ["y", "m0"])]}, arrays)
    assert res["divergence"] is None and res["compared"] == 1
    res = compare.compare_records({"events": [ev("Add", ["y", "m"])]}, arrays,
                                  {"events": [ev("Add", ["y", "m0"])]}, arrays)
    assert res["divergence"]["index"] == 1
    res = compare.compare_records({"events": [ev("Add", ["y"])]}, arrays,
                                  {"events": [ev("Add", ["y"], dtype="float64")]}, arrays)
    assert "dtype float64 != MindSpore's float32" in res["divergence"]["why"]
