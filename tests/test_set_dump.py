"""The e2e data dump (``MINDSPORE_DUMP_CONFIG``, ``set_dump``): MindSpore's layout and file names, the
data of each op, and the configuration's selections (dump_mode 0/1/2, input_output, iteration). The
configuration is read once per process, so each case runs a script in a fresh interpreter."""
import glob
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_SCRIPT = textwrap.dedent("""
    import sys
    import numpy as np
    import mscompat as ms
    from mscompat import nn
    from mscompat.ops import operations as P

    class Inner(nn.Cell):
        def __init__(self):
            super().__init__()
            self.relu = P.ReLU()
            self.w = ms.Parameter(ms.Tensor(np.full((2, 3), 2.0, np.float32)), name="w")
            self.mul = P.Mul()

        def construct(self, x):
            return self.relu(self.mul(x, self.w))

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.add = P.Add()
            self.inner = Inner()

        def construct(self, x, y):
            return self.inner(self.add(x, y))

    ms.set_context(mode=ms.GRAPH_MODE)
    net = Net()
    if sys.argv[1] == "set_dump":
        ms.tools.set_dump(net.inner)
    x = np.array([[1, -2, 3], [-4, 5, -6]], np.float32)
    for i in range(3):
        out = net(ms.Tensor(x + i), ms.Tensor(x))
    print(out.asnumpy().tolist())
""")


def _run(tmp_path, common=None, e2e_enable=True, mode="plain"):
    path = str(tmp_path / "dump")
    settings = {"dump_mode": 0, "path": path, "net_name": "Net", "iteration": "all", "input_output": 0,
                "kernels": [], "support_device": [0], "op_debug_mode": 0}
    settings.update(common or {})
    cfg = tmp_path / "dump.json"
    cfg.write_text(json.dumps({"common_dump_settings": settings,
                               "e2e_dump_settings": {"enable": e2e_enable, "trans_flag": True}}))
    env = dict(os.environ, MINDSPORE_DUMP_CONFIG=str(cfg), PYTHONPATH=ROOT)
    proc = subprocess.run([sys.executable, "-c", _SCRIPT, mode], capture_output=True, text=True, env=env,
                          timeout=300, cwd=str(tmp_path))
    return proc, path


def _files(folder):
    return sorted(os.path.basename(f) for f in glob.glob(os.path.join(folder, "*.npy")))


def _load(folder, pattern):
    found = glob.glob(os.path.join(folder, pattern))
    assert len(found) == 1, (pattern, _files(folder))
    return np.load(found[0])


def test_e2e_dump_layout_and_data(tmp_path):
    proc, path = _run(tmp_path, {"iteration": "0|2"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    rank = os.path.join(path, "rank_0")
    meta = json.load(open(os.path.join(rank, ".dump_metadata", "config.json")))
    assert meta["device_target"] == "CPU"
    assert sorted(os.listdir(os.path.join(rank, "Net", "0"))) == ["0", "2"]     # iterations 0 and 2 only
    it2 = os.path.join(rank, "Net", "0", "2")
    names = _files(it2)
    # ops named by scope (the outermost cell is Default, sub-cells <attribute>-<Class>), inputs by name
    assert any(n.startswith("Add.Default_Add-op") for n in names)
    assert any(n.startswith("Mul.Default_inner-Inner_Mul-op") for n in names)
    assert any(n.startswith("ReLU.Default_inner-Inner_ReLU-op") for n in names)
    assert {n.split(".")[1] for n in names if n.startswith("Parameter.")} == {"inner_w", "x", "y"}
    assert len(names) == 3 + 3 + 2 + 3 and all(".DefaultFormat.Float32.npy" in n for n in names)
    x = np.array([[1, -2, 3], [-4, 5, -6]], np.float32)
    np.testing.assert_array_equal(_load(it2, "Parameter.x.*"), x + 2)
    np.testing.assert_array_equal(_load(it2, "Add.*.output.0.*"), 2 * x + 2)
    np.testing.assert_array_equal(_load(it2, "Mul.*.input.1.*"), np.full((2, 3), 2.0, np.float32))
    np.testing.assert_array_equal(_load(it2, "ReLU.*.output.0.*"), np.maximum(2 * (2 * x + 2), 0))
    order = open(os.path.join(rank, "execution_order", "ms_execution_order_graph_0.csv")).read().splitlines()
    assert order[0] == "NodeExecutionOrder-FullNameWithScope" and len(order) == 4
    assert order[1:] == ["Default/Add-op0", "Default/inner-Inner/Mul-op0", "Default/inner-Inner/ReLU-op0"]
    assert open(os.path.join(rank, "execution_order", "ms_global_execution_order_graph_0.csv")).read() == "0\n2\n"
    ir = open(os.path.join(rank, "graphs", "ms_output_trace_code_graph_0.ir")).read()
    assert "PrimFunc_Mul(%0, %para" in ir and f"# Fullname with scope: ({order[2]})" in ir
    from mscompat._data_dump import _anf_ir
    model = _anf_ir("ModelProto")()
    model.ParseFromString(open(os.path.join(rank, "graphs", "ms_output_trace_code_graph_0.pb"), "rb").read())
    assert [n.op_type for n in model.graph.node] == ["Add", "Mul", "ReLU"]
    assert [n.full_name for n in model.graph.node] == order[1:]
    assert sorted(p.name for p in model.graph.parameters) == ["inner.w", "x", "y"]


def test_kernels_by_regex_outputs_only(tmp_path):
    proc, path = _run(tmp_path, {"dump_mode": 1, "kernels": ["name-regex(.+/ReLU[^/]*)"], "input_output": 2,
                                 "iteration": "1"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    folder = os.path.join(path, "rank_0", "Net", "0", "1")
    names = _files(folder)
    assert len(names) == 1 and names[0].startswith("ReLU.") and ".output.0." in names[0]
    assert not os.path.exists(os.path.join(path, "rank_0", "Net", "0", "0"))


def test_set_dump_selects_the_marked_cell(tmp_path):
    proc, path = _run(tmp_path, {"dump_mode": 2, "iteration": "0", "input_output": 1}, mode="set_dump")
    assert proc.returncode == 0, proc.stderr[-3000:]
    names = _files(os.path.join(path, "rank_0", "Net", "0", "0"))
    assert {n.split(".")[0] for n in names} == {"Mul", "ReLU"}
    assert all(".input." in n for n in names)


@pytest.mark.parametrize("common, e2e, ok", [({"path": "relative/dir"}, True, False),
                                             ({"iteration": "2-1"}, True, False),
                                             ({}, False, True)])
def test_bad_or_disabled_config(tmp_path, common, e2e, ok):
    proc, path = _run(tmp_path, common, e2e_enable=e2e)
    if ok:       # e2e dump disabled: nothing is written
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert not os.path.exists(path)
    else:
        assert proc.returncode != 0 and "RuntimeError: Dump Json Parse Failed" in proc.stderr
