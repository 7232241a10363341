"""The names MindSpore 2.10 defines in ``mindspore.ops.auto_generate`` (its generated op modules):
Primitive classes, the ready-made Primitive instances (``log_op`` is a ``Log()``) and the functional
ops. Names only; ``ops/auto_generate`` binds each to the mscompat object of that name, where it exists.
"""


PRIM_CLASSES = (
    'ACos', 'ACosGrad', 'AShardIdentity', 'Abs', 'AbsGrad', 'AcosExt', 'Acosh', 'AcoshExt', 'AcoshGrad',
    'AdamW', 'AdamWeightDecay', 'AdaptiveAvgPool1D', 'AdaptiveAvgPool2DExt', 'AdaptiveAvgPool2DGradExt',
    'AdaptiveAvgPool3DExt', 'AdaptiveAvgPool3DGradExt', 'AdaptiveMaxPool1D', 'AdaptiveMaxPool2D',
    'AdaptiveMaxPool2DGrad', 'Add', 'AddExt', 'AddLayerNormGrad', 'AddLayerNormV2', 'AddN', 'AddRmsNorm',
    'AddScalar', 'Addbmm', 'Addcdiv', 'AddcdivExt', 'Addcmul', 'AddcmulExt', 'Addmm', 'Addmv',
    'AllGatherMatmul', 'Angle', 'Any', 'AnyExt', 'ApplyAdamW', 'ApplyCamePart1', 'ApplyCamePart2',
    'ApplyCamePart3', 'ApplyCamePart4', 'ApplyRotaryPosEmb', 'Arange', 'ArgMaxExt', 'ArgMaxWithValue',
    'ArgMinExt', 'ArgMinWithValue', 'ArgSort', 'Argmax', 'Argmin', 'AsStrided', 'Asin', 'AsinExt',
    'AsinGrad', 'Asinh', 'AsinhExt', 'AsinhGrad', 'Assign', 'AssignAdd', 'AssignSub', 'Atan', 'Atan2',
    'Atan2Ext', 'AtanExt', 'AtanGrad', 'Atanh', 'AvgPool', 'AvgPool1D', 'AvgPool2D', 'AvgPool2DGrad',
    'AvgPool3DExt', 'AvgPool3DGradExt', 'AvgPoolGrad', 'BCEWithLogitsLoss', 'Baddbmm', 'BatchMatMul',
    'BatchMatMulExt', 'BatchNormElemt', 'BatchNormElemtGrad', 'BatchNormExt',
    'BatchNormGatherStatsWithCounts', 'BatchNormGrad', 'BatchNormGradExt', 'BatchNormGradGrad',
    'BatchNormReduceGrad', 'BatchNormStats', 'BernoulliExt', 'Betainc', 'BiasAdd', 'BiasAddGrad',
    'BinaryCrossEntropy', 'BinaryCrossEntropyGrad', 'BinaryCrossEntropyWithLogitsBackward', 'BincountExt',
    'BitwiseAndScalar', 'BitwiseAndTensor', 'BitwiseNot', 'BitwiseOrScalar', 'BitwiseOrTensor',
    'BitwiseXorScalar', 'BitwiseXorTensor', 'BoolNot', 'BroadcastTo', 'BroadcastToView', 'Cdist',
    'CdistGrad', 'CeLU', 'Ceil', 'Cholesky', 'CholeskyGrad', 'CholeskyInverse', 'Chunk', 'ChunkView',
    'ClampScalar', 'ClampTensor', 'Clone', 'Col2ImExt', 'Col2ImGrad', 'Complex', 'Concat', 'Conj',
    'ConstantPadND', 'Contiguous', 'Conv1DExt', 'Conv1DPadding', 'Conv2DExt', 'Conv2DPadding', 'Conv3DExt',
    'Conv3DPadding', 'ConvTbc', 'ConvTranspose2D', 'Convolution', 'ConvolutionGrad', 'ConvolutionStr',
    'ConvolutionStrGrad', 'Copy', 'CopyToDevice', 'CopyToHost', 'Correlate', 'Cos', 'Cosh',
    'CosineEmbeddingLoss', 'CountNonZero', 'CreateSymmetricMemory', 'Cross', 'CrossEntropyLoss',
    'CrossEntropyLossGrad', 'CumProd', 'CumSum', 'Cummax', 'Cummin', 'CumminExt', 'CumsumExt', 'DCT',
    'DCTN', 'Dense', 'DequantSwigluQuant', 'Detach', 'Diag', 'DiagExt', 'Diagonal', 'DiagonalView',
    'DistCommAllGather', 'DistCommAllGatherIntoTensor', 'DistCommAllGatherIntoTensorUneven',
    'DistCommAllReduce', 'DistCommAllToAllV', 'DistCommAllToAllVC', 'DistCommAllToAllVSingle',
    'DistCommBarrier', 'DistCommBatchIsendIrecv', 'DistCommBroadcast', 'DistCommGather',
    'DistCommGatherIntoTensor', 'DistCommIrecv', 'DistCommIsend', 'DistCommReduce', 'DistCommReduceScatter',
    'DistCommReduceScatterTensor', 'DistCommReduceScatterTensorUneven', 'DistCommScatter',
    'DistCommScatterTensor', 'Div', 'DivMod', 'DivMods', 'Divs', 'Dot', 'Dropout', 'Dropout2dExt',
    'DropoutDoMaskExt', 'DropoutExt', 'DropoutGenMaskExt', 'DropoutGradExt', 'DumpGradient',
    'DynamicBlockQuant', 'DynamicNTK', 'DynamicQuantExt', 'Eig', 'EinsumExt', 'Elu', 'EluExt', 'EluGrad',
    'EluGradExt', 'Embedding', 'EmbeddingDenseBackward', 'Empty', 'EmptyLike', 'EqScalar', 'Equal',
    'EqualExt', 'Erf', 'Erfc', 'Erfinv', 'Exp', 'Exp2', 'ExpandAs', 'ExpandDims', 'ExpandDimsView', 'Expm1',
    'ExtractImagePatches', 'Eye', 'FFNExt', 'FFT', 'FFT2', 'FFTFreq', 'FFTN', 'FFTOrtho', 'FFTShapeCopy',
    'FFTShift', 'FFTWithSize', 'FastGeLU', 'FastGeLUGrad', 'FillScalar', 'FillTensor',
    'FlashAttentionScore', 'FlashAttentionScoreGrad', 'Flatten', 'FlattenExt', 'Floor', 'FloorDiv',
    'FloorDivScalar', 'FloorMod', 'FmodScalar', 'FmodTensor', 'FormatCast', 'Frac', 'Free', 'FullLike',
    'FuncDropoutExt', 'FuncMaxPool2D', 'FusedAddTopKDiv', 'FusedInferAttentionScore', 'GLU', 'Gather',
    'GatherD', 'GatherDGradV2', 'GatherNd', 'GatherNdExt', 'Gcd', 'GeLU', 'GeLUGrad', 'GeluExt',
    'GeluGradExt', 'GenerateEodMaskV2', 'Generator', 'Geqrf', 'GetData', 'GetMem', 'GluGrad', 'Gmm',
    'GmmBackward', 'GmmBackwardFusion', 'GmmV2', 'GmmV2Backward', 'GmmV2BackwardFusion', 'Greater',
    'GreaterEqual', 'GreaterEqualScalar', 'GridSampler2D', 'GridSampler2DGrad', 'GridSampler3D',
    'GridSampler3DGrad', 'GroupNorm', 'GroupNormGrad', 'GroupTopk', 'GroupedMatmul', 'GroupedMatmulV2',
    'GroupedMatmulV4', 'HFFT', 'HFFT2', 'HFFTN', 'HShrink', 'HShrinkGrad', 'HSigmoid', 'HSigmoidGrad',
    'HSwish', 'HSwishGrad', 'Hardtanh', 'HardtanhGrad', 'HistcExt', 'IDCT', 'IDCTN', 'IFFT', 'IFFT2',
    'IFFTN', 'IFFTShift', 'IHFFT', 'IHFFT2', 'IHFFTN', 'IRFFT', 'IRFFT2', 'IRFFTDouble', 'IRFFTN',
    'Identity', 'Im2ColExt', 'ImagView', 'IncreFlashAttention', 'Index', 'IndexAddExt', 'IndexFillScalar',
    'IndexFillTensor', 'IndexSelect', 'InnerCommAllGather', 'InnerCommAllReduce', 'InnerCommAllToAllV',
    'InnerCommIrecv', 'InnerCommIsend', 'InnerCommReduceScatter', 'InnerIndex', 'InnerInplaceIndexPut',
    'InnerMoeTokenUnpermute', 'InnerNonZero', 'InnerUnique', 'InplaceAddExt', 'InplaceAddmm', 'InplaceAddr',
    'InplaceAddsExt', 'InplaceBernoulliScalar', 'InplaceBernoulliTensor', 'InplaceClampScalar',
    'InplaceClampTensor', 'InplaceCopy', 'InplaceDiv', 'InplaceDivMod', 'InplaceDivMods', 'InplaceDivs',
    'InplaceElu', 'InplaceErfinv', 'InplaceExp', 'InplaceExponential', 'InplaceFillDiagonal',
    'InplaceFillScalar', 'InplaceFillTensor', 'InplaceFloor', 'InplaceFloorDivide', 'InplaceFloorDivides',
    'InplaceGroupedMatmulAdd', 'InplaceHardtanh', 'InplaceIndexAddExt', 'InplaceIndexCopy',
    'InplaceIndexFillScalar', 'InplaceIndexFillTensor', 'InplaceIndexPut', 'InplaceLog',
    'InplaceMaskedFillScalar', 'InplaceMaskedFillTensor', 'InplaceMaskedScatter', 'InplaceMatmulAdd',
    'InplaceMul', 'InplaceMuls', 'InplaceNormal', 'InplacePut', 'InplaceRandom', 'InplaceReLU',
    'InplaceRemainderTensorScalar', 'InplaceRemainderTensorTensor', 'InplaceScatterAdd',
    'InplaceScatterSrc', 'InplaceScatterSrcReduce', 'InplaceScatterValue', 'InplaceScatterValueReduce',
    'InplaceSiLU', 'InplaceSigmoid', 'InplaceSign', 'InplaceStopGradient', 'InplaceSubExt',
    'InplaceSubScalar', 'InplaceTanh', 'InplaceThreshold', 'InplaceToDevice', 'InplaceUniform',
    'InplaceZero', 'InsertGemV2InBackward', 'IsClose', 'IsFinite', 'IsInf', 'IsNegInf', 'KLDiv',
    'KLDivGrad', 'KVCacheScatterUpdate', 'Kthvalue', 'KvScaleCache', 'L1LossBackwardExt', 'L1LossExt',
    'LayerNorm', 'LayerNormExt', 'LayerNormGrad', 'LayerNormGradExt', 'LayerNormGradGrad',
    'LayerNormGradV3', 'LayerNormV3', 'LeakyReLUExt', 'LeakyReLUGradExt', 'LeftShift', 'Lerp', 'LerpScalar',
    'Less', 'LessEqual', 'LessScalar', 'LightningIndexer', 'LightningIndexerGrad', 'LinSpace',
    'LinSpaceExt', 'LinalgQr', 'LinalgVectorNorm', 'Log', 'Log10', 'Log1p', 'Log2', 'LogAddExp',
    'LogAddExp2', 'LogMatrixDeterminant', 'LogSigmoid', 'LogSigmoidGrad', 'LogSoftmax', 'LogSoftmaxExt',
    'LogSoftmaxGrad', 'LogSumExp', 'LogicalAnd', 'LogicalNot', 'LogicalOr', 'LogicalXor', 'Logit',
    'LogitGrad', 'LpNormV2', 'LstsqV2', 'LstsqV2Grad', 'MSELossExt', 'MSELossGradExt', 'MaskedFill',
    'MaskedFillScalar', 'MaskedScatter', 'MaskedSelect', 'MaskedSelectGrad', 'MatMul', 'MatMulExt',
    'MatmulAllReduceAddRmsNorm', 'MatmulReduceScatter', 'MatrixDeterminant', 'MatrixExp',
    'MatrixInverseExt', 'Max', 'MaxDim', 'MaxPoolGradWithIndices', 'MaxPoolGradWithMask',
    'MaxPoolWithIndices', 'MaxPoolWithMask', 'MaxUnpool2DExt', 'Maximum', 'MaximumGrad', 'MaximumGradGrad',
    'MeanExt', 'MedianDim', 'MedianExt', 'Meshgrid', 'Min', 'MinDim', 'Minimum', 'MinimumGrad', 'MishExt',
    'MishGradExt', 'Mla', 'MlaPreprocess', 'Mm', 'MoeComputeExpertTokens', 'MoeDistributeCombine',
    'MoeDistributeDispatch', 'MoeFinalizeRouting', 'MoeGatingTopKSoftmax', 'MoeInitRouting',
    'MoeInitRoutingV2', 'MoeTokenPermute', 'MoeTokenPermuteGrad', 'MoeTokenUnpermute',
    'MoeTokenUnpermuteGrad', 'Mul', 'Muls', 'MultiScaleDeformableAttn', 'MultiScaleDeformableAttnGrad',
    'MultinomialExt', 'Mv', 'NLLLoss', 'NLLLoss2d', 'NLLLoss2dGrad', 'NLLLossGrad', 'NPUClearFloatStatusV2',
    'NPUGetFloatStatusV2', 'NanToNum', 'Nansum', 'Narrow', 'NarrowView', 'Neg', 'NewEmpty', 'NewFull',
    'NewOnes', 'NewZeros', 'NextAfter', 'NonZero', 'NonZeroExt', 'Norm', 'NormalFloatFloat',
    'NormalFloatTensor', 'NormalTensorFloat', 'NormalTensorTensor', 'NotEqual', 'NpuGelu', 'NsaCompress',
    'NsaCompressAttention', 'NsaCompressGrad', 'NsaSelectAttention', 'NsaSelectAttentionGrad', 'OneHot',
    'OneHotExt', 'Ones', 'OnesLike', 'OnesLikeExt', 'Outer', 'PReLU', 'PReLUGrad', 'PagedAttention',
    'PagedAttentionMask', 'PixelShuffle', 'Polar', 'Pow', 'PowScalarTensor', 'PowTensorScalar', 'ProdExt',
    'PromptFlashAttention', 'PutMem', 'PutMemSignal', 'Qr', 'QuantBatchMatmul', 'QuantLinearSparse',
    'QuantMatmul', 'QuantV2', 'RFFT', 'RFFT2', 'RFFTFreq', 'RFFTN', 'RandExt', 'RandInt', 'RandIntLike',
    'RandLikeExt', 'Randn', 'RandnLike', 'RandpermExt', 'RandpermV2', 'Range', 'ReLU', 'ReLU6', 'ReLU6Grad',
    'Real', 'RealDiv', 'RealView', 'Reciprocal', 'ReciprocalGrad', 'ReduceAll', 'ReduceAny', 'ReduceMax',
    'ReduceMean', 'ReduceMin', 'ReduceProd', 'ReduceStd', 'ReduceSum', 'ReflectionPad1D',
    'ReflectionPad1DGrad', 'ReflectionPad2D', 'ReflectionPad2DGrad', 'ReflectionPad3D',
    'ReflectionPad3DGrad', 'ReluGrad', 'RemainderScalarTensor', 'RemainderTensorScalar',
    'RemainderTensorTensor', 'Repeat', 'RepeatInterleaveGrad', 'RepeatInterleaveInt',
    'RepeatInterleaveTensor', 'ReplicationPad1D', 'ReplicationPad1DGrad', 'ReplicationPad2D',
    'ReplicationPad2DGrad', 'ReplicationPad3D', 'ReplicationPad3DGrad', 'Reshape', 'ReshapeAndCache',
    'ResizeBicubic', 'ResizeBicubicGrad', 'ResizeBilinearGrad', 'ResizeBilinearV2', 'ResizeLinear1D',
    'ResizeLinear1DGrad', 'ResizeNearestNeighbor', 'ResizeNearestNeighborGrad', 'ResizeNearestNeighborV2',
    'ResizeNearestNeighborV2Grad', 'ReverseV2', 'RightShift', 'RingAttentionUpdate', 'RmsNorm',
    'RmsNormGrad', 'Roll', 'RotaryPositionEmbedding', 'RotaryPositionEmbeddingGrad', 'RotatedIou', 'Round',
    'Rsqrt', 'RsqrtGrad', 'ScalarCast', 'Scatter', 'ScatterAddExt', 'ScatterNd', 'ScatterValue', 'SeLUExt',
    'SearchSorted', 'Select', 'SelectExtView', 'SelectV2', 'SeluGrad', 'SequenceConcat', 'SetData', 'SiLU',
    'SiLUGrad', 'Sigmoid', 'SigmoidGrad', 'Sign', 'SignalOp', 'SignalWaitUntil', 'SilentCheckV2',
    'SilentCheckV3', 'Sin', 'Sinc', 'Sinh', 'Slice', 'SliceExt', 'SliceExtView', 'SmoothL1Loss',
    'SmoothL1LossGrad', 'SoftMarginLoss', 'SoftMarginLossGrad', 'SoftShrink', 'SoftShrinkGrad', 'Softmax',
    'SoftmaxBackward', 'SoftplusExt', 'SoftplusGradExt', 'SolveTriangular', 'SortExt',
    'SparseFlashAttention', 'SparseFlashAttentionGrad', 'SpeedFusionAttention', 'SpeedFusionAttentionGrad',
    'Split', 'SplitTensor', 'SplitTensorView', 'SplitWithSize', 'SplitWithSizeView', 'Sqrt', 'SqrtGrad',
    'Square', 'Squeeze', 'StackExt', 'Std', 'StdMean', 'StridedSlice', 'Sub', 'SubExt', 'SubScalar',
    'SumExt', 'Svd', 'Swiglu', 'SwigluGrad', 'TExt', 'Take', 'Tan', 'Tanh', 'TanhGrad', 'TensorCopySlices',
    'TensorScatterAdd', 'TensorScatterElements', 'TensorShape', 'Threshold', 'ThresholdGrad', 'ToDevice',
    'ToDtype', 'ToOther', 'TopKRouter', 'TopPRouter', 'TopkExt', 'Trace', 'TraceExt', 'TraceV2',
    'TraceV2Grad', 'Transpose', 'TransposeBatchMatmulTranspose', 'TransposeExtView', 'TransposeView',
    'TriangularSolve', 'TrilExt', 'Triu', 'Trunc', 'TupleToTensor', 'UniformExt', 'Unique2',
    'UniqueConsecutive', 'UniqueDim', 'UnsortedSegmentSum', 'UnstackExtView', 'UpdateToDevice',
    'UpdateToRemote', 'UpsampleBicubic2D', 'UpsampleBicubic2DGrad', 'UpsampleBilinear2D',
    'UpsampleBilinear2DGrad', 'UpsampleLinear1D', 'UpsampleLinear1DGrad', 'UpsampleNearest1D',
    'UpsampleNearest1DGrad', 'UpsampleNearest2D', 'UpsampleNearest2DGrad', 'UpsampleNearest3D',
    'UpsampleNearest3DGrad', 'UpsampleTrilinear3D', 'UpsampleTrilinear3DGrad', 'Var', 'VarMean', 'Vdot',
    'View', 'ViewAs', 'ViewDtype', 'WeightQuantBatchMatmul', 'XLogYScalarOther', 'XLogYScalarSelf', 'Xlogy',
    'Zeros', 'ZerosLike', 'ZerosLikeExt',
)


