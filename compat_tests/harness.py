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

Noise floor: some networks are ill-conditioned in float32 with their random initialisation (a
ReLU whose pre-activation sits within rounding of 0 passes or stops a gradient; a softmax over
logits of 100 turns 1e-7 into 1e-3), and there MindSpore disagrees with itself by more than
the tolerance. When a stage is past the tolerance, ``run`` computes MindSpore three times more
with the same checkpoint (``zoo_worker --noise=...``): with ``ONEDNN_MAX_CPU_ISA=AVX2``
(oneDNN's AVX2 kernels, which sum in another order than the AVX-512 ones it picks by default
on this CPU), on the input image with every element moved by 2**-22 of itself, and both at
once (another draw). An array whose difference from the default run is at most ``NOISE``
times MindSpore's own spread (the largest ``max|run1 - run2|`` between any two of its four
runs) counts as agreeing: mscompat is then about as far from MindSpore as MindSpore is from
itself under a rounding-level change.
Such a stage shows ``ok~`` and its detail says how many arrays needed it and the largest
ratio. The spread comes from MindSpore alone, so a wrong op in mscompat cannot widen it, and
it is small wherever the network is well-conditioned.

ReLU kinks: where gradients stay past that spread while the forward agrees, the cause measured
in every such model so far is one or a few ReLU inputs within rounding of 0 that the two sides
put on different sides of it (``compat_tests/kink_probe.py``). ``run`` then records every
``nn.ReLU`` cell's input on both sides, in the forward pass of the gradient computation
itself (``zoo_worker --relu=record``: mscompat's compiled gradient program can round
otherwise than its eager forward), and, when at most
``KINKS`` elements differ in sign, computes mscompat again with MindSpore's decision at those
elements (``--relu=impose``); a stage that then agrees (within the tolerance or the noise
floor) shows ``ok*`` and its detail lists the elements' cells and their largest |x|.

Cell by cell: where gradients are still past that, with a forward that agrees, ``run`` asks
whether each part of the network is the same function on both sides. Real MindSpore records,
for every call of every sub-cell whose inputs and output are float Tensors, its inputs and
the gradient of the loss with respect to its output (``zoo_worker --cells=record``); each
side then computes every call alone from those same inputs: its output and the gradients of
``sum(output * that gradient)`` with respect to its inputs and its own parameters
(``--cells=replay`` on mscompat). When every call agrees within the fixed tolerance above,
the whole-program difference is rounding amplified through the composition (a softmax over
large logits, a near-singular normalisation), not an op computing something else, and the
stage shows ``ok+``; otherwise the detail names the cells that differ. It isolates the ops
inside sub-cells; what the root cell's own ``construct`` computes between them is checked
only as part of the whole.
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
NOISE = 2.0   # two independent float32 reduction orders differ from a third by up to about twice as much
NOISE_RUNS = ("isa", "input", "isa_input")   # MindSpore's noise runs (zoo_worker.NOISE_KINDS)
AGREE = ("ok", "ok~", "ok*", "ok+")   # ok~: within MindSpore's own noise floor (NOISE); ok*: see KINKS; ok+: _cells
KINKS = 64   # at most this many ReLU input elements on different sides of 0 are imposed (_kinks)


def _run(cmd, timeout, **env_vars):
    env = dict(os.environ, PYTHONPATH=ROOT, GLOG_v="3", **env_vars)
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
        row, detail = compare(ref, got)
        if any(row[s] == "FAIL" for s in ("forward", "loss", "grad", "step")):
            noise = []
            for kind in NOISE_RUNS:
                env = {"ONEDNN_MAX_CPU_ISA": "AVX2"} if kind.startswith("isa") else {}
                rc, err = _run([py, WORKER, spec, d, f"--noise={kind}"], timeout, **env)
                path = os.path.join(d, f"mindspore_noise_{kind}.npz")
                if rc != 0 or not os.path.exists(path):
                    detail["noise"] = f"MindSpore's --noise={kind} run failed: {_err(err)}"
                    return row, detail
                noise.append(dict(np.load(path)))
            row, detail = compare(ref, got, noise)
            if any(row[s] == "FAIL" for s in ("grad", "step")) and row["forward"] in AGREE:
                row, detail = _kinks(py, spec, d, timeout, ref, noise, row, detail)
            if any(row[s] == "FAIL" for s in ("grad", "step")) and row["forward"] in AGREE:
                row, detail = _cells(py, spec, d, timeout, row, detail)
    return row, detail


