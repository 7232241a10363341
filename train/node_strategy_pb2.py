"""``mindspore.train.node_strategy_pb2``: the message classes of MindSpore's parallel-strategy
checkpoint schema (``node_strategy.proto``, proto2, package ``mindspore.straspb``): the strategy
file ``set_auto_parallel_context(strategy_ckpt_save_file=...)`` writes, read with
``ParallelStrategyMap().ParseFromString(data)``.

Built at runtime from a ``FileDescriptorProto`` written out below (no ``protoc``, no generated
code), in a private descriptor pool, as ``_checkpoint_proto`` builds the checkpoint schema."""
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto
_REQ, _REP = _F.LABEL_REQUIRED, _F.LABEL_REPEATED
_PACKAGE = "mindspore.straspb"

# message -> [(field, number, label, type, message type or None)], in the schema's order
_SCHEMA = {
    "ParallelStrategy": [("dim", 1, _REP, _F.TYPE_UINT32, None)],
    "ParallelStrategys": [("stage", 1, _REQ, _F.TYPE_UINT32, None),
                          ("parallel_strategy", 2, _REP, _F.TYPE_MESSAGE, "ParallelStrategy")],
    "ParallelStrategyItem": [("node_name", 1, _REQ, _F.TYPE_STRING, None),
                             ("parallel_strategys", 2, _REQ, _F.TYPE_MESSAGE, "ParallelStrategys")],
    "DevMatrix": [("dim", 1, _REP, _F.TYPE_UINT32, None)],
    "TensorMap": [("dim", 1, _REP, _F.TYPE_INT32, None)],
    "ParamSplitShape": [("dim", 1, _REP, _F.TYPE_INT64, None)],
    "IndicesOffset": [("dim", 1, _REP, _F.TYPE_INT64, None)],
    "ParallelLayouts": [("dev_matrix", 1, _REP, _F.TYPE_MESSAGE, "DevMatrix"),
                        ("tensor_map", 2, _REP, _F.TYPE_MESSAGE, "TensorMap"),
                        ("param_split_shape", 3, _REP, _F.TYPE_MESSAGE, "ParamSplitShape"),
                        ("indices_offset", 4, _REP, _F.TYPE_MESSAGE, "IndicesOffset"),
                        ("field", 5, _REQ, _F.TYPE_INT32, None),
                        ("opt_weight_shard_step", 6, _REQ, _F.TYPE_INT32, None),
                        ("opt_weight_shard_size", 7, _REQ, _F.TYPE_INT32, None)],
    "ParallelLayoutItem": [("param_name", 1, _REQ, _F.TYPE_STRING, None),
                           ("parallel_layouts", 2, _REQ, _F.TYPE_MESSAGE, "ParallelLayouts")],
    "ParallelGroupRanks": [("dim", 1, _REP, _F.TYPE_UINT32, None)],
    "ParallelGroupItem": [("group_name", 1, _REQ, _F.TYPE_STRING, None),
                          ("parallel_group_ranks", 2, _REQ, _F.TYPE_MESSAGE, "ParallelGroupRanks")],
    "ParallelGroupMap": [("parallel_group_item", 1, _REP, _F.TYPE_MESSAGE, "ParallelGroupItem"),
                         ("ckpt_restore_rank_list", 2, _REQ, _F.TYPE_MESSAGE, "ParallelGroupRanks")],
    "ParallelStrategyMap": [("current_stage", 1, _REQ, _F.TYPE_UINT32, None),
                            ("parallel_strategy_item", 2, _REP, _F.TYPE_MESSAGE, "ParallelStrategyItem"),
                            ("parallel_layout_item", 3, _REP, _F.TYPE_MESSAGE, "ParallelLayoutItem")],
}


def _file_descriptor():
    fd = descriptor_pb2.FileDescriptorProto()
    fd.name, fd.package = "node_strategy.proto", _PACKAGE
    for name, fields in _SCHEMA.items():
        msg = fd.message_type.add()
        msg.name = name
        for field, number, label, type_, type_name in fields:
            f = msg.field.add()
            f.name, f.number, f.label, f.type = field, number, label, type_
            if type_name is not None:
                f.type_name = f".{_PACKAGE}.{type_name}"
    return fd


_POOL = descriptor_pool.DescriptorPool()
DESCRIPTOR = _POOL.Add(_file_descriptor())
for _name in _SCHEMA:
    globals()[_name] = message_factory.GetMessageClass(_POOL.FindMessageTypeByName(f"{_PACKAGE}.{_name}"))
__all__ = list(_SCHEMA)
