"""The per-thread slot of the innermost active state-threading scope (DESIGN section 2).

The scopes themselves (``mscompat._state.Scope``) and the transforms built on them live in
``mscompat._state``; ``Parameter`` only needs to read this slot (is a scope bound? is it
compiling?), so the slot sits below both and neither imports the other for it.
"""
import threading

__all__ = ["_CURRENT", "compiling"]


class _Current(threading.local):
    """The innermost active scope of this thread (``_CURRENT.value``)."""

    value = None


_CURRENT = _Current()
# how many scopes are active in all threads: while none is, no thread needs its own _CURRENT read
# (the repeated call of a compiled function checks this first, _graph._make_fast)
ACTIVE_SCOPES = [0]
_COUNT_LOCK = threading.Lock()


def count_scope(change):
    with _COUNT_LOCK:
        ACTIVE_SCOPES[0] += change


def compiling():
    """True while a compiled call (or its discovery trace) of this thread is tracing."""
    s = _CURRENT.value
    while s is not None:
        if s.key is not None:
            return True
        s = s.parent
    return False
