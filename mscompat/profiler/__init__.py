"""``mindspore.profiler``: ``Profiler`` on ``jax.profiler``."""
from . import profiler
from .profiler import *  # noqa: F401,F403

__all__ = []
__all__.extend(profiler.__all__)
