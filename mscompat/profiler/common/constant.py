"""``mindspore.profiler.common.constant``: the profiler's enums (``ProfilerLevel``,
``ProfilerActivity``, ``AicoreMetrics``, ``ExportType``, ``HostSystem``), the objects of
``mindspore.profiler``."""
from mscompat.profiler._constant import ProfilerLevel, ProfilerActivity, AicoreMetrics, ExportType, HostSystem

__all__ = ["ProfilerLevel", "ProfilerActivity", "AicoreMetrics", "ExportType", "HostSystem"]
