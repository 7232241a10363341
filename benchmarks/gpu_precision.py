"""Float32 precision of matrix products and convolutions on the active target, against float64.

MindSpore computes float32 MatMul at full float32 on GPUs unless
``device_context.gpu.op_precision.matmul_allow_tf32(True)``, and lets convolutions use TF32 unless
``conv_allow_tf32(False)``. This prints the largest relative error of ``ops.matmul`` (4096 x 4096)
and ``ops.conv2d`` (64 -> 64 channels, 3 x 3, 56 x 56) against float64 numpy for each setting, and
their time: a TF32 result shows errors near 1e-3, a float32 one near 1e-6.

    python benchmarks/gpu_precision.py          # on a GPU machine; on CPU both settings are float32
"""
import time

import numpy as np
from jax import lax

import mscompat as ms
from mscompat import ops
from mscompat.backends import precision


def _timed(fn, *args):
    fn(*args).asnumpy()
    t = time.perf_counter()
    for _ in range(5):
        out = fn(*args)
    out.asnumpy()
    return out.asnumpy(), (time.perf_counter() - t) / 5


def main():
    rs = np.random.RandomState(0)
    a, b = rs.standard_normal((4096, 4096)).astype(np.float32), rs.standard_normal((4096, 4096)).astype(np.float32)
    x, w = rs.standard_normal((16, 64, 56, 56)).astype(np.float32), rs.standard_normal((64, 64, 3, 3)).astype(np.float32)
    ref_mm = a.astype(np.float64) @ b.astype(np.float64)
    ref_conv = None
    print(f"target {ms.get_context('device_target')}")
    for allow in (False, True):
        precision.set_gpu_flag("matmul_allow_tf32", allow)
        precision.set_gpu_flag("conv_allow_tf32", allow)
        matmul = ms.jit(lambda p, q: ops.matmul(p, q))           # a new function: traced with the setting
        conv = ms.jit(lambda p, q: ops.conv2d(p, q, pad_mode="pad", padding=1))
        mm, t_mm = _timed(matmul, ms.Tensor(a), ms.Tensor(b))
        cv, t_cv = _timed(conv, ms.Tensor(x), ms.Tensor(w))
        if ref_conv is None:
            ref_conv = np.asarray(lax.conv_general_dilated(            # float64 (MindSpore has no such conv)
                x.astype(np.float64), w.astype(np.float64), (1, 1), ((1, 1), (1, 1)),
                precision=lax.Precision.HIGHEST))
        e_mm = np.abs(mm - ref_mm).max() / np.abs(ref_mm).max()
        e_cv = np.abs(cv - ref_conv).max() / np.abs(ref_conv).max()
        print(f"allow_tf32={allow!s:5}  matmul rel err {e_mm:.2e} {t_mm * 1e3:8.2f} ms   "
              f"conv2d rel err {e_cv:.2e} {t_cv * 1e3:8.2f} ms")
    precision.set_gpu_flag("matmul_allow_tf32", False)
    precision.set_gpu_flag("conv_allow_tf32", True)


if __name__ == "__main__":
    main()
