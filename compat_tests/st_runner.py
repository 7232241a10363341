"""MindSpore's own system tests (``tests/st``, the ``cpu_linux``-marked tests) on real MindSpore
and on mscompat.

    python -m compat_tests.st_runner --repo PATH [--sample 300] [--seed 0] [--side both]
                                     [--out compat_tests/st_results.json] [--timeout 300]
                                     [--jobs N] [--only REGEX] [--rerun] [--table]

``PATH`` is a checkout of MindSpore's source repository (its ``tests/`` folder is used as is,
unmodified; nothing is downloaded). The runner lists the test files under ``tests/st`` that
mark a test ``cpu_linux``, draws a seeded sample spread over every folder (each folder gets a
share proportional to its size, at least ``--min-per-folder``), and runs each file with pytest
(``-m cpu_linux``, one process per file and side, JUnit XML for per-test outcomes):

* ``mindspore``: the oracle interpreter (real MindSpore 2.10 CPU, numpy 1.x) — the baseline;
* ``mscompat``: this interpreter with ``-p mscompat.alias``, so ``import mindspore`` is mscompat.

Results are merged into ``--out`` (a run can be resumed; files already there are skipped) and
``--table`` prints, per folder, how many of the tests that pass on MindSpore pass on mscompat,
with each remaining failure's first error line.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import pathlib
import random
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "compat_tests" / "st_results.json"


def list_files(repo):
    st = pathlib.Path(repo) / "tests" / "st"
    out = []
    for p in sorted(st.rglob("test_*.py")):
        try:
            text = p.read_text(errors="replace")
        except OSError:
            continue
        if "cpu_linux" in text:
            out.append(p.relative_to(repo).as_posix())
    return out


def folder(path):
    return path.split("/")[2]


def sample(files, n, seed, min_per_folder=3):
    by = collections.defaultdict(list)
    for f in files:
        by[folder(f)].append(f)
    rng = random.Random(seed)
    total = len(files)
    chosen = []
    for fold in sorted(by):
        group = sorted(by[fold])
        k = max(min_per_folder, round(n * len(group) / total))
        chosen += rng.sample(group, min(k, len(group)))
    return sorted(chosen)


def interleave(files):
    """Round-robin over folders (each folder's files in order), so that a partial run covers
    every folder."""
    by = collections.defaultdict(list)
    for f in files:
        by[folder(f)].append(f)
    queues = [by[k] for k in sorted(by)]
    out = []
    for i in range(max((len(q) for q in queues), default=0)):
        out += [q[i] for q in queues if i < len(q)]
    return out


def _outcomes(xml_path):
    """``{test id: (outcome, first error line)}`` from a JUnit XML file."""
    res = {}
    if not os.path.exists(xml_path):
        return res
    try:
        tree = ET.parse(xml_path)
    except ET.ParseError:
        return res
    for tc in tree.iter("testcase"):
        tid = f"{tc.get('classname', '')}::{tc.get('name', '')}"
        outcome, msg = "passed", ""
        for tag in ("failure", "error", "skipped"):
            el = tc.find(tag)
            if el is not None:
                outcome = {"failure": "failed", "error": "error", "skipped": "skipped"}[tag]
                text = (el.text or "").strip().splitlines()
                errs = [ln.strip() for ln in text if re.match(r"^E\s+\w*(Error|Exception)", ln.strip())]
                msg = errs[-1] if errs else (el.get("message") or (text[-1] if text else ""))
                msg = msg[:240]
                break
        res[tid] = (outcome, msg)
    return res


def run_file(repo, path, side, timeout):
    oracle = os.environ.get("MSCOMPAT_ORACLE_PYTHON") or str(ROOT / ".oracle" / "bin" / "python")
    with tempfile.TemporaryDirectory(prefix="st_") as d:
        xml = os.path.join(d, "r.xml")
        py = oracle if side == "mindspore" else sys.executable
        cmd = [py, "-m", "pytest", "-q", "-x" if False else "-q", "-m", "cpu_linux", "-p", "no:cacheprovider",
               "--rootdir", str(repo), f"--junitxml={xml}", "-o", "addopts=", path]
        if side == "mscompat":
            cmd[3:3] = ["-p", "mscompat.alias"]
        env = dict(os.environ, PYTHONPATH=f"{repo}{os.pathsep}{ROOT}", GLOG_v="3")
        env.pop("XLA_FLAGS", None)
        t = time.monotonic()
        try:
            proc = subprocess.run(cmd, cwd=str(repo), env=env, capture_output=True, text=True, timeout=timeout)
            tail = (proc.stdout + proc.stderr)[-1500:]
            rc = proc.returncode
        except subprocess.TimeoutExpired:
            tail, rc = f"timed out after {timeout} s", "timeout"
        outs = _outcomes(xml)
        if not outs:   # collection failed or the process died: the file counts as one failed test
            err = [ln for ln in tail.splitlines() if "Error" in ln or "error" in ln][-1:] or [tail[-200:]]
            outs = {f"{path}::<collection>": ("error", err[0][:240])}
        return {"rc": rc, "seconds": round(time.monotonic() - t, 1), "tests": outs}


def _numpy2_id(tid):
    """The id pytest gives the same parametrized test under NumPy 2, where ``np.bool_`` is named
    ``bool`` (ids made from dtypes read ``[bool_-0]`` on the NumPy 1.x oracle)."""
    name, sep, params = tid.partition("[")
    return name + sep + re.sub(r"\bbool_\b", "bool", params) if sep else tid


def table(results):
    per = collections.defaultdict(lambda: [0, 0])
    nfiles = collections.Counter()
    lines, fails = [], []
    for path, sides in sorted(results.items()):
        ms, mc = sides.get("mindspore"), sides.get("mscompat")
        if not ms or not mc:
            continue
        nfiles[folder(path)] += 1
        per[folder(path)]   # a folder whose files pass no test on MindSpore still shows
        for tid, (o, _) in ms["tests"].items():
            if o != "passed":
                continue
            got = mc["tests"].get(tid) or mc["tests"].get(_numpy2_id(tid),
                                                          ("missing", "not run (file failed to collect or crashed)"))
            if got[0] == "missing" and len(mc["tests"]) == 1:
                got = next(iter(mc["tests"].values()))
            per[folder(path)][0] += 1
            if got[0] == "passed":
                per[folder(path)][1] += 1
            else:
                fails.append(f"{tid}: {got[0]}: {got[1]}")
    tot_b = sum(v[0] for v in per.values())
    tot_p = sum(v[1] for v in per.values())
    lines.append(f"{'folder':24s} {'files':>5s} {'pass on MS':>10s} {'pass on msc':>11s} {'rate':>7s}")
    for fold, (b, p) in sorted(per.items()):
        lines.append(f"{fold:24s} {nfiles[fold]:5d} {b:10d} {p:11d} {100.0 * p / max(b, 1):6.1f}%")
    lines.append(f"{'TOTAL':24s} {sum(nfiles.values()):5d} {tot_b:10d} {tot_p:11d} "
                 f"{100.0 * tot_p / max(tot_b, 1):6.1f}%")
    return "\n".join(lines), fails


_CAUSES = (   # (cause, pattern on the first error line), first match wins
    ("test code uses a NumPy 1.x name (the mscompat env has NumPy 2)", r"was removed in the NumPy 2\.0"),
    ("missing module", r"ModuleNotFoundError|No module named"),
    ("missing name", r"ImportError|has no attribute|cannot import name"),
    ("JAX tracer leak / tracer in Python code", r"Tracer|tracer"),
    ("GRAPH_MODE syntax / JIT Fallback limits", r"Unsupported statement|JIT strict mode|cannot read the value"),
    ("wrong result (assertion)", r"^assert|AssertionError|Mismatched|not close"),
    ("wrong or missing exception", r"DID NOT RAISE|Failed: DID NOT"),
    ("timeout / crash", r"timed out|Fatal|Segmentation|core dumped"),
    ("other TypeError", r"TypeError"),
    ("other ValueError", r"ValueError"),
    ("other RuntimeError", r"RuntimeError"),
)


def causes(fails):
    """The failures grouped by cause: ``{cause: {normalized first error line: [test ids]}}``."""
    out = collections.defaultdict(lambda: collections.defaultdict(list))
    for line in fails:
        tid, _, msg = line.partition(": ")
        msg = msg.partition(": ")[2] or msg
        cause = next((c for c, pat in _CAUSES if re.search(pat, msg)), "other")
        key = re.sub(r"^E\s+", "", (msg.strip().splitlines() or [""])[0])
        key = re.sub(r"\(/[^)]*\)|/\S+", "", key)[:160]
        out[cause][key].append(tid)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", default=os.environ.get("MSCOMPAT_ST_REPO"))
    ap.add_argument("--sample", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--min-per-folder", type=int, default=3)
    ap.add_argument("--side", choices=("mindspore", "mscompat", "both"), default="both")
    ap.add_argument("--out", default=str(DEFAULT_OUT))
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--only", default="", help="regex: run only sampled files matching it")
    ap.add_argument("--table", action="store_true", help="print the table of --out and exit")
    ap.add_argument("--causes", action="store_true", help="with --table: failures grouped by cause")
    ap.add_argument("--jobs", type=int, default=1, help="files run at the same time")
    ap.add_argument("--rerun", action="store_true",
                    help="run the selected files again on the chosen side(s), replacing their results")
    args = ap.parse_args(argv)
    results = json.load(open(args.out)) if os.path.exists(args.out) else {}
    if args.table:
        text, fails = table(results)
        print(text)
        print(f"\n{len(fails)} tests pass on MindSpore and fail on mscompat:")
        if args.causes:
            for cause, groups in sorted(causes(fails).items(), key=lambda kv: -sum(map(len, kv[1].values()))):
                print(f"\n{cause}: {sum(map(len, groups.values()))} tests")
                for key, tids in sorted(groups.items(), key=lambda kv: -len(kv[1])):
                    files = sorted({t.rsplit('::', 1)[0] for t in tids})
                    print(f"  {len(tids):4d}  {key}  [{', '.join(files[:3])}{', ...' if len(files) > 3 else ''}]")
        else:
            print("\n".join(fails))
        return 0
    if not args.repo:
        ap.error("--repo (or MSCOMPAT_ST_REPO) must name a checkout of MindSpore's source repository")
    files = interleave(sample(list_files(args.repo), args.sample, args.seed, args.min_per_folder))
    if args.only:
        files = [f for f in files if re.search(args.only, f)]
    sides = ("mindspore", "mscompat") if args.side == "both" else (args.side,)
    print(f"{len(files)} test files sampled from tests/st (seed {args.seed})", flush=True)
    todo = [(path, side) for path in files for side in sides
            if args.rerun or side not in results.get(path, {})]
    order = {path: i for i, path in enumerate(files)}
    fresh = []   # what this process ran: only these entries are written back

    def save():
        # merge with what is on disk now, so that two runners (e.g. a --rerun beside the main run)
        # do not drop each other's results
        disk = json.load(open(args.out)) if os.path.exists(args.out) else {}
        for p, side in fresh:
            disk.setdefault(p, {})[side] = results[p][side]
        tmp = f"{args.out}.{os.getpid()}.tmp"
        with open(tmp, "w") as f:
            json.dump(disk, f, indent=0, sort_keys=True)
        os.replace(tmp, args.out)

    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futs = {pool.submit(run_file, args.repo, path, side, args.timeout): (path, side)
                for path, side in todo}
        for fut in concurrent.futures.as_completed(futs):
            path, side = futs[fut]
            r = fut.result()
            results.setdefault(path, {})[side] = r
            fresh.append((path, side))
            n_pass = sum(o == "passed" for o, _ in r["tests"].values())
            print(f"[{order[path] + 1}/{len(files)}] {side:9s} {path}: {n_pass}/{len(r['tests'])} passed "
                  f"({r['seconds']} s)", flush=True)
            save()
    print(table(results)[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
