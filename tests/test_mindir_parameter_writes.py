"""MINDIR export of a network that writes its Parameters (``self.weight += 1.0``, an optimizer step):
the file holds the writes as MindSpore writes them (``Assign(parameter, value)``, the output a
``Depend`` on it), so the loaded ``GraphCell`` updates its Parameters on every call, in mscompat and in
real MindSpore."""
import subprocess
import textwrap

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn
from mscompat.train._mindir_proto import ModelProto
from parity_tests.oracle import oracle_python


class _Counter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.weight = ms.Parameter(ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), name="weight")

    def construct(self, x, y):
        out = x * y * self.weight
        self.weight += 1.0
        return out


_A = np.full((2, 3), 3.0, np.float32)
_B = np.full((2, 3), 4.0, np.float32)


@pytest.fixture(params=[ms.GRAPH_MODE, ms.PYNATIVE_MODE], ids=["graph", "pynative"])
def exported(request, tmp_path):
    ms.set_context(mode=request.param)
    try:
        ms.export(_Counter(), ms.Tensor(_A), ms.Tensor(_B), file_name=str(tmp_path / "counter"), file_format="MINDIR")
        yield str(tmp_path / "counter.mindir")
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_file_holds_the_write(exported):
    model = ModelProto.FromString(open(exported, "rb").read())
    ops = [n.op_type.split("::")[-1].split(":")[0] for n in model.graph.node]
    assert ops.count("Assign") == 1 and ops[-1] == "Depend"
    assert [p.ref_key for p in model.graph.parameter] == ["weight"]
    assign = next(n for n in model.graph.node if "Assign" in n.op_type)
    assert assign.input[0].endswith(":weight")
    assert model.graph.output[0].name == model.graph.node[-1].output[0]


def test_loaded_graph_updates_its_parameter(exported):
    net = nn.GraphCell(ms.load(exported))
    w = np.arange(6, dtype=np.float32).reshape(2, 3)
    for step in range(2):
        out = net(ms.Tensor(_A), ms.Tensor(_B))
        np.testing.assert_array_equal(out.asnumpy(), _A * _B * (w + step))
        np.testing.assert_array_equal(net.trainable_params()[0].asnumpy(), w + step + 1)


@pytest.mark.skipif(oracle_python() is None, reason="real MindSpore (.oracle/bin/python) is not installed")
def test_mindspore_runs_the_write(exported, tmp_path):
    script = textwrap.dedent(f"""
        import numpy as np
        import mindspore as ms
        from mindspore import nn
        net = nn.GraphCell(ms.load({exported!r}))
        for _ in range(2):
            out = net(ms.Tensor(np.full((2, 3), 3.0, np.float32)), ms.Tensor(np.full((2, 3), 4.0, np.float32)))
        print(out.asnumpy().ravel().tolist(), net.trainable_params()[0].asnumpy().ravel().tolist())
    """)
    proc = subprocess.run([oracle_python(), "-c", script], capture_output=True, text=True, timeout=300,
                          cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stderr[-3000:]
    out, weight = proc.stdout.strip().splitlines()[-1].split("] [")
    w = np.arange(6, dtype=np.float32)
    assert out + "]" == str((12 * (w + 1)).tolist())
    assert "[" + weight == str((w + 2).tolist())
