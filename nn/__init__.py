"""``mindspore.nn``: Cell, layers, losses, optimizers (see the issues for Cell and training)."""
from .cell import Cell  # noqa: F401
from .container import SequentialCell, CellList, CellDict  # noqa: F401

from . import layer  # noqa: F401
from .layer import *  # noqa: F401,F403

__all__ = ["Cell", "SequentialCell", "CellList", "CellDict"]
__all__.extend(layer.__all__)
