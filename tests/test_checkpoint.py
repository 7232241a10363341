"""Checkpoint behaviour that needs no MindSpore process (train/serialization.py).

Parity with MindSpore's bytes, names and errors is in parity_tests/cases/checkpoint.py and
tests/test_checkpoint_interop.py; here: the schema, slicing of large tensors, atomic saving,
damage detection beyond MindSpore's own (size mismatches, unknown fields), no unpickling,
async saving/loading, and loading into compiled networks.
"""
import ast
import os
import pickle
import re
from io import BytesIO
from pathlib import Path

import numpy as np
import pytest

import mscompat as ms
from mscompat.train import _checkpoint_io as io_
from mscompat.train._checkpoint_proto import Checkpoint

ORACLE_PB2 = (Path(__file__).resolve().parents[1] / ".oracle" / "lib" / "python3.11" / "site-packages" /
              "mindspore" / "train" / "checkpoint_pb2.py")


def _params():
    P, T = ms.Parameter, ms.Tensor
    return {
        "f32": P(T(np.arange(12, dtype=np.float32).reshape(3, 4))),
        "f16": P(T(np.array([1.5, -2], np.float16))),
        "bf16": P(T(np.array([1.5, 2.0], np.float32), ms.bfloat16)),
        "f64": P(T(np.array([1e-300], np.float64))),
        "i64": P(T(np.array([[2 ** 40]], np.int64))),
        "u8": P(T(np.array([255], np.uint8))),
        "b": P(T(np.array([True, False]))),
        "s0": P(T(np.array(3, np.int32))),
    }


def _same(loaded, ref):
    for k, v in ref.items():
        assert str(loaded[k].dtype) == str(v.dtype), k
        assert loaded[k].shape == v.shape, k
        np.testing.assert_array_equal(loaded[k].asnumpy().astype(np.float64), v.asnumpy().astype(np.float64))


def test_schema_is_mindspores(tmp_path):
    """The hand-written descriptor equals the one in MindSpore's generated checkpoint_pb2.py
    (read as text, never executed)."""
    if not ORACLE_PB2.exists():
        pytest.skip("MindSpore's checkpoint_pb2.py is not installed")
    from google.protobuf import descriptor_pb2
    from mscompat.train._checkpoint_proto import _file_descriptor
    src = ORACLE_PB2.read_text()
    literal = re.search(r"AddSerializedFile\((b'.*?')\)\n", src, re.S).group(1)
    theirs = descriptor_pb2.FileDescriptorProto()
    theirs.ParseFromString(ast.literal_eval(literal))
    assert _file_descriptor() == theirs


@pytest.mark.parametrize("fmt", ["ckpt", "safetensors"])
def test_roundtrip_all_dtypes(tmp_path, fmt):
    path = str(tmp_path / f"a.{fmt}")
    ms.save_checkpoint(_params(), path, format=fmt, crc_check=True)
    loaded = ms.load_checkpoint(path, format=fmt, crc_check=True)
    assert list(loaded) == (list(_params()) if fmt == "ckpt" else sorted(_params()))
    _same(loaded, _params())
    assert all(isinstance(v, ms.Parameter) for v in loaded.values())
    if fmt == "ckpt":
        assert all(v.name == k for k, v in loaded.items())


def test_empty_tensor_is_dropped_like_mindspore(tmp_path):
    """MindSpore writes a tensor's bytes in chunks: an empty tensor gets no record (sync save),
    but one record with its shape when saved asynchronously."""
    d = {"e": ms.Parameter(ms.Tensor(np.zeros((0, 3), np.float32))), "w": ms.Parameter(ms.Tensor([1.0]))}
    ms.save_checkpoint(d, str(tmp_path / "s.ckpt"))
    assert list(ms.load_checkpoint(str(tmp_path / "s.ckpt"))) == ["w"]
    ms.save_checkpoint(d, str(tmp_path / "a.ckpt"), async_save=True)
    ms.train.serialization._wait_async_save()
    loaded = ms.load_checkpoint(str(tmp_path / "a.ckpt"))
    assert loaded["e"].shape == (0, 3)


