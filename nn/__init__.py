"""``mindspore.nn``: Cell and containers, layers, losses, optimizers, learning-rate schedules,
training wrappers. The names nn re-exports from layers above it (the metrics of ``mindspore.train``
as ``nn.metrics`` and ``nn.Accuracy`` ..., and ``GraphCell``, which runs graphs loaded by
``mindspore.load``) build on ``mscompat.train``, which builds on nn: ``mscompat/__init__.py`` adds
them to this namespace once train is imported."""
from .cell import Cell  # noqa: F401
from .container import SequentialCell, CellList, CellDict  # noqa: F401

from . import layer, loss, optim, wrap, learning_rate_schedule, dynamic_lr  # noqa: F401
from .layer import *  # noqa: F401,F403
from .loss import *  # noqa: F401,F403
from .optim import *  # noqa: F401,F403
from .wrap import *  # noqa: F401,F403
from .learning_rate_schedule import *  # noqa: F401,F403
from .dynamic_lr import *  # noqa: F401,F403

__all__ = ["Cell", "SequentialCell", "CellList", "CellDict"]
for _m in (layer, loss, optim, wrap, learning_rate_schedule, dynamic_lr):
    __all__.extend(_m.__all__)
del _m

from .utils import no_init_parameters  # noqa: E402,F401
__all__.append("no_init_parameters")
from . import probability  # noqa: E402,F401  (mindspore.nn.probability is imported with mindspore.nn)
