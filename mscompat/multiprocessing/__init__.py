"""``mindspore.multiprocessing``: Python's :mod:`multiprocessing` with fork-aware ``Process`` and
``Pool``.

Everything of :mod:`multiprocessing` is re-exported unchanged (``Queue``, ``Pipe``, ``Manager``,
``set_start_method``, ...); ``Process`` and ``Pool`` are subclasses whose children, when the start
method is ``fork``, ask the kernel to send them ``SIGINT`` when the parent dies (so an orphaned
worker does not linger) and then run ``Process._child_at_fork_func`` if one is set, before the
target runs.

Tensors cross process boundaries by value (pickled as their dtype, shape and bytes): a mscompat
Tensor's data lives in a JAX buffer, so the two processes do not share storage as MindSpore's
shared-memory reduction does; an in-place change in one process is not seen by the other.

Fork and the JAX runtime: JAX's CPU client runs worker threads, and a child forked from a process
where that client is live inherits its locks but not its threads (a compile or a parallel kernel in
the child then blocks forever). So under the ``fork`` start method a child is forked directly only
while the JAX runtime has not started in the parent; once it has, the child is forked from a
clean server process (Python's fork server, with mscompat already imported and the JAX runtime not
started) and the target and its arguments are pickled to it, as under ``forkserver``. A target that
cannot be pickled (a closure, a lambda) then raises the pickling error at ``start()``. For the same
reason the locks, semaphores, events and queues this module makes under ``fork`` are named ones
(as under ``forkserver``), which both kinds of children can open.
"""
import ctypes
import ctypes.util
import io
import multiprocessing as _mp
import os
import pickle
import signal as _signal
import sys
import types as _types
from multiprocessing import *   # noqa: F401,F403  (the whole standard API, re-exported)
from multiprocessing import context as _mp_context
from multiprocessing import forkserver as _mp_forkserver
from multiprocessing import pool as _mp_pool
from multiprocessing import popen_fork as _popen_fork
from multiprocessing import popen_forkserver as _popen_forkserver
from multiprocessing import spawn as _mp_spawn
from multiprocessing import util as _mp_util

from jax._src import xla_bridge as _xla_bridge

__all__ = list(_mp.__all__)

_PR_SET_PDEATHSIG = 1