# instance name -> its Primitive class name
PRIM_INSTANCES = {
    'a_cos_grad_op': 'ACosGrad', 'abs_grad_op': 'AbsGrad', 'abs_op': 'Abs', 'acos_ext_op': 'AcosExt',
    'acos_op': 'ACos', 'acosh_ext_op': 'AcoshExt', 'acosh_grad_op': 'AcoshGrad', 'acosh_op': 'Acosh',
    'adamw_op': 'AdamW', 'adaptive_avg_pool1d_op': 'AdaptiveAvgPool1D', 'adaptive_avg_pool2d_ext_op':
    'AdaptiveAvgPool2DExt', 'adaptive_avg_pool2d_grad_ext_op': 'AdaptiveAvgPool2DGradExt',
    'adaptive_avg_pool3d_ext_op': 'AdaptiveAvgPool3DExt', 'adaptive_avg_pool3d_grad_ext_op':
    'AdaptiveAvgPool3DGradExt', 'adaptive_max_pool1d_op': 'AdaptiveMaxPool1D',
    'adaptive_max_pool2d_grad_op': 'AdaptiveMaxPool2DGrad', 'add_ext_op': 'AddExt',
    'add_layer_norm_grad_op': 'AddLayerNormGrad', 'add_layernorm_v2_op': 'AddLayerNormV2', 'add_op': 'Add',
    'add_rms_norm_op': 'AddRmsNorm', 'add_scalar_op': 'AddScalar', 'addbmm_op': 'Addbmm', 'addcdiv_ext_op':
    'AddcdivExt', 'addcdiv_op': 'Addcdiv', 'addcmul_ext_op': 'AddcmulExt', 'addcmul_op': 'Addcmul',
    'addmm_op': 'Addmm', 'addmv_op': 'Addmv', 'addn_op': 'AddN', 'all_gather_matmul_op': 'AllGatherMatmul',
    'angle_op': 'Angle', 'any_ext_op': 'AnyExt', 'any_op': 'Any', 'apply_adamw_op': 'ApplyAdamW',
    'apply_came_part1_op': 'ApplyCamePart1', 'apply_came_part2_op': 'ApplyCamePart2', 'apply_came_part3_op':
    'ApplyCamePart3', 'apply_came_part4_op': 'ApplyCamePart4', 'arange_op': 'Arange', 'argmax_ext_op':
    'ArgMaxExt', 'argmin_ext_op': 'ArgMinExt', 'argsort_op': 'ArgSort', 'as_strided_op': 'AsStrided',
    'asin_ext_op': 'AsinExt', 'asin_grad_op': 'AsinGrad', 'asin_op': 'Asin', 'asinh_ext_op': 'AsinhExt',
    'asinh_grad_op': 'AsinhGrad', 'asinh_op': 'Asinh', 'assign_add_op': 'AssignAdd', 'assign_op': 'Assign',
    'assign_sub_op': 'AssignSub', 'atan2_ext_op': 'Atan2Ext', 'atan2_op': 'Atan2', 'atan_ext_op': 'AtanExt',
    'atan_grad_op': 'AtanGrad', 'atan_op': 'Atan', 'atanh_op': 'Atanh', 'avg_pool1d_op': 'AvgPool1D',
    'avg_pool2d_grad_op': 'AvgPool2DGrad', 'avg_pool2d_op': 'AvgPool2D', 'avg_pool3d_ext_op':
    'AvgPool3DExt', 'avg_pool3d_grad_ext_op': 'AvgPool3DGradExt', 'baddbmm_op': 'Baddbmm',
    'batch_norm_elemt_grad_op': 'BatchNormElemtGrad', 'batch_norm_elemt_op': 'BatchNormElemt',
    'batch_norm_ext_op': 'BatchNormExt', 'batch_norm_gather_stats_with_counts_op':
    'BatchNormGatherStatsWithCounts', 'batch_norm_reduce_grad_op': 'BatchNormReduceGrad',
    'batch_norm_stats_op': 'BatchNormStats', 'bernoulli_ext_op': 'BernoulliExt', 'betainc_op': 'Betainc',
    'binary_cross_entropy_with_logits_backward_op': 'BinaryCrossEntropyWithLogitsBackward',
    'bincount_ext_op': 'BincountExt', 'bitwise_and_scalar_op': 'BitwiseAndScalar', 'bitwise_and_tensor_op':
    'BitwiseAndTensor', 'bitwise_not_op': 'BitwiseNot', 'bitwise_or_scalar_op': 'BitwiseOrScalar',
    'bitwise_or_tensor_op': 'BitwiseOrTensor', 'bitwise_xor_scalar_op': 'BitwiseXorScalar',
    'bitwise_xor_tensor_op': 'BitwiseXorTensor', 'bmm_ext_op': 'BatchMatMulExt', 'bool_not_op': 'BoolNot',
    'broadcast_to_view_op': 'BroadcastToView', 'ceil_op': 'Ceil', 'cholesky_grad_op': 'CholeskyGrad',
    'chunk_op': 'Chunk', 'chunk_view_op': 'ChunkView', 'clamp_scalar_op': 'ClampScalar', 'clamp_tensor_op':
    'ClampTensor', 'clone_op': 'Clone', 'col2im_ext_op': 'Col2ImExt', 'col2im_grad_op': 'Col2ImGrad',
    'complex_op': 'Complex', 'conj_op': 'Conj', 'constant_pad_nd_op': 'ConstantPadND', 'contiguous_op':
    'Contiguous', 'conv1d_ext_op': 'Conv1DExt', 'conv1d_padding_op': 'Conv1DPadding', 'conv2d_ext_op':
    'Conv2DExt', 'conv2d_padding_op': 'Conv2DPadding', 'conv3d_ext_op': 'Conv3DExt', 'conv3d_padding_op':
    'Conv3DPadding', 'conv_tbc_op': 'ConvTbc', 'conv_transpose2d_op': 'ConvTranspose2D',
    'convolution_grad_op': 'ConvolutionGrad', 'convolution_op': 'Convolution', 'convolution_str_grad_op':
    'ConvolutionStrGrad', 'convolution_str_op': 'ConvolutionStr', 'copy_op': 'Copy', 'copy_to_device_op':
    'CopyToDevice', 'copy_to_host_op': 'CopyToHost', 'cos_op': 'Cos', 'cosh_op': 'Cosh',
    'cosine_embedding_loss_op': 'CosineEmbeddingLoss', 'count_nonzero_op': 'CountNonZero',
    'create_symmetric_memory_op': 'CreateSymmetricMemory', 'cross_entropy_loss_grad_op':
    'CrossEntropyLossGrad', 'cross_entropy_loss_op': 'CrossEntropyLoss', 'cummin_ext_op': 'CumminExt',
    'cumsum_ext_op': 'CumsumExt', 'dct_op': 'DCT', 'dctn_op': 'DCTN', 'dense_op': 'Dense',
    'dequant_swiglu_quant_op': 'DequantSwigluQuant', 'detach_op': 'Detach', 'diag_ext_op': 'DiagExt',
    'diag_op': 'Diag', 'diagonal_view_op': 'DiagonalView', 'dist_comm_all_gather_into_tensor_op':
    'DistCommAllGatherIntoTensor', 'dist_comm_all_gather_into_tensor_uneven_op':
    'DistCommAllGatherIntoTensorUneven', 'dist_comm_all_gather_op': 'DistCommAllGather',
    'dist_comm_all_reduce_op': 'DistCommAllReduce', 'dist_comm_all_to_all_v_c_op': 'DistCommAllToAllVC',
    'dist_comm_all_to_all_v_op': 'DistCommAllToAllV', 'dist_comm_all_to_all_v_single_op':
    'DistCommAllToAllVSingle', 'dist_comm_barrier_op': 'DistCommBarrier', 'dist_comm_batch_isend_irecv_op':
    'DistCommBatchIsendIrecv', 'dist_comm_broadcast_op': 'DistCommBroadcast',
    'dist_comm_gather_into_tensor_op': 'DistCommGatherIntoTensor', 'dist_comm_gather_op': 'DistCommGather',
    'dist_comm_irecv_op': 'DistCommIrecv', 'dist_comm_isend_op': 'DistCommIsend', 'dist_comm_reduce_op':
    'DistCommReduce', 'dist_comm_reduce_scatter_op': 'DistCommReduceScatter',
    'dist_comm_reduce_scatter_tensor_op': 'DistCommReduceScatterTensor',
    'dist_comm_reduce_scatter_tensor_uneven_op': 'DistCommReduceScatterTensorUneven',
    'dist_comm_scatter_op': 'DistCommScatter', 'dist_comm_scatter_tensor_op': 'DistCommScatterTensor',
    'div_op': 'Div', 'divmod_op': 'DivMod', 'divmods_op': 'DivMods', 'divs_op': 'Divs', 'dot_op': 'Dot',
    'dropout2d_ext_op': 'Dropout2dExt', 'dropout_do_mask_ext_op': 'DropoutDoMaskExt', 'dropout_ext_op':
    'DropoutExt', 'dropout_gen_mask_ext_op': 'DropoutGenMaskExt', 'dropout_grad_ext_op': 'DropoutGradExt',
    'dtype_to_type_id': 'DtypeToEnum', 'dump_gradient_op': 'DumpGradient', 'dynamic_block_quant_op':
    'DynamicBlockQuant', 'dynamic_ntk_op': 'DynamicNTK', 'dynamic_quant_ext_op': 'DynamicQuantExt',
    'einsum_ext_op': 'EinsumExt', 'elu_grad_ext_op': 'EluGradExt', 'elu_grad_op': 'EluGrad',
    'embedding_dense_backward_op': 'EmbeddingDenseBackward', 'embedding_op': 'Embedding', 'empty_like_op':
    'EmptyLike', 'empty_op': 'Empty', 'eq_scalar_op': 'EqScalar', 'equal_ext_op': 'EqualExt', 'equal_op':
    'Equal', 'erf_op': 'Erf', 'erfc_op': 'Erfc', 'erfinv_op': 'Erfinv', 'exp2_op': 'Exp2', 'exp_op': 'Exp',
    'expand_as_op': 'ExpandAs', 'expand_dims_op': 'ExpandDims', 'expand_dims_view_op': 'ExpandDimsView',
    'expm1_op': 'Expm1', 'eye_op': 'Eye', 'fast_gelu_grad_op': 'FastGeLUGrad', 'fast_gelu_op': 'FastGeLU',
    'fft2_op': 'FFT2', 'fft_op': 'FFT', 'fft_ortho_op': 'FFTOrtho', 'fft_shapecopy_op': 'FFTShapeCopy',
    'fftfreq_op': 'FFTFreq', 'fftn_op': 'FFTN', 'fftshift_op': 'FFTShift', 'fill_scalar_op': 'FillScalar',
    'fill_tensor_op': 'FillTensor', 'flatten_ext_op': 'FlattenExt', 'flatten_op': 'Flatten', 'floor_div_op':
    'FloorDiv', 'floor_div_scalar_op': 'FloorDivScalar', 'floor_mod_op': 'FloorMod', 'floor_op': 'Floor',
    'fmod_scalar_op': 'FmodScalar', 'fmod_tensor_op': 'FmodTensor', 'format_cast_op': 'FormatCast',
    'frac_op': 'Frac', 'free_op': 'Free', 'full_like_op': 'FullLike', 'func_dropout_ext_op':
    'FuncDropoutExt', 'func_max_pool2d_op': 'FuncMaxPool2D', 'fused_add_topk_div_op': 'FusedAddTopKDiv',
    'gather_d_grad_v2_op': 'GatherDGradV2', 'gather_d_op': 'GatherD', 'gather_nd_ext_op': 'GatherNdExt',
    'gather_nd_op': 'GatherNd', 'gcd_op': 'Gcd', 'gelu_ext_op': 'GeluExt', 'gelu_grad_ext_op':
    'GeluGradExt', 'gelu_grad_op': 'GeLUGrad', 'gelu_op': 'GeLU', 'generate_eod_mask_v2_op':
    'GenerateEodMaskV2', 'generator_op': 'Generator', 'geqrf_op': 'Geqrf', 'get_data_op': 'GetData',
    'get_mem_op': 'GetMem', 'gmm_backward_fusion_op': 'GmmBackwardFusion', 'gmm_backward_op': 'GmmBackward',
    'gmm_op': 'Gmm', 'gmm_v2_backward_fusion_op': 'GmmV2BackwardFusion', 'gmm_v2_backward_op':
    'GmmV2Backward', 'gmm_v2_op': 'GmmV2', 'greater_equal_op': 'GreaterEqual', 'greater_equal_scalar_op':
    'GreaterEqualScalar', 'greater_op': 'Greater', 'group_norm_grad_op': 'GroupNormGrad', 'group_norm_op':
    'GroupNorm', 'group_topk_op': 'GroupTopk', 'grouped_matmul_v2_op': 'GroupedMatmulV2',
    'grouped_matmul_v4_op': 'GroupedMatmulV4', 'hardtanh_grad_op': 'HardtanhGrad', 'hardtanh_op':
    'Hardtanh', 'hfft2_op': 'HFFT2', 'hfft_op': 'HFFT', 'hfftn_op': 'HFFTN', 'histc_ext_op': 'HistcExt',
    'hsigmoid_grad_op': 'HSigmoidGrad', 'hsigmoid_op': 'HSigmoid', 'hswish_grad_op': 'HSwishGrad',
    'hswish_op': 'HSwish', 'idct_op': 'IDCT', 'idctn_op': 'IDCTN', 'identity_op': 'Identity', 'ifft2_op':
    'IFFT2', 'ifft_op': 'IFFT', 'ifftn_op': 'IFFTN', 'ifftshift_op': 'IFFTShift', 'ihfft2_op': 'IHFFT2',
    'ihfft_op': 'IHFFT', 'ihfftn_op': 'IHFFTN', 'im2col_ext_op': 'Im2ColExt', 'imag_view_op': 'ImagView',
    'index_add_ext_op': 'IndexAddExt', 'index_fill_scalar_op': 'IndexFillScalar', 'index_fill_tensor_op':
    'IndexFillTensor', 'index_op': 'Index', 'index_select_op': 'IndexSelect', 'inner_comm_all_gather_op':
    'InnerCommAllGather', 'inner_comm_all_reduce_op': 'InnerCommAllReduce', 'inner_comm_all_to_all_v_op':
    'InnerCommAllToAllV', 'inner_comm_irecv_op': 'InnerCommIrecv', 'inner_comm_isend_op': 'InnerCommIsend',
    'inner_comm_reduce_scatter_op': 'InnerCommReduceScatter', 'inner_index_op': 'InnerIndex',
    'inner_inplace_index_put_op': 'InnerInplaceIndexPut', 'inner_moe_token_unpermute_op':
    'InnerMoeTokenUnpermute', 'inner_non_zero_op': 'InnerNonZero', 'inner_unique_op': 'InnerUnique',
    'inplace_add_ext_op': 'InplaceAddExt', 'inplace_addmm_op': 'InplaceAddmm', 'inplace_addr_op':
    'InplaceAddr', 'inplace_adds_ext_op': 'InplaceAddsExt', 'inplace_bernoulli_scalar_op':
    'InplaceBernoulliScalar', 'inplace_bernoulli_tensor_op': 'InplaceBernoulliTensor',
    'inplace_clamp_scalar_op': 'InplaceClampScalar', 'inplace_clamp_tensor_op': 'InplaceClampTensor',
    'inplace_copy_op': 'InplaceCopy', 'inplace_div_op': 'InplaceDiv', 'inplace_divmod_op': 'InplaceDivMod',
    'inplace_divmods_op': 'InplaceDivMods', 'inplace_divs_op': 'InplaceDivs', 'inplace_elu_op':
    'InplaceElu', 'inplace_erfinv_op': 'InplaceErfinv', 'inplace_exp_op': 'InplaceExp',
    'inplace_exponential_op': 'InplaceExponential', 'inplace_fill_diagonal_op': 'InplaceFillDiagonal',
    'inplace_fill_scalar_op': 'InplaceFillScalar', 'inplace_fill_tensor_op': 'InplaceFillTensor',
    'inplace_floor_divide_op': 'InplaceFloorDivide', 'inplace_floor_divides_op': 'InplaceFloorDivides',
    'inplace_floor_op': 'InplaceFloor', 'inplace_grouped_matmul_add_op': 'InplaceGroupedMatmulAdd',
    'inplace_hardtanh_op': 'InplaceHardtanh', 'inplace_index_add_op': 'InplaceIndexAddExt',
    'inplace_index_copy_op': 'InplaceIndexCopy', 'inplace_index_fill_scalar_op': 'InplaceIndexFillScalar',
    'inplace_index_fill_tensor_op': 'InplaceIndexFillTensor', 'inplace_index_put_op': 'InplaceIndexPut',
    'inplace_log_op': 'InplaceLog', 'inplace_masked_fill_scalar_op': 'InplaceMaskedFillScalar',
    'inplace_masked_fill_tensor_op': 'InplaceMaskedFillTensor', 'inplace_masked_scatter_op':
    'InplaceMaskedScatter', 'inplace_matmul_add_op': 'InplaceMatmulAdd', 'inplace_mul_op': 'InplaceMul',
    'inplace_muls_op': 'InplaceMuls', 'inplace_normal_op': 'InplaceNormal', 'inplace_put_op': 'InplacePut',
    'inplace_random_op': 'InplaceRandom', 'inplace_relu_op': 'InplaceReLU',
    'inplace_remainder_tensor_scalar_op': 'InplaceRemainderTensorScalar',
    'inplace_remainder_tensor_tensor_op': 'InplaceRemainderTensorTensor', 'inplace_scatter_add_op':
    'InplaceScatterAdd', 'inplace_scatter_src_op': 'InplaceScatterSrc', 'inplace_scatter_src_reduce_op':
    'InplaceScatterSrcReduce', 'inplace_scatter_value_op': 'InplaceScatterValue',
    'inplace_scatter_value_reduce_op': 'InplaceScatterValueReduce', 'inplace_sigmoid_op': 'InplaceSigmoid',
    'inplace_sign_op': 'InplaceSign', 'inplace_silu_op': 'InplaceSiLU', 'inplace_stop_gradient_op':
    'InplaceStopGradient', 'inplace_sub_ext_op': 'InplaceSubExt', 'inplace_sub_scalar_op':
    'InplaceSubScalar', 'inplace_tanh_op': 'InplaceTanh', 'inplace_threshold_op': 'InplaceThreshold',
    'inplace_to_device_op': 'InplaceToDevice', 'inplace_uniform_op': 'InplaceUniform', 'inplace_zero_op':
    'InplaceZero', 'insert_gem_v2_in_backward_op': 'InsertGemV2InBackward', 'irfft2_op': 'IRFFT2',
    'irfft_double_op': 'IRFFTDouble', 'irfft_op': 'IRFFT', 'irfftn_op': 'IRFFTN', 'isfinite_op': 'IsFinite',
    'isinf_op': 'IsInf', 'isneginf_op': 'IsNegInf', 'kl_div_grad_op': 'KLDivGrad', 'kl_div_op': 'KLDiv',
    'kthvalue_op': 'Kthvalue', 'kv_cache_scatter_update_op': 'KVCacheScatterUpdate', 'kv_scale_cache_op':
    'KvScaleCache', 'l1_loss_backward_ext_op': 'L1LossBackwardExt', 'l1_loss_ext_op': 'L1LossExt',
    'layer_norm_ext_op': 'LayerNormExt', 'layer_norm_grad_ext_op': 'LayerNormGradExt', 'leaky_relu_ext_op':
    'LeakyReLUExt', 'leaky_relu_grad_ext_op': 'LeakyReLUGradExt', 'left_shift_op': 'LeftShift', 'lerp_op':
    'Lerp', 'lerp_scalar_op': 'LerpScalar', 'less_equal_op': 'LessEqual', 'less_op': 'Less',
    'less_scalar_op': 'LessScalar', 'lightning_indexer_grad_op': 'LightningIndexerGrad',
    'lightning_indexer_op': 'LightningIndexer', 'lin_space_ext_op': 'LinSpaceExt', 'lin_space_op':
    'LinSpace', 'linalg_qr_op': 'LinalgQr', 'linalg_vector_norm_op': 'LinalgVectorNorm', 'log10_op':
    'Log10', 'log1p_op': 'Log1p', 'log2_op': 'Log2', 'log_matrix_determinant_op': 'LogMatrixDeterminant',
    'log_op': 'Log', 'log_softmax_ext_op': 'LogSoftmaxExt', 'logaddexp2_op': 'LogAddExp2', 'logaddexp_op':
    'LogAddExp', 'logical_and_op': 'LogicalAnd', 'logical_not_op': 'LogicalNot', 'logical_or_op':
    'LogicalOr', 'logical_xor_op': 'LogicalXor', 'logsigmoid_grad_op': 'LogSigmoidGrad', 'logsigmoid_op':
    'LogSigmoid', 'logsumexp_op': 'LogSumExp', 'lp_norm_v2_op': 'LpNormV2', 'lstsq_v2_grad_op':
    'LstsqV2Grad', 'lstsq_v2_op': 'LstsqV2', 'masked_fill_op': 'MaskedFill', 'masked_fill_scalar_op':
    'MaskedFillScalar', 'masked_scatter_op': 'MaskedScatter', 'masked_select_grad_op': 'MaskedSelectGrad',
    'masked_select_op': 'MaskedSelect', 'matmul_allreduce_add_rmsnorm_op': 'MatmulAllReduceAddRmsNorm',
    'matmul_ext_op': 'MatMulExt', 'matmul_reduce_scatter_op': 'MatmulReduceScatter',
    'matrix_determinant_op': 'MatrixDeterminant', 'matrix_exp_op': 'MatrixExp', 'matrix_inverse_ext_op':
    'MatrixInverseExt', 'max_dim_op': 'MaxDim', 'max_op': 'Max', 'max_unpool2d_ext_op': 'MaxUnpool2DExt',
    'maximum_op': 'Maximum', 'mean_ext_op': 'MeanExt', 'median_dim_op': 'MedianDim', 'median_ext_op':
    'MedianExt', 'min_dim_op': 'MinDim', 'min_op': 'Min', 'minimum_op': 'Minimum', 'mish_ext_op': 'MishExt',
    'mish_grad_ext_op': 'MishGradExt', 'mla_op': 'Mla', 'mla_preprocess_op': 'MlaPreprocess', 'mm_ext_op':
    'Mm', 'moe_compute_expert_tokens_op': 'MoeComputeExpertTokens', 'moe_distribute_combine_op':
    'MoeDistributeCombine', 'moe_distribute_dispatch_op': 'MoeDistributeDispatch',
    'moe_finalize_routing_op': 'MoeFinalizeRouting', 'moe_gating_top_k_softmax_op': 'MoeGatingTopKSoftmax',
    'moe_init_routing_op': 'MoeInitRouting', 'moe_init_routing_v2_op': 'MoeInitRoutingV2',
    'moe_token_permute_grad_op': 'MoeTokenPermuteGrad', 'moe_token_permute_op': 'MoeTokenPermute',
    'moe_token_unpermute_grad_op': 'MoeTokenUnpermuteGrad', 'moe_token_unpermute_op': 'MoeTokenUnpermute',
    'mse_loss_ext_op': 'MSELossExt', 'mse_loss_grad_ext_op': 'MSELossGradExt', 'mul_op': 'Mul', 'muls_op':
    'Muls', 'multi_scale_deformable_attn_grad_op': 'MultiScaleDeformableAttnGrad',
    'multi_scale_deformable_attn_op': 'MultiScaleDeformableAttn', 'multinomial_ext_op': 'MultinomialExt',
    'mv_op': 'Mv', 'nansum_op': 'Nansum', 'narrow_op': 'Narrow', 'narrow_view_op': 'NarrowView', 'neg_op':
    'Neg', 'new_empty_op': 'NewEmpty', 'new_full_op': 'NewFull', 'new_ones_op': 'NewOnes', 'new_zeros_op':
    'NewZeros', 'next_after_op': 'NextAfter', 'nllloss_2d_grad_op': 'NLLLoss2dGrad', 'nllloss_2d_op':
    'NLLLoss2d', 'non_zero_ext_op': 'NonZeroExt', 'non_zero_op': 'NonZero', 'norm_op': 'Norm',
    'normal_float_float_op': 'NormalFloatFloat', 'normal_float_tensor_op': 'NormalFloatTensor',
    'normal_tensor_float_op': 'NormalTensorFloat', 'normal_tensor_tensor_op': 'NormalTensorTensor',
    'not_equal_op': 'NotEqual', 'npu_clear_float_status_v2_op': 'NPUClearFloatStatusV2', 'npu_gelu_op':
    'NpuGelu', 'npu_get_float_status_v2_op': 'NPUGetFloatStatusV2', 'nsa_compress_attention_op':
    'NsaCompressAttention', 'nsa_compress_grad_op': 'NsaCompressGrad', 'nsa_compress_op': 'NsaCompress',
    'nsa_select_attention_grad_op': 'NsaSelectAttentionGrad', 'nsa_select_attention_op':
    'NsaSelectAttention', 'ones_like_ext_op': 'OnesLikeExt', 'ones_like_op': 'OnesLike', 'ones_op': 'Ones',
    'outer_op': 'Outer', 'pixel_shuffle_op': 'PixelShuffle', 'polar_op': 'Polar', 'pow_op': 'Pow',
    'pow_scalar_tensor_op': 'PowScalarTensor', 'pow_tensor_scalar_op': 'PowTensorScalar', 'prelu_grad_op':
    'PReLUGrad', 'prelu_op': 'PReLU', 'prod_ext_op': 'ProdExt', 'put_mem_op': 'PutMem', 'put_mem_signal_op':
    'PutMemSignal', 'quant_linear_sparse_op': 'QuantLinearSparse', 'quant_matmul_op': 'QuantMatmul',
    'quant_v2_op': 'QuantV2', 'rand_ext_op': 'RandExt', 'rand_like_ext_op': 'RandLikeExt',
    'randint_like_op': 'RandIntLike', 'randint_op': 'RandInt', 'randn_like_op': 'RandnLike', 'randn_op':
    'Randn', 'randperm_ext_op': 'RandpermExt', 'real_div_op': 'RealDiv', 'real_op': 'Real', 'real_view_op':
    'RealView', 'reciprocal_grad_op': 'ReciprocalGrad', 'reciprocal_op': 'Reciprocal',
    'reflection_pad_1d_grad_op': 'ReflectionPad1DGrad', 'reflection_pad_1d_op': 'ReflectionPad1D',
    'reflection_pad_2d_grad_op': 'ReflectionPad2DGrad', 'reflection_pad_2d_op': 'ReflectionPad2D',
    'reflection_pad_3d_grad_op': 'ReflectionPad3DGrad', 'reflection_pad_3d_op': 'ReflectionPad3D',
    'relu6_grad_op': 'ReLU6Grad', 'relu6_op': 'ReLU6', 'relu_grad_op': 'ReluGrad', 'relu_op': 'ReLU',
    'remainder_scalar_tensor_op': 'RemainderScalarTensor', 'remainder_tensor_scalar_op':
    'RemainderTensorScalar', 'remainder_tensor_tensor_op': 'RemainderTensorTensor',
    'repeat_interleave_grad_op': 'RepeatInterleaveGrad', 'repeat_interleave_int_op': 'RepeatInterleaveInt',
    'repeat_interleave_tensor_op': 'RepeatInterleaveTensor', 'repeat_op': 'Repeat',
    'replication_pad_1d_grad_op': 'ReplicationPad1DGrad', 'replication_pad_1d_op': 'ReplicationPad1D',
    'replication_pad_2d_grad_op': 'ReplicationPad2DGrad', 'replication_pad_2d_op': 'ReplicationPad2D',
    'replication_pad_3d_grad_op': 'ReplicationPad3DGrad', 'replication_pad_3d_op': 'ReplicationPad3D',
    'reshape_and_cache_op': 'ReshapeAndCache', 'reshape_op': 'Reshape', 'rfft2_op': 'RFFT2', 'rfft_op':
    'RFFT', 'rfftfreq_op': 'RFFTFreq', 'rfftn_op': 'RFFTN', 'right_shift_op': 'RightShift',
    'ring_attention_update_op': 'RingAttentionUpdate', 'rms_norm_grad_op': 'RmsNormGrad',
    'rotary_position_embedding_grad_op': 'RotaryPositionEmbeddingGrad', 'rotary_position_embedding_op':
    'RotaryPositionEmbedding', 'rotated_iou_op': 'RotatedIou', 'round_op': 'Round', 'rsqrt_grad_op':
    'RsqrtGrad', 'rsqrt_op': 'Rsqrt', 'scalar_cast_op': 'ScalarCast', 'scatter_add_ext_op': 'ScatterAddExt',
    'scatter_nd_op': 'ScatterNd', 'scatter_op': 'Scatter', 'scatter_value_op': 'ScatterValue',
    'select_ext_view_op': 'SelectExtView', 'select_op': 'Select', 'select_v2_op': 'SelectV2', 'selu_ext_op':
    'SeLUExt', 'selu_grad_op': 'SeluGrad', 'set_data_op': 'SetData', 'shard_identity_op': 'AShardIdentity',
    'sigmoid_grad_op': 'SigmoidGrad', 'sigmoid_op': 'Sigmoid', 'sign_op': 'Sign', 'signal_op_op':
    'SignalOp', 'signal_wait_until_op': 'SignalWaitUntil', 'silent_check_v2_op': 'SilentCheckV2',
    'silent_check_v3_op': 'SilentCheckV3', 'silu_grad_op': 'SiLUGrad', 'silu_op': 'SiLU', 'sin_op': 'Sin',
    'sinc_op': 'Sinc', 'sinh_op': 'Sinh', 'slice_ext_op': 'SliceExt', 'slice_ext_view_op': 'SliceExtView',
    'slice_op': 'Slice', 'softmax_backward_op': 'SoftmaxBackward', 'softplus_ext_op': 'SoftplusExt',
    'softplus_grad_ext_op': 'SoftplusGradExt', 'solve_triangular_op': 'SolveTriangular', 'sort_ext_op':
    'SortExt', 'sparse_flash_attention_grad_op': 'SparseFlashAttentionGrad', 'sparse_flash_attention_op':
    'SparseFlashAttention', 'speed_fusion_attention_grad_op': 'SpeedFusionAttentionGrad',
    'speed_fusion_attention_op': 'SpeedFusionAttention', 'split_tensor_op': 'SplitTensor',
    'split_tensor_view_op': 'SplitTensorView', 'split_with_size_op': 'SplitWithSize',
    'split_with_size_view_op': 'SplitWithSizeView', 'sqrt_grad_op': 'SqrtGrad', 'sqrt_op': 'Sqrt',
    'square_op': 'Square', 'std_mean_op': 'StdMean', 'std_op': 'Std', 'str_to_enum': 'StringToEnum',
    'sub_ext_op': 'SubExt', 'sub_op': 'Sub', 'sub_scalar_op': 'SubScalar', 'sum_ext_op': 'SumExt',
    'swiglu_grad_op': 'SwigluGrad', 'swiglu_op': 'Swiglu', 't_ext_op': 'TExt', 'take_op': 'Take', 'tan_op':
    'Tan', 'tanh_grad_op': 'TanhGrad', 'tanh_op': 'Tanh', 'tensor_copy_slices_op': 'TensorCopySlices',
    'tensor_scatter_add_op': 'TensorScatterAdd', 'tensor_shape_op': 'TensorShape', 'threshold_grad_op':
    'ThresholdGrad', 'threshold_op': 'Threshold', 'to_device_op': 'ToDevice', 'to_dtype_op': 'ToDtype',
    'to_other_op': 'ToOther', 'topk_ext_op': 'TopkExt', 'topkrouter_op': 'TopKRouter', 'topprouter_op':
    'TopPRouter', 'trace_ext_op': 'TraceExt', 'trace_op': 'Trace', 'trace_v2_op': 'TraceV2',
    'tracev2_grad_op': 'TraceV2Grad', 'transpose_batch_matmul_transpose_op':
    'TransposeBatchMatmulTranspose', 'transpose_ext_view_op': 'TransposeExtView', 'transpose_op':
    'Transpose', 'transpose_view_op': 'TransposeView', 'triangular_solve_op': 'TriangularSolve',
    'tril_ext_op': 'TrilExt', 'trunc_op': 'Trunc', 'tuple_to_tensor_op': 'TupleToTensor', 'uniform_ext_op':
    'UniformExt', 'unique2_op': 'Unique2', 'unique_dim_op': 'UniqueDim', 'unsorted_segment_sum_op':
    'UnsortedSegmentSum', 'unstack_ext_view_op': 'UnstackExtView', 'update_to_device_op': 'UpdateToDevice',
    'update_to_remote_op': 'UpdateToRemote', 'upsample_bicubic2d_grad_op': 'UpsampleBicubic2DGrad',
    'upsample_bicubic2d_op': 'UpsampleBicubic2D', 'upsample_bilinear2d_grad_op': 'UpsampleBilinear2DGrad',
    'upsample_bilinear2d_op': 'UpsampleBilinear2D', 'upsample_linear1d_grad_op': 'UpsampleLinear1DGrad',
    'upsample_linear1d_op': 'UpsampleLinear1D', 'upsample_nearest1d_grad_op': 'UpsampleNearest1DGrad',
    'upsample_nearest1d_op': 'UpsampleNearest1D', 'upsample_nearest2d_grad_op': 'UpsampleNearest2DGrad',
    'upsample_nearest2d_op': 'UpsampleNearest2D', 'upsample_nearest3d_grad_op': 'UpsampleNearest3DGrad',
    'upsample_nearest3d_op': 'UpsampleNearest3D', 'var_mean_op': 'VarMean', 'var_op': 'Var', 'vdot_op':
    'Vdot', 'view_as_op': 'ViewAs', 'view_dtype_op': 'ViewDtype', 'view_op': 'View', 'xlogy_op': 'Xlogy',
    'xlogy_scalar_other_op': 'XLogYScalarOther', 'xlogy_scalar_self_op': 'XLogYScalarSelf',
    'zeros_like_ext_op': 'ZerosLikeExt', 'zeros_like_op': 'ZerosLike', 'zeros_op': 'Zeros',
}


