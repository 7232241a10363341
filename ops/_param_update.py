"""The optimizer-update Primitives (``ApplyMomentum``, ``ApplyAdagrad``, ``ApplyRMSProp``,
``Adam``, ``AdamWeightDecay``, ``SGD``, ...) and ``Load``: each updates its Parameter inputs in place (the write goes
through the state threading, so it works eagerly and inside compiled calls) and returns the
updated values, as MindSpore documents them. Where MindSpore's CPU kernels drop a documented
flag (``ApplyMomentum(use_nesterov=True)``, ``ApplyAdagrad(update_slots=False)``), the flag is
honoured as on MindSpore's GPU and Ascend kernels.

The formulas are MindSpore's kernels': ``ApplyProximalAdagrad`` shrinks with the per-element
rate ``lr / sqrt(accum)``, ``SGD`` adds ``weight_decay * var`` to the gradient and takes the
first step (``stat > 0``) without dampening, ``Adam`` folds the bias corrections into the step.
"""
import jax
import jax.numpy as jnp
import numpy as np

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from ._args import arr, wrap
from ._registry import primitive
from .primitive import Primitive, prim_attr_register

__all__ = ["Load"]

_FLOATS = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))


def _state(name, role, t):
    """The array of a state input (a Tensor/Parameter of a float dtype)."""
    if not isinstance(t, Tensor):
        raise TypeError(f"For '{name}', the '{role}' must be a Tensor or Parameter, but got {type(t).__name__}.")
    a = arr(t)
    if a.dtype not in _FLOATS:
        raise TypeError(f"For '{name}', the dtype of '{role}' must be float16, float32 or float64, but got "
                        f"{mstype.from_numpy_dtype(a.dtype)}.")
    return a


def _same_shape(name, ref_role, ref, pairs):
    for role, a in pairs:
        if a.shape != ref.shape:
            raise ValueError(f"For '{name}', '{role}' must have the same shape as '{ref_role}'. But got '{role}' "
                             f"shape: {tuple(a.shape)}, '{ref_role}' shape: {tuple(ref.shape)}.")


def _scalar(name, role, s, dtype):
    """A hyper-parameter: a number or a Tensor (scalar or broadcastable), in ``dtype``."""
    if isinstance(s, Tensor):
        return arr(s).astype(dtype)
    if isinstance(s, bool) or not isinstance(s, (int, float)):
        raise TypeError(f"For '{name}', the '{role}' must be a float number or a Tensor, but got "
                        f"{type(s).__name__}.")
    return jnp.asarray(s, dtype)


def _store(t, value):
    t._data = value.astype(arr(t).dtype)
    return wrap(t._data)


def _inputs(name, states, grad_role, grad, scalars):
    """Check the state tensors (first is the variable), the gradient and the scalars."""
    arrays = [_state(name, role, t) for role, t in states]
    var = arrays[0]
    g = _state(name, grad_role, grad)
    _same_shape(name, states[0][0], var, [(r, a) for (r, _), a in zip(states[1:], arrays[1:])] + [(grad_role, g)])
    dt = var.dtype
    return arrays, g.astype(dt), [_scalar(name, r, s, dt) for r, s in scalars]


# --- momentum / gradient descent ---------------------------------------------------------------
def _apply_momentum(variable, accumulation, learning_rate, gradient, momentum, use_nesterov=False,
                    use_locking=False, gradient_scale=1.0):
    (var, acc), g, (lr, mom) = _inputs("ApplyMomentum", [("variable", variable), ("accumulation", accumulation)],
                                       "gradient", gradient, [("learning_rate", learning_rate),
                                                              ("momentum", momentum)])
    acc = acc * mom + g
    step = g * lr + acc * mom * lr if use_nesterov else acc * lr
    _store(accumulation, acc)
    return _store(variable, var - step)


def _apply_gradient_descent(var, alpha, delta, use_locking=False):
    (v,), d, (a,) = _inputs("ApplyGradientDescent", [("var", var)], "delta", delta, [("alpha", alpha)])
    return _store(var, v - a * d)


