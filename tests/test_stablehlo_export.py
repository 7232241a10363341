"""``ms.export(..., file_format="STABLEHLO")``: a ``jax.export`` artefact plain JAX runs.

The artefact is checked in a separate Python process that imports only jax and numpy (never
mscompat): ``jax.export.deserialize(bytes).call(x)`` must give mscompat's output, also for a
dynamic batch declared as ``Tensor(shape=[None, ...])``. ``ms.load`` of a ``.stablehlo`` file runs
through ``nn.GraphCell`` in both modes.
"""
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, Tensor

sys.path.insert(0, os.path.dirname(__file__))
import _export_models as models  # noqa: E402

PLAIN_JAX = '''
import json, sys
import numpy as np
import jax
art, spec = sys.argv[1], json.loads(sys.argv[2])
exp = jax.export.deserialize(bytearray(open(art, "rb").read()))
res = {"in_shapes": [str(a.shape) for a in exp.in_avals]}
for i, names in enumerate(spec):
    xs = [np.load(n) for n in names]
    out = exp.call(*xs)
    outs = out if isinstance(out, (tuple, list)) else [out]
    for j, o in enumerate(outs):
        np.save(f"{art}.out{i}_{j}.npy", np.asarray(o))
res["mscompat_imported"] = any(m.startswith("mscompat") or m.startswith("mindspore") for m in sys.modules)
print(json.dumps(res))
'''


def _plain_jax(tmp_path, artefact, cases):
    """Run ``artefact`` in a process without mscompat on each list of input arrays of ``cases``."""
    spec = []
    for i, xs in enumerate(cases):
        names = []
        for j, x in enumerate(xs):
            p = tmp_path / f"in{i}_{j}.npy"
            np.save(p, x)
            names.append(str(p))
        spec.append(names)
    script = tmp_path / "plain_jax.py"
    script.write_text(textwrap.dedent(PLAIN_JAX))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    proc = subprocess.run([sys.executable, str(script), str(artefact), json.dumps(spec)], capture_output=True,
                          text=True, timeout=300, cwd=str(tmp_path), env=env)
    assert proc.returncode == 0, proc.stderr[-4000:]
    res = json.loads(proc.stdout.strip().splitlines()[-1])
    assert res["mscompat_imported"] is False
    outs = []
    for i in range(len(cases)):
        j, case_out = 0, []
        while os.path.exists(f"{artefact}.out{i}_{j}.npy"):
            case_out.append(np.load(f"{artefact}.out{i}_{j}.npy"))
            j += 1
        outs.append(case_out)
    return res, outs


@pytest.fixture
def mode():
    old = ms.get_context("mode")
    yield
    ms.set_context(mode=old)


def test_lenet_runs_in_plain_jax(tmp_path):
    net = models.build(ms, "lenet")
    x = models.inputs("lenet")[0]
    expected = net(Tensor(x)).asnumpy()
    ms.export(net, Tensor(x), file_name=str(tmp_path / "lenet"), file_format="STABLEHLO")
    artefact = tmp_path / "lenet.stablehlo"
    assert artefact.exists()
    res, outs = _plain_jax(tmp_path, artefact, [[x]])
    assert res["in_shapes"] == ["(2, 1, 32, 32)"]
    np.testing.assert_allclose(outs[0][0], expected, rtol=1e-5, atol=1e-6)


@pytest.fixture(scope="module")
def dynamic_lenet(tmp_path_factory):
    """LeNet exported once with a dynamic batch: ``(net, artefact path)``."""
    net = models.build(ms, "lenet")
    path = tmp_path_factory.mktemp("stablehlo") / "dyn"
    ms.export(net, Tensor(shape=[None, 1, 32, 32], dtype=ms.float32), file_name=str(path), file_format="STABLEHLO")
    return net, f"{path}.stablehlo"


def test_dynamic_batch_in_plain_jax(tmp_path, dynamic_lenet):
    """``Tensor(shape=[None, ...])`` exports a symbolic batch: one artefact runs batch 1 and 7."""
    net, artefact = dynamic_lenet
    cases = [[models.inputs("lenet", batch=b)[0]] for b in (1, 7)]
    res, outs = _plain_jax(tmp_path, artefact, cases)
    assert res["in_shapes"] == ["(batch, 1, 32, 32)"]
    for (x,), out in zip(cases, outs):
        assert out[0].shape == (x.shape[0], 10)
        np.testing.assert_allclose(out[0], net(Tensor(x)).asnumpy(), rtol=1e-5, atol=1e-6)


