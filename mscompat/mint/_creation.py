"""mint's creation ops (sizes as a tuple or as separate ints, ``dtype=`` keyword-only) and its
random draws (torch-style ``*size``, ``generator=``), on the kernels of the ``ops`` twins."""
import numpy as np
import jax.numpy as jnp

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.ops import _random
from mscompat.ops._registry import mint_op, mint_form

for _n in ("arange", "full_like", "zeros_like", "ones_like"):
    mint_form("", _n)


def _size(name, size):
    if isinstance(size, (tuple, list)) and len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = size[0]
    if isinstance(size, (int, np.integer)) and not isinstance(size, bool):
        size = (int(size),)
    if isinstance(size, Tensor):
        size = tuple(int(v) for v in size.asnumpy().reshape(-1))
    if not isinstance(size, (tuple, list)) or any(isinstance(v, bool) or not isinstance(v, (int, np.integer))
                                                  for v in size):
        raise TypeError(f"For '{name}', 'size' must be a tuple or list of ints, but got {size!r}.")
    if any(v < 0 for v in size):
        raise ValueError(f"For '{name}', the dimensions of 'size' must be non-negative, but got {tuple(size)}.")
    return tuple(int(v) for v in size)


@mint_op("", twin="zeros")
def zeros(size, *, dtype=None):
    """A tensor of zeros of shape ``size`` (float32 unless ``dtype``). ``ops.zeros`` checks ``size``
    (an int, a tuple/list of ints or an int Tensor), with MindSpore's messages; no second check here."""
    return ops.zeros(size, dtype)


@mint_op("", twin="ones")
def ones(size, *, dtype=None):
    """A tensor of ones of shape ``size`` (float32 unless ``dtype``); ``size`` checked by ``ops.ones``."""
    return ops.ones(size, dtype)


@mint_op("", twin="full")
def full(size, fill_value, *, dtype=None):
    """A tensor of shape ``size`` filled with ``fill_value``; dtype from ``fill_value`` unless given
    (bool, int64 for ints, float32 for floats: unlike ``ops.full``, which keeps an int dtype)."""
    if dtype is None:
        if isinstance(fill_value, Tensor):
            dtype = fill_value.dtype
        elif isinstance(fill_value, (bool, np.bool_)):
            dtype = mstype.bool_
        elif isinstance(fill_value, (int, np.integer)):
            dtype = mstype.int64
        elif isinstance(fill_value, (float, np.floating)):
            dtype = mstype.float32
        else:
            raise TypeError(f"For 'full', 'fill_value' must be a number, bool or Tensor, but got "
                            f"{type(fill_value).__name__}.")
    return ops.full(_size("full", size), fill_value, dtype=dtype)


@mint_op("", twin="zeros")
def empty(*size, dtype=None, device=None):
    """An uninitialised tensor of shape ``size`` (here: zeros; float32 unless ``dtype``)."""
    return ops.zeros(_size("empty", size), mstype.float32 if dtype is None else dtype)


@mint_op("", twin="zeros_like")
def empty_like(input, *, dtype=None, device=None):
    """An uninitialised tensor shaped like ``input`` (here: zeros)."""
    return ops.zeros_like(input, dtype=dtype)


@mint_op("", twin="linspace")
def linspace(start, end, steps, *, dtype=None):
    """``steps`` evenly spaced values from ``start`` to ``end`` (float32 unless ``dtype``)."""
    if isinstance(steps, bool) or not isinstance(steps, (int, np.integer)):
        raise TypeError(f"For 'linspace', 'steps' must be an int, but got {type(steps).__name__}.")
    if steps <= 0:
        raise ValueError(f"For 'linspace', 'steps' must be positive, but got {steps}.")
    work = mstype.float64 if dtype == mstype.float64 else mstype.float32   # float64 is computed in float64
    out = ops.linspace(ops.scalar_to_tensor(float(start), work) if not isinstance(start, Tensor)
                       else start.astype(work),
                       ops.scalar_to_tensor(float(end), work) if not isinstance(end, Tensor)
                       else end.astype(work), int(steps))
    return out if dtype is None or dtype == work else out.astype(dtype)


def _like_input(prim, input):
    if not isinstance(input, Tensor):
        raise TypeError(f'Failed calling {prim} with "{prim}()(tensor={type(input).__name__})". The valid calling '
                        f'should be: "{prim}()(tensor=<Tensor>, dtype=<mindspore.dtype>)".')


def _draw_shape(name, size):
    return _size(name, size)