def _apply_proximal_gradient_descent(var, alpha, l1, l2, delta, use_locking=False):
    (v,), d, (a, l1_, l2_) = _inputs("ApplyProximalGradientDescent", [("var", var)], "delta", delta,
                                     [("alpha", alpha), ("l1", l1), ("l2", l2)])
    prox = v - a * d
    return _store(var, jnp.sign(prox) / (1 + a * l2_) * jnp.maximum(jnp.abs(prox) - a * l1_, 0))


# --- adaptive rates ------------------------------------------------------------------------------
def _adagrad(name, var, accum, lr, grad, update_slots, epsilon):
    (v, a), g, (lr_,) = _inputs(name, [("var", var), ("accum", accum)], "grad", grad, [("lr", lr)])
    if update_slots:
        a = a + g * g
    new_v = v - lr_ * g / (jnp.sqrt(a) + epsilon) if epsilon is not None else v - lr_ * g / jnp.sqrt(a)
    return _store(var, new_v), _store(accum, a)


def _apply_adagrad(var, accum, lr, grad, update_slots=True, use_locking=False):
    return _adagrad("ApplyAdagrad", var, accum, lr, grad, update_slots, None)


def _apply_adagrad_v2(var, accum, lr, grad, epsilon=None, update_slots=True, use_locking=False):
    return _adagrad("ApplyAdagradV2", var, accum, lr, grad, update_slots, epsilon)


def _apply_proximal_adagrad(var, accum, lr, l1, l2, grad, use_locking=False):
    (v, a), g, (lr_, l1_, l2_) = _inputs("ApplyProximalAdagrad", [("var", var), ("accum", accum)], "grad", grad,
                                         [("lr", lr), ("l1", l1), ("l2", l2)])
    a = a + g * g
    rate = lr_ / jnp.sqrt(a)
    prox = v - rate * g
    new_v = jnp.sign(prox) * jnp.maximum(jnp.abs(prox) - rate * l1_, 0) / (1 + rate * l2_)
    return _store(var, new_v), _store(accum, a)


def _fused_sparse_proximal_adagrad(var, accum, lr, l1, l2, grad, indices, use_locking=False):
    """ApplyProximalAdagrad on the rows ``indices`` of ``var``/``accum`` (float32 only): the
    gradients of a repeated index are summed first, indices outside ``[0, rows)`` are skipped.
    Returns ``var`` and, as MindSpore's kernel, zeros for ``accum``."""
    name = "FusedSparseProximalAdagrad"
    for role, t in (("var", var), ("accum", accum), ("grad", grad)):
        if not isinstance(t, Tensor):
            raise TypeError(f"The primitive[{name}]'s input arguments[accum, grad, var] must be all tensor, but got "
                            f"{type(t).__name__} for '{role}'.")
    if not isinstance(indices, Tensor):
        raise TypeError(f"For Primitive[{name}], the input argument[indices] must be a Tensor, but got "
                        f"{type(indices).__name__}.")
    v, a, g, idx = arr(var), arr(accum), arr(grad), arr(indices)
    for role, x in (("var", v), ("accum", a), ("grad", g)):
        if x.dtype != np.float32:
            raise TypeError(f"For primitive[{name}], the input argument[{role}] must be a type of "
                            f"{{Tensor[Float32]}}, but got Tensor[{mstype.from_numpy_dtype(x.dtype)}].")
    if idx.dtype not in (np.int32, np.int64):
        raise TypeError(f"For primitive[{name}], the input argument[indices] must be a type of {{Tensor[Int32], "
                        f"Tensor[Int64]}}, but got Tensor[{mstype.from_numpy_dtype(idx.dtype)}].")
    if v.shape != a.shape:
        raise ValueError(f"For primitive[{name}], the var shape must be equal to accum shape, but got "
                         f"{list(v.shape)} and {list(a.shape)}.")
    if idx.ndim != 1:
        raise ValueError(f"For primitive[{name}], the rank of indices must be 1, but got {idx.ndim}.")
    if g.ndim < 1 or g.shape[0] != idx.shape[0]:
        raise ValueError(f"For primitive[{name}], the first dimension of grad must be equal to the size of "
                         f"indices, but got grad shape {list(g.shape)} and indices shape {list(idx.shape)}.")
    if g.shape[1:] != v.shape[1:]:
        raise ValueError(f"For primitive[{name}], the shape of grad without its first dimension must be equal to "
                         f"var's, but got grad shape {list(g.shape)} and var shape {list(v.shape)}.")
    lr_, l1_, l2_ = (_scalar(name, r, x, v.dtype).reshape(()) for r, x in (("lr", lr), ("l1", l1), ("l2", l2)))
    rows = v.shape[0]
    valid = (idx >= 0) & (idx < rows)
    # the summed gradient of each row (rows no valid index names get none and stay as they are)
    summed = jnp.zeros_like(v).at[jnp.where(valid, idx, rows)].add(g, mode="drop")
    hit = jnp.zeros((rows,), bool).at[jnp.where(valid, idx, rows)].set(True, mode="drop")
    hit = hit.reshape((rows,) + (1,) * (v.ndim - 1))
    new_a = a + summed * summed
    rate = lr_ / jnp.sqrt(new_a)
    prox = v - rate * summed
    new_v = jnp.sign(prox) * jnp.maximum(jnp.abs(prox) - rate * l1_, 0) / (1 + rate * l2_)
    _store(accum, jnp.where(hit, new_a, a))
    return _store(var, jnp.where(hit, new_v, v)), wrap(jnp.zeros_like(a))


