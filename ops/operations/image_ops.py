"""``mindspore.ops.operations.image_ops``: MindSpore's image Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'AdjustContrastv2', 'AdjustHue', 'AdjustSaturation', 'CombinedNonMaxSuppression', 'CropAndResize',
    'CropAndResizeGradBoxes', 'CropAndResizeGradImage', 'ExtractGlimpse', 'HSVToRGB', 'NonMaxSuppressionV3',
    'NonMaxSuppressionWithOverlaps', 'Primitive', 'RGBToHSV', 'ResizeArea', 'ResizeBicubic', 'ResizeBilinearV2',
    'ResizeLinear1D', 'ResizeV2', 'ScaleAndTranslate',
)

__all__ = _bind(globals(), _NAMES, _operations)
