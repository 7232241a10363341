"""Random ops: normal, rand/randn/randint, uniform, gamma/poisson, shuffle, multinomial,
NonDeterministicInts, the in-place exponential_, ...

Every draw takes a fresh key from the global RNG state (``mscompat.common.seed``):
``op_key(seed, seed2)`` splits the state, so consecutive calls differ and the sequence
is reproducible after ``set_seed``; ops with a ``generator`` argument draw from it. The
values are JAX's, not MindSpore's; dtypes, shapes and argument checks are MindSpore's.
"""
import numpy as np
import jax
import jax.numpy as jnp

from mscompat._checkparam import check_is_tensor
from mscompat.common import dtype as mstype
from mscompat.common.seed import op_key
from ._args import Tensor, arr, binary, to_np_dtype, check_arg_type as _check_type, tensor_of_dtypes as _tensor_input
from ._registry import op, register_primitive_class, tensor_method
from .primitive import Primitive, prim_attr_register
import importlib

_wrap = Tensor._wrap
_F32 = jnp.float32


# --- argument helpers ----------------------------------------------------------------------------
def _is_int(v):
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def _check_seed(name, arg, v):
    """MindSpore's check_non_negative_int for seed attributes."""
    if not _is_int(v):
        raise TypeError(f"For '{name}', the type of '{arg}' should be 'int', but got type '{type(v).__name__}'.")
    if v < 0:
        raise ValueError(f"For '{name}', the '{arg}' should be a non-negative int, but got {v}.")
    return int(v)


def _check_int_type(name, arg, v):
    if not _is_int(v):
        raise TypeError(f"For '{name}', the type of '{arg}' should be 'int', but got type '{type(v).__name__}'.")
    return int(v)


def _func_seed(name, seed):
    """A functional op's ``seed`` (None or a non-negative int)."""
    if seed is None:
        return 0
    return _check_seed(name, "seed", seed)


def _key(seed=0, seed2=0, generator=None):
    if generator is not None:
        return generator._next_key()
    return op_key(seed, seed2)


def _shape_of(name, shape, arg="shape", tensor_only=False, list_error=TypeError):
    """A shape given as a tuple of ints or an int Tensor -> tuple of ints."""
    if isinstance(shape, Tensor):
        if shape.dtype not in (mstype.int32, mstype.int64):
            raise TypeError(f"For '{name}', the '{arg}' must be a Tensor of int32 or int64, but got {shape.dtype}.")
        shape = tuple(int(v) for v in np.asarray(shape.asnumpy()).reshape(-1))
    elif tensor_only:
        raise TypeError(f"For Primitive[{name}], the type of input argument[{arg}] must be Tensor "
                        f"but got {type(shape).__name__}.")
    elif isinstance(shape, list):
        raise list_error(f"For '{name}', input must be a Int, a tuple, or a Tensor with all Int elements, "
                         f"but got: list.")
    if not isinstance(shape, tuple):
        raise TypeError(f"For '{name}', input must be a Int, a tuple, or a Tensor with all Int elements, "
                        f"but got: {type(shape).__name__}.")
    for v in shape:
        if not _is_int(v):
            raise TypeError(f"For '{name}', the elements of '{arg}' must be int, but got {type(v).__name__}.")
        if v < 0:
            raise ValueError(f"For '{name}', the elements of '{arg}' must be non-negative, but got {shape}.")
    return tuple(int(v) for v in shape)


def _check_shape(shape):
    """``ops.normal``/``ops.laplace`` shape check: a tuple of positive ints."""
    if not isinstance(shape, tuple):
        raise TypeError(f"Type of 'shape' must be tuple, but got: {type(shape)}")
    for item in shape:
        if not isinstance(item, int):
            raise TypeError(f"Elements of 'shape' must be int, but got: {type(item)}")
        if item < 1:
            raise ValueError(f"Elements of 'shape' must be positive int, but got: {item}")
    return shape


def _size_shape(size):
    """``rand``/``randn`` ``*size``: ints, or one tuple/list; empty gives (1,)."""
    if not size:
        return (1,)
    if len(size) == 1:
        s = size[0]
        if _is_int(s):
            return (int(s),)
        if isinstance(s, (list, tuple)):
            return tuple(s)
        raise TypeError("If the length of the argument 'shape' is 1, the type of the argument 'shape' must be "
                        f"one of ['int', 'list', 'tuple'], but got {s}.")
    for v in size:
        if not _is_int(v):
            raise TypeError("If the length of the argument 'shape' is > 1, the type of the argument 'shape' "
                            f"must all be int, but got {v}.")
    return tuple(int(v) for v in size)


def _float_dtype(name, dtype, default=mstype.float32):
    if dtype is None:
        return default
    if dtype not in mstype.float_type:
        raise ValueError(f"For '{name}', the 'dtype' must be a float type, but got {dtype}.")
    return dtype


def _np(dtype):
    return to_np_dtype(dtype)


def _need_tensor(name, arg, x):
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{name}', the '{arg}' must be a Tensor, but got {type(x)}")
    return x


def _check_dtype_in(name, arg, dtype, valid):
    if dtype not in valid:
        raise TypeError(f"For '{name}', the '{arg}' should be one of {list(valid)}, but got {dtype}.")


# --- core draws ------------------------------------------------------------------------------------
def _std_normal(key, shape, dtype=_F32):
    return jax.random.normal(key, shape, dtype)


def _unit_uniform(key, shape, dtype=_F32):
    return jax.random.uniform(key, shape, dtype)


def _uniform_int(key, shape, low, high, dtype=jnp.int32):
    return jax.random.randint(key, shape, low, high, dtype)


