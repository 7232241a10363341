"""``mindspore.nn.layer``: the layers of ``mindspore.nn``, one module per topic as in MindSpore
(activations, basic, normalization, conv, pooling, padding, embedding, RNNs, transformer, image,
math, ...)."""
from . import (activation, basic, normalization, conv, pooling, padding, embedding, rnns, rnn_cells, transformer,
               image, math, channel_shuffle, combined, timedistributed, dense)
from .activation import *  # noqa: F401,F403
from .basic import *  # noqa: F401,F403
from .normalization import *  # noqa: F401,F403
from .conv import *  # noqa: F401,F403
from .pooling import *  # noqa: F401,F403
from .padding import *  # noqa: F401,F403
from .embedding import *  # noqa: F401,F403
from .rnns import *  # noqa: F401,F403
from .rnn_cells import *  # noqa: F401,F403
from .transformer import *  # noqa: F401,F403
from .image import *  # noqa: F401,F403
from .math import *  # noqa: F401,F403
from .channel_shuffle import *  # noqa: F401,F403
from .combined import *  # noqa: F401,F403
from .timedistributed import *  # noqa: F401,F403
from .dense import *  # noqa: F401,F403

__all__ = []
for _m in (activation, basic, normalization, conv, pooling, padding, embedding, rnns, rnn_cells, transformer, image,
           math, channel_shuffle, combined, timedistributed, dense):
    __all__.extend(_m.__all__)
del _m
