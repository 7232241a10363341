"""Training-step time: mscompat ``Model.train`` sink mode vs hand-written JAX + optax vs real MindSpore.

Workloads: LeNet-5 (batch 32 and 256) and ResNet-18 for 32x32 inputs (batch 64), momentum SGD,
mean softmax cross entropy, synthetic data. Each side runs in its own process (one after the
other, so none competes with another for the cores):

* ``jax``: ``_train_step_jax.py``, flax.linen + optax, ``sink`` steps per jitted ``lax.scan`` (on XLA:CPU,
  one jitted step per batch, as mscompat's sink mode does there);
* ``mscompat``: ``_train_step_ms.py`` under ``python -m mscompat`` (the script imports ``mindspore``):
  ``Model.train(dataset_sink_mode=True, sink_size=sink)`` in GRAPH_MODE;
* ``mindspore``: the same script under real MindSpore 2.10 GRAPH_MODE (its own numpy-1.x
  interpreter ``.oracle/bin/python``; skipped when it is missing), with its default CPU
  instruction set and with ``ONEDNN_MAX_CPU_ISA=AVX2`` (several times faster on AVX-512
  machines): each setting first runs a probe (its first call and one timed call), and the faster
  runs again in full. That run is "MindSpore at its best", which the mscompat rows are compared
  with; the probe rows are in the table too.

The MindSpore-API sides run twice: ``--loop model`` (``Model.train`` in sink mode) and ``--loop
cell`` (a Python loop over ``TrainOneStepCell``, the form most training scripts use).

The mscompat side and MindSpore at its best run ``--rounds`` times each (default 3), alternating
which opens a round, since this kind of machine's speed drifts by 20-30 % over minutes; a row gives
the median first call over the rounds, the median step over all of them and the highest peak.

Reports the median step time, the first call (compile + first ``sink`` steps), and peak memory
(accelerator peak bytes where JAX has one, else the process's peak RSS), plus the ratios
mscompat / JAX and MindSpore / mscompat.

    .venv/bin/python benchmarks/train_step.py [--calls N] [--only lenet32,lenet256,resnet18] [--loops model,cell]
        [--sides jax,mscompat,mindspore] [--rounds 3] [--json out.json]
"""
import argparse
import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
HERE = ROOT / "benchmarks"

WORKLOADS = {   # name: (model, batch, sink steps per call, timed calls; --calls overrides)
    "lenet32": ("lenet", 32, 50, 10),
    "lenet256": ("lenet", 256, 20, 10),
    "resnet18": ("resnet18", 64, 1, 3),      # MindSpore CPU: ~150 s a step on 2 cores
}


def _oracle_python():
    sys.path.insert(0, str(ROOT))
    from parity_tests.oracle import oracle_python
    return oracle_python()


def _run(cmd, env_extra=None):
    env = dict(os.environ, GLOG_v="3", PYTHONPATH=str(ROOT), **(env_extra or {}))
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(HERE), timeout=3600)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{proc.stderr[-3000:]}")
    return json.loads([line for line in proc.stdout.splitlines() if line.startswith("{")][-1])


# MindSpore's CPU kernels (oneDNN) pick their instruction set from the CPU; on AVX-512 machines
# the default is several times slower than AVX2. "MindSpore at its best" is the faster of these.
MINDSPORE_SETTINGS = {"default": {}, "AVX2": {"ONEDNN_MAX_CPU_ISA": "AVX2"}}
LOOPS = ("model", "cell")     # Model.train in sink mode; a Python loop over TrainOneStepCell
PROBE_CALLS = 1               # timed calls of each MindSpore setting's probe run


def _combine(runs):
    """One row from the rounds of a side: the median first call, every round's steps, the highest
    peak, the last loss (the rounds' losses, which must agree, kept with the rounds)."""
    row = dict(runs[-1])
    row["first_call_s"] = statistics.median(r["first_call_s"] for r in runs)
    row["step_s"] = [s for r in runs for s in r["step_s"]]
    row["peak_mb"] = max(r["peak_mb"] for r in runs)
    if len(runs) > 1:
        row["rounds"] = [{k: r[k] for k in ("first_call_s", "step_s", "peak_mb", "loss")} for r in runs]
    return row


