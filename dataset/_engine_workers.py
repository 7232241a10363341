"""Worker processes for Python transforms (``python_multiprocessing=True``).

Workers are forked when the first epoch of an iterator starts, so the transform (any callable,
closures included) is inherited rather than pickled, and they serve that iterator's later epochs;
rows travel through pipes.  Results come back in order.  A
worker's exception reaches the user as a RuntimeError carrying the worker's traceback; a worker
that dies (killed, crashed) gives a RuntimeError naming it, and the pool is shut down so no
process is left behind.  Waiting for a result warns every ``multiprocessing_timeout_interval``
seconds (as MindSpore) and, with ``config.set_worker_timeout(s)``, stops the pipeline with a
RuntimeError after ``s`` seconds instead of hanging on a stuck transform (threads or processes).
"""
import itertools
import logging
import multiprocessing
import os
import queue
import threading
import time
import traceback
import warnings
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
import pickle

from . import _engine_config as config

logger = logging.getLogger("mscompat.dataset")


class WorkerTimeout(RuntimeError):
    """A Python transform did not return within ``config.get_worker_timeout()`` seconds."""


def wait_result(future, what):
    """``future.result()``, waiting as MindSpore does: a warning every
    ``multiprocessing_timeout_interval`` seconds, and (mscompat's ``set_worker_timeout``) a
    :class:`WorkerTimeout` once the limit has passed instead of waiting forever."""
    limit = config.get_worker_timeout()
    interval = config.get_multiprocessing_timeout_interval()
    start = time.monotonic()
    warned = start
    while True:
        now = time.monotonic()
        step = interval - (now - warned)
        if limit:
            step = min(step, limit - (now - start))
        try:
            return future.result(timeout=max(step, 0.0))
        except FutureTimeout:
            now = time.monotonic()
            if limit and now - start >= limit:
                raise WorkerTimeout(
                    f"A Python transform in {what} returned no result within {limit:g} seconds (the limit set by "
                    "mindspore.dataset.config.set_worker_timeout): it may be stuck in a dead loop or waiting "
                    "forever. The pipeline was stopped.") from None
            if now - warned >= interval:
                logger.warning("Has been waiting for data from %s for more than %d seconds. Please check if the "
                               "user defined Python function has a dead loop, or is processing too slowly. If it "
                               "is not a problem, you can adjust the printing frequency of this log via the "
                               "`mindspore.dataset.config.set_multiprocessing_timeout_interval` interface.",
                               what, int(now - start))
                warned = now


class DaemonThreads:
    """A small thread pool whose threads are daemons: a transform stuck forever in one of them
    (abandoned after a :class:`WorkerTimeout`) neither blocks the pipeline's shutdown nor the
    interpreter's exit, as ``ThreadPoolExecutor``'s threads would."""

    def __init__(self, workers, name="mscompat-dataset-worker"):
        self._tasks = queue.SimpleQueue()
        self._threads = [threading.Thread(target=self._loop, name=f"{name}-{i}", daemon=True) for i in range(workers)]
        for t in self._threads:
            t.start()

    def _loop(self):
        while True:
            task = self._tasks.get()
            if task is None:
                return
            future, fn, arg = task
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(arg))
            except BaseException as exc:  # pylint: disable=broad-except
                future.set_exception(exc)

    def submit(self, fn, arg):
        future = Future()
        self._tasks.put((future, fn, arg))
        return future

    def shutdown(self):
        """Idle threads exit; a thread stuck in a transform is left to die with the process."""
        for _ in self._threads:
            self._tasks.put(None)

_FN = None


class _WorkerFailure:
    """What a worker sends back instead of results when the transform raised."""

    def __init__(self, exc):
        self.type_name = type(exc).__name__
        self.message = str(exc)
        self.trace = traceback.format_exc()
        self.pid = os.getpid()
        try:  # keep the original exception when it can travel
            pickle.dumps(exc)
            self.exc = exc
        except Exception:  # pylint: disable=broad-except
            self.exc = None


def _init(fn):
    global _FN  # pylint: disable=global-statement
    _FN = fn


def _run(chunk):
    try:
        return [_FN(x) for x in chunk]
    except BaseException as exc:  # pylint: disable=broad-except
        return _WorkerFailure(exc)


