"""``mindspore.ops.operations._scalar_ops``: MindSpore's scalar Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'Primitive', 'ScalarAdd', 'ScalarBool', 'ScalarDiv', 'ScalarEq', 'ScalarFloorDiv', 'ScalarGe', 'ScalarGt',
    'ScalarLe', 'ScalarLog', 'ScalarLt', 'ScalarMax', 'ScalarMin', 'ScalarMod', 'ScalarMul', 'ScalarPow',
    'ScalarSub', 'ScalarUadd', 'ScalarUsub', 'bit_and', 'bit_or', 'bool_not',
)

__all__ = _bind(globals(), _NAMES, _operations)
