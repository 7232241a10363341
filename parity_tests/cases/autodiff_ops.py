"""Autodiff through common ops: ``ms.grad`` of matmul, softmax, reductions, indexing, gather,
where/select, concat/stack/split, shape ops, elementwise math, conv2d, layer_norm, cross_entropy,
... w.r.t. every differentiable input (``_op_grad`` builds each case function), in PyNative and
GRAPH_MODE.

MindSpore's GRAPH_MODE parses the source of the functions it compiles, so every
differentiated function is a nested ``def`` (never a lambda) and graph-compatible. Every case
runs in PyNative and GRAPH_MODE through ``both_modes``, except where noted.
"""
import numpy as np

from parity_tests.harness import both_modes
from parity_tests.cases._autodiff_common import _a, _pos


# --- gradients through common ops ------------------------------------------------------------------
def _op_grad(body, n=None):
    """A case function: the gradient of ``body(ms, *inputs)`` w.r.t. its first ``n`` inputs
    (all of them by default); at most one more, non-differentiated input follows."""
    def run(ms, *inputs):
        k = len(inputs) if n is None else n
        pos = tuple(range(k))
        if k == len(inputs):
            if k == 1:
                def f1(a):
                    return body(ms, a)
                return ms.grad(f1, pos)(*inputs)
            if k == 2:
                def f2(a, b):
                    return body(ms, a, b)
                return ms.grad(f2, pos)(*inputs)
            def f3(a, b, c):
                return body(ms, a, b, c)
            return ms.grad(f3, pos)(*inputs)
        if k == 1:
            def g1(a, z):
                return body(ms, a, z)
            return ms.grad(g1, pos)(*inputs)
        def g2(a, b, z):
            return body(ms, a, b, z)
        return ms.grad(g2, pos)(*inputs)
    return run


def _g_matmul(ms, a, b):
    return ms.ops.matmul(a, b)


def _g_bmm(ms, a, b):
    return ms.ops.bmm(a, b)


def _g_softmax(ms, a):
    return ms.ops.softmax(a, -1) * ms.ops.arange(4).astype(ms.float32)


def _g_log_softmax(ms, a):
    return ms.ops.log_softmax(a, 0) * a


def _g_sum_axis(ms, a):
    return ms.ops.sum(a * a, 1, keepdim=True)


def _g_mean(ms, a):
    return ms.ops.mean(a * a, 0)


def _g_amax(ms, a):
    return ms.ops.amax(a, 1)


def _g_max_dim(ms, a):
    return ms.ops.max(a, 1)[0]


def _g_prod(ms, a):
    return ms.ops.prod(a, 1)


def _g_logsumexp(ms, a):
    return ms.ops.logsumexp(a, 1)


def _g_index_slice(ms, a):
    return a[1:, ::2] * 3


def _g_index_int(ms, a):
    return a[1] * a[0]


def _g_index_tensor(ms, a, idx):
    return a[idx]


def _g_gather(ms, a, idx):
    return ms.ops.gather(a, idx, 0)


def _g_where(ms, a, b):
    return ms.ops.where(a > b, a * a, b * 3)


def _g_select(ms, a, b):
    return ms.ops.select(a > 0, a, b * b)


def _g_maximum(ms, a, b):
    return ms.ops.maximum(a, b) + ms.ops.minimum(a, b * 2)


def _g_concat(ms, a, b):
    return ms.ops.concat((a, b * b), 0)


def _g_stack(ms, a, b):
    return ms.ops.stack((a * b, b), 1)


def _g_split(ms, a):
    p, q = ms.ops.split(a, 2, 1)
    return p * q


def _g_reshape_transpose(ms, a):
    return ms.ops.transpose(ms.ops.reshape(a, (3, 2)), (1, 0)) * ms.ops.arange(3).astype(ms.float32)


def _g_expand_squeeze(ms, a):
    return ms.ops.squeeze(ms.ops.expand_dims(a, 0) * 2, 0)


def _g_broadcast(ms, a, b):
    return a * b


