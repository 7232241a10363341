"""``mindspore.Tensor``: one ``jax.Array`` (or a tracer while tracing) with MindSpore's API.

Construction follows MindSpore's defaults: Python ints -> int64, Python floats -> float32,
numpy arrays keep their dtype (float64 stays float64). The lazy form
``Tensor(shape=..., dtype=..., init=Initializer)`` materializes on ``init_data()``.

Tensor is a registered pytree node, so it crosses ``jax.jit``, ``jax.grad`` and
``jax.vmap`` unchanged. Operators and most methods are attached by the op registry
(``mscompat.ops``), which defines each op once.

>>> import mscompat as ms
>>> t = ms.Tensor([1, 2])
>>> t.dtype, t.shape
(mindspore.int64, (2,))
"""
import numbers
import re
import threading

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import multihost_utils

from . import dtype as mstype
from . import _layout
from mscompat.graph.symbol import Symbol

__all__ = ["Tensor", "COOTensor", "CSRTensor", "RowTensor", "tensor", "from_numpy", "is_tensor"]

_F32 = np.dtype(np.float32)

# gradient recording, per thread: ``mindspore._no_grad`` turns it off; while it is off, Tensors made
# from traced values are cut from the gradient (``Tensor._wrap``). ``_NO_GRAD_THREADS`` counts the
# threads where it is off, so that the usual case costs ``_wrap`` one list read.
_GRAD_SWITCH = threading.local()
_NO_GRAD_THREADS = [0]


def grad_enabled():
    """Whether this thread records gradients (False inside ``mindspore._no_grad``)."""
    return not getattr(_GRAD_SWITCH, "off", False)


def set_grad_enabled(flag):
    """Turn this thread's gradient recording on or off; returns the previous setting."""
    prev = grad_enabled()
    if prev != bool(flag):
        _GRAD_SWITCH.off = not flag
        _NO_GRAD_THREADS[0] += -1 if flag else 1
    return prev


def _no_grad_cut(array):
    if not grad_enabled() and isinstance(array, jax.core.Tracer):
        return jax.lax.stop_gradient(array)
    return array
_I64 = np.dtype(np.int64)
_VALID_KINDS = "biufcV?"


def _check_dtype(dtype):
    try:
        return mstype.to_dtype(dtype)
    except (NotImplementedError, TypeError, KeyError):
        raise TypeError(f"For 'Tensor', the 'dtype' should be one of {list(mstype.all_types)}, "
                        f"but got {dtype}.") from None


def _to_array(data, dtype):
    """numpy array for ``data`` with MindSpore's default dtype rules, cast to ``dtype`` if given."""
    np_dtype = None if dtype is None else np.dtype(mstype.dtype_to_nptype(_check_dtype(dtype)))
    if isinstance(data, Tensor):
        arr = data._data
        return arr if np_dtype is None or arr.dtype == np_dtype else arr.astype(np_dtype)
    if isinstance(data, jax.Array):
        return data if np_dtype is None else data.astype(np_dtype)
    if isinstance(data, (bool, np.bool_)):
        arr = np.array(data, dtype=np.bool_)
    elif isinstance(data, (np.ndarray, np.generic)):
        arr = np.asarray(data)
        if arr.dtype.kind not in _VALID_KINDS or arr.dtype == object:
            raise TypeError(f"initializing tensor by numpy array failed, numpy array: {data}, "
                            f"data type: {arr.dtype}.")
    elif isinstance(data, (list, tuple)):
        data = [_list_item(d) for d in data]
        try:
            arr = np.array(data)
        except ValueError as e:
            raise TypeError(f"For Tensor, the input_data is {data} that contain unsupported element.") from e
        if arr.dtype == np.float64:
            arr = arr.astype(np.float32)
        elif arr.dtype == np.int32:
            arr = arr.astype(np.int64)
        elif arr.dtype.kind not in _VALID_KINDS or arr.dtype == object:
            raise TypeError(f"For Tensor, the input_data is {data} that contain unsupported element.")
    elif isinstance(data, float):
        arr = np.array(data, dtype=np.float32)
    elif isinstance(data, int):
        arr = np.array(data, dtype=np.int64)
    elif isinstance(data, complex):
        arr = np.array(data, dtype=np.complex128)
    elif isinstance(data, (np.ndarray, np.generic)):
        arr = np.asarray(data)
        if arr.dtype.kind not in _VALID_KINDS or arr.dtype == object:
            raise TypeError(f"initializing tensor by numpy array failed, numpy array: {data}, "
                            f"data type: {arr.dtype}.")
    else:
        raise TypeError(f"For Tensor, the type of input_data should be one of '['Tensor', 'ndarray', "
                        f"'str_', 'list', 'tuple', 'float', 'int', 'bool', 'complex', 'bool_']', "
                        f"but got '{type(data)}'.")
    if np_dtype is not None and arr.dtype != np_dtype:
        arr = arr.astype(np_dtype)
    return arr


