"""``mindspore.device_context.gpu.op_precision``: whether float32 matrix products and
convolutions may use TF32 tensor cores on a GPU.

MindSpore's defaults hold: matrix products at full float32 (``matmul_allow_tf32`` False),
convolutions allowed TF32 (``conv_allow_tf32`` True). The switches set the precision the kernels
ask XLA for (:mod:`mscompat.backends.precision`), read when an op is traced. Called while the
target is not a GPU, a switch logs MindSpore's error and changes nothing.
"""
from mscompat._checkparam import args_type_check
from mscompat.backends import device_target, precision
from mscompat.log import _get_logger

__all__ = ["matmul_allow_tf32", "conv_allow_tf32"]


def _on_gpu():
    target = device_target()
    if target != "GPU":
        _get_logger().error(f"{target} device is not supported. Please use correct device")
        return False
    return True


@args_type_check(value=bool)
def matmul_allow_tf32(value):
    """Let float32 matrix products (MatMul, BatchMatMul, Dense, einsum) use TF32 on a GPU."""
    if _on_gpu():
        precision.set_gpu_flag("matmul_allow_tf32", value)


@args_type_check(value=bool)
def conv_allow_tf32(value):
    """Let float32 convolutions use TF32 on a GPU (MindSpore's default: allowed)."""
    if _on_gpu():
        precision.set_gpu_flag("conv_allow_tf32", value)
