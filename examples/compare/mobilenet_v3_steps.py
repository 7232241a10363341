"""A few mindcv ``mobilenet_v3_small_100`` training steps on random data, against ``mindspore`` only.

Needs mindcv (0.3.0) importable. Builds the model with ``mindcv.create_model``, trains ``--steps``
steps of ``nn.TrainOneStepCell`` (``WithLossCell`` + ``nn.Momentum`` with weight decay) on a fixed
batch of random images and labels, and prints the losses.

    python -m mscompat.compare examples/compare/mobilenet_v3_steps.py --steps 2
"""
import argparse

import numpy as np

import mindspore as ms
from mindspore import nn

import mindcv


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=4)
    parser.add_argument("--image-size", type=int, default=64)
    parser.add_argument("--weight-decay", type=float, default=1e-4)
    parser.add_argument("--momentum", type=float, default=0.9)
    parser.add_argument("--eval-bn", action="store_true", help="BatchNorm layers in inference mode")
    parser.add_argument("--no-dropout", action="store_true", help="the classifier's Dropout in inference mode")
    args = parser.parse_args()

    ms.set_seed(1)
    rng = np.random.RandomState(0)
    images = ms.Tensor(rng.randn(args.batch_size, 3, args.image_size, args.image_size).astype(np.float32))
    labels = ms.Tensor(rng.randint(0, 10, args.batch_size).astype(np.int32))

    net = mindcv.create_model("mobilenet_v3_small_100", num_classes=10, pretrained=False)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=args.momentum,
                      weight_decay=args.weight_decay)
    train_step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
    train_step.set_train()
    if args.eval_bn:
        for _, cell in net.cells_and_names():
            if isinstance(cell, nn.BatchNorm2d):
                cell.set_train(False)
    if args.no_dropout:
        for _, cell in net.cells_and_names():
            if "Dropout" in type(cell).__name__:
                cell.set_train(False)
    for step in range(args.steps):
        loss = train_step(images, labels)
        print(f"step {step}: loss {float(loss.asnumpy()):.6f}")


if __name__ == "__main__":
    main()
