"""``mindspore.ops.operations.array_ops``: MindSpore's array Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'AffineGrid', 'ArgMaxExt', 'ArgMaxWithValue', 'ArgMinWithValue', 'Argmax', 'Argmin', 'ArgminV2',
    'BatchToSpace', 'BatchToSpaceNDV2', 'Bincount', 'BroadcastTo', 'Cast', 'CheckNumerics', 'Coalesce',
    'Col2Im', 'Concat', 'ConcatOffsetV1', 'ConjugateTranspose', 'CountNonZero', 'CumProd', 'CumSum', 'Cummax',
    'Cummin', 'DType', 'DepthToSpace', 'Diag', 'DiagPart', 'EditDistance', 'EmbeddingLookup', 'Expand',
    'ExpandDims', 'ExtractVolumePatches', 'Eye', 'Fill', 'FillDiagonal', 'FillV2', 'Fills', 'Gather', 'GatherD',
    'GatherNd', 'HammingWindow', 'Identity', 'IdentityN', 'Im2Col', 'IndexFill', 'IndexPut',
    'InvertPermutation', 'LeftShift', 'ListDiff', 'LogSpace', 'LowerBound', 'Lstsq', 'MaskedFill',
    'MaskedScatter', 'MaskedSelect', 'MatrixBandPart', 'MatrixDiagPartV3', 'MatrixDiagV3', 'MatrixSetDiagV3',
    'Meshgrid', 'Mvlgamma', 'NonZero', 'Ones', 'OnesLike', 'Padding', 'ParallelConcat', 'PopulationCount',
    'Primitive', 'PrimitiveWithCheck', 'PrimitiveWithInfer', 'Range', 'RangeV2', 'Rank', 'Reshape',
    'ResizeNearestNeighbor', 'ResizeNearestNeighborV2', 'ReverseSequence', 'ReverseV2', 'RightShift', 'Rint',
    'ScalarToTensor', 'ScatterAdd', 'ScatterAddWithAxis', 'ScatterDiv', 'ScatterMax', 'ScatterMin',
    'ScatterMul', 'ScatterNd', 'ScatterNdAdd', 'ScatterNdDiv', 'ScatterNdMax', 'ScatterNdMin', 'ScatterNdMul',
    'ScatterNdSub', 'ScatterNdUpdate', 'ScatterSub', 'ScatterUpdate', 'SearchSorted', 'SegmentMax',
    'SegmentMean', 'SegmentMin', 'SegmentProd', 'SegmentSum', 'Select', 'Shape', 'Size', 'Slice', 'Sort',
    'SpaceToBatch', 'SpaceToBatchND', 'SpaceToDepth', 'SparseGatherV2', 'Split', 'SplitV', 'Squeeze', 'Stack',
    'StridedSlice', 'TensorScatterAdd', 'TensorScatterDiv', 'TensorScatterElements', 'TensorScatterElementsExt',
    'TensorScatterMax', 'TensorScatterMin', 'TensorScatterMul', 'TensorScatterSub', 'TensorScatterUpdate',
    'TensorShape', 'Tile', 'TopK', 'TopkExt', 'TransShape', 'Transpose', 'TransposeExtView', 'TransposeView',
    'Tril', 'Triu', 'TupleToArray', 'TypeAs', 'Unique', 'UniqueConsecutive', 'UniqueWithPad', 'UnravelIndex',
    'UnsortedSegmentMax', 'UnsortedSegmentMin', 'UnsortedSegmentProd', 'UnsortedSegmentSum', 'Unsqueeze',
    'Unstack', 'UpperBound', 'Zeros', 'ZerosLike', '_ScatterNdOp', '_ScatterOp', '_ScatterOpDynamic',
    '_TensorScatterOp',
)

__all__ = _bind(globals(), _NAMES, _operations)