def _gumbel_topk(key, logits, k):
    """Indices of ``k`` draws without replacement (Gumbel top-k) along the last axis."""
    g = jax.random.gumbel(key, logits.shape, logits.dtype)
    return jax.lax.top_k(logits + g, k)[1]


# --- functional ops ------------------------------------------------------------------------------------
def _scale_shift(base, scale, shift, name):
    a, s = binary(name, _wrap(base), scale)
    out = _wrap(a * s)
    o, m = binary(name, out, shift)
    return _wrap(o + m)


@op("standard_normal")
def standard_normal(shape, seed=None):
    """Samples of N(0, 1), float32."""
    s = _func_seed("standard_normal", seed)
    return StandardNormal(s, 0)(shape)


@op("normal")
def normal(shape, mean, stddev, seed=None):
    """``StandardNormal(shape) * stddev + mean``; shape broadcast with ``mean`` and ``stddev``."""
    for arg, v in (("mean", mean), ("stddev", stddev)):
        if not isinstance(v, (Tensor, int, float, np.ndarray)):
            raise TypeError(f"For 'normal', the type of '{arg}' must be Tensor, int, or float, but got: {type(v)}")
    mean = mean if isinstance(mean, Tensor) else Tensor(mean)
    stddev = stddev if isinstance(stddev, Tensor) else Tensor(stddev)
    s = _func_seed("normal", seed)
    _check_shape(shape)
    z = _std_normal(_key(s), shape)
    return _scale_shift(z, stddev, mean, "normal")


@op("standard_laplace")
def standard_laplace(shape, seed=None):
    """Samples of Laplace(0, 1), float32."""
    s = _func_seed("standard_laplace", seed)
    return StandardLaplace(s, 0)(shape)


@op("laplace")
def laplace(shape, mean, lambda_param, seed=None):
    """``StandardLaplace(shape) * lambda_param + mean`` (float32 Tensors)."""
    for arg, v in (("mean", mean), ("lambda_param", lambda_param)):
        if not isinstance(v, Tensor) or v.dtype != mstype.float32:
            raise TypeError(f"For 'laplace', the dtype of '{arg}' must be Float32, "
                            f"but got {getattr(v, 'dtype', type(v).__name__)}.")
    s = _func_seed("laplace", seed)
    _check_shape(shape)
    z = jax.random.laplace(_key(s), shape, _F32)
    return _scale_shift(z, lambda_param, mean, "laplace")


@op("uniform")
def uniform(shape, minval, maxval, seed=None, dtype=mstype.float32):
    """U[minval, maxval): float32 (UniformReal) or int32 (UniformInt)."""
    if not isinstance(minval, Tensor) or not isinstance(maxval, Tensor):
        raise TypeError("For functional operator[uniform], the input[minval] and input[maxval] must be a Tensor.")
    if dtype not in (mstype.int32, mstype.float32):
        raise TypeError(f"For 'uniform', the 'dtype' must be in [Int32, Float32], but got {dtype}.")
    for arg, v in (("minval", minval), ("maxval", maxval)):
        if v.dtype != dtype:
            raise TypeError(f"For 'uniform', the dtype of '{arg}' must be {dtype}, but got {v.dtype}.")
    s = _func_seed("uniform", seed)
    if dtype == mstype.int32:
        return UniformInt(s, 0)(shape, minval, maxval)
    u = _unit_uniform(_key(s), _shape_of("uniform", shape, list_error=RuntimeError))
    lo, hi = arr(minval), arr(maxval)
    return _wrap(u * (hi - lo) + lo)


@op("rand")
def rand(*size, dtype=None, seed=None):
    """U[0, 1) of shape ``size`` (float dtype, default float32)."""
    dtype = _float_dtype("rand", dtype)
    shape = _size_shape(size)
    s = _func_seed("rand", seed)
    return _wrap(_unit_uniform(_key(s), shape).astype(_np(dtype)))


@op("randn")
def randn(*size, dtype=None, seed=None):
    """N(0, 1) of shape ``size`` (float dtype, default float32)."""
    dtype = _float_dtype("randn", dtype)
    shape = _size_shape(size)
    s = _func_seed("randn", seed)
    return _wrap(_std_normal(_key(s), shape).astype(_np(dtype)))


@op("rand_like")
def rand_like(input, seed=None, *, dtype=None):
    """U[0, 1) shaped like ``input`` (dtype: ``input``'s, must be float)."""
    _need_tensor("rand_like", "input", input)
    dtype = _float_dtype("rand_like", dtype if dtype is not None else input.dtype)
    s = _func_seed("rand_like", seed)
    return _wrap(_unit_uniform(_key(s), tuple(input.shape)).astype(_np(dtype)))


@op("randn_like")
def randn_like(input, seed=None, *, dtype=None):
    """N(0, 1) shaped like ``input`` (dtype default float32)."""
    _need_tensor("randn_like", "input", input)
    dtype = _float_dtype("randn_like", dtype)
    s = _func_seed("randn_like", seed)
    return _wrap(_std_normal(_key(s), tuple(input.shape)).astype(_np(dtype)))


def _check_low_high(low, high):
    for arg, v in (("low", low), ("high", high)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"For 'randint_like', '{arg}' must be an int, but got {type(v)}.")
    if low >= high:
        raise RuntimeError(f"For 'Random', invalid min/max values: ({low}/{high})")


