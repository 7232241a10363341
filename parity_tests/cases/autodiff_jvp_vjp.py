"""Autodiff, forward and reverse products and Jacobians: ``ops.jvp``, ``ops.vjp``, ``ops.jacfwd``,
``ops.jacrev`` (positions, ``has_aux``, weights, dtypes, argument checks), in PyNative and GRAPH_MODE.

MindSpore's GRAPH_MODE parses the source of the functions it compiles, so every
differentiated function is a nested ``def`` (never a lambda) and graph-compatible. Every case
runs in PyNative and GRAPH_MODE through ``both_modes``, except where noted.

Left out: jacfwd/jacrev of float64 inputs (both modes of MindSpore fail with
'Type Join Failed: Float32, Float64').
"""
import numpy as np

from parity_tests.harness import both_modes, F16, F64
from parity_tests.cases._autodiff_common import W3, _param, _a


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


# --- more jvp / vjp / jacrev: dtypes, two aux outputs, the jacobian of a gradient ---------------
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


CASES = []
for _args in [
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
]:
    CASES += both_modes(*_args)

for _args in [
    ("jvp/float64", _jvp_f64, F64(3, seed=4), F64(3, seed=5)),
    ("jvp/has_aux_two_aux", _jvp_aux_two, _a(3), _a(3, seed=2), _a(3, seed=6), _a(3, seed=7)),
    ("vjp/float16", _vjp_f16, F16(3, seed=4), F16(3, seed=5)),
    ("jacrev/has_aux_two_aux", _jacrev_aux_two, _a(3)),
    ("jacrev/of_grad_hessian", _jac_of_grad, _a(3)),
]:
    CASES += both_modes(*_args)


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
