"""Creation ops: zeros, ones, *_like, fill, full, arange, range, eye, LinSpace, meshgrid,
tuple_to_array, scalar_to_tensor, hamming_window, diag, LogSpace, Fills, ..."""
import builtins
import numbers

import numpy as np
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from ._args import arr, check_tensor, Tensor, to_np_dtype, is_int as _is_int, tensor_arg as _tensor
from ._programs import one_program
from ._registry import op, primitive
from ._array import _astype

_wrap = Tensor._wrap
_F32 = np.float32
builtin_type = type  # ``fill`` and ``full`` take an argument named ``type``


def _np_dt(name, dtype, default=_F32):
    if dtype is None:
        return np.dtype(default)
    if not isinstance(dtype, mstype.Type):
        raise TypeError(f"For '{name}', the input 'dtype' should be mindspore dtype, but got {dtype}.")
    return to_np_dtype(dtype)


def _size_arg(name, size, call):
    """A shape from an int, a tuple/list of ints or an int Tensor."""
    if isinstance(size, Tensor):
        size = tuple(int(v) for v in size.asnumpy().reshape(-1))
    elif _is_int(size):
        size = (int(size),)
    elif isinstance(size, (tuple, list)):
        size = tuple(int(v) if isinstance(v, Tensor) and v.ndim == 0 and v._np_dtype().kind in "iu" else v
                     for v in size)
        if not all(_is_int(v) for v in size):
            raise TypeError(f"For '{name}', each element of the shape must be int, but got {size}.")
        size = tuple(int(v) for v in size)
    else:
        raise TypeError(f"Failed calling {name} with \"{call}\".".replace("{t}", type(size).__name__))
    for i, v in enumerate(size):
        if v < 0:
            raise ValueError(f"For primitive[{name}], the the {i}th dimension of input shape must be greater "
                             f"than or equal to 0, but got {v}.")
    return size


def _const(name, value, size, dtype, default=_F32):
    dt = _np_dt(name, dtype, default)
    shp = _size_arg(name, size, name + "()(size={t}, dtype=mindspore.dtype)")
    return _wrap(_full(shp, value, dt))


@one_program(static_argnums=(0, 1, 2))
def _full(shape, value, dtype):
    return jnp.full(shape, value, dtype=dtype)


@op("zeros")
def zeros(size, dtype=None):
    """A Tensor of zeros of shape ``size`` (float32 unless ``dtype``)."""
    return _const("Zeros", 0, size, dtype)


@op("ones")
def ones(shape, dtype=None):
    """A Tensor of ones of shape ``shape`` (float32 unless ``dtype``)."""
    return _const("Ones", 1, shape, dtype)


primitive("Zeros", lambda size, type=None: zeros(size, type))
primitive("Ones", lambda shape, type=None: ones(shape, type))


def _like(name, input, value, dtype):
    check_tensor(name, "input", input)
    dt = input._np_dtype() if dtype is None else _np_dt(name, dtype)
    return _wrap(_full(tuple(input.shape), value, dt))


@op("zeros_like")
def zeros_like(input, *, dtype=None):
    return _like("zeros_like", input, 0, dtype)


@op("ones_like")
def ones_like(input, *, dtype=None):
    return _like("ones_like", input, 1, dtype)


primitive("ZerosLike", lambda x: zeros_like(x))
primitive("OnesLike", lambda x: ones_like(x))


@op("zero_")
def zero_(input):
    """Sets ``input`` to zeros in place and returns it."""
    check_tensor("zero_", "input", input)
    input._data = jnp.zeros_like(arr(input))
    return input


def _scalar_value(name, value):
    if isinstance(value, Tensor):
        if value.size != 1:
            raise ValueError(f"For '{name}', the 'value' must be a scalar Tensor, but got shape {value.shape}.")
        return arr(value).reshape(())
    if isinstance(value, (bool, numbers.Number, np.generic)):
        return value
    raise TypeError(f"For '{name}', the 'value' must be a number or a Tensor, but got {type(value).__name__}.")


def _cast_value(v, dt):
    """``v`` converted to ``dt`` as MindSpore's Cast does (floats truncate toward zero)."""
    return _astype(jnp.asarray(v), dt)


