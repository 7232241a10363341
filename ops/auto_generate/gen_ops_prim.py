"""``mindspore.ops.auto_generate.gen_ops_prim``: MindSpore's generated Primitive classes and their
ready-made instances (``log_op``, a ``Log()``), at their internal import path. Each class is the
op registry's (``mindspore.ops.operations``); an instance is made on first use and kept."""
from mscompat.ops import operations as _operations
from mscompat.ops._module_paths import bind as _bind, bind_instances as _bind_instances
from ._names import PRIM_CLASSES as _CLASSES, PRIM_INSTANCES as _INSTANCES

__all__ = _bind(globals(), _CLASSES, _operations)
__getattr__, __dir__ = _bind_instances(globals(), _INSTANCES, _operations)
