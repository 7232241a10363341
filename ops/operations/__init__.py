"""``mindspore.ops.operations`` (``P``): every Primitive class, from the op registry."""
from .._registry import PRIMITIVES as _PRIMITIVES
from ..primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register

globals().update(_PRIMITIVES)
__all__ = sorted(_PRIMITIVES)

from .._param_update import Load  # noqa: E402,F401  (ops.operations only, outside __all__, as in MindSpore)
