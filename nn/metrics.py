"""``mindspore.nn.metrics``: the metrics of ``mindspore.train.metrics`` under their ``nn`` names."""
from mscompat.train.metrics import *  # noqa: F401,F403
from mscompat.train.metrics import __all__  # noqa: F401