@op("randint")
def randint(low, high, size, seed=None, *, dtype=None):
    """Integers uniform in [low, high) of shape ``size`` (a tuple); dtype default int64."""
    if dtype is None:
        dtype = mstype.int64
    elif dtype not in mstype.int_type:
        raise ValueError(f"For 'randint', the 'dtype' must be an int type, but got {dtype}.")
    if not isinstance(size, tuple):
        raise ValueError(f"For 'randint', the input 'size' must be a tuple, but got {size}.")
    _check_low_high(low, high)
    s = _func_seed("randint", seed)
    return _wrap(_uniform_int(_key(s), _shape_of("randint", size), low, high, jnp.int64).astype(_np(dtype)))


@op("randint_like")
def randint_like(input, low, high, seed=None, *, dtype=None):
    """Integers uniform in [low, high) shaped like ``input`` (int dtype, default ``input``'s)."""
    _need_tensor("randint_like", "input", input)
    dtype = input.dtype if dtype is None else dtype
    if dtype not in mstype.int_type:
        raise ValueError(f"For 'randint_like', the 'dtype' must be an int type, but got {dtype}.")
    _check_low_high(low, high)
    s = _func_seed("randint_like", seed)
    return _wrap(_uniform_int(_key(s), tuple(input.shape), low, high, jnp.int64).astype(_np(dtype)))


@op("gamma")
def gamma(shape, alpha, beta, seed=None):
    """Gamma(alpha, rate=beta) samples; shape broadcast of ``shape``, ``alpha``, ``beta``."""
    s = _func_seed("gamma", seed)
    return Gamma(s, 0)(shape, alpha, beta)


@op("poisson")
def poisson(shape, mean, seed=None):
    """Poisson(mean) samples, int32; shape broadcast of ``shape`` and ``mean``."""
    s = _func_seed("poisson", seed)
    return Poisson(s, 0)(shape, mean)


@op("random_gamma")
def random_gamma(shape, alpha, seed=None):
    """Gamma(alpha) samples of shape ``shape + alpha.shape`` (``alpha``'s dtype)."""
    s = _func_seed("random_gamma", seed)
    return RandomGamma(s, 0)(shape, alpha)


@op("random_poisson")
def random_poisson(shape, rate, seed=None, dtype=mstype.float32):
    """Poisson(rate) samples of shape ``shape + rate.shape`` in ``dtype``."""
    s = _func_seed("random_poisson", seed)
    return RandomPoisson(s, 0, dtype)(shape, rate)


@op("shuffle")
def shuffle(x, seed=None):
    """A random permutation of ``x`` along its first axis."""
    s = _func_seed("shuffle", seed)
    return RandomShuffle(s, 0)(x)


@op("randperm")
def randperm(n, seed=0, offset=0, dtype=mstype.int64):
    """A random permutation of ``0 .. n-1``."""
    return RandpermV2(seed, offset, dtype)(n)


@op("multinomial")
def multinomial(input, num_samples, replacement=True, seed=None):
    """Category indices drawn from the rows of ``input`` (unnormalized probabilities), int32."""
    _need_tensor("multinomial", "input", input)
    if input.ndim not in (1, 2):
        raise ValueError(f"For 'multinomial', the dimension of inputs must be 1d or 2d, but got {input.ndim}.")
    s = _func_seed("multinomial", seed)
    if not replacement:
        if input.shape[-1] < num_samples:
            raise ValueError("For 'multinomial', the 'num_samples' must be less than the last dimension of input "
                             f"without 'replacement', but got 'num_samples': {num_samples} and "
                             f"'replacement': {replacement}")
        p = arr(input).astype(_F32)
        idx = _gumbel_topk(_key(s), jnp.log(p + 1e-30), num_samples)
        return _wrap(idx.astype(jnp.int32))
    return Multinomial(s, 0)(input, num_samples)


@op("random_categorical")
def random_categorical(logits, num_sample, seed=0, dtype=mstype.int64):
    """``num_sample`` category indices per row of ``logits`` (2-D)."""
    return RandomCategorical(dtype)(logits, num_sample, seed)


@op("choice_with_mask")
def choice_with_mask(input_x, count=256, seed=None):
    """Random indices of True elements of a bool Tensor, padded to ``count``, plus a mask."""
    s = _func_seed("choice_with_mask", seed)
    return RandomChoiceWithMask(count, s, 0)(input_x)


@op("multinomial_with_replacement")
def multinomial_with_replacement(x, seed, offset, numsamples, replacement=False):
    """Category indices drawn from the rows of ``x``; int64 of shape (rows, numsamples)."""
    for arg, v in (("seed", seed), ("offset", offset)):
        if not isinstance(v, Tensor) and not isinstance(v, int):
            raise TypeError(f"For multinomial_with_replacement, the input[{arg}] must be int, but got {type(v)}.")
    seed = seed if isinstance(seed, Tensor) else Tensor(seed, mstype.int64)
    offset = offset if isinstance(offset, Tensor) else Tensor(offset, mstype.int64)
    return MultinomialWithReplacement(numsamples, replacement)(x, seed, offset)


def type_word(v):
    """How MindSpore's argument parser names the type of ``v`` in a "Failed calling" message
    (``int``, ``string``, ``Tensor``, ``List<int>``, ``Tuple<Tensor>``, ...)."""
    if isinstance(v, Tensor):
        return "Tensor"
    if isinstance(v, (list, tuple)):
        inner = ", ".join(dict.fromkeys(type_word(e) for e in v))
        return f"{'List' if isinstance(v, list) else 'Tuple'}<{inner}>"
    return {str: "string", type(None): "None"}.get(type(v), type(v).__name__)


def failed_call(label, args, kwargs=(), prim=True):
    """MindSpore's TypeError for arguments its parser rejects: ``Failed calling X with
    "X()(a=int, ...)"`` (``prim``: keyword form of a Primitive) or ``"x(int, ...)"``."""
    words = [f"{k}={type_word(v)}" if prim else type_word(v) for k, v in args]
    words += [f"{k}={type_word(v)}" for k, v in kwargs]
    call = f"{label}()({', '.join(words)})" if prim else f"{label}({', '.join(words)})"
    return TypeError(f'Failed calling {label} with "{call}".')


