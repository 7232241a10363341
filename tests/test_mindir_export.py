"""MindIR written by mscompat, read by real MindSpore 2.10.

1. The schema (``train/_mindir_proto.py``) is MindSpore's ``mind_ir.proto``: same descriptor,
   and a ``ModelProto`` serialized by mscompat parses with MindSpore's own generated module
   (and back) to the same message.

Real MindSpore runs in its own process (``.oracle/bin/python``); data crosses as files.
"""
import subprocess
import textwrap
from pathlib import Path

import pytest

from mscompat.train import _mindir_proto as mir

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