def _apply_rms_prop(var, mean_square, moment, learning_rate, grad, decay, momentum, epsilon, use_locking=False):
    (v, ms_, mom), g, (lr, rho, m, eps) = _inputs(
        "ApplyRMSProp", [("var", var), ("mean_square", mean_square), ("moment", moment)], "grad", grad,
        [("learning_rate", learning_rate), ("decay", decay), ("momentum", momentum), ("epsilon", epsilon)])
    ms_ = rho * ms_ + (1 - rho) * g * g
    mom = m * mom + lr * g / jnp.sqrt(ms_ + eps)
    _store(mean_square, ms_)
    _store(moment, mom)
    return _store(var, v - mom)


def _apply_centered_rms_prop(var, mean_gradient, mean_square, moment, grad, learning_rate, decay, momentum, epsilon,
                             use_locking=False):
    (v, mg, ms_, mom), g, (lr, rho, m, eps) = _inputs(
        "ApplyCenteredRMSProp", [("var", var), ("mean_gradient", mean_gradient), ("mean_square", mean_square),
                                 ("moment", moment)], "grad", grad,
        [("learning_rate", learning_rate), ("decay", decay), ("momentum", momentum), ("epsilon", epsilon)])
    mg = rho * mg + (1 - rho) * g
    ms_ = rho * ms_ + (1 - rho) * g * g
    mom = m * mom + lr * g / jnp.sqrt(ms_ - mg * mg + eps)
    _store(mean_gradient, mg)
    _store(mean_square, ms_)
    _store(moment, mom)
    return _store(var, v - mom)


def _apply_adadelta(var, accum, accum_update, lr, rho, epsilon, grad, use_locking=False):
    (v, a, au), g, (lr_, rho_, eps) = _inputs(
        "ApplyAdadelta", [("var", var), ("accum", accum), ("accum_update", accum_update)], "grad", grad,
        [("lr", lr), ("rho", rho), ("epsilon", epsilon)])
    a = rho_ * a + (1 - rho_) * g * g
    update = jnp.sqrt(au + eps) / jnp.sqrt(a + eps) * g
    au = rho_ * au + (1 - rho_) * update * update
    return _store(var, v - lr_ * update), _store(accum, a), _store(accum_update, au)


def _apply_ada_max(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad):
    (w, m_, v_), g, (b1p, lr_, b1, b2, eps) = _inputs(
        "ApplyAdaMax", [("var", var), ("m", m), ("v", v)], "grad", grad,
        [("beta1_power", beta1_power), ("lr", lr), ("beta1", beta1), ("beta2", beta2), ("epsilon", epsilon)])
    m_ = b1 * m_ + (1 - b1) * g
    v_ = jnp.maximum(b2 * v_, jnp.abs(g))
    return _store(var, w - lr_ / (1 - b1p) * m_ / (v_ + eps)), _store(m, m_), _store(v, v_)


