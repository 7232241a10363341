"""``mindspore.nn.probability``: probability distributions (``distribution``)."""
from . import distribution

__all__ = ["distribution"]
