"""``mindspore.mint.linalg``: forms of the registry's linear-algebra entries, with torch's
argument names (``dim=``, ``keepdim=``) where they differ from the ``ops`` twins'."""
from mscompat.ops._registry import mint_form, mint_op, mint_exports
from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.mint._math import _inverse_input

mint_form("linalg", "vector_norm")
mint_form("linalg", "norm", "norm")


@mint_op("linalg", twin="inverse")
def inv(A):
    """The inverse of each square float32 matrix of ``A`` (batched)."""
    return ops.inverse(_inverse_input(A))


@mint_op("linalg", twin="matrix_norm")
def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    """Matrix norm (``'fro'``, ``'nuc'``, +-1, +-2, +-inf) over the two dims ``dim``."""
    return ops.matrix_norm(A, ord, dim, keepdim, dtype=dtype)


@mint_op("linalg", twin="qr")
def qr(A, mode="reduced"):
    """``(Q, R)`` with ``A = Q @ R``; ``mode`` 'reduced', 'complete' or 'r' (Q empty)."""
    if mode not in ("reduced", "complete", "r"):
        raise ValueError(f"Failed to convert the value \"{mode}\" of input 'mode' of 'LinalgQr' to enum.")
    if isinstance(A, Tensor) and A.dtype != mstype.float32:
        raise TypeError("For `LinalgQr`, the input tensor type is unsupported now. Please set type is 'FLOAT32'")
    if mode == "r":
        _, r = ops.qr(A, "reduced")
        return ops.zeros((0,), A.dtype), r
    return ops.qr(A, mode)


globals().update(mint_exports("linalg"))
__all__ = sorted(mint_exports("linalg"))