def _is_number(v):
    return isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, (bool, np.bool_))


def _inplace_args(prim, input, numbers_, optional=()):
    """The checks of the in-place random Primitives (``InplaceNormal``, ...): ``input`` a Tensor,
    each of ``numbers_`` (``(name, value)``) a number (or None for the names in ``optional``)."""
    bad = not isinstance(input, Tensor) or any(
        not (_is_number(v) or (v is None and k in optional)) for k, v in numbers_)
    if bad:
        raise failed_call(prim, (("input", input),) + tuple(numbers_) + (("seed", input), ("offset", input)))
    return arr(input)


def _float_input(name, a):
    if not (jnp.issubdtype(a.dtype, jnp.floating)):
        raise RuntimeError(f"For '{name}', the 'input' must be a floating Tensor (float16, float32, float64 or "
                           f"bfloat16), but got {mstype.from_numpy_dtype(a.dtype)}.")


def _inplace(input, value):
    input._data = value
    return input


@op("normal_")
def normal_(input, mean=0, std=1, *, generator=None):
    """Fill ``input`` in place with N(mean, std**2); returns ``input``."""
    a = _inplace_args("InplaceNormal", input, (("mean", mean), ("std", std)))
    _float_input("normal_", a)
    if std < 0:
        raise RuntimeError(f"For 'normal_', 'std' must be non-negative, but got {std}.")
    z = _std_normal(_key(generator=generator), a.shape, jnp.float32)
    return _inplace(input, (z * std + mean).astype(a.dtype))


@op("uniform_")
def uniform_(input, from_=0, to=1, *, generator=None):
    """Fill ``input`` in place with U[from_, to); returns ``input``."""
    a = _inplace_args("InplaceUniform", input, (("from_", from_), ("to", to)))
    _float_input("uniform_", a)
    if from_ > to:
        raise RuntimeError(f"For 'uniform_', 'from_' must be less than or equal to 'to', but got from_={from_}, "
                           f"to={to}.")
    u = _unit_uniform(_key(generator=generator), a.shape, jnp.float32)
    return _inplace(input, (u * (to - from_) + from_).astype(a.dtype))


@op("random_")
def random_(input, from_=0, to=None, *, generator=None):
    """Fill ``input`` in place with integers uniform in [from_, to) (``to`` None: the dtype's
    largest exact integer); returns ``input``."""
    a = _inplace_args("InplaceRandom", input, (("from_", from_), ("to", to)), optional=("to",))
    if to is None:
        if jnp.issubdtype(a.dtype, jnp.integer):
            to = int(jnp.iinfo(a.dtype).max) + 1
        elif a.dtype == jnp.bool_:
            to = 2
        else:
            to = 2 ** (jnp.finfo(a.dtype).nmant + 1) + 1
    if from_ >= to:
        raise RuntimeError(f"For 'random_', expected 'from_' to be less than 'to', but got from_={from_}, to={to}.")
    v = jax.random.randint(_key(generator=generator), a.shape, int(from_), int(to), jnp.int64)
    return _inplace(input, v.astype(a.dtype))


# --- Primitives ------------------------------------------------------------------------------------
class _SeedPrim(Primitive):
    """Base of random primitives with ``seed``/``seed2`` attributes."""

    def __init__(self, seed=0, seed2=0):
        Primitive.__init__(self, type(self).__name__)
        self._seeds(seed, seed2)

    def _seeds(self, seed, seed2, check=_check_seed):
        self.add_prim_attr("seed", check(self.name, "seed", seed))
        self.add_prim_attr("seed2", check(self.name, "seed2", seed2))
        self.add_prim_attr("side_effect_hidden", True)

    def _k(self):
        return op_key(self.seed, self.seed2)


def _register(cls):
    return register_primitive_class(cls)


@_register
class StandardNormal(_SeedPrim):
    """N(0, 1) samples of ``shape``, float32."""

    def __call__(self, shape):
        return _wrap(_std_normal(self._k(), _shape_of(self.name, shape)))


@_register
class StandardLaplace(_SeedPrim):
    """Laplace(0, 1) samples of ``shape``, float32."""

    def __call__(self, shape):
        return _wrap(jax.random.laplace(self._k(), _shape_of(self.name, shape), _F32))


@_register
class UniformReal(_SeedPrim):
    """U[0, 1) samples of ``shape``, float32."""

    def __call__(self, shape):
        return _wrap(_unit_uniform(self._k(), _shape_of(self.name, shape)))


@_register
class UniformInt(_SeedPrim):
    """int32 samples uniform in [minval, maxval) (int32 scalar Tensors)."""

    def __call__(self, shape, minval, maxval):
        shape = _shape_of(self.name, shape, list_error=RuntimeError)
        for arg, v in (("minval", minval), ("maxval", maxval)):
            if not isinstance(v, Tensor) or v.dtype != mstype.int32:
                raise TypeError(f"For '{self.name}', the '{arg}' must be a Tensor of int32, "
                                f"but got {getattr(v, 'dtype', type(v).__name__)}.")
            if v.ndim != 0 and v.size != 1:
                raise ValueError(f"For '{self.name}', the '{arg}' must be a scalar Tensor, but got shape {v.shape}.")
        lo, hi = arr(minval).reshape(()), arr(maxval).reshape(())
        if not isinstance(lo, jax.core.Tracer) and not isinstance(hi, jax.core.Tracer) and int(lo) >= int(hi):
            raise RuntimeError(f"For 'Random', invalid min/max values: ({int(lo)}/{int(hi)})")
        return _wrap(_uniform_int(self._k(), shape, lo, hi))


