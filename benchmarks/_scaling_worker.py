"""One configuration of ``scaling.py``, written against MindSpore's API and run by mscompat
(``python -m mscompat``) on ``--devices`` emulated host devices (the driver sets ``XLA_FLAGS``).

The parallel tests' Transformer block (``tests/_parallel_models.py``: pre-LayerNorm attention +
GELU feed-forward, weights in ``ops.MatMul`` form) trained with ``TrainOneStepCell`` in GRAPH_MODE, momentum SGD, MSE loss, on one fixed
global batch:

* ``--mode dp``: DATA_PARALLEL, the batch split over the devices, ``gradients_mean=True``;
* ``--mode mp``: SEMI_AUTO_PARALLEL with Megatron's strategies: the QKV and first feed-forward
  MatMuls split their weight's columns over the devices (``((1, 1), (1, n))``), the output
  projection and second feed-forward MatMul its rows (``((1, n), (n, 1))``), attention split by
  heads; every device sees the whole batch (``full_batch=True``).

Prints one JSON line: the median step time, the first call (compile), and the share of the
profiled op time spent in collectives (``all-reduce``, ``all-gather``, ``reduce-scatter``,
``all-to-all``, ``collective-permute``), from ``mindspore.Profiler``'s ``op_statistic.csv``.
"""
import argparse
import csv
import glob
import json
import os
import statistics
import sys
import tempfile
import time

import numpy as np

import mindspore as ms
from mindspore import nn, Tensor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from _parallel_models import Block  # noqa: E402  (the parallel tests' Transformer block)

COLLECTIVES = ("all-reduce", "all-gather", "reduce-scatter", "all-to-all", "collective-permute")


def collective_share(run_root):
    files = glob.glob(os.path.join(run_root, "**", "op_statistic.csv"), recursive=True)
    total = coll = 0.0
    for path in files:
        with open(path) as f:
            for row in csv.DictReader(f):
                t = float(row["Total Time(us)"])
                total += t
                if row["OP Type"].startswith(COLLECTIVES):
                    coll += t
    return coll / total if total else float("nan")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--mode", choices=("dp", "mp"), required=True)
    p.add_argument("--devices", type=int, required=True)
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--seq", type=int, default=32)
    p.add_argument("--dim", type=int, default=256)
    p.add_argument("--heads", type=int, default=8)
    p.add_argument("--ffn", type=int, default=1024)
    p.add_argument("--steps", type=int, default=10)
    p.add_argument("--profile_steps", type=int, default=3)
    a = p.parse_args()
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(0)
    n = a.devices
    if a.mode == "dp":
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, device_num=n, gradients_mean=True)
        strategies = None
    else:
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, device_num=n, full_batch=True)
        strategies = {"qkv": (((1, 1), (1, n)),), "ff1": (((1, 1), (1, n)),), "proj": (((1, n), (n, 1)),),
                      "ff2": (((1, n), (n, 1)),), "scores": (((1, n, 1, 1), (1, n, 1, 1)),),
                      "context": (((1, n, 1, 1), (1, n, 1, 1)),)}
    net = Block(a.dim, a.heads, a.ffn, strategies)
    rng = np.random.RandomState(0)
    x = Tensor(rng.randn(a.batch, a.seq, a.dim).astype(np.float32))
    y = Tensor(rng.randn(a.batch, a.seq, a.dim).astype(np.float32))

    opt = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    step.set_train()
    start = time.perf_counter()
    first_loss = float(step(x, y).asnumpy())
    first = time.perf_counter() - start
    times = []
    for _ in range(a.steps):
        start = time.perf_counter()
        value = step(x, y)
        value.asnumpy()
        times.append(time.perf_counter() - start)
    with tempfile.TemporaryDirectory() as root:
        prof = ms.Profiler(output_path=root)
        for _ in range(a.profile_steps):
            step(x, y).asnumpy()
        prof.stop()
        prof.analyse()
        share = collective_share(root)
    print(json.dumps({"mode": a.mode, "devices": n, "first_call_s": first, "median_step_ms":
                      statistics.median(times) * 1e3, "collective_share": share, "first_loss": first_loss,
                      "last_loss": float(value.asnumpy())}))


if __name__ == "__main__":
    main()
