"""Per-op cost of eager (PyNative) ops on a (16, 16) float32 Tensor.

Every public form of ``add`` and ``matmul`` is timed against the bare ``jax.numpy`` call it
stands for (``ops.add`` / ``x + y`` against ``jnp.add`` / ``jax.Array + jax.Array``,
``ops.matmul`` / ``x @ y`` / ``x.matmul(y)`` / ``ops.MatMul()(x, y)`` against ``jnp.matmul`` /
``@``), and the ``mindspore.mint`` forms of common ops against their ``ops`` twins
(``mint.add``, ``mint.matmul``, ``mint.nn.functional.relu``, ``mint.sum``, ``mint.mean``,
``mint.softmax``, ``mint.cat``, ``mint.zeros``; issue #15: a mint form costs no more than its
twin). All variants run in one process in interleaved rounds: each round times a short batch
of calls of every variant, in an order shuffled from round to round (a fixed or rotating order
lets a variant timed right after a similar one run on warm caches: with a rotating order
``mint.add``, which *is* ``ops.add``, measured 15 % slower than itself), so load on the machine
hits all of them alike. Reported per variant: the minimum and the median over the rounds of
the time per call, the ratio of the minima (the least-disturbed rounds) and the median of the
per-round ratios.
Real MindSpore 2.10 PyNative (its own numpy-1.x interpreter, ``$MSCOMPAT_ORACLE_PYTHON``
or ``.oracle/bin/python``) is timed the same way in a subprocess, unless ``--quick`` or
``--no-mindspore``.

    .venv/bin/python benchmarks/eager_dispatch.py [--rounds 1000] [--number 20] [--quick]
"""
import argparse
import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Shared by both interpreters: `ms` is mscompat or mindspore.
_BODY = """
import random, time, numpy as np

def ms_cases(ms):
    x = ms.Tensor(np.random.RandomState(0).rand(16, 16).astype(np.float32))
    y = ms.Tensor(np.random.RandomState(1).rand(16, 16).astype(np.float32))
    ops = ms.ops
    add, matmul, mm_prim = ops.add, ops.matmul, ops.MatMul()
    return {"ops.add(x, y)": lambda: add(x, y), "x + y": lambda: x + y,
            "ops.matmul(x, y)": lambda: matmul(x, y), "x @ y": lambda: x @ y,
            "x.matmul(y)": lambda: x.matmul(y), "ops.MatMul()(x, y)": lambda: mm_prim(x, y)}

def mint_cases(ms):
    # the mint forms and their ops twins, on the same (16, 16) float32 inputs
    x = ms.Tensor(np.random.RandomState(0).rand(16, 16).astype(np.float32))
    y = ms.Tensor(np.random.RandomState(1).rand(16, 16).astype(np.float32))
    ops, mint = ms.ops, ms.mint
    F = mint.nn.functional
    return {"mint.add(x, y)": lambda: mint.add(x, y), "mint.matmul(x, y)": lambda: mint.matmul(x, y),
            "mint.nn.functional.relu(x)": lambda: F.relu(x), "ops.relu(x)": lambda: ops.relu(x),
            "mint.sum(x, 1)": lambda: mint.sum(x, 1), "ops.sum(x, 1)": lambda: ops.sum(x, 1),
            "mint.mean(x, 1)": lambda: mint.mean(x, 1), "ops.mean(x, 1)": lambda: ops.mean(x, 1),
            "mint.softmax(x, 1)": lambda: mint.softmax(x, 1), "ops.softmax(x, 1)": lambda: ops.softmax(x, 1),
            "mint.cat([x, y], 1)": lambda: mint.cat([x, y], 1), "ops.cat([x, y], 1)": lambda: ops.cat([x, y], 1),
            "mint.zeros((16, 16))": lambda: mint.zeros((16, 16)), "ops.zeros((16, 16))": lambda: ops.zeros((16, 16))}

def interleaved(cases, rounds, number, sync):
    # {name: [us per call of each round]}; each round runs every case once, in a shuffled order
    names = list(cases)
    for fn in cases.values():
        for _ in range(50):
            sync(fn())
    times = {n: [] for n in names}
    clock = time.perf_counter
    order = list(names)
    for r in range(rounds):
        random.Random(r).shuffle(order)
        for n in order:
            fn = cases[n]
            t0 = clock()
            for _ in range(number):
                out = fn()
            sync(out)
            times[n].append((clock() - t0) / number * 1e6)
    return times
"""
_NS = {}
exec(_BODY, _NS)

