"""A small Transformer block (pre-LayerNorm attention + GELU feed-forward, ``ops.MatMul``
weights) and its training loop, shared by the parallel tests."""
import numpy as np

import mscompat as ms
from mscompat import nn, ops, Parameter, Tensor
from mscompat.common.initializer import initializer, Normal


class Block(nn.Cell):
    """``strategies``: None (no strategies) or a dict of MindSpore strategies for the
    ``qkv``, ``proj``, ``ff1``, ``ff2``, ``scores``, ``context`` operators."""

    def __init__(self, d=32, heads=4, ffn=64, strategies=None):
        super().__init__()
        self.heads, self.dh = heads, d // heads
        self.ln1 = nn.LayerNorm((d,))
        self.ln2 = nn.LayerNorm((d,))
        self.w_qkv = Parameter(initializer(Normal(0.1), (d, 3 * d)), name="w_qkv")
        self.w_o = Parameter(initializer(Normal(0.1), (d, d)), name="w_o")
        self.w_1 = Parameter(initializer(Normal(0.1), (d, ffn)), name="w_1")
        self.w_2 = Parameter(initializer(Normal(0.1), (ffn, d)), name="w_2")
        self.qkv, self.proj, self.ff1, self.ff2 = ops.MatMul(), ops.MatMul(), ops.MatMul(), ops.MatMul()
        self.scores = ops.BatchMatMul(transpose_b=True)
        self.context = ops.BatchMatMul()
        for name, strategy in (strategies or {}).items():
            getattr(self, name).shard(*strategy)
        self.softmax = ops.Softmax(-1)
        self.gelu = ops.GeLU()

    def _split(self, t, b, s):
        return ops.transpose(ops.reshape(t, (b, s, self.heads, self.dh)), (0, 2, 1, 3))

    def construct(self, x):
        b, s, d = x.shape
        flat = ops.reshape(x, (b * s, d))
        qkv = self.qkv(self.ln1(flat), self.w_qkv)
        q, k, v = ops.split(qkv, d, axis=1)
        q, k, v = self._split(q, b, s), self._split(k, b, s), self._split(v, b, s)
        att = self.softmax(self.scores(q, k) / (self.dh ** 0.5))
        ctx = ops.reshape(ops.transpose(self.context(att, v), (0, 2, 1, 3)), (b * s, d))
        h = flat + self.proj(ctx, self.w_o)
        h = h + self.ff2(self.gelu(self.ff1(self.ln2(h), self.w_1)), self.w_2)
        return ops.reshape(h, (b, s, d))


def data(batch=8, seq=4, d=32):
    rng = np.random.RandomState(0)
    return (Tensor(rng.randn(batch, seq, d).astype(np.float32)),
            Tensor(rng.randn(batch, seq, d).astype(np.float32)))


def make_step(strategies=None, optimizer="momentum", lr=0.05, wrap=None, d=32, ffn=64):
    """(train step cell, block): the block with MSE loss, trained by ``TrainOneStepCell``."""
    ms.set_seed(0)
    net = Block(d=d, ffn=ffn, strategies=strategies)
    loss = nn.WithLossCell(net, nn.MSELoss())
    if wrap is not None:
        loss = wrap(loss)
    if optimizer == "adam":
        opt = nn.Adam(net.trainable_params(), learning_rate=lr * 0.1)
    else:
        opt = nn.Momentum(net.trainable_params(), learning_rate=lr, momentum=0.9)
    step = nn.TrainOneStepCell(loss, opt)
    step.set_train()
    return step, net


def losses(step, x, y, n=3):
    return [float(step(x, y).asnumpy()) for _ in range(n)]


def rank_losses(step, x, y, devices, n=3, rank=0):
    """What device ``rank`` of ``devices`` prints in DATA_PARALLEL (MindSpore: each rank's loss on
    its own part of the batch): ``step`` trained on one device on the whole batch (the same
    weights as data parallel with a batch-mean loss and ``gradients_mean=True``), and before each
    step the loss of that device's part of the batch."""
    b = x.shape[0] // devices
    part = (Tensor(x.asnumpy()[rank * b:(rank + 1) * b]), Tensor(y.asnumpy()[rank * b:(rank + 1) * b]))
    out = []
    for _ in range(n):
        out.append(float(step.network(*part).asnumpy()))
        step(x, y)
    return out
