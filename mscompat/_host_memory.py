"""Host memory of XLA:CPU programs under glibc's allocator.

XLA:CPU allocates each program's buffers afresh on every run, from whichever of its threads runs
the step, and glibc gives each thread its own heap ("arena"): the memory a step frees stays in the
arena that allocated it, the next step's buffers come from others, and the process's resident
size grows step after step although no more is live. A compile frees its working memory the
same way, and it stays resident too. MindSpore keeps one memory pool of its own instead.

So on Linux with glibc, importing mscompat limits the number of arenas to one per core the
process may run on, at least ``ARENAS`` (as ``MALLOC_ARENA_MAX`` would; glibc's default is eight
per core; the environment variables ``MALLOC_ARENA_MAX`` or ``MSCOMPAT_MALLOC_ARENAS`` set by the
user win, ``MSCOMPAT_MALLOC_ARENAS=0`` leaves glibc's default), and every compile hands the
memory it freed back to the system (``malloc_trim``). Elsewhere both are no-ops.

Not fewer arenas than cores: XLA compiles on a thread per core, and its threads then wait on
each other's arena locks. Measured on a 16-core machine with one NVIDIA H200 (ResNet-50's
training step, the first compile of the process): 39-40 s with 2 arenas, 9.2 s with 16 and
10.3 s with glibc's default.
"""
import ctypes
import os
import sys

ARENAS = 2
_M_ARENA_MAX = -8      # mallopt's parameter number (glibc's malloc.h)


def _glibc():
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt, libc.malloc_trim      # glibc's own (musl has neither)
    except (OSError, AttributeError):
        return None
    return libc


_LIBC = _glibc()


def default_arenas():
    """One arena per core this process may run on, at least ``ARENAS``."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(ARENAS, cores)


def limit_arenas():
    """Set glibc's arena limit (module docstring); returns the limit set, or None."""
    if _LIBC is None or "MALLOC_ARENA_MAX" in os.environ:
        return None
    wanted = os.environ.get("MSCOMPAT_MALLOC_ARENAS", str(default_arenas()))
    try:
        n = int(wanted)
    except ValueError:
        raise ValueError(f"MSCOMPAT_MALLOC_ARENAS must be an integer (0: glibc's default), but got {wanted!r}.") \
            from None
    if n <= 0:
        return None
    return n if _LIBC.mallopt(_M_ARENA_MAX, n) == 1 else None


def release_free():
    """Hand the heap memory that is free back to the system (after a compile)."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)
