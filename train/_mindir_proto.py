"""MindSpore's MindIR protobuf schema (``mind_ir.proto``, package ``mind_ir``, proto2), built at runtime.

A ``.mindir`` file is one serialized ``mind_ir.ModelProto``: a main ``GraphProto`` (nodes that
call primitives by ``op_type``, graph inputs as ``ValueInfoProto``, parameters as
``TensorProto`` with ``raw_data``), optional function graphs, and a table of ``PrimitiveProto``
the nodes refer to.

As in :mod:`._checkpoint_proto`, the message classes come from a ``FileDescriptorProto`` made
here (no ``protoc``, no generated code) in a private descriptor pool. The schema is written as
a compact table below; the file name and package are MindSpore's, so the fully qualified type
names (``mind_ir.ModelProto`` ...) and the bytes are those of MindSpore's own files.
"""
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import DecodeError

__all__ = ["ModelProto", "GraphProto", "NodeProto", "AttributeProto", "TensorProto", "ValueInfoProto",
           "PrimitiveProto", "FunctorProto", "MapTensorProto", "ParallelProto", "LayoutProto",
           "PreprocessorProto", "PreprocessOpProto", "ScalarNodeProto", "ScalarGraphHolderProto",
           "Version", "DecodeError"]

_F = descriptor_pb2.FieldDescriptorProto
_LABELS = {"opt": _F.LABEL_OPTIONAL, "req": _F.LABEL_REQUIRED, "rep": _F.LABEL_REPEATED}
_TYPES = {"string": _F.TYPE_STRING, "bytes": _F.TYPE_BYTES, "bool": _F.TYPE_BOOL, "float": _F.TYPE_FLOAT,
          "double": _F.TYPE_DOUBLE, "int32": _F.TYPE_INT32, "int64": _F.TYPE_INT64, "uint64": _F.TYPE_UINT64}

# Top-level enum.
_VERSION = ("Version", ["IR_VERSION_START", "IR_VERSION", "IR_VERSION_WITH_PRIM_FUNCTION",
                        "IR_VERSION_WITH_SCALAR_GRAPH_HOLDER"])

_ATTRIBUTE_TYPES = [
    "UNDEFINED", "FLOAT", "UINT8", "INT8", "UINT16", "INT16", "INT32", "INT64", "STRING", "BOOL", "FLOAT16",
    "DOUBLE", "UINT32", "UINT64", "COMPLEX64", "COMPLEX128", "BFLOAT16", "TENSOR", "GRAPH", "TENSORS", "TUPLE",
    "LIST", "DICT", "UMONAD", "IOMONAD", "NONE", "PRIMITIVECLOSURE", "FUNCGRAPHCLOSURE", "PARTIALCLOSURE",
    "UNIONFUNCCLOSURE", "CSR_TENSOR", "COO_TENSOR", "ROW_TENSOR", "CLASS_TYPE", "NAME_SPACE", "SYMBOL",
    "TYPE_NULL", "MAP_TENSOR", "FUNCTOR", "SCALAR", "SCALAR_GRAPH_HOLDER"]
_DATA_TYPES = [
    "UNDEFINED", "FLOAT", "UINT8", "INT8", "UINT16", "INT16", "INT32", "INT64", "STRING", "BOOL", "FLOAT16",
    "DOUBLE", "UINT32", "UINT64", "COMPLEX64", "COMPLEX128", "BFLOAT16", "FLOAT64", "QINT4X2"]
_COMPRESSION_TYPES = ["NO_COMPRESSION", "INDEXING", "SPARSE", "FSE", "BIT_PACKING", "FSE_INT", "FSE_INFER"]

