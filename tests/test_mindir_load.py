"""MindIR written by real MindSpore 2.10, loaded with ``ms.load`` and run by ``nn.GraphCell`` in mscompat.

Real MindSpore (``.oracle/bin/python``) builds the networks of ``_export_models.py`` (LeNet-5, a
ResNet with BatchNorm, a Transformer block, a graph of casts/slices/constants with two outputs, an
``if`` and a ``while`` on tensor values, a Dense net with a dynamic batch), runs them and exports MINDIR; the
inputs and MindSpore's outputs cross as ``.npy``. mscompat loads each file and must give
MindSpore's outputs in PYNATIVE_MODE and GRAPH_MODE, with MindSpore's parameter names.
Files mscompat itself wrote load back (no oracle needed), and damaged files, unknown primitives
and wrong calls raise MindSpore's exception classes.
"""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, Tensor
from mscompat.train import _mindir_proto as mir

sys.path.insert(0, os.path.dirname(__file__))
import _export_models as models  # noqa: E402

ORACLE = Path(__file__).resolve().parents[1] / ".oracle" / "bin" / "python"
needs_oracle = pytest.mark.skipif(not ORACLE.exists(), reason="real MindSpore (.oracle/bin/python) is not installed")

DEFAULT_MODELS = ("lenet", "misc", "branch", "loop")
SLOW_MODELS = ("resnet", "tblock", "layers")

ORACLE_SCRIPT = '''
import json, sys
import numpy as np
import mindspore as ms
sys.path.insert(0, sys.argv[1])
import _export_models as models
ms.set_context(mode=ms.GRAPH_MODE)
out = {}
for name in sys.argv[3:]:
    if name.endswith("_dyn"):   # the model with a dynamic batch: sizes read from x.shape are exported as nodes
        base = name[:-4]
        net = models.build(ms, base)
        spec = ms.Tensor(shape=[None] + list(models.SHAPES[base][1:]), dtype=ms.float32)
        ms.export(net, spec, file_name=name, file_format="MINDIR")
        for b in (3, 4):
            x = models.inputs(base, batch=b)[0]
            np.save(f"{name}_x{b}.npy", x)
            ys = net(ms.Tensor(x))
            for i, y in enumerate(ys if isinstance(ys, tuple) else (ys,)):
                np.save(f"{name}_y{b}_{i}.npy", y.asnumpy())
        continue
    if name == "dyn":
        net = ms.nn.SequentialCell([ms.nn.Dense(4, 3), ms.nn.ReLU(), ms.nn.Dense(3, 2)])
        net.set_train(False)
        ms.export(net, ms.Tensor(shape=[None, 4], dtype=ms.float32), file_name=name, file_format="MINDIR")
        for b in (3, 5):
            x = np.random.RandomState(b).randn(b, 4).astype(np.float32)
            np.save(f"{name}_x{b}.npy", x)
            np.save(f"{name}_y{b}.npy", net(ms.Tensor(x)).asnumpy())
        out[name] = list(net.parameters_dict())
        continue
    net = models.build(ms, name)
    xs = models.inputs(name)
    ys = net(*[ms.Tensor(x) for x in xs])
    ys = ys if isinstance(ys, tuple) else (ys,)
    ms.export(net, *[ms.Tensor(x) for x in xs], file_name=name, file_format="MINDIR")
    for i, x in enumerate(xs):
        np.save(f"{name}_x{i}.npy", x)
    for i, y in enumerate(ys):
        np.save(f"{name}_y{i}.npy", y.asnumpy())
    # MindSpore's GraphCell names the parameters as the net does, in the file's order
    out[name] = list(ms.nn.GraphCell(ms.load(f"{name}.mindir")).parameters_dict())
    assert sorted(out[name]) == sorted(net.parameters_dict())
json.dump(out, open("names.json", "w"))
'''


def _run_oracle(workdir, names):
    script = workdir / "export_ms.py"
    script.write_text(textwrap.dedent(ORACLE_SCRIPT))
    proc = subprocess.run([str(ORACLE), str(script), os.path.dirname(os.path.abspath(__file__)), "_", *names],
                          capture_output=True, text=True, timeout=900, cwd=str(workdir))
    if proc.returncode != 0:
        raise AssertionError(f"MindSpore export failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-5000:]}")
    return json.loads((workdir / "names.json").read_text())


