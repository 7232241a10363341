"""``ops.typeof`` and its fast path ``ops.operations._inner_ops.TopTypeof`` (the generic top-level
type of a value, used by indexing code: ``Tensor``, ``Tuple``, ``Int``, ...)."""
import importlib

import numpy as np

from parity_tests.harness import case


def _top(ms, make):
    t = importlib.import_module(f"{ms.__name__}.ops.operations._inner_ops").TopTypeof()
    r = t(make(ms))
    return str(r), isinstance(r, ms.dtype.TensorType)


_VALUES = {
    "tensor": lambda ms: ms.Tensor(np.ones(2, np.float32)),
    "parameter": lambda ms: ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="p"),
    "int": lambda ms: 3, "bool": lambda ms: True, "tuple": lambda ms: (1, 2), "list": lambda ms: [1],
    "ellipsis": lambda ms: ..., "slice": lambda ms: slice(1, 2), "dict": lambda ms: {"a": 1},
    "float": lambda ms: 1.5,
}

CASES = [case(f"typeof/TopTypeof/{n}", lambda ms, _m=m: _top(ms, _m)) for n, m in _VALUES.items()]