def _list_item(d):
    if isinstance(d, Tensor):
        return d.asnumpy()
    if isinstance(d, (list, tuple)):
        return [_list_item(x) for x in d]
    return d


# ``ufunc(scalar, tensor)`` -> the Tensor operator that computes it (reflected)
_REFLECTED_UFUNCS = {np.add: "__radd__", np.subtract: "__rsub__", np.multiply: "__rmul__",
                     np.true_divide: "__rtruediv__", np.floor_divide: "__rfloordiv__", np.remainder: "__rmod__",
                     np.power: "__rpow__", np.greater: "__lt__", np.greater_equal: "__le__", np.less: "__gt__",
                     np.less_equal: "__ge__", np.equal: "__eq__", np.not_equal: "__ne__"}


def _eager_value(data):
    """The array a Tensor shows: under the tracers of an eager differentiation (``grad`` in
    PyNative) the value they carry; ``None`` for a value traced inside a compiled call."""
    while isinstance(data, jax.core.Tracer):
        data = getattr(data, "primal", None)
    return data


class Tensor:
    """MindSpore's Tensor, backed by a ``jax.Array``.

    Args:
        input_data: Tensor, numpy array/scalar, list, tuple, int, float, bool or complex.
        dtype: an ``mstype`` (or numpy dtype); casts ``input_data``.
        shape: with ``init``, the shape of a lazily initialized Tensor.
        init: an ``Initializer`` (lazy form, materialized by :meth:`init_data`).
        const_arg, device: accepted as in MindSpore.
    """

    __slots__ = ("_data", "_init", "__weakref__", "__dict__")

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """numpy ufuncs with Tensor operands (``ndarray * Tensor``, ``np.float32(2) > t``,
        ``np.exp(t)``): numpy computes them on the Tensors' values and gives an ndarray, as with
        MindSpore (its Tensor leaves them to numpy). In a traced call a numpy scalar with a
        Tensor is the Tensor operator instead (MindSpore's graph compiler makes it a graph op)."""
        if method == "__call__" and len(inputs) == 2 and not kwargs:
            a, b = inputs
            if isinstance(b, Tensor):
                if type(a) is np.ndarray and a.ndim == 0:     # how a numpy scalar's comparison passes it
                    a = a[()]
                if isinstance(a, (np.generic, numbers.Number)) and isinstance(b._data, jax.core.Tracer):
                    name = _REFLECTED_UFUNCS.get(ufunc)
                    if name is not None:
                        return getattr(b, name)(a)
        args = tuple(np.asarray(x) if isinstance(x, Tensor) else x for x in inputs)
        return getattr(ufunc, method)(*args, **kwargs)

    def __init__(self, input_data=None, dtype=None, shape=None, init=None, const_arg=False,
                 device=None, internal=False):
        if not isinstance(const_arg, bool):
            raise TypeError(f"For 'Tensor', the type of 'const_arg' should be 'bool', "
                            f"but got '{type(const_arg).__name__}'.")
        if device is not None and device not in ("CPU", "meta"):
            raise ValueError(f"Only {{'CPU', 'meta'}} is supported for device, but got {device}.")
        self._init = None
        if input_data is not None and shape is not None:
            raise ValueError(f"When initializing a tensor with 'input_data', 'shape' should be set to None."
                             f"But got shape: {shape}.")
        symbolic = None
        if isinstance(shape, Symbol):       # one symbolic dimension (MindSpore keeps the Symbol itself)
            symbolic, shape = [shape], (None,)
        elif isinstance(shape, (list, tuple)) and any(isinstance(d, Symbol) for d in shape):
            symbolic = [d.to_dict() if isinstance(d, Symbol) else d for d in shape]
            shape = tuple(None if isinstance(d, Symbol) else d for d in shape)
        if init is not None or (input_data is None and shape is not None):
            if symbolic is not None:
                self.symbolic_shape = symbolic      # the constraints set_inputs checks calls against
            if init is not None and (shape is None or dtype is None):
                raise ValueError("init, dtype and shape must have values at the same time.")
            if dtype is None:
                raise ValueError("If setting dynamic shape, dtype must not be None, init must be None")
            shape = (shape,) if isinstance(shape, numbers.Integral) else tuple(shape)
            # a None / -1 dimension (or a (-2,) shape: unknown rank) declares a dynamic-shape
            # input for Cell.set_inputs: a placeholder without data
            shape = tuple(-1 if d is None else d for d in shape)
            dynamic = init is None and any(isinstance(d, numbers.Integral) and d < 0 for d in shape)
            self._init = (init, shape, mstype.to_dtype(dtype))
            self._data = None if init is not None or dynamic else _host_to_device(np.zeros(
                shape, mstype.dtype_to_nptype(mstype.to_dtype(dtype))))
            return
        if input_data is None:
            if dtype is not None:
                self._data = _host_to_device(np.zeros((0,), mstype.dtype_to_nptype(mstype.to_dtype(dtype))))
                return
            raise TypeError("For Tensor, the input_data should not be None.")
        self._data = _host_to_device(_to_array(input_data, dtype))

    # --- fast construction from an array (used by every op) -------------------------
    @classmethod
    def _wrap(cls, array):
        t = object.__new__(cls)
        t._data = array if not _NO_GRAD_THREADS[0] else _no_grad_cut(array)
        t._init = None
        return t

    # --- properties ------------------------------------------------------------------
    @property
    def shape(self):
        if self._data is None:
            return self._init[1]
        return tuple(self._data.shape)

    @property
    def dtype(self):
        if self._data is None:
            return self._init[2]
        return mstype.from_numpy_dtype(self._data.dtype)

    @property
    def ndim(self):
        return len(self.shape)

    def dim(self):
        return self.ndim

    ndimension = dim

    @property
    def size(self):
        return int(np.prod(self.shape, dtype=np.int64))

    def numel(self):
        return self.size

    nelement = numel

    @property
    def itemsize(self):
        return np.dtype(self._np_dtype()).itemsize

    def element_size(self):
        return self.itemsize

    @property
    def nbytes(self):
        return self.itemsize * self.size

    @property
    def strides(self):
        return tuple(s * self.itemsize for s in _layout.layout(self)[0])

    def stride(self, dim=None):
        elems = list(_layout.layout(self)[0])
        return elems if dim is None else elems[dim]

    @property
    def T(self):
        perm = tuple(range(self.ndim))[::-1]
        return _layout.permuted(Tensor._wrap(jnp.transpose(self._data)), self, perm)

    @property
    def mT(self):
        perm = tuple(range(self.ndim - 2)) + (self.ndim - 1, self.ndim - 2) if self.ndim >= 2 else ()
        out = Tensor._wrap(jnp.swapaxes(self._data, -1, -2))
        return _layout.permuted(out, self, perm) if perm else out

    @property
    def H(self):
        return Tensor._wrap(jnp.conj(jnp.transpose(self._data)))

    def real(self):
        """The real part (a method in MindSpore 2.10, not a property); a real Tensor itself."""
        return Tensor._wrap(jnp.real(self._data))

    def imag(self):
        """The imaginary part (a method in MindSpore 2.10, not a property); zeros for a real Tensor."""
        return Tensor._wrap(jnp.imag(self._data))

    @property
    def data(self):
        return self

    @property
    def device(self):
        return "CPU"

    @property
    def is_leaf(self):
        return True

    @property
    def requires_grad(self):
        return getattr(self, "_requires_grad", False)

    @requires_grad.setter
    def requires_grad(self, value):
        self._requires_grad = bool(value)

    def _np_dtype(self):
        if self._data is None:
            return mstype.dtype_to_nptype(self._init[2])
        return self._data.dtype

    # --- conversion ------------------------------------------------------------------
    def asnumpy(self):
        """The value as a numpy array (a copy)."""
        self._check_init("asnumpy")
        try:
            return np.array(self._data)
        except RuntimeError:
            # a global array split across processes (mscompat.parallel): gathered from all of them
            # (a collective: every process calls it, as MindSpore's integrated save)
            a = self._data
            if getattr(a, "is_fully_addressable", True):
                raise
            return np.array(multihost_utils.process_allgather(a, tiled=True))

    def numpy(self):
        return self.asnumpy()

    def __array__(self, dtype=None, copy=None):
        arr = np.asarray(self.asnumpy())
        return arr if dtype is None else arr.astype(dtype)

    def __jax_array__(self):
        return self._data

    def item(self):
        arr = self.asnumpy()
        if arr.size != 1:
            raise ValueError(f"The tensor should have only one element, but got {arr.size}, more than one "
                             "element is ambiguous.")
        return arr.reshape(()).item()

    def tolist(self):
        return self.asnumpy().tolist()

    def astype(self, dtype, copy=True):
        """Cast to ``dtype`` (an mstype, numpy dtype, python type or a name such as ``'float32'``)."""
        if dtype in (int, float, bool, complex):
            dtype = mstype.pytype_to_dtype(dtype)
        elif isinstance(dtype, type) and issubclass(dtype, np.generic):
            dtype = mstype.pytype_to_dtype(dtype)
        elif not isinstance(dtype, (str, mstype.Type)):
            raise TypeError(f"For Tensor.astype, the input type must be one of "
                            f"{list(mstype.all_types)}, but got '{dtype}'.")
        if isinstance(dtype, str):
            names = {"int": mstype.int64, "float": mstype.float64, "bool": mstype.bool_}
            ms_t = names.get(dtype.lower()) or mstype._BY_NAME.get(dtype) or getattr(mstype, dtype.lower(), None)
            if not isinstance(ms_t, mstype.Type):
                raise TypeError(f"For Tensor.astype, the string input type must be one of "
                                f"{sorted(mstype._REPR_NAMES.values())}, but got '{dtype}'.")
            dtype = ms_t
        return _ops_cast(self, dtype)

    def to(self, *args, **kwargs):
        """``to(dtype)`` casts; device arguments (``'cpu'``, ``'Ascend'``) are accepted and ignored."""
        dtype = kwargs.pop("dtype", None)
        for a in args:
            if isinstance(a, (mstype.Type, type)):
                dtype = a
            elif isinstance(a, Tensor):
                dtype = a.dtype
        return self if dtype is None else self.astype(dtype)

    def copy(self):
        # a device-side copy into a buffer of its own: no XLA program per shape (jnp.array(copy=True)'s)
        return Tensor._wrap(jax.device_put(self._data, may_alias=False))

    def clone(self):
        return self.copy()

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def contiguous(self):
        """``self`` when its layout is row-major, else a row-major copy (a view op's result is not)."""
        if self.is_contiguous():
            return self
        return Tensor._wrap(self._data)

    def is_contiguous(self):
        return _layout.is_contiguous(self.shape, _layout.layout(self)[0])

    def is_floating_point(self):
        return np.dtype(self._np_dtype()).kind in "fV" or self.dtype == mstype.bfloat16

    def is_complex(self):
        return np.dtype(self._np_dtype()).kind == "c"

    def is_signed(self):
        return self.dtype in mstype.signed_type

    def is_persistent_data(self):
        return False

    @property
    def has_init(self):
        return self._data is None

    @property
    def init(self):
        return None if self._init is None else self._init[0]

    def init_data(self, slice_index=None, shape=None, opt_shard_group=None):
        """Materialize a lazily initialized Tensor; returns ``self``."""
        if self._init is None:
            raise TypeError("init_data must be set Tensor.init, init can't be None")
        if self._data is None:
            init, shp, dt = self._init
            if init is None:
                raise RuntimeError(f"The Tensor of shape {list(shp)} declares a dynamic-shape input "
                                   "(Cell.set_inputs) and has no data.")
            from .initializer import _materialize  # cycle: initializer builds Tensors
            self._data = _materialize(init, shp, dt)
        return self

    def flush_from_cache(self):
        """Kept for API parity: mscompat tensors have no host cache to flush."""
        return None

    def assign_value(self, value):
        self._data = _as_array(value, self._np_dtype())
        return self

    def set_dtype(self, dtype):
        self._data = self._data.astype(mstype.dtype_to_nptype(dtype))
        return self

    def _check_init(self, what):
        if self._data is None:
            raise RuntimeError(f"For '{what}', the Tensor was created with 'init' and has no data "
                               "yet: call 'init_data()' first.")

    # --- python protocol ---------------------------------------------------------------
    def __len__(self):
        shape = self.shape
        if not shape:
            raise TypeError("Not support len of a 0-D tensor")
        return shape[0]

    def __iter__(self):
        if not self.shape:
            raise TypeError("iteration over a 0-d tensor")
        for i in range(self.shape[0]):
            yield Tensor._wrap(self._data[i])

    def __bool__(self):
        if self.size != 1:
            raise ValueError(f"The tensor should have only one element, but got {self.size}, more than one "
                             "element is ambiguous.")
        if isinstance(self._data, jax.core.Tracer):
            return bool(self._data.reshape(()))
        return bool(np.asarray(self._data).reshape(()))   # concrete: no op staged inside a trace

    def __int__(self):
        return int(self.item())

    def __float__(self):
        return float(self.item())

    def __complex__(self):
        return complex(self.item())

    def __index__(self):
        if np.dtype(self._np_dtype()).kind not in "iub":
            raise ValueError("Only integer tensors of a single element can be converted to an index.")
        return int(self.item())

    def __hash__(self):
        return id(self)

    def __repr__(self):
        if isinstance(self._data, jax.core.Tracer) and _eager_value(self._data) is None:
            return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value={self._data})"
        if self._data is None and any(d < 0 for d in self.shape):   # a dynamic-shape placeholder
            return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value=\n)"
        # an uninitialized Tensor shows its (zero-filled) storage, as MindSpore does
        data = np.zeros(self.shape, self._np_dtype()) if self._data is None else np.asarray(_eager_value(self._data))
        body = _format_value(data)
        sep = "\n" if self.ndim > 1 else " "
        return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value={sep}{body})"

    def __str__(self):
        if self._data is None:
            return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value=\n<uninitialized>)"
        data = _eager_value(self._data)
        if data is None:     # traced inside a compiled call
            return str(self._data)
        a = np.asarray(data)
        if a.dtype.kind not in "biufc":  # bfloat16
            return np.array2string(a.astype(np.float32), formatter={"float_kind": lambda v: "%f" % v})
        return str(a)

    def __format__(self, spec):
        if spec:
            raise TypeError("unsupported format string passed to Tensor.__format__")
        return str(self)

    def __getstate__(self):
        return {"data": self.asnumpy()}

    def __setstate__(self, state):
        self._init = None
        self._data = _host_to_device(state["data"])

    # indexing (__getitem__/__setitem__) is defined in mscompat.common._indexing, which attaches it
    # when mscompat.common imports it