def _filled(name, shape, value, dt=None):
    """The kernel of fill/Fill/FillV2: ``value`` (cast to ``dt`` when given) broadcast to ``shape``."""
    shp = _size_arg("FillV2", shape, "FillV2()(shape={t}, value=Tensor)")
    v = _scalar_value(name, value)
    return _wrap(jnp.broadcast_to(v if dt is None else _cast_value(v, dt), shp))


@op("fill")
def fill(type, shape, value):
    """A Tensor of shape ``shape`` filled with ``value`` cast to ``type``."""
    if not isinstance(type, mstype.Type):
        raise TypeError(f"For 'Tensor', the 'dtype' should be one of mindspore dtypes, but got {type}.")
    return _filled("Fill", shape, value, to_np_dtype(type))


primitive("Fill", fill)


def _fillv2(shape, value):
    check_tensor("FillV2", "value", value)
    return _filled("FillV2", shape, value)


primitive("FillV2", _fillv2)


@op("full")
def full(size, fill_value, *, dtype=None):
    """A Tensor of shape ``size`` filled with ``fill_value`` (int64 unless ``dtype``)."""
    if not isinstance(size, (list, tuple)):
        raise TypeError(f"For 'ops.full', 'size' must be a tuple or list of ints, but got {builtin_type(size)}.")
    if dtype is None:
        dtype = mstype.int64
    if not isinstance(dtype, mstype.Type):
        raise TypeError(f"For 'ops.full', 'dtype' must be mindspore.type, but got {dtype}.")
    return fill(dtype, tuple(size), fill_value)


@op("full_like")
def full_like(input, fill_value, *, dtype=None):
    check_tensor("full_like", "input", input)
    if dtype is None:
        dtype = input.dtype
    return full(input.shape, fill_value, dtype=dtype)


@op("fills")
def fills(x, value):
    """``x``'s shape and dtype, filled with ``value``."""
    check_tensor("fills", "x", x)
    if not isinstance(value, (int, float, Tensor)) or isinstance(value, bool):
        raise TypeError(f"For 'fills', the type of 'value' must be int, float or Tensor, "
                        f"but got {builtin_type(value).__name__}.")
    return _wrap(jnp.broadcast_to(_cast_value(_scalar_value("fills", value), x._np_dtype()), x.shape))


# --- ranges ---------------------------------------------------------------------------------

_LEVEL = {np.dtype(np.int32): 0, np.dtype(np.int64): 1, np.dtype(np.float32): 2, np.dtype(np.float64): 3}
_BY_LEVEL = {v: k for k, v in _LEVEL.items()}


def _range_values(name, start, end, step):
    vals, levels = [], []
    for v in (start, end, step):
        if isinstance(v, Tensor):
            if v._np_dtype() not in _LEVEL:
                raise TypeError(f"For {name}, the input type must be int or float or a TensorScalar in "
                                f"[mindspore.int32, mindspore.float32, mindspore.int64, mindspore.float64], "
                                f"but got {v.dtype}")
            if v.shape != ():
                raise ValueError(f"For {name}, the input args must be a TensorScalar, but got shape {v.shape}")
            levels.append(_LEVEL[np.dtype(v._np_dtype())])
            vals.append(np.asarray(arr(v)).item())
        elif isinstance(v, (int, float)):
            levels.append(2 if isinstance(v, float) else 1)
            vals.append(v)
        else:
            raise TypeError(f"For {name}, the input type must be int or float or a TensorScalar in "
                            f"[mindspore.int32, mindspore.float32, mindspore.int64, mindspore.float64], "
                            f"but got {builtin_type(v)}")
    return vals, _BY_LEVEL[max(levels)]


def _range_arr(start, end, step, dt):
    if step == 0:
        raise ValueError("For Range, delta cannot be equal to zero.")
    if start < end and step < 0:
        raise ValueError("For Range, delta cannot be negative when limit > start.")
    if start > end and step > 0:
        raise ValueError("For Range, delta cannot be positive when limit < start.")
    if dt.kind == "f":
        dt = np.dtype(np.float32)  # MindSpore's Range computes and returns float32
        s, e, d = (np.asarray(v, dtype=dt) for v in (start, end, step))
        n = int(np.ceil(abs((float(e) - float(s)) / float(d))))
        out = (s + np.arange(n, dtype=dt) * d).astype(dt)
        return _wrap(jnp.asarray(out))
    s, e, d = int(start), int(end), int(step)
    return _wrap(jnp.arange(s, e, d, dtype=np.int64))


