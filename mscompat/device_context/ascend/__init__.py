"""``mindspore.device_context.ascend``: the (emulated) Ascend device."""
from . import op_precision  # noqa: F401
from .op_precision import precision_mode, op_precision_mode, matmul_allow_hf32, conv_allow_hf32  # noqa: F401
from mscompat import backends

__all__ = ["device_count", "is_available"]


def device_count():
    """Emulated Ascend devices on this host (``hal.device_count('Ascend')``)."""
    return backends.get("Ascend").device_count()


def is_available():
    """The emulated Ascend target is available on every machine."""
    return True
