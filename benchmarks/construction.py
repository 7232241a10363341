"""Model construction time: mscompat against real MindSpore 2.10, side by side.

Each case runs in a fresh interpreter (so no compile cache or warm import helps either
side): mscompat as ``.venv/bin/python -m mscompat`` (``import mindspore`` resolves to
mscompat), MindSpore in its own numpy-1.x interpreter (``$MSCOMPAT_ORACLE_PYTHON`` or
``.oracle/bin/python``). The worker imports ``mindspore`` (and mindcv) untimed, then times
the first construction (cold) and a second identical one (warm). Cases:

* ``30 convs``: ``[nn.Conv2d(3 + i, 8 + i, 3) for i in range(30)]`` (30 new weight shapes);
* mindcv ``create_model`` of ``mobilenet_v3_small_100``, ``resnet18``, ``densenet121``;
* ``resnet18 fwd``: PyNative forward of mindcv resnet18 (eval mode, batch 4, 3x64x64):
  first call and best of 5 later calls;
* ``resnet18 fwd+bwd``: PyNative ``value_and_grad`` of the mean output over the trainable
  parameters (train mode): first call and best of 3 later calls.

    .venv/bin/python benchmarks/construction.py [--cases 30convs,resnet18,...] [--rounds 1]
"""
import argparse
import json
import os
import pathlib
import platform
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ("30convs", "mobilenet_v3_small_100", "resnet18", "densenet121", "resnet18_fwd", "resnet18_fwdbwd")
LABELS = {"30convs": "30 x nn.Conv2d", "mobilenet_v3_small_100": "create_model mobilenet_v3_small_100",
          "resnet18": "create_model resnet18", "densenet121": "create_model densenet121",
          "resnet18_fwd": "resnet18 forward (b4, 64x64)", "resnet18_fwdbwd": "resnet18 fwd+bwd (b4, 64x64)"}


def _worker(case):
    """Runs inside the timed interpreter: prints {"first": s, "again": s} as JSON."""
    import numpy as np
    import mindspore as ms
    from mindspore import nn
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(0)
    if case != "30convs":
        import mindcv

    def build():
        if case == "30convs":
            return [nn.Conv2d(3 + i, 8 + i, 3) for i in range(30)]
        name = case.split("_fwd")[0]
        return mindcv.create_model(name, pretrained=False)

    def timed(fn):
        t0 = time.perf_counter()
        fn()
        return time.perf_counter() - t0

    if not case.startswith("resnet18_fwd"):
        print(json.dumps({"first": timed(build), "again": timed(build)}))
        return
    net = build()
    x = ms.Tensor(np.random.RandomState(0).rand(4, 3, 64, 64).astype(np.float32))
    if case == "resnet18_fwd":
        net.set_train(False)
        fn = lambda: net(x).asnumpy()   # noqa: E731  (asnumpy waits for the result)
        repeat = 5
    else:
        net.set_train(True)
        grad_fn = ms.value_and_grad(lambda inp: net(inp).mean(), None, net.trainable_params())

        def fn():
            loss, grads = grad_fn(x)
            loss.asnumpy()
            grads[-1].asnumpy()
        repeat = 3
    first = timed(fn)
    print(json.dumps({"first": first, "again": min(timed(fn) for _ in range(repeat))}))


def _run(side, case):
    if side == "mscompat":
        cmd = [sys.executable, "-m", "mscompat", __file__, "--worker", case]
    else:
        py = os.environ.get("MSCOMPAT_ORACLE_PYTHON") or str(ROOT / ".oracle" / "bin" / "python")
        if not pathlib.Path(py).exists():
            return None
        cmd = [py, __file__, "--worker", case]
    env = dict(os.environ, GLOG_v="3", PYTHONWARNINGS="ignore")
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(ROOT))
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        sys.stderr.write(f"{side} {case} failed:\n{proc.stderr[-2000:]}\n")
        return None
    return json.loads(lines[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker")
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--rounds", type=int, default=1, help="fresh runs per case and side (best kept)")
    args = ap.parse_args()
    if args.worker:
        _worker(args.worker)
        return
    print(f"# {platform.machine()} {os.cpu_count()} cpus, python {platform.python_version()}")
    print("| case | mscompat first s | MindSpore first s | ratio | mscompat again s | MindSpore again s | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for case in args.cases.split(","):
        res = {}
        for side in ("mscompat", "mindspore"):
            runs = [r for r in (_run(side, case) for _ in range(args.rounds)) if r]
            res[side] = ({k: min(r[k] for r in runs) for k in ("first", "again")} if runs else None)
        m, o = res["mscompat"], res["mindspore"]

        def cell(d, k):
            return f"{d[k]:.3f}" if d else "-"

        def ratio(k):
            return f"**{m[k] / o[k]:.2f}**" if m and o else "-"
        print(f"| {LABELS.get(case, case)} | {cell(m, 'first')} | {cell(o, 'first')} | {ratio('first')} "
              f"| {cell(m, 'again')} | {cell(o, 'again')} | {ratio('again')} |", flush=True)


if __name__ == "__main__":
    main()
