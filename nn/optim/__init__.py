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
__all__.extend(optimizer.__all__)
__all__.extend(sgd.__all__)
__all__.extend(momentum.__all__)
__all__.extend(adam.__all__)
__all__.extend(lamb.__all__)
__all__.extend(lars.__all__)
__all__.extend(rmsprop.__all__)
__all__.extend(ada_grad.__all__)
__all__.extend(adadelta.__all__)
__all__.extend(adamax.__all__)
__all__.extend(ftrl.__all__)
__all__.extend(proximal_ada_grad.__all__)
__all__.extend(asgd.__all__)
__all__.extend(rprop.__all__)
__all__.extend(lazyadam.__all__)
__all__.extend(adafactor.__all__)
