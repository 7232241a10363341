"""Gradients w.r.t. integer and bool inputs with ``get_all``: an input used in arithmetic gets its
gradient (computed as float, given back in its dtype), one used as an index or condition (GatherD,
UnsortedSegmentMax, Select) keeps its dtype in the forward pass and gets zeros."""
import numpy as np

from parity_tests.harness import case, F32, I32, BOOL


def _grad_all(ms, fn):
    return ms.ops.GradOperation(get_all=True)(fn)


def _gatherd(ms, x, i):
    class N(ms.nn.Cell):
        def construct(self, a, b):
            return ms.ops.GatherD()(a, 1, b)
    return _grad_all(ms, N())(x, i)


def _segment_max(ms, x, ids):
    class N(ms.nn.Cell):
        def construct(self, a, b):
            return ms.ops.unsorted_segment_max(a, b, 3)
    return _grad_all(ms, N())(x, ids)


def _select(ms, c, x, y):
    class N(ms.nn.Cell):
        def construct(self, a, b, d):
            return ms.ops.select(a, b, d) * 2
    return _grad_all(ms, N())(c, x, y)


def _mul(ms, x, y):
    class N(ms.nn.Cell):
        def construct(self, a, b):
            return a * b
    return _grad_all(ms, N())(x, y)


_IDX = np.array([[0, 2], [1, 1]], np.int32)
_IDS = np.array([0, 2, 2, 1], np.int32)

CASES = [
    case(f"grad_int_inputs/{name}/{mode}", fn, *inputs, mode=mode)
    for mode in ("pynative", "graph")
    for name, fn, inputs in (
        ("gatherd_index", _gatherd, (F32(2, 3), _IDX)),
        ("segment_ids", _segment_max, (F32(4, 2), _IDS)),
        ("select_condition", _select, (BOOL(3), F32(3), F32(3))),
        ("int_arithmetic", _mul, (np.array([2, 3], np.int32), F32(2))),
        ("int_int_arithmetic", _mul, (I32(3), I32(3))),
    )
]
