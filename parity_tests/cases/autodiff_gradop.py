"""Autodiff, ``ops.GradOperation`` (``get_all``, ``get_by_list``, ``sens_param``) and
``ops.stop_gradient`` / ``ops.depend`` under differentiation, in PyNative and GRAPH_MODE.

MindSpore's GRAPH_MODE parses the source of the functions it compiles, so every
differentiated function is a nested ``def`` (never a lambda) and graph-compatible. Every case
runs in PyNative and GRAPH_MODE through ``both_modes``, except where noted.

``GradOperation(get_by_list=True)`` without weights (the modes disagree): ``autodiff_weights``.
Tensors given by keyword are inputs after the positional ones (scalars stay constants).
"""
import numpy as np

from parity_tests.harness import both_modes, F16, I32
from parity_tests.cases._autodiff_common import W3, _param, _a


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
def _keyword_grads(ms, get_all, args, x, y):
    class Net(ms.nn.Cell):
        def construct(self, *a, **kw):
            r = kw["p"] * kw["q"] * 2
            for v in a:
                r = r * v
            return r
    return ms.ops.GradOperation(get_all=get_all)(Net())(*args, p=x, q=y, scale=3)


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


CASES = []
for _args in [
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
    ("GradOperation/keyword_tensors", lambda ms, x, y: _keyword_grads(ms, False, (), x, y), _a(3), _a(3, seed=2)),
    ("GradOperation/keyword_tensors_all", lambda ms, x, y: _keyword_grads(ms, True, (), x, y), _a(3),
     _a(3, seed=2)),
    ("GradOperation/positional_and_keyword_all", lambda ms, x, y, z: _keyword_grads(ms, True, (z,), x, y), _a(3),
     _a(3, seed=2), _a(3, seed=3)),
]:
    CASES += both_modes(*_args)
