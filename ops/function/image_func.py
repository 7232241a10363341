"""``mindspore.ops.function.image_func``: MindSpore's image functional ops at their internal import
path; the objects are ``mindspore.ops``'s (one implementation, several paths)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import bind as _bind

_NAMES = (
    'bounding_box_decode', 'bounding_box_encode', 'check_valid', 'crop_and_resize',
)

__all__ = _bind(globals(), _NAMES, _ops)
