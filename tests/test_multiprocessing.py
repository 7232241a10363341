"""mscompat.multiprocessing (``mindspore.multiprocessing``): Python's multiprocessing whose ``fork``
children can run mscompat ops even after the JAX runtime started in the parent."""
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mscompat as ms
import mscompat.multiprocessing as mp
from mscompat import ops

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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


def _run_isolated(code, tmp_path=None, timeout=300):
    """Run ``code`` in a fresh interpreter in its own process group (the fork server and its
    children included), killed as a group if it outlasts ``timeout``: the test never hangs, and the
    suite's own state (threads, start method, other tests' pools) does not reach the children.
    With ``tmp_path`` the code runs as a script file there, so that children can import the
    functions it defines (as a user's script)."""
    code = textwrap.dedent(code)
    if tmp_path is None:
        cmd = [sys.executable, "-W", "ignore", "-c", code]
    else:
        script = tmp_path / "mp_script.py"
        script.write_text(code)
        cmd = [sys.executable, "-W", "ignore", str(script)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        pytest.fail(f"timed out after {timeout} s:\n{out[-2000:]}\n{err[-3000:]}")
    assert proc.returncode == 0, err[-3000:]
    return out.split()


_AFTER_JAX = """
    import os, multiprocessing
    import numpy as np
    import mscompat as ms, mscompat.multiprocessing as mp
    from mscompat import ops

    def log_in_child(q_in, q_out):
        x = q_in.get()
        q_out.put((ops.log(x * 2), os.environ.get("MSC_TEST_HOOK")))

    def hook():
        os.environ["MSC_TEST_HOOK"] = "ran"

    def log(x):
        return ops.log(x)

    if __name__ == "__main__":
        mp.set_start_method("fork", force=True)
        assert abs(float(ops.log(ms.Tensor(2.0))) - np.log(2.0)) < 1e-6     # the runtime is live here
        {body}
"""


def test_fork_child_after_jax_started(tmp_path):
    body = """
        q_in, q_out = mp.Queue(), mp.Queue()
        mp.Process._child_at_fork_func = hook
        try:
            p = mp.Process(target=log_in_child, args=(q_in, q_out))
            p.start()
        finally:
            mp.Process._child_at_fork_func = None
        q_in.put(ms.Tensor([1.0, 2.0], ms.float32))
        y, ran = q_out.get(timeout=240)
        p.join(60)
        print(ran, "MSC_TEST_HOOK" in os.environ, p.exitcode, type(y).__name__, y.dtype)
        print(np.allclose(y.asnumpy(), np.log([2.0, 4.0]), rtol=1e-6))
    """
    assert _run_isolated(_AFTER_JAX.replace("{body}", body.strip()), tmp_path) == \
        ["ran", "False", "0", "Tensor", "Float32", "True"]


def test_pool_map_after_jax_started(tmp_path):
    body = """
        with mp.Pool(processes=2) as pool:
            out = pool.map_async(log, [ms.Tensor(2.0), ms.Tensor(3.0)]).get(timeout=240)
        print(np.allclose([o.asnumpy() for o in out], np.log([2.0, 3.0]), rtol=1e-6))
    """
    assert _run_isolated(_AFTER_JAX.replace("{body}", body.strip()), tmp_path) == ["True"]


def test_unpicklable_target_after_jax_started_says_why(tmp_path):
    body = """
        p = mp.Process(target=lambda: None)
        try:
            p.start()
        except (AttributeError, TypeError, multiprocessing.reduction.pickle.PicklingError) as e:
            print(any("clean server" in n for n in getattr(e, "__notes__", [])))
    """
    assert _run_isolated(_AFTER_JAX.replace("{body}", body.strip()), tmp_path) == ["True"]


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
    assert _run_isolated(code) == ["hook", "0.6931", "exit", "0"]
