"""``mindspore.device_context.gpu``: GPUs (XLA's CUDA/ROCm platform)."""
from mscompat import backends
from . import op_precision, op_tuning
from .op_precision import matmul_allow_tf32, conv_allow_tf32
from .op_tuning import conv_fprop_algo, conv_wgrad_algo, conv_dgrad_algo
__all__ = ["device_count", "is_available"]


def is_available():
    """Whether XLA has a GPU platform here."""
    return backends.is_available("GPU")


def device_count():
    """GPUs on this host."""
    if not is_available():
        raise RuntimeError("Device_target GPU not exist.")
    return backends.get("GPU").device_count()
