"""Inexact line search satisfying the strong Wolfe conditions (Wright and Nocedal, Numerical
Optimization, algorithms 3.5 and 3.6), run step by step on the host like MindSpore's PyNative
cell, with MindSpore's bookkeeping: evaluation counts, the zoom's cubic/quadratic/bisection
choice, and the 1e-8 floor on a float32 step."""
from typing import NamedTuple

import jax.numpy as jnp

from mscompat.common.tensor import Tensor
from mscompat.ops._args import arr
from ..utils import grad, _to_scalar

__all__ = ["line_search", "LineSearch"]

_wrap = Tensor._wrap


class _LineSearchResults(NamedTuple):
    """Result of :func:`line_search`: ``failed``, iteration and evaluation counts, the step
    ``a_k``, the function value ``f_k`` and gradient ``g_k`` there, and the end ``status``."""
    failed: bool
    nit: int
    nfev: int
    ngev: int
    k: int
    a_k: float
    f_k: float
    g_k: Tensor
    status: int


def _cubicmin(a, fa, fpa, b, fb, c, fc):
    """Minimizer of the cubic through (a, fa), (b, fb), (c, fc) with slope ``fpa`` at a."""
    db = b - a
    dc = c - a
    denom = (db * dc) ** 2 * (db - dc)
    d1 = jnp.stack([jnp.stack([dc ** 2, -db ** 2]), jnp.stack([-dc ** 3, db ** 3])]).astype(jnp.float32)
    d2 = jnp.stack([fb - fa - fpa * db, fc - fa - fpa * dc]).astype(jnp.float32)
    a2, b2 = jnp.dot(d1, d2) / denom
    radical = b2 * b2 - 3. * a2 * fpa
    return a + (-b2 + jnp.sqrt(radical)) / (3. * a2)


def _quadmin(a, fa, fpa, b, fb):
    """Minimizer of the parabola through (a, fa), (b, fb) with slope ``fpa`` at a."""
    db = b - a
    b2 = (fb - fa - fpa * db) / (db ** 2)
    return a - fpa / (2. * b2)


def _zoom(fn, a_low, phi_low, dphi_low, a_high, phi_high, dphi_high, phi_0, g_0, dphi_0, c1, c2, is_run):
    st = {
        "done": False, "failed": False, "j": 0,
        "a_low": a_low, "phi_low": phi_low, "dphi_low": dphi_low,
        "a_high": a_high, "phi_high": phi_high, "dphi_high": dphi_high,
        "a_rec": (a_low + a_high) / 2., "phi_rec": (phi_low + phi_high) / 2.,
        "a_star": jnp.asarray(1., a_low.dtype), "phi_star": phi_low, "dphi_star": dphi_low, "g_star": g_0,
        "nfev": 0, "ngev": 0,
    }
    if not is_run:
        return st
    delta1, delta2, maxiter = 0.2, 0.1, 10
    while not st["done"] and st["j"] < maxiter:
        dalpha = st["a_high"] - st["a_low"]
        lo = jnp.minimum(st["a_low"], st["a_high"])
        hi = jnp.maximum(st["a_low"], st["a_high"])
        cchk = delta1 * dalpha
        qchk = delta2 * dalpha
        a_cubic = _cubicmin(st["a_low"], st["phi_low"], st["dphi_low"], st["a_high"], st["phi_high"],
                            st["a_rec"], st["phi_rec"])
        use_cubic = (st["j"] > 0 and bool(jnp.isfinite(a_cubic))
                     and bool(jnp.logical_and(a_cubic > lo + cchk, a_cubic < hi - cchk)))
        a_quad = _quadmin(st["a_low"], st["phi_low"], st["dphi_low"], st["a_high"], st["phi_high"])
        use_quad = (not use_cubic and bool(jnp.isfinite(a_quad))
                    and bool(jnp.logical_and(a_quad > lo + qchk, a_quad < hi - qchk)))
        if use_cubic:
            a_j = a_cubic
        elif use_quad:
            a_j = a_quad
        else:
            a_j = (st["a_low"] + st["a_high"]) / 2.0
        a_j = jnp.asarray(a_j, a_low.dtype)
        phi_j, g_j, dphi_j = fn(a_j)
        st["nfev"] += 1
        st["ngev"] += 1
        to_high = bool(phi_j > phi_0 + c1 * a_j * dphi_0) or bool(phi_j >= st["phi_low"])
        if to_high:
            st["a_rec"], st["phi_rec"] = st["a_high"], st["phi_high"]
            st["a_high"], st["phi_high"], st["dphi_high"] = a_j, phi_j, dphi_j
        to_star = not to_high and bool(jnp.abs(dphi_j) <= -(c2 + 0) * dphi_0)
        st["done"] = to_star
        if to_star:
            st["a_star"], st["phi_star"], st["g_star"], st["dphi_star"] = a_j, phi_j, g_j, dphi_j
        low_to_high = not to_high and not to_star and bool(dphi_j * (st["a_high"] - st["a_low"]) >= 0.)
        if low_to_high:
            # MindSpore moves the bracket's *initial* low end here, not the current one
            st["a_rec"], st["phi_rec"] = st["a_high"], st["phi_high"]
            st["a_high"], st["phi_high"], st["dphi_high"] = a_low, phi_low, dphi_low
        if not to_high and not to_star:
            st["a_rec"], st["phi_rec"] = st["a_low"], st["phi_low"]
            st["a_low"], st["phi_low"], st["dphi_low"] = a_j, phi_j, dphi_j
        st["j"] += 1
    st["failed"] = st["j"] == maxiter
    return st