def _host_to_device(arr):
    """The jax array of host data: a native-endian numpy array moves with one transfer, which
    compiles no XLA program (``jnp.asarray`` / ``jnp.zeros`` compile one per new shape)."""
    if isinstance(arr, np.ndarray) and arr.dtype.isnative:
        return jax.device_put(arr)
    return jnp.asarray(arr)


def _format_value(arr):
    """The value part of MindSpore's Tensor repr."""
    kind = arr.dtype.kind
    if arr.dtype.kind not in "biufc":  # bfloat16 and other extension float types
        arr = arr.astype(np.float32)
        if arr.ndim == 0:
            return "%g" % arr.item()
        return np.array2string(arr, separator=", ", threshold=1000, edgeitems=3)
    if arr.ndim == 0:
        v = arr.item()
        if kind == "f":
            return "%g" % v
        if kind == "c":
            return _complex_str(v)
        return str(v)
    if arr.size == 0:
        return ""
    fmt = {}
    if kind == "f":
        spec = "%11.4e" if arr.dtype == np.float16 else "%15.8e"
        fmt = {"float_kind": lambda v: spec % v}
    elif kind == "c":
        fmt = {"complex_kind": _complex_str}
    body = np.array2string(arr, separator=", ", formatter=fmt or None, threshold=1000, edgeitems=3,
                           max_line_width=10 ** 9)
    body = body.replace(", ..., ", " ... ").replace("...,\n", "...\n")
    return re.sub(r"\n\n+", "\n", body)