@pytest.fixture(scope="module")
def ms_files(tmp_path_factory):
    """MINDIR files MindSpore exported, with their inputs, outputs and parameter names."""
    if not ORACLE.exists():
        pytest.skip("real MindSpore (.oracle/bin/python) is not installed")
    workdir = tmp_path_factory.mktemp("ms_mindir")
    names = _run_oracle(workdir, DEFAULT_MODELS + ("dyn", "shapes_dyn"))
    return workdir, names


@pytest.fixture(scope="module")
def ms_files_slow(tmp_path_factory):
    if not ORACLE.exists():
        pytest.skip("real MindSpore (.oracle/bin/python) is not installed")
    workdir = tmp_path_factory.mktemp("ms_mindir_slow")
    return workdir, _run_oracle(workdir, SLOW_MODELS + ("tblock_dyn",))


@pytest.fixture
def mode():
    old = ms.get_context("mode")
    yield
    ms.set_context(mode=old)


def _load_arrays(workdir, name, prefix):
    out, i = [], 0
    while (workdir / f"{name}_{prefix}{i}.npy").exists():
        out.append(np.load(workdir / f"{name}_{prefix}{i}.npy"))
        i += 1
    return out


# misc casts to float16 and takes square roots near 0: MindSpore's and XLA's CPU kernels differ
# there in the last float32 bits (mscompat running the same network directly differs the same way)
TOLERANCE = {"misc": 1e-4}


def _check_model(workdir, names, name, exec_mode):
    ms.set_context(mode=exec_mode)
    graph = ms.load(str(workdir / f"{name}.mindir"))
    cell = nn.GraphCell(graph)
    assert list(cell.parameters_dict()) == names[name]
    xs = _load_arrays(workdir, name, "x")
    ys = _load_arrays(workdir, name, "y")
    out = cell(*[Tensor(x) for x in xs])
    outs = out if isinstance(out, tuple) else (out,)
    assert len(outs) == len(ys)
    for o, y in zip(outs, ys):
        assert isinstance(o, Tensor)
        assert o.shape == y.shape and o.asnumpy().dtype == y.dtype
        tol = TOLERANCE.get(name, 1e-5)
        np.testing.assert_allclose(o.asnumpy(), y, rtol=tol, atol=tol)


@needs_oracle
@pytest.mark.parametrize("exec_mode", ["pynative", "graph"])
@pytest.mark.parametrize("name", DEFAULT_MODELS)
def test_mindspore_mindir_runs(ms_files, mode, name, exec_mode):
    workdir, names = ms_files
    _check_model(workdir, names, name, ms.PYNATIVE_MODE if exec_mode == "pynative" else ms.GRAPH_MODE)


@needs_oracle
@pytest.mark.slow
@pytest.mark.parametrize("exec_mode", ["pynative", "graph"])
@pytest.mark.parametrize("name", SLOW_MODELS)
def test_mindspore_mindir_runs_resnet_transformer(ms_files_slow, mode, name, exec_mode):
    workdir, names = ms_files_slow
    _check_model(workdir, names, name, ms.PYNATIVE_MODE if exec_mode == "pynative" else ms.GRAPH_MODE)


