"""``mindspore.ops.function.clip_func``: MindSpore's clipping functional ops at their internal import
path; the objects are ``mindspore.ops``'s (one implementation, several paths)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import bind as _bind

_NAMES = (
    'clamp', 'clamp_', 'clip', 'clip_by_global_norm', 'clip_by_norm', 'clip_by_value',
)

__all__ = _bind(globals(), _NAMES, _ops)
