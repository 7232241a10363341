"""Gradient environments (``environ_create/set/get/add``, ``env_get``): an immutable map
from a key (the ``embed`` of a value, the ``ref_to_embed`` of a Parameter) to a value.

MindSpore threads such an environment through graph-mode autodiff; here it is a plain
Python mapping, and every operation returns a new environment.
"""
__all__ = ["EnvironType", "environ_create", "environ_set", "environ_get", "environ_add", "embed",
           "ref_to_embed", "SymbolicKey"]


class SymbolicKey:
    """The key of one value in an environment (compared by the identity of the value,
    or by name for Parameters)."""

    __slots__ = ("key",)

    def __init__(self, key):
        self.key = key

    def __eq__(self, other):
        return isinstance(other, SymbolicKey) and self.key == other.key

    def __hash__(self):
        return hash(self.key)

    def __repr__(self):
        return f"SymbolicKey({self.key!r})"


class EnvironType:
    """An immutable environment: ``SymbolicKey -> value``."""

    __slots__ = ("_items",)

    def __init__(self, items=None):
        self._items = dict(items or {})

    def __len__(self):
        return len(self._items)

    def __contains__(self, key):
        return key in self._items

    def __repr__(self):
        return f"EnvironType({self._items!r})"


def _key(key, op_name="EnvironSet"):
    # graph-mode MindSpore's evaluators raise RuntimeError for a key that is not a SymbolicKey
    if isinstance(key, SymbolicKey):
        return key
    raise RuntimeError(f"{op_name} evaluator args[1] expected should be able to cast to SymbolicKeyInstancePtr, "
                       f"but: {key!r}")


def _check_env(op_name, env):
    if not isinstance(env, EnvironType):
        raise RuntimeError(f"For '{op_name}', the 'env' should be an EnvironType (from 'environ_create'), "
                           f"but got {type(env).__name__}.")


def _nargs(op_name, args, n):
    # graph-mode MindSpore checks the argument count with a RuntimeError
    if len(args) != n:
        raise RuntimeError(f"For '{op_name}', the number of input should be {n}, but got {len(args)}")


def environ_create(*args):
    """A new empty environment."""
    _nargs("EnvironCreate", args, 0)
    return EnvironType()


def environ_set(*args):
    """``environ_set(env, key, value)``: a copy of ``env`` in which ``key`` maps to ``value``."""
    _nargs("EnvironSet", args, 3)
    env, key, value = args
    _check_env("EnvironSet", env)
    items = dict(env._items)
    items[_key(key)] = value
    return EnvironType(items)


def environ_get(env, key, default):
    """The value of ``key`` in ``env``, or ``default``."""
    _check_env("EnvironGet", env)
    return env._items.get(_key(key, "EnvironGet"), default)


def environ_add(*args):
    """``environ_add(env1, env2)``: the union of two environments; values present in both are added."""
    _nargs("EnvironAdd", args, 2)
    env1, env2 = args
    _check_env("EnvironAdd", env1)
    _check_env("EnvironAdd", env2)
    items = dict(env1._items)
    for k, v in env2._items.items():
        items[k] = items[k] + v if k in items else v
    return EnvironType(items)


def embed(*args):
    """``embed(x)``: the environment key of the value ``x``."""
    if len(args) != 1:
        raise RuntimeError(f"EmbedEvaluator requires 1 parameter, but got {len(args)}")
    x, = args
    return SymbolicKey(("embed", id(x)))


def ref_to_embed(*args):
    """``ref_to_embed(x)``: the environment key of a Parameter (its name) or of a Tensor (its identity)."""
    if len(args) != 1:
        raise RuntimeError(f"For 'S_Prim_RefToEmbed', the size of input should be 1, but got {len(args)}.")
    x, = args
    name = getattr(x, "name", None)
    if isinstance(name, str) and hasattr(x, "requires_grad"):
        return SymbolicKey(("param", name))
    return SymbolicKey(("embed", id(x)))
