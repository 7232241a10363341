"""``mindspore.ops.operations.nn_ops``: MindSpore's neural-network Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'Adam', 'AdamNoUpdateParam', 'AdamWeightDecay', 'AdaptiveAvgPool2D', 'AdaptiveAvgPool3D',
    'AdaptiveMaxPool2D', 'AdaptiveMaxPool3D', 'AllFinite', 'ApplyAdaMax', 'ApplyAdadelta', 'ApplyAdagrad',
    'ApplyAdagradDA', 'ApplyAdagradV2', 'ApplyAdamWithAmsgrad', 'ApplyAdamWithAmsgradV2', 'ApplyAddSign',
    'ApplyCenteredRMSProp', 'ApplyFtrl', 'ApplyGradientDescent', 'ApplyKerasMomentum', 'ApplyMomentum',
    'ApplyPowerSign', 'ApplyProximalAdagrad', 'ApplyProximalGradientDescent', 'ApplyRMSProp',
    'ApplyRotaryPosEmb', 'AvgPool', 'AvgPool3D', 'AvgPoolV1', 'BCEWithLogitsLoss', 'BasicLSTMCell', 'BatchNorm',
    'BiasAdd', 'BinaryCrossEntropy', 'CTCGreedyDecoder', 'CTCLoss', 'CTCLossV2', 'CTCLossV2Grad', 'CeLU',
    'ChannelShuffle', 'ComputeAccidentalHits', 'Conv2D', 'Conv2DBackpropInput', 'Conv2DTranspose', 'Conv3D',
    'Conv3DBackpropInput', 'Conv3DTranspose', 'DataFormatDimMap', 'DataFormatVecPermute', 'DeformableOffsets',
    'Dense', 'DepthwiseConv2dNative', 'Dilation2D', 'Dropout', 'Dropout2D', 'Dropout3D', 'DynamicGRUV2',
    'DynamicRNN', 'Elu', 'Embedding', 'FastGeLU', 'FlashAttentionScore', 'Flatten', 'FractionalAvgPool',
    'FractionalMaxPool', 'FractionalMaxPool3DWithFixedKsize', 'FractionalMaxPoolWithFixedKsize',
    'FusedBatchNorm', 'FusedBatchNormEx', 'FusedSparseAdam', 'FusedSparseFtrl', 'FusedSparseLazyAdam',
    'FusedSparseProximalAdagrad', 'GLU', 'GeLU', 'GetNext', 'GridSampler2D', 'GridSampler3D', 'GroupTopk',
    'HShrink', 'HSigmoid', 'HSwish', 'InTopK', 'IncreFlashAttention', 'InstanceNorm', 'InstanceNormV2',
    'KLDivLoss', 'KvScaleCache', 'L2Loss', 'L2Normalize', 'LARSUpdate', 'LRN', 'LSTM', 'LayerNorm',
    'LayerNormExt', 'LogSoftmax', 'LogSoftmaxExt', 'MSELossExt', 'MaxPool', 'MaxPool3D', 'MaxPool3DWithArgmax',
    'MaxPoolV1', 'MaxPoolWithArgmaxV2', 'MaxUnpool2D', 'MaxUnpool3D', 'MirrorPad', 'Mish', 'MultiMarginLoss',
    'MultilabelMarginLoss', 'NLLLoss', 'NthElement', 'NuclearNorm', 'OneHot', 'PReLU', 'PSROIPooling', 'Pad',
    'PadV3', 'PagedAttention', 'PagedAttentionMask', 'Pdist', 'Primitive', 'PrimitiveWithCheck',
    'PrimitiveWithInfer', 'PromptFlashAttention', 'RNNTLoss', 'ROIAlign', 'ReLU', 'ReLU6', 'ReLUV3',
    'ReshapeAndCache', 'RmsNorm', 'SGD', 'SeLU', 'Sigmoid', 'SigmoidCrossEntropyWithLogits', 'SmoothL1Loss',
    'SoftMarginLoss', 'SoftShrink', 'Softmax', 'SoftmaxCrossEntropyWithLogits', 'Softplus', 'SoftplusExt',
    'Softsign', 'SparseApplyAdadelta', 'SparseApplyAdagrad', 'SparseApplyAdagradDA', 'SparseApplyAdagradV2',
    'SparseApplyCenteredRMSProp', 'SparseApplyFtrl', 'SparseApplyFtrlV2', 'SparseApplyMomentum',
    'SparseApplyProximalAdagrad', 'SparseApplyProximalGradientDescent', 'SparseApplyRMSProp',
    'SparseSoftmaxCrossEntropyWithLogits', 'SparseSoftmaxCrossEntropyWithLogitsV2', 'Tanh', 'TripletMarginLoss',
    'UpsampleBilinear2D', 'UpsampleLinear1D', 'UpsampleNearest1D', 'UpsampleNearest2D', 'UpsampleNearest3D',
    'UpsampleTrilinear3D', 'WKV', '_Pool',
)

__all__ = _bind(globals(), _NAMES, _operations)