def measure(name, calls, sides, loops=LOOPS, rounds=1):
    """One workload's rows. ``rounds`` > 1 runs the mscompat side and MindSpore at its best that
    many times each, alternating (the machine's speed drifts over minutes), and reports the
    median first call, the median step over all rounds and the highest peak."""
    model, batch, sink, default_calls = WORKLOADS[name]
    calls = calls or default_calls
    args = ["--model", model, "--batch", str(batch), "--sink", str(sink), "--calls", str(calls)]
    out = {}
    if "jax" in sides:
        out["jax"] = _run([sys.executable, str(HERE / "_train_step_jax.py")] + args)
    for loop in loops:
        # the persistent compilation cache off: "first call" measures the compile, as MindSpore's
        # (whose cache is off by default) does
        ours = (lambda: _run([sys.executable, "-m", "mscompat", str(HERE / "_train_step_ms.py")] + args
                             + ["--loop", loop], {"MS_COMPILER_CACHE_ENABLE": "0"})) if "mscompat" in sides else None
        oracle = _oracle_python() if "mindspore" in sides else None
        theirs = None
        if oracle:
            # every setting runs a short probe (the first call and PROBE_CALLS timed ones); the
            # faster runs again in full: MindSpore at its best, per loop form. (Its default ISA
            # takes minutes a ResNet-18 step on AVX-512 machines: the probe alone shows it.)
            script = [oracle, str(HERE / "_train_step_ms.py"), "--loop", loop]
            probes = {}
            for setting, env in MINDSPORE_SETTINGS.items():
                probe_args = args[:-1] + [str(min(calls, PROBE_CALLS))]
                probes[setting] = r = _run(script + probe_args, env)
                r["median_step_ms"] = statistics.median(r["step_s"]) * 1e3
                out[f"mindspore {loop} {setting}"] = dict(r, probe=True)
            setting = min(probes, key=lambda k: probes[k]["median_step_ms"])
            if calls <= PROBE_CALLS and rounds == 1:
                theirs = lambda: probes[setting]    # noqa: E731 (the probe is the full run)
            else:
                theirs = lambda: _run(script + args, MINDSPORE_SETTINGS[setting])    # noqa: E731
        runs = {"ours": [], "theirs": []}
        for i in range(rounds):
            # alternate which side opens a round
            order = (("ours", ours), ("theirs", theirs)) if i % 2 == 0 else (("theirs", theirs), ("ours", ours))
            for key, run in order:
                if run is not None:
                    runs[key].append(run())
        if runs["ours"]:
            out[f"mscompat {loop}"] = _combine(runs["ours"])
        if runs["theirs"]:
            best = _combine(runs["theirs"])
            out[f"mindspore {loop} {setting}"] = best
            out[f"mindspore {loop} best"] = dict(best, setting=setting)
    for r in out.values():
        r["median_step_ms"] = statistics.median(r["step_s"]) * 1e3
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--calls", type=int, default=0, help="timed sink calls per side after the first "
                   "(default: the workload's own)")
    p.add_argument("--only", default=",".join(WORKLOADS))
    p.add_argument("--sides", default="jax,mscompat,mindspore")
    p.add_argument("--loops", default=",".join(LOOPS), help="model (Model.train sink mode) and/or cell "
                   "(TrainOneStepCell loop)")
    p.add_argument("--rounds", type=int, default=3, help="runs of the mscompat side and of MindSpore at its "
                   "best per workload and loop, alternating; the table shows the median first call, the "
                   "median step over all rounds and the highest peak")
    p.add_argument("--json", help="also write the raw results here")
    a = p.parse_args()
    sides = a.sides.split(",")
    loops = tuple(a.loops.split(","))
    results = {name: measure(name, a.calls, sides, loops, a.rounds) for name in a.only.split(",")}
    print(f"# {platform.machine()}, {os.cpu_count()} cores, {platform.python_version()}")
    print("| workload | side | median step ms | first call s | peak MiB | final loss | vs JAX "
          "| vs MindSpore at its best (step / first call / peak) |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for name, res in results.items():
        base = res.get("jax", {}).get("median_step_ms")
        for side, r in res.items():
            if side.endswith(" best"):
                continue
            ratio = f"{r['median_step_ms'] / base:.3f}" if base else "-"
            best = res.get(f"mindspore {side.split()[-1]} best") if side.startswith("mscompat") else None
            vs = (f"{r['median_step_ms'] / best['median_step_ms']:.2f} / {r['first_call_s'] / best['first_call_s']:.2f}"
                  f" / {r['peak_mb'] / best['peak_mb']:.2f} (MindSpore {best['setting']})") if best else "-"
            side = f"{side} (probe: {len(r['step_s'])} call)" if r.get("probe") else side
            print(f"| {name} | {side} ({r['device']}) | {r['median_step_ms']:.3f} | {r['first_call_s']:.2f} | "
                  f"{r['peak_mb']:.0f} | {r['loss']:.4f} | {ratio} | {vs} |")
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
