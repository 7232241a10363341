"""ResNet-18 on CIFAR-10-format data with MindSpore's ``Model`` API, written against ``mindspore`` only.

The data is scikit-learn's handwritten digits (shipped with the package), written once as CIFAR-10
binary batches (``data_batch_1.bin``, ``test_batch.bin``: a label byte then 32x32 R, G, B planes per
record) and read back with ``Cifar10Dataset``. Trains with ``Model.train`` in data sink mode,
evaluates with ``Accuracy``, and prints the losses and the test accuracy.

Run unmodified on real MindSpore 2.10 (``python examples/resnet/train.py``) or on mscompat
(``python -m mscompat examples/resnet/train.py``). ``--widths 8 16 32 64 --steps 3 --epochs 4`` gives a
quick run (the tests compare such a run with real MindSpore's).
"""
import argparse
import os
import sys

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as transforms
import mindspore.dataset.vision as vision
from mindspore import nn
from mindspore.train import Accuracy, LossMonitor, Model

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from resnet import ResNet18  # noqa: E402


def write_digits_as_cifar10(root, test_fraction=0.25, seed=0):
    """scikit-learn's digits as CIFAR-10 binary batches in ``root``: 8x8 gray images scaled to
    32x32 and repeated over the three colour planes. A CIFAR-10 batch file holds 10,000 records,
    so each split is cycled to that length (the readers count on it)."""
    from sklearn.datasets import load_digits
    digits = load_digits()
    images = np.kron(digits.images, np.ones((4, 4)))                        # 8x8 -> 32x32
    images = np.round(images * (255.0 / 16.0)).astype(np.uint8)
    planes = np.repeat(images[:, None], 3, axis=1).reshape(len(images), -1)  # R, G, B planes
    records = np.concatenate([digits.target.astype(np.uint8)[:, None], planes], axis=1)
    order = np.random.RandomState(seed).permutation(len(records))
    n_test = int(len(records) * test_fraction)
    os.makedirs(root, exist_ok=True)
    for name, idx in (("data_batch_1.bin", order[n_test:]), ("test_batch.bin", order[:n_test])):
        records[np.resize(idx, 10000)].tofile(os.path.join(root, name))
    return len(records) - n_test, n_test


def create_dataset(root, usage, batch_size):
    data = ds.Cifar10Dataset(root, usage=usage, shuffle=False)
    image_ops = [vision.Rescale(1.0 / 255.0, 0.0), vision.Normalize([0.5] * 3, [0.25] * 3), vision.HWC2CHW()]
    data = data.map(operations=image_ops, input_columns="image")
    data = data.map(operations=transforms.TypeCast(ms.int32), input_columns="label")
    return data.batch(batch_size, drop_remainder=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", default="./digits_cifar10")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--steps", type=int, default=-1, help="steps per epoch (-1: the whole dataset)")
    parser.add_argument("--sink-size", type=int, default=-1,
                        help="steps per device call, one 'epoch' of Model.train (-1: the whole dataset)")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--widths", type=int, nargs=4, default=[64, 128, 256, 512])
    parser.add_argument("--lr", type=float, default=0.02)
    args = parser.parse_args()

    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    n_train, n_test = write_digits_as_cifar10(args.data_dir)
    print(f"digits written as CIFAR-10 batches: {n_train} train, {n_test} test images")
    train_data = create_dataset(args.data_dir, "train", args.batch_size)
    train_data = train_data.take(args.steps if args.steps > 0 else n_train // args.batch_size)
    test_data = create_dataset(args.data_dir, "test", args.batch_size).take(n_test // args.batch_size)

    net = ResNet18(num_classes=10, widths=tuple(args.widths))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=args.lr, momentum=0.9)
    model = Model(net, loss, opt, metrics={"accuracy": Accuracy()})
    model.train(args.epochs, train_data, callbacks=[LossMonitor(1)], dataset_sink_mode=True,
                sink_size=args.sink_size)
    result = model.eval(test_data, dataset_sink_mode=False)
    print(f"test accuracy: {result['accuracy']:.4f}")


if __name__ == "__main__":
    main()
