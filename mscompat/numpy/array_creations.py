"""``mindspore.numpy`` array creation: ``array``/``asarray``, filled arrays, ranges, grids,
triangles and diagonals, windows, ``pad``. Float arrays default to float32 and Python ints
give int32, as in ``mindspore.numpy``."""
import math
import operator

import numpy as onp
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.seed import get_seed
from mscompat import ops
from .dtypes import nan
from .utils import (to_tensor, wrap, check_dtype, np_dtype, check_shape, raise_type, raise_value, ARRAY_TYPES,
                    check_tensor, scalar_dtype, check_axis)

__all__ = ["array", "asarray", "asfarray", "copy_", "ones", "zeros", "full", "randn", "rand", "randint",
           "arange", "linspace", "logspace", "geomspace", "eye", "identity", "empty", "empty_like", "ones_like",
           "zeros_like", "full_like", "tri", "tril", "triu", "diagonal", "trace", "meshgrid", "mgrid", "ogrid",
           "diagflat", "diag", "diag_indices", "ix_", "indices", "vander", "bartlett", "blackman", "hamming",
           "hanning", "triu_indices", "tril_indices", "triu_indices_from", "tril_indices_from",
           "histogram_bin_edges", "pad"]


def _check_array_like(a):
    if not isinstance(a, (Tensor, list, tuple, int, float, bool)):
        raise_type("input data must be `int`, `float`, `bool`, `Tensor`, `list`, `tuple`, but got ", a)


def _nested_to_numpy(a):
    if isinstance(a, Tensor):
        return a.asnumpy()
    if isinstance(a, (list, tuple)):
        return [_nested_to_numpy(v) for v in a]
    return a


def _const_array(a, dtype=None):
    """Tensor of a Python value: numpy's inference with 64-bit results narrowed to 32 bits."""
    _check_array_like(a)
    if dtype is not None:
        dtype = check_dtype(dtype)
    if isinstance(a, (int, float, bool)):
        if dtype is None:
            dtype = scalar_dtype(a)
        return Tensor(a, dtype=dtype)
    if isinstance(a, (list, tuple)):
        try:
            arr = onp.asarray(_nested_to_numpy(a))
        except ValueError:
            raise ValueError("Input array must have the same size across all dimensions.") from None
        if arr.dtype == object:
            raise ValueError("Input array must have the same size across all dimensions.")
        if dtype is None:
            if arr.dtype == onp.float64:
                dtype = mstype.float32
            elif arr.dtype == onp.int64:
                dtype = mstype.int32
            else:
                dtype = mstype.pytype_to_dtype(arr.dtype)
        return Tensor(arr.astype(np_dtype(dtype)))
    return a if dtype is None or a.dtype == dtype else a.astype(dtype)


def asarray(a, dtype=None):
    """Convert ``a`` to a Tensor (Tensors are returned as they are unless ``dtype`` differs)."""
    if dtype is not None:
        dtype = check_dtype(dtype)
    if isinstance(a, Tensor):
        return a if dtype is None or dtype == a.dtype else a.astype(dtype)
    return _const_array(a, dtype)


def array(obj, dtype=None, copy=True, ndmin=0):
    """A new Tensor from ``obj``, with at least ``ndmin`` dimensions."""
    if dtype is not None:
        dtype = check_dtype(dtype)
    res = asarray(obj, dtype)
    if ndmin > res.ndim:
        if res.size == 0:
            raise_value("Empty tensor cannot be expanded beyond the current dimension.")
        res = wrap(jnp.reshape(res._data, (1,) * (ndmin - res.ndim) + res.shape))
    if copy and isinstance(obj, Tensor):
        res = wrap(jnp.array(res._data, copy=True))
    return res


