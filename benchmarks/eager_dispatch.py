"""Per-op cost of eager (PyNative) ``add`` and ``matmul`` on a (16, 16) float32 Tensor.

Measures, in one run: mscompat (PyNative), bare ``jax.numpy`` eager dispatch, and real
MindSpore 2.10 PyNative (in its own numpy-1.x interpreter, found as for the parity
tests: ``$MSCOMPAT_ORACLE_PYTHON`` or ``.oracle/bin/python``). Prints a table of
microseconds per call and the ratios to bare ``jax.numpy``.

    .venv/bin/python benchmarks/eager_dispatch.py [--repeat 5] [--number 2000]
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

# Run by both interpreters: `ms` is mscompat or mindspore; returns {op: best us/call}.
_BODY = """
import timeit, numpy as np
def measure(ms, repeat, number, sync):
    x = ms.Tensor(np.random.RandomState(0).rand(16, 16).astype(np.float32))
    y = ms.Tensor(np.random.RandomState(1).rand(16, 16).astype(np.float32))
    ops = ms.ops
    cases = {"add": lambda: ops.add(x, y), "matmul": lambda: ops.matmul(x, y),
             "x + y (operator)": lambda: x + y}
    out = {}
    for name, fn in cases.items():
        for _ in range(50):
            sync(fn())
        def loop():
            r = None
            for _ in range(number):
                r = fn()
            sync(r)
        out[name] = min(timeit.repeat(loop, repeat=repeat, number=1)) / number * 1e6
    return out
"""


def _sync_jax(r):
    data = getattr(r, "_data", r)
    data.block_until_ready()


def run_mscompat(repeat, number):
    sys.path.insert(0, str(ROOT))
    import mscompat as ms
    ns = {}
    exec(_BODY, ns)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return ns["measure"](ms, repeat, number, _sync_jax)


def run_jax(repeat, number):
    import numpy as np
    import jax.numpy as jnp
    x = jnp.asarray(np.random.RandomState(0).rand(16, 16).astype(np.float32))
    y = jnp.asarray(np.random.RandomState(1).rand(16, 16).astype(np.float32))
    cases = {"add": lambda: jnp.add(x, y), "matmul": lambda: jnp.matmul(x, y), "x + y (operator)": lambda: x + y}
    out = {}
    for name, fn in cases.items():
        for _ in range(50):
            fn().block_until_ready()

        def loop():
            r = None
            for _ in range(number):
                r = fn()
            r.block_until_ready()
        out[name] = min(timeit.repeat(loop, repeat=repeat, number=1)) / number * 1e6
    return out


def run_mindspore(repeat, number):
    py = os.environ.get("MSCOMPAT_ORACLE_PYTHON") or str(ROOT / ".oracle" / "bin" / "python")
    if not pathlib.Path(py).exists():
        return None
    script = _BODY + f"""
import json, mindspore as ms
ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
print(json.dumps(measure(ms, {repeat}, {number}, lambda r: r.asnumpy())))
"""
    proc = subprocess.run([py, "-c", script], capture_output=True, text=True, env=dict(os.environ, GLOG_v="3"))
    if proc.returncode != 0:
        print("MindSpore run failed:", proc.stderr[-2000:], file=sys.stderr)
        return None
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--number", type=int, default=2000)
    args = ap.parse_args()
    import jax
    ours = run_mscompat(args.repeat, args.number)
    bare = run_jax(args.repeat, args.number)
    real = run_mindspore(args.repeat, args.number)
    print(f"eager dispatch, (16, 16) float32, best of {args.repeat} x {args.number} calls; "
          f"jax {jax.__version__} on {jax.devices()[0].platform}, {platform.processor() or platform.machine()}")
    print(f"{'op':<18} {'mscompat us':>12} {'jax.numpy us':>13} {'MindSpore us':>13} {'mscompat/jnp':>13} "
          f"{'MindSpore/jnp':>14}")
    for op in ours:
        r = real[op] if real else float("nan")
        print(f"{op:<18} {ours[op]:>12.2f} {bare[op]:>13.2f} {r:>13.2f} {ours[op] / bare[op]:>13.2f} "
              f"{r / bare[op]:>14.2f}")


if __name__ == "__main__":
    main()
