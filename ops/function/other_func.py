"""``mindspore.ops.function.other_func``: MindSpore's graph helper functional ops at their internal import
path; the objects are ``mindspore.ops``'s (one implementation, several paths)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import bind as _bind

_NAMES = (
    'depend', 'moe_distribute_combine', 'moe_distribute_dispatch', 'moe_init_routing_v2', 'move_to', 'partial',
    'rotary_position_embedding',
)

__all__ = _bind(globals(), _NAMES, _ops)
