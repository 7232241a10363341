"""MindSpore's element-wise gradient Primitives (``ops.operations._grad_ops`` and
``ops.auto_generate``): the backward kernels of an activation or unary op, called directly as
``G.InvGrad()(y, dy)``. Each takes the forward op's output or input and the incoming gradient, in
MindSpore's argument order, and returns the input gradient with the forward's dtype rules.
"""
import jax.numpy as jnp

from ._args import Tensor, arr, wrap
from ._nn import check_dtype, F16_32_64
from ._registry import primitive

_COMPLEX = ("complex64", "complex128")
_INV_TYPES = F16_32_64 + ("int8", "int16", "int32", "int64") + _COMPLEX


def _inputs(op_name, names, values, allowed, same_dtype=True):
    """The jax arrays of the Tensor inputs ``values`` (named ``names``), each of a dtype in
    ``allowed``; with ``same_dtype`` all of the first input's dtype (TypeError otherwise)."""
    out = []
    for i, (n, v) in enumerate(zip(names, values)):
        if not isinstance(v, Tensor):
            raise TypeError(f"For primitive[{op_name}], the input[{i}] should be a Tensor, but got "
                            f"{type(v).__name__}.")
        out.append(check_dtype(op_name, n, arr(v), allowed))
    if same_dtype:
        for n, a in zip(names[1:], out[1:]):
            if a.dtype != out[0].dtype:
                raise TypeError(f"For '{op_name}', the dtype of '{n}' must be the same as '{names[0]}', but got "
                                f"{Tensor._wrap(a).dtype} and {Tensor._wrap(out[0]).dtype}.")
    return out


def _same_shape(op_name, names, arrays):
    for n, a in zip(names[1:], arrays[1:]):
        if a.shape != arrays[0].shape:
            raise ValueError(f"For '{op_name}', '{names[0]}' and '{n}' must have the same shape, but got "
                             f"'{names[0]}' shape: {tuple(arrays[0].shape)}, '{n}' shape: {tuple(a.shape)}.")


def _reciprocal_grad(op_name, allowed):
    """``1 / x``'s backward from its output ``y``: ``-dy * y * y`` (no conjugate for complex)."""
    def fn(y, dy):
        a, d = _inputs(op_name, ("y", "dy"), (y, dy), allowed)
        return wrap(-d * a * a)
    return fn


primitive("InvGrad", _reciprocal_grad("InvGrad", _INV_TYPES))
primitive("ReciprocalGrad", _reciprocal_grad("ReciprocalGrad", F16_32_64 + _COMPLEX))


def _softplus_grad(dy, x):
    """Softplus's backward from its input: ``dy * sigmoid(x)``."""
    d, a = _inputs("SoftplusGrad", ("dy", "x"), (dy, x), F16_32_64)
    _same_shape("SoftplusGrad", ("dy", "x"), (d, a))
    return wrap(d / (1 + jnp.exp(-a)))


primitive("SoftplusGrad", _softplus_grad)


def _elu_grad(dout, out):
    """ELU's (alpha 1) backward from its output: ``dout`` where ``out > 0``, ``dout * (out + 1)``
    elsewhere."""
    d, y = _inputs("EluGrad", ("dout", "out"), (dout, out), F16_32_64, same_dtype=False)
    y = y.astype(d.dtype)
    return wrap(jnp.where(y < 0, d * (y + 1), d))


primitive("EluGrad", _elu_grad)


def _relu6_grad(y_backprop, x):
    """ReLU6's backward from its input: the gradient passes where ``0 < x <= 6``."""
    d, a = _inputs("ReLU6Grad", ("y_backprop", "x"), (y_backprop, x), F16_32_64)
    return wrap(jnp.where((a > 0) & (a <= 6), d, jnp.zeros_like(d)))


primitive("ReLU6Grad", _relu6_grad)


def _sigmoid_ce_logits_grad(x, y, dout):
    """SigmoidCrossEntropyWithLogits's backward w.r.t. the logits: ``(sigmoid(x) - y) * dout``."""
    a, t, d = _inputs("SigmoidCrossEntropyWithLogitsGrad", ("x", "y", "dout"), (x, y, dout), F16_32_64)
    return wrap((1 / (1 + jnp.exp(-a)) - t) * d)


primitive("SigmoidCrossEntropyWithLogitsGrad", _sigmoid_ce_logits_grad)


def _maximum_grad_grad(x, y, dx, dy, grad_x=True, grad_y=True):
    """The second-order gradient of ``maximum(x, y)``: zero w.r.t. ``x`` and ``y`` (the first-order
    gradient is piecewise constant in them), and the gradient w.r.t. the incoming gradient, which
    routes ``dx`` where ``x >= y`` and ``dy`` elsewhere, in the broadcast shape."""
    names = ("x", "y", "dx", "dy")
    a, b, ga, gb = _inputs("MaximumGradGrad", names, (x, y, dx, dy),
                           F16_32_64 + ("int32", "int64"))
    sopd = jnp.where(a >= b, ga, gb)
    return wrap(jnp.zeros_like(a)), wrap(jnp.zeros_like(b)), wrap(sopd)


primitive("MaximumGradGrad", _maximum_grad_grad, attrs=(("grad_x", True), ("grad_y", True)))
