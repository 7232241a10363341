"""``mindspore.common.initializer``: weight initializers and ``initializer()``.

An :class:`Initializer` fills a numpy buffer in place (``init(arr)``), exactly like
MindSpore's, so user subclasses written for MindSpore work unchanged. The random ones
draw a seed from numpy's global RNG and fill the buffer from MindSpore's Philox stream
(:mod:`._init_random`): after the same ``set_seed`` they give the same values as
MindSpore, bit for bit.

``initializer(init, shape, dtype)`` returns a lazily initialized Tensor; ``init_data()``
(or a Parameter built from it) materializes it. A Parameter built from a random initializer
takes the seed at once and draws the values on first read (:class:`_PendingInit`), so a
``set_data`` before any read never draws them; the values are the same either way.

>>> import mscompat as ms
>>> from mscompat.common.initializer import initializer, Normal
>>> ms.set_seed(1)
>>> w = initializer(Normal(0.02), [2, 3], ms.float32).init_data()
>>> w.shape
(2, 3)
"""
import functools
import math
import numbers
import threading
from functools import reduce

import numpy as np
import jax

from . import dtype as mstype
from . import _init_random as _rnd
from .seed import get_seed
from .tensor import Tensor
from .seed import _graph_seed

__all__ = ["Initializer", "initializer", "TruncatedNormal", "Normal", "Uniform", "HeUniform", "HeNormal",
           "XavierUniform", "XavierNormal", "One", "Zero", "Constant", "Identity", "Sparse", "Dirac",
           "Orthogonal", "VarianceScaling"]

_INITIALIZER_ALIAS = {}


class Initializer:
    """Base class of initializers: ``init(arr)`` fills the numpy array ``arr`` in place.

    Args:
        **kwargs: the initializer's arguments (kept in ``_kwargs``).
    """

    def __init__(self, **kwargs):
        self._kwargs = kwargs
        self._seed = None

    @property
    def seed(self):
        if self._seed is None:
            return _graph_seed(get_seed(), "init")
        return self._seed + 1, 0

    @seed.setter
    def seed(self, value):
        self._seed = value

    def _initialize(self, *kwargs):
        raise NotImplementedError('Must be overridden!')

    def __call__(self, arr):
        return self._initialize(arr)


def _register(*aliases):
    """Class decorator: make the class reachable by its lower-cased name and ``aliases``."""
    def reg(cls):
        for name in (cls.__name__.lower(),) + aliases:
            _INITIALIZER_ALIAS.setdefault(name, cls)
        return cls
    return reg


def _assignment(arr, num):
    """Write ``num`` (array or scalar) into ``arr`` in place (0-d arrays included)."""
    if arr.shape == ():
        flat = arr.reshape(1)
        flat[:] = num
        return arr
    if isinstance(num, np.ndarray):
        arr[:] = num[:]
    else:
        arr[:] = num
    return arr


def _numpy_seed():
    return _rnd.numpy_seed()


class _Deferred(Exception):
    """Raised by a draw while deferring: ``draw()`` gives the values later."""

    def __init__(self, draw):
        super().__init__()
        self.draw = draw


_DEFERRING = threading.local()


def _draw(generate, shape, *args):
    """The float32 values of ``shape`` from ``generate(seed, shape, *args)``, the seed drawn
    from numpy's global RNG now. While a Parameter is being created (``_materialize(defer=True)``)
    the values are left for later (:class:`_PendingInit`): the seed is taken, and the arguments
    checked by an empty draw, exactly when they would be, so numpy's RNG and errors are unchanged."""
    seed = _numpy_seed()
    if getattr(_DEFERRING, "on", False):
        generate(seed, (0,), *args)
        raise _Deferred(functools.partial(generate, seed, tuple(shape), *args))
    return generate(seed, tuple(shape), *args)


def _init_random_normal(mean, sigma, shape):
    if sigma < 0:
        raise ValueError("sigma < 0")
    return _draw(_rnd.random_normal, shape, mean, sigma)


