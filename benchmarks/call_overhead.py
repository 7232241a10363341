"""Per-call time of compiled calls: a GRAPH_MODE Cell and an ``ms.jit`` function.

Two pairs, each against the same math under a bare ``jax.jit``:

- ``cell``: an 8-layer (Dense + BatchNorm) ``SequentialCell`` in GRAPH_MODE (the outermost
  ``Cell.__call__`` compiled through the state threading, BatchNorm in training mode, so 16
  moving statistics are written back every call) against a ``jax.jit`` of the same math with
  the parameters and statistics passed as a pytree (the statistics returned and carried by hand);
- ``jit fn``: an ``ms.jit`` function of two Tensors (``x @ w + b``, ``w`` and ``b`` Parameters of
  a closure, nothing written back) against ``jax.jit`` of the same function of three arrays.

Small shapes, so the per-call overhead shows rather than the arithmetic. All four run in one
process in interleaved rounds (each round times a short batch of calls of each, the order
rotating), so load on the machine hits them alike; reported: minimum and median per call over
the rounds, the ratio of the minima and the median of the per-round ratios. Real MindSpore 2.10 GRAPH_MODE (its own numpy-1.x
interpreter, found as for the parity tests) is timed for the cell unless ``--quick`` or
``--no-mindspore``.

    .venv/bin/python benchmarks/call_overhead.py [--rounds 600] [--number 10] [--width 32] [--batch 16] [--quick]
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
import timeit

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Run by both interpreters: `ms` is mscompat or mindspore; returns best us/call.
_BODY = """
import timeit, numpy as np
def build(ms, number, width, batch, sync):
    nn = ms.nn
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(0)
    layers = []
    for _ in range(8):
        layers += [nn.Dense(width, width), nn.BatchNorm1d(width)]
    net = nn.SequentialCell(layers)
    net.set_train(True)
    globals()["NET"] = net
    x = ms.Tensor(np.random.RandomState(0).randn(batch, width).astype(np.float32))
    for _ in range(20):
        sync(net(x))
    def loop():
        r = None
        for _ in range(number):
            r = net(x)
        sync(r)
    return loop


def measure(ms, repeat, number, width, batch, sync):
    loop = build(ms, number, width, batch, sync)
    return min(timeit.repeat(loop, repeat=repeat, number=1)) / number * 1e6
"""


def _sync_jax(r):
    getattr(r, "_data", r).block_until_ready()


def mscompat_calls(args):
    """{name: (call, sync)} of the mscompat side: the GRAPH_MODE cell and the ms.jit function."""
    sys.path.insert(0, str(ROOT))
    import numpy as np
    import mscompat as ms
    ns = {}
    exec(_BODY, ns)
    ns["build"](ms, 1, args.width, args.batch, _sync_jax)     # builds, warms up; the cell is returned below
    net = ns["NET"]
    x = ms.Tensor(np.random.RandomState(0).randn(args.batch, args.width).astype(np.float32))
    rs = np.random.RandomState(1)
    w = ms.Parameter(ms.Tensor(rs.randn(args.width, args.width).astype(np.float32)), name="w")
    b = ms.Parameter(ms.Tensor(np.zeros(args.width, np.float32)), name="b")

    @ms.jit
    def fn(x, y):
        return ms.ops.matmul(x, w) + b + y

    y = ms.Tensor(rs.randn(args.batch, args.width).astype(np.float32))
    for _ in range(20):
        _sync_jax(fn(x, y))
    return {"mscompat GRAPH_MODE cell": lambda: net(x), "mscompat ms.jit function": lambda: fn(x, y)}


def jax_calls(args):
    """{name: call} of the bare jax.jit side, the same math."""
    import numpy as np
    import jax
    import jax.numpy as jnp
    rs = np.random.RandomState(0)
    w = args.width
    params = [{"weight": jnp.asarray(rs.randn(w, w).astype(np.float32) * 0.1), "bias": jnp.zeros(w, jnp.float32),
               "gamma": jnp.ones(w, jnp.float32), "beta": jnp.zeros(w, jnp.float32)} for _ in range(8)]
    stats = [{"moving_mean": jnp.zeros(w, jnp.float32), "moving_variance": jnp.ones(w, jnp.float32)}
             for _ in range(8)]

    @jax.jit
    def forward(params, stats, x):
        new_stats = []
        for p, s in zip(params, stats):
            y = x @ p["weight"].T + p["bias"]
            mean, var = y.mean(0), y.var(0)
            n = y.shape[0]
            new_stats.append({"moving_mean": s["moving_mean"] * 0.9 + mean * 0.1,
                              "moving_variance": s["moving_variance"] * 0.9 + var * n / (n - 1) * 0.1})
            x = (y - mean) / jnp.sqrt(var + 1e-5) * p["gamma"] + p["beta"]
        return x, new_stats

    x = jnp.asarray(rs.randn(args.batch, w).astype(np.float32))
    state = {"stats": stats}

    def call():
        out, state["stats"] = forward(params, state["stats"], x)
        return out

    rs1 = np.random.RandomState(1)
    wm = jnp.asarray(rs1.randn(w, w).astype(np.float32))
    bv = jnp.zeros(w, jnp.float32)
    y = jnp.asarray(rs1.randn(args.batch, w).astype(np.float32))

    @jax.jit
    def fn(x, y, wm, bv):
        return x @ wm + bv + y

    for _ in range(20):
        call().block_until_ready()
        fn(x, y, wm, bv).block_until_ready()
    return {"bare jax.jit cell math": call, "bare jax.jit function": lambda: fn(x, y, wm, bv)}


_PAIRS = {"mscompat GRAPH_MODE cell": "bare jax.jit cell math",
          "mscompat ms.jit function": "bare jax.jit function"}


def run_interleaved(args):
    """{name: [us per call of each round]}: every call timed in each round, the order rotating
    from round to round, so that machine noise hits all alike."""
    calls = dict(mscompat_calls(args))
    calls.update(jax_calls(args))
    names = list(calls)
    times = {n: [] for n in names}
    for r in range(args.rounds):
        k = r % len(names)
        for n in names[k:] + names[:k]:
            fn = calls[n]
            t0 = time.perf_counter()
            for _ in range(args.number):
                out = fn()
            _sync_jax(out)
            times[n].append((time.perf_counter() - t0) / args.number * 1e6)
    return times


_ORACLE_MAIN = _BODY + """
import json, sys, os
os.environ.setdefault("GLOG_v", "3")
import mindspore
a = json.loads(sys.argv[1])
print("RESULT" + json.dumps(measure(mindspore, a["repeat"], a["number"], a["width"], a["batch"],
                                   lambda r: r.asnumpy())))