@op("arange")
def arange(start=0, end=None, step=1, *, dtype=None):
    """``[start, end)`` with stride ``step``; ints give int64, floats float32."""
    if end is None:
        start, end = 0, start
    (s, e, d), dt = _range_values("arange", start, end, step)
    out = _range_arr(dt.type(s), dt.type(e), dt.type(d), dt)
    if dtype is not None:
        out = _wrap(_cast_value(arr(out), _np_dt("arange", dtype)))
    return out


def _range_tensors(start, end, step):
    for n, v in (("start", start), ("limit", end), ("delta", step)):
        if not isinstance(v, Tensor):
            raise TypeError(f"For 'Range', the '{n}' must be a Tensor, but got {builtin_type(v).__name__}.")
    dts = {np.dtype(v._np_dtype()) for v in (start, end, step)}
    if len(dts) != 1:
        raise TypeError(f"For 'Range', the 'start', 'limit' and 'delta' must have the same dtype, but got {dts}.")
    dt = dts.pop()
    if dt not in _LEVEL:
        raise TypeError(f"For 'Range', the dtype of inputs must be int32, int64, float32 or float64, but got {dt}.")
    s, e, d = (np.asarray(arr(v)).reshape(()).item() for v in (start, end, step))
    return _range_arr(dt.type(s), dt.type(e), dt.type(d), dt)


@op("range")
def range(start, end, step, maxlen=1000000):
    return _range_tensors(start, end, step)


@op("tensor_range")
def tensor_range(start, end, step):
    return _range_tensors(start, end, step)


primitive("Range", lambda start, limit, delta, maxlen=1000000: _range_tensors(start, limit, delta),
          attrs=(("maxlen", 1000000, (int,)),))


def _linspace(start, end, steps):
    """``steps`` evenly spaced values from ``start`` to ``end`` (float32 for Python numbers)."""
    vals = []
    dt = None
    for n, v in (("start", start), ("stop", end)):
        if isinstance(v, Tensor):
            if v._np_dtype() not in (np.float32, np.float64):
                raise TypeError(f"For primitive[LinSpace], the input argument[{n} type] must be a type of "
                                f"{{Tensor[Float32], Tensor[Float64]}}, but got Tensor[{v.dtype}].")
            dt = np.dtype(v._np_dtype()) if dt is None else dt
            vals.append(arr(v).reshape(()))
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            vals.append(v)
        else:
            raise TypeError(f"For 'LinSpace', the '{n}' must be a number or a Tensor, but got "
                            f"{builtin_type(v).__name__}.")
    if isinstance(steps, Tensor):
        steps = int(steps)
    if not _is_int(steps):
        raise TypeError(f"For 'LinSpace', the 'num' must be int, but got {builtin_type(steps).__name__}.")
    if steps <= 0:
        raise ValueError(f"For 'LinSpace', the 'num' must be positive, but got {steps}.")
    dt = dt or np.dtype(np.float32)
    s, e = (jnp.asarray(v, dtype=dt) for v in vals)
    if steps == 1:
        return _wrap(s.reshape(1))
    step = (e - s) / (steps - 1)
    return _wrap((s + jnp.arange(steps, dtype=dt) * step).astype(dt))


primitive("LinSpace", _linspace)


@op("eye")
def eye(n, m=None, dtype=None):
    """An ``n x m`` identity matrix (float32 unless ``dtype``)."""
    if m is None:
        m = n
    if not _is_int(n) or not _is_int(m):
        raise TypeError(f"Failed calling Eye with \"Eye()(n={builtin_type(n).__name__}, "
                        f"m={builtin_type(m).__name__}, dtype=mindspore.dtype)\".")
    if n < 0 or m < 0:
        raise ValueError(f"Eye error: {'n' if n < 0 else 'm'} value can not be negative.")
    return _wrap(jnp.eye(int(n), int(m), dtype=_np_dt("Eye", dtype)))


