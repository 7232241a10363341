"""Normalization ops: batch_norm/BatchNorm (training mode updates the running statistics
through their Parameter binding), layer_norm/LayerNorm, group_norm, rms_norm, lrn."""
import functools
import numbers

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

from mscompat.common import dtype as mstype
from ._args import Tensor
from ._nn import need_tensor, check_dtype, dname, is_int, is_number, F16_32, BF_F16_32
from ._programs import one_program
from ._registry import op, primitive, BLACK

_wrap = Tensor._wrap


def _write(t, value):
    """Write ``value`` into Tensor/Parameter ``t`` in place (its binding), keeping its dtype."""
    t._data = value.astype(t._data.dtype) if t._data is not None else value


# Training-mode BatchNorm below is written in lax rather than jnp: each jnp call traces a nested
# program of its own, and a ResNet's training step traces these formulas for every layer.

def _per_channel(v, x, axes):
    """The per-channel vector ``v`` broadcast to ``x``'s shape (``x`` reduced over ``axes`` gave it)."""
    return lax.broadcast_in_dim(v, x.shape, tuple(i for i in range(x.ndim) if i not in axes))


_cast = lax.convert_element_type     # no operation where the dtype is already that one


def _mean(x, axes, n):
    return lax.div(lax.reduce_sum(x, axes), np.float32(n))


@functools.partial(jax.custom_vjp, nondiff_argnums=(3, 4))
def _train_norm(x, gamma, beta, axes, eps):
    """Training-mode batch normalization of float32 ``x`` over ``axes``: ``(y, batch mean, batch
    variance)``. Its gradient is MindSpore's BatchNormGrad: with respect to ``x``, ``gamma`` and
    ``beta`` from the gradient of ``y`` alone (the batch statistics' own cotangents are not
    propagated, as in MindSpore's bprop of BatchNorm), in two reductions and one elementwise pass
    instead of the chain through the mean and variance that differentiating the forward makes."""
    return _train_norm_fwd(x, gamma, beta, axes, eps)[0]


def _train_norm_fwd(x, gamma, beta, axes, eps):
    n = x.size // gamma.size
    mean = _mean(x, axes, n)
    centered = lax.sub(x, _per_channel(mean, x, axes))
    var = _mean(lax.square(centered), axes, n)
    rstd = lax.rsqrt(lax.add(var, np.float32(eps)))
    y = lax.add(lax.mul(centered, _per_channel(lax.mul(gamma, rstd), x, axes)), _per_channel(beta, x, axes))
    return (y, mean, var), (x, mean, rstd, gamma)