@needs_oracle
@pytest.mark.parametrize("exec_mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_mindspore_mindir_dynamic_batch(ms_files, mode, exec_mode):
    """MindSpore exported the input as [-1, 4]: any batch size runs."""
    workdir, _ = ms_files
    ms.set_context(mode=exec_mode)
    cell = nn.GraphCell(ms.load(str(workdir / "dyn.mindir")))
    for b in (3, 5):
        out = cell(Tensor(np.load(workdir / f"dyn_x{b}.npy")))
        np.testing.assert_allclose(out.asnumpy(), np.load(workdir / f"dyn_y{b}.npy"), rtol=1e-5, atol=1e-6)


def _check_dynamic(workdir, name, exec_mode):
    ms.set_context(mode=exec_mode)
    cell = nn.GraphCell(ms.load(str(workdir / f"{name}.mindir")))
    for b in (3, 4):
        out = cell(Tensor(np.load(workdir / f"{name}_x{b}.npy")))
        outs = out if isinstance(out, tuple) else (out,)
        for i, o in enumerate(outs):
            np.testing.assert_allclose(o.asnumpy(), np.load(workdir / f"{name}_y{b}_{i}.npy"), rtol=1e-5, atol=1e-5)


@needs_oracle
@pytest.mark.parametrize("exec_mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_mindspore_mindir_shapes_of_dynamic_batch(ms_files, mode, exec_mode):
    """x.shape[0] of a dynamic batch: Shape/TupleGetItem/MakeTuple nodes computed per call."""
    _check_dynamic(ms_files[0], "shapes_dyn", exec_mode)


@needs_oracle
@pytest.mark.slow
@pytest.mark.parametrize("exec_mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_mindspore_mindir_transformer_dynamic_batch(ms_files_slow, mode, exec_mode):
    _check_dynamic(ms_files_slow[0], "tblock_dyn", exec_mode)


@needs_oracle
def test_params_init_and_checkpoint(ms_files, mode, tmp_path):
    """``params_init`` replaces a parameter's value; the GraphCell's Parameters take checkpoints."""
    workdir, names = ms_files
    ms.set_context(mode=ms.PYNATIVE_MODE)
    graph = ms.load(str(workdir / "lenet.mindir"))
    x = Tensor(np.load(workdir / "lenet_x0.npy"))
    base = nn.GraphCell(graph)(x).asnumpy()
    zero_bias = {"fc3.bias": Tensor(np.full(10, 3.0, np.float32))}
    changed = nn.GraphCell(graph, params_init=zero_bias)
    out = changed(x).asnumpy()
    fc3_bias = np.asarray(nn.GraphCell(graph).parameters_dict()["fc3.bias"].asnumpy())
    np.testing.assert_allclose(out, base - fc3_bias + 3.0, rtol=1e-5, atol=1e-5)
    ms.save_checkpoint(changed, str(tmp_path / "g.ckpt"))
    fresh = nn.GraphCell(graph)
    ms.load_param_into_net(fresh, ms.load_checkpoint(str(tmp_path / "g.ckpt")))
    np.testing.assert_allclose(fresh(x).asnumpy(), out, rtol=1e-6)


@needs_oracle
def test_wrong_inputs(ms_files, mode):
    workdir, _ = ms_files
    ms.set_context(mode=ms.PYNATIVE_MODE)
    cell = nn.GraphCell(ms.load(str(workdir / "misc.mindir")))
    with pytest.raises(RuntimeError, match="input number"):
        cell(Tensor(np.ones((2, 4), np.float32)))
    # shapes that do not fit the graph: RuntimeError naming the node, as MindSpore's shape inference
    with pytest.raises(RuntimeError, match="MindIR node"):
        cell(Tensor(np.ones((3, 4), np.float32)), Tensor(np.ones((2, 4), np.float32)))


@needs_oracle
def test_unknown_primitive_is_named(ms_files, mode, tmp_path):
    workdir, _ = ms_files
    model = mir.ModelProto()
    model.ParseFromString((workdir / "lenet.mindir").read_bytes())
    for prim in model.primitives:
        if prim.op_type == "ReLU":
            prim.op_type = "NoSuchOp"
    path = tmp_path / "odd.mindir"
    path.write_bytes(model.SerializeToString())
    cell = nn.GraphCell(ms.load(str(path)))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    with pytest.raises(RuntimeError, match="NoSuchOp"):
        cell(Tensor(np.load(workdir / "lenet_x0.npy")))


def _round_trip(tmp_path, name, exec_mode):
    ms.set_context(mode=exec_mode)
    net = models.build(ms, name)
    xs = [Tensor(x) for x in models.inputs(name)]
    expected = net(*xs)
    expected = expected if isinstance(expected, tuple) else (expected,)
    ms.export(net, *xs, file_name=str(tmp_path / name), file_format="MINDIR")
    cell = nn.GraphCell(ms.load(str(tmp_path / f"{name}.mindir")))
    assert sorted(cell.parameters_dict()) == sorted(net.parameters_dict())
    out = cell(*xs)
    out = out if isinstance(out, tuple) else (out,)
    for o, e in zip(out, expected):
        np.testing.assert_allclose(o.asnumpy(), e.asnumpy(), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("exec_mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("name", ["lenet", "misc"])
def test_mscompat_mindir_round_trip(tmp_path, mode, name, exec_mode):
    """A MINDIR mscompat wrote loads back into mscompat and gives the network's outputs."""
    _round_trip(tmp_path, name, exec_mode)


@pytest.mark.slow
@pytest.mark.parametrize("exec_mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("name", ["resnet", "tblock", "layers"])
def test_mscompat_mindir_round_trip_resnet_transformer(tmp_path, mode, name, exec_mode):
    _round_trip(tmp_path, name, exec_mode)


@pytest.mark.slow
def test_mscompat_mindir_dynamic_batch_round_trip(tmp_path, mode):
    net = models.build(ms, "lenet")
    ms.export(net, Tensor(shape=[None, 1, 32, 32], dtype=ms.float32), file_name=str(tmp_path / "dyn"),
              file_format="MINDIR")
    graph = ms.load(str(tmp_path / "dyn.mindir"))
    assert graph.input_shapes[0][1] == (-1, 1, 32, 32)
    cell = nn.GraphCell(graph)
    for b in (1, 3):
        x = Tensor(models.inputs("lenet", batch=b)[0])
        np.testing.assert_allclose(cell(x).asnumpy(), net(x).asnumpy(), rtol=1e-5, atol=1e-6)


def test_load_errors(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        ms.load(str(tmp_path / "missing.mindir"))
    with pytest.raises(ValueError, match="should end with '.mindir'"):
        ms.load(__file__)
    with pytest.raises(ValueError, match="must be string"):
        ms.load(3)
    text = tmp_path / "text.mindir"
    text.write_text("hello world, not a model")
    with pytest.raises(RuntimeError, match="Load MindIR failed"):
        ms.load(str(text))
    empty = tmp_path / "empty.mindir"
    empty.write_bytes(b"")
    with pytest.raises(RuntimeError, match="Load MindIR failed"):
        ms.load(str(empty))


def test_truncated_file(tmp_path):
    net = models.build(ms, "lenet")
    ms.export(net, Tensor(models.inputs("lenet")[0]), file_name=str(tmp_path / "full"), file_format="MINDIR")
    data = (tmp_path / "full.mindir").read_bytes()
    cut = tmp_path / "cut.mindir"
    cut.write_bytes(data[:len(data) // 3])
    with pytest.raises(RuntimeError, match="Load MindIR failed"):
        ms.load(str(cut))


def test_graph_cell_argument_errors(tmp_path):
    with pytest.raises(TypeError, match="FuncGraph"):
        nn.GraphCell("not a graph")
    net = nn.Dense(3, 2)
    ms.export(net, Tensor(np.ones((1, 3), np.float32)), file_name=str(tmp_path / "d"), file_format="MINDIR")
    graph = ms.load(str(tmp_path / "d.mindir"))
    with pytest.raises(TypeError, match="params_init"):
        nn.GraphCell(graph, params_init=[1])
    with pytest.raises(TypeError, match="params_init"):
        nn.GraphCell(graph, params_init={"weight": np.ones((2, 3))})
    with pytest.raises(NotImplementedError):
        nn.GraphCell(graph, obf_random_seed=1)


ZOO_MODELS = ("resnet18", "mobilenet_v3_small_100", "ghostnet_050", "poolformer_s12", "pit_ti")

ZOO_SCRIPT = '''
import sys
import numpy as np
import mindspore as ms
import mindcv
ms.set_context(mode=ms.GRAPH_MODE)
for name in sys.argv[1:]:
    net = mindcv.create_model(name, pretrained=False, num_classes=10)
    net.set_train(False)
    x = np.random.RandomState(0).randn(1, 3, 224, 224).astype(np.float32)
    np.save(f"{name}_x.npy", x)
    np.save(f"{name}_y.npy", net(ms.Tensor(x)).asnumpy())
    ms.export(net, ms.Tensor(x), file_name=name, file_format="MINDIR")
'''


@needs_oracle
@pytest.mark.slow
def test_mindcv_models_exported_by_mindspore(tmp_path, mode):
    """Model-zoo networks (mindcv, random weights) exported by MindSpore run in mscompat: residual
    ``+=`` (in-place operators), GroupNorm, hard-swish, channel shuffles, attention."""
    check = subprocess.run([str(ORACLE), "-c", "import mindcv"], capture_output=True)
    if check.returncode != 0:
        pytest.skip("mindcv is not installed in the MindSpore environment (compat_tests/zoo-requirements.txt)")
    script = tmp_path / "zoo.py"
    script.write_text(textwrap.dedent(ZOO_SCRIPT))
    proc = subprocess.run([str(ORACLE), str(script), *ZOO_MODELS], capture_output=True, text=True, timeout=1800,
                          cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stderr[-5000:]
    ms.set_context(mode=ms.GRAPH_MODE)
    for name in ZOO_MODELS:
        cell = nn.GraphCell(ms.load(str(tmp_path / f"{name}.mindir")))
        y = np.load(tmp_path / f"{name}_y.npy")
        out = cell(Tensor(np.load(tmp_path / f"{name}_x.npy"))).asnumpy()
        # random-weight networks reach large magnitudes: the tolerance follows the output's scale
        np.testing.assert_allclose(out, y, rtol=1e-4, atol=1e-5 * max(1.0, float(np.abs(y).max())), err_msg=name)