primitive("Eye", lambda n, m, t: eye(n, m, t))


@op("meshgrid")
def meshgrid(*inputs, indexing='xy'):
    """Coordinate matrices from 1-D ``inputs`` ('xy' or 'ij' indexing)."""
    if not builtins.all(isinstance(t, Tensor) for t in inputs):
        raise _meshgrid_call_error(inputs)
    _check_indexing(indexing)
    if len({t._np_dtype() for t in inputs}) > 1:
        raise ValueError("For Primitive [Meshgrid], all tensors should have the same type.")
    for t in inputs:
        if t.ndim != 1:
            raise ValueError(f"For 'Meshgrid', each input must be 1-D, but got shape {t.shape}.")
    return tuple(_wrap(a) for a in jnp.meshgrid(*[arr(t) for t in inputs], indexing=indexing))


def _type_word(v):
    if isinstance(v, Tensor):
        return "Tensor"
    if isinstance(v, (list, tuple)):
        return builtin_type(v).__name__.capitalize()
    return builtin_type(v).__name__


def _meshgrid_call_error(inputs):
    words = f"Tuple<{', '.join(_type_word(t) for t in inputs)}>" if isinstance(inputs, tuple) else _type_word(inputs)
    return TypeError(f'Failed calling Meshgrid with "Meshgrid(indexing=string)(inputs={words})".')


def _check_indexing(indexing):
    if not isinstance(indexing, str):
        raise TypeError(f"For 'Meshgrid', the input 'indexing' should be a str, but got {builtin_type(indexing)}.")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Failed to convert the value \"{indexing}\" of input 'indexing' of 'Meshgrid' to enum.")


def _meshgrid_prim(inputs, indexing="xy"):
    """``Meshgrid(indexing)(inputs)``: ``ops.meshgrid(*inputs)`` on a tuple or list of Tensors."""
    if not isinstance(inputs, (tuple, list)):
        raise _meshgrid_call_error(inputs)
    return meshgrid(*inputs, indexing=indexing)


primitive("Meshgrid", _meshgrid_prim, attrs=(("indexing", "xy"),), init=lambda prim: _check_indexing(prim.indexing))


# --- conversions ----------------------------------------------------------------------------

@op("tuple_to_array")
def tuple_to_array(input_x):
    """A 1-D Tensor from a tuple (or range) of numbers (int32 when the first is an int, else float32)."""
    if isinstance(input_x, builtins.range):      # mindyolo's YOLOv4 head builds its grid from ranges
        input_x = tuple(input_x)
    if not isinstance(input_x, tuple):
        return None
    return _tuple_to_array(input_x)


def _tuple_to_array(x):
    for i, v in enumerate(x):
        if not isinstance(v, (numbers.Number, np.generic)):
            raise TypeError(f"For Tensor, the input_data is {x} that contain unsupported element.")
    first = x[0]  # an empty tuple raises IndexError, as in MindSpore
    dt = np.int32 if isinstance(first, (int, np.integer, bool, np.bool_)) else np.float32
    return _wrap(jnp.asarray(np.array([float(v) if dt is np.float32 else int(v) for v in x], dtype=dt)))


def _tuple_to_array_prim(x):
    x = tuple(x) if isinstance(x, builtins.range) else x
    if not isinstance(x, (tuple, list)):
        raise TypeError(f"For 'TupleToArray', the input must be a tuple, but got {builtin_type(x).__name__}.")
    for i, v in enumerate(x):
        if not isinstance(v, (numbers.Number, np.generic)):
            raise TypeError(f"For 'TupleToArray', the type of 'x[{i}]' should be 'Number', but got type "
                            f"'{builtin_type(v).__name__}'.")
    return _tuple_to_array(tuple(x))


primitive("TupleToArray", _tuple_to_array_prim)


def _tuple_to_tensor_prim(prim, input_tuple, dtype):
    """MindSpore's ``TupleToTensor``: a tuple (or range) of numbers as a Tensor of ``dtype``; None for
    anything else (a value it cannot infer)."""
    if isinstance(input_tuple, builtins.range):   # (this module defines the op range)
        input_tuple = tuple(input_tuple)
    if isinstance(input_tuple, tuple) and None not in input_tuple:
        return Tensor(input_tuple, dtype=dtype)
    return None