def asfarray(a, dtype=mstype.float32):
    """``a`` as a float Tensor (a non-float ``dtype`` means float32)."""
    if dtype is None:
        return asarray(a)
    dtype = check_dtype(dtype)
    if dtype not in (mstype.float16, mstype.float32, mstype.float64):
        dtype = mstype.float32
    if isinstance(a, Tensor):
        return a.astype(dtype)
    _check_array_like(a)
    if isinstance(a, (list, tuple)):
        arr = onp.asarray(_nested_to_numpy(a))
        if arr.dtype == object:
            raise ValueError(f"For Tensor conversion, the input_data is {arr} that contains unsupported element.")
        return Tensor(arr.astype(np_dtype(dtype)))
    return Tensor(a, dtype)


def copy_(a):
    """A copy of ``a`` as a Tensor."""
    a = asarray(a)
    return wrap(jnp.array(a._data, copy=True))


def _filled(shape, value, dtype):
    return wrap(jnp.full(shape, value, np_dtype(dtype)))


def ones(shape, dtype=mstype.float32):
    """A Tensor of ones (float32 unless ``dtype`` says otherwise)."""
    shape = check_shape(shape)
    return _filled(shape, 1, check_dtype(dtype))


def zeros(shape, dtype=mstype.float32):
    """A Tensor of zeros (float32 unless ``dtype`` says otherwise)."""
    shape = check_shape(shape)
    return _filled(shape, 0, check_dtype(dtype))


def empty(shape, dtype=mstype.float32):
    """A Tensor of the given shape and dtype (its values are zeros); ``dtype`` must be a
    MindSpore dtype here, as in MindSpore."""
    return ops.zeros(shape, dtype)


def full(shape, fill_value, dtype=None):
    """A Tensor of ``shape`` filled with ``fill_value`` (broadcast when it is an array)."""
    shape = check_shape(shape)
    if not isinstance(fill_value, ARRAY_TYPES):
        raise_type("fill value should be int, float, bool, list, tuple, Tensor, but got", fill_value)
    if dtype is not None:
        dtype = check_dtype(dtype)
    elif isinstance(fill_value, (int, float, bool)):
        dtype = scalar_dtype(fill_value)
    elif isinstance(fill_value, Tensor):
        dtype = fill_value.dtype
    if isinstance(fill_value, (int, float, bool)):
        return _filled(shape, fill_value, dtype)
    # an array fill value is broadcast as it is: MindSpore keeps its dtype (``dtype`` is not applied)
    value = _const_array(fill_value) if isinstance(fill_value, (list, tuple)) else fill_value
    try:
        out = jnp.broadcast_to(value._data, shape)
    except ValueError:
        raise ValueError(f"For 'broadcast_to', input shape {value.shape} can not broadcast to {shape}.") from None
    return wrap(out)


def _like(proto, dtype, shape):
    if not isinstance(proto, ARRAY_TYPES):
        raise_type("prototype should be int, float, bool, list, tuple, Tensor, but got", proto)
    if dtype is None:
        dtype = proto.dtype if isinstance(proto, Tensor) else _const_array(proto).dtype
    if shape is None or (isinstance(shape, (list, tuple)) and not shape):
        shape = proto.shape if isinstance(proto, Tensor) else _const_array(proto).shape
    return dtype, shape


def empty_like(prototype, dtype=None, shape=None):
    """An uninitialized-looking (zero) Tensor with the shape and dtype of ``prototype``."""
    dtype, shape = _like(prototype, dtype, shape)
    return empty(shape, dtype)


def ones_like(a, dtype=None, shape=None):
    """Ones with the shape and dtype of ``a``."""
    dtype, shape = _like(a, dtype, shape)
    return ones(shape, dtype)


def zeros_like(a, dtype=None, shape=None):
    """Zeros with the shape and dtype of ``a``."""
    dtype, shape = _like(a, dtype, shape)
    return zeros(shape, dtype)


def full_like(a, fill_value, dtype=None, shape=None):
    """``fill_value`` with the shape and dtype of ``a``."""
    dtype, shape = _like(a, dtype, shape)
    return full(shape, fill_value, dtype)


def _check_rand_dtype(dtype):
    if isinstance(dtype, str):
        if dtype not in ("float", "float16", "float32", "float64"):
            raise_value("If the argument 'dtype' is str, it must be one of ['float', 'float16', 'float32', "
                        "'float64'], but got ", dtype)
    elif dtype not in (mstype.float64, mstype.float32, mstype.float16):
        raise_value("The argument 'dtype' must be 'mindspore.float64', 'mindspore.float32' or "
                    "'mindspore.float16', but got ", dtype)
    return check_dtype(dtype)