# Messages: name -> dict(fields=[(name, number, label, type or .Message/.Enum), ...],
# enums=[(name, [values], first_number)], nested={...}, map_entry=bool). A type starting with
# "." is a message or enum relative to the package; enum values are numbered from first_number.
_MESSAGES = {
    "AttributeProto": dict(
        enums=[("AttributeType", _ATTRIBUTE_TYPES, 0)],
        nested={"SeqInfoProto": dict(fields=[
            ("is_dyn_len", 1, "opt", "bool"),
            ("tuple_elem_item", 2, "opt", ".AttributeProto")])},
        fields=[
            ("name", 1, "opt", "string"), ("f", 2, "opt", "float"), ("i", 3, "opt", "int64"),
            ("d", 4, "opt", "double"), ("s", 5, "opt", "bytes"), ("t", 6, "opt", ".TensorProto"),
            ("g", 7, "opt", ".GraphProto"), ("floats", 8, "rep", "float"), ("doubles", 9, "rep", "double"),
            ("ints", 10, "rep", "int64"), ("strings", 11, "rep", "bytes"), ("tensors", 12, "rep", ".TensorProto"),
            ("graphs", 13, "rep", ".GraphProto"), ("doc_string", 14, "opt", "string"),
            ("ref_attr_name", 15, "opt", "string"), ("type", 16, "opt", ".AttributeProto.AttributeType"),
            ("values", 17, "rep", ".AttributeProto"), ("seq_info", 18, "opt", ".AttributeProto.SeqInfoProto"),
            ("functor", 19, "opt", ".FunctorProto"), ("graph_holder", 20, "opt", ".ScalarGraphHolderProto")]),
    "FunctorProto": dict(
        enums=[("FunctorType", ["SHAPE_CALC_FUNCTOR", "ANY_FUNCTOR"], 1)],
        fields=[("type", 1, "opt", ".FunctorProto.FunctorType"), ("name", 2, "opt", "string"),
                ("values", 3, "rep", ".AttributeProto")]),
    "ValueInfoProto": dict(fields=[
        ("name", 1, "opt", "string"), ("tensor", 2, "rep", ".TensorProto"), ("doc_string", 3, "opt", "string"),
        ("denotation", 4, "opt", "string"), ("attr_info", 5, "opt", ".AttributeProto")]),
    "NodeProto": dict(fields=[
        ("input", 1, "rep", "string"), ("output", 2, "rep", "string"), ("name", 3, "opt", "string"),
        ("op_type", 4, "opt", "string"), ("attribute", 5, "rep", ".AttributeProto"),
        ("doc_string", 6, "opt", "string"), ("domain", 7, "opt", "string"),
        ("node_attr", 8, "rep", ".AttributeProto"), ("primal_attr", 9, "rep", ".AttributeProto")]),
    "ModelProto": dict(
        nested={"UserInfoEntry": dict(map_entry=True, fields=[
            ("key", 1, "opt", "string"), ("value", 2, "opt", "string")])},
        fields=[
            ("ir_version", 1, "opt", "string"), ("producer_name", 2, "opt", "string"),
            ("producer_version", 3, "opt", "string"), ("domain", 4, "opt", "string"),
            ("model_version", 5, "opt", "string"), ("doc_string", 6, "opt", "string"),
            ("graph", 7, "opt", ".GraphProto"), ("functions", 8, "rep", ".GraphProto"),
            ("preprocessor", 9, "opt", ".PreprocessorProto"), ("little_endian", 10, "opt", "bool"),
            ("parallel", 11, "opt", ".ParallelProto"), ("primitives", 12, "rep", ".PrimitiveProto"),
            ("mind_ir_version", 13, "opt", "int64"), ("user_info", 14, "rep", ".ModelProto.UserInfoEntry")]),
    "PreprocessorProto": dict(fields=[("op", 1, "rep", ".PreprocessOpProto")]),
    "PreprocessOpProto": dict(fields=[
        ("input_columns", 1, "opt", "string"), ("output_columns", 2, "opt", "string"),
        ("project_columns", 3, "opt", "string"), ("op_type", 4, "opt", "string"),
        ("operations", 5, "opt", "string"), ("offload", 6, "opt", "bool")]),
    "GraphProto": dict(fields=[
        ("node", 1, "rep", ".NodeProto"), ("name", 2, "opt", "string"), ("parameter", 3, "rep", ".TensorProto"),
        ("doc_string", 4, "opt", "string"), ("input", 5, "rep", ".ValueInfoProto"),
        ("output", 6, "rep", ".ValueInfoProto"), ("bprop_hash", 7, "opt", "string"),
        ("attribute", 8, "rep", ".AttributeProto"), ("bprop_filepath", 9, "opt", "string"),
        ("map_parameter", 10, "rep", ".MapTensorProto")]),
    "TensorProto": dict(
        enums=[("DataType", _DATA_TYPES, 0), ("CompressionType", _COMPRESSION_TYPES, 0)],
        nested={
            "ExternalDataProto": dict(fields=[
                ("location", 1, "opt", "string"), ("offset", 2, "opt", "int64"), ("length", 3, "opt", "int64")]),
            "QuantParamProto": dict(fields=[
                ("quant_algo_name", 1, "req", "string"), ("attribute", 2, "rep", ".AttributeProto")])},
        fields=[
            ("dims", 1, "rep", "int64"), ("data_type", 2, "opt", "int32"), ("float_data", 3, "rep", "float"),
            ("int32_data", 4, "rep", "int32"), ("string_data", 5, "rep", "bytes"), ("int64_data", 6, "rep", "int64"),
            ("name", 7, "opt", "string"), ("doc_string", 8, "opt", "string"), ("raw_data", 9, "opt", "bytes"),
            ("double_data", 10, "rep", "double"), ("uint64_data", 11, "rep", "uint64"),
            ("external_data", 12, "opt", ".TensorProto.ExternalDataProto"), ("ref_key", 13, "opt", "string"),
            ("min_dims", 14, "rep", "int64"), ("max_dims", 15, "rep", "int64"),
            ("compression_type", 16, "opt", ".TensorProto.CompressionType"),
            ("quant_params", 17, "rep", ".TensorProto.QuantParamProto")]),
    "MapTensorProto": dict(fields=[
        ("name", 1, "req", "string"), ("default_value", 2, "req", ".AttributeProto"),
        ("key_tensor", 3, "req", ".TensorProto"), ("value_tensor", 4, "req", ".TensorProto"),
        ("status_tensor", 5, "req", ".TensorProto")]),
    "ParallelProto": dict(fields=[("layout", 1, "rep", ".LayoutProto")]),
    "LayoutProto": dict(fields=[
        ("name", 1, "opt", "string"), ("device_arrangement_int", 2, "rep", "int64"),
        ("tensor_map_int", 3, "rep", "int64"), ("slice_shape_int", 4, "rep", "int64"),
        ("field_size", 5, "opt", "int64"), ("uniform_split", 6, "opt", "bool"),
        ("opt_shard_group", 7, "opt", "string"), ("pipeline_shared", 8, "opt", "bool"),
        ("is_send", 9, "opt", "bool"), ("peer_rank", 10, "opt", "int64"), ("sr_tag", 11, "opt", "int64"),
        ("opt_shard_slice_shape_int", 12, "rep", "int64")]),
    "PrimitiveProto": dict(
        enums=[("PrimType", ["PRIMITIVE", "PRIMITIVE_FUNCTION"], 1)],
        fields=[("name", 1, "opt", "string"), ("op_type", 2, "opt", "string"),
                ("attribute", 3, "rep", ".AttributeProto"), ("instance_name", 4, "opt", "string"),
                ("prim_type", 5, "opt", ".PrimitiveProto.PrimType")]),
    "ScalarNodeProto": dict(fields=[
        ("scalar_op_type", 1, "opt", "int64"), ("in_index", 2, "rep", "int64"), ("value", 3, "rep", "int64")]),
    "ScalarGraphHolderProto": dict(fields=[
        ("scalar_node", 1, "rep", ".ScalarNodeProto"), ("input_shape_index", 2, "rep", "uint64")]),
}

