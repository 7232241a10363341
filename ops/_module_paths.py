"""MindSpore's internal module paths (``mindspore.ops.function.array_func``,
``mindspore.ops.operations.nn_ops``, ...) that model code imports from: each such module here
lists the names MindSpore defines at that path and binds them to the one mscompat object of
that name (the op registry's function or Primitive class), so every path gives the same object.
"""
from . import primitive as _primitive
from ._param_update import Load as _Load
from ._registry import PRIMITIVES as _PRIMITIVES

__all__ = ["bind", "bind_instances", "OPERATIONS"]


class _OperationsView:
    """What ``mindspore.ops.operations`` holds (every registered Primitive class, the Primitive
    base classes and ``Load``), read from the registry at access time. The family modules of
    ``ops/operations/`` bind from it, so they never import their own parent package (which
    imports them: an import cycle)."""

    _extra = {"Primitive": _primitive.Primitive, "PrimitiveWithInfer": _primitive.PrimitiveWithInfer,
              "PrimitiveWithCheck": _primitive.PrimitiveWithCheck,
              "prim_attr_register": _primitive.prim_attr_register, "Load": _Load}

    def __getattr__(self, name):
        try:
            return _PRIMITIVES[name]
        except KeyError:
            pass
        try:
            return self._extra[name]
        except KeyError:
            raise AttributeError(name) from None


OPERATIONS = _OperationsView()


def bind(namespace, names, source):
    """Put ``source.<name>`` into ``namespace`` for each of ``names`` that ``source`` has;
    returns the bound names (the module's ``__all__``). With ``source`` :data:`OPERATIONS`, a
    name whose Primitive class is registered later (the kernels of ``mscompat.mint``: ``SiLU``,
    ``AddExt``, ...) resolves on first access, through the module's ``__getattr__``."""
    bound = [n for n in names if hasattr(source, n)]
    namespace.update({n: getattr(source, n) for n in bound})
    if source is OPERATIONS:
        namespace.setdefault("__getattr__", _late_primitives(namespace, set(names) - set(bound)))
    return bound


def _late_primitives(namespace, pending):
    module = namespace.get("__name__", "")

    def __getattr__(name):
        cls = _PRIMITIVES.get(name) if name in pending else None
        if cls is None:
            raise AttributeError(f"module '{module}' has no attribute '{name}'")
        namespace[name] = cls
        return cls

    return __getattr__


def bind_instances(namespace, instances, source):
    """The module ``__getattr__`` / ``__dir__`` pair for MindSpore's ready-made Primitive instances
    (``{"log_op": "Log", ...}``): each name whose class ``source`` has is made on first use, with
    the class's defaults, and kept in ``namespace``."""
    known = {n: c for n, c in instances.items() if hasattr(source, c)}
    module = namespace.get("__name__", "")

    def __getattr__(name):
        cls = known.get(name)
        if cls is None:
            raise AttributeError(f"module '{module}' has no attribute '{name}'")
        value = namespace[name] = getattr(source, cls)()
        return value

    def __dir__():
        return sorted(set(namespace) | set(known))

    return __getattr__, __dir__