def _rand_shape(shape):
    if not shape:
        return (1,)
    if len(shape) == 1:
        s = shape[0]
        if isinstance(s, int):
            return shape
        if isinstance(s, (list, tuple)):
            return tuple(s)
        raise_type("If the length of the argument 'shape' is 1, the type of the argument 'shape' must be "
                   "one of ['int', 'list', 'tuple'], but got ", s)
    for s in shape:
        if not isinstance(s, int):
            raise_type("If the length of the argument 'shape' is > 1, the type of the argument 'shape' must "
                       "all be int, but got ", s)
    return shape


def _seeds():
    seed = get_seed()
    return (0, 0) if seed is None else (seed, 0)


def randn(*shape, dtype=mstype.float32):
    """Samples of the standard normal distribution."""
    dtype = _check_rand_dtype(dtype)
    size = _rand_shape(shape)
    seed, seed2 = _seeds()
    return ops.StandardNormal(seed=seed, seed2=seed2)(size).astype(dtype)


def rand(*shape, dtype=mstype.float32):
    """Samples of the uniform distribution on [0, 1)."""
    dtype = _check_rand_dtype(dtype)
    size = _rand_shape(shape)
    seed, seed2 = _seeds()
    return ops.UniformReal(seed=seed, seed2=seed2)(size).astype(dtype)


def randint(minval, maxval=None, shape=None, dtype=mstype.int32):
    """Random integers in [minval, maxval) (in [0, minval) without ``maxval``)."""
    if not isinstance(minval, int):
        raise_type("For mindspore.numpy.randint, the type of the argument 'minval' must be int, but got ", minval)
    if maxval is None:
        if minval <= 0:
            raise_value("For mindspore.numpy.randint, the argument 'minval' must be > 0 when the argument "
                        "'maxval' is None, but got ", minval)
        minval, maxval = 0, minval
    else:
        if not isinstance(maxval, int):
            raise_type("For mindspore.numpy.randint, the type of the argument 'maxval' must be int, but got ",
                       maxval)
        if minval >= maxval:
            raise_value("For mindspore.numpy.randint, the value of 'minval' must be greater than the value of "
                        "'maxval'.")
    if isinstance(dtype, str):
        if dtype not in ("int", "int8", "int16", "int32", "int64"):
            raise_value("For 'mindspore.numpy.randint', if the argument 'dtype' is str, it must be one of "
                        "['int', 'int8', 'int16', 'int32', 'int64'], but got ", dtype)
    elif dtype not in (mstype.int64, mstype.int32, mstype.int16, mstype.int8):
        raise_value("For 'mindspore.numpy.randint', the argument 'dtype' must be 'mindspore.int64', "
                    "'mindspore.int32', 'mindspore.int16' or 'mindspore.int8', but got ", dtype)
    dtype = check_dtype(dtype)
    if dtype != mstype.int32:
        raise TypeError(f"For primitive[UniformInt], the input argument[minval] must be a type of "
                        f"{{Tensor[Int32]}}, but got Tensor[{dtype}].")
    shape = (1,) if shape is None else check_shape(shape)
    seed, seed2 = _seeds()
    lo = Tensor(minval, mstype.int32)
    hi = Tensor(maxval, mstype.int32)
    return ops.UniformInt(seed=seed, seed2=seed2)(shape, lo, hi).astype(dtype)


def _count(value):
    n = math.ceil(value)
    return max(n, 0)


