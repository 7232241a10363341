"""``ms.export`` / ``ms.load``: MindSpore's public places, the formats, and bad arguments.

Classes and messages follow MindSpore 2.10 (checked on the oracle): an unknown ``file_format``
is a ValueError listing the formats, ``AIR`` a ValueError (Ascend only), ``ONNX`` a ValueError
naming the formats mscompat writes; a non-str or illegal file name TypeError/ValueError; damaged
files RuntimeError.
"""
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, Tensor
from mscompat.train import serialization


def _net_and_input():
    return nn.Dense(3, 2), Tensor(np.ones((1, 3), np.float32))


def test_public_places():
    assert ms.export is serialization.export is ms.train.export
    assert ms.load is serialization.load is ms.train.load
    assert "export" in serialization.__all__ and "load" in serialization.__all__
    assert nn.GraphCell.__module__.startswith("mscompat.nn")


def test_file_suffixes(tmp_path):
    net, x = _net_and_input()
    ms.export(net, x, file_name=str(tmp_path / "a"), file_format="MINDIR")
    ms.export(net, x, file_name=str(tmp_path / "b.mindir"), file_format="MINDIR")
    ms.export(net, x, file_name=str(tmp_path / "c"), file_format="STABLEHLO")
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["a.mindir", "b.mindir", "c.stablehlo"]
    for name in names:
        out = nn.GraphCell(ms.load(str(tmp_path / name)))(x)
        np.testing.assert_allclose(out.asnumpy(), net(x).asnumpy(), rtol=1e-6)


@pytest.mark.parametrize("fmt", ["XYZ", "mindir", "stablehlo", "", None])
def test_bad_file_format(tmp_path, fmt):
    net, x = _net_and_input()
    with pytest.raises(ValueError, match="'file_format' must be one of"):
        ms.export(net, x, file_name=str(tmp_path / "m"), file_format=fmt)


def test_air_and_onnx(tmp_path):
    net, x = _net_and_input()
    with pytest.raises(ValueError, match="AIR"):
        ms.export(net, x, file_name=str(tmp_path / "m"), file_format="AIR")
    with pytest.raises(ValueError, match="MINDIR.*STABLEHLO"):
        ms.export(net, x, file_name=str(tmp_path / "m"), file_format="ONNX")
    assert not list(tmp_path.iterdir())


def test_bad_file_name(tmp_path):
    net, x = _net_and_input()
    with pytest.raises(TypeError, match="must be string"):
        ms.export(net, x, file_name=3, file_format="MINDIR")
    with pytest.raises(ValueError, match="illegal"):
        ms.export(net, x, file_name=str(tmp_path / "a b"), file_format="MINDIR")
    with pytest.raises(ValueError, match="directory"):
        ms.export(net, x, file_name=str(tmp_path) + "/", file_format="STABLEHLO")


def test_kwargs(tmp_path):
    net, x = _net_and_input()
    with pytest.raises(NotImplementedError):
        ms.export(net, x, file_name=str(tmp_path / "m"), file_format="MINDIR", obf_func=lambda: None)
    with pytest.raises(NotImplementedError):
        ms.load(str(tmp_path / "m.mindir"), obf_func=lambda: None)
    with pytest.raises(ValueError, match="custom_func"):
        ms.export(net, x, file_name=str(tmp_path / "m"), file_format="STABLEHLO", custom_func=lambda m: None)
    with pytest.raises(TypeError, match="enc_key"):
        ms.export(net, x, file_name=str(tmp_path / "m"), file_format="MINDIR", enc_key="0123456789abcdef")
    with pytest.raises(ValueError, match="AES-GCM/AES-CBC/SM4-CBC"):
        ms.export(net, x, file_name=str(tmp_path / "m"), file_format="MINDIR", enc_key=b"0123456789abcdef",
                  enc_mode="XOR")


def test_custom_func_edits_mindir(tmp_path):
    net, x = _net_and_input()

    def edit(model):
        model.producer_name = "edited"
        model.user_info["version"] = "11.0"

    ms.export(net, x, file_name=str(tmp_path / "m"), file_format="MINDIR", custom_func=edit)
    graph = ms.load(str(tmp_path / "m.mindir"))
    assert graph.mindir_model.producer_name == "edited"
    assert graph.mindir_model.user_info["version"] == "11.0"


def test_load_suffix_and_encrypted(tmp_path):
    net, x = _net_and_input()
    ms.export(net, x, file_name=str(tmp_path / "m"), file_format="MINDIR")
    (tmp_path / "m.onnx").write_bytes((tmp_path / "m.mindir").read_bytes())
    with pytest.raises(ValueError, match="should end with '.mindir'"):
        ms.load(str(tmp_path / "m.onnx"))
    with pytest.raises(RuntimeError, match="[Ee]ncrypted"):
        ms.load(str(tmp_path / "m.mindir"), dec_key=b"0123456789abcdef")
    with pytest.raises(TypeError, match="dec_key"):
        ms.load(str(tmp_path / "m.mindir"), dec_key="0123456789abcdef")
