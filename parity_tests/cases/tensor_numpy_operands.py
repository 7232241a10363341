"""numpy operands on the left of a Tensor operator (``ndarray * Tensor``, ``np.float32(2) > t``)
and numpy ufuncs of Tensors: MindSpore's Tensor leaves them to numpy, which computes on the
Tensor's values and gives an ndarray; inside a compiled call a numpy scalar with a Tensor is a
graph op (a Tensor), an ndarray with a Tensor is JIT Fallback (an ndarray). Dtypes where NumPy 1
and 2 promote differently (a float64 scalar with a float32 array) are left out."""
import numpy as np

from parity_tests.harness import case, F32

A64 = np.array([1.0, 2.0, 4.0])
A32 = np.array([0.5, 1.5, 3.0], np.float32)
I32 = np.array([1, 2, 3], np.int32)


def _np_scalar_mul(x):
    return np.float32(2) * x


def _np_scalar_add(x):
    return np.int64(2) + x


def _ndarray_mul(x):
    return A32 * x


CASES = [
    case("np_operand/ndarray_mul", lambda ms, t: A64 * t, F32(3)),
    case("np_operand/ndarray_add_f32", lambda ms, t: A32 + t, F32(3)),
    case("np_operand/ndarray_sub_div", lambda ms, t: (A64 - t, A64 / t), F32(3)),
    case("np_operand/ndarray_int_mul", lambda ms, t: I32 * t, F32(3)),
    case("np_operand/ndarray_pow_mod", lambda ms, t: (A64 ** t, A64 % t, A64 // t), F32(3, low=0.5, high=2.0)),
    case("np_operand/ndarray_compare", lambda ms, t: (A64 > t, A32 == t, A32 <= t), F32(3)),
    case("np_operand/ndarray_matmul", lambda ms, t: A64 @ t, F32(3, 2)),
    case("np_operand/np_scalar_mul", lambda ms, t: np.float32(2) * t, F32(3)),
    case("np_operand/np_scalar_compare", lambda ms, t: np.float32(0.0) > t, F32(3)),
    case("np_operand/ufunc_of_tensor", lambda ms, t: (np.exp(t), np.add(t, 1.0)), F32(3)),
    case("np_operand/jit_np_scalar_mul", lambda ms, t: ms.jit(_np_scalar_mul)(t), F32(3)),
    case("np_operand/jit_np_scalar_add", lambda ms, t: ms.jit(_np_scalar_add)(t), F32(3)),
    case("np_operand/graph_ndarray_mul", lambda ms, t: ms.jit(_ndarray_mul)(t), F32(3), mode="graph"),
]
