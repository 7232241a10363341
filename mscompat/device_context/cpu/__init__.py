"""``mindspore.device_context.cpu``: the host CPU (an XLA platform)."""
from . import op_tuning  # noqa: F401
from .op_tuning import threads_num  # noqa: F401
from mscompat import backends

__all__ = ["device_count", "is_available", "threads_num"]


def is_available():
    """Whether the CPU target can run (XLA's CPU platform is present)."""
    return backends.is_available("CPU")


def device_count():
    """1: MindSpore counts the host as one CPU device."""
    return 1