def _train_norm_bwd(axes, eps, res, cts):
    x, mean, rstd, gamma = res
    dy = cts[0]
    n = np.float32(x.size // mean.size)
    xhat = lax.mul(lax.sub(x, _per_channel(mean, x, axes)), _per_channel(rstd, x, axes))
    dbeta = lax.reduce_sum(dy, axes)
    dgamma = lax.reduce_sum(lax.mul(dy, xhat), axes)
    inner = lax.sub(lax.sub(dy, _per_channel(lax.div(dbeta, n), x, axes)),
                    lax.mul(xhat, _per_channel(lax.div(dgamma, n), x, axes)))
    dx = lax.mul(_per_channel(lax.mul(gamma, rstd), x, axes), inner)
    return dx, dgamma, dbeta


_train_norm.defvjp(_train_norm_fwd, _train_norm_bwd)


def _train_norm_and_stats(x, gamma, beta, mean, var, axes, eps, momentum):
    """Training-mode batch normalization of float32 ``x`` with float32 parameters and running
    statistics: ``(y, batch mean, batch variance, new running mean, new running variance)``.
    Called by ``_norm_program`` (one program per input signature in PyNative; traced into the
    caller's program where it is staged)."""
    y, bmean, bvar = _train_norm(x, gamma, beta, axes, eps)
    # no gradient reaches the batch statistics (MindSpore's BatchNormGrad takes none): the
    # running statistics computed from them need no derivative either
    bmean, bvar = jax.lax.stop_gradient(bmean), jax.lax.stop_gradient(bvar)
    n = x.size // mean.size
    unbiased = lax.mul(bvar, np.float32(n / max(n - 1, 1)))
    keep, take = np.float32(1 - momentum), np.float32(momentum)
    return (y, bmean, bvar, lax.add(lax.mul(mean, keep), lax.mul(bmean, take)),
            lax.add(lax.mul(var, keep), lax.mul(unbiased, take)))


def _batch_norm(op_name, x, scale, bias, mean, variance, is_training, epsilon, momentum, data_format,
                dtypes=F16_32):
    """``dtypes``: the floating types the kernel takes (BatchNorm float16/32, mint's BatchNormExt bfloat16 too)."""
    a = need_tensor(op_name, "input_x", x)
    check_dtype(op_name, "input_x", a, dtypes)
    params = [need_tensor(op_name, n, t) for n, t in
              (("scale", scale), ("bias", bias), ("mean", mean), ("variance", variance))]
    for n, p in zip(("scale", "bias", "mean", "variance"), params):
        check_dtype(op_name, n, p, dtypes)
    for n, v, typ in (("is_training", is_training, bool), ("epsilon", epsilon, float), ("momentum", momentum, float)):
        if not isinstance(v, typ):
            raise TypeError(f"For '{op_name}', the type of '{n}' should be '{typ.__name__}', but got type "
                            f"'{type(v).__name__}'.")
    if not 0 < epsilon <= 1:
        raise ValueError(f"For '{op_name}', the 'epsilon' must be in range (0, 1], but got {epsilon}.")
    if not 0 <= momentum <= 1:
        raise ValueError(f"For '{op_name}', the 'momentum' must be in range [0, 1], but got {momentum}.")
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"For '{op_name}', the 'data_format' must be 'NCHW' or 'NHWC', but got {data_format}.")
    if a.ndim < 2:
        raise ValueError(f"For '{op_name}', the rank of 'input_x' must be >= 2, but got {a.ndim}.")
    ch = a.ndim - 1 if data_format == "NHWC" else 1
    c = a.shape[ch]
    if any(p.ndim != 1 for p in params):
        raise ValueError(f"For '{op_name}', 'scale', 'bias', 'mean' and 'variance' must be 1-D.")
    sizes = [p.shape[0] for p in params]
    if any(s != c for s in sizes):
        raise ValueError(f"For '{op_name}', 'scale', 'bias', 'mean', and 'variance' should have the same size "
                         f"during training, but got {sizes[0]}, {sizes[1]}, {sizes[2]} and {sizes[3]}.")
    outs = _norm_program(a, *params, is_training, ch, float(epsilon), momentum)
    if is_training:
        _write(mean, outs[5])
        _write(variance, outs[6])
    return tuple(_wrap(o) for o in outs[:5])


@one_program(static_argnums=(5, 6, 7, 8))
def _norm_program(a, scale, bias, mean, variance, is_training, ch, epsilon, momentum):
    """BatchNorm's computation after its checks, one program per input signature: ``(y, zeros,
    zeros, batch mean, batch variance, new running mean, new running variance)``, ``y`` in
    ``a``'s dtype, the statistics in ``scale``'s and the running ones in their own."""
    axes = tuple(i for i in range(a.ndim) if i != ch)
    shape = [1] * a.ndim
    shape[ch] = a.shape[ch]
    f = _cast(a, np.float32)
    g, b, m, v = (_cast(p, np.float32) for p in (scale, bias, mean, variance))
    zeros = lax.full((a.shape[ch],), 0, np.float32)
    new_mean = new_var = None
    if is_training:
        y, bmean, bvar, new_mean, new_var = _train_norm_and_stats(f, g, b, m, v, axes, epsilon, momentum)
        new_mean, new_var = _cast(new_mean, mean.dtype), _cast(new_var, variance.dtype)
    else:
        # inference: no batch statistics to compute; MindSpore returns zeros in their place
        bmean = bvar = zeros
        inv = g / jnp.sqrt(v + jnp.float32(epsilon))
        y = (f - m.reshape(shape)) * inv.reshape(shape) + b.reshape(shape)
    st = scale.dtype
    return (_cast(y, a.dtype), _cast(zeros, st), _cast(zeros, st), _cast(bmean, st), _cast(bvar, st), new_mean, new_var)