def _list_to_tensor_prim(prim, input_list, dtype):
    """MindSpore's ``ListToTensor``: a list of numbers as a Tensor of ``dtype``."""
    if isinstance(input_list, list) and None not in input_list:
        return Tensor(input_list, dtype)
    raise RuntimeError(f"input must be list, but got {input_list}")


primitive("TupleToTensor", None, call=_tuple_to_tensor_prim)
primitive("ListToTensor", None, call=_list_to_tensor_prim)


@op("scalar_to_tensor")
def scalar_to_tensor(input_x, dtype=mstype.float32):
    """A 0-D Tensor holding the Python number ``input_x`` (float32 unless ``dtype``)."""
    if not isinstance(input_x, (bool, int, float)):
        raise TypeError(f"For 'ScalarToTensor', the type of 'x' should be one of '['bool', 'int', 'float']', "
                        f"but got type '{builtin_type(input_x).__name__}'.")
    return _wrap(_cast_value(input_x, _np_dt("ScalarToTensor", dtype)))


def _hamming(n, periodic, alpha, beta, dt):
    if n <= 1:
        return jnp.ones((n,), dtype=dt)
    a, b = float(np.float32(alpha)), float(np.float32(beta))
    denom = n if periodic else n - 1
    k = np.arange(n, dtype=np.float64)
    return jnp.asarray((a - b * np.cos(2 * np.pi * k / denom)).astype(dt))


@op("hamming_window")
def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None):
    """The Hamming window of ``window_length`` points (float32 unless ``dtype``)."""
    name = "array function 'hamming_window'"
    if not isinstance(window_length, int):
        raise TypeError(f"For {name}, 'window_length' must be int, but got {builtin_type(window_length)}.")
    if window_length < 0:
        raise ValueError(f"For {name}, 'window_length' must be non negative number.")
    for arg_name, value, typ in (("periodic", periodic, bool), ("alpha", alpha, float), ("beta", beta, float)):
        if not isinstance(value, typ):
            raise TypeError(f"For {name}, '{arg_name}' must be {typ.__name__}, but got {builtin_type(value)}.")
    if window_length <= 1:
        return _wrap(jnp.ones((window_length,), dtype=np.float64))  # MindSpore: Tensor(np.ones(n))
    if dtype is not None and dtype not in mstype.float_type:
        raise TypeError(f"For {name}, 'dtype' must be floating point dtypes, but got {dtype}.")
    return _wrap(_hamming(window_length, periodic, alpha, beta, _np_dt("HammingWindow", dtype)))


def _hamming_prim(prim, length):
    check_tensor("HammingWindow", "length", length)
    n = int(np.asarray(arr(length)).reshape(-1)[0])
    return _wrap(_hamming(n, prim.periodic, prim.alpha, prim.beta, _np_dt("HammingWindow", prim.dtype)))


primitive("HammingWindow", None, attrs=(("periodic", True), ("alpha", 0.54), ("beta", 0.46),
                                        ("dtype", mstype.float32)), call=_hamming_prim)


# --- diagonals ------------------------------------------------------------------------------

@op("diag")
def diag(input):
    """A Tensor with ``input`` on its diagonal: shape ``input.shape + input.shape``."""
    check_tensor("Diag", "input", input)
    a = arr(input)
    if a.ndim == 0:
        raise ValueError("For 'Diag', the rank of 'input' must be at least 1, but got 0.")
    flat = a.reshape(-1)
    out = jnp.zeros((flat.size, flat.size), dtype=a.dtype).at[jnp.arange(flat.size), jnp.arange(flat.size)].set(flat)
    return _wrap(out.reshape(a.shape + a.shape))


primitive("Diag", diag)


def _diag_part(x):
    check_tensor("DiagPart", "input_x", x)
    a = arr(x)
    if a.ndim == 0 or a.ndim % 2:
        raise ValueError(f"For 'DiagPart', the rank of 'input_x' must be even and positive, but got {a.ndim}.")
    h = a.ndim // 2
    if a.shape[:h] != a.shape[h:]:
        raise ValueError(f"For 'DiagPart', the shape of 'input_x' must be 'D1,...,Dk,D1,...,Dk', but got {a.shape}.")
    n = int(np.prod(a.shape[:h], dtype=np.int64))
    m = a.reshape(n, n)
    return _wrap(jnp.diagonal(m).reshape(a.shape[:h]))


