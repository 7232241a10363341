"""``mindspore.mint.optim``: the torch-style optimizers, the same classes as
``mindspore.experimental.optim``."""
from mscompat.experimental.optim import Adam, AdamW, SGD

__all__ = ["Adam", "AdamW", "SGD", "FusedAdamW"]


class FusedAdamW(AdamW):
    """AdamW whose update MindSpore runs as one fused kernel; the same update here."""
