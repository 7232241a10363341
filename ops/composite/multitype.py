"""``MultitypeFuncGraph``, ``HyperMap`` and ``Map``: dispatch by argument type, and mapping
a function over (nested) tuples and lists.

A MultitypeFuncGraph is a registry of overloads keyed by MindSpore type names
(``"Tensor"``, ``"Number"``, ``"Tuple"``, ...) or ``mstype`` objects; calling it runs the
first registered overload whose types match the arguments.

>>> from mscompat import ops
>>> add = ops.MultitypeFuncGraph("add")
>>> @add.register("Number", "Number")
... def _(x, y):
...     return x + y
>>> ops.HyperMap(add)((1, (2, 3)), (10, (20, 30)))
(11, (22, 33))
"""
import numbers

import numpy as np

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor, RowTensor, COOTensor, CSRTensor
from ._env import EnvironType

__all__ = ["MultitypeFuncGraph", "HyperMap", "Map", "type_tags", "type_name_check"]

# MindSpore type names accepted by ``register`` (mindspore.common.dtype.typing.str_to_type).
_KIND_NAMES = {
    "Tensor", "Number", "Bool", "Int", "UInt", "Float", "BFloat", "Complex", "Tuple", "List",
    "Dictionary", "String", "None", "Function", "RowTensor", "COOTensor", "CSRTensor", "Slice",
    "TypeType", "Ellipsis", "MapTensor", "UMonad", "IOMonad", "EnvType", "Problem", "External",
    "Class", "SymbolicKeyType", "RefKey", "Keyword", "Any",
}
_SPECIFIC = {str(t): t for t in mstype.all_types}  # "Int64", "Float32", "Bool", ...


def type_name_check(type_input):
    """The canonical key of a ``register`` type argument (a name or an mstype object)."""
    if isinstance(type_input, str):
        if type_input in _KIND_NAMES or type_input in _SPECIFIC:
            return type_input
        raise RuntimeError(f"Unsupported type name: {type_input}!")
    if isinstance(type_input, type) and issubclass(type_input, mstype.TensorType):
        return "Tensor"
    if not isinstance(type_input, mstype.Type):
        raise TypeError(f"For 'MultitypeFuncGraph', register only support str or {mstype.Type}, but got "
                        f"'type_input': {type_input}.")
    if isinstance(type_input, mstype.TensorType) or type_input is mstype.tensor_type:
        elem = getattr(type_input, "element_type", None)
        return "Tensor" if elem is None else ("Tensor", str(elem))
    name = str(type_input)
    aliases = {"Number": "Number", "List": "List", "Tuple": "Tuple", "String": "String",
               "NoneType": "None"}
    if name in aliases:
        return aliases[name]
    if name in _SPECIFIC:
        return name
    kinds = {mstype.Int: "Int", mstype.UInt: "UInt", mstype.Float: "Float", mstype.Bool: "Bool",
             mstype.Complex: "Complex", mstype.BFloat: "BFloat"}
    return kinds.get(type(type_input), name)


def _number_tags(kind, specific):
    return {"Number", kind, specific}


