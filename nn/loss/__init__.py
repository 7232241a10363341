"""``mindspore.nn.loss``: the loss Cells (``LossBase`` and the losses of ``mindspore.nn``)."""
from . import loss
from .loss import *  # noqa: F401,F403

__all__ = []
__all__.extend(loss.__all__)