def _g_broadcast_to(ms, a):
    return ms.ops.broadcast_to(a, (4, 3)) * ms.ops.arange(12).reshape(4, 3).astype(ms.float32)


def _g_tile(ms, a):
    return ms.ops.tile(a, (2, 1)) * ms.ops.arange(6).reshape(2, 3).astype(ms.float32)


def _g_exp_log(ms, a):
    return ms.ops.exp(a) + ms.ops.log(a)


def _g_tanh_sigmoid(ms, a):
    return ms.ops.tanh(a) * ms.ops.sigmoid(a)


def _g_relu(ms, a):
    return ms.ops.relu(a) * a


def _g_pow(ms, a, b):
    return ms.ops.pow(a, b)


def _g_pow_scalar(ms, a):
    return ms.ops.pow(a, 3.0) + a ** 2


def _g_sqrt_rsqrt(ms, a):
    return ms.ops.sqrt(a) + ms.ops.rsqrt(a)


def _g_abs_neg(ms, a):
    return ms.ops.abs(a) - a


def _g_div(ms, a, b):
    return a / b


def _g_clamp(ms, a):
    return ms.ops.clamp(a, -0.5, 0.5) * a


def _g_erf(ms, a):
    return ms.ops.erf(a)


def _g_sin_cos(ms, a):
    return ms.ops.sin(a) * ms.ops.cos(a)


def _g_cumsum(ms, a):
    return ms.ops.cumsum(a, 1) * a


def _g_square_sum(ms, a):
    return ms.ops.square(a).sum()


def _g_conv2d(ms, x, w):
    return ms.ops.conv2d(x, w, pad_mode="pad", padding=1)


def _g_layer_norm(ms, x, g, b):
    return ms.ops.LayerNorm(-1, -1)(x, g, b)[0] * ms.ops.arange(4).astype(ms.float32)


def _g_gelu_silu(ms, a):
    return ms.ops.gelu(a) + ms.ops.silu(a)


def _g_softplus(ms, a):
    return ms.ops.softplus(a)


def _g_atan2(ms, a, b):
    return ms.ops.atan2(a, b)


def _g_norm(ms, a):
    return ms.ops.norm(a)


def _g_var(ms, a):
    return ms.ops.var(a, 1)


def _g_sort_vals(ms, a):
    return ms.ops.sort(a, 1)[0] * ms.ops.arange(3).astype(ms.float32)


def _g_cross_entropy(ms, logits, labels):
    return ms.ops.cross_entropy(logits, labels)


IDX3 = np.array([0, 2, 2], np.int32)
IDX_ROWS = np.array([1, 0, 1], np.int32)
LABELS = np.array([1, 0, 3], np.int32)

