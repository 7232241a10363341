"""``mindspore.ops.operations._quant_ops``: MindSpore's quantization Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'ActULQClampMaxGrad', 'ActULQClampMinGrad', 'ActsULQ', 'ActsULQInputGrad', 'BatchNormFold',
    'BatchNormFold2', 'BatchNormFold2D', 'BatchNormFold2Grad', 'BatchNormFold2GradD',
    'BatchNormFold2GradReduce', 'BatchNormFoldD', 'BatchNormFoldGrad', 'BatchNormFoldGradD', 'CorrectionMul',
    'CorrectionMulGrad', 'CorrectionMulGradReduce', 'FakeLearnedScaleQuantPerChannel',
    'FakeLearnedScaleQuantPerChannelGrad', 'FakeLearnedScaleQuantPerChannelGradD',
    'FakeLearnedScaleQuantPerChannelGradDReduce', 'FakeLearnedScaleQuantPerLayer',
    'FakeLearnedScaleQuantPerLayerGrad', 'FakeLearnedScaleQuantPerLayerGradD',
    'FakeLearnedScaleQuantPerLayerGradDReduce', 'FakeQuantParam', 'FakeQuantPerChannel',
    'FakeQuantPerChannelGrad', 'FakeQuantPerLayer', 'FakeQuantPerLayerGrad', 'FakeQuantWithMinMaxVars',
    'FakeQuantWithMinMaxVarsGradient', 'FakeQuantWithMinMaxVarsPerChannel',
    'FakeQuantWithMinMaxVarsPerChannelGradient', 'IFMR', 'MinMaxUpdatePerChannel', 'MinMaxUpdatePerLayer',
    'Primitive', 'PrimitiveWithInfer', 'WtsARQ',
)

__all__ = _bind(globals(), _NAMES, _operations)
