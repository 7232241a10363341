"""``mindspore.ops.operations._sequence_ops``: MindSpore's sequence Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'InSequence', 'ListAppend', 'ListAppendAndInsertGrad', 'ListInsert', 'ListToTensor', 'Primitive',
    'PrimitiveWithCheck', 'SequenceAdd', 'SequenceAddN', 'SequenceAddOffset', 'SequenceCount', 'SequenceIndex',
    'SequenceMax', 'SequenceMin', 'SequenceMul', 'SequenceSlice', 'SequenceSliceGrad', 'SequenceSliceSetItem',
    'SequenceStack', 'SequenceUnstack', 'SequenceZerosLike', 'ShapeMulGrad', 'TensorToList', 'TensorToScalar',
    'TensorToTuple', 'TupleToTensor', 'list_equal', 'list_greater_equal', 'list_greater_than', 'list_le',
    'list_lt', 'make_range', 'sequence_len', 'shape_mul', 'tuple_equal', 'tuple_greater_equal',
    'tuple_greater_than', 'tuple_le', 'tuple_lt',
)

__all__ = _bind(globals(), _NAMES, _operations)