def test_large_tensor_split_into_values(tmp_path, monkeypatch):
    monkeypatch.setattr(io_, "CHUNK_BYTES", 20)
    monkeypatch.setattr(io_, "SLICE_SIZE_KB", 20 / 1024)
    a = np.arange(30, dtype=np.float32).reshape(5, 6)
    for async_save in (False, True):
        path = str(tmp_path / f"big{async_save}.ckpt")
        ms.save_checkpoint({"a": ms.Parameter(ms.Tensor(a)), "b": ms.Parameter(ms.Tensor([7]))}, path,
                           async_save=async_save, crc_check=True)
        ms.train.serialization._wait_async_save()
        msg = Checkpoint()
        msg.ParseFromString(open(path, "rb").read()[:-17])
        tags = [v.tag for v in msg.value]
        assert tags.count("a") == 6 and tags[-1] == "b"     # async: np.array_split in 6 (one empty)
        assert all(list(v.tensor.dims) == [5, 6] for v in msg.value if v.tag == "a")
        loaded = ms.load_checkpoint(path, crc_check=True)
        np.testing.assert_array_equal(loaded["a"].asnumpy(), a)


def test_missing_slice_is_an_error(tmp_path, monkeypatch):
    """MindSpore loads a record whose bytes do not fill its shape; mscompat refuses."""
    monkeypatch.setattr(io_, "CHUNK_BYTES", 16)
    path = str(tmp_path / "s.ckpt")
    ms.save_checkpoint({"a": ms.Parameter(ms.Tensor(np.arange(8, dtype=np.float32)))}, path)
    msg = Checkpoint()
    msg.ParseFromString(open(path, "rb").read())
    assert len(msg.value) == 2
    del msg.value[1]
    bad = tmp_path / "bad.ckpt"
    bad.write_bytes(msg.SerializeToString())
    with pytest.raises(ValueError, match="truncated or damaged"):
        ms.load_checkpoint(str(bad))


def test_unknown_fields_are_damage(tmp_path):
    path = str(tmp_path / "s.ckpt")
    ms.save_checkpoint({"a": ms.Parameter(ms.Tensor([1.0]))}, path)
    data = open(path, "rb").read()
    bad = tmp_path / "bad.ckpt"
    bad.write_bytes(data + b"\x10\x01")          # field 2 (varint): not in MindSpore's schema
    with pytest.raises(ValueError, match="corrupted"):
        ms.load_checkpoint(str(bad))


def test_crc_detects_flipped_data(tmp_path):
    path = str(tmp_path / "c.ckpt")
    ms.save_checkpoint(_params(), path, crc_check=True)
    data = bytearray(open(path, "rb").read())
    data[30] ^= 0x01                                # inside f32's tensor content
    bad = tmp_path / "bad.ckpt"
    bad.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="crc"):
        ms.load_checkpoint(str(bad), crc_check=True)
    st = str(tmp_path / "c.safetensors")
    ms.save_checkpoint(_params(), st, format="safetensors", crc_check=True)
    data = bytearray(open(st, "rb").read())
    data[-3] ^= 0x01
    bad = tmp_path / "bad.safetensors"
    bad.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="crc"):
        ms.load_checkpoint(str(bad), format="safetensors", crc_check=True)


@pytest.mark.parametrize("fmt", ["ckpt", "safetensors"])
def test_atomic_save_keeps_old_file_on_failure(tmp_path, monkeypatch, fmt):
    path = tmp_path / f"m.{fmt}"
    ms.save_checkpoint({"w": ms.Parameter(ms.Tensor([1.0]))}, str(path), format=fmt)
    before = path.read_bytes()
    assert os.stat(path).st_mode & 0o777 == 0o400

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(io_, "write_ckpt" if fmt == "ckpt" else "safetensors_bytes", boom)
    with pytest.raises(OSError, match="disk full"):
        ms.save_checkpoint({"w": ms.Parameter(ms.Tensor([2.0]))}, str(path), format=fmt)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == [path.name]      # no temporary file left behind


def test_never_unpickles(tmp_path, monkeypatch):
    def no(*a, **k):
        raise AssertionError("unpickling")

    monkeypatch.setattr(pickle, "loads", no)
    monkeypatch.setattr(pickle, "load", no)
    monkeypatch.setattr(pickle, "Unpickler", no)
    for fmt in ("ckpt", "safetensors"):
        path = str(tmp_path / f"p.{fmt}")
        ms.save_checkpoint(_params(), path, format=fmt)
        _same(ms.load_checkpoint(path, format=fmt), _params())
    bad = tmp_path / "pickle.ckpt"
    bad.write_bytes(pickle.dumps({"a": np.ones(3)}))
    with pytest.raises(ValueError):
        ms.load_checkpoint(str(bad))


