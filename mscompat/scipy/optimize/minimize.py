"""``minimize``: BFGS and L-BFGS with MindSpore's options and ``OptimizeResults``."""
from typing import NamedTuple, Optional

from mscompat.common.tensor import Tensor
from ._bfgs import minimize_bfgs
from ._lbfgs import minimize_lbfgs

__all__ = ["minimize", "OptimizeResults"]


class OptimizeResults(NamedTuple):
    """Result of :func:`minimize`: the solution ``x``, ``success``, solver ``status`` (0
    converged, 1 max iterations, 3 zoom failed, 4 saddle point, 5 max line-search iterations,
    -1 undefined), the value ``fun`` and gradient ``jac`` there, ``hess_inv`` (BFGS only) and
    the counts ``nfev``, ``njev``, ``nit``."""
    x: Tensor
    success: bool
    status: int
    fun: float
    jac: Tensor
    hess_inv: Optional[Tensor]
    nfev: int
    njev: int
    nit: int


def minimize(func, x0, args=(), method=None, jac=None, hess=None, hessp=None, bounds=None, constraints=(),
             tol=None, callback=None, options=None):
    """Minimize the scalar ``func(x, *args)`` from the 1-D Tensor ``x0``.

    ``method`` is required: ``"BFGS"`` or ``"LBFGS"`` (any case). ``jac`` defaults to the
    autodiff gradient of ``func``. ``options`` go to the solver: ``maxiter`` (default
    ``200 * x0.size``), ``norm``, ``gtol``, ``line_search_maxiter`` and, for LBFGS,
    ``history_size``. ``hess``, ``hessp``, ``bounds``, ``tol`` and ``callback`` are accepted and
    unused, as in MindSpore.
    """
    if method is None:
        raise ValueError("You must specify a solver.")
    if options is None:
        options = {}
    if not isinstance(args, tuple):
        raise TypeError("args argument to mindspore.scipy.optimize.minimize must be a tuple, got {}".format(args))

    def objective(x):
        return func(x, *args)

    kind = method.lower()
    if kind == 'bfgs':
        res = minimize_bfgs(objective, x0, jac, **options)
        hess_inv = res.H_k
    elif kind == 'lbfgs':
        res = minimize_lbfgs(objective, x0, jac, **options)
        hess_inv = None
    else:
        raise ValueError("Method {} not recognized".format(method))
    return OptimizeResults(x=res.x_k, success=bool(res.converged and not res.failed), status=res.status,
                           fun=res.f_k, jac=res.g_k, hess_inv=hess_inv, nfev=res.nfev, njev=res.ngev, nit=res.k)
