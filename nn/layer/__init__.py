"""``mindspore.nn.layer``: the basic layers (activations, Dense/Linear, Flatten, Identity,
Dropout, BatchNorm, LayerNorm)."""
from . import activation, basic, normalization
from .activation import *  # noqa: F401,F403
from .basic import *  # noqa: F401,F403
from .normalization import *  # noqa: F401,F403

__all__ = []
__all__.extend(activation.__all__)
__all__.extend(basic.__all__)
__all__.extend(normalization.__all__)
