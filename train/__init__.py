"""``mindspore.train``: ``Model``, callbacks, metrics, checkpoints, loss scale managers,
summaries and data sinking."""
from . import metrics, callback, serialization, loss_scale_manager, amp, summary, dataset_helper, data_sink, model
_MODULES = (metrics, callback, serialization, loss_scale_manager, amp, summary, dataset_helper, data_sink, model)
from .metrics import *  # noqa: F401,F403
from .callback import *  # noqa: F401,F403
from .serialization import *  # noqa: F401,F403
from .loss_scale_manager import *  # noqa: F401,F403
from .amp import *  # noqa: F401,F403
from .summary import *  # noqa: F401,F403
from .dataset_helper import *  # noqa: F401,F403
from .data_sink import *  # noqa: F401,F403
from .model import *  # noqa: F401,F403

__all__ = []
for _m in _MODULES:  # modules captured before the star imports (data_sink is also a function)
    __all__.extend(_m.__all__)
del _m, _MODULES