def _set_parent_death_signal(sig):
    """``prctl(PR_SET_PDEATHSIG, sig)`` on Linux; nothing elsewhere."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(sig), 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _jax_runtime_started():
    started = getattr(_xla_bridge, "backends_are_initialized", None)
    return True if started is None else started()   # unknown: assume started (the safe launch)


# a fork server of mscompat's own (Python's global one keeps the user's preload list)
_clean_server = _mp_forkserver.ForkServer()


def _clean_server_preload():
    """What the server imports before it forks children: every mscompat module this process has
    loaded (so that a child starts with them imported), through the ``mindspore`` placeholder on
    sys.path when the parent has the alias (it installs the alias in the server). None of them
    starts the JAX runtime at import."""
    alias = sys.modules.get("mscompat.alias")
    first = ["mindspore"] if alias is not None and alias.is_installed() else ["mscompat"]
    return first + sorted(name for name, mod in list(sys.modules.items())
                          if name.startswith("mscompat.") and mod is not None)


class _CleanForkPopen(_popen_forkserver.Popen):
    """A ``forkserver`` launch through mscompat's fork server (the process object is pickled, and
    the server forks the child from its clean state)."""

    def _launch(self, process_obj):
        prep = _mp_spawn.get_preparation_data(process_obj._name)
        buf = io.BytesIO()
        _mp_context.set_spawning_popen(self)
        try:
            _mp_context.reduction.dump(prep, buf)
            _mp_context.reduction.dump(process_obj, buf)
        except (AttributeError, TypeError, pickle.PicklingError) as e:
            e.add_note("mscompat.multiprocessing: the JAX runtime has started in this process, so a 'fork' "
                       "child is forked from a clean server and its target, its arguments and "
                       "Process._child_at_fork_func are pickled; define them at module level.")
            raise
        finally:
            _mp_context.set_spawning_popen(None)
        _clean_server.set_forkserver_preload(_clean_server_preload())
        self.sentinel, w = _clean_server.connect_to_new_process(self._fds)
        parent_w = os.dup(w)   # the child watches this end to notice that the parent is gone
        self.finalizer = _mp_util.Finalize(self, _mp_util.close_fds, (parent_w, self.sentinel))
        with open(w, "wb", closefd=True) as f:
            f.write(buf.getbuffer())
        self.pid = _mp_forkserver.read_signed(self.sentinel)


class Process(_mp.Process):   # pylint: disable=function-redefined
    """:class:`multiprocessing.Process` whose forked child dies with its parent and runs
    ``Process._child_at_fork_func`` (a callable set by the user, or ``None``) before its target."""
    _child_at_fork_func = None

    def start(self):
        # a child forked from the clean server gets the hook with the pickled process object
        self._fork_hook = Process._child_at_fork_func
        super().start()

    def run(self):
        if _mp.get_start_method() == "fork":
            _set_parent_death_signal(_signal.SIGINT)
            hook = getattr(self, "_fork_hook", Process._child_at_fork_func)
            if hook is not None and callable(hook):
                hook()   # pylint: disable=not-callable
        super().run()

    @staticmethod
    def _Popen(process_obj):   # pylint: disable=invalid-name
        ctx = _mp_context._default_context.get_context()   # pylint: disable=protected-access
        if ctx.get_start_method() != "fork":
            return ctx.Process._Popen(process_obj)   # pylint: disable=protected-access
        if _jax_runtime_started():
            return _CleanForkPopen(process_obj)
        return _popen_fork.Popen(process_obj)


_MsProcess = Process


# the factories whose objects hold semaphores: under ``fork`` they are made as ``forkserver`` makes
# them (named semaphores), so that a child forked from the clean server can open them too
_SYNC_FACTORIES = ("Lock", "RLock", "Condition", "Semaphore", "BoundedSemaphore", "Event", "Barrier",
                   "Queue", "JoinableQueue", "SimpleQueue")


def _sharable_context(ctx):
    return _mp.get_context("forkserver") if ctx.get_start_method() == "fork" else ctx


class _ForkContext(_mp_context.ForkContext):
    """The ``fork`` context a :class:`Pool` runs in: its processes are this module's
    :class:`Process`, its queues and locks are shareable with clean-server children."""
    Process = Process


def _make_factory(name):
    def factory(*args, **kwargs):
        ctx = _sharable_context(_mp_context._default_context.get_context())   # pylint: disable=protected-access
        return getattr(ctx, name)(*args, **kwargs)
    factory.__name__ = factory.__qualname__ = name
    factory.__doc__ = f"``multiprocessing.{name}`` (made shareable with clean-server children under ``fork``)."
    return factory


def _make_method(name):
    def method(self, *args, **kwargs):   # pylint: disable=unused-argument
        return getattr(_mp.get_context("forkserver"), name)(*args, **kwargs)
    method.__name__ = method.__qualname__ = name
    return method


for _name in _SYNC_FACTORIES:
    globals()[_name] = _make_factory(_name)
    setattr(_ForkContext, _name, _make_method(_name))
del _name

_FORK_CONTEXT = _ForkContext()


class Pool(_mp_pool.Pool):   # pylint: disable=function-redefined,abstract-method
    """:class:`multiprocessing.pool.Pool` whose workers, under the ``fork`` start method, are
    this module's :class:`Process`."""

    def __init__(self, processes=None, initializer=None, initargs=(), maxtasksperchild=None, context=None):
        if context is None and _mp.get_start_method() == "fork":
            context = _FORK_CONTEXT
        super().__init__(processes, initializer, initargs, maxtasksperchild, context)

    def Process(self, *args, **kwds):   # pylint: disable=invalid-name
        if self._ctx.get_start_method() == "fork":
            # since Python 3.8 Pool.Process is a staticmethod taking the context first
            if isinstance(super().Process, _types.FunctionType):
                args = args[1:]
            return _MsProcess(*args, **kwds)
        return super().Process(*args, **kwds)
