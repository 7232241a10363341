"""Attach Python operators and Tensor methods to ``Tensor`` from the op registry.

Operators map onto functional ops by name (``__add__`` -> ``add``); a dunder whose op
is not registered is left undefined. Methods come from ``METHODS`` (filled by
``@op(method=...)`` and ``@tensor_method``). Runs once, when ``mscompat.ops`` is imported.
"""
from mscompat.common.tensor import Tensor

from ._registry import OPS, METHODS

_CLASS_OWN = frozenset(Tensor.__dict__)  # defined in the class body: never overridden

# dunder -> (op name, reflected)
_OPERATORS = {
    "__add__": ("add", False), "__radd__": ("add", True),
    "__sub__": ("sub", False), "__rsub__": ("sub", True),
    "__mul__": ("mul", False), "__rmul__": ("mul", True),
    "__truediv__": ("div", False), "__rtruediv__": ("div", True),
    "__floordiv__": ("floor_divide", False), "__rfloordiv__": ("floor_divide", True),
    "__mod__": ("remainder", False), "__rmod__": ("remainder", True),
    "__pow__": ("pow", False), "__rpow__": ("pow", True),
    "__matmul__": ("matmul", False), "__rmatmul__": ("matmul", True),
    "__and__": ("bitwise_and", False), "__rand__": ("bitwise_and", True),
    "__or__": ("bitwise_or", False), "__ror__": ("bitwise_or", True),
    "__xor__": ("bitwise_xor", False), "__rxor__": ("bitwise_xor", True),
    "__lshift__": ("bitwise_left_shift", False), "__rshift__": ("bitwise_right_shift", False),
    "__eq__": ("equal", False), "__ne__": ("not_equal", False),
    "__lt__": ("less", False), "__le__": ("less_equal", False),
    "__gt__": ("greater", False), "__ge__": ("greater_equal", False),
}
_UNARY = {"__neg__": "neg", "__abs__": "abs", "__invert__": "logical_not_or_invert", "__pos__": None}


def _binary(fn, reflected):
    if reflected:
        def method(self, other):
            return fn(other, self)
    else:
        def method(self, other):
            return fn(self, other)
    return method


def attach():
    for dunder, (name, reflected) in _OPERATORS.items():
        if name in OPS:
            setattr(Tensor, dunder, _binary(OPS[name].fn, reflected))
    if "neg" in OPS:
        Tensor.__neg__ = OPS["neg"].fn
    if "abs" in OPS:
        Tensor.__abs__ = OPS["abs"].fn
    if "invert" in OPS:
        Tensor.__invert__ = OPS["invert"].fn
    Tensor.__pos__ = lambda self: self
    Tensor.__hash__ = lambda self: id(self)  # __eq__ returns a Tensor, identity hashing stays
    for name, fn in METHODS.items():
        if name in _CLASS_OWN:
            raise RuntimeError(f"Tensor method '{name}' is defined in the Tensor class and registered as an op")
        setattr(Tensor, name, fn)