def arange(start, stop=None, step=None, dtype=None):
    """Evenly spaced values in [start, stop) (int32 for int arguments, float32 otherwise)."""
    if dtype is None:
        dtype = scalar_dtype(start, stop, step)
    else:
        dtype = check_dtype(dtype)
    for v in (start, stop, step):
        if v is not None and not isinstance(v, (int, float)):
            raise TypeError(f"unsupported operand type(s): '{type(v).__name__}'")
    if stop is None and step is None:
        num, first, delta = _count(start), 0, 1
    elif step is None:
        num, first, delta = _count(stop - start), start, 1
    elif stop is None:
        num, first, delta = _count((start + 0.0) / step), 0, step
    else:
        num, first, delta = _count((stop - start + 0.0) / step), start, step
    if num == 0:
        raise ValueError("zero shape Tensor is not currently supported.")
    iota = jnp.arange(num, dtype=jnp.float32)
    out = iota * jnp.float32(delta) + jnp.float32(first) if (delta != 1 or first != 0) else iota
    return wrap(out.astype(np_dtype(dtype)))


def _xspace_args(start, stop, num, endpoint, dtype):
    if not isinstance(start, ARRAY_TYPES):
        raise_type("start should be int, float, bool, list, tuple, Tensor, but got", start)
    if not isinstance(stop, ARRAY_TYPES):
        raise_type("end should be int, float, bool, list, tuple, Tensor, but got", stop)
    start = start._data if isinstance(start, Tensor) else jnp.asarray(Tensor(start)._data, jnp.float32)
    stop = stop._data if isinstance(stop, Tensor) else jnp.asarray(Tensor(stop)._data, jnp.float32)
    if not isinstance(num, int):
        raise_type("num should be an integer, but got ", num)
    if not isinstance(endpoint, bool):
        raise_type("endpoint should be an boolean, but got ", endpoint)
    dtype = mstype.float32 if dtype is None else check_dtype(dtype)
    start, stop = jnp.broadcast_arrays(start, stop)
    return start, stop, num, endpoint, dtype


def _linspace(start, stop, num, endpoint, axis):
    """(values, step) of linspace on arrays, computed in float32 as MindSpore does."""
    ndim = start.ndim
    axis = check_axis(axis, ndim + 1)
    work = jnp.promote_types(jnp.promote_types(start.dtype, stop.dtype), jnp.float32)
    start = start.astype(work)
    stop = stop.astype(work)
    bshape = start.shape[:axis] + (1,) + start.shape[axis:]
    ishape = [1] * (ndim + 1)
    if num > 1:
        ishape[axis] = num
        div = jnp.float32(num - 1 if endpoint else num)
        delta = (stop - start) / div
        iota = jnp.arange(num, dtype=jnp.float32).reshape(ishape)
        out = jnp.reshape(start, bshape) + iota * jnp.reshape(delta, bshape)
        if endpoint:
            out = jnp.moveaxis(out, axis, 0).at[-1].set(stop)
            out = jnp.moveaxis(out, 0, axis)
        return out, delta
    if num == 1:
        delta = nan if endpoint else stop - start
        return jnp.reshape(start, bshape), delta
    raise_value("cannot support Tensor with num=0.")
    return None


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """``num`` evenly spaced samples over [start, stop] (float32 by default)."""
    start, stop, num, endpoint, dtype = _xspace_args(start, stop, num, endpoint, dtype)
    check_axis(axis, start.ndim + 1)
    if not isinstance(retstep, bool):
        raise_type("retstep should be an boolean, but got ", retstep)
    out, delta = _linspace(start, stop, num, endpoint, axis)
    out = wrap(out.astype(np_dtype(dtype)))
    if retstep:
        return out, (delta if isinstance(delta, float) else wrap(delta))
    return out


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """``base ** linspace(start, stop, ...)``."""
    start, stop, num, endpoint, dtype = _xspace_args(start, stop, num, endpoint, dtype)
    check_axis(axis, start.ndim + 1)
    if not isinstance(base, (int, float, bool)):
        raise_type("base should be a number, but got ", base)
    exps, _ = _linspace(start, stop, num, endpoint, axis)
    return wrap(jnp.power(jnp.asarray(base, exps.dtype), exps).astype(np_dtype(dtype)))


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """Numbers spaced evenly on a log scale (a geometric progression) from start to stop."""
    start, stop, num, endpoint, dtype = _xspace_args(start, stop, num, endpoint, dtype)
    axis = check_axis(axis, start.ndim + 1)
    root = num - 1 if endpoint else num
    work = jnp.promote_types(start.dtype, jnp.float32)
    start = start.astype(work)
    stop = stop.astype(work)
    bases = jnp.power(stop / start, jnp.asarray(1.0 / root if root else jnp.inf, jnp.float32))
    exps, _ = _linspace(jnp.zeros(bases.shape, jnp.float32), jnp.full(bases.shape, root, bases.dtype),
                        num, endpoint, axis)
    exps = exps.astype(np_dtype(dtype))
    shape = bases.shape[:axis] + (1,) + bases.shape[axis:]
    res = jnp.power(jnp.reshape(bases, shape), exps) * jnp.reshape(start, shape)
    return wrap(res.astype(np_dtype(dtype)))