@_register
class RandomShuffle(_SeedPrim):
    """A random permutation of the input along axis 0."""

    def __call__(self, x):
        _need_tensor(self.name, "input_x", x)
        a = arr(x)
        if a.ndim == 0:
            return _wrap(a)
        return _wrap(jax.random.permutation(self._k(), a, axis=0, independent=False))


def _broadcast(name, *shapes):
    try:
        return tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        raise ValueError(f"For '{name}', the shapes {list(shapes)} can not broadcast.") from None


def _positive_shape(name, shape):
    if not isinstance(shape, tuple):
        raise TypeError(f"For '{name}', the type of 'shape' should be 'tuple', but got type '{type(shape).__name__}'.")
    for i, v in enumerate(shape):
        if not _is_int(v):
            raise TypeError(f"For '{name}', the type of 'shape[{i}]' should be 'int', "
                            f"but got type '{type(v).__name__}'.")
        if v <= 0:
            raise ValueError(f"For '{name}', the 'shape[{i}]' should be a positive int, but got {v}.")
    return shape


def _f32_tensor(name, arg, v):
    if not isinstance(v, Tensor) or v.dtype != mstype.float32:
        raise TypeError(f"For '{name}', the '{arg}' should be a Tensor of float32, "
                        f"but got {getattr(v, 'dtype', type(v).__name__)}.")
    return arr(v)


@_register
class Gamma(_SeedPrim):
    """Gamma(alpha, rate=beta) samples; float32, shape broadcast of alpha, beta and ``shape``."""

    def __call__(self, shape, alpha, beta):
        shape = _positive_shape(self.name, shape)
        a, b = _f32_tensor(self.name, "alpha", alpha), _f32_tensor(self.name, "beta", beta)
        out = _broadcast(self.name, _broadcast(self.name, a.shape, b.shape), shape)
        g = jax.random.gamma(self._k(), jnp.broadcast_to(a, out), out, _F32)
        return _wrap(g / jnp.broadcast_to(b, out))


@_register
class Poisson(_SeedPrim):
    """Poisson(mean) samples, int32; shape broadcast of ``mean`` and ``shape``."""

    def __call__(self, shape, mean):
        shape = _positive_shape(self.name, shape)
        m = _f32_tensor(self.name, "mean", mean)
        out = _broadcast(self.name, m.shape, shape)
        return _wrap(jax.random.poisson(self._k(), jnp.broadcast_to(m, out), out, jnp.int32))


_GAMMA_DTYPES = (mstype.float16, mstype.float32, mstype.float64)


@_register
class RandomGamma(_SeedPrim):
    """Gamma(alpha) samples of shape ``shape + alpha.shape``."""

    def __call__(self, shape, alpha):
        shape = _shape_of(self.name, shape, tensor_only=True)
        _need_tensor(self.name, "alpha", alpha)
        if alpha.dtype not in _GAMMA_DTYPES:
            raise TypeError(f"For '{self.name}', the 'alpha' should be float16, float32 or float64, "
                            f"but got {alpha.dtype}.")
        a = arr(alpha)
        out = shape + a.shape
        g = jax.random.gamma(self._k(), jnp.broadcast_to(a.astype(jnp.float32), out), out, jnp.float32)
        return _wrap(g.astype(a.dtype))


_POISSON_OUT = (mstype.int64, mstype.int32, mstype.float16, mstype.float32, mstype.float64)


@_register
class RandomPoisson(_SeedPrim):
    """Poisson(rate) samples of shape ``shape + rate.shape`` in ``dtype``."""

    def __init__(self, seed=0, seed2=0, dtype=mstype.int64):
        Primitive.__init__(self, "RandomPoisson")
        self._seeds(seed, seed2, check=_check_int_type)
        _check_dtype_in(self.name, "dtype", dtype, _POISSON_OUT)
        self.add_prim_attr("dtype", dtype)

    def _k(self):
        return op_key(self.seed & 0x7FFFFFFF, self.seed2 & 0x7FFFFFFF)

    def __call__(self, shape, rate):
        shape = _shape_of(self.name, shape, tensor_only=True)
        _need_tensor(self.name, "rate", rate)
        r = arr(rate)
        out = shape + r.shape
        v = jax.random.poisson(self._k(), jnp.broadcast_to(r.astype(jnp.float32), out), out, jnp.int64)
        return _wrap(v.astype(_np(self.dtype)))


@_register
class RandomCategorical(Primitive):
    """``num_sample`` category indices per row of 2-D ``logits``."""

    def __init__(self, dtype=mstype.int64):
        Primitive.__init__(self, "RandomCategorical")
        _check_dtype_in(self.name, "dtype", dtype, (mstype.int32, mstype.int16, mstype.int64))
        self.add_prim_attr("dtype", dtype)
        self.add_prim_attr("side_effect_hidden", True)

    def __call__(self, logits, num_sample, seed=0):
        _need_tensor(self.name, "logits", logits)
        if logits.dtype not in _GAMMA_DTYPES:
            raise TypeError(f"For '{self.name}', the 'logits' should be float16, float32 or float64, "
                            f"but got {logits.dtype}.")
        num_sample = _check_int_type(self.name, "num_sample", num_sample)
        seed = _check_int_type(self.name, "seed", seed)
        if logits.ndim != 2:
            raise ValueError(f"For '{self.name}', the rank of 'logits' must be 2, but got {logits.ndim}.")
        if num_sample <= 0:
            raise ValueError(f"For '{self.name}', the 'num_sample' must be greater than 0, but got {num_sample}.")
        lg = arr(logits).astype(jnp.float32)
        idx = jax.random.categorical(op_key(seed), lg, axis=-1, shape=(num_sample, lg.shape[0]))
        return _wrap(idx.T.astype(_np(self.dtype)))


