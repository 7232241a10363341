"""Matrix products: matmul, MatMul, BatchMatMul, bmm, and the rest of the matmul family."""
import jax.numpy as jnp

from ._args import binary, check_tensor, Tensor
from ._registry import op, primitive

_wrap = Tensor._wrap


@op("matmul")
def matmul(input, other):
    """Matrix product with numpy's broadcasting rules (1-D inputs are vectors)."""
    check_tensor("MatMul", "input", input)
    check_tensor("MatMul", "other", other)
    a, b = binary("MatMul", input, other)
    ka = a.shape[-1] if a.ndim else None
    kb = b.shape[-2] if b.ndim >= 2 else (b.shape[0] if b.ndim == 1 else None)
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("For 'MatMul', the input tensors must not be scalars.")
    if ka != kb:
        raise RuntimeError(f"For 'MatMulExt' op, shape1[-1] must be equal to shape2[-2], but got {ka} and {kb}.")
    return _wrap(jnp.matmul(a, b))


def _matmul_2d(x, w, transpose_a=False, transpose_b=False):
    a, b = binary("MatMul", x, w)
    if a.ndim != 2 or b.ndim != 2:
        raise ValueError(f"For 'MatMul', the input dimensions must be 2, but got {a.ndim} and {b.ndim}.")
    if transpose_a:
        a = a.T
    if transpose_b:
        b = b.T
    if a.shape[1] != b.shape[0]:
        raise ValueError(f"For 'MatMul', the input dimensions must be equal, but got 'x1_col': {a.shape[1]} "
                         f"and 'x2_row': {b.shape[0]}.")
    return _wrap(a @ b)


def _batch_matmul(x, w, transpose_a=False, transpose_b=False):
    a, b = binary("BatchMatMul", x, w)
    if a.ndim < 2 or b.ndim < 2:
        raise ValueError(f"For 'BatchMatMul', input 'x', 'y' should be at least 2-D, but got {a.ndim} and {b.ndim}.")
    if transpose_a:
        a = jnp.swapaxes(a, -1, -2)
    if transpose_b:
        b = jnp.swapaxes(b, -1, -2)
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"For 'BatchMatMul', the last dimension of 'x' must equal the second-to-last of 'y', "
                         f"but got {a.shape} and {b.shape}.")
    return _wrap(jnp.matmul(a, b))


@op("bmm")
def bmm(input_x, mat2):
    return _batch_matmul(input_x, mat2)


primitive("MatMul", _matmul_2d, attrs=(("transpose_a", False, (bool,)), ("transpose_b", False, (bool,))))
primitive("BatchMatMul", _batch_matmul, attrs=(("transpose_a", False, (bool,)), ("transpose_b", False, (bool,))))
