"""``mindspore.ops.function.vmap_func``: MindSpore's vmap functional ops at their internal import
path; the objects are ``mindspore.ops``'s (one implementation, several paths)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import bind as _bind

_NAMES = (
    'vmap',
)

__all__ = _bind(globals(), _NAMES, _ops)
