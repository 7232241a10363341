"""``mindspore.ops.function.parameter_func``: MindSpore's Parameter update functional ops at their internal import
path; the objects are ``mindspore.ops``'s (one implementation, several paths)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import bind as _bind

_NAMES = (
    'assign', 'assign_add', 'assign_sub', 'index_add',
)

__all__ = _bind(globals(), _NAMES, _ops)
