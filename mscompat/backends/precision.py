"""How float32 matrix products and convolutions are computed on each target.

MindSpore computes a float32 ``MatMul`` at full float32 precision on GPUs unless
``mindspore.device_context.gpu.op_precision.matmul_allow_tf32(True)`` is called, and lets cuDNN use
TF32 tensor cores for float32 convolutions unless ``conv_allow_tf32(False)`` is. XLA's own default on
a GPU is TF32 for both, so the kernels ask for the precision given here: ``HIGHEST`` (true float32)
unless the GPU setting allows TF32, where ``DEFAULT`` lets XLA use the tensor cores. On TPU the
kernels ask for ``HIGHEST`` (MindSpore has no reduced float32 there); on CPU matrix products ask
for nothing, as XLA:CPU computes float32 in float32 whatever is asked.

Float16 and bfloat16 convolutions on a GPU multiply in their own dtype and accumulate in float32
(``preferred_element_type``), as cuDNN does for MindSpore; elsewhere they are widened to float32
first, which gives the same products (a product of two float16 or bfloat16 numbers is exact in
float32) on targets without a low-precision matrix unit.

The settings are read when an op is traced: a compiled graph keeps the precision it was built
with, as a MindSpore graph keeps the kernels it was compiled with.
"""
import jax.numpy as jnp
from jax import lax

from . import device_target

_gpu = {"matmul_allow_tf32": False, "conv_allow_tf32": True}

# cuDNN's convolution algorithms a MindSpore user may pin. XLA picks cuDNN's algorithms itself by
# timing the candidates when it compiles (what MindSpore's "performance" does), so a choice is
# validated and recorded, and XLA's autotuner keeps choosing.
CONV_ALGOS = {
    "conv_fprop_algo": ["normal", "performance", "implicit_gemm", "precomp_gemm", "gemm", "direct", "fft",
                        "fft_tiling", "winograd", "winograd_nonfused"],
    "conv_dgrad_algo": ["normal", "performance", "algo_0", "algo_1", "fft", "fft_tiling", "winograd",
                        "winograd_nonfused"],
    "conv_wgrad_algo": ["normal", "performance", "algo_0", "algo_1", "fft", "algo_3", "fft_tiling",
                        "winograd_nonfused"],
}
_algos = {}


def set_gpu_flag(key, value):
    """Record one of MindSpore's GPU precision switches (``matmul_allow_tf32``, ``conv_allow_tf32``)."""
    if key not in _gpu:
        raise KeyError(key)
    _gpu[key] = bool(value)


def gpu_flag(key):
    return _gpu[key]


def set_conv_algo(name, mode):
    """Record a cuDNN algorithm choice (``conv_fprop_algo``/``conv_wgrad_algo``/``conv_dgrad_algo``);
    ValueError, with MindSpore's message, for a mode MindSpore does not know."""
    if mode not in CONV_ALGOS[name]:
        raise ValueError(f"For 'mindspore.device_context.gpu.op_tuning.{name}', the argument must be in "
                         f"{CONV_ALGOS[name]} but got {mode}.")
    _algos[name] = mode


def conv_algos():
    """The cuDNN algorithm choices recorded so far, by setting name."""
    return dict(_algos)


def apply_gpu_config(cfg):
    """``set_context(gpu_config=cfg)`` on a GPU target: each key checked with MindSpore's
    messages, then applied (TF32 switches) or recorded (algorithm choices)."""
    supported = dict(CONV_ALGOS, conv_allow_tf32=[True, False], matmul_allow_tf32=[True, False])
    for key, value in cfg.items():
        if key not in supported:
            raise ValueError(f"For 'context.set_context', the key of argument 'gpu_config' must be one of "
                             f"{supported}, but got {key}.")
        if value not in supported[key]:
            raise ValueError(f"For 'gpu_config', the value of argument {key} must be one of "
                             f"{supported[key]}, but got {value}.")
        if key in _gpu:
            set_gpu_flag(key, value)
        else:
            set_conv_algo(key, value)


def matmul_precision():
    """The ``lax.Precision`` a float32 matrix product asks for on the active target: None on CPU
    (XLA:CPU computes float32 products in float32 whatever is asked, and the eager path saves
    passing the argument), ``DEFAULT`` on a GPU that allows TF32, else ``HIGHEST``."""
    target = device_target()
    if target == "CPU":
        return None
    if target == "GPU" and _gpu["matmul_allow_tf32"]:
        return lax.Precision.DEFAULT
    return lax.Precision.HIGHEST


def conv_precision():
    """The ``lax.Precision`` a float32 convolution asks for on the active target."""
    if _gpu["conv_allow_tf32"] and device_target() == "GPU":
        return lax.Precision.DEFAULT
    return lax.Precision.HIGHEST


def conv_operands(a, b, target=None):
    """``(a, b, preferred_element_type)`` for a convolution of ``a`` by ``b`` on ``target`` (default:
    the active one): low-precision operands stay as they are on a GPU (its tensor cores accumulate
    in float32); every other dtype but float32 is computed in float32, as MindSpore's CPU kernels do."""
    dt = a.dtype
    if dt == jnp.float32:
        return a, b, None
    if (dt == jnp.float16 or dt == jnp.bfloat16) and (target or device_target()) == "GPU":
        return a, b.astype(dt), jnp.float32
    return a.astype(jnp.float32), b.astype(jnp.float32), None
