"""``ScopedValue``: a value a rewrite node reads or writes — a name (``x``, ``self.fc1``), a
constant, or a tuple/list/dict of them — and ``ValueType``, its kind."""
import enum

__all__ = ["ValueType", "ScopedValue"]


class ValueType(enum.Enum):
    ConstantValue = 0
    TupleValue = 1
    ListValue = 2
    DictValue = 3
    NamingValue = 4
    CustomObjValue = 5
    UnsupportedValue = 6


_CONTAINER = {tuple: ValueType.TupleValue, list: ValueType.ListValue, dict: ValueType.DictValue}


class ScopedValue:
    """``value`` of kind ``arg_type``; a name has a ``scope`` (``"self"`` for an attribute of the
    network, ``""`` for a local variable)."""

    def __init__(self, arg_type, scope="", value=None):
        if not isinstance(arg_type, ValueType):
            raise TypeError(f"For 'ScopedValue', the type of 'arg_type' must be ValueType, but got "
                            f"{type(arg_type).__name__}.")
        if not isinstance(scope, str):
            raise TypeError(f"For 'ScopedValue', the type of 'scope' must be str, but got {type(scope).__name__}.")
        self.type = arg_type
        self.scope = scope
        self.value = value

    @classmethod
    def create_variable_value(cls, value):
        """A constant (``int``/``float``/``str``/``bool``/``None``), a container of values, or an
        object (custom)."""
        if isinstance(value, ScopedValue):
            return value
        if value is None or isinstance(value, (int, float, str, bool, complex)):
            return cls(ValueType.ConstantValue, "", value)
        if isinstance(value, (tuple, list)):
            return cls(_CONTAINER[type(value)], "", type(value)(cls.create_variable_value(v) for v in value))
        if isinstance(value, dict):
            return cls(ValueType.DictValue, "", {k: cls.create_variable_value(v) for k, v in value.items()})
        return cls(ValueType.CustomObjValue, "", value)

    @classmethod
    def create_naming_value(cls, name, scope=""):
        if not isinstance(name, str):
            raise TypeError(f"For 'ScopedValue', the type of 'name' should be 'str', but got type "
                            f"'{type(name).__name__}'.")
        return cls(ValueType.NamingValue, scope, name)

    @staticmethod
    def create_name_values(names, scopes=None):
        if not isinstance(names, (list, tuple)):
            raise TypeError(f"For 'create_name_values', the type of 'names' must be list or tuple, but got "
                            f"{type(names).__name__}.")
        if scopes is not None and len(scopes) != len(names):
            raise RuntimeError(f"Length of names should be equal to length of scopes, got {len(names)} names and "
                               f"{len(scopes)} scopes.")
        return [ScopedValue.create_naming_value(n, scopes[i] if scopes else "") for i, n in enumerate(names)]

    def __str__(self):
        if self.type == ValueType.NamingValue:
            return f"{self.scope}.{self.value}" if self.scope else str(self.value)
        if self.type == ValueType.ConstantValue:
            return repr(self.value)
        if self.type in (ValueType.TupleValue, ValueType.ListValue):
            items = ", ".join(str(v) for v in self.value)
            return f"({items},)" if self.type == ValueType.TupleValue and len(self.value) == 1 else \
                (f"({items})" if self.type == ValueType.TupleValue else f"[{items}]")
        if self.type == ValueType.DictValue:
            return "{" + ", ".join(f"{k!r}: {v}" for k, v in self.value.items()) + "}"
        return str(self.value)

    def __repr__(self):
        return str(self)

    def __eq__(self, other):
        if not isinstance(other, ScopedValue):
            return False
        return (self.type, self.scope, self.value) == (other.type, other.scope, other.value)

    def __hash__(self):
        try:
            return hash((self.type, self.scope, self.value))
        except TypeError:
            return hash((self.type, self.scope, id(self.value)))