def test_async_save_and_load(tmp_path):
    path = str(tmp_path / "a.ckpt")
    p = {"w": ms.Parameter(ms.Tensor(np.ones((4, 4), np.float32)))}
    ms.save_checkpoint(p, path, async_save=True)
    p["w"].set_data(ms.Tensor(np.zeros((4, 4), np.float32)))     # after the call: not in the file
    ms.train.serialization._wait_async_save()
    assert not ms.async_ckpt_thread_status()
    fut = ms.load_checkpoint_async(path)
    np.testing.assert_array_equal(fut.result()["w"].asnumpy(), np.ones((4, 4), np.float32))


def test_safetensors_from_bytesio(tmp_path):
    path = str(tmp_path / "b.safetensors")
    ms.save_checkpoint(_params(), path, format="safetensors")
    loaded = ms.load_checkpoint(BytesIO(open(path, "rb").read()), format="safetensors")
    _same(loaded, _params())
    with pytest.raises(TypeError):
        ms.load_checkpoint(BytesIO(b""), format="ckpt")


@pytest.mark.parametrize("mode", ["jit", "graph"])
def test_loading_into_a_compiled_network_takes_effect(tmp_path, mode):
    ms.set_seed(0)
    net = ms.nn.Dense(3, 2)
    x = ms.Tensor(np.ones((1, 3), np.float32))
    fn = ms.jit(lambda t: net(t)) if mode == "jit" else net
    if mode == "graph":
        ms.set_context(mode=ms.GRAPH_MODE)
    try:
        before = fn(x).asnumpy()
        path = str(tmp_path / "d.ckpt")
        ms.save_checkpoint({"weight": ms.Parameter(ms.Tensor(np.full((2, 3), 2.0, np.float32))),
                            "bias": ms.Parameter(ms.Tensor(np.array([1.0, -1.0], np.float32)))}, path)
        assert ms.load_param_into_net(net, ms.load_checkpoint(path), strict_load=True) == ([], [])
        after = fn(x).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert not np.allclose(before, after)
    np.testing.assert_allclose(after, [[7.0, 5.0]])


def test_optimizer_state_roundtrip(tmp_path):
    net = ms.nn.Dense(3, 2)
    opt = ms.nn.Adam(net.trainable_params(), learning_rate=0.01)
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), opt)
    x, y = ms.Tensor(np.ones((4, 3), np.float32)), ms.Tensor(np.zeros((4, 2), np.float32))
    step(x, y)
    path = str(tmp_path / "opt.ckpt")
    ms.save_checkpoint(step, path)
    names = list(ms.load_checkpoint(path))
    assert {"global_step", "beta1_power", "beta2_power", "moment1.weight", "moment2.bias"} <= set(names)
    net2 = ms.nn.Dense(3, 2)
    opt2 = ms.nn.Adam(net2.trainable_params(), learning_rate=0.01)
    d = ms.load_checkpoint(path)
    assert ms.load_param_into_net(opt2, d, strict_load=True)[0] == []
    for a, b in zip(opt.get_parameters(), opt2.get_parameters()):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())


def test_format_conversion_keeps_values(tmp_path):
    src = str(tmp_path / "m.ckpt")
    p = {k: v for k, v in _params().items()}
    ms.save_checkpoint(p, src)
    ms.ckpt_to_safetensors(src)
    _same(ms.load_checkpoint(str(tmp_path / "m.safetensors"), format="safetensors"), _params())
    os.makedirs(tmp_path / "back")
    ms.safetensors_to_ckpt(str(tmp_path / "m.safetensors"), save_path=str(tmp_path / "back"))
    _same(ms.load_checkpoint(str(tmp_path / "back" / "m.ckpt")), _params())


def test_public_names():
    import mscompat.train.serialization as s
    assert set(s.__all__) == {"save_checkpoint", "load_checkpoint", "load_param_into_net", "load_checkpoint_async",
                              "async_ckpt_thread_status", "ckpt_to_safetensors", "safetensors_to_ckpt",
                              "export", "load", "get_ckpt_path_with_strategy"}
    for name in s.__all__:
        assert getattr(ms, name) is getattr(s, name)
        assert getattr(ms.train, name) is getattr(s, name)