def _cells(py, spec, d, timeout, row, detail):
    """Every sub-cell call computed alone on both sides from MindSpore's recorded inputs and
    output gradients (module docstring); the gradient and step stages show ``ok+`` when all
    agree."""
    rc, err = _run([py, WORKER, spec, d, "--cells=record"], timeout)
    if rc != 0:
        detail["cells"] = f"recording MindSpore's cell inputs failed: {_err(err)}"
        return row, detail
    rc, err = _run([sys.executable, "-m", "mscompat", WORKER, spec, d, "--cells=replay"], timeout)
    if rc != 0:
        detail["cells"] = f"mscompat's cell-by-cell run failed: {_err(err)}"
        return row, detail
    calls, bad = compare_cells(np.load(os.path.join(d, "cells_mindspore.npz")),
                               np.load(os.path.join(d, "cells_mscompat.npz")))
    if bad:
        differ = {b.split("|", 1)[0] for b in bad}
        detail["cells"] = f"{len(differ)}/{calls} sub-cell calls differ alone: " + "; ".join(bad[:3])
        return row, detail
    for stage in ("grad", "step"):
        if row[stage] == "FAIL":
            row[stage] = "ok+"
            detail[stage] += (f"; each of the {calls} sub-cell calls agrees alone (output and local gradients, "
                              f"MindSpore's inputs)")
    return row, detail


def compare_cells(ref, got):
    """``(calls, differences)`` of ``zoo_worker --cells`` results: ``got`` (mscompat's) against
    ``ref`` (MindSpore's), each array ``key|out`` with the forward tolerance and the local
    gradients with the gradient tolerance; a call missing from ``got`` differs."""
    keys = {k.split("|", 1)[0] for k in ref.files}
    bad = []
    for name in ref.files:
        if name not in got.files:
            bad.append(f"{name}: missing")
            continue
        why = _close(got[name], ref[name], "forward" if name.endswith("|out") else "grad")
        if why is not None:
            bad.append(f"{name}: {why}")
    return len(keys), bad


def _kinks(py, spec, d, timeout, ref, noise, row, detail):
    """Gradients past MindSpore's spread with a forward that agrees: record every ReLU cell's
    input on both sides; where at most ``KINKS`` elements fall on different sides of 0 (each
    within the two sides' rounding difference, since the forward agrees), compute mscompat
    again with MindSpore's decision at those elements. Imposing them moves later values by as
    little, which can tip another element near 0: the recording is repeated with the decisions
    imposed until no new element differs (3 rounds at most). Stages that then agree show
    ``ok*``."""
    rc, err = _run([py, WORKER, spec, d, "--relu=record"], timeout)
    if rc != 0:
        detail["kinks"] = f"recording MindSpore's ReLU inputs failed: {_err(err)}"
        return row, detail
    mine = dict(np.load(os.path.join(d, "relu_mindspore.npz")))
    sites, calls, largest = {}, {}, 0.0
    for _ in range(3):
        rc, err = _run([sys.executable, "-m", "mscompat", WORKER, spec, d, "--relu=record"], timeout)
        if rc != 0:
            detail["kinks"] = f"recording mscompat's ReLU inputs failed: {_err(err)}"
            return row, detail
        theirs, new = dict(np.load(os.path.join(d, "relu_mscompat.npz"))), 0
        for key, a in mine.items():
            b = theirs.get(key)
            if b is None or b.shape != a.shape:
                continue
            name, k = key.rsplit("#", 1)
            calls[name] = max(calls.get(name, 0), int(k) + 1)
            flips = np.argwhere((a > 0) != (b > 0))
            known = {tuple(r[:-1]) for r in sites.get(key, ())}
            flips = np.array([f for f in flips if tuple(f) not in known], np.int64).reshape(-1, a.ndim)
            if len(flips):
                rows = np.concatenate([flips, (a[tuple(flips.T)] > 0)[:, None]], axis=1).astype(np.int64)
                sites[key] = np.concatenate([sites[key], rows]) if key in sites else rows
                new += len(flips)
                largest = max(largest, float(np.max(np.abs(a[tuple(flips.T)]))),
                              float(np.max(np.abs(b[tuple(flips.T)]))))
        n = sum(len(v) for v in sites.values())
        if new == 0 or n > KINKS:
            break
        used = {key.rsplit("#", 1)[0] for key in sites}
        np.savez(os.path.join(d, "relu_sites.npz"), **sites, **{f"{m}#calls": np.array(calls[m]) for m in used})
    if n == 0 or n > KINKS:
        detail["kinks"] = f"{n} ReLU input elements on different sides of 0" + (f" (more than {KINKS})" if n else "")
        return row, detail
    rc, err = _run([sys.executable, "-m", "mscompat", WORKER, spec, d, "--relu=impose"], timeout)
    path = os.path.join(d, "mscompat_imposed.npz")
    if rc != 0 or not os.path.exists(path):
        detail["kinks"] = f"the run with MindSpore's ReLU decisions failed: {_err(err)}"
        return row, detail
    again, why = compare(ref, dict(np.load(path)), noise)
    where = ", ".join(sorted(sites))
    for stage in ("forward", "loss", "grad", "step"):
        if row[stage] == "FAIL" and again[stage] in AGREE:
            row[stage] = "ok*"
            detail[stage] = (f"agrees with MindSpore's decision imposed at {n} ReLU input element(s) the two sides put "
                             f"on different sides of 0 (|x| <= {largest:.2g}; {where})"
                             + (f"; {why[stage]}" if stage in why else ""))
        elif row[stage] == "FAIL":
            detail[stage] += f"; with MindSpore's ReLU decisions at {n} element(s) imposed: {why.get(stage)}"
    return row, detail


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
    """None when ``a`` (mscompat) agrees with ``b`` (MindSpore) for ``stage``; else why not."""
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


