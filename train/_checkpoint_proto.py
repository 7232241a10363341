"""MindSpore's checkpoint protobuf schema (``checkpoint.proto``), built at runtime.

The message classes are made from a ``FileDescriptorProto`` written out here field by field
(no ``protoc``, no generated code), in a private descriptor pool, so they never clash with
another copy of the schema. The schema (proto2) is MindSpore's own, so the bytes written and
read are exactly MindSpore's ``.ckpt`` bytes::

    message Checkpoint {
      message Value {
        required string tag = 1;
        oneof value { TensorProto tensor = 2; MapTensorProto maptensor = 3; }
      }
      repeated Value value = 1;
    }
    message TensorProto {
      repeated int64 dims = 1;
      required string tensor_type = 2;   // "Float32", "BFloat16", "Int64", "Bool", "str", ...
      required bytes tensor_content = 3; // raw little-endian, C order
    }
    message MapTensorProto { repeated TensorProto tensor = 1; }

A ``.ckpt`` file is a concatenation of serialized ``Checkpoint`` messages (MindSpore writes one
per parameter slice), which protobuf parses as one message with all the values in order.
"""
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

__all__ = ["Checkpoint", "TensorProto", "MapTensorProto", "DecodeError"]

from google.protobuf.message import DecodeError  # noqa: E402

_F = descriptor_pb2.FieldDescriptorProto


def _field(msg, name, number, label, type_, type_name=None, oneof_index=None):
    f = msg.field.add()
    f.name, f.number, f.label, f.type = name, number, label, type_
    if type_name is not None:
        f.type_name = type_name
    if oneof_index is not None:
        f.oneof_index = oneof_index
    return f


def _file_descriptor():
    fd = descriptor_pb2.FileDescriptorProto()
    fd.name = "checkpoint.proto"          # proto2: no syntax field, no package (as MindSpore's)

    ckpt = fd.message_type.add()
    ckpt.name = "Checkpoint"
    _field(ckpt, "value", 1, _F.LABEL_REPEATED, _F.TYPE_MESSAGE, ".Checkpoint.Value")
    value = ckpt.nested_type.add()
    value.name = "Value"
    _field(value, "tag", 1, _F.LABEL_REQUIRED, _F.TYPE_STRING)
    _field(value, "tensor", 2, _F.LABEL_OPTIONAL, _F.TYPE_MESSAGE, ".TensorProto", oneof_index=0)
    _field(value, "maptensor", 3, _F.LABEL_OPTIONAL, _F.TYPE_MESSAGE, ".MapTensorProto", oneof_index=0)
    value.oneof_decl.add().name = "value"

    tensor = fd.message_type.add()
    tensor.name = "TensorProto"
    _field(tensor, "dims", 1, _F.LABEL_REPEATED, _F.TYPE_INT64)
    _field(tensor, "tensor_type", 2, _F.LABEL_REQUIRED, _F.TYPE_STRING)
    _field(tensor, "tensor_content", 3, _F.LABEL_REQUIRED, _F.TYPE_BYTES)

    map_tensor = fd.message_type.add()
    map_tensor.name = "MapTensorProto"
    _field(map_tensor, "tensor", 1, _F.LABEL_REPEATED, _F.TYPE_MESSAGE, ".TensorProto")
    return fd


_POOL = descriptor_pool.DescriptorPool()
_FILE = _POOL.Add(_file_descriptor())
Checkpoint = message_factory.GetMessageClass(_POOL.FindMessageTypeByName("Checkpoint"))
TensorProto = message_factory.GetMessageClass(_POOL.FindMessageTypeByName("TensorProto"))
MapTensorProto = message_factory.GetMessageClass(_POOL.FindMessageTypeByName("MapTensorProto"))
