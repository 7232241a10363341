"""Value checks that MindSpore's kernels make at run time (an index out of range), made in
eager code and in compiled code alike.

Eagerly the values are concrete and the check is plain numpy. While tracing (GRAPH_MODE,
``ms.jit``, ``grad``, ``vmap``) the program computes one boolean on the device and only when it
is true runs a host callback that raises the MindSpore error; the in-range path pays one
reduction over the indices and a branch. XLA reports an exception raised in a host callback as
``jax.errors.JaxRuntimeError`` (a ``RuntimeError``) whose text embeds ours; :func:`reraise`
turns it back into the exception the callback raised (class and message) where a caller
catches it, and :func:`clean_runtime_errors` does that around a call.
"""
import contextlib
import functools
import logging
import threading

import numpy as np
import jax
import jax.numpy as jnp

from .parallel._mesh import in_program as _in_parallel_program

__all__ = ["check_index_range", "reraise", "clean_runtime_errors", "RUNTIME_CHECK_ERROR"]

# exceptions callbacks raised (they run on XLA's threads), by message, until the XLA error
# that carries one is re-raised; bounded so that errors nobody catches do not pile up
_PENDING = {}
_LOCK = threading.Lock()
RUNTIME_CHECK_ERROR = jax.errors.JaxRuntimeError


class _QuietChecks(logging.Filter):
    """Drops JAX's "callback failed" log record for the exceptions raised here: the error
    reaches the caller anyway, with its own message."""

    def filter(self, record):
        exc = record.exc_info[1] if record.exc_info else None
        return not getattr(exc, "_mscompat_runtime_check", False)


logging.getLogger("jax._src.debugging").addFilter(_QuietChecks())


def _concrete(a):
    if isinstance(a, jax.core.Tracer):
        return None
    return np.asarray(a)


def _first_bad(values, lo, hi, skip):
    """The first value of ``values`` outside ``[lo, hi)`` (``skip`` excepted), or None."""
    flat = np.asarray(values).reshape(-1)
    bad = (flat < lo) | (flat >= hi)
    if skip is not None:
        bad &= flat != skip
    hits = np.nonzero(bad)[0]
    return None if hits.size == 0 else flat[hits[0]].item()


# errors recorded (not raised) by checks in multi-device programs, raised after the call
_RECORDED = []
_RECORDING = [False]


def _raise_from_host(exc_type, message, lo, hi, skip, record, values):
    v = _first_bad(values, lo, hi, skip)
    if v is None:       # vmapped branches run for every element; only real hits raise
        return
    exc = exc_type(message(v))
    exc._mscompat_runtime_check = True
    with _LOCK:
        if record:
            # a multi-device program: raising here would stop this device's program while the
            # others wait for it in a collective; the error is raised when the call returns
            if not _RECORDED:
                _RECORDED.append(exc)
            return
        if len(_PENDING) > 64:
            _PENDING.clear()
        _PENDING[str(exc)] = exc
    raise exc


def check_index_range(values, lo, hi, message, exc_type=RuntimeError, skip=None):
    """Raise ``exc_type(message(v))`` for the first value ``v`` of the integer array ``values``
    outside ``[lo, hi)`` (values equal to ``skip`` are allowed), now when ``values`` is concrete
    and when the compiled program runs otherwise. Indices whose dtype cannot leave the range
    are not checked."""
    if values.size == 0:
        return
    info = np.iinfo(values.dtype) if jnp.issubdtype(values.dtype, jnp.integer) else None
    if info is not None and info.min >= lo and info.max < hi:
        return
    c = _concrete(values)
    if c is not None:
        v = _first_bad(c, lo, hi, skip)
        if v is not None:
            raise exc_type(message(v))
        return
    bad = (values < lo) | (values >= hi)
    if skip is not None:
        bad = bad & (values != skip)
    record = _in_parallel_program()
    if record:
        _RECORDING[0] = True
    host = functools.partial(_raise_from_host, exc_type, message, lo, hi, skip, record)
    jax.lax.cond(jnp.any(bad), lambda v: jax.debug.callback(host, v), lambda v: None, values)


def reraise(err):
    """The exception a run-time check raised inside the compiled program that failed with
    ``err`` (None when ``err`` came from elsewhere); it is consumed."""
    text = str(err)
    with _LOCK:
        for msg in list(_PENDING):
            if msg in text:
                return _PENDING.pop(msg)
    return None


def _raise_recorded():
    if not _RECORDING[0]:
        return
    jax.effects_barrier()      # the program's callbacks have run
    with _LOCK:
        exc = _RECORDED.pop() if _RECORDED else None
        _RECORDED.clear()
    if exc is not None:
        raise exc.with_traceback(None)


@contextlib.contextmanager
def clean_runtime_errors():
    """Inside: an XLA error that carries a run-time check's exception is raised as that
    exception; an error a multi-device program recorded is raised on leaving (before the
    caller writes the program's new state back)."""
    try:
        yield
    except RUNTIME_CHECK_ERROR as err:
        exc = reraise(err)
        if exc is None:
            raise
        raise exc.with_traceback(None) from None
    _raise_recorded()
