"""``mindspore.ops.operations.linalg_ops``: MindSpore's linear-algebra Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'Eigh', 'Geqrf', 'Primitive', 'Svd',
)

__all__ = _bind(globals(), _NAMES, _operations)

from mscompat.ops._linalg import Eigh  # noqa: E402  (in MindSpore only at this path, not in ops.operations)
__all__ = sorted(set(__all__) | {"Eigh"})
