"""``mindspore.ops.auto_generate.pyboost_inner_prim``: the Primitive instances MindSpore's
generated functions use inside (``dtype_to_type_id``, ``str_to_enum``), where mscompat has
their class."""
from mscompat.ops import operations as _operations
from mscompat.ops._module_paths import bind as _bind, bind_instances as _bind_instances
from ._names import INNER_PRIM_CLASSES as _CLASSES, INNER_PRIM_INSTANCES as _INSTANCES

__all__ = _bind(globals(), _CLASSES, _operations)
__getattr__, __dir__ = _bind_instances(globals(), _INSTANCES, _operations)
