"""BFGS (Wright and Nocedal, algorithm 6.1) with MindSpore's update order and result fields."""
import jax.numpy as jnp

from mscompat.common.tensor import Tensor
from mscompat.ops._args import arr
from .line_search import LineSearch
from .gradient_optimization_algorithm import GradientOptimizationResults
from ..utils import grad, _to_scalar

__all__ = []

_wrap = Tensor._wrap


class _BFGSResults(GradientOptimizationResults):
    """State at the end of BFGS: convergence flags, counts, the point ``x_k`` with its value
    ``f_k``, gradient ``g_k`` and inverse-Hessian estimate ``H_k``, and the end status."""
    __slots__ = ()


def _inf_norm(g):
    return jnp.max(jnp.abs(g))


def _two_norm(g):
    return jnp.sqrt(jnp.sum(g ** 2))


def _norm_of(g, order):
    return _inf_norm(g) if order == float("inf") else _two_norm(g)


def _end_status(converged, k, maxiter, failed, ls_status):
    if converged:
        return 0
    if k == maxiter:
        return 1
    if failed:
        return 2 + ls_status
    return -1


def minimize_bfgs(func, x0, jac=None, maxiter=None, norm=float("inf"), gtol=1e-5, line_search_maxiter=10):
    """Minimize ``func`` from ``x0`` with BFGS; ``jac`` defaults to the autodiff gradient."""
    if jac is None:
        jac = grad(func)
    x = arr(x0)
    if maxiter is None:
        maxiter = x.size * 200
    search = LineSearch(func, jac)
    identity = jnp.eye(x.shape[0], dtype=x.dtype)
    f_k = arr(func(x0))
    g_k = arr(jac(x0))
    st = {"converged": bool(_inf_norm(g_k) < gtol), "failed": False, "k": 0, "nfev": 1, "ngev": 1, "nhev": 0,
          "x_k": x, "f_k": f_k, "g_k": g_k, "H_k": identity, "old_old_fval": f_k + _two_norm(g_k) / 2,
          "line_search_status": 0}
    while st["k"] < maxiter:
        p_k = -1 * jnp.dot(st["H_k"], st["g_k"])
        ls = search(_wrap(st["x_k"]), _wrap(p_k), old_fval=_wrap(st["f_k"]), old_old_fval=_wrap(st["old_old_fval"]),
                    gfk=_wrap(st["g_k"]), maxiter=line_search_maxiter)
        st["nfev"] += ls["nfev"]
        st["ngev"] += ls["ngev"]
        st["failed"] = bool(ls["failed"]) or not ls["done"]
        st["line_search_status"] = ls["status"]
        if st["failed"]:
            break
        s_k = ls["a_star"] * p_k
        x_next = st["x_k"] + s_k
        g_next = ls["g_star"]
        y_k = g_next - st["g_k"]
        st["old_old_fval"] = st["f_k"]
        st["converged"] = bool(_norm_of(g_next, norm) < gtol)
        st["x_k"], st["f_k"], st["g_k"] = x_next, ls["phi_star"], g_next
        if st["converged"]:
            break
        rho = jnp.reciprocal(jnp.dot(y_k, s_k))
        term1 = rho * (s_k[:, None] * y_k[None, :])
        term2 = rho * (y_k[:, None] * s_k[None, :])
        term4 = jnp.matmul(jnp.matmul(identity - term1, st["H_k"]), identity - term2)
        st["H_k"] = term4 + rho * (s_k[:, None] * s_k[None, :])
        st["k"] += 1
    status = _end_status(st["converged"], st["k"], maxiter, st["failed"], st["line_search_status"])
    return _BFGSResults(converged=st["converged"], failed=st["failed"], k=st["k"], nfev=st["nfev"],
                        ngev=st["ngev"], nhev=st["nhev"], x_k=_wrap(st["x_k"]), f_k=_to_scalar(_wrap(st["f_k"])),
                        g_k=_wrap(st["g_k"]), H_k=_wrap(st["H_k"]),
                        old_old_fval=_to_scalar(_wrap(jnp.asarray(st["old_old_fval"]))), status=status,
                        line_search_status=st["line_search_status"])
