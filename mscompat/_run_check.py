"""``mindspore.run_check()``: check the installation by running a small computation."""
import numpy as np

from mscompat import context, ops
from mscompat.common.tensor import Tensor
from mscompat.version import __version__

__all__ = ["run_check"]


def run_check():
    """Print the version, multiply two small Tensors and report whether the result is right."""
    print("MindSpore version: ", __version__)
    a = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    b = np.array([[5.0, 6.0], [7.0, 8.0]], np.float32)
    result = ops.mul(Tensor(a), Tensor(b)).asnumpy()
    target = context.get_context("device_target")
    if np.array_equal(result, a * b):
        print(f"The result of multiplication calculation is correct, MindSpore has been installed on platform "
              f"[{target}] successfully!")
    else:
        print(f"The result of multiplication calculation is not correct, MindSpore has failed to run on "
              f"platform [{target}].")
