"""``python -m mscompat.compare script.py [args]``: where does mscompat first differ from MindSpore?

Runs an unmodified MindSpore script twice, first under real MindSpore (its own interpreter,
``--mindspore-python`` or ``$MSCOMPAT_MINDSPORE_PYTHON``; by default ``.oracle/bin/python`` of
the project), then under mscompat, recording on both sides every op (Primitives, functional
ops, Tensor operators) and every Cell call with their inputs and outputs
(``mscompat/_compare_recorder.py``). The two records are aligned by the Cell each event ran
in and its occurrence there, not by global position (the frameworks may decompose an op
differently), and the first event, in MindSpore's order, whose values differ beyond the
tolerance is reported with its op, Cell path, source line and both values. The inputs of
each op and of each outermost Cell call (the data, the gradients handed to an optimizer) are
compared before its outputs, and after each outermost call the change of every Parameter
(new - old), so a wrong optimizer step shows in the first step, not when the weights have
drifted apart.

Options (before the script)::

    --mindspore-python PATH  real MindSpore's interpreter
    --rtol R --atol A        tolerance: max|mscompat - MindSpore| <= R * max|MindSpore| + A
    --max-records N          record at most N events per side (default 20000)
    --max-elements N         arrays larger than N elements are compared on a strided sample
    --max-mb MB              stop recording a side once its arrays take MB megabytes (1024)
    --out DIR                keep both records and the report in DIR
    --mindspore-record DIR   reuse the MindSpore record of an earlier ``--out DIR`` run
    --inject FILE            run FILE on the mscompat side before the script (a patch to try)
    --keep-modes             keep GRAPH_MODE/jit: compiled calls are compared per outermost Cell
    --no-replay              random ops keep mscompat's own draws
    --ignore OP              do not compare the op OP (repeatable), e.g. a known difference

Exit status: 0 when no divergence is found, 1 when one is (or the script fails on mscompat
only), 2 on usage errors or when the script fails under MindSpore.

Both sides seed ``random`` and ``numpy.random`` identically; Parameters are synchronised: each
one's value at the first call of its outermost Cell on MindSpore is loaded into mscompat's at
the same point, so random initialisation is not reported. Ops that draw random numbers
(dropout, ``ops.uniform``, ...) are not compared: on mscompat each returns MindSpore's draw of
the aligned call (dropout as ``x * (MindSpore's output / x)``, so that gradients use
MindSpore's mask), and the report lists them. By default both sides run in PyNative mode so
that every op is visible.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

from mscompat._compare_recorder import event_key as _key, norm_name

__all__ = ["main", "compare_records", "find_mindspore_python", "DEFAULT_RTOL", "DEFAULT_ATOL"]

# Tolerance policy of whole programs (compat_tests/harness.py): an array agrees when
# max|a - b| <= rtol * max|b| + atol. A training run mixes forward values (2e-4 there) with
# gradients and updated Parameters (2e-3), summed in a different order by XLA and by
# MindSpore's kernels; a wrong op gives errors of order 1e-2 or more.
DEFAULT_RTOL = 2e-3
DEFAULT_ATOL = 1e-6

# Ops whose later outputs are scratch space on MindSpore's CPU kernels (BatchNorm's saved
# mean/variance and reserve outputs hold whatever the buffer held in some paths): only their
# first N outputs are compared.
COMPARED_OUTPUTS = {"batchnorm": 1, "batchnormext": 1, "batchnormwithactivation": 1,
                    "batchnormwithaddandactivation": 1}

_HERE = os.path.dirname(os.path.abspath(__file__))
RECORDER = os.path.join(_HERE, "_compare_recorder.py")
USAGE_EXIT, DIVERGED_EXIT = 2, 1


class UsageError(Exception):
    """A bad command line or environment: exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(f"{self.prog}: error: {message}")


