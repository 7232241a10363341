"""``mindspore.nn.probability``: probability distributions (``distribution``) and bijectors
(``bijector``)."""
from . import distribution, bijector

__all__ = ["distribution", "bijector"]