"""


def run_mindspore(args):
    sys.path.insert(0, str(ROOT))
    from parity_tests.oracle import oracle_python
    py = oracle_python()  # parity_tests.oracle: $MSCOMPAT_ORACLE_PYTHON or .oracle/
    if py is None:
        return None
    payload = json.dumps({"repeat": args.repeat, "number": args.number, "width": args.width, "batch": args.batch})
    proc = subprocess.run([py, "-c", _ORACLE_MAIN, payload], capture_output=True, text=True, timeout=1800)
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT"):
            return json.loads(line[len("RESULT"):])
    print("MindSpore run failed:", proc.stderr[-2000:], file=sys.stderr)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=600, help="interleaved rounds (default 600)")
    ap.add_argument("--number", type=int, default=10, help="calls per variant and round (default 10)")
    ap.add_argument("--width", type=int, default=32)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--quick", action="store_true", help="150 rounds of 10 calls, no MindSpore")
    ap.add_argument("--no-mindspore", action="store_true", help="skip the MindSpore subprocess")
    args = ap.parse_args()
    if args.quick:
        args.rounds, args.number, args.no_mindspore = 150, 10, True
    t = run_interleaved(args)
    oracle_args = argparse.Namespace(**vars(args))
    oracle_args.repeat, oracle_args.number = max(args.rounds // 60, 3), max(args.number, 100)   # ~1 ms/call
    real = None if args.no_mindspore else run_mindspore(oracle_args)
    lo = {n: min(v) for n, v in t.items()}
    med = {n: statistics.median(v) for n, v in t.items()}
    print(f"# {platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}, width {args.width}, "
          f"batch {args.batch}, {args.rounds} interleaved rounds x {args.number} calls")
    print("| what | min us | median us | bare `jax.jit` min us | median us | **ratio of minima** "
          "| median of round ratios |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for n, j in _PAIRS.items():
        per_round = statistics.median(a / b for a, b in zip(t[n], t[j]))
        print(f"| {n} | {lo[n]:.1f} | {med[n]:.1f} | {lo[j]:.1f} | {med[j]:.1f} | **{lo[n] / lo[j]:.2f}** "
              f"| {per_round:.2f} |")
    if real is not None:
        j = "bare jax.jit cell math"
        print(f"| MindSpore 2.10 GRAPH_MODE cell (best of {oracle_args.repeat} x {oracle_args.number}) | {real:.1f} | - | "
              f"{lo[j]:.1f} | {med[j]:.1f} | {real / lo[j]:.2f} | - |")


if __name__ == "__main__":
    main()
