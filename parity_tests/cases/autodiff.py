"""Autodiff: ms.grad, ms.value_and_grad, ops.GradOperation, jvp, vjp, jacfwd, jacrev, in PyNative
and GRAPH_MODE (every case runs in both modes through ``both_modes``).

MindSpore's GRAPH_MODE parses the source of the functions it compiles, so every
differentiated function is a nested ``def`` (never a lambda) and graph-compatible.

Cases kept in one mode only, or left out, because MindSpore itself fails or answers nonsense
in the other: ``weights`` of a wrong type in GRAPH_MODE (an unrelated 'MultitypeFuncGraph'
ValueError); ``return_ids`` with an int position in PyNative (``((1, scalar),)``); a wrongly
shaped ``sens`` in GRAPH_MODE (a result of the sens' shape); ``has_aux`` with ``sens_param``
in GRAPH_MODE ('Type Join Failed'); jacfwd/jacrev of float64 inputs (both modes fail with
'Type Join Failed: Float32, Float64'); one Tensor passed for two inputs (PyNative gives both
the summed gradient); keyword arguments and tuple-of-Tensor inputs (the modes disagree);
``GradOperation(get_by_list=True)`` without weights (the modes disagree).
"""
import numpy as np

from parity_tests.harness import both_modes, F32, F16, F64, I32

W3 = np.array([0.3, -0.7, 1.1], np.float32)


def _param(ms, value, name):
    return ms.Parameter(ms.Tensor(np.asarray(value)), name=name)


# --- ms.grad: positions ----------------------------------------------------------------------
def _grad_default(ms, x, y):
    def f(a, b):
        return a * b * b
    return ms.grad(f)(x, y)


def _grad_pos1(ms, x, y):
    def f(a, b):
        return a * b * b
    return ms.grad(f, 1)(x, y)


def _grad_pos01(ms, x, y):
    def f(a, b):
        return a * b * b
    return ms.grad(f, (0, 1))(x, y)


def _grad_pos_tuple_single(ms, x, y):
    def f(a, b):
        return ms.ops.sin(a) * b
    return ms.grad(f, (0,))(x, y)


def _grad_pos_reversed(ms, x, y):
    def f(a, b):
        return ms.ops.exp(a) * b + b * b
    return ms.grad(f, (1, 0))(x, y)


def _grad_three_inputs(ms, x, y, z):
    def f(a, b, c):
        return (a * b + c * c * a).sum()
    return ms.grad(f, (0, 2))(x, y, z)


def _grad_tuple_output(ms, x):
    def f(a):
        return a * 2, a * a, ms.ops.sin(a)
    return ms.grad(f)(x)


def _grad_nonscalar_output(ms, x):
    def f(a):
        return ms.ops.matmul(a, a.T)
    return ms.grad(f)(x)


def _grad_scalar_output(ms, x):
    def f(a):
        return (a * a).sum()
    return ms.grad(f)(x)


def _grad_int_input(ms, xi, y):
    def f(a, b):
        return a * b
    return ms.grad(f, (0, 1))(xi, y)


def _grad_f16(ms, x):
    def f(a):
        return a * a * a
    return ms.grad(f)(x)


def _grad_f64(ms, x, y):
    def f(a, b):
        return ms.ops.exp(a) * b
    return ms.grad(f, (0, 1))(x, y)


def _grad_unused_input(ms, x, y):
    def f(a, b):
        return a * 3
    return ms.grad(f, (0, 1))(x, y)


def _grad_python_scalar_arg(ms, x):
    def f(a, k):
        return a * a * k
    return ms.grad(f)(x, 2.5)


def _grad_dup_position(ms, x, y):
    def f(a, b):
        return a * b
    return ms.grad(f, (0, 0))(x, y)


# --- has_aux / sens_param / return_ids ----------------------------------------------------
def _grad_has_aux(ms, x):
    def f(a):
        return (a * a).sum(), a + 1
    return ms.grad(f, has_aux=True)(x)


def _grad_has_aux_two(ms, x, y):
    def f(a, b):
        return a * b, a + 1, b * 2
    return ms.grad(f, (0, 1), has_aux=True)(x, y)


def _grad_sens(ms, x, s):
    def f(a):
        return a * a
    return ms.grad(f, sens_param=True)(x, s)


def _grad_sens_tuple_out(ms, x, s1, s2):
    def f(a):
        return a * a, a * 3
    return ms.grad(f, 0, sens_param=True)(x, (s1, s2))


def _grad_sens_pos01(ms, x, y, s):
    def f(a, b):
        return a * b * b
    return ms.grad(f, (0, 1), sens_param=True)(x, y, s)


def _grad_return_ids_pos(ms, x, y):
    def f(a, b):
        return a * b
    return ms.grad(f, (0,), return_ids=True)(x, y)


def _grad_return_ids_int(ms, x, y):
    def f(a, b):
        return a * b * b
    return ms.grad(f, 1, return_ids=True)(x, y)


def _grad_return_ids_two(ms, x, y):
    def f(a, b):
        return a * b * b
    return ms.grad(f, (0, 1), return_ids=True)(x, y)


# --- weights -------------------------------------------------------------------------------
def _grad_weights_list(ms, x):
    w = _param(ms, W3, "w_list")
    b = _param(ms, np.float32(0.5), "b_list")
    def f(a):
        return (a * w + b).sum()
    return ms.grad(f, None, [w, b])(x)


def _grad_weights_ptuple(ms, x):
    w = _param(ms, W3, "w_pt")
    b = _param(ms, np.float32(0.5), "b_pt")
    def f(a):
        return ms.ops.tanh(a * w + b)
    return ms.grad(f, None, ms.ParameterTuple([w, b]))(x)


def _grad_weights_single(ms, x):
    w = _param(ms, W3, "w_single")
    def f(a):
        return a * w * w
    return ms.grad(f, None, w)(x)


def _grad_pos_and_weights(ms, x, y):
    w = _param(ms, W3, "w_pw")
    def f(a, b):
        return (a * w + b * w * w).sum()
    return ms.grad(f, (0, 1), [w])(x, y)


def _grad_pos_int_and_weight(ms, x):
    w = _param(ms, W3, "w_piw")
    def f(a):
        return ms.ops.sin(a * w)
    return ms.grad(f, 0, w)(x)


def _grad_weights_return_ids(ms, x, y):
    w = _param(ms, W3, "w_rid")
    def f(a, b):
        return (a * b * w).sum()
    return ms.grad(f, (0, 1), [w], return_ids=True)(x, y)


def _grad_weights_only_return_ids(ms, x):
    w = _param(ms, W3, "w_orid")
    b = _param(ms, np.float32(0.5), "b_orid")
    def f(a):
        return (a * w + b).sum()
    return ms.grad(f, None, [w, b], return_ids=True)(x)


def _grad_weights_has_aux(ms, x):
    w = _param(ms, W3, "w_aux")
    def f(a):
        return (a * w).sum(), a * 2
    return ms.grad(f, 0, w, has_aux=True)(x)


def _grad_weights_sens(ms, x, s):
    w = _param(ms, W3, "w_sens")
    def f(a):
        return a * w
    return ms.grad(f, 0, [w], sens_param=True)(x, s)


