"""GPU suite: training-step time of ResNet-50, BERT-base and GPT-2 small, mscompat against PyTorch.

The mscompat side is written against the MindSpore API only (``_gpu_models.py``), run in
GRAPH_MODE, in float32 (``nn.TrainOneStepCell``) and at AMP level O2: for bfloat16
``ms.amp.auto_mixed_precision(net, "O2", dtype=ms.bfloat16)`` + ``nn.TrainOneStepCell``; for
float16 ``ms.amp.build_train_network(..., level="O2")`` with a ``DynamicLossScaleManager`` starting
at 1024 (``TrainOneStepWithLossScaleCell``). ``--amp-dtype auto`` (the default) trains ResNet-50 in
float16, as MindSpore's ResNet-50 recipe does (its MaxPool takes no bfloat16 either), and the
transformers in bfloat16.
ResNet-50 trains with ``nn.Momentum`` (0.9, weight decay 1e-4), the transformers with
``nn.AdamWeightDecay``.

The PyTorch side (only when ``torch`` imports; otherwise its column says "PyTorch not
installed") is the same models, shapes, initial data and optimizers in eager PyTorch, with
``torch.autocast`` (and a ``GradScaler`` starting at 1024 for float16) for the AMP row. Attention is the explicit
matmul-softmax-matmul on both sides (no fused attention kernel). Both sides keep MindSpore's GPU
precision defaults in the float32 rows (``device_context.gpu.op_precision``): matrix products at
full float32, convolutions allowed TF32 (PyTorch: ``matmul.allow_tf32 = False``,
``cudnn.allow_tf32 = True``, its own defaults too).

For each model its contenders (framework x precision) are built, each runs ``--warmup`` steps
(the first one's time is reported as the compile time), then ``--rounds`` interleaved rounds of
``--steps`` steps each (the order rotates every round so load hits all alike); the step time is
the median over rounds, with steps/s, samples/s and the mscompat / PyTorch ratio. Peak memory is
the accelerator's peak bytes in use (JAX cannot reset its counter, so a JAX row shows the
process's peak so far), or the process's peak RSS on CPU.

    python benchmarks/gpu.py --config full --json gpu.json          # on a GPU machine
    .venv/bin/python benchmarks/gpu.py --config tiny --steps 2      # CPU smoke test, seconds

``--config tiny`` (ResNet-50 at width/8 with one block per stage on 16x16 images, 2-layer
transformers of hidden 64, seq 16, batch 2) is the tests' configuration, not a benchmark.
"""
import argparse
import gc
import json
import os
import pathlib
import platform
import resource
import statistics
import sys
import time

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")   # leave GPU memory to PyTorch too

import jax  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import mscompat as ms  # noqa: E402
from mscompat import nn  # noqa: E402
import _gpu_models as msm  # noqa: E402

try:
    import torch
    import torch.nn.functional as F
except ImportError:
    torch = None

NO_TORCH = "PyTorch not installed"

CONFIGS = {
    "full": {
        "resnet50": dict(batch=32, image=224, base=64, blocks=(3, 4, 6, 3), classes=1000, lr=0.01),
        "bert": dict(batch=32, seq=128, vocab=30522, hidden=768, layers=12, heads=12, lr=1e-4),
        "gpt2": dict(batch=8, seq=1024, vocab=50257, hidden=768, layers=12, heads=12, lr=1e-4),
    },
    "tiny": {
        "resnet50": dict(batch=2, image=16, base=8, blocks=(1, 1, 1, 1), classes=10, lr=0.01),
        "bert": dict(batch=2, seq=16, vocab=128, hidden=64, layers=2, heads=4, lr=1e-3),
        "gpt2": dict(batch=2, seq=16, vocab=128, hidden=64, layers=2, heads=4, lr=1e-3),
    },
}
TITLES = {"resnet50": "ResNet-50", "bert": "BERT-base", "gpt2": "GPT-2 small"}


