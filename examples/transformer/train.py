"""A small Transformer encoder that learns to reverse digit sequences, written against ``mindspore`` only.

Token and position embeddings, ``nn.TransformerEncoder`` (2 layers, pre-norm off, no dropout), a
``Dense`` head per position and a custom ``nn.LossBase`` loss, trained with ``Model.train`` on a
deterministic synthetic dataset (``NumpySlicesDataset``); prints the losses and the per-token and
per-sequence accuracy of ``Model.predict`` on held-out sequences.

Run unmodified on real MindSpore 2.10 (``python examples/transformer/train.py``) or on mscompat
(``python -m mscompat examples/transformer/train.py``).
"""
import argparse

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
from mindspore import Tensor, nn, ops
from mindspore.common.initializer import Normal
from mindspore.train import LossMonitor, Model


def make_sequences(n, length, vocab, seed):
    """Random digit sequences (tokens 1..vocab-1) and their reversals."""
    x = np.random.RandomState(seed).randint(1, vocab, size=(n, length)).astype(np.int32)
    return x, x[:, ::-1].copy()


class Reverser(nn.Cell):
    def __init__(self, vocab, length, d_model=32, nhead=4, dim_feedforward=64, num_layers=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.pos = ms.Parameter(ms.common.initializer.initializer(Normal(0.02), (1, length, d_model)), name="pos")
        layer = nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers)
        self.head = nn.Dense(d_model, vocab)
        self.vocab = vocab

    def construct(self, tokens):
        h = self.encoder(self.embed(tokens) + self.pos)
        return self.head(h).reshape(-1, self.vocab)          # (batch * length, vocab)


class TokenLoss(nn.LossBase):
    """Cross entropy over every token: logits (batch * length, vocab), labels (batch, length)."""

    def __init__(self):
        super().__init__()
        self.ce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def construct(self, logits, labels):
        return self.ce(logits, labels.reshape(-1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--train-size", type=int, default=2048)
    parser.add_argument("--length", type=int, default=8)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.003)
    args = parser.parse_args()

    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(3)
    vocab = 10
    x, y = make_sequences(args.train_size, args.length, vocab, seed=0)
    train_data = ds.NumpySlicesDataset({"tokens": x, "labels": y}, shuffle=False).batch(args.batch_size)

    net = Reverser(vocab, args.length)
    opt = nn.Adam(net.trainable_params(), learning_rate=args.lr)
    model = Model(net, TokenLoss(), opt)
    model.train(args.epochs, train_data, callbacks=[LossMonitor(train_data.get_dataset_size())],
                dataset_sink_mode=False)

    tx, ty = make_sequences(256, args.length, vocab, seed=1)
    pred = model.predict(Tensor(tx)).asnumpy().argmax(-1).reshape(ty.shape)
    print(f"token accuracy: {(pred == ty).mean():.4f}, sequence accuracy: {(pred == ty).all(1).mean():.4f}")


if __name__ == "__main__":
    main()
