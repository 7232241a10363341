"""``mindspore.mint.optim.adamw``: the module path of mint's AdamW (defined with Adam in ``adam.py``)."""
from .adam import AdamW

__all__ = ["AdamW"]
