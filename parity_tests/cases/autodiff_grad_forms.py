"""Autodiff, more ``ms.grad`` / ``ms.value_and_grad`` cases: Python control flow on Tensor values in
the differentiated function, more input and output dtypes, output structures (list, dict, nested
tuple), ``sens`` shape and dtype checks, closures over Parameters, the ``ops.grad`` /
``ops.value_and_grad`` aliases, in PyNative and GRAPH_MODE.

MindSpore's GRAPH_MODE parses the source of the functions it compiles, so every
differentiated function is a nested ``def`` (never a lambda) and graph-compatible. Every case
runs in PyNative and GRAPH_MODE through ``both_modes``, except where noted.

Kept in one mode only because MindSpore itself fails or answers differently in the other:
``has_aux`` with ``sens_param`` in GRAPH_MODE ('Type Join Failed'), so PyNative only; a ``sens``
whose shape differs from the output's (PyNative refuses it, GRAPH_MODE broadcasts it).
"""
import numpy as np

from parity_tests.harness import both_modes, F16, F64
from parity_tests.cases._autodiff_common import W3, _param, _a, _pos


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


CASES = []
for _args in [
    # Python control flow on Tensor values
    ("grad/control_if", _cf_if, _a(3) + 2),
    ("grad/control_if_else", _cf_if_else_branch, _a(3)),
    ("grad/control_while", _cf_while, _pos(3) + 1),
    ("grad/control_for_range", _cf_for, _a(3)),
    ("grad/control_if_on_second_input", _cf_if_tensor_arg, _a(3), _a(3, seed=2)),
]:
    CASES += both_modes(*_args)

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