def _parser():
    p = _Parser(prog="python -m mscompat.compare",
                description="Run a MindSpore script on real MindSpore and on mscompat and report the first op "
                            "whose outputs differ.",
                epilog="exit status: 0 no divergence, 1 a divergence (or the script fails on mscompat only), "
                       "2 usage error or the script fails under MindSpore")
    p.add_argument("--mindspore-python", metavar="PATH",
                   help="real MindSpore's Python interpreter (default: $MSCOMPAT_MINDSPORE_PYTHON, "
                        "else .oracle/bin/python of the project or the current directory)")
    p.add_argument("--rtol", type=float, default=DEFAULT_RTOL,
                   help=f"values agree when max|mscompat - MindSpore| <= rtol * max|MindSpore| + atol "
                        f"(default {DEFAULT_RTOL:g})")
    p.add_argument("--atol", type=float, default=DEFAULT_ATOL, help=f"(default {DEFAULT_ATOL:g})")
    p.add_argument("--max-records", type=int, default=20000, metavar="N",
                   help="record at most N events per side (default 20000)")
    p.add_argument("--max-elements", type=int, default=1 << 20, metavar="N",
                   help="arrays larger than N elements are compared on a strided sample")
    p.add_argument("--max-mb", type=float, default=1024.0, metavar="MB",
                   help="stop recording a side once its stored arrays reach MB megabytes")
    p.add_argument("--out", metavar="DIR", help="keep the records and the report in DIR")
    p.add_argument("--mindspore-record", metavar="DIR",
                   help="reuse the MindSpore record (DIR/mindspore of an earlier --out DIR run)")
    p.add_argument("--inject", action="append", default=[], metavar="FILE",
                   help="a Python file run on the mscompat side before the script")
    p.add_argument("--keep-modes", action="store_true",
                   help="keep GRAPH_MODE and jit (compiled calls compared per outermost Cell)")
    p.add_argument("--ignore", action="append", default=[], metavar="OP",
                   help="do not compare the op OP (a Primitive or function name, e.g. BatchNorm)")
    p.add_argument("--no-replay", action="store_true",
                   help="random ops keep mscompat's own draws (by default they return MindSpore's)")
    p.add_argument("--timeout", type=float, default=None, metavar="S", help="time limit of each side's run")
    p.add_argument("script", help="the MindSpore script, run unmodified on both sides")
    p.add_argument("args", nargs=argparse.REMAINDER, help="the script's arguments")
    return p


def find_mindspore_python(explicit=None):
    """The interpreter of real MindSpore: ``explicit``, ``$MSCOMPAT_MINDSPORE_PYTHON``,
    ``$MSCOMPAT_ORACLE_PYTHON``, else ``.oracle/bin/python`` in the current directory or one
    above it, or in the project this module belongs to. Raises UsageError when none exists."""
    for value, what in ((explicit, "--mindspore-python"),
                        (os.environ.get("MSCOMPAT_MINDSPORE_PYTHON"), "MSCOMPAT_MINDSPORE_PYTHON"),
                        (os.environ.get("MSCOMPAT_ORACLE_PYTHON"), "MSCOMPAT_ORACLE_PYTHON")):
        if value:
            if not (os.path.isfile(value) and os.access(value, os.X_OK)):
                raise UsageError(f"{what}={value!r} is not an executable Python interpreter")
            return value
    dirs = []
    d = os.getcwd()
    while True:
        dirs.append(d)
        up = os.path.dirname(d)
        if up == d:
            break
        d = up
    dirs.append(os.path.dirname(_HERE))
    for d in dirs:
        cand = os.path.join(d, ".oracle", "bin", "python")
        if os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    raise UsageError("real MindSpore's interpreter not found: pass --mindspore-python PATH or set "
                     "MSCOMPAT_MINDSPORE_PYTHON to a Python that has MindSpore installed (for example "
                     "python3 -m venv .oracle && .oracle/bin/pip install mindspore==2.10.0)")


# ---------------------------------------------------------------------------------------------
# running the two sides

def _side_env(side):
    env = dict(os.environ)
    env.setdefault("GLOG_v", "3")    # MindSpore's C++ warnings
    parts = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    if side == "mindspore":          # a mscompat alias inherited from `python -m mscompat` must not apply
        parts = [p for p in parts if os.path.basename(os.path.normpath(p)) != "_spawn_path"]
    env["PYTHONPATH"] = os.pathsep.join(parts)
    if not parts:
        del env["PYTHONPATH"]
    return env


