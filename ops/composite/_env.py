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


def _key(key):
    if isinstance(key, SymbolicKey):
        return key
    if isinstance(key, (str, int)):
        return SymbolicKey(key)
    raise TypeError(f"For 'Environ', the key should be a SymbolicKey (from 'embed' or 'ref_to_embed'), "
                    f"a str or an int, but got {type(key).__name__}.")


def _check_env(op_name, env):
    if not isinstance(env, EnvironType):
        raise TypeError(f"For '{op_name}', the 'env' should be an EnvironType (from 'environ_create'), "
                        f"but got {type(env).__name__}.")


def environ_create():
    """A new empty environment."""
    return EnvironType()


def environ_set(env, key, value):
    """A copy of ``env`` in which ``key`` maps to ``value``."""
    _check_env("EnvironSet", env)
    items = dict(env._items)
    items[_key(key)] = value
    return EnvironType(items)


def environ_get(env, key, default):
    """The value of ``key`` in ``env``, or ``default``."""
    _check_env("EnvironGet", env)
    return env._items.get(_key(key), default)


def environ_add(env1, env2):
    """The union of two environments; values present in both are added."""
    _check_env("EnvironAdd", env1)
    _check_env("EnvironAdd", env2)
    items = dict(env1._items)
    for k, v in env2._items.items():
        items[k] = items[k] + v if k in items else v
    return EnvironType(items)


def embed(x):
    """The environment key of the value ``x``."""
    return SymbolicKey(("embed", id(x)))


def ref_to_embed(x):
    """The environment key of a Parameter (its name) or of a Tensor (its identity)."""
    name = getattr(x, "name", None)
    if isinstance(name, str) and hasattr(x, "requires_grad"):
        return SymbolicKey(("param", name))
    return SymbolicKey(("embed", id(x)))
