"""``mindspore.scipy.optimize``: ``minimize`` (BFGS, LBFGS), ``line_search`` and
``linear_sum_assignment``, with MindSpore's result types (NamedTuples of Tensors and Python
scalars) and argument errors.

The solvers iterate in float32: over many iterations the few-ulp differences between MindSpore's
and XLA's kernels grow, so cases that run to convergence compare with ``_ITER`` tolerance and
use problems whose evaluation counts do not depend on the last bits.
"""
import importlib

import numpy as np

from parity_tests.harness import case, Raw

_ITER = dict(rtol=1e-4, atol=1e-5)  # float32 iterations: ulp differences grow over the run


def O(ms):
    return importlib.import_module(ms.__name__ + ".scipy.optimize")  # not imported with mindspore


def _himmelblau(p):
    x, y = p[0], p[1]
    return (x ** 2 + y - 11.) ** 2 + (x + y ** 2 - 7.) ** 2


def _quad(p):
    return ((p - 1.5) ** 2).sum() + (p[0] * 0.5 - p[1]) ** 2


def _rosen(p):
    return ((1 - p[:-1]) ** 2).sum() + 10.0 * ((p[1:] - p[:-1] ** 2) ** 2).sum()


def _shifted(p, shift, scale):
    return (scale * (p - shift) ** 2).sum()


def _res(r, counts=True):
    """The result fields as plain values (the Tensor fields as arrays)."""
    out = [r.x, r.success, r.status, r.fun, r.jac, r.hess_inv]
    if counts:
        out += [r.nfev, r.njev, r.nit]
    return tuple(out)


def _x0(n, dtype=np.float32, value=0.0):
    return np.full((n,), value, dtype)


def _ls(ms, f, x, p, **kw):
    r = O(ms).line_search(f, x, p, **kw)
    return type(r).__name__, r.failed, r.nit, r.nfev, r.ngev, r.k, r.a_k, r.f_k, r.g_k, r.status


def _names(ms):
    import importlib
    mod = importlib.import_module(ms.__name__ + ".scipy.optimize")
    return sorted(mod.__all__), callable(mod.minimize)


