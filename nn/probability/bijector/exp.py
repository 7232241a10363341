"""``Exp()``: ``y = exp(x)`` (``PowerTransform`` with power 0)."""
from .power_transform import PowerTransform

__all__ = ["Exp"]


class Exp(PowerTransform):
    def __init__(self, name="Exp"):
        super().__init__(name=name)

    def extend_repr(self):
        return self._format("exp")
