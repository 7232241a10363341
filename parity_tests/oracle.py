"""Finding the oracle (real MindSpore in its own numpy-1.x environment) and running it.

The oracle interpreter is ``$MSCOMPAT_ORACLE_PYTHON`` or ``<repo>/.oracle/bin/python``
(made by the README's test command). Results are cached per table: a table's key hashes
its own file and the files every table shares (harness, worker, ``cases/_*.py``), so
changing one table reruns MindSpore on that table only. Without an oracle, parity tests
skip with one reason, unless ``MSCOMPAT_REQUIRE_ORACLE=1`` (CI), where that is an error.

The test session starts the oracle in the background as soon as collection is done
(:func:`start`, from the root ``conftest.py``), so MindSpore computes the cases while
``tests/`` runs; the first parity test waits for it (:func:`load_results`). Each table
finished prints one progress line.
"""
import hashlib
import json
import os
import pathlib
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
HERE = pathlib.Path(__file__).resolve().parent
CACHE = HERE / ".oracle_cache"

_run = {"thread": None, "error": None, "out": None}


def oracle_python():
    env = os.environ.get("MSCOMPAT_ORACLE_PYTHON")
    cand = pathlib.Path(env) if env else ROOT / ".oracle" / "bin" / "python"
    return str(cand) if cand.exists() else None


def _shared_hash():
    h = hashlib.sha256()
    files = [HERE / "harness.py", HERE / "oracle_worker.py", HERE / "cases" / "__init__.py"]
    files += sorted((HERE / "cases").glob("_*.py"))   # helper modules the tables import
    for p in files:
        h.update(p.relative_to(HERE).as_posix().encode())
        h.update(p.read_bytes())
    return h


def _cache_file(family, shared):
    h = shared.copy()
    h.update((HERE / "cases" / f"{family}.py").read_bytes())
    return CACHE / f"{family}.{h.hexdigest()[:16]}.json"


def _free_port():
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _say(line):
    out = _run["out"]
    data = (line + "\n").encode()
    if out is not None:
        os.write(out, data)
    else:
        sys.stderr.write(line + "\n")


def _run_worker(py, part, comm, families):
    """Run ``oracle_worker.py`` on ``families`` writing ``part``: plainly, or (``comm``) under
    MindSpore's launcher ``msrun`` with one worker, so that ``mindspore.communication.init()`` works.
    The worker's progress lines (one per table, on stderr) are passed on as they come."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), GLOG_v="3", PARITY_ONLY=",".join(families))
    worker = [str(HERE / "oracle_worker.py"), str(part)]
    if not comm:
        proc = subprocess.Popen([py] + worker, cwd=str(ROOT), env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, errors="replace")
        tail = []
        for line in proc.stderr:
            if line.startswith("oracle: "):
                _say(line.rstrip())
            else:
                tail = (tail + [line])[-200:]
        proc.wait()
        if proc.returncode != 0 or not part.exists():
            raise RuntimeError(f"the MindSpore oracle failed (exit {proc.returncode}):\n{''.join(tail)[-4000:]}")
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
    _say(f"oracle: {', '.join(families)} (under msrun) done")
    shutil.rmtree(logdir, ignore_errors=True)


def _fill(py, families):
    """Run MindSpore on the tables of ``families`` that have no cached results."""
    from parity_tests.cases import all_cases, needs_comm
    CACHE.mkdir(exist_ok=True)
    shared = _shared_hash()
    missing = [f for f in families if not _cache_file(f, shared).exists()]
    if not missing:
        return
    family_of = {c.name: c.family for c in all_cases() if c.family in missing}
    t0 = time.monotonic()
    _say(f"oracle: real MindSpore computes {len(family_of)} parity cases of {len(missing)} tables "
         f"({len(families) - len(missing)} tables cached)")
    for comm in (False, True):
        group = [f for f in missing if needs_comm(f) == comm]
        if not group:
            continue
        part = CACHE / f"run.{'comm' if comm else 'plain'}.{os.getpid()}.part"
        part.unlink(missing_ok=True)
        _run_worker(py, part, comm, group)
        with open(part) as f:
            res = json.load(f)
        part.unlink()
        per = {f: {} for f in group}
        for name, result in res["cases"].items():
            per[family_of[name]][name] = result
        for f in group:
            out = _cache_file(f, shared)
            tmp = out.with_suffix(f".{os.getpid()}.tmp")
            with open(tmp, "w") as fh:
                json.dump({"mindspore_version": res["mindspore_version"], "cases": per[f]}, fh)
            os.replace(tmp, out)
    _say(f"oracle: done in {time.monotonic() - t0:.0f} s")


def start():
    """Start computing the missing tables in a background thread (no-op without an oracle)."""
    py = oracle_python()
    if py is None or _run["thread"] is not None:
        return
    from parity_tests.cases import families
    fams = families()
    try:
        _run["out"] = os.dup(2)    # progress lines go to the terminal, not to a captured test's output
    except OSError:
        _run["out"] = None

    def body():
        try:
            _fill(py, fams)
        except BaseException as e:   # reported by load_results, in the test that needs it
            _run["error"] = e

    _run["thread"] = threading.Thread(target=body, name="mindspore-oracle", daemon=True)
    _run["thread"].start()


def load_results():
    """``(results, reason)``: the oracle's results, or None and why there are none.

    Tables with ``NEEDS_COMM = True`` run in a second worker launched by ``msrun`` (one
    worker, communication initialized); the others in the plain worker; results are merged."""
    py = oracle_python()
    if py is None:
        return None, ("real MindSpore oracle not found: run the README's test command (it creates .oracle/) "
                      "or set MSCOMPAT_ORACLE_PYTHON")
    from parity_tests.cases import families
    if _run["thread"] is None:
        start()
    _run["thread"].join()
    if _run["error"] is not None:
        raise _run["error"]
    shared = _shared_hash()
    merged = {"mindspore_version": None, "cases": {}}
    for f in families():
        with open(_cache_file(f, shared)) as fh:
            res = json.load(fh)
        merged["mindspore_version"] = res["mindspore_version"]
        merged["cases"].update(res["cases"])
    return merged, None
