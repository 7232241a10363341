"""``set_recursion_limit``: the depth of nested calls a compiled function may make. Compiling
traces the Python calls, so the limit is Python's own recursion limit (raised, never lowered)."""
import sys

from mscompat import _checkparam as validator

__all__ = ["set_recursion_limit"]

_FRAMES_PER_CALL = 8   # a traced call goes through a few framework frames


def set_recursion_limit(recursion_limit=1000):
    recursion_limit = validator.check_positive_int(recursion_limit)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), recursion_limit * _FRAMES_PER_CALL))
