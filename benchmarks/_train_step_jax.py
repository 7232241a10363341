"""The hand-written JAX + optax side of ``train_step.py``: the same networks (LeNet-5, ResNet-18 for
32x32 inputs), loss (mean softmax cross entropy) and optimizer (momentum 0.9, lr 0.01: MindSpore's
``nn.Momentum`` is optax's trace ``v = momentum * v + g; p -= lr * v``), written with flax.linen (convolutions in MindSpore's NCHW layout),
``sink`` steps per call over batches put on the device for each call, as the sink mode does: one
``lax.scan`` on accelerators, one jitted step called per batch on XLA:CPU. Prints one JSON line: first-call (compile) time, per-step times, peak memory.

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


class Conv(fnn.Module):
    """A convolution in MindSpore's NCHW/OIHW layout (on XLA's CPU backend it is also faster
    than flax's channels-last ``nn.Conv`` for these networks)."""
    features: int
    kernel: int
    stride: int = 1
    padding: int = 0
    use_bias: bool = True

    @fnn.compact
    def __call__(self, x):
        w = self.param("kernel", fnn.initializers.lecun_normal(),
                       (self.features, x.shape[1], self.kernel, self.kernel))
        y = jax.lax.conv_general_dilated(x, w, (self.stride,) * 2, [(self.padding, self.padding)] * 2,
                                         dimension_numbers=("NCHW", "OIHW", "NCHW"))
        if self.use_bias:
            y = y + self.param("bias", fnn.initializers.zeros, (self.features,))[None, :, None, None]
        return y


def max_pool(x):
    return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")


def batch_norm(train):
    return fnn.BatchNorm(use_running_average=not train, momentum=0.9, epsilon=1e-5, axis=1)


class LeNet5(fnn.Module):
    @fnn.compact
    def __call__(self, x, train=True):
        for features in (6, 16):
            x = max_pool(fnn.relu(Conv(features, 5, use_bias=False)(x)))
        x = x.reshape(x.shape[0], -1)
        x = fnn.relu(fnn.Dense(120)(x))
        x = fnn.relu(fnn.Dense(84)(x))
        return fnn.Dense(10)(x)


class BasicBlock(fnn.Module):
    features: int
    stride: int

    @fnn.compact
    def __call__(self, x, train=True):
        out = fnn.relu(batch_norm(train)(Conv(self.features, 3, self.stride, 1, use_bias=False)(x)))
        out = batch_norm(train)(Conv(self.features, 3, 1, 1, use_bias=False)(out))
        if self.stride != 1 or x.shape[1] != self.features:
            x = batch_norm(train)(Conv(self.features, 1, self.stride, use_bias=False)(x))
        return fnn.relu(out + x)


class ResNet18(fnn.Module):
    widths: tuple = (64, 128, 256, 512)

    @fnn.compact
    def __call__(self, x, train=True):
        x = fnn.relu(batch_norm(train)(Conv(self.widths[0], 3, 1, 1, use_bias=False)(x)))
        for i, w in enumerate(self.widths):
            x = BasicBlock(w, 1 if i == 0 else 2)(x, train)
            x = BasicBlock(w, 1)(x, train)
        return fnn.Dense(10)(x.mean(axis=(2, 3)))


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

    if jax.default_backend() != "cpu":
        @jax.jit
        def run(carry, xs, ys):
            carry, losses = jax.lax.scan(step, carry, (xs, ys))
            return carry, losses[-1]
    else:
        # XLA:CPU runs convolutions inside a loop body 10-200x slower (jax issue #12868): on CPU
        # the steps are separate calls of one jitted step, on batches already on the device
        jstep = jax.jit(step)

        def run(carry, xs, ys):
            loss = None
            for i in range(xs.shape[0]):
                carry, loss = jstep(carry, (xs[i], ys[i]))
            return carry, loss

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
