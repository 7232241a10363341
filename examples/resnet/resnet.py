"""ResNet-18 for 32x32 images (CIFAR variant: a 3x3 stem without max pooling), written against
``mindspore`` only, with the model zoo's layer names (``conv1``, ``bn1``, ``layer1.0.conv1``, ...)."""
import mindspore.nn as nn


def conv3x3(in_channels, out_channels, stride=1):
    return nn.Conv2d(in_channels, out_channels, 3, stride=stride, pad_mode="pad", padding=1)


class BasicBlock(nn.Cell):
    expansion = 1

    def __init__(self, in_channels, out_channels, stride=1):
        super().__init__()
        self.conv1 = conv3x3(in_channels, out_channels, stride)
        self.bn1 = nn.BatchNorm2d(out_channels)
        self.conv2 = conv3x3(out_channels, out_channels)
        self.bn2 = nn.BatchNorm2d(out_channels)
        self.relu = nn.ReLU()
        self.down_sample = None
        if stride != 1 or in_channels != out_channels:
            self.down_sample = nn.SequentialCell([
                nn.Conv2d(in_channels, out_channels, 1, stride=stride, pad_mode="valid"),
                nn.BatchNorm2d(out_channels)])

    def construct(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        if self.down_sample is not None:
            identity = self.down_sample(x)
        return self.relu(out + identity)


class ResNet18(nn.Cell):
    def __init__(self, num_classes=10, in_channels=3, widths=(64, 128, 256, 512)):
        super().__init__()
        self.conv1 = conv3x3(in_channels, widths[0])
        self.bn1 = nn.BatchNorm2d(widths[0])
        self.relu = nn.ReLU()
        layers, channels = [], widths[0]
        for i, width in enumerate(widths):
            stride = 1 if i == 0 else 2
            layers.append(nn.SequentialCell([BasicBlock(channels, width, stride), BasicBlock(width, width)]))
            channels = width
        self.layer1, self.layer2, self.layer3, self.layer4 = layers
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(channels, num_classes)

    def construct(self, x):
        x = self.relu(self.bn1(self.conv1(x)))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        x = x.mean(axis=(2, 3))
        return self.fc(self.flatten(x))