def _run_side(side, python, out, a, ref=None):
    cmd = [python, RECORDER, "--side", side, "--out", out, "--max-records", str(a.max_records),
           "--max-elements", str(a.max_elements), "--max-bytes", str(int(a.max_mb * (1 << 20)))]
    if ref:
        cmd += ["--ref", ref]
    if a.keep_modes:
        cmd.append("--keep-modes")
    if a.no_replay and side == "mscompat":
        cmd.append("--no-replay")
    for f in a.inject if side == "mscompat" else ():
        cmd += ["--inject", os.path.abspath(f)]
    cmd += ["--", a.script] + list(a.args)
    os.makedirs(out, exist_ok=True)
    start = time.time()
    with open(os.path.join(out, "stdout.txt"), "w", encoding="utf-8") as so, \
            open(os.path.join(out, "stderr.txt"), "w", encoding="utf-8") as se:
        try:
            proc = subprocess.run(cmd, stdout=so, stderr=se, env=_side_env(side), timeout=a.timeout, check=False)
            rc = proc.returncode
        except subprocess.TimeoutExpired:
            rc = None
    return rc, time.time() - start


def _load(out):
    path = os.path.join(out, "events.json")
    if not os.path.exists(path):
        return None, None
    with open(path, encoding="utf-8") as f:
        meta = json.load(f)
    arrays = np.load(os.path.join(out, "arrays.npz"))
    return meta, arrays


def _tail(out, name="stderr.txt", n=15):
    try:
        with open(os.path.join(out, name), encoding="utf-8", errors="replace") as f:
            lines = [ln for ln in f.read().splitlines() if not ln.startswith("[WARNING]")]
    except OSError:
        return ""
    return "\n".join("    " + ln for ln in lines[-n:])


# ---------------------------------------------------------------------------------------------
# comparison

def _compare_array(got, ref, rtol, atol):
    """None when ``got`` (mscompat) agrees with ``ref`` (MindSpore), else a dict describing how."""
    if got.shape != ref.shape:
        return {"why": f"shape {tuple(got.shape)} != MindSpore's {tuple(ref.shape)}"}
    if got.dtype.kind in "biu" and ref.dtype.kind in "biu" or ref.dtype.kind == "b" or got.dtype.kind == "b":
        if np.array_equal(got.astype(np.int64), ref.astype(np.int64)):
            return None
        bad = np.flatnonzero(got.astype(np.int64).reshape(-1) != ref.astype(np.int64).reshape(-1))
        return {"why": f"{bad.size} of {ref.size} values differ", "at": int(bad[0]), "diff": None}
    g = got.astype(np.complex128 if got.dtype.kind == "c" or ref.dtype.kind == "c" else np.float64)
    r = ref.astype(g.dtype)
    gf, rf = np.isfinite(g), np.isfinite(r)
    if not np.array_equal(gf, rf) or not np.array_equal(np.where(gf, 0, g), np.where(rf, 0, r), equal_nan=True):
        differs = (gf != rf) | (~gf & ~rf & (np.nan_to_num(g) != np.nan_to_num(r)))
        bad = np.flatnonzero(differs.reshape(-1))
        at = int(bad[0]) if bad.size else 0
        return {"why": "non-finite values (NaN/inf) differ", "at": at, "diff": None}
    if not r.size:
        return None
    d = np.abs(np.where(gf, g, 0) - np.where(rf, r, 0))
    scale = float(np.max(np.abs(np.where(rf, r, 0))))
    diff = float(np.max(d))
    if diff <= rtol * scale + atol:
        return None
    at = int(np.argmax(d))
    return {"why": f"max|diff| {diff:.4g} > rtol * max|MindSpore| + atol = {rtol:g} * {scale:.4g} + {atol:g}",
            "at": at, "diff": diff, "rel": diff / scale if scale else float("inf")}