_PACKAGE = "mind_ir"


def _enum_names(messages=None):
    """Fully qualified enum names (relative form, leading dot), to tell enum fields from message fields."""
    names = set()

    def walk(prefix, spec):
        for ename, _, _ in spec.get("enums", ()):
            names.add(f"{prefix}.{ename}")
        for nname, nspec in spec.get("nested", {}).items():
            walk(f"{prefix}.{nname}", nspec)

    for name, spec in (_MESSAGES if messages is None else messages).items():
        walk(f".{name}", spec)
    return names


def _fill_enum(enum, name, values, first):
    enum.name = name
    for number, value in enumerate(values, first):
        v = enum.value.add()
        v.name, v.number = value, number


def _fill_message(msg, name, spec, enums, package=_PACKAGE):
    """One message of a compact schema table (``_MESSAGES``' form) in ``package`` (also used for
    MindSpore's ``anf_ir.proto``, ``mscompat._data_dump``)."""
    msg.name = name
    for ename, values, first in spec.get("enums", ()):
        _fill_enum(msg.enum_type.add(), ename, values, first)
    for nname, nspec in spec.get("nested", {}).items():
        _fill_message(msg.nested_type.add(), nname, nspec, enums, package)
    if spec.get("map_entry"):
        msg.options.map_entry = True
    for fname, number, label, type_ in spec["fields"]:
        f = msg.field.add()
        f.name, f.number, f.label = fname, number, _LABELS[label]
        if type_.startswith("."):
            f.type = _F.TYPE_ENUM if type_ in enums else _F.TYPE_MESSAGE
            f.type_name = f".{package}{type_}"
        else:
            f.type = _TYPES[type_]


def _file_descriptor():
    fd = descriptor_pb2.FileDescriptorProto()
    fd.name = "mind_ir.proto"            # proto2 (no syntax field), as MindSpore's
    fd.package = _PACKAGE
    _fill_enum(fd.enum_type.add(), _VERSION[0], _VERSION[1], 0)
    enums = _enum_names()
    for name, spec in _MESSAGES.items():
        _fill_message(fd.message_type.add(), name, spec, enums)
    return fd


_POOL = descriptor_pool.DescriptorPool()
_FILE = _POOL.Add(_file_descriptor())


def _message(name):
    return message_factory.GetMessageClass(_POOL.FindMessageTypeByName(f"{_PACKAGE}.{name}"))


ModelProto = _message("ModelProto")
GraphProto = _message("GraphProto")
NodeProto = _message("NodeProto")
AttributeProto = _message("AttributeProto")
TensorProto = _message("TensorProto")
ValueInfoProto = _message("ValueInfoProto")
PrimitiveProto = _message("PrimitiveProto")
FunctorProto = _message("FunctorProto")
MapTensorProto = _message("MapTensorProto")
ParallelProto = _message("ParallelProto")
LayoutProto = _message("LayoutProto")
PreprocessorProto = _message("PreprocessorProto")
PreprocessOpProto = _message("PreprocessOpProto")
ScalarNodeProto = _message("ScalarNodeProto")
ScalarGraphHolderProto = _message("ScalarGraphHolderProto")

# The top-level ``Version`` enum: name -> number (IR_VERSION = 1 ...).
Version = {v.name: v.number for v in _POOL.FindEnumTypeByName(f"{_PACKAGE}.Version").values}