def _noise(a, b, runs):
    """``diff / spread`` for an array past the tolerance: its difference from MindSpore's default
    run ``b`` against MindSpore's own spread, the largest ``max|r1 - r2|`` between any two of
    its runs (``b`` and the noise ``runs``; inf where they are all equal)."""
    if not np.isfinite(a).all():
        return float("inf")
    mine = [b.astype(np.float64)] + [r.astype(np.float64) for r in runs
                                     if r is not None and r.shape == b.shape and np.isfinite(r).all()]
    moved = max((float(np.max(np.abs(r1 - r2))) for i, r1 in enumerate(mine) for r2 in mine[i + 1:]),
                default=0.0)
    diff = float(np.max(np.abs(a.astype(np.float64) - mine[0])))
    return diff / moved if moved > 0 else float("inf")


def compare(ref, got, noise=()):
    """Stage by stage, mscompat's arrays ``got`` against MindSpore's ``ref``; with ``noise``
    (MindSpore's noise runs, ``zoo_worker --noise=...``) an array past the tolerance agrees when
    its difference is at most ``NOISE`` times MindSpore's own spread (stage ``ok~``)."""
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
        bad, noisy = [], []     # bad: (ratio to MindSpore's spread, inf without one; why)
        for k in keys:
            if k not in got:
                bad.append((float("inf"), f"{k}: missing"))
                continue
            why = _close(got[k], ref[k], stage)
            if why is None:
                continue
            ratio = _noise(got[k], ref[k], [run.get(k) for run in noise])
            if why.startswith("max|diff|") and ratio <= NOISE:
                noisy.append((ratio, k))
            else:
                bad.append((ratio, f"{k}: {why}" + (f" ({ratio:.3g} x MindSpore's own spread)" if noise else "")))
        row[stage] = "FAIL" if bad else ("ok~" if noisy else "ok")
        if bad:
            worst = max(bad, key=lambda b: b[0])[1] if noise else bad[0][1]
            detail[stage] = f"{len(bad)}/{len(keys)} differ; {'worst' if noise else 'first'}: {worst}"
        elif noisy:
            worst = max(noisy)
            detail[stage] = (f"{len(noisy)}/{len(keys)} past the tolerance, within MindSpore's own spread "
                             f"(largest {worst[0]:.2f} x, {worst[1]})")
    row["times"] = {"mindspore": json.loads(str(ref["times"])), "mscompat": json.loads(str(got["times"]))}
    return row, detail


def table(package, rows):
    """A text table of ``rows`` (``[(spec, row, detail)]``) for one package."""
    lines = [f"{package}: {sum(all(r.get(s) in AGREE for s in STAGES) for _, r, _ in rows)}/{len(rows)} models agree "
             f"in every stage (ok~: within MindSpore's own noise floor; ok*: with MindSpore's decision at ReLU kinks; "
             f"ok+: every sub-cell agrees alone)", f"  {'model':34s} " + " ".join(f"{s:>7s}" for s in STAGES) + "   build s (MS/msc)"]
    for spec, row, detail in rows:
        t = row.get("times")
        tb = f"{t['mindspore']['build']:.1f}/{t['mscompat']['build']:.1f}" if t else ""
        lines.append(f"  {spec.split(':', 1)[1]:34s} " + " ".join(f"{row.get(s, '-'):>7s}" for s in STAGES) + f"   {tb}")
        for stage, why in detail.items():
            lines.append(f"      {stage}: {why}")
    return "\n".join(lines)
