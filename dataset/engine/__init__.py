"""``mindspore.dataset.engine``: the module paths of MindSpore's dataset engine that model code
imports from (``engine.datasets``, ``engine.samplers``); the classes are ``mindspore.dataset``'s."""
from . import datasets, samplers
from .datasets import *  # noqa: F401,F403
from .samplers import *  # noqa: F401,F403

__all__ = datasets.__all__ + samplers.__all__