def _init_random_uniform(a, b, shape):
    return _draw(_rnd.random_uniform, shape, a, b)


def _init_truncated_normal(a, b, mean, sigma, shape):
    if sigma < 0:
        raise ValueError("sigma < 0")
    return _draw(_rnd.truncated_normal, shape, a, b, mean, sigma)


def _fill(arr, data):
    """Store a float32 draw into ``arr`` (cast to its dtype, as MindSpore assigns)."""
    _assignment(arr, data.reshape(arr.shape))


def _calculate_fan_in_and_fan_out(shape):
    """(fan_in, fan_out) of a weight shape: dim 1 and dim 0 times the receptive field."""
    dimensions = len(shape)
    if dimensions < 2:
        raise ValueError("'fan_in' and 'fan_out' can not be computed for tensor with fewer than"
                         " 2 dimensions, but got dimensions {}.".format(dimensions))
    receptive = 1
    for s in shape[2:]:
        receptive *= s
    return shape[1] * receptive, shape[0] * receptive


def _calculate_correct_fan(shape, mode):
    mode = mode.lower()
    valid_modes = ['fan_in', 'fan_out']
    if mode not in valid_modes:
        raise ValueError("'mode' {} not supported, please use one of {}".format(mode, valid_modes))
    fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
    return fan_in if mode == 'fan_in' else fan_out


_LINEAR = ('linear', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose1d', 'conv_transpose2d', 'conv_transpose3d',
           'sigmoid')


def _calculate_gain(nonlinearity, param=None):
    """Recommended gain for a nonlinearity (leaky_relu uses ``param`` as negative slope)."""
    if nonlinearity in _LINEAR:
        return 1
    if nonlinearity == 'tanh':
        return 5.0 / 3
    if nonlinearity == 'relu':
        return math.sqrt(2.0)
    if nonlinearity == 'leaky_relu':
        if param is None:
            slope = 0.01
        elif (isinstance(param, int) and not isinstance(param, bool)) or isinstance(param, float):
            slope = param
        else:
            raise ValueError("For 'HeUniform', 'negative_slope' {} is not a valid number."
                             "When 'nonlinearity' has been set to 'leaky_relu', 'negative_slope' should be int "
                             "or float type, but got {}.".format(param, type(param)))
        return math.sqrt(2.0 / (1 + slope ** 2))
    raise ValueError("For 'HeUniform', the argument 'nonlinearity' should be one of "
                     "['sigmoid', 'tanh', 'relu' or 'leaky_relu'], but got {}.".format(nonlinearity))


def _calculate_in_and_out(arr):
    dim = len(arr.shape)
    if dim < 2:
        raise ValueError("If initialize data with xavier uniform, the dimension of data must be greater than 1, "
                         "but got {}.".format(dim))
    n_in, n_out = arr.shape[1], arr.shape[0]
    if dim > 2:
        counter = reduce(lambda x, y: x * y, arr.shape[2:])
        n_in *= counter
        n_out *= counter
    return n_in, n_out


@_register('zeros')
class Zero(Initializer):
    """Fills with 0."""

    def _initialize(self, arr):
        arr.fill(0)


@_register('ones')
class One(Initializer):
    """Fills with 1."""

    def _initialize(self, arr):
        arr.fill(1)


@_register('xavier_normal')
class XavierNormal(Initializer):
    """N(0, sigma**2) with sigma = gain * sqrt(2 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, arr):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(arr.shape)
        std = self.gain * math.sqrt(2.0 / float(fan_in + fan_out))
        _fill(arr, _init_random_normal(0, std, arr.shape))


@_register('xavier_uniform')
class XavierUniform(Initializer):
    """U(-bound, bound) with bound = gain * sqrt(6 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, arr):
        n_in, n_out = _calculate_fan_in_and_fan_out(arr.shape)
        boundary = self.gain * math.sqrt(6.0 / (n_in + n_out))
        _fill(arr, _init_random_uniform(-boundary, boundary, arr.shape))


