"""``mindspore.scipy.optimize``: ``minimize`` (BFGS, LBFGS), ``line_search`` and
``linear_sum_assignment``."""
from .minimize import minimize
from .line_search import line_search
from .linear_sum_assignment import linear_sum_assignment
from . import gradient_optimization_algorithm  # noqa: F401

__all__ = ["minimize", "line_search", "linear_sum_assignment"]
