"""MindIR written by mscompat, read by real MindSpore 2.10.

1. The schema (``train/_mindir_proto.py``) is MindSpore's ``mind_ir.proto``: same descriptor,
   and a ``ModelProto`` serialized by mscompat parses with MindSpore's own generated module
   (and back) to the same message.
2. Networks exported by mscompat (LeNet, a ResNet with BatchNorm, Transformer blocks, recurrent
   layers, many operator families, functions; fixed and dynamic batch) load in MindSpore
   (``mindspore.load`` + ``nn.GraphCell``) with their Parameters, and give mscompat's outputs.
3. The file's layout, ``custom_func``, the public ``export`` dispatch, and what is refused
   (unsupported primitives, random draws, loops on computed values, bad arguments).

Real MindSpore runs in its own process (``.oracle/bin/python``); data crosses as files.
"""
import json
import subprocess
import textwrap
from pathlib import Path

import jax
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops
from mscompat.train import _mindir_proto as mir
from mscompat.train._mindir_export import export_mindir

ORACLE = Path(__file__).resolve().parents[1] / ".oracle" / "bin" / "python"
needs_oracle = pytest.mark.skipif(not ORACLE.exists(), reason="real MindSpore (.oracle/bin/python) is not installed")


def _run_oracle(workdir, script, *args, timeout=600):
    path = workdir / "oracle_script.py"
    path.write_text(textwrap.dedent(script))
    proc = subprocess.run([str(ORACLE), str(path), *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, cwd=str(workdir))
    if proc.returncode != 0:
        raise AssertionError(f"MindSpore script failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-5000:]}")
    return proc.stdout


def _sample_model():
    model = mir.ModelProto(ir_version="1", producer_name="MindSpore", producer_version="2.10.0",
                           model_version="1", little_endian=True, mind_ir_version=mir.Version["IR_VERSION"])
    model.user_info["k"] = "v"
    g = model.graph
    g.name = "main_graph"
    vi = g.input.add(name="main_graph:x")
    t = vi.tensor.add(name="x", data_type=mir.TensorProto.FLOAT, dims=[-1, 3])
    t.min_dims.extend([1, 3])
    p = g.parameter.add(name="main_graph:w", data_type=mir.TensorProto.FLOAT, dims=[3, 2],
                        raw_data=bytes(range(24)))
    p.compression_type = mir.TensorProto.NO_COMPRESSION
    n = g.node.add(input=["main_graph:x", "main_graph:w"], output=["mm"], name="mm", op_type="REF::MatMul:1")
    a = n.attribute.add(name="transpose_a", type=mir.AttributeProto.BOOL, i=0)
    a.values.add(type=mir.AttributeProto.INT64, i=3)
    a.seq_info.is_dyn_len = False
    prim = model.primitives.add(name="MatMul:1", op_type="MatMul", instance_name="m",
                                prim_type=mir.PrimitiveProto.PRIMITIVE_FUNCTION)
    prim.attribute.add(name="transpose_b", type=mir.AttributeProto.BOOL, i=1)
    f = model.functions.add(name="f")
    f.attribute.add(name="s", type=mir.AttributeProto.STRING, s=b"abc", strings=[b"x", b"y"])
    f.attribute.add(name="fl", type=mir.AttributeProto.FLOAT, f=1.5, floats=[0.5], d=2.5, doubles=[0.25])
    return model


def test_schema_builds_all_messages():
    model = _sample_model()
    back = mir.ModelProto.FromString(model.SerializeToString())
    assert back == model
    assert back.graph.node[0].attribute[0].values[0].i == 3
    assert mir.ModelProto.DESCRIPTOR.full_name == "mind_ir.ModelProto"
    assert mir.Version == {"IR_VERSION_START": 0, "IR_VERSION": 1, "IR_VERSION_WITH_PRIM_FUNCTION": 2,
                           "IR_VERSION_WITH_SCALAR_GRAPH_HOLDER": 3}
    with pytest.raises(mir.DecodeError):
        mir.ModelProto.FromString(b"\x0a\xff\xff")


@needs_oracle
def test_schema_is_mindspores_and_round_trips(tmp_path):
    from google.protobuf import descriptor_pb2

    fd = descriptor_pb2.FileDescriptorProto()
    mir.ModelProto.DESCRIPTOR.file.CopyToProto(fd)
    (tmp_path / "desc.bin").write_bytes(fd.SerializeToString())
    model = _sample_model()
    (tmp_path / "model.bin").write_bytes(model.SerializeToString())
    out = _run_oracle(tmp_path, """
        import sys
        from google.protobuf import descriptor_pb2
        from mindspore.train import mind_ir_pb2 as m
        theirs = descriptor_pb2.FileDescriptorProto()
        m.DESCRIPTOR.CopyToProto(theirs)
        ours = descriptor_pb2.FileDescriptorProto.FromString(open("desc.bin", "rb").read())
        print("descriptor", ours == theirs)
        model = m.ModelProto()
        model.ParseFromString(open("model.bin", "rb").read())
        print("node", model.graph.node[0].op_type, model.graph.parameter[0].raw_data == bytes(range(24)))
        print("prim", model.primitives[0].prim_type == m.PrimitiveProto.PRIMITIVE_FUNCTION)
        open("model_back.bin", "wb").write(model.SerializeToString())
    """)
    assert "descriptor True" in out
    assert "node REF::MatMul:1 True" in out
    assert "prim True" in out
    assert mir.ModelProto.FromString((tmp_path / "model_back.bin").read_bytes()) == model


# --- 2. networks exported by mscompat, run by MindSpore -------------------------------------------

ORACLE_RUNNER = """
    import json, sys
    import numpy as np
    import mindspore as ms
    from mindspore import nn
    report = {}
    for job in json.load(open("jobs.json")):
        entry = report[job["id"]] = {}
        try:
            cell = nn.GraphCell(ms.load(job["file"]))
            entry["params"] = sorted(cell.parameters_dict().keys())
            for run, arrays in enumerate(job["runs"]):
                data = np.load(arrays)
                xs = [ms.Tensor(data["x%d" % i]) for i in range(len(data.files))]
                out = cell(*xs)
                out = out if isinstance(out, (tuple, list)) else (out,)
                np.savez(arrays.replace(".npz", "_ms.npz"), **{"y%d" % i: o.asnumpy() for i, o in enumerate(out)})
        except Exception as e:  # reported, the test says which model failed
            entry["error"] = "%s: %s" % (type(e).__name__, str(e)[:2000])
    json.dump(report, open("report.json", "w"))
"""


class LeNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(2, 2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, 10)

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.pool(self.relu(self.conv2(x)))
        x = self.flatten(x)
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(x)))))


