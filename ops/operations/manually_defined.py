"""``mindspore.ops.operations.manually_defined``: the Primitives MindSpore writes by hand rather than
generates (``Shape``, ``Rank``, ``Tile``, ``Cast``, ``BatchNorm``, ``ScalarToTensor``, the ``Scalar*``
arithmetic), their functional forms (``shape_``, ``rank``, ``tile``, ``scalar_cast``) and ready-made
instances (``scalar_add``, ...), at their internal import path; one implementation, several paths."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind, bind_instances as _bind_instances
from mscompat.ops._registry import OPS as _OPS

_NAMES = (
    'BatchNorm', 'Cast', 'Rank', 'ScalarAdd', 'ScalarBool', 'ScalarDiv', 'ScalarEq', 'ScalarFloorDiv', 'ScalarGe',
    'ScalarGt', 'ScalarLe', 'ScalarLog', 'ScalarLt', 'ScalarMax', 'ScalarMin', 'ScalarMod', 'ScalarMul', 'ScalarPow',
    'ScalarSub', 'ScalarToTensor', 'ScalarUadd', 'ScalarUsub', 'Shape', 'Tile', 'TypeAs',
)
_FUNCTIONS = ('rank', 'scalar_cast', 'shape_', 'tile')

__all__ = _bind(globals(), _NAMES, _operations)
globals().update({n: _OPS[n].fn for n in _FUNCTIONS if n in _OPS})

_INSTANCES = {
    'scalar_add': 'ScalarAdd', 'scalar_bool': 'ScalarBool', 'scalar_div': 'ScalarDiv', 'scalar_eq': 'ScalarEq',
    'scalar_floordiv': 'ScalarFloorDiv', 'scalar_ge': 'ScalarGe', 'scalar_gt': 'ScalarGt', 'scalar_le': 'ScalarLe',
    'scalar_log': 'ScalarLog', 'scalar_lt': 'ScalarLt', 'scalar_max': 'ScalarMax', 'scalar_min': 'ScalarMin',
    'scalar_mod': 'ScalarMod', 'scalar_mul': 'ScalarMul', 'scalar_pow': 'ScalarPow', 'scalar_sub': 'ScalarSub',
    'scalar_uadd': 'ScalarUadd', 'scalar_usub': 'ScalarUsub',
}
_late_getattr = globals().get("__getattr__")
_instances_getattr, __dir__ = _bind_instances(globals(), _INSTANCES, _operations)


def __getattr__(name):
    if name in _INSTANCES:
        return _instances_getattr(name)
    if _late_getattr is not None:
        return _late_getattr(name)
    raise AttributeError(f"module '{__name__}' has no attribute '{name}'")