def _raise_failure(failure):
    cause = failure.exc
    while isinstance(cause, RuntimeError) and cause.__cause__ is not None:
        cause = cause.__cause__
    err = RuntimeError("Exception thrown from user defined Python function in dataset (worker process {}). "
                       "{}: {}\nWorker traceback:\n{}".format(failure.pid, failure.type_name, failure.message,
                                                              failure.trace))
    raise err from failure.exc


def fork_available():
    return "fork" in multiprocessing.get_all_start_methods()


class ProcessWorkers:
    """``workers`` forked processes running ``fn``, reused by every pass that asks for them.

    The engine keeps one for each map of an iterator, so its workers are forked once, when the
    first epoch starts, and serve every later epoch; :meth:`close` (called when the iterator ends,
    is stopped or is collected) reaps them.  A worker that dies, or a transform that raises, closes
    the pool before the error reaches the user, so no process outlives a failed pipeline."""

    def __init__(self, fn, workers):
        self.fn, self.workers = fn, workers
        self._pool = None
        self._procs = {}  # every worker process ever started, so all of them are reaped at the end

    def _start(self):
        ctx = multiprocessing.get_context("fork")
        self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx, initializer=_init,
                                         initargs=(self.fn,))

    def map(self, items, chunk, window):
        """``map(fn, items)`` in order, at most ``window`` chunks of ``chunk`` items ahead."""
        if self._pool is None:
            self._start()
        pool = self._pool
        pending = deque()
        failed = True
        try:
            it = iter(items)
            exhausted = False
            while True:
                while not exhausted and len(pending) < window:
                    part = list(itertools.islice(it, chunk))
                    if not part:
                        exhausted = True
                        break
                    with warnings.catch_warnings():
                        # JAX warns on any fork; the workers run only the user's Python/numpy transform
                        warnings.filterwarnings("ignore", message=r"os\.fork\(\) was called", category=RuntimeWarning)
                        pending.append(pool.submit(_run, part))
                    if len(self._procs) < self.workers:
                        self._procs.update(getattr(pool, "_processes", None) or {})
                if not pending:
                    break
                try:
                    result = wait_result(pending.popleft(), "a map worker process")
                except WorkerTimeout:
                    self.close(grace=1.0)   # the stuck worker is terminated, not waited for
                    raise
                except BrokenProcessPool as exc:
                    raise RuntimeError("A dataset worker process terminated unexpectedly (killed or crashed); the "
                                       "pipeline was stopped and its workers shut down.") from exc
                if isinstance(result, _WorkerFailure):
                    _raise_failure(result)
                yield from result
            failed = False
        except GeneratorExit:
            failed = False  # the consumer stopped early (take, a finished zip): the workers stay for the next pass
            raise
        finally:
            for f in pending:
                f.cancel()
            if failed:
                self.close()

    def close(self, grace=None):
        pool, self._pool = self._pool, None
        if pool is not None:
            self._procs.update(getattr(pool, "_processes", None) or {})
            _shutdown(pool, list(self._procs.values()), _GRACE_S if grace is None else grace)
        self._procs = {}


def ordered_process_parallel(items, fn, workers, chunk, window, keep=None):
    """``map(fn, items)`` on ``workers`` forked processes, in order, at most ``window`` chunks ahead.

    With ``keep`` (a :class:`ProcessWorkers` made for ``fn``) its processes serve the pass and stay
    alive afterwards; without it, processes are forked for this pass and reaped at its end."""
    if keep is not None:
        yield from keep.map(items, chunk, window)
        return
    once = ProcessWorkers(fn, workers)
    try:
        yield from once.map(items, chunk, window)
    finally:
        once.close()


_GRACE_S = 10.0  # how long the workers may take to finish the tasks in hand before they are terminated


def _shutdown(pool, procs, grace=_GRACE_S):
    """Stop ``pool`` and reap its processes.  Queued tasks are cancelled and the workers finish the
    one in hand and exit: terminating a worker while it writes a result would leave the pool's
    reader thread waiting forever for the rest of the message.  Workers still alive after
    ``_GRACE_S`` (a transform that never returns) are terminated, then killed."""
    def stop():
        try:
            pool.shutdown(wait=True, cancel_futures=True)
        except Exception:  # pylint: disable=broad-except
            pass
    stopper = threading.Thread(target=stop, name="mscompat-dataset-pool-shutdown", daemon=True)
    stopper.start()
    stopper.join(grace)
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(timeout=5)
        if p.is_alive():
            p.kill()
            p.join(timeout=5)