@op("batch_norm", amp=BLACK)
def batch_norm(input_x, running_mean, running_var, weight, bias, training=False, momentum=0.1, eps=1e-5):
    """Batch normalization over the channel axis 1; with ``training`` the running statistics
    (Parameters or Tensors) are updated in place."""
    return _batch_norm("BatchNorm", input_x, weight, bias, running_mean, running_var, training, eps,
                       momentum, "NCHW")[0]


primitive("BatchNorm", None, attrs=(("is_training", False, (bool,)), ("epsilon", 1e-5, (float,)),
                                    ("momentum", 0.1, (float,)), ("data_format", "NCHW", (str,))),
          call=lambda prim, x, scale, bias, mean, variance: _batch_norm(
              "BatchNorm", x, scale, bias, mean, variance, prim.is_training, prim.epsilon, prim.momentum,
              prim.data_format), amp=BLACK)


def _ln_core(a, axes, eps):
    f = a.astype(jnp.float32)
    mean = jnp.mean(f, axis=axes, keepdims=True)
    var = jnp.mean(jnp.square(f - mean), axis=axes, keepdims=True)
    return (f - mean) / jnp.sqrt(var + jnp.float32(eps)), mean, var


@op("layer_norm", amp=BLACK)
def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    a = need_tensor("LayerNorm", "input", input)
    check_dtype("LayerNorm", "input", a, BF_F16_32)
    if is_int(normalized_shape):
        normalized_shape = (normalized_shape,)
    if not isinstance(normalized_shape, (tuple, list)) or not all(is_int(s) for s in normalized_shape):
        raise TypeError(f"For 'LayerNorm', the 'normalized_shape' must be an int or a tuple of ints, "
                        f"but got {normalized_shape}.")
    k = len(normalized_shape)
    if k == 0 or k > a.ndim or tuple(a.shape[a.ndim - k:]) != tuple(normalized_shape):
        raise ValueError(f"For 'LayerNorm', gamma or beta shape must match input shape, but got input shape: "
                         f"{list(a.shape)}, normalized_shape: {list(normalized_shape)}.")
    affine = []
    for n, p in (("weight", weight), ("bias", bias)):
        pa = None
        if p is not None:
            pa = need_tensor("LayerNorm", n, p)
            if tuple(pa.shape) != tuple(normalized_shape):   # MindSpore's LayerNorm infer: a RuntimeError
                raise RuntimeError(f"For 'LayerNorm', the shape of gamma and beta must be equal to normalized_shape, "
                                   f"but got {n} shape: {list(pa.shape)}, normalized_shape: {list(normalized_shape)}.")
        affine.append(pa)
    return _wrap(_layer_norm_program(a, *affine, tuple(range(a.ndim - k, a.ndim)), eps)[0])


@one_program(static_argnums=(3, 4))
def _layer_norm_program(a, weight, bias, axes, eps):
    """LayerNorm over ``axes`` after its checks, times ``weight`` plus ``bias`` (either may be
    None): ``(y, mean, variance)`` in ``a``'s dtype. No gradient flows back through the mean and
    variance outputs (MindSpore's LayerNormGrad takes only the gradient of y)."""
    y, mean, var = _ln_core(a, axes, eps)
    if weight is not None:
        y = y * weight.astype(jnp.float32)
    if bias is not None:
        y = y + bias.astype(jnp.float32)
    mean, var = jax.lax.stop_gradient(mean), jax.lax.stop_gradient(var)
    return y.astype(a.dtype), mean.astype(a.dtype), var.astype(a.dtype)


def _layer_norm_prim(prim, x, gamma, beta):
    name = "LayerNorm"
    a = need_tensor(name, "input_x", x)
    check_dtype(name, "input_x", a, BF_F16_32)
    g = need_tensor(name, "gamma", gamma)
    b = need_tensor(name, "beta", beta)
    r = a.ndim
    bn, bp = prim.begin_norm_axis, prim.begin_params_axis
    for n, v in (("begin_norm_axis", bn), ("begin_params_axis", bp)):
        if not -r <= v < r:
            raise ValueError(f"For '{name}', the '{n}' must be in range [{-r}, {r}), but got {v}.")
    bn, bp = bn % r, bp % r
    pshape = tuple(a.shape[bp:])
    if tuple(g.shape) != pshape or tuple(b.shape) != pshape:
        raise ValueError(f"For '{name}', begin_params_axis must be less than or equal to input_x shape size, "
                         f"gamma shape size add begin_params_axis must be equal to or greater than input_x shape "
                         f"size, and beta shape size add begin_params_axis must be equal to or greater than input_x "
                         f"shape size, but got input shape {list(a.shape)}, gamma shape {list(g.shape)}.")
    return tuple(_wrap(o) for o in _layer_norm_program(a, g, b, tuple(range(bn, r)), prim.epsilon))