def _compare_values(ms_descs, ours_descs, ms_arrays, our_arrays, rtol, atol, what):
    """First differing value of two lists of array descriptions, or None."""
    if len(ms_descs) != len(ours_descs):
        return {"what": what, "index": None,
                "why": f"{len(ms_descs)} values on MindSpore, {len(ours_descs)} on mscompat"}
    for j, (dm, do) in enumerate(zip(ms_descs, ours_descs)):
        if dm is None or do is None:
            continue
        ref, got = ms_arrays[dm["key"]], our_arrays[do["key"]]
        if dm.get("stride") != do.get("stride"):
            continue
        res = _compare_array(got, ref, rtol, atol)
        if res is None and dm["dtype"] != do["dtype"] and what == "output":
            res = {"why": f"dtype {do['dtype']} != MindSpore's {dm['dtype']}", "at": None}
        if res is not None:
            res.update(what=what, index=j, ms_desc=dm, our_desc=do, ms_value=ref, our_value=got)
            return res
    return None


def _compare_updates(ms_ev, our_ev, ms_arrays, our_arrays, rtol, atol):
    """Parameter updates of one outermost call, matched by Parameter name."""
    ms_map = dict(zip(ms_ev["params"], ms_ev["outs"]))
    our_map = dict(zip(our_ev["params"], our_ev["outs"]))
    for name in ms_ev["params"]:
        if name not in our_map:
            return {"what": "update", "index": None, "param": name,
                    "why": f"Parameter '{name}' changed on MindSpore but not on mscompat"}
        res = _compare_values([ms_map[name]], [our_map[name]], ms_arrays, our_arrays, rtol, atol, "update")
        if res is not None:
            res.update(param=name, index=None)
            res["why"] = f"Parameter '{name}': change (new - old) differs: {res['why']}"
            return res
    extra = [n for n in our_ev["params"] if n not in ms_map]
    if extra:
        return {"what": "update", "index": None, "param": extra[0],
                "why": f"Parameter '{extra[0]}' changed on mscompat but not on MindSpore"}
    return None


def compare_records(ms_meta, ms_arrays, our_meta, our_arrays, rtol=DEFAULT_RTOL, atol=DEFAULT_ATOL, ignore=()):
    """Align the two records and find the first divergence in MindSpore's order.

    Returns a dict: ``compared``, ``random`` (random ops skipped), ``unmatched`` (MindSpore
    events without a mscompat counterpart), ``ignored`` (events of the ops in ``ignore``),
    ``divergence`` (None, or the MindSpore event, the mscompat event and how they differ) and
    ``last_agreeing``."""
    ignore = {norm_name(n) for n in ignore}
    ignored = 0
    ours = {}
    for ev in our_meta["events"]:
        ours.setdefault(_key(ev), ev)
    compared, unmatched, randoms, last_ok = 0, 0, [], None
    for ev in ms_meta["events"]:
        other = ours.get(_key(ev))
        if other is None:
            unmatched += 1
            continue
        if ev.get("random") or other.get("random"):
            randoms.append(ev)
            continue
        if ev["kind"] == "op" and ev["norm"] in ignore:
            ignored += 1
            continue
        compared += 1
        if ev["kind"] == "update":
            diff = _compare_updates(ev, other, ms_arrays, our_arrays, rtol, atol)
            if diff is not None:
                return {"compared": compared, "random": randoms, "unmatched": unmatched, "ignored": ignored,
                        "divergence": {"ms": ev, "ours": other, **diff}, "last_agreeing": last_ok}
            last_ok = ev
            continue
        diff = None
        if len(ev["ins"]) == len(other["ins"]) and all(
                (a is None or b is None or a["shape"] == b["shape"]) for a, b in zip(ev["ins"], other["ins"])):
            diff = _compare_values(ev["ins"], other["ins"], ms_arrays, our_arrays, rtol, atol, "input")
        if diff is None:
            n = COMPARED_OUTPUTS.get(ev["norm"]) if ev["kind"] == "op" else None
            diff = _compare_values(ev["outs"][:n], other["outs"][:n], ms_arrays, our_arrays, rtol, atol, "output")
        if diff is not None:
            return {"compared": compared, "random": randoms, "unmatched": unmatched, "ignored": ignored,
                    "divergence": {"ms": ev, "ours": other, **diff}, "last_agreeing": last_ok}
        last_ok = ev
    return {"compared": compared, "random": randoms, "unmatched": unmatched, "ignored": ignored,
            "divergence": None, "last_agreeing": last_ok}


