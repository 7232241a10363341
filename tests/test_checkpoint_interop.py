"""Checkpoints moving between real MindSpore and mscompat, in both formats.

Training steps run in GRAPH_MODE on both sides (mscompat's PyNative ``TrainOneStepCell``
currently updates BatchNorm's moving statistics differently from MindSpore's; not a checkpoint
matter). Real MindSpore runs in its own process (``.oracle/bin/python``) on scripts written to a temp
dir; arrays cross the process boundary as ``.npy``/``.npz`` files and results as JSON.

1. MindSpore trains a Conv2d+BatchNorm2d+Dense net two steps and saves it (``.ckpt`` and
   safetensors) and its whole training cell (net + Momentum state, with a CRC); mscompat loads
   them strictly and gives MindSpore's eval outputs; loaded into mscompat's net+optimizer, one
   more training step gives MindSpore's next step (loss, parameters, optimizer state).
2. mscompat trains (Momentum and Adam), saves net + optimizer state in both formats; MindSpore
   loads them with ``load_param_into_net`` into its net and its optimizer (nothing left out)
   and continues one step, giving the numbers mscompat gives when it continues.
3. Every dtype and ``append_dict`` value written by one side reads back on the other.
4. Damaged, truncated and empty files written by either side raise ValueError on both.
"""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

ORACLE = Path(__file__).resolve().parents[1] / ".oracle" / "bin" / "python"
pytestmark = pytest.mark.skipif(not ORACLE.exists(), reason="real MindSpore (.oracle/bin/python) is not installed")

FORMATS = ("ckpt", "safetensors")
OPTIMIZERS = ("momentum", "adam")

MODEL_SRC = '''
import numpy as np


def build(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            # no bias before BN: its gradient is ~0 and Adam would amplify rounding noise
            self.conv = nn.Conv2d(1, 2, 3, pad_mode="valid", has_bias=False)
            self.bn = nn.BatchNorm2d(2)
            self.relu = nn.ReLU()
            self.flatten = nn.Flatten()
            self.fc = nn.Dense(2 * 4 * 4, 3)

        def construct(self, x):
            return self.fc(self.flatten(self.relu(self.bn(self.conv(x)))))

    return Net()


def train_net(ms, net, opt_name):
    loss = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    if opt_name == "momentum":
        opt = ms.nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    else:
        opt = ms.nn.Adam(net.trainable_params(), learning_rate=0.01)
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, loss), opt)
    step.set_train(True)
    return step, opt


def data(i):
    rs = np.random.RandomState(100 + i)
    return rs.uniform(-1, 1, (4, 1, 6, 6)).astype(np.float32), rs.randint(0, 3, (4,)).astype(np.int32)


def run_step(ms, step, i):
    x, y = data(i)
    return step(ms.Tensor(x), ms.Tensor(y)).asnumpy()


def snapshot(cell):
    return {p.name: p.asnumpy().copy() for p in cell.get_parameters()}   # MindSpore: asnumpy can share memory


def dtype_params(ms, with_str=True):
    P, T = ms.Parameter, ms.Tensor
    d = {
        "f32": P(T(np.arange(6, dtype=np.float32).reshape(2, 3) / 7)),
        "f16": P(T(np.array([1.5, -2.25, 3], np.float16))),
        "f64": P(T(np.array([[1e-300, 2.5]], np.float64))),
        "bf16": P(T(np.array([1.5, 2.0, -0.0078125], np.float32), ms.bfloat16)),
        "i8": P(T(np.array([-3, 4], np.int8))),
        "u8": P(T(np.array([250, 4, 0], np.uint8))),
        "i16": P(T(np.array([-300], np.int16))),
        "u16": P(T(np.array([60000], np.uint16))),
        "i32": P(T(np.array(7, np.int32))),
        "u32": P(T(np.array([4000000000], np.uint32))),
        "i64": P(T(np.array([[2 ** 40, -1]], np.int64))),
        "u64": P(T(np.array([2 ** 63], np.uint64))),
        "bool": P(T(np.array([True, False, True]))),
    }
    append = {"epoch_num": 3, "lr": 0.5, "flag": True}
    if with_str:
        append["note"] = "h\\u00e9llo"
    return d, append


def describe(d):
    out = {}
    for k, v in d.items():
        if isinstance(v, str):
            out[k] = ["str", v]
        else:
            a = v.asnumpy()
            if str(v.dtype) == "BFloat16":
                a = v.float().asnumpy() if hasattr(v, "float") else a.astype(np.float32)
            out[k] = [str(v.dtype), list(v.shape), np.asarray(a, np.float64).tolist()]
    return out


def damage(src, dst, how):
    with open(src, "rb") as f:
        b = f.read()
    if how == "truncated":
        b = b[:len(b) // 2 + 3]
    elif how == "empty":
        b = b""
    elif how == "flipped":
        b = bytearray(b)
        b[len(b) // 2] ^= 0xFF
        b = bytes(b)
    elif how == "tail":
        b = b[:-2]
    with open(dst, "wb") as f:
        f.write(b)
    return dst


def load_error(ms, path, fmt, crc):
    try:
        ms.load_checkpoint(path, format=fmt, crc_check=crc)
    except Exception as e:  # noqa: BLE001 - the class is the result
        return type(e).__name__
    return "no error"


# (source file, damage, crc_check): every one must raise
DAMAGES = [("net.ckpt", "truncated", False), ("net.ckpt", "empty", False), ("train.ckpt", "flipped", True),
           ("train.ckpt", "tail", True), ("net.safetensors", "truncated", False),
           ("net.safetensors", "empty", False), ("net.safetensors", "tail", False),
           ("train.safetensors", "flipped", True)]
'''