def eye(N, M=None, k=0, dtype=mstype.float32):
    """A 2-D Tensor with ones on the ``k``-th diagonal."""
    dtype = check_dtype(dtype)
    if M is None:
        M = N
    if not (isinstance(M, int) and isinstance(N, int) and isinstance(k, int)):
        raise_type("Input tensor dimensions should be integers.")
    if N < 0 or M < 0:
        raise ValueError(f"For 'Eye', the 'n' and 'm' must be greater than or equal to 0, but got n={N}, m={M}.")
    return wrap(jnp.eye(N, M, k, dtype=np_dtype(dtype)))


def identity(n, dtype=mstype.float32):
    """The ``n`` x ``n`` identity matrix."""
    if not isinstance(n, int):
        raise_type("Input tensor dimensions should be integers.")
    dtype = check_dtype(dtype)
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=mstype.float32):
    """Ones at and below the ``k``-th diagonal."""
    if M is None:
        M = N
    if not isinstance(dtype, mstype.Type):
        raise TypeError(f"For 'Ones', the input 'dtype' should be mindspore dtype, but got {dtype}.")
    dtype = check_dtype(dtype)
    return wrap(jnp.tri(N, M, k, dtype=np_dtype(dtype)))


def _triangle(m, k, lower):
    if not isinstance(m, Tensor):
        m = _const_array(m)
    if m.ndim < 1:
        raise_value("input m's rank should be larger than 0")
    a = m._data
    if a.ndim == 1:
        a = jnp.broadcast_to(a, (a.shape[0], a.shape[0]))
    res = jnp.tril(a, k) if lower else jnp.triu(a, k)
    return wrap(res)


def tril(m, k=0):
    """``m`` with the elements above the ``k``-th diagonal zeroed."""
    return _triangle(m, k, True)


def triu(m, k=0):
    """``m`` with the elements below the ``k``-th diagonal zeroed."""
    return _triangle(m, k, False)


def diagonal(a, offset=0, axis1=0, axis2=1):
    """The diagonal of ``a`` over ``axis1`` and ``axis2``."""
    return ops.diagonal(a, offset, axis1, axis2)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    """The sum along the diagonal of ``a`` (integers and bools sum as int64)."""
    d = ops.diagonal(a, offset, axis1, axis2)._data
    if d.dtype.kind in "biu":
        d = d.astype(jnp.int64)
    res = wrap(jnp.sum(d, axis=-1))
    return res if dtype is None else res.astype(check_dtype(dtype))


def meshgrid(*xi, sparse=False, indexing="xy"):
    """Coordinate matrices from coordinate vectors."""
    check_tensor(*xi)
    if not isinstance(sparse, bool):
        raise_type("argument sparse should be boolean")
    if indexing not in ("xy", "ij"):
        raise_type("Valid values for `indexing` are 'xy' and 'ij'.")
    sizes = tuple(x.size for x in xi)
    if 0 in sizes:
        return ones(sizes)
    grids = jnp.meshgrid(*[jnp.ravel(x._data) for x in xi], sparse=sparse, indexing=indexing)
    return [wrap(g) for g in grids]


