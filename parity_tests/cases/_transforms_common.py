"""Inputs and helpers shared by the ``transforms_*`` case tables (not a table itself: the leading
underscore keeps ``parity_tests.cases.families()`` from listing it).
"""
import numpy as np


X43 = np.arange(12, dtype=np.float32).reshape(4, 3) / 4 - 1
Y43 = np.linspace(-1, 2, 12, dtype=np.float32).reshape(4, 3)
X34 = np.ascontiguousarray(X43.T)
V3 = np.array([0.5, -1.0, 2.0], np.float32)
V4 = np.array([1.0, 2.0, -3.0, 0.25], np.float32)
X234 = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 8 - 1
W32 = np.array([[0.5, -1.0], [1.5, 0.25], [-0.75, 2.0]], np.float32)
POS = np.array([0.5, 1.5, 2.5], np.float32)
NEG = np.array([-0.5, -1.5, -2.5], np.float32)


def _param(ms, value, name, requires_grad=True):
    return ms.Parameter(ms.Tensor(np.asarray(value)), name=name, requires_grad=requires_grad)