# ---------------------------------------------------------------------------------------------
# report

def _where(ev):
    return f"{ev['file']}:{ev['line']}" + (f": {ev['code']}" if ev.get("code") else "")


def _cell_text(ev):
    path = ev["cell"]
    root = ev["root"].split("#")[0]
    call = int(ev["root"].split("#")[1]) + 1 if "#" in ev["root"] else None
    if ev["root"] == "<script>":
        return "(outside any Cell)"
    name = f"{root}.{path}" if path else root
    cls = f" ({ev['cell_class']})" if ev.get("cell_class") and path else ""
    occ = f", its call {ev['cell_occ'] + 1} in" if path else ","
    return f"{name}{cls}{occ} call {call} of {root}"


def _event_text(ev):
    if ev["kind"] == "op":
        return f"op {ev['name']}"
    if ev["kind"] == "update":
        return f"Parameter update of a {ev['root'].split('#')[0]} call"
    return f"output of Cell {ev['cell'] or ev['root'].split('#')[0]}" + (
        f" ({ev['cell_class']})" if ev.get("cell_class") else "")


def _short_text(ev):
    """One line: the op (or Cell output), where it ran and its source line."""
    root = ev["root"].split("#")[0]
    call = f", call {int(ev['root'].split('#')[1]) + 1} of {root}" if "#" in ev["root"] else ""
    if ev["kind"] == "op":
        where = f" in {ev['cell']}" if ev["cell"] else (" in " + root if call else "")
        return f"op {ev['name']}{where}{call} ({ev['file']}:{ev['line']})"
    if ev["kind"] == "update":
        return f"Parameter update{call} ({ev['file']}:{ev['line']})"
    return f"output of Cell {ev['cell'] or root}{call} ({ev['file']}:{ev['line']})"


