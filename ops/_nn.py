"""Neural-network activations and simple layers: relu, sigmoid, softmax, gelu, ..., dense,
bias_add, prelu, glu, L2Normalize, OneHot, flips, nsa_compress (sparse-attention KV
compression) and small helpers shared by the nn files.

Each activation checks the input dtypes MindSpore's CPU kernel accepts (TypeError otherwise)
and computes in the input dtype.
"""
import numbers

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

from mscompat._checkparam import INC_LEFT, check_int_range, check_is_tensor
from mscompat.backends import precision
from mscompat.common import dtype as mstype
from ._args import arr, is_int, Tensor, to_np_dtype, check_arg_type as _check_type, tensor_of_dtypes as _tensor_input
from ._programs import one_program
from ._registry import op, primitive, BLACK, PROMOTE, WHITE
from mscompat.common.seed import next_key

_wrap = Tensor._wrap

FLOATS = ("float16", "float32", "float64", "bfloat16")
F16_32 = ("float16", "float32")
F16_32_64 = ("float16", "float32", "float64")
BF_F16_32 = ("bfloat16", "float16", "float32")
INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
NUMERIC = FLOATS + INTS


def need_tensor(op_name, arg, x):
    """TypeError (as MindSpore's argument parser) unless ``x`` is a Tensor."""
    if not isinstance(x, Tensor):
        raise TypeError(f"Failed calling {op_name} with \"{op_name}()({arg}={type(x).__name__})\": "
                        f"'{arg}' must be a Tensor.")
    return arr(x)


def dname(a):
    return np.dtype(a.dtype).name


def check_dtype(op_name, arg, a, allowed):
    """TypeError unless the dtype of array ``a`` is one of ``allowed`` (numpy names)."""
    if dname(a) not in allowed:
        raise TypeError(f"For primitive[{op_name}], the input argument[{arg}] must be a type of "
                        f"{{{', '.join(allowed)}}}, but got {mstype.from_numpy_dtype(a.dtype)}.")
    return a


def tensor_in(op_name, arg, x, allowed=None):
    a = need_tensor(op_name, arg, x)
    if allowed is not None:
        check_dtype(op_name, arg, a, allowed)
    return a


def is_number(v):
    return isinstance(v, numbers.Real) and not isinstance(v, bool)


def check_number(op_name, arg, v):
    if not is_number(v):
        raise TypeError(f"For '{op_name}', the type of '{arg}' should be float or int, "
                        f"but got {type(v).__name__}.")
    return v


def axis_in(op_name, axis, ndim, arg="axis"):
    if not is_int(axis):
        raise TypeError(f"For '{op_name}', the type of '{arg}' must be 'int', but got '{axis}' "
                        f"with type '{type(axis).__name__}'.")
    r = max(ndim, 1)
    if not -r <= axis < r:
        raise ValueError(f"For primitive[{op_name}], the {arg} must be in [{-r},{r}), but got {axis}.")
    return axis % r


def const(v, a):
    """Python number ``v`` as a scalar array of ``a``'s dtype."""
    return jnp.asarray(v, dtype=a.dtype)


def _icast(v, a):
    """Python number ``v`` cast (truncated) to the integer dtype of ``a``, as MindSpore does."""
    return jnp.asarray(int(v), dtype=a.dtype)


def int_div(a, d):
    """Division of an integer array truncated toward zero (C semantics)."""
    return lax.div(a, jnp.asarray(d, a.dtype))


# ---------------------------------------------------------------------------------------
# ReLU family


@op("relu")
def relu(input, inplace=False):
    a = tensor_in("ReLU", "input", input)
    if a.dtype == jnp.bool_:
        return _wrap(a)
    return _wrap(_relu(a))


@one_program
def _relu(a):
    # a select, as MindSpore's kernel: gradient 0 at 0 (``maximum``'s tie would give 0.5) and
    # relu(NaN) = 0
    zero = lax.full_like(a, 0)
    return lax.select(lax.gt(a, zero), a, zero)


primitive("ReLU", relu, amp={"O1": WHITE}, amp_order=9)


@op("relu6")
def relu6(x):
    a = tensor_in("ReLU6", "input_x", x, F16_32)
    return _wrap(_relu6(a))


@one_program
def _relu6(a):
    # selects, as MindSpore's kernel: gradient 1 on (0, 6], 0 elsewhere (``clip``'s ties would
    # give 0.5 at 0 and 6); NaN stays NaN
    return jnp.where(a <= 0, const(0, a), jnp.where(a > 6, const(6, a), a))


primitive("ReLU6", relu6)


@op("leaky_relu")
def leaky_relu(input, alpha=0.2):
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'leaky_relu', the 'input' must be a Tensor, but got '{type(input).__name__}'")
    a = arr(input)
    check_number("leaky_relu", "alpha", alpha)
    if jnp.issubdtype(a.dtype, jnp.floating):
        return _wrap(jnp.maximum(a, a * const(alpha, a)))
    return _wrap(jnp.maximum(a * _icast(alpha, a), a))


