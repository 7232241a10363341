"""``mindspore.device_context``: per-target device settings (``ascend``, ``cpu``, ``gpu``).

They act on mscompat's backends (:mod:`mscompat.backends`): the Ascend precision settings drive
the emulated cube unit (``docs/ascend_emulation.md``).
"""
from . import ascend, cpu, gpu  # noqa: F401

__all__ = ["ascend", "cpu", "gpu"]
