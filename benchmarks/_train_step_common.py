"""Shared by the three sides of ``train_step.py`` (imports numpy only, so it runs in MindSpore's
numpy-1.x interpreter too): the synthetic batches and the peak-memory figure."""
import resource
import sys

import numpy as np


def synthetic_batches(shape, count, seed=0):
    """``count`` batches of images of ``shape`` (N, C, H, W) and int32 labels, stacked."""
    rs = np.random.RandomState(seed)
    xs = rs.standard_normal((count,) + tuple(shape)).astype(np.float32)
    ys = rs.randint(0, 10, size=(count, shape[0])).astype(np.int32)
    return xs, ys


def peak_memory_mb():
    """Peak memory of this process in MiB: the accelerator's peak bytes in use where JAX has an
    accelerator, else the process's peak resident set size."""
    jax = sys.modules.get("jax")
    if jax is not None:
        dev = jax.devices()[0]
        if dev.platform != "cpu":
            stats = dev.memory_stats() or {}
            if "peak_bytes_in_use" in stats:
                return stats["peak_bytes_in_use"] / 2 ** 20
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
