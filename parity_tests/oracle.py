"""Finding the oracle (real MindSpore in its own numpy-1.x environment) and running it once.

The oracle interpreter is ``$MSCOMPAT_ORACLE_PYTHON`` or ``<repo>/.oracle/bin/python``
(made by the README's test command). Results are cached per content hash of the case
tables, so a session runs MindSpore once. Without an oracle, parity tests skip with one
reason, unless ``MSCOMPAT_REQUIRE_ORACLE=1`` (CI), where that is an error.
"""
import hashlib
import json
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parent.parent
HERE = pathlib.Path(__file__).resolve().parent
CACHE = HERE / ".oracle_cache"


def oracle_python():
    env = os.environ.get("MSCOMPAT_ORACLE_PYTHON")
    cand = pathlib.Path(env) if env else ROOT / ".oracle" / "bin" / "python"
    return str(cand) if cand.exists() else None


def _tables_hash():
    from parity_tests.cases import families
    h = hashlib.sha256()
    files = [HERE / "harness.py", HERE / "oracle_worker.py", HERE / "cases" / "__init__.py"]
    files += [HERE / "cases" / f"{n}.py" for n in families()]
    files += sorted((HERE / "cases").glob("_*.py"))   # helper modules the tables import
    for p in sorted(files):
        h.update(p.relative_to(HERE).as_posix().encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def _free_port():
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _run_worker(py, part, comm):
    """Run ``oracle_worker.py`` writing ``part``: plainly, or (``comm``) under MindSpore's launcher
    ``msrun`` with one worker, so that ``mindspore.communication.init()`` works."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), GLOG_v="3")
    worker = [str(HERE / "oracle_worker.py"), str(part)]
    if not comm:
        proc = subprocess.run([py] + worker, cwd=str(ROOT), env=env, capture_output=True, text=True, timeout=1800)
        if proc.returncode != 0 or not part.exists():
            raise RuntimeError(f"the MindSpore oracle failed (exit {proc.returncode}):\n{proc.stderr[-4000:]}")
        return
    import shutil
    import tempfile
    bindir = pathlib.Path(py).parent
    msrun = bindir / "msrun"
    if not msrun.exists():
        raise RuntimeError(f"the MindSpore oracle has no launcher {msrun}: it is needed for the NEEDS_COMM tables")
    env["PATH"] = f"{bindir}{os.pathsep}{env.get('PATH', '')}"   # msrun starts the worker with `python`
    logdir = tempfile.mkdtemp(prefix="mscompat_msrun_")   # kept when msrun fails, for its logs
    cmd = [str(msrun), "--worker_num=1", "--local_worker_num=1", f"--master_port={_free_port()}",
           f"--log_dir={logdir}", "--join=True", "--cluster_time_out=120"] + worker + ["--comm"]
    proc = subprocess.run(cmd, cwd=str(ROOT), env=env, capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0 or not part.exists():
        log = pathlib.Path(logdir) / "worker_0.log"
        text = log.read_text(errors="replace") if log.exists() else "(no worker_0.log)"
        text = "\n".join(ln for ln in text.splitlines() if not ln.startswith("[WARNING]"))
        raise RuntimeError(f"the MindSpore oracle under msrun failed (exit {proc.returncode}; logs in {logdir}):\n"
                           f"msrun: {proc.stdout[-2000:]}{proc.stderr[-2000:]}\nworker_0.log: {text[-4000:]}")
    shutil.rmtree(logdir, ignore_errors=True)


def load_results():
    """``(results, reason)``: the oracle's results, or None and why there are none.

    Tables with ``NEEDS_COMM = True`` run in a second worker launched by ``msrun`` (one
    worker, communication initialized); the others in the plain worker; results are merged."""
    py = oracle_python()
    if py is None:
        return None, ("real MindSpore oracle not found: run the README's test command (it creates .oracle/) "
                      "or set MSCOMPAT_ORACLE_PYTHON")
    CACHE.mkdir(exist_ok=True)
    key = _tables_hash()
    out = CACHE / f"{key}.json"
    if not out.exists():
        from parity_tests.cases import families, needs_comm
        kinds = {needs_comm(f) for f in families()}
        merged = {"mindspore_version": None, "cases": {}}
        for comm in sorted(kinds):
            part = CACHE / f"{key}.{'comm' if comm else 'plain'}.{os.getpid()}.part"
            part.unlink(missing_ok=True)
            _run_worker(py, part, comm)
            with open(part) as f:
                res = json.load(f)
            part.unlink()
            merged["mindspore_version"] = res["mindspore_version"]
            merged["cases"].update(res["cases"])
        tmp = out.with_suffix(f".{os.getpid()}.tmp")
        with open(tmp, "w") as f:
            json.dump(merged, f)
        os.replace(tmp, out)
    with open(out) as f:
        return json.load(f), None
