"""``mindspore.ops.operations.random_ops``: MindSpore's random Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'Gamma', 'LogNormalReverse', 'LogUniformCandidateSampler', 'Multinomial', 'MultinomialWithReplacement',
    'NonDeterministicInts', 'ParameterizedTruncatedNormal', 'Poisson', 'Primitive', 'PrimitiveWithInfer',
    'RandomCategorical', 'RandomChoiceWithMask', 'RandomGamma', 'RandomPoisson', 'RandomShuffle', 'RandpermV2',
    'StandardLaplace', 'StandardNormal', 'TruncatedNormal', 'Uniform', 'UniformCandidateSampler', 'UniformExt',
    'UniformInt', 'UniformReal',
)

__all__ = _bind(globals(), _NAMES, _operations)
