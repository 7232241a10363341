"""``mindspore.device_context.gpu.op_tuning``: cuDNN convolution algorithm choice.

XLA picks cuDNN's convolution algorithms itself, by timing the candidates when it compiles (what
MindSpore's ``"performance"`` does), so a choice is validated with MindSpore's messages and
recorded (:func:`mscompat.backends.precision.conv_algos`), and XLA's autotuner keeps choosing.
Called while the target is not a GPU, a setter logs MindSpore's error and changes nothing.
"""
from mscompat.backends import precision
from .op_precision import _on_gpu

__all__ = ["conv_fprop_algo", "conv_wgrad_algo", "conv_dgrad_algo"]


def conv_fprop_algo(mode):
    """cuDNN's forward convolution algorithm (validated and recorded; XLA autotunes)."""
    if _on_gpu():
        precision.set_conv_algo("conv_fprop_algo", mode)


def conv_wgrad_algo(mode):
    """cuDNN's weight-gradient convolution algorithm (validated and recorded; XLA autotunes)."""
    if _on_gpu():
        precision.set_conv_algo("conv_wgrad_algo", mode)


def conv_dgrad_algo(mode):
    """cuDNN's data-gradient convolution algorithm (validated and recorded; XLA autotunes)."""
    if _on_gpu():
        precision.set_conv_algo("conv_dgrad_algo", mode)