primitive("LayerNorm", None, attrs=(("begin_norm_axis", 1, (int,)), ("begin_params_axis", 1, (int,)),
                                    ("epsilon", 1e-7, (float,))), call=_layer_norm_prim, amp=BLACK)


@op("group_norm", amp=BLACK)
def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    a = need_tensor("GroupNorm", "input", input)
    check_dtype("GroupNorm", "input", a, BF_F16_32 + ("float64",))
    if not is_int(num_groups):
        raise TypeError(f"For GroupNorm, the 'num_groups' must be int, but got {type(num_groups).__name__}.")
    if a.ndim < 2:
        raise ValueError(f"For GroupNorm, the rank of 'input' must be >= 2, but got {a.ndim}.")
    n, c = a.shape[:2]
    if num_groups <= 0 or c % num_groups:
        raise ValueError(f"For GroupNorm, the 'num_channels' must be divided by 'num_groups', but got "
                         f"'num_channels': {c} ,'num_groups': {num_groups}")
    ct = jnp.float64 if a.dtype == jnp.float64 else jnp.float32   # float64 in float64, the rest in float32
    f = a.astype(ct).reshape((n, num_groups, -1))
    mean = jnp.mean(f, axis=-1, keepdims=True)
    var = jnp.mean(jnp.square(f - mean), axis=-1, keepdims=True)
    y = ((f - mean) / jnp.sqrt(var + ct(eps))).reshape(a.shape)
    shape = (1, c) + (1,) * (a.ndim - 2)
    for name, p in (("weight", weight), ("bias", bias)):
        if p is None:
            continue
        pa = need_tensor("GroupNorm", name, p).astype(ct)
        if tuple(pa.shape) != (c,):
            raise ValueError(f"For GroupNorm, shape of weight and bias should be equal to input_x's channel "
                             f"dimension: {c}, but got shape: {list(pa.shape)}.")
        y = y * pa.reshape(shape) if name == "weight" else y + pa.reshape(shape)
    return _wrap(y.astype(a.dtype))


def _rms(a, g, eps):
    f = a.astype(jnp.float32)
    rstd = 1 / jnp.sqrt(jnp.mean(jnp.square(f), axis=-1, keepdims=True) + jnp.float32(eps))
    return (f * rstd * g.astype(jnp.float32)).astype(a.dtype), rstd


def _rms_norm(x, gamma, epsilon=1e-6):
    a = need_tensor("RmsNorm", "x", x)
    check_dtype("RmsNorm", "x", a, BF_F16_32)
    g = need_tensor("RmsNorm", "gamma", gamma)
    if not isinstance(epsilon, float):
        raise TypeError(f"For 'RmsNorm', the 'epsilon' must be a float, but got {type(epsilon).__name__}.")
    if not is_number(epsilon) or not 0 < epsilon <= 1:
        raise ValueError(f"For 'RmsNorm', the 'epsilon' must be in range (0, 1], but got {epsilon}.")
    if g.ndim == 0 or g.ndim > a.ndim or tuple(a.shape[a.ndim - g.ndim:]) != tuple(g.shape):
        raise ValueError(f"For 'RmsNorm', the shape of 'gamma' must match the last dimensions of 'x', "
                         f"but got {list(g.shape)} and {list(a.shape)}.")
    axes = tuple(range(a.ndim - g.ndim, a.ndim))
    f = a.astype(jnp.float32)
    rstd = 1 / jnp.sqrt(jnp.mean(jnp.square(f), axis=axes, keepdims=True) + jnp.float32(epsilon))
    y = (f * rstd * g.astype(jnp.float32)).astype(a.dtype)
    return _wrap(y), _wrap(rstd)


