"""``mindspore.ops.function.spectral_func``: MindSpore's spectral functional ops at their internal import
path; the objects are ``mindspore.ops``'s (one implementation, several paths)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import bind as _bind

_NAMES = (
    'bartlett_window', 'blackman_window',
)

__all__ = _bind(globals(), _NAMES, _ops)
