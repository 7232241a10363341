"""Function transforms, ``ms.jit`` options and bad arguments: ``capture_mode``, ``jit_level``,
``dynamic``, ``fullgraph``, ``backend``, ``exec_order``, ``infer_boost``, ``exc_mode``,
``disable_format_transform``, and ``ms.jit`` of a non-function, in PyNative and GRAPH_MODE.

MindSpore compiles these functions by parsing their source, so every compiled function is a
nested ``def`` or a Cell class (never a lambda). Most cases run in both modes (``both_modes``).
"""
from parity_tests.harness import both_modes, case
from parity_tests.cases._transforms_common import V3


# --- jit: bad arguments ---------------------------------------------------------------------
def _jite_capture_mode(ms, x):
    def f(a):
        return a
    return ms.jit(f, capture_mode="x")(x)


def _jite_jit_level(ms, x):
    def f(a):
        return a
    return ms.jit(f, jit_level="O3")(x)


def _jite_dynamic(ms, x):
    def f(a):
        return a
    return ms.jit(f, dynamic=2)(x)


def _jite_dynamic_type(ms, x):
    def f(a):
        return a
    return ms.jit(f, dynamic="1")(x)


def _jite_fullgraph_type(ms, x):
    def f(a):
        return a
    return ms.jit(f, fullgraph=1)(x)


def _jit_backend_unchecked(ms, x):
    def f(a):
        return a * 2
    return ms.jit(f, backend="foo")(x)


def _jit_options(ms, x):
    def f(a):
        return a + 1
    return ms.jit(f, exec_order="dfs", infer_boost="off", exc_mode="auto")(x)


def _jite_exec_order(ms, x):
    def f(a):
        return a
    return ms.jit(f, exec_order="x")(x)


def _jite_exec_order_type(ms, x):
    def f(a):
        return a
    return ms.jit(f, exec_order=1)(x)


def _jite_infer_boost(ms, x):
    def f(a):
        return a
    return ms.jit(f, infer_boost="maybe")(x)


def _jite_exc_mode(ms, x):
    def f(a):
        return a
    return ms.jit(f, exc_mode="x")(x)


def _jite_format_transform(ms, x):
    def f(a):
        return a
    return ms.jit(f, disable_format_transform="yes")(x)


def _jite_capture_mode_decorator(ms, x):
    @ms.jit(capture_mode="x")
    def f(a):
        return a
    return f(x)


def _jit_not_function(ms):
    return ms.jit(3)


CASES = (
    [case("jit/tf_not_a_function", _jit_not_function)]
    + both_modes("jit/tf_bad_backend", _jit_backend_unchecked, V3, error=True)
    + both_modes("jit/tf_options", _jit_options, V3)
    # bad arguments
    + both_modes("jit/tf_bad_capture_mode", _jite_capture_mode, V3, error=True)
    + both_modes("jit/tf_bad_jit_level", _jite_jit_level, V3, error=True)
    + both_modes("jit/tf_bad_dynamic", _jite_dynamic, V3, error=True)
    + both_modes("jit/tf_bad_dynamic_type", _jite_dynamic_type, V3, error=True)
    + both_modes("jit/tf_bad_fullgraph_type", _jite_fullgraph_type, V3, error=True)
    + both_modes("jit/tf_bad_exec_order", _jite_exec_order, V3, error=True)
    + both_modes("jit/tf_bad_exec_order_type", _jite_exec_order_type, V3, error=True)
    + both_modes("jit/tf_bad_infer_boost", _jite_infer_boost, V3, error=True)
    + both_modes("jit/tf_bad_exc_mode", _jite_exc_mode, V3, error=True)
    + both_modes("jit/tf_bad_disable_format_transform", _jite_format_transform, V3, error=True)
    + [case("jit/tf_bad_capture_mode_decorator", _jite_capture_mode_decorator, V3, error=True)]
)
