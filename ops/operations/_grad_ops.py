"""``mindspore.ops.operations._grad_ops``: MindSpore's gradient Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'ACosGrad', 'AbsGrad', 'AcoshGrad', 'AdaptiveAvgPool2DGrad', 'AdaptiveAvgPool3DGrad',
    'AdaptiveMaxPool2DGrad', 'AdaptiveMaxPool3DGrad', 'AffineGridGrad', 'AsinGrad', 'AsinhGrad', 'AtanGrad',
    'AvgPool3DGrad', 'AvgPoolGrad', 'AvgPoolGradGe', 'AvgPoolGradV1', 'AvgPoolGradVm', 'BNTrainingReduceGrad',
    'BNTrainingUpdateGrad', 'BasicLSTMCellCStateGrad', 'BasicLSTMCellInputGrad', 'BasicLSTMCellWeightGrad',
    'BatchNormGrad', 'BatchNormGradGrad', 'BiasAddGrad', 'BinaryCrossEntropyGrad', 'CholeskyGrad',
    'ConcatOffset', 'Conv2DBackpropFilter', 'Conv3DBackpropFilter', 'DeformableOffsetsGrad',
    'DepthwiseConv2dNativeBackpropFilter', 'DepthwiseConv2dNativeBackpropInput', 'Dilation2DBackpropFilter',
    'Dilation2DBackpropInput', 'DropoutGrad', 'DynamicGRUV2Grad', 'DynamicRNNGrad', 'EinsumGrad', 'EluGrad',
    'EmbeddingLookupCommGrad', 'FastGeLUGrad', 'FlashAttentionScoreGrad', 'FlattenGrad',
    'FractionalAvgPoolGrad', 'FractionalMaxPool3DGradWithFixedKsize', 'FractionalMaxPoolGrad',
    'FractionalMaxPoolGradWithFixedKsize', 'GRUV2Grad', 'GatherDGradV2', 'GeLUGrad', 'GluGrad',
    'GridSampler2DGrad', 'GridSampler3DGrad', 'GruGradData', 'GruGradWeight', 'HShrinkGrad', 'HSigmoidGrad',
    'HSwishGrad', 'IgammaGradA', 'InstanceNormGrad', 'InstanceNormV2Grad', 'InvGrad', 'KLDivLossGrad',
    'L2NormalizeGrad', 'LRNGrad', 'LSTMGrad', 'LSTMGradData', 'LSTMGradWeight', 'LayerNormGrad',
    'LayerNormGradGrad', 'LogSoftmaxGrad', 'LogitGrad', 'LuUnpackGrad', 'MapTensorGetGrad', 'MaskedSelectGrad',
    'MaxPool3DGrad', 'MaxPool3DGradGrad', 'MaxPool3DGradWithArgmax', 'MaxPoolGrad', 'MaxPoolGradGrad',
    'MaxPoolGradGradWithArgmax', 'MaxPoolGradV1', 'MaxPoolGradWithArgmax', 'MaxPoolGradWithArgmaxV2',
    'MaxUnpool2DGrad', 'MaxUnpool3DGrad', 'MaximumGrad', 'MaximumGradGrad', 'MedianGrad', 'MinimumGrad',
    'MinimumGradGrad', 'MirrorPadGrad', 'MultiMarginLossGrad', 'MultilabelMarginLossGrad', 'MvlgammaGrad',
    'NLLLossGrad', 'NeighborExchangeV2Grad', 'PReLUGrad', 'PSROIPoolingGrad', 'PadV3Grad',
    'ParallelResizeBilinearGrad', 'PdistGrad', 'Primitive', 'PrimitiveWithInfer', 'PsROIPoolingGrad',
    'ROIAlignGrad', 'RandomGammaGrad', 'ReLU6Grad', 'ReciprocalGrad', 'RefToEmbed', 'ReluGrad',
    'ResizeBicubicGrad', 'ResizeBilinearGrad', 'ResizeLinear1DGrad', 'ResizeNearestNeighborGrad',
    'ResizeNearestNeighborV2Grad', 'ResizeV2Grad', 'RmsNormGrad', 'RsqrtGrad', 'ScaleAndTranslateGrad',
    'SeluGrad', 'SiLUGrad', 'SigmoidCrossEntropyWithLogitsGrad', 'SigmoidGrad', 'SliceGrad', 'SmoothL1LossGrad',
    'SoftMarginLossGrad', 'SoftShrinkGrad', 'SoftmaxGrad', 'SoftplusGrad', 'SparseFillEmptyRowsGrad',
    'SparseSegmentMeanGrad', 'SparseSegmentSqrtNGrad', 'SparseSegmentSumGrad', 'SparseSliceGrad', 'SqrtGrad',
    'StridedSliceGrad', 'SyncBatchNormGrad', 'TanhGrad', 'TraceGrad', 'UniqueGrad', 'UpsampleNearest3DGrad',
    'UpsampleTrilinear3DGrad', 'WKVGrad', '_ActivationGrad', '_PoolGrad',
)

__all__ = _bind(globals(), _NAMES, _operations)
