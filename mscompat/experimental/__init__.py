"""``mindspore.experimental``: the PyTorch-style optimizers and learning-rate schedulers
(``mindspore.experimental.optim``)."""
from . import optim

__all__ = ["optim"]
