"""``mindspore.mint.optim.fused_adamw``: the module path of mint's FusedAdamW (defined in ``adam.py``)."""
from .adam import FusedAdamW

__all__ = ["FusedAdamW"]
