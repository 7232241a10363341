"""Per-op time tables from a JAX trace (``.xplane.pb``, read with ``jax.profiler.ProfileData``).

An event carrying an ``hlo_op`` stat is one execution of an XLA op: on CPU it is on the host plane's
``tf_XLA*`` thread lines, on GPU on the ``/device:GPU:N`` planes (the ``XLA Ops`` line when there
is one). Ops whose event encloses other ops' events (``while``, ``conditional``, ``call``: the
loop of a sink, for instance) are left out, their time being that of the ops inside. Events are
assigned to the profiler's steps through the ``ProfilerStep#N`` annotations
the profiler puts around each step (by start time).

Files written into ``<run dir>/ASCEND_PROFILER_OUTPUT`` (MindSpore's folder and file names):

``kernel_details.csv``: one row per op execution, columns ``Step Id`` (empty when the event is in
no annotated step), ``Device_id``, ``Name`` (the HLO instruction, e.g. ``convolution.3``), ``Type``
(the name without its numeric suffix, e.g. ``convolution``), ``Accelerator Core`` (``CPU``/``GPU``),
``Module`` (the XLA module, e.g. ``jit_train_step``), ``Start Time(us)`` (from the trace start),
``Duration(us)``.

``op_statistic.csv``: one row per op type, sorted by total time, columns ``Device_id``, ``OP Type``,
``Core Type``, ``Count``, ``Total Time(us)``, ``Min Time(us)``, ``Avg Time(us)``, ``Max Time(us)``,
``Ratio(%)`` (share of the total op time).

``op_summary.csv``: the same columns per op (``OP Name`` and ``OP Type`` first): one row per HLO
instruction of each module.
"""
import csv
import glob
import os
import re
from collections import OrderedDict
import jax

__all__ = []

OUTPUT_DIR = "ASCEND_PROFILER_OUTPUT"
_STEP_RE = re.compile(r"^ProfilerStep#(\d+)$")
_DEVICE_RE = re.compile(r"^/device:(GPU|TPU):(\d+)")


def op_type(name):
    """The HLO op type of an instruction name: ``fusion.12`` -> ``fusion``."""
    return re.sub(r"\.\d+$", "", name)


def xplane_files(run_dir):
    return sorted(glob.glob(os.path.join(run_dir, "plugins", "profile", "*", "*.xplane.pb")))


def _leaves(rows):
    """The ops of one trace line without their containers: a ``while``/``conditional``/``call`` op
    whose event encloses the events of the ops it runs would count their time twice."""
    rows = sorted(rows, key=lambda r: (r["start_ns"], -r["dur_ns"]))
    containers = set()
    stack = []
    for i, r in enumerate(rows):
        while stack and rows[stack[-1]]["start_ns"] + rows[stack[-1]]["dur_ns"] <= r["start_ns"]:
            stack.pop()
        if stack:
            containers.add(stack[-1])
        stack.append(i)
    return [r for i, r in enumerate(rows) if i not in containers]


def _read(path):
    """(op events, step intervals) of one trace; an op event is a dict."""
    data = jax.profiler.ProfileData.from_file(path)
    host, device, steps = [], [], []
    for plane in data.planes:
        m = _DEVICE_RE.match(plane.name)
        lines = list(plane.lines)
        if m:
            names = [ln.name for ln in lines]
            if "XLA Ops" in names:
                lines = [ln for ln in lines if ln.name == "XLA Ops"]
        for line in lines:
            line_ops = []
            for ev in line.events:
                name = ev.name
                sm = _STEP_RE.match(name)
                if sm and not m:
                    steps.append((ev.start_ns, ev.start_ns + ev.duration_ns, int(sm.group(1))))
                    continue
                stats = dict(ev.stats)
                hlo = stats.get("hlo_op")
                if hlo is None:
                    continue
                row = {"name": str(hlo), "module": str(stats.get("hlo_module", "")), "start_ns": ev.start_ns,
                       "dur_ns": ev.duration_ns, "core": m.group(1) if m else "CPU",
                       "device": int(m.group(2)) if m else int(stats.get("device_ordinal", 0) or 0)}
                line_ops.append(row)
            (device if m else host).extend(_leaves(line_ops))
    ops = device if device else host
    steps.sort()
    for row in ops:
        row["step"] = ""
        for lo, hi, n in steps:
            if lo <= row["start_ns"] <= hi:
                row["step"] = n
                break
    return ops, [n for _, _, n in steps]


