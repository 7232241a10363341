"""The hand-written JAX + optax side of ``train_step.py``: the same networks (LeNet-5, ResNet-18 for
32x32 inputs), loss (mean softmax cross entropy) and optimizer (momentum 0.9, lr 0.01: MindSpore's
``nn.Momentum`` is optax's trace ``v = momentum * v + g; p -= lr * v``), written with flax.linen,
``sink`` steps per call as a ``lax.scan`` over batches put on the device for each call, as the
sink mode does. Prints one JSON line: first-call (compile) time, per-step times, peak memory.

    .venv/bin/python benchmarks/_train_step_jax.py --model lenet --batch 32 --sink 20 --calls 10
"""
import argparse
import json
import time

import flax.linen as fnn
import jax
import jax.numpy as jnp
import numpy as np
import optax

from _train_step_common import peak_memory_mb, synthetic_batches


class LeNet5(fnn.Module):
    @fnn.compact
    def __call__(self, x, train=True):
        x = jnp.transpose(x, (0, 2, 3, 1))          # NCHW batches, as the MindSpore side gets them
        for features in (6, 16):
            x = fnn.relu(fnn.Conv(features, (5, 5), padding="VALID")(x))
            x = fnn.max_pool(x, (2, 2), (2, 2))
        x = x.reshape(x.shape[0], -1)
        x = fnn.relu(fnn.Dense(120)(x))
        x = fnn.relu(fnn.Dense(84)(x))
        return fnn.Dense(10)(x)


class BasicBlock(fnn.Module):
    features: int
    stride: int

    @fnn.compact
    def __call__(self, x, train=True):
        bn = lambda: fnn.BatchNorm(use_running_average=not train, momentum=0.9, epsilon=1e-5)  # noqa: E731
        out = fnn.Conv(self.features, (3, 3), (self.stride, self.stride), padding=1, use_bias=False)(x)
        out = fnn.relu(bn()(out))
        out = bn()(fnn.Conv(self.features, (3, 3), padding=1, use_bias=False)(out))
        if self.stride != 1 or x.shape[-1] != self.features:
            x = bn()(fnn.Conv(self.features, (1, 1), (self.stride, self.stride), use_bias=False)(x))
        return fnn.relu(out + x)


class ResNet18(fnn.Module):
    widths: tuple = (64, 128, 256, 512)

    @fnn.compact
    def __call__(self, x, train=True):
        x = jnp.transpose(x, (0, 2, 3, 1))
        x = fnn.Conv(self.widths[0], (3, 3), padding=1, use_bias=False)(x)
        x = fnn.relu(fnn.BatchNorm(use_running_average=not train, momentum=0.9, epsilon=1e-5)(x))
        for i, w in enumerate(self.widths):
            x = BasicBlock(w, 1 if i == 0 else 2)(x, train)
            x = BasicBlock(w, 1)(x, train)
        return fnn.Dense(10)(x.mean(axis=(1, 2)))


def build(model_name, batch, sink, lr=0.01):
    model = LeNet5() if model_name == "lenet" else ResNet18()
    shape = (batch, 1, 32, 32) if model_name == "lenet" else (batch, 3, 32, 32)
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros(shape, jnp.float32))
    params = variables["params"]
    stats = variables.get("batch_stats", {})
    tx = optax.sgd(lr, momentum=0.9)
    opt_state = tx.init(params)

    def loss_fn(params, stats, x, y):
        if stats:
            logits, new = model.apply({"params": params, "batch_stats": stats}, x, mutable=["batch_stats"])
            stats = new["batch_stats"]
        else:
            logits = model.apply({"params": params}, x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, stats

    def step(carry, batch):
        params, stats, opt_state = carry
        (loss, stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, stats, *batch)
        updates, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), stats, opt_state), loss

    @jax.jit
    def run(carry, xs, ys):
        carry, losses = jax.lax.scan(step, carry, (xs, ys))
        return carry, losses[-1]

    return run, (params, stats, opt_state), shape


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model", choices=("lenet", "resnet18"), default="lenet")
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--sink", type=int, default=20)
    p.add_argument("--calls", type=int, default=10)
    a = p.parse_args()
    run, carry, shape = build(a.model, a.batch, a.sink)
    xs, ys = synthetic_batches(shape, a.sink)
    start = time.perf_counter()
    carry, loss = run(carry, jax.device_put(xs), jax.device_put(ys))
    loss.block_until_ready()
    first = time.perf_counter() - start
    times = []
    for _ in range(a.calls):
        start = time.perf_counter()
        carry, loss = run(carry, jax.device_put(xs), jax.device_put(ys))
        loss.block_until_ready()
        times.append((time.perf_counter() - start) / a.sink)
    print(json.dumps({"first_call_s": first, "step_s": times, "loss": float(loss),
                      "peak_mb": peak_memory_mb(), "device": str(jax.devices()[0].platform)}))


if __name__ == "__main__":
    main()
