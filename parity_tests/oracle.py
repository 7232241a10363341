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
    for p in sorted(files):
        h.update(p.relative_to(HERE).as_posix().encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def load_results():
    """``(results, reason)``: the oracle's results, or None and why there are none."""
    py = oracle_python()
    if py is None:
        return None, ("real MindSpore oracle not found: run the README's test command (it creates .oracle/) "
                      "or set MSCOMPAT_ORACLE_PYTHON")
    CACHE.mkdir(exist_ok=True)
    out = CACHE / f"{_tables_hash()}.json"
    if not out.exists():
        env = dict(os.environ, PYTHONPATH=str(ROOT), GLOG_v="3")
        proc = subprocess.run([py, str(HERE / "oracle_worker.py"), str(out)], cwd=str(ROOT), env=env,
                              capture_output=True, text=True, timeout=1800)
        if proc.returncode != 0 or not out.exists():
            raise RuntimeError(f"the MindSpore oracle failed (exit {proc.returncode}):\n{proc.stderr[-4000:]}")
    with open(out) as f:
        return json.load(f), None
