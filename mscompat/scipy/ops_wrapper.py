"""``mindspore.scipy.ops_wrapper``: ``matrix_set_diag``, MatrixSetDiagV3 with ``k`` given as an int
(one diagonal) or a pair (a band of diagonals) and the alignment of short diagonals."""
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.ops.operations.array_ops import MatrixSetDiagV3
from .utils_const import _raise_value_error

__all__ = ["matrix_set_diag"]


def matrix_set_diag(input_x, diagonal, k=0, alignment="RIGHT_LEFT"):
    """``input_x`` (..., M, N) with its diagonals ``k`` (an int, or ``(lower, upper)``) replaced by
    ``diagonal`` (..., max_diag_len) or (..., num_diags, max_diag_len)."""
    if isinstance(k, int):
        k_vec = (k, k)
    elif isinstance(k, (list, tuple)):
        k_vec = tuple(k)
    else:
        _raise_value_error("input k to indicate diagonal region is invalid.")
    return MatrixSetDiagV3(alignment)(input_x, diagonal, Tensor(list(k_vec), mstype.int32))
