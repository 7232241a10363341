"""Scaling: step time and the share of time in collectives on 1, 2, 4 and 8 emulated devices.

For DATA_PARALLEL and for the Transformer model-parallel (Megatron) strategy, each device count
runs ``_scaling_worker.py`` under ``python -m mscompat`` in its own process with
``XLA_FLAGS=--xla_force_host_platform_device_count=N`` (N host CPU devices sharing this machine's
cores; on a GPU/TPU host the same command uses the real devices when their count allows). One
global batch for all device counts (strong scaling). Reports the median step time, its ratio to
one device, the first call (compile), the collective share of the profiled op time, and the
loss after the timed steps (the same at every device count: the sharded programs do the same
math).

    .venv/bin/python benchmarks/scaling.py [--devices 1,2,4,8] [--modes dp,mp] [--json out.json]
"""
import argparse
import json
import os
import pathlib
import platform
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
HERE = ROOT / "benchmarks"


def run(mode, devices, extra):
    env = dict(os.environ, PYTHONPATH=str(ROOT), JAX_PLATFORMS=os.environ.get("JAX_PLATFORMS", "cpu"),
               XLA_FLAGS=f"--xla_force_host_platform_device_count={devices}")
    cmd = [sys.executable, "-m", "mscompat", str(HERE / "_scaling_worker.py"), "--mode", mode,
           "--devices", str(devices)] + extra
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(HERE), timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{proc.stderr[-3000:]}")
    return json.loads([line for line in proc.stdout.splitlines() if line.startswith("{")][-1])


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--devices", default="1,2,4,8")
    p.add_argument("--modes", default="dp,mp")
    p.add_argument("--steps", type=int, default=10)
    p.add_argument("--json", help="also write the raw results here")
    a = p.parse_args()
    results = []
    for mode in a.modes.split(","):
        for n in [int(d) for d in a.devices.split(",")]:
            results.append(run(mode, n, ["--steps", str(a.steps)]))
            print(json.dumps(results[-1]), file=sys.stderr, flush=True)
    print(f"# {platform.machine()}, {os.cpu_count()} cores, {platform.python_version()}")
    print("| strategy | devices | median step ms | vs 1 device | first call s | collectives % | loss after |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    names = {"dp": "DATA_PARALLEL", "mp": "model parallel (Megatron MatMul strategies)"}
    for r in results:
        one = next(o for o in results if o["mode"] == r["mode"] and o["devices"] == min(
            x["devices"] for x in results if x["mode"] == r["mode"]))
        print(f"| {names[r['mode']]} | {r['devices']} | {r['median_step_ms']:.2f} | "
              f"{r['median_step_ms'] / one['median_step_ms']:.2f} | {r['first_call_s']:.2f} | "
              f"{100 * r['collective_share']:.1f} | {r['last_loss']:.6f} |")
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