def test_two_inputs_two_outputs_in_plain_jax(tmp_path):
    """Several inputs sharing a dynamic batch; a tuple of outputs (float32 and int64) comes back."""
    net = models.build(ms, "misc")
    xs = models.inputs("misc")
    expected = net(*[Tensor(x) for x in xs])
    spec = Tensor(shape=[None, 4], dtype=ms.float32)
    ms.export(net, spec, spec, file_name=str(tmp_path / "misc.stablehlo"), file_format="STABLEHLO")
    _, outs = _plain_jax(tmp_path, tmp_path / "misc.stablehlo", [xs])
    assert len(outs[0]) == 2
    np.testing.assert_allclose(outs[0][0], expected[0].asnumpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(outs[0][1], expected[1].asnumpy())


@pytest.mark.slow
@pytest.mark.parametrize("name", ["resnet", "tblock"])
def test_resnet_transformer_in_plain_jax(tmp_path, name):
    net = models.build(ms, name)
    x = models.inputs(name)[0]
    expected = net(Tensor(x)).asnumpy()
    ms.export(net, Tensor(x), file_name=str(tmp_path / name), file_format="STABLEHLO")
    _, outs = _plain_jax(tmp_path, tmp_path / f"{name}.stablehlo", [[x]])
    np.testing.assert_allclose(outs[0][0], expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("exec_mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_load_stablehlo_graph_cell(dynamic_lenet, mode, exec_mode):
    ms.set_context(mode=exec_mode)
    net, artefact = dynamic_lenet
    cell = nn.GraphCell(ms.load(artefact))
    assert not list(cell.get_parameters())   # the values are part of the artefact
    for b in (2, 5):
        x = models.inputs("lenet", batch=b)[0]
        out = cell(Tensor(x))
        assert isinstance(out, Tensor)
        np.testing.assert_allclose(out.asnumpy(), net(Tensor(x)).asnumpy(), rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="shape"):
        cell(Tensor(np.ones((2, 1, 28, 28), np.float32)))
    with pytest.raises(RuntimeError, match="input number"):
        cell(Tensor(np.ones((2, 1, 32, 32), np.float32)), Tensor(np.ones((2, 1, 32, 32), np.float32)))


def test_training_mode_kept_and_inference_exported(tmp_path):
    """Export runs the inference forward (Dropout off, BatchNorm moving statistics) and leaves the
    network's training flag as it was."""
    net = nn.SequentialCell([nn.Dense(4, 8), nn.BatchNorm1d(8), nn.Dropout(p=0.5), nn.Dense(8, 2)])
    net.set_train(True)
    x = np.random.RandomState(3).randn(6, 4).astype(np.float32)
    ms.export(net, Tensor(x), file_name=str(tmp_path / "bn"), file_format="STABLEHLO")
    assert net.training
    net.set_train(False)
    expected = net(Tensor(x)).asnumpy()
    out = nn.GraphCell(ms.load(str(tmp_path / "bn.stablehlo")))(Tensor(x))
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-5, atol=1e-6)


def test_damaged_stablehlo(tmp_path):
    bad = tmp_path / "bad.stablehlo"
    bad.write_bytes(b"\x00\x01 not a jax export")
    with pytest.raises(RuntimeError, match="STABLEHLO"):
        ms.load(str(bad))


def test_jit_function_and_cell_without_inputs(tmp_path):
    """A ``ms.jit`` function exports too; a Cell without inputs gives an artefact of no arguments."""
    import jax

    @ms.jit
    def scaled_matmul(x, y):
        return ms.ops.matmul(x, y) * 2

    x, y = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), Tensor(np.ones((3, 4), np.float32))
    ms.export(scaled_matmul, x, y, file_name=str(tmp_path / "fn"), file_format="STABLEHLO")
    out = nn.GraphCell(ms.load(str(tmp_path / "fn.stablehlo")))(x, y)
    np.testing.assert_allclose(out.asnumpy(), scaled_matmul(x, y).asnumpy())

    class Constant(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="w")

        def construct(self):
            return self.w * 3

    ms.export(Constant(), file_name=str(tmp_path / "c"), file_format="STABLEHLO")
    exported = jax.export.deserialize(bytearray((tmp_path / "c.stablehlo").read_bytes()))
    np.testing.assert_allclose(np.asarray(exported.call()), [3.0, 6.0, 9.0])


def test_non_tensor_inputs_are_fixed(tmp_path):
    class Scale(nn.Cell):
        def construct(self, x, factor, shift=0.0):
            return x * factor + shift

    x = Tensor(np.arange(4, dtype=np.float32))
    ms.export(Scale(), x, 3, 0.5, file_name=str(tmp_path / "s"), file_format="STABLEHLO")
    cell = nn.GraphCell(ms.load(str(tmp_path / "s.stablehlo")))
    np.testing.assert_allclose(cell(x).asnumpy(), [0.5, 3.5, 6.5, 9.5])
    with pytest.raises(TypeError, match="separate inputs"):
        ms.export(Scale(), (x, x), 3, file_name=str(tmp_path / "t"), file_format="STABLEHLO")
