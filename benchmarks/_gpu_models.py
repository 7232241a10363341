"""The models of ``gpu.py`` written against the MindSpore API only (``mscompat`` imported as ``ms``):
ResNet-50 (bottleneck blocks, BatchNorm, the ImageNet layout), BERT-base with an MLM head and
GPT-2 small with a causal LM head. Dropout is left out of the transformers so that the
step is deterministic and both frameworks do the same work.

Each ``build_*`` takes a config dict (see ``gpu.CONFIGS``) and returns the network (logits out)
and the loss cell that wraps it: ``loss_cell(x, y)`` is the scalar training loss.
"""
import math

import numpy as np

import mscompat as ms
from mscompat import nn, ops


# ---------------------------------------------------------------- ResNet-50

def _conv(cin, cout, k, stride=1):
    return nn.Conv2d(cin, cout, k, stride=stride, pad_mode="pad", padding=k // 2, has_bias=False)


class Bottleneck(nn.Cell):
    expansion = 4

    def __init__(self, cin, width, stride):
        super().__init__()
        cout = width * self.expansion
        self.conv1, self.bn1 = _conv(cin, width, 1), nn.BatchNorm2d(width)
        self.conv2, self.bn2 = _conv(width, width, 3, stride), nn.BatchNorm2d(width)
        self.conv3, self.bn3 = _conv(width, cout, 1), nn.BatchNorm2d(cout)
        self.relu = nn.ReLU()
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.SequentialCell([_conv(cin, cout, 1, stride), nn.BatchNorm2d(cout)])

    def construct(self, x):
        identity = x if self.down is None else self.down(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        return self.relu(out + identity)


class ResNet50(nn.Cell):
    """Stem 7x7/2 conv + 3x3/2 max pool, four stages of bottleneck blocks (``blocks``, ImageNet's
    (3, 4, 6, 3)) of widths base, 2 base, 4 base, 8 base (base 64), global average pool, Dense."""

    def __init__(self, num_classes=1000, base=64, blocks=(3, 4, 6, 3)):
        super().__init__()
        self.stem = nn.SequentialCell([nn.Conv2d(3, base, 7, stride=2, pad_mode="pad", padding=3, has_bias=False),
                                       nn.BatchNorm2d(base), nn.ReLU(),
                                       nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="same")])
        layers, cin = [], base
        for i, n in enumerate(blocks):
            width = base * 2 ** i
            for j in range(n):
                layers.append(Bottleneck(cin, width, 2 if (j == 0 and i > 0) else 1))
                cin = width * Bottleneck.expansion
        self.layers = nn.SequentialCell(layers)
        self.fc = nn.Dense(cin, num_classes)

    def construct(self, x):
        x = self.layers(self.stem(x))
        return self.fc(ops.mean(x, (2, 3)))


# ---------------------------------------------------------------- transformers

class SelfAttention(nn.Cell):
    def __init__(self, hidden, heads, causal, seq):
        super().__init__()
        self.heads, self.head_dim = heads, hidden // heads
        self.qkv = nn.Dense(hidden, 3 * hidden)
        self.proj = nn.Dense(hidden, hidden)
        self.scale = 1.0 / math.sqrt(self.head_dim)
        self.causal = causal
        mask = np.triu(np.full((seq, seq), -1e4, np.float32), 1) if causal else np.zeros((seq, seq), np.float32)
        self.mask = ms.Tensor(mask)

    def construct(self, x):
        b, s, h = x.shape
        qkv = self.qkv(x).reshape(b, s, 3, self.heads, self.head_dim).transpose(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        scores = ops.matmul(q, k.swapaxes(-1, -2)) * self.scale
        if self.causal:
            scores = scores + self.mask[:s, :s].astype(scores.dtype)
        attn = ops.softmax(scores, axis=-1)
        out = ops.matmul(attn, v).transpose(0, 2, 1, 3).reshape(b, s, h)
        return self.proj(out)


class Block(nn.Cell):
    """A transformer layer: post-LayerNorm (BERT) or pre-LayerNorm (GPT-2), GELU feed-forward 4h."""

    def __init__(self, hidden, heads, seq, causal, pre_norm):
        super().__init__()
        self.attn = SelfAttention(hidden, heads, causal, seq)
        self.ln1 = nn.LayerNorm((hidden,), epsilon=1e-5)
        self.ln2 = nn.LayerNorm((hidden,), epsilon=1e-5)
        self.ff = nn.SequentialCell([nn.Dense(hidden, 4 * hidden), nn.GELU(approximate=True),
                                     nn.Dense(4 * hidden, hidden)])
        self.pre_norm = pre_norm

    def construct(self, x):
        if self.pre_norm:
            x = x + self.attn(self.ln1(x))
            return x + self.ff(self.ln2(x))
        x = self.ln1(x + self.attn(x))
        return self.ln2(x + self.ff(x))


class Transformer(nn.Cell):
    """BERT (``causal=False``: post-LN layers, MLM head Dense-GELU-LayerNorm-decoder with a bias) or
    GPT-2 (``causal=True``: pre-LN layers, final LayerNorm, bias-free LM head); the output layer
    is tied to the token embedding, as in both (no token-type embeddings)."""

    def __init__(self, vocab, hidden, layers, heads, seq, causal):
        super().__init__()
        self.tok = nn.Embedding(vocab, hidden)
        self.pos = ms.Parameter(ms.Tensor(np.random.RandomState(1).normal(0, 0.02, (seq, hidden)).astype(np.float32)),
                                name="pos")
        self.emb_ln = None if causal else nn.LayerNorm((hidden,), epsilon=1e-5)
        self.blocks = nn.SequentialCell([Block(hidden, heads, seq, causal, pre_norm=causal) for _ in range(layers)])
        if causal:
            self.head = nn.LayerNorm((hidden,), epsilon=1e-5)
            self.out_bias = None
        else:
            self.head = nn.SequentialCell([nn.Dense(hidden, hidden), nn.GELU(approximate=True),
                                           nn.LayerNorm((hidden,), epsilon=1e-5)])
            self.out_bias = ms.Parameter(ms.Tensor(np.zeros(vocab, np.float32)), name="out_bias")

    def construct(self, ids):
        x = self.tok(ids) + self.pos[:ids.shape[1]]
        if self.emb_ln is not None:
            x = self.emb_ln(x)
        h = self.head(self.blocks(x))
        logits = ops.matmul(h, self.tok.embedding_table.astype(h.dtype).T)    # output layer tied to the embedding
        if self.out_bias is not None:
            logits = logits + self.out_bias.astype(logits.dtype)
        return logits


class TokenLoss(nn.Cell):
    """Mean cross entropy over the tokens whose label is not -100 (MLM and causal LM alike)."""

    def __init__(self, net, vocab):
        super().__init__(auto_prefix=False)
        self.net, self.vocab = net, vocab
        self.ce = nn.CrossEntropyLoss(ignore_index=-100)

    def construct(self, ids, labels):
        logits = self.net(ids).astype(ms.float32)
        return self.ce(logits.reshape(-1, self.vocab), labels.reshape(-1))


class ImageLoss(nn.Cell):
    def __init__(self, net):
        super().__init__(auto_prefix=False)
        self.net = net
        self.ce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def construct(self, x, y):
        return self.ce(self.net(x).astype(ms.float32), y)


def build(name, cfg):
    """The network of model ``name`` for config ``cfg`` and a function wrapping a network in its loss."""
    if name == "resnet50":
        net = ResNet50(cfg["classes"], cfg["base"], cfg["blocks"])
        return net, ImageLoss
    net = Transformer(cfg["vocab"], cfg["hidden"], cfg["layers"], cfg["heads"], cfg["seq"], causal=name == "gpt2")
    return net, lambda n: TokenLoss(n, cfg["vocab"])


def optimizer(name, params, lr):
    if name == "resnet50":
        return nn.Momentum(params, learning_rate=lr, momentum=0.9, weight_decay=1e-4)
    return nn.AdamWeightDecay(params, learning_rate=lr, eps=1e-8, weight_decay=0.01)