def _sign_update(name, var, m, lr, base, sign_decay, beta, grad, power):
    (w, m_), g, (lr_, b, sd, beta_) = _inputs(name, [("var", var), ("m", m)], "grad", grad,
                                              [("lr", lr), ("alpha" if not power else "logbase", base),
                                               ("sign_decay", sign_decay), ("beta", beta)])
    m_ = beta_ * m_ + (1 - beta_) * g
    agree = sd * jnp.sign(g) * jnp.sign(m_)
    scale = jnp.exp(b * agree) if power else b + agree
    return _store(var, w - lr_ * scale * g), _store(m, m_)


def _apply_add_sign(var, m, lr, alpha, sign_decay, beta, grad):
    return _sign_update("ApplyAddSign", var, m, lr, alpha, sign_decay, beta, grad, False)


def _apply_power_sign(var, m, lr, logbase, sign_decay, beta, grad):
    return _sign_update("ApplyPowerSign", var, m, lr, logbase, sign_decay, beta, grad, True)


# --- Adam / SGD ----------------------------------------------------------------------------------
def _adam(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient, use_locking=False,
          use_nesterov=False):
    (w, m_, v_), g, (b1p, b2p, lr_, b1, b2, eps) = _inputs(
        "Adam", [("var", var), ("m", m), ("v", v)], "gradient", gradient,
        [("beta1_power", beta1_power), ("beta2_power", beta2_power), ("lr", lr), ("beta1", beta1),
         ("beta2", beta2), ("epsilon", epsilon)])
    m_ = m_ + (g - m_) * (1 - b1)
    v_ = v_ + (g * g - v_) * (1 - b2)
    lr_t = lr_ * jnp.sqrt(1 - b2p) / (1 - b1p)
    num = m_ * b1 + (1 - b1) * g if use_nesterov else m_
    return _store(var, w - lr_t * num / (jnp.sqrt(v_) + eps)), _store(m, m_), _store(v, v_)


def _sgd(parameters, gradient, learning_rate, accum, momentum, stat, dampening=0.0, weight_decay=0.0,
         nesterov=False):
    (p, acc, st), g, (lr, mom) = _inputs(
        "SGD", [("parameters", parameters), ("accum", accum), ("stat", stat)], "gradient", gradient,
        [("learning_rate", learning_rate), ("momentum", momentum)])
    if nesterov and dampening != 0:
        raise ValueError(f"For 'SGD', the 'dampening' must be 0 when 'nesterov' is True, but got 'dampening' is "
                         f"{dampening} and 'nesterov' is True.")
    g = g + weight_decay * p
    first = st > 0
    new_acc = jnp.where(first, g, acc * mom + (1 - dampening) * g)
    use_mom = mom > 0
    step = jnp.where(use_mom, g + mom * new_acc if nesterov else new_acc, g)
    _store(accum, jnp.where(use_mom, new_acc, acc))
    _store(stat, jnp.where(use_mom, jnp.zeros_like(st), st))
    return _store(parameters, p - lr * step)


