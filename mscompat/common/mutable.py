"""``mindspore.mutable``: mark a compiled call's input as a variable instead of a constant.

Non-Tensor inputs of a compiled call (GRAPH_MODE cell, ``ms.jit``) are constants of the graph: a new
value compiles again. ``mutable(value)`` marks a scalar (bool, int, float), a Tensor, or a tuple, list
or dict of them as a *variable* input: a new value of a mutable scalar reuses the compiled program
(inside the function it is a 0-d Tensor of int64, float32 or bool). Tensors, also inside tuples,
lists and dicts, are variable inputs already. ``dynamic_len=True`` marks a tuple or list whose length
may change between calls; each length compiles once here (XLA programs have static lengths), the
values are the same as MindSpore's.

>>> import mscompat as ms
>>> ms.mutable(2) + 1
3
"""
import os

import jax

from .tensor import Tensor

__all__ = ["mutable"]


class _Int(int):
    pass


class _Float(float):
    pass


class _Tuple(tuple):
    pass


class _List(list):
    pass


class _Dict(dict):
    pass


class _Bool(int):
    """A mutable bool: ``bool`` cannot be subclassed, so an int that reports itself as bool."""

    def __new__(cls, value):
        return super().__new__(cls, bool(value))

    @property
    def __class__(self):
        return bool

    def __and__(self, other):
        return bool(self) & other

    __rand__ = __and__

    def __or__(self, other):
        return bool(self) | other

    __ror__ = __or__

    def __xor__(self, other):
        return bool(self) ^ other

    __rxor__ = __xor__

    def __repr__(self):
        return repr(bool(int(self)))

    __str__ = __repr__


_SCALAR_TYPES = (_Bool, _Int, _Float)
_CONTAINER_TYPES = (_Tuple, _List, _Dict)


def _marked(ret, input_data, dynamic_len):
    ret.__ms_mutable__ = True
    ret.__ms_dynamic_len__ = dynamic_len
    ret.__ms_origin_object__ = ret if input_data is None else input_data
    return ret


# mutable containers are JAX pytrees of their items that keep their class and marks through a
# compiled call's flattening (a variable container input stays one inside the graph)
jax.tree_util.register_pytree_node(
    _Tuple, lambda t: (tuple(t), getattr(t, "__ms_dynamic_len__", False)),
    lambda dyn, items: _marked(_Tuple(items), None, dyn))
jax.tree_util.register_pytree_node(
    _List, lambda t: (tuple(t), getattr(t, "__ms_dynamic_len__", False)),
    lambda dyn, items: _marked(_List(items), None, dyn))
jax.tree_util.register_pytree_node(
    _Dict, lambda d: (tuple(d.values()), (tuple(d.keys()), getattr(d, "__ms_dynamic_len__", False))),
    lambda aux, items: _marked(_Dict(zip(aux[0], items)), None, aux[1]))


def is_mutable_container(x):
    """True for a tuple, list or dict returned by :func:`mutable`."""
    return type(x) in _CONTAINER_TYPES and getattr(x, "__ms_mutable__", False)


def container_grads(tree):
    """The gradient of a mutable container input (a container of the same structure holding the
    gradients) as plain tuples, lists and dicts; a dict is the tuple of its values under
    ``MS_DEV_JIT_SYNTAX_LEVEL=0`` (STRICT), as MindSpore gives it."""
    if isinstance(tree, dict):
        if os.environ.get("MS_DEV_JIT_SYNTAX_LEVEL", "").strip() == "0":
            return tuple(container_grads(v) for v in tree.values())
        return {k: container_grads(v) for k, v in tree.items()}
    if isinstance(tree, list):
        return [container_grads(v) for v in tree]
    if isinstance(tree, tuple) and not hasattr(type(tree), "_fields"):
        return tuple(container_grads(v) for v in tree)
    return tree


def _valid(value, seen):
    """Tensors, scalars and tuples/lists/dicts of them, without self-reference."""
    if id(value) in seen:
        return False
    if isinstance(value, (tuple, list, dict)):
        seen = seen | {id(value)}
        items = value.values() if isinstance(value, dict) else value
        return all(_valid(v, seen) for v in items)
    return isinstance(value, (Tensor, int, float))


def is_mutable_scalar(x):
    """True for a scalar returned by :func:`mutable` (a variable input of a compiled call)."""
    return type(x) in _SCALAR_TYPES and getattr(x, "__ms_mutable__", False)


def scalar_value(x):
    """The Python value of a mutable scalar input (inside a compiled call a 0-d Tensor marked as one)
    where an op needs it as a constant (an axis, a length); any other value unchanged. While the
    call is traced the value is unknown: reading it raises JAX's concretization error, and the
    compiled call runs eagerly (MindSpore compiles a dynamic-shape graph there)."""
    if isinstance(x, Tensor) and x.__dict__.get("_mutable_scalar"):
        if isinstance(x._data, jax.core.Tracer):
            raise jax.errors.ConcretizationTypeError(x._data, "an op needs the value of a mutable scalar input as a "
                                                              "constant (an axis or a length)")
        return x.item()
    return x


# the Python types ``mutable`` wraps in a subclass that can carry its marks (bool before int)
_MARKABLE = ((bool, _Bool), (int, _Int), (float, _Float), (list, _List), (tuple, _Tuple), (dict, _Dict))


def mutable(input_data, dynamic_len=False):
    """Mark ``input_data`` (a scalar, Tensor, or tuple/list/dict of them) as a variable input of
    compiled calls; returns it (scalars and containers as marked subclasses of their type)."""
    if not _valid(input_data, frozenset()):
        raise TypeError(f"For 'mutable', the 'input_data' should be one of (bool, int, float, Tensor, tuple, list, "
                        f"dict) or their nested structures with no self-reference, but got "
                        f"{type(input_data).__name__}: {input_data}.")
    if not isinstance(dynamic_len, bool):
        raise TypeError(f"For 'mutable', the second input should be bool, but got: {type(dynamic_len).__name__}")
    if dynamic_len and not isinstance(input_data, (tuple, list)):
        raise TypeError(f"For 'mutable', when the variable_len is True, the first input should be list or tuple, "
                        f"but got: {type(input_data).__name__}")
    ret = next((marked(input_data) for kind, marked in _MARKABLE if isinstance(input_data, kind)), input_data)
    return _marked(ret, input_data, dynamic_len)