@op("hardtanh")
def hardtanh(input, min_val=-1.0, max_val=1.0):
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'hardtanh', the 'input' must be a Tensor, but got '{type(input).__name__}'")
    _check_type("hardtanh", "min_val", min_val, [int, float])
    _check_type("hardtanh", "max_val", max_val, [int, float])
    a = arr(input)
    if jnp.issubdtype(a.dtype, jnp.floating):
        return _wrap(jnp.minimum(jnp.maximum(a, const(min_val, a)), const(max_val, a)))
    return _wrap(jnp.minimum(jnp.maximum(a, _icast(min_val, a)), _icast(max_val, a)))


@op("threshold")
def threshold(input, thr, value):
    a = tensor_in("Threshold", "input", input)
    for n, v in (("thr", thr), ("value", value)):
        check_number("threshold", n, v)
    if jnp.issubdtype(a.dtype, jnp.floating):
        return _wrap(jnp.where(a > const(thr, a), a, const(value, a)))
    return _wrap(jnp.where(a > _icast(thr, a), a, _icast(value, a)))


@op("prelu", amp=WHITE)
def prelu(input, weight):
    a = tensor_in("PReLU", "x", input, F16_32)
    w = tensor_in("PReLU", "weight", weight, F16_32)
    ch = a.shape[1] if a.ndim >= 2 else 1
    if w.ndim > 1 or w.size not in (1, ch):
        raise ValueError(f"For 'Prelu', the length of 'weight' must be equal to number of channels: {ch}, "
                         f"but got {list(w.shape)}.")
    if a.ndim >= 2 and w.size == ch:
        w = w.reshape((ch,) + (1,) * (a.ndim - 2))
    else:
        w = w.reshape(())
    return _wrap(jnp.where(a > 0, a, a * w.astype(a.dtype)))


primitive("PReLU", prelu, amp={"O1": WHITE, "auto": WHITE}, amp_order=8)


def _rrelu(input, lower=1.0 / 8, upper=1.0 / 3):
    check_is_tensor("input", input, "rrelu", form="a")
    for n, v in (("lower", lower), ("upper", upper)):
        if not is_number(v):
            raise TypeError(f"For 'rrelu', the type of '{n}' must be float or int, but got {type(v).__name__}.")
    if lower > upper:
        raise ValueError(f"For 'rrelu', the value of 'upper' must be greater than or equal to 'lower', "
                         f"but got upper: {upper}, lower: {lower}.")
    a = arr(input)
    slope = jax.random.uniform(next_key(), a.shape, jnp.float32, lower, upper).astype(a.dtype)
    return _wrap(jnp.where(a >= 0, a, a * slope))


op("rrelu")(_rrelu)


# ---------------------------------------------------------------------------------------
# Sigmoid family

_SIG = FLOATS[:3] + ("complex64", "complex128")


@one_program
def _sigmoid(a):
    if jnp.issubdtype(a.dtype, jnp.complexfloating):
        return 1 / (1 + jnp.exp(-a))
    return jax.nn.sigmoid(a)


@op("sigmoid")
def sigmoid(input):
    a = need_tensor("Sigmoid", "input", input)
    if dname(a) not in _SIG:
        raise TypeError("Select CPU operator[Sigmoid] fail! Unsupported data type!")
    return _wrap(_sigmoid(a))


primitive("Sigmoid", sigmoid)


@op("logsigmoid")
def logsigmoid(x):
    a = need_tensor("Sigmoid", "input", x)
    if dname(a) not in F16_32_64:
        raise TypeError("Select CPU operator[Sigmoid] fail! Unsupported data type!")
    return _wrap(jax.nn.log_sigmoid(a))


@op("silu")
def silu(input):
    a = need_tensor("SiLU", "input", input)
    if dname(a) not in _SIG:
        raise TypeError("Select CPU operator[Sigmoid] fail! Unsupported data type!")
    return _wrap(_silu(a))


@one_program
def _silu(a):
    return a * _sigmoid(a)


# MindSpore's HSigmoidGrad / HSwishGrad take the inner formula on the closed interval
# [-3, 3] for hard-swish (so -0.5 at x=-3 and 1.5 at x=3) and the open one for hard-sigmoid
# (0 at x=-3 and x=3); JAX's clip splits the kink (-0.25, 1.25 and 1/12), hence custom JVPs.
@jax.custom_jvp
def _hsigmoid_float(a):
    return jnp.clip(a + const(3, a), const(0, a), const(6, a)) / const(6, a)


@_hsigmoid_float.defjvp
def _hsigmoid_float_jvp(primals, tangents):
    (a,), (t,) = primals, tangents
    inside = (a > const(-3, a)) & (a < const(3, a))
    return _hsigmoid_float(a), jnp.where(inside, t / const(6, a), jnp.zeros_like(t))


@jax.custom_jvp
def _hswish_float(a):
    # 0 (not -0) below -3, x above 3, x * (x + 3) / 6 between
    inner = a * (a + const(3, a)) / const(6, a)
    return jnp.where(a <= const(-3, a), jnp.zeros_like(a), jnp.where(a >= const(3, a), a, inner))


