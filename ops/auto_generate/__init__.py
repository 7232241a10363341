"""``mindspore.ops.auto_generate``: MindSpore's generated op modules (``gen_ops_prim``: Primitive
classes and instances; ``gen_ops_def``: functional ops; ``pyboost_inner_prim``) and, at the package
level, all of their names plus the hand-written Primitive classes of
``ops.operations.manually_defined`` (``Cast``, ``Shape``, ``ScalarAdd``, ...). Every name is bound to
the one mscompat object of that name from the op registry; there is no second copy of any op."""
from mscompat.ops import operations as _operations
from mscompat.ops._module_paths import bind as _bind
from . import gen_ops_prim, gen_ops_def, pyboost_inner_prim
from ._names import MANUAL_CLASSES as _MANUAL

_bind(globals(), gen_ops_def.__all__, gen_ops_def)
_bind(globals(), _MANUAL, _operations)
__all__ = []    # as MindSpore's: ``from mindspore.ops.auto_generate import *`` imports nothing


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(gen_ops_prim, name)
