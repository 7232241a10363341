"""Per-op CPU cost of the convolutions and max pools of the ``train_step.py`` models (LeNet-5,
ResNet-18 for 32x32 inputs) on XLA:CPU against real MindSpore 2.10's CPU kernels (oneDNN).

For every layer shape it times the forward convolution, its input gradient (dx) and its filter
gradient (dw), each as its own compiled call, in three forms on the JAX side:

* ``xla``: ``lax.conv_general_dilated`` and the derivatives JAX derives for it (XLA's kernels);
* ``im2col``: patches of the input (one strided slice per kernel offset) times the filter as one
  matrix product, differentiated by JAX (``ops/_conv.py``, ``_conv_im2col``);
* ``mscompat``: what mscompat runs on CPU (``_conv_forward``: XLA's kernels, but ``_conv2d_cpu``'s
  shifted slices for the value of a one-channel input and the im2col derivative of 1x1 strided
  kernels);

and MindSpore's ``Conv2D``, ``Conv2DBackpropInput`` and ``Conv2DBackpropFilter`` in GRAPH_MODE
(``.oracle/bin/python``, a subprocess, ``ONEDNN_MAX_CPU_ISA=AVX2`` unless ``--ms-isa default``).
Max pools: forward + input gradient of ``reduce_window`` (JAX's derivative: ``select_and_scatter``)
against mscompat's (``ops/_pool.py``, ``_max_window_cpu``) and MindSpore's ``MaxPool`` + its
gradient.

The figure is the process CPU time of one call (lower quartile over ``--rounds``, all forms of a
shape interleaved in each round), not wall time: on a machine shared with other jobs, wall time
measures the queue for the cores; CPU time measures the work (both sides use 2 threads here).

    .venv/bin/python benchmarks/conv_cpu.py [--rounds 12] [--only lenet,resnet] [--no-mindspore]
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent

# name, N, C_in, H (= W), C_out, kernel, stride, pad, needs dx (False: the network's input)
CONVS = [
    ("lenet conv1 b256", 256, 1, 32, 6, 5, 1, 0, False),
    ("lenet conv2 b256", 256, 6, 14, 16, 5, 1, 0, True),
    ("resnet stem b16", 16, 3, 32, 64, 3, 1, 1, False),
    ("resnet 64-64 3x3 b16", 16, 64, 32, 64, 3, 1, 1, True),
    ("resnet 64-128 3x3/2 b16", 16, 64, 32, 128, 3, 2, 1, True),
    ("resnet 256-256 3x3 b16", 16, 256, 8, 256, 3, 1, 1, True),
    ("resnet 512-512 3x3 b16", 16, 512, 4, 512, 3, 1, 1, True),
    ("resnet 64-128 1x1/2 b16", 16, 64, 32, 128, 1, 2, 0, True),
    ("resnet 256-512 1x1/2 b16", 16, 256, 8, 512, 1, 2, 0, True),
]
POOLS = [  # name, shape, kernel = stride
    ("lenet pool1 b256", (256, 6, 28, 28), 2),
    ("lenet pool2 b256", (256, 16, 10, 10), 2),
]


def _timer(fn, args):
    t = time.process_time()
    fn(*args)
    return time.process_time() - t


def _lower_quartile(xs):
    return sorted(xs)[len(xs) // 4] * 1e3


def _interleaved(fns, args, rounds):
    """{name: ms}: lower quartile of each function's per-call CPU time, all run in each round."""
    for f in fns.values():
        f(*args)
    times = {k: [] for k in fns}
    for _ in range(rounds):
        for k, f in fns.items():
            times[k].append(_timer(f, args))
    return {k: _lower_quartile(v) for k, v in times.items()}


# ---- MindSpore side (run by .oracle/bin/python: --ms-worker) ----

