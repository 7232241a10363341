"""``Invert(bijector)``: the inverse transform (forward and inverse swapped)."""
from mscompat import _checkparam as validator
from ..distribution._utils import read_only
from .bijector import Bijector

__all__ = ["Invert"]


class Invert(Bijector):
    def __init__(self, bijector, name=""):
        validator.check_value_type("bijector", bijector, [Bijector], "Invert")
        name = name or "Invert" + bijector.name
        super().__init__(is_constant_jacobian=bijector.is_constant_jacobian, is_injective=bijector.is_injective,
                         name=name, dtype=bijector.dtype, param={"bijector": bijector, "name": name})
        self._bijector = bijector
        self._batch_shape = bijector.batch_shape
        self._is_scalar_batch = bijector.is_scalar_batch

    bijector = read_only("_bijector")

    def forward(self, x):
        return self._bijector("inverse", x)

    def inverse(self, y):
        return self._bijector("forward", y)

    def forward_log_jacobian(self, x):
        return self._bijector("inverse_log_jacobian", x)

    def inverse_log_jacobian(self, y):
        return self._bijector("forward_log_jacobian", y)
