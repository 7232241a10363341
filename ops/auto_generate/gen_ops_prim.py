"""``mindspore.ops.auto_generate.gen_ops_prim``: MindSpore's generated Primitive classes and their
ready-made instances (``log_op``, a ``Log()``), at their internal import path. Each class is the
op registry's (``mindspore.ops.operations``); an instance is made on first use and kept."""
from mscompat.ops import operations as _operations
from mscompat.ops._module_paths import bind as _bind, bind_instances as _bind_instances
from mscompat.ops._registry import PRIMITIVES as _PRIMITIVES
from ._names import PRIM_CLASSES as _CLASSES, PRIM_INSTANCES as _INSTANCES

__all__ = _bind(globals(), _CLASSES, _operations)
_CLASS_SET = frozenset(_CLASSES)
_instance, __dir__ = _bind_instances(globals(), _INSTANCES, _operations)


def __getattr__(name):
    # a class registered after ``mscompat.ops`` (the kernels of ``mscompat.mint``: AddExt, SumExt, ...)
    cls = _PRIMITIVES.get(name) if name in _CLASS_SET else None
    if cls is not None:
        globals()[name] = cls
        return cls
    return _instance(name)
