"""``mindspore.ops.operations.other_ops``: MindSpore's graph helper Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'Assign', 'BoundingBoxDecode', 'BoundingBoxEncode', 'CheckValid', 'ConfusionMatrix', 'Depend', 'IOU',
    'Identity', 'Load', 'MoveTo', 'Partial', 'Primitive', 'PrimitiveWithCheck', 'PrimitiveWithInfer', 'Pull',
    'Push', 'PyExecute', 'PyFunc', 'PyInterpret', 'Reusing', 'SampleDistortedBoundingBoxV2', 'StopGradient',
    'UpdateState', '_DynamicLossScale',
)

__all__ = _bind(globals(), _NAMES, _operations)
