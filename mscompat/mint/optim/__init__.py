"""``mindspore.mint.optim``: MindSpore's mint optimizers (their own classes, not
``experimental.optim``'s: other state names, argument types and update details)."""
from .adam import Adam, AdamW, FusedAdamW
from .sgd import SGD

__all__ = ["Adam", "AdamW", "SGD", "FusedAdamW"]
