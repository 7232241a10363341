"""``mindspore.ops.operations.sparse_ops``: MindSpore's sparse Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'CSRSparseMatrixToDense', 'CSRSparseMatrixToSparseTensor', 'DenseToCSRSparseMatrix',
    'DenseToDenseSetOperation', 'DenseToSparseSetOperation', 'Primitive', 'RaggedTensorToSparse',
    'RaggedTensorToTensor', 'SetSize', 'SparseAdd', 'SparseAddmm', 'SparseConcat', 'SparseCountSparseOutput',
    'SparseDenseCwiseAdd', 'SparseDenseCwiseDiv', 'SparseDenseCwiseMul', 'SparseFillEmptyRows',
    'SparseMatrixAdd', 'SparseMatrixMatMul', 'SparseMatrixNNZ', 'SparseMatrixOrderingAMD',
    'SparseMatrixSoftmax', 'SparseMatrixSparseMatMul', 'SparseMatrixTranspose', 'SparseReorder',
    'SparseReshape', 'SparseSegmentMeanWithNumSegments', 'SparseSegmentSqrtN',
    'SparseSegmentSqrtNWithNumSegments', 'SparseSegmentSum', 'SparseSegmentSumWithNumSegments', 'SparseSlice',
    'SparseSoftmax', 'SparseSparseMaximum', 'SparseSparseMinimum', 'SparseSplit', 'SparseTensorDenseAdd',
    'SparseTensorDenseMatmul', 'SparseTensorToCSRSparseMatrix', 'SparseToDense', 'SparseToDenseV2', 'Sspaddmm',
)

__all__ = _bind(globals(), _NAMES, _operations)
