"""Logistic regression trained by hand-written gradient descent, using only Tensor and ops.

A plain MindSpore script: run it with real MindSpore (`python logistic_regression_ops.py`)
or on JAX with mscompat (`python -m mscompat logistic_regression_ops.py`); both print the
same numbers.
"""
import numpy as np

import mindspore as ms
from mindspore import Tensor, ops


def make_data(n=256, dim=4, seed=0):
    rs = np.random.RandomState(seed)
    x = rs.normal(size=(n, dim)).astype(np.float32)
    true_w = np.array([[1.5], [-2.0], [0.5], [1.0]], dtype=np.float32)
    y = (x @ true_w + 0.1 * rs.normal(size=(n, 1)) > 0).astype(np.float32)
    return Tensor(x), Tensor(y)


def train(steps=200, lr=0.5):
    x, y = make_data()
    w = ops.zeros((4, 1), ms.float32)
    b = ops.zeros((1,), ms.float32)
    n = x.shape[0]
    for step in range(steps + 1):
        logits = ops.matmul(x, w) + b
        p = ops.sigmoid(logits)
        loss = -ops.mean(y * ops.log(p + 1e-7) + (1 - y) * ops.log(1 - p + 1e-7))
        grad_logits = (p - y) / n
        grad_w = ops.matmul(ops.transpose(x, (1, 0)), grad_logits)
        grad_b = ops.sum(grad_logits, 0)
        w = w - lr * grad_w
        b = b - lr * grad_b
        if step % 50 == 0:
            acc = ops.mean(ops.cast(ops.equal(p > 0.5, y > 0.5), ms.float32))
            print(f"step {step:3d}  loss {loss.asnumpy().item():.6f}  accuracy {acc.asnumpy().item():.4f}")
    print("weights", np.round(w.asnumpy().reshape(-1), 4).tolist(), "bias", np.round(b.asnumpy(), 4).tolist())


if __name__ == "__main__":
    train()