def _grad_unused_weight(ms, x):
    w = _param(ms, W3, "w_used")
    v = _param(ms, W3, "w_unused")
    def f(a):
        return a * w
    return ms.grad(f, None, [w, v])(x)


# --- value_and_grad --------------------------------------------------------------------------
def _vag_default(ms, x):
    def f(a):
        return (a * a * a).sum()
    return ms.value_and_grad(f)(x)


def _vag_pos01(ms, x, y):
    def f(a, b):
        return a * ms.ops.exp(b)
    return ms.value_and_grad(f, (0, 1))(x, y)


def _vag_weights(ms, x):
    w = _param(ms, W3, "w_vag")
    def f(a):
        return (a * w * w).sum()
    return ms.value_and_grad(f, 0, [w])(x)


def _vag_weights_only(ms, x):
    w = _param(ms, W3, "w_vago")
    def f(a):
        return (a * w * w).sum()
    return ms.value_and_grad(f, None, ms.ParameterTuple([w]))(x)


def _vag_has_aux(ms, x):
    def f(a):
        return a * a, a + 1, a * 3
    return ms.value_and_grad(f, 0, has_aux=True)(x)


def _vag_tuple_out(ms, x):
    def f(a):
        return a * a, ms.ops.cos(a)
    return ms.value_and_grad(f)(x)


def _vag_sens(ms, x, s):
    def f(a):
        return a * a
    return ms.value_and_grad(f, 0, sens_param=True)(x, s)


def _vag_return_ids(ms, x, y):
    def f(a, b):
        return a * b
    return ms.value_and_grad(f, (0, 1), return_ids=True)(x, y)


def _vag_f64(ms, x):
    def f(a):
        return ms.ops.log(a * a + 1.0)
    return ms.value_and_grad(f)(x)


# --- higher order -----------------------------------------------------------------------------
def _grad2_cube(ms, x):
    def f(a):
        return a * a * a
    return ms.grad(ms.grad(f))(x)


def _grad3_cube(ms, x):
    def f(a):
        return a * a * a * a
    return ms.grad(ms.grad(ms.grad(f)))(x)


def _grad2_sin(ms, x):
    def f(a):
        return ms.ops.sin(a)
    return ms.grad(ms.grad(f))(x)


def _grad3_sin(ms, x):
    def f(a):
        return ms.ops.sin(a)
    return ms.grad(ms.grad(ms.grad(f)))(x)


def _grad2_tanh_exp(ms, x):
    def f(a):
        return ms.ops.tanh(a) * ms.ops.exp(a)
    return ms.grad(ms.grad(f))(x)


def _grad2_mixed(ms, x, y):
    def f(a, b):
        return a * a * b * b * b
    def g(a, b):
        return ms.grad(f, 0)(a, b)
    return ms.grad(g, 1)(x, y)


def _grad2_pos01(ms, x, y):
    def f(a, b):
        return a * a * ms.ops.sin(b)
    return ms.grad(ms.grad(f, (0, 1)), (0, 1))(x, y)


def _grad2_gradop(ms, x):
    def f(a):
        return ms.ops.exp(a) * a
    g = ms.ops.GradOperation()
    return g(g(f))(x)


def _grad3_gradop_all(ms, x, y):
    def f(a, b):
        return a * a * a * b
    g = ms.ops.GradOperation()
    return g(g(g(f)))(x, y)


def _grad2_vag(ms, x):
    def f(a):
        return a * a * a
    return ms.value_and_grad(ms.grad(f))(x)


def _grad2_log(ms, x):
    def f(a):
        return ms.ops.log(a) * a
    return ms.grad(ms.grad(f))(x)


def _grad2_weights(ms, x):
    w = _param(ms, W3, "w_g2")
    def f(a):
        return a * a * w
    def g(a):
        return ms.grad(f, 0)(a)
    return ms.grad(g, None, [w])(x)


def _grad2_f64(ms, x):
    def f(a):
        return ms.ops.sigmoid(a)
    return ms.grad(ms.grad(f))(x)


def _grad3_poly(ms, x, y):
    def f(a, b):
        return a * a * a * b + a * b * b
    return ms.grad(ms.grad(ms.grad(f, 0), 0), 1)(x, y)


# --- ops.GradOperation ------------------------------------------------------------------------
def _go_default(ms, x, y):
    def f(a, b):
        return a * b * b
    return ms.ops.GradOperation()(f)(x, y)


def _go_get_all(ms, x, y):
    def f(a, b):
        return a * b * b
    return ms.ops.GradOperation(get_all=True)(f)(x, y)


def _go_by_list(ms, x):
    w = _param(ms, W3, "w_go")
    b = _param(ms, np.float32(0.5), "b_go")
    def f(a):
        return a * w + b
    return ms.ops.GradOperation(get_by_list=True)(f, ms.ParameterTuple([w, b]))(x)


def _go_by_list_plain_list(ms, x):
    w = _param(ms, W3, "w_gol")
    def f(a):
        return ms.ops.exp(a * w)
    return ms.ops.GradOperation(get_by_list=True)(f, [w])(x)


def _go_by_list_single(ms, x):
    w = _param(ms, W3, "w_gos")
    def f(a):
        return (a * w).sum()
    return ms.ops.GradOperation(get_by_list=True)(f, w)(x)


def _go_all_by_list(ms, x, y):
    w = _param(ms, W3, "w_goab")
    def f(a, b):
        return a * b * w
    return ms.ops.GradOperation(get_all=True, get_by_list=True)(f, ms.ParameterTuple([w]))(x, y)


def _go_sens(ms, x, s):
    def f(a):
        return a * a
    return ms.ops.GradOperation(sens_param=True)(f)(x, s)


def _go_all_sens(ms, x, y, s):
    def f(a, b):
        return a * b * b
    return ms.ops.GradOperation(get_all=True, sens_param=True)(f)(x, y, s)


def _go_all_three(ms, x, y, s):
    w = _param(ms, W3, "w_go3")
    def f(a, b):
        return a * b * w
    return ms.ops.GradOperation(True, True, True)(f, ms.ParameterTuple([w]))(x, y, s)


def _go_by_list_sens(ms, x, s):
    w = _param(ms, W3, "w_gols")
    def f(a):
        return a * w * w
    return ms.ops.GradOperation(get_by_list=True, sens_param=True)(f, ms.ParameterTuple([w]))(x, s)


def _go_tuple_out_all(ms, x, y):
    def f(a, b):
        return a * b, a + b, a * a
    return ms.ops.GradOperation(get_all=True)(f)(x, y)


def _go_sens_tuple_out(ms, x, s1, s2):
    def f(a):
        return a * 2, a * a
    return ms.ops.GradOperation(sens_param=True)(f)(x, (s1, s2))


def _go_int_input_all(ms, xi, y):
    def f(a, b):
        return a * b * b
    return ms.ops.GradOperation(get_all=True)(f)(xi, y)


def _go_f16_all(ms, x, y):
    def f(a, b):
        return a * b + a
    return ms.ops.GradOperation(get_all=True)(f)(x, y)