def make_batch(name, cfg, seed=0):
    """One synthetic batch (numpy) of model ``name``: images and class labels, or token ids and
    labels (-100 where no loss is taken)."""
    rs = np.random.RandomState(seed)
    b = cfg["batch"]
    if name == "resnet50":
        x = rs.standard_normal((b, 3, cfg["image"], cfg["image"])).astype(np.float32)
        return x, rs.randint(0, cfg["classes"], b).astype(np.int32)
    s, vocab = cfg["seq"], cfg["vocab"]
    if name == "gpt2":
        toks = rs.randint(0, vocab, (b, s + 1)).astype(np.int32)
        return toks[:, :-1].copy(), toks[:, 1:].copy()
    ids = rs.randint(1, vocab, (b, s)).astype(np.int32)      # BERT MLM: 15 % of the positions (and the first)
    masked = rs.rand(b, s) < 0.15
    masked[:, 0] = True
    labels = np.where(masked, ids, -100).astype(np.int32)
    ids[masked] = 0                                            # token 0 stands for [MASK]
    return ids, labels


def host_peak_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Contender:
    def __init__(self, framework, precision, step, to_float, peak_mb):
        self.framework, self.precision = framework, precision
        self.step, self.to_float, self.peak_mb_fn = step, to_float, peak_mb
        self.losses, self.step_s = [], []
        self.compile_s = self.peak_mb = None

    def run(self, n):
        """``n`` steps; waits for the last; returns the seconds per step."""
        t0 = time.perf_counter()
        outs = [self.step() for _ in range(n)]
        last = self.to_float(outs[-1])
        dt = (time.perf_counter() - t0) / n
        self.losses += [self.to_float(o) for o in outs[:-1]] + [last]
        return dt


# ---------------------------------------------------------------- mscompat side

def mscompat_contender(name, cfg, precision, amp_dtype, batch):
    ms.set_seed(0)
    net, with_loss = msm.build(name, cfg)
    opt_params = net.trainable_params()
    if precision == "fp32":
        train = nn.TrainOneStepCell(with_loss(net), msm.optimizer(name, opt_params, cfg["lr"]))
    elif amp_dtype == "bfloat16":
        net = ms.amp.auto_mixed_precision(net, "O2", dtype=ms.bfloat16)
        train = nn.TrainOneStepCell(with_loss(net), msm.optimizer(name, opt_params, cfg["lr"]))
    else:                            # float16: O2 with a dynamic loss scale (TrainOneStepWithLossScaleCell)
        manager = ms.amp.DynamicLossScaleManager(init_loss_scale=2 ** 10, scale_factor=2, scale_window=1000)
        train = ms.amp.build_train_network(with_loss(net), msm.optimizer(name, opt_params, cfg["lr"]), level="O2",
                                           loss_scale_manager=manager)
    train.set_train()
    x, y = ms.Tensor(batch[0]), ms.Tensor(batch[1])

    def to_float(out):
        out = out[0] if isinstance(out, (tuple, list)) else out
        return float(out.asnumpy())

    def peak_mb():
        stats = jax.devices()[0].memory_stats() or {}
        return stats["peak_bytes_in_use"] / 2 ** 20 if "peak_bytes_in_use" in stats else host_peak_mb()

    return Contender("mscompat", precision, lambda: train(x, y), to_float, peak_mb)


# ---------------------------------------------------------------- PyTorch side

