"""Worker processes for Python transforms (``python_multiprocessing=True``).

Workers are forked when an epoch starts, so the transform (any callable, closures included) is
inherited rather than pickled; rows travel through pipes.  Results come back in order.  A
worker's exception reaches the user as a RuntimeError carrying the worker's traceback; a worker
that dies (killed, crashed) gives a RuntimeError naming it, and the pool is shut down so no
process is left behind.
"""
import itertools
import multiprocessing
import os
import traceback
import warnings
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

_FN = None


class _WorkerFailure:
    """What a worker sends back instead of results when the transform raised."""

    def __init__(self, exc):
        self.type_name = type(exc).__name__
        self.message = str(exc)
        self.trace = traceback.format_exc()
        self.pid = os.getpid()
        try:  # keep the original exception when it can travel
            import pickle
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


def ordered_process_parallel(items, fn, workers, chunk, window):
    """``map(fn, items)`` on ``workers`` forked processes, in order, at most ``window`` chunks ahead."""
    ctx = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_init, initargs=(fn,))
    pending = deque()
    procs = {}  # every worker process ever started, so all of them are reaped at the end
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
                if len(procs) < workers:
                    procs.update(getattr(pool, "_processes", None) or {})
            if not pending:
                break
            try:
                result = pending.popleft().result()
            except BrokenProcessPool as exc:
                raise RuntimeError("A dataset worker process terminated unexpectedly (killed or crashed); the "
                                   "pipeline was stopped and its workers shut down.") from exc
            if isinstance(result, _WorkerFailure):
                _raise_failure(result)
            yield from result
    finally:
        for f in pending:
            f.cancel()
        procs.update(getattr(pool, "_processes", None) or {})
        _shutdown(pool, list(procs.values()))


def _shutdown(pool, procs):
    # stop the known workers first, then let the pool's manager thread wind down and reap
    # every process it started (including any it spawned after ``procs`` was taken)
    for p in procs:
        if p.is_alive():
            p.terminate()
    try:
        pool.shutdown(wait=True, cancel_futures=True)
    except Exception:  # pylint: disable=broad-except
        pass
    for p in procs:
        p.join(timeout=5)
        if p.is_alive():
            p.kill()
            p.join(timeout=5)