def _complex_str(v):
    v = complex(v)
    re, im = "%g" % v.real, "%g" % abs(v.imag)
    return f"{re}{'-' if v.imag < 0 else '+'}{im}j"


def _as_array(value, np_dtype):
    if isinstance(value, Tensor):
        return value._data.astype(np_dtype)
    return jnp.asarray(value, dtype=np_dtype)


def _ops_cast(x, dtype):
    from mscompat.ops import cast  # the op registry defines cast once
    return cast(x, dtype if isinstance(dtype, mstype.Type) else mstype.to_dtype(dtype))


def _flatten(t):
    return (t._data,), None


def _unflatten(_, children):
    return Tensor._wrap(children[0])


jax.tree_util.register_pytree_node(Tensor, _flatten, _unflatten)


def _is_tensor(x):
    return isinstance(x, Tensor)


def tree_arrays(tree):
    """``tree`` with each Tensor replaced by its array (for code that runs JAX transforms on it)."""
    return jax.tree_util.tree_map(lambda t: t._data if isinstance(t, Tensor) else t, tree, is_leaf=_is_tensor)


def tree_tensors(tree):
    """``tree`` with each JAX array wrapped as a Tensor (the inverse of :func:`tree_arrays`)."""
    return jax.tree_util.tree_map(lambda a: Tensor._wrap(a) if isinstance(a, jax.Array) else a, tree)


def tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False, device=None):
    """``mindspore.tensor``: the functional constructor."""
    return Tensor(input_data, dtype, shape, init, const_arg, device)


def from_numpy(array):
    """``mindspore.from_numpy``: a Tensor holding ``array`` (numpy dtype kept)."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f"The input of from_numpy should be a numpy.ndarray, but got {type(array)}.")
    return Tensor._wrap(_host_to_device(array))


def is_tensor(obj):
    return isinstance(obj, Tensor)


class COOTensor:
    """Sparse tensor in COO format: ``indices`` (N, ndim), ``values`` (N,), dense ``shape``."""

    def __init__(self, indices=None, values=None, shape=None, coo_tensor=None):
        if coo_tensor is not None:
            indices, values, shape = coo_tensor.indices, coo_tensor.values, coo_tensor.shape
        self.indices, self.values, self.shape = indices, values, tuple(shape)
        self.dtype = values.dtype

    def to_dense(self):
        out = jnp.zeros(self.shape, self.values._data.dtype)
        idx = tuple(self.indices._data.T)
        return Tensor._wrap(out.at[idx].add(self.values._data))

    @property
    def size(self):
        return self.values.size

    @property
    def itemsize(self):
        return self.values.itemsize

    @property
    def ndim(self):
        return len(self.shape)

    def to_tuple(self):
        return self.indices, self.values, self.shape

    def astype(self, dtype):
        return COOTensor(self.indices, self.values.astype(dtype), self.shape)

    def abs(self):
        return COOTensor(self.indices, Tensor._wrap(jnp.abs(self.values._data)), self.shape)

    def __neg__(self):
        return COOTensor(self.indices, Tensor._wrap(-self.values._data), self.shape)

    def _dense_operand(self, other, what):
        if not isinstance(other, Tensor):
            raise TypeError(f"COOTensor {what} with {type(other)} is not supported.")
        if tuple(other.shape) != tuple(self.shape):
            raise ValueError("Input tensors should have the same shape.")
        return other._data

    def __add__(self, other):
        if isinstance(other, COOTensor):   # coalesced sum of both sets of entries
            if tuple(other.shape) != tuple(self.shape):
                raise ValueError("Input tensors should have the same shape.")
            idx = np.concatenate([np.asarray(self.indices._data), np.asarray(other.indices._data)])
            vals = jnp.concatenate([self.values._data, other.values._data.astype(self.values._data.dtype)])
            uniq, inv = np.unique(idx, axis=0, return_inverse=True)
            summed = jnp.zeros((len(uniq),), vals.dtype).at[inv.reshape(-1)].add(vals)
            return COOTensor(Tensor._wrap(jnp.asarray(uniq, self.indices._data.dtype)), Tensor._wrap(summed),
                             self.shape)
        dense = self._dense_operand(other, "add")
        return Tensor._wrap(dense.at[tuple(self.indices._data.T)].add(self.values._data))

    def __sub__(self, other):
        if isinstance(other, COOTensor):
            return self + (-other)
        dense = self._dense_operand(other, "subtract")
        return Tensor._wrap((-dense).at[tuple(self.indices._data.T)].add(self.values._data))

    def __mul__(self, other):
        dense = self._dense_operand(other, "multiply")
        return COOTensor(self.indices, Tensor._wrap(self.values._data * dense[tuple(self.indices._data.T)]),
                         self.shape)

    def __truediv__(self, other):
        dense = self._dense_operand(other, "divide")
        return COOTensor(self.indices, Tensor._wrap(self.values._data / dense[tuple(self.indices._data.T)]),
                         self.shape)

    def to_csr(self):
        if len(self.shape) != 2:
            raise ValueError(f"Currently only support 2-D COOTensor when converting to CSRTensor, "
                             f"but got shape {self.shape}.")
        idx = self.indices._data
        order = jnp.argsort(idx[:, 0], stable=True)
        rows, cols = idx[order, 0], idx[order, 1]
        indptr = jnp.concatenate([jnp.zeros((1,), idx.dtype),
                                  jnp.cumsum(jnp.bincount(rows, length=self.shape[0])).astype(idx.dtype)])
        return CSRTensor(Tensor._wrap(indptr), Tensor._wrap(cols), Tensor._wrap(self.values._data[order]),
                         self.shape)


class CSRTensor:
    """Sparse tensor in CSR format: ``indptr``, ``indices``, ``values`` and the dense ``shape``."""

    def __init__(self, indptr=None, indices=None, values=None, shape=None, csr_tensor=None):
        if csr_tensor is not None:
            indptr, indices, values, shape = (csr_tensor.indptr, csr_tensor.indices,
                                              csr_tensor.values, csr_tensor.shape)
        self.indptr, self.indices, self.values, self.shape = indptr, indices, values, tuple(shape)
        self.dtype = values.dtype

    def to_dense(self):
        indptr = np.asarray(self.indptr.asnumpy())
        rows = np.repeat(np.arange(len(indptr) - 1), np.diff(indptr))
        out = jnp.zeros(self.shape, self.values._data.dtype)
        return Tensor._wrap(out.at[rows, self.indices._data].add(self.values._data))


class RowTensor:
    """Row-sparse tensor: the rows ``indices`` of a dense ``dense_shape`` hold ``values``."""

    def __init__(self, indices=None, values=None, dense_shape=None, row_tensor=None):
        if row_tensor is not None:
            indices, values, dense_shape = row_tensor.indices, row_tensor.values, row_tensor.dense_shape
        self.indices, self.values, self.dense_shape = indices, values, tuple(dense_shape)


def _sparse_pytree(cls, data_fields, meta_field):
    """A sparse tensor is a pytree of its index/value Tensors (its dense shape is static), so it
    crosses compiled-function boundaries (GRAPH_MODE Cells, ms.jit) like a tuple of Tensors."""
    def flatten(x):
        return tuple(getattr(x, f) for f in data_fields), getattr(x, meta_field)

    def unflatten(meta, children):
        x = object.__new__(cls)
        for f, c in zip(data_fields, children):
            setattr(x, f, c)
        setattr(x, meta_field, meta)
        if "values" in data_fields and isinstance(x.values, Tensor):
            x.dtype = x.values.dtype
        return x

    jax.tree_util.register_pytree_node(cls, flatten, unflatten)


_sparse_pytree(COOTensor, ("indices", "values"), "shape")
_sparse_pytree(CSRTensor, ("indptr", "indices", "values"), "shape")
_sparse_pytree(RowTensor, ("indices", "values"), "dense_shape")

