"""Networks the export/load tests build on both sides (``build(ms, name)`` with ``ms`` = mindspore
or mscompat): LeNet-5, a small ResNet with BatchNorm (non-trivial moving statistics), a
Transformer encoder block, and a few graphs with casts, slices, constants and a branch.
Source text only: the MindSpore side runs it in ``.oracle/bin/python``."""
import numpy as np

SHAPES = {"lenet": (2, 1, 32, 32), "resnet": (2, 3, 16, 16), "tblock": (2, 5, 16), "misc": (2, 4),
          "branch": (2, 4), "layers": (2, 6), "loop": (2, 3), "shapes": (5, 3, 4)}


def inputs(name, batch=None):
    shape = SHAPES[name]
    if batch is not None:
        shape = (batch,) + shape[1:]
    rs = np.random.RandomState(0)
    x = rs.randn(*shape).astype(np.float32)
    if name == "misc":
        return [x, rs.randn(*shape).astype(np.float32)]
    if name == "layers":   # token ids and a one-channel image
        return [rs.randint(0, 20, shape).astype(np.int32), rs.randn(shape[0], 1, 6, 6).astype(np.float32)]
    return [x]


def build(ms, name):
    nn, ops, Tensor, Parameter = ms.nn, ms.ops, ms.Tensor, ms.Parameter

    class LeNet5(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(1, 6, 5, pad_mode='valid')
            self.conv2 = nn.Conv2d(6, 16, 5, pad_mode='valid')
            self.fc1 = nn.Dense(16 * 5 * 5, 120)
            self.fc2 = nn.Dense(120, 84)
            self.fc3 = nn.Dense(84, 10)
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

    class Block(nn.Cell):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.conv1 = nn.Conv2d(cin, cout, 3, stride=stride, pad_mode='pad', padding=1, has_bias=False)
            self.bn1 = nn.BatchNorm2d(cout)
            self.conv2 = nn.Conv2d(cout, cout, 3, pad_mode='same', has_bias=False)
            self.bn2 = nn.BatchNorm2d(cout)
            self.relu = nn.ReLU()
            self.down = None
            if stride != 1 or cin != cout:
                self.down = nn.SequentialCell([nn.Conv2d(cin, cout, 1, stride=stride, has_bias=False),
                                               nn.BatchNorm2d(cout)])

        def construct(self, x):
            idt = x
            out = self.relu(self.bn1(self.conv1(x)))
            out = self.bn2(self.conv2(out))
            if self.down is not None:
                idt = self.down(x)
            return self.relu(out + idt)

    class ResNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.stem = nn.Conv2d(3, 8, 3, pad_mode='same', has_bias=False)
            self.bn = nn.BatchNorm2d(8)
            self.relu = nn.ReLU()
            self.pool = nn.MaxPool2d(3, 2, pad_mode='same')
            self.l1 = Block(8, 8, 1)
            self.l2 = Block(8, 16, 2)
            self.avg = nn.AvgPool2d(2, 2)
            self.mean = ops.ReduceMean(keep_dims=False)
            self.fc = nn.Dense(16, 10)

        def construct(self, x):
            x = self.pool(self.relu(self.bn(self.stem(x))))
            x = self.l2(self.l1(x))
            x = self.avg(x)
            x = self.mean(x, (2, 3))
            return self.fc(x)

    class TBlock(nn.Cell):
        def __init__(self, d=16, h=2):
            super().__init__()
            self.h, self.d, self.dh = h, d, d // h
            self.qkv = nn.Dense(d, 3 * d)
            self.proj = nn.Dense(d, d)
            self.ln1 = nn.LayerNorm((d,))
            self.ln2 = nn.LayerNorm((d,))
            self.ff1 = nn.Dense(d, 4 * d)
            self.ff2 = nn.Dense(4 * d, d)
            self.gelu = nn.GELU()
            self.softmax = nn.Softmax(-1)
            self.bmm = ops.BatchMatMul()
            self.bmm_t = ops.BatchMatMul(transpose_b=True)
            self.scale = 1.0 / float(np.sqrt(self.dh))

        def construct(self, x):
            b, s, d = x.shape
            y = self.ln1(x)
            qkv = self.qkv(y).reshape(b, s, 3, self.h, self.dh).transpose(2, 0, 3, 1, 4)
            q, k, v = qkv[0], qkv[1], qkv[2]
            att = self.softmax(self.bmm_t(q, k) * self.scale)
            o = self.bmm(att, v).transpose(0, 2, 1, 3).reshape(b, s, d)
            x = x + self.proj(o)
            return x + self.ff2(self.gelu(self.ff1(self.ln2(x))))

    class Misc(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.arange(4, dtype=np.float32)), name="w")
            self.c = Tensor(np.array([1.0, 2.0, 3.0, 4.0], np.float32))
            self.dense = nn.Dense(4, 4)

        def construct(self, x, y):
            a = ops.cast(x, ms.float16)
            b = ops.concat((a.astype(ms.float32), x), axis=1)
            m = ops.ReduceMean(keep_dims=True)(b, 1)
            s = ops.sqrt(ops.abs(b - m)) / (b + 2.0)
            s = s[:, :4] * self.w + self.c
            z = ops.exp(-s) + ops.tanh(s) + ops.sigmoid(y)
            z = self.dense(z)
            return z, ops.argmax(z, 1)

    class Branch(nn.Cell):
        def construct(self, x):
            if x.sum() > 0:
                x = x * 2
            else:
                x = x - 1
            for i in range(3):
                x = x + i
            return x

    class Loop(nn.Cell):
        """A ``while`` on a tensor value (MindSpore exports it as a graph that calls itself)."""

        def construct(self, x):
            i = Tensor(0, ms.int32)
            while x.sum() < 100:
                x = x * 2 + 1
                i = i + 1
            return x, i

    class Shapes(nn.Cell):
        """Sizes read from ``x.shape``: with a dynamic batch MindSpore exports Shape, TupleGetItem
        and MakeTuple nodes (and a dtype input of Zeros as a type id)."""

        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(12, 3)

        def construct(self, x):
            b = x.shape[0]
            z = ops.zeros((b, 3), ms.float32) + self.fc(x.reshape(b, -1))
            return z * (x.shape[1] * x.shape[2]), ops.ones_like(z).sum(), ops.broadcast_to(ops.ones((1, 3)), (b, 3))

    class Layers(nn.Cell):
        """Embedding, Conv1d/Conv2d with bias, BatchNorm1d, Dropout, Dense with activation, adaptive
        pooling, split/stack/squeeze/expand_dims/pad/concat and assorted elementwise ops."""

        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(20, 8)
            self.conv1d = nn.Conv1d(8, 8, 3, pad_mode='same', has_bias=True)
            self.bn1d = nn.BatchNorm1d(8)
            self.drop = nn.Dropout(p=0.3)
            self.dense = nn.Dense(8, 8, activation='tanh')
            self.conv = nn.Conv2d(1, 4, 3, has_bias=True, pad_mode='pad', padding=1)
            self.pool = nn.AdaptiveAvgPool2d((2, 2))
            self.silu, self.lrelu, self.sig = nn.SiLU(), nn.LeakyReLU(0.2), nn.Sigmoid()

        def construct(self, ids, img):
            e = self.emb(ids)
            h = self.conv1d(e.transpose(0, 2, 1))
            h = self.drop(self.dense(self.bn1d(h.mean(2))))
            a, b = ops.split(h, 4, axis=1)
            s = ops.stack((a, b), axis=0).sum(0)
            c = ops.flatten(self.pool(self.conv(img)))
            c = ops.pad(ops.squeeze(ops.expand_dims(c, 1), 1), (1, 1))
            out = ops.concat((self.silu(s), self.lrelu(c), self.sig(h)), 1)
            return (ops.maximum(out, ops.minimum(out * 0.5, 0.1)) + ops.pow(ops.abs(out), 2.0)
                    - ops.log(ops.abs(out) + 1) + ops.clip_by_value(out, -0.5, 0.5))

    ms.set_seed(1)
    net = {"lenet": LeNet5, "resnet": ResNet, "tblock": TBlock, "misc": Misc, "branch": Branch,
           "layers": Layers, "loop": Loop, "shapes": Shapes}[name]()
    if name == "resnet":   # moving statistics away from 0/1, so inference BatchNorm is checked
        for p in net.get_parameters():
            if "moving_mean" in p.name:
                p.set_data(Tensor(np.random.RandomState(1).randn(*p.shape).astype(np.float32) * 0.1))
            if "moving_variance" in p.name:
                p.set_data(Tensor(np.random.RandomState(2).rand(*p.shape).astype(np.float32) + 0.5))
    net.set_train(False)
    return net