@mint_op("", twin="rand")
def rand(*size, generator=None, dtype=None, device=None):
    """U[0, 1) of shape ``size`` (float32 unless ``dtype``)."""
    dtype = _random._float_dtype("rand", dtype)
    shape = _draw_shape("rand", size)
    return _random._wrap(_random._unit_uniform(_random._key(generator=generator), shape).astype(_random._np(dtype)))


@mint_op("", twin="randn")
def randn(*size, generator=None, dtype=None, device=None):
    """N(0, 1) of shape ``size`` (float32 unless ``dtype``)."""
    dtype = _random._float_dtype("randn", dtype)
    shape = _draw_shape("randn", size)
    return _random._wrap(_random._std_normal(_random._key(generator=generator), shape).astype(_random._np(dtype)))


@mint_op("", twin="rand_like")
def rand_like(input, *, dtype=None, device=None):
    """U[0, 1) shaped like ``input``."""
    _like_input("RandLikeExt", input)
    return rand(tuple(input.shape), dtype=input.dtype if dtype is None else dtype)


@mint_op("", twin="randn_like")
def randn_like(input, *, dtype=None, device=None):
    """N(0, 1) shaped like ``input``."""
    _like_input("RandnLike", input)
    return randn(tuple(input.shape), dtype=input.dtype if dtype is None else dtype)


@mint_op("", twin="randint")
def randint(*args, generator=None, dtype=None, device=None):
    """Integers drawn uniformly from ``[low, high)``: ``randint(high, size)`` or
    ``randint(low, high, size)`` (int64 unless ``dtype``)."""
    if len(args) == 2:
        low, (high, size) = 0, args
    elif len(args) == 3:
        low, high, size = args
    else:
        raise TypeError(f"For 'randint', expected (high, size) or (low, high, size), but got {len(args)} arguments.")
    for arg, v in (("low", low), ("high", high)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"For 'randint', '{arg}' must be an int, but got {type(v).__name__}.")
    if low >= high:
        raise ValueError(f"For 'randint', 'low' must be less than 'high', but got low={low}, high={high}.")
    if not isinstance(size, (tuple, list)):
        raise TypeError(f"For 'randint', 'size' must be a tuple or list of ints, but got {type(size).__name__}.")
    shape = _size("randint", size)
    u = _random._unit_uniform(_random._key(generator=generator), shape)
    out = jnp.int64(low) + jnp.floor(u * (high - low)).astype(jnp.int64)
    return _random._wrap(out).astype(mstype.int64 if dtype is None else dtype)


@mint_op("", twin="normal")
def normal(mean=0.0, std=1.0, size=None, generator=None):
    """Normal draws with ``mean`` and ``std`` (Tensors broadcast together, or floats with ``size``)."""
    tensor_in = isinstance(mean, Tensor) or isinstance(std, Tensor)
    if tensor_in:
        m = mean if isinstance(mean, Tensor) else ops.scalar_to_tensor(float(mean), mstype.float32)
        s = std if isinstance(std, Tensor) else ops.scalar_to_tensor(float(std), mstype.float32)
        shape = tuple(np.broadcast_shapes(tuple(m.shape), tuple(s.shape)))
        dt = m.dtype if isinstance(mean, Tensor) else s.dtype
    else:
        if size is None:
            raise ValueError("For 'normal', 'size' must be given when 'mean' and 'std' are floats.")
        shape, dt = _size("normal", size), mstype.float32
        m, s = float(mean), float(std)
        if s < 0:
            raise ValueError(f"For primitive[NormalFloatFloat], the std must be greater than or equal to 0, "
                             f"but got {std}.")
    z = _random._wrap(_random._std_normal(_random._key(generator=generator), shape)).astype(dt)
    return z * s + m


@mint_op("", twin="randperm")
def randperm(n, *, generator=None, dtype=mstype.int64):
    """A random permutation of ``0 .. n-1``."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"For 'randperm', 'n' must be an int, but got {type(n).__name__}.")
    if n < 0:
        raise ValueError(f"For 'randperm', 'n' must be non-negative, but got {n}.")
    u = _random._unit_uniform(_random._key(generator=generator), (int(n),))
    return _random._wrap(jnp.argsort(u).astype(jnp.int64)).astype(dtype)


@mint_op("", twin="randint_like")
def randint_like(input, *args, generator=None, dtype=None, device=None):
    """``randint`` shaped like ``input``: ``(high)`` or ``(low, high)``; dtype ``input``'s unless given."""
    _like_input("RandIntLike", input)
    return randint(*args, tuple(input.shape), generator=generator, dtype=input.dtype if dtype is None else dtype)