def torch_models():
    """The PyTorch twins of ``_gpu_models``' networks (defined only when torch imports)."""
    tnn = torch.nn

    class Bottleneck(tnn.Module):
        def __init__(self, cin, width, stride):
            super().__init__()
            cout = width * 4
            self.conv1, self.bn1 = tnn.Conv2d(cin, width, 1, bias=False), tnn.BatchNorm2d(width)
            self.conv2 = tnn.Conv2d(width, width, 3, stride, padding=1, bias=False)
            self.bn2 = tnn.BatchNorm2d(width)
            self.conv3, self.bn3 = tnn.Conv2d(width, cout, 1, bias=False), tnn.BatchNorm2d(cout)
            self.down = None
            if stride != 1 or cin != cout:
                self.down = tnn.Sequential(tnn.Conv2d(cin, cout, 1, stride, bias=False), tnn.BatchNorm2d(cout))

        def forward(self, x):
            identity = x if self.down is None else self.down(x)
            out = F.relu(self.bn1(self.conv1(x)))
            out = F.relu(self.bn2(self.conv2(out)))
            return F.relu(self.bn3(self.conv3(out)) + identity)

    class ResNet50(tnn.Module):
        def __init__(self, num_classes, base, blocks):
            super().__init__()
            self.stem = tnn.Sequential(tnn.Conv2d(3, base, 7, 2, padding=3, bias=False), tnn.BatchNorm2d(base),
                                       tnn.ReLU(), tnn.MaxPool2d(3, 2, padding=1))
            layers, cin = [], base
            for i, n in enumerate(blocks):
                for j in range(n):
                    layers.append(Bottleneck(cin, base * 2 ** i, 2 if (j == 0 and i > 0) else 1))
                    cin = base * 2 ** i * 4
            self.layers = tnn.Sequential(*layers)
            self.fc = tnn.Linear(cin, num_classes)

        def forward(self, x):
            return self.fc(self.layers(self.stem(x)).mean((2, 3)))

    class SelfAttention(tnn.Module):
        def __init__(self, hidden, heads, causal, seq):
            super().__init__()
            self.heads, self.head_dim, self.causal = heads, hidden // heads, causal
            self.qkv, self.proj = tnn.Linear(hidden, 3 * hidden), tnn.Linear(hidden, hidden)
            self.register_buffer("mask", torch.triu(torch.full((seq, seq), -1e4), 1))

        def forward(self, x):
            b, s, h = x.shape
            q, k, v = self.qkv(x).reshape(b, s, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4)
            scores = q @ k.transpose(-1, -2) / self.head_dim ** 0.5
            if self.causal:
                scores = scores + self.mask[:s, :s].to(scores.dtype)
            out = (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, s, h)
            return self.proj(out)

    class Block(tnn.Module):
        def __init__(self, hidden, heads, seq, causal):
            super().__init__()
            self.attn = SelfAttention(hidden, heads, causal, seq)
            self.ln1, self.ln2 = tnn.LayerNorm(hidden), tnn.LayerNorm(hidden)
            self.ff = tnn.Sequential(tnn.Linear(hidden, 4 * hidden), tnn.GELU(approximate="tanh"),
                                     tnn.Linear(4 * hidden, hidden))
            self.pre_norm = causal

        def forward(self, x):
            if self.pre_norm:
                x = x + self.attn(self.ln1(x))
                return x + self.ff(self.ln2(x))
            x = self.ln1(x + self.attn(x))
            return self.ln2(x + self.ff(x))

    class Transformer(tnn.Module):
        def __init__(self, vocab, hidden, layers, heads, seq, causal):
            super().__init__()
            self.tok = tnn.Embedding(vocab, hidden)
            tnn.init.normal_(self.tok.weight, std=0.01)   # MindSpore's nn.Embedding default ('normal', sigma 0.01)
            self.pos = tnn.Parameter(torch.randn(seq, hidden) * 0.02)
            self.emb_ln = None if causal else tnn.LayerNorm(hidden)
            self.blocks = tnn.Sequential(*[Block(hidden, heads, seq, causal) for _ in range(layers)])
            if causal:
                self.head, self.out_bias = tnn.LayerNorm(hidden), None
            else:
                self.head = tnn.Sequential(tnn.Linear(hidden, hidden), tnn.GELU(approximate="tanh"),
                                           tnn.LayerNorm(hidden))
                self.out_bias = tnn.Parameter(torch.zeros(vocab))

        def forward(self, ids):
            x = self.tok(ids) + self.pos[:ids.shape[1]]
            if self.emb_ln is not None:
                x = self.emb_ln(x)
            return F.linear(self.head(self.blocks(x)), self.tok.weight, self.out_bias)

    return ResNet50, Transformer


