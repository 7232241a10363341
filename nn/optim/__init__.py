"""``mindspore.nn.optim``: ``Optimizer`` and the optimizers of ``mindspore.nn``."""
from . import optimizer, sgd, momentum, adam, lamb, lars, rmsprop, ada_grad, adadelta, adamax, ftrl, proximal_ada_grad, asgd, rprop, lazyadam, adafactor
from .optimizer import *  # noqa: F401,F403
from .sgd import *  # noqa: F401,F403
from .momentum import *  # noqa: F401,F403
from .adam import *  # noqa: F401,F403
from .lamb import *  # noqa: F401,F403
from .lars import *  # noqa: F401,F403
from .rmsprop import *  # noqa: F401,F403
from .ada_grad import *  # noqa: F401,F403
from .adadelta import *  # noqa: F401,F403
from .adamax import *  # noqa: F401,F403
from .ftrl import *  # noqa: F401,F403
from .proximal_ada_grad import *  # noqa: F401,F403
from .asgd import *  # noqa: F401,F403
from .rprop import *  # noqa: F401,F403
from .lazyadam import *  # noqa: F401,F403
from .adafactor import *  # noqa: F401,F403

__all__ = []
for _module in (optimizer, sgd, momentum, adam, lamb, lars, rmsprop, ada_grad, adadelta, adamax, ftrl,
                proximal_ada_grad, asgd, rprop, lazyadam, adafactor):
    __all__.extend(_module.__all__)
del _module
