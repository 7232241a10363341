"""Autodiff, ``ms.grad`` and ``ms.value_and_grad``: positions, outputs, dtypes, ``has_aux`` /
``sens_param`` / ``return_ids``, ``weights``, and higher-order gradients, in PyNative and GRAPH_MODE.

MindSpore's GRAPH_MODE parses the source of the functions it compiles, so every
differentiated function is a nested ``def`` (never a lambda) and graph-compatible. Every case
runs in PyNative and GRAPH_MODE through ``both_modes``, except where noted.

Kept in one mode only because MindSpore itself answers nonsense in the other: ``return_ids`` with
an int position in PyNative (``((1, scalar),)``), so that case runs in GRAPH_MODE only. Left out:
one Tensor passed for two inputs (PyNative gives both the summed gradient); keyword arguments and
tuple-of-Tensor inputs (the modes disagree).
"""
import numpy as np

from parity_tests.harness import both_modes, F16, F64, I32
from parity_tests.cases._autodiff_common import W3, _param, _a, _pos


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
]:
    CASES += both_modes(*_args)


# MindSpore's PyNative answers return_ids with an int position with a nonsense ((1, scalar),)
CASES += [c for c in both_modes("grad/return_ids_int", _grad_return_ids_int, _a(3), _a(3, seed=2))
          if c.mode == "graph"]
