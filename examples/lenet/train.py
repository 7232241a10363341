"""LeNet-5 on handwritten digits with MindSpore's ``Model`` API, written against ``mindspore`` only.

The data is scikit-learn's handwritten digits (1,797 8x8 images that the package ships, so nothing
is downloaded), written once as MNIST idx files and read back with ``MnistDataset``; the pipeline
resizes them to LeNet's 32x32 input. Trains with ``Model.train`` (data sink mode, ``LossMonitor``,
``ModelCheckpoint``), evaluates with the ``Accuracy`` metric, saves ``lenet.ckpt``, reloads it into a
fresh network and prints the test accuracy.

Run unmodified on real MindSpore 2.10 (``python examples/lenet/train.py``) or on mscompat
(``python -m mscompat examples/lenet/train.py``).
"""
import argparse
import os
import struct
import time

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as transforms
import mindspore.dataset.vision as vision
from mindspore import nn
from mindspore.common.initializer import Normal
from mindspore.train import Accuracy, CheckpointConfig, LossMonitor, Model, ModelCheckpoint


def write_digits_as_mnist(root, test_fraction=0.25, seed=0):
    """scikit-learn's digits as MNIST idx files (``train-*``/``t10k-*``) in ``root``: each 8x8
    image scaled to 24x24 and centred in MNIST's 28x28 frame, values 0..16 mapped to 0..255."""
    from sklearn.datasets import load_digits
    digits = load_digits()
    images = np.kron(digits.images, np.ones((3, 3)))                       # 8x8 -> 24x24
    images = np.pad(images, ((0, 0), (2, 2), (2, 2)))                       # -> 28x28
    images = np.round(images * (255.0 / 16.0)).astype(np.uint8)
    labels = digits.target.astype(np.uint8)
    order = np.random.RandomState(seed).permutation(len(labels))
    n_test = int(len(labels) * test_fraction)
    splits = {"t10k": order[:n_test], "train": order[n_test:]}
    os.makedirs(root, exist_ok=True)
    for prefix, idx in splits.items():
        with open(os.path.join(root, f"{prefix}-images-idx3-ubyte"), "wb") as f:
            f.write(struct.pack(">IIII", 2051, len(idx), 28, 28))
            f.write(images[idx].tobytes())
        with open(os.path.join(root, f"{prefix}-labels-idx1-ubyte"), "wb") as f:
            f.write(struct.pack(">II", 2049, len(idx)))
            f.write(labels[idx].tobytes())
    return {k: len(v) for k, v in splits.items()}


def create_dataset(root, usage, batch_size, shuffle):
    data = ds.MnistDataset(root, usage=usage, shuffle=shuffle)
    image_ops = [vision.Resize((32, 32)), vision.Rescale(1.0 / 255.0, 0.0),
                 vision.Rescale(1 / 0.3081, -0.1307 / 0.3081), vision.HWC2CHW()]
    data = data.map(operations=image_ops, input_columns="image")
    data = data.map(operations=transforms.TypeCast(ms.int32), input_columns="label")
    return data.batch(batch_size, drop_remainder=(usage == "train"))


class LeNet5(nn.Cell):
    """LeNet-5 as in MindSpore's model zoo."""

    def __init__(self, num_class=10, num_channel=1):
        super().__init__()
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
        x = self.relu(self.fc2(x))
        return self.fc3(x)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", default="./digits_mnist")
    parser.add_argument("--ckpt-dir", default="./lenet_ckpt")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--no-sink", action="store_true", help="run Model.train without data sinking")
    parser.add_argument("--device_target", default="CPU", choices=["CPU", "GPU", "Ascend"])
    args = parser.parse_args()

    ms.set_context(mode=ms.GRAPH_MODE, device_target=args.device_target)
    ms.set_seed(1)
    sizes = write_digits_as_mnist(args.data_dir)
    print(f"digits written as MNIST idx files: {sizes['train']} train, {sizes['t10k']} test images")

    train_data = create_dataset(args.data_dir, "train", args.batch_size, shuffle=True)
    test_data = create_dataset(args.data_dir, "test", args.batch_size, shuffle=False)
    steps = train_data.get_dataset_size()

    net = LeNet5()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=args.lr, momentum=0.9)
    model = Model(net, loss, opt, metrics={"accuracy": Accuracy()})

    ckpt = ModelCheckpoint(prefix="lenet", directory=args.ckpt_dir,
                           config=CheckpointConfig(save_checkpoint_steps=steps, keep_checkpoint_max=2))
    start = time.time()
    model.train(args.epochs, train_data, callbacks=[LossMonitor(steps), ckpt],
                dataset_sink_mode=not args.no_sink)
    print(f"trained {args.epochs} epochs of {steps} steps in {time.time() - start:.1f} s")

    path = os.path.join(args.ckpt_dir, "lenet.ckpt")
    ms.save_checkpoint(net, path)
    fresh = LeNet5()
    ms.load_param_into_net(fresh, ms.load_checkpoint(path))
    result = Model(fresh, loss, metrics={"accuracy": Accuracy()}).eval(test_data, dataset_sink_mode=False)
    print(f"saved {path}; test accuracy of the reloaded network: {result['accuracy']:.4f}")


if __name__ == "__main__":
    main()
