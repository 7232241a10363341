"""``Symbol``: a symbolic dimension for a dynamic-shape input declared with ``Cell.set_inputs``
(``Tensor(shape=[Symbol(max=16, divisor=8), 3], dtype=...)``): the values that dimension may take
(``min <= v <= max``, ``v = divisor * N + remainder`` for ``N >= 1``), and ``unique`` — every
dimension holding the same unique Symbol must have the same value in a call."""

__all__ = ["Symbol"]


class Symbol:
    def __init__(self, max=0, min=1, divisor=1, remainder=0, unique=False, **kwargs):   # pylint: disable=redefined-builtin
        for key, value in (("max", max), ("min", min), ("divisor", divisor), ("remainder", remainder)):
            if not isinstance(value, int):
                raise TypeError(f"For 'Symbol', the argument '{key}' must be int, but got {type(value)}")
        if not isinstance(unique, bool):
            raise TypeError(f"For 'Symbol', the argument 'unique' must be bool, but got {type(unique)}")
        if min <= 0:
            raise ValueError(f"For 'Symbol', the 'min' value should be positive, but got {min}")
        if divisor <= 0:
            raise ValueError(f"For 'Symbol', the 'divisor' value should be positive, but got {divisor}")
        if remainder < 0 or remainder >= divisor:
            raise ValueError(f"For 'Symbol', the 'remainder' value should be in the range '[0, {divisor})', but got "
                             f"{remainder}")
        self.max, self.min, self.divisor, self.remainder, self.unique = max, min, divisor, remainder, unique
        self.id = id(self)

    def to_dict(self):
        """The constraints that say something (``max`` only above ``min``, ``min`` only above the
        smallest ``divisor * 1 + remainder``), and ``id`` for a unique Symbol."""
        out = {}
        if self.max > self.min:
            out["max"] = self.max
        if self.min > self.divisor + self.remainder:
            out["min"] = self.min
        if self.divisor != 1:
            out["divisor"] = self.divisor
        if self.remainder != 0:
            out["remainder"] = self.remainder
        if self.unique:
            out["id"] = self.id
        return out

    def __str__(self):
        return str(self.to_dict())