class NdGrid:
    """``mgrid``/``ogrid``: a dense or open mesh grid from slices."""

    def __init__(self, sparse=False):
        self.sparse = sparse

    def __getitem__(self, keys):
        if isinstance(keys, slice):
            keys = (keys,)
        xi = []
        for k in keys:
            if not isinstance(k.start, int) or not isinstance(k.stop, int):
                raise_type("slice indices must be integers")
            step = k.step if k.step else 1
            if isinstance(step, complex):
                xi.append(linspace(k.start, k.stop, int(abs(step))))
            else:
                xi.append(arange(k.start, k.stop, step))
        grids = meshgrid(*xi, sparse=self.sparse, indexing="ij")
        if len(grids) == 1:
            return grids[0]
        if self.sparse:
            return grids
        if isinstance(grids, Tensor):
            return grids
        return wrap(jnp.stack([g._data for g in grids]))


class MGridClass(NdGrid):
    def __init__(self):
        super().__init__(sparse=False)


class OGridClass(NdGrid):
    def __init__(self):
        super().__init__(sparse=True)


mgrid = MGridClass()
ogrid = OGridClass()


def diagflat(v, k=0):
    """A 2-D Tensor with the flattened ``v`` on the ``k``-th diagonal."""
    check_tensor(v)
    if v.size == 0:
        return zeros((abs(k), abs(k)), v.dtype)
    return wrap(jnp.diag(jnp.ravel(v._data), k))


def diag(v, k=0):
    """The ``k``-th diagonal of a 2-D ``v``, or a 2-D Tensor with a 1-D ``v`` on it."""
    v = v if isinstance(v, Tensor) else to_tensor(v)
    if v.ndim == 1:
        return diagflat(v, k)
    if v.ndim == 2:
        if v.size == 0:
            return wrap(jnp.zeros((0,), v._data.dtype))
        return wrap(jnp.diag(v._data, k))
    return raise_value("Input must be 1- or 2-d.")


def diag_indices(n, ndim=2):
    """Indices of the main diagonal of an ``n`` x ... x ``n`` array (``ndim`` copies of arange(n))."""
    if not isinstance(n, int) or not isinstance(ndim, int):
        raise_type("input must be integers")
    return tuple(arange(0, n) for _ in range(ndim))


def ix_(*args):
    """An open mesh from 1-D index sequences."""
    check_tensor(*args)
    n = len(args)
    out = ()
    for i, a in enumerate(args):
        if a.ndim != 1:
            return raise_value("Cross index must be 1 dimensional")
        shape = [1] * n
        shape[i] = a.size
        out += (wrap(jnp.reshape(a._data, shape)),)
    return out


def vander(x, N=None, increasing=False):
    """The Vandermonde matrix of ``x``."""
    if isinstance(x, (list, tuple)):
        x = _const_array(x)
    elif not isinstance(x, Tensor):
        raise_type("Input x must be list, tuple or Tensor, but got ", x)
    if x.ndim != 1:
        raise_value("Input x must be 1-D, but got dimension=", x.ndim)
    N = N or x.size
    if not isinstance(N, int):
        raise_type("Input N must be an integer.")
    if N <= 0:
        raise_value("Input N must > 0.")
    if not isinstance(increasing, bool):
        raise_type("increasing must be a bool.")
    exps = jnp.arange(N) if increasing else jnp.arange(N - 1, -1, -1)
    return ops.pow(x.expand_dims(1), wrap(exps.astype(x._data.dtype)[None, :]))


def indices(dimensions, dtype=mstype.int32, sparse=False):
    """An array of the indices of a grid of shape ``dimensions``."""
    if not isinstance(dimensions, (tuple, list)):
        raise_type("Shape of the grid must be tuple or list")
    grids = [arange(d, dtype=dtype) for d in dimensions]
    return meshgrid(*grids, sparse=sparse, indexing="ij")


def _window_size(M):
    if not isinstance(M, int):
        raise_type("the number fo points should be an int")
    return M > 1


def _window(M, fn):
    if not _window_size(M):
        return ones(max(0, M))
    n = jnp.arange(M, dtype=jnp.float32)
    return wrap(fn(n).astype(jnp.float32))