class _HeBase(Initializer):
    def __init__(self, negative_slope=0, mode='fan_in', nonlinearity='leaky_relu'):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        self.negative_slope = negative_slope
        self.mode = mode
        self.nonlinearity = nonlinearity

    def _std(self, shape):
        fan = _calculate_correct_fan(shape, self.mode)
        return _calculate_gain(self.nonlinearity, self.negative_slope) / math.sqrt(fan)


@_register('he_uniform')
class HeUniform(_HeBase):
    """Kaiming uniform: U(-b, b) with b = gain * sqrt(3 / fan_mode)."""

    def _initialize(self, arr):
        boundary = math.sqrt(3.0) * self._std(arr.shape)
        _fill(arr, _init_random_uniform(-boundary, boundary, arr.shape))


@_register('he_normal')
class HeNormal(_HeBase):
    """Kaiming normal: N(0, (gain / sqrt(fan_mode))**2)."""

    def _initialize(self, arr):
        _fill(arr, _init_random_normal(0, self._std(arr.shape), arr.shape))


class Constant(Initializer):
    """Fills with ``value``."""

    def __init__(self, value):
        super().__init__(value=value)
        self.value = value

    def _initialize(self, arr):
        arr.fill(self.value)


@_register()
class Identity(Initializer):
    """2-D identity matrix (``np.eye`` of the shape)."""

    def _initialize(self, arr):
        if len(arr.shape) != 2:
            raise ValueError('For Identity initializer, the dimension of the initialized tensor should be 2, '
                             'but got {}.'.format(len(arr.shape)))
        _assignment(arr, np.eye(arr.shape[0], arr.shape[1]))


@_register()
class Sparse(Initializer):
    """2-D N(0, sigma**2) matrix with ``ceil(sparsity * rows)`` zeros per column."""

    def __init__(self, sparsity, sigma=0.01):
        super().__init__()
        self.sparsity = sparsity
        self.sigma = sigma

    def _initialize(self, arr):
        if len(arr.shape) != 2:
            raise ValueError('For Sparse initializer, the dimension of the initialized tensor should be 2, '
                             'but got {}.'.format(len(arr.shape)))
        rows, cols = arr.shape
        zero_num = int(np.ceil(self.sparsity * rows))
        data = _init_random_normal(0, self.sigma, arr.shape)
        for col in range(cols):
            data[np.random.permutation(list(range(rows)))[:zero_num], col] = 0.
        _assignment(arr, data)


@_register()
class Dirac(Initializer):
    """Dirac delta for 3-5 dim convolution weights (identity per group)."""

    def __init__(self, groups=1):
        super().__init__()
        self.groups = groups

    def _initialize(self, arr):
        dimension = len(arr.shape)
        data = np.zeros(arr.shape)
        if dimension not in [3, 4, 5]:
            raise ValueError("For Dirac initializer, only support "
                             "to initialize tensor with dimension of 3, 4 or 5, but got {}.".format(dimension))
        shapes = arr.shape
        if shapes[0] % self.groups != 0:
            raise ValueError("For Dirac initializer, the first dimension of"
                             "the initialized tensor must be divisible by groups, "
                             "but got first dimension{}, groups{}.".format(shapes[0], self.groups))
        per_group = shapes[0] // self.groups
        centre = tuple(s // 2 for s in shapes[2:])
        for group in range(self.groups):
            for d in range(min(per_group, shapes[1])):
                data[(group * per_group + d, d) + centre] = 1
        _assignment(arr, data)


@_register()
class Orthogonal(Initializer):
    """(Semi-)orthogonal matrix from the QR decomposition of a normal draw, times ``gain``."""

    def __init__(self, gain=1.):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, arr):
        if len(arr.shape) < 2:
            raise ValueError('For Orthogonal initializer, the dimension of the initialized tensor should'
                             ' be no less than 2, but got {}.'.format(len(arr.shape)))
        rows = arr.shape[0]
        cols = int(np.prod(arr.shape)) // rows
        data = _init_random_normal(0, 1, (rows, cols))
        if rows < cols:
            data = data.T
        q, r = np.linalg.qr(data)
        q *= np.sign(np.diag(r))
        if rows < cols:
            q = q.T
        _assignment(arr, (q * self.gain).reshape(arr.shape))


