"""``mindspore.profiler``: ``Profiler``/``profile`` on ``jax.profiler``, with ``schedule``,
``tensorboard_trace_handler`` and MindSpore's enums."""
from . import _constant, schedule as _schedule_mod, experimental_config, profiler
from ._constant import ProfilerLevel, ProfilerActivity, AicoreMetrics, ExportType, HostSystem
from .profiler import Profiler, tensorboard_trace_handler
from .profiler import Profile as profile
from .schedule import Schedule as schedule
from .experimental_config import _ExperimentalConfig
from .mstx import Mstx as mstx

__all__ = ["tensorboard_trace_handler", "schedule", "Profiler", "ProfilerLevel", "ProfilerActivity",
           "AicoreMetrics", "ExportType", "HostSystem", "mstx", "_ExperimentalConfig", "profile"]