CASES = []
# gradients through common ops (w.r.t. every differentiable input)
for _name, _body, _inputs, _kw in [
    ("matmul", _g_matmul, (_a(2, 3), _a(3, 4, seed=2)), {}),
    ("bmm", _g_bmm, (_a(2, 2, 3), _a(2, 3, 2, seed=2)), {}),
    ("softmax", _g_softmax, (_a(2, 4),), {}),
    ("log_softmax", _g_log_softmax, (_a(3, 2),), {}),
    ("sum_keepdim", _g_sum_axis, (_a(2, 3),), {}),
    ("mean", _g_mean, (_a(2, 3),), {}),
    ("amax", _g_amax, (np.array([[1.0, 3.0, 2.0], [0.5, -1.0, 4.0]], np.float32),), {}),
    ("max_dim", _g_max_dim, (np.array([[1.0, 3.0, 2.0], [0.5, -1.0, 4.0]], np.float32),), {}),
    ("prod", _g_prod, (_a(2, 3),), {}),
    ("logsumexp", _g_logsumexp, (_a(2, 3),), {}),
    ("index_slice", _g_index_slice, (_a(3, 4),), {}),
    ("index_int", _g_index_int, (_a(3, 2),), {}),
    ("index_tensor", _g_index_tensor, (_a(3, 2), IDX3), {"n": 1}),
    ("gather", _g_gather, (_a(2, 3), IDX_ROWS), {"n": 1}),
    ("where", _g_where, (_a(5), _a(5, seed=2)), {}),
    ("select", _g_select, (_a(5), _a(5, seed=2)), {}),
    ("maximum_minimum", _g_maximum, (_a(5), _a(5, seed=2)), {}),
    ("concat", _g_concat, (_a(2, 3), _a(1, 3, seed=2)), {}),
    ("stack", _g_stack, (_a(3), _a(3, seed=2)), {}),
    ("split", _g_split, (_a(2, 4),), {}),
    ("reshape_transpose", _g_reshape_transpose, (_a(2, 3),), {}),
    ("expand_dims_squeeze", _g_expand_squeeze, (_a(3),), {}),
    ("broadcast_mul", _g_broadcast, (_a(2, 3), _a(3, seed=2)), {}),
    ("broadcast_to", _g_broadcast_to, (_a(3),), {}),
    ("tile", _g_tile, (_a(1, 3),), {}),
    ("exp_log", _g_exp_log, (_pos(4),), {}),
    ("tanh_sigmoid", _g_tanh_sigmoid, (_a(4),), {}),
    ("relu", _g_relu, (_a(6),), {}),
    ("pow", _g_pow, (_pos(4), _a(4, seed=2)), {}),
    ("pow_scalar", _g_pow_scalar, (_a(4),), {}),
    ("sqrt_rsqrt", _g_sqrt_rsqrt, (_pos(4),), {}),
    ("abs", _g_abs_neg, (_a(5),), {}),
    ("div", _g_div, (_a(4), _pos(4)), {}),
    ("clamp", _g_clamp, (_a(6),), {}),
    ("erf", _g_erf, (_a(4),), {}),
    ("sin_cos", _g_sin_cos, (_a(4),), {}),
    ("cumsum", _g_cumsum, (_a(2, 3),), {}),
    ("square_sum", _g_square_sum, (_a(2, 3),), {}),
    ("conv2d", _g_conv2d, (_a(1, 2, 4, 4), _a(3, 2, 3, 3, seed=2)), {"rtol": 1e-4, "atol": 1e-5}),
    ("layer_norm", _g_layer_norm, (_a(2, 4), _a(4, seed=2), _a(4, seed=3)), {"rtol": 1e-4, "atol": 1e-5}),
    ("gelu_silu", _g_gelu_silu, (_a(4),), {"rtol": 1e-4, "atol": 1e-5}),
    ("softplus", _g_softplus, (_a(4),), {}),
    ("atan2", _g_atan2, (_a(4), _a(4, seed=2)), {}),
    ("norm", _g_norm, (_a(2, 3),), {}),
    ("var", _g_var, (_a(2, 3),), {}),
    ("sort", _g_sort_vals, (_a(2, 3),), {}),
    ("cross_entropy", _g_cross_entropy, (_a(3, 4), LABELS), {"n": 1, "rtol": 1e-4, "atol": 1e-6}),
]:
    _n = _kw.pop("n", None)
    CASES += both_modes(f"grad/op_{_name}", _op_grad(_body, _n), *_inputs, **_kw)


# --- |x| at 0: MindSpore's AbsGrad is dy * sign(x), so 0 there -----------------------------------
def _g_abs(ms, a):
    return (ms.ops.abs(a) * 1.5).sum() + a.abs().sum()


CASES += both_modes("grad/op_abs_at_zero", _op_grad(_g_abs), np.array([-2.0, 0.0, 0.0, 3.0], np.float32))


def _g_relu_ties(ms, a):
    return (ms.ops.relu(a) * 1.5).sum() + ms.ops.relu6(a).sum() + ms.nn.ReLU6()(a * 2).sum()


# MindSpore's ReLU/ReLU6 gradients at the kinks: 0 at 0, 1 at 6 (not a tie's 0.5)
CASES += both_modes("grad/op_relu_relu6_at_kinks", _op_grad(_g_relu_ties),
                    np.array([-1.0, 0.0, 0.0, 3.0, 6.0, 7.0], np.float32))
