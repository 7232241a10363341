"""The profiler's enums (MindSpore's ``mindspore.profiler.common.constant`` members)."""
from enum import Enum

__all__ = ["ProfilerLevel", "ProfilerActivity", "AicoreMetrics", "ExportType", "HostSystem"]


class ProfilerLevel(Enum):
    """How much is collected (Ascend's levels; recorded with the run here)."""
    LevelNone = "LevelNone"
    Level0 = "Level0"
    Level1 = "Level1"
    Level2 = "Level2"


class ProfilerActivity(Enum):
    """Where events are collected: the host (``CPU``) or the accelerator (``NPU``/``GPU``)."""
    NPU = "NPU"
    GPU = "GPU"
    CPU = "CPU"


class AicoreMetrics(Enum):
    """Ascend AI Core metrics (accepted; there is no AI Core here)."""
    PipeUtilization = "PipeUtilization"
    ArithmeticUtilization = "ArithmeticUtilization"
    Memory = "Memory"
    MemoryL0 = "MemoryL0"
    MemoryUB = "MemoryUB"
    ResourceConflictRatio = "ResourceConflictRatio"
    L2Cache = "L2Cache"
    MemoryAccess = "MemoryAccess"
    AiCoreNone = "None"


class ExportType(Enum):
    """Export formats of the analysis (``Text``: csv/json files)."""
    Db = "db"
    Text = "text"


class HostSystem(Enum):
    """Host system data kinds (accepted; not collected here)."""
    CPU = "cpu"
    MEM = "mem"
    DISK = "disk"
    NETWORK = "network"
    OSRT = "osrt"