# --- stop_gradient / depend -------------------------------------------------------------------
def _stop_gradient(ms, x, y):
    def f(a, b):
        return ms.ops.stop_gradient(a * b) * a + b
    return ms.grad(f, (0, 1))(x, y)


def _stop_gradient_all(ms, x):
    def f(a):
        return ms.ops.stop_gradient(a * a) + a * 0.5
    return ms.grad(f)(x)


def _stop_gradient_tuple_out(ms, x):
    def f(a):
        return a * a, ms.ops.stop_gradient(a * 3)
    return ms.grad(f)(x)


def _depend(ms, x, y):
    def f(a, b):
        c = a * b
        d = ms.ops.depend(c, b + 1)
        return d * a
    return ms.grad(f, (0, 1))(x, y)


# (MindSpore's jacfwd and jacrev fail on float64 inputs with 'Type Join Failed: Float32, Float64':
# no float64 jacobian cases)


# --- jvp / vjp ---------------------------------------------------------------------------------
def _jvp_single(ms, x, v):
    def f(a):
        return a * a * a
    return ms.ops.jvp(f, x, v)


def _jvp_two(ms, x, y, v1, v2):
    def f(a, b):
        return a * b, a + ms.ops.sin(b)
    return ms.ops.jvp(f, (x, y), (v1, v2))


def _jvp_has_aux(ms, x, v):
    def f(a):
        return a * a, a + 1
    return ms.ops.jvp(f, x, v, has_aux=True)


def _jvp_tanh(ms, x, v):
    def f(a):
        return ms.ops.tanh(a).sum()
    return ms.ops.jvp(f, x, v)


def _vjp_single(ms, x, v):
    def f(a):
        return a * a * a
    out, fn = ms.ops.vjp(f, x)
    return out, fn(v)


def _vjp_two(ms, x, y, v):
    def f(a, b):
        return a * ms.ops.exp(b)
    out, fn = ms.ops.vjp(f, x, y)
    return out, fn(v)


def _vjp_tuple_out(ms, x, y):
    def f(a, b):
        return a * b, a - b
    out, fn = ms.ops.vjp(f, x, y)
    return out, fn((x, y))


def _vjp_weights(ms, x, y, v):
    w = _param(ms, W3, "w_vjp")
    def f(a, b):
        return a * b * w
    out, fn = ms.ops.vjp(f, x, y, weights=w)
    return out, fn(v)


def _vjp_weights_list(ms, x, v):
    w = _param(ms, W3, "w_vjpl")
    b = _param(ms, W3 * 2, "b_vjpl")
    def f(a):
        return a * w + b * b
    out, fn = ms.ops.vjp(f, x, weights=[w, b])
    return out, fn(v)


def _vjp_has_aux(ms, x, v):
    def f(a):
        return a * a, a + 1
    out, fn, aux = ms.ops.vjp(f, x, has_aux=True)
    return out, fn(v), aux


# --- jacfwd / jacrev -----------------------------------------------------------------------------
def _jacfwd_single(ms, x):
    def f(a):
        return a * a * a
    return ms.ops.jacfwd(f)(x)


def _jacfwd_pos01(ms, x, y):
    def f(a, b):
        return a * b, a - b
    return ms.ops.jacfwd(f, (0, 1))(x, y)


def _jacfwd_has_aux(ms, x, y):
    def f(a, b):
        return ms.ops.sin(a) * b, a + 1
    return ms.ops.jacfwd(f, 0, has_aux=True)(x, y)


def _jacfwd_matrix(ms, x):
    def f(a):
        return ms.ops.matmul(a, a)
    return ms.ops.jacfwd(f)(x)


def _jacrev_single(ms, x):
    def f(a):
        return ms.ops.exp(a) * a
    return ms.ops.jacrev(f)(x)


def _jacrev_pos1(ms, x, y):
    def f(a, b):
        return a * b * b
    return ms.ops.jacrev(f, 1)(x, y)


def _jacrev_pos01(ms, x, y):
    def f(a, b):
        return a * b + b
    return ms.ops.jacrev(f, (0, 1))(x, y)


def _jacrev_has_aux(ms, x, y):
    def f(a, b):
        return a * b, a + 1
    return ms.ops.jacrev(f, 0, has_aux=True)(x, y)


def _jacrev_matrix(ms, x):
    def f(a):
        return ms.ops.softmax(a, -1)
    return ms.ops.jacrev(f)(x)


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


# --- Python control flow on Tensor values --------------------------------------------------------
def _cf_if(ms, x):
    def f(a):
        if a.sum() > 3:
            return a * a
        return a * 3
    return ms.grad(f)(x)


def _cf_if_else_branch(ms, x):
    def f(a):
        if a.sum() > 100:
            out = a * a
        else:
            out = ms.ops.sin(a)
        return out
    return ms.grad(f)(x)


def _cf_while(ms, x):
    def f(a):
        s = a
        while s.sum() < 50:
            s = s * a
        return s
    return ms.grad(f)(x)


def _cf_for(ms, x):
    def f(a):
        s = a
        for _ in range(3):
            s = ms.ops.sin(s) + a
        return s
    return ms.grad(f)(x)


def _cf_if_tensor_arg(ms, x, y):
    def f(a, b):
        if b.max() > 1:
            return a * b
        return a + b
    return ms.grad(f, (0, 1))(x, y)


# --- bad inputs -------------------------------------------------------------------------------------
def _bad_not_callable(ms, x):
    return ms.grad(1)(x)


def _bad_position_float(ms, x):
    def f(a):
        return a * 2
    return ms.grad(f, 1.5)(x)


def _bad_position_list(ms, x):
    def f(a):
        return a * 2
    return ms.grad(f, [0])(x)


def _bad_position_out_of_range(ms, x):
    def f(a):
        return a * 2
    return ms.grad(f, 3)(x)


def _bad_position_tuple_out_of_range(ms, x, y):
    def f(a, b):
        return a * b
    return ms.grad(f, (0, 2))(x, y)


def _bad_position_negative(ms, x):
    def f(a):
        return a * 2
    return ms.grad(f, -1)(x)


def _bad_both_none(ms, x):
    def f(a):
        return a * 2
    return ms.grad(f, None, None)(x)


def _bad_vag_both_none(ms, x):
    def f(a):
        return a * 2
    return ms.value_and_grad(f, None, None)(x)


def _bad_weights_int(ms, x):
    def f(a):
        return a * 2
    return ms.grad(f, 0, weights=3)(x)


def _bad_gradop_flag(ms):
    return ms.ops.GradOperation(get_all=1)


def _bad_gradop_sens_flag(ms):
    return ms.ops.GradOperation(sens_param="yes")


def _a(*shape, seed=1, **kw):
    return F32(*shape, seed=seed, **kw)


def _pos(*shape, seed=3):
    return F32(*shape, seed=seed, low=0.3, high=2.0)


IDX3 = np.array([0, 2, 2], np.int32)
IDX_ROWS = np.array([1, 0, 1], np.int32)
LABELS = np.array([1, 0, 3], np.int32)

