"""A small MLP classifier trained in GRAPH_MODE, written against MindSpore's API.

Runs unmodified on real MindSpore 2.10 (`python examples/mlp_graph_mode.py`) and on mscompat
(`python -m mscompat examples/mlp_graph_mode.py`), printing the same numbers: Cells with
Dense/BatchNorm/ReLU layers, `ms.set_seed` initial weights, a training step Cell using
`ops.GradOperation` and SGD written with `ops.assign`, compiled once in GRAPH_MODE.
"""
import numpy as np

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)
ms.set_seed(7)


class MLP(nn.Cell):
    def __init__(self, n_in, n_hidden, n_out):
        super().__init__()
        self.fc1 = nn.Dense(n_in, n_hidden)
        self.bn = nn.BatchNorm1d(n_hidden)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(n_hidden, n_out)

    def construct(self, x):
        return self.fc2(self.relu(self.bn(self.fc1(x))))


class WithLoss(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def construct(self, x, label):
        logits = self.net(x)
        logp = ops.log_softmax(logits, -1)
        return -(logp * label).sum(-1).mean()


class TrainStep(nn.Cell):
    def __init__(self, loss_net, lr):
        super().__init__()
        self.loss_net = loss_net
        self.weights = ms.ParameterTuple(loss_net.trainable_params())
        self.grad = ops.GradOperation(get_by_list=True)
        self.lr = lr

    def construct(self, x, label):
        grads = self.grad(self.loss_net, self.weights)(x, label)
        for w, g in zip(self.weights, grads):
            ops.assign(w, w - self.lr * g)
        return grads[0].sum()


def make_data(n=64, seed=0):
    rs = np.random.RandomState(seed)
    x = rs.randn(n, 4).astype(np.float32)
    y = (x[:, 0] + 0.5 * x[:, 1] - x[:, 2] > 0).astype(np.int64)
    return x, np.eye(2, dtype=np.float32)[y]


def main():
    x, label = make_data()
    x, label = ms.Tensor(x), ms.Tensor(label)
    net = MLP(4, 16, 2)
    loss_net = WithLoss(net)
    step = TrainStep(loss_net, lr=0.2)
    step.set_train()
    names = [p.name for p in net.trainable_params()]
    print("params", " ".join(names))
    for i in range(1, 61):
        step(x, label)
        if i % 10 == 0:
            net.set_train(False)
            loss = loss_net(x, label)
            acc = (net(x).argmax(-1) == label.argmax(-1)).astype(ms.float32).mean()
            net.set_train(True)
            print(f"step {i} loss {float(loss.asnumpy()):.6f} accuracy {float(acc.asnumpy()):.4f}")
    print("moving_mean", " ".join(f"{v:.6f}" for v in net.bn.moving_mean.asnumpy()[:4]))


if __name__ == "__main__":
    main()
