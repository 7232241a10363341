"""``mindspore.ops.auto_generate.gen_ops_def``: MindSpore's generated functional ops (``log``,
``add_ext``, ...), at their internal import path, with the Primitive classes and instances of
``gen_ops_prim`` (which MindSpore's module imports too). Each function is the op registry's
(``mindspore.ops``)."""
import types as _types

from mscompat.ops._registry import exports as _exports
from mscompat.ops._module_paths import bind as _bind
from . import gen_ops_prim as _prim
from ._names import DEF_FUNCTIONS as _FUNCTIONS

# the registry's functional ops (what ``mscompat.ops`` exports), read from the registry, not the ops package,
# which imports this module while it initializes
__all__ = _bind(globals(), _FUNCTIONS, _types.SimpleNamespace(**_exports())) + _bind(globals(), _prim.__all__, _prim)


def __getattr__(name):
    return getattr(_prim, name)


def __dir__():
    return sorted(set(globals()) | set(_prim.__dir__()))