ORACLE_PHASE1 = '''
import json, os, sys
sys.path.insert(0, sys.argv[1])
os.chdir(sys.argv[1])
import numpy as np
import mindspore as ms
from model_def import *

ms.set_context(mode=ms.GRAPH_MODE)
ms.set_seed(7)
net = build(ms)
step, opt = train_net(ms, net, "momentum")
for i in range(2):
    run_step(ms, step, i)
ms.save_checkpoint(net, "ms_net.ckpt")
ms.save_checkpoint(net, "ms_net.safetensors", format="safetensors")
ms.save_checkpoint(step, "ms_train.ckpt", crc_check=True)
ms.save_checkpoint(step, "ms_train.safetensors", format="safetensors", crc_check=True)
net.set_train(False)
x, _ = data(9)
np.save("ms_eval_out.npy", net(ms.Tensor(x)).asnumpy())
net.set_train(True)
loss = run_step(ms, step, 2)
np.savez("ms_after_step.npz", __loss__=loss, **snapshot(step))

d, append = dtype_params(ms)
ms.save_checkpoint(d, "ms_dtypes.ckpt", append_dict=append)
d, append = dtype_params(ms, with_str=False)
ms.save_checkpoint(d, "ms_dtypes.safetensors", append_dict=append, format="safetensors")
errors = {}
for src, how, crc in DAMAGES:
    base, ext = os.path.splitext(src)
    path = damage("ms_" + src, f"ms_{base}_{how}{ext}", how)
    errors[f"{src}/{how}"] = load_error(ms, path, ext[1:], crc)
with open("ms_phase1.json", "w") as f:
    json.dump({"errors": errors}, f)
'''

ORACLE_PHASE2 = '''
import json, os, sys
sys.path.insert(0, sys.argv[1])
os.chdir(sys.argv[1])
import numpy as np
import mindspore as ms
from model_def import *

ms.set_context(mode=ms.GRAPH_MODE)
result = {"not_loaded": {}, "errors": {}, "dtypes": {}}
for opt_name in ("momentum", "adam"):
    for fmt in ("ckpt", "safetensors"):
        ms.set_seed(11)
        net = build(ms)
        step, opt = train_net(ms, net, opt_name)
        d = ms.load_checkpoint(f"msc_train_{opt_name}.{fmt}", format=fmt, crc_check=True)
        r_net = ms.load_param_into_net(net, d, strict_load=True)
        r_opt = ms.load_param_into_net(opt, d, strict_load=True)
        result["not_loaded"][f"{opt_name}/{fmt}"] = [r_net[0], r_opt[0], sorted(set(r_net[1]) & set(r_opt[1]))]
        loaded = snapshot(step)
        loss = run_step(ms, step, 2)
        np.savez(f"ms_cont_{opt_name}_{fmt}.npz", __loss__=loss, **snapshot(step))
        np.savez(f"ms_loaded_{opt_name}_{fmt}.npz", **loaded)
for fmt in ("ckpt", "safetensors"):
    result["dtypes"][fmt] = describe(ms.load_checkpoint(f"msc_dtypes.{fmt}", format=fmt))
for src, how, crc in DAMAGES:
    base, ext = os.path.splitext(src)
    path = damage("msc_" + src, f"msc_{base}_{how}{ext}", how)
    result["errors"][f"{src}/{how}"] = load_error(ms, path, ext[1:], crc)
with open("ms_phase2.json", "w") as f:
    json.dump(result, f)
'''


