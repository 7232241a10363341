"""``mindspore.nn.grad``: the deprecated ``Jvp``/``Vjp`` Cells (``ops.jvp``/``ops.vjp`` as Cells)."""
from .cell_grad import Jvp, Vjp

__all__ = ["Jvp", "Vjp"]