class LineSearch:
    """Strong-Wolfe line search along ``pk`` from ``xk`` for ``func`` with gradient ``jac``."""

    def __init__(self, func, jac):
        self.func = func
        self.jac = jac

    def __call__(self, xk, pk, old_fval=None, old_old_fval=None, gfk=None, c1=1e-4, c2=0.9, maxiter=20):
        x_k, p_k = arr(xk), arr(pk)
        kind = x_k.dtype

        def fval_and_grad(alpha):
            point = _wrap(x_k + alpha * p_k)
            f_val = arr(self.func(point))
            g_val = arr(self.jac(point))
            return f_val, g_val, jnp.dot(g_val, p_k)

        zero = jnp.asarray(0., kind)
        if old_fval is None or gfk is None:
            nfev = ngev = 1
            phi_0, g_0, dphi_0 = fval_and_grad(zero)
        else:
            nfev = ngev = 0
            phi_0, g_0 = arr(old_fval), arr(gfk)
            dphi_0 = jnp.dot(g_0, p_k)
        if old_old_fval is None:
            start = jnp.asarray(1., kind)
        else:
            candidate = 1.01 * 2 * (phi_0 - arr(old_old_fval)) / dphi_0
            start = jnp.where(jnp.isfinite(candidate), jnp.minimum(candidate, jnp.asarray(1., kind)),
                              jnp.asarray(1., kind))
        st = {"done": False, "failed": False, "i": 1, "a_i": zero, "phi_i": phi_0, "dphi_i": dphi_0,
              "nfev": nfev, "ngev": ngev, "a_star": zero, "phi_star": phi_0, "dphi_star": dphi_0, "g_star": g_0}
        while not st["done"] and st["i"] <= maxiter:
            a_i = st["a_i"] * 2.0 if st["i"] > 1 else start
            phi_i, g_i, dphi_i = fval_and_grad(a_i)
            st["nfev"] += 1
            st["ngev"] += 1
            cond1 = bool(phi_i > phi_0 + c1 * a_i * dphi_0) or (bool(phi_i >= st["phi_i"]) and st["i"] > 1)
            zoom1 = _zoom(fval_and_grad, st["a_i"], st["phi_i"], st["dphi_i"], a_i, phi_i, dphi_i,
                          phi_0, g_0, dphi_0, c1, c2, cond1)
            st["nfev"] += zoom1["nfev"]
            st["ngev"] += zoom1["ngev"]
            st["done"] = cond1
            st["failed"] = cond1 and zoom1["failed"]
            if cond1:
                st["a_star"], st["phi_star"] = zoom1["a_star"], zoom1["phi_star"]
                st["g_star"], st["dphi_star"] = zoom1["g_star"], zoom1["dphi_star"]
            cond2 = not cond1 and bool(jnp.abs(dphi_i) <= -c2 * dphi_0)
            st["done"] = st["done"] or cond2
            if cond2:
                st["a_star"], st["phi_star"], st["g_star"], st["dphi_star"] = a_i, phi_i, g_i, dphi_i
            cond3 = not cond1 and not cond2 and bool(dphi_i >= 0.)
            zoom2 = _zoom(fval_and_grad, a_i, phi_i, dphi_i, st["a_i"], st["phi_i"], st["dphi_i"],
                          phi_0, g_0, dphi_0, c1, c2, cond3)
            st["nfev"] += zoom2["nfev"]
            st["ngev"] += zoom2["ngev"]
            st["done"] = st["done"] or cond3
            st["failed"] = st["failed"] or (cond3 and zoom2["failed"])
            if cond3:
                st["a_star"], st["phi_star"] = zoom2["a_star"], zoom2["phi_star"]
                st["g_star"], st["dphi_star"] = zoom2["g_star"], zoom2["dphi_star"]
            st["i"] += 1
            st["a_i"], st["phi_i"], st["dphi_i"] = a_i, phi_i, dphi_i
        st["status"] = 1 if st["failed"] else (3 if st["i"] > maxiter else 0)
        a_star = jnp.asarray(st["a_star"], kind)
        if kind != jnp.float64 and bool(jnp.abs(a_star) < 1e-8):
            a_star = jnp.sign(a_star) * 1e-8
        st["a_star"] = a_star
        return st


def line_search(f, xk, pk, jac=None, gfk=None, old_fval=None, old_old_fval=None, c1=1e-4, c2=0.9, maxiter=20):
    """Inexact line search from ``xk`` along the descent direction ``pk`` satisfying the strong
    Wolfe conditions with constants ``c1``, ``c2``; ``jac`` defaults to the autodiff gradient of
    ``f``. Returns a ``_LineSearchResults``."""
    if jac is None:
        jac = grad(f)
    st = LineSearch(f, jac)(xk, pk, old_fval, old_old_fval, gfk, c1, c2, maxiter)
    return _LineSearchResults(failed=bool(st["failed"] or not st["done"]),
                              nit=st["i"] - 1,
                              nfev=st["nfev"],
                              ngev=st["ngev"],
                              k=st["i"],
                              a_k=_to_scalar(_wrap(st["a_star"])),
                              f_k=_to_scalar(_wrap(jnp.asarray(st["phi_star"]))),
                              g_k=_wrap(st["g_star"]),
                              status=st["status"])