@_register
class Multinomial(_SeedPrim):
    """``num_samples`` draws with replacement per row of ``x`` (unnormalized probabilities)."""

    def __init__(self, seed=0, seed2=0, dtype=mstype.int32):
        Primitive.__init__(self, "Multinomial")
        self._seeds(seed, seed2)
        if not isinstance(dtype, mstype.Type):
            raise TypeError(f"For '{self.name}', the type of 'dtype' should be 'Type', "
                            f"but got type '{type(dtype).__name__}'.")
        _check_dtype_in(self.name, "dtype", dtype, (mstype.int64, mstype.int32))
        self.add_prim_attr("dtype", dtype)

    def __call__(self, x, num_samples):
        _need_tensor(self.name, "x", x)
        if x.dtype not in _GAMMA_DTYPES + mstype.int_type + mstype.uint_type:
            raise TypeError(f"For '{self.name}', the 'x' should be a real number Tensor, but got {x.dtype}.")
        if x.ndim not in (1, 2):
            raise ValueError(f"For '{self.name}', the rank of 'x' must be 1 or 2, but got {x.ndim}.")
        n = num_samples.item() if isinstance(num_samples, Tensor) else num_samples
        n = _check_int_type(self.name, "num_samples", n)
        if n < 0:
            raise ValueError(f"For '{self.name}', the 'num_samples' must be non-negative, but got {n}.")
        p = arr(x).astype(jnp.float32)
        batch = p.shape[:-1]
        idx = jax.random.categorical(self._k(), jnp.log(p), axis=-1, shape=(n,) + batch)
        return _wrap(jnp.moveaxis(idx, 0, -1).astype(_np(self.dtype)))


@_register
class RandomChoiceWithMask(Primitive):
    """Random indices of the True elements of a bool Tensor (``count`` rows) and a validity mask."""

    def __init__(self, count=256, seed=0, seed2=0):
        Primitive.__init__(self, "RandomChoiceWithMask")
        count = _check_int_type(self.name, "count", count)
        if count <= 0:
            raise ValueError(f"For '{self.name}', the 'count' must be a positive int, but got {count}.")
        self.add_prim_attr("count", count)
        self.add_prim_attr("seed", _check_int_type(self.name, "seed", seed))
        self.add_prim_attr("seed2", _check_int_type(self.name, "seed2", seed2))
        self.add_prim_attr("side_effect_hidden", True)

    def __call__(self, input_x):
        _need_tensor(self.name, "input_x", input_x)
        if input_x.dtype != mstype.bool_:
            raise TypeError(f"For '{self.name}', the 'input_x' must be a bool Tensor, but got {input_x.dtype}.")
        if not 1 <= input_x.ndim <= 5:
            raise ValueError(f"For '{self.name}', the rank of 'input_x' must be in [1, 5], but got {input_x.ndim}.")
        a = arr(input_x)
        flat = a.reshape(-1)
        n = flat.shape[0]
        key = op_key(self.seed & 0x7FFFFFFF, self.seed2 & 0x7FFFFFFF)
        order = jnp.where(flat, jax.random.uniform(key, (n,)), 2.0)
        perm = jnp.argsort(order)
        take = min(self.count, n)
        chosen = perm[:take]
        mask = flat[chosen]
        idx = jnp.stack(jnp.unravel_index(chosen, a.shape), axis=-1).astype(jnp.int32)
        idx = jnp.where(mask[:, None], idx, 0)
        if take < self.count:
            idx = jnp.concatenate([idx, jnp.zeros((self.count - take, a.ndim), jnp.int32)])
            mask = jnp.concatenate([mask, jnp.zeros((self.count - take,), bool)])
        return _wrap(idx), _wrap(mask)


@_register
class TruncatedNormal(Primitive):
    """N(0, 1) truncated to [-2, 2] of ``shape`` (an int Tensor) in ``dtype``."""

    def __init__(self, dtype=mstype.float32, seed=0, seed2=0):
        Primitive.__init__(self, "TruncatedNormal")
        _check_int_type(self.name, "seed", seed)
        _check_int_type(self.name, "seed2", seed2)
        _check_dtype_in(self.name, "dtype", dtype, (mstype.float16, mstype.float32, mstype.float64))
        self.add_prim_attr("dtype", dtype)
        self.add_prim_attr("seed", seed)
        self.add_prim_attr("seed2", seed2)
        self.add_prim_attr("side_effect_hidden", True)

    def __call__(self, shape):
        shape = _shape_of(self.name, shape, tensor_only=True)
        if len(shape) < 2:
            raise ValueError(f"For '{self.name}', the input tensor shape must >= 2, but got {len(shape)}.")
        key = op_key(self.seed & 0x7FFFFFFF, self.seed2 & 0x7FFFFFFF)
        v = jax.random.truncated_normal(key, -2.0, 2.0, shape, jnp.float32)
        return _wrap(v.astype(_np(self.dtype)))


