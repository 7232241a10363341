"""``mindspore.common._pijit_context``: the older path of ``mindspore.graph._utils.pijit_context``."""
from mscompat.graph._utils.pijit_context import PIJitCaptureContext

__all__ = ["PIJitCaptureContext"]