def _values_text(arr, at, n=6):
    flat = np.asarray(arr).reshape(-1)
    if not flat.size:
        return "[]"
    lo = 0 if at is None else max(0, min(at - n // 2, flat.size - n))
    part = flat[lo:lo + n]
    body = ", ".join(f"{v:.7g}" if isinstance(v, (float, np.floating)) else str(v) for v in part.tolist())
    return f"[{'..., ' if lo else ''}{body}{', ...' if lo + n < flat.size else ''}]  (flat index {lo}..)"


def format_report(script, ms_meta, our_meta, result, rtol, atol, timings=None, ms_python=None, ignore=()):
    lines = [f"mscompat.compare: {script}"]
    t = timings or {}
    for side, meta, label in (("mindspore", ms_meta, "MindSpore"), ("mscompat", our_meta, "mscompat")):
        took = f", {t[side]:.1f} s" if side in t else ""
        where = f" ({ms_python})" if side == "mindspore" and ms_python else ""
        trunc = " (recording stopped there: --max-records or --max-mb reached)" if meta.get("truncated") else ""
        lines.append(f"  {label}{where}: {meta['status']}, {len(meta['events'])} events{trunc}{took}")
    lines.append(f"  compared {result['compared']} aligned events (ops and Cell outputs); "
                 f"{result['unmatched']} MindSpore events have no mscompat counterpart (ops decomposed "
                 f"differently; their Cells' outputs are compared)")
    synced = our_meta.get("synced", [])
    if synced:
        shown = ", ".join(synced[:8]) + (f", ... ({len(synced)} in all)" if len(synced) > 8 else "")
        lines.append(f"  parameters synchronised from MindSpore at their first Cell call: {shown}")
    if our_meta.get("unsynced"):
        lines.append(f"  parameters without a MindSpore counterpart (not synchronised): "
                     f"{', '.join(our_meta['unsynced'][:8])}")
    for note in sorted(set(ms_meta.get("notes", [])) | set(our_meta.get("notes", []))):
        lines.append(f"  note: {note}")
    lines.append(f"  tolerance: max|mscompat - MindSpore| <= rtol * max|MindSpore| + atol, rtol={rtol:g}, "
                 f"atol={atol:g}")
    if ignore:
        lines.append(f"  ignored ops (--ignore): {', '.join(ignore)} ({result.get('ignored', 0)} calls not compared)")
    div = result["divergence"]
    if result["random"]:
        names = sorted({e["name"] for e in result["random"]})
        ours = {_key(e): e for e in our_meta["events"] if e.get("random")}
        replayed = sum(bool(ours.get(_key(e), {}).get("replayed")) for e in result["random"])
        n = len(result["random"])
        lines.append(f"  random ops not compared ({n} call{'s' if n != 1 else ''}: {', '.join(names)}); "
                     f"{replayed} of them returned MindSpore's draw on mscompat")
    if div is None:
        if our_meta["status"] != "ok":
            lines.append("")
            lines.append(f"FAILED on mscompat only: {our_meta['status']}")
            crash = our_meta.get("crash") or {}
            if crash:
                lines.append(f"  line:   {crash['file']}:{crash['line']}: {crash['code']}")
            if result["last_agreeing"] is not None:
                lines.append(f"  last agreeing event: {_short_text(result['last_agreeing'])}")
        elif result["compared"] == 0:
            lines.append("")
            lines.append("nothing compared: no event of the MindSpore run has a counterpart on mscompat")
        else:
            lines.append("")
            lines.append(f"no divergence: all {result['compared']} compared events agree")
        return "\n".join(lines)
    ms_ev, our_ev = div["ms"], div["ours"]
    lines.append("")
    if div["what"] == "update":
        which = f" Parameter {div['param']}"
    else:
        which = f" {div['what']} {div['index']}" if div.get("index") is not None else f" {div['what']}s"
    lines.append(f"FIRST DIVERGENCE: {_event_text(ms_ev)},{which}")
    lines.append(f"  Cell:   {_cell_text(ms_ev)}")
    lines.append(f"  line:   {_where(ms_ev)}")
    if (our_ev["file"], our_ev["line"]) != (ms_ev["file"], ms_ev["line"]):
        lines.append(f"          (mscompat: {_where(our_ev)})")
    if our_ev["name"] != ms_ev["name"]:
        lines.append(f"          (mscompat's op: {our_ev['name']})")
    lines.append(f"  why:    {div['why']}")
    if div.get("ms_desc") is not None:
        dm, at = div["ms_desc"], div.get("at")
        samp = f" (every {dm['stride']}th element)" if dm.get("stride") else ""
        lines.append(f"  shape {tuple(dm['shape'])}, MindSpore dtype {dm['dtype']}, mscompat dtype "
                     f"{div['our_desc']['dtype']}{samp}")
        if at is not None and div["ms_value"].ndim and div["ms_value"].size:
            idx = np.unravel_index(at, div["ms_value"].shape)
            lines.append(f"  largest difference at index {tuple(int(i) for i in idx)}: MindSpore "
                         f"{div['ms_value'].reshape(-1)[at]!r}, mscompat {div['our_value'].reshape(-1)[at]!r}")
        lines.append(f"  MindSpore: {_values_text(div['ms_value'], at)}")
        lines.append(f"  mscompat:  {_values_text(div['our_value'], at)}")
    if div["what"] == "input":
        lines.append("  (its inputs already differ although every recorded event before it agreed: the "
                     "difference comes from something not recorded, e.g. the data, gradients or a Parameter "
                     "update)")
    last = result["last_agreeing"]
    if last is not None:
        lines.append(f"  last agreeing event: {_short_text(last)}")
    ours_random = {_key(e): e for e in our_meta["events"] if e.get("random")}
    rand_before = [e for e in result["random"] if e["i"] < ms_ev["i"]
                   and not ours_random.get(_key(e), {}).get("replayed")]
    if rand_before:
        lines.append(f"  note: {len(rand_before)} random op call{'s' if len(rand_before) != 1 else ''} ran before "
                     f"it ({rand_before[0]['name']}, ...) with draws of their own on each side")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------

def _usage_error(message):
    print(message, file=sys.stderr)
    return USAGE_EXIT


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    if argv and argv[0] in ("-h", "--help"):
        parser.print_help()
        return 0
    try:
        a = parser.parse_args(argv)
        if a.args and a.args[0] == "--":
            a.args = a.args[1:]
        if not os.path.isfile(a.script):
            raise UsageError(f"python -m mscompat.compare: error: script not found: {a.script}")
        for f in a.inject:
            if not os.path.isfile(f):
                raise UsageError(f"python -m mscompat.compare: error: --inject file not found: {f}")
        if a.rtol < 0 or a.atol < 0:
            raise UsageError("python -m mscompat.compare: error: --rtol and --atol must be >= 0")
        if a.max_records < 1 or a.max_elements < 1 or a.max_mb <= 0:
            raise UsageError("python -m mscompat.compare: error: --max-records, --max-elements and --max-mb must be "
                             "positive")
        ms_python = None
        if a.mindspore_record:
            if not os.path.isfile(os.path.join(a.mindspore_record, "events.json")):
                raise UsageError(f"python -m mscompat.compare: error: no MindSpore record in {a.mindspore_record} "
                                 f"(expected events.json, arrays.npz and params.npz of an earlier --out run)")
        else:
            ms_python = find_mindspore_python(a.mindspore_python)
    except UsageError as e:
        return _usage_error(f"{parser.format_usage().rstrip()}\n{e}")

    out = os.path.abspath(a.out) if a.out else tempfile.mkdtemp(prefix="mscompat_compare_")
    try:
        return _compare(a, out, ms_python)
    finally:
        if not a.out:
            shutil.rmtree(out, ignore_errors=True)


def _status(rc, a):
    return f"timed out after {a.timeout:g} s" if rc is None else f"exit status {rc}"


def _compare(a, out, ms_python):
    timings, rc = {}, 0
    ms_dir = os.path.abspath(a.mindspore_record) if a.mindspore_record else os.path.join(out, "mindspore")
    our_dir = os.path.join(out, "mscompat")
    if not a.mindspore_record:
        print(f"mscompat.compare: running {a.script} on MindSpore ({ms_python}) ...", file=sys.stderr)
        rc, timings["mindspore"] = _run_side("mindspore", ms_python, ms_dir, a)
    ms_meta, ms_arrays = _load(ms_dir)
    if ms_meta is None:
        print(f"mscompat.compare: the MindSpore run recorded nothing ({_status(rc, a)}):\n{_tail(ms_dir)}",
              file=sys.stderr)
        return USAGE_EXIT
    if ms_meta["status"] != "ok":
        print(f"mscompat.compare: the script fails under MindSpore ({ms_meta['status']}); nothing to compare "
              f"against:\n{_tail(ms_dir)}", file=sys.stderr)
        return USAGE_EXIT
    print(f"mscompat.compare: running {a.script} on mscompat ...", file=sys.stderr)
    rc, timings["mscompat"] = _run_side("mscompat", sys.executable, our_dir, a, ref=ms_dir)
    our_meta, our_arrays = _load(our_dir)
    if our_meta is None:
        print(f"mscompat.compare: the mscompat run recorded nothing ({_status(rc, a)}):\n{_tail(our_dir)}",
              file=sys.stderr)
        return DIVERGED_EXIT
    try:
        result = compare_records(ms_meta, ms_arrays, our_meta, our_arrays, a.rtol, a.atol, a.ignore)
    finally:
        ms_arrays.close()
        our_arrays.close()
    text = format_report(a.script, ms_meta, our_meta, result, a.rtol, a.atol, timings, ms_python, a.ignore)
    print(text)
    with open(os.path.join(out, "report.txt"), "w", encoding="utf-8") as f:
        f.write(text + "\n")
    if result["divergence"] is not None or our_meta["status"] != "ok":
        return DIVERGED_EXIT
    return 0


if __name__ == "__main__":
    sys.exit(main())
