"""Inputs and helpers shared by the ``state_*`` case tables (not a table itself: the leading
underscore keeps ``parity_tests.cases.families()`` from listing it).
"""
import numpy as np

from parity_tests.harness import F32


X3 = np.array([1.0, 2.0, 3.0], np.float32)
B43 = F32(4, 3, seed=11)            # a batch of 4 rows, 3 features
B43b = F32(4, 3, seed=12)
B43c = F32(4, 3, seed=13)
W3 = np.array([0.3, -0.7, 1.1], np.float32)


def _p(ms, value, name, requires_grad=True):
    return ms.Parameter(ms.Tensor(np.array(value)), name=name, requires_grad=requires_grad)


def _v(t):
    """A Parameter's current value as a plain Tensor (both frameworks)."""
    return t.value()
