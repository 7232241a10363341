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
__all__.extend(_callback.__all__)
__all__.extend(_loss_monitor.__all__)
__all__.extend(_time_monitor.__all__)
__all__.extend(_checkpoint.__all__)
__all__.extend(_summary_collector.__all__)
__all__.extend(_lr_scheduler_callback.__all__)
__all__.extend(_early_stop.__all__)
__all__.extend(_reduce_lr_on_plateau.__all__)
__all__.extend(_history.__all__)
__all__.extend(_lambda_callback.__all__)
__all__.extend(_on_request_exit.__all__)
__all__.extend(_backup_and_restore.__all__)
__all__.extend(_progress_bar.__all__)
__all__.extend(_flops_collector.__all__)
