"""``mindspore.ops.operations._inner_ops``: MindSpore's private inner Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'AntiQuant', 'ApplyCamePart1', 'ApplyCamePart2', 'ApplyCamePart3', 'ApplyCamePart4', 'Cast',
    'CellBackwardHook', 'Centralization', 'CheckBprop', 'ClipByNorm', 'ConfusionMulGrad', 'ConvertToDynamic',
    'CopyWithSlice', 'Cummin', 'DSDGrad', 'DSDMatmul', 'DecodeImage', 'Dequant', 'DynamicBroadcastGradientArgs',
    'DynamicBroadcastTo', 'DynamicResizeNearestNeighbor', 'DynamicStitch', 'ErrorOnDynamicShapeInput',
    'ExtractImagePatches', 'FFN', 'Format', 'Generator', 'GetGrad', 'GetitemTensorIndexInfo',
    'GpuConvertToDynamicShape', 'IsConstant', 'IsInstance', 'IsParameter', 'IsSubClass', 'KMeansCentroids',
    'Lamb', 'MatmulDDS', 'MatmulDDSGrad', 'MatrixDiag', 'MatrixDiagPart', 'MatrixSetDiag', 'MixedPrecisionCast',
    'NonZeroWithValue', 'NonZeroWithValueShape', 'ParallelResizeBilinear', 'PartitionedCall', 'Primitive',
    'PrimitiveWithCheck', 'PrimitiveWithInfer', 'PsROIPooling', 'Quant', 'SameTypeShape', 'SelectView',
    'SequenceMask', 'SetitemTensorIndexInfo', 'SiLU', 'SliceGetItem', 'StackDestroy', 'StackInit', 'StackPop',
    'StackPush', 'SyncBatchNorm', 'TensorCopySlices', 'TileSize', 'TopKRouter', 'TopPRouter', 'TopTypeof',
    '_VirtualConverterBegin', '_VirtualConverterEnd',
)

__all__ = _bind(globals(), _NAMES, _operations)