@_hswish_float.defjvp
def _hswish_float_jvp(primals, tangents):
    (a,), (t,) = primals, tangents
    slope = jnp.where(a < const(-3, a), jnp.zeros_like(a),
                      jnp.where(a > const(3, a), jnp.ones_like(a), (a + a + const(3, a)) / const(6, a)))
    return _hswish_float(a), slope * t


_hsigmoid_program = one_program(_hsigmoid_float)
_hswish_program = one_program(_hswish_float)


@op("hardsigmoid")
def hardsigmoid(input):
    a = tensor_in("HSigmoid", "input", input, NUMERIC)
    if jnp.issubdtype(a.dtype, jnp.floating):
        return _wrap(_hsigmoid_program(a))
    return _wrap(int_div(jnp.clip(a + const(3, a), const(0, a), const(6, a)), 6))


primitive("HSigmoid", hardsigmoid)


@op("hardswish")
def hardswish(input):
    a = tensor_in("HSwish", "input", input, NUMERIC)
    if jnp.issubdtype(a.dtype, jnp.floating):
        return _wrap(_hswish_program(a))
    r6 = jnp.clip(a + const(3, a), const(0, a), const(6, a))
    return _wrap(int_div(a * r6, 6))


primitive("HSwish", hardswish)


# ---------------------------------------------------------------------------------------
# Softmax family


def _softmax_axis(op_name, axis, ndim, allow_tuple):
    if allow_tuple and isinstance(axis, (tuple, list)):
        if len(axis) != 1:
            raise RuntimeError(f"For {op_name}, the parameter 'axis' only support int type on CPU, "
                               f"but got tuple.")
        axis = axis[0]
    return axis_in(op_name, axis, ndim)


def _softmax_impl(op_name, x, axis, dtype=None, allow_tuple=False, negate=False):
    a = need_tensor(op_name, "input", x)
    if dtype is not None:
        a = a.astype(to_np_dtype(dtype))
    check_dtype(op_name, "x", a, FLOATS)
    ax = _softmax_axis(op_name, axis, a.ndim, allow_tuple)
    if a.ndim == 0:
        return _wrap(jnp.ones_like(a))
    return _wrap(_softmax(a, ax, negate))


@one_program(static_argnums=(1, 2))
def _softmax(a, axis, negate):
    return jax.nn.softmax(-a if negate else a, axis=axis)


@op("softmax", amp=BLACK)
def softmax(input, axis=-1, *, dtype=None):
    return _softmax_impl("Softmax", input, axis, dtype)


@op("softmin")
def softmin(x, axis=-1, *, dtype=None):
    if isinstance(axis, (tuple, list)) and len(axis) == 1:
        axis = axis[0]
    return _softmax_impl("Softmax", x, axis, dtype, negate=True)


primitive("Softmax", lambda x, axis=-1: _softmax_impl("Softmax", x, axis, allow_tuple=True),
          attrs=(("axis", -1),), amp=BLACK)


@op("log_softmax", amp=BLACK)
def log_softmax(logits, axis=-1):
    a = need_tensor("LogSoftmax", "logits", logits)
    if dname(a) not in BF_F16_32:
        raise TypeError("Select CPU operator[LogSoftmax] fail! Unsupported data type!")
    ax = axis_in("LogSoftmax", axis, a.ndim)
    if a.ndim == 0:
        return _wrap(jnp.zeros_like(a))
    return _wrap(_log_softmax(a, ax))


@one_program(static_argnums=(1,))
def _log_softmax(a, axis):
    return jax.nn.log_softmax(a, axis=axis)


primitive("LogSoftmax", log_softmax, attrs=(("axis", -1),), amp=BLACK)


# ---------------------------------------------------------------------------------------
# GeLU family and other smooth activations


@one_program(static_argnums=(1,))
def _gelu(a, approximate=True):
    return jax.nn.gelu(a, approximate=approximate)


