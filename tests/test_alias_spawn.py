"""The ``mindspore`` alias carries to child processes: multiprocessing spawn and forkserver
children of a ``python -m mscompat`` script, its plain subprocesses, and the workers (with
their own spawn children) that ``python -m mscompat.run`` starts with python's own options.
Real MindSpore is not installed next to mscompat here, so a child without the alias fails."""
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from tests._mp_util import free_port

ROOT = pathlib.Path(__file__).resolve().parent.parent

CHILD_SCRIPT = textwrap.dedent("""
    import multiprocessing as mp
    import subprocess
    import sys

    import mindspore


    def child(q):
        import mindspore
        import mindspore.nn
        q.put(f"{mindspore.__name__} {mindspore.nn.__name__} {mindspore.__file__}")


    if __name__ == "__main__":
        assert mindspore.__name__ == "mscompat"
        for method in sys.argv[1].split(","):
            ctx = mp.get_context(method)
            q = ctx.Queue()
            p = ctx.Process(target=child, args=(q,))
            p.start()
            p.join(120)
            print(method, p.exitcode, q.get(timeout=10) if p.exitcode == 0 else "failed", flush=True)
        out = subprocess.run([sys.executable, "-c", "import mindspore; print(mindspore.__name__)"],
                             capture_output=True, text=True, timeout=120)
        print("subprocess", out.stdout.strip() or out.stderr.strip().splitlines()[-1], flush=True)
""")


def _env():
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _check(out, methods):
    for method in methods:
        line = next((ln for ln in out.splitlines() if ln.startswith(method + " ")), None)
        assert line is not None, out[-3000:]
        assert line.split()[1:4] == ["0", "mscompat", "mscompat.nn"], line
        assert line.split()[4].endswith(os.path.join("mscompat", "__init__.py")), line
    assert "subprocess mscompat" in out, out[-3000:]


def test_spawn_and_forkserver_children_of_aliased_script_get_mscompat(tmp_path):
    script = tmp_path / "parent.py"
    script.write_text(CHILD_SCRIPT)
    r = subprocess.run([sys.executable, "-m", "mscompat", str(script), "spawn,forkserver"], capture_output=True,
                       text=True, env=_env(), cwd=str(tmp_path), timeout=400)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    _check(r.stdout, ["spawn", "forkserver"])


@pytest.mark.slow      # ~40 s: a launcher, a worker and its spawn child each import jax
def test_launcher_workers_started_with_python_options_get_mscompat(tmp_path):
    script = tmp_path / "worker.py"
    script.write_text(CHILD_SCRIPT)
    log_dir = tmp_path / "logs"
    cmd = [sys.executable, "-m", "mscompat.run", "--worker_num=1", "--local_worker_num=1", "--master_addr=127.0.0.1",
           f"--master_port={free_port()}", f"--log_dir={log_dir}", "--join=True", "--cluster_time_out=60",
           "python", "-u", str(script), "spawn"]
    r = subprocess.run(cmd, capture_output=True, text=True, env=_env(), cwd=str(tmp_path), timeout=400)
    log = (log_dir / "worker_0.log").read_text()
    assert r.returncode == 0, r.stdout[-2000:] + log[-3000:]
    _check(log, ["spawn"])
