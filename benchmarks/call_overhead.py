"""Per-call time of a compiled 8-layer (Dense + BatchNorm) Cell in GRAPH_MODE.

Measures, in one run: mscompat GRAPH_MODE (the outermost ``Cell.__call__`` compiled
through the state threading, BatchNorm in training mode, so 16 moving statistics are
written back every call), a bare ``jax.jit`` of the same math with the parameters and
statistics passed as a pytree (the statistics returned and carried by hand), and real
MindSpore 2.10 GRAPH_MODE (in its own numpy-1.x interpreter, found as for the parity
tests). Small shapes, so the per-call overhead shows rather than the arithmetic.

    .venv/bin/python benchmarks/call_overhead.py [--repeat 5] [--number 1000] [--width 32] [--batch 16]
"""
import argparse
import json
import os
import pathlib
import platform
import subprocess
import sys
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


def mscompat_loop(args):
    sys.path.insert(0, str(ROOT))
    import mscompat as ms
    ns = {}
    exec(_BODY, ns)
    return ns["build"](ms, args.number, args.width, args.batch, _sync_jax)


def jax_loop(args):
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

    for _ in range(20):
        call().block_until_ready()

    def loop():
        r = None
        for _ in range(args.number):
            r = call()
        r.block_until_ready()
    return loop


def run_interleaved(args):
    """Best per-call time of mscompat and bare jax.jit, timed in alternating rounds so that
    machine noise hits both alike."""
    loops = {"mscompat": mscompat_loop(args), "jax": jax_loop(args)}
    best = {k: float("inf") for k in loops}
    for _ in range(args.repeat):
        for k, loop in loops.items():
            best[k] = min(best[k], timeit.timeit(loop, number=1) / args.number * 1e6)
    return best["mscompat"], best["jax"]


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
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--number", type=int, default=1000)
    ap.add_argument("--width", type=int, default=32)
    ap.add_argument("--batch", type=int, default=16)
    args = ap.parse_args()
    msc, bare = run_interleaved(args)
    real = run_mindspore(args)
    print(f"# {platform.machine()}, {os.cpu_count()} cores, width {args.width}, batch {args.batch}, "
          f"best of {args.repeat} x {args.number} calls, mscompat and jax.jit timed in alternating rounds")
    print("| what | us/call | / bare jax.jit |")
    print("|---|---:|---:|")
    print(f"| mscompat GRAPH_MODE cell | {msc:.1f} | **{msc / bare:.2f}** |")
    print(f"| bare `jax.jit`, params as a pytree | {bare:.1f} | 1.00 |")
    if real is not None:
        print(f"| MindSpore 2.10 GRAPH_MODE | {real:.1f} | {real / bare:.2f} |")


if __name__ == "__main__":
    main()