CASES = []
for _args in [
    # ms.grad: positions, outputs, dtypes
    ("grad/default_position", _grad_default, _a(3), _a(3, seed=2)),
    ("grad/position_int1", _grad_pos1, _a(3), _a(3, seed=2)),
    ("grad/position_tuple01", _grad_pos01, _a(2, 3), _a(2, 3, seed=2)),
    ("grad/position_tuple_single", _grad_pos_tuple_single, _a(3), _a(3, seed=2)),
    ("grad/position_tuple_reversed", _grad_pos_reversed, _a(3), _a(3, seed=2)),
    ("grad/three_inputs_pos02", _grad_three_inputs, _a(4), _a(4, seed=2), _a(4, seed=3)),
    ("grad/tuple_output_summed", _grad_tuple_output, _a(2, 3)),
    ("grad/nonscalar_output", _grad_nonscalar_output, _a(2, 3)),
    ("grad/scalar_output", _grad_scalar_output, _a(3, 2)),
    ("grad/int32_input", _grad_int_input, I32(3), _a(3)),
    ("grad/float16_input", _grad_f16, F16(4, seed=5, low=-1.0, high=1.0)),
    ("grad/float64_inputs", _grad_f64, F64(3, seed=4), F64(3, seed=5)),
    ("grad/unused_input_zero", _grad_unused_input, _a(3), _a(3, seed=2)),
    ("grad/python_scalar_arg", _grad_python_scalar_arg, _a(3)),
    ("grad/duplicate_position", _grad_dup_position, _a(3), _a(3, seed=2)),
    # has_aux / sens_param / return_ids
    ("grad/has_aux", _grad_has_aux, _a(3)),
    ("grad/has_aux_two_aux", _grad_has_aux_two, _a(3), _a(3, seed=2)),
    ("grad/sens_param", _grad_sens, _a(3), _a(3, seed=6)),
    ("grad/sens_param_tuple_output", _grad_sens_tuple_out, _a(3), _a(3, seed=6), _a(3, seed=7)),
    ("grad/sens_param_pos01", _grad_sens_pos01, _a(2, 2), _a(2, 2, seed=2), _a(2, 2, seed=6)),
    ("grad/return_ids_tuple1", _grad_return_ids_pos, _a(3), _a(3, seed=2)),
    ("grad/return_ids_two", _grad_return_ids_two, _a(3), _a(3, seed=2)),
    # weights
    ("grad/weights_list", _grad_weights_list, _a(3)),
    ("grad/weights_parameter_tuple", _grad_weights_ptuple, _a(3)),
    ("grad/weights_single_parameter", _grad_weights_single, _a(3)),
    ("grad/positions_and_weights", _grad_pos_and_weights, _a(3), _a(3, seed=2)),
    ("grad/position_int_and_weight", _grad_pos_int_and_weight, _a(3)),
    ("grad/weights_return_ids", _grad_weights_return_ids, _a(3), _a(3, seed=2)),
    ("grad/weights_only_return_ids", _grad_weights_only_return_ids, _a(3)),
    ("grad/weights_has_aux", _grad_weights_has_aux, _a(3)),
    ("grad/weights_sens_param", _grad_weights_sens, _a(3), _a(3, seed=6)),
    ("grad/unused_weight_zero", _grad_unused_weight, _a(3)),
    # value_and_grad
    ("value_and_grad/default", _vag_default, _a(3)),
    ("value_and_grad/pos01", _vag_pos01, _a(3), _a(3, seed=2)),
    ("value_and_grad/weights", _vag_weights, _a(3)),
    ("value_and_grad/weights_only", _vag_weights_only, _a(3)),
    ("value_and_grad/has_aux", _vag_has_aux, _a(3)),
    ("value_and_grad/tuple_output", _vag_tuple_out, _a(3)),
    ("value_and_grad/sens_param", _vag_sens, _a(3), _a(3, seed=6)),
    ("value_and_grad/return_ids", _vag_return_ids, _a(3), _a(3, seed=2)),
    ("value_and_grad/float64", _vag_f64, F64(3, seed=4)),
    # higher order
    ("grad/second_order_cube", _grad2_cube, _a(3)),
    ("grad/third_order_quartic", _grad3_cube, _a(3)),
    ("grad/second_order_sin", _grad2_sin, _a(4)),
    ("grad/third_order_sin", _grad3_sin, _a(4)),
    ("grad/second_order_tanh_exp", _grad2_tanh_exp, _a(4)),
    ("grad/second_order_mixed", _grad2_mixed, _a(3), _a(3, seed=2)),
    ("grad/second_order_pos01", _grad2_pos01, _a(3), _a(3, seed=2)),
    ("grad/second_order_gradop", _grad2_gradop, _a(3)),
    ("grad/third_order_gradop", _grad3_gradop_all, _a(3), _a(3, seed=2)),
    ("grad/value_and_grad_of_grad", _grad2_vag, _a(3)),
    ("grad/second_order_log", _grad2_log, _pos(3)),
    ("grad/second_order_weights", _grad2_weights, _a(3)),
    ("grad/second_order_float64", _grad2_f64, F64(3, seed=4)),
    ("grad/third_order_poly_mixed", _grad3_poly, _a(3), _a(3, seed=2)),
    # GradOperation
    ("GradOperation/default", _go_default, _a(3), _a(3, seed=2)),
    ("GradOperation/get_all", _go_get_all, _a(3), _a(3, seed=2)),
    ("GradOperation/get_by_list", _go_by_list, _a(3)),
    ("GradOperation/get_by_list_list", _go_by_list_plain_list, _a(3)),
    ("GradOperation/get_by_list_single_param", _go_by_list_single, _a(3)),
    ("GradOperation/get_all_get_by_list", _go_all_by_list, _a(3), _a(3, seed=2)),
    ("GradOperation/sens_param", _go_sens, _a(3), _a(3, seed=6)),
    ("GradOperation/get_all_sens_param", _go_all_sens, _a(3), _a(3, seed=2), _a(3, seed=6)),
    ("GradOperation/all_flags", _go_all_three, _a(3), _a(3, seed=2), _a(3, seed=6)),
    ("GradOperation/get_by_list_sens_param", _go_by_list_sens, _a(3), _a(3, seed=6)),
    ("GradOperation/tuple_output_get_all", _go_tuple_out_all, _a(3), _a(3, seed=2)),
    ("GradOperation/sens_tuple_output", _go_sens_tuple_out, _a(3), _a(3, seed=6), _a(3, seed=7)),
    ("GradOperation/int_input_get_all", _go_int_input_all, I32(3), _a(3)),
    ("GradOperation/float16_get_all", _go_f16_all, F16(3, seed=4), F16(3, seed=5)),
    # stop_gradient / depend
    ("grad/stop_gradient", _stop_gradient, _a(3), _a(3, seed=2)),
    ("grad/stop_gradient_whole_term", _stop_gradient_all, _a(3)),
    ("grad/stop_gradient_tuple_output", _stop_gradient_tuple_out, _a(3)),
    ("grad/depend", _depend, _a(3), _a(3, seed=2)),
    # jvp / vjp
    ("jvp/single", _jvp_single, _a(3), _a(3, seed=6)),
    ("jvp/two_inputs_tuple_output", _jvp_two, _a(3), _a(3, seed=2), _a(3, seed=6), _a(3, seed=7)),
    ("jvp/has_aux", _jvp_has_aux, _a(3), _a(3, seed=6)),
    ("jvp/scalar_output", _jvp_tanh, _a(2, 3), _a(2, 3, seed=6)),
    ("vjp/single", _vjp_single, _a(3), _a(3, seed=6)),
    ("vjp/two_inputs", _vjp_two, _a(3), _a(3, seed=2), _a(3, seed=6)),
    ("vjp/tuple_output", _vjp_tuple_out, _a(3), _a(3, seed=2)),
    ("vjp/weights_single", _vjp_weights, _a(3), _a(3, seed=2), _a(3, seed=6)),
    ("vjp/weights_list", _vjp_weights_list, _a(3), _a(3, seed=6)),
    ("vjp/has_aux", _vjp_has_aux, _a(3), _a(3, seed=6)),
    # jacobians
    ("jacfwd/single", _jacfwd_single, _a(3)),
    ("jacfwd/pos01_tuple_output", _jacfwd_pos01, _a(3), _a(3, seed=2)),
    ("jacfwd/has_aux", _jacfwd_has_aux, _a(3), _a(3, seed=2)),
    ("jacfwd/matrix", _jacfwd_matrix, _a(2, 2)),
    ("jacrev/single", _jacrev_single, _a(3)),
    ("jacrev/position1", _jacrev_pos1, _a(3), _a(3, seed=2)),
    ("jacrev/pos01", _jacrev_pos01, _a(3), _a(3, seed=2)),
    ("jacrev/has_aux", _jacrev_has_aux, _a(3), _a(3, seed=2)),
    ("jacrev/softmax", _jacrev_matrix, _a(2, 3)),
    # Python control flow on Tensor values
    ("grad/control_if", _cf_if, _a(3) + 2),
    ("grad/control_if_else", _cf_if_else_branch, _a(3)),
    ("grad/control_while", _cf_while, _pos(3) + 1),
    ("grad/control_for_range", _cf_for, _a(3)),
    ("grad/control_if_on_second_input", _cf_if_tensor_arg, _a(3), _a(3, seed=2)),
]:
    CASES += both_modes(*_args)

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