primitive("DiagPart", _diag_part)


@op("diagflat")
def diagflat(input, offset=0):
    """A 2-D Tensor with the flattened ``input`` on diagonal ``offset``."""
    check_tensor("diagflat", "input", input)
    if not _is_int(offset):
        raise TypeError(f"For 'diagflat', the type of 'offset' must be int, but got {builtin_type(offset).__name__}.")
    a = arr(input)
    return _wrap(jnp.diag(a.reshape(-1), int(offset)))


_LOGSPACE_DTYPES = (mstype.float16, mstype.float32, mstype.float64)
_SCALAR_WORDS = {float: "Float32", int: "Int64", bool: "Bool", list: "List", tuple: "Tuple"}


def _logspace_attrs(steps, base, dtype):
    for n, v in (("steps", steps), ("base", base)):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise TypeError(f"For 'LogSpace', the type of '{n}' should be 'int', but got type '{builtin_type(v).__name__}'.")
    if dtype not in _LOGSPACE_DTYPES:
        raise TypeError(f"For 'LogSpace', the 'dtype' should be one of [mindspore.float16, mindspore.float32, "
                        f"mindspore.float64], but got 'mindspore.{str(dtype).lower()}'.")
    if steps < 0:
        raise ValueError(f"For 'LogSpace', the 'steps' must be int and must >= 0, but got '{steps}' with type 'int'.")


def _logspace(start, end, steps=10, base=10, dtype=mstype.float32):
    """The kernel of ``LogSpace(steps, base, dtype)(start, end)`` and ``ops.logspace``:
    ``base ** linspace(start, end, steps)`` of 0-D float Tensors, as ``dtype``."""
    _logspace_attrs(steps, base, dtype)
    for n, v in (("end", end), ("start", start)):
        if not isinstance(v, Tensor):
            raise TypeError(f"The primitive[LogSpace]'s input arguments[end, start] must be all tensor and those "
                            f"type must be same. But got input argument[{n}]:{_SCALAR_WORDS.get(builtin_type(v), builtin_type(v).__name__)}")
    s, e = arr(start), arr(end)
    for n, v in (("end", e), ("start", s)):
        if v.dtype not in (np.float16, np.float32, np.float64):
            raise TypeError(f"For primitive[LogSpace], the input argument[{n}] must be a type of {{Tensor[Float16], "
                            f"Tensor[Float32], Tensor[Float64]}}, but got Tensor[{mstype.from_numpy_dtype(v.dtype)}].")
    if s.dtype != e.dtype:
        raise TypeError("For primitive[LogSpace], the input type must be same.")
    for n, v in (("start", s), ("end", e)):
        if v.ndim != 0:
            raise ValueError(f"For LogSpace, The dim of {n} must be 0, but got {v.ndim}")
    s64, e64 = s.astype(jnp.float64), e.astype(jnp.float64)
    if steps == 1:
        exps = s64.reshape(1)
    else:
        exps = s64 + (e64 - s64) * jnp.arange(steps, dtype=jnp.float64) / builtins.max(steps - 1, 1)
    return _wrap(jnp.power(jnp.float64(base), exps).astype(to_np_dtype(dtype)))


primitive("LogSpace", _logspace, attrs=(("steps", 10, (int,)), ("base", 10, (int,)), ("dtype", mstype.float32)),
          init=lambda prim: _logspace_attrs(prim.steps, prim.base, prim.dtype))


@op("logspace")
def logspace(start, end, steps, base=10, *, dtype=mstype.float32):
    """``steps`` points ``base ** linspace(start, end)``; Python floats for ``start``/``end``
    become float32 Tensors (ints are MindSpore's TypeError)."""
    start = Tensor(start, mstype.float32) if isinstance(start, float) else start
    end = Tensor(end, mstype.float32) if isinstance(end, float) else end
    return _logspace(start, end, steps, base, dtype)


primitive("Fills", fills)
