"""``mindspore.nn.wrap``: training wrappers (``WithLossCell``, ``TrainOneStepCell``, loss scaling, gradient reduction)."""
from . import cell_wrapper, loss_scale, grad_reducer
from .cell_wrapper import *  # noqa: F401,F403
from .loss_scale import *  # noqa: F401,F403
from .grad_reducer import *  # noqa: F401,F403

__all__ = []
__all__.extend(cell_wrapper.__all__)
__all__.extend(loss_scale.__all__)
__all__.extend(grad_reducer.__all__)

# MindSpore's nn.wrap also exposes the TimeDistributed layer (listed once, in nn.layer)
from mscompat.nn.layer.timedistributed import TimeDistributed  # noqa: E402,F401