# MindSpore's PyNative answers return_ids with an int position with a nonsense ((1, scalar),)
CASES += [c for c in both_modes("grad/return_ids_int", _grad_return_ids_int, _a(3), _a(3, seed=2))
          if c.mode == "graph"]

# bad inputs: MindSpore's exception class in each mode
for _args in [
    ("grad/bad_not_callable", _bad_not_callable, _a(3)),
    ("grad/bad_position_float", _bad_position_float, _a(3)),
    ("grad/bad_position_list", _bad_position_list, _a(3)),
    ("grad/bad_position_out_of_range", _bad_position_out_of_range, _a(3)),
    ("grad/bad_position_tuple_out_of_range", _bad_position_tuple_out_of_range, _a(3), _a(3, seed=2)),
    ("grad/bad_position_negative", _bad_position_negative, _a(3)),
    ("grad/bad_position_and_weights_none", _bad_both_none, _a(3)),
    ("value_and_grad/bad_position_and_weights_none", _bad_vag_both_none, _a(3)),
    ("GradOperation/bad_get_all_not_bool", _bad_gradop_flag),
    ("GradOperation/bad_sens_param_not_bool", _bad_gradop_sens_flag),
]:
    CASES += both_modes(*_args, error=True)

# MindSpore's GRAPH_MODE answers weights of a wrong type with an unrelated 'MultitypeFuncGraph' error
CASES += [case for case in both_modes("grad/bad_weights_int", _bad_weights_int, _a(3), error=True)
          if case.mode == "pynative"]


# --- differentiating Cells ----------------------------------------------------------------------------
class _CellDefs:
    """Small cells built from Parameters and ops, defined against framework module ``ms``."""

    def __init__(self, ms):
        nn, ops = ms.nn, ms.ops

        class Affine(nn.Cell):
            def __init__(self):
                super().__init__()
                self.weight = ms.Parameter(ms.Tensor(np.arange(6, dtype=np.float32).reshape(3, 2) * 0.25 - 0.5),
                                           name="weight")
                self.bias = ms.Parameter(ms.Tensor(np.array([0.1, -0.2], np.float32)), name="bias")

            def construct(self, x):
                return ops.tanh(ops.matmul(x, self.weight) + self.bias)

        class MLP(nn.Cell):
            def __init__(self):
                super().__init__()
                self.fc1 = Affine()
                self.scale = ms.Parameter(ms.Tensor(np.array([1.5, -0.5], np.float32)), name="scale")

            def construct(self, x):
                h = self.fc1(x)
                return ops.relu(h * self.scale + 0.1).sum(axis=1)

        class Frozen(nn.Cell):
            def __init__(self):
                super().__init__()
                self.gamma = ms.Parameter(ms.Tensor(np.array([2.0, 0.5, -1.0], np.float32)), name="gamma")
                self.moving = ms.Parameter(ms.Tensor(np.array([0.5, 0.5, 0.5], np.float32)), name="moving",
                                           requires_grad=False)

            def construct(self, x):
                return x * self.gamma * self.moving + self.gamma * self.gamma

        class WithLoss(nn.Cell):
            def __init__(self, net):
                super().__init__()
                self.net = net

            def construct(self, x, label):
                d = self.net(x) - label
                return (d * d).mean()

        class TwoOut(nn.Cell):
            def __init__(self):
                super().__init__()
                self.w = ms.Parameter(ms.Tensor(np.array([0.5, -1.5, 2.0], np.float32)), name="w")

            def construct(self, x, y):
                return x * self.w, ops.exp(y * self.w)

        class Counter(nn.Cell):
            def __init__(self):
                super().__init__()
                self.w = ms.Parameter(ms.Tensor(np.array([0.5, -1.5, 2.0], np.float32)), name="w")
                self.count = ms.Parameter(ms.Tensor(np.array([0.0], np.float32)), name="count",
                                          requires_grad=False)

            def construct(self, x):
                ops.assign(self.count, self.count + 1)
                return x * self.w * self.w

        self.Affine, self.MLP, self.Frozen, self.WithLoss = Affine, MLP, Frozen, WithLoss
        self.TwoOut, self.Counter = TwoOut, Counter


def _cell_grad_input(ms, x):
    net = _CellDefs(ms).Affine()
    return ms.grad(net)(x)


def _cell_grad_weights(ms, x):
    net = _CellDefs(ms).Affine()
    return ms.grad(net, None, net.trainable_params())(x)


def _cell_grad_input_and_weights(ms, x):
    net = _CellDefs(ms).MLP()
    return ms.grad(net, 0, net.trainable_params())(x)


def _cell_gradop_by_list(ms, x):
    net = _CellDefs(ms).MLP()
    return ms.ops.GradOperation(get_by_list=True)(net, ms.ParameterTuple(net.trainable_params()))(x)


def _cell_gradop_all_by_list_sens(ms, x, s):
    net = _CellDefs(ms).Affine()
    grad_op = ms.ops.GradOperation(get_all=True, get_by_list=True, sens_param=True)
    return grad_op(net, ms.ParameterTuple(net.trainable_params()))(x, s)


