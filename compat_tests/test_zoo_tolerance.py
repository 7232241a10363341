"""The whole-program harness's tolerance policy (``harness.compare``) on made-up results: the
fixed tolerance, and the noise floor of MindSpore's second run (``harness.NOISE``)."""
import json

import numpy as np

from compat_tests import harness


def _result(grad, out=None):
    return {"names": np.array(["w"]), "shapes": np.array(["[3]"]), "dtypes": np.array(["Float32"]),
            "out0": np.array([1.0, 2.0, 3.0], np.float32) if out is None else out, "loss": np.array(0.5, np.float32),
            "grad:w": grad, "step:w": np.array([0.1, 0.2, 0.3], np.float32),
            "times": np.array(json.dumps({"build": 0.0}))}


REF = np.array([1.0, -0.5, 0.25], np.float32)


def test_within_the_fixed_tolerance():
    row, detail = harness.compare(_result(REF), _result(REF * (1 + 1e-4)))
    assert all(row[s] == "ok" for s in harness.STAGES) and detail == {}


def test_past_the_tolerance_without_a_second_run_fails():
    row, detail = harness.compare(_result(REF), _result(REF + np.float32(0.01)))
    assert row["grad"] == "FAIL" and "grad:w" in detail["grad"]


def test_within_mindspore_own_spread_agrees():
    # MindSpore's AVX2 run moved the gradient by 0.008; mscompat is 0.01 away: 1.25 x the spread
    noise = _result(REF + np.array([0.0, 0.008, 0.0], np.float32))
    row, detail = harness.compare(_result(REF), _result(REF + np.float32(0.01)), [noise])
    assert row["grad"] == "ok~", detail
    assert "1/1 past the tolerance" in detail["grad"] and "1.25 x" in detail["grad"]
    assert row["forward"] == "ok"


def test_past_twice_the_spread_fails():
    noise = _result(REF + np.array([0.0, 0.004, 0.0], np.float32))
    row, detail = harness.compare(_result(REF), _result(REF + np.float32(0.01)), [noise])
    assert row["grad"] == "FAIL" and "2.5 x MindSpore's own spread" in detail["grad"]


def test_a_wrong_op_is_far_past_the_spread():
    noise = _result(REF + np.float32(1e-5), out=np.array([1.0, 2.0, 3.0001], np.float32))
    wrong = _result(REF * 2, out=np.array([1.0, 2.0, 3.5], np.float32))
    row, detail = harness.compare(_result(REF), wrong, [noise])
    assert row["grad"] == "FAIL" and row["forward"] == "FAIL"


def test_identical_mindspore_runs_allow_nothing():
    row, detail = harness.compare(_result(REF), _result(REF + np.float32(0.01)), [_result(REF)])
    assert row["grad"] == "FAIL" and "inf x" in detail["grad"]


def test_non_finite_values_are_never_noise():
    bad = REF.copy()
    bad[0] = np.nan
    row, _ = harness.compare(_result(REF), _result(bad), [_result(REF + np.float32(1.0))])
    assert row["grad"] == "FAIL"


def test_the_larger_spread_of_the_noise_runs_counts():
    isa = _result(REF + np.array([0.0, 0.001, 0.0], np.float32))
    moved_input = _result(REF + np.array([0.0, 0.0, 0.006], np.float32))
    row, detail = harness.compare(_result(REF), _result(REF + np.float32(0.01)), [isa, moved_input])
    assert row["grad"] == "ok~" and "1.67 x" in detail["grad"], detail


def test_the_spread_is_between_any_two_mindspore_runs():
    # the two noise runs moved opposite ways: 0.003 from the default each, 0.006 from each other
    up = _result(REF + np.array([0.0, 0.003, 0.0], np.float32))
    down = _result(REF - np.array([0.0, 0.003, 0.0], np.float32))
    row, detail = harness.compare(_result(REF), _result(REF + np.float32(0.01)), [up, down])
    assert row["grad"] == "ok~" and "1.67 x" in detail["grad"], detail


def test_imposed_relu_decisions(tmp_path):
    """``zoo_worker._impose_relus``: at the listed elements a ReLU cell passes or stops as told
    (value and gradient), elsewhere it is itself; its calls are counted per forward pass."""
    import mscompat as ms
    from compat_tests import zoo_worker
    net = ms.nn.SequentialCell([ms.nn.ReLU()])
    x = ms.Tensor(np.array([[-1e-7, 2e-7, 3.0]], np.float32))
    # element (0, 0): MindSpore passed it (1); element (0, 1): MindSpore stopped it (0)
    np.savez(tmp_path / "sites.npz", **{"0#0": np.array([[0, 0, 1], [0, 1, 0]]), "0#calls": np.array(1)})
    zoo_worker._impose_relus(ms, net, str(tmp_path / "sites.npz"))
    for _ in range(2):   # the second call is the next forward pass: the same decisions
        np.testing.assert_array_equal(net(x).asnumpy(), np.array([[-1e-7, 0.0, 3.0]], np.float32))
    grad = ms.grad(lambda t: net(t).sum())(x)
    np.testing.assert_array_equal(grad.asnumpy(), np.array([[1.0, 0.0, 1.0]], np.float32))


# ---- cell by cell (harness.compare_cells: zoo_worker --cells=record / --cells=replay) ----
def _cells(tmp_path, name, **arrays):
    path = tmp_path / f"{name}.npz"
    np.savez(path, **arrays)
    return np.load(path)


CELL = {"blocks.0.attn#0|out": np.array([[0.5, -1.0]], np.float32),
        "blocks.0.attn#0|din0": np.array([[2.0, 0.25]], np.float32),
        "blocks.0.attn#0|dw:blocks.0.attn.qkv.weight": np.array([1.0, -3.0], np.float32),
        "head#0|out": np.array([4.0], np.float32), "head#0|din0": np.array([0.1], np.float32)}


def test_cells_that_agree_alone(tmp_path):
    ref = _cells(tmp_path, "ms", **CELL)
    got = _cells(tmp_path, "msc", **{k: v * np.float32(1 + 1e-5) for k, v in CELL.items()})
    assert harness.compare_cells(ref, got) == (2, [])


def test_a_cell_computing_another_gradient_is_named(tmp_path):
    wrong = dict(CELL)
    wrong["blocks.0.attn#0|dw:blocks.0.attn.qkv.weight"] = np.array([1.0, -2.9], np.float32)
    calls, bad = harness.compare_cells(_cells(tmp_path, "ms", **CELL), _cells(tmp_path, "msc", **wrong))
    assert calls == 2 and len(bad) == 1 and bad[0].startswith("blocks.0.attn#0|dw:blocks.0.attn.qkv.weight: max|diff|")


def test_a_missing_cell_call_differs(tmp_path):
    fewer = {k: v for k, v in CELL.items() if not k.startswith("head")}
    calls, bad = harness.compare_cells(_cells(tmp_path, "ms", **CELL), _cells(tmp_path, "msc", **fewer))
    assert calls == 2 and sorted(bad) == ["head#0|din0: missing", "head#0|out: missing"]