def mindspore_worker(rounds, only):
    import numpy as np
    import mindspore as ms
    from mindspore import nn, ops, Tensor
    from mindspore.ops.operations import _grad_ops as G
    ms.set_context(mode=ms.GRAPH_MODE)

    class Call(nn.Cell):
        def __init__(self, op):
            super().__init__()
            self.op = op

        def construct(self, *a):
            return self.op(*a)

    class PoolGrad(nn.Cell):
        def __init__(self, k):
            super().__init__()
            self.pool = nn.MaxPool2d(k, k)
            self.grad = ops.GradOperation(sens_param=True)

        def construct(self, x, g):
            return self.grad(self.pool)(x, g)

    def run(cell):
        return lambda *a: cell(*a).asnumpy()

    rng = np.random.default_rng(0)
    out = {}
    for name, n, c, h, o, k, s, p, needx in CONVS:
        if not any(name.startswith(w) for w in only):
            continue
        mode = "pad" if p else "valid"
        x = Tensor(rng.standard_normal((n, c, h, h)).astype(np.float32))
        w = Tensor(rng.standard_normal((o, c, k, k)).astype(np.float32))
        fwd = run(Call(ops.Conv2D(o, k, pad_mode=mode, pad=(p,) * 4, stride=s)))
        g = Tensor(np.ones(fwd(x, w).shape, np.float32))
        dx = run(Call(ops.Conv2DBackpropInput(o, k, pad_mode=mode, pad=(p,) * 4, stride=s)))
        dw = run(Call(G.Conv2DBackpropFilter(o, k, pad_mode=mode, pad_list=(p,) * 4, stride=s)))
        out[name] = {"fwd": _interleaved({"f": lambda: fwd(x, w)}, (), rounds)["f"],
                     "dw": _interleaved({"f": lambda: dw(g, x, w.shape)}, (), rounds)["f"]}
        if needx:
            out[name]["dx"] = _interleaved({"f": lambda: dx(g, w, x.shape)}, (), rounds)["f"]
    for name, shape, k in POOLS:
        if not any(name.startswith(w) for w in only):
            continue
        x = Tensor(rng.standard_normal(shape).astype(np.float32))
        g = Tensor(np.ones(shape[:2] + (shape[2] // k, shape[3] // k), np.float32))
        f = run(PoolGrad(k))
        out[name] = {"fwd+grad": _interleaved({"f": lambda: f(x, g)}, (), rounds)["f"]}
    print(json.dumps(out))


# ---- JAX side ----

def jax_side(rounds, only):
    import numpy as np
    import jax
    import jax.numpy as jnp
    from jax import lax
    import mscompat  # noqa: F401  (registers the ops)
    from mscompat.ops import _conv, _pool

    def xla(x, w, s, p):
        return lax.conv_general_dilated(x, w, s, p, dimension_numbers=_conv._dn(2), precision=lax.Precision.HIGHEST)

    forms = {"xla": xla, "im2col": lambda x, w, s, p: _conv._conv_im2col(x, w, s, p, (1, 1)),
             "mscompat": lambda x, w, s, p: _conv._conv_forward(x, w, s, p, (1, 1), 1)}
    rng = np.random.default_rng(0)
    out = {}
    for name, n, c, h, o, k, s, p, needx in CONVS:
        if not any(name.startswith(w) for w in only):
            continue
        x = jnp.asarray(rng.standard_normal((n, c, h, h)).astype(np.float32))
        w = jnp.asarray(rng.standard_normal((o, c, k, k)).astype(np.float32))
        st, pd = (s, s), ((p, p), (p, p))
        g = jnp.ones(xla(x, w, st, pd).shape, jnp.float32)
        fns = {}
        for form, f in forms.items():
            fns[(form, "fwd")] = jax.jit(lambda x, w, g, f=f: f(x, w, st, pd))
            fns[(form, "dw")] = jax.jit(lambda x, w, g, f=f: jax.vjp(lambda b: f(x, b, st, pd), w)[1](g)[0])
            if needx:
                fns[(form, "dx")] = jax.jit(lambda x, w, g, f=f: jax.vjp(lambda a: f(a, w, st, pd), x)[1](g)[0])
        blocking = {key: (lambda f: lambda *a: jax.block_until_ready(f(*a)))(f) for key, f in fns.items()}
        res = _interleaved(blocking, (x, w, g), rounds)
        out[name] = {f"{form} {part}": v for (form, part), v in res.items()}
    for name, shape, k in POOLS:
        if not any(name.startswith(w) for w in only):
            continue
        x = jnp.asarray(rng.standard_normal(shape).astype(np.float32))
        outs = (shape[2] // k, shape[3] // k)
        g = jnp.ones(shape[:2] + outs, jnp.float32)
        kk, pads = (k, k), ((0, 0), (0, 0))
        xla_pool = lambda v: _pool._reduce_window(v, np.array(-np.inf, np.float32), lax.max, kk, kk, (1, 1), pads, outs)
        ours = lambda v: _pool._max_window_cpu(v, kk, kk, (1, 1), pads, outs)
        fns = {f"{form} fwd+grad": jax.jit(lambda v, g, f=f: jax.vjp(f, v)[1](g)[0])
               for form, f in (("xla", xla_pool), ("mscompat", ours))}
        blocking = {key: (lambda f: lambda *a: jax.block_until_ready(f(*a)))(f) for key, f in fns.items()}
        out[name] = _interleaved(blocking, (x, g), rounds)
    return out


# ---- a whole training step, channels-last or as traced (--step) ----

def step_worker(side, model, batch, rounds):
    """ResNet-18 or LeNet-5 ``TrainOneStepCell`` steps (GRAPH_MODE, Momentum 0.9, the ``train_step.py`` data)
    run by ``side``: MindSpore alone, or mscompat's program as traced ("mscompat") and through
    ``mscompat._conv_layout.channels_last`` ("channels-last"), alternately in each round. Prints per
    form the minimum process CPU and wall seconds of a step, the losses and, for mscompat, the
    transposes and copies of the optimized step program."""
    import importlib.util
    import mindspore as ms
    from mindspore import nn
    sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "examples" / "resnet")]
    from resnet import ResNet18
    from _train_step_common import synthetic_batches
    spec = importlib.util.spec_from_file_location("lenet_train", ROOT / "examples" / "lenet" / "train.py")
    lenet = sys.modules["lenet_train"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lenet)
    network = {"resnet18": (ResNet18, 3), "lenet": (lenet.LeNet5, 1)}[model]
    ms.set_context(mode=ms.GRAPH_MODE)
    xs, ys = synthetic_batches((batch, network[1], 32, 32), 1)
    x, y = ms.Tensor(xs[0]), ms.Tensor(ys[0])
    forms, hlo, first = {}, {}, {}
    if side == "mindspore":
        variants = {"MindSpore": None}
    else:
        import jax
        from mscompat import _graph
        from mscompat._conv_layout import channels_last
        plain = _graph._flat_program

        def recording(name, wrap):
            def make(*a, **k):
                fn = plain(*a, **k)
                fn = channels_last(fn) if wrap else fn

                def traced(*args):
                    hlo[name] = (fn, [jax.ShapeDtypeStruct(v.shape, v.dtype) for v in args])
                    return fn(*args)
                return traced
            return make
        variants = {"mscompat": recording("mscompat", False), "channels-last": recording("channels-last", True)}
    for name, program in variants.items():
        if program is not None:
            _graph._flat_program = program
        ms.set_seed(0)
        net = network[0]()
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.Momentum(net.trainable_params(), 0.01, 0.9))
        t = time.perf_counter()
        step(x, y).asnumpy()                      # compile
        first[name] = time.perf_counter() - t
        forms[name] = step
    if side != "mindspore":
        _graph._flat_program = plain
    times = {k: [] for k in forms}
    losses = {k: [] for k in forms}
    for _ in range(rounds):
        for k, step in forms.items():
            c, w = time.process_time(), time.perf_counter()
            losses[k].append(float(step(x, y).asnumpy()))
            times[k].append((time.process_time() - c, time.perf_counter() - w))
    out = {k: {"cpu_s": min(c for c, _ in v), "wall_s": min(w for _, w in v), "losses": losses[k],
               "first_s": first[k]} for k, v in times.items()}
    for k, (fn, args) in hlo.items():
        from mscompat._conv_layout import layout_copies
        out[k].update(layout_copies(jax.jit(fn).lower(*args).compile().as_text()))
    print(json.dumps(out))


def step_main(a):
    env = dict(os.environ, GLOG_v="3", PYTHONPATH=str(ROOT), MS_COMPILER_CACHE_ENABLE="0")
    runs = []
    for _ in range(a.step_repeats):       # the two processes alternate
        for side, cmd in (("mscompat", [sys.executable, "-m", "mscompat"]), ("mindspore", None)):
            if side == "mindspore":
                if a.no_mindspore:
                    continue
                sys.path.insert(0, str(ROOT))
                from parity_tests.oracle import oracle_python
                cmd = [oracle_python()]
            e = dict(env, ONEDNN_MAX_CPU_ISA=a.ms_isa) if side == "mindspore" and a.ms_isa != "default" else env
            proc = subprocess.run(cmd + [__file__, "--step-worker", side, "--model", a.model, "--batch", str(a.batch),
                                         "--rounds",
                                         str(a.rounds)], capture_output=True, text=True, env=e, timeout=3600)
            lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
            if not lines:
                raise RuntimeError(f"{side} step worker failed:\n{proc.stderr[-3000:]}")
            runs.append(json.loads(lines[-1]))
    best = {}
    for r in runs:
        for k, v in r.items():
            b = best.setdefault(k, dict(v))
            for m in ("cpu_s", "wall_s", "first_s"):
                b[m] = min(b[m], v[m])
    ms_best = best.get("MindSpore")
    print(f"# {a.model} b{a.batch} TrainOneStepCell step, minimum over {a.rounds} rounds x {a.step_repeats} "
          f"processes; MindSpore ONEDNN_MAX_CPU_ISA={a.ms_isa}")
    print("| form | transposes + copies | MiB they write | CPU s / step | wall s / step | vs MindSpore (CPU / wall) "
          "| first step s | losses |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for k, v in best.items():
        vs = f"{v['cpu_s'] / ms_best['cpu_s']:.2f} / {v['wall_s'] / ms_best['wall_s']:.2f}" if ms_best else "-"
        print(f"| {k} | {v.get('transposes', '-')} | {v['transpose_mib']:.0f} | " if "transpose_mib" in v
              else f"| {k} | - | - | ", end="")
        print(f"{v['cpu_s']:.3f} | {v['wall_s']:.3f} | {vs} | {v['first_s']:.2f} | "
              f"{', '.join(f'{x:.7f}' for x in v['losses'][:3])} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--only", default="lenet,resnet")
    ap.add_argument("--no-mindspore", action="store_true")
    ap.add_argument("--ms-isa", default="AVX2", help="ONEDNN_MAX_CPU_ISA for MindSpore ('default': unset)")
    ap.add_argument("--ms-worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--step", action="store_true", help="time a training step instead: mscompat "
                    "as traced and channels-last (mscompat/_conv_layout.py) against MindSpore")
    ap.add_argument("--model", choices=("resnet18", "lenet"), default="resnet18", help="--step: the network")
    ap.add_argument("--batch", type=int, default=64, help="--step: the batch size")
    ap.add_argument("--step-repeats", type=int, default=2, help="--step: alternate processes per side")
    ap.add_argument("--step-worker", choices=("mscompat", "mindspore"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    only = a.only.split(",")
    if a.ms_worker:
        return mindspore_worker(a.rounds, only)
    if a.step_worker:
        return step_worker(a.step_worker, a.model, a.batch, a.rounds)
    if a.step:
        return step_main(a)
    ms = {}
    if not a.no_mindspore:
        sys.path.insert(0, str(ROOT))
        from parity_tests.oracle import oracle_python
        env = dict(os.environ, GLOG_v="3")
        if a.ms_isa != "default":
            env["ONEDNN_MAX_CPU_ISA"] = a.ms_isa
        proc = subprocess.run([oracle_python(), __file__, "--ms-worker", "--rounds", str(a.rounds), "--only", a.only],
                              capture_output=True, text=True, env=env, timeout=3600)
        lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
        if not lines:
            raise RuntimeError(f"MindSpore worker failed:\n{proc.stderr[-3000:]}")
        ms = json.loads(lines[-1])
    res = jax_side(a.rounds, only)
    print(f"# CPU ms per call (lower quartile of {a.rounds} rounds); MindSpore ONEDNN_MAX_CPU_ISA={a.ms_isa}")
    print("| op | part | XLA | im2col | **mscompat** | MindSpore | mscompat / MindSpore |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, r in res.items():
        parts = sorted({k.split(" ", 1)[1] for k in r}, key=["fwd", "dx", "dw", "fwd+grad"].index)
        for part in parts:
            m = ms.get(name, {}).get(part)
            ours = r[f"mscompat {part}"]
            cells = [f"{r[f'{form} {part}']:.2f}" if f"{form} {part}" in r else "-" for form in ("xla", "im2col")]
            print(f"| {name} | {part} | {cells[0]} | {cells[1]} | **{ours:.2f}** | "
                  f"{f'{m:.2f}' if m else '-'} | {f'{ours / m:.2f}' if m else '-'} |")


if __name__ == "__main__":
    main()