def _cell_value_and_grad(ms, x, label):
    defs = _CellDefs(ms)
    net = defs.WithLoss(defs.MLP())
    return ms.value_and_grad(net, None, net.trainable_params())(x, label)


def _cell_frozen(ms, x):
    net = _CellDefs(ms).Frozen()
    return ms.grad(net, 0, net.trainable_params())(x), len(net.trainable_params())


def _cell_frozen_all_params(ms, x):
    net = _CellDefs(ms).Frozen()
    return ms.grad(net, None, net.get_parameters())(x)


def _cell_return_ids(ms, x):
    net = _CellDefs(ms).Affine()
    return ms.grad(net, 0, net.trainable_params(), return_ids=True)(x)


def _cell_tuple_output(ms, x, y):
    net = _CellDefs(ms).TwoOut()
    return ms.grad(net, (0, 1), net.trainable_params())(x, y)


def _cell_second_order(ms, x):
    net = _CellDefs(ms).Affine()
    return ms.grad(ms.grad(net))(x)


def _cell_vjp_weights(ms, x, y, v):
    # (distinct input Tensors: MindSpore's PyNative gives one Tensor passed twice the summed gradient twice)
    net = _CellDefs(ms).TwoOut()
    out, fn = ms.ops.vjp(net, x, y, weights=net.trainable_params())
    return out, fn(v, v)


def _cell_jacrev(ms, x):
    net = _CellDefs(ms).Frozen()
    return ms.ops.jacrev(net)(x)


def _cell_state_write(ms, x):
    net = _CellDefs(ms).Counter()
    g = ms.grad(net, 0, net.trainable_params())(x)
    return g, net.count.value()


def _cell_train_step(ms, x, label):
    defs = _CellDefs(ms)
    net = defs.WithLoss(defs.Affine())
    params = net.trainable_params()
    grad_fn = ms.value_and_grad(net, None, params)
    losses = []
    for _ in range(3):
        loss, grads = grad_fn(x, label)
        for p, g in zip(params, grads):
            ms.ops.assign(p, p - g * 0.5)
        losses.append(loss)
    return losses, params[0].value()


for _args in [
    ("grad/cell_input", _cell_grad_input, _a(4, 3)),
    ("grad/cell_weights", _cell_grad_weights, _a(4, 3)),
    ("grad/cell_nested_input_and_weights", _cell_grad_input_and_weights, _a(4, 3)),
    ("GradOperation/cell_get_by_list", _cell_gradop_by_list, _a(4, 3)),
    ("GradOperation/cell_all_flags", _cell_gradop_all_by_list_sens, _a(4, 3), _a(4, 2, seed=6)),
    ("value_and_grad/cell_loss_weights", _cell_value_and_grad, _a(4, 3), _a(4, seed=6)),
    ("grad/cell_frozen_parameter", _cell_frozen, _a(3)),
    ("grad/cell_frozen_get_parameters", _cell_frozen_all_params, _a(3)),
    ("grad/cell_return_ids", _cell_return_ids, _a(4, 3)),
    ("grad/cell_tuple_output", _cell_tuple_output, _a(3), _a(3, seed=2)),
    ("grad/cell_second_order", _cell_second_order, _a(2, 3)),
    ("vjp/cell_weights", _cell_vjp_weights, _a(3), _a(3, seed=2), _a(3, seed=6)),
    ("jacrev/cell", _cell_jacrev, _a(3)),
    ("grad/cell_parameter_write", _cell_state_write, _a(3)),
    ("value_and_grad/cell_train_steps", _cell_train_step, _a(4, 3), _a(4, seed=6)),
]:
    CASES += both_modes(*_args)


# --- more inputs and outputs ------------------------------------------------------------------------
def _grad_int_output(ms, x):
    def f(a):
        return (a > 1).astype(ms.int32)
    return ms.grad(f)(x)


def _grad_bool_input(ms, xb, y):
    def f(a, b):
        return a * b
    return ms.grad(f, (0, 1))(xb, y)


def _grad_cast_f16(ms, x):
    def f(a):
        return a.astype(ms.float16) * 3
    return ms.grad(f)(x)


def _grad_int_scalar_arg(ms, x):
    def f(a, b):
        return a * b
    return ms.grad(f, 0)(x, 2)


def _grad_wrt_python_scalar(ms, x):
    def f(a, b):
        return a * b
    return ms.grad(f, 1)(x, 2.0)


def _grad_bool_position(ms, x, y):
    def f(a, b):
        return a * b * b
    return ms.grad(f, True)(x, y)


def _grad2_f16(ms, x):
    def f(a):
        return a * a * a
    return ms.grad(ms.grad(f))(x)


def _grad3_f64(ms, x):
    def f(a):
        return ms.ops.exp(a) * ms.ops.sin(a)
    return ms.grad(ms.grad(ms.grad(f)))(x)


def _grad2_stop_gradient(ms, x):
    def f(a):
        return a * a * ms.ops.stop_gradient(a)
    return ms.grad(ms.grad(f))(x)


def _vag_weights_has_aux(ms, x):
    w = _param(ms, W3, "w_vaga")
    def f(a):
        return (a * w * w).sum(), a * w
    return ms.value_and_grad(f, 0, [w], has_aux=True)(x)


def _jvp_f64(ms, x, v):
    def f(a):
        return ms.ops.sin(a) * a
    return ms.ops.jvp(f, x, v)


def _jvp_aux_two(ms, x, y, v1, v2):
    def f(a, b):
        return a * b, a + 1, b * 2
    return ms.ops.jvp(f, (x, y), (v1, v2), has_aux=True)


def _vjp_f16(ms, x, v):
    def f(a):
        return a * a
    out, fn = ms.ops.vjp(f, x)
    return out, fn(v)


def _jacrev_aux_two(ms, x):
    def f(a):
        return a * a, a + 1, a * 3
    return ms.ops.jacrev(f, 0, has_aux=True)(x)


def _jac_of_grad(ms, x):
    def f(a):
        return (a * a * a).sum()
    return ms.ops.jacrev(ms.grad(f))(x)


# --- more bad inputs --------------------------------------------------------------------------------
def _bad_position_tuple_float(ms, x, y):
    def f(a, b):
        return a * b
    return ms.grad(f, (0, 1.5))(x, y)


def _bad_position_tuple_negative(ms, x, y):
    def f(a, b):
        return a * b
    return ms.grad(f, (0, -1))(x, y)


def _bad_has_aux_single_output(ms, x):
    def f(a):
        return a * 2
    return ms.grad(f, has_aux=True)(x)


def _bad_jacfwd_position(ms, x):
    def f(a):
        return a * 2
    return ms.ops.jacfwd(f, 2)(x)


def _bad_jacrev_position(ms, x):
    def f(a):
        return a * 2
    return ms.ops.jacrev(f, 1)(x)


def _bad_jvp_tangent_float(ms, x):
    def f(a):
        return a * 2
    return ms.ops.jvp(f, x, 1.0)


def _bad_jvp_tangent_count(ms, x, y):
    def f(a):
        return a * 2
    return ms.ops.jvp(f, x, (y, y))


def _bad_vjp_not_callable(ms, x):
    return ms.ops.vjp(3, x)


