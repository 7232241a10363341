"""MindSpore's internal module paths (``mindspore.ops.function.array_func``,
``mindspore.ops.operations.nn_ops``, ...) that model code imports from: each such module here
lists the names MindSpore defines at that path and binds them to the one mscompat object of
that name (the op registry's function or Primitive class), so every path gives the same object.
"""
__all__ = ["bind"]


def bind(namespace, names, source):
    """Put ``source.<name>`` into ``namespace`` for each of ``names`` that ``source`` has;
    returns the bound names (the module's ``__all__``)."""
    bound = [n for n in names if hasattr(source, n)]
    namespace.update({n: getattr(source, n) for n in bound})
    return bound
