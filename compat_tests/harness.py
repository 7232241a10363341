"""Whole-program comparison of a model-zoo model on real MindSpore and on mscompat.

``run(spec)`` runs ``zoo_worker.py`` twice, unmodified zoo code on both sides: first under the
oracle interpreter (real MindSpore 2.10, which also saves the initial checkpoint), then under
``python -m mscompat`` (which loads that checkpoint), and ``compare`` reports, per stage,
whether the two agree: import, construction (parameter names, shapes, dtypes), forward output,
loss, gradients and one optimizer step.

Tolerance: a stage agrees when ``max|a - b| <= rtol * max|b| + atol`` over each array, with
float32 ``rtol=2e-4, atol=1e-6`` for forward and loss and ``rtol=2e-3`` for gradients and the
updated parameters. These are wider than the single-op tolerances of ``parity_tests``
because a whole network sums thousands of float32 products in a different order (XLA's and
oneDNN's convolution and matmul reductions); a wrong op gives errors of order 1, not 1e-4.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

from parity_tests import oracle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKER = os.path.join(ROOT, "compat_tests", "zoo_worker.py")
TOL = {"forward": (2e-4, 1e-6), "loss": (2e-4, 1e-6), "grad": (2e-3, 1e-6), "step": (2e-3, 1e-6)}
STAGES = ("import", "build", "names", "forward", "loss", "grad", "step")


def _run(cmd, timeout):
    env = dict(os.environ, PYTHONPATH=ROOT, GLOG_v="3")
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    err = "\n".join(ln for ln in proc.stderr.splitlines()
                    if not ln.startswith("[WARNING]") and "total_instance_count" not in ln)
    return proc.returncode, err[-3000:]


def _err(x):
    return x.splitlines()[-1] if x.strip() else "(no message)"


def run(spec, timeout=1200):
    """Run ``spec`` on both sides; returns ``(row, detail)``: a dict stage -> "ok"/"FAIL"/"-", and
    the reasons of failures (``{}`` when everything agrees)."""
    py = oracle.oracle_python()
    if py is None:
        raise RuntimeError("real MindSpore oracle not found: run the README's test command (it creates .oracle/)")
    with tempfile.TemporaryDirectory(prefix="zoo_") as d:
        rc, err = _run([py, WORKER, spec, d], timeout)
        if rc != 0 or not os.path.exists(os.path.join(d, "mindspore.npz")):
            return {s: "-" for s in STAGES} | {"oracle": "FAIL"}, {"oracle": _err(err)}
        rc, err = _run([sys.executable, "-m", "mscompat", WORKER, spec, d], timeout)
        ref = dict(np.load(os.path.join(d, "mindspore.npz")))
        out = os.path.join(d, "mscompat.npz")
        if rc != 0 or not os.path.exists(out):
            stage = _failed_stage(err)
            row = {s: "ok" for s in STAGES[:STAGES.index(stage)]} | {stage: "FAIL"}
            return {s: row.get(s, "-") for s in STAGES} | {"oracle": "ok"}, {stage: _err(err)}
        got = dict(np.load(out))
    return compare(ref, got)


def _failed_stage(err):
    """Which stage a crashed mscompat run reached, from its traceback."""
    for stage, marks in (("import", ("__import__(package)",)), ("build", ("_build(",)),
                         ("names", ("load_param_into_net", "load_checkpoint")),
                         ("forward", ("outs = _flat(net(*inputs))",)), ("loss", ("_loss_and_opt",)),
                         ("grad", ("grad_fn(target)",)), ("step", ("opt(grads)",))):
        if any(m in err for m in marks):
            return stage
    return "import"


def _close(a, b, stage):
    rtol, atol = TOL[stage]
    if a.shape != b.shape:
        return f"shape {a.shape} != MindSpore's {b.shape}"
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    scale = float(np.max(np.abs(b64))) if b64.size else 0.0
    diff = float(np.max(np.abs(a64 - b64))) if b64.size else 0.0
    if not np.isfinite(a64).all() and np.isfinite(b64).all():
        return "non-finite values"
    if diff > rtol * scale + atol:
        return f"max|diff| {diff:.3g} > {rtol:g} * max|ref| {scale:.3g}"
    return None


def compare(ref, got):
    row = {"oracle": "ok", "import": "ok", "build": "ok"}
    detail = {}
    same_names = list(ref["names"]) == list(got["names"])
    same_shapes = list(ref["shapes"]) == list(got["shapes"]) and list(ref["dtypes"]) == list(got["dtypes"])
    row["names"] = "ok" if same_names and same_shapes else "FAIL"
    if not same_names:
        extra = sorted(set(got["names"]) - set(ref["names"]))[:3]
        missing = sorted(set(ref["names"]) - set(got["names"]))[:3]
        detail["names"] = f"names differ: missing {missing}, extra {extra}"
    elif not same_shapes:
        detail["names"] = "parameter shapes or dtypes differ"
    for stage, prefix in (("forward", "out"), ("loss", "loss"), ("grad", "grad:"), ("step", "step:")):
        keys = [k for k in ref if k.startswith(prefix)]
        bad = []
        for k in keys:
            if k not in got:
                bad.append(f"{k}: missing")
                continue
            why = _close(got[k], ref[k], stage)
            if why:
                bad.append(f"{k}: {why}")
        row[stage] = "FAIL" if bad else "ok"
        if bad:
            detail[stage] = f"{len(bad)}/{len(keys)} differ; first: {bad[0]}"
    row["times"] = {"mindspore": json.loads(str(ref["times"])), "mscompat": json.loads(str(got["times"]))}
    return row, detail


def table(package, rows):
    """A text table of ``rows`` (``[(spec, row, detail)]``) for one package."""
    lines = [f"{package}: {sum(all(r.get(s) == 'ok' for s in STAGES) for _, r, _ in rows)}/{len(rows)} models agree "
             f"in every stage", f"  {'model':34s} " + " ".join(f"{s:>7s}" for s in STAGES) + "   build s (MS/msc)"]
    for spec, row, detail in rows:
        t = row.get("times")
        tb = f"{t['mindspore']['build']:.1f}/{t['mscompat']['build']:.1f}" if t else ""
        lines.append(f"  {spec.split(':', 1)[1]:34s} " + " ".join(f"{row.get(s, '-'):>7s}" for s in STAGES) + f"   {tb}")
        for stage, why in detail.items():
            lines.append(f"      {stage}: {why}")
    return "\n".join(lines)