def bartlett(M):
    """The Bartlett (triangular) window."""
    return _window(M, lambda n: 1 - jnp.abs(2 * n - (M - 1)) / jnp.float32(M - 1))


def blackman(M):
    """The Blackman window."""
    def fn(_):
        n2 = jnp.arange(1 - M, M, 2, dtype=jnp.float32)
        return (0.42 + 0.5 * jnp.cos(jnp.float32(math.pi / (M - 1)) * n2)
                + 0.08 * jnp.cos(jnp.float32(2 * math.pi / (M - 1)) * n2))
    return _window(M, fn)


def hamming(M):
    """The Hamming window."""
    return _window(M, lambda n: 0.54 - 0.46 * jnp.cos(jnp.float32(2 * math.pi / (M - 1)) * n))


def hanning(M):
    """The Hann window."""
    return _window(M, lambda n: 0.5 - 0.5 * jnp.cos(jnp.float32(2 * math.pi / (M - 1)) * n))


def _tri_indices(n, k, m, upper):
    for name, v in (("n", n), ("k", k)):
        if not isinstance(v, (int, float, bool)):
            raise TypeError(f"Input {name} must be a number.")
    if m is None:
        m = n
    elif not isinstance(m, (int, float, bool)):
        raise TypeError("Input m must be a number.")
    cmp = operator.ge if upper else operator.le
    rows, cols = [], []
    for i in range(math.ceil(n)):
        for j in range(math.ceil(m)):
            if cmp(j, i + k):
                rows.append(i)
                cols.append(j)
    return _const_array(rows), _const_array(cols)


def triu_indices(n, k=0, m=None):
    """Indices of the upper triangle of an (n, m) array."""
    return _tri_indices(n, k, m, True)


def tril_indices(n, k=0, m=None):
    """Indices of the lower triangle of an (n, m) array."""
    return _tri_indices(n, k, m, False)


def _indices_from(arr, k, upper):
    arr = asarray(arr)
    if arr.ndim != 2:
        raise_value("input array must be 2-d")
    return _tri_indices(arr.shape[-2], k, arr.shape[-1], upper)


def triu_indices_from(arr, k=0):
    """Indices of the upper triangle of a 2-D ``arr``."""
    return _indices_from(arr, k, True)


def tril_indices_from(arr, k=0):
    """Indices of the lower triangle of a 2-D ``arr``."""
    return _indices_from(arr, k, False)


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # pylint: disable=redefined-builtin
    """The bin edges ``histogram`` uses."""
    a = to_tensor(a)
    if weights is not None:
        weights = to_tensor(weights)
        if a.shape != weights.shape:
            raise_value("weights should have the same shape as a")
    if isinstance(bins, (tuple, list, Tensor)):
        bins = to_tensor(bins)
        if bins.ndim != 1:
            raise_value("`bins` must be 1d, when an array")
        return bins
    if isinstance(bins, str):
        raise NotImplementedError("string value for `bins` not implemented")
    x = jnp.ravel(a._data).astype(jnp.float32)
    if range is None:
        start, end = jnp.min(x), jnp.max(x)
    else:
        if not isinstance(range, (list, tuple)) or len(range) != 2:
            raise_value("`range` should take the form (start, end)")
        start, end = range
        if start > end:
            raise_value("max must be larger than min in range parameter")
        start, end = jnp.float32(start), jnp.float32(end)
    same = (end - start) == 0
    start = jnp.where(same, start - 0.5, start)
    end = jnp.where(same, end + 0.5, end)
    return linspace(wrap(start), wrap(end), bins + 1)


def _pad_to_nd(values, ndim):
    if not isinstance(values, (int, list, tuple, Tensor)):
        raise TypeError("pad_width, stat_length, constant_values or end_values should only be int, list, tuple "
                        "or tensor")
    shape = tuple(to_tensor(values).shape)
    if isinstance(values, Tensor):
        values = values.asnumpy().tolist()
    if not shape:
        return tuple((values, values) for _ in range(ndim))
    if shape == (1,):
        return tuple(tuple(values) * 2 for _ in range(ndim))
    if shape == (2,):
        return tuple(tuple(values) for _ in range(ndim))
    if shape == (1, 2):
        return tuple(tuple(values[0]) for _ in range(ndim))
    if shape == (ndim, 2):
        return tuple(tuple(p) for p in values)
    raise ValueError(f"input values must be able to broadcast to {(ndim, 2)}")