@_register()
class VarianceScaling(Initializer):
    """Scaled draw: stddev = sqrt(scale / n), n from ``mode`` ('fan_in', 'fan_out', 'fan_avg').

    Note: as in MindSpore 2.10, ``distribution='truncated_normal'`` (the default) draws
    from the uniform branch (MindSpore tests for the name 'truncated_norm').
    """

    def __init__(self, scale=1.0, mode='fan_in', distribution='truncated_normal'):
        super().__init__(scale=scale, mode=mode, distribution=distribution)
        if scale <= 0.:
            raise ValueError("For VarianceScaling initializer, "
                             "the argument 'scale' must be greater than 0, but got {}.".format(scale))
        if mode not in ['fan_in', 'fan_out', 'fan_avg']:
            raise ValueError("For VarianceScaling initializer, the argument 'mode' must be fan_in, "
                             "fan_out or fan_avg, but got {}.".format(mode))
        if distribution not in ['uniform', 'truncated_normal', 'untruncated_normal']:
            raise ValueError("For VarianceScaling initializer, the argument 'distribution' must be uniform, "
                             "truncated_norm or untruncated_norm, but got {}.".format(distribution))
        self.scale = scale
        self.mode = mode
        self.distribution = distribution

    def _initialize(self, arr):
        scale = self.scale
        fan_in, fan_out = _calculate_fan_in_and_fan_out(arr.shape)
        if self.mode == 'fan_in':
            scale /= max(1., fan_in)
        elif self.mode == 'fan_out':
            scale /= max(1., fan_out)
        else:
            scale /= max(1., (fan_in + fan_out) / 2.)
        if self.distribution == 'truncated_norm':
            data = _init_truncated_normal(-2, 2, 0, np.sqrt(scale) / 0.87962566103423978, arr.shape)
        elif self.distribution == 'untruncated_normal':
            data = _init_random_normal(0, np.sqrt(scale), arr.shape)
        else:
            limit = np.sqrt(3.0 * scale)
            data = _init_random_uniform(-limit, limit, arr.shape)
        _assignment(arr, data)


@_register()
class Uniform(Initializer):
    """U(-scale, scale)."""

    def __init__(self, scale=0.07):
        super().__init__(scale=scale)
        self.scale = scale

    def _initialize(self, arr):
        _fill(arr, _init_random_uniform(-self.scale, self.scale, arr.shape))


@_register()
class Normal(Initializer):
    """N(mean, sigma**2)."""

    def __init__(self, sigma=0.01, mean=0.0):
        super().__init__(sigma=sigma, mean=mean)
        self.sigma = sigma
        self.mean = mean

    def _initialize(self, arr):
        _fill(arr, _init_random_normal(self.mean, self.sigma, arr.shape))


@_register()
class TruncatedNormal(Initializer):
    """N(mean, sigma**2) truncated to [a, b]."""

    def __init__(self, sigma=0.01, mean=0.0, a=-2.0, b=2.0):
        super().__init__(sigma=sigma, mean=mean, a=a, b=b)
        self.sigma = sigma
        self.mean = mean
        self.a = a
        self.b = b

    def _initialize(self, arr):
        _fill(arr, _init_truncated_normal(self.a, self.b, self.mean, self.sigma, arr.shape))


def _as_initializer(init):
    if isinstance(init, str):
        cls = _INITIALIZER_ALIAS.get(init.lower())
        if cls is None:
            raise ValueError(f"For 'initializer', the class corresponding to '{init}' was not found.")
        return cls()
    if isinstance(init, numbers.Number):
        return Constant(init)
    return init