CASES = [
    case("scipy.optimize/all_names", _names),
    # --- minimize: BFGS
    case("scipy.optimize/bfgs/quadratic", lambda ms, x: _res(O(ms).minimize(_quad, x, method="BFGS")), _x0(2),
         **_ITER),
    case("scipy.optimize/bfgs/quadratic_f64", lambda ms, x: _res(O(ms).minimize(_quad, x, method="bfgs")),
         _x0(2, np.float64), rtol=1e-9, atol=1e-9, slow=True),
    case("scipy.optimize/bfgs/himmelblau_x", lambda ms, x: (lambda r: (r.x, r.success, r.status, r.fun))(
        O(ms).minimize(_himmelblau, x, method="BFGS", options=dict(maxiter=None, gtol=1e-6))), _x0(2), **_ITER),
    case("scipy.optimize/bfgs/himmelblau_counts", lambda ms, x: _res(
        O(ms).minimize(_himmelblau, x, method="BFGS", options=dict(gtol=1e-2))), _x0(2), **_ITER),
    case("scipy.optimize/bfgs/maxiter", lambda ms, x: _res(
        O(ms).minimize(_himmelblau, x, method="BFGS", options=dict(maxiter=3))), _x0(2), **_ITER),
    case("scipy.optimize/bfgs/args", lambda ms, x: _res(
        O(ms).minimize(_shifted, x, args=(2.0, 3.0), method="BFGS")), _x0(3), **_ITER),
    case("scipy.optimize/bfgs/user_jac", lambda ms, x: _res(
        O(ms).minimize(lambda p: (p ** 2).sum(), x, method="BFGS", jac=lambda p: 2 * p)),
         np.array([1.0, -2.0], np.float32)),
    case("scipy.optimize/bfgs/start_at_minimum", lambda ms, x: _res(
        O(ms).minimize(lambda p: (p ** 2).sum(), x, method="BFGS")), _x0(2)),
    case("scipy.optimize/bfgs/norm2", lambda ms, x: _res(
        O(ms).minimize(_quad, x, method="BFGS", options=dict(norm=2, gtol=1e-4))), _x0(2), **_ITER),
    case("scipy.optimize/bfgs/line_search_maxiter", lambda ms, x: _res(
        O(ms).minimize(_himmelblau, x, method="BFGS", options=dict(line_search_maxiter=1, maxiter=4))), _x0(2),
         **_ITER),
    # --- minimize: LBFGS
    case("scipy.optimize/lbfgs/quadratic", lambda ms, x: _res(
        O(ms).minimize(_quad, x, method="LBFGS", options=dict(history_size=5))), _x0(2), **_ITER),
    case("scipy.optimize/lbfgs/himmelblau_counts", lambda ms, x: _res(
        O(ms).minimize(_himmelblau, x, method="LBFGS", options=dict(gtol=1e-2))), _x0(2), **_ITER),
    case("scipy.optimize/lbfgs/history_size", lambda ms, x: _res(
        O(ms).minimize(_rosen, x, method="LBFGS", options=dict(history_size=3, maxiter=6))),
         _x0(3, np.float64), rtol=1e-6, atol=1e-6, slow=True),  # float64 rosen: MindSpore's pow rounds differently
    case("scipy.optimize/lbfgs/maxiter", lambda ms, x: _res(
        O(ms).minimize(_himmelblau, x, method="LBFGS", options=dict(maxiter=4))), _x0(2), **_ITER),
    case("scipy.optimize/lbfgs/args", lambda ms, x: _res(
        O(ms).minimize(_shifted, x, args=(-1.0, 0.5), method="LBFGS")), _x0(3), **_ITER),
    case("scipy.optimize/minimize/result_type",
         lambda ms, x: (lambda r: (type(r).__name__, r._fields))(O(ms).minimize(_quad, x, method="BFGS")), _x0(2)),
    case("scipy.optimize/minimize/err_no_method", lambda ms, x: O(ms).minimize(_quad, x), _x0(2), error=True),
    case("scipy.optimize/minimize/err_bad_method", lambda ms, x: O(ms).minimize(_quad, x, method="newton"),
         _x0(2), error=True),
    case("scipy.optimize/minimize/err_args_list",
         lambda ms, x: O(ms).minimize(_shifted, x, args=[1.0, 2.0], method="BFGS"), _x0(2), error=True),
    case("scipy.optimize/minimize/err_unknown_option",
         lambda ms, x: O(ms).minimize(_quad, x, method="BFGS", options=dict(foo=1)), _x0(2), error=True),
    # --- line_search
    case("scipy.optimize/line_search/doc_example",
         lambda ms, x, p: _ls(ms, lambda v: v[0] ** 2 - v[1] ** 3, x, p), np.ones(2, np.float32),
         np.array([-1, -1], np.float32)),
    case("scipy.optimize/line_search/quadratic",
         lambda ms, x, p: _ls(ms, lambda v: ((v - 3.0) ** 2).sum(), x, p), np.zeros(3, np.float32),
         np.ones(3, np.float32)),
    case("scipy.optimize/line_search/zoom",
         lambda ms, x, p: _ls(ms, _himmelblau, x, p), np.zeros(2, np.float32), np.array([14., 22.], np.float32)),
    case("scipy.optimize/line_search/with_gfk",
         lambda ms, x, p: _ls(ms, _quad, x, p, gfk=ms.Tensor(np.array([-3., -3.], np.float32)),
                              old_fval=ms.Tensor(np.array(4.5, np.float32))),
         np.zeros(2, np.float32), np.array([1., 1.], np.float32)),
    case("scipy.optimize/line_search/f64_maxiter",
         lambda ms, x, p: _ls(ms, _rosen, x, p, maxiter=3), np.zeros(3), np.array([0.5, 0.1, 0.0])),
    case("scipy.optimize/line_search/user_jac",
         lambda ms, x, p: _ls(ms, lambda v: (v ** 2).sum(), x, p, jac=lambda v: 2 * v), np.ones(2, np.float32),
         np.array([-0.5, -0.5], np.float32)),
    # --- linear_sum_assignment
    case("scipy.optimize/lsa/doc_limit",
         lambda ms: O(ms).linear_sum_assignment(ms.Tensor(np.array([[2, 3, 3], [3, 2, 3], [3, 3, 2]], np.float64)),
                                                False, ms.Tensor(2))),
    case("scipy.optimize/lsa/doc_full",
         lambda ms: O(ms).linear_sum_assignment(ms.Tensor(np.array([[2, 3, 3], [3, 2, 3], [3, 3, 2]], np.float64)),
                                                False)),
    case("scipy.optimize/lsa/maximize_wide",
         lambda ms: O(ms).linear_sum_assignment(ms.Tensor(np.array([[4, 1, 3], [2, 0, 5]], np.float32)), True)),
    case("scipy.optimize/lsa/tall_int",
         lambda ms: O(ms).linear_sum_assignment(ms.Tensor(np.array([[4, 1], [2, 0], [3, 2]], np.int32)), False)),
    case("scipy.optimize/lsa/random", lambda ms, c: O(ms).linear_sum_assignment(c, False),
         np.random.RandomState(81).uniform(0, 10, (5, 5)).astype(np.float32)),
    case("scipy.optimize/lsa/err_rank1",
         lambda ms: O(ms).linear_sum_assignment(ms.Tensor(np.ones(3, np.float32)), True), error=True),
    case("scipy.optimize/lsa/err_maximize_int",
         lambda ms: O(ms).linear_sum_assignment(ms.Tensor(np.ones((2, 2), np.float32)), 1), error=True),
    case("scipy.optimize/lsa/err_limit_int32",
         lambda ms: O(ms).linear_sum_assignment(ms.Tensor(np.ones((2, 2), np.float32)), True,
                                                ms.Tensor(np.array(1, np.int32))), error=True),
]
