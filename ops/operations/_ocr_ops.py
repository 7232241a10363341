"""``mindspore.ops.operations._ocr_ops``: MindSpore's OCR Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'BatchDilatePolys', 'BatchEnqueue', 'Dequeue', 'GetShape', 'OCRDetectionPostHandle',
    'OCRDetectionPreHandle', 'OCRFindContours', 'OCRIdentifyPreHandle', 'OCRRecognitionPreHandle', 'Primitive',
    'PrimitiveWithInfer', 'ResizeAndClipPolys', 'StringLength',
)

__all__ = _bind(globals(), _NAMES, _operations)
