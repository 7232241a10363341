"""``mindspore.mint.nn``: torch-style layers and losses. The layers MindSpore shares with
``mindspore.nn`` (``Linear``, ``LayerNormExt`` as ``LayerNorm``, ``EmbeddingExt`` as ``Embedding``,
``DropoutExt`` as ``Dropout``, ...) are the same classes; the others are in ``layer/``."""
from mscompat.nn.cell import Cell
from mscompat.nn import (Linear, Identity, ReLU, AdaptiveMaxPool2d, SoftMarginLoss,
                         LayerNormExt as LayerNorm, EmbeddingExt as Embedding, DropoutExt as Dropout,
                         Dropout2dExt as Dropout2d, HShrink as Hardshrink, HSigmoid as Hardsigmoid,
                         HSwish as Hardswish, SoftShrink as Softshrink, L1LossExt as L1Loss)
from . import functional
from .layer.activation import (SiLU, GELU, ReLU6, ELU, Hardtanh, GLU, Threshold, Softmax, LogSoftmax, PReLU,
                               Sigmoid, Tanh, LogSigmoid, Mish, SELU)
from .layer.basic import Flatten, Fold, Unfold, Upsample, UpsamplingNearest2d, UpsamplingBilinear2d, PixelShuffle
from .layer.conv import Conv1d, Conv2d, Conv3d, ConvTranspose2d
from .layer.loss import (CrossEntropyLoss, NLLLoss, BCEWithLogitsLoss, BCELoss, MSELoss, SmoothL1Loss, KLDivLoss,
                         CosineEmbeddingLoss)
from .layer.normalization import BatchNorm1d, BatchNorm2d, BatchNorm3d, GroupNorm, SyncBatchNorm
from .layer.padding import (ConstantPad1d, ConstantPad2d, ConstantPad3d, ZeroPad1d, ZeroPad2d, ZeroPad3d,
                            ReflectionPad1d, ReflectionPad2d, ReflectionPad3d, ReplicationPad1d, ReplicationPad2d,
                            ReplicationPad3d)
from .layer.pooling import (AvgPool1d, AvgPool2d, AvgPool3d, MaxPool2d, MaxUnpool2d, AdaptiveAvgPool1d, AdaptiveAvgPool2d,
                            AdaptiveAvgPool3d, AdaptiveMaxPool1d)

F = functional