def torch_device():
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def torch_contender(name, cfg, precision, amp_dtype, batch, compile_model):
    torch.backends.cuda.matmul.allow_tf32 = False   # MindSpore's GPU defaults (device_context.gpu.op_precision):
    torch.backends.cudnn.allow_tf32 = True          # float32 matmuls in float32, convolutions may use TF32
    torch.backends.cudnn.benchmark = True
    torch.manual_seed(0)
    dev = torch_device()
    resnet, transformer = torch_models()
    if name == "resnet50":
        model = resnet(cfg["classes"], cfg["base"], cfg["blocks"])
        opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9, weight_decay=1e-4)
        x, y = torch.from_numpy(batch[0]).to(dev), torch.from_numpy(batch[1]).long().to(dev)
    else:
        model = transformer(cfg["vocab"], cfg["hidden"], cfg["layers"], cfg["heads"], cfg["seq"], name == "gpt2")
        opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], eps=1e-8, weight_decay=0.01)
        x, y = torch.from_numpy(batch[0]).long().to(dev), torch.from_numpy(batch[1]).long().to(dev)
    model = model.to(dev).train()
    fwd = torch.compile(model) if compile_model else model
    amp = precision == "amp"
    dtype = torch.bfloat16 if amp_dtype == "bfloat16" else torch.float16
    scaler = torch.amp.GradScaler(dev.type, init_scale=2.0 ** 10, growth_interval=1000,
                                  enabled=amp and dtype == torch.float16)

    def step():
        opt.zero_grad(set_to_none=True)
        with torch.autocast(dev.type, dtype=dtype, enabled=amp):
            logits = fwd(x)
        loss = F.cross_entropy(logits.float().reshape(-1, logits.shape[-1]), y.reshape(-1), ignore_index=-100)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
        return loss.detach()

    def peak_mb():
        return torch.cuda.max_memory_allocated() / 2 ** 20 if dev.type == "cuda" else host_peak_mb()

    if dev.type == "cuda":
        torch.cuda.reset_peak_memory_stats()
    return Contender("pytorch", precision, step, lambda t: float(t.item()), peak_mb)


# ---------------------------------------------------------------- driver

def amp_dtype_of(name, choice):
    if choice != "auto":
        return choice
    return "float16" if name == "resnet50" else "bfloat16"


def run_model(name, cfg, args):
    batch = make_batch(name, cfg)
    amp_dtype = amp_dtype_of(name, args.amp_dtype)
    contenders = []
    for precision in ("amp", "fp32"):
        contenders.append(("mscompat", precision))
        contenders.append(("pytorch", precision))
    built = []
    for framework, precision in contenders:
        if framework == "pytorch" and torch is None:
            continue
        if framework == "mscompat":
            c = mscompat_contender(name, cfg, precision, amp_dtype, batch)
        else:
            c = torch_contender(name, cfg, precision, amp_dtype, batch, args.torch_compile)
        c.compile_s = c.run(1)                      # the first step: trace + compile + run
        if args.warmup > 1:
            c.run(args.warmup - 1)
        c.peak_mb = c.peak_mb_fn()
        built.append(c)
    for r in range(args.rounds):
        k = r % len(built)
        for c in built[k:] + built[:k]:
            c.step_s.append(c.run(args.steps))
    rows = []
    for precision in ("amp", "fp32"):
        pair = {c.framework: c for c in built if c.precision == precision}
        ref = pair.get("pytorch")
        for framework in ("mscompat", "pytorch"):
            c = pair.get(framework)
            label = f"AMP O2 {amp_dtype}" if precision == "amp" else "float32"
            if c is None:
                rows.append(dict(model=name, precision=label, framework=framework, note=NO_TORCH))
                continue
            med = statistics.median(c.step_s)
            rows.append(dict(model=name, precision=label, framework=framework, batch=cfg["batch"],
                             median_step_ms=med * 1e3, steps_per_s=1 / med, samples_per_s=cfg["batch"] / med,
                             ratio_to_pytorch=(med / statistics.median(ref.step_s)) if ref else None,
                             compile_s=c.compile_s, peak_mb=c.peak_mb, losses=c.losses,
                             step_ms=[s * 1e3 for s in c.step_s]))
    built.clear()                                   # free the compiled steps and their device buffers
    gc.collect()
    if torch is not None and torch.cuda.is_available():
        torch.cuda.empty_cache()                    # hand PyTorch's cached blocks back for the next model
    return rows


