"""One MLIR context per thread for JAX's lowerings, renewed every ``LOWERINGS_PER_CONTEXT``.

JAX lowers every program into a fresh MLIR context: it loads the upstream dialects and
registers StableHLO, CHLO, MHLO, Shardy and MPMD in it, about 4 ms on this machine. In PyNative
mode each op of a new shape or dtype is such a program, so the context was a sixth of a one-op
compile (20-25 ms) and a third of a one-op program loaded from the persistent compilation cache
(11 ms). :func:`install` makes JAX's lowering (``ModuleContext``, when no context is given)
take this thread's context instead. A context keeps the types and attributes uniqued in it, so
each is replaced by a fresh one after ``LOWERINGS_PER_CONTEXT`` lowerings (the modules lowered
before keep theirs alive as long as they are referenced). Contexts are per thread, so two
threads never lower into the same one. ``MSCOMPAT_SHARED_MLIR_CONTEXT=0`` leaves JAX as it is.
"""
import functools
import inspect
import os
import threading

from jax._src.interpreters import mlir as _mlir

LOWERINGS_PER_CONTEXT = 256

_local = threading.local()


def thread_context():
    """This thread's MLIR context for the next lowering (a fresh one every
    ``LOWERINGS_PER_CONTEXT`` calls)."""
    uses = getattr(_local, "uses", LOWERINGS_PER_CONTEXT)
    if uses >= LOWERINGS_PER_CONTEXT:
        _local.context, uses = _mlir.make_ir_context(), 0
    _local.uses = uses + 1
    return _local.context


def install():
    """Make ``jax._src.interpreters.mlir.ModuleContext`` take :func:`thread_context` when the caller
    gives none. Returns False (JAX unchanged) where the switch is off or this JAX's
    ``ModuleContext`` does not take a ``context`` argument."""
    if os.environ.get("MSCOMPAT_SHARED_MLIR_CONTEXT", "") == "0":
        return False
    cls = getattr(_mlir, "ModuleContext", None)
    if cls is None or getattr(cls.__init__, "_mscompat_context", False) \
            or "context" not in inspect.signature(cls.__init__).parameters:
        return False
    original = cls.__init__

    @functools.wraps(original)
    def __init__(self, *args, context=None, module=None, **kwargs):
        if context is None and module is None:
            context = thread_context()
        original(self, *args, context=context, module=module, **kwargs)

    __init__._mscompat_context = True
    cls.__init__ = __init__
    return True
