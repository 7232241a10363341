"""mscompat.multiprocessing (``mindspore.multiprocessing``): Python's multiprocessing whose ``fork``
children can run mscompat ops even after the JAX runtime started in the parent."""
import multiprocessing
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mscompat as ms
import mscompat.multiprocessing as mp
from mscompat import ops

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _log_in_child(q_in, q_out):
    x = q_in.get()
    q_out.put((ops.log(x * 2), os.environ.get("MSC_TEST_HOOK")))


def _hook():
    os.environ["MSC_TEST_HOOK"] = "ran"


def _log(x):
    return ops.log(x)


def test_reexports_the_standard_api():
    assert mp.__all__ == multiprocessing.__all__
    assert issubclass(mp.Process, multiprocessing.Process)
    assert issubclass(mp.Pool, multiprocessing.pool.Pool)
    assert mp.Pipe is multiprocessing.Pipe and mp.get_start_method is multiprocessing.get_start_method


def test_import_does_not_start_the_jax_runtime():
    # what lets a fork child (from the clean server) run JAX: importing mscompat starts no JAX client
    code = ("import mscompat, mscompat.nn, mscompat.ops, mscompat.train, mscompat.dataset\n"
            "from jax._src import xla_bridge\n"
            "assert not xla_bridge.backends_are_initialized()\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=300)


@pytest.fixture
def fork_method():
    before = multiprocessing.get_start_method(allow_none=True)
    mp.set_start_method("fork", force=True)
    yield
    mp.set_start_method(before, force=True)


def test_fork_child_after_jax_started(fork_method):
    assert float(ops.log(ms.Tensor(2.0))) == pytest.approx(np.log(2.0))   # the runtime is live here
    q_in, q_out = mp.Queue(), mp.Queue()
    mp.Process._child_at_fork_func = _hook
    try:
        p = mp.Process(target=_log_in_child, args=(q_in, q_out))
        p.start()
    finally:
        mp.Process._child_at_fork_func = None
    q_in.put(ms.Tensor([1.0, 2.0], ms.float32))
    y, hook = q_out.get(timeout=120)
    assert hook == "ran" and "MSC_TEST_HOOK" not in os.environ
    p.join(60)
    assert p.exitcode == 0
    assert isinstance(y, ms.Tensor) and y.dtype == ms.float32
    np.testing.assert_allclose(y.asnumpy(), np.log([2.0, 4.0]), rtol=1e-6)


def test_pool_map_after_jax_started(fork_method):
    with mp.Pool(processes=2) as pool:
        out = pool.map(_log, [ms.Tensor(2.0), ms.Tensor(3.0)])
    np.testing.assert_allclose([o.asnumpy() for o in out], np.log([2.0, 3.0]), rtol=1e-6)


def test_unpicklable_target_after_jax_started_says_why(fork_method):
    ops.log(ms.Tensor(2.0))
    p = mp.Process(target=lambda: None)
    with pytest.raises((AttributeError, TypeError, multiprocessing.reduction.pickle.PicklingError)) as info:
        p.start()
    assert any("clean server" in n for n in getattr(info.value, "__notes__", []))


def test_plain_fork_before_jax_started():
    # no JAX op ran in the parent yet: the child is a real fork (a closure target works) and it
    # runs the user's _child_at_fork_func first
    code = textwrap.dedent("""
        import mscompat as ms, mscompat.multiprocessing as mp
        from mscompat import ops
        mp.set_start_method("fork", force=True)
        mp.Process._child_at_fork_func = lambda: print("hook", flush=True)
        q = mp.Queue()
        def child():
            q.put(float(ops.log(ms.Tensor(2.0))))
        p = mp.Process(target=child)
        p.start()
        print(round(q.get(timeout=120), 4), flush=True)
        p.join(60)
        print("exit", p.exitcode)
    """)
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", code], check=True, cwd=ROOT, timeout=300,
                         capture_output=True, text=True).stdout.split()
    assert out == ["hook", "0.6931", "exit", "0"]
