"""``Bijector``: the base of the invertible transforms (a Cell): ``forward``, ``inverse``,
``forward_log_jacobian``, ``inverse_log_jacobian`` (also by name: ``b('forward', x)``)."""
import jax.numpy as jnp
import numpy as np

from mscompat import _checkparam as validator
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.nn.cell import Cell
from mscompat.ops._args import arr, wrap
from ..distribution._utils import read_only

__all__ = ["Bijector"]


class Bijector(Cell):
    def __init__(self, is_constant_jacobian=False, is_injective=True, name=None, dtype=None, param=None):
        super().__init__()
        validator.check_value_type("name", name, [str], type(self).__name__)
        validator.check_value_type("is_constant_jacobian", is_constant_jacobian, [bool], name)
        validator.check_value_type("is_injective", is_injective, [bool], name)
        if dtype is not None:
            validator.check_type_name("dtype", dtype, mstype.float_type, type(self).__name__)
        self._name = name
        self._dtype = dtype
        param = param or {}
        self._bijector_params = {k: v for k, v in param.items()
                                 if k not in ("param", "self") and not k.startswith("_")}
        if "bijector" not in param:
            self._batch_shape = self._calc_batch_shape()
            self._is_scalar_batch = all(v is None or isinstance(v, (int, float))
                                        for v in self._bijector_params.get("param_dict", {}).values())
        self._is_constant_jacobian = is_constant_jacobian
        self._is_injective = is_injective
        self.default_parameters, self.parameter_names = [], []

    name = read_only("_name")
    dtype = read_only("_dtype")
    parameters = read_only("_bijector_params")
    is_constant_jacobian = read_only("_is_constant_jacobian")
    is_injective = read_only("_is_injective")
    batch_shape = read_only("_batch_shape")
    is_scalar_batch = read_only("_is_scalar_batch")

    def _calc_batch_shape(self):
        shape = ()
        for v in self._bijector_params.get("param_dict", {}).values():
            if v is None:
                return None
            shape = jnp.broadcast_shapes(shape, np.shape(arr(v) if isinstance(v, Tensor) else np.asarray(v)))
        return tuple(shape)

    def _add_parameter(self, value, name):
        if isinstance(value, bool) or value is None:
            raise TypeError(f"{name} cannot be type {type(value)}")
        t = value if isinstance(value, Tensor) else Tensor(value)
        self.default_parameters.append(t)
        self.parameter_names.append(name)
        return t

    def _bij_value(self, value):
        if not isinstance(value, Tensor):
            raise TypeError("For input value of bijector, input type must be a Tensor or Parameter.")
        a = arr(value)
        if not jnp.issubdtype(a.dtype, jnp.floating):
            raise TypeError(f"For input value of bijector , the type must be or be subclass of Float, but got "
                            f"{mstype.from_numpy_dtype(a.dtype)}")
        if self.dtype is not None and a.dtype != mstype.dtype_to_nptype(self.dtype):
            raise TypeError(f"For '{self.name}', the dtype of the input must be {self.dtype}, but got "
                            f"{mstype.from_numpy_dtype(a.dtype)}.")
        return a

    @staticmethod
    def _param_like(x, param):
        return arr(param).astype(x.dtype)

    def shape_mapping(self, shape):
        return tuple(jnp.broadcast_shapes(tuple(shape), self.batch_shape or ()))

    def _missing(self, what):
        raise NotImplementedError(f"{what} is not implemented for {self.name} bijector.")

    def forward(self, value, *args, **kwargs):
        return wrap(self._forward(self._bij_value(value), *args, **kwargs))

    def inverse(self, value, *args, **kwargs):
        return wrap(self._inverse(self._bij_value(value), *args, **kwargs))

    def forward_log_jacobian(self, value, *args, **kwargs):
        return wrap(self._forward_log_jacobian(self._bij_value(value), *args, **kwargs))

    def inverse_log_jacobian(self, value, *args, **kwargs):
        return wrap(self._inverse_log_jacobian(self._bij_value(value), *args, **kwargs))

    def _forward(self, x, *args, **kwargs):
        return self._missing("forward")

    def _inverse(self, y, *args, **kwargs):
        return self._missing("inverse")

    def _forward_log_jacobian(self, x, *args, **kwargs):
        return self._missing("forward_log_jacobian")

    def _inverse_log_jacobian(self, y, *args, **kwargs):
        return self._missing("inverse_log_jacobian")

    def construct(self, name, *args, **kwargs):
        if name not in ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian"):
            raise ValueError(f"Unknown method '{name}' of {self.name} bijector.")
        return getattr(self, name)(*args, **kwargs)

    def _format(self, text):
        return text if self.is_scalar_batch else f"batch_shape = {self.batch_shape}"
