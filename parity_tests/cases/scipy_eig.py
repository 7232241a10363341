"""``mindspore.scipy.ops.Eig``: with ``compute_v`` the eigenvalues and eigenvectors, without it
the eigenvalues and a 0-d zero in the vectors' place (complex64 for float32, complex128 for
float64)."""
import importlib

import numpy as np

from parity_tests.harness import case, F32, F64


def _eig(ms, compute_v):
    return importlib.import_module(f"{ms.__name__}.scipy.ops").Eig(compute_v)


def _values_only(ms, x):
    w, v = _eig(ms, False)(x)
    # v is a 0-d placeholder whose value MindSpore's CPU kernel leaves unwritten (whatever the memory
    # held: 0 in one process, 2 in another), so only its dtype and shape are compared
    return np.sort_complex(w.asnumpy()), v.dtype, v.shape


def _with_vectors(ms, x):
    w, v = _eig(ms, True)(x)
    a, wv, vv = x.asnumpy(), w.asnumpy(), v.asnumpy()
    return bool(np.allclose(a @ vv, vv * wv, atol=1e-3)), w.dtype, v.shape


CASES = [
    case("scipy_eig/values_only_f32", _values_only, F32(4, 4), rtol=1e-4, atol=1e-4),
    # LAPACK's geev (MindSpore) and XLA's eig round the last bits differently
    case("scipy_eig/values_only_f64", _values_only, F64(3, 3), rtol=1e-10, atol=1e-10),
    case("scipy_eig/with_vectors", _with_vectors, F32(5, 5)),
    case("scipy_eig/bad_flag", lambda ms: _eig(ms, 1), error=True),
]