@_register
class RandpermV2(Primitive):
    """A random permutation of ``0 .. n-1`` in ``dtype``."""

    def __init__(self, seed=0, offset=0, dtype=mstype.int64):
        Primitive.__init__(self, "RandpermV2")
        self.add_prim_attr("seed", seed)
        self.add_prim_attr("offset", offset)
        self.add_prim_attr("dtype", dtype)

    def __call__(self, n):
        nv = n.item() if isinstance(n, Tensor) else n
        if not _is_int(nv):
            raise TypeError(f"For 'RandpermV2', the type of 'n' should be 'int', but got type '{type(nv).__name__}'.")
        for arg, v in (("seed", self.seed), ("offset", self.offset)):
            if not _is_int(v):
                raise TypeError(f"For 'RandpermV2', the type of '{arg}' should be 'int', "
                                f"but got type '{type(v).__name__}'.")
        if nv <= 0:
            raise ValueError(f"For 'RandpermV2', the input 'n' must be greater than 0, but got data: {nv}.")
        dt = mstype.to_dtype(self.dtype)
        if dt not in mstype.int_type + mstype.uint_type + (mstype.float16, mstype.float32, mstype.float64):
            raise TypeError(f"For 'RandpermV2', the 'dtype' is not supported: {dt}.")
        key = op_key(max(int(self.seed), 0), max(int(self.offset), 0))
        return _wrap(jax.random.permutation(key, int(nv)).astype(_np(dt)))


@_register
class LogNormalReverse(Primitive):
    """Fill a Tensor shaped like the input with exp(N(mean, std**2)) (the input's dtype)."""

    def __init__(self, mean=1.0, std=2.0):
        Primitive.__init__(self, "LogNormalReverse")
        for arg, v in (("mean", mean), ("std", std)):
            if not isinstance(v, float):
                raise TypeError(f"For '{self.name}', the type of '{arg}' should be 'float', "
                                f"but got type '{type(v).__name__}'.")
        self.add_prim_attr("mean", mean)
        self.add_prim_attr("std", std)
        self.add_prim_attr("side_effect_hidden", True)

    def __call__(self, input):
        _need_tensor(self.name, "input", input)
        if input.dtype not in _GAMMA_DTYPES:
            raise TypeError(f"For '{self.name}', the 'input' should be float16, float32 or float64, "
                            f"but got {input.dtype}.")
        a = arr(input)
        z = _std_normal(op_key(), a.shape)
        return _wrap(jnp.exp(z * self.std + self.mean).astype(a.dtype))


@tensor_method("log_normal")
def _tensor_log_normal(self, mean=1.0, std=2.0):
    """``Tensor.log_normal(mean=1.0, std=2.0)``: a Tensor of this one's shape and float dtype filled
    with ``exp(N(mean, std**2))`` samples (``LogNormalReverse``)."""
    return LogNormalReverse(mean, std)(self)


@_register
class ParameterizedTruncatedNormal(Primitive):
    """Per-batch truncated normal: ``shape`` = (batch, ...), ``mean``/``stdevs``/``min``/``max`` of
    shape (batch,) or (1,)."""

    def __init__(self, seed=0, seed2=0):
        Primitive.__init__(self, "ParameterizedTruncatedNormal")
        self.add_prim_attr("seed", _check_int_type(self.name, "seed", seed))
        self.add_prim_attr("seed2", _check_int_type(self.name, "seed2", seed2))
        self.add_prim_attr("side_effect_hidden", True)

    def __call__(self, shape, mean, stdevs, min, max):  # pylint: disable=redefined-builtin
        shape = _shape_of(self.name, shape, tensor_only=True)
        if not shape:
            raise ValueError(f"For '{self.name}', the 'shape' must have at least one element.")
        params = []
        dt = None
        for arg, v in (("mean", mean), ("stdevs", stdevs), ("min", min), ("max", max)):
            _need_tensor(self.name, arg, v)
            if v.dtype not in _GAMMA_DTYPES:
                raise TypeError(f"For '{self.name}', the '{arg}' should be float16, float32 or float64, "
                                f"but got {v.dtype}.")
            if dt is not None and v.dtype != dt:
                raise TypeError(f"For '{self.name}', 'mean', 'stdevs', 'min' and 'max' must have the same dtype.")
            dt = v.dtype
            a = arr(v).astype(jnp.float32).reshape(-1)
            if a.shape[0] not in (1, shape[0]):
                raise ValueError(f"For '{self.name}', the '{arg}' must have 1 or {shape[0]} elements, "
                                 f"but got {a.shape[0]}.")
            params.append(jnp.broadcast_to(a, (shape[0],)).reshape((shape[0],) + (1,) * (len(shape) - 1)))
        m, s, lo, hi = params
        key = op_key(self.seed & 0x7FFFFFFF, self.seed2 & 0x7FFFFFFF)
        z = jax.random.truncated_normal(key, (lo - m) / s, (hi - m) / s, shape, jnp.float32)
        return _wrap((z * s + m).astype(_np(dt)))


@register_primitive_class(targets_lacking=("Ascend", "GPU"))
class MultinomialWithReplacement(Primitive):
    """``numsamples`` category indices per row of ``x``; int64."""

    def __init__(self, numsamples, replacement=False):
        Primitive.__init__(self, "MultinomialWithReplacement")
        _check_seed(self.name, "numsamples", numsamples)
        if not isinstance(replacement, bool):
            raise TypeError(f"For '{self.name}', the type of 'replacement' should be 'bool', "
                            f"but got type '{type(replacement).__name__}'.")
        self.add_prim_attr("numsamples", numsamples)
        self.add_prim_attr("replacement", replacement)
        self.add_prim_attr("side_effect_hidden", True)

    def __call__(self, x, seed, offset):
        _need_tensor(self.name, "x", x)
        if x.dtype not in _GAMMA_DTYPES:
            raise TypeError(f"For '{self.name}', the 'x' should be float16, float32 or float64, but got {x.dtype}.")
        if x.ndim not in (1, 2):
            raise ValueError(f"For '{self.name}', the rank of 'x' must be 1 or 2, but got {x.ndim}.")
        sd = int(seed.item()) if isinstance(seed, Tensor) else int(seed)
        off = int(offset.item()) if isinstance(offset, Tensor) else int(offset)
        key = op_key(sd & 0x7FFFFFFF, off & 0x7FFFFFFF)
        p = arr(x).astype(jnp.float32)
        n = self.numsamples
        if not self.replacement:
            if n > p.shape[-1]:
                raise ValueError(f"For '{self.name}', the 'numsamples' must not exceed the number of categories "
                                 f"without replacement, but got {n}.")
            return _wrap(_gumbel_topk(key, jnp.log(p), n).astype(jnp.int64))
        idx = jax.random.categorical(key, jnp.log(p), axis=-1, shape=(n,) + p.shape[:-1])
        return _wrap(jnp.moveaxis(idx, 0, -1).astype(jnp.int64))


