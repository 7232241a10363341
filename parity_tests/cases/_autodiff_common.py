"""Helpers shared by the ``autodiff_*`` case tables (not a table itself: the leading underscore
keeps ``parity_tests.cases.families()`` from listing it): a Parameter maker, a weight vector and
the deterministic input makers ``_a`` / ``_pos``.
"""
import numpy as np

from parity_tests.harness import F32


W3 = np.array([0.3, -0.7, 1.1], np.float32)


def _param(ms, value, name):
    return ms.Parameter(ms.Tensor(np.asarray(value)), name=name)


def _a(*shape, seed=1, **kw):
    return F32(*shape, seed=seed, **kw)


def _pos(*shape, seed=3):
    return F32(*shape, seed=seed, low=0.3, high=2.0)