DEF_FUNCTIONS = (
    'abs', 'acos', 'acos_ext', 'acosh', 'acosh_ext', 'adaptive_avg_pool1d', 'adaptive_avg_pool2d_grad_ext',
    'adaptive_avg_pool3d_ext', 'adaptive_max_pool2d_grad', 'add', 'add_ext', 'add_layer_norm_grad',
    'add_layernorm_v2', 'add_rms_norm', 'add_scalar', 'addn', 'all', 'angle', 'apply_rotary_pos_emb_',
    'argmax_ext', 'argmin_ext', 'argsort_ext', 'as_strided', 'asin', 'asin_ext', 'asinh', 'asinh_ext',
    'assign', 'assign_add', 'assign_sub', 'atan', 'atan2', 'atan2_ext', 'atan_ext', 'atanh',
    'avg_pool1d_ext', 'baddbmm', 'batch_norm_elemt', 'batch_norm_gather_stats_with_counts',
    'batch_norm_stats', 'bincount_ext', 'bmm_ext', 'broadcast_to', 'broadcast_to_view', 'cast', 'cat',
    'cdist', 'ceil', 'celu', 'clamp_scalar', 'clamp_tensor', 'clone', 'conj', 'contiguous', 'conv_tbc',
    'conv_transpose2d', 'convolution', 'copy', 'copy_to_device', 'copy_to_host', 'correlate', 'cos', 'cosh',
    'cosine_embedding_loss', 'count_nonzero', 'create_symmetric_memory', 'cross_entropy_loss',
    'cross_entropy_loss_grad', 'cummax', 'cummin_ext', 'cumsum_ext', 'deepcopy', 'dense',
    'dequant_swiglu_quant', 'detach', 'diag', 'diag_ext', 'diagonal', 'div_scalar_', 'div_tensor_',
    'divmod_scalar_', 'divmod_tensor_', 'divs', 'dot', 'dynamic_block_quant', 'elu', 'elu_ext', 'eq_scalar',
    'equal', 'erf', 'erfc', 'erfinv', 'exp', 'exp2', 'expand_as', 'expand_dims', 'expand_dims_view',
    'expm1', 'extract_image_patches', 'fast_gelu', 'ffn_ext', 'fft', 'fft2', 'fftfreq', 'fftn', 'fftshift',
    'fill_diagonal_', 'flatten_ext', 'flip', 'floor', 'floor_', 'floor_div_scalar', 'floor_divide',
    'floor_mod', 'fold_ext', 'format_cast', 'frac_ext', 'free', 'fused_add_topk_div', 'gather', 'gather_d',
    'gather_nd', 'gather_nd_ext', 'gcd', 'geqrf', 'get_data', 'get_mem', 'greater', 'greater_equal',
    'group_topk', 'grouped_matmul', 'grouped_matmul_add_', 'grouped_matmul_v2', 'grouped_matmul_v4',
    'hardshrink', 'hardsigmoid', 'hardswish', 'hardtanh', 'hfft', 'hfft2', 'hfftn', 'histc_ext', 'ifft',
    'ifft2', 'ifftn', 'ifftshift', 'ihfft', 'ihfft2', 'ihfftn', 'index', 'index_fill_scalar',
    'index_fill_tensor', 'index_put_', 'index_select_ext', 'inner_moe_token_unpermute', 'inplace_add_ext',
    'inplace_addr', 'inplace_adds_ext', 'inplace_bernoulli_scalar', 'inplace_bernoulli_tensor',
    'inplace_clamp_scalar', 'inplace_clamp_tensor', 'inplace_copy', 'inplace_elu', 'inplace_fill_scalar',
    'inplace_fill_tensor', 'inplace_hardtanh', 'inplace_mul', 'inplace_muls', 'inplace_scatter_add',
    'inplace_sigmoid', 'inplace_sign', 'inplace_silu', 'inplace_stop_gradient', 'inplace_threshold',
    'irfft', 'irfft2', 'irfftn', 'isfinite', 'isinf', 'isneginf_ext', 'kl_div_grad', 'kthvalue',
    'kv_cache_scatter_update', 'kv_scale_cache', 'l1_loss_ext', 'leaky_relu_ext', 'lerp', 'lerp_scalar',
    'less', 'less_equal', 'less_scalar', 'linalg_qr', 'log', 'log10_ext', 'log1p', 'log2_ext',
    'log_softmax', 'log_softmax_ext', 'logaddexp2', 'logaddexp_ext', 'logsigmoid_grad', 'logsumexp_ext',
    'masked_fill', 'masked_fill_scalar_', 'masked_fill_tensor_', 'masked_scatter', 'masked_select',
    'matmul_add_', 'matmul_ext', 'matrix_exp', 'matrix_inverse_ext', 'max_', 'max_unpool2d_ext', 'maximum',
    'mean_ext', 'min_', 'minimum', 'mish_ext', 'mla', 'mla_preprocess', 'mm_ext',
    'moe_compute_expert_tokens', 'moe_distribute_combine', 'moe_distribute_dispatch',
    'moe_finalize_routing', 'moe_init_routing', 'moe_token_permute', 'moe_token_permute_grad',
    'moe_token_unpermute', 'moe_token_unpermute_grad', 'mse_loss_ext', 'mul', 'muls', 'mv', 'nan_to_num',
    'narrow', 'narrow_view', 'neg', 'nextafter', 'not_equal', 'npu_gelu', 'nsa_compress_attention', 'ones',
    'outer_ext', 'pow', 'prelu', 'prod_ext', 'put_', 'put_mem', 'put_mem_signal', 'quant_batch_matmul',
    'quant_matmul', 'randperm', 'range', 'real', 'relu', 'relu6', 'reshape', 'reshape_and_cache', 'rfft',
    'rfft2', 'rfftfreq', 'rfftn', 'ring_attention_update', 'rms_norm', 'roll', 'rotary_position_embedding',
    'rsqrt', 'scalar_cast', 'scalar_to_tensor', 'scatter_nd', 'select', 'select_ext_view', 'select_v2',
    'selu_ext', 'selu_grad', 'sequence_concat', 'set_data', 'shard_identity', 'sigmoid', 'sign',
    'signal_op', 'signal_wait_until', 'silu', 'sin', 'sinc', 'sinh', 'smooth_l1_loss', 'soft_margin_loss',
    'softplus_ext', 'softshrink', 'softshrink_grad', 'solve_triangular', 'sort_ext',
    'sparse_flash_attention', 'sqrt', 'square', 'stack_ext', 'strided_slice', 'sub', 'sub_ext',
    'sub_scalar', 'sub_scalar_', 'sub_tensor_', 'sum_ext', 'swiglu', 'swiglu_grad', 't_ext', 'take', 'tan',
    'tanh', 'tanh_', 'tensor_scatter_add', 'tensor_scatter_elements', 'threshold', 'topk_ext', 'topkrouter',
    'topprouter', 'trace', 'trace_ext', 'transpose', 'transpose_ext_view', 'transpose_view',
    'triangular_solve', 'tril_ext', 'triu', 'trunc', 'tuple_to_tensor', 'type_as', 'unfold_ext',
    'unsorted_segment_sum', 'update_to_device', 'update_to_remote', 'vdot', 'view', 'view_as', 'view_dtype',
    'weight_quant_batch_matmul', 'zero_', 'zeros',
)


