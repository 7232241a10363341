"""Helpers shared by the ``graph_syntax_*`` tables: MindSpore's static-graph syntax
("Static Graph Syntax Support": statements, builtin functions, operators, containers,
classes, JIT Fallback, print), each construct compiled with ``ms.jit`` in GRAPH_MODE.

The compiled functions are module-level ``def``s (MindSpore parses their source). They reach
the framework through the module global ``ms`` of their table, which :func:`J` sets to the
framework under test just before compiling (``mindspore`` in the oracle's process, ``mscompat``
in the test process); MindSpore resolves globals when it compiles.
"""
import sys

import numpy as np

from parity_tests.harness import case

V3 = np.array([0.5, -1.0, 2.0], np.float32)
V4 = np.array([1.0, 2.0, -3.0, 0.25], np.float32)
X23 = np.arange(6, dtype=np.float32).reshape(2, 3) / 2 - 1
I3 = np.array([3, -1, 2], np.int32)
I4 = np.array([1, 2, 3, 4], np.int64)
ONE = np.array([3], np.int64)
POS = np.array([0.5, 1.5, 2.5], np.float32)
NEG = np.array([-0.5, -1.5, -2.5], np.float32)


def table(module_name):
    """``J(name, fn, *inputs, ...)`` for the table ``module_name``: a GRAPH_MODE case calling
    ``ms.jit(fn, **jit)(*inputs)``. ``default=True`` keeps it in the default run (the rest is
    ``slow``); ``out=True`` compares the printed output too; ``error=True``: MindSpore raises."""
    mod = sys.modules[module_name]

    def J(name, fn, *inputs, default=False, out=False, error=False, jit=None, **kw):
        opts = dict(jit or {})

        def run(m, *args):
            mod.ms = m
            return m.jit(fn, **opts)(*args)
        run.__name__ = fn.__name__
        return case(name, run, *inputs, mode="graph", slow=not default, error=error, capture_output=out, **kw)

    def C(name, fn, *inputs, default=False, out=False, error=False, **kw):
        """A GRAPH_MODE case whose ``fn(ms, *inputs)`` builds and calls a Cell or jit itself."""
        def run(m, *args):
            mod.ms = m
            return fn(m, *args)
        return case(name, run, *inputs, mode="graph", slow=not default, error=error, capture_output=out, **kw)

    return J, C
