"""``mindspore.nn``: Cell and containers, layers, losses, optimizers, learning-rate schedules,
training wrappers, and (re-exported from ``mindspore.train``) the metrics."""
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

# the metrics live in mindspore.train (imported last: mscompat.train builds on the names above)
from . import metrics  # noqa: E402,F401
from .metrics import *  # noqa: E402,F401,F403
__all__.extend(metrics.__all__)
del _m

from .utils import no_init_parameters  # noqa: E402,F401
__all__.append("no_init_parameters")
from . import probability  # noqa: E402,F401  (mindspore.nn.probability is imported with mindspore.nn)
from .graph_cell import GraphCell  # noqa: E402,F401  (runs graphs loaded by mindspore.load)
__all__.append("GraphCell")