class BasicBlock(nn.Cell):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride=stride, pad_mode="pad", padding=1, has_bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, pad_mode="same", has_bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU()
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.SequentialCell([nn.Conv2d(cin, cout, 1, stride=stride, has_bias=False),
                                           nn.BatchNorm2d(cout)])

    def construct(self, x):
        identity = x if self.down is None else self.down(x)
        y = self.relu(self.bn1(self.conv1(x)))
        return self.relu(self.bn2(self.conv2(y)) + identity)


class ResNet(nn.Cell):
    """A two-block CIFAR-style ResNet (stem, identity block, strided block with a projection)."""

    def __init__(self, num_classes=10, image_size=16):
        super().__init__()
        self.stem = nn.SequentialCell([nn.Conv2d(3, 8, 3, pad_mode="same", has_bias=False), nn.BatchNorm2d(8),
                                       nn.ReLU()])
        self.layer1 = BasicBlock(8, 8, 1)
        self.layer2 = BasicBlock(8, 16, 2)
        self.pool = nn.AvgPool2d(kernel_size=image_size // 2, stride=image_size // 2)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(16, num_classes)

    def construct(self, x):
        return self.fc(self.flatten(self.pool(self.layer2(self.layer1(self.stem(x))))))


class EncoderBlock(nn.Cell):
    """Pre-norm Transformer encoder block: multi-head self-attention and a GELU feed-forward."""

    def __init__(self, d=16, heads=2):
        super().__init__()
        self.heads, self.dk = heads, d // heads
        self.q, self.k, self.v, self.o = nn.Dense(d, d), nn.Dense(d, d), nn.Dense(d, d), nn.Dense(d, d)
        self.ln1, self.ln2 = nn.LayerNorm((d,)), nn.LayerNorm((d,))
        self.ff1, self.ff2 = nn.Dense(d, 4 * d), nn.Dense(4 * d, d)
        self.gelu = nn.GELU(approximate=False)
        self.softmax = nn.Softmax(axis=-1)
        self.scale = 1.0 / float(np.sqrt(self.dk))

    def split(self, t, b, s):
        return ops.transpose(ops.reshape(t, (b, s, self.heads, self.dk)), (0, 2, 1, 3))

    def construct(self, x):
        b, s, d = x.shape
        y = self.ln1(x)
        q, k, v = self.split(self.q(y), b, s), self.split(self.k(y), b, s), self.split(self.v(y), b, s)
        attn = self.softmax(ops.matmul(q, ops.transpose(k, (0, 1, 3, 2))) * self.scale)
        z = ops.reshape(ops.transpose(ops.matmul(attn, v), (0, 2, 1, 3)), (b, s, d))
        x = x + self.o(z)
        return x + self.ff2(self.gelu(self.ff1(self.ln2(x))))


class Mixed(nn.Cell):
    """Many operator families at once, an ``if`` on a Tensor, several outputs (one of them an input
    as it is)."""

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(np.linspace(-1, 1, 12).reshape(3, 4).astype(np.float32)), name="w")
        self.dw = nn.Conv2d(2, 2, 3, stride=2, pad_mode="pad", padding=(1, 0, 2, 1), group=2, has_bias=True)
        self.mp = nn.MaxPool2d(3, 2, pad_mode="same")

    def construct(self, x, img):
        a = ops.exp(ops.tanh(x)) + ops.sigmoid(x) * ops.sqrt(ops.abs(x) + 1) - ops.rsqrt(x * x + 2)
        b = ops.where(x > 0, ops.log(ops.abs(x) + 1), ops.erf(x)) / ops.maximum(ops.abs(x), 0.5)
        if x.sum() > 0:
            a = a * 2 - b
        else:
            a = ops.exp(a) + 1
        c = ops.concat((a, b[:, ::2], ops.pad(b, (1, 2))[:, 1:3]), axis=1)
        d = ops.matmul(x, self.w.T) ** 3 + ops.clamp(x @ self.w.T, -0.5, 0.5)
        e = ops.cumsum(d, 1) + ops.argmax(d, 1).astype(ms.float32).reshape(-1, 1)
        f = ops.softmax(e, -1).mean(axis=0) + e.min(axis=1).reshape(-1, 1)[:3, :].sum()
        h = ops.bmm(ops.stack((x, x * 2)), ops.stack((self.w, -self.w)).swapaxes(1, 2)).astype(ms.float16)
        p, q = ops.split(c, [2, c.shape[1] - 2], axis=1)
        g = self.mp(ops.relu(self.dw(img)))
        return c, f, h, p * 2, q, g, x


