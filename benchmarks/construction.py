"""Model construction and first steps: mscompat against real MindSpore 2.10, side by side.

Each measurement runs in a fresh interpreter: mscompat as ``.venv/bin/python -m mscompat``
(``import mindspore`` resolves to mscompat), MindSpore in its own numpy-1.x interpreter
(``$MSCOMPAT_ORACLE_PYTHON`` or ``.oracle/bin/python``), run once as installed and once with
``ONEDNN_MAX_CPU_ISA=AVX2``, the faster of the two kept (MindSpore at its best). The worker
imports ``mindspore`` (and mindcv) untimed, then times the first construction or step (cold)
and the same again (warm); for a construction also the first one followed by reading every
weight (``asnumpy``), since mscompat draws a new Parameter's random values on first read. On the mscompat side it also counts the XLA programs compiled by
the first one (JAX's monitoring events; a program loaded from the persistent cache is not a
compile).

Table 1, construction and first PyNative calls (mscompat with its compile cache on, as by
default, in an empty directory, so "first" compiles everything):

* ``30convs``: ``[nn.Conv2d(3 + i, 8 + i, 3) for i in range(30)]`` (30 new weight shapes);
* ``30dense``: ``[nn.Dense(16 + i, 32 + i) for i in range(30)]``;
* mindcv ``create_model`` of ``mobilenet_v3_small_100``, ``resnet18``, ``densenet121``,
  ``vit_b_16_224``;
* ``resnet18_fwd``: PyNative forward of mindcv resnet18 (eval mode, batch 4, 3x64x64),
  first call and best of 5 later ones;
* ``resnet18_fwdbwd``: PyNative ``value_and_grad`` of the mean output over the trainable
  parameters (train mode), first call and best of 3 later ones.

Table 2, the persistent compilation cache: the first training step of a fresh process with
the cache off (``MS_COMPILER_CACHE_ENABLE=0``), with an empty cache (the first process writes
it) and with the cache that process left (a second process reads it), against MindSpore's
first step. Cases: ``lenet_step`` (LeNet-5, batch 32, ``value_and_grad`` + Momentum in
PyNative), ``lenet_step_graph`` (``TrainOneStepCell`` in GRAPH_MODE), ``resnet18_fwdbwd``.

    .venv/bin/python benchmarks/construction.py [--cases 30convs,resnet18,...] [--cache-cases ...] [--rounds N]
"""
import argparse
import json
import os
import pathlib
import platform
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ("30convs", "30dense", "mobilenet_v3_small_100", "resnet18", "densenet121", "vit_b_16_224",
         "resnet18_fwd", "resnet18_fwdbwd")
CACHE_CASES = ("lenet_step", "lenet_step_graph", "resnet18_fwdbwd")
LABELS = {"30convs": "30 x nn.Conv2d", "30dense": "30 x nn.Dense",
          "mobilenet_v3_small_100": "create_model mobilenet_v3_small_100",
          "resnet18": "create_model resnet18", "densenet121": "create_model densenet121",
          "vit_b_16_224": "create_model vit_b_16_224",
          "resnet18_fwd": "resnet18 forward (b4, 64x64)", "resnet18_fwdbwd": "resnet18 fwd+bwd (b4, 64x64)",
          "lenet_step": "LeNet-5 train step, PyNative (b32)", "lenet_step_graph": "LeNet-5 TrainOneStepCell, GRAPH_MODE (b32)"}


class _CompileCounter:
    """XLA compiles seen through JAX's monitoring events (cache loads not counted)."""

    def __init__(self):
        self.compiles = self.hits = 0
        try:
            import jax
        except ImportError:     # the MindSpore side
            return
        jax.monitoring.register_event_duration_secs_listener(self._duration)
        jax.monitoring.register_event_listener(self._event)

    def _duration(self, event, _secs, **_kw):
        if event == "/jax/core/compile/backend_compile_duration":
            self.compiles += 1

    def _event(self, event, **_kw):
        if event == "/jax/compilation_cache/cache_hits":
            self.hits += 1

    def count(self):
        return self.compiles - self.hits


