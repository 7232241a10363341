"""``mindspore.ops.operations._csr_ops``: MindSpore's CSR sparse Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'COO2CSR', 'CSR2COO', 'CSRDiv', 'CSRGather', 'CSRMM', 'CSRMV', 'CSRMul', 'CSRReduceSum', 'Primitive',
)

__all__ = _bind(globals(), _NAMES, _operations)
