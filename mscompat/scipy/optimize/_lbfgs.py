"""Limited-memory BFGS with MindSpore's fixed-size, zero-initialised history buffers (the
two-loop recursion runs over all ``history_size`` slots) and its curvature skip
(``y.s <= 1e-10`` keeps the plain gradient as the search direction)."""
import jax.numpy as jnp

from mscompat.common.tensor import Tensor
from mscompat.ops._args import arr
from .gradient_optimization_algorithm import GradientOptimizationAlgorithm, GradientOptimizationResults
from ..utils import grad, _to_scalar

__all__ = []

_wrap = Tensor._wrap


class _SearchVector:
    """Two-loop recursion over a fixed ring of ``history_size`` (s, y) pairs."""

    def __init__(self, history_size, n, dtype):
        zeros = jnp.zeros((history_size, n), dtype)
        self.s = self.y = self.alpha_rate = self.beta_rate = zeros

    @staticmethod
    def _push(buf, row):
        return jnp.concatenate([buf[1:], row[None, :]], axis=0)

    def __call__(self, q, s_k, y_k):
        y_s = jnp.dot(y_k, s_k).reshape((1,))
        if bool(y_s[0] <= 1e-10):
            return q
        rho = 1.0 / y_s
        self.s = self._push(self.s, s_k)
        self.y = self._push(self.y, y_k)
        self.alpha_rate = self._push(self.alpha_rate, rho * s_k)
        self.beta_rate = self._push(self.beta_rate, rho * y_k)
        size = self.s.shape[0]
        alphas = jnp.zeros_like(self.alpha_rate)
        for i in range(size - 1, -1, -1):
            alpha = jnp.dot(self.alpha_rate[i], q).reshape((1,))
            q = q - alpha * self.y[i]
            alphas = alphas.at[i].set(alpha[0])
        r = (y_s / jnp.dot(y_k, y_k).reshape((1,))) * q
        alpha_s = alphas * self.s
        for i in range(size):
            beta = jnp.dot(self.beta_rate[i], r).reshape((1,))
            r = r + alpha_s[i] - beta * self.s[i]
        return r


class AlgorithmLbfgs(GradientOptimizationAlgorithm):
    """L-BFGS search directions for :class:`GradientOptimizationAlgorithm`."""

    def __init__(self, func, jac, history_size):
        super().__init__(func, jac)
        self.history_size = history_size
        self.search_vector = None

    def gen_search_vector(self, s_k, y_k, state):
        if self.search_vector is None:
            self.search_vector = _SearchVector(self.history_size, s_k.shape[0], s_k.dtype)
        state["search_vector"] = self.search_vector(state["g_star"], s_k, y_k)


def minimize_lbfgs(func, x_0, jac=None, history_size=20, maxiter=None, norm=float("inf"), gtol=1e-5,
                   line_search_maxiter=10):
    """Minimize ``func`` from ``x_0`` with L-BFGS keeping ``history_size`` correction pairs."""
    if jac is None:
        jac = grad(func)
    if maxiter is None:
        maxiter = arr(x_0).size * 200
    st = AlgorithmLbfgs(func, jac, history_size).construct(x_0, maxiter, norm, gtol, line_search_maxiter)
    return GradientOptimizationResults(
        converged=st["converged"], failed=st["failed"], k=st["k"], nfev=st["nfev"], ngev=st["ngev"],
        nhev=st["nhev"], x_k=_wrap(st["x_k"]), f_k=_to_scalar(_wrap(st["f_k"])), g_k=_wrap(st["g_k"]), H_k=None,
        old_old_fval=_to_scalar(_wrap(jnp.asarray(st["old_old_fval"]))), status=st["status"],
        line_search_status=st["line_search_status"])