class Layers(nn.Cell):
    """Embedding, Conv1d + BatchNorm1d + AvgPool1d, AdaptiveAvgPool2d, Conv2dTranspose."""

    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(20, 6)
        self.conv1d = nn.Conv1d(6, 4, 3, pad_mode="pad", padding=1)
        self.bn1d = nn.BatchNorm1d(4)
        self.pool1d = nn.AvgPool1d(2, 2)
        self.up = nn.Conv2dTranspose(3, 2, 3, stride=2, pad_mode="pad", padding=1, has_bias=True)
        self.adaptive = nn.AdaptiveAvgPool2d((2, 3))
        self.dropout = nn.Dropout(p=0.5)

    def construct(self, ids, img):
        t = ops.transpose(self.emb(ids), (0, 2, 1))
        t = self.pool1d(ops.relu(self.bn1d(self.conv1d(t))))
        return self.dropout(t), self.adaptive(self.up(img))


class Recurrent(nn.Cell):
    """A bidirectional LSTM and a two-layer GRU (``lax.scan``), a ``while`` over a Tensor counter."""

    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 8, batch_first=True, bidirectional=True)
        self.gru = nn.GRU(16, 6, batch_first=True, num_layers=2)

    def construct(self, x):
        y, _ = self.lstm(x)
        z, h = self.gru(y)
        s = x[:, 0]
        i = ms.Tensor(0, ms.int32)
        while i < 3:
            s = s * 0.5 + i.astype(ms.float32)
            i = i + 1
        return z, h, s