# ---------------------------------------------------------------------------------------
# random integers over a dtype's whole range; exponential_ (in place)

_NDI_TYPES = {mstype.int32: np.int32, mstype.int64: np.int64, mstype.uint32: np.uint32, mstype.uint64: np.uint64}


def _random_bits(shape, np_dtype):
    unsigned = np.uint64 if np.dtype(np_dtype).itemsize == 8 else np.uint32
    bits = jax.random.bits(op_key(), shape, unsigned)
    return jax.lax.bitcast_convert_type(bits, np_dtype)


@register_primitive_class
class NonDeterministicInts(Primitive):
    """Random integers over the whole range of ``dtype`` (int32, int64, uint32, uint64) of shape ``shape``."""

    def __init__(self, dtype=mstype.int64):
        Primitive.__init__(self, "NonDeterministicInts")
        if dtype not in _NDI_TYPES:
            raise TypeError(f"For 'NonDeterministicInts', the 'dtype' must be one of int32, int64, uint32, uint64, "
                            f"but got {dtype}.")
        self.dtype = dtype
        self.add_prim_attr("dtype", dtype)
        self.add_prim_attr("side_effect_hidden", True)

    def __call__(self, shape):
        if not isinstance(shape, Tensor):
            raise TypeError(f"For Primitive[NonDeterministicInts], the type of input argument[shape] must be Tensor "
                            f"but got {type(shape).__name__}.")
        s = np.asarray(shape.asnumpy())
        if s.dtype not in (np.dtype(np.int32), np.dtype(np.int64)) or s.ndim != 1:
            raise TypeError("For 'NonDeterministicInts', 'shape' must be a 1-D int32 or int64 Tensor.")
        if s.size < 2:
            raise ValueError("For 'NonDeterministicInts', 'shape' must be at least 2-dimensional.")
        if (s < 0).any():
            raise ValueError(f"For 'NonDeterministicInts', 'shape' must be non-negative, but got {s.tolist()}.")
        return _wrap(_random_bits(tuple(int(v) for v in s), _NDI_TYPES[self.dtype]))


@op("exponential_")
def exponential_(input, lambd=1, *, generator=None):
    """Fill ``input`` in place with samples of Exponential(``lambd``); returns ``input``."""
    check_is_tensor("input", input, "exponential_", form="a")
    a = arr(input)
    if a.dtype.kind != "f" and a.dtype != jax.numpy.bfloat16:
        raise TypeError(f"For 'exponential_', the 'input' must be a floating Tensor, but got "
                        f"{mstype.from_numpy_dtype(a.dtype)}.")
    if not _is_number(lambd):
        raise failed_call("InplaceExponential", (("input", input), ("lambd", lambd), ("seed", input),
                                                 ("offset", input)))
    if lambd <= 0:
        raise RuntimeError(f"For 'exponential_', 'lambd' must be a positive number, but got {lambd}.")
    if generator is not None:
        key = generator._next_key()
    else:
        key = op_key()
    sample = jax.random.exponential(key, a.shape, np.float32 if a.dtype.itemsize < 4 else a.dtype) / lambd
    input._data = sample.astype(a.dtype)
    return input


@register_primitive_class
class Randperm(Primitive):
    """``Randperm(max_length=1, pad=-1, dtype=int32)(n)``: a random permutation of ``0..n-1``
    padded with ``pad`` to ``max_length``."""

    @prim_attr_register
    def __init__(self, max_length=1, pad=-1, dtype=mstype.int32):
        _check_type(self.name, "pad", pad, (int,))
        _check_type(self.name, "max_length", max_length, (int,))
        if max_length < 1:
            raise ValueError(f"For '{self.name}', the 'max_length' must be greater than or equal to 1, "
                             f"but got {max_length}.")
        valid = (mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.uint8, mstype.uint16,
                 mstype.uint32, mstype.uint64, mstype.float16, mstype.float32, mstype.float64)
        if dtype not in valid:
            raise TypeError(f"For '{self.name}', the 'dtype' should be one of {list(valid)}, but got {dtype}.")
        self.init_prim_io_names(inputs=[], outputs=["output"])

    def __call__(self, n):
        _seed = importlib.import_module("mscompat.common.seed")
        a = _tensor_input(self.name, "n", n, (np.int32, np.int64))
        count = int(np.asarray(a).reshape(-1)[0])
        if count > self.max_length:
            raise ValueError(f"For '{self.name}', the input 'n' must be less than or equal to 'max_length' "
                             f"{self.max_length}, but got {count}.")
        key = _seed.next_key()
        perm = jax.random.permutation(key, count)
        out = jnp.full((self.max_length,), self.pad, jnp.int64).at[:count].set(perm)
        return _wrap(out.astype(mstype.dtype_to_nptype(self.dtype)))
