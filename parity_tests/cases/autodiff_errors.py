"""Autodiff, bad inputs: MindSpore's exception class for bad positions, ``has_aux`` with a single
output, bad ``weights``, non-bool GradOperation flags, bad jvp tangents, too few arguments, ...
in PyNative and GRAPH_MODE.

MindSpore's GRAPH_MODE parses the source of the functions it compiles, so every
differentiated function is a nested ``def`` (never a lambda) and graph-compatible. Every case
runs in PyNative and GRAPH_MODE through ``both_modes``, except where noted.

Kept in one mode only because MindSpore itself fails or answers nonsense in the other:
``weights`` of a wrong type in GRAPH_MODE (an unrelated 'MultitypeFuncGraph' ValueError) and a
wrongly shaped ``sens`` in GRAPH_MODE (a result of the sens' shape), so PyNative only; a bool
position (PyNative takes True as position 1, GRAPH_MODE refuses it).
"""
from parity_tests.harness import both_modes, case
from parity_tests.cases._autodiff_common import _a


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


# --- more bad inputs --------------------------------------------------------------------------------
def _grad_bool_position(ms, x, y):
    def f(a, b):
        return a * b * b
    return ms.grad(f, True)(x, y)


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


CASES = []

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