@op("gelu")
def gelu(input, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise ValueError("For ops.gelu, approximate value should be either 'none' or 'tanh'.")
    a = need_tensor("GeLU", "input", input)
    if dname(a) not in FLOATS:
        raise TypeError(f"For gelu, the input dtype must be bfloat16, float16, float32 or float64, "
                        f"but got {mstype.from_numpy_dtype(a.dtype)}.")
    return _wrap(_gelu(a, approximate == "tanh"))


primitive("GeLU", lambda x: _wrap(_gelu(tensor_in("GeLU", "x", x, FLOATS))))


def _fast_gelu(a):
    ab = jnp.abs(a)
    return a / (1 + jnp.exp(const(-1.702, a) * ab)) * jnp.exp(const(0.851, a) * (a - ab))


@op("fast_gelu")
def fast_gelu(x):
    a = need_tensor("FastGeLU", "x", x)
    if dname(a) not in F16_32:
        raise TypeError(f"For 'FastGeLU', input[0] type should be float16 or float32. but got "
                        f"{mstype.from_numpy_dtype(a.dtype)}")
    return _wrap(_fast_gelu(a))


primitive("FastGeLU", fast_gelu)


@op("elu")
def elu(input_x, alpha=1.0):
    a = need_tensor("Elu", "input_x", input_x)
    if alpha != 1.0:
        raise ValueError("EluIn Elu, alpha must be 1.0f.")
    if dname(a) not in F16_32_64:
        raise TypeError(f"For 'Elu', the type of 'input_x' must be float16, float32 or float64, "
                        f"but got {mstype.from_numpy_dtype(a.dtype)}.")
    return _wrap(jnp.where(a > 0, a, jnp.expm1(a)))


primitive("Elu", elu, attrs=(("alpha", 1.0),))


@op("celu")
def celu(x, alpha=1.0):
    a = tensor_in("CeLU", "input_x", x, F16_32_64)
    check_number("CeLU", "alpha", alpha)
    if alpha == 0:
        raise ValueError(f"For primitive[CeLU], the alpha must be not equal to 0 , but got {alpha}.")
    al = const(alpha, a)
    return _wrap(jnp.maximum(a, const(0, a)) + jnp.minimum(const(0, a), al * jnp.expm1(a / al)))


primitive("CeLU", celu, attrs=(("alpha", 1.0),))

_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


@op("selu")
def selu(input_x):
    if not isinstance(input_x, Tensor):
        raise TypeError(f"For Primitive[SeLU], the type of input argument[input_x] must be Tensor but got "
                        f"{type(input_x).__name__}.")
    a = arr(input_x)
    check_dtype("SeLU", "input_x", a, NUMERIC)
    if jnp.issubdtype(a.dtype, jnp.floating):
        return _wrap(const(_SELU_SCALE, a) * jnp.where(a > 0, a, const(_SELU_ALPHA, a) * jnp.expm1(a)))
    f = a.astype(jnp.float32)
    out = jnp.float32(_SELU_SCALE) * jnp.where(f > 0, f, jnp.float32(_SELU_ALPHA) * jnp.expm1(f))
    return _wrap(jnp.where(a > 0, out, 0).astype(a.dtype))


primitive("SeLU", selu)


@op("hardshrink")
def hardshrink(input, lambd=0.5):
    a = tensor_in("HShrink", "input_x", input, BF_F16_32)
    check_number("HShrink", "lambd", lambd)
    return _wrap(jnp.where(jnp.abs(a) > const(lambd, a), a, const(0, a)))


primitive("HShrink", hardshrink, attrs=(("lambd", 0.5),))


@op("softshrink", aliases=("soft_shrink",))
def softshrink(input, lambd=0.5):
    a = tensor_in("SoftShrink", "input_x", input, BF_F16_32)
    check_number("SoftShrink", "lambd", lambd)
    if lambd < 0:
        raise RuntimeError(f"For 'SoftShrink', the values for lambd should be greater or equal to 0, "
                           f"but found to be [{lambd}].")
    l_ = const(lambd, a)
    return _wrap(jnp.where(a > l_, a - l_, jnp.where(a < -l_, a + l_, const(0, a))))


primitive("SoftShrink", softshrink, attrs=(("lambd", 0.5),))


@one_program(static_argnums=(1, 2))
def _softplus(a, beta=1, threshold=20):
    bx = a * const(beta, a)
    return jnp.where(bx > const(threshold, a), a, jnp.logaddexp(bx, const(0, a)) / const(beta, a))


@op("softplus", amp=BLACK)
def softplus(input, beta=1, threshold=20):
    a = tensor_in("Softplus", "x", input, F16_32_64)
    check_number("softplus", "beta", beta)
    check_number("softplus", "threshold", threshold)
    return _wrap(_softplus(a, beta, threshold))


primitive("Softplus", lambda x: softplus(x), amp=BLACK)     # beta 1; above the threshold 20 log(1 + e^x) is x


@op("softsign")
def softsign(x):
    a = tensor_in("Softsign", "input_x", x, F16_32_64)
    return _wrap(a / (1 + jnp.abs(a)))


primitive("Softsign", softsign)


@op("mish")
def mish(x):
    a = tensor_in("Mish", "input_x", x, F16_32_64)
    return _wrap(a * jnp.tanh(jnp.logaddexp(a, const(0, a))))


primitive("Mish", mish)


def _glu(op_name, x, axis, err):
    a = need_tensor(op_name, "x", x)
    ax = axis_in(op_name, axis, a.ndim)
    if a.shape[ax] % 2:
        raise err(a.shape[ax])
    h = a.shape[ax] // 2
    first = lax.slice_in_dim(a, 0, h, axis=ax)
    second = lax.slice_in_dim(a, h, 2 * h, axis=ax)
    return _wrap(first * _sigmoid(second))


@op("glu")
def glu(x, axis=-1):
    return _glu("Split", x, axis, lambda n: ValueError(
        f"For 'Split', x_shape[{axis}] must be divisible by output_num = 2, but got {n}"))


primitive("GLU", lambda x, axis=-1: _glu("GLU", x, axis, lambda n: RuntimeError(
    f"For GLU, halving dimension must be even, but dimension {axis} is size {n}.")), attrs=(("axis", -1),))


# ---------------------------------------------------------------------------------------
# Layers: dense, bias_add, L2Normalize, OneHot


@op("dense", amp=WHITE, ascend_cube=True)
def dense(input, weight, bias=None):
    x = need_tensor("Dense", "input", input)
    w = need_tensor("Dense", "weight", weight)
    if x.dtype != w.dtype:
        raise TypeError(f"For 'Dense', the type of 'x2' should be same as 'x1', but got 'x1' with type "
                        f"Tensor[{mstype.from_numpy_dtype(x.dtype)}] and 'x2' with type "
                        f"Tensor[{mstype.from_numpy_dtype(w.dtype)}].")
    if w.ndim == 1:
        if x.shape[-1] != w.shape[0]:
            raise ValueError(f"Dense shape error, got x_col: {x.shape[-1]}, w_row: {w.shape[0]}.")
        out = jnp.tensordot(x, w, axes=([x.ndim - 1], [0]), precision=precision.matmul_precision())
    else:
        if w.ndim != 2 or x.shape[-1] != w.shape[1]:
            raise ValueError(f"Dense shape error, got x_col: {x.shape[-1]}, w_row: {w.shape[-1]}. In Dense "
                             "x_col and w_row should be equal. if the dim of w is 2.")
        out = jnp.matmul(x, w.T, precision=precision.matmul_precision())
    if bias is not None:
        b = need_tensor("Dense", "bias", bias)
        if b.dtype != x.dtype:
            raise TypeError(f"For 'Dense', the type of 'b' should be same as 'x1', but got "
                            f"{mstype.from_numpy_dtype(b.dtype)}.")
        out = out + b
    return _wrap(out)


primitive("Dense", dense, amp=WHITE, ascend_cube=True)


def _bias_add(input_x, bias, data_format="NCHW"):
    x = need_tensor("BiasAdd", "input_x", input_x)
    b = need_tensor("BiasAdd", "bias", bias)
    if x.dtype != b.dtype:
        raise TypeError("For primitive[BiasAdd], the input type must be same.")
    if data_format not in ("NCHW", "NHWC", "NCDHW"):
        raise ValueError(f"For 'BiasAdd', the 'data_format' must be NCHW, NHWC or NCDHW, but got {data_format}.")
    if not 2 <= x.ndim <= 5:
        raise ValueError(f"For primitive[BiasAdd], the rank of input_x must be in [2,5], but got {x.ndim}.")
    if b.ndim != 1:
        raise ValueError(f"For 'BiasAdd', the rank of 'bias' must be 1, but got {b.ndim}.")
    ch_axis = x.ndim - 1 if data_format == "NHWC" else 1
    if b.shape[0] != x.shape[ch_axis]:
        raise ValueError(f"For 'BiasAdd', bias[0] shape should be equal to input_x[{ch_axis}] shape, but got "
                         f"bias shape: {list(b.shape)}, input_shape: {list(x.shape)}.")
    return _wrap(_add_channel(x, b, ch_axis))


@one_program(static_argnums=(2,))
def _add_channel(x, b, axis):
    """``x`` plus the vector ``b`` along ``x``'s axis ``axis``."""
    if x.dtype == b.dtype:
        return lax.add(x, lax.broadcast_in_dim(b, x.shape, (axis,)))
    shape = [1] * x.ndim
    shape[axis] = b.shape[0]
    return x + b.reshape(shape)


@op("bias_add", amp=PROMOTE)
def bias_add(input_x, bias):
    return _bias_add(input_x, bias)


primitive("BiasAdd", _bias_add, attrs=(("data_format", "NCHW"),), amp=PROMOTE)


def _l2_normalize(x, axis=0, epsilon=1e-4):
    a = tensor_in("L2Normalize", "input_x", x, F16_32_64)
    ax = axis[0] if isinstance(axis, (tuple, list)) and len(axis) == 1 else axis
    r = max(a.ndim, 1)
    if is_int(ax) and not -r <= ax < r:
        raise ValueError(f"For primitive[L2Normalize], the axis value must be in [{-r},{r}), but got {ax}.")
    ax = ax % r
    sq = jnp.sum(jnp.square(a.astype(jnp.float32)), axis=ax, keepdims=True)
    out = a.astype(jnp.float32) / jnp.sqrt(jnp.maximum(sq, jnp.float32(epsilon)))
    return _wrap(out.astype(a.dtype))


def _l2n_call(prim, x):
    return _l2_normalize(x, prim.axis, prim.epsilon)


_L2N = primitive("L2Normalize", _l2_normalize, attrs=(("axis", 0), ("epsilon", 1e-4)), call=_l2n_call)
_l2n_init = _L2N.__init__


def _l2n_checked_init(self, axis=0, epsilon=1e-4):
    if isinstance(axis, bool) or not isinstance(axis, (int, tuple, list)):
        raise TypeError(f"For 'L2Normalize', the type of 'axis' should be one of '['list', 'tuple']', "
                        f"but got type '{type(axis).__name__}'.")
    if isinstance(axis, (tuple, list)) and len(axis) != 1:
        raise TypeError(f"For 'L2Normalize', the length of 'axis' must be 1, but got {len(axis)}.")
    if not is_number(epsilon):
        raise TypeError(f"For 'L2Normalize', the type of 'epsilon' should be 'float', "
                        f"but got type '{type(epsilon).__name__}'.")
    _l2n_init(self, axis, epsilon)


_L2N.__init__ = _l2n_checked_init


def _one_hot_call_error(indices, depth, on_value, off_value):
    def word(v):
        if isinstance(v, Tensor):
            return "Tensor"
        return type(v).__name__.capitalize() if isinstance(v, (list, tuple)) else type(v).__name__
    words = ", ".join(f"{n}={word(v)}" for n, v in
                      (("indices", indices), ("depth", depth), ("on_value", on_value), ("off_value", off_value)))
    return TypeError(f'Failed calling OneHot with "OneHot(axis=int)({words})".')


def _one_hot(indices, depth, on_value, off_value, axis=-1):
    """The kernel of ``OneHot(axis)(indices, depth, on_value, off_value)`` and ``ops.one_hot``."""
    if isinstance(depth, Tensor):
        depth = int(depth)
    if not isinstance(indices, Tensor) or not is_int(depth) or not isinstance(on_value, Tensor) \
            or not isinstance(off_value, Tensor):
        raise _one_hot_call_error(indices, depth, on_value, off_value)
    idx = arr(indices)
    if dname(idx) not in ("int32", "int64"):
        raise TypeError(f"For primitive[OneHot], the input argument[indices] must be a type of "
                        f"{{Tensor[Int32], Tensor[Int64]}}, but got Tensor[{mstype.from_numpy_dtype(idx.dtype)}].")
    if depth < 0:
        raise ValueError(f"For primitive[OneHot], the depth value must be greater than or equal to 0, "
                         f"but got {depth}.")
    on, off = arr(on_value), arr(off_value)
    if on.dtype != off.dtype:
        raise TypeError("For primitive[OneHot], the input type must be same.")
    r = idx.ndim + 1
    if not is_int(axis) or not -1 <= axis < r:
        raise ValueError(f"For primitive[OneHot], the axis value must be in [-1,{idx.ndim}], but got {axis}.")
    ax = axis % r
    hot = jnp.arange(depth, dtype=idx.dtype)
    shape = [1] * r
    shape[ax] = depth
    mask = jnp.expand_dims(idx, ax) == hot.reshape(shape)
    return _wrap(jnp.where(mask, on.reshape(()), off.reshape(())))


primitive("OneHot", _one_hot, attrs=(("axis", -1),))


@op("one_hot")
def one_hot(indices, depth, on_value=1, off_value=0, axis=-1):
    """One-hot encoding of ``indices`` along a new axis ``axis`` of size ``depth`` (Python
    numbers for ``on_value``/``off_value`` become Tensors)."""
    on = on_value if isinstance(on_value, Tensor) else Tensor(on_value)
    off = off_value if isinstance(off_value, Tensor) else Tensor(off_value)
    return _one_hot(indices, depth, on, off, axis)


# ---------------------------------------------------------------------------------------
# Flips, msort, is_floating_point, NthElement, InTopK, Meshgrid, shuffles


def _flip(input, dims):
    a = need_tensor("ReverseV2", "input", input)
    if not isinstance(dims, (tuple, list)):
        raise TypeError(f"Failed calling ReverseV2 with \"ReverseV2(axis={type(dims).__name__})(input=Tensor)\".")
    r = max(a.ndim, 1)
    out = []
    for i, d in enumerate(dims):
        if not is_int(d):
            raise TypeError(f"For 'ReverseV2', the 'axis[{i}]' must be int, but got {type(d).__name__}.")
        check_int_range(d, -r, r, INC_LEFT, f"axis[{i}]", "ReverseV2")
        out.append(d % r)
    if len(set(out)) != len(out):
        raise ValueError(f"For 'ReverseV2', 'axis' cannot contain duplicate dimensions, but got {list(dims)}.")
    return _wrap(jnp.flip(a, tuple(out)) if out and a.ndim else a)


@op("flip", method="flip")
def flip(input, dims):
    return _flip(input, dims)


@op("fliplr")
def fliplr(input):
    return _flip(input, (1,))


@op("flipud")
def flipud(input):
    return _flip(input, (0,))


@op("msort")
def msort(input):
    a = need_tensor("Sort", "input", input)
    return _wrap(jnp.sort(a, axis=0) if a.ndim else a)


@op("is_floating_point")
def is_floating_point(input):
    a = need_tensor("is_floating_point", "input", input)
    return dname(a) in ("float16", "float32", "float64", "bfloat16")


def _nth_element(input, n, reverse=False):
    a = need_tensor("NthElement", "input", input)
    if isinstance(n, Tensor):
        n = int(n)
    if not is_int(n):
        raise TypeError(f"For 'NthElement', the type of 'n' must be int, but got {type(n).__name__}.")
    if a.ndim < 1:
        raise ValueError(f"For primitive[NthElement], the rank of input must be >= 1, but got {a.ndim}.")
    last = a.shape[-1]
    if n >= last:
        raise ValueError(f"For primitive[NthElement], the n_value must be less than {last}, but got {n}.")
    if n < 0:
        raise ValueError(f"For primitive[NthElement], the n_value must be >= 0, but got {n}.")
    s = jnp.sort(a, axis=-1)
    return _wrap(s[..., last - 1 - n] if reverse else s[..., n])


primitive("NthElement", _nth_element, attrs=(("reverse", False),))


def _in_top_k(x1, x2, k):
    a = tensor_in("InTopK", "x1", x1, F16_32)
    t = tensor_in("InTopK", "x2", x2, ("int32", "int64"))
    if not is_int(k):
        raise TypeError(f"For 'InTopK', the type of 'k' should be 'int', but got type '{type(k).__name__}'.")
    if a.ndim != 2 or t.ndim != 1 or t.shape[0] != a.shape[0]:
        raise ValueError(f"For 'InTopK', 'x1' must be 2-D and 'x2' 1-D with x2's size equal to x1's first "
                         f"dimension, but got {list(a.shape)} and {list(t.shape)}.")
    n = a.shape[1]
    valid = (t >= 0) & (t < n)
    tv = jnp.take_along_axis(a, jnp.clip(t, 0, n - 1)[:, None].astype(jnp.int32), axis=1)
    greater = jnp.sum(a > tv, axis=1)
    return _wrap(valid & (greater < k) & jnp.all(jnp.isfinite(a), axis=1))


@op("intopk")
def intopk(x1, x2, k):
    return _in_top_k(x1, x2, k)


primitive("InTopK", lambda x1, x2, k: _in_top_k(x1, x2, k), attrs=(("k", 0),),
          call=lambda prim, x1, x2: _in_top_k(x1, x2, prim.k))


def _channel_shuffle(x, groups):
    a = need_tensor("ChannelShuffle", "x", x)
    if not is_int(groups):
        raise TypeError(f"For 'ChannelShuffle', the type of 'group' should be 'int', "
                        f"but got type '{type(groups).__name__}'.")
    if groups <= 0:
        raise ValueError(f"For 'ChannelShuffle', the 'group' must be > 0, but got {groups}.")
    if a.ndim < 4:
        raise TypeError(f"For ChannelShuffle, expect input with > 3 dims, but got {a.ndim}.")
    c = a.shape[1]
    if c % groups:
        raise ValueError("For ChannelShuffle, number of channels must be divisible by groups.")
    n = a.shape[0]
    rest = a.shape[2:]
    out = a.reshape((n, groups, c // groups) + rest)
    out = jnp.swapaxes(out, 1, 2).reshape(a.shape)
    return _wrap(out)


@op("channel_shuffle")
def channel_shuffle(x, groups):
    return _channel_shuffle(x, groups)


primitive("ChannelShuffle", lambda x, group: _channel_shuffle(x, group), attrs=(("group", 1),))


def _pixel_args(name, input, arg, r):
    """Checked input (at least 3-D) and positive int factor ``r`` of pixel_(un)shuffle."""
    a = need_tensor(name, "input", input)
    if not is_int(r) or r <= 0:
        raise ValueError(f"For '{name}', the '{arg}' must be a positive int, but got {r}.")
    if a.ndim < 3:
        raise ValueError(f"For '{name}', the dimension of 'input' must be >= 3, but got {a.ndim}.")
    return a, r


@op("pixel_shuffle")
def pixel_shuffle(input, upscale_factor):
    a, r = _pixel_args("pixel_shuffle", input, "upscale_factor", upscale_factor)
    c, h, w = a.shape[-3:]
    if c % (r * r):
        raise ValueError("For 'pixel_shuffle', the length of third to last dimension is not divisible"
                         "by `upscale_factor` squared.")
    lead = a.shape[:-3]
    oc = c // (r * r)
    out = a.reshape(lead + (oc, r, r, h, w))
    k = len(lead)
    out = jnp.transpose(out, tuple(range(k)) + (k, k + 3, k + 1, k + 4, k + 2))
    return _wrap(out.reshape(lead + (oc, h * r, w * r)))


@op("pixel_unshuffle")
def pixel_unshuffle(input, downscale_factor):
    a, r = _pixel_args("pixel_unshuffle", input, "downscale_factor", downscale_factor)
    c, h, w = a.shape[-3:]
    if h % r or w % r:
        raise ValueError("For 'pixel_unshuffle', the length of second to last 2 dimension should be divisible "
                         "by downscale_factor.")
    lead = a.shape[:-3]
    k = len(lead)
    out = a.reshape(lead + (c, h // r, r, w // r, r))
    out = jnp.transpose(out, tuple(range(k)) + (k, k + 2, k + 4, k + 1, k + 3))
    return _wrap(out.reshape(lead + (c * r * r, h // r, w // r)))


# ---------------------------------------------------------------------------------------
# nsa_compress (Native Sparse Attention KV compression; an Ascend kernel in MindSpore)


@op("nsa_compress")
def nsa_compress(input, weight, compress_block_size, compress_stride, *, actual_seq_len):
    """Compress the token axis of ``input`` (T, N, D) with sliding windows of
    ``compress_block_size`` tokens every ``compress_stride`` tokens, inside each segment
    given by the prefix sums ``actual_seq_len``: window ``w`` of head ``n`` is
    ``sum_j weight[j, n] * input[start_w + j, n, :]`` (accumulated in float32)."""
    name = "nsa_compress"
    for n_, t in (("input", input), ("weight", weight)):
        if not isinstance(t, Tensor):
            raise TypeError(f"For '{name}', '{n_}' must be a Tensor, but got {type(t).__name__}.")
    x, w = arr(input), arr(weight)
    if x.dtype != w.dtype:
        raise TypeError(f"For '{name}', 'input' and 'weight' must have the same dtype, but got "
                        f"{mstype.from_numpy_dtype(x.dtype)} and {mstype.from_numpy_dtype(w.dtype)}.")
    if x.dtype not in (np.dtype(np.float16), np.dtype(jax.numpy.bfloat16)):
        raise TypeError(f"For '{name}', the dtype must be float16 or bfloat16, but got "
                        f"{mstype.from_numpy_dtype(x.dtype)}.")
    for n_, v in (("compress_block_size", compress_block_size), ("compress_stride", compress_stride)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"For '{name}', '{n_}' must be an int, but got {type(v).__name__}.")
    if not isinstance(actual_seq_len, (tuple, list)) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in actual_seq_len):
        raise TypeError(f"For '{name}', 'actual_seq_len' must be a tuple or list of ints.")
    block, stride, seq = compress_block_size, compress_stride, list(actual_seq_len)
    if x.ndim != 3 or w.ndim != 2:
        raise RuntimeError(f"For '{name}', 'input' must be 3-D (T, N, D) and 'weight' 2-D, but got ranks "
                           f"{x.ndim} and {w.ndim}.")
    t, heads, d = x.shape
    checks = [(w.shape[0] != block, "weight.shape[0] must equal compress_block_size"),
              (w.shape[1] != heads, "weight.shape[1] must equal N"),
              (d % 16 != 0 or d > 256, "D must be a multiple of 16 and at most 256"),
              (not 1 <= heads <= 128, "N must be in [1, 128]"),
              (block % 16 != 0 or not 16 <= block <= 128, "compress_block_size must be a multiple of 16 in [16, 128]"),
              (stride % 16 != 0 or not 16 <= stride <= block,
               "compress_stride must be a multiple of 16 in [16, compress_block_size]"),
              (not seq, "actual_seq_len must not be empty"),
              (any(v <= 0 for v in seq), "actual_seq_len must be positive"),
              (any(b < a for a, b in zip(seq, seq[1:])), "actual_seq_len must be non-decreasing"),
              (bool(seq) and seq[-1] != t, "the last element of actual_seq_len must equal T")]
    for bad, msg in checks:
        if bad:
            raise RuntimeError(f"For '{name}', {msg}.")
    starts = []
    for s0, s1 in zip([0] + seq[:-1], seq):
        count = max(0, 1 + (s1 - s0 - block) // stride)
        starts += [s0 + k * stride for k in range(count)]
    if not starts:
        return _wrap(jax.numpy.zeros((0, heads, d), x.dtype))
    idx = np.asarray(starts)[:, None] + np.arange(block)[None, :]          # (T', block)
    win = x[idx].astype(np.float32)                                        # (T', block, N, D)
    out = jax.numpy.einsum("wbnd,bn->wnd", win, w.astype(np.float32))
    return _wrap(out.astype(x.dtype))


def _no_repeat_ngram(state_seq, log_probs, ngram_size=1):
    name = "NoRepeatNGram"
    s = _tensor_input(name, "state_seq", state_seq, (np.int32, np.int64))
    lp = _tensor_input(name, "log_probs", log_probs, (np.float16, np.float32, np.float64))
    if s.ndim != 3 or lp.ndim != 3:
        raise ValueError(f"For '{name}', 'state_seq' and 'log_probs' must be 3-D, but got "
                         f"{s.ndim}-D and {lp.ndim}-D.")
    if s.shape[:2] != lp.shape[:2]:
        raise ValueError(f"For '{name}', the batch_size and beam_width of 'state_seq' and 'log_probs' "
                         f"must be equal, but got {s.shape} and {lp.shape}.")
    n, m = ngram_size, s.shape[2]
    if n > m:
        raise ValueError(f"For '{name}', the 'ngram_size' must be less than or equal to {m}, but got {n}.")
    tail = s[..., m - n + 1:]
    banned = jnp.zeros(lp.shape, bool)
    vocab = lp.shape[2]
    for i in range(m - n + 1):
        match = jnp.all(s[..., i:i + n - 1] == tail, axis=-1) if n > 1 else jnp.ones(s.shape[:2], bool)
        tok = s[..., i + n - 1]
        hit = jax.nn.one_hot(tok, vocab, dtype=bool) & match[..., None]
        banned = banned | hit
    return _wrap(jnp.where(banned, jnp.finfo(lp.dtype).min, lp))


def _check_ngram_size(prim):
    _check_type(prim.name, "ngram_size", prim.ngram_size, (int,))
    if prim.ngram_size <= 0:
        raise ValueError(f"For '{prim.name}', the 'ngram_size' must be greater than 0, but got {prim.ngram_size}.")


primitive("NoRepeatNGram", _no_repeat_ngram, (("ngram_size", 1),), init=_check_ngram_size,
          doc="``NoRepeatNGram(ngram_size)(state_seq, log_probs)``: ``log_probs`` with -FLT_MAX for every token "
              "that would repeat an n-gram of ``state_seq``.")
