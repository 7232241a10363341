"""A few LeNet-5 training steps on random data, written against ``mindspore`` only.

The script ``python -m mscompat.compare`` is tested on (``tests/test_compare.py``): real MindSpore
and mscompat run it, and the divergence finder compares every op. It builds LeNet-5 as in
MindSpore's model zoo, trains ``--steps`` steps of ``nn.TrainOneStepCell`` (``WithLossCell`` +
``Momentum``) on a fixed batch of random images and labels, then prints the loss and the
predicted classes of the batch. ``--dropout P`` adds an ``nn.Dropout`` after ``fc1``.

    python examples/compare/lenet_steps.py                     # real MindSpore
    python -m mscompat examples/compare/lenet_steps.py         # mscompat
    python -m mscompat.compare examples/compare/lenet_steps.py # both, compared op by op
"""
import argparse

import numpy as np

import mindspore as ms
from mindspore import nn, ops
from mindspore.common.initializer import Normal


class LeNet5(nn.Cell):
    """LeNet-5 as in MindSpore's model zoo."""

    def __init__(self, num_class=10, num_channel=1, dropout=0.0):
        super().__init__()
        self.dropout = nn.Dropout(p=dropout) if dropout else None
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.fc1 = nn.Dense(16 * 5 * 5, 120, weight_init=Normal(0.02))
        self.fc2 = nn.Dense(120, 84, weight_init=Normal(0.02))
        self.fc3 = nn.Dense(84, num_class, weight_init=Normal(0.02))
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        if self.dropout is not None:
            x = self.dropout(x)
        x = self.relu(self.fc2(x))
        return self.fc3(x)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--dropout", type=float, default=0.0, help="dropout after fc1 (0: none)")
    args = parser.parse_args()

    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    rng = np.random.RandomState(0)
    images = ms.Tensor(rng.rand(args.batch_size, 1, 32, 32).astype(np.float32))
    labels = ms.Tensor(rng.randint(0, 10, args.batch_size).astype(np.int32))

    net = LeNet5(dropout=args.dropout)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    train_step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
    train_step.set_train()
    for step in range(args.steps):
        loss = train_step(images, labels)
        print(f"step {step}: loss {float(loss.asnumpy()):.6f}")
    net.set_train(False)
    print("predicted:", ops.argmax(net(images), 1).asnumpy().tolist())


if __name__ == "__main__":
    main()