class Load(Primitive):
    """``Load()(variable, u)``: the Parameter's current value (``u`` is the ordering token). Only
    ``mindspore.ops.operations`` has it (not ``mindspore.ops``)."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, variable, u=None):
        if not isinstance(variable, Tensor):
            raise TypeError(f"For 'Load', the 'variable' must be a Tensor or Parameter, but got "
                            f"{type(variable).__name__}.")
        return wrap(arr(variable))


def _adagrad_v2_call(prim, var, accum, lr, grad):
    if prim.epsilon is None:
        raise TypeError("For 'ApplyAdagradV2', the 'epsilon' must be given (a float).")
    return _apply_adagrad_v2(var, accum, lr, grad, prim.epsilon, prim.update_slots)


_LOCK = ("use_locking", False, (bool,))
primitive("ApplyMomentum", _apply_momentum, attrs=(("use_nesterov", False, (bool,)), _LOCK,
                                                   ("gradient_scale", 1.0, (float,))))
primitive("ApplyGradientDescent", _apply_gradient_descent, attrs=(_LOCK,))
primitive("ApplyProximalGradientDescent", _apply_proximal_gradient_descent, attrs=(_LOCK,))
primitive("ApplyAdagrad", _apply_adagrad, attrs=(("update_slots", True, (bool,)), _LOCK))
primitive("ApplyAdagradV2", _apply_adagrad_v2, attrs=(("epsilon", None, (float,)), ("update_slots", True, (bool,)),
                                                      _LOCK), call=_adagrad_v2_call)
primitive("ApplyProximalAdagrad", _apply_proximal_adagrad, attrs=(_LOCK,))
primitive("FusedSparseProximalAdagrad", _fused_sparse_proximal_adagrad, attrs=(_LOCK,))
primitive("ApplyRMSProp", _apply_rms_prop, attrs=(_LOCK,))
primitive("ApplyCenteredRMSProp", _apply_centered_rms_prop, attrs=(_LOCK,))
primitive("ApplyAdadelta", _apply_adadelta, attrs=(_LOCK,))
primitive("ApplyAdaMax", _apply_ada_max)
primitive("ApplyAddSign", _apply_add_sign)
primitive("ApplyPowerSign", _apply_power_sign)
primitive("Adam", _adam, attrs=(_LOCK, ("use_nesterov", False, (bool,))))
primitive("SGD", _sgd, attrs=(("dampening", 0.0, (int, float)), ("weight_decay", 0.0, (int, float)),
                              ("nesterov", False, (bool,))))


# ---------------------------------------------------------------------------------------
# AdamWeightDecay (writes var, m, v in place)


def _adam_weight_decay(var, m, v, lr, beta1, beta2, epsilon, decay, gradient, use_locking=False):
    name = "AdamWeightDecay"
    for n, t in (("var", var), ("m", m), ("v", v), ("gradient", gradient)):
        if not isinstance(t, Tensor):
            raise TypeError(f"For '{name}', the '{n}' must be a Tensor or Parameter, but got {type(t).__name__}.")
    w, mm, vv, g = arr(var), arr(m), arr(v), arr(gradient)
    for n, a in (("var", w), ("m", mm), ("v", vv)):
        if a.dtype not in (np.dtype(np.float16), np.dtype(np.float32)):
            raise TypeError(f"For '{name}', the dtype of '{n}' must be float16 or float32, but got "
                            f"{mstype.from_numpy_dtype(a.dtype)}.")
    if not (w.shape == mm.shape == vv.shape == g.shape):
        raise ValueError(f"For '{name}', 'var', 'm', 'v' and 'gradient' must have the same shape, but got "
                         f"{list(w.shape)}, {list(mm.shape)}, {list(vv.shape)} and {list(g.shape)}.")

    def scalar(n, s):
        if isinstance(s, Tensor):
            return arr(s).astype(np.float32).reshape(())
        if isinstance(s, bool) or not isinstance(s, (int, float)):
            raise TypeError(f"For '{name}', the '{n}' must be a float, but got {type(s).__name__}.")
        return np.float32(s)
    lr, b1, b2 = scalar("lr", lr), scalar("beta1", beta1), scalar("beta2", beta2)
    eps, wd = scalar("epsilon", epsilon), scalar("decay", decay)
    g32 = g.astype(np.float32)
    m_new = b1 * mm.astype(np.float32) + (1 - b1) * g32
    v_new = b2 * vv.astype(np.float32) + (1 - b2) * g32 * g32
    update = m_new / (jax.numpy.sqrt(v_new) + eps) + wd * w.astype(np.float32)
    w_new = w.astype(np.float32) - lr * update
    var._data, m._data, v._data = w_new.astype(w.dtype), m_new.astype(mm.dtype), v_new.astype(vv.dtype)
    return wrap(var._data), wrap(m._data), wrap(v._data)


primitive("AdamWeightDecay", _adam_weight_decay, attrs=(("use_locking", False, (bool,)),))