def _run_oracle(workdir, script, name):
    path = workdir / name
    path.write_text(textwrap.dedent(script))
    proc = subprocess.run([str(ORACLE), str(path), str(workdir)], capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise AssertionError(f"MindSpore script {name} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-5000:]}")


@pytest.fixture(scope="module")
def interop(tmp_path_factory):
    """Runs MindSpore phase 1, mscompat's part, MindSpore phase 2; returns what the tests check."""
    import mscompat as ms

    workdir = tmp_path_factory.mktemp("ckpt_interop")
    (workdir / "model_def.py").write_text(MODEL_SRC)
    sys.path.insert(0, str(workdir))
    try:
        import importlib
        model_def = importlib.import_module("model_def")
    finally:
        sys.path.remove(str(workdir))
    sys.modules.pop("model_def", None)

    _run_oracle(workdir, ORACLE_PHASE1, "oracle_phase1.py")
    out = {"model": model_def, "dir": workdir, "ms": ms}

    cwd = os.getcwd()
    os.chdir(workdir)
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        # mscompat trains, saves net + optimizer state, continues one step
        for opt_name in OPTIMIZERS:
            ms.set_seed(5)
            net = model_def.build(ms)
            step, _ = model_def.train_net(ms, net, opt_name)
            for i in range(2):
                model_def.run_step(ms, step, i)
            for fmt in FORMATS:
                ms.save_checkpoint(step, f"msc_train_{opt_name}.{fmt}", format=fmt, crc_check=True)
            out[f"saved_{opt_name}"] = model_def.snapshot(step)
            loss = model_def.run_step(ms, step, 2)
            out[f"cont_{opt_name}"] = dict(model_def.snapshot(step), __loss__=loss)
        net = model_def.build(ms)
        ms.save_checkpoint(net, "msc_net.ckpt")
        ms.save_checkpoint(net, "msc_net.safetensors", format="safetensors")
        step, _ = model_def.train_net(ms, net, "momentum")
        ms.save_checkpoint(step, "msc_train.ckpt", crc_check=True)
        ms.save_checkpoint(step, "msc_train.safetensors", format="safetensors", crc_check=True)
        d, append = model_def.dtype_params(ms)
        ms.save_checkpoint(d, "msc_dtypes.ckpt", append_dict=append)
        d, append = model_def.dtype_params(ms, with_str=False)
        ms.save_checkpoint(d, "msc_dtypes.safetensors", append_dict=append, format="safetensors")
    finally:
        os.chdir(cwd)
        ms.set_context(mode=ms.PYNATIVE_MODE)

    _run_oracle(workdir, ORACLE_PHASE2, "oracle_phase2.py")
    out["phase1"] = json.loads((workdir / "ms_phase1.json").read_text())
    out["phase2"] = json.loads((workdir / "ms_phase2.json").read_text())
    return out


def _close(a, b, name, rtol=1e-4, atol=1e-5):
    np.testing.assert_allclose(np.asarray(a, np.float64), np.asarray(b, np.float64), rtol=rtol, atol=atol,
                               err_msg=name)


@pytest.mark.parametrize("fmt", FORMATS)
def test_mindspore_net_loads_into_mscompat_same_outputs(interop, fmt):
    ms, m, d = interop["ms"], interop["model"], interop["dir"]
    ms.set_seed(123)
    net = m.build(ms)
    net.set_train(False)
    params = ms.load_checkpoint(str(d / f"ms_net.{fmt}"), format=fmt)
    assert ms.load_param_into_net(net, params, strict_load=True) == ([], [])
    x, _ = m.data(9)
    out = net(ms.Tensor(x)).asnumpy()
    np.testing.assert_allclose(out, np.load(d / "ms_eval_out.npy"), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("fmt", FORMATS)
def test_mindspore_training_state_continues_in_mscompat(interop, fmt):
    """MindSpore's net + Momentum state (saved with a CRC) loaded into mscompat: the next step
    gives MindSpore's next step."""
    ms, m, d = interop["ms"], interop["model"], interop["dir"]
    ms.set_seed(321)
    net = m.build(ms)
    step, opt = m.train_net(ms, net, "momentum")
    params = ms.load_checkpoint(str(d / f"ms_train.{fmt}"), format=fmt, crc_check=True)
    r_net = ms.load_param_into_net(net, params, strict_load=True)
    r_opt = ms.load_param_into_net(opt, params, strict_load=True)
    assert r_net[0] == [] and r_opt[0] == []
    assert set(r_net[1]) & set(r_opt[1]) == set()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        loss = m.run_step(ms, step, 2)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    expected = np.load(d / "ms_after_step.npz")
    after = m.snapshot(step)
    assert sorted(after) == sorted(k for k in expected.files if k != "__loss__")
    _close(loss, expected["__loss__"], "loss")
    for name, value in after.items():
        _close(value, expected[name], name)


@pytest.mark.parametrize("opt_name", OPTIMIZERS)
@pytest.mark.parametrize("fmt", FORMATS)
def test_mscompat_training_state_continues_in_mindspore(interop, opt_name, fmt):
    """mscompat's net + optimizer state loaded into MindSpore's net and optimizer (nothing left
    out): MindSpore's next step gives mscompat's next step."""
    d = interop["dir"]
    assert interop["phase2"]["not_loaded"][f"{opt_name}/{fmt}"] == [[], [], []]
    loaded = np.load(d / f"ms_loaded_{opt_name}_{fmt}.npz")
    saved = interop[f"saved_{opt_name}"]
    assert sorted(loaded.files) == sorted(saved)
    for name in saved:   # bit-exact transfer
        np.testing.assert_array_equal(loaded[name], saved[name], err_msg=name)
    cont = np.load(d / f"ms_cont_{opt_name}_{fmt}.npz")
    mine = interop[f"cont_{opt_name}"]
    assert sorted(cont.files) == sorted(mine)
    for name in mine:
        _close(mine[name], cont[name], name)


def test_dtypes_cross_both_ways(interop):
    ms, m, d = interop["ms"], interop["model"], interop["dir"]
    for fmt in FORMATS:
        mine = m.describe(ms.load_checkpoint(str(d / f"ms_dtypes.{fmt}"), format=fmt))
        theirs = interop["phase2"]["dtypes"][fmt]
        ref_params, ref_append = m.dtype_params(ms, with_str=(fmt == "ckpt"))
        ref = m.describe(dict(ref_params, **{k: v for k, v in ref_append.items() if isinstance(v, str)}))
        assert json.loads(json.dumps(mine)) == theirs
        for k, v in ref.items():
            assert mine[k] == json.loads(json.dumps(v)), k
        assert mine["epoch_num"][:2] == ["Int64", []] and mine["lr"][:2] == ["Float32", []]
        assert mine["flag"][:2] == ["Bool", []]


@pytest.mark.parametrize("src,how,crc", [tuple(x) for x in [
    ("net.ckpt", "truncated", False), ("net.ckpt", "empty", False), ("train.ckpt", "flipped", True),
    ("train.ckpt", "tail", True), ("net.safetensors", "truncated", False), ("net.safetensors", "empty", False),
    ("net.safetensors", "tail", False), ("train.safetensors", "flipped", True)]])
def test_damaged_files_raise_value_error_both_ways(interop, src, how, crc):
    ms, m, d = interop["ms"], interop["model"], interop["dir"]
    key = f"{src}/{how}"
    # MindSpore on its own damaged files, and on mscompat's
    assert interop["phase1"]["errors"][key] == "ValueError"
    assert interop["phase2"]["errors"][key] == "ValueError"
    # mscompat on MindSpore's damaged files, and on its own
    base, ext = os.path.splitext(src)
    assert m.load_error(ms, str(d / f"ms_{base}_{how}{ext}"), ext[1:], crc) == "ValueError"
    own = m.damage(str(d / f"msc_{src}"), str(d / f"msc_own_{base}_{how}{ext}"), how)
    assert m.load_error(ms, own, ext[1:], crc) == "ValueError"