# mscompat form -> the bare JAX form it is compared with
_PAIRS = {"ops.add(x, y)": "jnp.add(x, y)", "x + y": "jax x + y", "ops.matmul(x, y)": "jnp.matmul(x, y)",
          "x @ y": "jax x @ y", "x.matmul(y)": "jnp.matmul(x, y)", "ops.MatMul()(x, y)": "jnp.matmul(x, y)"}
# mint form -> its ops twin
_MINT_PAIRS = {"mint.add(x, y)": "ops.add(x, y)", "mint.matmul(x, y)": "ops.matmul(x, y)",
               "mint.nn.functional.relu(x)": "ops.relu(x)", "mint.sum(x, 1)": "ops.sum(x, 1)",
               "mint.mean(x, 1)": "ops.mean(x, 1)", "mint.softmax(x, 1)": "ops.softmax(x, 1)",
               "mint.cat([x, y], 1)": "ops.cat([x, y], 1)", "mint.zeros((16, 16))": "ops.zeros((16, 16))"}


def _sync_jax(r):
    getattr(r, "_data", r).block_until_ready()


def jax_cases():
    import numpy as np
    import jax.numpy as jnp
    x = jnp.asarray(np.random.RandomState(0).rand(16, 16).astype(np.float32))
    y = jnp.asarray(np.random.RandomState(1).rand(16, 16).astype(np.float32))
    add, matmul = jnp.add, jnp.matmul
    return {"jnp.add(x, y)": lambda: add(x, y), "jax x + y": lambda: x + y,
            "jnp.matmul(x, y)": lambda: matmul(x, y), "jax x @ y": lambda: x @ y}


def mscompat_cases():
    sys.path.insert(0, str(ROOT))
    import mscompat as ms
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return dict(_NS["ms_cases"](ms), **_NS["mint_cases"](ms))


def run_mindspore(rounds, number):
    py = os.environ.get("MSCOMPAT_ORACLE_PYTHON") or str(ROOT / ".oracle" / "bin" / "python")
    if not pathlib.Path(py).exists():
        return None
    script = _BODY + f"""
import json, mindspore as ms
ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
print("RESULT" + json.dumps(interleaved(ms_cases(ms), {rounds}, {number}, lambda r: r.asnumpy())))
"""
    proc = subprocess.run([py, "-c", script], capture_output=True, text=True, env=dict(os.environ, GLOG_v="3"))
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT"):
            return json.loads(line[len("RESULT"):])
    print("MindSpore run failed:", proc.stderr[-2000:], file=sys.stderr)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=1000, help="interleaved rounds (default 1000)")
    ap.add_argument("--number", type=int, default=20, help="calls per variant and round (default 20)")
    ap.add_argument("--quick", action="store_true", help="200 rounds of 20 calls, no MindSpore")
    ap.add_argument("--no-mindspore", action="store_true", help="skip the MindSpore subprocess")
    args = ap.parse_args()
    if args.quick:
        args.rounds, args.number, args.no_mindspore = 200, 20, True
    import jax
    cases = dict(mscompat_cases())
    cases.update(jax_cases())
    t = _NS["interleaved"](cases, args.rounds, args.number, _sync_jax)
    real = None if args.no_mindspore else run_mindspore(max(args.rounds // 20, 3), args.number)
    lo = {n: min(v) for n, v in t.items()}
    med = {n: statistics.median(v) for n, v in t.items()}
    print(f"# eager dispatch, (16, 16) float32, {args.rounds} interleaved rounds x {args.number} calls; "
          f"jax {jax.__version__} on {jax.devices()[0].platform}, {platform.machine()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}")
    print("| mscompat | min us | median us | bare JAX | min us | median us | **ratio of minima** "
          "| median of round ratios | MindSpore min us |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|")
    for n, j in _PAIRS.items():
        ms_min = f"{min(real[n]):.2f}" if real else "-"
        per_round = statistics.median(a / b for a, b in zip(t[n], t[j]))
        print(f"| `{n}` | {lo[n]:.2f} | {med[n]:.2f} | `{j}` | {lo[j]:.2f} | {med[j]:.2f} | "
              f"**{lo[n] / lo[j]:.2f}** | {per_round:.2f} | {ms_min} |")
    print()
    print("| mint form | min us | median us | ops twin | min us | median us | **ratio of minima** "
          "| median of round ratios |")
    print("|---|---:|---:|---|---:|---:|---:|---:|")
    for n, j in _MINT_PAIRS.items():
        per_round = statistics.median(a / b for a, b in zip(t[n], t[j]))
        print(f"| `{n}` | {lo[n]:.2f} | {med[n]:.2f} | `{j}` | {lo[j]:.2f} | {med[j]:.2f} | "
              f"**{lo[n] / lo[j]:.2f}** | {per_round:.2f} |")


if __name__ == "__main__":
    main()