MANUAL_CLASSES = (
    'BatchNorm', 'Cast', 'ForiLoop', 'Rank', 'ScalarAdd', 'ScalarBool', 'ScalarDiv', 'ScalarEq',
    'ScalarFloorDiv', 'ScalarGe', 'ScalarGt', 'ScalarLe', 'ScalarLog', 'ScalarLt', 'ScalarMax', 'ScalarMin',
    'ScalarMod', 'ScalarMul', 'ScalarPow', 'ScalarSub', 'ScalarToTensor', 'ScalarUadd', 'ScalarUsub',
    'Scan', 'Shape', 'Tile', 'TypeAs', 'WhileLoop',
)


MANUAL_FUNCTIONS = (
    'batch_norm_', 'flash_attention_score', 'fused_infer_attention_score', 'infer_value_for_Arange',
    'infer_value_for_BroadcastTo', 'infer_value_for_Cast', 'infer_value_for_Concat', 'infer_value_for_Diag',
    'infer_value_for_Div', 'infer_value_for_DivMod', 'infer_value_for_DivMods', 'infer_value_for_Divs',
    'infer_value_for_EqualExt', 'infer_value_for_GatherD', 'infer_value_for_LinalgVectorNorm',
    'infer_value_for_LpNormV2', 'infer_value_for_Max', 'infer_value_for_MeanExt', 'infer_value_for_Min',
    'infer_value_for_ProdExt', 'infer_value_for_ReduceAll', 'infer_value_for_ReduceAny',
    'infer_value_for_ReduceMax', 'infer_value_for_ReduceMean', 'infer_value_for_ReduceMin',
    'infer_value_for_ReduceProd', 'infer_value_for_ReduceSum', 'infer_value_for_Reshape',
    'infer_value_for_Softmax', 'infer_value_for_SumExt', 'infer_value_for_Svd', 'infer_value_for_Tile',
    'rank', 'scalar_cast', 'shape_', 'tile',
)


INNER_PRIM_CLASSES = ()


INNER_PRIM_INSTANCES = {
    'dtype_to_type_id': 'DtypeToEnum', 'str_to_enum': 'StringToEnum',
}
