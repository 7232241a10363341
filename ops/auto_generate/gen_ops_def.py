"""``mindspore.ops.auto_generate.gen_ops_def``: MindSpore's generated functional ops (``log``,
``add_ext``, ...), at their internal import path, with the Primitive classes and instances of
``gen_ops_prim`` (which MindSpore's module imports too). Each function is the op registry's
(``mindspore.ops``)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import bind as _bind
from . import gen_ops_prim as _prim
from ._names import DEF_FUNCTIONS as _FUNCTIONS

__all__ = _bind(globals(), _FUNCTIONS, _ops) + _bind(globals(), _prim.__all__, _prim)


def __getattr__(name):
    return getattr(_prim, name)


def __dir__():
    return sorted(set(globals()) | set(_prim.__dir__()))