def _lenet(ms, nn):
    class LeNet5(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid")
            self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
            self.fc1, self.fc2, self.fc3 = nn.Dense(400, 120), nn.Dense(120, 84), nn.Dense(84, 10)
            self.relu, self.pool, self.flatten = nn.ReLU(), nn.MaxPool2d(2, 2), nn.Flatten()

        def construct(self, x):
            x = self.pool(self.relu(self.conv1(x)))
            x = self.pool(self.relu(self.conv2(x)))
            x = self.flatten(x)
            return self.fc3(self.relu(self.fc2(self.relu(self.fc1(x)))))
    return LeNet5()


def _step_fn(ms, nn, case, np):
    """(step, repeat) for the cases that time calls rather than construction."""
    rng = np.random.RandomState(0)
    if case.startswith("lenet"):
        if case == "lenet_step_graph":
            ms.set_context(mode=ms.GRAPH_MODE)
        net = _lenet(ms, nn)
        loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
        x = ms.Tensor(rng.rand(32, 1, 32, 32).astype(np.float32))
        y = ms.Tensor(rng.randint(0, 10, 32).astype(np.int32))
        if case == "lenet_step_graph":
            train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
            return (lambda: train(x, y).asnumpy()), 3
        grad_fn = ms.value_and_grad(lambda a, b: loss_fn(net(a), b), None, opt.parameters)

        def step():
            loss, grads = grad_fn(x, y)
            opt(grads)
            loss.asnumpy()
        return step, 3
    import mindcv
    net = mindcv.create_model("resnet18", pretrained=False)
    x = ms.Tensor(rng.rand(4, 3, 64, 64).astype(np.float32))
    if case == "resnet18_fwd":
        net.set_train(False)
        return (lambda: net(x).asnumpy()), 5
    net.set_train(True)
    grad_fn = ms.value_and_grad(lambda inp: net(inp).mean(), None, net.trainable_params())

    def fwdbwd():
        loss, grads = grad_fn(x)
        loss.asnumpy()
        grads[-1].asnumpy()
    return fwdbwd, 3


def _worker(case):
    """Runs inside the timed interpreter: prints {"first": s, "again": s, "compiles": n} as JSON."""
    counter = _CompileCounter()
    import numpy as np
    import mindspore as ms
    from mindspore import nn
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(0)
    if case not in ("30convs", "30dense") and not case.startswith("lenet"):
        import mindcv

    def timed(fn):
        t0 = time.perf_counter()
        fn()
        return time.perf_counter() - t0

    if case.startswith(("resnet18_", "lenet")):
        fn, repeat = _step_fn(ms, nn, case, np)
    else:
        if case == "30convs":
            fn = lambda: [nn.Conv2d(3 + i, 8 + i, 3) for i in range(30)]    # noqa: E731
        elif case == "30dense":
            fn = lambda: [nn.Dense(16 + i, 32 + i) for i in range(30)]      # noqa: E731
        else:
            fn = lambda: mindcv.create_model(case, pretrained=False)        # noqa: E731
        repeat = 1
    before = counter.count()
    t0 = time.perf_counter()
    built = fn()
    first = time.perf_counter() - t0
    compiles = counter.count() - before
    result = {"first": first, "again": min(timed(fn) for _ in range(repeat)), "compiles": compiles}
    if repeat == 1:     # construction: then every weight read once (mscompat draws a weight on first read)
        cells = built if isinstance(built, list) else [built]
        params = [p for cell in cells for p in cell.get_parameters()]
        t0 = time.perf_counter()
        for p in params:
            p.asnumpy()
        result["read"] = first + time.perf_counter() - t0
    print(json.dumps(result))


def _run(side, case, env=None):
    if side == "mscompat":
        cmd = [sys.executable, "-m", "mscompat", __file__, "--worker", case]
    else:
        py = os.environ.get("MSCOMPAT_ORACLE_PYTHON") or str(ROOT / ".oracle" / "bin" / "python")
        if not pathlib.Path(py).exists():
            return None
        cmd = [py, __file__, "--worker", case]
    env = dict(os.environ, GLOG_v="3", PYTHONWARNINGS="ignore", **(env or {}))
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(ROOT))
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        sys.stderr.write(f"{side} {case} failed:\n{proc.stderr[-2000:]}\n")
        return None
    return json.loads(lines[-1])