def device_names():
    names = {"jax": jax.devices()[0].device_kind, "jax_platform": jax.devices()[0].platform}
    if torch is None:
        names["pytorch"] = NO_TORCH
    else:
        dev = torch_device()
        card = torch.cuda.get_device_name() if dev.type == "cuda" else "cpu"
        names["pytorch"] = f"{card} (torch {torch.__version__})"
    return names


def format_table(rows, header=True):
    head = ("| model | precision | framework | batch | median step ms | steps/s | samples/s | mscompat / PyTorch "
            "| first step s | peak MiB | loss first -> last |")
    lines = [head, "|" + "---|" * 4 + "---:|" * 7] if header else []
    for r in rows:
        if "note" in r:
            lines.append(f"| {TITLES[r['model']]} | {r['precision']} | {r['framework']} | {r['note']} |" + " |" * 7)
            continue
        ratio = f"{r['ratio_to_pytorch']:.3f}" if r["ratio_to_pytorch"] is not None and r["framework"] == "mscompat" \
            else ("1.000" if r["ratio_to_pytorch"] is not None else "")
        lines.append(f"| {TITLES[r['model']]} | {r['precision']} | {r['framework']} | {r['batch']} "
                     f"| {r['median_step_ms']:.2f} | {r['steps_per_s']:.2f} | {r['samples_per_s']:.1f} | {ratio} "
                     f"| {r['compile_s']:.2f} | {r['peak_mb']:.0f} | {r['losses'][0]:.4f} -> {r['losses'][-1]:.4f} |")
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--config", choices=tuple(CONFIGS), default="full")
    p.add_argument("--models", default="resnet50,bert,gpt2")
    p.add_argument("--steps", type=int, default=10, help="steps per timed round")
    p.add_argument("--rounds", type=int, default=None, help="timed rounds (default 5; tiny: 2)")
    p.add_argument("--warmup", type=int, default=3, help="untimed steps before the rounds, the first one compiles")
    p.add_argument("--amp-dtype", choices=("auto", "bfloat16", "float16"), default="auto",
                   help="AMP row's dtype (auto: float16 for ResNet-50, bfloat16 for the transformers)")
    p.add_argument("--torch-compile", action="store_true", help="torch.compile the PyTorch models")
    p.add_argument("--json", help="also write the results here")
    args = p.parse_args(argv)
    if args.rounds is None:
        args.rounds = 2 if args.config == "tiny" else 5
    models = args.models.split(",")
    unknown = [m for m in models if m not in CONFIGS[args.config]]
    if unknown:
        p.error(f"unknown model(s) {unknown}; choose from {','.join(CONFIGS[args.config])}")
    ms.set_context(mode=ms.GRAPH_MODE)
    devices = device_names()
    print(f"# device: {devices['jax']} ({devices['jax_platform']}); PyTorch: {devices['pytorch']}")
    print(f"# config {args.config}, {args.warmup} warm-up steps, {args.rounds} rounds x {args.steps} steps; "
          f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, jax {jax.__version__}")
    rows = []
    for name in models:
        # each model's rows are printed and saved as soon as it ends, so a run cut short by a
        # time limit still leaves the models it finished
        model_rows = run_model(name, CONFIGS[args.config][name], args)
        rows += model_rows
        print(format_table(model_rows, header=len(rows) == len(model_rows)), flush=True)   # one table in all
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"devices": devices, "config": args.config, "args": vars(args), "rows": rows}, f, indent=1)
    return rows


if __name__ == "__main__":
    main()