def read_ops(run_dir, step_list=None):
    """All op executions of a run directory (optionally only those of the steps in ``step_list``)."""
    ops = []
    for path in xplane_files(run_dir):
        rows, _ = _read(path)
        ops.extend(rows)
    if step_list:
        wanted = set(step_list)
        ops = [r for r in ops if r["step"] in wanted]
    if ops:
        t0 = min(r["start_ns"] for r in ops)
        for r in ops:
            r["start_us"] = (r["start_ns"] - t0) / 1000.0
    return ops


def aggregate(ops, key):
    """Rows of count/total/min/avg/max time (us) and ratio (%) per ``key(op)``, by total time."""
    groups = OrderedDict()
    for r in ops:
        groups.setdefault(key(r), []).append(r)
    grand = sum(r["dur_ns"] for r in ops) or 1
    out = []
    for k, rows in groups.items():
        durs = [r["dur_ns"] / 1000.0 for r in rows]
        total = sum(durs)
        out.append({"key": k, "device": rows[0]["device"], "core": rows[0]["core"], "count": len(rows),
                    "total": total, "min": min(durs), "avg": total / len(rows), "max": max(durs),
                    "ratio": 100.0 * sum(r["dur_ns"] for r in rows) / grand})
    out.sort(key=lambda a: -a["total"])
    return out


def _fmt(x):
    return f"{x:.3f}"


def write_tables(run_dir, step_list=None):
    """Write the three csv files of ``run_dir``; returns the output folder."""
    ops = read_ops(run_dir, step_list)
    out_dir = os.path.join(run_dir, OUTPUT_DIR)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "kernel_details.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["Step Id", "Device_id", "Name", "Type", "Accelerator Core", "Module", "Start Time(us)",
                    "Duration(us)"])
        for r in sorted(ops, key=lambda r: r["start_ns"]):
            w.writerow([r["step"], r["device"], r["name"], op_type(r["name"]), r["core"], r["module"],
                        _fmt(r["start_us"]), _fmt(r["dur_ns"] / 1000.0)])
    stat_cols = ["Count", "Total Time(us)", "Min Time(us)", "Avg Time(us)", "Max Time(us)", "Ratio(%)"]

    def stats(a):
        return [a["count"], _fmt(a["total"]), _fmt(a["min"]), _fmt(a["avg"]), _fmt(a["max"]), _fmt(a["ratio"])]

    with open(os.path.join(out_dir, "op_statistic.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["Device_id", "OP Type", "Core Type"] + stat_cols)
        for a in aggregate(ops, lambda r: op_type(r["name"])):
            w.writerow([a["device"], a["key"], a["core"]] + stats(a))
    with open(os.path.join(out_dir, "op_summary.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["OP Name", "OP Type", "Module", "Device_id", "Core Type"] + stat_cols)
        for a in aggregate(ops, lambda r: (r["module"], r["name"])):
            module, name = a["key"]
            w.writerow([name, op_type(name), module, a["device"], a["core"]] + stats(a))
    return out_dir


def _matches(name, low):
    """``low`` names the op: its instruction name, its type, or one ``_``-separated part of the type
    at either end (``"fusion"`` finds ``loop_fusion``, ``"dot"`` finds ``dot_general``)."""
    name = name.lower()
    kind = op_type(name)
    return low in (name, kind) or kind.endswith("_" + low) or kind.startswith(low + "_")


def op_info(run_dirs, names, device_id):
    """MindSpore's ``op_analyse`` result (a dict, to be dumped as JSON): for each requested name,
    the ops it names (see :func:`_matches`; case-insensitive), one entry per instruction."""
    ops = []
    for d in run_dirs:
        ops.extend(read_ops(d))
    if device_id is not None:
        ops = [r for r in ops if r["device"] == device_id]
    result = {}
    for name in names:
        low = str(name).lower()
        sel = [r for r in ops if _matches(r["name"], low)]
        result[name] = [{"op_side": a["core"].lower(), "op_name": a["key"][1], "op_type": op_type(a["key"][1]),
                         "module": a["key"][0], "op_occurrences": a["count"],
                         "op_total_time(us)": round(a["total"], 3), "op_avg_time(us)": round(a["avg"], 3)}
                        for a in aggregate(sel, lambda r: (r["module"], r["name"]))]
    result["device_id"] = str(device_id if device_id is not None else 0)
    return result
