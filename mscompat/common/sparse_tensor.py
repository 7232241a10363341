"""``mindspore.common.sparse_tensor``: the sparse tensor classes at their module path.
``RowTensorInner`` is MindSpore's implementation class of ``RowTensor`` (same constructor:
``(indices, values, dense_shape)`` or ``row_tensor=``); mscompat has the one class."""
from .tensor import COOTensor, CSRTensor, RowTensor

RowTensorInner = RowTensor

__all__ = ["RowTensorInner", "RowTensor", "COOTensor", "CSRTensor"]
