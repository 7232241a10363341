"""``linear_sum_assignment``: optimal row-to-column assignment of a 2-D cost matrix."""
import sys

from mscompat.common.tensor import Tensor
from ..ops import LinearSumAssignment

__all__ = ["linear_sum_assignment"]


def linear_sum_assignment(cost_matrix, maximize, dimension_limit=Tensor(sys.maxsize)):
    """Assign rows to columns minimizing (or, with ``maximize``, maximizing) the total cost.

    Only the first ``dimension_limit`` columns take part; the int64 index Tensors ``row_idx``
    and ``col_idx`` have ``min(M, N)`` entries, padded with -1 when fewer pairs exist.
    """
    return LinearSumAssignment()(cost_matrix, dimension_limit, maximize)
