"""``mindspore.train.callback``: ``Callback``, ``RunContext`` and the training callbacks."""
from . import _callback, _loss_monitor, _time_monitor, _checkpoint, _summary_collector, _lr_scheduler_callback, _early_stop, _reduce_lr_on_plateau, _history, _lambda_callback, _on_request_exit, _backup_and_restore, _progress_bar, _flops_collector
from ._callback import *  # noqa: F401,F403
from ._callback import CallbackManager as _CallbackManager, InternalCallbackParam as _InternalCallbackParam  # noqa: F401
from ._checkpoint import _CheckpointManager  # noqa: F401
from ._loss_monitor import *  # noqa: F401,F403
from ._time_monitor import *  # noqa: F401,F403
from ._checkpoint import *  # noqa: F401,F403
from ._summary_collector import *  # noqa: F401,F403
from ._lr_scheduler_callback import *  # noqa: F401,F403
from ._early_stop import *  # noqa: F401,F403
from ._reduce_lr_on_plateau import *  # noqa: F401,F403
from ._history import *  # noqa: F401,F403
from ._lambda_callback import *  # noqa: F401,F403
from ._on_request_exit import *  # noqa: F401,F403
from ._backup_and_restore import *  # noqa: F401,F403
from ._progress_bar import *  # noqa: F401,F403
from ._flops_collector import *  # noqa: F401,F403

__all__ = []
for _module in (_callback, _loss_monitor, _time_monitor, _checkpoint, _summary_collector, _lr_scheduler_callback,
                _early_stop, _reduce_lr_on_plateau, _history, _lambda_callback, _on_request_exit, _backup_and_restore,
                _progress_bar, _flops_collector):
    __all__.extend(_module.__all__)
del _module
