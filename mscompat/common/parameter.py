"""``mindspore.Parameter`` and ``ParameterTuple``.

A Parameter is a Tensor with a name, ``requires_grad`` and a mutable *binding*: its
``_data`` property. Every write (``set_data``, ``assign``, index assignment) rebinds that slot
and nothing else, so the state threading of compiled and differentiated calls
(DESIGN section 2) can bind a traced array, run, read back what was written, and restore.

>>> import mscompat as ms
>>> p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
>>> p
Parameter (name=w, shape=(2,), dtype=Float32, requires_grad=True)
"""
import copy as _copy
import itertools
import numbers

import numpy as np
import jax

from . import dtype as mstype
from .tensor import Tensor
from ._scope import _CURRENT, compiling
from .initializer import initializer, _materialize, _PendingInit

__all__ = ["Parameter", "ParameterTuple"]

PARAMETER_NAME_DEFAULT = "Parameter"
_GENERATED_PREFIX = PARAMETER_NAME_DEFAULT + "#"
_NAME_MAX_LEN = 1024
_name_counter = itertools.count()   # next() is atomic: threads never get the same name


def _generate_name():
    return _GENERATED_PREFIX + str(next(_name_counter))


def _is_parameter_generated(param_name):
    """Whether ``param_name`` is an automatic ``Parameter#N`` name (MindSpore's private helper,
    imported by its tests)."""
    return isinstance(param_name, str) and param_name.startswith(_GENERATED_PREFIX)


