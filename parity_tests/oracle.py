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

_run = {"thread": None, "error": None, "out": None, "failed": {}}


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


def read_part(part):
    """``(results, version, done)``: the cases a worker has written to ``part`` so far, MindSpore's
    version and whether the worker finished (also read by the worker when it is restarted)."""
    results, version, done = {}, None, False
    if os.path.exists(part):
        with open(part) as f:
            for ln in f:
                try:
                    rec = json.loads(ln)
                except ValueError:   # a line cut short by the crash
                    continue
                if "case" in rec:
                    results[rec["case"]] = rec["result"]
                else:
                    version = rec.get("mindspore_version", version)
                    done = done or rec.get("done", False)
    return results, version, done


def _run_worker(py, part, comm, families, order):
    """Run ``oracle_worker.py`` on ``families`` (cases ``order``) until it has written every case to
    ``part``; returns ``(results, mindspore_version, error)``: ``error`` is None, or why the cases
    missing from ``results`` have no answer.

    Plainly, or (``comm``) under MindSpore's launcher ``msrun`` with one worker, so that
    ``mindspore.communication.init()`` works. Some of MindSpore's C++ paths crash the process now
    and then (a segfault in a ``TCPStore`` call was seen once in CI and never again): the worker is
    started again and goes on after the cases it wrote; a case that crashes it twice is recorded as
    ``{"t": "crash"}`` (its test is skipped with that reason) and the run goes on after it."""
    crashes, last_error = {}, None
    for _ in range(12):
        _start_worker(py, part, comm, families)
        results, version, done = read_part(part)
        if done:
            return results, version, None
        last_error = _run.pop("worker_error", "")
        pending = [n for n in order if n not in results]
        if not pending:
            return results, None, f"the MindSpore oracle wrote every case but did not finish: {last_error}"
        name = pending[0]
        crashes[name] = crashes.get(name, 0) + 1
        _say(f"oracle: real MindSpore's process died in case {name} (time {crashes[name]}); starting it again")
        if crashes[name] >= 2:
            with open(part, "a") as f:
                f.write("\n" + json.dumps({"case": name, "result": {
                    "t": "crash", "msg": "real MindSpore's process died in this case twice"}}) + "\n")
    results, version, _ = read_part(part)
    return results, version, (f"the MindSpore oracle kept dying ({sum(crashes.values())} times, in "
                              f"{', '.join(sorted(crashes))}): {last_error}")


def _start_worker(py, part, comm, families):
    """One run of the worker; on failure its log's end is left in ``_run["worker_error"]``.
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
        if proc.returncode != 0:
            _run["worker_error"] = f"the worker exited with {proc.returncode}:\n{''.join(tail)[-4000:]}"
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
    if proc.returncode != 0:
        log = pathlib.Path(logdir) / "worker_0.log"
        text = log.read_text(errors="replace") if log.exists() else "(no worker_0.log)"
        text = "\n".join(ln for ln in text.splitlines() if not ln.startswith(("[WARNING]", "parity case ")))
        _run["worker_error"] = (f"msrun exited with {proc.returncode} (logs in {logdir}):\n"
                                f"msrun: {proc.stdout[-2000:]}{proc.stderr[-2000:]}\nworker_0.log: {text[-4000:]}")
        return
    _say(f"oracle: {', '.join(families)} (under msrun) done")
    shutil.rmtree(logdir, ignore_errors=True)


def _fill(py, families):
    """Run MindSpore on the tables of ``families`` that have no cached results. A worker that
    cannot be run fails the tables it was running (``_run["failed"]``), not the others."""
    from parity_tests.cases import all_cases, needs_comm
    CACHE.mkdir(exist_ok=True)
    shared = _shared_hash()
    missing = [f for f in families if not _cache_file(f, shared).exists()]
    if not missing:
        return
    cases = [c for c in all_cases() if c.family in missing]
    family_of = {c.name: c.family for c in cases}
    t0 = time.monotonic()
    _say(f"oracle: real MindSpore computes {len(family_of)} parity cases of {len(missing)} tables "
         f"({len(families) - len(missing)} tables cached)")
    for comm in (False, True):
        group = [f for f in missing if needs_comm(f) == comm]
        if not group:
            continue
        part = CACHE / f"run.{'comm' if comm else 'plain'}.{os.getpid()}.part"
        part.unlink(missing_ok=True)
        try:
            res, version, error = _run_worker(py, part, comm, group, [c.name for c in cases if c.family in group])
        except Exception as e:   # e.g. no msrun: reported by the tests of these tables only
            res, version, error = {}, None, str(e)
        finally:
            part.unlink(missing_ok=True)
        per = {f: {} for f in group}
        for name, result in res.items():
            per[family_of[name]][name] = result
        for f in group:
            if error is not None and len(per[f]) < sum(1 for c in cases if c.family == f):
                _run["failed"][f] = error.split("\n")[0]   # incomplete: its cases fail, nothing cached
                continue
            out = _cache_file(f, shared)
            tmp = out.with_suffix(f".{os.getpid()}.tmp")
            with open(tmp, "w") as fh:
                json.dump({"mindspore_version": version, "cases": per[f]}, fh)
            os.replace(tmp, out)
        if error is not None:
            _say(f"oracle: FAILED for {', '.join(sorted(_run['failed']))}: {error}")
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
    failed = dict(_run["failed"])
    if failed:   # every case of such a table fails with the reason (see test_parity)
        from parity_tests.cases import all_cases
        merged["cases"].update({c.name: {"t": "oracle_failed", "msg": failed[c.family]}
                                for c in all_cases() if c.family in failed})
    for f in families():
        if f in failed:
            continue
        with open(_cache_file(f, shared)) as fh:
            res = json.load(fh)
        merged["mindspore_version"] = res["mindspore_version"]
        merged["cases"].update(res["cases"])
    return merged, None