_PAD_MODES = ("constant", "maximum", "minimum", "mean", "median", "edge", "wrap", "linear_ramp", "symmetric",
              "reflect", "empty")


def pad(arr, pad_width, mode="constant", stat_length=None, constant_values=0, end_values=0,
        reflect_type="even", **kwargs):
    """Pad ``arr`` (numpy's modes except 'median'; a callable ``mode`` pads per axis)."""
    arr = to_tensor(arr)
    if arr.ndim == 0:
        return arr
    pad_width = _pad_to_nd(pad_width, arr.ndim)
    if mode not in _PAD_MODES and not callable(mode):
        raise_value("Input mode not supported.")
    a = arr._data
    if mode == "constant":
        values = _pad_to_nd(constant_values, arr.ndim)
        for i, (before, after) in enumerate(pad_width):
            w = [(0, 0)] * a.ndim
            w[i] = (before, 0)
            a = jnp.pad(a, w, constant_values=jnp.asarray(values[i][0]).astype(a.dtype))
            w[i] = (0, after)
            a = jnp.pad(a, w, constant_values=jnp.asarray(values[i][1]).astype(a.dtype))
        return wrap(a)
    if mode == "median":
        raise NotImplementedError("median mode is not supported yet")
    if mode in ("maximum", "minimum", "mean"):
        return _pad_statistic(arr, pad_width, stat_length, mode)
    if mode == "linear_ramp":
        ends = _pad_to_nd(end_values, arr.ndim)
        return wrap(jnp.pad(a, pad_width, mode=mode, end_values=ends).astype(a.dtype))
    if mode in ("symmetric", "reflect"):
        return wrap(jnp.pad(a, pad_width, mode=mode, reflect_type=reflect_type))
    if mode == "empty":
        return wrap(jnp.pad(a, pad_width, mode="constant"))
    if mode in ("edge", "wrap"):
        return wrap(jnp.pad(a, pad_width, mode=mode))
    res = onp.pad(arr.asnumpy(), pad_width, mode=lambda vec, w, ax, kw: _call_pad_func(mode, vec, w, ax, kw),
                  **kwargs)
    return Tensor(res)


_STAT_OPS = {"maximum": ops.ReduceMax, "minimum": ops.ReduceMin, "mean": ops.ReduceMean}


def _pad_statistic(arr, pad_width, stat_length, mode):
    """Pad each axis with a statistic of its first/last ``stat_length`` values, reduced in the
    input's dtype (an integer mean truncates, as MindSpore's ReduceMean does)."""
    shape = arr.shape
    lengths = tuple((s, s) for s in shape) if stat_length is None else _pad_to_nd(stat_length, arr.ndim)
    reduce = _STAT_OPS[mode](True)
    for i, (before, after) in enumerate(pad_width):
        n = arr.shape[i]
        lo = min(lengths[i][0], shape[i])
        hi = min(lengths[i][1], shape[i])
        head = reduce(wrap(jnp.take(arr._data, jnp.arange(0, lo), axis=i)), i)._data
        tail = reduce(wrap(jnp.take(arr._data, jnp.arange(n - hi, n), axis=i)), i)._data
        reps_b = [1] * arr.ndim
        reps_b[i] = before
        reps_a = [1] * arr.ndim
        reps_a[i] = after
        arr = wrap(jnp.concatenate((jnp.tile(head, reps_b), arr._data, jnp.tile(tail, reps_a)), axis=i))
    return arr


def _call_pad_func(fn, vector, iaxis_pad_width, iaxis, kwargs):
    out = fn(Tensor(vector.copy()), iaxis_pad_width, iaxis, kwargs)
    if isinstance(out, Tensor):
        vector[...] = out.asnumpy()
    elif out is not None:
        vector[...] = onp.asarray(out)