def _best(runs):
    runs = [r for r in runs if r]
    if not runs:
        return None
    return {k: min(r[k] for r in runs) for k in runs[0]}


def _mindspore_best(case, rounds):
    """MindSpore as installed and with oneDNN limited to AVX2, the faster kept."""
    return _best([_run("mindspore", case, isa) for _ in range(rounds)
                  for isa in ({}, {"ONEDNN_MAX_CPU_ISA": "AVX2"})])


def _fresh_cache():
    return tempfile.mkdtemp(prefix="mscompat-bench-cache-")


def _mscompat_cold(case, rounds):
    runs = []
    for _ in range(rounds):
        cache = _fresh_cache()
        runs.append(_run("mscompat", case, {"MS_COMPILER_CACHE_PATH": cache}))
        shutil.rmtree(cache, ignore_errors=True)
    return _best(runs)


def _fmt(d, k, digits=3):
    return f"{d[k]:.{digits}f}" if d else "-"


def _ratio(m, o, k):
    return f"**{m[k] / o[k]:.2f}**" if m and o else "-"


def construction_table(cases, rounds):
    print("| case | mscompat first s | MindSpore first s | ratio | first + read all weights: mscompat s "
          "| MindSpore s | ratio | mscompat again s | MindSpore again s | ratio | mscompat XLA compiles (first) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for case in cases:
        m, o = _mscompat_cold(case, rounds), _mindspore_best(case, rounds)
        has_read = m and o and "read" in m
        read = (f"{_fmt(m, 'read')} | {_fmt(o, 'read')} | {_ratio(m, o, 'read')}" if has_read else "- | - | -")
        print(f"| {LABELS.get(case, case)} | {_fmt(m, 'first')} | {_fmt(o, 'first')} | {_ratio(m, o, 'first')} "
              f"| {read} | {_fmt(m, 'again')} | {_fmt(o, 'again')} | {_ratio(m, o, 'again')} "
              f"| {m['compiles'] if m else '-'} |", flush=True)


def cache_table(cases, rounds):
    print("| first step of a fresh process | cache off s | empty cache (writes) s | cache written before s "
          "| MindSpore s | warm cache / MindSpore | XLA compiles off / warm |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for case in cases:
        off = _best([_run("mscompat", case, {"MS_COMPILER_CACHE_ENABLE": "0"}) for _ in range(rounds)])
        cold, warm = [], []
        for _ in range(rounds):
            cache = _fresh_cache()
            cold.append(_run("mscompat", case, {"MS_COMPILER_CACHE_PATH": cache}))
            warm.append(_run("mscompat", case, {"MS_COMPILER_CACHE_PATH": cache}))
            shutil.rmtree(cache, ignore_errors=True)
        cold, warm, o = _best(cold), _best(warm), _mindspore_best(case, rounds)
        counts = f"{off['compiles']} / {warm['compiles']}" if off and warm else "-"
        print(f"| {LABELS.get(case, case)} | {_fmt(off, 'first')} | {_fmt(cold, 'first')} | {_fmt(warm, 'first')} "
              f"| {_fmt(o, 'first')} | {_ratio(warm, o, 'first')} | {counts} |", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker")
    ap.add_argument("--cases", default=",".join(CASES), help="table 1 cases ('' for none)")
    ap.add_argument("--cache-cases", default=",".join(CACHE_CASES), help="table 2 cases ('' for none)")
    ap.add_argument("--rounds", type=int, default=1, help="fresh runs per case and side (best kept)")
    args = ap.parse_args()
    if args.worker:
        _worker(args.worker)
        return
    print(f"# {platform.machine()} {os.cpu_count()} cpus, python {platform.python_version()}")
    if args.cases:
        construction_table(args.cases.split(","), args.rounds)
    if args.cache_cases:
        print()
        cache_table(args.cache_cases.split(","), args.rounds)


if __name__ == "__main__":
    main()
