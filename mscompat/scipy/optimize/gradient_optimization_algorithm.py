"""The outer loop shared by quasi-Newton methods: line search along the current search
vector, convergence test on the gradient norm, then a method-specific new direction."""
from abc import abstractmethod
from typing import NamedTuple

import jax.numpy as jnp

from mscompat.common.tensor import Tensor
from mscompat.ops._args import arr
from .line_search import LineSearch

__all__ = ["GradientOptimizationAlgorithm", "GradientOptimizationResults"]

_wrap = Tensor._wrap


class GradientOptimizationResults(NamedTuple):
    """State at the end of a gradient-based minimization (same fields as BFGS's)."""
    converged: bool
    failed: bool
    k: int
    nfev: int
    ngev: int
    nhev: int
    x_k: Tensor
    f_k: float
    g_k: Tensor
    H_k: Tensor
    old_old_fval: float
    status: int
    line_search_status: int


class GradientOptimizationAlgorithm:
    """Base class: subclasses give :meth:`gen_search_vector`."""

    def __init__(self, func, jac):
        self.func = func
        self.jac = jac
        self.line_search = LineSearch(func, jac)

    @abstractmethod
    def gen_search_vector(self, s_k, y_k, state):
        """Store the next search direction in ``state["search_vector"]``."""

    def construct(self, x_0, maxiter=None, norm=float("inf"), gtol=1e-5, line_search_maxiter=10):
        """Run the minimization; returns the final state dict."""
        x = arr(x_0)
        if maxiter is None:
            maxiter = x.size * 200
        f_0 = arr(self.func(x_0))
        g_0 = arr(self.jac(x_0))
        st = {"converged": bool(jnp.max(jnp.abs(g_0)) < gtol), "failed": False, "k": 0, "nfev": 1, "ngev": 1,
              "nhev": 0, "x_k": x, "f_k": f_0, "g_k": g_0, "search_vector": g_0, "H_k": None,
              "old_old_fval": f_0 + jnp.sqrt(jnp.sum(g_0 ** 2)) / 2, "a_star": None, "phi_star": None,
              "g_star": None, "status": 0, "line_search_status": 0}
        while st["k"] < maxiter:
            direction = -1 * st["search_vector"]
            ls = self.line_search(_wrap(st["x_k"]), _wrap(direction), old_fval=_wrap(st["f_k"]),
                                  old_old_fval=_wrap(jnp.asarray(st["old_old_fval"])), gfk=_wrap(st["g_k"]),
                                  maxiter=line_search_maxiter)
            st["failed"] = (not ls["done"]) or bool(ls["failed"])
            st["nfev"] += ls["nfev"]
            st["ngev"] += ls["ngev"]
            st["a_star"], st["phi_star"], st["g_star"] = ls["a_star"], ls["phi_star"], ls["g_star"]
            st["line_search_status"] = ls["status"]
            if st["failed"]:
                break
            s_k = st["a_star"] * direction
            x_next = st["x_k"] + s_k
            y_k = st["g_star"] - st["g_k"]
            st["old_old_fval"] = st["f_k"]
            g_norm = jnp.max(jnp.abs(st["g_star"])) if norm == float("inf") else \
                jnp.sqrt(jnp.sum(st["g_star"] ** 2))
            st["converged"] = bool(g_norm < gtol)
            st["x_k"], st["f_k"], st["g_k"] = x_next, st["phi_star"], st["g_star"]
            if st["converged"]:
                break
            self.gen_search_vector(s_k, y_k, st)
            st["k"] += 1
        if st["converged"]:
            st["status"] = 0
        elif st["k"] == maxiter:
            st["status"] = 1
        elif st["failed"]:
            st["status"] = 2 + st["line_search_status"]
        else:
            st["status"] = -1
        return st