def _bad_too_few_args(ms):
    def f(a):
        return a * a
    return ms.grad(f, 0)()


def _bad_sens_shape(ms, x, s):
    def f(a):
        return a * 2
    return ms.grad(f, sens_param=True)(x, s)


def _bad_vag_weights_str(ms, x):
    def f(a):
        return a * 2
    return ms.value_and_grad(f, 0, weights="w")(x)


def _bad_gradop_weights_int(ms, x):
    def f(a):
        return a * 2
    return ms.ops.GradOperation(get_by_list=True)(f, 5)(x)


for _args in [
    ("grad/int_output_zero", _grad_int_output, _a(3)),
    ("grad/bool_input", _grad_bool_input, np.array([True, False, True]), _a(3)),
    ("grad/cast_to_float16_inside", _grad_cast_f16, _a(3)),
    ("grad/python_int_arg", _grad_int_scalar_arg, _a(3)),
    ("grad/position_of_python_scalar", _grad_wrt_python_scalar, _a(3)),
    ("grad/second_order_float16", _grad2_f16, F16(4, seed=5, low=-1.0, high=1.0)),
    ("grad/third_order_float64", _grad3_f64, F64(4, seed=4)),
    ("grad/second_order_stop_gradient", _grad2_stop_gradient, _a(3)),
    ("value_and_grad/weights_has_aux", _vag_weights_has_aux, _a(3)),
    ("jvp/float64", _jvp_f64, F64(3, seed=4), F64(3, seed=5)),
    ("jvp/has_aux_two_aux", _jvp_aux_two, _a(3), _a(3, seed=2), _a(3, seed=6), _a(3, seed=7)),
    ("vjp/float16", _vjp_f16, F16(3, seed=4), F16(3, seed=5)),
    ("jacrev/has_aux_two_aux", _jacrev_aux_two, _a(3)),
    ("jacrev/of_grad_hessian", _jac_of_grad, _a(3)),
]:
    CASES += both_modes(*_args)

for _args in [
    ("grad/bad_position_tuple_float", _bad_position_tuple_float, _a(3), _a(3, seed=2)),
    ("grad/bad_position_tuple_negative", _bad_position_tuple_negative, _a(3), _a(3, seed=2)),
    ("grad/bad_has_aux_single_output", _bad_has_aux_single_output, _a(3)),
    ("grad/bad_position_bool", _grad_bool_position, _a(3), _a(3, seed=2)),
    ("jacfwd/bad_position_out_of_range", _bad_jacfwd_position, _a(3)),
    ("jacrev/bad_position_out_of_range", _bad_jacrev_position, _a(3)),
    ("jvp/bad_tangent_not_tensor", _bad_jvp_tangent_float, _a(3)),
    ("jvp/bad_tangent_count", _bad_jvp_tangent_count, _a(3), _a(3, seed=2)),
    ("vjp/bad_not_callable", _bad_vjp_not_callable, _a(3)),
    ("grad/bad_too_few_arguments", _bad_too_few_args),
]:
    _cases = both_modes(*_args, error=True)
    if _args[0] == "grad/bad_position_bool":
        # PyNative takes True as position 1; GRAPH_MODE refuses it
        _cases = [both_modes("grad/position_bool", _grad_bool_position, *_args[2:])[0], _cases[1]]
    CASES += _cases

# GRAPH_MODE broadcasts a wrongly shaped sens / answers wrong weights with an unrelated
# 'MultitypeFuncGraph' error: PyNative only
for _args in [
    ("grad/bad_sens_shape", _bad_sens_shape, _a(3), _a(4, seed=6)),
    ("value_and_grad/bad_weights_str", _bad_vag_weights_str, _a(3)),
    ("GradOperation/bad_weights_int", _bad_gradop_weights_int, _a(3)),
]:
    CASES += [c for c in both_modes(*_args, error=True) if c.mode == "pynative"]


# --- gradients taken inside compiled code: ms.jit functions and a Cell's construct ---------------------
def _jit_grad(ms, x, y):
    def f(a, b):
        return ms.ops.sin(a) * b * b
    @ms.jit
    def step(a, b):
        return ms.grad(f, (0, 1))(a, b)
    return step(x, y)


def _jit_value_and_grad_weights(ms, x):
    w = _param(ms, W3, "w_jit")
    def f(a):
        return (ms.ops.tanh(a * w)).sum()
    @ms.jit
    def step(a):
        return ms.value_and_grad(f, 0, [w])(a)
    return step(x)


def _jit_second_order(ms, x):
    def f(a):
        return a * a * ms.ops.exp(a)
    @ms.jit
    def step(a):
        return ms.grad(ms.grad(f))(a)
    return step(x)