@op("rms_norm")
def rms_norm(x, gamma, epsilon=1e-6):
    """``(y, rstd)``: RMS normalization over the trailing dimensions of ``gamma``'s shape."""
    return _rms_norm(x, gamma, epsilon)


primitive("RmsNorm", None, attrs=(("epsilon", 1e-6, (float,)),),
          call=lambda prim, x, gamma: _rms_norm(x, gamma, prim.epsilon))


@op("add_rms_norm")
def add_rms_norm(x1, x2, gamma, epsilon=1e-6):
    """``(y, rstd, x1 + x2)``."""
    a = need_tensor("AddRmsNorm", "x1", x1) + need_tensor("AddRmsNorm", "x2", x2)
    y, rstd = _rms_norm(_wrap(a), gamma, epsilon)
    return y, rstd, _wrap(a)


@op("add_layer_norm")
def add_layer_norm(x1, x2, gamma, beta, epsilon=1e-5, additional_output=False):
    """``(y, mean, rstd, x1 + x2)``: layer norm over the last axis of ``x1 + x2``."""
    s = need_tensor("AddLayerNorm", "x1", x1) + need_tensor("AddLayerNorm", "x2", x2)
    g = need_tensor("AddLayerNorm", "gamma", gamma)
    b = need_tensor("AddLayerNorm", "beta", beta)
    if not isinstance(epsilon, float):
        raise TypeError(f"For 'AddLayerNorm', the 'epsilon' must be a float, but got {type(epsilon).__name__}.")
    if not isinstance(additional_output, bool):
        raise TypeError(f"For 'AddLayerNorm', the 'additional_output' must be a bool, "
                        f"but got {type(additional_output).__name__}.")
    k = g.ndim
    y, mean, var = _ln_core(s, tuple(range(s.ndim - k, s.ndim)), epsilon)
    y = y * g.astype(jnp.float32) + b.astype(jnp.float32)
    rstd = 1 / jnp.sqrt(var + jnp.float32(epsilon))
    return _wrap(y.astype(s.dtype)), _wrap(mean), _wrap(rstd), _wrap(s)


def _lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
    a = need_tensor("LRN", "x", x)
    check_dtype("LRN", "x", a, F16_32)
    if not is_int(depth_radius):
        raise TypeError(f"For 'LRN', the type of 'depth_radius' should be 'int', "
                        f"but got type '{type(depth_radius).__name__}'.")
    for n, v in (("bias", bias), ("alpha", alpha), ("beta", beta)):
        if not isinstance(v, float):
            raise TypeError(f"For 'LRN', the type of '{n}' should be 'float', but got type '{type(v).__name__}'.")
    if norm_region != "ACROSS_CHANNELS":
        raise ValueError(f"For 'LRN', 'norm_region' must be 'ACROSS_CHANNELS', but got {norm_region}.")
    if depth_radius < 0:
        raise ValueError(f"For 'LRN', the 'depth_radius' must be >= 0, but got {depth_radius}.")
    if a.ndim != 4:
        raise ValueError(f"For primitive[LRN], the rank of input  must be equal to 4 , but got {a.ndim}.")
    f = a.astype(jnp.float32)
    sq = jnp.square(f)
    c = a.shape[1]
    padded = jnp.pad(sq, ((0, 0), (depth_radius, depth_radius), (0, 0), (0, 0)))
    s = sum(padded[:, i:i + c] for i in range(2 * depth_radius + 1))
    out = f / jnp.power(jnp.float32(bias) + jnp.float32(alpha) * s, jnp.float32(beta))
    return _wrap(out.astype(a.dtype))


@op("lrn", targets_lacking=("Ascend",), kernel="LRN")
def lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
    return _lrn(x, depth_radius, bias, alpha, beta, norm_region)


primitive("LRN", None, attrs=(("depth_radius", 5), ("bias", 1.0), ("alpha", 1.0), ("beta", 0.5),
                              ("norm_region", "ACROSS_CHANNELS")),
          call=lambda p, x: _lrn(x, p.depth_radius, p.bias, p.alpha, p.beta, p.norm_region),
          targets_lacking=("Ascend",))