class _PendingInit:
    """The value of a new Parameter whose random draw is left until it is first read: its
    seed was already taken, so the values are the same whenever they are drawn, and a
    ``set_data`` before that (mindcv re-initializes every weight it builds) skips the draw."""

    __slots__ = ("draw", "shape", "np_dtype", "_lock")

    def __init__(self, draw, shape, np_dtype):
        self.draw, self.shape, self.np_dtype = draw, tuple(shape), np_dtype
        self._lock = threading.Lock()

    def realize(self):
        with self._lock:
            data = np.zeros(self.shape, dtype=self.np_dtype)
            _fill(data, self.draw())
            # the first read can come while a compiled call traces: the value is still concrete
            with jax.ensure_compile_time_eval():
                return jax.device_put(data)


# initializers whose ``_initialize`` is one seeded draw stored into the buffer (exact types:
# a subclass may override ``_initialize``)
_DEFERRABLE = (Normal, Uniform, TruncatedNormal, HeUniform, HeNormal, XavierUniform, XavierNormal, VarianceScaling)


def _materialize(init, shape, dtype, defer=False):
    """The ``jax.Array`` of a lazily initialized Tensor (``Tensor.init_data``); with ``defer``
    (a Parameter being created), a :class:`_PendingInit` for a deferrable random initializer."""
    if isinstance(init, Tensor):
        return init.init_data()._data
    init = _as_initializer(init)
    np_dtype = np.dtype(mstype.dtype_to_nptype(mstype.to_dtype(dtype)))
    if defer and type(init) in _DEFERRABLE:
        _DEFERRING.on = True
        try:
            init(np.broadcast_to(np.zeros((), np_dtype), shape))    # stops at its draw
        except _Deferred as pending:
            return _PendingInit(pending.draw, shape, np_dtype)
        finally:
            _DEFERRING.on = False
    data = np.zeros(shape, dtype=np_dtype)
    if not isinstance(init, Zero):
        init(data)
    # a host-to-device transfer: unlike jnp.asarray/jnp.zeros it compiles no XLA program
    # (one per new shape), which dominated building a model
    return jax.device_put(data)


def initializer(init, shape=None, dtype=mstype.float32):
    """A Tensor of ``shape`` and ``dtype`` initialized lazily by ``init``.

    Args:
        init: an :class:`Initializer`, its name (``'normal'``, ``'zeros'``, ``'xavier_uniform'``,
            ``'he_uniform'``, ``'truncatedNormal'``, ...), a number (constant fill) or a Tensor
            (returned as is; its shape must equal ``shape``).
        shape: tuple, list or int of positive sizes.
        dtype: the result dtype (default float32).
    """
    if not isinstance(init, (Tensor, numbers.Number, str, Initializer)):
        raise TypeError("For 'initializer', the type of the 'init' argument should be 'Tensor', 'number', 'string' "
                        "or 'initializer', but got {}.".format(type(init)))
    if isinstance(init, Tensor):
        shape = shape if isinstance(shape, (tuple, list)) else [shape]
        if tuple(init.shape) != tuple(shape):
            raise ValueError("For 'initializer', the shape of the 'init' argument should be same as "
                             "the argument 'shape', but got the "
                             "'init' shape {} and the 'shape' {}.".format(list(init.shape), shape))
        return init
    if isinstance(shape, list):
        shape = tuple(shape)
    elif isinstance(shape, numbers.Number):
        shape = (shape,)
    for value in shape if shape is not None else ():
        if not isinstance(value, int) or value <= 0:
            raise ValueError(f"For 'initializer', the argument 'shape' is invalid, the value of 'shape' "
                             f"must be positive integer, but got {shape}")
    init = _as_initializer(init)
    shape = shape if shape is not None else init.shape
    return Tensor(dtype=dtype, shape=shape, init=init)