class Parameter(Tensor):
    """A named, trainable Tensor.

    Args:
        default_input: Tensor, Initializer-backed Tensor, numpy array, list, int or float.
        name: the parameter name; ``None`` gives ``Parameter#N`` until a Cell names it.
        requires_grad: whether gradients are taken with respect to it.
        layerwise_parallel, parallel_optimizer, storage_format, device: as in MindSpore.
    """

    _stored = None         # the binding's concrete value outside every transform (or a _PendingInit)
    _ephemeral = False     # a Parameter rebuilt from a pytree inside a transform: not state
    _trace_local = False   # created while a compiled call traced: a constant of that call, not state

    # --- the binding (DESIGN section 2): inside a transform, reads and writes go to the
    # active scope (mscompat._state); outside, to ``_value``.
    @property
    def _value(self):
        value = self._stored
        if type(value) is _PendingInit:      # a random initial value drawn on first read
            value = self._stored = value.realize()
        return value

    @_value.setter
    def _value(self, value):
        self._stored = value

    def _pending(self):
        """The initial value still to be drawn (None when there is none, or inside a transform)."""
        value = self._stored
        return value if type(value) is _PendingInit and _CURRENT.value is None else None

    @property
    def _data(self):
        scope = _CURRENT.value
        if scope is None or self._ephemeral:
            return self._value
        return scope.read(self)

    @_data.setter
    def _data(self, value):
        scope = _CURRENT.value
        if scope is None:
            if isinstance(value, jax.core.Tracer) and not self._ephemeral and not self._trace_local:
                raise RuntimeError(
                    f"Parameter '{self._name}' was written inside a JAX transformation that mscompat does not "
                    "manage (a Cell called inside the user's own jax.jit/jax.grad/jax.vmap); the new value would "
                    "be a JAX tracer. Call the Cell through mscompat.interop.functional(cell), which returns the "
                    "written values as new parameters, or use ms.jit / ms.grad.")
            self._value = value
        elif self._ephemeral or self._value is None:
            self._value = value
        else:
            scope.write(self, value)

    def __init__(self, default_input, name=None, requires_grad=True, layerwise_parallel=False,
                 parallel_optimizer=True, storage_format="", device=None):
        if _CURRENT.value is not None and compiling():
            # created inside a compiled function (``nn.Dense(4, 2)(x)`` under ``jit``): as in
            # MindSpore, its initial value is a constant of the compiled program, not state
            self._trace_local = True
        if isinstance(default_input, Tensor):
            self._init = default_input._init
            self._data = default_input._data
        elif isinstance(default_input, bool):
            raise TypeError("The type of the argument 'default_input' must be in ['Tensor', 'int', 'float',"
                            f" 'numpy.ndarray', 'list']. But got type {type(default_input)}.")
        elif isinstance(default_input, (numbers.Integral, float, np.ndarray, list)):
            Tensor.__init__(self, default_input)
        else:
            raise TypeError("The type of the argument 'default_input' must be in ['Tensor', 'int', 'float',"
                            f" 'numpy.ndarray', 'list']. But got type {type(default_input)}.")
        if device is not None and device not in ("CPU", "Remote"):
            raise ValueError(f"Only 'CPU' and 'Remote' is supported for device, but got ${device}.")
        self.name = name
        self.requires_grad = requires_grad
        self.layerwise_parallel = layerwise_parallel
        self.parallel_optimizer = parallel_optimizer
        self.storage_format = storage_format
        self.is_init = False
        self.init_flag = False
        self.requires_aggr = True
        self.sliced = False
        self.comm_fusion = 1
        self.parallel_optimizer_comm_recompute = False
        self.cache_enable = False
        self.cache_shape = ()
        self.key = -1
        self.unique = False
        self.inited_param = None
        self.init_mode = default_input if isinstance(default_input, Tensor) and default_input.has_init else None
        if self._data is None and self._init is not None and getattr(type(self), "init_param", True):
            # MindSpore initializes on creation (numpy RNG order), except under nn.no_init_parameters();
            # a random initializer takes its seed now and draws its values on first read
            init, shape, dtype = self._init
            if _CURRENT.value is None and init is not None:
                self._value = _materialize(init, shape, dtype, defer=True)
            self.init_data()

    # --- identity ------------------------------------------------------------------------
    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, name_):
        if name_ is None:
            name_ = _generate_name()
        elif isinstance(name_, str):
            name_ = name_.strip() or _generate_name()
            if len(name_) > _NAME_MAX_LEN:
                raise ValueError(f"The length of the '{name_}' name should be less than {_NAME_MAX_LEN}.")
        else:
            raise ValueError(f"The type of the Parameter's name should be 'string' or 'None', but got {type(name_)}.")
        self._name = name_

    @property
    def requires_grad(self):
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value=True):
        if not isinstance(value, bool):
            raise TypeError("The 'requires_grad' attribute of parameter must be set as bool.")
        self._requires_grad = value

    @property
    def layerwise_parallel(self):
        return self._layerwise_parallel

    @layerwise_parallel.setter
    def layerwise_parallel(self, value=True):
        if not isinstance(value, bool):
            raise TypeError("The argument `layerwise_parallel` must be bool type.")
        self._layerwise_parallel = value

    @property
    def parallel_optimizer(self):
        return self._parallel_optimizer

    @parallel_optimizer.setter
    def parallel_optimizer(self, value=True):
        if not isinstance(value, bool):
            raise TypeError("The argument `parallel_optimizer` must be bool type.")
        self._parallel_optimizer = value

    @property
    def data(self):
        return self

    # shape, dtype and has_init answer without drawing a pending initial value
    @property
    def shape(self):
        pending = self._pending()
        return pending.shape if pending is not None else Tensor.shape.fget(self)

    @property
    def dtype(self):
        pending = self._pending()
        return mstype.from_numpy_dtype(pending.np_dtype) if pending is not None else Tensor.dtype.fget(self)

    @property
    def has_init(self):
        return False if self._pending() is not None else Tensor.has_init.fget(self)

    def value(self):
        """The current value as a plain Tensor."""
        return Tensor._wrap(self._data)

    # --- mutation: every write goes through the binding ------------------------------------
    def set_data(self, data, slice_shape=False):
        """Replace the value; casts to the Parameter's dtype. Returns ``self``."""
        if not isinstance(data, (Tensor, numbers.Number)) or isinstance(data, bool):
            if not isinstance(data, Tensor):
                raise TypeError("Parameter data must be [`Tensor`, `int`, `float`] or a kind of `Tensor` "
                                f"(like `Tensor`). But with type {type(data)}.")
        if isinstance(data, numbers.Number):
            if self.dtype in mstype.int_type and isinstance(data, float):
                raise TypeError(f"Can not change the Parameter dtype. Current dtype is {self.dtype}"
                                f", and incoming is {mstype.float_}. Use .set_dtype(xxx) to change the dtype.")
            data = Tensor(data, self.dtype)
        if data.has_init:
            data = Tensor._wrap(data.init_data()._data)
        pending = self._pending()     # replaced before it was ever read: never drawn
        if pending is None and self._data is None:
            self.init_data()
        new = data._data
        dtype = pending.np_dtype if pending is not None else self._data.dtype
        if new.dtype != dtype:
            new = new.astype(dtype)
        self._data = new
        self.sliced = slice_shape
        return self

    def _update_tensor_data(self, data):
        self._data = data._data if isinstance(data, Tensor) else data
        return self

    def init_data(self, layout=None, set_sliced=False):
        if self._pending() is None and self._data is None and self._init is not None:
            Tensor.init_data(self)
        self.init_mode = None
        return self

    def clone(self, init="same"):
        """A new Parameter with the same attributes; data copied, or drawn from ``init``."""
        x = _copy.copy(self)
        if init == "same":
            x._value = _copy_array(self._data)
        else:
            x._value = initializer(init, self.shape, self.dtype).init_data()._data
            x._init = None
        x.is_init = False
        return x

    def __copy__(self):
        x = object.__new__(Parameter)
        x.__dict__.update(self.__dict__)
        x._value, x._init = self._data, self._init
        return x

    def __deepcopy__(self, memo):
        x = self.__copy__()
        x._value = _copy_array(self._data)
        return x

    def set_param_ps(self, init_in_server=False):
        return None

    def add_pipeline_stage(self, stage):
        self._pipeline_stages = getattr(self, "_pipeline_stages", []) + [stage]

    def __str__(self):
        return (f"Parameter (name={self.name}, shape={self.shape}, dtype={self.dtype}, "
                f"requires_grad={self.requires_grad})")

    __repr__ = __str__

    def __reduce__(self):
        return (_rebuild, (self.asnumpy(), self.name, self.requires_grad, self.layerwise_parallel))


