"""``mindspore.device_context.gpu``: GPUs (XLA's CUDA/ROCm platform)."""
from mscompat import backends
__all__ = ["device_count", "is_available"]


def is_available():
    """Whether XLA has a GPU platform here."""
    return backends.is_available("GPU")


def device_count():
    """GPUs on this host."""
    if not is_available():
        raise RuntimeError("Device GPU not exist.")
    return backends.get("GPU").device_count()