class Vision(nn.Cell):
    """Depthwise convolutions, activations, explicitly padded max pooling, GroupNorm, resizing,
    one-hot, sort/argsort/topk."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, stride=2, pad_mode="pad", padding=1)
        self.dw = nn.Conv2d(8, 8, 3, group=8, pad_mode="same")
        self.bn = nn.BatchNorm2d(8)
        self.acts = nn.CellList([nn.ReLU6(), nn.HSwish(), nn.LeakyReLU(0.1), nn.ELU(), nn.SiLU(), nn.PReLU(),
                                 nn.Mish(), nn.HSigmoid()])
        self.pool = nn.MaxPool2d(3, 2, pad_mode="pad", padding=1)
        self.gn = nn.GroupNorm(2, 8)
        self.up = nn.Upsample(size=(8, 8), mode="nearest")

    def construct(self, x):
        y = self.bn(self.dw(self.conv(x)))
        acts = [act(y) for act in self.acts]
        z = self.gn(self.pool(y))
        flat = z.reshape(2, -1)
        values, indices = ops.topk(flat, 3)
        return (tuple(acts) + (self.up(z), ops.interpolate(y, size=(6, 6), mode="bilinear", align_corners=True),
                               ops.one_hot(ops.argmax(flat, 1), 5, ms.Tensor(1.0), ms.Tensor(0.0)),
                               values, indices, ops.sort(y, 1)[0], ops.argsort(y, 2)))


class Encoder(nn.Cell):
    """Two nn.TransformerEncoderLayer (nn.MultiheadAttention inside) and a classifier head."""

    def __init__(self, d=32, heads=4):
        super().__init__()
        self.layers = nn.CellList([nn.TransformerEncoderLayer(d, heads, dim_feedforward=2 * d, dropout=0.1,
                                                              batch_first=True) for _ in range(2)])
        self.head = nn.Dense(d, 3)

    def construct(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.head(x.mean(axis=1))


class PairAndScale(nn.Cell):
    """A tuple of Tensors and a Python number as inputs (the number is a constant of the graph)."""

    def construct(self, pair, scale):
        a, b = pair
        return a * scale + b, ops.matmul(a, b.T)


def _simple_fn(x, y):
    return ops.matmul(x, y) + 1.0


def _lax_cumulative_fn(x):
    """lax's cumulative primitives as such (mscompat's ops.cummax lowers otherwise)."""
    d = x._data
    return tuple(ms.Tensor._wrap(y) for y in (jax.lax.cummax(d, 1), jax.lax.cummin(d, 0), jax.lax.cumprod(d, 1),
                                              jax.lax.cumsum(d, 0, reverse=True)))


def _remainders_fn(x, y, i, j):
    """Remainders, floor division and rounding on floats and integers."""
    return (ops.fmod(x, y), x % y, x // y, ops.round(x), ms.Tensor._wrap(jax.lax.round(x._data)), i % j, i // j,
            ops.fmod(i, j), x % 2.0)


def _inputs(*shapes, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(s).astype(np.float32) for s in shapes]


def _mscompat_outputs(net, arrays, call=None):
    tensors = [ms.Tensor(a) for a in arrays]
    out = call(net, *tensors) if call else net(*tensors)
    return [o.asnumpy() for o in (out if isinstance(out, (tuple, list)) else (out,))]


def _static(cid, net, arrays):
    return cid, net, [ms.Tensor(a) for a in arrays], [arrays]


def _default_cases():
    """(id, net, export inputs, [input arrays per run]) of the default run."""
    ms.set_seed(1)
    ids = np.array([[1, 5, 7, 19, 0, 3], [2, 2, 11, 4, 8, 9]], np.int32)
    mixed = Mixed()
    training = ResNet()
    training.set_train(True)    # exported as MindSpore does: BatchNorm on the batch's statistics
    return [
        _static("lenet", LeNet(), _inputs((2, 1, 32, 32))),
        _static("resnet", ResNet(), _inputs((2, 3, 16, 16))),
        _static("resnet_training_mode", training, _inputs((4, 3, 16, 16))),
        _static("transformer", EncoderBlock(), _inputs((2, 5, 16))),
        ("mixed", mixed, [ms.Tensor(a) for a in _inputs((5, 4), (1, 2, 9, 8))],
         [_inputs((5, 4), (1, 2, 9, 8)), [-abs(a) for a in _inputs((5, 4), (1, 2, 9, 8), seed=7)],
          [abs(a) for a in _inputs((5, 4), (1, 2, 9, 8), seed=8)]]),
        _static("layers", Layers(), [ids] + _inputs((2, 3, 4, 5))),
        _static("recurrent", Recurrent(), _inputs((2, 7, 4))),
        _static("vision", Vision(), _inputs((2, 3, 16, 16))),
        _static("function", _simple_fn, _inputs((3, 4), (4, 2))),
        _static("lax_cumulative", _lax_cumulative_fn, _inputs((3, 5))),
        _static("remainders", _remainders_fn,
                [np.array([[-3.5, 3.5, 2.5, -2.5, 0.5, 1.7]], np.float32),
                 np.array([[2.0, -2.0, 2.0, 2.0, 0.3, -0.4]], np.float32),
                 np.array([[-7, 7, 5, -5, 3, 0]], np.int32), np.array([[2, -2, 3, 3, -1, 5]], np.int32)]),
        ("pair_and_scale", PairAndScale(), [tuple(ms.Tensor(a) for a in _inputs((2, 3), (2, 3))), 2.5],
         [_inputs((2, 3), (2, 3), seed=9)], lambda net, a, b: net((a, b), 2.5)),
        ("lenet_dynamic_batch", LeNet(), [ms.Tensor(shape=[None, 1, 32, 32], dtype=ms.float32)],
         [_inputs((1, 1, 32, 32), seed=2), _inputs((3, 1, 32, 32), seed=3)]),
        ("transformer_dynamic_batch", EncoderBlock(), [ms.Tensor(shape=[None, 5, 16], dtype=ms.float32)],
         [_inputs((4, 5, 16), seed=4)]),
    ]


def _slow_cases():
    ms.set_seed(2)
    return [
        _static("resnet_32px_batch8", ResNet(num_classes=100, image_size=32), _inputs((8, 3, 32, 32))),
        ("encoder_dynamic_batch", Encoder(), [ms.Tensor(shape=[None, 12, 32], dtype=ms.float32)],
         [_inputs((3, 12, 32), seed=5), _inputs((16, 12, 32), seed=6)]),
    ]


def _export_and_run(cases, workdir):
    """Exports every case with mscompat, runs every file in one MindSpore process; returns
    {id: (mscompat outputs per run, MindSpore outputs per run, MindSpore error, parameter names on
    both sides)}."""
    jobs, expected, names = [], {}, {}
    for cid, net, export_inputs, runs, *call in cases:
        path = export_mindir(net, *export_inputs, file_name=str(workdir / cid))
        assert path == str(workdir / f"{cid}.mindir")
        expected[cid] = [_mscompat_outputs(net, arrays, *call) for arrays in runs]
        if not isinstance(net, nn.Cell):
            names[cid] = []
        else:     # in training mode BatchNorm's moving statistics are updated: Assign nodes name them
            names[cid] = sorted(p.name for p in net.get_parameters())
        files = []
        for r, arrays in enumerate(runs):
            f = workdir / f"{cid}_run{r}.npz"
            np.savez(f, **{f"x{i}": a for i, a in enumerate(arrays)})
            files.append(str(f))
        jobs.append({"id": cid, "file": path, "runs": files})
    (workdir / "jobs.json").write_text(json.dumps(jobs))
    _run_oracle(workdir, ORACLE_RUNNER)
    report = json.loads((workdir / "report.json").read_text())
    result = {}
    for job in jobs:
        cid = job["id"]
        entry = report[cid]
        got = None
        if "error" not in entry:
            got = []
            for f in job["runs"]:
                data = np.load(f.replace(".npz", "_ms.npz"))
                got.append([data[f"y{i}"] for i in range(len(data.files))])
        result[cid] = (expected[cid], got, entry.get("error"), entry.get("params"), names[cid])
    return result


def _check(result, cid):
    expected, got, error, ms_params, msc_params = result[cid]
    assert error is None, f"MindSpore could not load/run {cid}.mindir: {error}"
    assert ms_params == msc_params          # Parameters keep their names (and are graph parameters)
    for run_expected, run_got in zip(expected, got):
        assert len(run_got) == len(run_expected)
        for e, g in zip(run_expected, run_got):
            assert g.shape == e.shape and g.dtype == e.dtype
            tol = 2e-3 if e.dtype == np.float16 else 1e-4
            np.testing.assert_allclose(g, e, rtol=tol, atol=tol * 1e-1)


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    return _export_and_run(_default_cases(), tmp_path_factory.mktemp("mindir_export"))


@needs_oracle
@pytest.mark.parametrize("cid", ["lenet", "resnet", "resnet_training_mode", "transformer", "mixed", "layers", "recurrent", "vision", "function", "lax_cumulative", "remainders",
                                 "pair_and_scale",
                                 "lenet_dynamic_batch", "transformer_dynamic_batch"])
def test_mindspore_runs_the_exported_graph(exported, cid):
    _check(exported, cid)


@needs_oracle
@pytest.mark.slow
def test_mindspore_runs_bigger_exported_graphs(tmp_path):
    result = _export_and_run(_slow_cases(), tmp_path)
    for cid in result:
        _check(result, cid)


# --- 3. what the file holds, and what cannot be exported -------------------------------------------
def test_file_layout(tmp_path):
    net = LeNet()
    path = export_mindir(net, ms.Tensor(shape=[None, 1, 32, 32], dtype=ms.float32),
                         file_name=str(tmp_path / "lenet.mindir"))
    assert path == str(tmp_path / "lenet.mindir")        # no second suffix
    model = mir.ModelProto.FromString(Path(path).read_bytes())
    assert (model.producer_name, model.ir_version, model.mind_ir_version) == ("MindSpore", "1.1", 3)
    g = model.graph
    assert [list(t.dims) for i in g.input for t in i.tensor] == [[-1, 1, 32, 32]]
    assert g.input[0].name == f"{g.name}:x"            # the construct's argument name
    assert list(g.output[0].tensor[0].dims) == [-1, 10]
    params = {p.ref_key: p for p in g.parameter}
    assert set(params) == {p.name for p in net.get_parameters()}
    w = np.frombuffer(params["conv1.weight"].raw_data, np.float32).reshape(6, 1, 5, 5)
    np.testing.assert_array_equal(w, net.conv1.weight.asnumpy())
    ops_used = {p.op_type for p in model.primitives}
    assert {"Conv2D", "MaxPool", "MatMul", "Add", "Reshape"} <= ops_used
    assert all(n.op_type == "Constant" or n.op_type.startswith("REF::") for n in g.node)
    other = export_mindir(net, ms.Tensor(np.zeros((1, 1, 32, 32), np.float32)), file_name=str(tmp_path / "a.model"))
    assert other.endswith("a.model.mindir")


def test_input_names_follow_the_arguments(tmp_path):
    pair = tuple(ms.Tensor(a) for a in _inputs((2, 3), (2, 3)))
    path = export_mindir(PairAndScale(), pair, 2.5, file_name=str(tmp_path / "p"))
    g = mir.ModelProto.FromString(Path(path).read_bytes()).graph
    assert [i.name.split(":")[-1] for i in g.input] == ["pair_0", "pair_1"]


def test_custom_func_edits_the_model(tmp_path):
    def edit(model):
        model.producer_version = "11.0"
        model.user_info["version"] = "11.0"

    path = export_mindir(nn.Dense(3, 2), ms.Tensor(np.ones((1, 3), np.float32)), file_name=str(tmp_path / "d"),
                         custom_func=edit)
    model = mir.ModelProto.FromString(Path(path).read_bytes())
    assert model.producer_version == "11.0" and model.user_info["version"] == "11.0"


class _Factorizes(nn.Cell):
    def construct(self, x):
        return ops.cholesky(x) * 2


class _Reads(nn.Cell):
    def construct(self, x):
        if float(x.asnumpy().sum()) > 0:
            return x + 1
        return x - 1


def test_unsupported_primitive_is_named(tmp_path):
    with pytest.raises(RuntimeError, match="'cholesky'"):
        export_mindir(_Factorizes(), ms.Tensor(np.eye(3, dtype=np.float32)), file_name=str(tmp_path / "s"))
    assert not (tmp_path / "s.mindir").exists()


def test_bad_inputs(tmp_path):
    with pytest.raises(RuntimeError, match="not function or method"):
        export_mindir(5, ms.Tensor(np.ones((2, 3), np.float32)), file_name=str(tmp_path / "n"))
    with pytest.raises(TypeError):            # as MindSpore: the net's construct gets too few inputs
        export_mindir(nn.Dense(3, 2), file_name=str(tmp_path / "n"))
    with pytest.raises(ValueError):           # as MindSpore: the shapes do not fit the net
        export_mindir(nn.Dense(3, 2), ms.Tensor(np.ones((2, 4), np.float32)), file_name=str(tmp_path / "n"))
    with pytest.warns(UserWarning), pytest.raises(RuntimeError, match="cannot be compiled"):
        export_mindir(_Reads(), ms.Tensor(np.ones((2, 3), np.float32)), file_name=str(tmp_path / "r"))
    # unknown keyword arguments are ignored, as in MindSpore
    assert export_mindir(nn.Dense(3, 2), ms.Tensor(np.ones((2, 3), np.float32)), file_name=str(tmp_path / "k"),
                         foo=1).endswith("k.mindir")


def test_public_export_dispatches_here(tmp_path):
    """``ms.export(..., file_format="MINDIR")`` writes through this writer; MindSpore's errors."""
    net = LeNet()
    net.set_train(False)
    x = ms.Tensor(_inputs((2, 1, 32, 32))[0])
    ms.export(net, x, file_name=str(tmp_path / "lenet"), file_format="MINDIR")
    model = mir.ModelProto.FromString((tmp_path / "lenet.mindir").read_bytes())
    assert {p.ref_key for p in model.graph.parameter} == {p.name for p in net.get_parameters()}
    graph = nn.GraphCell(ms.load(str(tmp_path / "lenet.mindir")))      # mscompat reads its own file back
    np.testing.assert_allclose(graph(x).asnumpy(), net(x).asnumpy(), rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="file_format"):
        ms.export(net, x, file_name=str(tmp_path / "f"), file_format="PB")
    with pytest.raises(RuntimeError):
        ms.export(5, x, file_name=str(tmp_path / "f"), file_format="MINDIR")


class _Draws(nn.Cell):
    def construct(self, x):
        return x + ops.rand_like(x)


class _Loops(nn.Cell):
    def construct(self, x):
        while x.sum() < 100:         # a condition on computed values
            x = x + 10
        return x


def test_random_and_loops_are_refused(tmp_path):
    with pytest.raises(RuntimeError, match="random"):
        export_mindir(_Draws(), ms.Tensor(np.ones((2, 3), np.float32)), file_name=str(tmp_path / "d"))
    dropout = nn.SequentialCell([nn.Dense(3, 3), nn.Dropout(p=0.5)])
    dropout.set_train(True)       # MindSpore writes its Dropout; mscompat asks for inference mode
    with pytest.raises(RuntimeError, match="set_train"):
        export_mindir(dropout, ms.Tensor(np.ones((2, 3), np.float32)), file_name=str(tmp_path / "t"))
    dropout.set_train(False)
    assert export_mindir(dropout, ms.Tensor(np.ones((2, 3), np.float32)), file_name=str(tmp_path / "t"))
    with pytest.raises(RuntimeError, match="'while'"):
        export_mindir(_Loops(), ms.Tensor(np.ones((2, 3), np.float32)), file_name=str(tmp_path / "w"))