def _rebuild(array, name, requires_grad, layerwise_parallel):
    return Parameter(Tensor(array), name=name, requires_grad=requires_grad,
                     layerwise_parallel=layerwise_parallel)


def _flatten(p):
    return (p._data,), (p.name, p.requires_grad)


def _unflatten(aux, children):
    x = object.__new__(Parameter)
    x._ephemeral = True
    x._data, x._init = children[0], None
    x._name, x._requires_grad = aux
    x._layerwise_parallel, x._parallel_optimizer = False, True
    return x


jax.tree_util.register_pytree_node(Parameter, _flatten, _unflatten)


def _copy_array(data):
    """A copy of a Parameter's array in a buffer of its own, same devices and sharding: a
    device-side copy, which compiles no XLA program (``jnp.array(copy=True)`` compiled one per shape)."""
    return None if data is None else jax.device_put(data, may_alias=False)


class ParameterTuple(tuple):
    """A tuple of Parameters with unique names."""

    def __new__(cls, iterable):
        data = tuple(iterable)
        ids, names = set(), set()
        for x in data:
            if not isinstance(x, Parameter):
                raise TypeError("For ParameterTuple initialization, ParameterTuple input should be "
                                f"'Parameter' collection, but got a {type(iterable)}. ")
            if id(x) not in ids:
                if x.name in names:
                    raise ValueError(f"The value {x} , its name '{x.name}' already exists. "
                                     "Please set a unique name for the parameter.")
                names.add(x.name)
                ids.add(id(x))
        return tuple.__new__(ParameterTuple, data)

    def clone(self, prefix, init="same"):
        """Clone every Parameter, prefixing its name with ``prefix + '.'``."""
        if not isinstance(prefix, str):
            raise TypeError(f"For 'clone', the type of 'prefix' should be str, but got {type(prefix)}.")
        out = []
        for p in self:
            x = p.clone(init)
            x.name = prefix + "." + p.name
            out.append(x)
        return ParameterTuple(out)


from ._buffer import _Buffer  # noqa: E402,F401  (MindSpore's path for it: mindspore.common.parameter._Buffer)
