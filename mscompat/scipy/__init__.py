"""``mindspore.scipy``: SciPy-style linear algebra, optimization and DCTs on mscompat Tensors.

The submodules mirror MindSpore 2.10's: ``linalg`` (factorizations and solvers), ``optimize``
(``minimize`` with BFGS/LBFGS, ``line_search``, ``linear_sum_assignment``), ``fft`` (DCT-II
family), plus the internal ``ops``, ``ops_wrapper``, ``utils`` and ``utils_const`` modules that real code
reaches.
"""
from . import utils_const, utils, linalg, ops, ops_wrapper, fft, optimize  # noqa: F401
