"""``mindspore.scipy.linalg.solve_triangular`` shape rules: ``b`` has ``a``'s rank (matrix right-hand
sides) or one less (vectors), the same batch dimensions and ``N`` rows; anything else is a
ValueError."""
import importlib

import numpy as np

from parity_tests.harness import case, Raw


def _a(*shape):
    rng = np.random.RandomState(7)
    return Raw(np.triu(rng.rand(*shape)).astype(np.float32) + 4 * np.eye(shape[-1], dtype=np.float32))


def _b(*shape):
    return Raw(np.random.RandomState(8).rand(*shape).astype(np.float32))


def _solve(ms, a, b):
    return importlib.import_module(f"{ms.__name__}.scipy.linalg").solve_triangular(a, b)


CASES = [
    case("scipy_solve_triangular_shapes/batch_matrix", _solve, _a(3, 4, 4), _b(3, 4, 2), rtol=1e-4, atol=1e-5),
    case("scipy_solve_triangular_shapes/batch_vector", _solve, _a(3, 4, 4), _b(3, 4), rtol=1e-4, atol=1e-5),
    case("scipy_solve_triangular_shapes/vector", _solve, _a(5, 5), _b(5), rtol=1e-4, atol=1e-5),
    case("scipy_solve_triangular_shapes/rank_too_low", _solve, _a(3, 4, 5, 5), _b(5, 10), error=True),
    case("scipy_solve_triangular_shapes/rank_too_high", _solve, _a(4, 5, 5), _b(3, 4, 5, 1), error=True),
    case("scipy_solve_triangular_shapes/rows_differ", _solve, _a(3, 4, 5, 5), _b(5, 10, 4, 1), error=True),
    case("scipy_solve_triangular_shapes/batch_differs", _solve, _a(3, 5, 5), _b(2, 5), error=True),
    case("scipy_solve_triangular_shapes/vector_length", _solve, _a(5, 5), _b(4), error=True),
]