def _cell_grad_net(ms, x):
    defs = _CellDefs(ms)

    class GradNet(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = ms.ParameterTuple(net.trainable_params())
            self.grad_op = ms.ops.GradOperation(get_all=True, get_by_list=True)

        def construct(self, a):
            return self.grad_op(self.net, self.weights)(a)

    return GradNet(defs.MLP())(x)


def _cell_grad_net_sens(ms, x, s):
    defs = _CellDefs(ms)

    class GradNet(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = ms.ParameterTuple(net.trainable_params())
            self.grad_op = ms.ops.GradOperation(get_by_list=True, sens_param=True)

        def construct(self, a, sens):
            return self.grad_op(self.net, self.weights)(a, sens)

    return GradNet(defs.Affine())(x, s)


def _cell_train_one_step(ms, x, label):
    defs = _CellDefs(ms)

    class TrainStep(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = ms.ParameterTuple(net.trainable_params())

        def construct(self, a, b):
            loss, grads = ms.value_and_grad(self.net, None, self.weights)(a, b)
            for p, g in zip(self.weights, grads):
                ms.ops.assign(p, p - g * 0.5)
            return loss

    step = TrainStep(defs.WithLoss(defs.Affine()))
    losses = [step(x, label) for _ in range(3)]
    return losses, step.weights[0].value()


for _args in [
    ("grad/inside_jit", _jit_grad, _a(3), _a(3, seed=2)),
    ("value_and_grad/inside_jit_weights", _jit_value_and_grad_weights, _a(3)),
    ("grad/inside_jit_second_order", _jit_second_order, _a(3)),
    ("GradOperation/inside_cell_construct", _cell_grad_net, _a(4, 3)),
    ("GradOperation/inside_cell_construct_sens", _cell_grad_net_sens, _a(4, 3), _a(4, 2, seed=6)),
    ("value_and_grad/inside_cell_train_step", _cell_train_one_step, _a(4, 3), _a(4, seed=6)),
]:
    CASES += both_modes(*_args)


# --- output structures ---------------------------------------------------------------------------------
def _grad_list_output(ms, x):
    def f(a):
        return [a * 2, a * a]
    return ms.grad(f)(x)


def _grad_dict_output(ms, x):
    def f(a):
        return {"p": a * 2, "q": ms.ops.sin(a)}
    return ms.grad(f)(x)


def _grad_nested_output(ms, x):
    def f(a):
        return a * 2, (a * a, ms.ops.exp(a))
    return ms.grad(f)(x)


def _grad_has_aux_return_ids(ms, x, y):
    def f(a, b):
        return a * b * b, a + 1
    return ms.grad(f, (0, 1), has_aux=True, return_ids=True)(x, y)


def _vag_has_aux_list(ms, x):
    def f(a):
        return a * 2, [a + 1, a * a]
    return ms.value_and_grad(f, 0, has_aux=True)(x)


def _grad_has_aux_sens(ms, x, y, s):
    def f(a, b):
        return a * b * b, a + 1
    return ms.grad(f, 0, has_aux=True, sens_param=True)(x, y, s)


for _args in [
    ("grad/list_output", _grad_list_output, _a(3)),
    ("grad/dict_output", _grad_dict_output, _a(3)),
    ("grad/nested_tuple_output", _grad_nested_output, _a(3)),
    ("grad/has_aux_return_ids", _grad_has_aux_return_ids, _a(3), _a(3, seed=2)),
    ("value_and_grad/has_aux_list_aux", _vag_has_aux_list, _a(3)),
]:
    CASES += both_modes(*_args)

# GRAPH_MODE fails has_aux with sens_param ('Type Join Failed: AbstractTensor cannot join with AbstractTuple')
CASES += [c for c in both_modes("grad/has_aux_sens_param", _grad_has_aux_sens, _a(3), _a(3, seed=2),
                                _a(3, seed=6)) if c.mode == "pynative"]


# --- sens checks, dtypes, aliases -----------------------------------------------------------------------
def _sens_case(ms, x, s):
    def f(a):
        return a * a
    return ms.grad(f, sens_param=True)(x, s)


def _sens_python_float(ms, x):
    def f(a):
        return a * a
    return ms.grad(f, sens_param=True)(x, 2.0)


def _gradop_sens_python_float(ms, x):
    def f(a):
        return a * a
    return ms.ops.GradOperation(sens_param=True)(f)(x, 2.0)


def _grad_int64_input(ms, xi, y):
    def f(a, b):
        return a * b * b
    return ms.grad(f, (0, 1))(xi, y)


def _grad_f16_weights(ms, x):
    w = _param(ms, np.array([1.0, 2.0, 3.0], np.float16), "w16")
    def f(a):
        return a * w * w
    return ms.grad(f, 0, [w])(x)


def _grad_closure_param_not_weight(ms, x):
    w = _param(ms, W3, "w_closure")
    def f(a):
        return a * w * w * a
    return ms.grad(f)(x)


def _grad_scalar_tensor(ms, x):
    def f(a):
        return a * a * a
    return ms.grad(f)(x)


def _grad_constant_output(ms, x):
    def f(a):
        return ms.ops.ones((2, 2), ms.float32)
    return ms.grad(f)(x)


def _grad_identity(ms, x):
    def f(a):
        return a
    return ms.grad(f)(x)


def _ops_grad_alias(ms, x, y):
    def f(a, b):
        return ms.ops.cos(a) * b
    return ms.ops.grad(f, (0, 1))(x, y)


def _ops_value_and_grad_alias(ms, x):
    def f(a):
        return (ms.ops.cos(a) * a).sum()
    return ms.ops.value_and_grad(f)(x)


def _jvp_list_inputs(ms, x, y, v):
    def f(a, b):
        return a * b
    return ms.ops.jvp(f, [x, y], [v, v])


for _args in [
    ("grad/sens_scalar_tensor_broadcast", _sens_case, _a(3), np.array(2.0, np.float32)),
    ("grad/sens_shape1_broadcast", _sens_case, _a(3), np.array([2.0], np.float32)),
    ("grad/int64_input", _grad_int64_input, np.array([1, 2, 3], np.int64), _a(3)),
    ("grad/float16_weights", _grad_f16_weights, F16(3, seed=4)),
    ("grad/closure_parameter_not_in_weights", _grad_closure_param_not_weight, _a(3)),
    ("grad/zero_dim_input", _grad_scalar_tensor, np.array(1.5, np.float32)),
    ("grad/constant_output", _grad_constant_output, _a(3)),
    ("grad/identity", _grad_identity, _a(2, 3)),
    ("grad/ops_grad_alias", _ops_grad_alias, _a(3), _a(3, seed=2)),
    ("value_and_grad/ops_alias", _ops_value_and_grad_alias, _a(3)),
    ("jvp/list_inputs", _jvp_list_inputs, _a(3), _a(3, seed=2), _a(3, seed=6)),
]:
    _cs = both_modes(*_args)
    if _args[0].startswith("grad/sens_"):
        # PyNative refuses a sens whose shape differs from the output's; GRAPH_MODE broadcasts it
        _cs = [c for c in both_modes(*_args, error=True) if c.mode == "pynative"] + [_cs[1]]
    CASES += _cs

for _args in [
    ("grad/bad_sens_python_float", _sens_python_float, _a(3)),
    ("GradOperation/bad_sens_python_float", _gradop_sens_python_float, _a(3)),
    ("grad/bad_sens_float64_for_float32", _sens_case, _a(3), np.array([2.0, 1.0, 1.0])),
    ("grad/bad_sens_int32_for_float32", _sens_case, _a(3), np.array([2, 1, 1], np.int32)),
    ("grad/bad_sens_shape_2x3", _sens_case, _a(3), _a(2, 3, seed=6)),
]:
    CASES += both_modes(*_args, error=True)


# --- vjp / jvp argument checks ----------------------------------------------------------------------------
def _vjp_with_v(ms, x, v):
    def f(a):
        return a * a
    _, fn = ms.ops.vjp(f, x)
    return fn(v)


def _vjp_v_python_float(ms, x):
    def f(a):
        return a * a
    _, fn = ms.ops.vjp(f, x)
    return fn(2.0)


def _vjp_input_python_float(ms):
    def f(a):
        return a * a
    return ms.ops.vjp(f, 2.0)


def _jvp_input_python_float(ms, v):
    def f(a):
        return a * a
    return ms.ops.jvp(f, 2.0, v)


def _jvp_with_v(ms, x, v):
    def f(a):
        return a * a
    return ms.ops.jvp(f, x, v)


for _args in [
    ("vjp/v_scalar_tensor_broadcast", _vjp_with_v, _a(3), np.array(2.0, np.float32)),
    ("vjp/v_shape1_broadcast", _vjp_with_v, _a(3), np.array([2.0], np.float32)),
]:
    # PyNative refuses a v whose shape differs from the output's; GRAPH_MODE broadcasts it
    CASES += [both_modes(*_args, error=True)[0], both_modes(*_args)[1]]

for _args in [
    ("vjp/bad_v_float64_for_float32", _vjp_with_v, _a(3), np.ones(3)),
    ("vjp/bad_v_python_float", _vjp_v_python_float, _a(3)),
    ("vjp/bad_input_python_float", _vjp_input_python_float),
    ("jvp/bad_input_python_float", _jvp_input_python_float, _a(3)),
    ("jvp/bad_v_float64_for_float32", _jvp_with_v, _a(3), np.ones(3)),
    ("jvp/bad_v_shape", _jvp_with_v, _a(3), _a(4, seed=6)),
]:
    CASES += both_modes(*_args, error=True)