def type_tags(obj):
    """The set of type keys ``obj`` matches (MindSpore's ``_issubclass_`` of its type)."""
    if isinstance(obj, RowTensor):
        return {"RowTensor"}
    dt = getattr(obj, "dtype", None)
    if hasattr(obj, "shape") and isinstance(dt, mstype.Type):
        tags = {"Tensor", ("Tensor", str(dt))}
        if isinstance(obj, COOTensor):
            tags.add("COOTensor")
        if isinstance(obj, CSRTensor):
            tags.add("CSRTensor")
        return tags
    if isinstance(obj, (bool, np.bool_)):
        return {"Number", "Bool"}
    if isinstance(obj, np.generic) and not isinstance(obj, np.ndarray):
        t = mstype.from_numpy_dtype(obj.dtype)
        kind = {mstype.Int: "Int", mstype.UInt: "UInt", mstype.Float: "Float",
                mstype.Complex: "Complex", mstype.BFloat: "BFloat"}.get(type(t), "Number")
        return _number_tags(kind, str(t))
    if isinstance(obj, numbers.Integral):
        return _number_tags("Int", "Int64")
    if isinstance(obj, numbers.Real):
        return _number_tags("Float", "Float64")
    if isinstance(obj, complex):
        return _number_tags("Complex", "Complex128")
    if isinstance(obj, tuple):
        return {"Tuple"}
    if isinstance(obj, list):
        return {"List"}
    if isinstance(obj, dict):
        return {"Dictionary"}
    if isinstance(obj, str):
        return {"String"}
    if obj is None:
        return {"None"}
    if isinstance(obj, slice):
        return {"Slice"}
    if obj is Ellipsis:
        return {"Ellipsis"}
    if isinstance(obj, mstype.Type):
        return {"TypeType"}
    if isinstance(obj, EnvironType):
        return {"EnvType"}
    if hasattr(obj, "construct") or hasattr(obj, "__primitive_flag__") or callable(obj):
        return {"Function"}
    raise NotImplementedError(f"The python type {type(obj)} cannot be converted to MindSpore type.")


class MultitypeFuncGraph:
    """``ops.MultitypeFuncGraph(name, read_value=False)``: overloads selected by argument types."""

    def __init__(self, name, read_value=False):
        self.name = name
        self.read_value = read_value
        self.entries = []
        self.default_func = None
        self.__name__ = name

    def register(self, *type_names):
        """Decorator registering ``fn`` for arguments of the types ``type_names``."""
        def deco(fn):
            keys = tuple(type_name_check(t) for t in type_names)
            self.entries.append((keys, fn))
            return fn
        return deco

    def _register_default(self, convert_to_interpret=True):
        def deco(fn):
            self.default_func = fn
            return fn
        return deco

    def __call__(self, *args):
        if callable(self.default_func):
            return self.default_func(*args)
        for a in args:
            if isinstance(a, np.ndarray):
                raise TypeError("For 'MultitypeFuncGraph', the input can not be numpy.ndarray")
        if len(self.entries) == 1:
            return self.entries[0][1](*args)
        tags = [type_tags(a) for a in args]
        for keys, fn in self.entries:
            if len(keys) == len(tags) and all(k == "Any" or k in t for k, t in zip(keys, tags)):
                return fn(*args)
        raise ValueError(f"For 'MultitypeFuncGraph', cannot find fn match given args. Got (sigs, fn): "
                         f"{self.entries}, and (dtype, args): {tuple(sorted(map(str, t)) for t in tags)}.")

    def __repr__(self):
        return f"MultitypeFuncGraph({self.name!r})"


def _check_ops(cls_name, ops):
    if ops is not None and not isinstance(ops, MultitypeFuncGraph):
        exc = RuntimeError if cls_name == "HyperMap" else TypeError
        raise exc(f"For '{cls_name}', 'ops' should be a MultitypeFuncGraph or None, but got "
                  f"{type(ops).__name__}.")


class HyperMap:
    """``ops.HyperMap(ops=None, reverse=False)``: apply ``ops`` to the leaves of nested
    tuples/lists (element-wise across the inputs); results are tuples."""

    def __init__(self, ops=None, reverse=False):
        _check_ops("HyperMap", ops)
        self.ops = ops
        self.reverse = reverse

    def _map(self, func, args):
        if not isinstance(args[0], (tuple, list)):
            return func(*args)
        return tuple(self._map(func, row) for row in zip(*args))

    def __call__(self, *args):
        func, rest = (self.ops, args) if self.ops is not None else (args[0], args[1:])
        if not rest:
            raise TypeError("For 'HyperMap', it needs at least one input sequence.")
        return self._map(func, rest)


class Map:
    """``ops.Map(ops=None, reverse=False)``: ``tuple(map(ops, *sequences))`` (one level)."""

    def __init__(self, ops=None, reverse=False):
        _check_ops("Map", ops)
        self.ops = ops
        self.reverse = reverse

    def __call__(self, *args):
        func, rest = (self.ops, args) if self.ops is not None else (args[0], args[1:])
        return tuple(map(func, *rest))

